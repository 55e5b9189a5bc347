// SPDX-License-Identifier: Apache-2.0
/* store.c: libsemanage 3.4's module store read and changed in place: where
 * it is (semanage.conf, the SELinux config, --root), its modules, and the
 * files of one.  Every path below the store is opened beneath the store's
 * directory without following a symbolic link: libsemanage never makes one
 * there, and one planted in an image would lead out of it. */
#include <dirent.h>
#include <errno.h>
#include <linux/openat2.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "semodule.h"

bool smod_name_ok(const char *name)
{
	const char *p = name;

	if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')))
		return false;
	for (p++; *p; p++) {
		if (*p == '.')
			p++;	/* a dot is followed by one of the others */
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '_' || *p == '-'))
			return false;
	}
	return true;
}

/* lang_ext as libsemanage checks it: [a-zA-Z0-9][a-zA-Z0-9_-]*. */
bool smod_lang_ok(const char *s)
{
	if (!*s)
		return false;
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || (p > s && (*p == '_' || *p == '-'))))
			return false;
	return true;
}

/* The directory of rel's last component beneath dfd, walked without
 * following a link; *last points into rel at that component. */
static int sat_dir(int dfd, const char *rel, const char **last)
{
	char *copy = xstrdup(rel), *p = copy, *slash;
	int fd = dup(dfd);

	if (fd < 0)
		die_errno("dup");
	while ((slash = strchr(p, '/'))) {
		int next;

		*slash = 0;
		next = *p ? openat(fd, p, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : dup(fd);
		close(fd);
		if (next < 0) {
			free(copy);
			return -1;
		}
		fd = next;
		p = slash + 1;
	}
	*last = rel + (p - copy);
	free(copy);
	return fd;
}

int sat_open(int dfd, const char *rel, int flags, mode_t mode)
{
	const char *last;
	int fd;
#ifdef SYS_openat2
	/* One system call where the kernel has openat2 (5.6): no link
	 * followed, nothing above dfd.  A store of 300 modules is read
	 * with a thousand of these. */
	static bool no_openat2;

	if (!no_openat2) {
		struct open_how how = {
			.flags = (uint64_t)(flags | O_NOFOLLOW | O_CLOEXEC),
			.mode = flags & O_CREAT ? mode : 0,
			.resolve = RESOLVE_BENEATH | RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
		};

		fd = (int)syscall(SYS_openat2, dfd, *rel ? rel : ".", &how, sizeof(how));
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM && errno != E2BIG))
			return fd;
		no_openat2 = true;
	}
#endif
	fd = sat_dir(dfd, rel, &last);

	if (fd >= 0 && *last) {
		int f = openat(fd, last, flags | O_NOFOLLOW | O_CLOEXEC, mode);

		close(fd);
		fd = f;
	}
	return fd;
}

char *sat_read(int dfd, const char *rel, size_t max, size_t *lenp)
{
	int fd = sat_open(dfd, rel, O_RDONLY, 0);
	char *t;

	if (fd < 0)
		return NULL;
	t = read_fd_max(fd, max, lenp);
	close(fd);
	return t;
}

int sat_write(int dfd, const char *rel, const void *p, size_t len)
{
	const char *last;
	int dir = sat_dir(dfd, rel, &last), fd = -1, e;

	/* A new file, never the old one written over: tmp/'s files are
	 * hard links to active/'s until they change (txn.c). */
	if (dir >= 0 && (unlinkat(dir, last, 0) == 0 || errno == ENOENT))
		fd = openat(dir, last, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	e = errno;
	if (dir >= 0)
		close(dir);
	if (fd < 0) {
		errno = e;
		return -1;
	}
	if (write_all(fd, p, len) < 0) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return close(fd);
}

/* "KEY = VALUE" lines of semanage.conf that this tool uses (the rest, and
 * the [program] blocks, are the rebuild's). */
static void read_conf(struct store *s)
{
	char *text, *line, *save;
	int fd = root_open("/etc/selinux/semanage.conf", O_RDONLY | O_CLOEXEC, 0);

	*s = (struct store){ .bzip_level = 9, .expand_check = 1, .handle_unknown = -1,
			     .file_mode = 0644, .usepasswd = true, .genhomedircon = true };
	if (fd < 0)
		return;		/* libsemanage's defaults */
	text = read_fd_max(fd, (size_t)1 << 20, NULL);
	close(fd);
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char key[64], val[256];

		if (*line == '[')
			while (line && strncmp(line, "[end]", 5))
				line = strtok_r(NULL, "\n", &save);
		if (!line || sscanf(line, " %63[a-z-] = %255s", key, val) != 2)
			continue;
		if (!strcmp(key, "bzip-blocksize"))
			s->bzip_level = atoi(val) < 0 || atoi(val) > 9 ? 9 : atoi(val);
		else if (!strcmp(key, "bzip-small"))
			s->bzip_small = !strcasecmp(val, "true");
		else if (!strcmp(key, "policy-version"))
			s->policyvers = atoi(val);
		else if (!strcmp(key, "expand-check"))
			s->expand_check = atoi(val);
		else if (!strcmp(key, "handle-unknown"))
			s->handle_unknown = !strcasecmp(val, "deny") ? 0 : !strcasecmp(val, "reject") ? 2
					  : !strcasecmp(val, "allow") ? 4 : s->handle_unknown;
		else if (!strcmp(key, "file-mode"))
			s->file_mode = (mode_t)strtoul(val, NULL, 8) & 07777;
		else if (!strcmp(key, "usepasswd"))
			s->usepasswd = !strcasecmp(val, "true") ? true
				     : !strcasecmp(val, "false") ? false : s->usepasswd;
		else if (!strcmp(key, "disable-genhomedircon"))
			s->genhomedircon = !strcasecmp(val, "true") ? false
					 : !strcasecmp(val, "false") ? true : s->genhomedircon;
		else if (!strcmp(key, "optimize-policy"))
			s->optimize = !strcasecmp(val, "true");
		else if (!strcmp(key, "target-platform"))
			s->xen = !strcasecmp(val, "xen");
		else if (!strcmp(key, "ignoredirs")) {
			free(s->ignoredirs);
			s->ignoredirs = xstrdup(val);
		}
		else if (!strcmp(key, "store-root")) {
			free(s->conf_root);
			s->conf_root = xstrdup(val);
		}
	}
	free(text);
}

/* The store named; with make, made when missing (else -1 when it or
 * its active/ is not there).  With ro nothing is written, not even a
 * lock: a swap cut between its renames is left as found (-1). */
static int store_at(struct store *s, const char *name, const char *store_root, bool make, bool ro)
{
	char *dir;
	int fd;

	read_conf(s);
	s->name = name ? xstrdup(name) : selinux_config("SELINUXTYPE");
	if (!s->name || !*s->name)
		die("no store named: give one with -s, or set SELINUXTYPE= in %s/etc/selinux/config",
		    root_dir() ? root_dir() : "");
	if (!smod_name_ok(s->name))
		die("store name %s is invalid", str_esc(s->name, SIZE_MAX));
	s->root = xstrdup(store_root ? store_root : s->conf_root ? s->conf_root : "/var/lib/selinux");
	s->etc = xasprintf("/etc/selinux/%s", s->name);
	s->dir = xasprintf("%s/%s", s->root, s->name);
	s->fd = -1;
	/* The store root must exist (libsemanage makes no parents); the
	 * store, active/ and active/modules/ are made on first use. */
	dir = root_path(s->root);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		if (!make)
			return free(dir), -1;
		die_errno("could not open the store root %s", str_esc(dir, SIZE_MAX));
	}
	free(dir);
	if (make && mkdirat(fd, s->name, 0700) < 0 && errno != EEXIST)
		die_errno("could not create module store %s/%s", s->root, s->name);
	s->fd = openat(fd, s->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	close(fd);
	if (s->fd < 0) {
		if (!make)
			return -1;
		die_errno("%s/%s", s->root, s->name);
	}
	/* active/ and active/modules/ as libsemanage's first connect makes
	 * them, or back from previous/ after a cut swap. */
	if (faccessat(s->fd, "active/modules", F_OK, AT_SYMLINK_NOFOLLOW) < 0) {
		int lock;

		/* Not a store yet: nothing made in it (not even a lock). */
		if (ro || (!make && faccessat(s->fd, "active", F_OK, AT_SYMLINK_NOFOLLOW) < 0 &&
		    faccessat(s->fd, "previous", F_OK, AT_SYMLINK_NOFOLLOW) < 0))
			return -1;
		lock = store_lock(s, "semanage.trans.LOCK", "transaction lock");

		if (lock < 0)
			die("could not open the store %s", s->dir);
		store_recover(s);
		if (!make && faccessat(s->fd, "active", F_OK, AT_SYMLINK_NOFOLLOW) < 0) {
			store_unlock(lock);
			return -1;
		}
		if ((mkdirat(s->fd, "active", 0700) < 0 && errno != EEXIST) ||
		    (mkdirat(s->fd, "active/modules", 0700) < 0 && errno != EEXIST))
			die_errno("could not create module store %s", s->dir);
		store_unlock(lock);
	}
	return 0;
}

void store_open(struct store *s, const char *name, const char *store_root)
{
	store_at(s, name, store_root, true, false);
}

int store_open_existing(struct store *s)
{
	return store_at(s, NULL, NULL, false, false);
}

int store_open_ro(struct store *s, const char *name)
{
	return store_at(s, name, NULL, false, true);
}

void store_close(struct store *s)
{
	if (s->fd >= 0)
		close(s->fd);
	free(s->name);
	free(s->root);
	free(s->conf_root);
	free(s->ignoredirs);
	free(s->dir);
	free(s->etc);
}

/* A priority directory's name: 1..999 as libsemanage's strtoul reads it. */
static int prio_of(const char *d)
{
	char *end;
	unsigned long v = strtoul(d, &end, 10);

	return *end || end == d || v < 1 || v > 999 ? -1 : (int)v;
}

static int cmp_prio_desc(const void *a, const void *b)
{
	const struct smod *x = a, *y = b;

	if (x->prio != y->prio)
		return x->prio < y->prio ? 1 : -1;
	return strverscmp(x->name, y->name);
}

/* Entries of directory fd but '.'-names (and skip), sorted as versionsort. */
static int names_in(int fd, const char *skip, char ***v)
{
	DIR *d = fdopendir(fd);
	struct dirent *e;
	int n = 0;

	*v = NULL;
	if (!d) {
		close(fd);
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || (skip && !strcmp(e->d_name, skip)))
			continue;
		XROOM(*v, n);
		(*v)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	return n;
}

static int cmp_strp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int smods_read(int mfd, struct smod **out)
{
	char **prios, **dis = NULL;
	int np, nd, n = 0, cap = 0;
	bool err = false;

	*out = NULL;
	np = names_in(sat_open(mfd, ".", O_RDONLY | O_DIRECTORY, 0), "disabled", &prios);
	if (np < 0)
		return -1;
	/* The disabled markers, listed once and looked up by name. */
	nd = names_in(sat_open(mfd, "disabled", O_RDONLY | O_DIRECTORY, 0), NULL, &dis);
	if (nd < 0)
		nd = 0;		/* none: every module is enabled */
	if (nd)
		qsort(dis, (size_t)nd, sizeof(*dis), cmp_strp);
	for (int i = 0; i < np; i++) {
		int prio = prio_of(prios[i]), pfd, nm;
		char **mods;

		if (prio < 0) {
			warn("priority directory %s is not 1 to 999", str_esc(prios[i], SIZE_MAX));
			errno = EINVAL;
			err = true;
			break;
		}
		pfd = sat_open(mfd, prios[i], O_RDONLY | O_DIRECTORY, 0);
		nm = pfd < 0 ? -1 : names_in(dup(pfd), NULL, &mods);
		if (nm < 0) {
			warn("%s: %s", prios[i], strerror(errno));
			if (pfd >= 0)
				close(pfd);
			err = true;
			break;
		}
		for (int j = 0; j < nm; j++) {
			char *rel = xasprintf("%s/lang_ext", mods[j]), lang[258];
			int fd = sat_open(pfd, rel, O_RDONLY, 0);
			ssize_t len = fd < 0 ? -1 : read(fd, lang, sizeof(lang) - 1);
			const char *key = mods[j];

			/* A regular file gives all it has to one read. */
			if (fd >= 0)
				close(fd);
			if (len >= 0)
				lang[len] = 0;
			if (len < 0 || len == sizeof(lang) - 1 || !smod_lang_ok(lang)) {
				warn("unable to read %s module lang ext file at %s/%s%s", mods[j], prios[i], rel,
				     len >= 0 ? " (not a language name)" : "");
				free(rel);
				err = true;
				break;
			}
			free(rel);
			if (n == cap) {
				cap = cap ? 2 * cap : 64;
				*out = xrealloc(*out, (size_t)cap * sizeof(**out));
			}
			(*out)[n++] = (struct smod){ xstrdup(mods[j]), (unsigned)prio, xstrdup(lang),
						     !nd || !bsearch(&key, dis, (size_t)nd, sizeof(*dis), cmp_strp),
						     false };
		}
		close(pfd);
		for (int j = 0; j < nm; j++)
			free(mods[j]);
		free(mods);
		if (err)
			break;
	}
	for (int i = 0; i < nd; i++)
		free(dis[i]);
	free(dis);
	for (int i = 0; i < np; i++)
		free(prios[i]);
	free(prios);
	if (err) {
		smods_free(*out, n);
		*out = NULL;
		return -1;
	}
	if (n)	/* no modules: *out is NULL, which qsort may not be given */
		qsort(*out, (size_t)n, sizeof(**out), cmp_prio_desc);
	/* The first of each name, in that order, is its highest priority
	 * (names seen kept in a table: a store of many modules costs n, not
	 * n squared). */
	struct htab seen = { 0 };

	for (int i = 0; i < n; i++) {
		(*out)[i].top = htab_find(&seen, (*out)[i].name) < 0;
		if ((*out)[i].top && htab_intern(&seen, (*out)[i].name) < 0) {
			warn("more than %d module names in the store", HTAB_MAX);
			htab_free(&seen);
			smods_free(*out, n);
			*out = NULL;
			errno = ENOSPC;
			return -1;
		}
	}
	htab_free(&seen);
	return n;
}

void smods_free(struct smod *v, int n)
{
	for (int i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].lang);
	}
	free(v);
}

const struct smod *smod_find(const struct smod *v, int n, const char *name, unsigned prio)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i].name, name) && (prio ? v[i].prio == prio : v[i].top))
			return &v[i];
	return NULL;
}

int smod_read_file(int mfd, const struct smod *m, const char *file, struct buf *out)
{
	char *rel = xasprintf("%03u/%s/%s", m->prio, m->name, file), *raw;
	size_t len;
	int rc;

	raw = sat_read(mfd, rel, SMOD_FILE_MAX, &len);
	if (!raw) {
		int e = errno;

		if (e != ENOENT)
			warn("%s/%s: %s", "modules", rel, strerror(e));
		free(rel);
		errno = e;
		return -1;
	}
	rc = smod_unpack(rel, raw, len, SMOD_FILE_MAX, out);
	free(raw);
	free(rel);
	return rc;
}
