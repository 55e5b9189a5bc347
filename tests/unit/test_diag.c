// SPDX-License-Identifier: Apache-2.0
/* test_diag.c: located diagnostics (FILE:LINE:COL, FILE:LINE at column 0),
 * their count, and the one ending "N error[s]...", exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

static const struct applet fake = { "fake", NULL, "a fake applet", "Usage: fake\n" };

static void three(void *arg)
{
	int since = *(int *)arg;

	this_applet = &fake;
	diag(&(struct srcloc){ "a.rules", 3, 7 }, "bad %s", "label");
	diag(&(struct srcloc){ "b\nc", 12, 0 }, "too long");
	printf("%d;", diag_count());
	diag_fail(since, "; nothing %s", "loaded");
	printf("survived");
}

TEST(diag_locations_count_and_end)
{
	int since = 0;
	struct child c = run_child(three, &since);

	CHECK_INT(c.status, 2);
	CHECK_STR(c.out, "2;");
	CHECK_STR(c.err, "fake: a.rules:3:7: bad label\nfake: b\\nc:12: too long\n"
			 "fake: 2 errors; nothing loaded\n");
	child_free(&c);
}

TEST(diag_fail_counts_since)
{
	int since = 1;
	struct child c = run_child(three, &since);

	CHECK_INT(c.status, 2);
	CHECK(strstr(c.err, "fake: 1 error; nothing loaded\n") != NULL);
	child_free(&c);
	since = 2;
	c = run_child(three, &since);
	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "2;survived");
	child_free(&c);
}

static void none(void *arg)
{
	(void)arg;
	this_applet = &fake;
	diag_fail(0, " in %s", "x");
	printf("%d", diag_count());
}

TEST(diag_fail_without_errors_returns)
{
	struct child c = run_child(none, NULL);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "0");
	CHECK_STR(c.err, "");
	child_free(&c);
}
