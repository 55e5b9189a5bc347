// SPDX-License-Identifier: Apache-2.0
/* status.c: `aa-compile status`, and aa-status through argv[0]: the loaded
 * policy (apparmorfs's profiles file) and the processes confined, or
 * unconfined with a profile of their executable's name (/proc), in
 * apparmor's aa-status 3.0.8 words, counts, JSON (its version 2) and exit
 * statuses. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

/* aa-status's statuses */
enum { ST_ENABLED, ST_DISABLED, ST_NO_POLICY, ST_NO_CONTROL, ST_NO_PERM, ST_INTERNAL = 42 };

/* the profiles file and a process's label: no more is read */
#define STATUS_READ_MAX ((size_t)64 << 20)
#define LABEL_READ_MAX ((size_t)64 << 10)

struct prof {
	char *name, *mode;
};

struct proc {
	char *pid, *profile, *exe, *mode;
};

static struct {
	bool verbose, why;	/* verbose: aa-status's words; why: why not */
	struct prof *prof;
	size_t nprof;
	struct proc *proc;
	size_t nproc;
} S;

#define say(...) do { if (S.why) fprintf(stderr, __VA_ARGS__); } while (0)

/* libapparmor's splitcon: "LABEL (MODE)" (a newline after it dropped) into
 * the label and the mode; "unconfined" alone is a label with no mode.  The
 * label, cut in place, or NULL when it is neither. */
static char *splitcon(char *s, char **mode)
{
	size_t n = strlen(s);

	*mode = NULL;
	if (n && s[n - 1] == '\n')
		s[--n] = 0;
	if (!strcmp(s, "unconfined"))
		return s;
	if (n > 3 && s[n - 1] == ')') {
		size_t pos = n - 2;

		while (pos > 0 && !(s[pos] == ' ' && s[pos + 1] == '('))
			pos--;
		if (pos > 0) {
			s[pos] = 0;
			s[n - 1] = 0;
			*mode = s + pos + 2;
			return s;
		}
	}
	return NULL;
}

static int cmp_prof(const void *a, const void *b)
{
	return strcmp(((const struct prof *)a)->name, ((const struct prof *)b)->name);
}

/* get_profiles: apparmorfs's profiles, sorted by name.  ST_ENABLED, or
 * ST_NO_POLICY when there are none, or after a message (when verbose) why
 * they cannot be read. */
static int profiles(void)
{
	const char *why, *sec;
	char *path, *text, *line, *next;
	struct stat st;
	int fd, rc = ST_ENABLED;

	if (stat("/sys/module/apparmor", &st) < 0) {
		say("apparmor not present.\n");
		return ST_DISABLED;
	}
	if (S.verbose)
		printf("apparmor module is loaded.\n");
	if (!(sec = kfs_dir(KFS_SECURITYFS, &why))) {
		say("apparmor filesystem is not mounted.\n");
		return ST_NO_CONTROL;
	}
	path = xasprintf("%s/apparmor/profiles", sec);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0 || !(text = read_fd_max(fd, STATUS_READ_MAX, NULL))) {
		if (errno == EACCES)
			say("You do not have enough privilege to read the profile set.\n");
		else
			say("Could not open %s: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		free(path);
		return ST_NO_PERM;
	}
	close(fd);
	free(path);
	for (line = text; *line; line = next) {
		char *mode, *name;

		next = strchrnul(line, '\n');
		if (*next)
			*next++ = 0;
		/* (a line the kernel would not write: no profile of it) */
		if (!(name = splitcon(line, &mode)) || !mode) {
			say("Error: failed profile name split of '%s'.\n", line);
			rc = ST_INTERNAL;
			continue;
		}
		S.prof = xrealloc(S.prof, (S.nprof + 1) * sizeof(*S.prof));
		S.prof[S.nprof++] = (struct prof){ xstrdup(name), xstrdup(mode) };
	}
	free(text);
	if (S.nprof > 1)
		qsort(S.prof, S.nprof, sizeof(*S.prof), cmp_prof);
	return rc ? rc : S.nprof ? ST_ENABLED : ST_NO_POLICY;
}

/* A process's label and mode (aa_getprocattr of "current"), xmalloc'd;
 * -1 when it cannot be read (gone, or not ours to read) or split. */
static int label_of(const char *proc, const char *pid, char **label, char **mode)
{
	char *p = xasprintf("%s/%s/attr/apparmor/current", proc, pid), *text, *l, *m;
	int fd = open(p, O_RDONLY | O_CLOEXEC);

	free(p);
	/* kernels without the LSM's own directory: the shared file */
	if (fd < 0 && errno == ENOENT) {
		p = xasprintf("%s/%s/attr/current", proc, pid);
		fd = open(p, O_RDONLY | O_CLOEXEC);
		free(p);
	}
	if (fd < 0)
		return -1;
	text = read_fd_max(fd, LABEL_READ_MAX, NULL);
	close(fd);
	if (!text || !(l = splitcon(text, &m))) {
		free(text);
		return -1;
	}
	*label = xstrdup(l);
	*mode = m ? xstrdup(m) : NULL;
	free(text);
	return 0;
}

/* get_processes: each process in /proc's order that is confined, or
 * unconfined with a profile named as its executable ("unconfined"). */
static void processes(void)
{
	const char *why, *proc = kfs_dir(KFS_PROC, &why);
	struct dirent *e;
	DIR *d;

	if (!proc || !(d = opendir(proc)))
		return;
	while ((e = readdir(d))) {
		char *label, *mode, *exe, *real;
		bool pid = true;

		for (const char *c = e->d_name; *c && pid; c++)
			pid = isdigit((unsigned char)*c);
		if (!pid || label_of(proc, e->d_name, &label, &mode) < 0)
			continue;
		exe = xasprintf("%s/%s/exe", proc, e->d_name);
		/* its path, else (a deleted file) what the link says */
		if (!(real = realpath(exe, NULL))) {
			char buf[PATH_MAX + 1];
			ssize_t n = readlink(exe, buf, PATH_MAX);

			if (n >= 0) {
				buf[n] = 0;
				real = xstrdup(buf);
			}
		}
		free(exe);
		if (real && !mode) {
			for (size_t i = 0; i < S.nprof; i++)
				if (!strcmp(S.prof[i].name, real)) {
					free(label);
					label = xstrdup(real);
					mode = xstrdup("unconfined");
					break;
				}
		}
		if (real && mode) {
			S.proc = xrealloc(S.proc, (S.nproc + 1) * sizeof(*S.proc));
			S.proc[S.nproc++] = (struct proc){ xstrdup(e->d_name), label, real, mode };
		} else {
			free(label);
			free(mode);
			free(real);
		}
	}
	closedir(d);
}

static const char *const prof_modes[] = { "enforce", "complain", "kill", "unconfined" };
static const char *const proc_modes[] = { "enforce", "complain", "unconfined", "mixed", "kill" };

static size_t count_prof(const char *mode)
{
	size_t n = 0;

	for (size_t i = 0; i < S.nprof; i++)
		n += !mode || !strcmp(S.prof[i].mode, mode);
	return n;
}

/* The processes in mode, stably sorted by profile (by_exe: by
 * executable), as aa-status lists them; their number in *n. */
static struct proc *procs_in(const char *mode, bool by_exe, size_t *n)
{
	struct proc *v = xmalloc((S.nproc ? S.nproc : 1) * sizeof(*v));

	*n = 0;
	for (size_t i = 0; i < S.nproc; i++)
		if (!strcmp(S.proc[i].mode, mode)) {
			/* insertion: stable, as glibc's merge sort */
			size_t j = (*n)++;

			while (j > 0 && strcmp(by_exe ? v[j - 1].exe : v[j - 1].profile,
					       by_exe ? S.proc[i].exe : S.proc[i].profile) > 0) {
				v[j] = v[j - 1];
				j--;
			}
			v[j] = S.proc[i];
		}
	return v;
}

static void verbose_out(void)
{
	printf("%zu profiles are loaded.\n", S.nprof);
	for (size_t m = 0; m < ARRAY_SIZE(prof_modes); m++) {
		printf("%zu profiles are in %s mode.\n", count_prof(prof_modes[m]), prof_modes[m]);
		for (size_t i = 0; i < S.nprof; i++)
			if (!strcmp(S.prof[i].mode, prof_modes[m]))
				printf("   %s\n", S.prof[i].name);
	}
	printf("%zu processes have profiles defined.\n", S.nproc);
	for (size_t m = 0; m < ARRAY_SIZE(proc_modes); m++) {
		size_t n;
		struct proc *v = procs_in(proc_modes[m], false, &n);

		if (!strcmp(proc_modes[m], "unconfined"))
			printf("%zu processes are unconfined but have a profile defined.\n", n);
		else
			printf("%zu processes are in %s mode.\n", n, proc_modes[m]);
		/* the profile left out where it is the executable's name */
		for (size_t i = 0; i < n; i++)
			printf("   %s (%s) %s\n", v[i].exe, v[i].pid, strcmp(v[i].profile, v[i].exe) ? v[i].profile : "");
		free(v);
	}
}

/* JSON as aa-status writes it (pretty: as cJSON_Print lays it out: a tab
 * a level, "key":<tab>value, arrays on one line), its strings escaped:
 * {"version": "2", "profiles": {NAME: MODE...}, "processes": {EXE:
 * [{"profile": P, "pid": N, "status": MODE}...]...}}, the processes by
 * mode, then executable (an executable in two modes is two keys). */
static void tabs(int n)
{
	while (n-- > 0)
		putchar('\t');
}

static void key(bool pretty, int depth, bool first, const char *k)
{
	if (pretty) {
		printf("%s", first ? "" : ",\n");
		tabs(depth);
	} else if (!first) {
		fputs(", ", stdout);
	}
	json_quote(k);
	fputs(pretty ? ":\t" : ": ", stdout);
}

static void close_obj(bool pretty, int depth, bool empty)
{
	if (pretty) {
		if (!empty)
			putchar('\n');
		tabs(depth - 1);
	}
	putchar('}');
}

static void json_out(bool pretty)
{
	bool first = true;

	fputs(pretty ? "{\n" : "{", stdout);
	key(pretty, 1, true, "version");
	json_quote("2");
	key(pretty, 1, false, "profiles");
	fputs(pretty ? "{\n" : "{", stdout);
	for (size_t m = 0; m < ARRAY_SIZE(prof_modes); m++)
		for (size_t i = 0; i < S.nprof; i++)
			if (!strcmp(S.prof[i].mode, prof_modes[m])) {
				key(pretty, 2, first, S.prof[i].name);
				json_quote(prof_modes[m]);
				first = false;
			}
	close_obj(pretty, 2, first);
	key(pretty, 1, false, "processes");
	fputs(pretty ? "{\n" : "{", stdout);
	first = true;
	for (size_t m = 0; m < ARRAY_SIZE(proc_modes); m++) {
		size_t n;
		struct proc *v = procs_in(proc_modes[m], true, &n);

		for (size_t i = 0; i < n; i++) {
			bool same = i > 0 && !strcmp(v[i].exe, v[i - 1].exe);

			if (!same) {
				if (!first)
					putchar(']');
				key(pretty, 2, first, v[i].exe);
				putchar('[');
			} else {
				fputs(", ", stdout);
			}
			fputs(pretty ? "{\n" : "{", stdout);
			key(pretty, 4, true, "profile");
			json_quote(v[i].profile);
			key(pretty, 4, false, "pid");
			json_quote(v[i].pid);
			key(pretty, 4, false, "status");
			json_quote(v[i].mode);
			close_obj(pretty, 4, false);
			first = false;
		}
		free(v);
	}
	if (!first)
		putchar(']');
	close_obj(pretty, 2, first);
	close_obj(pretty, 1, false);
	putchar('\n');
}

static int usage(const char *name)
{
	printf("Usage: %s [OPTIONS]\n"
	       "Displays various information about the currently loaded AppArmor policy.\n"
	       "OPTIONS (one only):\n"
	       "  --enabled       returns error code if AppArmor not enabled\n"
	       "  --profiled      prints the number of loaded policies\n"
	       "  --enforced      prints the number of loaded enforcing policies\n"
	       "  --complaining   prints the number of loaded non-enforcing policies\n"
	       "  --kill          prints the number of loaded enforcing policies that kill tasks on policy "
	       "violations\n"
	       "  --special-unconfined   prints the number of loaded non-enforcing policies in the special "
	       "unconfined mode\n"
	       "  --process-mixed prints the number processes with mixed profile modes\n"
	       "  --json          displays multiple data points in machine-readable JSON format\n"
	       "  --pretty-json   same data as --json, formatted for human consumption as well\n"
	       "  --verbose       (default) displays multiple data points about loaded policy set\n"
	       "  --help          this message\n",
	       name);
	return 0;
}

/* aa_is_enabled: the module's enabled parameter Y and apparmorfs there. */
static int enabled(void)
{
	int fd = open("/sys/module/apparmor/parameters/enabled", O_RDONLY | O_CLOEXEC);
	const char *why, *sec;
	char c = 0, *p;
	struct stat st;
	int ok;

	if (fd < 0)
		return ST_DISABLED;
	ok = read(fd, &c, 1) == 1 && c == 'Y';
	close(fd);
	if (!ok || !(sec = kfs_dir(KFS_SECURITYFS, &why)))
		return ST_DISABLED;
	p = xasprintf("%s/apparmor", sec);
	ok = stat(p, &st) == 0;
	free(p);
	return ok ? ST_ENABLED : ST_DISABLED;
}

int aa_status_main(const char *name, int argc, char **argv)
{
	static const char *const cmds[] = { "--enabled", "--profiled", "--enforced", "--complaining", "--kill",
					     "--special-unconfined", "--process-mixed", "--json", "--pretty-json",
					     "--verbose", "-v", "--help", "-h" };
	/* the profile modes each count is of (--profiled: every one) */
	static const char *const counted[] = { NULL, NULL, "enforce", "complain", "kill", "unconfined" };
	int cmd = 9, rc;

	if (root_dir()) {
		warn("%s", "--root: an image has no running kernel: no status of it");
		return 2;
	}
	/* one option at most, else the usage, exit 1 */
	if (argc > 2) {
		usage(name);
		return 1;
	}
	if (argc == 2) {
		for (cmd = 0; cmd < (int)ARRAY_SIZE(cmds) && strcmp(argv[1], cmds[cmd]); cmd++)
			;
		if (cmd == (int)ARRAY_SIZE(cmds)) {
			usage(name);
			return 1;
		}
	}
	if (cmd >= 11)
		return usage(name);
	if (cmd == 0)
		return enabled();
	S.verbose = cmd == 9 || cmd == 10;
	/* --json: why there is none said too (aa-status says nothing) */
	S.why = S.verbose || cmd == 7 || cmd == 8;
	rc = profiles();
	/* the counts: none written when there is no policy (exit 2) */
	if (cmd >= 1 && cmd <= 5) {
		if (rc == ST_ENABLED)
			printf("%zu\n", count_prof(counted[cmd]));
		return rc;
	}
	/* --json: exit 0 all the same, as aa-status (--pretty-json: its
	 * status) */
	if (rc != ST_ENABLED && rc != ST_NO_POLICY)
		return cmd == 7 ? ST_ENABLED : rc;
	/* no policy: only --json writes more (its empty lists; aa-status
	 * writes nothing), the others exit 2 */
	if (rc == ST_NO_POLICY && cmd != 7 && cmd != 8)
		return rc;
	processes();
	if (cmd == 6) {
		size_t n;

		free(procs_in("mixed", false, &n));
		printf("%zu\n", n);
	} else if (cmd == 7 || cmd == 8) {
		json_out(cmd == 8);
		if (cmd == 7)
			rc = ST_ENABLED;
	} else {
		verbose_out();
	}
	return rc;
}

/* ---- --loaded: the profile tree in apparmorfs ---- */

/* the profiles (and namespaces) listed at most, the depth walked */
#define LOADED_MAX 65536
#define LOADED_DEPTH 64

struct loaded {
	char *ns, *name, *mode, *attach, *sha1;
};

static struct {
	struct loaded *v;
	size_t n;
	bool full;
} L;

/* A profile directory's file, its one line (NULL when there is none). */
static char *one_line(const char *dir, const char *file)
{
	char *p = xasprintf("%s/%s", dir, file), *text, *nl;
	int fd = open(p, O_RDONLY | O_CLOEXEC);

	free(p);
	if (fd < 0)
		return NULL;
	text = read_fd_max(fd, LABEL_READ_MAX, NULL);
	close(fd);
	if (text && (nl = strchr(text, '\n')))
		*nl = 0;
	return text;
}

/* dir's entries in name order (none past LOADED_DEPTH): their number. */
static int entries(const char *dir, int depth, char ***names)
{
	DIR *d = depth < LOADED_DEPTH ? opendir(dir) : NULL;
	int n;

	*names = NULL;
	if (!d)
		return 0;
	n = aa_dir_names(d, LOADED_MAX, names);
	closedir(d);
	return n > 0 ? n : 0;
}

static void loaded_free(struct loaded *e)
{
	free(e->ns);
	free(e->name);
	free(e->mode);
	free(e->attach);
	free(e->sha1);
}

/* dir/NAME.../ each one a profile; its children in its profiles/ */
static void walk_profiles(const char *dir, const char *ns, int depth)
{
	char **names;
	int n = entries(dir, depth, &names);

	for (int i = 0; i < n && !L.full; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]), *c;
		struct loaded e = { ns ? xstrdup(ns) : NULL, one_line(p, "name"), one_line(p, "mode"),
				    one_line(p, "attach"), one_line(p, "sha1") };

		if (e.name) {
			if (L.n == LOADED_MAX) {
				L.full = true;
			} else {
				XROOM(L.v, L.n);
				L.v[L.n++] = e;
				e = (struct loaded){ 0 };
			}
		}
		loaded_free(&e);
		c = xasprintf("%s/profiles", p);
		walk_profiles(c, ns, depth + 1);
		free(c);
		free(p);
	}
	aa_names_free(names, n);
}

/* dir/NS/ each one a namespace: its profiles/ and its namespaces/ */
static void walk_ns(const char *dir, const char *parent, int depth)
{
	char **names;
	int n = entries(dir, depth, &names);

	for (int i = 0; i < n && !L.full; i++) {
		char *ns = parent ? xasprintf("%s//%s", parent, names[i]) : xstrdup(names[i]);
		char *p = xasprintf("%s/%s/profiles", dir, names[i]);

		walk_profiles(p, ns, depth + 1);
		free(p);
		p = xasprintf("%s/%s/namespaces", dir, names[i]);
		walk_ns(p, ns, depth + 1);
		free(p);
		free(ns);
	}
	aa_names_free(names, n);
}

/* by namespace (none first), then name */
static int cmp_loaded(const void *a, const void *b)
{
	const struct loaded *x = a, *y = b;
	int c = x->ns && y->ns ? strcmp(x->ns, y->ns) : (x->ns != NULL) - (y->ns != NULL);

	return c ? c : strcmp(x->name, y->name);
}

int aa_loaded_main(int argc, char **argv)
{
	const char *why, *sec;
	bool json = argc == 2 && !strcmp(argv[1], "--json");
	char *dir, *p;
	struct stat st;

	if (argc > 2 || (argc == 2 && !json))
		usage_error("%s", "--loaded [--json]");
	if (root_dir()) {
		warn("%s", "--root: an image has no running kernel: nothing is loaded in it");
		return 2;
	}
	if (!(sec = kfs_dir(KFS_SECURITYFS, &why))) {
		warn("AppArmor's interface: %s", why);
		return 3;
	}
	dir = xasprintf("%s/apparmor/policy", sec);
	if (stat(dir, &st) < 0) {
		warn("%s: %s: AppArmor is not enabled in this kernel (boot it with apparmor=1 security=apparmor, "
		     "or lsm=...,apparmor)", dir, strerror(errno));
		free(dir);
		return 1;
	}
	p = xasprintf("%s/profiles", dir);
	walk_profiles(p, NULL, 0);
	free(p);
	p = xasprintf("%s/namespaces", dir);
	walk_ns(p, NULL, 0);
	free(p);
	free(dir);
	if (L.full)
		warn("over %d profiles loaded: the first %d listed", LOADED_MAX, LOADED_MAX);
	if (L.n > 1)
		qsort(L.v, L.n, sizeof(*L.v), cmp_loaded);
	if (json)
		putchar('[');
	for (size_t i = 0; i < L.n; i++) {
		struct loaded *e = &L.v[i];

		if (json) {
			fputs(i ? ", {\"namespace\": " : "{\"namespace\": ", stdout);
			json_quote(e->ns);
			fputs(", \"name\": ", stdout);
			json_quote(e->name);
			fputs(", \"mode\": ", stdout);
			json_quote(e->mode);
			fputs(", \"attach\": ", stdout);
			json_quote(e->attach);
			fputs(", \"sha1\": ", stdout);
			json_quote(e->sha1);
			putchar('}');
		} else {
			/* NAME MODE ATTACH SHA1, tab-separated, - for none */
			printf("%s%s%s%s\t%s\t%s\t%s\n", e->ns ? ":" : "", e->ns ? e->ns : "", e->ns ? "://" : "",
			       e->name, e->mode ? e->mode : "-", e->attach ? e->attach : "-", e->sha1 ? e->sha1 : "-");
		}
		loaded_free(e);
	}
	if (json)
		puts("]");
	free(L.v);
	return L.full ? 1 : 0;
}
