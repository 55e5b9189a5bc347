// SPDX-License-Identifier: Apache-2.0
/* aa-compile.c: apparmor_parser's command line over AppArmor's profile
 * language: the declaration, the options, and the driver of the passes:
 * the scanner with its includes (lex.c), the grammar and the model it
 * builds (parse.c, rule-*.c), each profile resolved (resolve.c), its rules
 * made regular expressions (glob.c, rule-file.c, rule-policy.c), their
 * DFAs (lib/dfa) and its records (emit.c), for the kernel features of -M
 * (features.c).  -p writes a profile with its includes expanded as
 * apparmor_parser -p does.  Loading into the kernel is issue 23's. */
/* applet: aa-compile
 * summary: compile AppArmor profiles into the kernel's binary policy
 * usage: aa-compile [--root DIR] [OPTION]... PROFILE...
 * usage: aa-compile -p [-I DIR]... [-b DIR] [PROFILE|DIR]...
 * compat: apparmor_parser
 * help:
 * Read AppArmor profiles as apparmor_parser 3.0.8 reads them: includes on
 * the search path (-I, then -b, default /etc/apparmor.d, under --root),
 * each file once a profile, the grammar's syntax and the rules' checks;
 * then compile them into the binary policy the kernel loads, for the
 * kernel features of -M, as apparmor_parser -Q -K -S -M writes it.
 * Loading it into the kernel is not implemented yet: -Q, -S or -o.  As
 * apparmor_parser (its name through argv[0]): the same options; those
 * aa-compile has not are refused.
 *
 *   -p, --preprocess     write each profile with its includes expanded, as
 *                        apparmor_parser -p writes it (a directory: its
 *                        files in name order; none: standard input)
 *   -I, --Include DIR    add DIR to the include search path (before -b)
 *   -b, --base DIR       the base directory (default /etc/apparmor.d)
 *   -Q, --skip-kernel-load  do not load (needed: loading is not done yet)
 *   -K, --skip-cache     taken: no policy cache is read or written
 *   -S, --stdout         write the binary policy to standard output
 *   -o, --ofile FILE     write it to FILE (whole, or not at all)
 *   -M, --features-file FILE  the kernel features to compile for, and
 *                        those of policy that declares none (abi)
 *   --kernel-features FILE  the kernel features alone
 *   --policy-features FILE  the features of policy that declares none
 *   -D, --dump WHAT      rule-exprs: each glob and the rule made of it, to
 *                        standard error, as apparmor_parser -D rule-exprs
 *                        writes them (the expression trees aside)
 *   -j, --jobs N         taken for apparmor_parser's sake: profiles are
 *                        read one after another (its -j1)
 *   -O, --Optimize OPT   equiv (an EC table a DFA), no-minimize; the other
 *                        apparmor_parser -O flags that change nothing it
 *                        writes are taken (0, compress-small, show: no)
 *   --dfa-memory MIB     cap each DFA construction's working memory (1 to
 *                        1048576; default 1024): a profile that needs more
 *                        is refused, naming the rule in most of its states
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "aa.h"
#include "dfa/dfa.h"

/* --dfa-memory's bounds, in MiB: the default is lib/dfa's 1 GiB */
#define DFA_MEM_MAX_MIB	(1 << 20)

enum { OP_P, OP_I, OP_B, OP_J, OP_D, OP_Q, OP_K, OP_S, OP_O, OP_M, OP_KF, OP_PF, OP_MEM, OP_OPT, OP_HELP_SHORT };

static struct opt opts[] = {
	[OP_P] = { 'p', "preprocess", 0 },
	[OP_I] = { 'I', "Include", OPT_ARG },
	[OP_B] = { 'b', "base", OPT_ARG },
	[OP_J] = { 'j', "jobs", OPT_ARG },
	[OP_D] = { 'D', "dump", OPT_ARG },
	[OP_Q] = { 'Q', "skip-kernel-load", 0 },
	[OP_K] = { 'K', "skip-cache", 0 },
	[OP_S] = { 'S', "stdout", 0 },
	[OP_O] = { 'o', "ofile", OPT_ARG },
	[OP_M] = { 'M', "features-file", OPT_ARG },
	[OP_KF] = { 0, "kernel-features", OPT_ARG },
	[OP_PF] = { 0, "policy-features", OPT_ARG },
	[OP_MEM] = { 0, "dfa-memory", OPT_ARG },
	[OP_OPT] = { 'O', "Optimize", OPT_ARG },
	[OP_HELP_SHORT] = { 'h', NULL, 0 },
	OPT_END,
};

static struct {
	const char **dirs;
	int ndirs;
	bool rule_exprs;	/* -D rule-exprs */
	size_t dfa_mem;		/* --dfa-memory, in bytes */
	unsigned dfa_flags, pack_flags;	/* -O */
	bool bad_opt;		/* an -O refused: exit 1 once parsed */
	const char *kernel_features, *policy_features;	/* -M and the others */
	struct buf out;		/* -o: every file's records; -S: one file's */
} TT;

/* -O as apparmor_parser 3.0.8 takes it (common_optarg.c's table, each
 * with no- where it has one): equiv (an EC table a DFA) and minimize
 * change what is written; the others change only how its construction
 * gets there, never the bytes it writes for Debian's kernel, and are
 * taken as such; 0, compress-small and show are refused by name, anything
 * else as the anchor refuses it. */
static void optimize(const char *arg)
{
	static const char *const same[] = { "expr-normalize", "no-expr-normalize", "expr-simplify",
		"no-expr-simplify", "expr-left-simplify", "expr-right-simplify", "remove-unreachable",
		"no-remove-unreachable", "compress-fast", "filter-deny", "no-filter-deny", "diff-encode",
		"no-diff-encode" };
	static const char *const unsupported[] = { "0", "compress-small", "show" };

	if (!strcmp(arg, "equiv")) {
		TT.pack_flags |= DFA_PACK_EC;
	} else if (!strcmp(arg, "no-equiv")) {
		TT.pack_flags &= ~DFA_PACK_EC;
	} else if (!strcmp(arg, "minimize")) {
		TT.dfa_flags &= ~DFA_NO_MINIMIZE;
	} else if (!strcmp(arg, "no-minimize")) {
		TT.dfa_flags |= DFA_NO_MINIMIZE;
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(same); i++)
			if (!strcmp(arg, same[i]))
				return;
		for (size_t i = 0; i < ARRAY_SIZE(unsupported); i++)
			if (!strcmp(arg, unsupported[i])) {
				warn("-O %s is not supported", arg);
				TT.bad_opt = true;
				return;
			}
		warn("Invalid --Optimize option %s", arg);
		TT.bad_opt = true;
	}
}

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
	/* the features files, the last given for each part winning, as
	 * apparmor_parser takes them */
	if (o == &opts[OP_M] || o == &opts[OP_KF])
		TT.kernel_features = o->arg;
	if (o == &opts[OP_M] || o == &opts[OP_PF])
		TT.policy_features = o->arg;
	if (o == &opts[OP_OPT])
		optimize(o->arg);
	if (o == &opts[OP_MEM])
		TT.dfa_mem = (size_t)xstrtonum(o->arg, 1, DFA_MEM_MAX_MIB, "--dfa-memory") << 20;
	if (o == &opts[OP_D]) {
		if (strcmp(o->arg, "rule-exprs"))
			usage_error("-D %s: only rule-exprs is supported", o->arg);
		TT.rule_exprs = true;
	}
}

/* -S: the records so far to standard output.  0, or 1 after a message. */
static int flush_out(void)
{
	int rc = 0;

	if (TT.out.len && write_all(1, TT.out.p, TT.out.len) < 0) {
		warn_errno("standard output");
		rc = 1;
	}
	TT.out.len = 0;
	return rc;
}

/* One profile file (NULL: standard input): with -p its text with its
 * includes expanded, to standard output; else its profiles compiled, their
 * records appended to TT.out.  0, or after a message apparmor_parser's
 * status: errno for a file that cannot be opened, 1 for one it cannot
 * read or scan or whose profiles are refused. */
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
	if (!rc && !opts[OP_P].seen) {
		/* ENCODE_VERSION: the kernel's ABI; above 5, parser ABI 2 and
		 * policy version 2 */
		uint32_t version = aa_kf.abi > 5 ? aa_kf.abi | 2 << 12 | 2 << 20 : aa_kf.abi;
		struct aa_emit_opts eo = { version, TT.rule_exprs ? stderr : NULL, TT.dfa_mem, TT.dfa_flags,
					   TT.pack_flags };
		size_t mark = TT.out.len;

		for (struct aa_profile *prof = pol.profiles; !rc && prof; prof = prof->next)
			if (aa_emit(&pol, prof, &eo, &TT.out) < 0)
				rc = 1;
		/* a file's records whole or none */
		if (rc)
			TT.out.len = mark;
		/* -S: each file's records as it compiles, so memory holds
		 * one file's */
		if (!rc && opts[OP_S].seen)
			rc = flush_out();
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

/* What a compile needs: a way out (loading is not done yet) and the
 * kernel features (-M, or --kernel-features with --policy-features),
 * diff-encoded DFAs (not written yet) refused.  0, or after a message 2. */
static int compile_setup(void)
{
	const char *kf = TT.kernel_features;

	if (!opts[OP_Q].seen && !opts[OP_S].seen && !opts[OP_O].seen) {
		warn("%s", "loading profiles into the kernel is not implemented yet: give -Q, -S or -o");
		return 2;
	}
	if (!kf) {
		warn("%s", "no kernel features: give -M FILE (reading the running kernel's is not "
			   "implemented yet)");
		return 2;
	}
	if (!TT.policy_features) {
		warn("%s", "--kernel-features needs --policy-features (or -M for both): reading "
			   "/etc/apparmor/parser.conf is not implemented yet");
		return 2;
	}
	if (aa_features_kernel(kf) < 0 || aa_features_pin(TT.policy_features) < 0)
		return 2;
	aa_features_policy(NULL);
	if (aa_kf.diff_encode) {
		warn("%s: compiling for kernel features with policy/diff_encode is not implemented yet", kf);
		return 2;
	}
	return 0;
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
	if (TT.bad_opt)
		return 1;
	/* the actions, each time given: one at most, as the anchor's */
	if (opts[OP_P].seen + opts[OP_S].seen + opts[OP_O].seen > 1) {
		warn("%s", "Too many actions given on the command line.");
		return 1;
	}
	if (opts[OP_B].seen)
		base = opts[OP_B].arg;
	/* The base last on the search path, after every -I. */
	TT.dirs = xrealloc(TT.dirs, (size_t)(TT.ndirs + 1) * sizeof(*TT.dirs));
	TT.dirs[TT.ndirs++] = xstrdup(base);
	if (!opts[OP_P].seen && (rc = compile_setup()))
		goto out;
	/* The last failure's status, as apparmor_parser's. */
	if (!argc)
		rc = one_file(NULL);
	for (int i = 0; i < argc; i++) {
		int r = operand(argv[i]);

		if (r)
			rc = r;
	}
	/* -o: the file whole, or (after a failure) not at all (-S wrote each
	 * file's records that compiled, as the anchor's) */
	if (opts[OP_O].seen && !rc && write_file_atomic(opts[OP_O].arg, TT.out.p, TT.out.len, 0644) < 0) {
		warn_errno("%s", opts[OP_O].arg);
		rc = 1;
	}
out:
	buf_free(&TT.out);
	for (int i = 0; i < TT.ndirs; i++)
		free((char *)TT.dirs[i]);
	free(TT.dirs);
	return rc;
}
