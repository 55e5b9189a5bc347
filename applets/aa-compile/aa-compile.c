// SPDX-License-Identifier: Apache-2.0
/* aa-compile.c: apparmor_parser's command line over AppArmor's profile
 * language: the declaration, the options, and the driver of the passes:
 * the scanner with its includes (lex.c), the grammar and the model it
 * builds (parse.c, rule-*.c), each profile resolved (resolve.c), its rules
 * made regular expressions (glob.c, rule-file.c, rule-policy.c), their
 * DFAs (lib/dfa) and its records (emit.c), for the kernel features of -M
 * or the running kernel's (features.c); added to, replacing or removed
 * from the kernel's policy (kernel.c), through the policy cache
 * (cache.c).  -p writes a profile with its includes expanded as
 * apparmor_parser -p does; -N its profiles' names. */
/* applet: aa-compile
 * summary: compile AppArmor profiles into the kernel's binary policy
 * usage: aa-compile [--root DIR] [OPTION]... PROFILE...
 * usage: aa-compile -p [-I DIR]... [-b DIR] [PROFILE|DIR]...
 * usage: aa-compile status [--json|--pretty-json|--enabled|--profiled|...]
 * usage: aa-compile --loaded [--json]
 * usage: aa-compile enforce|complain|disable [-d DIR] [--no-reload] PROFILE|PROGRAM...
 * compat: apparmor_parser aa-status aa-enforce aa-complain aa-disable
 * help:
 * Read AppArmor profiles as apparmor_parser 3.0.8 reads them: includes on
 * the search path (-I, then -b, default /etc/apparmor.d, under --root),
 * each file once a profile, the grammar's syntax and the rules' checks;
 * then compile them into the binary policy the kernel loads, for the
 * kernel features of -M (else the running kernel's), as apparmor_parser
 * writes it, and add it to the kernel's policy (-a, the default), replace
 * (-r) or remove (-R) profiles of the same names; through the policy
 * cache as apparmor_parser keeps it.  As apparmor_parser (its name
 * through argv[0]): the same options; those aa-compile has not are
 * refused.
 *
 *   -a, --add            add the profiles to the kernel's (none there yet)
 *   -r, --replace        replace those of the same names (or add them)
 *   -R, --remove         remove the kernel's profiles of these names
 *   -N, --names          write the profiles' names, one a line
 *   -q, --quiet          taken (aa-compile writes no warnings it could skip)
 *   -W, --write-cache    write each file's records to the policy cache
 *   -T, --skip-read-cache  read none from it
 *   -K, --skip-cache     neither read nor write it
 *   -k, --show-cache     say what it does (hits, misses, writes)
 *   --skip-bad-cache     an entry not valid is not written again
 *   --skip-bad-cache-rebuild  an entry the kernel refuses is not compiled
 *   --purge-cache        remove what is in the (first) location
 *   -L, --cache-loc DIR[,DIR]...  where the policy cache is (default
 *                        /var/cache/apparmor; four at most, the first
 *                        written)
 *   --print-cache-dir    write the cache directory for the kernel features
 *                        in each, as apparmor_parser names it
 *   -p, --preprocess     write each profile with its includes expanded, as
 *                        apparmor_parser -p writes it (a directory: its
 *                        files in name order; none: standard input)
 *   -I, --Include DIR    add DIR to the include search path (before -b)
 *   -b, --base DIR       the base directory (default /etc/apparmor.d)
 *   -Q, --skip-kernel-load  compile only, load nothing
 *   -S, --stdout         write the binary policy to standard output
 *   -o, --ofile FILE     write it to FILE (whole, or not at all)
 *   -M, --features-file FILE  the kernel features to compile for (a file,
 *                        or a directory as apparmorfs has them), and those
 *                        of policy that declares none (abi); without it the
 *                        running kernel's, and /etc/apparmor/parser.conf's
 *                        policy-features
 *   --kernel-features FILE  the kernel features alone
 *   --policy-features FILE  the features of policy that declares none
 *                        (none of these: apparmor_parser's built-in ABI)
 *   --config-file FILE   read FILE, not /etc/apparmor/parser.conf
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
 *
 * status (and aa-status through argv[0]): the loaded profiles and their
 * modes, the processes confined, as aa-status 3.0.8 writes them; one of
 * --verbose (the default), --json, --pretty-json, --enabled (exit 0 or
 * 1), --profiled, --enforced, --complaining, --kill,
 * --special-unconfined (how many profiles), --process-mixed.
 *
 * --loaded [--json]: every profile in the kernel (apparmorfs's policy
 * tree, namespaces too): NAME, MODE, ATTACH and SHA1 (the kernel's hash of
 * its record), tab-separated, one a line.
 *
 * enforce, complain, disable (and aa-enforce, aa-complain, aa-disable
 * through argv[0]): each profile file (in DIR, default /etc/apparmor.d,
 * or a program's) set to that mode as apparmor-utils sets it: its header
 * lines' flags, the links in DIR/disable and DIR/force-complain; then
 * replaced in the kernel (disable: removed), unless --no-reload or
 * under --root.
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
       OP_REM, OP_NAMES, OP_QUIET, OP_SKIPREAD, OP_WRITE, OP_CACHELOC, OP_PRINTCACHE, OP_SHOWCACHE,
       OP_SKIPBAD, OP_PURGE, OP_NOREBUILD, OP_CONF, OP_HELP_SHORT };

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
	[OP_SHOWCACHE] = { 'k', "show-cache", 0 },
	[OP_SKIPBAD] = { 0, "skip-bad-cache", 0 },
	[OP_PURGE] = { 0, "purge-cache", 0 },
	[OP_NOREBUILD] = { 0, "skip-bad-cache-rebuild", 0 },
	[OP_CONF] = { 0, "config-file", OPT_ARG },
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
	bool quiet;		/* -q, or parser.conf's quiet */
	/* the policy cache: -W, -T (also -S, -o, -D), -K (also -R, -N, -p),
	 * -k, -L; parser.conf's write-cache, skip-read-cache, skip-cache,
	 * show-cache and cache-loc= as they are */
	bool write_cache, skip_read, skip_cache, show_cache;
	char *conf_loc;
	struct aa_cache cache;	/* opened: cache.n > 0 */
	/* -W without a load: each file compiled in a child under the
	 * allow-list (compile_file), which asks for its cache entry here */
	bool each_sandboxed;
	struct cache_req *req;	/* in that child: the entry asked for */
} TT;

/* What a file's child passes back ahead of its records: whether they are
 * to be the file's cache entry, and the time to give it. */
struct cache_req {
	int64_t sec, nsec;
	uint32_t write, pad;
};

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
		if (aa_kernel_why)
			warn("the kernel: %s", aa_kernel_why);
	}
	free(name);
	return err ? 256 + err : 0;
}

/* parser.conf, its lines taken as apparmor_parser takes them, before the
 * command line's options (the file, and the paths in it, under --root):
 * policy-features's host path in *pf (xmalloc'd; NULL when it has none or
 * there is no file), the cache's options in TT.  0, or -1 after a
 * message for a line aa-compile does not take. */
static int read_conf(char **pf)
{
	const char *conf = opts[OP_CONF].seen ? opts[OP_CONF].arg : "/etc/apparmor/parser.conf";
	char *text, *line, *next;
	int fd = root_open(conf, O_RDONLY | O_CLOEXEC, 0), n = 0, rc = 0;

	*pf = NULL;
	if (fd < 0)
		return 0;
	text = read_fd_max(fd, 1 << 20, NULL);
	close(fd);
	if (!text) {
		warn("%s: unreadable, or over 1 MiB", conf);
		return -1;
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
			free(*pf);
			if (!(*pf = root_file(s + 16, 0))) {
				warn("%s:%d: %s: %s", conf, n, s + 16, strerror(errno));
				rc = -1;
				break;
			}
		} else if (!strncmp(s, "cache-loc=", 10)) {
			free(TT.conf_loc);
			TT.conf_loc = xstrdup(s + 10);
		} else if (!strcmp(s, "quiet")) {
			TT.quiet = true;
		} else if (!strcmp(s, "skip-read-cache")) {
			TT.skip_read = true;
		} else if (!strcmp(s, "write-cache")) {
			TT.write_cache = true;
		} else if (!strcmp(s, "skip-cache")) {
			TT.skip_cache = true;
		} else if (!strcmp(s, "show-cache")) {
			TT.show_cache = true;
		} else {
			warn("%s:%d: %s: not taken by aa-compile yet (only policy-features=, cache-loc=, "
			     "quiet, write-cache, skip-read-cache, skip-cache, show-cache)", conf, n, s);
			rc = -1;
			break;
		}
	}
	free(text);
	if (rc) {
		free(*pf);
		*pf = NULL;
	}
	return rc;
}

int aa_parser_conf(char **pf)
{
	return read_conf(pf);
}

static const char *base_name(const char *file)
{
	const char *b = strrchr(file, '/');

	return b ? b + 1 : file;
}

bool aa_in_mode_dir(const char *base, const char *dir, const char *name)
{
	char *p = xasprintf("%s/%s/%s", base, dir, name);
	int fd = root_open(p, O_RDONLY | O_CLOEXEC, 0);

	free(p);
	if (fd < 0)
		return false;
	close(fd);
	return true;
}

/* ENCODE_VERSION: the kernel's ABI; above 5, complain forced, parser ABI
 * 2 and policy version 2. */
static uint32_t version(bool complain)
{
	return aa_kf.abi > 5 ? aa_kf.abi | (uint32_t)complain << 11 | 2 << 12 | 2 << 20 : aa_kf.abi;
}

static bool newer(struct timespec a, struct timespec b)
{
	return a.tv_sec > b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec > b.tv_nsec);
}

/* process_binary: a cache entry's records to the kernel as they are (in
 * one write with set_load).  0, or after apparmor_parser's words the
 * errno. */
static int load_file(const char *path)
{
	size_t n;
	uint8_t *p = (uint8_t *)read_file(path, &n);
	int err = p ? aa_kernel_write(TT.kop, p, n, aa_kf.set_load) : -errno;

	if (err)
		warn("Error: Could not %s profile %s: %s", TT.kop == AA_KADD ? "load" : "replace", path,
		     strerror(-err));
	if (err && aa_kernel_why)
		warn("the kernel: %s", aa_kernel_why);
	free(p);
	return -err;
}

/* A profile and its hats and children in complain mode. */
static void force_complain(struct aa_profile *prof)
{
	prof->mode = 2;
	for (struct aa_profile *c = prof->children; c; c = c->next)
		force_complain(c);
}

/* A file's records its cache entry, said with -k once written. */
static void cache_entry(const char *file, const uint8_t *p, size_t n, struct timespec mtime)
{
	if (!aa_cache_write(&TT.cache, base_name(file), p, n, mtime) && TT.show_cache)
		warn("Wrote cache: %s/%s", TT.cache.dir[0], base_name(file));
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
	bool complain = false, cached = false, write_cache = TT.write_cache && TT.cache.n;
	struct timespec cache_time = { 0 };
	char *cname = NULL;
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
		if (aa_in_mode_dir(TT.base, "disable", base_name(file))) {
			if (!TT.quiet)
				warn("Skipping profile in %s/disable: %s", TT.base, base_name(file));
			aa_lex_close(lx);
			return 0;
		}
		if ((complain = aa_in_mode_dir(TT.base, "force-complain", base_name(file))))
			warn("Warning: found %s in %s/force-complain, forcing complain mode", base_name(file),
			     TT.base);
		/* its entry in the cache, to load if it is valid and nothing
		 * read is newer (a profile forced to complain is never
		 * cached); an invalid one not replaced with --skip-bad-cache */
		if (!complain && TT.cache.n && !TT.skip_read &&
		    (cname = aa_cache_find(&TT.cache, base_name(file))) &&
		    !(cached = aa_cache_valid(cname, version(false), &cache_time)) && opts[OP_SKIPBAD].seen)
			write_cache = false;
	} else if (!file && write_cache) {
		if (!TT.quiet)
			warn("%s", "cannot use or update cache, disable, or force-complain via stdin");
		write_cache = false;
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
	/* every file read, none newer than the entry: it is loaded (or with
	 * -Q, nothing to do) unless the kernel refuses it, then compiled
	 * again (unless --skip-bad-cache-rebuild) */
	if (!rc && cached && !newer(aa_lex_mtime(lx), cache_time)) {
		if (TT.show_cache)
			warn("Cache hit: %s", cname);
		if (!TT.load || !(rc = load_file(cname)) || opts[OP_NOREBUILD].seen)
			goto out;
		rc = 0;
	}
	if (!rc && TT.show_cache)
		warn("Cache miss: %s", file ? file : "stdin");
	/* -p stops after the parse, as the anchor's does; -N after it too */
	if (!rc && opts[OP_NAMES].seen) {
		for (struct aa_profile *prof = pol.profiles; prof; prof = prof->next)
			names(prof);
	} else if (!rc && !opts[OP_P].seen) {
		struct aa_emit_opts eo = { version(complain), TT.rule_exprs ? stderr : NULL, TT.dfa_mem,
					   TT.dfa_flags, TT.pack_flags };
		size_t mark = TT.out.len;

		for (struct aa_profile *prof = pol.profiles; !rc && prof; prof = prof->next) {
			size_t at = TT.out.len;

			if (aa_emit(&pol, prof, &eo, &TT.out) < 0)
				rc = 1;
			else if (TT.load)
				rc = load(prof, at);
		}
		/* the cache entry: the file's records, all compiled (and
		 * loaded), as new as the newest file read */
		if (!rc && write_cache && complain) {
			if (!TT.quiet)
				warn("Caching disabled for: '%s' due to force complain", base_name(file));
		} else if (!rc && write_cache && TT.req) {	/* the parent writes it */
			struct timespec t = aa_lex_mtime(lx);

			*TT.req = (struct cache_req){ t.tv_sec, t.tv_nsec, 1, 0 };
		} else if (!rc && write_cache) {
			cache_entry(file, TT.out.p + mark, TT.out.len - mark, aa_lex_mtime(lx));
		}
		/* a file's records whole or none; loaded, nothing kept */
		if (rc || TT.load)
			TT.out.len = mark;
		/* -S: each file's records as it compiles, so memory holds
		 * one file's (in a file's child, the parent's to write) */
		if (!rc && opts[OP_S].seen && !TT.req)
			rc = flush_out();
	}
out:
	aa_policy_free(&pol);
	/* last: the locations in pol name its files */
	aa_lex_close(lx);
	free(cname);
	return rc;
}

/* compile_file's child: the file compiled under the allow-list; passed
 * back, the cache entry it asks for, then the records it added. */
static int file_sandboxed(void *arg, struct buf *out)
{
	struct cache_req req = { 0 };
	size_t mark = TT.out.len;
	int rc;

	sandbox_reader(applet_name(), SANDBOX_OPEN_RO);
	TT.req = &req;
	rc = one_file(arg);
	fflush(NULL);	/* the child ends with _exit */
	if (!rc && (buf_put(out, &req, sizeof(req)) < 0 ||
		    buf_put(out, TT.out.p + mark, TT.out.len - mark) < 0)) {
		warn("%s: %s", arg ? (char *)arg : "stdin", strerror(EFBIG));
		rc = 1;
	}
	return rc;
}

/* One file, in a child of its own when the cache is written without a
 * load (each_sandboxed): its cache entry written here, then its records
 * added to TT.out (-S: written out), in the order the messages have in
 * one process.  Its status. */
static int compile_file(const char *file)
{
	struct sandbox sb = { file ? file : "stdin", "the compile", 0, 0, NULL };
	struct buf got = BUF_INIT(0);
	struct cache_req req;
	int rc;

	if (!TT.each_sandboxed)
		return one_file(file);
	sb.status = &rc;
	if (sandbox_call(&sb, file_sandboxed, (void *)file, &got) < 0) {
		rc = rc ? rc : 1;
	} else if (got.len < sizeof(req)) {	/* it always sends one */
		warn("%s: what the compile passed back is cut short", sb.name);
		rc = 1;
	} else {
		memcpy(&req, got.p, sizeof(req));
		if (req.write)
			cache_entry(file, got.p + sizeof(req), got.len - sizeof(req),
				    (struct timespec){ (time_t)req.sec, (long)req.nsec });
		if (buf_put(&TT.out, got.p + sizeof(req), got.len - sizeof(req)) < 0) {
			warn("%s", strerror(EFBIG));
			rc = 1;
		} else if (opts[OP_S].seen) {
			rc = flush_out();
		}
	}
	buf_free(&got);
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
		return compile_file(path);
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
			r = compile_file(p);
		if (r)
			rc = r;
		free(p);
	}
	aa_names_free(names, n);
	return rc;
}

/* The policy cache's locations (-L, else parser.conf's cache-loc=, else
 * /var/cache/apparmor; inside the image under --root), and what the
 * options ask of them, as apparmor_parser's main: --print-cache-dir
 * (each one's directory for the kernel features) or --purge-cache (the
 * first one's files removed) is all there is to do (*done); else the
 * cache opened when it is read or written (made with -W).  0, or after a
 * message the exit status. */
static int cache_setup(bool *done)
{
	const char *arg = opts[OP_CACHELOC].seen ? opts[OP_CACHELOC].arg : TT.conf_loc;
	char *locs[AA_CACHE_LOCS], *host[AA_CACHE_LOCS] = { 0 };
	int n = 0, rc = 0;

	*done = opts[OP_PRINTCACHE].seen || opts[OP_PURGE].seen;
	if (!*done && (TT.skip_cache || (!TT.write_cache && TT.skip_read)))
		return 0;
	if (arg && (n = aa_cache_locs(arg, locs)) < 0) {
		warn("Invalid --cacheloc option '%s' %s", arg, strerror(errno));
		return 1;
	}
	if (!n)
		locs[n++] = xstrdup("/var/cache/apparmor");
	for (int i = 0; i < n && !rc; i++)
		if (!(host[i] = root_dir() ? root_file(locs[i], 0) : xstrdup(locs[i]))) {
			warn("%s: %s", locs[i], strerror(errno));
			rc = 1;
		}
	if (rc) {
	} else if (opts[OP_PRINTCACHE].seen) {
		for (int i = 0; i < n && !rc; i++) {
			char *d = aa_cache_dir(host[i]);

			/* the location as given, the image's under --root */
			if (d)
				printf("%s%s\n", locs[i], d + strlen(host[i]));
			else
				warn("Unable to print the cache directory: %s", strerror(errno));
			rc = !d;
			free(d);
		}
	} else if (opts[OP_PURGE].seen) {
		if (aa_cache_purge(host[0]) < 0) {
			warn("Failed to clear cache files (%s): %s", locs[0], strerror(errno));
			rc = 1;
		}
	} else if (aa_cache_open(&TT.cache, host, n, TT.write_cache && !opts[OP_SKIPBAD].seen, TT.quiet) < 0) {
		/* none there, another kernel's, a read-only file system: no
		 * cache, as apparmor_parser goes on without one */
		if (errno != ENOENT && errno != EEXIST && errno != EROFS) {
			warn("Failed setting up policy cache (%s): %s", locs[0], strerror(errno));
			rc = 1;
		} else if (TT.show_cache && TT.write_cache) {
			warn("Cache write disabled: Cannot create cache '%s': %s", locs[0], strerror(errno));
		} else if (TT.show_cache) {
			warn("Cache read/write disabled: Policy cache is invalid: %s", strerror(errno));
		}
		TT.write_cache = false;
	} else if (TT.show_cache) {
		warn("Cache: added primary location '%s'", locs[0]);
	}
	for (int i = 0; i < n; i++) {
		free(locs[i]);
		free(host[i]);
	}
	return rc;
}

/* Every operand (none: standard input) compiled; the last failure's
 * status, as apparmor_parser's. */
static int operands(int argc, char **argv)
{
	int rc = 0;

	if (!argc)
		rc = compile_file(NULL);
	for (int i = 0; i < argc; i++) {
		int r = operand(argv[i]);

		if (r)
			rc = r;
	}
	return rc;
}

struct operands_args {
	int argc;
	char **argv;
};

/* -o's compile, in a child under the allow-list: its records passed back
 * to the parent, which writes the file. */
static int operands_sandboxed(void *arg, struct buf *out)
{
	struct operands_args *a = arg;
	int rc;

	sandbox_reader(applet_name(), SANDBOX_OPEN_RO);
	rc = operands(a->argc, a->argv);
	if (!rc && buf_put(out, TT.out.p, TT.out.len) < 0) {
		warn("%s: %s", opts[OP_O].arg, strerror(EFBIG));
		rc = 1;
	}
	return rc;
}

/* What a compile needs: the kernel features (-M, --kernel-features, else
 * the running kernel's) and those of policy that declares none (-M,
 * --policy-features, parser.conf's policy-features, else
 * apparmor_parser's built-in default, features.c);
 * apparmorfs to load into; diff-encoded DFAs (not written yet) refused.
 * 0, or after a message 2. */
static int compile_setup(void)
{
	char *kdir = NULL, *conf = NULL;
	const char *kf = TT.kernel_features, *pf = TT.policy_features;
	int rc = 2;

	if (read_conf(&conf) < 0)
		return 2;
	if (TT.load && aa_kernel_check() < 0)
		goto out;
	if (!kf && !(kf = kdir = aa_kernel_features_dir()))
		goto out;
	if (!pf)
		pf = conf;
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
	free(conf);
	return rc;
}

/* The applet: status, the mode changes, else apparmor_parser's work. */
/* a load: apparmorfs takes policy from CAP_MAC_ADMIN alone, and the
 * kernel's reason for a refusal is read from /dev/kmsg (CAP_SYSLOG where
 * dmesg_restrict is set) */
#define AA_WRITES (CAPS_FILES | CAP_BIT(CAP_MAC_ADMIN) | CAP_BIT(CAP_SYSLOG))
/* status: each process's profile, and its name from /proc/PID/exe, which
 * the kernel shows only to a tracer (CAP_SYS_PTRACE, as the process has
 * capabilities this one dropped) */
#define AA_STATUS (CAPS_READ | CAP_BIT(CAP_SYS_PTRACE))

int aa_compile_main(int argc, char **argv)
{
	const char *name = applet_name();

	/* lsmbox's --root before a command word (status, enforce, ...) */
	while (argc > 2 && (!strcmp(argv[1], "--root") || !strncmp(argv[1], "--root=", 7))) {
		bool eq = argv[1][6] == '=';

		root_set(eq ? argv[1] + 7 : argv[2]);
		argv[eq ? 1 : 2] = argv[0];
		argv += eq ? 1 : 2;
		argc -= eq ? 1 : 2;
	}
	/* Each keeps only the capabilities it needs (docs/aa-compile.md's
	 * table): apparmorfs is read by root without any; profiles, the
	 * cache and an image's files may be anyone's. */
	if (!strcmp(name, "aa-status")) {
		caps_keep(name, AA_STATUS);
		return aa_status_main(argv[0], argc, argv);
	}
	if (!strcmp(name, "aa-enforce") || !strcmp(name, "aa-complain") || !strcmp(name, "aa-disable")) {
		caps_keep(name, AA_WRITES);
		return aa_mode_main(name + 3, argc, argv);
	}
	if (argc > 1 && !strcmp(argv[1], "status")) {
		caps_keep(argv[1], AA_STATUS);
		return aa_status_main("aa-compile status", argc - 1, argv + 1);
	}
	if (argc > 1 && !strcmp(argv[1], "--loaded")) {
		caps_keep(argv[1], CAPS_READ);
		return aa_loaded_main(argc - 1, argv + 1);
	}
	if (argc > 1 && (!strcmp(argv[1], "enforce") || !strcmp(argv[1], "complain") || !strcmp(argv[1], "disable"))) {
		caps_keep(argv[1], AA_WRITES);
		return aa_mode_main(argv[1], argc - 1, argv + 1);
	}
	caps_keep(name, AA_WRITES);
	return aa_parser_main(argc, argv);
}

int aa_parser_main(int argc, char **argv)
{
	const char *base = "/etc/apparmor.d";
	bool done, only_reads;
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
	/* the cache's options after parser.conf's, as apparmor_parser
	 * takes them: what skips reading it, what skips it altogether */
	TT.write_cache |= opts[OP_WRITE].seen;
	TT.show_cache |= opts[OP_SHOWCACHE].seen;
	TT.quiet |= opts[OP_QUIET].seen;
	TT.skip_read |= opts[OP_SKIPREAD].seen || opts[OP_S].seen || opts[OP_O].seen || TT.rule_exprs;
	TT.skip_cache |= opts[OP_K].seen || opts[OP_REM].seen || opts[OP_NAMES].seen || opts[OP_P].seen;
	if (!TT.load)
		caps_keep(applet_name(), CAPS_FILES);	/* no policy to load */
	if ((rc = cache_setup(&done)) || done)
		goto out;
	/* Nothing to load and no cache to write: from here it only reads
	 * profiles, compiles and prints (-Q, -S, -p, -N), or compiles for
	 * -o in a child that passes its records back to be written here.
	 * The cache written without a load: each file compiled in a child
	 * of its own, its entry written here (compile_file).  (A load
	 * writes apparmorfs as each file compiles: not sandboxed.) */
	only_reads = !TT.load && !(TT.write_cache && TT.cache.n);
	TT.each_sandboxed = !TT.load && !only_reads;
	if (only_reads && opts[OP_O].seen) {
		struct operands_args a = { argc, argv };
		struct sandbox sb = { opts[OP_O].arg, "the compile", 0, 0, &rc };
		struct buf got = BUF_INIT(0);

		if (sandbox_call(&sb, operands_sandboxed, &a, &got) < 0 && !rc)
			rc = 1;
		buf_free(&TT.out);
		TT.out = got;
	} else {
		if (only_reads)
			sandbox_reader(applet_name(), SANDBOX_OPEN_RO);
		rc = operands(argc, argv);
	}
	/* -o: the file whole, or (after a failure) not at all (-S wrote each
	 * file's records that compiled, as the anchor's) */
	if (opts[OP_O].seen && !rc && write_file_out(opts[OP_O].arg, TT.out.p, TT.out.len, 0644) < 0) {
		warn_errno("%s", opts[OP_O].arg);
		rc = 1;
	}
out:
	aa_cache_close(&TT.cache);
	free(TT.conf_loc);
	buf_free(&TT.out);
	for (int i = 0; i < TT.ndirs; i++)
		free((char *)TT.dirs[i]);
	free(TT.dirs);
	return rc;
}
