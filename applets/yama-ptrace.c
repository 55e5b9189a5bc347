// SPDX-License-Identifier: Apache-2.0
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
 * requires: LIB_CAP
 * help:
 *   status       Yama's state, kernel.yama.ptrace_scope with its meaning,
 *                and fs.protected_{symlinks,hardlinks,fifos,regular};
 *                --json for one JSON object
 *   set SCOPE    set ptrace_scope: 0 or classic, 1 or restricted, 2 or
 *                admin-only, 3 or no-attach (cannot be lowered again until
 *                reboot)
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
 * of DIR set: what the image will boot with.  Links in DIR are followed
 * inside DIR, as a chroot would.  A line or file that sets nothing (not
 * KEY = VALUE, a value out of the key's range, a link that leads nowhere)
 * is named in a warning, FILE:LINE where there is a line.
 *
 * Exit status: 0 done (check: allowed), 1 refused or failed (check: denied),
 * 2 bad usage or a PID that does not exist; allow: 126/127 when CMD cannot
 * be run.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
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
	int unknown;		/* live: the file is there but its value makes no sense */
	char *source;		/* root mode: the file that set it, as the image names it */
	int line;		/* and its line there */
};

static struct {
	struct setting set[NKEYS];
	char *lsm;		/* /sys/kernel/security/lsm, NULL if unreadable */
	int yama;		/* 1 active, 0 not, -1 unknown */
} TT;

/* sysctl.d files are a few lines; a larger one is a mistake, not a config. */
#define CONF_MAX ((size_t)1 << 20)

/* A whole decimal number in 0..max, or -1: what the command line takes. */
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

/* A sysctl.d value as the kernel's proc_dointvec_minmax reads what sysctl
 * writes: one integer, 0x hex or leading-0 octal allowed; in 0..max, or -1. */
static int conf_num(const char *s, int max)
{
	int base = 10;
	long v = 0;

	if (*s == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2]))
		base = 16, s += 2;
	else if (*s == '0' && s[1])
		base = 8, s++;
	if (!*s)
		return -1;
	for (; *s; s++) {
		int d = isdigit((unsigned char)*s) ? *s - '0' :
			isxdigit((unsigned char)*s) ? tolower((unsigned char)*s) - 'a' + 10 : 99;

		if (d >= base)
			return -1;
		v = v * base + d;
		if (v > max)
			return -1;
	}
	return v;
}

/* set SCOPE: a number or the name every output gives the scope. */
static int scope_arg(const char *s)
{
	for (int i = 0; i < 4; i++)
		if (!strcmp(s, scope_name[i]))
			return i;
	return small_num(s, 3);
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

/* One sysctl.d line: 0 blank or a comment, 1 an assignment (*keyp and
 * *valp point into line), -1 anything else, which sysctl and systemd-sysctl
 * skip with a warning. */
static int parse_line(char *line, char **keyp, char **valp)
{
	char *s = str_trim(line), *eq;

	if (!*s || *s == '#' || *s == ';')
		return 0;
	if (!(eq = strchr(s, '=')))
		return -1;
	*eq = 0;
	if (*s == '-')
		s++;
	*valp = str_trim(eq + 1);
	*keyp = str_trim(s);
	if (!**keyp) {
		*eq = '=';	/* the caller shows the line as it was */
		return -1;
	}
	return 1;
}

static void apply_text(char *text, const char *name)
{
	char *line, *key, *val;
	size_t lineno = 0;

	while ((line = next_line(&text))) {
		int k, v, r = parse_line(line, &key, &val);

		lineno++;
		if (r < 0) {
			diag_warn(&(struct srcloc){ name, (int)lineno, 0 }, "not KEY = VALUE, skipped: '%s'",
				  str_esc(line, SHOWN_MAX));
			continue;
		}
		if (!r || (k = key_index(key)) < 0)
			continue;
		/* A value the kernel would refuse leaves the setting as it was. */
		if ((v = conf_num(val, keys[k].max)) < 0) {
			diag_warn(&(struct srcloc){ name, (int)lineno, 0 }, "%s = %s is not in 0..%d: the kernel refuses it",
				  keys[k].sysctl, str_esc(val, SHOWN_MAX), keys[k].max);
			continue;
		}
		TT.set[k].value = v;
		free(TT.set[k].source);
		TT.set[k].source = xstrdup(name);
		TT.set[k].line = (int)lineno;
	}
}

/* Where the image's symbolic link `name` points (its text), or NULL. */
static char *link_text(const char *name)
{
	char *p = root_file(name, ROOT_NOFOLLOW), buf[PATH_MAX];
	ssize_t n = p ? readlink(p, buf, sizeof(buf) - 1) : -1;

	free(p);
	if (n < 0)
		return NULL;
	buf[n] = 0;
	return xstrdup(buf);
}

/* One file of the image, as a chroot into it would read it: links followed
 * inside the image.  A link to /dev/null masks the name, as systemd-sysctl
 * documents; a link that leads nowhere is reported, as sysctl --system
 * does, and sets nothing.  `listed`: found in a directory, so it exists. */
static void read_conf(const char *name, int listed)
{
	char *link = link_text(name), *text = NULL, *nul;
	int fd = -1;
	struct stat st;
	size_t len, lineno = 1;

	if (link && !strcmp(link, "/dev/null"))
		goto out;
	/* O_NONBLOCK: a FIFO in the image must not hang us. */
	fd = root_open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY, 0);
	if (fd < 0) {
		if (errno == ENOENT && link)
			warn("%s: a symbolic link to %s, which is not in the image: skipped",
			     str_esc(name, SIZE_MAX), str_esc(link, SIZE_MAX));
		else if (errno != ENOENT || listed)
			warn_errno("%s: skipped", str_esc(name, SIZE_MAX));
		goto out;
	}
	if (fstat(fd, &st) < 0) {
		warn_errno("%s: skipped", str_esc(name, SIZE_MAX));
		goto out;
	}
	if (!S_ISREG(st.st_mode)) {
		/* The image's own /dev/null masks as well as a link to it. */
		if (!S_ISCHR(st.st_mode) || st.st_rdev != makedev(1, 3))
			warn("%s: not a regular file: skipped", str_esc(name, SIZE_MAX));
		goto out;
	}
	if (!(text = read_fd_max(fd, CONF_MAX, &len))) {
		if (errno == EFBIG)
			warn("%s: larger than %zu bytes: skipped", str_esc(name, SIZE_MAX), CONF_MAX);
		else
			warn_errno("%s: skipped", str_esc(name, SIZE_MAX));
		goto out;
	}
	/* A NUL would cut a line short: the file is not what it seems. */
	if ((nul = memchr(text, 0, len))) {
		for (char *c = text; c < nul; c++)
			lineno += *c == '\n';
		diag_warn(&(struct srcloc){ name, (int)lineno, 0 }, "NUL byte: skipped");
		goto out;
	}
	apply_text(text, name);
out:
	if (fd >= 0)
		close(fd);
	free(text);
	free(link);
}

/* The *.conf names of the sysctl.d directories, the first of each name
 * kept (names: one id a name, in order of first sight). */
struct conf_list {
	struct htab names;
	char **files;		/* by id: the path of the one that counts */
};

static int conf_name_cmp(const void *a, const void *b)
{
	return strcmp(strrchr(*(char *const *)a, '/') + 1, strrchr(*(char *const *)b, '/') + 1);
}

static int conf_entry(const struct dirtree_ent *e, void *arg)
{
	struct conf_list *l = arg;
	size_t len = strlen(e->name);
	int n = htab_count(&l->names), id;

	if (!e->depth && !S_ISDIR(e->st->st_mode)) {
		errno = ENOTDIR;
		warn_errno("%s: skipped", str_esc(e->path, SIZE_MAX));
	}
	if (!e->depth || len < 6 || strcmp(e->name + len - 5, ".conf") || e->name[0] == '.')
		return DIRTREE_CONTINUE;
	if ((id = htab_intern(&l->names, e->name)) < 0) {
		warn("%s: more than %d files: the rest skipped", str_esc(e->path, SIZE_MAX), HTAB_MAX);
		return DIRTREE_STOP;
	}
	if (id == n) {
		XROOM(l->files, n);
		l->files[n] = xstrdup(e->path);
	}
	return DIRTREE_CONTINUE;
}

static int conf_dir_error(const struct dirtree_ent *e, int err, void *arg)
{
	(void)arg;
	if (e->depth || err != ENOENT) {
		errno = err;
		warn_errno("%s: skipped", str_esc(e->path, SIZE_MAX));
	}
	return DIRTREE_CONTINUE;
}

/* The image's sysctl.d files in the order sysctl --system and systemd-sysctl
 * apply them: by file name across the directories, a name in an earlier
 * directory hiding the same name in a later one; /etc/sysctl.conf last.
 * Every directory and file is opened inside the image (lib's tree walk). */
static void read_root_settings(void)
{
	static const char *const dirs[] = { "/etc/sysctl.d", "/run/sysctl.d",
		"/usr/local/lib/sysctl.d", "/usr/lib/sysctl.d", "/lib/sysctl.d" };
	struct conf_list l = { 0 };
	struct dirtree t = { DIRTREE_FOLLOW_START, 1, conf_entry, conf_dir_error, &l, 0, 0 };
	size_t n;

	for (size_t i = 0; i < ARRAY_SIZE(dirs) && !t.stopped; i++)
		dirtree_walk(&t, dirs[i]);
	n = (size_t)htab_count(&l.names);
	if (n)
		qsort(l.files, n, sizeof(*l.files), conf_name_cmp);
	for (size_t i = 0; i < n; i++) {
		read_conf(l.files[i], 1);
		free(l.files[i]);
	}
	free(l.files);
	htab_free(&l.names);
	read_conf("/etc/sysctl.conf", 0);
}

/* A live value out of its key's range is shown as unknown, never as a
 * setting (check must not count on a scope it does not understand). */
static void read_live_settings(void)
{
	const char *why, *sys = kfs_dir(KFS_PROCSYS, &why);

	if (!sys)
		die("%s", why);
	for (int k = 0; k < NKEYS; k++) {
		char *p = xasprintf("%s/%s", sys, keys[k].proc), *v = NULL;
		int fd = open(p, O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			v = read_fd_max(fd, 64, NULL);
			if (!v)
				warn_errno("%s", str_esc(p, SIZE_MAX));
			else if ((TT.set[k].value = small_num(str_trim(v), keys[k].max)) < 0)
				warn("%s: not in 0..%d: '%s'", str_esc(p, SIZE_MAX), keys[k].max, str_esc(str_trim(v), SHOWN_MAX));
			TT.set[k].unknown = TT.set[k].value < 0;
			close(fd);
		}
		free(p);
		free(v);
	}
}

static void clear_settings(void)
{
	for (int k = 0; k < NKEYS; k++) {
		free(TT.set[k].source);
		TT.set[k] = (struct setting){ -1, 0, NULL, 0 };
	}
}

/* Yama is active if the LSM list names it; without securityfs, its sysctl says. */
static void read_state(void)
{
	const char *sec;

	clear_settings();
	if (root_dir()) {
		read_root_settings();
		TT.yama = -1;
		return;
	}
	read_live_settings();
	if ((sec = kfs_dir(KFS_SECURITYFS, NULL)) && !TT.lsm) {
		char *p = xasprintf("%s/lsm", sec);
		int fd = open(p, O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			TT.lsm = read_fd_max(fd, 4096, NULL);
			close(fd);
		}
		free(p);
	}
	if (TT.lsm) {
		char *l = xasprintf(",%s,", str_trim(TT.lsm));

		TT.yama = strstr(l, ",yama,") != NULL;
		free(l);
	} else {
		TT.yama = TT.set[K_SCOPE].value >= 0 || TT.set[K_SCOPE].unknown;
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
		printf("root: %s\n", *root ? str_esc(root, SIZE_MAX) : "/");
	printf("yama: %s\n", TT.yama < 0 ? "unknown (offline: the booted kernel decides)"
				: TT.yama ? "active" : "inactive");
	printf("lsm: %s\n", TT.lsm ? str_esc(str_trim(TT.lsm), SIZE_MAX) : "unknown");
	for (int k = 0; k < NKEYS; k++) {
		const struct setting *s = &TT.set[k];

		printf("%s: ", keys[k].sysctl);
		if (s->value < 0) {
			if (s->unknown)
				printf("unknown (not a value this tool knows)\n");
			else if (root)
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
			printf(" from %s", str_esc(s->source, SIZE_MAX));
		putchar('\n');
	}
}

static int cmd_status(int argc, char **argv)
{
	enum { O_JSON, O_N };
	struct opt o[] = { [O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END };

	opt_parse_n(&argc, &argv, o, 0, 0, 0, "status takes no operands");
	read_state();
	if (o[O_JSON].seen)
		status_json();
	else
		status_text();
	return 0;
}

/* The image's etc/sysctl.d, made where the image's own links lead (inside
 * it) when it lacks the directory; the host path of it. */
static char *make_dropin_dir(void)
{
	char *d = xroot_file("/etc/sysctl.d", 0), *p = d + strlen(root_dir());

	/* d is ROOT/a/b/...: below the root it holds no symbolic link, only
	 * real directories and then the missing names, made one at a time. */
	while (*p) {
		if ((p = strchr(p + 1, '/')))
			*p = 0;
		if (mkdir(d, 0755) < 0 && errno != EEXIST)
			die_errno("mkdir %s", str_esc(d, SIZE_MAX));
		if (!p)
			break;
		*p = '/';
	}
	return d;
}

static void add_text(char **out, size_t *len, size_t *cap, char *text)
{
	size_t n = strlen(text);

	while (*len + n + 1 > *cap)
		*out = xrealloc(*out, *cap *= 2);
	memcpy(*out + *len, text, n);
	*len += n;
	free(text);
}

/* Rewrite the drop-in with the new values: its other lines stay as they
 * were, a key it already sets is changed in place, a new key is appended.
 * The drop-in is found as status finds it, inside the image: when it is a
 * symbolic link, the file it leads to (in the image) is replaced. */
static void write_dropin(const int *want)
{
	char *dir = make_dropin_dir(), *path = xroot_file(DROPIN, 0), *old = NULL, *text, *line;
	size_t cap = 256, len = 0;
	char *out = xmalloc(cap);
	int done[NKEYS] = { 0 }, fd;
	struct stat st;

	fd = root_open(DROPIN, O_RDONLY | O_NONBLOCK | O_NOCTTY, 0);
	if (fd < 0 && errno != ENOENT)
		die_errno("%s", DROPIN);
	if (fd >= 0) {
		/* Never replace a device, a FIFO or a directory with our file. */
		if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
			die("%s: not a regular file: not replaced", DROPIN);
		old = xread_text_fd(fd, DROPIN, CONF_MAX, NULL);
		close(fd);
	}
	if (!old || !*old) {
		free(old);
		old = xstrdup("# Written by lsmbox yama-ptrace (set, set-links); applied at boot by sysctl --system\n");
	}
	text = old;
	while ((line = next_line(&text))) {
		char *copy = xstrdup(line), *key, *val;
		int k = parse_line(copy, &key, &val) > 0 ? key_index(key) : -1;

		if (k >= 0 && want[k] >= 0) {
			add_text(&out, &len, &cap, xasprintf("%s = %d\n", keys[k].sysctl, want[k]));
			done[k] = 1;
		} else {
			add_text(&out, &len, &cap, xasprintf("%s\n", line));
		}
		free(copy);
	}
	for (int k = 0; k < NKEYS; k++)
		if (want[k] >= 0 && !done[k])
			add_text(&out, &len, &cap, xasprintf("%s = %d\n", keys[k].sysctl, want[k]));
	if (write_file_atomic(path, out, len, 0644) < 0)
		die_errno("write %s", str_esc(path, SIZE_MAX));
	free(out);
	free(old);
	free(path);
	free(dir);

	/* A later file wins at boot: say so rather than let the admin guess. */
	read_state();
	for (int k = 0; k < NKEYS; k++)
		if (want[k] >= 0 && TT.set[k].source && strcmp(TT.set[k].source, DROPIN))
			warn("%s sets %s = %d after %s: the image will boot with %d", str_esc(TT.set[k].source, SIZE_MAX),
			     keys[k].sysctl, TT.set[k].value, DROPIN, TT.set[k].value);
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

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, 1, "set takes one SCOPE: 0, 1, 2 or 3");
	want[K_SCOPE] = scope_arg(argv[0]);
	if (want[K_SCOPE] < 0)
		usage_error("bad scope '%s': expected 0 (classic), 1 (restricted), 2 (admin-only) or 3 (no-attach)",
			    str_esc(argv[0], SHOWN_MAX));
	if (want[K_SCOPE] == 3)
		warn("warning: ptrace_scope 3 cannot be undone without a reboot: no process, not even root, may attach%s",
		     root_dir() ? " (in the image, from its next boot on)" : "");
	apply(want);
	return 0;
}

static int cmd_set_links(int argc, char **argv)
{
	int want[NKEYS] = { -1, -1, -1, -1, -1 };

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1,
		    "set-links needs KEY=VALUE (symlinks, hardlinks, fifos, regular)");
	/* Every pair is checked before anything is written. */
	for (int i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '='), *name;
		int k;

		if (!eq)
			usage_error("'%s': expected KEY=VALUE", str_esc(argv[i], SHOWN_MAX));
		name = xstrndup(argv[i], eq - argv[i]);
		for (k = K_SYMLINKS; k < NKEYS; k++) {
			const char *full = keys[k].sysctl;

			if (!strcmp(name, keys[k].shortname) || !strcmp(name, full) ||
			    !strcmp(name, full + 3))
				break;
		}
		if (k == NKEYS)
			usage_error("unknown key '%s': expected symlinks, hardlinks, fifos or regular",
				    str_esc(name, SHOWN_MAX));
		want[k] = small_num(eq + 1, keys[k].max);
		if (want[k] < 0)
			usage_error("bad value '%s' for %s: expected 0..%d", str_esc(eq + 1, SHOWN_MAX), keys[k].sysctl,
				    keys[k].max);
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
		usage_error("allow %s: no command to run", str_esc(who, SHOWN_MAX));
	if (!strcmp(who, "any"))
		arg = PR_SET_PTRACER_ANY;
	else if (!strcmp(who, "none"))
		arg = 0;
	else
		arg = parse_pid(who, "allow: PID");
	if (arg && arg != PR_SET_PTRACER_ANY && kill((pid_t)arg, 0) < 0 && errno == ESRCH) {
		die_status = 2;
		die("allow: no such process: %s", str_esc(who, SHOWN_MAX));
	}
	if (prctl(PR_SET_PTRACER, arg, 0, 0, 0) < 0) {
		/* Without Yama every PR_SET_PTRACER is EINVAL: nothing to declare. */
		const char *sys = kfs_dir(KFS_PROCSYS, NULL);

		yama = xasprintf("%s/kernel/yama", sys ? sys : "/proc/sys");
		if (errno == EINVAL && access(yama, F_OK) < 0)
			warn("Yama is not active: no ptracer declared (none needed)");
		else if (errno == EINVAL && arg && arg != PR_SET_PTRACER_ANY)
			die("allow %s: no such process", str_esc(who, SHOWN_MAX));
		else
			die_errno("prctl(PR_SET_PTRACER, %s)", str_esc(who, SHOWN_MAX));
		free(yama);
	}
	execvp(argv[0], argv);
	die_status = errno == ENOENT ? 127 : 126;
	die_errno("%s", str_esc(argv[0], SIZE_MAX));
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
	/* A task that is not dumpable has its /proc files owned by root (not
	 * its /proc directory, which task_dump_owner() leaves to the euid for
	 * ps's sake); for a task whose euid is 0 anyway, that says nothing. */
	path = xasprintf("/proc/%d/stat", (int)pid);
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
			usage_error("%s: not a PID: '%s'", what, str_esc(s, SHOWN_MAX));
		else
			v = v * 10 + (*c - '0');
	if (!*s || v <= 0)
		usage_error("%s: not a PID: '%s'", what, str_esc(s, SHOWN_MAX));
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
	enum { O_TRY, O_N };
	struct opt o[] = { [O_TRY] = { 0, "try", 0 }, [O_N] = OPT_END };
	struct proc tr, tg;
	pid_t tracer, target;
	int deny = 0, unsure_decl = 0, cap, scope, desc, credok, e;
	const char *how, *denied_by = NULL;

	opt_parse(&argc, &argv, o, 0);
	if (root_dir())
		usage_error("check looks at running processes: --root does not apply");
	if (o[O_TRY].seen && argc == 1) {
		tracer = getpid();
	} else if (argc == 2) {
		tracer = parse_pid(argv[0], "TRACER");
		if (o[O_TRY].seen && tracer != getpid())
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

	printf("tracer: %d (%s) uid %u gid %u CapEff %016llx\n", (int)tr.pid, str_esc(tr.comm, SIZE_MAX), tr.uid[0],
	       tr.gid[0], tr.capeff);
	printf("target: %d (%s) uid %u/%u/%u gid %u/%u/%u\n", (int)tg.pid, str_esc(tg.comm, SIZE_MAX), tg.uid[0],
	       tg.uid[1], tg.uid[2], tg.gid[0], tg.gid[1], tg.gid[2]);
	if (scope >= 0 && scope <= 3)
		printf("ptrace_scope: %d %s\n", scope, scope_name[scope]);
	else if (TT.set[K_SCOPE].unknown)
		printf("ptrace_scope: unknown\n");
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
		/* A scope this tool cannot read is not taken as no restriction. */
		if (TT.set[K_SCOPE].unknown) {
			say("yama", "unknown", "ptrace_scope holds a value this tool does not know");
			if (!deny)
				deny = 1, denied_by = "yama: unknown ptrace_scope";
			break;
		}
		say("yama", "skip", "not active");
	}
	say("other-lsms", "unknown", "%s", "AppArmor, SELinux, Smack may refuse too: not evaluated");
	if (deny)
		printf("verdict: denied (%s)\n", denied_by);
	else
		printf("verdict: allowed\n");
	if (!o[O_TRY].seen)
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

/* Each command parses its own options and counts (opt_parse_n), having
 * kept only the capabilities it names (docs/yama-ptrace.md's table): Yama
 * takes a new ptrace_scope only from CAP_SYS_PTRACE; the drop-ins may be
 * anyone's.  `allow` runs the caller's program, and `check --try`'s answer
 * is about this process as it was started (the kernel compares a tracer's
 * permitted capabilities with its target's): both keep all. */
static const struct subcmd commands[] = {
	{ "status", cmd_status, 0, -1, NULL, "", CAPS_READ },
	{ "set", cmd_set, 0, -1, NULL, "", CAPS_FILES | CAP_BIT(CAP_SYS_PTRACE) },
	{ "set-links", cmd_set_links, 0, -1, NULL, "", CAPS_FILES },
	{ "allow", cmd_allow, 0, -1, NULL, "", 0 },
	{ "check", cmd_check, 0, -1, NULL, "", 0 },
	SUBCMD_END
};

int yama_ptrace_main(int argc, char **argv)
{
	struct subcmds set = { commands, NULL, 0, "no command: status, set, set-links, allow or check",
			       NULL, NULL, 0 };

	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&set, argc, argv);
}

/* ---- lsmbox audit ---- */

/* The sysctls as the image (or this system, after its next boot) will
 * have them: what its sysctl.d files set, judged. */
static void audit_sysctl(void)
{
	const struct setting *sc = &TT.set[K_SCOPE];

	clear_settings();
	read_root_settings();
	if (sc->source)
		audit_lsm_report("yama", "kernel.yama.ptrace_scope set", sc->source);
	if (sc->value == 0)
		audit_report(AUDIT_WARNING, sc->source, sc->line,
			     "set it to 1 or more: yama-ptrace --root DIR set restricted",
			     "kernel.yama.ptrace_scope = 0 (classic): any process may attach to every other of its user");
	else if (sc->value == 3)
		audit_report(AUDIT_INFO, sc->source, sc->line, NULL,
			     "kernel.yama.ptrace_scope = 3 (no-attach): no debugger or crash reporter can attach until reboot");
	else if (sc->value < 0)
		audit_report(AUDIT_INFO, NULL, 0, NULL,
			     "kernel.yama.ptrace_scope is set by no sysctl.d file: the kernel's default (1, restricted) where Yama runs");
	for (int k = K_SYMLINKS; k <= K_HARDLINKS; k++) {
		const struct setting *s = &TT.set[k];

		if (s->value == 0)
			audit_report(AUDIT_WARNING, s->source, s->line,
				     "set it to 1: yama-ptrace --root DIR set-links KEY=1",
				     "%s = 0: link attacks in /tmp and other sticky directories are not blocked",
				     keys[k].sysctl);
		else if (s->value < 0)
			audit_report(AUDIT_WARNING, NULL, 0,
				     "set it to 1 in a sysctl.d file: yama-ptrace --root DIR set-links KEY=1",
				     "%s is set by no sysctl.d file: the kernel's default is 0 (off)",
				     keys[k].sysctl);
	}
	for (int k = K_FIFOS; k <= K_REGULAR; k++)
		if (TT.set[k].value == 0)
			audit_report(AUDIT_INFO, TT.set[k].source, TT.set[k].line, NULL,
				     "%s = 0: creating others' files in sticky directories is not refused",
				     keys[k].sysctl);
}

const struct audit_check yama_audit[] = {
	{ "yama", "sysctl", "ptrace_scope and link protections as the sysctl.d files set them",
	  audit_sysctl },
	{ NULL, NULL, NULL, NULL }
};
