// SPDX-License-Identifier: Apache-2.0
/* dirtree.c: a directory tree walker on openat/fstatat/fdopendir (no chdir,
 * no re-resolution of each level's path), in the --root jail. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"

/* A directory being walked: what its descendants must not be (a loop). */
struct level {
	dev_t dev;
	ino_t ino;
	const struct level *up;
};

/* "a" + "b" = "a/b", "/" + "b" = "/b". */
static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	return xasprintf("%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

/* Counts an error on e and hands it on; 1 when the walk must stop. */
static int report(struct dirtree *t, const struct dirtree_ent *e, int err)
{
	t->errors++;
	if (!t->on_error) {
		errno = err;
		warn_errno("%s", str_esc(e->path, SIZE_MAX));
		return 0;
	}
	return t->on_error(e, err, t->arg) == DIRTREE_STOP;
}

/* Splits a resolved path into its directory, opened O_PATH (inside the
 * jail under a root), and its last name (*basep points into path).  "/" is
 * "/" and ".". */
static int open_parent(char *path, const char **basep)
{
	char *slash = strrchr(path, '/');
	const char *dir = "/";
	int fd;

	if (!slash) {
		*basep = path;
		dir = ".";
	} else if (!slash[1]) {		/* only "/" ends in a slash here */
		*basep = ".";
	} else {
		*basep = slash + 1;
		if (slash != path)
			*slash = 0, dir = path;
	}
	fd = root_dir() ? root_open(dir, O_PATH | O_DIRECTORY, 0)
			: open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (dir == path)
		*slash = '/';
	return fd;
}

/* A link to follow, at real (the image path under a root, the host path
 * live): its target, resolved in the jail under a root (root_file), by the
 * host otherwise.  On success *pfd is the target's directory, *basep its
 * name (in *realp, the target's path). */
static int resolve_link(const char *real, int *pfd, const char **basep, char **realp)
{
	const char *root = root_dir();
	char *r, *img;

	if (root) {
		if (!(r = root_file(real, 0)))
			return -1;
		img = xstrdup(*(r + strlen(root)) ? r + strlen(root) : "/");
		free(r);
	} else if (!(img = realpath(real, NULL))) {
		return -1;
	}
	if ((*pfd = open_parent(img, basep)) < 0) {
		int err = errno;

		free(img);
		errno = err;
		return -1;
	}
	*realp = img;
	return 0;
}

static int walk_dir(struct dirtree *t, struct dirtree_ent *e, const char *real,
		    const struct level *up);

/* Visits name in dirfd.  path: for messages; real: the entry's path for
 * resolving a link in it (image path under a root).  1: stop the walk. */
static int visit(struct dirtree *t, int dirfd, const char *name, const char *path,
		 const char *real, int depth, const struct level *up)
{
	struct stat st;
	struct dirtree_ent e = { dirfd, name, path, &st, depth };
	char *treal = NULL;
	int pfd = -1, stop = 0, r;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		e.st = NULL;
		return report(t, &e, errno);
	}
	if (S_ISLNK(st.st_mode) &&
	    ((t->flags & DIRTREE_FOLLOW) || (!depth && (t->flags & DIRTREE_FOLLOW_START)))) {
		struct stat tst;
		const char *base;

		if (resolve_link(real, &pfd, &base, &treal) < 0 ||
		    fstatat(pfd, base, &tst, AT_SYMLINK_NOFOLLOW) < 0) {
			/* A dangling link is shown as the link it is. */
			if (errno != ENOENT) {
				stop = report(t, &e, errno);
				goto out;
			}
		} else {
			st = tst;
			e.dirfd = pfd;
			e.name = base;
			real = treal;
		}
	}
	if (S_ISDIR(st.st_mode))
		for (const struct level *l = up; l; l = l->up)
			if (l->dev == st.st_dev && l->ino == st.st_ino) {
				stop = report(t, &e, ELOOP);
				goto out;
			}
	r = t->fn ? t->fn(&e, t->arg) : DIRTREE_CONTINUE;
	if (r == DIRTREE_STOP)
		stop = 1;
	else if (r != DIRTREE_SKIP && S_ISDIR(st.st_mode) &&
		 (!t->maxdepth || depth < t->maxdepth))
		stop = walk_dir(t, &e, real, up);
out:
	if (pfd >= 0)
		close(pfd);
	free(treal);
	return stop;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* e's entries, each visited; without a maxdepth of the caller's, a
 * directory at DIRTREE_MAXDEPTH with entries is an error (not entered). */
static int walk_dir(struct dirtree *t, struct dirtree_ent *e, const char *real,
		    const struct level *up)
{
	struct level me = { e->st->st_dev, e->st->st_ino, up };
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *de;
	int fd, stop = 0;
	DIR *d;

	fd = openat(e->dirfd, e->name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return report(t, e, errno);
	if (!(d = fdopendir(fd))) {
		close(fd);
		return report(t, e, errno);
	}
	for (;;) {
		errno = 0;
		if (!(de = readdir(d))) {
			if (errno)
				stop = report(t, e, errno);
			break;
		}
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 16;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[n++] = xstrdup(de->d_name);
	}
	if (n && !t->maxdepth && e->depth >= DIRTREE_MAXDEPTH)
		stop = report(t, e, ENAMETOOLONG);
	else if (n > 1 && (t->flags & DIRTREE_SORT))
		qsort(names, n, sizeof(*names), cmp_name);
	for (size_t i = 0; i < n; i++) {
		if (!stop && (t->maxdepth || e->depth < DIRTREE_MAXDEPTH)) {
			char *path = join(e->path, names[i]), *creal = join(real, names[i]);

			stop = visit(t, dirfd(d), names[i], path, creal, e->depth + 1, &me);
			free(path);
			free(creal);
		}
		free(names[i]);
	}
	free(names);
	closedir(d);
	return stop;
}

int dirtree_walk(struct dirtree *t, const char *path)
{
	const char *root = root_dir(), *base;
	char *r, *real, *msg;
	size_t n = strlen(path);
	int fd;

	t->errors = 0;
	t->stopped = 0;
	/* The path as given, without trailing slashes, names it in messages. */
	while (n > 1 && path[n - 1] == '/')
		n--;
	msg = xstrndup(path, n);
	if (root) {
		/* Resolved in the jail, up to a last link if that is not followed. */
		unsigned follow = t->flags & (DIRTREE_FOLLOW | DIRTREE_FOLLOW_START);

		if (!(r = root_file(path, follow ? 0 : ROOT_NOFOLLOW))) {
			struct dirtree_ent e = { AT_FDCWD, msg, msg, NULL, 0 };
			t->stopped = report(t, &e, errno);
			free(msg);
			return 1;
		}
		real = xstrdup(*(r + strlen(root)) ? r + strlen(root) : "/");
		free(r);
	} else {
		real = xstrdup(msg);
	}
	fd = open_parent(real, &base);
	if (fd < 0) {
		struct dirtree_ent e = { AT_FDCWD, msg, msg, NULL, 0 };

		t->stopped = report(t, &e, errno);
	} else {
		t->stopped = visit(t, fd, base, msg, real, 0, NULL);
		close(fd);
	}
	free(real);
	free(msg);
	return t->errors ? 1 : 0;
}
