// SPDX-License-Identifier: Apache-2.0
/* rule-misc.c: dbus, signal, ptrace and unix rules and rlimits, checked as
 * apparmor_parser 3.0.8 checks them when its grammar reads them (dbus.cc,
 * signal.cc, ptrace.cc, af_unix.cc and af_rule.cc, the rlimit action of
 * parser_yacc.y), in its words, and taken apart into what the policy
 * will need.  A rule's conditions come last-written first, as the anchor's
 * grammar lists them, so the first message is the one it gives. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "aa.h"

void aa_conds_free(struct aa_cond *c)
{
	while (c) {
		struct aa_cond *next = c->next;

		for (int i = 0; i < c->n; i++)
			free(c->v[i]);
		free(c->v);
		free(c->name);
		free(c);
		c = next;
	}
}

/* Permission bits, as the anchor's headers have them. */
enum {
	P_SEND = 1 << 1, P_RECEIVE = 1 << 2,	/* also w and r of a mode */
	DBUS_EAVESDROP = 1 << 5, DBUS_BIND = 1 << 6,
	PTRACE_TRACEDBY = 1 << 3, PTRACE_READBY = 1 << 4,
	NET_CREATE = 0x10, NET_SHUTDOWN = 0x20, NET_CONNECT = 0x40, NET_SETATTR = 0x100,
	NET_GETATTR = 0x200, NET_ACCEPT = 0x100000, NET_BIND = 0x200000, NET_LISTEN = 0x400000,
	NET_SETOPT = 0x1000000, NET_GETOPT = 0x2000000,
	NET_LOCAL = NET_CREATE | NET_SHUTDOWN | NET_SETATTR | NET_GETATTR | NET_BIND | NET_ACCEPT |
		    NET_LISTEN | NET_SETOPT | NET_GETOPT,
	NET_CONT_MATCH = 0x8000000,
	NET_VALID = P_SEND | P_RECEIVE | NET_LOCAL | NET_CONNECT | NET_CONT_MATCH,
	NET_PEER = NET_VALID & (~NET_LOCAL | NET_ACCEPT),
	DBUS_VALID = P_SEND | P_RECEIVE | DBUS_EAVESDROP | DBUS_BIND,
	SIGNAL_VALID = P_SEND | P_RECEIVE,
	PTRACE_VALID = P_RECEIVE | P_SEND | PTRACE_READBY | PTRACE_TRACEDBY,
};

int aa_perm_word(enum aa_kind k, const struct aa_token *t)
{
	static const struct {
		const char *w;
		unsigned kinds;
		uint32_t bits;
	} words[] = {
#define K(k) (1u << (k))
		{ "send", K(AK_DBUS) | K(AK_SIGNAL) | K(AK_NET), P_SEND },
		{ "write", K(AK_DBUS) | K(AK_SIGNAL) | K(AK_NET), P_SEND },
		{ "receive", K(AK_DBUS) | K(AK_SIGNAL) | K(AK_NET), P_RECEIVE },
		{ "read", K(AK_DBUS) | K(AK_SIGNAL) | K(AK_NET) | K(AK_PTRACE), P_RECEIVE },
		{ "bind", K(AK_DBUS), DBUS_BIND },
		{ "eavesdrop", K(AK_DBUS), DBUS_EAVESDROP },
		{ "trace", K(AK_PTRACE), P_SEND },
		{ "write", K(AK_PTRACE), P_SEND },
		{ "tracedby", K(AK_PTRACE), PTRACE_TRACEDBY },
		{ "readby", K(AK_PTRACE), PTRACE_READBY },
		{ "create", K(AK_NET), NET_CREATE }, { "bind", K(AK_NET), NET_BIND },
		{ "listen", K(AK_NET), NET_LISTEN }, { "accept", K(AK_NET), NET_ACCEPT },
		{ "connect", K(AK_NET), NET_CONNECT }, { "shutdown", K(AK_NET), NET_SHUTDOWN },
		{ "getattr", K(AK_NET), NET_GETATTR }, { "setattr", K(AK_NET), NET_SETATTR },
		{ "getopt", K(AK_NET), NET_GETOPT }, { "setopt", K(AK_NET), NET_SETOPT },
#undef K
	};
	/* parse_X_mode's names; a mode word of a unix rule is "unix", a
	 * value in its list "net" */
	static const char *const x[] = { "DBus", "signal", "ptrace", "unix", "net" };
	enum aa_kind xk = k == AK_UNIX && t->t == AT_VALUE ? AK_NET : k;
	uint32_t bits = 0;

	if (k == AK_UNIX)
		k = AK_NET;
	if (t->t != AT_MODE)
		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if ((words[i].kinds >> k & 1) && !strcmp(t->text, words[i].w))
				return (int)words[i].bits;
	for (const char *c = t->text; *c; c++) {
		char l = (char)tolower((unsigned char)*c);

		if (l == 'r')
			bits |= P_RECEIVE;
		else if (l == 'w')
			bits |= P_SEND;
		else {
			diag(&t->loc, "Internal: unexpected %s mode character '%c' in input", x[xk], *c);
			return -1;
		}
	}
	return (int)bits;
}

/* move_conditional_value: c's (first) value into *dst, once. */
static int move_value(const char *rule, char **dst, const struct aa_cond *c)
{
	if (*dst) {
		diag(&c->loc, "%s conditional \"%s\" can only be specified once", rule, c->name);
		return -1;
	}
	*dst = c->n ? c->v[0] : "";
	return 0;
}

static int dbus_conds(struct aa_dbus *r, const struct aa_cond *c)
{
	static const char *const names[] = { "bus", "name", "label", "path", "interface", "member" };

	for (; c; c = c->next) {
		char **dst[] = { &r->bus, &r->name, &r->label, &r->path, &r->interface, &r->member };
		size_t i;

		if (!c->eq) {
			diag(&c->loc, "%s", "keyword \"in\" is not allowed in dbus rules");
			return -1;
		}
		if (c->n > 1) {
			diag(&c->loc, "dbus conditional \"%s\" only supports a single value", c->name);
			return -1;
		}
		for (i = 0; i < ARRAY_SIZE(names) && strcmp(c->name, names[i]); i++)
			;
		if (i == ARRAY_SIZE(names)) {
			diag(&c->loc, "invalid dbus conditional \"%s\"", c->name);
			return -1;
		}
		if (move_value("dbus", dst[i], c) < 0)
			return -1;
	}
	return 0;
}

int aa_dbus_rule(struct aa_dbus *r, uint32_t perms, const struct aa_cond *conds,
		 const struct aa_cond *peer, const struct srcloc *at)
{
	bool subject_name, message, service;

	*r = (struct aa_dbus){ 0 };
	if (dbus_conds(r, conds) < 0)
		return -1;
	subject_name = r->name;
	if (r->label) {
		diag(at, "%s", "dbus \"label\" conditional can only be used inside of the \"peer=()\" grouping");
		return -1;
	}
	if (dbus_conds(r, peer) < 0)
		return -1;
	message = r->path || r->interface || r->member || r->label || (r->name && !subject_name);
	service = r->name && subject_name;
	if (message && service) {
		diag(at, "%s", "dbus rule contains message conditionals and service conditionals");
		return -1;
	}
	if (!perms) {
		r->perms = message ? P_SEND | P_RECEIVE : service ? DBUS_BIND : DBUS_VALID;
		return 0;
	}
	r->perms = perms;
	if (message && (perms & DBUS_BIND))
		diag(at, "%s", "dbus \"bind\" access cannot be used with message rule conditionals");
	else if (service && (perms & (P_SEND | P_RECEIVE)))
		diag(at, "%s", "dbus \"send\" and/or \"receive\" accesses cannot be used with service "
			"rule conditionals");
	else if ((perms & DBUS_EAVESDROP) && (r->path || r->interface || r->member || r->label || r->name))
		diag(at, "%s", "dbus \"eavesdrop\" access can only contain a bus conditional");
	else
		return 0;
	return -1;
}

/* A signal's number as signal.cc maps names: 1-35, rtmin+N 128+N. */
static int signal_number(const char *s)
{
	static const char *const names[] = {
		"hup", "int", "quit", "ill", "trap", "abrt", "bus", "fpe", "kill", "usr1", "segv",
		"usr2", "pipe", "alrm", "term", "stkflt", "chld", "cont", "stop", "stp", "ttin", "ttou",
		"urg", "xcpu", "xfsz", "vtalrm", "prof", "winch", "io", "pwr", "sys", "emt",
	};

	if (!strncmp(s, "rtmin+", 6)) {
		/* as the anchor reads it: digits, anything after them ignored */
		unsigned long n = strtoul(s + 6, NULL, 10);

		return n > 32 ? -1 : 128 + (int)n;
	}
	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(s, names[i]))
			return (int)i + 1;
	return !strcmp(s, "exists") ? 35 : -1;
}

int aa_signal_rule(struct aa_signal *r, uint32_t perms, const struct aa_cond *c)
{
	*r = (struct aa_signal){ perms ? perms : SIGNAL_VALID };
	/* its perms are checked first; every word is send or receive */
	for (; c; c = c->next) {
		if (!c->eq) {
			diag(&c->loc, "%s", "keyword \"in\" is not allowed in signal rules");
			return -1;
		}
		if (!strcmp(c->name, "set")) {
			for (int i = 0; i < c->n; i++) {
				int s = signal_number(c->v[i]);

				if (s < 0) {
					diag(&c->loc, "unknown signal \"%s\"", c->v[i]);
					return -1;
				}
				r->set[s / 8] |= (uint8_t)(1 << (s % 8));
			}
		} else if (!strcmp(c->name, "peer")) {
			if (move_value("signal", &r->peer, c) < 0)
				return -1;
		} else {
			diag(&c->loc, "invalid signal rule conditional \"%s\"", c->name);
			return -1;
		}
	}
	return 0;
}

int aa_ptrace_rule(struct aa_ptrace *r, uint32_t perms, const struct aa_cond *c)
{
	*r = (struct aa_ptrace){ perms ? perms : PTRACE_VALID };
	for (; c; c = c->next) {
		if (!c->eq) {
			diag(&c->loc, "%s", "keyword \"in\" is not allowed in ptrace rules");
			return -1;
		}
		if (strcmp(c->name, "peer")) {
			diag(&c->loc, "invalid ptrace rule conditional \"%s\"", c->name);
			return -1;
		}
		if (move_value("ptrace", &r->peer, c) < 0)
			return -1;
	}
	return 0;
}

/* Socket types by name, as network.c's table has them (its "invalid"
 * entries are -1, as an unknown name). */
static int sock_type(const char *s)
{
	static const char *const names[] = {
		"none", "stream", "dgram", "raw", "rdm", "seqpacket", "dccp", "", "", "", "packet",
	};

	for (int i = 0; i < (int)ARRAY_SIZE(names); i++)
		if (*names[i] && !strcmp(s, names[i]))
			return i;
	return -1;
}

/* af_rule::cond_check over a table of one: the condition's side and
 * shape; rule names the table ("unix" or "unknown"). */
struct sup {
	const char *name;
	bool supported;
	int side;		/* 0 either, 1 local only, 2 peer only */
};

static int cond_check(const struct sup *s, const struct aa_cond *c, bool peer, const char *rule)
{
	if (!s->supported)
		diag(&c->loc, "%s rule: '%s' conditional is not currently supported", rule, c->name);
	else if (!peer && s->side == 2)
		diag(&c->loc, "%s rule: '%s' conditional is only valid in the peer expression", rule, c->name);
	else if (peer && s->side == 1)
		diag(&c->loc, "%s rule: '%s' conditional is not allowed in the peer expression", rule, c->name);
	else if (!c->eq)
		diag(&c->loc, "%s rule: keyword 'in' is not allowed in '%s' socket conditional", rule, c->name);
	else if (c->n > 1)
		diag(&c->loc, "%s rule: conditional '%s' only supports a single value", rule, c->name);
	else
		return 0;
	return -1;
}

static int unix_conds(struct aa_unix *r, const struct aa_cond *c, bool peer)
{
	static const struct sup base[] = {
		{ "type", true, 1 }, { "protocol", false, 1 }, { "label", true, 2 },
	};

	for (; c; c = c->next) {
		size_t i;

		if (!strcmp(c->name, "addr")) {
			char **dst = peer ? &r->peer_addr : &r->addr;

			if (cond_check(&(struct sup){ "addr", true, 0 }, c, peer, "unix") < 0 ||
			    move_value(peer ? "unix" : "unix socket", dst, c) < 0)
				return -1;
			if (**dst != '@' && strcmp(*dst, "none") && strcmp(*dst, "auto")) {
				diag(&c->loc, "unix rule: invalid value for addr='%s'", *dst);
				return -1;
			}
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(base) && strcmp(c->name, base[i].name); i++)
			;
		if (i == ARRAY_SIZE(base)) {
			diag(&c->loc, "unix rule: invalid %sconditional '%s'", peer ? "peer " : "", c->name);
			return -1;
		}
		if (cond_check(&base[i], c, peer, "unknown") < 0)
			return -1;
		if (i == 0) {
			char *type = NULL;

			if (r->type >= 0) {
				diag(&c->loc, "socket rule conditional \"%s\" can only be specified once", c->name);
				return -1;
			}
			move_value("socket rule", &type, c);
			if ((r->type = sock_type(type)) < 0) {
				diag(&c->loc, "socket rule: invalid socket type '%s'", type);
				return -1;
			}
		} else if (move_value("unix", &r->peer_label, c) < 0) {
			return -1;
		}
	}
	return 0;
}

int aa_unix_rule(struct aa_unix *r, uint32_t perms, const struct aa_cond *conds,
		 const struct aa_cond *peer)
{
	*r = (struct aa_unix){ .type = -1 };
	if (unix_conds(r, conds, false) < 0 || unix_conds(r, peer, true) < 0)
		return -1;
	r->perms = perms ? perms : NET_VALID;
	if ((perms & ~NET_PEER) && (r->peer_addr || r->peer_label)) {
		diag(peer ? &peer->loc : &conds->loc, "%s", "unix socket 'create', 'shutdown', 'setattr', "
			"'getattr', 'bind', 'listen', 'setopt', and/or 'getopt' accesses cannot be used "
			"with peer socket conditionals");
		return -1;
	}
	return 0;
}

/* ---- rlimits ---- */

enum { RL_CPU, RL_FSIZE, RL_DATA, RL_STACK, RL_CORE, RL_RSS, RL_NPROC, RL_NOFILE, RL_MEMLOCK,
       RL_AS, RL_LOCKS, RL_SIGPENDING, RL_MSGQUEUE, RL_NICE, RL_RTPRIO, RL_RTTIME };

/* value * unit as the anchor's long long arithmetic gives it on this
 * machine: wrapping. */
static long long wrap_mul(long long a, long long b)
{
	return (long long)((unsigned long long)a * (unsigned long long)b);
}

/* convert_time_units: value in units of base: >= 0, -1 below one base
 * unit, -2 an unknown unit. */
static long long time_units(long long v, long long base, const char *unit)
{
	static const struct {
		const char *name;
		long long us;
	} units[] = {
		{ "us", 1 }, { "microsecond", 1 }, { "microseconds", 1 },
		{ "ms", 1000 }, { "millisecond", 1000 }, { "milliseconds", 1000 },
		{ "s", 1000000 }, { "sec", 1000000 }, { "second", 1000000 }, { "seconds", 1000000 },
		{ "min", 60000000 }, { "minute", 60000000 }, { "minutes", 60000000 },
		{ "h", 3600000000LL }, { "hour", 3600000000LL }, { "hours", 3600000000LL },
		{ "d", 86400000000LL }, { "day", 86400000000LL }, { "days", 86400000000LL },
		{ "week", 604800000000LL }, { "weeks", 604800000000LL },
	};

	if (!unit)
		return v;
	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (!strcmp(unit, units[i].name)) {
			long long m = wrap_mul(v, units[i].us);

			return m < base ? -1 : m / base;
		}
	return -2;
}

int aa_rlimit(const struct aa_token *name, const struct aa_token *value, const char *unit,
	      int *which, uint64_t *out)
{
	static const struct {
		const char *name;
		int r;
	} names[] = {
		{ "cpu", RL_CPU }, { "fsize", RL_FSIZE }, { "data", RL_DATA }, { "stack", RL_STACK },
		{ "core", RL_CORE }, { "rss", RL_RSS }, { "nofile", RL_NOFILE }, { "ofile", RL_NOFILE },
		{ "as", RL_AS }, { "nproc", RL_NPROC }, { "memlock", RL_MEMLOCK }, { "locks", RL_LOCKS },
		{ "sigpending", RL_SIGPENDING }, { "msgqueue", RL_MSGQUEUE }, { "nice", RL_NICE },
		{ "rtprio", RL_RTPRIO }, { "rttime", RL_RTTIME },
	};
	const char *n = name->text, *v = value->text, *u = unit ? unit : "";
	const struct srcloc *at = &value->loc;
	long long t;
	char *end;
	int r = -1;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!strcmp(n, names[i].name))
			r = names[i].r;
	if (r < 0) {
		diag(&name->loc, "INVALID RLIMIT '%s'", n);
		return -1;
	}
	*which = r;
	if (!strcmp(v, "infinity")) {
		*out = UINT64_MAX;
		return 0;
	}
	errno = 0;
	t = strtoll(v, &end, 0);
	switch (r) {
	case RL_CPU:
		if (end == v || t < 0)
			goto invalid_plain;
		t = time_units(t, 1000000, unit);
		if (t == -1) {
			diag(at, "RLIMIT '%s %s' < minimum value of 1s", n, v);
			return -1;
		}
		if (t < 0)
			goto invalid_plain;
		break;
	case RL_RTTIME:
		if (end == v || t < 0 || (t = time_units(t, 1, unit)) < 0)
			goto invalid;
		break;
	case RL_NOFILE:
	case RL_NPROC:
	case RL_LOCKS:
	case RL_SIGPENDING:
	case RL_RTPRIO:
		if (end == v || unit || t < 0)
			goto invalid;
		break;
	case RL_NICE:
		if (end == v || unit)
			goto invalid;
		if (t < -20 || t > 19) {
			/* the anchor prints the long long with %d: its low half */
			diag(at, "RLIMIT '%s' out of range (-20 .. 19) %d", n, (int)t);
			return -1;
		}
		t += 20;
		break;
	default:
		/* a size: bytes, or a prefix of KB, MB or GB */
		if (end == v || t < 0)
			goto invalid;
		if (!unit)
			break;
		if (!strncmp("KB", unit, strlen(unit)))
			t = wrap_mul(t, 1024);
		else if (!strncmp("MB", unit, strlen(unit)))
			t = wrap_mul(t, 1024 * 1024);
		else if (!strncmp("GB", unit, strlen(unit)))
			t = wrap_mul(t, 1024 * 1024 * 1024);
		else
			goto invalid;
		break;
	}
	*out = (uint64_t)t;
	return 0;
invalid_plain:
	diag(at, "RLIMIT '%s' invalid value %s", n, v);
	return -1;
invalid:
	diag(at, "RLIMIT '%s' invalid value %s %s", n, v, u);
	return -1;
}

/* ---- the model's class rules ---- */

static char *dup_or_null(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

/* A NULL-ended list of borrowed strings as one of its own. */
static char **dup_list(char *const *l)
{
	size_t n = 0;
	char **d;

	if (!l)
		return NULL;
	while (l[n])
		n++;
	d = xmalloc((n + 1) * sizeof(*d));
	for (size_t i = 0; i <= n; i++)
		d[i] = dup_or_null(l[i]);
	return d;
}

void aa_rule_own(struct aa_rule *r)
{
	switch (r->kind) {
	case AK_DBUS: {
		struct aa_dbus *d = &r->u.dbus;

		d->bus = dup_or_null(d->bus);
		d->name = dup_or_null(d->name);
		d->label = dup_or_null(d->label);
		d->path = dup_or_null(d->path);
		d->interface = dup_or_null(d->interface);
		d->member = dup_or_null(d->member);
		break;
	}
	case AK_SIGNAL:
		r->u.sig.peer = dup_or_null(r->u.sig.peer);
		break;
	case AK_PTRACE:
		r->u.ptrace.peer = dup_or_null(r->u.ptrace.peer);
		break;
	case AK_UNIX:
		r->u.unix_.addr = dup_or_null(r->u.unix_.addr);
		r->u.unix_.peer_addr = dup_or_null(r->u.unix_.peer_addr);
		r->u.unix_.peer_label = dup_or_null(r->u.unix_.peer_label);
		break;
	case AK_MOUNT: {
		struct aa_mount *m = &r->u.mnt;
		char **fs = m->fstype, **opts = m->opts;

		m->fstype = dup_list(fs);
		m->opts = dup_list(opts);
		free(fs);
		free(opts);
		m->device = dup_or_null(m->device);
		m->mnt_point = dup_or_null(m->mnt_point);
		m->trans = dup_or_null(m->trans);
		break;
	}
	default:
		break;
	}
}

static void list_free(char **l)
{
	for (size_t i = 0; l && l[i]; i++)
		free(l[i]);
	free(l);
}

void aa_rules_free(struct aa_rule *r)
{
	while (r) {
		struct aa_rule *next = r->next;

		switch (r->kind) {
		case AK_DBUS:
			free(r->u.dbus.bus);
			free(r->u.dbus.name);
			free(r->u.dbus.label);
			free(r->u.dbus.path);
			free(r->u.dbus.interface);
			free(r->u.dbus.member);
			break;
		case AK_SIGNAL:
			free(r->u.sig.peer);
			break;
		case AK_PTRACE:
			free(r->u.ptrace.peer);
			break;
		case AK_UNIX:
			free(r->u.unix_.addr);
			free(r->u.unix_.peer_addr);
			free(r->u.unix_.peer_label);
			break;
		case AK_MOUNT:
			list_free(r->u.mnt.fstype);
			list_free(r->u.mnt.opts);
			free(r->u.mnt.device);
			free(r->u.mnt.mnt_point);
			free(r->u.mnt.trans);
			break;
		default:
			break;
		}
		free(r);
		r = next;
	}
}
