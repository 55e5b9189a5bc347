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


enum { C_TYPE, C_PRINT, C_N };
static struct opt check_opts[] = {
	[C_TYPE] = { 't', "type", OPT_ARG }, [C_PRINT] = { 'p', "print", 0 }, [C_N] = OPT_END
};

static int cmd_check(int argc, char **argv)
{
	struct tmy_tally t = { 0 };

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

			tmy_check_fd(fd, name, k, &t, tmy_report, (void *)str_esc(name, SIZE_MAX));
			if (fd)
				close(fd);
			free(name);
			continue;
		}
		text = read_policy(argv[i], &name, &len);
		tmy_check_text(text, len, k, &t, tmy_report, (void *)str_esc(name, SIZE_MAX));
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
	struct tmy_tally t = { .whole_lines = true };
	enum tmy_kind k;
	int warnings = 0;

	if (argc < 2 || (strcmp(argv[1], "d") && strcmp(argv[1], "e"))) {
		fprintf(stderr, "%s e|d < policy_to_check\n", argv[0]);
		return 0;
	}
	k = argv[1][0] == 'd' ? TMY_DOMAIN : TMY_EXCEPTION;
	tmy_check_fd(0, "-", k, &t, report_checkpolicy, &warnings);
	printf("Total:   %d Line%s   %d Error%s   %d Warning%s\n", t.lines,
	       t.lines > 1 ? "s" : "", t.errors, t.errors > 1 ? "s" : "", warnings,
	       warnings > 1 ? "s" : "");
	return t.errors ? 2 : warnings ? 1 : 0;
}

/* Save and load. */

static int cmd_save(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 1, NULL);
	return tmy_save_kernel(argc ? argv[0] : TMY_POLICY_DIR, false);
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
		tmy_load_dir(&L, TMY_POLICY_DIR);
	for (int i = 0; i < argc; i++) {
		enum tmy_kind k;
		int f;
		char *name, *text;
		size_t len;

		if (!o[O_TYPE].arg && strcmp(argv[i], "-") && tmy_is_dir(argv[i])) {
			tmy_load_dir(&L, argv[i]);
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
		tmy_src_add(&L.f[f], name, text, len);
	}
	rc = tmy_load_run(&L);
	tmy_load_free(&L);
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
	return tmy_save_kernel(dir ? dir : TMY_POLICY_DIR, true);
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
	tmy_src_add(&L.f[f], name, text, len);
	rc = tmy_load_run(&L);
	tmy_load_free(&L);
	return rc;
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
		return tmy_init_main(argc, argv);
	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&table, argc, argv);
}
