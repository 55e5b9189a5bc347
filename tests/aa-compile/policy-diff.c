// SPDX-License-Identifier: Apache-2.0
/* policy-diff.c: aa-policy-diff [-v] A B: are two AppArmor binary policies
 * (what apparmor_parser -S and aa-compile -S write: records one after
 * another) the same policy to Linux 6.1?
 *
 * Each file is read as the 6.1 kernel's unpacker reads a load
 * (security/apparmor/policy_unpack.c: verify_header, unpack_profile,
 * verify_profile; every DFA through lib/dfa/verify.c, match.c's checks
 * with paranoid_load): a record the kernel would refuse is named with the
 * kernel's reason, exit 2.  Then the records are compared in order: every
 * field that is not a DFA by value, and each DFA pair (the attachment's,
 * the policy DB's, the file rules') by walking the product of the two
 * from their start states over every byte (and the out-of-band step):
 * each pair of states reached must carry the same accept and accept2
 * words.  The first difference is written with the input that reaches
 * it, exit 1.  Equivalent: exit 0 (-v: a line saying so).
 *
 * What it does not allow: records in another order, an xtable in another
 * order (the accept words carry its indexes).  The state numbers, the
 * tables' layout and an EC table may differ. */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa/dfa.h"

enum { T_U8, T_U16, T_U32, T_U64, T_NAME, T_STRING, T_BLOB, T_STRUCT, T_STRUCTEND, T_LIST, T_LISTEND,
       T_ARRAY, T_ARRAYEND };
enum { XT_MAX = 12, RLIM_MAX = 16, DFA_START = 1 };

/* A byte range of the file (strings: with their NUL). */
struct span {
	const uint8_t *p;
	size_t len;
};

struct dfa_part {
	bool have;
	struct dfa_blob b;
	uint32_t start;
};

struct rec {
	size_t off;
	uint32_t version;
	struct span ns, name, rename, attach, disconnected;
	struct dfa_part xm;
	uint32_t xm_len;
	uint32_t flags[3];	/* hat flags, mode, audit */
	bool has_pf;
	uint32_t pf;
	uint32_t caps[4];
	bool caps64, capsx;
	uint32_t caps_hi[4], capsx_v[2];
	int nxattr;
	struct span *xattr;
	bool has_rl;
	uint32_t rl_mask;
	int nrl;
	uint64_t rl[RLIM_MAX];
	struct span secmark, data;	/* raw: never written by either compiler */
	struct dfa_part pol, file;
	int nx;
	struct span xt[XT_MAX];
};

struct ext {
	const uint8_t *start, *pos, *end;
	uint32_t version;
	const char *why;
};

static bool inbounds(struct ext *e, size_t n)
{
	return (size_t)(e->end - e->pos) >= n;
}

static uint16_t le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* A type code byte. */
static bool code(struct ext *e, int c)
{
	if (!inbounds(e, 1) || *e->pos != c)
		return false;
	e->pos++;
	return true;
}

/* A u16-sized chunk: its length, 0 (read head kept) when it does not fit. */
static size_t chunk16(struct ext *e, const uint8_t **p)
{
	const uint8_t *at = e->pos;
	size_t n;

	if (!inbounds(e, 2))
		return 0;
	n = le16(e->pos);
	e->pos += 2;
	if (!inbounds(e, n)) {
		e->pos = at;
		return 0;
	}
	*p = e->pos;
	e->pos += n;
	return n;
}

/* aa_unpack_nameX: an optional name tag (which must be name when name is
 * given), then type code c.  On false the read head has not moved. */
static bool named(struct ext *e, int c, const char *name)
{
	const uint8_t *at = e->pos, *tag;

	if (code(e, T_NAME)) {
		size_t n = chunk16(e, &tag);

		if (name && (!n || tag[n - 1] || strcmp(name, (const char *)tag)))
			goto no;
	} else if (name) {
		goto no;
	}
	if (code(e, c))
		return true;
no:
	e->pos = at;
	return false;
}

static bool u32(struct ext *e, uint32_t *v, const char *name)
{
	const uint8_t *at = e->pos;

	if (named(e, T_U32, name) && inbounds(e, 4)) {
		*v = le32(e->pos);
		e->pos += 4;
		return true;
	}
	e->pos = at;
	return false;
}

static bool u64(struct ext *e, uint64_t *v)
{
	const uint8_t *at = e->pos;

	if (named(e, T_U64, NULL) && inbounds(e, 8)) {
		*v = le32(e->pos) | (uint64_t)le32(e->pos + 4) << 32;
		e->pos += 8;
		return true;
	}
	e->pos = at;
	return false;
}

static bool u8(struct ext *e)
{
	const uint8_t *at = e->pos;

	if (named(e, T_U8, NULL) && inbounds(e, 1)) {
		e->pos++;
		return true;
	}
	e->pos = at;
	return false;
}

/* An array's count, or -1 (head kept). */
static int array(struct ext *e)
{
	const uint8_t *at = e->pos;

	if (named(e, T_ARRAY, NULL) && inbounds(e, 2)) {
		int n = le16(e->pos);

		e->pos += 2;
		return n;
	}
	e->pos = at;
	return -1;
}

/* A string (NUL-ended, not empty as a chunk): false, head kept, if not. */
static bool str(struct ext *e, struct span *s, const char *name)
{
	const uint8_t *at = e->pos, *p;
	size_t n;

	if (named(e, T_STRING, name) && (n = chunk16(e, &p)) && !p[n - 1]) {
		*s = (struct span){ p, n };
		return true;
	}
	e->pos = at;
	return false;
}

/* unpack_dfa: an optional "aadfa" blob, unpacked 8-aligned from the start
 * of the load as the kernel does.  false (why set) for one it refuses. */
static bool dfa(struct ext *e, struct dfa_part *d)
{
	const uint8_t *at = e->pos;
	size_t size, sz, pad;

	d->have = false;
	if (!named(e, T_BLOB, "aadfa"))
		return true;
	if (!inbounds(e, 4) || (size = le32(e->pos), !inbounds(e, 4 + size))) {
		e->pos = at;
		return true;	/* not a blob: the next read fails on it */
	}
	e->pos += 4;
	/* the kernel's sz: the blob's offset less that of its end's & 7 */
	sz = (size_t)(e->pos - e->start) - ((size_t)(e->pos + size - e->start) & 7);
	pad = ((sz + 7) & ~(size_t)7) - sz;
	e->pos += size;
	if (!size)
		return true;
	if (pad > size || dfa_blob_unpack(e->pos - size + pad, size - pad, &d->b, &e->why) < 0) {
		if (pad > size)
			e->why = "a DFA blob shorter than its padding";
		return false;
	}
	d->have = true;
	d->start = DFA_START;
	return true;
}

static bool fail(struct ext *e, const char *why)
{
	e->why = why;
	return false;
}

/* aa_splitn_fqname's verdict on a record's name: false for ":ns:" with no
 * profile name (leading spaces as it skips them). */
static bool fqname_ok(struct span s)
{
	const char *p = (const char *)s.p, *end = p + s.len - 1, *split;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\n'))
		p++;
	if (p == end)
		return false;
	if (*p != ':')
		return true;
	split = memchr(p + 1, ':', (size_t)(end - p - 1));
	if (!split)
		return false;
	split++;
	if (end - split > 1 && !strncmp(split, "//", 2))
		split += 2;
	while (split < end && (*split == ' ' || *split == '\t' || *split == '\n'))
		split++;
	return split < end;
}

static uint16_t map_xindex(uint16_t mask)
{
	uint16_t old = mask >> 10 & 0xf;

	return old >= 4 ? (uint16_t)(0x800 | (old - 4)) : 0;
}

/* The fields of unpack_profile in its order, then verify_profile. */
static bool profile(struct ext *e, struct rec *r)
{
	const uint8_t *at;
	uint32_t v;
	int n;

	if (!named(e, T_STRUCT, "profile") || !str(e, &r->name, NULL) || r->name.len < 2)
		return fail(e, "failed to unpack profile");
	if (!fqname_ok(r->name))
		return fail(e, "empty profile name");
	str(e, &r->rename, "rename");
	str(e, &r->attach, "attach");
	if (!dfa(e, &r->xm))
		return false;
	if (r->xm.have && !u32(e, &r->xm_len, NULL))
		return fail(e, "missing xmatch len");
	str(e, &r->disconnected, "disconnected");
	if (!named(e, T_STRUCT, "flags"))
		return fail(e, "profile missing flags");
	for (int i = 0; i < 3; i++)
		if (!u32(e, &r->flags[i], NULL))
			return fail(e, "failed to unpack profile flags");
	if (r->flags[1] > 3)
		return fail(e, "failed to unpack profile flags");
	if (!named(e, T_STRUCTEND, NULL))
		return fail(e, "failed to unpack profile flags");
	r->has_pf = u32(e, &r->pf, "path_flags");
	for (int i = 0; i < 4; i++)
		if (!u32(e, &r->caps[i], NULL))
			return fail(e, "failed to unpack profile capabilities");
	if ((r->caps64 = named(e, T_STRUCT, "caps64"))) {
		for (int i = 0; i < 4; i++)
			if (!u32(e, &r->caps_hi[i], NULL))
				return fail(e, "failed to unpack upper profile capabilities");
		if (!named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack upper profile capabilities");
	}
	if ((r->capsx = named(e, T_STRUCT, "capsx"))) {
		if (!u32(e, &r->capsx_v[0], NULL) || !u32(e, &r->capsx_v[1], NULL) ||
		    !named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack extended profile capabilities");
	}
	if (named(e, T_STRUCT, "xattrs")) {
		if ((n = array(e)) < 0)
			n = 0;	/* the kernel reads a missing array as none */
		r->xattr = xmalloc(((size_t)n + 1) * sizeof(*r->xattr));
		for (r->nxattr = 0; r->nxattr < n; r->nxattr++)
			if (!str(e, &r->xattr[r->nxattr], NULL))
				return fail(e, "failed to unpack profile xattrs");
		if (!named(e, T_ARRAYEND, NULL) || !named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack profile xattrs");
	}
	if ((r->has_rl = named(e, T_STRUCT, "rlimits"))) {
		if (!u32(e, &r->rl_mask, NULL) || (n = array(e)) > RLIM_MAX)
			return fail(e, "failed to unpack profile rlimits");
		for (r->nrl = 0; r->nrl < n; r->nrl++)
			if (!u64(e, &r->rl[r->nrl]))
				return fail(e, "failed to unpack profile rlimits");
		if (!named(e, T_ARRAYEND, NULL) || !named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack profile rlimits");
	}
	at = e->pos;
	if (named(e, T_STRUCT, "secmark")) {
		struct span s;

		n = array(e);
		for (int i = 0; i < n; i++)
			if (!u8(e) || !u8(e) || !str(e, &s, NULL))
				return fail(e, "failed to unpack profile secmark rules");
		if (!named(e, T_ARRAYEND, NULL) || !named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack profile secmark rules");
		r->secmark = (struct span){ at, (size_t)(e->pos - at) };
	}
	if (named(e, T_STRUCT, "policydb")) {
		if (!dfa(e, &r->pol))
			return false;
		if (!r->pol.have)
			return fail(e, "failed to unpack policydb");
		u32(e, &r->pol.start, "start");
		if (r->pol.start >= r->pol.b.nstates)
			return fail(e, "invalid dfa start state");
		if (!named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack policydb");
	}
	if (!dfa(e, &r->file))
		return false;
	if (r->file.have) {
		u32(e, &r->file.start, "dfa_start");
		if (r->file.start >= r->file.b.nstates)
			return fail(e, "invalid dfa start state");
	}
	if (named(e, T_STRUCT, "xtable")) {
		n = array(e);
		if (n > XT_MAX)
			return fail(e, "failed to unpack profile transition table");
		for (r->nx = 0; r->nx < n; r->nx++) {
			struct span *s = &r->xt[r->nx];
			int nul = 0;

			if (!str(e, s, NULL) || s->p[0] == ' ' || (s->p[0] >= '\t' && s->p[0] <= '\r'))
				return fail(e, "failed to unpack profile transition table");
			for (size_t j = 0; j + 1 < s->len; j++)
				nul += !s->p[j];
			if (s->p[0] == ':' ? !s->p[1] || nul > 1 : nul > 0)
				return fail(e, "failed to unpack profile transition table");
		}
		if (!named(e, T_ARRAYEND, NULL) || !named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack profile transition table");
	}
	at = e->pos;
	if (named(e, T_STRUCT, "data")) {
		struct span k;

		while (str(e, &k, NULL)) {
			const uint8_t *b = e->pos;

			if (named(e, T_BLOB, NULL) && inbounds(e, 4) && inbounds(e, 4 + (size_t)le32(e->pos)))
				e->pos += 4 + (size_t)le32(e->pos);
			else
				e->pos = b;	/* a key without a value: size 0 */
		}
		if (!named(e, T_STRUCTEND, NULL))
			return fail(e, "failed to unpack end of key, value data table");
		r->data = (struct span){ at, (size_t)(e->pos - at) };
	}
	if (!named(e, T_STRUCTEND, NULL))
		return fail(e, "failed to unpack end of profile");
	/* verify_profile: every exec index within the xtable */
	for (uint32_t i = 0; r->file.have && i < r->file.b.nstates; i++) {
		v = r->file.b.accept[i];
		if ((map_xindex(v & 0x3fff) & 0x800 && (map_xindex(v & 0x3fff) & 0x3ff) >= r->nx) ||
		    (map_xindex(v >> 14 & 0x3fff) & 0x800 && (map_xindex(v >> 14 & 0x3fff) & 0x3ff) >= r->nx))
			return fail(e, "Invalid named transition");
	}
	return true;
}

static void rec_free(struct rec *r)
{
	dfa_blob_free(&r->xm.b);
	dfa_blob_free(&r->pol.b);
	dfa_blob_free(&r->file.b);
	free(r->xattr);
}

/* aa_unpack over the whole file: its records, or NULL after a message
 * (exit status 2 for the caller). */
static struct rec *load(const char *path, const uint8_t *p, size_t len, int *nrec)
{
	struct ext e = { p, p, p + len, 0, NULL };
	struct rec *r = NULL;
	int n = 0;

	if (!len) {
		fprintf(stderr, "aa-policy-diff: %s: no record\n", path);
		return NULL;
	}
	while (e.pos < e.end) {
		struct rec *c;
		struct span ns = { 0 };

		r = xrealloc(r, (size_t)(n + 1) * sizeof(*r));
		c = &r[n];
		memset(c, 0, sizeof(*c));
		c->off = (size_t)(e.pos - e.start);
		if (!u32(&e, &e.version, "version") && n == 0) {
			e.why = "invalid profile format";
		} else if ((e.version & 0x3ff) < 5 || (e.version & 0x3ff) > 8) {
			e.why = "unsupported interface version";
		} else if (str(&e, &ns, "namespace") && ns.len < 2) {
			e.why = "invalid namespace name";
		} else {
			c->version = e.version;
			c->ns = ns;
			n++;
			if (profile(&e, c))
				continue;
		}
		fprintf(stderr, "aa-policy-diff: %s: the record at offset %zu: %s (the 6.1 kernel refuses it)\n",
			path, c->off, e.why ? e.why : "?");
		for (int i = 0; i < n; i++)
			rec_free(&r[i]);
		free(r);
		return NULL;
	}
	*nrec = n;
	return r;
}

/* ---- comparison ---- */

static const char *cur_name;	/* the record compared, for messages */
static int ndiff;

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
	va_list ap;

	printf("%s: ", cur_name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	ndiff++;
}

static bool span_eq(struct span a, struct span b)
{
	return a.len == b.len && (!a.len || !memcmp(a.p, b.p, a.len));
}

static void span_cmp(const char *what, struct span a, struct span b)
{
	if (!span_eq(a, b))
		say("%s: '%s' vs '%s'", what, a.len ? (const char *)a.p : "(none)",
		    b.len ? (const char *)b.p : "(none)");
}

static void u32_cmp(const char *what, uint32_t a, uint32_t b)
{
	if (a != b)
		say("%s: 0x%x vs 0x%x", what, a, b);
}

/* The product walk: a pair of states per entry, the entry it came from
 * and the symbol (256: out-of-band) that led here. */
struct pair {
	uint32_t a, b;
	int from, sym;
};

static uint64_t mix(uint64_t k)
{
	k ^= k >> 33;
	k *= 0xff51afd7ed558ccdULL;
	k ^= k >> 33;
	return k;
}

static void path_of(const struct pair *q, int i, struct buf *out)
{
	int syms[4096], n = 0;

	for (; q[i].from >= 0 && n < (int)ARRAY_SIZE(syms); i = q[i].from)
		syms[n++] = q[i].sym;
	buf_put_u8(out, '"');
	while (n--) {
		int c = syms[n];

		if (c == 256)
			buf_put_str(out, "\\oob");
		else if (c >= 0x21 && c < 0x7f && c != '"' && c != '\\')
			buf_put_u8(out, (uint8_t)c);
		else
			buf_printf(out, "\\x%02x", c);
	}
	buf_put_u8(out, '"');
	buf_put_u8(out, 0);
}

static void dfa_cmp(const char *what, const struct dfa_part *da, const struct dfa_part *db)
{
	const struct dfa_blob *a = &da->b, *b = &db->b;
	bool oob = (a->flags | b->flags) & 2;
	size_t cap = 1024, nq = 0, hcap = 4096;
	struct pair *q;
	int64_t *h;	/* open addressing: an index into q, -1 empty */

	if (da->have != db->have) {
		say("%s: %s vs %s", what, da->have ? "present" : "absent", db->have ? "present" : "absent");
		return;
	}
	if (!da->have)
		return;
	q = xmalloc(cap * sizeof(*q));
	h = xmalloc(hcap * sizeof(*h));
	memset(h, 0xff, hcap * sizeof(*h));
	q[nq++] = (struct pair){ da->start, db->start, -1, 0 };
	h[mix((uint64_t)da->start << 32 | db->start) & (hcap - 1)] = 0;
	for (size_t i = 0; i < nq; i++) {
		uint32_t sa = q[i].a, sb = q[i].b;

		if (a->accept[sa] != b->accept[sb] || a->accept2[sa] != b->accept2[sb]) {
			struct buf p = BUF_INIT(0);

			path_of(q, (int)i, &p);
			say("%s: after %s: accept 0x%x/0x%x vs 0x%x/0x%x", what, (const char *)p.p,
			    a->accept[sa], a->accept2[sa], b->accept[sb], b->accept2[sb]);
			buf_free(&p);
			break;
		}
		if (!sa && !sb)
			continue;	/* the null states: nothing more to see */
		for (int c = 0; c < 256 + oob; c++) {
			uint32_t na = c < 256 ? dfa_blob_next(a, sa, (uint8_t)c) : dfa_blob_oob(a, sa);
			uint32_t nb = c < 256 ? dfa_blob_next(b, sb, (uint8_t)c) : dfa_blob_oob(b, sb);
			uint64_t key = (uint64_t)na << 32 | nb;
			size_t slot = mix(key) & (hcap - 1);

			while (h[slot] >= 0 && (q[h[slot]].a != na || q[h[slot]].b != nb))
				slot = (slot + 1) & (hcap - 1);
			if (h[slot] >= 0)
				continue;
			if (nq == cap)
				q = xrealloc(q, (cap *= 2) * sizeof(*q));
			q[nq] = (struct pair){ na, nb, (int)i, c };
			h[slot] = (int64_t)nq++;
			if (2 * nq > hcap) {
				/* grow and rehash */
				free(h);
				hcap *= 2;
				h = xmalloc(hcap * sizeof(*h));
				memset(h, 0xff, hcap * sizeof(*h));
				for (size_t j = 0; j < nq; j++) {
					size_t s = mix((uint64_t)q[j].a << 32 | q[j].b) & (hcap - 1);

					while (h[s] >= 0)
						s = (s + 1) & (hcap - 1);
					h[s] = (int64_t)j;
				}
			}
		}
	}
	free(q);
	free(h);
}

static void rec_cmp(const struct rec *a, const struct rec *b)
{
	cur_name = a->name.len ? (const char *)a->name.p : "?";
	if (!span_eq(a->name, b->name)) {
		say("the profile name: '%s' vs '%s'", (const char *)a->name.p, (const char *)b->name.p);
		return;
	}
	u32_cmp("version", a->version, b->version);
	span_cmp("namespace", a->ns, b->ns);
	span_cmp("rename", a->rename, b->rename);
	span_cmp("attach", a->attach, b->attach);
	span_cmp("disconnected", a->disconnected, b->disconnected);
	dfa_cmp("the attachment DFA", &a->xm, &b->xm);
	u32_cmp("xmatch_len", a->xm_len, b->xm_len);
	u32_cmp("hat flags", a->flags[0], b->flags[0]);
	u32_cmp("mode", a->flags[1], b->flags[1]);
	u32_cmp("audit", a->flags[2], b->flags[2]);
	if (a->has_pf != b->has_pf)
		say("path_flags: %s vs %s", a->has_pf ? "present" : "absent", b->has_pf ? "present" : "absent");
	u32_cmp("path_flags", a->pf, b->pf);
	for (int i = 0; i < 4; i++) {
		static const char *const w[] = { "caps allow", "caps audit", "caps quiet", "caps (4th)" };
		static const char *const w64[] = { "caps64 allow", "caps64 audit", "caps64 quiet",
						   "caps64 (4th)" };

		u32_cmp(w[i], a->caps[i], b->caps[i]);
		u32_cmp(w64[i], a->caps_hi[i], b->caps_hi[i]);
	}
	if (a->caps64 != b->caps64)
		say("caps64: %s vs %s", a->caps64 ? "present" : "absent", b->caps64 ? "present" : "absent");
	if (a->capsx != b->capsx || a->capsx_v[0] != b->capsx_v[0] || a->capsx_v[1] != b->capsx_v[1])
		say("%s", "capsx differs");
	if (a->nxattr != b->nxattr)
		say("xattrs: %d vs %d", a->nxattr, b->nxattr);
	for (int i = 0; i < a->nxattr && i < b->nxattr; i++)
		span_cmp("xattr", a->xattr[i], b->xattr[i]);
	if (a->has_rl != b->has_rl || a->rl_mask != b->rl_mask || a->nrl != b->nrl)
		say("rlimits: mask 0x%x of %d vs 0x%x of %d", a->rl_mask, a->nrl, b->rl_mask, b->nrl);
	for (int i = 0; i < a->nrl && i < b->nrl; i++)
		if (a->rl[i] != b->rl[i])
			say("rlimit %d: %llu vs %llu", i, (unsigned long long)a->rl[i],
			    (unsigned long long)b->rl[i]);
	if (!span_eq(a->secmark, b->secmark))
		say("%s", "secmark differs");
	if (!span_eq(a->data, b->data))
		say("%s", "data differs");
	dfa_cmp("the policy DB", &a->pol, &b->pol);
	dfa_cmp("the file DFA", &a->file, &b->file);
	if (a->nx != b->nx)
		say("xtable: %d entries vs %d", a->nx, b->nx);
	for (int i = 0; i < a->nx && i < b->nx; i++)
		if (!span_eq(a->xt[i], b->xt[i]))
			say("xtable %d: '%s' vs '%s'", i + 4, (const char *)a->xt[i].p, (const char *)b->xt[i].p);
}

int main(int argc, char **argv)
{
	struct rec *r[2] = { NULL, NULL };
	uint8_t *p[2] = { NULL, NULL };
	size_t len[2];
	int n[2] = { 0, 0 }, verbose = 0, rc = 2;

	if (argc > 1 && !strcmp(argv[1], "-v")) {
		verbose = 1;
		argc--;
		argv++;
	}
	if (argc != 3) {
		fputs("usage: aa-policy-diff [-v] A B\n", stderr);
		return 2;
	}
	for (int i = 0; i < 2; i++) {
		p[i] = (uint8_t *)read_file(argv[i + 1], &len[i]);
		if (!p[i]) {
			fprintf(stderr, "aa-policy-diff: %s: %s\n", argv[i + 1], strerror(errno));
			goto out;
		}
		r[i] = load(argv[i + 1], p[i], len[i], &n[i]);
		if (!r[i])
			goto out;
	}
	if (n[0] != n[1]) {
		printf("%d records vs %d\n", n[0], n[1]);
		ndiff++;
	}
	for (int i = 0; i < n[0] && i < n[1]; i++)
		rec_cmp(&r[0][i], &r[1][i]);
	if (!ndiff && verbose)
		printf("%d records, equivalent\n", n[0]);
	rc = ndiff ? 1 : 0;
out:
	for (int k = 0; k < 2; k++) {
		for (int i = 0; i < n[k]; i++)
			rec_free(&r[k][i]);
		free(r[k]);
		free(p[k]);
	}
	return rc;
}
