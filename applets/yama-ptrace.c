/* yama-ptrace.c: see and set Yama's ptrace_scope and the fs.protected_* link
 * restrictions (live, or as sysctl.d drop-ins of an image), run a command with
 * a declared ptracer, and explain whether one process may attach to another. */
/* applet: yama-ptrace
 * summary: see, set and explain Yama ptrace and link restrictions
 * usage: yama-ptrace [--root DIR] status [--json]
 * usage: yama-ptrace [--root DIR] set SCOPE
 * usage: yama-ptrace [--root DIR] set-links KEY=VALUE...
 * usage: yama-ptrace allow PID|any|none [--] CMD [ARG...]
 * usage: yama-ptrace check TRACER|self TARGET
 * usage: yama-ptrace check --try [self] TARGET
 * help:
 *   status       Yama's state, kernel.yama.ptrace_scope with its meaning,
 *                and fs.protected_{symlinks,hardlinks,fifos,regular};
 *                --json for one JSON object
 *   set SCOPE    set ptrace_scope: 0 classic, 1 restricted, 2 admin-only,
 *                3 no attach (cannot be lowered again until reboot)
 *   set-links KEY=VALUE...  set link restrictions; KEY is symlinks,
 *                hardlinks (0-1), fifos or regular (0-2), also spelled
 *                protected_KEY or fs.protected_KEY
 *   allow P -- CMD  run CMD after prctl(PR_SET_PTRACER): P is a PID (it and
 *                its descendants may attach), any, or none (clear)
 *   check TRACER TARGET  would TRACER be allowed to attach to TARGET, and
 *                why; --try: attach from this process (TRACER must be self
 *                or left out) with PTRACE_SEIZE, then detach, and report
 *                the kernel's answer
 *
 * With --root DIR, set and set-links write DIR/etc/sysctl.d/60-lsmbox-yama.conf
 * (atomically) instead of /proc/sys, and status shows what the sysctl.d files
 * of DIR set: what the image will boot with.
 *
 * Exit status: 0 done (check: allowed), 1 refused or failed (check: denied),
 * 2 bad usage or a PID that does not exist; allow: 126/127 when CMD cannot
 * be run.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <linux/nsfs.h>
#include <sys/capability.h>

#include "lsmbox.h"

#ifndef PR_SET_PTRACER
#define PR_SET_PTRACER 0x59616d61
#endif
#ifndef PR_SET_PTRACER_ANY
#define PR_SET_PTRACER_ANY ((unsigned long)-1)
#endif
#define PF_KTHREAD_FLAG 0x00200000u

/* The drop-in we own; 60 sorts after distro defaults (Ubuntu's 10-ptrace.conf,
 * systemd's 50-default.conf) and before the admin's 99-sysctl.conf. */
#define DROPIN "/etc/sysctl.d/60-lsmbox-yama.conf"

enum { K_SCOPE, K_SYMLINKS, K_HARDLINKS, K_FIFOS, K_REGULAR, NKEYS };

static const struct key {
	const char *sysctl;	/* dotted name */
	const char *proc;	/* under /proc/sys */
	const char *json;
	const char *shortname;	/* for set-links */
	int max;
} keys[NKEYS] = {
	[K_SCOPE] = { "kernel.yama.ptrace_scope", "kernel/yama/ptrace_scope", "ptrace_scope", NULL, 3 },
	[K_SYMLINKS] = { "fs.protected_symlinks", "fs/protected_symlinks", "protected_symlinks", "symlinks", 1 },
	[K_HARDLINKS] = { "fs.protected_hardlinks", "fs/protected_hardlinks", "protected_hardlinks", "hardlinks", 1 },
	[K_FIFOS] = { "fs.protected_fifos", "fs/protected_fifos", "protected_fifos", "fifos", 2 },
	[K_REGULAR] = { "fs.protected_regular", "fs/protected_regular", "protected_regular", "regular", 2 },
};

static const char *const scope_name[4] = { "classic", "restricted", "admin-only", "no-attach" };
static const char *const scope_meaning[4] = {
	"classic ptrace permissions: same uid and dumpable, or CAP_SYS_PTRACE",
	"only descendants, declared ptracers (PR_SET_PTRACER) and CAP_SYS_PTRACE",
	"only with CAP_SYS_PTRACE",
	"no process may attach, not even root; sticky until reboot",
};

/* What one setting reads as: a value, or why there is none. */
struct setting {
	int value;		/* -1: none */
	char *source;		/* root mode: the file that set it, as the image names it */
};

static struct {
	struct setting set[NKEYS];
	char *lsm;		/* /sys/kernel/security/lsm, NULL if unreadable */
	int yama;		/* 1 active, 0 not, -1 unknown */
} TT;

/* A whole decimal number in 0..max, or -1. */
static int small_num(const char *s, int max)
{
	int v = 0;

	if (!*s || strlen(s) > 6)
		return -1;
	for (; *s; s++) {
		if (!isdigit((unsigned char)*s))
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v <= max ? v : -1;
}

/* sysctl.d spells keys with dots or, when the first separator is '/', slashes. */
static int key_index(const char *k)
{
	char buf[128];
	size_t i, n = strlen(k);

	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, k, n + 1);
	if (strcspn(buf, "./") < n && buf[strcspn(buf, "./")] == '/')
		for (i = 0; i < n; i++)
			buf[i] = buf[i] == '/' ? '.' : buf[i] == '.' ? '/' : buf[i];
	for (i = 0; i < NKEYS; i++)
		if (!strcmp(buf, keys[i].sysctl))
			return i;
	return -1;
}

/* One sysctl.d line: NULL unless it assigns; *valp points into line. */
static char *parse_line(char *line, char **valp)
{
	char *s = str_trim(line), *eq;

	if (!*s || *s == '#' || *s == ';' || !(eq = strchr(s, '=')))
		return NULL;
	*eq = 0;
	if (*s == '-')
		s++;
	*valp = str_trim(eq + 1);
	return str_trim(s);
}

static void apply_file(const char *rootpath, const char *shown)
{
	char *text = read_file(rootpath, NULL), *line, *save = NULL;

	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *val, *key = parse_line(line, &val);
		int k = key ? key_index(key) : -1;

		if (k < 0)
			continue;
		/* A value the kernel would refuse leaves the setting as it was. */
		if (small_num(val, keys[k].max) < 0) {
			warn("%s: %s = %s is not in 0..%d: the kernel refuses it", shown,
			     keys[k].sysctl, val, keys[k].max);
			continue;
		}
		TT.set[k].value = small_num(val, keys[k].max);
		free(TT.set[k].source);
		TT.set[k].source = xstrdup(shown);
	}
	free(text);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(strrchr(*(char *const *)a, '/') + 1, strrchr(*(char *const *)b, '/') + 1);
}

/* The image's sysctl.d files in the order sysctl --system and systemd-sysctl
 * apply them: by file name across the directories, a name in an earlier
 * directory hiding the same name in a later one; /etc/sysctl.conf last. */
static void read_root_settings(void)
{
	static const char *const dirs[] = { "/etc/sysctl.d", "/run/sysctl.d",
		"/usr/local/lib/sysctl.d", "/usr/lib/sysctl.d", "/lib/sysctl.d" };
	char **files = NULL;
	size_t n = 0, i, j;

	for (i = 0; i < ARRAY_SIZE(dirs); i++) {
		char *d = root_path(dirs[i]);
		DIR *dp = opendir(d);
		struct dirent *e;

		free(d);
		while (dp && (e = readdir(dp))) {
			size_t len = strlen(e->d_name);
			int dup = 0;

			if (len < 6 || strcmp(e->d_name + len - 5, ".conf") || e->d_name[0] == '.')
				continue;
			for (j = 0; j < n && !dup; j++)
				dup = !strcmp(strrchr(files[j], '/') + 1, e->d_name);
			if (dup)
				continue;
			files = xrealloc(files, (n + 1) * sizeof(*files));
			files[n++] = xasprintf("%s/%s", dirs[i], e->d_name);
		}
		if (dp)
			closedir(dp);
	}
	if (n)
		qsort(files, n, sizeof(*files), name_cmp);
	files = xrealloc(files, (n + 1) * sizeof(*files));
	files[n++] = xstrdup("/etc/sysctl.conf");
	for (i = 0; i < n; i++) {
		char *p = root_path(files[i]);

		apply_file(p, files[i]);
		free(p);
		free(files[i]);
	}
	free(files);
}

static void read_live_settings(void)
{
	const char *why, *sys = kfs_dir(KFS_PROCSYS, &why);

	if (!sys)
		die("%s", why);
	for (int k = 0; k < NKEYS; k++) {
		char *p = xasprintf("%s/%s", sys, keys[k].proc), *v = read_file(p, NULL);

		if (v)
			TT.set[k].value = small_num(str_trim(v), 1000);
		free(p);
		free(v);
	}
}

/* Yama is active if the LSM list names it; without securityfs, its sysctl says. */
static void read_state(void)
{
	const char *sec;

	for (int k = 0; k < NKEYS; k++)
		TT.set[k].value = -1;
	if (root_dir()) {
		read_root_settings();
		TT.yama = -1;
		return;
	}
	read_live_settings();
	if ((sec = kfs_dir(KFS_SECURITYFS, NULL))) {
		char *p = xasprintf("%s/lsm", sec);

		TT.lsm = read_file(p, NULL);
		free(p);
	}
	if (TT.lsm) {
		char *l = xasprintf(",%s,", str_trim(TT.lsm));

		TT.yama = strstr(l, ",yama,") != NULL;
		free(l);
	} else {
		TT.yama = TT.set[K_SCOPE].value >= 0;
	}
}

static const char *link_meaning(int k, int v)
{
	if (v == 0)
		return "off";
	if (k == K_SYMLINKS)
		return "on: in sticky world-writable directories, follow only symlinks owned by the follower or the directory owner";
	if (k == K_HARDLINKS)
		return "on: hard links only to files the linker owns or may read and write";
	return v == 1 ? "on: O_CREAT of others' files refused in sticky world-writable directories"
		      : "on: O_CREAT of others' files refused in sticky world- and group-writable directories";
}

static const char *meaning(int k, int v)
{
	if (k == K_SCOPE)
		return v >= 0 && v <= 3 ? scope_meaning[v] : "unknown value";
	return v >= 0 && v <= keys[k].max ? link_meaning(k, v) : "unknown value";
}

static void status_json(void)
{
	const char *root = root_dir();

	printf("{\"root\":");
	if (root)
		json_quote(*root ? root : "/");
	else
		printf("null");
	printf(",\"yama\":\"%s\",\"lsm\":", TT.yama < 0 ? "unknown" : TT.yama ? "active" : "inactive");
	if (TT.lsm) {
		char *l = xstrdup(str_trim(TT.lsm)), *tok, *save = NULL;
		int first = 1;

		putchar('[');
		for (tok = strtok_r(l, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			if (!first)
				putchar(',');
			json_quote(tok);
			first = 0;
		}
		putchar(']');
		free(l);
	} else {
		printf("null");
	}
	for (int k = 0; k < NKEYS; k++) {
		const struct setting *s = &TT.set[k];

		printf(",\"%s\":{\"sysctl\":\"%s\",\"value\":", keys[k].json, keys[k].sysctl);
		if (s->value >= 0)
			printf("%d", s->value);
		else
			printf("null");
		if (k == K_SCOPE) {
			printf(",\"name\":");
			if (s->value >= 0 && s->value <= 3)
				json_quote(scope_name[s->value]);
			else
				printf("null");
			printf(",\"locked\":%s", s->value == 3 ? "true" : "false");
		}
		printf(",\"meaning\":");
		if (s->value >= 0)
			json_quote(meaning(k, s->value));
		else
			printf("null");
		printf(",\"source\":");
		if (s->source)
			json_quote(s->source);
		else
			printf("null");
		putchar('}');
	}
	printf("}\n");
}

static void status_text(void)
{
	const char *root = root_dir();

	if (root)
		printf("root: %s\n", *root ? root : "/");
	printf("yama: %s\n", TT.yama < 0 ? "unknown (offline: the booted kernel decides)"
				: TT.yama ? "active" : "inactive");
	printf("lsm: %s\n", TT.lsm ? str_trim(TT.lsm) : "unknown");
	for (int k = 0; k < NKEYS; k++) {
		const struct setting *s = &TT.set[k];

		printf("%s: ", keys[k].sysctl);
		if (s->value < 0) {
			if (root)
				printf("unset (the kernel's default)\n");
			else if (k == K_SCOPE)
				printf("absent (Yama is not active)\n");
			else
				printf("absent\n");
			continue;
		}
		if (k == K_SCOPE && s->value <= 3)
			printf("%d %s (%s)", s->value, scope_name[s->value], meaning(k, s->value));
		else
			printf("%d (%s)", s->value, meaning(k, s->value));
		if (s->source)
			printf(" from %s", s->source);
		putchar('\n');
	}
}

static int cmd_status(int argc, char **argv)
{
	struct opt opts[] = { { 0, "json", 0 }, OPT_END };

	opt_parse(&argc, &argv, opts, 0);
	if (argc)
		usage_error("status takes no operands");
	read_state();
	if (opts[0].seen)
		status_json();
	else
		status_text();
	return 0;
}

/* Below the root, make the directories of DROPIN that the image lacks. */
static void make_dropin_dir(void)
{
	const char *root = root_dir();
	struct stat st;
	char *d;

	if (*root && (stat(root, &st) < 0 || !S_ISDIR(st.st_mode)))
		die("--root %s: not a directory", root);
	for (const char *p = DROPIN + 1; (p = strchr(p, '/')); p++) {
		d = xasprintf("%s%.*s", root, (int)(p - DROPIN), DROPIN);
		if (mkdir(d, 0755) < 0 && errno != EEXIST)
			die_errno("mkdir %s", d);
		free(d);
	}
}

/* Rewrite the drop-in with the new values: its other lines stay as they
 * were, a key it already sets is changed in place, a new key is appended. */
static void write_dropin(const int *want)
{
	char *path = root_path(DROPIN), *old = read_file(path, NULL), *line, *save = NULL;
	size_t cap = 256, len = 0;
	char *out = xmalloc(cap);
	int done[NKEYS] = { 0 };

	if (!old && errno != ENOENT)
		die_errno("%s", path);
	if (!old || !*old)
		old = xstrdup("# Written by lsmbox yama-ptrace (set, set-links); applied at boot by sysctl --system\n");
	for (line = strtok_r(old, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *copy = xstrdup(line), *val, *key = parse_line(copy, &val), *text;
		int k = key ? key_index(key) : -1;

		if (k >= 0 && want[k] >= 0) {
			text = xasprintf("%s = %d\n", keys[k].sysctl, want[k]);
			done[k] = 1;
		} else {
			text = xasprintf("%s\n", line);
		}
		free(copy);
		while (len + strlen(text) + 1 > cap)
			out = xrealloc(out, cap *= 2);
		memcpy(out + len, text, strlen(text));
		len += strlen(text);
		free(text);
	}
	for (int k = 0; k < NKEYS; k++) {
		char *text;

		if (want[k] < 0 || done[k])
			continue;
		text = xasprintf("%s = %d\n", keys[k].sysctl, want[k]);
		while (len + strlen(text) + 1 > cap)
			out = xrealloc(out, cap *= 2);
		memcpy(out + len, text, strlen(text));
		len += strlen(text);
		free(text);
	}
	make_dropin_dir();
	if (write_file_atomic(path, out, len, 0644) < 0)
		die_errno("write %s", path);
	free(out);
	free(old);

	/* A later file wins at boot: say so rather than let the admin guess. */
	read_state();
	for (int k = 0; k < NKEYS; k++)
		if (want[k] >= 0 && TT.set[k].source && strcmp(TT.set[k].source, DROPIN))
			warn("%s sets %s = %d after %s: the image will boot with %d", TT.set[k].source,
			     keys[k].sysctl, TT.set[k].value, DROPIN, TT.set[k].value);
	free(path);
}

static void write_live(int k, int v)
{
	const char *why, *sys = kfs_dir(KFS_PROCSYS, &why);
	char buf[16], *p;
	int fd, n, err;

	if (!sys)
		die("%s", why);
	p = xasprintf("%s/%s", sys, keys[k].proc);
	fd = open(p, O_WRONLY | O_CLOEXEC);
	if (fd < 0 && errno == ENOENT && k == K_SCOPE)
		die("%s: Yama is not active in this kernel (no %s)", keys[k].sysctl, p);
	if (fd < 0)
		die_errno("%s", p);
	n = snprintf(buf, sizeof(buf), "%d\n", v);
	if (write(fd, buf, n) == n) {
		close(fd);
		free(p);
		return;
	}
	err = errno;
	close(fd);
	errno = err;
	if (err == EINVAL && k == K_SCOPE) {
		/* The kernel raised the minimum to 3 when 3 was written. */
		char *cur = read_file(p, NULL);

		if (cur && small_num(str_trim(cur), 3) == 3)
			die_errno("cannot lower %s from 3 to %d: 3 (no-attach) stays until reboot;"
				  " the kernel says", keys[k].sysctl, v);
	}
	if (err == EPERM)
		die_errno("%s = %d: %s", keys[k].sysctl, v,
			  k == K_SCOPE ? "needs CAP_SYS_PTRACE" : "needs root");
	if (err == EROFS)
		die_errno("%s = %d: /proc/sys is read-only here (a container?)", keys[k].sysctl, v);
	die_errno("write %s = %d to %s", keys[k].sysctl, v, p);
}

static void apply(const int *want)
{
	if (root_dir()) {
		write_dropin(want);
		return;
	}
	for (int k = 0; k < NKEYS; k++)
		if (want[k] >= 0)
			write_live(k, want[k]);
}

static int cmd_set(int argc, char **argv)
{
	int want[NKEYS] = { -1, -1, -1, -1, -1 };

	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, 0);
	if (argc != 1)
		usage_error("set takes one SCOPE: 0, 1, 2 or 3");
	want[K_SCOPE] = small_num(argv[0], 3);
	if (want[K_SCOPE] < 0)
		usage_error("bad scope '%s': expected 0 (classic), 1 (restricted), 2 (admin-only) or 3 (no-attach)",
			    argv[0]);
	if (want[K_SCOPE] == 3)
		warn("warning: ptrace_scope 3 cannot be undone without a reboot: no process, not even root, may attach%s",
		     root_dir() ? " (in the image, from its next boot on)" : "");
	apply(want);
	return 0;
}

static int cmd_set_links(int argc, char **argv)
{
	int want[NKEYS] = { -1, -1, -1, -1, -1 };

	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, 0);
	if (!argc)
		usage_error("set-links needs KEY=VALUE (symlinks, hardlinks, fifos, regular)");
	/* Every pair is checked before anything is written. */
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '='), *name;
		int k;

		if (!eq)
			usage_error("'%s': expected KEY=VALUE", argv[i]);
		name = xstrndup(argv[i], eq - argv[i]);
		for (k = K_SYMLINKS; k < NKEYS; k++) {
			const char *full = keys[k].sysctl;

			if (!strcmp(name, keys[k].shortname) || !strcmp(name, full) ||
			    !strcmp(name, full + 3))
				break;
		}
		if (k == NKEYS)
			usage_error("unknown key '%s': expected symlinks, hardlinks, fifos or regular", name);
		want[k] = small_num(eq + 1, keys[k].max);
		if (want[k] < 0)
			usage_error("bad value '%s' for %s: expected 0..%d", eq + 1, keys[k].sysctl, keys[k].max);
		free(name);
	}
	apply(want);
	return 0;
}

static pid_t parse_pid(const char *s, const char *what);

static int cmd_allow(int argc, char **argv)
{
	unsigned long arg;
	const char *who;
	char *yama;

	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	if (root_dir())
		usage_error("allow acts on this process: --root does not apply");
	if (argc < 1)
		usage_error("allow needs PID, any or none, then -- CMD");
	who = argv[0];
	argc--, argv++;
	if (argc && !strcmp(argv[0], "--"))
		argc--, argv++;
	if (!argc)
		usage_error("allow %s: no command to run", who);
	if (!strcmp(who, "any"))
		arg = PR_SET_PTRACER_ANY;
	else if (!strcmp(who, "none"))
		arg = 0;
	else
		arg = parse_pid(who, "allow: PID");
	if (arg && arg != PR_SET_PTRACER_ANY && kill((pid_t)arg, 0) < 0 && errno == ESRCH) {
		die_status = 2;
		die("allow: no such process: %s", who);
	}
	if (prctl(PR_SET_PTRACER, arg, 0, 0, 0) < 0) {
		/* Without Yama every PR_SET_PTRACER is EINVAL: nothing to declare. */
		const char *sys = kfs_dir(KFS_PROCSYS, NULL);

		yama = xasprintf("%s/kernel/yama", sys ? sys : "/proc/sys");
		if (errno == EINVAL && access(yama, F_OK) < 0)
			warn("Yama is not active: no ptracer declared (none needed)");
		else if (errno == EINVAL && arg && arg != PR_SET_PTRACER_ANY)
			die("allow %s: no such process", who);
		else
			die_errno("prctl(PR_SET_PTRACER, %s)", who);
		free(yama);
	}
	execvp(argv[0], argv);
	die_status = errno == ENOENT ? 127 : 126;
	die_errno("%s", argv[0]);
}

/* What /proc shows of one process, for check. */
struct proc {
	pid_t pid;
	char comm[64];
	char state;
	pid_t ppid, tgid, tracerpid;
	unsigned flags;
	unsigned uid[4], gid[4];	/* real, effective, saved, fs */
	unsigned long long capeff;
	int dumpable;			/* 1, 0, -1 unknown */
	struct stat userns;		/* st_ino 0: unknown */
};

static int read_stat(pid_t pid, struct proc *p)
{
	char *path = xasprintf("/proc/%d/stat", (int)pid), *s = read_file(path, NULL), *rp;
	int ok = 0;

	free(path);
	if (!s)
		return 0;
	/* comm may hold spaces and parentheses: it ends at the last ')'. */
	rp = strrchr(s, ')');
	if (rp && strchr(s, '(')) {
		char *lp = strchr(s, '(') + 1;

		snprintf(p->comm, sizeof(p->comm), "%.*s", (int)(rp - lp), lp);
		ok = sscanf(rp + 1, " %c %d %*d %*d %*d %*d %u", &p->state, &p->ppid, &p->flags) == 3;
	}
	free(s);
	return ok;
}

static pid_t parent_of(pid_t pid)
{
	struct proc p = { 0 };

	return read_stat(pid, &p) ? p.ppid : -1;
}

/* pid's effective capabilities as a mask (bit n: capability n), or dflt. */
static unsigned long long cap_effective(pid_t pid, unsigned long long dflt)
{
	cap_t c = cap_get_pid(pid);
	unsigned long long m = 0;
	cap_flag_value_t v;

	if (!c)
		return dflt;
	for (cap_value_t i = 0; i < 64 && i < (cap_value_t)cap_max_bits(); i++)
		if (cap_get_flag(c, i, CAP_EFFECTIVE, &v) == 0 && v == CAP_SET)
			m |= 1ull << i;
	cap_free(c);
	return m;
}

static int read_proc(pid_t pid, struct proc *p)
{
	char *path, *s, *line, *save = NULL;
	struct stat st;

	memset(p, 0, sizeof(*p));
	p->pid = pid;
	p->dumpable = -1;
	if (!read_stat(pid, p))
		return 0;
	path = xasprintf("/proc/%d/status", (int)pid);
	s = read_file(path, NULL);
	free(path);
	if (!s)
		return 0;
	for (line = strtok_r(s, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "Tgid:", 5))
			p->tgid = atoi(line + 5);
		else if (!strncmp(line, "TracerPid:", 10))
			p->tracerpid = atoi(line + 10);
		else if (!strncmp(line, "Uid:", 4))
			sscanf(line + 4, "%u %u %u %u", &p->uid[0], &p->uid[1], &p->uid[2], &p->uid[3]);
		else if (!strncmp(line, "Gid:", 4))
			sscanf(line + 4, "%u %u %u %u", &p->gid[0], &p->gid[1], &p->gid[2], &p->gid[3]);
		else if (!strncmp(line, "CapEff:", 7))
			p->capeff = strtoull(line + 7, NULL, 16);
	}
	free(s);
	/* The effective set through libcap (capget), which any process may ask
	 * of any other; /proc's CapEff above stays if that fails. */
	p->capeff = cap_effective(pid, p->capeff);
	/* A task that is not dumpable has its /proc directory owned by root;
	 * for a task whose euid is 0 anyway, that says nothing. */
	path = xasprintf("/proc/%d", (int)pid);
	if (stat(path, &st) == 0 && p->uid[1] != 0)
		p->dumpable = st.st_uid == p->uid[1];
	free(path);
	path = xasprintf("/proc/%d/ns/user", (int)pid);
	if (stat(path, &p->userns) < 0)
		p->userns.st_ino = 0;
	free(path);
	return 1;
}

/* Does the tracer have CAP_SYS_PTRACE in the target's user namespace?  As
 * the kernel decides it: its effective set counts in its own namespace; in a
 * descendant namespace it has every capability if it (by euid) owns that
 * namespace or one between.  1 yes, 0 no, -1 unknown. */
static int cap_in_target_ns(const struct proc *tr, const struct proc *tg, const char **how)
{
	int has = (tr->capeff >> CAP_SYS_PTRACE) & 1, fd, up, ans = 0;
	char *path;

	/* /proc/PID/ns is hidden from those who may not ptrace-read PID: then
	 * assume the common case, the target in the tracer's namespace. */
	if (!tr->userns.st_ino || !tg->userns.st_ino) {
		*how = has ? "in its CapEff (the target's user namespace is hidden: assumed the same)"
			   : "not in its CapEff (the target's user namespace is hidden: assumed the same)";
		return has;
	}
	if (tr->userns.st_ino == tg->userns.st_ino && tr->userns.st_dev == tg->userns.st_dev) {
		*how = has ? "in its CapEff (same user namespace)" : "not in its CapEff (same user namespace)";
		return has;
	}
	path = xasprintf("/proc/%d/ns/user", (int)tg->pid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0) {
		*how = "the target's user namespace cannot be opened";
		return -1;
	}
	*how = "the tracer's user namespace is not an ancestor of the target's";
	for (;;) {
		struct stat st;
		uid_t owner;
		int owned = ioctl(fd, NS_GET_OWNER_UID, &owner) == 0 && owner == tr->uid[1];

		up = ioctl(fd, NS_GET_PARENT);
		if (up < 0)
			break;
		if (fstat(up, &st) == 0 && st.st_ino == tr->userns.st_ino && st.st_dev == tr->userns.st_dev) {
			ans = has || owned;
			*how = owned ? "its euid owns a user namespace above the target's"
			       : has ? "in its CapEff, in an ancestor user namespace"
				     : "not in its CapEff (ancestor user namespace)";
			close(up);
			break;
		}
		close(fd);
		fd = up;
	}
	close(fd);
	return ans;
}

static int is_descendant(pid_t tracer, pid_t target)
{
	pid_t p = target;

	for (int hops = 0; p > 0 && hops < 4096; hops++) {
		if (p == tracer)
			return 1;
		p = parent_of(p);
	}
	return 0;
}

static pid_t parse_pid(const char *s, const char *what)
{
	int v = 0;

	if (!strcmp(s, "self"))
		return getpid();
	for (const char *c = s; *c; c++)
		if (!isdigit((unsigned char)*c) || v > 0x3fffffff / 10)
			usage_error("%s: not a PID: '%s'", what, s);
		else
			v = v * 10 + (*c - '0');
	if (!*s || v <= 0)
		usage_error("%s: not a PID: '%s'", what, s);
	return v;
}

/* Attach, then let go: interrupt to get a stop, detach from it.  Exiting
 * would detach too, so a stop that never comes costs nothing. */
static int try_attach(pid_t pid)
{
	int st;

	if (ptrace(PTRACE_SEIZE, pid, 0, 0) < 0)
		return errno;
	if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) == 0) {
		for (int i = 0; i < 200; i++) {
			pid_t r = waitpid(pid, &st, __WALL | WNOHANG);

			if (r == pid) {
				ptrace(PTRACE_DETACH, pid, 0, 0);
				break;
			}
			if (r < 0)
				break;
			nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
		}
	}
	return 0;
}

static const char *errno_name(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case ESRCH: return "ESRCH";
	case EACCES: return "EACCES";
	case EINVAL: return "EINVAL";
	case EIO: return "EIO";
	default: return "errno";
	}
}

/* One line of the explanation: "NAME: pass|fail|unknown|skip REASON". */
static void say(const char *name, const char *res, const char *fmt, ...) PRINTF(3, 4);
static void say(const char *name, const char *res, const char *fmt, ...)
{
	va_list ap;

	printf("%s: %s ", name, res);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static int cmd_check(int argc, char **argv)
{
	struct opt opts[] = { { 0, "try", 0 }, OPT_END };
	struct proc tr, tg;
	pid_t tracer, target;
	int deny = 0, unsure_decl = 0, cap, scope, desc, credok, e;
	const char *how, *denied_by = NULL;

	opt_parse(&argc, &argv, opts, 0);
	if (root_dir())
		usage_error("check looks at running processes: --root does not apply");
	if (opts[0].seen && argc == 1) {
		tracer = getpid();
	} else if (argc == 2) {
		tracer = parse_pid(argv[0], "TRACER");
		if (opts[0].seen && tracer != getpid())
			usage_error("--try attaches from this process: give TARGET, or self TARGET");
	} else {
		usage_error("check needs TRACER and TARGET PIDs (--try: TARGET)");
	}
	target = parse_pid(argv[argc - 1], "TARGET");
	die_status = 2;
	if (!read_proc(tracer, &tr))
		die("no such process: %d (TRACER)", (int)tracer);
	if (!read_proc(target, &tg))
		die("no such process: %d (TARGET)", (int)target);
	die_status = 1;
	read_state();
	scope = TT.set[K_SCOPE].value;

	printf("tracer: %d (%s) uid %u gid %u CapEff %016llx\n", (int)tr.pid, tr.comm, tr.uid[0],
	       tr.gid[0], tr.capeff);
	printf("target: %d (%s) uid %u/%u/%u gid %u/%u/%u\n", (int)tg.pid, tg.comm, tg.uid[0],
	       tg.uid[1], tg.uid[2], tg.gid[0], tg.gid[1], tg.gid[2]);
	if (scope >= 0 && scope <= 3)
		printf("ptrace_scope: %d %s\n", scope, scope_name[scope]);
	else
		printf("ptrace_scope: absent (Yama is not active)\n");

	cap = cap_in_target_ns(&tr, &tg, &how);
	say("capability", cap > 0 ? "pass" : cap < 0 ? "unknown" : "fail",
	    "CAP_SYS_PTRACE %s", how);

	if (tg.flags & PF_KTHREAD_FLAG) {
		say("target", "fail", "is a kernel thread");
		deny = 1, denied_by = "kernel thread";
	} else if (tg.tgid == tr.tgid) {
		say("target", "fail", "is in the tracer's own thread group");
		deny = 1, denied_by = "same process";
	} else if (tg.state == 'Z' || tg.state == 'X') {
		say("target", "fail", "is exiting (state %c)", tg.state);
		deny = 1, denied_by = "target exiting";
	} else if (tg.tracerpid) {
		say("target", "fail", "is already traced by %d", (int)tg.tracerpid);
		deny = 1, denied_by = "already traced";
	} else {
		say("target", "pass", "is a live user process, not traced");
	}

	credok = tr.uid[0] == tg.uid[0] && tr.uid[0] == tg.uid[1] && tr.uid[0] == tg.uid[2] &&
		 tr.gid[0] == tg.gid[0] && tr.gid[0] == tg.gid[1] && tr.gid[0] == tg.gid[2];
	if (credok)
		say("credentials", "pass", "the tracer's real uid and gid match the target's real, effective and saved ids");
	else if (cap > 0)
		say("credentials", "pass", "ids differ, CAP_SYS_PTRACE overrides");
	else {
		say("credentials", cap < 0 ? "unknown" : "fail",
		    "the tracer's real uid %u / gid %u do not match all of the target's, and no CAP_SYS_PTRACE",
		    tr.uid[0], tr.gid[0]);
		if (!deny && cap == 0)
			deny = 1, denied_by = "credentials";
	}

	if (tg.dumpable == 0 && cap <= 0) {
		say("dumpable", cap < 0 ? "unknown" : "fail", "the target is not dumpable (setuid, or PR_SET_DUMPABLE 0)");
		if (!deny && cap == 0)
			deny = 1, denied_by = "not dumpable";
	} else {
		say("dumpable", tg.dumpable < 0 && cap <= 0 ? "unknown" : "pass", "%s",
		    tg.dumpable > 0 ? "the target is dumpable" : tg.dumpable == 0 ? "not dumpable, CAP_SYS_PTRACE overrides"
		    : "not visible for a root target; CAP_SYS_PTRACE decides");
	}

	desc = is_descendant(tr.tgid, tg.tgid);
	switch (scope) {
	case 1:
		if (desc || cap > 0 || tg.tracerpid == tr.tgid) {
			say("yama", "pass", "scope 1: %s", desc ? "the target descends from the tracer"
			    : cap > 0 ? "the tracer has CAP_SYS_PTRACE" : "the tracer already traces it");
		} else {
			say("yama", "unknown", "scope 1: the target does not descend from the tracer; it may have declared"
			    " the tracer or an ancestor with PR_SET_PTRACER, which the kernel does not show (--try finds out)");
			say("declared-ptracer", "unknown", "not visible in /proc");
			if (!deny) {
				deny = 1, denied_by = "yama scope 1, unless the target declared the tracer (PR_SET_PTRACER)";
				unsure_decl = 1;
			}
		}
		break;
	case 2:
		say("yama", cap > 0 ? "pass" : cap < 0 ? "unknown" : "fail", "scope 2: CAP_SYS_PTRACE %s",
		    cap > 0 ? "held" : "needed");
		if (!deny && cap <= 0)
			deny = 1, denied_by = "yama scope 2 (admin-only)";
		break;
	case 3:
		say("yama", "fail", "scope 3: no attach at all");
		if (!deny)
			deny = 1, denied_by = "yama scope 3 (no-attach)";
		break;
	case 0:
		say("yama", "pass", "scope 0: no restriction beyond the above");
		break;
	default:
		say("yama", "skip", "not active");
	}
	say("other-lsms", "unknown", "%s", "AppArmor, SELinux, Smack may refuse too: not evaluated");
	if (deny)
		printf("verdict: denied (%s)\n", denied_by);
	else
		printf("verdict: allowed\n");
	if (!opts[0].seen)
		return deny;

	fflush(stdout);
	e = try_attach(target);
	if (!e) {
		printf("attempt: allowed (PTRACE_SEIZE succeeded; detached)\n");
	} else {
		printf("attempt: denied %s (%s)\n", errno_name(e), strerror(e));
		if (e == ESRCH)
			die_status = 2;
	}
	if ((e == 0) == deny)
		printf("note: the attempt disagrees with the prediction%s\n",
		       unsure_decl && !e ? ": the target declared this tracer with PR_SET_PTRACER" : "");
	return e ? (e == ESRCH ? 2 : 1) : 0;
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
} commands[] = {
	{ "status", cmd_status },
	{ "set", cmd_set },
	{ "set-links", cmd_set_links },
	{ "allow", cmd_allow },
	{ "check", cmd_check },
};

int yama_ptrace_main(int argc, char **argv)
{
	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	if (!argc)
		usage_error("no command: status, set, set-links, allow or check");
	/* The command's own parse sees argv[0] as its name, as a main does. */
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[0], commands[i].name))
			return commands[i].fn(argc, argv);
	usage_error("unknown command: %s", argv[0]);
}
