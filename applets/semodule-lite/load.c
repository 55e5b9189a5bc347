// SPDX-License-Identifier: Apache-2.0
/* load.c: the rescue shell's SELinux tools through selinuxfs alone (no
 * libselinux), each by its own name with its usual syntax, output and exit
 * codes: getenforce, setenforce, getsebool, setsebool, load_policy,
 * sestatus.  Every path comes from kfs_path, so under --root they work on
 * an image's mimic of /sys/fs/selinux. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "lsmbox.h"
#include "semodule.h"

/* selinuxfs is there: SELinux is enabled (libselinux's test too). */
bool smod_selinux_on(void)
{
	return kfs_dir(KFS_SELINUXFS, NULL) != NULL;
}

/* A selinuxfs file's first number, or -1 with errno. */
static int read_num(const char *name)
{
	char *path = kfs_path(KFS_SELINUXFS, name), buf[32];
	int fd = open(path, O_RDONLY | O_CLOEXEC | (root_dir() ? O_NOFOLLOW : 0)), n = -1;
	ssize_t len;

	free(path);
	if (fd < 0)
		return -1;
	len = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (len > 0) {
		buf[len] = 0;
		if (sscanf(buf, "%d", &n) != 1 || n < 0) {
			errno = EINVAL;
			n = -1;
		}
	}
	return n;
}

static int write_str(const char *name, const char *s, size_t len)
{
	char *path = kfs_path(KFS_SELINUXFS, name);
	int fd = open(path, O_WRONLY | O_CLOEXEC | (root_dir() ? O_NOFOLLOW | O_TRUNC : 0)), e;
	ssize_t n;

	free(path);
	if (fd < 0)
		return -1;
	n = write(fd, s, len);
	e = errno;
	close(fd);
	errno = e;
	return n == (ssize_t)len ? 0 : -1;
}

static int getenforce(int argc, char **argv)
{
	int n;

	(void)argc;
	(void)argv;
	if (!smod_selinux_on()) {
		printf("Disabled\n");
		return 0;
	}
	n = read_num("enforce");
	if (n < 0) {
		fprintf(stderr, "getenforce:  getenforce() failed\n");
		return 2;
	}
	printf("%s\n", n ? "Enforcing" : "Permissive");
	return 0;
}

static int setenforce(int argc, char **argv)
{
	int v;

	if (argc != 2)
		goto usage;
	if (!strcasecmp(argv[1], "enforcing") || !strcmp(argv[1], "1"))
		v = 1;
	else if (!strcasecmp(argv[1], "permissive") || !strcmp(argv[1], "0"))
		v = 0;
	else
		goto usage;
	if (!smod_selinux_on()) {
		fprintf(stderr, "setenforce: SELinux is disabled\n");
		return 1;
	}
	if (write_str("enforce", v ? "1" : "0", 1) < 0) {
		fprintf(stderr, "setenforce:  setenforce() failed: %s\n", strerror(errno));
		return 2;
	}
	return 0;
usage:
	fprintf(stderr, "usage:  setenforce [ Enforcing | Permissive | 1 | 0 ]\n");
	return 1;
}

/* A boolean's "ACTIVE PENDING", as booleans/NAME reads. */
static int boolean(const char *name, int *active, int *pending)
{
	char *rel, *path, buf[16];
	int fd;
	ssize_t n;

	if (!*name || strchr(name, '/') || !strcmp(name, ".") || !strcmp(name, "..")) {
		errno = ENOENT;
		return -1;
	}
	rel = xasprintf("booleans/%s", name);
	path = kfs_path(KFS_SELINUXFS, rel);
	fd = open(path, O_RDONLY | O_CLOEXEC | (root_dir() ? O_NOFOLLOW : 0));
	free(rel);
	free(path);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = 0;
	/* An image's file holds what was written last: one number. */
	switch (sscanf(buf, "%d %d", active, pending)) {
	case 1:
		*pending = *active;
		return 0;
	case 2:
		return 0;
	default:
		errno = EINVAL;
		return -1;
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int getsebool(int argc, char **argv)
{
	char **names = NULL;
	int n = 0, rc = 0;
	bool all = argc >= 2 && !strcmp(argv[1], "-a");

	if (all && argc > 2)
		goto usage;
	if (argc >= 2 && argv[1][0] == '-' && !all)
		goto usage;
	if (!smod_selinux_on()) {
		fprintf(stderr, "getsebool:  SELinux is disabled\n");
		return 1;
	}
	if (all) {
		char *path = kfs_path(KFS_SELINUXFS, "booleans");
		DIR *d = opendir(path);
		struct dirent *e;

		free(path);
		if (!d) {
			fprintf(stderr, "getsebool:  Unable to get boolean names:  %s\n", strerror(errno));
			return 1;
		}
		while ((e = readdir(d)))
			if (e->d_name[0] != '.') {
				names = xrealloc(names, (size_t)(n + 1) * sizeof(*names));
				names[n++] = xstrdup(e->d_name);
			}
		closedir(d);
		if (!n) {
			printf("No booleans\n");
			return 0;
		}
		qsort(names, (size_t)n, sizeof(*names), cmp_str);
	} else if (argc < 2) {
		goto usage;
	}
	for (int i = 0; i < (all ? n : argc - 1); i++) {
		const char *name = all ? names[i] : argv[i + 1];
		int active, pending;

		if (boolean(name, &active, &pending) < 0) {
			if (all && errno == EACCES)
				continue;
			fflush(stdout);
			fprintf(stderr, "Error getting active value for %s\n", name);
			rc = 255;
			break;
		}
		if (active != pending)
			printf("%s --> %s pending: %s\n", name, active ? "on" : "off", pending ? "on" : "off");
		else
			printf("%s --> %s\n", name, active ? "on" : "off");
	}
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
usage:
	fprintf(stderr, "usage:  getsebool -a or getsebool boolean...\n");
	return 1;
}

/* setsebool's values: 1/true/on, 0/false/off. */
static int bool_value(const char *v)
{
	if (!strcmp(v, "1") || !strcasecmp(v, "true") || !strcasecmp(v, "on"))
		return 1;
	if (!strcmp(v, "0") || !strcasecmp(v, "false") || !strcasecmp(v, "off"))
		return 0;
	return -1;
}

static void active_error(int e)
{
	if (e == ENOENT)
		fprintf(stderr, "Could not change active booleans: Invalid boolean\n");
	else
		fprintf(stderr, "Could not change active booleans%s: %s\n",
			getuid() ? ". Please try as root" : "", strerror(e));
}

/* set's values made active, as libselinux's security_set_boolean_list:
 * every one found first (where libselinux would write some and put them
 * back), then each written pending, then one commit: one policy change.
 * A write that fails puts those before it back to the active values
 * read first.  0, or -1 and errno. */
static int activate(const struct sbools *bl)
{
	int *was, p, e, rc = -1;
	size_t j;

	/* No selinuxfs: no such boolean, as libselinux says. */
	if (!smod_selinux_on()) {
		errno = ENOENT;
		return -1;
	}
	was = xmalloc((bl->n + 1) * sizeof(*was));
	for (j = 0; j < bl->n; j++)
		if (boolean(bl->v[j].name, &was[j], &p) < 0)
			goto out;
	for (j = 0; j < bl->n; j++) {
		char *rel = xasprintf("booleans/%s", bl->v[j].name);
		int w = write_str(rel, bl->v[j].value ? "1" : "0", 1);

		free(rel);
		if (w < 0)
			goto back;
	}
	rc = write_str("commit_pending_bools", "1", 1);
	goto out;
back:
	e = errno;
	while (j--) {
		char *rel = xasprintf("booleans/%s", bl->v[j].name);

		write_str(rel, was[j] ? "1" : "0", 1);
		free(rel);
	}
	errno = e;
out:
	e = errno;
	free(was);
	errno = e;
	return rc;
}

struct persist {
	struct store st;
	struct build b;
};

static int installed(void *arg)
{
	struct persist *ps = arg;

	return smod_install(&ps->st, &ps->b);
}

/* setsebool -P: the values kept in the store of SELINUXTYPE (its
 * booleans.local) and its policy made with them, without a rebuild
 * unless one is due; made active too when SELinux is on; the policy
 * loaded unless noreload (never under --root), as libsemanage commits
 * them; its warnings said only when verbose.  0, or -1 after a message. */
static int persist(const struct sbools *set, bool noreload, bool verbose)
{
	struct persist ps = { 0 };
	struct build_opts o = { .set = set };
	struct txn t;
	int rc = -1;

	if (store_open_existing(&ps.st) < 0) {
		fprintf(stderr, getuid() ? "Cannot set persistent booleans, please try as root.\n"
					 : "Cannot set persistent booleans without managed policy.\n");
		goto out;
	}
	ps.st.quiet = !verbose;
	if (txn_begin(&t, &ps.st) < 0)
		goto out;
	if (smod_build(&t, &o, &ps.b) != 0) {
		txn_abort(&t);
		goto out;
	}
	if (smod_selinux_on() && activate(set) < 0) {
		fprintf(stderr, "Failed to commit changes to booleans: %s\n", strerror(errno));
		txn_abort(&t);
		build_free(&ps.b);
		goto out;
	}
	t.installed = installed;
	t.arg = &ps;
	rc = txn_commit(&t) < 0 ? -1 : 0;
	build_free(&ps.b);
	if (rc == 0 && !noreload && !root_dir() && smod_selinux_on() && smod_load_policy() < 0)
		rc = -1;
out:
	store_close(&ps.st);
	return rc;
}

/* setsebool 3.4: [-NPV] NAME VALUE, or NAME=VALUE...; every failure after
 * the usage exits 255, as its -1 from main. */
static int setsebool(int argc, char **argv)
{
	static const char usage[] =
		"\nUsage:  setsebool [ -NPV ] boolean value | bool1=val1 bool2=val2...\n\n";
	struct sbools set = { 0 };
	char **list, *one = NULL;
	bool persistent = false, noreload = false, verbose = false;
	int opt, n, rc;

	if (argc < 2)
		goto usage;
	optind = 1;
	while ((opt = getopt(argc, argv, "PNV")) != -1) {
		if (opt == 'P')
			persistent = true;
		else if (opt == 'N')
			noreload = true;
		else if (opt == 'V')
			verbose = true;
		else
			goto usage;
	}
	if (argc - optind < 1) {
		fprintf(stderr, "Error: boolean name required\n");
		goto usage;
	}
	if (!strchr(argv[optind], '=')) {
		if (argc - optind != 2)
			goto usage;
		one = xasprintf("%s=%s", argv[optind], argv[optind + 1]);
		list = &one;
		n = 1;
	} else {
		list = argv + optind;
		n = argc - optind;
	}
	for (int j = 0; j < n; j++) {
		char *eq = strchr(list[j], '=');
		int v;

		if (!eq) {
			fprintf(stderr, "setsebool: '=' not found in boolean expression %s\n", list[j]);
			goto fail;
		}
		*eq = 0;
		v = bool_value(eq + 1);
		if (v < 0) {
			fprintf(stderr, "setsebool: illegal value %s for boolean %s\n", eq + 1, list[j]);
			*eq = '=';
			goto fail;
		}
		smod_bools_set(&set, list[j], v);
		*eq = '=';
	}
	if (persistent)
		rc = persist(&set, noreload, verbose);
	else if ((rc = activate(&set)) < 0)
		active_error(errno);
	free(one);
	smod_bools_free(&set);
	return rc < 0 ? 255 : 0;
fail:
	free(one);
	smod_bools_free(&set);
	return 255;
usage:
	fputs(usage, stderr);
	return 1;
}

char *selinux_config(const char *key)
{
	char *text, *val = NULL;
	size_t klen = strlen(key);
	int fd = root_open("/etc/selinux/config", O_RDONLY | O_CLOEXEC, 0);

	if (fd < 0)
		return NULL;
	text = read_fd_max(fd, (size_t)1 << 20, NULL);
	close(fd);
	for (char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		p += strspn(p, " \t");
		if (!strncmp(p, key, klen) && p[klen] == '=') {
			free(val);
			val = xstrndup(p + klen + 1, strcspn(p + klen + 1, " \t\n"));
		}
	}
	free(text);
	return val;
}

int smod_load_policy(void)
{
	char *type, *dir, *path = NULL, *image = NULL;
	int vers, fd = -1, rc = -1;
	size_t len = 0;

	if (!smod_selinux_on()) {
		fprintf(stderr, "load_policy:  Can't load policy:  SELinux is disabled (no selinuxfs)\n");
		return -1;
	}
	vers = read_num("policyvers");
	type = selinux_config("SELINUXTYPE");
	if (vers < 0 || !type) {
		fprintf(stderr, "load_policy:  Can't load policy:  %s\n",
			vers < 0 ? "no policyvers in selinuxfs" : "no SELINUXTYPE in /etc/selinux/config");
		free(type);
		return -1;
	}
	dir = xasprintf("/etc/selinux/%s/policy/policy", type);
	/* The newest version the kernel takes, searching down, as libselinux. */
	for (int v = vers; v >= 15 && fd < 0; v--) {
		free(path);
		path = xasprintf("%s.%d", dir, v);
		fd = root_open(path, O_RDONLY | O_CLOEXEC, 0);
	}
	if (fd < 0) {
		fprintf(stderr, "load_policy:  Can't load policy:  no %s.N for N up to %d\n", dir, vers);
		goto out;
	}
	image = read_fd_max(fd, (size_t)256 << 20, &len);
	close(fd);
	/* One write of the whole image at offset 0: the kernel takes no other. */
	if (!image || !len || write_str("load", image, len) < 0)
		fprintf(stderr, "load_policy:  Can't load policy %s:  %s\n", path,
			image && !len ? "empty" : strerror(errno));
	else
		rc = 0;
out:
	free(image);
	free(path);
	free(dir);
	free(type);
	return rc;
}

static int load_policy(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "-q") && strcmp(argv[i], "-i")) {
			fprintf(stderr, "usage:  load_policy [-qi]\n");
			return 1;
		}
	return smod_load_policy() < 0 ? 2 : 0;
}

static void row(const char *label, const char *fmt, ...) PRINTF(2, 3);
static void row(const char *label, const char *fmt, ...)
{
	va_list ap;

	printf("%-32s", label);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static int sestatus(int argc, char **argv)
{
	const char *mnt;
	char *type, *mode;
	int n;

	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "sestatus: only the status: -v and -b are not in this lsmbox\n");
		return 1;
	}
	if (!smod_selinux_on()) {
		row("SELinux status:", "disabled");
		return 0;
	}
	row("SELinux status:", "enabled");
	/* Under --root, where it is in the image. */
	mnt = kfs_dir(KFS_SELINUXFS, NULL);
	if (root_dir() && !strncmp(mnt, root_dir(), strlen(root_dir())) && mnt[strlen(root_dir())] == '/')
		mnt += strlen(root_dir());
	row("SELinuxfs mount:", "%s", mnt);
	row("SELinux root directory:", "/etc/selinux");
	type = selinux_config("SELINUXTYPE");
	row("Loaded policy name:", "%s", type ? type : "error (no SELINUXTYPE)");
	n = read_num("enforce");
	row("Current mode:", "%s", n == 1 ? "enforcing" : n == 0 ? "permissive" : "unknown");
	mode = selinux_config("SELINUX");
	row("Mode from config file:", "%s", mode ? mode : "error (no SELINUX)");
	n = read_num("mls");
	row("Policy MLS status:", "%s", n == 1 ? "enabled" : n == 0 ? "disabled" : "error");
	n = read_num("deny_unknown");
	row("Policy deny_unknown status:", "%s", n == 1 ? "denied" : n == 0 ? "allowed" : "error");
	n = read_num("checkreqprot");
	row("Memory protection checking:", "%s",
	    n == 0 ? "actual (secure)" : n == 1 ? "requested (insecure)" : "error");
	n = read_num("policyvers");
	if (n >= 0)
		row("Max kernel policy version:", "%d", n);
	else
		row("Max kernel policy version:", "error");
	free(type);
	free(mode);
	return 0;
}

int smod_tool_main(const char *name, int argc, char **argv)
{
	/* with the capabilities each keeps (docs/semodule-lite.md's table):
	 * selinuxfs' files are root's and SELinux asks no capability for
	 * them (its own permissions decide); setsebool -P changes the store */
	static const struct {
		const char *name;
		int (*fn)(int argc, char **argv);
		uint64_t caps;
	} tools[] = {
		{ "getenforce", getenforce, CAPS_READ }, { "setenforce", setenforce, CAPS_READ },
		{ "getsebool", getsebool, CAPS_READ }, { "setsebool", setsebool, CAPS_FILES },
		{ "load_policy", load_policy, CAPS_READ }, { "sestatus", sestatus, CAPS_READ },
	};

	for (size_t i = 0; i < ARRAY_SIZE(tools); i++)
		if (!strcmp(name, tools[i].name)) {
			caps_keep(name, tools[i].caps);
			return tools[i].fn(argc, argv);
		}
	return -1;
}
