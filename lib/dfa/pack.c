// SPDX-License-Identifier: Apache-2.0
/* pack.c: a built DFA as the kernel's flex table set.  Format: Linux 6.1
 * security/apparmor/match.c and include/match.h, and apparmor 3.0.8's
 * chfa.cc writer; written from their checks and layout, not copied.
 *
 * Note [comb]: each state keeps only the transitions that differ from its
 * default; they go into shared next/check arrays at base + symbol, where
 * check says which state owns the entry.  States are placed in number
 * order (start first), each at the lowest free slot where all its entries
 * are free, and the arrays grow so that base + 255 < their length, the
 * bound the kernel checks.  This places each state where chfa.cc's
 * first-fit over its free list in slot order does, with its initial size
 * and growth steps, so a DFA numbered the same packs to the same bytes as
 * apparmor_parser's (no diff-encode, no EC: its defaults for a 6.1
 * kernel); we find the place with a bitmap of used slots, 64 bases at a
 * time. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa-int.h"

#define FLAG_OOB_TRANS	2		/* th_flags */
#define BASE_OOB	0x20000000u	/* a state with an out-of-band transition */
#define HSIZE		24		/* 14 + "notflex\0" + "" + NUL, padded to 8 */

enum { ID_ACCEPT = 1, ID_BASE = 2, ID_CHK = 3, ID_DEF = 4, ID_EC = 5, ID_ACCEPT2 = 7, ID_NXT = 8 };

struct comb {
	size_t size;		/* the table's length (what is written) */
	size_t cap;		/* next's and check's room */
	uint16_t *next, *check;
	uint64_t *used;		/* a bit a slot */
	size_t nw;		/* words of used */
	size_t first_free;	/* the lowest slot not used (size: none) */
};

struct edge {
	int sym;		/* -1 for out-of-band */
	uint32_t to;
};

/* The table grown to size slots, its room at least doubled: states that
 * land past its end grow it a few hundred slots at a time, and a realloc
 * to each exact size copied the whole table each time (quadratic where
 * realloc cannot grow in place, as under ASan). */
static void comb_grow(struct comb *cb, size_t size)
{
	size_t old = cb->cap, cap = size > 2 * old ? size : 2 * old, nw = (cap + 63) / 64;

	cb->size = size;
	if (size <= old)
		return;
	cb->next = xrealloc(cb->next, cap * sizeof(*cb->next));
	cb->check = xrealloc(cb->check, cap * sizeof(*cb->check));
	memset(cb->next + old, 0, (cap - old) * sizeof(*cb->next));
	memset(cb->check + old, 0, (cap - old) * sizeof(*cb->check));
	cb->used = xrealloc(cb->used, nw * sizeof(*cb->used));
	memset(cb->used + cb->nw, 0, (nw - cb->nw) * sizeof(*cb->used));
	cb->cap = cap;
	cb->nw = nw;
}

/* The used bits of the 64 slots from pos; slots past the table are free. */
static uint64_t used64(const struct comb *cb, size_t pos)
{
	size_t w = pos >> 6;
	unsigned off = pos & 63;
	uint64_t lo = w < cb->nw ? cb->used[w] : 0, hi = w + 1 < cb->nw ? cb->used[w + 1] : 0;

	return off ? lo >> off | hi << (64 - off) : lo;
}

/* Place ne edges (the least symbol first) of state q; its base.  First fit:
 * the lowest base b at which every edge's slot is free or past the table
 * (and its first edge's slot at or past the lowest free one), as chfa.cc's
 * walk of its free list finds it; the table then grows so that b + 255 is
 * in it.  Sixty-four bases are tried at once, one word an edge. */
static long comb_place(struct comb *cb, uint32_t q, const struct edge *e, int ne)
{
	long c = e[0].sym;
	size_t b0 = (long)cb->first_free - c > 0 ? (size_t)((long)cb->first_free - c) : 0, base;

	for (;; b0 += 64) {
		uint64_t fit = ~0ull;

		for (int i = 0; i < ne && fit; i++)
			fit &= ~used64(cb, b0 + (size_t)(long)e[i].sym);
		if (fit) {
			base = b0 + (size_t)__builtin_ctzll(fit);
			break;
		}
	}
	if (base + 256 > cb->size)
		comb_grow(cb, base + 256);
	for (int i = 0; i < ne; i++) {
		size_t pos = base + (size_t)(long)e[i].sym;

		cb->next[pos] = (uint16_t)e[i].to;
		cb->check[pos] = (uint16_t)q;
		cb->used[pos >> 6] |= 1ull << (pos & 63);
	}
	while (cb->first_free < cb->size && (cb->used[cb->first_free >> 6] >> (cb->first_free & 63) & 1))
		cb->first_free++;
	return (long)base;
}

static size_t table_size(size_t n, size_t w)
{
	return (12 + n * w + 7) & ~(size_t)7;
}

static void put_table(struct buf *out, int id, int w, size_t n, const void *v)
{
	buf_put_u16be(out, (uint16_t)id);
	buf_put_u16be(out, (uint16_t)w);
	buf_put_u32be(out, 0);
	buf_put_u32be(out, (uint32_t)n);
	/* the entries big-endian, written in place (room made once) */
	{
		uint8_t *o = buf_grow(out, table_size(n, (size_t)w) - 12);

		if (!o)
			return;
		for (size_t i = 0; i < n; i++) {
			if (w == 4) {
				uint32_t x = ((const uint32_t *)v)[i];

				o[4 * i] = (uint8_t)(x >> 24);
				o[4 * i + 1] = (uint8_t)(x >> 16);
				o[4 * i + 2] = (uint8_t)(x >> 8);
				o[4 * i + 3] = (uint8_t)x;
			} else if (w == 2) {
				uint16_t x = ((const uint16_t *)v)[i];

				o[2 * i] = (uint8_t)(x >> 8);
				o[2 * i + 1] = (uint8_t)x;
			} else {
				o[i] = ((const uint8_t *)v)[i];
			}
		}
	}
}

/* The EC table: bytes that go the same way from every state share a
 * class, classes numbered by least byte.  Returns the class count. */
static int equiv_classes(const struct dfa *d, uint8_t *ec)
{
	int K = d->ncls + 1, m = 0, map[256];

	for (int c = 0; c < d->ncls; c++) {
		map[c] = -1;
		for (int o = 0; o < c && map[c] < 0; o++) {
			int same = 1;

			for (int q = 0; q < d->n && same; q++)
				same = d->trans[(size_t)q * K + c] == d->trans[(size_t)q * K + o];
			if (same)
				map[c] = map[o];
		}
		if (map[c] < 0)
			map[c] = m++;
	}
	for (int b = 0; b < 256; b++)
		ec[b] = (uint8_t)map[d->cls[b]];
	return m;
}

int dfa_pack(const struct dfa *d, unsigned flags, struct buf *out, struct dfa_err *err)
{
	struct dfa_err dummy;
	int K = d->ncls + 1, use_ec = flags & DFA_PACK_EC, nsym, ret = 0;
	uint8_t ec[256];
	int rep[256], nin[256] = { 0 }, cstart[257] = { 0 };
	uint16_t csym[256];
	struct comb cb = { 0 };
	struct edge *e = xmalloc(258 * sizeof(*e));
	uint32_t *base = xzalloc((size_t)d->n * sizeof(*base));
	uint16_t *def = xzalloc((size_t)d->n * sizeof(*def));
	uint32_t *acc = xzalloc((size_t)d->n * sizeof(*acc)), *acc2 = xzalloc((size_t)d->n * sizeof(*acc2));
	size_t optimal = 2, start = out->len;

	if (!err)
		err = &dummy;
	memset(err, 0, sizeof(*err));
	err->rule = err->rule2 = -1;
	if (d->n > DFA_KERNEL_STATES_MAX) {
		dfa_seterr(err, DFA_ETOOBIG, d->blame, "too many states (%d) for the kernel's "
			   "16-bit state numbers (at most %d)", d->n, DFA_KERNEL_STATES_MAX);
		if (d->blame >= 0) {
			size_t len = strlen(err->msg);

			snprintf(err->msg + len, sizeof(err->msg) - len, "; the rule in the most "
				 "states before minimising: this one (%zu of %zu)", d->blame_in, d->stats.built);
		}
		ret = DFA_ETOOBIG;
		goto out;
	}
	/* Symbols: bytes, or EC classes; rep[s] is a class of construction. */
	if (use_ec) {
		nsym = equiv_classes(d, ec);
		for (int b = 255; b >= 0; b--)
			rep[ec[b]] = d->cls[b];
	} else {
		nsym = 256;
		for (int b = 0; b < 256; b++)
			rep[b] = d->cls[b];
	}
	/* The symbols of each class of construction, least first: a state's
	 * edges are the symbols of the classes it does not send to its
	 * default, the out-of-band one first; comb_place needs the least
	 * symbol first, not the rest in order. */
	for (int s = 0; s < nsym; s++)
		nin[rep[s]]++;
	for (int c = 0; c < d->ncls; c++)
		cstart[c + 1] = cstart[c] + nin[c];
	for (int s = 0, fill[256] = { 0 }; s < nsym; s++)
		csym[cstart[rep[s]] + fill[rep[s]]++] = (uint16_t)s;
#define EDGES(q, ne) do {							\
		const uint32_t *row_ = d->trans + (size_t)(q) * (size_t)K;	\
		int least_ = 0;							\
		ne = 0;								\
		if (row_[d->ncls])						\
			e[ne++] = (struct edge){ -1, row_[d->ncls] };		\
		for (int c_ = 0; c_ < d->ncls; c_++)				\
			if (row_[c_] != d->def[q])				\
				for (int k_ = cstart[c_]; k_ < cstart[c_ + 1]; k_++) { \
					if (ne > least_ && csym[k_] < e[least_].sym) \
						least_ = ne;			\
					e[ne++] = (struct edge){ csym[k_], row_[c_] }; \
				}						\
		if (ne && e[0].sym >= 0 && least_) {				\
			struct edge t_ = e[0];					\
			e[0] = e[least_];					\
			e[least_] = t_;						\
		}								\
	} while (0)
	for (int q = 2; q < d->n; q++) {
		const uint32_t *row = d->trans + (size_t)q * (size_t)K;

		optimal += row[d->ncls] != 0;
		for (int c = 0; c < d->ncls; c++)
			if (row[c] != d->def[q])
				optimal += (size_t)nin[c];
	}
	/* next/check start with the dead state's own pair at slot 0. */
	comb_grow(&cb, optimal > (size_t)(256 + d->oob) ? optimal : (size_t)(256 + d->oob));
	cb.used[0] = 1;
	cb.first_free = 1;
	for (int q = 1; q < d->n; q++) {
		int ne;
		long b = 0;

		EDGES(q, ne);
		if (ne)
			b = comb_place(&cb, (uint32_t)q, e, ne);
		if ((unsigned long)b > DFA_KERNEL_BASE_MAX) {
			dfa_seterr(err, DFA_ETOOBIG, -1, "transition table too large for the "
				   "kernel's 24-bit base (%zu entries)", cb.size);
			ret = DFA_ETOOBIG;
			goto out;
		}
		base[q] = (uint32_t)b | (ne && e[0].sym < 0 ? BASE_OOB : 0);
		def[q] = (uint16_t)d->def[q];
		if (q > 1) {
			acc[q] = d->accept[q];
			acc2[q] = d->accept2[q];
		}
	}
#undef EDGES

	buf_put_u32be(out, DFA_BLOB_MAGIC);
	buf_put_u32be(out, HSIZE);
	buf_put_u32be(out, (uint32_t)(HSIZE + 2 * table_size((size_t)d->n, 4) +
				      (use_ec ? table_size(256, 1) : 0) +
				      table_size((size_t)d->n, 4) + table_size((size_t)d->n, 2) +
				      2 * table_size(cb.size, 2)));
	buf_put_u16be(out, d->oob ? FLAG_OOB_TRANS : 0);
	buf_put(out, "notflex", 8);
	buf_pad(out, HSIZE - 14 - 8, 0);
	put_table(out, ID_ACCEPT, 4, (size_t)d->n, acc);
	put_table(out, ID_ACCEPT2, 4, (size_t)d->n, acc2);
	if (use_ec)
		put_table(out, ID_EC, 1, 256, ec);
	put_table(out, ID_BASE, 4, (size_t)d->n, base);
	put_table(out, ID_DEF, 2, (size_t)d->n, def);
	put_table(out, ID_NXT, 2, cb.size, cb.next);
	put_table(out, ID_CHK, 2, cb.size, cb.check);
	if (out->err) {
		dfa_seterr(err, DFA_EMEM, -1, "the DFA does not fit in the output buffer");
		out->len = start < out->len ? start : out->len;
		ret = DFA_EMEM;
	}
out:
	free(cb.next);
	free(cb.check);
	free(cb.used);
	free(e);
	free(base);
	free(def);
	free(acc);
	free(acc2);
	return ret;
}
