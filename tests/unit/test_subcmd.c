// SPDX-License-Identifier: Apache-2.0
/* test_subcmd.c: the one subcommand dispatcher: exact names, the leading
 * flag, operand bounds on each side, argv with or without the name, and the
 * refusals (default messages, the applet's own, and an anchor's refuse). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

static const struct applet fake = { "fake", NULL, "a fake applet", "Usage: fake CMD\n" };

/* Prints its argv joined by '|' and returns argc. */
static int show(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		printf("%s%s", i ? "|" : "", argv[i]);
	return argc;
}

static const struct subcmd cmds[] = {
	{ "one", show, 1, 2, "-x", "[-x] A [B]" },
	{ "one", NULL, 0, 0, NULL, "-l" },
	{ "any", show, 0, -1, NULL, "[ARG...]" },
	SUBCMD_END
};

struct run {
	unsigned flags;
	const char *line;
	const char *none, *bad;
	void (*refuse)(const struct subcmds *, const char *) __attribute__((__noreturn__));
};

static void run_child_fn(void *arg)
{
	struct run *r = arg;
	struct subcmds s = { cmds, NULL, r->flags, r->none, r->bad, r->refuse, 0 };
	static char buf[256];
	static char *argv[16];
	int argc = 0, rc;

	this_applet = &fake;
	snprintf(buf, sizeof(buf), "%s", r->line);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	rc = subcmd_run(&s, argc, argv);
	printf(" rc=%d flag=%d", rc, s.flag);
}

static struct child go(unsigned flags, const char *line)
{
	struct run r = { flags, line, NULL, NULL, NULL };

	return run_child(run_child_fn, &r);
}

static void expect(unsigned flags, const char *line, const char *out)
{
	struct child c = go(flags, line);

	if (c.status || strcmp(c.out, out) || strcmp(c.err, ""))
		unit_fail(__FILE__, __LINE__, "'%s': status %d, out '%s', err '%s', want '%s'", line,
			  c.status, c.out, c.err, out);
	child_free(&c);
}

static void expect_refused(struct run *r, const char *msg)
{
	struct child c = run_child(run_child_fn, r);
	char *want = xasprintf("fake: %s\nTry 'fake --help' for more information.\n", msg);

	if (c.status != 2 || strcmp(c.err, want) || strcmp(c.out, ""))
		unit_fail(__FILE__, __LINE__, "'%s': status %d, err '%s', want '%s'", r->line, c.status,
			  c.err, want);
	child_free(&c);
	free(want);
}

TEST(subcmd_runs_by_exact_name)
{
	expect(0, "any a b", "any|a|b rc=3 flag=0");
	expect(SUBCMD_OPERANDS, "any a b", "a|b rc=2 flag=0");
	expect(SUBCMD_OPERANDS, "any", " rc=0 flag=0");
}

TEST(subcmd_bounds_each_side)
{
	struct run r = { SUBCMD_OPERANDS, "one", NULL, NULL, NULL };

	expect_refused(&r, "one: usage: fake one [-x] A [B]");
	expect(SUBCMD_OPERANDS, "one a", "a rc=1 flag=0");
	expect(SUBCMD_OPERANDS, "one a b", "a|b rc=2 flag=0");
	r.line = "one a b c";
	expect_refused(&r, "one: usage: fake one [-x] A [B]");
}

TEST(subcmd_flag_is_taken_before_counting)
{
	struct run r = { SUBCMD_OPERANDS, "one -x", NULL, NULL, NULL };

	expect(SUBCMD_OPERANDS, "one -x a b", "a|b rc=2 flag=1");
	expect(0, "one -x a", "one|a rc=2 flag=1");
	/* Only as the first operand. */
	expect(SUBCMD_OPERANDS, "one a -x", "a|-x rc=2 flag=0");
	expect_refused(&r, "one: usage: fake one [-x] A [B]");
}

TEST(subcmd_refusals)
{
	struct run r = { 0, "", NULL, NULL, NULL };

	expect_refused(&r, "no command");
	r.none = "no command (see --help)";
	expect_refused(&r, "no command (see --help)");
	r.line = "on";
	expect_refused(&r, "unknown command: on");
	/* A usage-only row is no command. */
	r.line = "ONE";
	expect_refused(&r, "unknown command: ONE");
	r.bad = "say one or any";
	expect_refused(&r, "say one or any");
	r.line = "one";
	expect_refused(&r, "say one or any");
}

static noreturn void my_refuse(const struct subcmds *s, const char *unknown)
{
	fprintf(stderr, "refused %s\n", unknown ? unknown : "(count)");
	subcmd_usage(s, stderr);
	exit(3);
}

TEST(subcmd_anchor_refusal_and_usage_lines)
{
	struct run r = { SUBCMD_OPERANDS, "nope", NULL, NULL, my_refuse };
	struct child c = run_child(run_child_fn, &r);
	const char *lines = "  fake one [-x] A [B]\n  fake one -l\n  fake any [ARG...]\n";
	char *want = xasprintf("refused nope\n%s", lines);

	CHECK_INT(c.status, 3);
	CHECK_STR(c.err, want);
	child_free(&c);
	free(want);
	r.line = "one";
	c = run_child(run_child_fn, &r);
	want = xasprintf("refused (count)\n%s", lines);
	CHECK_INT(c.status, 3);
	CHECK_STR(c.err, want);
	child_free(&c);
	free(want);
}
