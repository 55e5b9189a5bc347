// SPDX-License-Identifier: Apache-2.0
/* test_htab.c: the string intern table: stable ids, growth, its maximum
 * count on each side, and a hash whose low bits mix every input bit. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

TEST(htab_ids_in_order)
{
	struct htab h = { 0 };

	CHECK_INT(htab_find(&h, "a"), -1);
	CHECK_INT(htab_intern(&h, "_"), 0);
	CHECK_INT(htab_intern(&h, "floor"), 1);
	CHECK_INT(htab_intern(&h, ""), 2);
	CHECK_INT(htab_intern(&h, "_"), 0);
	CHECK_INT(htab_intern(&h, "floor"), 1);
	CHECK_INT(htab_count(&h), 3);
	CHECK_STR(htab_str(&h, 1), "floor");
	CHECK_STR(htab_str(&h, 2), "");
	CHECK_INT(htab_len(&h, 1), 5);
	CHECK(htab_str(&h, 3) == NULL);
	CHECK(htab_str(&h, -1) == NULL);
	CHECK_INT(htab_find(&h, "floor"), 1);
	CHECK_INT(htab_find(&h, "floo"), -1);
	htab_free(&h);
	CHECK_INT(htab_count(&h), 0);
}

/* By length: a token inside a line, and bytes with NULs in them. */
TEST(htab_by_length)
{
	struct htab h;

	htab_init(&h, 0);
	CHECK_INT(htab_intern_n(&h, "abc", 2), 0);
	CHECK_INT(htab_intern(&h, "ab"), 0);
	CHECK_INT(htab_intern_n(&h, "ab\0", 3), 1);
	CHECK_INT(htab_intern_n(&h, "ab\0c", 4), 2);
	CHECK_INT(htab_len(&h, 1), 3);
	CHECK(!memcmp(htab_str(&h, 2), "ab\0c", 5));
	CHECK_INT(htab_find_n(&h, "ab\0c", 4), 2);
	CHECK_INT(htab_find_n(&h, "ab\0d", 4), -1);
	htab_free(&h);
}

/* Through many growths ids and string addresses stay. */
TEST(htab_grows)
{
	struct htab h = { 0 };
	const char *first;
	char name[32];

	CHECK_INT(htab_intern(&h, "label0"), 0);
	first = htab_str(&h, 0);
	for (int i = 1; i < 50000; i++) {
		snprintf(name, sizeof(name), "label%d", i);
		CHECK_INT(htab_intern(&h, name), i);
		CHECK_INT(htab_find(&h, name), i);	/* the one that made it grow too */
	}
	CHECK_INT(htab_count(&h), 50000);
	CHECK(htab_str(&h, 0) == first);
	for (int i = 0; i < 50000; i++) {
		snprintf(name, sizeof(name), "label%d", i);
		CHECK_INT(htab_find(&h, name), i);
		CHECK_INT(htab_intern(&h, name), i);
		CHECK_STR(htab_str(&h, i), name);
	}
	CHECK_INT(htab_find(&h, "label50000"), -1);
	CHECK(h.nslot >= 2 * (size_t)htab_count(&h));
	htab_free(&h);
}

TEST(htab_max_count)
{
	struct htab h;

	htab_init(&h, 3);
	CHECK_INT(htab_intern(&h, "a"), 0);
	CHECK_INT(htab_intern(&h, "b"), 1);
	CHECK_INT(htab_intern(&h, "c"), 2);	/* exactly the maximum */
	errno = 0;
	CHECK_INT(htab_intern(&h, "d"), -1);	/* one past */
	CHECK_INT(errno, ENOSPC);
	CHECK_INT(htab_count(&h), 3);
	CHECK_INT(htab_intern(&h, "b"), 1);	/* those in are still found */
	CHECK_INT(htab_find(&h, "d"), -1);
	htab_free(&h);

	/* Past HTAB_MAX is HTAB_MAX; 0 and negative are the default. */
	htab_init(&h, HTAB_MAX + 1);
	CHECK_INT(h.max, HTAB_MAX);
	htab_init(&h, -1);
	CHECK_INT(h.max, HTAB_MAX);
	htab_init(&h, 1);
	CHECK_INT(htab_intern(&h, "x"), 0);
	CHECK_INT(htab_intern(&h, "y"), -1);
	htab_free(&h);
}

/* The default maximum, reached and passed. */
TEST(htab_default_max)
{
	struct htab h = { 0 };
	char name[32];

	for (int i = 0; i < HTAB_MAX; i++) {
		snprintf(name, sizeof(name), "%d", i);
		if (htab_intern(&h, name) != i)
			CHECK_INT(htab_intern(&h, name), i);
	}
	CHECK_INT(htab_intern(&h, "one more"), -1);
	CHECK_INT(htab_intern(&h, "7"), 7);
	htab_free(&h);
}

/* Strings whose bytes differ only in their high bits: plain FNV-1a gives
 * them all the same low bits, so they would share one probe chain. */
TEST(htab_hash_low_bits)
{
	static const char set[] = "AQaq";
	int seen[64] = { 0 }, distinct = 0;
	char s[4] = { 0 };

	for (int i = 0; i < 64; i++) {
		s[0] = set[i & 3];
		s[1] = set[(i >> 2) & 3];
		s[2] = set[(i >> 4) & 3];
		seen[hash_mem(s, 3) & 63]++;
	}
	for (int i = 0; i < 64; i++)
		distinct += seen[i] != 0;
	CHECK(distinct >= 32);
	CHECK(hash_mem("a", 1) != hash_mem("b", 1));
	CHECK(hash_mem("", 0) != hash_mem("\0", 1));
}
