// SPDX-License-Identifier: Apache-2.0
/* emit.c: profiles as the binary policy the kernel loads.  The DFAs come
 * from lib/dfa (the rules of rule-file.c and rule-policy.c), the records
 * as apparmor_parser 3.0.8's sd_serialize_profile writes them and as
 * Linux 6.1's policy_unpack.c reads them: a tag stream (a type byte, then
 * its value, little-endian), each profile a record of its own with a
 * version header, hats and children after their parent, named
 * "parent//name".  The writers are named after the kernel's readers
 * (aa_unpack_nameX, _u32, _blob...). */
#include <stdlib.h>
#include <string.h>

#include "aa.h"
#include "dfa/dfa.h"

enum { T_U8, T_U16, T_U32, T_U64, T_NAME, T_STRING, T_BLOB, T_STRUCT, T_STRUCTEND, T_LIST, T_LISTEND,
       T_ARRAY, T_ARRAYEND };

static void put_name(struct buf *b, const char *name)
{
	if (!name)
		return;
	buf_put_u8(b, T_NAME);
	buf_put_u16le(b, (uint16_t)(strlen(name) + 1));
	buf_put_strz(b, name);
}

static void put_u32(struct buf *b, const char *name, uint32_t v)
{
	put_name(b, name);
	buf_put_u8(b, T_U32);
	buf_put_u32le(b, v);
}

static void put_u16(struct buf *b, uint16_t v)
{
	buf_put_u8(b, T_U16);
	buf_put_u16le(b, v);
}

static void put_u64(struct buf *b, uint64_t v)
{
	buf_put_u8(b, T_U64);
	buf_put_u64le(b, v);
}

/* A string of len bytes (its NUL counted). */
static void put_strn(struct buf *b, const char *name, const char *s, size_t len)
{
	put_name(b, name);
	buf_put_u8(b, T_STRING);
	buf_put_u16le(b, (uint16_t)len);
	buf_put(b, s, len);
}

static void put_struct(struct buf *b, const char *name)
{
	put_name(b, name);
	buf_put_u8(b, T_STRUCT);
}

static void put_array(struct buf *b, const char *name, uint16_t n)
{
	put_name(b, name);
	buf_put_u8(b, T_ARRAY);
	buf_put_u16le(b, n);
}

/* A DFA: zeros before it so that it starts 8-aligned from the record's
 * start (the kernel's unpack_dfa skips them), the blob's length counting
 * them. */
static void put_dfa(struct buf *b, const struct buf *dfa)
{
	size_t pad;

	put_name(b, "aadfa");
	pad = (8 - (b->len + 5) % 8) % 8;
	buf_put_u8(b, T_BLOB);
	buf_put_u32le(b, (uint32_t)(dfa->len + pad));
	buf_pad(b, pad, 0);
	buf_put(b, dfa->p, dfa->len);
}

/* ---- the DFAs ---- */

struct sink {
	struct dfa_rules *r;
	const struct srcloc **at;	/* each rule's place, by index */
	int n;
};

static int sink_rule(void *ctx, const char *const *parts, int n, bool deny, uint32_t perms, uint32_t audit,
		     const struct srcloc *at)
{
	struct sink *s = ctx;
	size_t lens[8];

	if (n > 8)
		return -1;
	for (int i = 0; i < n; i++)
		lens[i] = strlen(parts[i]);
	if (dfa_add_rule_vec(s->r, deny, perms, audit, n, parts, lens, 0) < 0) {
		diag(at, "a rule the DFA engine refuses: %s", dfa_rules_err(s->r)->msg);
		return -1;
	}
	XROOM(s->at, s->n);
	s->at[s->n++] = at;
	return 0;
}

static int sink_append(void *ctx, const char *re, const struct srcloc *at)
{
	struct sink *s = ctx;

	if (dfa_append_rule(s->r, re, strlen(re), 1) < 0) {
		diag(at, "a rule the DFA engine refuses: %s", dfa_rules_err(s->r)->msg);
		return -1;
	}
	return 0;
}

/* The DFA of the rules in s, packed into blob (nothing for no rules);
 * *minlen its shortest match.  0, or -1 after a message naming the rule
 * or profile. */
static int build(struct sink *s, const struct aa_profile *prof, const struct aa_emit_opts *eo,
		 struct buf *blob, int *minlen)
{
	struct dfa_opts o = { .flags = eo->dfa_flags, .max_mem = eo->dfa_mem };
	struct dfa *d = NULL;
	struct dfa_err err = { 0 };
	int rc;

	if (!dfa_rules_count(s->r))
		return 0;
	rc = dfa_build(s->r, &o, &d);
	if (rc < 0) {
		const struct dfa_err *e = dfa_rules_err(s->r);
		const struct srcloc *at = e->rule >= 0 && e->rule < s->n ? s->at[e->rule] : &prof->loc;

		diag(at, "profile %s: %s", prof->name, e->msg);
		return -1;
	}
	if (minlen)
		*minlen = dfa_min_match_len(d);
	rc = dfa_pack(d, eo->pack_flags, blob, &err);
	dfa_free(d);
	if (rc < 0) {
		diag(err.rule >= 0 && err.rule < s->n ? s->at[err.rule] : &prof->loc, "profile %s: %s",
		     prof->name, err.msg);
		return -1;
	}
	return 0;
}

struct dfas {
	struct buf xmatch, policy, file;
	int xmatch_len;
};

static int make_dfas(struct aa_profile *prof, struct dfas *d, const struct aa_emit_opts *o)
{
	struct sink s[3] = {
		{ dfa_rules_new(DFA_RULES_FILE), NULL, 0 },
		{ dfa_rules_new(DFA_RULES_FILE), NULL, 0 },
		{ dfa_rules_new(0), NULL, 0 },
	};
	struct aa_rules_out out[3];
	int rc = -1;

	for (int i = 0; i < 3; i++)
		out[i] = (struct aa_rules_out){ sink_rule, &s[i], o->dump, sink_append };
	/* the anchor's order: the attachment, the file rules, the policy DB */
	if (aa_xmatch(prof, &out[0]) < 0 || build(&s[0], prof, o, &d->xmatch, &d->xmatch_len) < 0 ||
	    aa_file_rules(prof, &out[1]) < 0 || build(&s[1], prof, o, &d->file, NULL) < 0 ||
	    aa_policydb_rules(prof, &out[2]) < 0 || build(&s[2], prof, o, &d->policy, NULL) < 0)
		goto out;
	rc = 0;
out:
	for (int i = 0; i < 3; i++) {
		dfa_rules_free(s[i].r);
		free(s[i].at);
	}
	return rc;
}

/* ---- a profile's record ---- */

static void record(struct buf *b, const struct aa_profile *prof, const struct dfas *d, uint32_t version)
{
	static const uint32_t path_bits[][2] = {
		{ 1 << 0, 0x8 },	/* chroot_relative */
		{ 1 << 2, 0x10000 },	/* mediate_deleted */
		{ 1 << 4, 0x4 },	/* attach_disconnected */
		{ 1 << 6, 0x10 },	/* chroot_attach */
	};
	uint64_t allow = prof->cap_allow & ~prof->cap_deny;
	uint64_t caps[3] = { allow, allow & prof->cap_audit, prof->cap_deny & prof->cap_quiet };
	int nx = 0;

	put_u32(b, "version", version);
	if (prof->ns)
		put_strn(b, "namespace", prof->ns, strlen(prof->ns) + 1);
	put_struct(b, "profile");
	if (prof->parent) {
		/* flattened: its parent's own name, not its whole path */
		char *n = xasprintf("%s//%s", prof->parent->name, prof->name);

		put_strn(b, NULL, n, strlen(n) + 1);
		free(n);
	} else {
		put_strn(b, NULL, prof->name, strlen(prof->name) + 1);
	}
	if (d->xmatch.len) {
		put_dfa(b, &d->xmatch);
		put_u32(b, NULL, (uint32_t)d->xmatch_len);
	}
	put_struct(b, "flags");
	put_u32(b, NULL, prof->kind == 2);
	put_u32(b, NULL, prof->mode ? (uint32_t)prof->mode - 1 : 0);
	put_u32(b, NULL, prof->audit);
	buf_put_u8(b, T_STRUCTEND);
	if (prof->path_flags) {
		uint32_t f = 0;

		for (size_t i = 0; i < ARRAY_SIZE(path_bits); i++)
			if (prof->path_flags & path_bits[i][0])
				f |= path_bits[i][1];
		put_u32(b, "path_flags", f);
	}
	for (int i = 0; i < 3; i++)
		put_u32(b, NULL, (uint32_t)caps[i]);
	put_u32(b, NULL, 0);
	put_struct(b, "caps64");
	for (int i = 0; i < 3; i++)
		put_u32(b, NULL, (uint32_t)(caps[i] >> 32));
	put_u32(b, NULL, 0);
	buf_put_u8(b, T_STRUCTEND);
	if (aa_xattrs(prof)) {
		uint16_t n = 0;

		for (const struct aa_cond *c = prof->xattrs; c; c = c->next)
			n++;
		put_struct(b, "xattrs");
		put_array(b, NULL, n);
		for (const struct aa_cond *c = prof->xattrs; c; c = c->next)
			put_strn(b, NULL, c->name, strlen(c->name) + 1);
		buf_put_u8(b, T_ARRAYEND);
		buf_put_u8(b, T_STRUCTEND);
	}
	if (prof->rlim_mask) {
		put_struct(b, "rlimits");
		put_u32(b, NULL, prof->rlim_mask);
		put_array(b, NULL, 16);
		for (int i = 0; i < 16; i++)
			put_u64(b, prof->rlim[i]);
		buf_put_u8(b, T_ARRAYEND);
		buf_put_u8(b, T_STRUCTEND);
	}
	if (prof->net && aa_kf.network && !aa_kf.netv8) {
		/* the old network table: a family's allowed types, those
		 * audited, those denied quietly (16 bits of each) */
		put_array(b, "net_allowed_af", AA_AF_MAX);
		for (int af = 0; af < AA_AF_MAX; af++) {
			uint32_t ok = (*prof->net)[0][af] & ~(*prof->net)[2][af];

			put_u16(b, (uint16_t)ok);
			put_u16(b, (uint16_t)(ok & (*prof->net)[1][af]));
			put_u16(b, (uint16_t)((*prof->net)[2][af] & (*prof->net)[3][af]));
		}
		buf_put_u8(b, T_ARRAYEND);
	}
	if (d->policy.len) {
		put_struct(b, "policydb");
		put_dfa(b, &d->policy);
		buf_put_u8(b, T_STRUCTEND);
	}
	if (d->file.len)
		put_dfa(b, &d->file);
	for (int i = 4; i < 16; i++)
		nx += prof->xtable[i] != NULL;
	if (prof->xtable[4]) {
		put_struct(b, "xtable");
		put_array(b, NULL, (uint16_t)nx);
		for (int i = 4; i < nx + 4; i++) {
			char *s = xstrdup(prof->xtable[i]), *c;
			size_t len = strlen(s) + 1;

			/* :ns:name goes as ":ns\0name" */
			if (*s == ':' && (c = strchr(s + 1, ':')))
				*c = 0;
			put_strn(b, NULL, s, len);
			free(s);
		}
		buf_put_u8(b, T_ARRAYEND);
		buf_put_u8(b, T_STRUCTEND);
	}
	buf_put_u8(b, T_STRUCTEND);
}

int aa_emit(struct aa_policy *pol, struct aa_profile *prof, const struct aa_emit_opts *o, struct buf *out)
{
	struct dfas d = { BUF_INIT(0), BUF_INIT(0), BUF_INIT(0), 0 };
	struct buf rec = BUF_INIT(0);
	int rc = -1;

	if (aa_resolve_profile(pol, prof) < 0 || make_dfas(prof, &d, o) < 0)
		goto out;
	if (out) {
		record(&rec, prof, &d, o->version);
		if (rec.err || buf_put(out, rec.p, rec.len) < 0) {
			diag(&prof->loc, "profile %s: the policy is too big", prof->name);
			goto out;
		}
	}
	rc = 0;
	for (struct aa_profile *c = prof->children; c && !rc; c = c->next)
		rc = aa_emit(pol, c, o, out);
out:
	buf_free(&d.xmatch);
	buf_free(&d.policy);
	buf_free(&d.file);
	buf_free(&rec);
	return rc;
}
