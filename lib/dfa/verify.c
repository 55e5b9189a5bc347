// SPDX-License-Identifier: Apache-2.0
/* verify.c: the kernel's reader of a DFA table set, as an oracle.  Format
 * and checks: Linux 6.1 security/apparmor/match.c (aa_dfa_unpack,
 * unpack_table, verify_table_headers, verify_dfa with paranoid_load on,
 * match_char) and include/match.h; written from their checks, not copied.
 * It shares no code with the builder (re.c, build.c, minimize.c, pack.c),
 * so that a mistake there cannot hide here: every blob the builder makes
 * is read back through this file in the tests. */
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa.h"

/* Header flags, table ids (as on disk: the kernel's id + 1), widths. */
#define TH_DIFF_ENCODE	1u
#define TH_OOB_TRANS	2u
#define TD_ACCEPT	1
#define TD_BASE		2
#define TD_CHK		3
#define TD_DEF		4
#define TD_EC		5
#define TD_ACCEPT2	7
#define TD_NXT		8
#define TD_ID_LAST	9	/* the kernel's YYTD_ID_MAX + 1: read, then refused */
/* BASE flags in the top byte: only diff-encode and out-of-band are valid. */
#define B_DIFF_ENCODE	0x80000000u
#define B_OOB		0x20000000u
#define B_INVALID	(0xff000000u & ~(B_DIFF_ENCODE | B_OOB))
#define B_IDX(x)	((x) & 0xffffffu)

static uint16_t be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

struct table {
	int width;
	uint32_t n;
	void *data;
};

static int fail(const char **why, const char *msg)
{
	if (why)
		*why = msg;
	return -1;
}

/* The width each table must have (accept tables: 32 bits, as the kernel
 * asks of file and policy DFAs), or 0 for an id the kernel refuses. */
static int width_for(int id)
{
	switch (id) {
	case TD_ACCEPT: case TD_ACCEPT2: case TD_BASE:
		return 4;
	case TD_DEF: case TD_NXT: case TD_CHK:
		return 2;
	case TD_EC:
		return 1;
	}
	return 0;
}

static const char *const wrong_width[] = {
	"", "the ACCEPT table is not 32-bit", "the BASE table is not 32-bit",
	"the CHK table is not 16-bit", "the DEF table is not 16-bit", "the EC table is not 8-bit",
	"", "the ACCEPT2 table is not 32-bit", "the NXT table is not 16-bit",
};
static const char *const twice[] = {
	"", "the ACCEPT table appears twice", "the BASE table appears twice",
	"the CHK table appears twice", "the DEF table appears twice", "the EC table appears twice",
	"", "the ACCEPT2 table appears twice", "the NXT table appears twice",
};

/* The checks that need all tables: sizes agree (verify_table_headers). */
static int check_headers(struct table *t, const char **why)
{
	uint32_t states;

	if (!t[TD_DEF].data || !t[TD_BASE].data || !t[TD_NXT].data || !t[TD_CHK].data)
		return fail(why, "a required table (DEF, BASE, NXT or CHK) is missing");
	states = t[TD_BASE].n;
	if (!t[TD_ACCEPT].data)
		return fail(why, "the ACCEPT table is missing");
	if (t[TD_ACCEPT].n != states)
		return fail(why, "ACCEPT and BASE differ in length");
	if (!t[TD_ACCEPT2].data)
		return fail(why, "the ACCEPT2 table is missing");
	if (t[TD_ACCEPT2].n != states)
		return fail(why, "ACCEPT2 and BASE differ in length");
	if (t[TD_DEF].n != states)
		return fail(why, "DEF and BASE differ in length");
	if (t[TD_NXT].n != t[TD_CHK].n)
		return fail(why, "NXT and CHK differ in length");
	if (t[TD_EC].data && t[TD_EC].n != 256)
		return fail(why, "the EC table does not have 256 entries");
	return 0;
}

/* The paranoid checks (verify_dfa): every state and entry in bounds, flags
 * allowed by the header, and no loop among diff-encoded defaults. */
static int check_states(const struct dfa_blob *b, const char **why)
{
	uint8_t *mark;
	int ret = 0;

	for (uint32_t i = 0; i < b->nstates; i++) {
		uint32_t base = b->base[i];

		if (b->def[i] >= b->nstates)
			return fail(why, "a default state is out of range");
		if (base & B_INVALID)
			return fail(why, "a base has invalid flag bits");
		if ((base & B_DIFF_ENCODE) && !(b->flags & TH_DIFF_ENCODE))
			return fail(why, "a diff-encoded state without the header flag");
		if (base & B_OOB) {
			if (B_IDX(base) < 1)
				return fail(why, "an out-of-band state with base 0");
			if (!(b->flags & TH_OOB_TRANS))
				return fail(why, "an out-of-band state without the header flag");
		}
		if ((uint64_t)B_IDX(base) + 255 >= b->ntrans)
			return fail(why, "base + 255 is past the end of NXT/CHK");
	}
	for (uint32_t i = 0; i < b->ntrans; i++) {
		if (b->next[i] >= b->nstates)
			return fail(why, "a NXT entry is out of range");
		if (b->check[i] >= b->nstates)
			return fail(why, "a CHK entry is out of range");
	}
	/* 0 unseen, 1 on the chain being walked, 2 known to end. */
	mark = xzalloc(b->nstates);
	for (uint32_t i = 0; i < b->nstates && !ret; i++) {
		uint32_t j;

		for (j = i; (b->base[j] & B_DIFF_ENCODE) && mark[j] != 2; j = b->def[j]) {
			if (mark[j] == 1 || b->def[j] == j) {
				ret = fail(why, "diff-encoded defaults loop");
				break;
			}
			mark[j] = 1;
		}
		for (j = i; (b->base[j] & B_DIFF_ENCODE) && mark[j] == 1; j = b->def[j])
			mark[j] = 2;
	}
	free(mark);
	return ret;
}

int dfa_blob_unpack(const void *p, size_t len, struct dfa_blob *b, const char **why)
{
	const uint8_t *s = p;
	struct table t[TD_ID_LAST + 1];
	uint32_t hsize;
	size_t total = 0, off;
	uint8_t *mem;
	int ret = -1;

	memset(b, 0, sizeof(*b));
	memset(t, 0, sizeof(t));
	if (len < 16)
		return fail(why, "shorter than a table-set header");
	if (be32(s) != DFA_BLOB_MAGIC)
		return fail(why, "bad magic");
	hsize = be32(s + 4);
	if (len < hsize)
		return fail(why, "header size past the end");
	b->flags = be16(s + 12);
	if (b->flags & ~(TH_DIFF_ENCODE | TH_OOB_TRANS))
		return fail(why, "unknown header flags");

	/* First pass: each table's header, as unpack_table and the id switch. */
	for (off = hsize; off < len;) {
		size_t left = len - off, tsize;
		int id, w;
		uint32_t n;

		if (left < 12)
			return fail(why, "a table header is cut short");
		id = be16(s + off);
		w = be16(s + off + 2);
		n = be32(s + off + 8);
		if (id < 1 || id > TD_ID_LAST)
			return fail(why, "a table id is out of range");
		if (w != 1 && w != 2 && w != 4)
			return fail(why, "a table has a bad element width");
		if (!n)
			return fail(why, "a table has no entries");
		tsize = (12 + (size_t)n * (size_t)w + 7) & ~(size_t)7;
		if (left < tsize)
			return fail(why, "a table runs past the end");
		if (!width_for(id))
			return fail(why, id == 6 ? "a META table (not supported)" : "an unknown table id");
		if (w != width_for(id))
			return fail(why, wrong_width[id]);
		if (t[id].data)
			return fail(why, twice[id]);
		t[id].width = w;
		t[id].n = n;
		t[id].data = (void *)(s + off + 12);
		total += ((size_t)n * (size_t)w + 7) & ~(size_t)7;
		off += tsize;
	}
	if (check_headers(t, why))
		return -1;

	/* Decode into host order, one block, each table 8-aligned in it. */
	mem = xmalloc(total + 8);
	b->mem = mem;
	for (int id = 1; id <= TD_ID_LAST; id++) {
		const uint8_t *src = t[id].data;
		void *dst = mem;

		if (!src)
			continue;
		for (uint32_t i = 0; i < t[id].n; i++) {
			if (t[id].width == 4) {
				uint32_t v = be32(src + 4 * (size_t)i);

				memcpy(mem + 4 * (size_t)i, &v, 4);
			} else if (t[id].width == 2) {
				uint16_t v = be16(src + 2 * (size_t)i);

				memcpy(mem + 2 * (size_t)i, &v, 2);
			} else {
				mem[i] = src[i];
			}
		}
		mem += ((size_t)t[id].n * (size_t)t[id].width + 7) & ~(size_t)7;
		t[id].data = dst;
	}
	b->nstates = t[TD_BASE].n;
	b->ntrans = t[TD_NXT].n;
	b->accept = t[TD_ACCEPT].data;
	b->accept2 = t[TD_ACCEPT2].data;
	b->base = t[TD_BASE].data;
	b->def = t[TD_DEF].data;
	b->next = t[TD_NXT].data;
	b->check = t[TD_CHK].data;
	b->ec = t[TD_EC].data;
	ret = check_states(b, why);
	if (ret)
		dfa_blob_free(b);
	return ret;
}

void dfa_blob_free(struct dfa_blob *b)
{
	free(b->mem);
	memset(b, 0, sizeof(*b));
}

/* match_char: the entry at base + c if this state owns it, else the
 * default, and on again from there while the state was diff-encoded. */
static unsigned step(const struct dfa_blob *b, unsigned state, int c)
{
	for (;;) {
		uint32_t base = b->base[state];
		size_t pos = B_IDX(base) + (size_t)(long)c;

		/* (an out-of-band step met on a diff-encode chain at a state
		 * with base 0 has no slot; the kernel would read before NXT) */
		if ((B_IDX(base) || c >= 0) && b->check[pos] == state)
			return b->next[pos];
		state = b->def[state];
		if (!(base & B_DIFF_ENCODE))
			return state;
	}
}

unsigned dfa_blob_next(const struct dfa_blob *b, unsigned state, uint8_t c)
{
	return step(b, state, b->ec ? b->ec[c] : c);
}

unsigned dfa_blob_oob(const struct dfa_blob *b, unsigned state)
{
	if (!(b->base[state] & B_OOB))
		return 0;
	return step(b, state, -1);
}

unsigned dfa_blob_match(const struct dfa_blob *b, unsigned state, const void *s, size_t len)
{
	const uint8_t *p = s;

	if (!state)
		return 0;
	for (size_t i = 0; i < len; i++)
		state = dfa_blob_next(b, state, p[i]);
	return state;
}
