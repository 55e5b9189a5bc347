// SPDX-License-Identifier: Apache-2.0
/* tomoyo-edit.c: TOMOYO policy checking, editing, loading and saving, with
 * tomoyo-tools 2.6.1's programs as stand-in names.  The declaration, the
 * command line and the output; a line's verdict is check.c's. */
/* applet: tomoyo-edit
 * summary: TOMOYO policy checking, editing, loading and saving
 * usage: tomoyo-edit [--root DIR] check [-p] [-t KIND] FILE...
 * usage: tomoyo-edit [--root DIR] save [DIR]
 * usage: tomoyo-edit [--root DIR] load [-f] [--line-by-line] [--no-check] [-t KIND] [DIR|FILE...]
 * usage: tomoyo-edit [--root DIR] diff|sort|select|learned ...
 * usage: tomoyo-edit COMMAND [ARG...]
 * compat: tomoyo-checkpolicy tomoyo-init tomoyo-loadpolicy tomoyo-savepolicy
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
 *   save [DIR]           the kernel's policy into DIR (default /etc/tomoyo)
 *                        as tomoyo-savepolicy lays it out: a new
 *                        DIR/policy/YY-MM-DD.hh:mm:ss/ made current, the old
 *                        current kept as previous, DIR/KIND.conf links to
 *                        it; all or nothing (DIR/policy/ is made if missing)
 *   load [DIR|FILE...]   policy into the kernel: a policy directory (default
 *                        /etc/tomoyo: DIR/KIND.conf, else policy/current/,
 *                        and DIR/stat.conf) or files named by kind (or -t
 *                        KIND; "-": stdin).  Every line is checked first: one
 *                        the kernel would drop, a PROFILE_VERSION the kernel
 *                        stops at, or a use_profile N with no profile N loaded
 *                        or in the kernel writes nothing.  After writing, the
 *                        kernel's read-back must hold every line: each one
 *                        missing is "FILE:LINE: the kernel did not take: ..."
 *     -f, --replace      the kernel's entries not in the new policy are
 *                        deleted (domains, ACLs, exception and manager lines;
 *                        profiles are only ever overwritten); default: append
 *     --line-by-line     one write(2) a line: a refusal names its line
 *     --no-check         write without the line check (the read-back stays)
 *     -t KIND            the kind of every FILE
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
 * (2 errors, 1 warnings only, 0), with the kernel's verdicts.  As
 * tomoyo-savepolicy ([-e|-d|-p|-m|-s] or [DIR]), tomoyo-loadpolicy
 * (-e|-ef|-d|-df|-m|-p|-s < FILE: checked first, -ef/-df replace) and
 * tomoyo-init (the boot loader: /etc/tomoyo into the kernel, never a policy
 * the kernel would stop the machine on): tomoyo-tools' options and
 * messages; an IP:PORT (tomoyo-editpolicy-agent) is refused.
 *
 * Not implemented yet (exit 2): domains, show, add, delete, exception,
 * profile, mode, manager, pstree, query, edit.
 *
 * Exit status: 0 every line taken; 1 a line the kernel would drop or did
 * not take, a failed write or save; 2 bad usage or an unreadable file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

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

/* Save and load. */
#define POLICY_DIR "/etc/tomoyo"

/* The files to load into one securityfs file; texts live for the run. */
struct srcs {
	struct tmy_src *v;
	int n;
};

struct load {
	struct srcs f[TMY_FILES];
	bool replace, nocheck;
	unsigned wflags;
};

static void src_add(struct srcs *s, const char *name, const char *text, size_t len)
{
	s->v = xrealloc(s->v, (s->n + 1) * sizeof(*s->v));
	s->v[s->n++] = (struct tmy_src){ name, text, len };
}

static int save_kernel(const char *dir, bool need_policy)
{
	char *text[TMY_KINDS];
	size_t len[TMY_KINDS];
	int rc;

	for (int k = 0; k < TMY_KINDS; k++)
		text[k] = tmy_kernel_read(tmy_kind_name(k), &len[k]);
	rc = tmy_store_save(dir, text, len, need_policy);
	for (int k = 0; k < TMY_KINDS; k++)
		free(text[k]);
	return rc;
}

static int cmd_save(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 1, NULL);
	return save_kernel(argc ? argv[0] : POLICY_DIR, false);
}

/* The lines of [p, end) one at a time, normalised into a copy; the line
 * number counts on in *line. */
static char *next_norm(const char **pp, const char *end, int *line)
{
	const char *nl;
	char *t;

	if (*pp >= end)
		return NULL;
	nl = memchr(*pp, '\n', end - *pp);
	t = xstrndup(*pp, (nl ? nl : end) - *pp);
	*pp = nl ? nl + 1 : end;
	++*line;
	tmy_normalize(t);
	return t;
}

/* The profiles each namespace has (the kernel's, then those loaded). */
struct nsprof {
	char *ns;
	unsigned version;	/* 0: never set (the kernel's default is 20150505) */
	bool defined[TMY_MAX_PROFILES];
};

struct profiles {
	struct nsprof *v;
	int n;
};

static struct nsprof *ns_get(struct profiles *P, const char *ns, size_t len)
{
	for (int i = 0; i < P->n; i++)
		if (strlen(P->v[i].ns) == len && !memcmp(P->v[i].ns, ns, len))
			return &P->v[i];
	P->v = xrealloc(P->v, (P->n + 1) * sizeof(*P->v));
	memset(&P->v[P->n], 0, sizeof(*P->v));
	P->v[P->n].ns = xstrndup(ns, len);
	return &P->v[P->n++];
}

static void profiles_free(struct profiles *P)
{
	for (int i = 0; i < P->n; i++)
		free(P->v[i].ns);
	free(P->v);
}

static bool version_ok(unsigned v)
{
	return v == 20150505 || v == 20110903;
}

/* The namespace a line starts with ("<kernel>" when none), *pp past it. */
static size_t ns_of(char **pp, const char **ns)
{
	char *sp;

	*ns = "<kernel>";
	if (**pp != '<')
		return 8;
	*ns = *pp;
	sp = strchr(*pp, ' ');
	if (!sp) {
		*pp += strlen(*pp);
		return *pp - *ns;
	}
	*pp = sp + 1;
	return sp - *ns;
}

/* A profile text into P, as tomoyo_write_profile reads it: "N-" defines
 * profile N whatever follows.  A PROFILE_VERSION the kernel stops at is an
 * error of the file name names (NULL: the kernel's own read). */
static int profile_scan(struct profiles *P, const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len, *ns;
	int line = 0, errors = 0;
	char *t;

	while ((t = next_norm(&p, end, &line))) {
		char *q = t;
		size_t nl = ns_of(&q, &ns);
		struct nsprof *np;
		unsigned long n = 0;
		unsigned v;

		if (!*t || *t == '#' || !*q) {
			free(t);
			continue;
		}
		np = ns_get(P, ns, nl);
		if (!strncmp(q, "PROFILE_VERSION=", 16) && tmy_scan_u32(q + 16, &v)) {
			np->version = v;
			if (name && !version_ok(v)) {
				warn("%s:%d: PROFILE_VERSION=%u: the kernel stops the machine (\"STOP!\") "
				     "when it activates a policy of another version than 20150505 or "
				     "20110903", str_esc(name, SIZE_MAX), line, v);
				errors++;
			}
		} else {
			while (*q >= '0' && *q <= '9' && n < TMY_MAX_PROFILES)
				n = n * 10 + (unsigned long)(*q++ - '0');
			if (*q == '-' && n < TMY_MAX_PROFILES)
				np->defined[n] = true;
		}
		free(t);
	}
	return errors;
}

/* use_profile N with no profile N in its namespace: the kernel stops the
 * machine when it activates such a policy (tomoyo_check_profile). */
static int domain_scan(struct profiles *P, const struct tmy_src *s)
{
	const char *p = s->text, *end = s->text + s->len;
	char *t, *ns = NULL;
	int line = 0, errors = 0;
	unsigned n;

	while ((t = next_norm(&p, end, &line))) {
		if (*t == '<' || !strcmp(t, "reset")) {
			free(ns);
			ns = *t == '<' ? xstrndup(t, strcspn(t, " ")) : NULL;
		} else if (ns && !strncmp(t, "use_profile", 11) && tmy_scan_u32(t + 11, &n) &&
			   n < TMY_MAX_PROFILES && !ns_get(P, ns, strlen(ns))->defined[n]) {
			warn("%s:%d: use_profile %u: no profile %u in %s, neither loaded nor in the "
			     "kernel: the kernel stops the machine (\"STOP!\") when it activates a "
			     "policy with such a domain", str_esc(s->name, SIZE_MAX), line, n, n,
			     str_esc(ns, SIZE_MAX));
			errors++;
		}
		free(t);
	}
	free(ns);
	return errors;
}

/* The checks the kernel would panic on, before anything is written. */
static int profile_check(struct load *L)
{
	struct profiles P = { NULL, 0 };
	struct srcs *pr = &L->f[TMY_PROFILE], *dp = &L->f[TMY_DOMAIN];
	int errors = 0;
	size_t len;
	char *k;

	if (!pr->n && !dp->n)
		return 0;
	k = tmy_kernel_read("profile", &len);
	profile_scan(&P, k, len, NULL);
	free(k);
	for (int i = 0; i < pr->n; i++)
		errors += profile_scan(&P, pr->v[i].text, pr->v[i].len, pr->v[i].name);
	for (int i = 0; i < dp->n; i++)
		errors += domain_scan(&P, &dp->v[i]);
	profiles_free(&P);
	return errors;
}

/* For --replace: "delete" lines for what the kernel holds and the new
 * policy does not (tmy_policy_missing), for kind k. */
struct dels {
	struct buf b;
	enum tmy_kind k;
	char *gone;		/* domains deleted whole, "\n"-separated */
	char *domain;		/* the domain the last ACL delete selected */
};

static void del_domain(const char *line, void *arg)
{
	struct dels *d = arg;

	/* A domain the new policy lacks goes whole, but <kernel> never can. */
	if (!strchr(line, '\t') && strchr(line, ' ')) {
		buf_printf(&d->b, "delete %s\n", line);
		d->gone = d->gone ? xasprintf("%s%s\n", d->gone, line) : xasprintf("\n%s\n", line);
	}
}

static void del_line(const char *line, void *arg)
{
	struct dels *d = arg;
	const char *tab = strchr(line, '\t');

	if (d->k != TMY_DOMAIN) {
		buf_printf(&d->b, "delete %s\n", line);
		return;
	}
	if (!tab || !strncmp(tab + 1, "use_profile ", 12))
		return;
	{
		char *dom = xstrndup(line, tab - line), *key = xasprintf("\n%s\n", dom);

		if (!d->gone || !strstr(d->gone, key)) {
			if (!d->domain || strcmp(d->domain, dom))
				buf_printf(&d->b, "%s\n", dom);
			buf_printf(&d->b, "delete %s\n", tab + 1);
			free(d->domain);
			d->domain = dom;
			dom = NULL;
		}
		free(dom);
		free(key);
	}
}

static char *deletes(enum tmy_kind k, const struct srcs *s, size_t *lenp)
{
	struct tmy_policy *have = tmy_policy_new(k), *want = tmy_policy_new(k);
	struct dels d = { BUF_INIT(TMY_TEXT_MAX), k, NULL, NULL };
	char *path = tmy_kernel_path(tmy_kind_name(k)), *text, *out;
	size_t len;

	text = tmy_kernel_read(tmy_kind_name(k), &len);
	tmy_policy_add(have, text, len, NULL);
	for (int i = 0; i < s->n; i++)
		tmy_policy_add(want, s->v[i].text, s->v[i].len, NULL);
	if (k == TMY_DOMAIN)
		tmy_policy_missing(have, want, del_domain, &d);
	tmy_policy_missing(have, want, del_line, &d);
	if (d.b.err)
		die("%s: too many deletes", str_esc(path, SIZE_MAX));
	buf_put_u8(&d.b, 0);
	out = (char *)d.b.p;
	*lenp = d.b.len - 1;
	free(d.gone);
	free(d.domain);
	free(text);
	free(path);
	tmy_policy_free(have);
	tmy_policy_free(want);
	return out;
}

/* The domains' use_profile lines again, after the profile: a live kernel
 * drops use_profile N while profile N is not there yet. */
static char *use_profiles(const struct tmy_src *s, size_t *lenp)
{
	const char *p = s->text, *end = s->text + s->len;
	struct buf b = BUF_INIT(TMY_TEXT_MAX);
	char *t, *domain = NULL;
	int line = 0;

	while ((t = next_norm(&p, end, &line))) {
		if (*t == '<' || !strcmp(t, "reset")) {
			free(domain);
			domain = *t == '<' ? xstrdup(t) : NULL;
		} else if (domain && !strncmp(t, "use_profile ", 12)) {
			buf_printf(&b, "%s\n%s\n", domain, t);
		}
		free(t);
	}
	free(domain);
	buf_put_u8(&b, 0);
	*lenp = b.len - 1;
	return (char *)b.p;
}

static int load_run(struct load *L)
{
	/* Profiles before the domains that use them would enforce a profile
	 * before its ACLs are in; so ACLs first, then the profile, then the
	 * use_profile lines again.  The manager last: a replace may delete
	 * the writer's own entry. */
	static const int order[] = { TMY_EXCEPTION, TMY_DOMAIN, TMY_PROFILE, TMY_MANAGER, TMY_STAT };
	struct tally t = { 0 };
	struct tmy_src dels[TMY_FILES];
	char *before[TMY_KINDS] = { NULL };
	size_t blen[TMY_KINDS] = { 0 };
	int errors, missing = 0;

	for (int f = 0; f < TMY_FILES; f++)
		dels[f] = (struct tmy_src){ "(the deletes of --replace)", NULL, 0 };
	free(tmy_kernel_path("."));
	if (!L->nocheck)
		for (int k = 0; k < TMY_KINDS; k++)
			for (int i = 0; i < L->f[k].n; i++)
				check_text(L->f[k].v[i].text, L->f[k].v[i].len, k, &t, report_ours,
					   (void *)str_esc(L->f[k].v[i].name, SIZE_MAX));
	errors = t.errors + profile_check(L);
	if (errors) {
		die_status = 1;
		die("%d error%s; nothing loaded", errors, errors > 1 ? "s" : "");
	}
	/* What the kernel holds now: after the load it must hold that and
	 * what was written. */
	for (int k = 0; k < TMY_KINDS; k++)
		if (L->f[k].n)
			before[k] = tmy_kernel_read(tmy_kind_name(k), &blen[k]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++) {
		int f = order[o];
		struct srcs *s = &L->f[f];
		struct tmy_src *del = &dels[f];
		int rc = 0;

		if (!s->n)
			continue;
		if (L->replace && f != TMY_PROFILE && f != TMY_STAT)
			del->text = deletes(f, s, &del->len);
		if (del->text && f != TMY_MANAGER)
			rc = tmy_kernel_write(f, del, L->wflags);
		for (int i = 0; i < s->n && !rc; i++)
			rc = tmy_kernel_write(f, &s->v[i], L->wflags);
		if (del->text && f == TMY_MANAGER && !rc)
			rc = tmy_kernel_write(f, del, L->wflags);
		for (int i = 0; f == TMY_PROFILE && i < L->f[TMY_DOMAIN].n && !rc; i++) {
			struct tmy_src u = L->f[TMY_DOMAIN].v[i];
			char *ut = use_profiles(&u, &u.len);

			u.text = ut;
			rc = tmy_kernel_write(TMY_DOMAIN, &u, L->wflags);
			free(ut);
		}
		if (rc) {
			die_status = 1;
			die("load stopped: what was written before it stays");
		}
	}
	for (int k = 0; k < TMY_KINDS; k++) {
		struct srcs v = { NULL, 0 };

		if (!L->f[k].n)
			continue;
		/* The deletes are written too (their entries meet none of the
		 * new ones, so their place in the order does not matter). */
		if (dels[k].text)
			src_add(&v, dels[k].name, dels[k].text, dels[k].len);
		for (int i = 0; i < L->f[k].n; i++)
			src_add(&v, L->f[k].v[i].name, L->f[k].v[i].text, L->f[k].v[i].len);
		missing += tmy_kernel_verify(k, before[k], blen[k], v.v, v.n);
		free(v.v);
		free(before[k]);
		free((char *)dels[k].text);
	}
	if (missing) {
		warn("%d line%s not in the kernel after the load", missing, missing > 1 ? "s" : "");
		return 1;
	}
	return 0;
}

static bool is_dir(const char *path)
{
	char *h = root_file(path, 0);
	struct stat st;
	bool d = h && !stat(h, &st) && S_ISDIR(st.st_mode);

	free(h);
	return d;
}

/* A policy directory's files into L. */
static void load_dir(struct load *L, const char *dir)
{
	int found = 0;

	for (int f = 0; f < TMY_FILES; f++) {
		char *name, *text;
		size_t len;

		if ((text = tmy_store_read(dir, f, &name, &len))) {
			src_add(&L->f[f], name, text, len);
			found += f != TMY_STAT;
		}
	}
	if (!found)
		usage_error("load: %s: no policy there (no KIND.conf, no policy/current/KIND.conf)",
			    str_esc(dir, SIZE_MAX));
}

static void load_free(struct load *L)
{
	for (int f = 0; f < TMY_FILES; f++) {
		for (int i = 0; i < L->f[f].n; i++) {
			free((char *)L->f[f].v[i].text);
			free((char *)L->f[f].v[i].name);
		}
		free(L->f[f].v);
	}
}

static int cmd_load(int argc, char **argv)
{
	enum { O_REPLACE, O_LINES, O_NOCHECK, O_TYPE, O_N };
	struct opt o[] = { [O_REPLACE] = { 'f', "replace", 0 }, [O_LINES] = { 0, "line-by-line", 0 },
			   [O_NOCHECK] = { 0, "no-check", 0 }, [O_TYPE] = { 't', "type", OPT_ARG },
			   [O_N] = OPT_END };
	struct load L = { 0 };
	int rc;

	opt_parse_n(&argc, &argv, o, 0, 0, -1, NULL);
	L.replace = o[O_REPLACE].seen;
	L.nocheck = o[O_NOCHECK].seen;
	L.wflags = o[O_LINES].seen ? TMY_WRITE_LINES : 0;
	if (!argc)
		load_dir(&L, POLICY_DIR);
	for (int i = 0; i < argc; i++) {
		enum tmy_kind k;
		int f;
		char *name, *text;
		size_t len;

		if (!o[O_TYPE].arg && strcmp(argv[i], "-") && is_dir(argv[i])) {
			load_dir(&L, argv[i]);
			continue;
		}
		text = read_policy(argv[i], &name, &len);
		if (o[O_TYPE].arg) {
			if (!strcmp(o[O_TYPE].arg, "stat") || !strcmp(o[O_TYPE].arg, "s"))
				k = TMY_STAT;
			else if (kind_of(o[O_TYPE].arg, &k))
				usage_error("load: -t %s: not domain, exception, profile, manager or stat",
					    str_esc(o[O_TYPE].arg, SIZE_MAX));
		} else if (kind_of_name(argv[i], &k)) {
			const char *b = strrchr(argv[i], '/');

			if (strncmp(b ? b + 1 : argv[i], "stat", 4))
				usage_error("load: %s: which kind of policy? (-t domain|exception|"
					    "profile|manager|stat)", str_esc(argv[i], SIZE_MAX));
			k = TMY_STAT;
		}
		f = k;
		src_add(&L.f[f], name, text, len);
	}
	rc = load_run(&L);
	load_free(&L);
	return rc;
}

/* The stand-in names' agent argument, IP:PORT, is not ours to serve. */
static noreturn void no_agent(const char *arg)
{
	die_status = 1;
	die("%s: the tomoyo-editpolicy-agent mode (IP:PORT) is not supported: run this on "
	    "that machine", str_esc(arg, SIZE_MAX));
}

static noreturn void savepolicy_usage(const char *argv0)
{
	const char *k = "/sys/kernel/security/tomoyo/";

	printf("%s [policy_dir [remote_ip:remote_port]]\n"
	       "%s [{-e|-d|-p|-m|-s} [remote_ip:remote_port]]\n\n"
	       "policy_dir : Use policy_dir rather than /etc/tomoyo/ directory.\n"
	       "remote_ip:remote_port : Read from tomoyo-editpolicy-agent listening at "
	       "remote_ip:remote_port rather than %s directory.\n"
	       "-e : Print %sexception_policy to stdout.\n"
	       "-d : Print %sdomain_policy to stdout.\n"
	       "-p : Print %sprofile to stdout.\n"
	       "-m : Print %smanager to stdout.\n"
	       "-s : Print %sstat to stdout.\n", argv0, argv0, k, k, k, k, k, k);
	exit(1);
}

static const char *file_of_letter(char c)
{
	static const char *const names[] = { "exception_policy", "domain_policy", "profile",
					     "manager", "stat" };
	const char *l = strchr("edpms", c);

	return c && l ? names[l - "edpms"] : NULL;
}

/* tomoyo-savepolicy [-e|-d|-p|-m|-s] | [DIR]: tomoyo-tools 2.6.1's. */
static int savepolicy_main(int argc, char **argv)
{
	const char *dir = NULL, *cat = NULL;

	/* tomoyo-tools' order of complaints, "-e -d" (usage) and "-ex"
	 * ("multiple policies") alike. */
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *what = NULL;

		if (a[0] == '/') {
			if (dir || cat)
				what = "policy directories";
			dir = a;
		} else if (strchr(a, ':')) {
			no_agent(a);
		} else if (a[0] == '-' && !cat) {
			if (!(cat = file_of_letter(a[1])))
				savepolicy_usage(argv[0]);
			if (a[2] || dir)
				what = "policies";
		} else {
			savepolicy_usage(argv[0]);
		}
		if (what) {
			fprintf(stderr, "You cannot specify multiple %s at the same time.\n\n", what);
			savepolicy_usage(argv[0]);
		}
	}
	if (!tmy_kernel_active()) {
		fprintf(stderr, "You can't run this program for this kernel.\n");
		return 1;
	}
	if (cat) {
		char *path = tmy_kernel_path(cat), *t;
		int fd = open(path, O_RDONLY | O_CLOEXEC | (root_dir() ? O_NOFOLLOW : 0));
		size_t len;

		if (fd < 0 || !(t = read_fd_max(fd, TMY_TEXT_MAX, &len))) {
			fprintf(stderr, "Can't open %s\n", path);
			return 1;
		}
		fwrite(t, 1, len, stdout);
		free(t);
		free(path);
		close(fd);
		return fflush(stdout) ? 1 : 0;
	}
	die_status = 1;
	return save_kernel(dir ? dir : POLICY_DIR, true);
}

static noreturn void loadpolicy_usage(const char *argv0)
{
	const char *k = "/sys/kernel/security/tomoyo/";

	printf("%s {-e|-ef|-d|-df|-m|-p|-s} [remote_ip:remote_port]\n\n"
	       "-e  : Read from stdin and append to %sexception_policy .\n"
	       "-ef : Read from stdin and overwrite %sexception_policy .\n"
	       "-d  : Read from stdin and append to %sdomain_policy .\n"
	       "-df : Read from stdin and overwrite %sdomain_policy .\n"
	       "-m  : Read from stdin and append to %smanager .\n"
	       "-p  : Read from stdin and append to %sprofile .\n"
	       "-s  : Read from stdin and append to %sstat .\n"
	       "remote_ip:remote_port : Write to tomoyo-editpolicy-agent listening at "
	       "remote_ip:remote_port rather than %s directory.\n",
	       argv0, k, k, k, k, k, k, k, k);
	exit(1);
}

/* tomoyo-loadpolicy -e|-ef|-d|-df|-m|-p|-s < FILE: tomoyo-tools 2.6.1's
 * command line, our load (checked first; -ef and -df replace). */
static int loadpolicy_main(int argc, char **argv)
{
	const char *target = NULL;
	struct load L = { 0 };
	char *name, *text;
	size_t len;
	int f, rc;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (strchr(a, ':'))
			no_agent(a);
		if (target) {
			fprintf(stderr, "You cannot specify multiple policies at the same time.\n\n");
			loadpolicy_usage(argv[0]);
		}
		if (a[0] != '-' || !(target = file_of_letter(a[1])))
			loadpolicy_usage(argv[0]);
		if (a[2]) {
			if ((a[1] != 'e' && a[1] != 'd') || strcmp(a + 2, "f"))
				loadpolicy_usage(argv[0]);
			L.replace = true;
		}
	}
	if (!target) {
		fprintf(stderr, "You need to specify policy to load.\n\n");
		loadpolicy_usage(argv[0]);
	}
	if (!tmy_kernel_active()) {
		fprintf(stderr, "You can't run this program for this kernel.\n");
		return 1;
	}
	for (f = 0; strcmp(tmy_file_name(f), target); f++)
		;
	text = read_policy("-", &name, &len);
	src_add(&L.f[f], name, text, len);
	rc = load_run(&L);
	load_free(&L);
	return rc;
}

/* tomoyo-init, the boot loader the kernel runs before /sbin/init. */
struct init {
	bool mounted[3];	/* proc, sysfs, securityfs: ours to unmount */
	bool noload, disable;
	const char *profile;	/* the profile file's name in /etc/tomoyo */
};

static void init_mount(struct init *I)
{
	struct stat st;

	if (root_dir())
		return;
	if (lstat("/proc/self", &st))
		I->mounted[0] = !mount("proc", "/proc", "proc", 0, NULL);
	if (lstat("/sys/kernel/security", &st))
		I->mounted[1] = !mount("sysfs", "/sys", "sysfs", 0, NULL);
	if (!kfs_dir(KFS_SECURITYFS, NULL))
		I->mounted[2] = !mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
	kfs_reset();
}

static void init_umount(struct init *I)
{
	if (I->mounted[2])
		umount("/sys/kernel/security");
	if (I->mounted[1])
		umount("/sys");
	if (I->mounted[0])
		umount("/proc");
}

/* tomoyo-init's words on the kernel command line (and its own). */
static void init_profile(struct init *I, char *name)
{
	if (strcmp(I->profile, "profile.conf"))
		free((char *)I->profile);
	I->profile = name ? name : "profile.conf";
}

static void init_arg(struct init *I, const char *a)
{
	if (!strcmp(a, "TOMOYO_NOLOAD"))
		I->noload = true;
	else if (!strcmp(a, "TOMOYO=disabled"))
		I->disable = true;
	else if (!strcmp(a, "TOMOYO=default"))
		init_profile(I, NULL);
	else if (!strcmp(a, "TOMOYO=ask"))
		warn("TOMOYO=ask: no prompt here: the default profile is loaded");
	else if (!strncmp(a, "TOMOYO=", 7))
		init_profile(I, xasprintf("profile-%s.conf", a + 7));
}

/* Namespaces whose every profile goes to mode=disabled. */
static void disable_modes(struct load *L, const struct profiles *bad, bool all)
{
	size_t len;
	char *k = tmy_kernel_read("profile", &len), *t;
	const char *p = k, *end = k + len;
	struct buf b = BUF_INIT(TMY_TEXT_MAX);
	int line = 0;

	while ((t = next_norm(&p, end, &line))) {
		char *q = t, *m = strstr(t, "={ mode=");
		const char *ns;
		size_t nl = ns_of(&q, &ns);
		bool hit = all;

		for (int i = 0; i < bad->n && !hit; i++)
			hit = strlen(bad->v[i].ns) == nl && !memcmp(bad->v[i].ns, ns, nl);
		if (m && hit)
			buf_printf(&b, "%.*s %.*s={ mode=disabled }\n", (int)nl, ns, (int)(m - q), q);
		free(t);
	}
	if (b.len) {
		struct tmy_src s = { "(tomoyo-init: disabled)", (char *)b.p, b.len };

		/* "<kernel> N-..." names the kernel's namespace, as the others;
		 * the read-back expects these lines too. */
		tmy_kernel_write(TMY_PROFILE, &s, 0);
		src_add(&L->f[TMY_PROFILE], xstrdup(s.name), (char *)b.p, b.len);
	} else {
		buf_free(&b);
	}
	free(k);
}

/* What the kernel would stop the machine on once it activates the policy
 * (tomoyo_check_profile), made safe: a namespace whose PROFILE_VERSION is
 * not one it knows gets 20150505 and every profile disabled (its profile
 * was written for something else); a profile a domain uses that is not
 * there is made, disabled (a new profile's mode).  How many were fixed. */
static int init_guard(struct load *L, bool disable_all)
{
	struct profiles P = { NULL, 0 }, bad = { NULL, 0 };
	struct buf fix = BUF_INIT(TMY_TEXT_MAX);
	size_t len;
	char *k = tmy_kernel_read("profile", &len), *d, *t, *domain = NULL;
	const char *p, *end;
	int line = 0, fixed = 0;
	unsigned n;

	profile_scan(&P, k, len, NULL);
	free(k);
	d = tmy_kernel_read("domain_policy", &len);
	for (p = d, end = d + len; (t = next_norm(&p, end, &line)); free(t)) {
		struct nsprof *np;
		size_t nl;

		if (*t == '<') {
			free(domain);
			domain = xstrdup(t);
			continue;
		}
		if (!domain || strncmp(t, "use_profile", 11) || !tmy_scan_u32(t + 11, &n) ||
		    n >= TMY_MAX_PROFILES)
			continue;
		nl = strcspn(domain, " ");
		np = ns_get(&P, domain, nl);
		if (np->version && !version_ok(np->version)) {
			warn("%.*s PROFILE_VERSION=%u: the kernel would stop the machine: set to "
			     "20150505, every profile of %.*s disabled", (int)nl, domain, np->version,
			     (int)nl, domain);
			buf_printf(&fix, "%.*s PROFILE_VERSION=20150505\n", (int)nl, domain);
			ns_get(&bad, domain, nl);
			np->version = 20150505;
			fixed++;
		}
		if (!np->defined[n]) {
			warn("profile %u of %.*s (used by %s) is not defined: the kernel would stop "
			     "the machine: made, disabled", n, (int)nl, domain, str_esc(domain, SIZE_MAX));
			buf_printf(&fix, "%.*s %u-COMMENT=undefined: made disabled by tomoyo-init\n",
				   (int)nl, domain, n);
			np->defined[n] = true;
			fixed++;
		}
	}
	if (fix.len) {
		struct tmy_src s = { "(tomoyo-init: the profiles the kernel needs)", (char *)fix.p,
				     fix.len };

		tmy_kernel_write(TMY_PROFILE, &s, 0);
		src_add(&L->f[TMY_PROFILE], xstrdup(s.name), (char *)fix.p, fix.len);
	} else {
		buf_free(&fix);
	}
	if (bad.n || disable_all)
		disable_modes(L, &bad, disable_all);
	free(domain);
	free(d);
	profiles_free(&P);
	profiles_free(&bad);
	return fixed;
}

/* tomoyo-init's last words: domains, ACL entries, memory. */
static void init_report(void)
{
	size_t len;
	char *d = tmy_kernel_read("domain_policy", &len), *s, *t;
	const char *p = d, *end = d + len;
	unsigned domains = 0, acls = 0, size;
	int line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);

		if (*p == '<')
			domains++;
		else if ((unsigned char)*p > ' ' && strncmp(p, "use_", 4))
			acls++;
		p = nl ? nl + 1 : end;
	}
	printf("%u domain%s. %u ACL entr%s.\n", domains, domains > 1 ? "s" : "", acls,
	       acls > 1 ? "ies" : "y");
	free(d);
	s = tmy_kernel_read("stat", &len);
	for (p = s, end = s + len; (t = next_norm(&p, end, &line)); free(t))
		if (sscanf(t, "Memory used by policy: %u", &size) == 1) {
			printf("%u KB used by policy.\n", (size + 1023) / 1024);
			free(t);
			break;
		}
	free(s);
}

static int init_main(int argc, char **argv)
{
	static const int order[] = { TMY_MANAGER, TMY_EXCEPTION, TMY_DOMAIN, TMY_PROFILE, TMY_STAT };
	struct init I = { { false, false, false }, false, false, "profile.conf" };
	struct load L = { 0 };
	char *before[TMY_KINDS] = { NULL };
	size_t blen[TMY_KINDS] = { 0 };
	int bad = 0;

	die_status = 1;
	init_mount(&I);
	if (!tmy_kernel_active()) {
		init_umount(&I);
		free(tmy_kernel_path("."));	/* says why */
		return 1;
	}
	/* Run by the kernel, it has no standard files: the console. */
	if (!root_dir() && access("/proc/self/fd/0", R_OK)) {
		int fd = open("/dev/console", O_RDWR | O_NOCTTY);

		for (int i = 0; fd >= 0 && i < 3; i++)
			if (fd != i)
				dup2(fd, i);
		if (fd > 2)
			close(fd);
	}
	if (!root_dir()) {
		char *c = read_file("/proc/cmdline", NULL), *w, *save;

		for (w = c ? strtok_r(c, " \n", &save) : NULL; w; w = strtok_r(NULL, " \n", &save))
			init_arg(&I, w);
		free(c);
	}
	for (int i = 1; i < argc; i++)
		init_arg(&I, argv[i]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++) {
		int f = order[o];
		char *name, *text, *path;
		size_t len;
		int fd;

		if ((f == TMY_DOMAIN && I.noload) || (f == TMY_PROFILE && I.disable))
			continue;
		if (f == TMY_PROFILE && strcmp(I.profile, "profile.conf")) {
			path = xasprintf("%s/%s", POLICY_DIR, I.profile);
			fd = root_open(path, O_RDONLY, 0);
			if (fd < 0) {
				warn_errno("%s: the default profile is loaded", path);
				free(path);
			} else {
				name = path;
				text = xread_text_fd(fd, str_esc(name, SIZE_MAX), TMY_TEXT_MAX, &len);
				close(fd);
				src_add(&L.f[f], name, text, len);
				continue;
			}
		}
		if ((text = tmy_store_read(POLICY_DIR, f, &name, &len)))
			src_add(&L.f[f], name, text, len);
	}
	/* A line the kernel drops is reported, and the rest still loaded: the
	 * kernel would do no better, and nobody is there to fix it at boot. */
	for (int k = 0; k < TMY_KINDS; k++)
		before[k] = tmy_kernel_read(tmy_kind_name(k), &blen[k]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++)
		for (int i = 0; i < L.f[order[o]].n; i++)
			if (tmy_kernel_write(order[o], &L.f[order[o]].v[i], 0) < 0)
				bad++;
	bad += init_guard(&L, I.disable);
	if (!root_dir() && !access(POLICY_DIR "/tomoyo-post-init", X_OK)) {
		pid_t pid = fork();

		if (pid == 0) {
			execl(POLICY_DIR "/tomoyo-post-init", POLICY_DIR "/tomoyo-post-init", (char *)NULL);
			_exit(127);
		}
		while (pid > 0 && waitpid(pid, NULL, __WALL) < 0 && errno == EINTR)
			;
	}
	for (int k = 0; k < TMY_KINDS; k++) {
		if (L.f[k].n)
			bad += tmy_kernel_verify(k, before[k], blen[k], L.f[k].v, L.f[k].n);
		free(before[k]);
	}
	init_report();
	fflush(stdout);
	init_umount(&I);
	init_profile(&I, NULL);
	load_free(&L);
	return bad ? 1 : 0;
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
	{ "save", cmd_save, 0, -1, NULL, "[DIR]" },
	{ "load", cmd_load, 0, -1, NULL, "[-f] [--line-by-line] [--no-check] [-t KIND] [DIR|FILE...]" },
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
	if (!strcmp(applet_name(), "tomoyo-savepolicy"))
		return savepolicy_main(argc, argv);
	if (!strcmp(applet_name(), "tomoyo-loadpolicy"))
		return loadpolicy_main(argc, argv);
	if (!strcmp(applet_name(), "tomoyo-init"))
		return init_main(argc, argv);
	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&table, argc, argv);
}
