// SPDX-License-Identifier: Apache-2.0
/* aa-compile.c: apparmor_parser's command line over AppArmor's profile
 * language: the declaration, the options, and the driver of the passes.
 * Done so far: the scanner with its includes (lex.c), the grammar and the
 * model it builds (parse.c, rule-*.c), -p, which writes a profile with its
 * includes expanded as apparmor_parser -p does, and for each profile its
 * variables and file rules resolved (resolve.c) into regular expressions
 * (glob.c, rule-file.c), which -D rule-exprs writes as the anchor does.
 * The DFAs and the binary policy are not done yet: without -p, once every
 * profile has been read and resolved, a call says so and exits 2. */
/* applet: aa-compile
 * summary: compile AppArmor profiles into the kernel's binary policy
 * usage: aa-compile [--root DIR] [OPTION]... PROFILE...
 * usage: aa-compile -p [-I DIR]... [-b DIR] [PROFILE|DIR]...
 * help:
 * Read AppArmor profiles as apparmor_parser 3.0.8 reads them: includes on
 * the search path (-I, then -b, default /etc/apparmor.d, under --root),
 * each file once a profile, the grammar's syntax and the rules' checks;
 * their variables and file rules resolved into regular expressions.
 * Writing the binary policy the kernel loads is not implemented yet: after
 * the profiles are read and resolved, exit 2.
 *
 *   -p, --preprocess     write each profile with its includes expanded, as
 *                        apparmor_parser -p writes it (a directory: its
 *                        files in name order; none: standard input)
 *   -I, --Include DIR    add DIR to the include search path (before -b)
 *   -b, --base DIR       the base directory (default /etc/apparmor.d)
 *   -D, --dump WHAT      rule-exprs: each glob and the rule made of it, to
 *                        standard error, as apparmor_parser -D rule-exprs
 *                        writes them (the expression trees aside)
 *   -j, --jobs N         taken for apparmor_parser's sake: profiles are
 *                        read one after another (its -j1)
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aa.h"

enum { OP_P, OP_I, OP_B, OP_J, OP_D, OP_HELP_SHORT };

static struct opt opts[] = {
	[OP_P] = { 'p', "preprocess", 0 },
	[OP_I] = { 'I', "Include", OPT_ARG },
	[OP_B] = { 'b', "base", OPT_ARG },
	[OP_J] = { 'j', "jobs", OPT_ARG },
	[OP_D] = { 'D', "dump", OPT_ARG },
	[OP_HELP_SHORT] = { 'h', NULL, 0 },
	OPT_END,
};

static struct {
	const char **dirs;
	int ndirs;
	bool rule_exprs;	/* -D rule-exprs */
} TT;

static void option(struct opt *o, void *arg)
{
	(void)arg;
	/* Each -I in its order, as apparmor_parser adds them. */
	if (o == &opts[OP_I]) {
		size_t n = strlen(o->arg);

		if (!n)
			return;
		TT.dirs = xrealloc(TT.dirs, (size_t)(TT.ndirs + 1) * sizeof(*TT.dirs));
		/* trailing slashes stripped */
		while (n > 1 && o->arg[n - 1] == '/')
			n--;
		TT.dirs[TT.ndirs++] = xstrndup(o->arg, n);
	}
	if (o == &opts[OP_D]) {
		if (strcmp(o->arg, "rule-exprs"))
			usage_error("-D %s: only rule-exprs is supported", o->arg);
		TT.rule_exprs = true;
	}
}

/* A profile and its children after the parse: resolved, its attachment
 * and file rules made regular expressions, and the policy DB's mediates
 * rules.  0, or -1 after a message. */
static int profile(struct aa_policy *pol, struct aa_profile *prof)
{
	struct aa_rules_out out = { NULL, NULL, TT.rule_exprs ? stderr : NULL };

	if (aa_resolve_profile(pol, prof) < 0 || aa_xmatch(prof, &out) < 0 || aa_file_rules(prof, &out) < 0 ||
	    aa_policydb_rules(prof, &out) < 0)
		return -1;
	for (struct aa_profile *c = prof->children; c; c = c->next)
		if (profile(pol, c) < 0)
			return -1;
	return 0;
}

/* One profile file (NULL: standard input): with -p its text with its
 * includes expanded, to standard output; else its profiles read and
 * resolved.  0 (2 for a compile not done yet), or after a message
 * apparmor_parser's status: errno for a file that cannot be opened, 1 for
 * one it cannot read or scan or whose profiles are refused. */
static int one_file(const char *file)
{
	struct aa_lex_opts lo = { TT.dirs, TT.ndirs, opts[OP_P].seen ? stdout : NULL };
	struct aa_lex *lx = aa_lex_open(file, &lo);
	struct aa_policy pol = { 0 };
	int rc = 0;

	if (!lx && file && errno) {
		int e = errno;

		warn("Could not read profile %s: %s.", file, strerror(e));
		return e;
	}
	if (!lx)
		return 1;
	/* The grammar reads every token; the scanner echoes them. */
	if (aa_parse(lx, &pol) < 0)
		rc = 1;
	fflush(stdout);
	/* -p stops after the parse, as the anchor's does */
	for (struct aa_profile *prof = pol.profiles; !rc && !opts[OP_P].seen && prof; prof = prof->next)
		if (profile(&pol, prof) < 0)
			rc = 1;
	if (!rc && !opts[OP_P].seen) {
		fprintf(stderr, "%s: %s: writing the kernel's binary policy is not implemented yet\n",
			applet_name(), file ? file : "stdin");
		rc = 2;
	}
	aa_policy_free(&pol);
	/* last: the locations in pol name its files */
	aa_lex_close(lx);
	return rc;
}

/* A profile operand: a file, or a directory's files in name order (not
 * its directories, not the names apparmor skips).  Its status. */
static int operand(const char *path)
{
	struct stat st;
	char **names;
	int n, rc = 0;
	DIR *d;

	if (stat(path, &st) < 0) {
		rc = errno;
		warn("File %s not found, skipping...", path);
		return rc;
	}
	if (!S_ISDIR(st.st_mode))
		return one_file(path);
	d = opendir(path);
	if (!d) {
		rc = errno;
		warn("There was an error while loading profiles from %s", path);
		return rc;
	}
	n = aa_dir_names(d, 65536, &names);
	closedir(d);
	if (n < 0) {
		warn("%s: over 65536 entries", path);
		return 1;
	}
	for (int i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", path, names[i]);
		int r = 0;

		if (stat(p, &st) == 0 && !S_ISDIR(st.st_mode) && !aa_skipped_name(names[i], NULL))
			r = one_file(p);
		if (r)
			rc = r;
		free(p);
	}
	aa_names_free(names, n);
	return rc;
}

int aa_compile_main(int argc, char **argv)
{
	const char *base = "/etc/apparmor.d";
	int rc = 0;

	opt_parse_each(&argc, &argv, opts, 0, option, NULL);
	if (opts[OP_HELP_SHORT].seen) {
		show_help(this_applet);
		return 0;
	}
	if (opts[OP_B].seen)
		base = opts[OP_B].arg;
	/* The base last on the search path, after every -I. */
	TT.dirs = xrealloc(TT.dirs, (size_t)(TT.ndirs + 1) * sizeof(*TT.dirs));
	TT.dirs[TT.ndirs++] = xstrdup(base);
	/* The last failure's status, as apparmor_parser's. */
	if (!argc)
		rc = one_file(NULL);
	for (int i = 0; i < argc; i++) {
		int r = operand(argv[i]);

		if (r)
			rc = r;
	}
	for (int i = 0; i < TT.ndirs; i++)
		free((char *)TT.dirs[i]);
	free(TT.dirs);
	return rc;
}
