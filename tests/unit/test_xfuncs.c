// SPDX-License-Identifier: Apache-2.0
/* test_xfuncs.c: xroom, the one-at-a-time growth of an array: room for
 * every element, reallocated only at powers of two (so n appends cost
 * O(n)), and an element count past what size_t can hold refused. */
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

TEST(xroom_holds_every_element_and_grows_at_powers_of_two)
{
	size_t *v = NULL, grew = 0;
	void *last = NULL;

	for (size_t n = 0; n < 5000; n++) {
		XROOM(v, n);
		v[n] = n;
		/* a realloc happens at 0, 1, 2, 4, ... only (it may keep the
		 * address, so count the calls that could move it) */
		if (!(n & (n - 1)))
			grew++;
		last = v;
	}
	for (size_t n = 0; n < 5000; n++)
		CHECK(v[n] == n);
	CHECK_INT((int)grew, 14);	/* 0, 1, 2, 4, ..., 4096 */
	CHECK(last == v);
	free(v);
}

TEST(xroom_leaves_the_array_between_powers_of_two)
{
	int *v = NULL;

	for (size_t n = 0; n <= 8; n++)
		XROOM(v, n);
	/* n = 9..15 fit in the 16 allocated at n = 8: v is not touched (not
	 * moved, nor grown in place) */
	size_t usable = malloc_usable_size(v);

	for (size_t n = 9; n < 16; n++) {
		CHECK(xroom(v, n, sizeof(*v)) == v);
		CHECK(malloc_usable_size(v) == usable);
	}
	free(v);
}

static const struct applet fake = { "fake", NULL, "a fake applet", "Usage: fake\n" };

/* 2^62 elements of 8 bytes: twice that in bytes overflows */
static void huge_child(void *arg)
{
	(void)arg;
	this_applet = &fake;
	xroom(NULL, (size_t)1 << 62, 8);
}

/* 2^63 elements of a byte: twice that count itself overflows (to 0) */
static void wrap_child(void *arg)
{
	(void)arg;
	this_applet = &fake;
	xroom(NULL, (size_t)1 << 63, 1);
}

TEST(xroom_refuses_a_size_past_size_t)
{
	struct child c = run_child(huge_child, NULL);

	CHECK_INT(c.status, 1);
	CHECK_STR(c.err, "fake: out of memory (4611686018427387904 elements of 8 bytes)\n");
	c = run_child(wrap_child, NULL);
	CHECK_INT(c.status, 1);
	CHECK_STR(c.err, "fake: out of memory (9223372036854775808 elements of 1 bytes)\n");
}
