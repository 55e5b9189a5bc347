// SPDX-License-Identifier: Apache-2.0
/* aa-compile.c: apparmor_parser's command line over AppArmor's profile
 * language: the declaration, the options, and the driver of the passes:
 * the scanner with its includes (lex.c), the grammar and the model it
 * builds (parse.c, rule-*.c), each profile resolved (resolve.c), its rules
 * made regular expressions (glob.c, rule-file.c, rule-policy.c), their
 * DFAs (lib/dfa) and its records (emit.c), for the kernel features of -M
 * or the running kernel's (features.c); added to, replacing or removed
 * from the kernel's policy (kernel.c).  -p writes a profile with its
 * includes expanded as apparmor_parser -p does; -N its profiles' names. */
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
 * kernel features of -M (else the running kernel's), as apparmor_parser
 * writes it, and add it to the kernel's policy (-a, the default), replace
 * (-r) or remove (-R) profiles of the same names.  As apparmor_parser (its
 * name through argv[0]): the same options; those aa-compile has not are
 * refused (the policy cache is not written yet: no -W).
 *
 *   -a, --add            add the profiles to the kernel's (none there yet)
 *   -r, --replace        replace those of the same names (or add them)
 *   -R, --remove         remove the kernel's profiles of these names
 *   -N, --names          write the profiles' names, one a line
 *   -q, --quiet          taken (aa-compile writes no warnings it could skip)
 *   -T, --skip-read-cache  taken: no policy cache is read
 *   -L, --cache-loc DIR[,DIR]...  where the policy cache is (default
 *                        /var/cache/apparmor)
 *   --print-cache-dir    write the cache directory for the kernel features
 *                        in each, as apparmor_parser names it
 *   -p, --preprocess     write each profile with its includes expanded, as
 *                        apparmor_parser -p writes it (a directory: its
 *                        files in name order; none: standard input)
 *   -I, --Include DIR    add DIR to the include search path (before -b)
 *   -b, --base DIR       the base directory (default /etc/apparmor.d)
 *   -Q, --skip-kernel-load  compile only, load nothing
 *   -K, --skip-cache     taken: no policy cache is read or written
 *   -S, --stdout         write the binary policy to standard output
 *   -o, --ofile FILE     write it to FILE (whole, or not at all)
 *   -M, --features-file FILE  the kernel features to compile for (a file,
 *                        or a directory as apparmorfs has them), and those
 *                        of policy that declares none (abi); without it the
 *                        running kernel's, and /etc/apparmor/parser.conf's
 *                        policy-features
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
#include <fcntl.h>
#include <unistd.h>

#include "aa.h"
#include "dfa/dfa.h"

/* --dfa-memory's bounds, in MiB: the default is lib/dfa's 1 GiB */
#define DFA_MEM_MAX_MIB	(1 << 20)

enum { OP_P, OP_I, OP_B, OP_J, OP_D, OP_Q, OP_K, OP_S, OP_O, OP_M, OP_KF, OP_PF, OP_MEM, OP_OPT, OP_ADD, OP_REPL,
       OP_REM, OP_NAMES, OP_QUIET, OP_SKIPREAD, OP_WRITE, OP_CACHELOC, OP_PRINTCACHE, OP_HELP_SHORT };

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
	[OP_ADD] = { 'a', "add", 0 },
	[OP_REPL] = { 'r', "replace", 0 },
	[OP_REM] = { 'R', "remove", 0 },
	[OP_NAMES] = { 'N', "names", 0 },
	[OP_QUIET] = { 'q', "quiet", 0 },
	[OP_SKIPREAD] = { 'T', "skip-read-cache", 0 },
	[OP_WRITE] = { 'W', "write-cache", 0 },
	[OP_CACHELOC] = { 'L', "cache-loc", OPT_ARG },
	[OP_PRINTCACHE] = { 0, "print-cache-dir", 0 },
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
	bool load;		/* -a, -r, -R (the default -a) without -Q */
	const char *base;	/* -b: the disable/ and force-complain/ links */
	enum aa_kop kop;
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

/* A top profile's name as apparmor_parser's fqname: :NS://NAME or NAME
 * (xmalloc'd). */
static char *top_name(const struct aa_profile *prof)
{
	return prof->ns ? xasprintf(":%s://%s", prof->ns, prof->name) : xstrdup(prof->name);
}

/* A profile's name as apparmor_parser's fqname: PARENT//NAME below the
 * top. */
static void print_name(const struct aa_profile *prof)
{
	if (prof->parent) {
		print_name(prof->parent);
		printf("//%s", prof->name);
	} else {
		char *n = top_name(prof);

		fputs(n, stdout);
		free(n);
	}
}

/* -N: a profile's name, then its hats' and children's. */
static void names(const struct aa_profile *prof)
{
	print_name(prof);
	putchar('\n');
	for (const struct aa_profile *c = prof->children; c; c = c->next)
		names(c);
}

/* The records of prof and its children (TT.out from mark) to the
 * kernel, or for -R its name: one write with set_load.  0, or after
 * apparmor_parser's words its status (256 less the errno). */
static int load(const struct aa_profile *prof, size_t mark)
{
	static const char *const verb[] = { [AA_KADD] = "add", [AA_KREPLACE] = "replace",
					    [AA_KREMOVE] = "remove" };
	char *name = top_name(prof);
	int err;

	if (TT.kop == AA_KREMOVE)
		err = aa_kernel_write(AA_KREMOVE, (const uint8_t *)name, strlen(name), true);
	else
		err = aa_kernel_write(TT.kop, TT.out.p + mark, TT.out.len - mark, aa_kf.set_load);
	if (err) {
		const char *why = aa_kernel_error(err);

		if (why)
			warn("Unable to %s \"%s\".  %s", verb[TT.kop], prof->name, why);
		else
			warn("Unable to %s \"%s\".  Unknown error (%d): %s", verb[TT.kop], prof->name, -err,
			     strerror(-err));
	}
	free(name);
	return err ? 256 + err : 0;
}

/* parser.conf's policy-features (the line apparmor_parser would take as
 * --policy-features; the file and the path in it under --root): the host
 * path, xmalloc'd; NULL when it has none or there is no file; (char *)-1
 * after a message for a line aa-compile does not take. */
static char *conf_policy_features(void)
{
	char *text, *line, *next, *pf = NULL;
	int fd = root_open("/etc/apparmor/parser.conf", O_RDONLY | O_CLOEXEC, 0), n = 0;

	if (fd < 0)
		return NULL;
	text = read_fd_max(fd, 1 << 20, NULL);
	close(fd);
	if (!text) {
		warn("%s", "/etc/apparmor/parser.conf: unreadable, or over 1 MiB");
		return (char *)-1;
	}
	for (line = text; line; line = next) {
		char *s = line + strspn(line, " \t"), *e;

		if ((next = strchr(line, '\n')))
			*next++ = 0;
		e = s + strlen(s);
		n++;
		while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
			*--e = 0;
		if (!*s || *s == '#')
			continue;
		if (!strncmp(s, "policy-features=", 16)) {
			/* a path in the image under --root */
			free(pf);
			if (!(pf = root_file(s + 16, 0))) {
				warn("/etc/apparmor/parser.conf:%d: %s: %s", n, s + 16, strerror(errno));
				pf = (char *)-1;
				break;
			}
		} else if (strcmp(s, "quiet") && strcmp(s, "skip-read-cache")) {
			warn("/etc/apparmor/parser.conf:%d: %s: not taken by aa-compile yet (only "
			     "policy-features, quiet, skip-read-cache)", n, s);
			free(pf);
			pf = (char *)-1;
			break;
		}
	}
	free(text);
	return pf;
}

static const char *base_name(const char *file)
{
	const char *b = strrchr(file, '/');

	return b ? b + 1 : file;
}

/* apparmor_parser's test_for_dir_mode: BASE/DIR/NAME readable. */
static bool in_mode_dir(const char *file, const char *dir)
{
	char *p = xasprintf("%s/%s/%s", TT.base, dir, base_name(file));
	int fd = root_open(p, O_RDONLY | O_CLOEXEC, 0);

	free(p);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* A profile and its hats and children in complain mode. */
static void force_complain(struct aa_profile *prof)
{
	prof->mode = 2;
	for (struct aa_profile *c = prof->children; c; c = c->next)
		force_complain(c);
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
	bool complain = false;
	int rc = 0;

	if (!lx && file && errno) {
		int e = errno;

		warn("Could not read profile %s: %s.", file, strerror(e));
		return e;
	}
	if (!lx)
		return 1;
	/* a profile file disabled or forced to complain (aa-disable,
	 * aa-complain): a link to it in the base's disable/ or
	 * force-complain/, as apparmor_parser looks (not for -p or -R) */
	if (file && !opts[OP_P].seen && !opts[OP_REM].seen) {
		if (in_mode_dir(file, "disable")) {
			if (!opts[OP_QUIET].seen)
				warn("Skipping profile in %s/disable: %s", TT.base, base_name(file));
			aa_lex_close(lx);
			return 0;
		}
		if ((complain = in_mode_dir(file, "force-complain")))
			warn("Warning: found %s in %s/force-complain, forcing complain mode", base_name(file),
			     TT.base);
	}
	/* The grammar reads every token; the scanner echoes them. */
	if (aa_parse(lx, &pol) < 0)
		rc = 1;
	fflush(stdout);
	/* forced to complain: the header says so (ABI 6 and 7), or each
	 * profile's mode (ABI 5) */
	if (complain && aa_kf.abi == 5)
		for (struct aa_profile *prof = pol.profiles; prof; prof = prof->next)
			force_complain(prof);
	/* -p stops after the parse, as the anchor's does; -N after it too */
	if (!rc && opts[OP_NAMES].seen) {
		for (struct aa_profile *prof = pol.profiles; prof; prof = prof->next)
			names(prof);
	} else if (!rc && !opts[OP_P].seen) {
		/* ENCODE_VERSION: the kernel's ABI; above 5, parser ABI 2 and
		 * policy version 2 */
		uint32_t version = aa_kf.abi > 5 ? aa_kf.abi | complain << 11 | 2 << 12 | 2 << 20 : aa_kf.abi;
		struct aa_emit_opts eo = { version, TT.rule_exprs ? stderr : NULL, TT.dfa_mem, TT.dfa_flags,
					   TT.pack_flags };
		size_t mark = TT.out.len;

		for (struct aa_profile *prof = pol.profiles; !rc && prof; prof = prof->next) {
			if (aa_emit(&pol, prof, &eo, &TT.out) < 0)
				rc = 1;
			else if (TT.load)
				rc = load(prof, mark);
			/* loaded: nothing kept */
			if (TT.load)
				TT.out.len = mark;
		}
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

/* --print-cache-dir: each of the comma-separated cache locations' directory
 * for the kernel features.  0, or 1 after a message. */
static int print_cache_dirs(const char *locs)
{
	char *list = xstrdup(locs), *save = NULL;
	int rc = 0;

	for (char *l = strtok_r(list, ",", &save); l && !rc; l = strtok_r(NULL, ",", &save)) {
		char *d = aa_cache_dir(l);

		if (!d) {
			warn("Unable to print the cache directory: %s", strerror(errno));
			rc = 1;
		} else {
			printf("%s\n", d);
		}
		free(d);
	}
	free(list);
	return rc;
}

/* What a compile needs: the kernel features (-M, --kernel-features, else
 * the running kernel's) and those of policy that declares none (-M,
 * --policy-features, parser.conf's policy-features, else the kernel's);
 * apparmorfs to load into; diff-encoded DFAs (not written yet) refused.
 * 0, or after a message 2. */
static int compile_setup(void)
{
	char *kdir = NULL, *conf = NULL;
	const char *kf = TT.kernel_features, *pf = TT.policy_features;
	int rc = 2;

	if (opts[OP_WRITE].seen) {
		warn("%s", "-W, --write-cache: the policy cache is not written yet (give -K)");
		return 2;
	}
	if (TT.load && aa_kernel_check() < 0)
		return 2;
	if (!kf && !(kf = kdir = aa_kernel_features_dir()))
		return 2;
	if (!pf && (conf = conf_policy_features()) == (char *)-1)
		goto out;
	if (!pf)
		pf = conf ? conf : kf;
	if (aa_features_kernel(kf) < 0 || aa_features_pin(pf) < 0)
		goto out;
	aa_features_policy(NULL);
	if (aa_kf.diff_encode) {
		warn("%s: compiling for kernel features with policy/diff_encode is not implemented yet", kf);
		goto out;
	}
	rc = 0;
out:
	free(kdir);
	if (conf != (char *)-1)
		free(conf);
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
	if (TT.bad_opt)
		return 1;
	/* the actions, each time given: one at most, as the anchor's */
	if (opts[OP_P].seen + opts[OP_S].seen + opts[OP_O].seen + opts[OP_ADD].seen + opts[OP_REPL].seen +
		    opts[OP_REM].seen + opts[OP_NAMES].seen > 1) {
		warn("%s", "Too many actions given on the command line.");
		return 1;
	}
	if (opts[OP_B].seen)
		base = opts[OP_B].arg;
	TT.base = base;
	/* The base last on the search path, after every -I. */
	TT.dirs = xrealloc(TT.dirs, (size_t)(TT.ndirs + 1) * sizeof(*TT.dirs));
	TT.dirs[TT.ndirs++] = xstrdup(base);
	TT.kop = opts[OP_REPL].seen ? AA_KREPLACE : opts[OP_REM].seen ? AA_KREMOVE : AA_KADD;
	TT.load = !opts[OP_Q].seen && !opts[OP_P].seen && !opts[OP_S].seen && !opts[OP_O].seen &&
		  !opts[OP_NAMES].seen && !opts[OP_PRINTCACHE].seen;
	if (!opts[OP_P].seen && !opts[OP_NAMES].seen && (rc = compile_setup()))
		goto out;
	if (opts[OP_PRINTCACHE].seen) {
		rc = print_cache_dirs(opts[OP_CACHELOC].seen ? opts[OP_CACHELOC].arg : "/var/cache/apparmor");
		goto out;
	}
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
