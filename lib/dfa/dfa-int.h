/* SPDX-License-Identifier: Apache-2.0 */
/* dfa-int.h: what the builder's files (re.c, build.c, minimize.c, pack.c)
 * share.  verify.c must not include it: it is the independent reader. */
#ifndef LSMBOX_DFA_INT_H
#define LSMBOX_DFA_INT_H

#include <stdint.h>
#include <string.h>

#include "dfa.h"

/* A growable array of 32-bit values. */
struct ivec {
	uint32_t *v;
	size_t n, cap;
};
void iv_push(struct ivec *v, uint32_t x);
void iv_free(struct ivec *v);

/* A hash of n bytes taken 8 at a time (state sets, byte-set vectors:
 * hashed in every step of the construction, where lib's byte-at-a-time
 * hash_mem was a twentieth of a compile).  Only where things go in a hash
 * table depends on it, never what is built. */
static inline uint64_t dfa_hash(const void *p, size_t n)
{
	const unsigned char *s = p;
	uint64_t h = 0x9e3779b97f4a7c15ull ^ n;

	for (; n >= 8; s += 8, n -= 8) {
		uint64_t w;

		memcpy(&w, s, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ull;
		h ^= h >> 31;
	}
	for (; n; s++, n--)
		h = (h ^ *s) * 0x100000001b3ull;
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	return h;
}

/* Byte sets: 256 bits. */
struct bset {
	uint64_t w[4];
};
static inline int bset_has(const struct bset *s, unsigned c)
{
	return (s->w[c >> 6] >> (c & 63)) & 1;
}
static inline void bset_add(struct bset *s, unsigned c)
{
	s->w[c >> 6] |= 1ull << (c & 63);
}

/* What a position (a leaf of some rule's syntax tree) matches: a byte set
 * (by its index in the set table), the out-of-band symbol, or nothing at
 * all: an accept position, which marks the end of a rule with its perms. */
#define POS_OOB		0xfffffffeu
#define POS_ACCEPT	0x80000000u	/* | the index of a unique perm */
#define POS_IS_ACCEPT(k) ((k) != POS_OOB && ((k) & POS_ACCEPT))

/* A unique (deny, exact, perms, audit): the rules that share one share an
 * accept position, as aare_rules' UniquePermsCache shares accept nodes. */
struct uperm {
	uint32_t perms, audit;
	uint8_t deny, exact;
	int rule;		/* the first rule that had it */
	uint32_t pos;		/* its accept position */
};

struct dfa_rules {
	unsigned flags;
	struct dfa_err err;
	int nrules;
	struct ivec kind;	/* by position: set index, POS_OOB, or POS_ACCEPT|perm */
	struct bset *sets;	/* distinct byte sets */
	uint32_t nsets, capsets;
	uint32_t *sethash;	/* set index + 1, open addressing */
	size_t nsethash;
	struct ivec efrom, eto;	/* followpos edges */
	struct ivec start;	/* positions of the start state */
	struct ivec rule_of;	/* by position: its rule, UINT32_MAX for an accept one */
	struct ivec tail;	/* dfa_append_rule: where the next append goes on from */
	int appended;		/* dfa_append_rule was called */
	struct uperm *perm;
	int nperm, capperm;
	int minlen;		/* min over rules of min_match_len; -1 for none */
	size_t max_edges;	/* followpos pairs allowed, all rules together */
	int overflow;		/* the rule being added passed max_edges */
};

/* A parsed piece: Glushkov's nullable, first and last positions, with
 * libapparmor_re's min_match_len and contains_oob for it. */
struct frag {
	struct ivec first, last;
	int nullable;
	int minlen;
	int oob;
};
void frag_free(struct frag *f);

/* re.c: parse the n parts of a rule (joined by NUL or out-of-band
 * separators) into f, adding positions and followpos edges to r.
 * *exact is set when no part uses '*', '+', '.' or brackets.  Returns 0, or
 * DFA_ESYNTAX with err filled in (the caller rolls r back). */
int re_parse(struct dfa_rules *r, int n, const char *const *parts, const size_t *lens,
	     int oob, struct frag *f, int *exact, struct dfa_err *err);
uint32_t rules_add_set(struct dfa_rules *r, const struct bset *s);
uint32_t rules_add_pos(struct dfa_rules *r, uint32_t kind);
void rules_add_edges(struct dfa_rules *r, const struct ivec *from, const struct ivec *to);

void dfa_seterr(struct dfa_err *e, int code, int rule, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/* The subset construction's result, and minimize.c's input: states by
 * number (0 the empty set, 1 the start), dense transitions over the byte
 * classes and one more column for the out-of-band symbol. */
struct nfa_dfa {
	size_t n;		/* states */
	uint32_t start;		/* the start state: 1, or 0 when it is the empty set */
	int ncls;		/* byte classes; column ncls is DFA_OOB */
	uint8_t cls[256];	/* class of each byte, classes numbered by their least byte */
	uint32_t *trans;	/* n * (ncls + 1) */
	uint32_t *accept, *accept2;
	size_t mem, max_mem;	/* working memory counted, and its cap */
	int blame;		/* past the kernel's state count: the rule in most states */
	size_t blame_in;	/* how many */
};

/* minimize.c: block[s] for every state, equal blocks for equivalent states
 * (same accept words, same blocks after every symbol); the number of blocks,
 * or DFA_EMEM when its working memory on top of a->mem would pass
 * a->max_mem (a->mem then counts it). */
int dfa_minimize(struct nfa_dfa *a, uint32_t *block);

struct dfa {
	int n;			/* states; 0 dead, 1 start */
	int ncls;
	uint8_t cls[256];
	uint16_t clsz[256];	/* bytes in each class */
	uint32_t *trans;	/* n * (ncls + 1), column ncls out-of-band */
	uint32_t *def;		/* the target of the most bytes, by state */
	uint32_t *accept, *accept2;
	int oob;		/* some state has an out-of-band transition */
	int minlen;
	int blame;		/* see struct nfa_dfa; -1 for none */
	size_t blame_in;
	struct dfa_stats stats;
};

#endif
