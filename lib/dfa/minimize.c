// SPDX-License-Identifier: Apache-2.0
/* minimize.c: DFA minimisation by Hopcroft's partition refinement, in the
 * form of Valmari's "Fast brief practical DFA minimization" (2012): states
 * and transitions each live in a refinable partition, so the work is
 * O(m log n) for m transitions, with no per-round rescans.
 *
 * Note [initial partition]: hfa.cc's minimize starts from one block per
 * distinct (accept, accept2) pair (it keys on allow and the packed audit
 * word, which is what the kernel sees), so states merge only when every
 * input leads them to the same words.  We start from the same blocks.
 *
 * Note [dead states]: transitions into states from which no accepting
 * state can be reached are left out, as if the DFA were partial.  All such
 * states then have no transitions and words 0: they stay together, with
 * state 0, and apart from any live state (a live state has a transition
 * that they lack).  That keeps m near the number of useful transitions:
 * a path DFA sends most bytes to the dead state.
 *
 * Note [all but one]: transitions ("cords") need splitting by every block
 * but one: for a given symbol, the transitions into the last block are
 * what remains.  So block 0 never splits cords, as in Valmari's code. */
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa-int.h"

/* A refinable partition of 0..n-1.  The per-set arrays grow as sets are
 * made (the cords' partition has as many elements as transitions, far
 * more than it ever has sets). */
struct rpart {
	uint32_t z;		/* sets */
	uint32_t cap;		/* room for sets */
	uint32_t *elem;		/* elements, each set contiguous */
	uint32_t *loc;		/* where each element is in elem */
	uint32_t *set;		/* the set of each element */
	uint32_t *first, *past;	/* each set's range in elem */
	uint32_t *marked;	/* marked elements of each set, at its front */
	uint32_t *touched, ntouched;
};

static void rp_sets(struct rpart *p, uint32_t cap)
{
	p->first = xrealloc(p->first, (size_t)cap * sizeof(uint32_t));
	p->past = xrealloc(p->past, (size_t)cap * sizeof(uint32_t));
	p->marked = xrealloc(p->marked, (size_t)cap * sizeof(uint32_t));
	p->touched = xrealloc(p->touched, (size_t)cap * sizeof(uint32_t));
	memset(p->marked + p->cap, 0, (size_t)(cap - p->cap) * sizeof(uint32_t));
	p->cap = cap;
}

/* n elements in one set, room for sets sets to begin with. */
static void rp_init(struct rpart *p, uint32_t n, uint32_t sets)
{
	memset(p, 0, sizeof(*p));
	p->z = n ? 1 : 0;
	p->elem = xmalloc((n + 1) * sizeof(uint32_t));
	p->loc = xmalloc((n + 1) * sizeof(uint32_t));
	p->set = xzalloc((n + 1) * sizeof(uint32_t));
	rp_sets(p, sets + 1);
	for (uint32_t i = 0; i < n; i++)
		p->elem[i] = p->loc[i] = i;
	p->first[0] = 0;
	p->past[0] = n;
}

static void rp_free(struct rpart *p)
{
	free(p->elem);
	free(p->loc);
	free(p->set);
	free(p->first);
	free(p->past);
	free(p->marked);
	free(p->touched);
}

/* Mark e: move it to the marked front of its set. */
static void rp_mark(struct rpart *p, uint32_t e)
{
	uint32_t s = p->set[e], i = p->loc[e], j = p->first[s] + p->marked[s];

	p->elem[i] = p->elem[j];
	p->loc[p->elem[i]] = i;
	p->elem[j] = e;
	p->loc[e] = j;
	if (!p->marked[s]++)
		p->touched[p->ntouched++] = s;
}

/* Split every touched set into marked and unmarked parts; the smaller part
 * gets the new set number (Hopcroft's "process the smaller half"). */
static void rp_split(struct rpart *p)
{
	while (p->ntouched) {
		uint32_t s = p->touched[--p->ntouched], j = p->first[s] + p->marked[s], z = p->z;

		if (j == p->past[s]) {
			p->marked[s] = 0;
			continue;
		}
		if (z + 1 >= p->cap)
			rp_sets(p, p->cap * 2);
		if (p->marked[s] <= p->past[s] - j) {
			p->first[z] = p->first[s];
			p->past[z] = p->first[s] = j;
		} else {
			p->past[z] = p->past[s];
			p->first[z] = p->past[s] = j;
		}
		for (uint32_t i = p->first[z]; i < p->past[z]; i++)
			p->set[p->elem[i]] = z;
		p->marked[s] = p->marked[z] = 0;
		p->z++;
	}
}

struct keyed {
	uint32_t accept, accept2, state;
};

static int cmp_key(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;

	if (a->accept != b->accept)
		return a->accept < b->accept ? -1 : 1;
	if (a->accept2 != b->accept2)
		return a->accept2 < b->accept2 ? -1 : 1;
	return (a->state > b->state) - (a->state < b->state);
}

int dfa_minimize(struct nfa_dfa *a, uint32_t *block)
{
	uint32_t n = (uint32_t)a->n, K = (uint32_t)a->ncls + 1, m = 0, b, c;
	const uint32_t *tr = a->trans;
	uint32_t *rstart, *rsrc, *queue, *tail, *inF, *inA, *cur;
	uint8_t *live;
	struct keyed *key;
	struct rpart B, C;
	size_t e = 0, mem;

	/* Live states: those that reach nonzero words (Note [dead states]). */
	rstart = xzalloc(((size_t)n + 2) * sizeof(*rstart));
	for (size_t i = 0; i < (size_t)n * K; i++)
		if (tr[i])
			rstart[tr[i] + 1]++, e++;
	/* What the arrays below take at their peak, counted against the cap
	 * on top of the construction's (m <= e). */
	mem = e * 12 * sizeof(uint32_t) + ((size_t)n + 2) * 16 * sizeof(uint32_t);
	if (a->mem + mem > a->max_mem) {
		free(rstart);
		return DFA_EMEM;
	}
	a->mem += mem;
	for (uint32_t s = 0; s < n; s++)
		rstart[s + 1] += rstart[s];
	rsrc = xmalloc((e + 1) * sizeof(*rsrc));
	for (uint32_t s = 0; s < n; s++)
		for (uint32_t k = 0; k < K; k++)
			if (tr[(size_t)s * K + k])
				rsrc[rstart[tr[(size_t)s * K + k]]++] = s;
	for (uint32_t s = n; s > 0; s--)
		rstart[s] = rstart[s - 1];
	rstart[0] = 0;
	live = xzalloc(n + 1);
	queue = xmalloc(((size_t)n + 1) * sizeof(*queue));
	{
		uint32_t qh = 0, qt = 0;

		for (uint32_t s = 0; s < n; s++)
			if (a->accept[s] || a->accept2[s]) {
				live[s] = 1;
				queue[qt++] = s;
			}
		while (qh < qt) {
			uint32_t s = queue[qh++];

			for (uint32_t k = rstart[s]; k < rstart[s + 1]; k++)
				if (!live[rsrc[k]]) {
					live[rsrc[k]] = 1;
					queue[qt++] = rsrc[k];
				}
		}
	}
	free(rsrc);
	free(rstart);

	/* The transitions kept, in label order; the cords start one a label;
	 * the incoming ones of each state (inA from inF[s]) made alongside. */
	inF = xzalloc(((size_t)n + 2) * sizeof(*inF));
	for (uint32_t s = 0; s < n; s++)
		for (uint32_t k = 0; k < K; k++)
			if (live[tr[(size_t)s * K + k]]) {
				inF[tr[(size_t)s * K + k] + 1]++;
				m++;
			}
	for (uint32_t s = 0; s < n; s++)
		inF[s + 1] += inF[s];
	cur = xmalloc(((size_t)n + 1) * sizeof(*cur));
	memcpy(cur, inF, (size_t)n * sizeof(*cur));
	tail = xmalloc(((size_t)m + 1) * sizeof(*tail));
	inA = xmalloc(((size_t)m + 1) * sizeof(*inA));
	rp_init(&C, m, K);
	C.z = 0;
	m = 0;
	for (uint32_t k = 0; k < K; k++) {
		uint32_t from = m;

		for (uint32_t s = 0; s < n; s++) {
			uint32_t h = tr[(size_t)s * K + k];

			if (live[h]) {
				tail[m] = s;
				C.set[m] = C.z;
				inA[cur[h]++] = m++;
			}
		}
		if (m > from) {
			C.first[C.z] = from;
			C.past[C.z++] = m;
		}
	}
	free(cur);
	free(live);

	/* Blocks: one per distinct (accept, accept2) (Note [initial partition]). */
	rp_init(&B, n, n);
	key = xmalloc(((size_t)n + 1) * sizeof(*key));
	for (uint32_t s = 0; s < n; s++)
		key[s] = (struct keyed){ a->accept[s], a->accept2[s], s };
	qsort(key, n, sizeof(*key), cmp_key);
	B.z = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (!i || key[i].accept != key[i - 1].accept || key[i].accept2 != key[i - 1].accept2) {
			if (B.z)
				B.past[B.z - 1] = i;
			B.first[B.z++] = i;
		}
		B.elem[i] = key[i].state;
		B.loc[key[i].state] = i;
		B.set[key[i].state] = B.z - 1;
	}
	if (B.z)
		B.past[B.z - 1] = n;
	free(key);



	/* Split blocks by cords and cords by blocks until both are stable
	 * (Note [all but one]). */
	b = 1;
	c = 0;
	while (c < C.z) {
		for (uint32_t i = C.first[c]; i < C.past[c]; i++)
			rp_mark(&B, tail[C.elem[i]]);
		rp_split(&B);
		c++;
		for (; b < B.z; b++) {
			for (uint32_t i = B.first[b]; i < B.past[b]; i++) {
				uint32_t s = B.elem[i];

				for (uint32_t k = inF[s]; k < inF[s + 1]; k++)
					rp_mark(&C, inA[k]);
			}
			rp_split(&C);
		}
	}
	for (uint32_t s = 0; s < n; s++)
		block[s] = B.set[s];
	b = B.z;
	rp_free(&B);
	rp_free(&C);
	free(tail);
	free(inF);
	free(inA);
	free(queue);
	return (int)b;
}
