// SPDX-License-Identifier: Apache-2.0
/* test_opt.c: the one option parser: clusters, long forms, operands in
 * order, "--", the common --help and --root, and every error message. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

static const struct applet fake = { "fake", NULL, "a fake applet", "Usage: fake [-v] [-o FILE]\n" };

enum { V, O, N, X };
static struct opt *fresh(void)
{
	static struct opt opts[5];
	struct opt init[] = {
		{ 'v', "verbose", 0 },
		{ 'o', "output", OPT_ARG },
		{ 0, "name", OPT_ARG },
		{ 'x', NULL, 0 },
		OPT_END,
	};

	memcpy(opts, init, sizeof(init));
	this_applet = &fake;
	return opts;
}

/* Parses a space-separated command line; returns the operands joined by '|'. */
static char *parse(struct opt *opts, unsigned flags, const char *line)
{
	static char *argv_store[32];
	static char buf[512], out[512];
	char **argv = argv_store;
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", line);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	opt_parse(&argc, &argv, opts, flags);
	out[0] = 0;
	for (int i = 0; i < argc; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s", i ? "|" : "", argv[i]);
	CHECK(argv[argc] == NULL);
	return out;
}

TEST(opt_short_cluster_and_attached_argument)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake -vxofile a"), "a");
	CHECK_INT(o[V].seen, 1);
	CHECK_INT(o[X].seen, 1);
	CHECK_STR(o[O].arg, "file");
}

TEST(opt_short_separate_argument_and_repeats)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake -v -o one -v -o two"), "");
	CHECK_INT(o[V].seen, 2);
	CHECK_INT(o[O].seen, 2);
	CHECK_STR(o[O].arg, "two");
}

TEST(opt_long_forms)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake --verbose --output=x --name y z"), "z");
	CHECK_INT(o[V].seen, 1);
	CHECK_STR(o[O].arg, "x");
	CHECK_STR(o[N].arg, "y");
}

TEST(opt_long_empty_value)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake --output= a"), "a");
	CHECK_STR(o[O].arg, "");
}

TEST(opt_operands_keep_order_around_options)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake a -v b --name n c - d"), "a|b|c|-|d");
	CHECK_STR(o[N].arg, "n");
}

TEST(opt_double_dash_ends_options)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, 0, "fake -v -- -x --name"), "-x|--name");
	CHECK_INT(o[X].seen, 0);
	CHECK_INT(o[N].seen, 0);
}

TEST(opt_stop_at_first_operand)
{
	struct opt *o = fresh();

	CHECK_STR(parse(o, OPTP_STOP, "fake -v add user -x --name k"), "add|user|-x|--name|k");
	CHECK_INT(o[V].seen, 1);
	CHECK_INT(o[X].seen, 0);
}

TEST(opt_root_is_common)
{
	struct opt *o = fresh();

	/* Both must exist: a root that does not is an error (test_paths.c). */
	CHECK_STR(parse(o, 0, "fake --root /proc/ a"), "a");
	CHECK_STR(root_dir(), "/proc");
	CHECK_STR(parse(o, 0, "fake --root=/sys"), "");
	CHECK_STR(root_dir(), "/sys");
}

struct errcase {
	unsigned flags;
	const char *line;
	const char *msg;
};

static void parse_child(void *arg)
{
	struct errcase *e = arg;

	parse(fresh(), e->flags, e->line);
}

static void expect_usage_error(unsigned flags, const char *line, const char *msg)
{
	struct errcase e = { flags, line, NULL };
	struct child c = run_child(parse_child, &e);
	char *want = xasprintf("fake: %s\nTry 'fake --help' for more information.\n", msg);

	if (c.status != 2 || strcmp(c.err, want))
		unit_fail(__FILE__, __LINE__, "'%s': status %d, stderr '%s', want 2 and '%s'", line,
			  c.status, c.err, want);
	CHECK_STR(c.out, "");
	child_free(&c);
	free(want);
}

TEST(opt_optional_argument)
{
	struct opt o[] = { { 'p', "pass", OPT_OPTARG }, { 'v', NULL, 0 }, OPT_END };

	this_applet = &fake;
	CHECK_STR(parse(o, 0, "fake -p a"), "a");
	CHECK_INT(o[0].seen, 1);
	CHECK(o[0].arg == NULL);
	CHECK_STR(parse(o, 0, "fake -psecret -v b"), "b");
	CHECK_STR(o[0].arg, "secret");
	CHECK_INT(o[1].seen, 1);
	CHECK_STR(parse(o, 0, "fake -vp c"), "c");
	CHECK(o[0].arg == NULL);
	CHECK_STR(parse(o, 0, "fake --pass=x d"), "d");
	CHECK_STR(o[0].arg, "x");
	CHECK_STR(parse(o, 0, "fake --pass= e"), "e");
	CHECK_STR(o[0].arg, "");
	/* The last one given wins, including one without a value. */
	CHECK_STR(parse(o, 0, "fake --pass=x --pass f"), "f");
	CHECK(o[0].arg == NULL);
}

TEST(opt_errors)
{
	expect_usage_error(0, "fake -q", "unknown option: -q");
	expect_usage_error(0, "fake -vq", "unknown option: -q");
	expect_usage_error(0, "fake --quiet", "unknown option: --quiet");
	expect_usage_error(0, "fake --verb", "unknown option: --verb");
	expect_usage_error(0, "fake -o", "option -o needs an argument");
	expect_usage_error(0, "fake --output", "option --output needs an argument");
	expect_usage_error(0, "fake --verbose=1", "option --verbose takes no argument");
	expect_usage_error(0, "fake --root", "option --root needs an argument");
	expect_usage_error(0, "fake --root=", "--root: empty directory name");
	expect_usage_error(OPTP_NO_ROOT, "fake --root /x", "unknown option: --root");
	expect_usage_error(0, "fake --help=x", "option --help takes no argument");
	/* An unknown long name is shown up to SHOWN_MAX (64) bytes, then cut. */
	expect_usage_error(0, "fake --a123456789b123456789c123456789d123456789e123456789f123456789gh12",
			   "unknown option: --a123456789b123456789c123456789d123456789e123456789f123456789gh12");
	expect_usage_error(0, "fake --a123456789b123456789c123456789d123456789e123456789f123456789gh12x",
			   "unknown option: --a123456789b123456789c123456789d123456789e123456789f123456789gh12...");
	expect_usage_error(0, "fake --a123456789b123456789c123456789d123456789e123456789f123456789gh12x=v",
			   "unknown option: --a123456789b123456789c123456789d123456789e123456789f123456789gh12...");
}

TEST(opt_help_prints_usage_and_exits_0)
{
	struct errcase e = { 0, "fake a --help b", NULL };
	struct child c = run_child(parse_child, &e);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, fake.help);
	CHECK_STR(c.err, "");
	child_free(&c);
}

static void num_child(void *arg)
{
	this_applet = &fake;
	xstrtonum(arg, 0, 3, "scope");
}

TEST(xstrtonum_ranges_and_bases)
{
	this_applet = &fake;
	CHECK_INT(xstrtonum("3", 0, 3, "n"), 3);
	CHECK_INT(xstrtonum("-5", -10, 0, "n"), -5);
	CHECK_INT(xstrtonum("010", 0, 100, "n"), 10);
	CHECK_INT(xstrtonum("0x1f", 0, 100, "n"), 31);
	CHECK_INT(xstrtonum("9223372036854775807", 0, 9223372036854775807LL, "n"),
		  9223372036854775807LL);
	for (const char **s = (const char *[]){ "4", "-1", "", " 1", "1x", "0x", "abc",
						  "99999999999999999999", NULL }; *s; s++) {
		struct child c = run_child(num_child, (void *)*s);
		char *want = xasprintf("fake: scope: not a number in 0..3: '%s'\n"
				       "Try 'fake --help' for more information.\n", *s);

		if (c.status != 2 || strcmp(c.err, want))
			unit_fail(__FILE__, __LINE__, "'%s': status %d, stderr '%s'", *s, c.status, c.err);
		child_free(&c);
		free(want);
	}
}

/* opt_parse_n: the bounds on the operand count, on each side of each limit. */
struct ncase {
	const char *line;
	int min, max;
	const char *need;
};

static void parse_n_child(void *arg)
{
	struct ncase *nc = arg;
	static char buf[256];
	static char *argv[16];
	int argc = 0;

	snprintf(buf, sizeof(buf), "%s", nc->line);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	char **av = argv;
	opt_parse_n(&argc, &av, fresh(), 0, nc->min, nc->max, nc->need);
	printf("%d", argc);
}

/* "" when the count is accepted (then stdout holds it), else the message. */
static void expect_n(const char *line, int min, int max, const char *need, const char *msg)
{
	struct ncase nc = { line, min, max, need };
	struct child c = run_child(parse_n_child, &nc);

	if (!msg) {
		if (c.status != 0 || strcmp(c.err, ""))
			unit_fail(__FILE__, __LINE__, "'%s' %d..%d: status %d, stderr '%s'", line, min, max,
				  c.status, c.err);
	} else {
		char *want = xasprintf("fake: %s\nTry 'fake --help' for more information.\n", msg);

		if (c.status != 2 || strcmp(c.err, want) || strcmp(c.out, ""))
			unit_fail(__FILE__, __LINE__, "'%s' %d..%d: status %d, stderr '%s', want 2 and '%s'",
				  line, min, max, c.status, c.err, want);
		free(want);
	}
	child_free(&c);
}

TEST(opt_operand_bounds)
{
	expect_n("sub -v", 1, 2, NULL, "sub: missing operand");
	expect_n("sub a -v", 1, 2, NULL, NULL);
	expect_n("sub a b", 1, 2, NULL, NULL);
	expect_n("sub a -v b c", 1, 2, NULL, "sub: unexpected argument c");
	expect_n("sub", 0, 0, NULL, NULL);
	expect_n("sub -o x y", 0, 0, NULL, "sub: unexpected argument y");
	expect_n("sub a b c d e f", 2, -1, NULL, NULL);
	expect_n("sub a", 2, -1, NULL, "sub: missing operand");
	expect_n("sub a", 2, 2, "sub: needs A B", "sub: needs A B");
	expect_n("sub a b c", 2, 2, "sub: needs A B", "sub: needs A B");
	expect_n("sub a b", 2, 2, "sub: needs A B", NULL);
}

TEST(opt_operand_bounds_count_after_options)
{
	struct ncase nc = { "sub -v a --name n b", 2, 2, NULL };
	struct child c = run_child(parse_n_child, &nc);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "2");
	child_free(&c);
}

/* opt_parse_each: each option told in command-line order, with its own
 * argument (not the last one of its letter), across clusters, long forms
 * and optional arguments. */
static void record(struct opt *o, void *arg)
{
	char *log = arg;

	snprintf(log + strlen(log), 256 - strlen(log), "%s%c=%s", *log ? "," : "",
		 o->sh ? o->sh : 'N', o->arg ? o->arg : "-");
}

/* line's words into argv_store, as a command line. */
static int split(char *line, char **argv)
{
	int argc = 0;

	for (char *tok = strtok(line, " "); tok; tok = strtok(NULL, " "))
		argv[argc++] = tok;
	argv[argc] = NULL;
	return argc;
}

TEST(opt_each_in_order)
{
	struct opt *o = fresh();
	struct opt l[] = { { 'l', "list", OPT_OPTARG }, { 'o', NULL, OPT_ARG }, OPT_END };
	char log[256] = "", buf[] = "fake -vo1 a --name n -xv -o 2 --output=3 b";
	char lbuf[] = "fake -lfull -l --list=standard -o4";
	char *argv_store[16], **argv = argv_store;
	int argc = split(buf, argv);

	opt_parse_each(&argc, &argv, o, 0, record, log);
	CHECK_STR(log, "v=-,o=1,N=n,x=-,v=-,o=2,o=3");
	CHECK_INT(argc, 2);
	CHECK_STR(argv[1], "b");
	argv = argv_store;
	argc = split(lbuf, argv);
	log[0] = 0;
	opt_parse_each(&argc, &argv, l, 0, record, log);
	CHECK_STR(log, "l=full,l=-,l=standard,o=4");
	CHECK_INT(argc, 0);
}
