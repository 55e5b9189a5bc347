// SPDX-License-Identifier: Apache-2.0
/* rule-policy.c: a profile's policy DB rules as apparmor_parser 3.0.8
 * makes them (process_profile_policydb and the rule classes'
 * gen_policy_re) for the kernel features of aa_kf: its class rules in the
 * order read, then the network v8 rules from its network table, then a
 * "mediates" rule for each class the kernel mediates.  Signal, ptrace,
 * mount, dbus and unix rules are made where the features have them; unix
 * rules are lowered to the network table besides (for a kernel without
 * af_unix mediation), their deny rules dropped as the anchor drops them.
 * A kernel without network v8 gets the table in the record (emit.c) or,
 * without "network" either, no network rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aa.h"

enum {
	CLASS_NET = 4, CLASS_MOUNT = 7, CLASS_PTRACE = 9, CLASS_SIGNAL = 10, CLASS_NETV8 = 14,
	CLASS_LABEL = 16, CLASS_DBUS = 32,
	P_SEND = 1 << 1, P_RECEIVE = 1 << 2, DBUS_EAVESDROP = 1 << 5, DBUS_BIND = 1 << 6,
	NET_CREATE = 0x10, NET_SHUTDOWN = 0x20, NET_SETATTR = 0x100, NET_GETATTR = 0x200,
	NET_ACCEPT = 0x100000, NET_BIND = 0x200000, NET_LISTEN = 0x400000,
	NET_OPT = 0x1000000 | 0x2000000,	/* setopt, getopt */
	NET_LOCAL = NET_CREATE | NET_SHUTDOWN | NET_SETATTR | NET_GETATTR | NET_BIND | NET_ACCEPT |
		    NET_LISTEN | NET_OPT,
	NET_PEER = AA_NET_VALID & (~NET_LOCAL | NET_ACCEPT),
	CMD_ADDR = 1,	/* af_unix's command before the peer's address */
};
#define ANY "[^\\000]*"	/* default_match_pattern */

/* A glob of kind converted and appended to b (written to out's dump
 * alone, as the anchor's), or without one none. */
static int glob_to(struct buf *b, const char *glob, int kind, const char *none, struct aa_rules_out *out,
		   const struct srcloc *at)
{
	struct buf re = BUF_INIT(0);
	int first, rc = 0;

	if (!glob) {
		buf_put_str(b, none);
		return 0;
	}
	if (aa_glob_out(glob, kind, &re, &first, out, at) < 0)
		rc = -1;
	else
		buf_put_str(b, (const char *)re.p);
	buf_free(&re);
	return rc;
}

/* The peer's expression after a class prefix: its glob converted, or any
 * label ([^\000]+). */
static int peer(struct buf *b, const char *label, struct aa_rules_out *out, const struct srcloc *at)
{
	return glob_to(b, label, AA_GLOB_DEFAULT, "[^\\000]+", out, at);
}

static int rule1(struct aa_rules_out *out, struct buf *b, bool deny, uint32_t perms, uint32_t audit,
		 const struct srcloc *at)
{
	buf_put_u8(b, 0);
	if (b->err)
		return -1;
	return aa_rule_out(out, (const char *[]){ (const char *)b->p }, 1, deny, perms, audit, at);
}

/* signal_rule::gen_policy_re: without a set, a label rule beside it (the
 * anchor writes the class there as \xa, without its 0). */
static int signal_rule(const struct aa_rule *r, struct aa_rules_out *out)
{
	const struct aa_signal *s = &r->u.sig;
	struct buf b = BUF_INIT(0);
	bool any = true;
	int rc = 0;

	for (size_t i = 0; i < sizeof(s->set); i++)
		any &= !s->set[i];
	if (any)
		buf_printf(&b, "(\\x%02x\\x%x|", CLASS_LABEL, CLASS_SIGNAL);
	buf_printf(&b, "\\x%02x", CLASS_SIGNAL);
	if (any) {
		buf_put_str(&b, ".)");
	} else {
		buf_put_u8(&b, '[');
		for (int n = 0; n < 8 * (int)sizeof(s->set); n++)
			if (s->set[n / 8] >> (n % 8) & 1)
				buf_printf(&b, "\\x%02x", n);
		buf_put_u8(&b, ']');
	}
	if (peer(&b, s->peer, out, &r->loc) < 0)
		rc = -1;
	else if (s->perms & (P_SEND | P_RECEIVE))
		rc = rule1(out, &b, r->deny, s->perms, r->audit, &r->loc);
	buf_free(&b);
	return rc;
}

/* ptrace_rule::gen_policy_re: always a label rule beside it. */
static int ptrace_rule(const struct aa_rule *r, struct aa_rules_out *out)
{
	struct buf b = BUF_INIT(0);
	int rc = 0;

	buf_printf(&b, "(\\x%02x|)\\x%02x", CLASS_LABEL, CLASS_PTRACE);
	if (peer(&b, r->u.ptrace.peer, out, &r->loc) < 0)
		rc = -1;
	else if (r->u.ptrace.perms)
		rc = rule1(out, &b, r->deny, r->u.ptrace.perms, r->audit, &r->loc);
	buf_free(&b);
	return rc;
}

/* map_perms: network permissions as the policy DB packs them. */
static uint32_t net_perms(uint32_t m)
{
	return (m & 0x7f) | (m & 0x300) << 6 | (m & 0x700000) >> 4 | (m & 0x3000000) >> 5;
}

/* dbus_rule::gen_policy_re: the bus after the class, then the name, the
 * peer's label, the path, the interface and the member, each a part;
 * bind on the first two, send and receive on all six, eavesdrop on the
 * bus alone. */
static int dbus_rule(const struct aa_rule *r, struct aa_rules_out *out)
{
	const struct aa_dbus *d = &r->u.dbus;
	const char *globs[6] = { d->bus, d->name, d->label, d->path, d->interface, d->member };
	static const struct {
		uint32_t perms;
		int parts;
	} kinds[] = { { DBUS_BIND, 2 }, { P_SEND | P_RECEIVE, 6 }, { DBUS_EAVESDROP, 1 } };
	struct buf re[6];
	const char *v[6];
	int first, rc = 0;

	for (int i = 0; i < 6; i++) {
		re[i] = (struct buf)BUF_INIT(0);
		if (!i)
			buf_printf(&re[i], "\\x%02x", CLASS_DBUS);
		if (globs[i] && aa_glob_add(globs[i], AA_GLOB_DEFAULT, &re[i], &first, out, &r->loc) < 0)
			rc = -1;
		else if (!globs[i])
			buf_put_str(&re[i], ANY);
		buf_put_u8(&re[i], 0);
		v[i] = (const char *)re[i].p;
		if (re[i].err)
			rc = -1;
	}
	for (size_t k = 0; !rc && k < ARRAY_SIZE(kinds); k++)
		if (d->perms & kinds[k].perms)
			rc = aa_rule_out(out, v, kinds[k].parts, r->deny, d->perms & kinds[k].perms,
					 r->audit & kinds[k].perms, &r->loc);
	for (int i = 0; i < 6; i++)
		buf_free(&re[i]);
	return rc;
}

/* A unix socket address (write_addr): any (none given), anonymous
 * (none), an autobind one (auto), or an abstract one (@GLOB); then the
 * separator. */
static int unix_addr(struct buf *b, const char *addr, struct aa_rules_out *out, const struct srcloc *at)
{
	if (!addr) {
		buf_put_str(b, ".*");
	} else if (!strcmp(addr, "none")) {
		buf_put_str(b, "\\x01");
	} else if (!strcmp(addr, "auto")) {
		buf_put_str(b, "\\x00[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]");
	} else {
		/* the kernel starts an abstract address with a NUL */
		buf_put_str(b, "\\x00");
		if (glob_to(b, addr + 1, AA_GLOB_NULL, NULL, out, at) < 0)
			return -1;
	}
	buf_put_str(b, "\\x00");
	return 0;
}

/* A unix socket's label (write_label): its glob converted, or any. */
static int unix_label(struct buf *b, const char *label, struct aa_rules_out *out, const struct srcloc *at)
{
	return glob_to(b, label, AA_GLOB_DEFAULT, ANY, out, at);
}

/* b and more as a rule, b kept. */
static int rule_plus(struct aa_rules_out *out, const struct buf *b, const char *more, bool deny, uint32_t perms,
		     uint32_t audit, const struct srcloc *at)
{
	struct buf t = BUF_INIT(0);
	int rc;

	buf_put(&t, b->p, b->len);
	buf_put_str(&t, more);
	rc = rule1(out, &t, deny, perms, audit, at);
	buf_free(&t);
	return rc;
}

/* unix_rule::gen_policy_re for a kernel with af_unix mediation: the
 * family, type and protocol; create alone (no peer); bind to an
 * autobind address (none given, or auto); the local address and label,
 * its local permissions, listen and the socket options as commands; then
 * the peer's address and label for the peer permissions. */
static int unix_rule(const struct aa_rule *r, struct aa_rules_out *out)
{
	const struct aa_unix *u = &r->u.unix_;
	const struct srcloc *at = &r->loc;
	uint32_t mask = u->perms, audit = r->audit;
	bool peer = u->peer_label || u->peer_addr;
	struct buf b = BUF_INIT(0);
	int rc = -1;

	buf_printf(&b, "\\x%02x\\x00\\x01", aa_kf.netv8 ? CLASS_NETV8 : CLASS_NET);
	if (u->type >= 0)
		buf_printf(&b, "\\x%02x\\x%02x", u->type >> 8 & 0xff, u->type & 0xff);
	else
		buf_put_str(&b, "..");
	buf_put_str(&b, "..");	/* any protocol */
	if ((mask & NET_CREATE) && !peer) {
		if (rule_plus(out, &b, "", r->deny, net_perms(NET_CREATE), net_perms(audit & NET_CREATE), at) < 0)
			goto out;
		mask &= ~(uint32_t)NET_CREATE;
	}
	if ((mask & NET_BIND) && (!u->addr || !strcmp(u->addr, "auto"))) {
		struct buf t = BUF_INIT(0);

		buf_put(&t, b.p, b.len);
		buf_put_str(&t, "\\x00");
		if (unix_label(&t, NULL, out, at) < 0 || buf_put_str(&t, "\\x00") < 0 ||
		    rule1(out, &t, r->deny, net_perms(NET_BIND), net_perms(audit & NET_BIND), at) < 0) {
			buf_free(&t);
			goto out;
		}
		buf_free(&t);
		if (u->addr)
			mask &= ~(uint32_t)NET_BIND;
	}
	if (mask) {
		uint32_t local = peer ? NET_ACCEPT : NET_LOCAL & ~(NET_LISTEN | NET_OPT);

		if (unix_addr(&b, u->addr, out, at) < 0 || unix_label(&b, NULL, out, at) < 0)
			goto out;
		buf_put_str(&b, "\\x00");
		if ((mask & local) &&
		    rule_plus(out, &b, "", r->deny, net_perms(mask & local), net_perms(audit & local), at) < 0)
			goto out;
		/* listen and the options: commands 2 and 4, any value */
		if ((mask & NET_LISTEN) && !peer &&
		    rule_plus(out, &b, "\\x02..", r->deny, net_perms(NET_LISTEN), net_perms(audit & NET_LISTEN),
			      at) < 0)
			goto out;
		if ((mask & NET_OPT) && !peer &&
		    rule_plus(out, &b, "\\x04..", r->deny, net_perms(mask & NET_OPT), net_perms(audit & NET_OPT),
			      at) < 0)
			goto out;
		mask &= ~(uint32_t)NET_LOCAL | NET_ACCEPT;
	}
	if (mask & NET_PEER) {
		buf_printf(&b, "\\x%02x", CMD_ADDR);
		if (unix_addr(&b, u->peer_addr, out, at) < 0 || unix_label(&b, u->peer_label, out, at) < 0 ||
		    rule1(out, &b, r->deny, net_perms(u->perms & NET_PEER), net_perms(audit), at) < 0)
			goto out;
	}
	rc = 0;
out:
	buf_free(&b);
	return rc;
}

/* convert_entry: a glob converted, or (none) any string. */
static int mnt_entry(struct buf *b, const char *glob, struct aa_rules_out *out, const struct srcloc *at)
{
	int first;

	if (glob)
		return aa_glob_add(glob, AA_GLOB_DEFAULT, b, &first, out, at) < 0 ? -1 : 0;
	buf_put_str(b, ANY);
	return 0;
}

/* One rule of a mount rule's: its class and mount point, then (n > 1)
 * the device (any when none: the kinds that may not name one are not
 * made for a rule that does), the fstypes if type (else any), the
 * flags: each required (\xN, N its bit + 1) or allowed either way
 * ((\xN|)); all allowed: any; none: a byte no flag is. */
static int mnt_vec(const struct aa_rule *r, struct aa_rules_out *out, int n, bool type,
		   uint32_t flags, uint32_t inv, uint32_t audit)
{
	const struct aa_mount *m = &r->u.mnt;
	struct buf v[4] = { BUF_INIT(0), BUF_INIT(0), BUF_INIT(0), BUF_INIT(0) };
	int rc;

	buf_printf(&v[0], "\\x%02x", CLASS_MOUNT);
	rc = mnt_entry(&v[0], m->mnt_point, out, &r->loc);
	if (!rc && n > 1)
		rc = mnt_entry(&v[1], m->device, out, &r->loc);
	/* build_list_val_expr: (a|b...) */
	if (!rc && type && m->fstype) {
		for (int i = 0; !rc && m->fstype[i]; i++) {
			buf_put_u8(&v[2], i ? '|' : '(');
			rc = mnt_entry(&v[2], m->fstype[i], out, &r->loc);
		}
		buf_put_u8(&v[2], ')');
	} else {
		buf_put_str(&v[2], ANY);
	}
	if (flags == MS_ALL)
		buf_put_str(&v[3], ANY);
	for (int i = 0; flags != MS_ALL && i < 32; i++)
		if (flags & inv & 1u << i)
			buf_printf(&v[3], "(\\x%02x|)", i + 1);
		else if (flags & 1u << i)
			buf_printf(&v[3], "\\x%02x", i + 1);
	if (!v[3].len)
		buf_put_str(&v[3], "(\\xfe|)");
	for (int i = 0; i < 4; i++) {
		buf_put_u8(&v[i], 0);
		rc |= v[i].err;
	}
	if (!rc)
		rc = aa_rule_out(out, (const char *[]){ (const char *)v[0].p, (const char *)v[1].p,
							(const char *)v[2].p, (const char *)v[3].p },
				 n, r->deny, m->allow, audit, &r->loc);
	for (int i = 0; i < 4; i++)
		buf_free(&v[i]);
	return rc;
}

/* mnt_rule::gen_policy_re: a rule for each kind of mount the rule allows
 * (remount, bind, propagation change, move, any other flags), each with
 * the parts and flags that kind looks at; umount its point; pivot_root
 * the new root and the old.  A kind's flags are masked to its own unless
 * both the flags and the inverted ones are all (the anchor tests the
 * inverted ones and masks the flags).  A rule that makes none is
 * refused. */
static int mount_rule(const struct aa_rule *r, struct aa_rules_out *out)
{
	const struct aa_mount *m = &r->u.mnt;
	uint32_t f = m->flags, inv = m->inv_flags, a = r->audit;
	bool all = f == MS_ALL && inv == MS_ALL, mount = m->allow & AA_MAY_MOUNT;
	int count = 0, rc = 0;

	if (mount && (f & MS_REMOUNT) && !m->device && !m->fstype && ++count)
		rc |= mnt_vec(r, out, 4, false, all ? f : f & MS_REMOUNTS, inv, a | AA_MNT_DATA);
	if (mount && (f & MS_BIND) && !m->fstype && ++count)
		rc |= mnt_vec(r, out, 4, false, all ? f : f & MS_BINDS, inv, a);
	if (mount && (f & MS_PROPS) && !m->device && !m->fstype && ++count)
		rc |= mnt_vec(r, out, 4, false, all ? f : f & MS_MAKES, inv, a);
	if (mount && (f & MS_MOVE) && !m->fstype && ++count)
		rc |= mnt_vec(r, out, 4, false, all ? f : f & MS_MOVE, inv, a);
	if (mount && ((f | inv) & ~MS_CMDS) && ++count)
		rc |= mnt_vec(r, out, 4, true, f == MS_ALL ? f : f & ~MS_CMDS, inv, a | AA_MNT_DATA);
	if ((m->allow & AA_MAY_UMOUNT) && ++count)
		rc |= mnt_vec(r, out, 1, false, 0, 0, a);
	if ((m->allow & AA_MAY_PIVOTROOT) && ++count)
		rc |= mnt_vec(r, out, 2, false, 0, 0, a);
	if (!rc && !count) {
		/* the anchor's words, and why */
		diag(&r->loc, "%s",
		     "Encoding of mount rule failed: no mount it allows can be matched (remount, "
		     "bind, move and propagation rules take no fstype; remount and propagation "
		     "rules no device)");
		rc = -1;
	}
	return rc ? -1 : 0;
}


/* gen_net_rule: family, then the type (a mask over 0xffff: any type). */
static int net_rule(struct aa_rules_out *out, int af, uint32_t type, bool audit, bool deny,
		    const struct srcloc *at)
{
	struct buf b = BUF_INIT(0);
	uint32_t all = net_perms(AA_NET_VALID);
	int rc;

	buf_printf(&b, "\\x%02x\\x%02x\\x%02x", CLASS_NETV8, (af & 0xff00) >> 8, af & 0xff);
	if (type > 0xffff)
		buf_put_str(&b, "..");
	else
		buf_printf(&b, "\\x%02x\\x%02x", (type & 0xff00) >> 8, type & 0xff);
	rc = rule1(out, &b, deny, all, audit ? all : 0, at);
	buf_free(&b);
	return rc;
}

/* gen_af_rules: every type (and audit) of a family, one rule; else a rule
 * a type bit. */
static int af_rules(struct aa_rules_out *out, int af, uint32_t types, uint32_t audit, bool deny,
		    const struct srcloc *at)
{
	if (types > 0xffff && audit > 0xffff)
		return net_rule(out, af, types, audit, deny, at);
	for (int t = 0; t < 16; t++)
		if ((types >> t & 1) && net_rule(out, af, (uint32_t)t, audit >> t & 1, deny, at) < 0)
			return -1;
	return 0;
}

int aa_policydb_rules(struct aa_profile *prof, struct aa_rules_out *out)
{
	/* the classes the kernel is told the policy mediates, in order */
	const struct {
		bool has;
		const char *re;
	} mediates[] = {
		{ aa_kf.abi > 5, "\\d2" }, { aa_kf.mount, "\\d7" },	  { aa_kf.dbus, "\\d32" },
		{ aa_kf.signal, "\\d10" }, { aa_kf.ptrace, "\\d9" },	  { aa_kf.netv8, "\\d14" },
		/* the anchor's af_unix pair, the second its CLASS_SUB_STR as
		 * written: '4', NUL, '1' */
		{ aa_kf.af_unix, "\\d4" }, { aa_kf.af_unix, "4\\0001" },
	};

	for (struct aa_rule *r = prof->rules; r; r = r->next) {
		int rc = 0;

		switch (r->kind) {
		case AK_SIGNAL:
			rc = aa_kf.signal ? signal_rule(r, out) : 0;
			break;
		case AK_PTRACE:
			rc = aa_kf.ptrace ? ptrace_rule(r, out) : 0;
			break;
		case AK_UNIX:
			/* downgrade_rule: allow rules into the network table */
			aa_net_table(prof);
			if (!r->deny) {
				uint32_t mask = r->u.unix_.type < 0 ? 0xffffffffu : 1u << r->u.unix_.type;

				(*prof->net)[0][1] |= mask;
				if (r->audit)
					(*prof->net)[1][1] |= mask;
			}
			rc = aa_kf.af_unix ? unix_rule(r, out) : 0;
			break;
		case AK_MOUNT:
			rc = aa_kf.mount ? mount_rule(r, out) : 0;
			break;
		case AK_DBUS:
			rc = aa_kf.dbus ? dbus_rule(r, out) : 0;
			break;
		default:
			break;
		}
		if (rc < 0)
			return -1;
	}
	for (int af = 0; aa_kf.netv8 && prof->net && af < AA_AF_MAX; af++) {
		uint32_t *t[4] = { &(*prof->net)[0][af], &(*prof->net)[1][af], &(*prof->net)[2][af],
				   &(*prof->net)[3][af] };

		if (!(*t[0] | *t[1] | *t[2] | *t[3]))
			continue;
		if (af_rules(out, af, *t[0], *t[1], false, &prof->loc) < 0 ||
		    af_rules(out, af, *t[2], *t[3], true, &prof->loc) < 0)
			return -1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(mediates); i++)
		if (mediates[i].has && aa_rule_out(out, &mediates[i].re, 1, false, AA_READ, 0, &prof->loc) < 0)
			return -1;
	return 0;
}
