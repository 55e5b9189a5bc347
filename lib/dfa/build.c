// SPDX-License-Identifier: Apache-2.0
/* build.c: rules in, DFA out.  The subset construction of hfa.cc, done on
 * Glushkov positions (followpos) with the state sets hashed, over the byte
 * classes of the rule set instead of single bytes; accept words per state
 * as hfa.cc's accept_perms computes them; then minimize.c, and a breadth-
 * first renumbering that drops what the start cannot reach.
 *
 * Note [classes]: two bytes that every position's set either both holds
 * or both lacks go the same way from every state, so the construction
 * works on one representative a class.  A rule set of paths has a few
 * dozen classes, so a state's row is short and the work per state is
 * proportional to its positions, not to 256.
 *
 * Note [grouping]: from a state S, the target on class c is the union of
 * followpos(p) over the positions p of S whose set holds c.  Which of S's
 * distinct sets hold c is a bit vector; classes with equal vectors have
 * equal targets, so each distinct vector's union is computed once.  A
 * state inside [^/\x00]* of many rules has one big group, not 250 copies.
 *
 * Note [merging positions]: rules "/a/" and "/b/" then ** with one perm end in
 * their own [^\x00]* position, and a state holds any subset of such tails
 * that the input has reached: 2^n sets for n rules, the blow-up of **-heavy
 * rule sets.  Two positions with the same byte set whose followpos sets
 * meet the same blocks are interchangeable (forward bisimilar: same future
 * language), so we merge them before the construction: hash-consing from
 * the last position back, a self-loop counting as "self", until a pass
 * merges nothing.  Every merge keeps the partition stable (each block's
 * members see the same blocks), so stopping early is still correct, only
 * less reduced.  This does for us what libapparmor_re's suffix factoring of
 * alternations (expr-tree.cc) does for it.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa-int.h"

/* v[0..n-1] in increasing order: quicksort (median of three, the smaller
 * side first so the stack stays short), insertion sort below 16.  Not
 * qsort: its callback was a twentieth of the construction. */
static void sort_u32(uint32_t *v, size_t n)
{
	size_t lo[64], hi[64];
	int top = 0;

	lo[0] = 0;
	hi[0] = n;
	while (top >= 0) {
		size_t l = lo[top], h = hi[top--];

		while (h - l > 16) {
			size_t m = l + (h - l) / 2, i = l, j = h - 1;
			uint32_t a = v[l], b = v[m], c = v[h - 1], pv, t;

			pv = a < b ? (b < c ? b : a < c ? c : a) : (a < c ? a : b < c ? c : b);
			for (;;) {
				while (v[i] < pv)
					i++;
				while (v[j] > pv)
					j--;
				if (i >= j)
					break;
				t = v[i];
				v[i++] = v[j];
				v[j--] = t;
			}
			/* [l, j] <= pv <= [j + 1, h) */
			if (j + 1 - l < h - j - 1) {
				lo[++top] = j + 1;
				hi[top] = h;
				h = j + 1;
			} else {
				lo[++top] = l;
				hi[top] = j + 1;
				l = j + 1;
			}
		}
		for (size_t i = l + 1; i < h; i++) {
			uint32_t x = v[i];
			size_t k = i;

			for (; k > l && v[k - 1] > x; k--)
				v[k] = v[k - 1];
			v[k] = x;
		}
	}
}

struct dfa_rules *dfa_rules_new(unsigned flags)
{
	struct dfa_rules *r = xzalloc(sizeof(*r));

	r->flags = flags;
	r->minlen = -1;
	r->max_edges = DFA_EDGES_DEFAULT;
	r->err.rule = r->err.rule2 = -1;
	return r;
}

void dfa_rules_free(struct dfa_rules *r)
{
	if (!r)
		return;
	iv_free(&r->kind);
	iv_free(&r->efrom);
	iv_free(&r->eto);
	iv_free(&r->start);
	iv_free(&r->rule_of);
	iv_free(&r->tail);
	free(r->sets);
	free(r->sethash);
	free(r->perm);
	free(r);
}

void dfa_rules_limit(struct dfa_rules *r, size_t max_edges)
{
	r->max_edges = max_edges ? max_edges : DFA_EDGES_DEFAULT;
}

const struct dfa_err *dfa_rules_err(const struct dfa_rules *r)
{
	return &r->err;
}

int dfa_rules_count(const struct dfa_rules *r)
{
	return r->nrules;
}

static size_t set_slot(const struct dfa_rules *r, const struct bset *s)
{
	size_t mask = r->nsethash - 1, i = dfa_hash(s, sizeof(*s)) & mask;

	while (r->sethash[i] && memcmp(&r->sets[r->sethash[i] - 1], s, sizeof(*s)))
		i = (i + 1) & mask;
	return i;
}

uint32_t rules_add_set(struct dfa_rules *r, const struct bset *s)
{
	size_t i;

	if (!r->nsethash) {
		r->nsethash = 64;
		r->sethash = xzalloc(r->nsethash * sizeof(*r->sethash));
	}
	i = set_slot(r, s);
	if (r->sethash[i])
		return r->sethash[i] - 1;
	if (r->nsets == r->capsets) {
		r->capsets = r->capsets ? r->capsets * 2 : 64;
		r->sets = xrealloc(r->sets, r->capsets * sizeof(*r->sets));
	}
	r->sets[r->nsets] = *s;
	r->sethash[i] = ++r->nsets;
	if (r->nsets * 2 > r->nsethash) {
		free(r->sethash);
		r->nsethash *= 2;
		r->sethash = xzalloc(r->nsethash * sizeof(*r->sethash));
		for (uint32_t k = 0; k < r->nsets; k++)
			r->sethash[set_slot(r, &r->sets[k])] = k + 1;
	}
	return r->nsets - 1;
}

uint32_t rules_add_pos(struct dfa_rules *r, uint32_t kind)
{
	iv_push(&r->kind, kind);
	iv_push(&r->rule_of, POS_IS_ACCEPT(kind) ? UINT32_MAX : (uint32_t)r->nrules);
	return (uint32_t)r->kind.n - 1;
}

/* All pairs; none once the rule being added has passed max_edges. */
void rules_add_edges(struct dfa_rules *r, const struct ivec *from, const struct ivec *to)
{
	if (r->overflow || (to->n && from->n > (r->max_edges - r->efrom.n) / to->n)) {
		r->overflow = 1;
		return;
	}
	for (size_t i = 0; i < from->n; i++)
		for (size_t j = 0; j < to->n; j++) {
			iv_push(&r->efrom, from->v[i]);
			iv_push(&r->eto, to->v[j]);
		}
}

/* The accept position of (deny, exact, perms, audit), made at first sight. */
static uint32_t perm_pos(struct dfa_rules *r, int deny, int exact, uint32_t perms, uint32_t audit)
{
	struct uperm *u;

	for (int i = 0; i < r->nperm; i++) {
		u = &r->perm[i];
		if (u->deny == !!deny && u->exact == !!exact && u->perms == perms && u->audit == audit)
			return u->pos;
	}
	if (r->nperm == r->capperm) {
		r->capperm = r->capperm ? r->capperm * 2 : 16;
		r->perm = xrealloc(r->perm, (size_t)r->capperm * sizeof(*r->perm));
	}
	u = &r->perm[r->nperm];
	*u = (struct uperm){ perms, audit, !!deny, !!exact, r->nrules, 0 };
	u->pos = rules_add_pos(r, POS_ACCEPT | (uint32_t)r->nperm);
	r->nperm++;
	return u->pos;
}

/* A rule that failed taken back: positions and followpos pairs as they
 * were before it (npos, nedge), the overflow mark cleared. */
static void rollback(struct dfa_rules *r, size_t npos, size_t nedge)
{
	r->overflow = 0;
	r->kind.n = r->rule_of.n = npos;
	r->efrom.n = r->eto.n = nedge;
}

int dfa_add_rule_vec(struct dfa_rules *r, int deny, uint32_t perms, uint32_t audit,
		     int n, const char *const *parts, const size_t *lens, int oob)
{
	size_t npos = r->kind.n, nedge = r->efrom.n;
	struct frag f;
	struct ivec acc = { 0 };
	int exact, ret;

	memset(&r->err, 0, sizeof(r->err));
	r->err.rule = r->err.rule2 = -1;
	if (r->appended) {
		dfa_seterr(&r->err, DFA_EINVAL, r->nrules, "a rule after an appended one");
		return DFA_EINVAL;
	}
	if (n < 1) {
		dfa_seterr(&r->err, DFA_EINVAL, r->nrules, "a rule needs at least one part");
		return DFA_EINVAL;
	}
	ret = re_parse(r, n, parts, lens, oob, &f, &exact, &r->err);
	if (ret) {
		rollback(r, npos, nedge);
		r->err.rule = r->nrules;
		return ret;
	}
	iv_push(&acc, perm_pos(r, deny, exact, perms, audit));
	rules_add_edges(r, &f.last, &acc);
	if (r->overflow) {
		rollback(r, npos, nedge);
		if (r->nperm && r->perm[r->nperm - 1].rule == r->nrules)
			r->nperm--;	/* made for this rule: its position is gone */
		dfa_seterr(&r->err, DFA_EMEM, r->nrules, "rule too complex: more than %zu "
			   "followpos pairs", r->max_edges);
		iv_free(&acc);
		frag_free(&f);
		return DFA_EMEM;
	}
	for (size_t i = 0; i < f.first.n; i++)
		iv_push(&r->start, f.first.v[i]);
	if (f.nullable)
		iv_push(&r->start, acc.v[0]);
	if (r->minlen < 0 || f.minlen < r->minlen)
		r->minlen = f.minlen;
	iv_free(&acc);
	frag_free(&f);
	r->nrules++;
	return 0;
}

int dfa_append_rule(struct dfa_rules *r, const char *re, size_t len, int oob)
{
	size_t npos = r->kind.n, nedge = r->efrom.n;
	struct ivec sep = { 0 }, acc = { 0 };
	struct frag f;
	int exact, ret;

	memset(&r->err, 0, sizeof(r->err));
	r->err.rule = r->err.rule2 = -1;
	if (!r->nperm)
		return 0;
	ret = re_parse(r, 1, &re, &len, 0, &f, &exact, &r->err);
	if (ret) {
		rollback(r, npos, nedge);
		r->err.rule = r->nrules;
		return ret;
	}
	/* The first append goes on from every rule's end (what leads to an
	 * accept position), later ones from the last one's end. */
	if (!r->appended) {
		r->tail.n = 0;
		for (size_t i = 0; i < r->efrom.n; i++)
			if (POS_IS_ACCEPT(r->kind.v[r->eto.v[i]]))
				iv_push(&r->tail, r->efrom.v[i]);
	}
	if (oob) {
		iv_push(&sep, rules_add_pos(r, POS_OOB));
	} else {
		struct bset nul = { { 1 } };

		iv_push(&sep, rules_add_pos(r, rules_add_set(r, &nul)));
	}
	for (int i = 0; i < r->nperm; i++)
		iv_push(&acc, r->perm[i].pos);
	rules_add_edges(r, &r->tail, &sep);
	rules_add_edges(r, &sep, &f.first);
	rules_add_edges(r, &f.last, &acc);
	if (f.nullable)
		rules_add_edges(r, &sep, &acc);
	if (r->overflow) {
		rollback(r, npos, nedge);
		dfa_seterr(&r->err, DFA_EMEM, r->nrules, "rule too complex: more than %zu "
			   "followpos pairs", r->max_edges);
		ret = DFA_EMEM;
	} else {
		r->tail.n = 0;
		for (size_t i = 0; i < f.last.n; i++)
			iv_push(&r->tail, f.last.v[i]);
		if (f.nullable)
			iv_push(&r->tail, sep.v[0]);
		r->appended = 1;
	}
	iv_free(&sep);
	iv_free(&acc);
	frag_free(&f);
	return ret;
}

int dfa_add_rule(struct dfa_rules *r, const char *re, size_t len, int deny,
		 uint32_t perms, uint32_t audit)
{
	return dfa_add_rule_vec(r, deny, perms, audit, 1, &re, &len, 0);
}

/* ---- accept words (hfa.cc accept_perms) ---- */

/* immunix.h is_merged_x_consistent: both halves that exec agree on how. */
static int x_consistent(uint32_t a, uint32_t b)
{
	if ((a & DFA_USER_EXEC) && (b & DFA_USER_EXEC) &&
	    (a & DFA_USER_EXEC_TYPE) != (b & DFA_USER_EXEC_TYPE))
		return 0;
	if ((a & DFA_OTHER_EXEC) && (b & DFA_OTHER_EXEC) &&
	    (a & DFA_OTHER_EXEC_TYPE) != (b & DFA_OTHER_EXEC_TYPE))
		return 0;
	return 1;
}

/* Some earlier perm of the same kind that u does not agree with. */
static int conflict_with(const struct dfa_rules *r, const uint32_t *pl, size_t i)
{
	const struct uperm *u = &r->perm[pl[i]];

	for (size_t j = 0; j < i; j++) {
		const struct uperm *v = &r->perm[pl[j]];

		if (!v->deny && v->exact == u->exact && !x_consistent(v->perms, u->perms))
			return v->rule;
	}
	for (size_t j = 0; j < i; j++) {
		const struct uperm *v = &r->perm[pl[j]];

		if (!v->deny && v->exact == u->exact)
			return v->rule;
	}
	return -1;
}

/* The words of a state whose accept positions are those of perms pl[0..n-1].
 * Exact matches override the exec type of globs; denied exec denies its
 * type too (file DFAs); allow loses what deny has, quiet keeps only it. */
static int accept_words(struct dfa_rules *r, const uint32_t *pl, size_t n,
			uint32_t *accept, uint32_t *accept2)
{
	uint32_t allow = 0, deny = 0, audit = 0, quiet = 0, xallow = 0, xaudit = 0;
	int file = r->flags & DFA_RULES_FILE;

	for (size_t i = 0; i < n; i++) {
		const struct uperm *u = &r->perm[pl[i]];
		uint32_t *al = u->exact ? &xallow : &allow, *au = u->exact ? &xaudit : &audit;

		if (u->deny) {
			deny |= u->perms;
			quiet |= u->audit;
			continue;
		}
		if (file && !x_consistent(*al, u->perms)) {
			dfa_seterr(&r->err, DFA_ECONFLICT, u->rule,
				   "profile has merged rule with conflicting x modifiers");
			r->err.rule2 = conflict_with(r, pl, i);
			return DFA_ECONFLICT;
		}
		*al |= u->perms;
		*au |= u->audit;
	}
	if (file) {
		allow |= xallow & ~DFA_ALL_EXEC_TYPE;
		audit |= xaudit & ~DFA_ALL_EXEC_TYPE;
	} else {
		allow |= xallow;
		audit |= xaudit;
	}
	if (xallow & DFA_USER_EXEC)
		allow = (xallow & DFA_USER_EXEC_TYPE) | (allow & ~DFA_USER_EXEC_TYPE);
	if (xallow & DFA_OTHER_EXEC)
		allow = (xallow & DFA_OTHER_EXEC_TYPE) | (allow & ~DFA_OTHER_EXEC_TYPE);
	if (file && (deny & DFA_USER_EXEC))
		deny |= DFA_USER_EXEC_TYPE;
	if (file && (deny & DFA_OTHER_EXEC))
		deny |= DFA_OTHER_EXEC_TYPE;
	allow &= ~deny;
	quiet &= deny;
	*accept = allow;
	*accept2 = DFA_PACK_AUDIT_CTL(audit, quiet);
	return 0;
}

/* ---- the subset construction ---- */

struct builder {
	struct dfa_rules *r;
	struct nfa_dfa *a;
	size_t max_states;
	int K;			/* columns: classes + out-of-band */
	uint32_t npos;
	uint32_t *kind;		/* by position (merged: see Note [merging positions]) */
	uint32_t *rule;		/* by position: the first rule of those merged into it */
	uint32_t *fstart, *fto;	/* followpos, CSR by position */
	uint32_t *scstart;	/* classes of each set, CSR by set */
	uint16_t *sccls;
	/* states */
	uint32_t *pool;		/* position ids of all states, back to back */
	size_t npool, cappool;
	size_t *soff;
	uint32_t *slen, *shash;
	size_t cap;		/* room in soff, slen, shash, trans, accept, accept2 */
	uint32_t *slot;		/* state + 1, open addressing */
	size_t nslot;
	/* scratch for one state */
	uint32_t *mark, gen;	/* by position */
	uint32_t *setseen, *setidx, setgen;	/* by set */
	uint32_t *dset, *bstart, *bpos, *work, *plist;
	uint64_t *sig;
	uint32_t *grp;		/* group hash: class + 1 */
	size_t ngrp;
	struct ivec tgt;
};

/* Count bytes against the cap; DFA_EMEM past it. */
static int charge(struct builder *b, ptrdiff_t bytes)
{
	b->a->mem += (size_t)bytes;
	if (b->a->mem > b->a->max_mem) {
		dfa_seterr(&b->r->err, DFA_EMEM, -1,
			   "DFA construction needs more than %zu MiB (states so far: %zu); "
			   "the rules are too complex", b->a->max_mem >> 20, b->a->n);
		return DFA_EMEM;
	}
	return 0;
}

static size_t state_slot(const struct builder *b, const uint32_t *ids, uint32_t len, uint32_t h)
{
	size_t mask = b->nslot - 1, i = h & mask;

	for (;; i = (i + 1) & mask) {
		uint32_t s = b->slot[i];

		if (!s)
			return i;
		s--;
		if (b->shash[s] == h && b->slen[s] == len &&
		    (!len || !memcmp(b->pool + b->soff[s], ids, len * sizeof(*ids))))
			return i;
	}
}

/* The state of the sorted set ids[0..len-1], made if new; -1 on a cap. */
static int64_t state_of(struct builder *b, const uint32_t *ids, uint32_t len)
{
	struct nfa_dfa *a = b->a;
	uint32_t h = len ? (uint32_t)dfa_hash(ids, len * sizeof(*ids)) : 0;
	size_t i = state_slot(b, ids, len, h), s;

	if (b->slot[i])
		return b->slot[i] - 1;
	if (a->n >= b->max_states) {
		dfa_seterr(&b->r->err, DFA_ESTATES, -1,
			   "DFA construction passed %zu states; the rules are too complex",
			   b->max_states);
		return -1;
	}
	if (a->n == b->cap) {
		size_t ncap = b->cap * 2, per = sizeof(size_t) + 4 * sizeof(uint32_t) +
			(size_t)b->K * sizeof(uint32_t);

		if (charge(b, (ptrdiff_t)((ncap - b->cap) * per)))
			return -1;
		b->soff = xrealloc(b->soff, ncap * sizeof(*b->soff));
		b->slen = xrealloc(b->slen, ncap * sizeof(*b->slen));
		b->shash = xrealloc(b->shash, ncap * sizeof(*b->shash));
		a->accept = xrealloc(a->accept, ncap * sizeof(*a->accept));
		a->accept2 = xrealloc(a->accept2, ncap * sizeof(*a->accept2));
		a->trans = xrealloc(a->trans, ncap * (size_t)b->K * sizeof(*a->trans));
		b->cap = ncap;
	}
	if (b->npool + len > b->cappool) {
		size_t ncap = b->cappool * 2;

		while (ncap < b->npool + len)
			ncap *= 2;
		if (charge(b, (ptrdiff_t)((ncap - b->cappool) * sizeof(*b->pool))))
			return -1;
		b->pool = xrealloc(b->pool, ncap * sizeof(*b->pool));
		b->cappool = ncap;
	}
	s = a->n++;
	if (len)
		memcpy(b->pool + b->npool, ids, len * sizeof(*ids));
	b->soff[s] = b->npool;
	b->npool += len;
	b->slen[s] = len;
	b->shash[s] = h;
	b->slot[i] = (uint32_t)s + 1;
	if (a->n * 2 > b->nslot) {
		if (charge(b, (ptrdiff_t)(b->nslot * sizeof(*b->slot))))
			return -1;
		free(b->slot);
		b->nslot *= 2;
		b->slot = xzalloc(b->nslot * sizeof(*b->slot));
		for (size_t k = 0; k < a->n; k++)
			b->slot[state_slot(b, b->pool + b->soff[k], b->slen[k], b->shash[k])] =
				(uint32_t)k + 1;
	}
	return (int64_t)s;
}


/* b->tgt sorted, then its state. */
static int64_t target(struct builder *b)
{
	if (b->tgt.n > 1)
		sort_u32(b->tgt.v, b->tgt.n);
	return state_of(b, b->tgt.v, (uint32_t)b->tgt.n);
}

static void add_follow(struct builder *b, uint32_t p)
{
	for (uint32_t k = b->fstart[p]; k < b->fstart[p + 1]; k++) {
		uint32_t q = b->fto[k];

		if (b->mark[q] != b->gen) {
			b->mark[q] = b->gen;
			b->tgt.v[b->tgt.n++] = q;	/* room for every position */
		}
	}
}

static void next_gen(struct builder *b)
{
	if (++b->gen == 0) {
		memset(b->mark, 0, b->npos * sizeof(*b->mark));
		b->gen = 1;
	}
	b->tgt.n = 0;
}

/* Transitions and accept words of state s. */
static int expand(struct builder *b, size_t s)
{
	struct dfa_rules *r = b->r;
	struct nfa_dfa *a = b->a;
	const uint32_t *ids = b->pool + b->soff[s];
	uint32_t len = b->slen[s], nd = 0, nacc = 0, noob = 0, W;
	uint32_t *row;
	int64_t t;
	int ret;

	if (++b->setgen == 0) {
		memset(b->setseen, 0, r->nsets * sizeof(*b->setseen));
		b->setgen = 1;
	}
	/* Sort positions out: accepts, out-of-band ones, byte sets (distinct). */
	for (uint32_t i = 0; i < len; i++) {
		uint32_t k = b->kind[ids[i]];

		if (k == POS_OOB) {
			b->work[noob++] = ids[i];
		} else if (k & POS_ACCEPT) {
			b->plist[nacc++] = k & ~POS_ACCEPT;
		} else if (b->setseen[k] != b->setgen) {
			b->setseen[k] = b->setgen;
			b->setidx[k] = nd;
			b->dset[nd++] = k;
		}
	}
	ret = accept_words(r, b->plist, nacc, &a->accept[s], &a->accept2[s]);
	if (ret)
		return ret;
	/* Positions bucketed by their set's index among the distinct ones. */
	memset(b->bstart, 0, (nd + 1) * sizeof(*b->bstart));
	for (uint32_t i = 0; i < len; i++) {
		uint32_t k = b->kind[ids[i]];

		if (k != POS_OOB && !(k & POS_ACCEPT))
			b->bstart[b->setidx[k] + 1]++;
	}
	for (uint32_t d = 0; d < nd; d++)
		b->bstart[d + 1] += b->bstart[d];
	for (uint32_t i = 0, d; i < len; i++) {
		uint32_t k = b->kind[ids[i]];

		if (k != POS_OOB && !(k & POS_ACCEPT)) {
			d = b->setidx[k];
			b->bpos[b->bstart[d]++] = ids[i];
		}
	}
	for (uint32_t d = nd; d > 0; d--)
		b->bstart[d] = b->bstart[d - 1];
	b->bstart[0] = 0;

	/* The out-of-band target (ids is not used past here: the pool moves). */
	next_gen(b);
	for (uint32_t i = 0; i < noob; i++)
		add_follow(b, b->work[i]);
	t = target(b);
	if (t < 0)
		return b->r->err.code;
	row = a->trans + s * (size_t)b->K;
	row[a->ncls] = (uint32_t)t;

	/* Each class's signature: which distinct sets hold it (Note [grouping]). */
	W = (nd + 63) / 64;
	if (!W) {
		for (int c = 0; c < a->ncls; c++)
			row[c] = 0;
		return 0;
	}
	memset(b->sig, 0, (size_t)a->ncls * W * sizeof(*b->sig));
	for (uint32_t d = 0; d < nd; d++)
		for (uint32_t k = b->scstart[b->dset[d]]; k < b->scstart[b->dset[d] + 1]; k++)
			b->sig[(size_t)b->sccls[k] * W + d / 64] |= 1ull << (d % 64);
	memset(b->grp, 0, b->ngrp * sizeof(*b->grp));
	for (int c = 0; c < a->ncls; c++) {
		const uint64_t *sg = b->sig + (size_t)c * W;
		size_t mask = b->ngrp - 1, i;
		uint64_t any = 0;

		for (uint32_t w = 0; w < W; w++)
			any |= sg[w];
		if (!any) {
			a->trans[s * (size_t)b->K + c] = 0;
			continue;
		}
		i = dfa_hash(sg, W * sizeof(*sg)) & mask;
		while (b->grp[i] && memcmp(b->sig + (size_t)(b->grp[i] - 1) * W, sg, W * sizeof(*sg)))
			i = (i + 1) & mask;
		if (b->grp[i]) {
			row = a->trans + s * (size_t)b->K;
			row[c] = row[b->grp[i] - 1];
			continue;
		}
		b->grp[i] = (uint32_t)c + 1;
		next_gen(b);
		for (uint32_t w = 0; w < W; w++)
			for (uint64_t m = sg[w]; m; m &= m - 1) {
				uint32_t d = w * 64 + (uint32_t)__builtin_ctzll(m);

				for (uint32_t k = b->bstart[d]; k < b->bstart[d + 1]; k++)
					add_follow(b, b->bpos[k]);
			}
		t = target(b);
		if (t < 0)
			return b->r->err.code;
		a->trans[s * (size_t)b->K + c] = (uint32_t)t;
	}
	return 0;
}

/* Byte classes of the rule set, numbered by least byte (Note [classes]). */
static void byte_classes(const struct dfa_rules *r, struct nfa_dfa *a)
{
	int n = 1;

	memset(a->cls, 0, sizeof(a->cls));
	for (uint32_t k = 0; k < r->nsets; k++) {
		int in[256], out[256], m = 0;
		uint8_t nc[256];

		for (int i = 0; i < n; i++)
			in[i] = out[i] = -1;
		for (int c = 0; c < 256; c++) {
			int *slot = bset_has(&r->sets[k], (unsigned)c) ? in : out;

			if (slot[a->cls[c]] < 0)
				slot[a->cls[c]] = m++;
			nc[c] = (uint8_t)slot[a->cls[c]];
		}
		memcpy(a->cls, nc, sizeof(nc));
		n = m;
	}
	a->ncls = n;
}

static void builder_free(struct builder *b)
{
	free(b->kind);
	free(b->rule);
	free(b->fstart);
	free(b->fto);
	free(b->scstart);
	free(b->sccls);
	free(b->pool);
	free(b->soff);
	free(b->slen);
	free(b->shash);
	free(b->slot);
	free(b->mark);
	free(b->setseen);
	free(b->setidx);
	free(b->dset);
	free(b->bstart);
	free(b->bpos);
	free(b->work);
	free(b->plist);
	free(b->sig);
	free(b->grp);
	iv_free(&b->tgt);
}

/* followpos as CSR: each position's successors sorted, without repeats. */
static void follow_csr(struct builder *b)
{
	const struct dfa_rules *r = b->r;
	uint32_t *fill;

	b->fstart = xzalloc((b->npos + 2) * sizeof(*b->fstart));
	for (size_t e = 0; e < r->efrom.n; e++)
		b->fstart[r->efrom.v[e] + 1]++;
	for (uint32_t p = 0; p < b->npos; p++)
		b->fstart[p + 1] += b->fstart[p];
	b->fto = xmalloc((r->efrom.n + 1) * sizeof(*b->fto));
	fill = xmalloc((b->npos + 1) * sizeof(*fill));
	memcpy(fill, b->fstart, (b->npos + 1) * sizeof(*fill));
	for (size_t e = 0; e < r->efrom.n; e++)
		b->fto[fill[r->efrom.v[e]]++] = r->eto.v[e];
	free(fill);
	/* Sort and squeeze each row in place, moving rows down. */
	{
		uint32_t w = 0;

		for (uint32_t p = 0; p < b->npos; p++) {
			uint32_t s = b->fstart[p], e = b->fstart[p + 1], start = w;

			sort_u32(b->fto + s, e - s);
			for (uint32_t k = s; k < e; k++)
				if (k == s || b->fto[k] != b->fto[k - 1])
					b->fto[w++] = b->fto[k];
			b->fstart[p] = start;
		}
		b->fstart[b->npos] = w;
	}
}

static uint32_t uf_find(uint32_t *up, uint32_t x)
{
	uint32_t root = x;

	while (up[root] != root)
		root = up[root];
	while (up[x] != root) {
		uint32_t next = up[x];

		up[x] = root;
		x = next;
	}
	return root;
}

/* A signature: the position's kind, then its follow blocks, sorted. */
struct sig {
	uint64_t hash;
	size_t off;
	uint32_t len, pos;
};

/* Merge interchangeable positions (Note [merging positions]), then
 * renumber: b->kind, fstart, fto and start describe the merged ones. */
static void merge_positions(struct builder *b, struct ivec *start)
{
	uint32_t n = b->npos, *up = xmalloc((n + 1) * sizeof(*up)), *nid, *nkind, *nst, *nto, *nrule;
	struct ivec pool = { 0 }, list = { 0 };
	struct sig *sigs = xmalloc((n + 1) * sizeof(*sigs));
	uint32_t *slot = NULL, nn = 0;
	size_t nslot = 16, nto_n = 0;

	while (nslot < 2 * (size_t)n)
		nslot *= 2;
	slot = xmalloc(nslot * sizeof(*slot));
	for (uint32_t p = 0; p < n; p++)
		up[p] = p;
	/* Each pass merges what the last one's merges made alike, fewer each
	 * time: stop once a pass merges under 1/64 of the positions (the
	 * long tail of small passes cost a fifth of a compile and saved the
	 * construction little: Note [merging positions]). */
	for (int pass = 0, merged = 1; pass < 32 && merged && (pass == 0 || (size_t)merged * 64 >= n); pass++) {
		uint32_t nsig = 0;

		merged = 0;
		pool.n = 0;
		memset(slot, 0, nslot * sizeof(*slot));
		for (uint32_t p = n; p-- > 0;) {
			uint32_t rp = uf_find(up, p);
			struct sig sg;
			size_t i;

			/* (a merged position's signature is its root's) */
			if (POS_IS_ACCEPT(b->kind[p]) || rp != p)
				continue;
			list.n = 0;
			iv_push(&list, b->kind[p]);
			for (uint32_t k = b->fstart[p]; k < b->fstart[p + 1]; k++) {
				uint32_t q = uf_find(up, b->fto[k]);

				iv_push(&list, q == rp ? UINT32_MAX : q);
			}
			if (list.n > 2)
				sort_u32(list.v + 1, list.n - 1);
			{
				size_t w = 1;

				for (size_t k = 1; k < list.n; k++)
					if (k == 1 || list.v[k] != list.v[k - 1])
						list.v[w++] = list.v[k];
				list.n = w;
			}
			sg.hash = dfa_hash(list.v, list.n * sizeof(*list.v));
			sg.len = (uint32_t)list.n;
			sg.pos = p;
			for (i = sg.hash & (nslot - 1); slot[i]; i = (i + 1) & (nslot - 1)) {
				const struct sig *o = &sigs[slot[i] - 1];

				if (o->hash == sg.hash && o->len == sg.len &&
				    !memcmp(pool.v + o->off, list.v, sg.len * sizeof(*list.v)))
					break;
			}
			if (slot[i]) {
				uint32_t ro = uf_find(up, sigs[slot[i] - 1].pos);

				if (ro != rp) {
					up[ro > rp ? ro : rp] = ro < rp ? ro : rp;
					merged++;
				}
				continue;
			}
			sg.off = pool.n;
			for (size_t k = 0; k < list.n; k++)
				iv_push(&pool, list.v[k]);
			sigs[nsig] = sg;
			slot[i] = ++nsig;
		}
	}
	free(slot);
	free(sigs);
	iv_free(&pool);

	/* Renumber: each block's root stands for it. */
	nid = xmalloc((n + 1) * sizeof(*nid));
	for (uint32_t p = 0; p < n; p++)
		if (uf_find(up, p) == p)
			nid[p] = nn++;
	nkind = xmalloc((nn + 1) * sizeof(*nkind));
	nst = xmalloc((nn + 2) * sizeof(*nst));
	nto = xmalloc((b->fstart[n] + 1) * sizeof(*nto));
	for (uint32_t p = 0; p < n; p++) {
		uint32_t i;

		if (uf_find(up, p) != p)
			continue;
		i = nid[p];
		nkind[i] = b->kind[p];
		nst[i] = (uint32_t)nto_n;
		list.n = 0;
		for (uint32_t k = b->fstart[p]; k < b->fstart[p + 1]; k++)
			iv_push(&list, nid[uf_find(up, b->fto[k])]);
		if (list.n > 1)
			sort_u32(list.v, list.n);
		for (size_t k = 0; k < list.n; k++)
			if (!k || list.v[k] != list.v[k - 1])
				nto[nto_n++] = list.v[k];
	}
	nst[nn] = (uint32_t)nto_n;
	nrule = xmalloc((nn + 1) * sizeof(*nrule));
	memset(nrule, 0xff, (nn + 1) * sizeof(*nrule));
	for (uint32_t p = 0; p < n; p++) {
		uint32_t i = nid[uf_find(up, p)];

		if (b->rule[p] < nrule[i])
			nrule[i] = b->rule[p];
	}
	free(b->rule);
	b->rule = nrule;
	for (size_t i = 0; i < start->n; i++)
		start->v[i] = nid[uf_find(up, start->v[i])];
	iv_free(&list);
	free(up);
	free(nid);
	free(b->kind);
	free(b->fstart);
	free(b->fto);
	b->kind = nkind;
	b->fstart = nst;
	b->fto = nto;
	b->npos = nn;
}

/* Which rule made the states: the one whose positions are in the most of
 * those built (the lowest on a tie), how many states that is, and how
 * many other rules are in as many.  -1 when no state holds a rule's
 * position. */
static int blame(const struct builder *b, size_t *in, int *alike)
{
	int nr = b->r->nrules, best = -1;
	size_t *cnt = xzalloc(((size_t)nr + 1) * sizeof(*cnt)), *seen = xzalloc(((size_t)nr + 1) * sizeof(*seen));

	for (size_t s = 0; s < b->a->n; s++)
		for (uint32_t k = 0; k < b->slen[s]; k++) {
			uint32_t ru = b->rule[b->pool[b->soff[s] + k]];

			if (ru < (uint32_t)nr && seen[ru] != s + 1) {
				seen[ru] = s + 1;
				cnt[ru]++;
			}
		}
	*in = 0;
	*alike = 0;
	for (int i = 0; i < nr; i++)
		if (cnt[i] > *in) {
			*in = cnt[i];
			best = i;
		}
	for (int i = 0; best >= 0 && i < nr; i++)
		*alike += i != best && cnt[i] == *in;
	free(cnt);
	free(seen);
	return best;
}

/* A cap met: the rule that made most of the states named in the error. */
static void blame_err(struct builder *b)
{
	size_t in, len = strlen(b->r->err.msg);
	int alike, rule = blame(b, &in, &alike);

	if (rule < 0)
		return;
	b->r->err.rule = rule;
	snprintf(b->r->err.msg + len, sizeof(b->r->err.msg) - len, "; this rule is in %zu of the %zu states%s",
		 in, b->a->n, alike ? " (as are other rules)" : "");
}

static int construct(struct dfa_rules *r, struct nfa_dfa *a, size_t max_states)
{
	struct builder b = { .r = r, .a = a, .max_states = max_states };
	struct ivec start = { 0 };
	int ret = 0;
	int64_t t;

	b.npos = (uint32_t)r->kind.n;
	byte_classes(r, a);
	b.K = a->ncls + 1;
	follow_csr(&b);
	b.kind = xmalloc(((size_t)b.npos + 1) * sizeof(*b.kind));
	b.rule = xmalloc(((size_t)b.npos + 1) * sizeof(*b.rule));
	if (b.npos) {
		memcpy(b.kind, r->kind.v, b.npos * sizeof(*b.kind));
		memcpy(b.rule, r->rule_of.v, b.npos * sizeof(*b.rule));
	}
	for (size_t i = 0; i < r->start.n; i++)
		iv_push(&start, r->start.v[i]);
	merge_positions(&b, &start);

	/* Classes of each set, by a representative byte of each class. */
	{
		uint8_t rep[256];
		size_t n = 0;

		for (int c = 255; c >= 0; c--)
			rep[a->cls[c]] = (uint8_t)c;
		for (uint32_t k = 0; k < r->nsets; k++)
			for (int c = 0; c < a->ncls; c++)
				n += bset_has(&r->sets[k], rep[c]);
		b.sccls = xmalloc((n + 1) * sizeof(*b.sccls));
		b.scstart = xmalloc((r->nsets + 1) * sizeof(*b.scstart));
		n = 0;
		for (uint32_t k = 0; k < r->nsets; k++) {
			b.scstart[k] = (uint32_t)n;
			for (int c = 0; c < a->ncls; c++)
				if (bset_has(&r->sets[k], rep[c]))
					b.sccls[n++] = (uint16_t)c;
		}
		b.scstart[r->nsets] = (uint32_t)n;
	}

	b.cap = 64;
	b.cappool = 1024;
	b.nslot = 128;
	b.soff = xmalloc(b.cap * sizeof(*b.soff));
	b.slen = xmalloc(b.cap * sizeof(*b.slen));
	b.shash = xmalloc(b.cap * sizeof(*b.shash));
	a->accept = xmalloc(b.cap * sizeof(*a->accept));
	a->accept2 = xmalloc(b.cap * sizeof(*a->accept2));
	a->trans = xmalloc(b.cap * (size_t)b.K * sizeof(*a->trans));
	b.pool = xmalloc(b.cappool * sizeof(*b.pool));
	b.slot = xzalloc(b.nslot * sizeof(*b.slot));
	b.mark = xzalloc((b.npos + 1) * sizeof(*b.mark));
	b.tgt.v = xmalloc(((size_t)b.npos + 1) * sizeof(*b.tgt.v));
	b.tgt.cap = (size_t)b.npos + 1;
	b.setseen = xzalloc((r->nsets + 1) * sizeof(*b.setseen));
	b.setidx = xmalloc((r->nsets + 1) * sizeof(*b.setidx));
	b.dset = xmalloc((r->nsets + 1) * sizeof(*b.dset));
	b.bstart = xmalloc((r->nsets + 2) * sizeof(*b.bstart));
	b.bpos = xmalloc((b.npos + 1) * sizeof(*b.bpos));
	b.work = xmalloc((b.npos + 1) * sizeof(*b.work));
	b.plist = xmalloc(((size_t)r->nperm + 1) * sizeof(*b.plist));
	b.sig = xmalloc((size_t)a->ncls * ((r->nsets + 63) / 64 + 1) * sizeof(*b.sig));
	for (b.ngrp = 16; b.ngrp < 2 * (size_t)a->ncls; b.ngrp *= 2)
		;
	b.grp = xmalloc(b.ngrp * sizeof(*b.grp));
	a->mem = 0;
	ret = charge(&b, (ptrdiff_t)(b.cap * (sizeof(size_t) + 4 * sizeof(uint32_t) +
						(size_t)b.K * sizeof(uint32_t)) +
				     b.cappool * sizeof(uint32_t) + b.nslot * sizeof(uint32_t) +
				     (r->efrom.n + b.npos * 5) * sizeof(uint32_t) +
				     (size_t)a->ncls * ((r->nsets + 63) / 64 + 1) * 8));
	if (ret)
		goto out;

	/* State 0 is the empty set: dead.  Then the start. */
	t = state_of(&b, NULL, 0);
	if (start.n > 1)
		sort_u32(start.v, start.n);
	{
		size_t w = 0;

		for (size_t i = 0; i < start.n; i++)
			if (!i || start.v[i] != start.v[i - 1])
				start.v[w++] = start.v[i];
		start.n = w;
	}
	t = t < 0 ? t : state_of(&b, start.v, (uint32_t)start.n);
	iv_free(&start);
	if (t < 0) {
		ret = r->err.code;
		goto out;
	}
	a->start = (uint32_t)t;
	for (size_t s = 0; s < a->n; s++) {
		ret = expand(&b, s);
		if (ret)
			goto out;
	}
	/* more than the kernel takes before minimising: whom to blame if it
	 * stays so */
	a->blame = -1;
	if (a->n > DFA_KERNEL_STATES_MAX) {
		int alike;

		a->blame = blame(&b, &a->blame_in, &alike);
	}
out:
	if (ret == DFA_EMEM || ret == DFA_ESTATES)
		blame_err(&b);
	builder_free(&b);
	return ret;
}

/* ---- the built DFA ---- */

static void nfa_dfa_free(struct nfa_dfa *a)
{
	free(a->trans);
	free(a->accept);
	free(a->accept2);
}

/* Blocks to final states: dead 0, start 1, then breadth first, each
 * state's default (the target of most bytes; on a tie the target of byte
 * 255) first, then its out-of-band target, then by class. */
static void assemble(const struct nfa_dfa *a, const uint32_t *block, uint32_t nb, struct dfa *d)
{
	int K = a->ncls + 1;
	uint32_t *rep = xmalloc(nb * sizeof(*rep)), *id = xmalloc(nb * sizeof(*id));
	uint32_t *order = xmalloc((nb + 1) * sizeof(*order)), *cnt = xzalloc(nb * sizeof(*cnt));
	uint32_t *touched = xmalloc(((size_t)K + 1) * sizeof(*touched));
	uint32_t n = 0, dead = block[0];

	for (uint32_t i = 0; i < nb; i++)
		rep[i] = id[i] = UINT32_MAX;
	for (size_t s = a->n; s-- > 0;)
		rep[block[s]] = (uint32_t)s;
	memset(d->clsz, 0, sizeof(d->clsz));
	for (int c = 0; c < 256; c++)
		d->clsz[a->cls[c]]++;
	id[dead] = n;
	order[n++] = dead;
	if (block[a->start] == dead) {
		order[n++] = dead;	/* a start that matches nothing: a copy of 0 */
	} else {
		id[block[a->start]] = n;
		order[n++] = block[a->start];
	}
	d->trans = xmalloc(((size_t)nb + 1) * (size_t)K * sizeof(*d->trans));
	d->def = xmalloc(((size_t)nb + 1) * sizeof(*d->def));
	d->accept = xmalloc(((size_t)nb + 1) * sizeof(*d->accept));
	d->accept2 = xmalloc(((size_t)nb + 1) * sizeof(*d->accept2));
	for (uint32_t q = 0; q < n; q++) {
		const uint32_t *row = a->trans + (size_t)rep[order[q]] * (size_t)K;
		uint32_t best = block[row[a->cls[255]]], nt = 0;

		if (q == 1 && order[1] == dead) {
			d->def[1] = 0;
			d->accept[1] = d->accept2[1] = 0;
			for (int c = 0; c < K; c++)
				d->trans[(size_t)K + (size_t)c] = 0;
			continue;
		}
		/* the default: most bytes */
		for (int c = 0; c < a->ncls; c++) {
			uint32_t tb = block[row[c]];

			if (!cnt[tb]++)
				touched[nt++] = tb;
			cnt[tb] += d->clsz[c] - 1u;
		}
		for (uint32_t i = 0; i < nt; i++)
			if (cnt[touched[i]] > cnt[best])
				best = touched[i];
		for (uint32_t i = 0; i < nt; i++)
			cnt[touched[i]] = 0;
		if (id[best] == UINT32_MAX) {
			id[best] = n;
			order[n++] = best;
		}
		if (id[block[row[a->ncls]]] == UINT32_MAX) {
			id[block[row[a->ncls]]] = n;
			order[n++] = block[row[a->ncls]];
		}
		for (int c = 0; c < a->ncls; c++)
			if (id[block[row[c]]] == UINT32_MAX) {
				id[block[row[c]]] = n;
				order[n++] = block[row[c]];
			}
		d->def[q] = id[best];
		for (int c = 0; c < K; c++)
			d->trans[(size_t)q * (size_t)K + (size_t)c] = id[block[row[c]]];
		d->accept[q] = a->accept[rep[order[q]]];
		d->accept2[q] = a->accept2[rep[order[q]]];
	}
	d->n = (int)n;
	d->ncls = a->ncls;
	memcpy(d->cls, a->cls, sizeof(d->cls));
	d->oob = 0;
	for (uint32_t q = 0; q < n; q++)
		if (d->trans[(size_t)q * (size_t)K + (size_t)a->ncls])
			d->oob = 1;
	free(rep);
	free(id);
	free(order);
	free(cnt);
	free(touched);
}

int dfa_build(struct dfa_rules *r, const struct dfa_opts *o, struct dfa **out)
{
	struct dfa_opts def = { 0 };
	struct nfa_dfa a = { 0 };
	struct dfa *d;
	uint32_t *block, nb;
	int ret;

	if (!o)
		o = &def;
	memset(&r->err, 0, sizeof(r->err));
	r->err.rule = r->err.rule2 = -1;
	*out = NULL;
	a.max_mem = o->max_mem ? o->max_mem : DFA_BUILD_MEM_DEFAULT;
	ret = construct(r, &a, o->max_states ? o->max_states : DFA_BUILD_STATES_DEFAULT);
	if (ret) {
		nfa_dfa_free(&a);
		return ret;
	}
	block = xmalloc(a.n * sizeof(*block));
	if (o->flags & DFA_NO_MINIMIZE) {
		for (size_t s = 0; s < a.n; s++)
			block[s] = (uint32_t)s;
		nb = (uint32_t)a.n;
	} else {
		ret = dfa_minimize(&a, block);
		if (ret < 0) {
			dfa_seterr(&r->err, ret, -1,
				   "DFA minimisation needs more than %zu MiB (%zu states)",
				   a.max_mem >> 20, a.n);
			free(block);
			nfa_dfa_free(&a);
			return ret;
		}
		nb = (uint32_t)ret;
	}
	d = xzalloc(sizeof(*d));
	assemble(&a, block, nb, d);
	d->minlen = r->minlen < 0 ? 0 : r->minlen;
	d->blame = a.blame;
	d->blame_in = a.blame_in;
	d->stats.built = a.n;
	d->stats.states = (size_t)d->n;
	d->stats.classes = a.ncls;
	d->stats.mem = a.mem;
	free(block);
	nfa_dfa_free(&a);
	*out = d;
	return 0;
}

void dfa_free(struct dfa *d)
{
	if (!d)
		return;
	free(d->trans);
	free(d->def);
	free(d->accept);
	free(d->accept2);
	free(d);
}

int dfa_nstates(const struct dfa *d)
{
	return d->n;
}

const struct dfa_stats *dfa_stats(const struct dfa *d)
{
	return &d->stats;
}

uint32_t dfa_accept(const struct dfa *d, int state)
{
	return state >= 0 && state < d->n ? d->accept[state] : 0;
}

uint32_t dfa_accept2(const struct dfa *d, int state)
{
	return state >= 0 && state < d->n ? d->accept2[state] : 0;
}

int dfa_next(const struct dfa *d, int state, int c)
{
	if (state <= 0 || state >= d->n || c < DFA_OOB || c > 255)
		return 0;
	return (int)d->trans[(size_t)state * (size_t)(d->ncls + 1) +
			     (size_t)(c == DFA_OOB ? d->ncls : d->cls[c])];
}

int dfa_match(const struct dfa *d, int state, const void *s, size_t len)
{
	const uint8_t *p = s;

	for (size_t i = 0; i < len && state; i++)
		state = dfa_next(d, state, p[i]);
	return state;
}

int dfa_min_match_len(const struct dfa *d)
{
	return d->minlen;
}
