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
 * usage: tomoyo-edit [--root DIR] edit [--readonly] [DIR]
 * usage: tomoyo-edit pstree [-a] [--json]
 * usage: tomoyo-edit query [--grant PATTERN]... [--reject PATTERN]... [--ask] [--once] [--timeout S] [--json]
 * usage: tomoyo-edit COMMAND [ARG...]
 * compat: tomoyo-checkpolicy tomoyo-init tomoyo-loadpolicy tomoyo-savepolicy
 * compat: tomoyo-setprofile tomoyo-setlevel
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
 *   pstree [-a] [--json]  every process with its profile and domain, as
 *                        tomoyo-pstree draws them (-a: kernel threads too);
 *                        --json: [{pid, ppid, profile, domain, name}...]
 *   query [--grant PATTERN]... [--reject PATTERN]... [--ask] [--once]
 *         [--timeout S] [--json]  answer the kernel's enforcing-mode
 *                        questions (as tomoyo-queryd; a policy manager
 *                        only): the first PATTERN (an ACL line, matched word
 *                        by word) that matches answers; else --ask (default
 *                        on a terminal) asks y/n/r/s, else rejected after S
 *                        seconds (default 0); one line a question and one an
 *                        answer; --once: stop after one question
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
 *   domains [--json] [-f FILE], show DOMAIN...  the kernel's domains, with
 *                        profiles and flags; those domains' blocks
 *   add DOMAIN LINE..., delete DOMAIN [LINE...]  lines into a domain (made
 *                        if missing), or out of it, or the domain away
 *   exception show | add|delete LINE..., manager show | add LINE...
 *   profile show | set N KEY=VALUE...  N-KEY=VALUE lines
 *   mode N|DOMAIN disabled|learning|permissive|enforcing  a profile's mode,
 *                        or a domain moved to a profile in that mode
 * Each change is checked, written and read back as load does.  As
 * tomoyo-setprofile ([-r] N DOMAIN...) and tomoyo-setlevel ([NAME=VALUE...]):
 * tomoyo-tools' options and output.
 *
 *   edit [--readonly] [DIR]  an interactive editor on the terminal, with
 *                        tomoyo-editpolicy's screens and keys (? for help):
 *                        on the kernel, each change written at once and read
 *                        back; on the policy directory DIR, saved on quit
 *                        (not with --readonly); a line is checked first
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
/* The policy file path ("-": stdin) opened, under --root inside the root;
 * *namep: where it is, for messages. */
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

static char *read_policy(const char *path, char **namep, size_t *lenp)
{
	int fd = open_policy(path, namep), status = die_status;
	char *t;

	die_status = 2;
	t = xread_text_fd(fd, str_esc(*namep, SIZE_MAX), TEXT_MAX, lenp);
	die_status = status;
	if (fd)
		close(fd);
	return t;
}



enum { C_TYPE, C_PRINT, C_N };
static struct opt check_opts[] = {
	[C_TYPE] = { 't', "type", OPT_ARG }, [C_PRINT] = { 'p', "print", 0 }, [C_N] = OPT_END
};

static int cmd_check(int argc, char **argv)
{
	struct tmy_tally t = { 0 };

	opt_parse_n(&argc, &argv, check_opts, 0, 1, -1, "check: which files?");
	sandbox_reader("check", 0);
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
		char *text = tmy_kernel_read("domain_policy", &len);

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

/* The kernel's current policy of kind k as a model. */
static struct tmy_policy *kernel_model(enum tmy_kind k)
{
	struct tmy_policy *p = tmy_policy_new(k);
	size_t len;
	char *text = tmy_kernel_read(tmy_kind_name(k), &len);

	tmy_policy_add(p, text, len, NULL);
	free(text);
	return p;
}

/* Lines into the kernel's file k through the load engine: checked first,
 * written, read back.  text is taken over. */
static int kernel_lines(enum tmy_kind k, char *text, size_t len)
{
	struct load L = { 0 };
	int rc;

	tmy_src_add(&L.f[k], xstrdup("(command line)"), text, len);
	rc = tmy_load_run(&L);
	tmy_load_free(&L);
	return rc;
}

static void domain_line_out(const struct tmy_domain_info *d, void *arg)
{
	int json = *(int *)arg;

	if (json) {
		static int n;

		printf("%s{\"domain\": ", n++ ? ",\n " : "[");
		json_quote(d->name);
		printf(", \"profile\": %d, \"quota_exceeded\": %s, \"transition_failed\": %s, "
		       "\"groups\": %d, \"acls\": %d}", d->profile, d->flag[0] ? "true" : "false",
		       d->flag[1] ? "true" : "false", d->groups, d->acls);
		return;
	}
	printf("%3d %s%s%s\n", d->profile, d->name, d->flag[0] ? " (quota_exceeded)" : "",
	       d->flag[1] ? " (transition_failed)" : "");
}

/* domains [--json] [-f FILE]: the domains, their profiles and flags. */
static int cmd_domains(int argc, char **argv)
{
	struct opt o[] = { { 0, "json", 0 }, { 'f', "file", OPT_ARG }, OPT_END };
	struct tmy_policy *p;
	int since = diag_count(), json;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	json = o[0].seen;
	p = o[1].arg ? load_model(o[1].arg, TMY_DOMAIN) : kernel_model(TMY_DOMAIN);
	fail_if_dropped(since, "domain");
	if (tmy_policy_domains(p, domain_line_out, &json) && json)
		printf("]\n");
	else if (json)
		printf("[]\n");
	tmy_policy_free(p);
	return 0;
}

/* show DOMAIN...: the kernel's blocks of those domains. */
static int cmd_show(int argc, char **argv)
{
	struct buf out = BUF_INIT(0);
	struct tmy_policy *p;
	int found;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1, "show: which domains?");
	p = kernel_model(TMY_DOMAIN);
	found = tmy_policy_select(p, argv, argc, false, &out);
	tmy_policy_free(p);
	put_out(&out);
	return found == argc ? 0 : 1;
}

/* The domain's text with LINE... after it, each with prefix. */
static char *domain_text(const char *domain, char **lines, int n, const char *prefix, size_t *lenp)
{
	struct buf b = BUF_INIT(0);

	buf_printf(&b, "%s\n", domain);
	for (int i = 0; i < n; i++)
		buf_printf(&b, "%s%s\n", prefix, lines[i]);
	*lenp = b.len;
	buf_put_u8(&b, 0);
	return (char *)b.p;
}

static bool is_domain(const char *s)
{
	return *s == '<';
}

/* add DOMAIN LINE...: the ACLs (or use_profile, use_group) into the
 * domain, which is made if missing; checked, written, read back. */
static int cmd_add(int argc, char **argv)
{
	size_t len;
	char *t;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 2, -1, "add: needs DOMAIN and LINE...");
	if (!is_domain(argv[0]))
		usage_error("add: %s: not a domainname (<kernel> ...)", str_esc(argv[0], SIZE_MAX));
	t = domain_text(argv[0], argv + 1, argc - 1, "", &len);
	return kernel_lines(TMY_DOMAIN, t, len);
}

/* Of each LINE of domain, whether the kernel still holds it after a
 * delete: 1 when one is left, after saying which. */
static int still_there(const char *domain, char **lines, int n)
{
	struct tmy_policy *have = kernel_model(TMY_DOMAIN);
	int left = 0;

	for (int i = 0; i < n; i++) {
		struct tmy_policy *w = tmy_policy_new(TMY_DOMAIN);
		char *t = xasprintf("%s\n%s\n", domain, lines[i]);

		tmy_policy_add(w, t, strlen(t), NULL);
		if (!tmy_policy_missing(w, have, NULL, NULL)) {
			warn("the kernel did not delete: %s %s", str_esc(domain, SIZE_MAX),
			     str_esc(lines[i], SIZE_MAX));
			left = 1;
		}
		tmy_policy_free(w);
		free(t);
	}
	tmy_policy_free(have);
	return left;
}

/* delete DOMAIN [LINE...]: those lines of the domain, or the domain. */
static int cmd_delete(int argc, char **argv)
{
	size_t len;
	char *t;
	int rc;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1, "delete: needs DOMAIN");
	if (!is_domain(argv[0]))
		usage_error("delete: %s: not a domainname (<kernel> ...)", str_esc(argv[0], SIZE_MAX));
	if (argc == 1) {
		struct tmy_policy *p;
		struct buf shown = BUF_INIT(0);
		char *name = argv[0];

		t = xasprintf("delete %s\n", argv[0]);
		rc = kernel_lines(TMY_DOMAIN, t, strlen(t));
		p = kernel_model(TMY_DOMAIN);
		if (tmy_policy_select(p, &name, 1, false, &shown)) {
			warn("the kernel did not delete %s", str_esc(argv[0], SIZE_MAX));
			rc = 1;
		}
		buf_free(&shown);
		tmy_policy_free(p);
		return rc;
	}
	t = domain_text(argv[0], argv + 1, argc - 1, "delete ", &len);
	rc = kernel_lines(TMY_DOMAIN, t, len);
	return still_there(argv[0], argv + 1, argc - 1) | rc;
}

/* The kernel file of kind k printed, or LINE... added or deleted there. */
static int lines_cmd(enum tmy_kind k, const char *what, int argc, char **argv)
{
	struct buf b = BUF_INIT(0);
	bool del;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1, NULL);
	if (!strcmp(argv[0], "show") && argc == 1) {
		size_t len;
		char *text = tmy_kernel_read(tmy_kind_name(k), &len);

		xwrite_all(1, text, len, "stdout");
		free(text);
		return 0;
	}
	del = !strcmp(argv[0], "delete");
	if ((!del && strcmp(argv[0], "add")) || argc < 2 || (del && k == TMY_PROFILE))
		usage_error("%s: %s", what, k == TMY_PROFILE ? "show | set N KEY=VALUE..." :
			    k == TMY_MANAGER ? "show | add LINE..." : "show | add|delete LINE...");
	for (int i = 1; i < argc; i++)
		buf_printf(&b, "%s%s\n", del ? "delete " : "", argv[i]);
	return kernel_lines(k, (char *)b.p, b.len);
}

static int cmd_exception(int argc, char **argv)
{
	return lines_cmd(TMY_EXCEPTION, "exception", argc, argv);
}

static int cmd_manager(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "delete"))
		usage_error("manager: show | add LINE...");
	return lines_cmd(TMY_MANAGER, "manager", argc, argv);
}

/* profile show | profile set N KEY=VALUE...: N-KEY=VALUE lines. */
static int cmd_profile(int argc, char **argv)
{
	struct buf b = BUF_INIT(0);
	long long n;

	if (argc < 2 || strcmp(argv[1], "set"))
		return lines_cmd(TMY_PROFILE, "profile", argc, argv);
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 3, -1,
		    "profile: set N KEY=VALUE...");
	n = xstrtonum(argv[1], 0, TMY_MAX_PROFILES - 1, "profile");
	for (int i = 2; i < argc; i++) {
		if (!strchr(argv[i], '='))
			usage_error("profile: %s: not KEY=VALUE", str_esc(argv[i], SIZE_MAX));
		buf_printf(&b, "%lld-%s\n", n, argv[i]);
	}
	return kernel_lines(TMY_PROFILE, (char *)b.p, b.len);
}

/* mode N MODE: profile N's mode; mode DOMAIN MODE: the domain moves to the
 * lowest profile of its namespace in that mode. */
static int cmd_mode(int argc, char **argv)
{
	static const char *const modes[] = { "disabled", "learning", "permissive", "enforcing" };
	int m;
	char *t;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 2, 2,
		    "mode: needs DOMAIN or N, and learning|permissive|enforcing|disabled");
	for (m = 0; m < 4 && strcmp(argv[1], modes[m]); m++)
		;
	if (m == 4)
		usage_error("mode: %s: not disabled, learning, permissive or enforcing",
			    str_esc(argv[1], SIZE_MAX));
	if (!is_domain(argv[0])) {
		long long n = xstrtonum(argv[0], 0, TMY_MAX_PROFILES - 1, "profile");

		t = xasprintf("%lld-CONFIG={ mode=%s }\n", n, modes[m]);
		return kernel_lines(TMY_PROFILE, t, strlen(t));
	} else {
		struct tmy_policy *prof = kernel_model(TMY_PROFILE);
		char *ns = xstrndup(argv[0], strcspn(argv[0], " "));
		int n = tmy_policy_mode_profile(prof, ns, m);

		tmy_policy_free(prof);
		if (n < 0) {
			die_status = 1;
			die("mode: no profile of %s is in %s mode: make one (tomoyo-edit mode N %s)",
			    str_esc(ns, SIZE_MAX), modes[m], modes[m]);
		}
		free(ns);
		t = xasprintf("%s\nuse_profile %d\n", argv[0], n);
		return kernel_lines(TMY_DOMAIN, t, strlen(t));
	}
}

/* tomoyo-setprofile's choice: the domains named (tree: and their
 * descendants) get use_profile N, each said as "N DOMAIN". */
struct setprofile {
	char **names;
	int n;
	bool tree;
	unsigned profile;
	struct buf lines, said;
};

static void setprofile_pick(const struct tmy_domain_info *d, void *arg)
{
	struct setprofile *s = arg;

	for (int i = 0; i < s->n; i++) {
		size_t l = strlen(s->names[i]);

		if (!strcmp(d->name, s->names[i]) ||
		    (s->tree && !strncmp(d->name, s->names[i], l) && d->name[l] == ' ')) {
			buf_printf(&s->lines, "%s\nuse_profile %u\n", d->name, s->profile);
			buf_printf(&s->said, "%u %s\n", s->profile, d->name);
			return;
		}
	}
}

/* tomoyo-setprofile [-r] N DOMAIN...: tomoyo-tools 2.6.1's. */
static int setprofile_main(int argc, char **argv)
{
	struct setprofile s = { .lines = BUF_INIT(0), .said = BUF_INIT(0) };
	struct tmy_policy *p;
	int i = 1, rc = 0;

	if (i < argc && !strcmp(argv[i], "-r"))
		s.tree = true, i++;
	if (argc - i < 2 || sscanf(argv[i], "%u", &s.profile) != 1) {
		fprintf(stderr, "%s [-r] profile domainname [domainname ...]\n", argv[0]);
		return 0;
	}
	if (!tmy_kernel_active()) {
		fprintf(stderr, "You can't run this command for this kernel.\n");
		return 1;
	}
	if (s.profile >= TMY_MAX_PROFILES) {
		warn("profile %u: the kernel has profiles 0 to 255 only (it would drop the line)",
		     s.profile);
		return 1;
	}
	s.names = argv + i + 1;
	s.n = argc - i - 1;
	p = kernel_model(TMY_DOMAIN);
	tmy_policy_domains(p, setprofile_pick, &s);
	tmy_policy_free(p);
	if (s.lines.len)
		rc = kernel_lines(TMY_DOMAIN, (char *)s.lines.p, s.lines.len);
	else
		buf_free(&s.lines);
	xwrite_all(1, s.said.p, s.said.len, "stdout");
	buf_free(&s.said);
	return rc;
}

/* tomoyo-setlevel [NAME=VALUE...]: tomoyo-tools 2.6.1's: without words the
 * profile under a title; else each word written, then the profile's lines
 * that begin as a word does up to its '='. */
static int setlevel_main(int argc, char **argv)
{
	struct buf b = BUF_INIT(0);
	char *text, *s, *line;
	size_t len;
	int rc = 0;

	if (!tmy_kernel_active()) {
		fprintf(stderr, "You can't use this command for this kernel.\n");
		return 1;
	}
	if (argc > 1) {
		for (int i = 1; i < argc; i++)
			buf_printf(&b, "%s\n", argv[i]);
		rc = kernel_lines(TMY_PROFILE, (char *)b.p, b.len);
	}
	text = tmy_kernel_read("profile", &len);
	if (argc == 1) {
		printf("<<< Access Control Status >>>\n");
		fwrite(text, 1, len, stdout);
	}
	for (s = text; argc > 1 && (line = next_line(&s));)
		for (int i = 1; i < argc; i++) {
			const char *eq = strchr(argv[i], '=');
			size_t n = eq ? (size_t)(eq - argv[i] + 1) : strlen(argv[i]);

			if (!strncmp(line, argv[i], n)) {
				printf("%s\n", line);
				break;
			}
		}
	free(text);
	return rc;
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

/* Each command keeps only the capabilities it names (docs/tomoyo-edit.md's
 * table): TOMOYO asks no capability of a manager, but its files and an
 * image's may be anyone's; pstree reads other users' /proc/PID/exe
 * (CAP_SYS_PTRACE); edit runs the caller's editor and keeps all. */
static const struct subcmd cmds[] = {
	{ "check", cmd_check, 0, -1, NULL, "[-p] [-t KIND] FILE...", CAPS_READ },
	{ "domains", cmd_domains, 0, -1, NULL, "[--json] [-f FILE]", CAPS_READ },
	{ "show", cmd_show, 0, -1, NULL, "DOMAIN...", CAPS_READ },
	{ "add", cmd_add, 0, -1, NULL, "DOMAIN LINE...", CAPS_FILES },
	{ "delete", cmd_delete, 0, -1, NULL, "DOMAIN [LINE...]", CAPS_FILES },
	{ "exception", cmd_exception, 0, -1, NULL, "show | add|delete LINE...", CAPS_FILES },
	{ "profile", cmd_profile, 0, -1, NULL, "show | set N KEY=VALUE...", CAPS_FILES },
	{ "mode", cmd_mode, 0, -1, NULL, "DOMAIN|N learning|permissive|enforcing|disabled", CAPS_FILES },
	{ "manager", cmd_manager, 0, -1, NULL, "show | add LINE...", CAPS_FILES },
	{ "save", cmd_save, 0, -1, NULL, "[DIR]", CAPS_FILES },
	{ "load", cmd_load, 0, -1, NULL, "[-f] [--line-by-line] [--no-check] [-t KIND] [DIR|FILE...]", CAPS_FILES },
	{ "diff", cmd_diff, 0, -1, NULL, "[-t KIND] OLD NEW", CAPS_READ },
	{ "sort", cmd_sort, 0, -1, NULL, "[-t KIND] [FILE...]", CAPS_READ },
	{ "select", cmd_select, 0, -1, NULL, "[-r] [-f FILE] DOMAIN...", CAPS_READ },
	{ "learned", cmd_learned, 0, -1, NULL, "[-r] [-f FILE] [-c RULES] [-P N] [--temp] DOMAIN...", CAPS_READ },
	{ "pstree", tmy_cmd_pstree, 0, -1, NULL, "[-a] [--json]", CAPS_READ | CAP_BIT(CAP_SYS_PTRACE) },
	{ "query", tmy_cmd_query, 0, -1, NULL,
	  "[--grant PATTERN]... [--reject PATTERN]... [--ask] [--once] [--timeout S] [--json]", CAPS_READ },
	{ "edit", tmy_cmd_edit, 0, -1, NULL, "[--readonly] [DIR]", 0 },
	SUBCMD_END
};

static struct subcmds table = { cmds, NULL, 0, NULL, NULL, NULL, 0 };

/* The stand-in names, with what each keeps as the commands above do;
 * tomoyo-init mounts securityfs and proc where they are not (CAP_SYS_ADMIN). */
static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	uint64_t caps;
} standins[] = {
	{ "tomoyo-checkpolicy", checkpolicy_main, CAPS_READ },
	{ "tomoyo-savepolicy", savepolicy_main, CAPS_FILES },
	{ "tomoyo-loadpolicy", loadpolicy_main, CAPS_FILES },
	{ "tomoyo-init", tmy_init_main, CAPS_FILES | CAP_BIT(CAP_SYS_ADMIN) },
	{ "tomoyo-setprofile", setprofile_main, CAPS_FILES },
	{ "tomoyo-setlevel", setlevel_main, CAPS_FILES },
};

int tomoyo_edit_main(int argc, char **argv)
{
	for (size_t i = 0; i < ARRAY_SIZE(standins); i++)
		if (!strcmp(applet_name(), standins[i].name)) {
			caps_keep(standins[i].name, standins[i].caps);
			return standins[i].fn(argc, argv);
		}
	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&table, argc, argv);
}
