// SPDX-License-Identifier: Apache-2.0
/* tomoyo-edit.c: TOMOYO policy checking, editing, loading and saving, with
 * tomoyo-tools 2.6.1's programs as stand-in names.  The declaration, the
 * command line and the output; a line's verdict is check.c's. */
/* applet: tomoyo-edit
 * summary: TOMOYO policy checking, editing, loading and saving
 * usage: tomoyo-edit [--root DIR] check [-p] [-t KIND] FILE...
 * usage: tomoyo-edit [--root DIR] diff|sort|select|learned ...
 * usage: tomoyo-edit COMMAND [ARG...]
 * compat: tomoyo-checkpolicy
 * help:
 * Check TOMOYO 2.6 policy exactly as Linux 6.1 parses it, before anything
 * is written to the kernel: the kernel drops a line it cannot parse and
 * still reports success, so a line it would drop is an error here, named
 * FILE:LINE with the reason.
 *
 *   check [-p] [-t KIND] FILE...  the verdict on every line of each FILE
 *                        ("-": stdin); KIND (domain, exception, profile,
 *                        manager, or d, e, p, m) from -t, else from the
 *                        file's name (domain_policy.conf, ...); -p: then
 *                        print each FILE as a freshly booted kernel would
 *                        hold it and read it back once it is loaded (lines
 *                        merged, deletes applied, built-in policy added)
 *
 *   diff [-t KIND] OLD NEW  the lines that, written after OLD, make the
 *                        kernel hold NEW ("delete" lines first); exit 1
 *                        when there are any, as diff(1)
 *   sort [-t KIND] [FILE...]  the policy as the kernel holds it, domains
 *                        and each domain's ACLs in byte order
 *   select [-r] [-f FILE] DOMAIN...  those domains' blocks (-r: and their
 *                        descendants') from FILE or stdin; exit 1: none
 *   learned [-r] [-f FILE] [-c RULES] [-P N] [--temp] DOMAIN...  what
 *                        learning mode recorded for those domains (from the
 *                        kernel, or FILE) as a policy to review and load:
 *                        use_profile N (default 3), names the kernel makes
 *                        up (proc:/123/, pipe:[9]) as patterns, RULES in
 *                        tomoyo-patternize's form, with --temp a name that
 *                        no longer exists as DIR/\*; sorted, merged
 *
 * Lines the kernel takes but not as written (an operation it skips, words
 * after the last argument it ignores, a raw byte it reads as a space, a
 * PROFILE_VERSION that would stop the boot) are warnings.  Lines of TOMOYO
 * 1.8/AKARI or of 2.2-2.5 are named as such.
 *
 * As tomoyo-checkpolicy (d|e < FILE): tomoyo-tools' output and exit codes
 * (2 errors, 1 warnings only, 0), with the kernel's verdicts.
 *
 * Not implemented yet (exit 2): domains, show, add, delete, exception,
 * profile, mode, manager, save, load, pstree, query, edit.
 *
 * Exit status: 0 every line taken; 1 a line the kernel would drop; 2 bad
 * usage or an unreadable file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>

#include "lsmbox.h"
#include "tomoyo.h"

#define TEXT_MAX ((size_t)256 << 20)	/* a policy file: 256 MiB at most */

static int kind_of(const char *s, enum tmy_kind *k)
{
	static const char *const names[][2] = {
		{ "d", "domain" }, { "e", "exception" }, { "p", "profile" }, { "m", "manager" },
	};

	for (int i = 0; i < TMY_KINDS; i++)
		if (!strcmp(s, names[i][0]) || !strcmp(s, names[i][1]) ||
		    !strcmp(s, tmy_kind_name(i))) {
			*k = i;
			return 0;
		}
	return -1;
}

/* A policy file's kind from its name, as savepolicy names them. */
static int kind_of_name(const char *path, enum tmy_kind *k)
{
	const char *b = strrchr(path, '/');

	b = b ? b + 1 : path;
	for (int i = 0; i < TMY_KINDS; i++)
		if (!strncmp(b, tmy_kind_name(i), strlen(tmy_kind_name(i)))) {
			*k = i;
			return 0;
		}
	return -1;
}

/* The text of path ("-": stdin), under --root inside the root; bad input
 * (too large, a NUL byte) ends the run with exit 2. */
static char *read_policy(const char *path, char **namep, size_t *lenp)
{
	int fd, status = die_status;
	char *t, *name;

	die_status = 2;
	if (!strcmp(path, "-")) {
		fd = 0;
		name = xstrdup("-");
	} else {
		name = root_file(path, 0);
		if (!name)
			die_errno("%s", str_esc(path, SIZE_MAX));
		fd = root_open(path, O_RDONLY, 0);
		if (fd < 0)
			die_errno("%s", str_esc(name, SIZE_MAX));
	}
	t = xread_text_fd(fd, str_esc(name, SIZE_MAX), TEXT_MAX, lenp);
	die_status = status;
	if (fd)
		close(fd);
	*namep = name;
	return t;
}

/* What a run of check counted. */
struct tally {
	int lines, errors, warnings;
	bool whole_lines;	/* a last line without a newline is not read */
};

#define LINE_BUF ((size_t)128 << 10)	/* a line longer than this is refused */

typedef void report_fn(struct tmy_check *c, int line, bool ok, bool last, void *arg);

/* A check of one file: the checker, the line count, the tally, where the
 * verdicts go. */
struct run {
	struct tmy_check c;
	int line;
	struct tally *t;
	report_fn *report;
	void *arg;
};

static void run_start(struct run *r, enum tmy_kind kind, struct tally *t, report_fn *report,
		      void *arg)
{
	tmy_check_init(&r->c, kind);
	r->c.verdict_only = true;
	r->line = 0;
	r->t = t;
	r->report = report;
	r->arg = arg;
}

static void run_one(struct run *r, const char *p, size_t len, bool last)
{
	bool ok;

	if (last && r->t->whole_lines)
		return;
	ok = tmy_check_line(&r->c, p, len);
	r->line++;
	r->t->lines++;
	r->t->errors += !ok;
	r->t->warnings += r->c.nwarn;
	r->report(&r->c, r->line, ok, last, r->arg);
}

/* The complete lines in [p, end), and at eof the last one too; where the
 * rest begins. */
static const char *run_lines(struct run *r, const char *p, const char *end, bool eof)
{
	const char *nl;

	while (p < end && ((nl = memchr(p, '\n', (size_t)(end - p))) || eof)) {
		run_one(r, p, (size_t)((nl ? nl : end) - p), !nl);
		p = nl ? nl + 1 : end;
	}
	return p;
}

/* Every line of text through check.c; each verdict to report(). */
static void check_text(const char *text, size_t len, enum tmy_kind kind, struct tally *t,
		       report_fn *report, void *arg)
{
	struct run r;

	run_start(&r, kind, t, report, arg);
	run_lines(&r, text, text + len, true);
	tmy_check_free(&r.c);
}

/* The same from fd, a block at a time: memory stays bounded however large
 * the file.  A line that fills the block is refused (the kernel takes no
 * line of 64 KiB or more either) and passed over. */
static void check_fd(int fd, const char *name, enum tmy_kind kind, struct tally *t,
		     report_fn *report, void *arg)
{
	struct run r;
	char *buf = xmalloc(LINE_BUF);
	size_t have = 0;
	bool eof = false, skip = false;

	run_start(&r, kind, t, report, arg);
	while (!eof || have) {
		const char *p = buf, *end;
		ssize_t n = read(fd, buf + have, LINE_BUF - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			die_status = 2;
			die_errno("%s", name);
		}
		eof = n == 0;
		have += (size_t)n;
		end = buf + have;
		if (skip) {	/* the rest of a line too long */
			const char *nl = memchr(p, '\n', have);

			skip = !nl && !eof;
			p = nl ? nl + 1 : end;
		}
		p = run_lines(&r, p, end, eof);
		if (p == buf && have == LINE_BUF) {
			run_one(&r, buf, LINE_BUF, false);
			skip = true;
			p = end;
		}
		have = (size_t)(end - p);
		memmove(buf, p, have);
		if (eof)
			break;
	}
	free(buf);
	tmy_check_free(&r.c);
}

/* A policy file opened as read_policy finds it; *namep for messages. */
static int open_policy(const char *path, char **namep)
{
	int fd, status = die_status;

	die_status = 2;
	if (!strcmp(path, "-")) {
		*namep = xstrdup("-");
		die_status = status;
		return 0;
	}
	*namep = root_file(path, 0);
	if (!*namep)
		die_errno("%s", str_esc(path, SIZE_MAX));
	fd = root_open(path, O_RDONLY, 0);
	if (fd < 0)
		die_errno("%s", str_esc(*namep, SIZE_MAX));
	die_status = status;
	return fd;
}

static void report_ours(struct tmy_check *c, int line, bool ok, bool last, void *arg)
{
	const char *name = arg;

	for (int i = 0; i < c->nwarn; i++)
		warn("%s:%d: warning: %s", name, line, c->warn[i]);
	if (!ok)
		warn("%s:%d: %s%s%s%s", name, line, c->why, c->bad[0] ? ": '" : "", c->bad,
		     c->bad[0] ? "'" : "");
	if (last)
		warn("%s:%d: warning: no newline at the end: the kernel never reads such a "
		     "last line (tomoyo-edit load adds one)", name, line);
}

enum { C_TYPE, C_PRINT, C_N };
static struct opt check_opts[] = {
	[C_TYPE] = { 't', "type", OPT_ARG }, [C_PRINT] = { 'p', "print", 0 }, [C_N] = OPT_END
};

static int cmd_check(int argc, char **argv)
{
	struct tally t = { 0 };

	opt_parse_n(&argc, &argv, check_opts, 0, 1, -1, "check: which files?");
	for (int i = 0; i < argc; i++) {
		enum tmy_kind k;
		char *name, *text;
		size_t len;

		if (check_opts[C_TYPE].arg) {
			if (kind_of(check_opts[C_TYPE].arg, &k))
				usage_error("check: -t %s: not domain, exception, profile or manager",
					    str_esc(check_opts[C_TYPE].arg, SIZE_MAX));
		} else if (kind_of_name(argv[i], &k)) {
			usage_error("check: %s: which kind of policy? (-t domain|exception|"
				    "profile|manager)", str_esc(argv[i], SIZE_MAX));
		}
		if (!check_opts[C_PRINT].seen) {
			int fd = open_policy(argv[i], &name);

			check_fd(fd, name, k, &t, report_ours, (void *)str_esc(name, SIZE_MAX));
			if (fd)
				close(fd);
			free(name);
			continue;
		}
		text = read_policy(argv[i], &name, &len);
		check_text(text, len, k, &t, report_ours, (void *)str_esc(name, SIZE_MAX));
		{
			struct tmy_policy *p = tmy_policy_new(k);
			struct buf out = BUF_INIT(0);

			tmy_policy_builtin(p);
			tmy_policy_add(p, text, len, NULL);
			tmy_policy_print(p, &out);
			xwrite_all(1, out.p, out.len, "stdout");
			buf_free(&out);
			tmy_policy_free(p);
		}
		free(text);
		free(name);
	}
	return t.errors ? 1 : 0;
}

/* One file into a new model of kind k (bad lines reported, counted by
 * diag_count); the caller frees it. */
static struct tmy_policy *load_model(const char *path, enum tmy_kind k)
{
	struct tmy_policy *p = tmy_policy_new(k);
	char *name, *text;
	size_t len;

	text = read_policy(path, &name, &len);
	tmy_policy_add(p, text, len, str_esc(name, SIZE_MAX));
	free(text);
	free(name);
	return p;
}

/* The kind from -t, else from the first name that says, else domain. */
static enum tmy_kind kind_or_domain(const char *t, char **paths, int n)
{
	enum tmy_kind k;

	if (t) {
		if (kind_of(t, &k))
			usage_error("-t %s: not domain, exception, profile or manager",
				    str_esc(t, SIZE_MAX));
		return k;
	}
	for (int i = 0; i < n; i++)
		if (!kind_of_name(paths[i], &k))
			return k;
	return TMY_DOMAIN;
}

static void put_out(struct buf *out)
{
	xwrite_all(1, out->p, out->len, "stdout");
	buf_free(out);
}

/* Bad lines end the run: exit 1, nothing printed. */
static void fail_if_dropped(int since, const char *what)
{
	int n = diag_count() - since;

	if (n > 0) {
		die_status = 1;
		die("%d line%s the kernel would drop; no %s printed", n, n > 1 ? "s" : "", what);
	}
}

static struct opt type_opts[] = { { 't', "type", OPT_ARG }, OPT_END };

static int cmd_sort(int argc, char **argv)
{
	struct buf out = BUF_INIT(0);
	int since = diag_count();
	enum tmy_kind k;

	opt_parse_n(&argc, &argv, type_opts, 0, 0, -1, NULL);
	if (!argc) {
		static char *dash[] = { "-" };

		argv = dash, argc = 1;
	}
	k = kind_or_domain(type_opts[0].arg, argv, argc);
	for (int i = 0; i < argc; i++) {
		struct tmy_policy *p = load_model(argv[i], k);

		tmy_policy_sort(p, &out);
		tmy_policy_free(p);
	}
	fail_if_dropped(since, "policy");
	put_out(&out);
	return 0;
}

static struct opt select_opts[] = { { 'r', "recursive", 0 }, { 'f', "file", OPT_ARG }, OPT_END };

static int cmd_select(int argc, char **argv)
{
	struct buf out = BUF_INIT(0);
	int since = diag_count(), found;
	struct tmy_policy *p;

	opt_parse_n(&argc, &argv, select_opts, 0, 1, -1, "select: which domains?");
	p = load_model(select_opts[1].arg ? select_opts[1].arg : "-", TMY_DOMAIN);
	fail_if_dropped(since, "domain");
	found = tmy_policy_select(p, argv, argc, select_opts[0].seen, &out);
	tmy_policy_free(p);
	put_out(&out);
	return found ? 0 : 1;
}

static int cmd_diff(int argc, char **argv)
{
	struct buf out = BUF_INIT(0);
	struct tmy_policy *a, *b;
	int since = diag_count(), n;
	enum tmy_kind k;

	opt_parse_n(&argc, &argv, type_opts, 0, 2, 2, "diff: needs OLD and NEW");
	if (!strcmp(argv[0], "-") && !strcmp(argv[1], "-"))
		usage_error("diff: only one of OLD and NEW may be -");
	k = kind_or_domain(type_opts[0].arg, argv, 2);
	a = load_model(argv[0], k);
	b = load_model(argv[1], k);
	fail_if_dropped(since, "difference");
	n = tmy_policy_diff(a, b, &out);
	tmy_policy_free(a);
	tmy_policy_free(b);
	put_out(&out);
	return n ? 1 : 0;
}

/* A file of the running kernel's TOMOYO directory, whole (bounded). */
static char *kernel_text(const char *file, size_t *lenp)
{
	char *rel = xasprintf("tomoyo/%s", file), *path = kfs_path(KFS_SECURITYFS, rel);
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC), status = die_status;
	char *t;

	if (fd < 0) {
		die_status = 2;
		die_errno("%s (is TOMOYO active? boot with security=tomoyo or lsm=...,tomoyo)",
			  path);
	}
	die_status = 2;
	t = xread_text_fd(fd, path, TEXT_MAX, lenp);
	die_status = status;
	close(fd);
	free(rel);
	free(path);
	return t;
}

enum { L_RECURSIVE, L_FILE, L_RULES, L_PROFILE, L_TEMP, L_N };
static struct opt learned_opts[] = {
	[L_RECURSIVE] = { 'r', "recursive", 0 }, [L_FILE] = { 'f', "file", OPT_ARG },
	[L_RULES] = { 'c', "rules", OPT_ARG }, [L_PROFILE] = { 'P', "profile", OPT_ARG },
	[L_TEMP] = { 0, "temp", 0 }, [L_N] = OPT_END
};

/* learned: the domains as learning mode left them, made into an
 * enforcing policy to review and load. */
static int cmd_learned(int argc, char **argv)
{
	struct tmy_policy *p, *q;
	struct tmy_rules *rules;
	struct buf out = BUF_INIT(0);
	int since = diag_count(), profile = 3;

	opt_parse_n(&argc, &argv, learned_opts, 0, 1, -1, "learned: which domains?");
	if (learned_opts[L_PROFILE].arg)
		profile = (int)xstrtonum(learned_opts[L_PROFILE].arg, 0, TMY_MAX_PROFILES - 1,
					 "profile");
	rules = tmy_rules_new(learned_opts[L_TEMP].seen);
	if (learned_opts[L_RULES].arg) {
		char *name, *text;
		size_t len;

		text = read_policy(learned_opts[L_RULES].arg, &name, &len);
		tmy_rules_read(rules, text, len, str_esc(name, SIZE_MAX));
		free(text);
		free(name);
		if (diag_count() > since)
			diag_fail(since, " in the rules");
	}
	if (learned_opts[L_FILE].arg) {
		p = load_model(learned_opts[L_FILE].arg, TMY_DOMAIN);
	} else {
		size_t len;
		char *text = kernel_text("domain_policy", &len);

		p = tmy_policy_new(TMY_DOMAIN);
		tmy_policy_add(p, text, len, "domain_policy");
		free(text);
	}
	fail_if_dropped(since, "policy");
	q = tmy_policy_learned(p, argv, argc, learned_opts[L_RECURSIVE].seen, profile,
			       tmy_rules_apply, rules);
	fail_if_dropped(since, "policy");
	tmy_policy_sort(q, &out);
	tmy_policy_free(p);
	tmy_policy_free(q);
	tmy_rules_free(rules);
	if (!out.len) {
		die_status = 1;
		die("learned: no such domain");
	}
	put_out(&out);
	return 0;
}

/* tomoyo-checkpolicy's words for what is wrong. */
static const char *checkpolicy_class(const struct tmy_check *c)
{
	static const char *const words[] = {
		[TMY_ARG] = "is a bad argument.", [TMY_COND] = "is an illegal condition.",
		[TMY_DOMNAME] = "is a bad domainname.", [TMY_NS] = "is a bad namespace",
	};
	return words[c->cls];
}

static void report_checkpolicy(struct tmy_check *c, int line, bool ok, bool last, void *arg)
{
	int *warnings = arg;

	(void)last;
	for (int i = 0; i < c->nwarn; i++)
		if (!strncmp(c->warn[i], "a raw byte ", 11)) {
			printf("%d: WARNING: Line contains illegal character (%.4s).\n", line,
			       c->warn[i] + 11);
			++*warnings;
		}
	if (!ok)
		printf("%d: ERROR: '%s' %s\n", line, c->bad, checkpolicy_class(c));
}

/* tomoyo-checkpolicy d|e < FILE: it reads only lines that end in a
 * newline, and its one warning is a raw byte. */
static int checkpolicy_main(int argc, char **argv)
{
	struct tally t = { .whole_lines = true };
	enum tmy_kind k;
	int warnings = 0;

	if (argc < 2 || (strcmp(argv[1], "d") && strcmp(argv[1], "e"))) {
		fprintf(stderr, "%s e|d < policy_to_check\n", argv[0]);
		return 0;
	}
	k = argv[1][0] == 'd' ? TMY_DOMAIN : TMY_EXCEPTION;
	check_fd(0, "-", k, &t, report_checkpolicy, &warnings);
	printf("Total:   %d Line%s   %d Error%s   %d Warning%s\n", t.lines,
	       t.lines > 1 ? "s" : "", t.errors, t.errors > 1 ? "s" : "", warnings,
	       warnings > 1 ? "s" : "");
	return t.errors ? 2 : warnings ? 1 : 0;
}

static int later(int argc, char **argv)
{
	(void)argc;
	die_status = 2;
	die("%s: not implemented yet", argv[0]);
}

static const struct subcmd cmds[] = {
	{ "check", cmd_check, 0, -1, NULL, "[-p] [-t KIND] FILE..." },
	{ "domains", later, 0, -1, NULL, "" },
	{ "show", later, 0, -1, NULL, "DOMAIN" },
	{ "add", later, 0, -1, NULL, "DOMAIN LINE..." },
	{ "delete", later, 0, -1, NULL, "DOMAIN LINE..." },
	{ "exception", later, 0, -1, NULL, "add|delete|show [LINE...]" },
	{ "profile", later, 0, -1, NULL, "show|set N KEY=VALUE" },
	{ "mode", later, 0, -1, NULL, "DOMAIN|N learning|permissive|enforcing|disabled" },
	{ "manager", later, 0, -1, NULL, "add|show [LINE...]" },
	{ "save", later, 0, -1, NULL, "[DIR]" },
	{ "load", later, 0, -1, NULL, "[DIR]" },
	{ "diff", cmd_diff, 0, -1, NULL, "[-t KIND] OLD NEW" },
	{ "sort", cmd_sort, 0, -1, NULL, "[-t KIND] [FILE...]" },
	{ "select", cmd_select, 0, -1, NULL, "[-r] [-f FILE] DOMAIN..." },
	{ "learned", cmd_learned, 0, -1, NULL, "[-r] [-f FILE] [-c RULES] [-P N] [--temp] DOMAIN..." },
	{ "pstree", later, 0, -1, NULL, "" },
	{ "query", later, 0, -1, NULL, "" },
	{ "edit", later, 0, -1, NULL, "" },
	SUBCMD_END
};

static struct subcmds table = { cmds, NULL, 0, NULL, NULL, NULL, 0 };

int tomoyo_edit_main(int argc, char **argv)
{
	if (!strcmp(applet_name(), "tomoyo-checkpolicy"))
		return checkpolicy_main(argc, argv);
	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&table, argc, argv);
}
