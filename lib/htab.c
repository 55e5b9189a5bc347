// SPDX-License-Identifier: Apache-2.0
/* htab.c: a string intern table: each distinct string gets a small stable
 * id (labels, profile and module names, policy variables), bounded in count. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"

/* FNV-1a, then a finalizer (MurmurHash3's fmix64): FNV's low bits depend
 * only on the low bits of the bytes, and the table masks the low bits. */
uint64_t hash_mem(const void *p, size_t n)
{
	const uint8_t *s = p;
	uint64_t h = 0xcbf29ce484222325ull;

	for (size_t i = 0; i < n; i++) {
		h ^= s[i];
		h *= 0x100000001b3ull;
	}
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return h;
}

void htab_init(struct htab *h, int max)
{
	memset(h, 0, sizeof(*h));
	h->max = max > 0 && max < HTAB_MAX ? max : HTAB_MAX;
}

/* The slot holding s, or the empty slot where it would go. */
static size_t htab_slot(const struct htab *h, const char *s, size_t len, uint64_t hash)
{
	size_t mask = h->nslot - 1, i = (size_t)hash & mask;

	for (;;) {
		uint32_t v = h->slot[i];
		const struct htab_str *e;

		if (!v)
			return i;
		e = &h->str[v - 1];
		if (e->hash == hash && e->len == len && !memcmp(e->s, s, len))
			return i;
		i = (i + 1) & mask;
	}
}

int htab_find_n(const struct htab *h, const char *s, size_t len)
{
	uint32_t v;

	if (!h->nslot)
		return -1;
	v = h->slot[htab_slot(h, s, len, hash_mem(s, len))];
	return v ? (int)v - 1 : -1;
}

int htab_find(const struct htab *h, const char *s)
{
	return htab_find_n(h, s, strlen(s));
}

/* Load at most 1/2, so a probe always ends at an empty slot. */
static void htab_rehash(struct htab *h, size_t nslot)
{
	free(h->slot);
	h->slot = xzalloc(nslot * sizeof(*h->slot));
	h->nslot = nslot;
	for (int id = 0; id < h->count; id++) {
		struct htab_str *e = &h->str[id];

		h->slot[htab_slot(h, e->s, e->len, e->hash)] = (uint32_t)id + 1;
	}
}

int htab_intern_n(struct htab *h, const char *s, size_t len)
{
	uint64_t hash = hash_mem(s, len);
	struct htab_str *e;
	size_t i;

	if (!h->max)
		htab_init(h, 0);
	if (!h->nslot)
		htab_rehash(h, 16);
	i = htab_slot(h, s, len, hash);
	if (h->slot[i])
		return (int)h->slot[i] - 1;
	if (h->count >= h->max) {
		errno = ENOSPC;
		return -1;
	}
	if ((size_t)h->count + 1 > h->nslot / 2) {
		htab_rehash(h, h->nslot * 2);
		i = htab_slot(h, s, len, hash);
	}
	if (h->count == h->nstr) {
		h->nstr = h->nstr ? h->nstr * 2 : 16;
		h->str = xrealloc(h->str, (size_t)h->nstr * sizeof(*h->str));
	}
	e = &h->str[h->count];
	e->s = xmalloc(len + 1);
	memcpy(e->s, s, len);
	e->s[len] = 0;
	e->len = len;
	e->hash = hash;
	h->slot[i] = (uint32_t)h->count + 1;
	return h->count++;
}

int htab_intern(struct htab *h, const char *s)
{
	return htab_intern_n(h, s, strlen(s));
}

const char *htab_str(const struct htab *h, int id)
{
	return id >= 0 && id < h->count ? h->str[id].s : NULL;
}

size_t htab_len(const struct htab *h, int id)
{
	return id >= 0 && id < h->count ? h->str[id].len : 0;
}

int htab_count(const struct htab *h)
{
	return h->count;
}

void htab_free(struct htab *h)
{
	for (int id = 0; id < h->count; id++)
		free(h->str[id].s);
	free(h->str);
	free(h->slot);
	memset(h, 0, sizeof(*h));
}
