// SPDX-License-Identifier: Apache-2.0
/* file.c: whole-file reads (including /proc and sysfs, whose sizes lie) and
 * atomic replacement: temp file in the same directory, fsync, rename; a
 * dead writer's temp file removed by the next. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "lsmbox.h"

/* Pages a large read will fill, made present in one call (each page
 * faulted in on its own costs more than the copy under some hypervisors):
 * a hint, whatever comes of it. */
#define PREFAULT_MIN ((size_t)1 << 20)

static void prefault(char *buf, size_t len)
{
#ifdef MADV_POPULATE_WRITE
	uintptr_t pg = (uintptr_t)sysconf(_SC_PAGESIZE), a = ((uintptr_t)buf + pg - 1) & ~(pg - 1);

	if (len >= PREFAULT_MIN && a < (uintptr_t)buf + len)
		madvise((void *)a, ((uintptr_t)buf + len - a) & ~(pg - 1), MADV_POPULATE_WRITE);
#else
	(void)buf, (void)len;
#endif
}

char *read_fd_max(int fd, size_t max, size_t *lenp)
{
	struct stat st;
	size_t cap = 4096, len = 0;
	char *buf;

	/* a regular file's size, if it tells the truth, is read in one go
	 * (sysfs and /proc say 4096 or 0: they grow as before) */
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0 && (uintmax_t)st.st_size <= max)
		cap = (size_t)st.st_size + 1;
	buf = xmalloc(cap + 1);
	prefault(buf, cap);

	for (;;) {
		ssize_t n;

		if (len == cap) {
			if (cap > max) {
				free(buf);
				errno = EFBIG;
				return NULL;
			}
			/* One byte past max is read, to tell "exactly max" from "more". */
			cap = cap * 2 > max + 1 ? max + 1 : cap * 2;
			buf = xrealloc(buf, cap + 1);
			prefault(buf + len, cap - len);
		}
		n = read(fd, buf + len, cap - len);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			free(buf);
			return NULL;
		}
		if (n == 0)
			break;
		len += n;
	}
	if (len > max) {
		free(buf);
		errno = EFBIG;
		return NULL;
	}
	buf[len] = 0;
	if (lenp)
		*lenp = len;
	return buf;
}

char *read_fd(int fd, size_t *lenp)
{
	return read_fd_max(fd, READ_MAX, lenp);
}

char *xread_text_fd(int fd, const char *name, size_t max, size_t *lenp)
{
	size_t len, line = 1;
	char *buf = read_fd_max(fd, max, &len), *nul;

	if (!buf) {
		if (errno == EFBIG)
			die("%s: larger than %zu bytes", name, max);
		die_errno("%s", name);
	}
	if ((nul = memchr(buf, 0, len))) {
		for (char *c = buf; c < nul; c++)
			line += *c == '\n';
		free(buf);	/* for a caught die (the fuzz targets) */
		die("%s:%zu: NUL byte", name, line);
	}
	if (lenp)
		*lenp = len;
	return buf;
}

char *read_file(const char *path, size_t *lenp)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	char *buf;

	if (fd < 0)
		return NULL;
	buf = read_fd(fd, lenp);
	err = errno;
	close(fd);
	errno = err;
	return buf;
}

char *xread_file(const char *path, size_t *lenp)
{
	char *buf = read_file(path, lenp);

	if (!buf)
		die_errno("%s", path);
	return buf;
}

int fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -1;
	/* Some filesystems refuse fsync on directories; the rename still happened. */
	if (fsync(fd) < 0 && errno != EINVAL && errno != EROFS)
		ret = -1;
	close(fd);
	return ret;
}

static int fsync_dir_of(const char *path)
{
	char *copy = xstrdup(path);
	int ret = fsync_dir(dirname(copy));

	free(copy);
	return ret;
}

/* The temp file of NAME is ".NAME.lsmbox-new" while it has a name, locked
 * (flock) by its writer from the moment it has that name: an unlocked one
 * was left by a writer that died, and the next writer of NAME removes it.
 * While a live writer holds that name, ".NAME.lsmbox-PID.SEQ".  Where the
 * filesystem has O_TMPFILE the data is written to a file with no name at
 * all, which is named only for its rename: a kill while writing leaves
 * nothing. */
#define TMP_TAG ".lsmbox-new"

static char *tmp_path(const struct atomic_file *af, int unique)
{
	static unsigned seq;
	const char *slash = strrchr(af->path, '/');
	int dirlen = slash ? (int)(slash - af->path + 1) : 0;

	if (!unique)
		return xasprintf("%.*s.%s" TMP_TAG, dirlen, af->path, af->path + dirlen);
	return xasprintf("%.*s.%s.lsmbox-%ld.%u", dirlen, af->path, af->path + dirlen, (long)getpid(),
			 seq++);
}

/* Remove a dead writer's temp file at path: 1 if removed. */
static int reap(const char *path)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC), done = 0;
	struct stat a, b;

	if (fd < 0)
		return 0;
	if (!fstat(fd, &a) && S_ISREG(a.st_mode) && !flock(fd, LOCK_EX | LOCK_NB) &&
	    !lstat(path, &b) && a.st_ino == b.st_ino && a.st_dev == b.st_dev)
		done = !unlink(path);
	close(fd);
	return done;
}

/* Name af->fd (locked) as af->tmp: ".NAME.lsmbox-new" after removing a dead
 * writer's file there, else a unique name.  With O_TMPFILE by a link of
 * the descriptor; without, the file was made under a unique name and is
 * moved to the usual one if that is free (renameat2 that never replaces). */
static int tmp_place(struct atomic_file *af, int linked)
{
	char *to = tmp_path(af, 0), fdpath[32];
	int rc = -1;

	snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", af->fd);
	for (int tries = 0; tries < 2 && rc < 0; tries++) {
		rc = linked ? renameat2(AT_FDCWD, af->tmp, AT_FDCWD, to, RENAME_NOREPLACE)
			    : linkat(AT_FDCWD, fdpath, AT_FDCWD, to, AT_SYMLINK_FOLLOW);
		if (rc < 0 && (errno != EEXIST || !reap(to)))
			break;
	}
	if (rc == 0) {
		free(af->tmp);
		af->tmp = to;
		return 0;
	}
	free(to);
	if (linked)	/* it keeps its unique name */
		return 0;
	for (int tries = 0; tries < 100; tries++) {
		to = tmp_path(af, 1);
		if (!linkat(AT_FDCWD, fdpath, AT_FDCWD, to, AT_SYMLINK_FOLLOW)) {
			af->tmp = to;
			return 0;
		}
		free(to);
		if (errno != EEXIST)
			break;
	}
	return -1;
}

/* A named temp file, when there is no O_TMPFILE (or no /proc to link one
 * by): made under a unique name, locked, then given the usual one. */
static int tmp_named(struct atomic_file *af)
{
	for (int tries = 0; tries < 100; tries++) {
		af->tmp = tmp_path(af, 1);
		af->fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
		if (af->fd >= 0)
			break;
		free(af->tmp);
		af->tmp = NULL;
		if (errno != EEXIST)
			return -1;
	}
	if (af->fd < 0 || flock(af->fd, LOCK_EX) < 0 || tmp_place(af, 1) < 0)
		return -1;
	return 0;
}

int atomic_open(struct atomic_file *af, const char *path, mode_t mode)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path + 1), path) : xstrdup(".");
	struct stat st;
	int ok;

	af->path = xstrdup(path);
	af->tmp = NULL;
	af->fd = -1;
	/* The O_TMPFILE file is linked through /proc at the end.  Without
	 * O_TMPFILE, open fails with EOPNOTSUPP (the filesystem), EISDIR or
	 * EINVAL (the kernel). */
	if (!access("/proc/self/fd", X_OK))
		af->fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0600);
	else
		errno = EOPNOTSUPP;
	if (af->fd >= 0)
		ok = !flock(af->fd, LOCK_EX);
	else if (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)
		ok = !tmp_named(af);
	else
		ok = 0;
	free(dir);
	if (!ok) {
		atomic_abort(af);
		return -1;
	}
	/* A replaced file keeps its mode and, where we may, its owner. */
	if (stat(path, &st) == 0) {
		ok = fchmod(af->fd, st.st_mode & 07777) == 0 &&
		     (fchown(af->fd, st.st_uid, st.st_gid) == 0 || errno == EPERM);
	} else {
		mode_t mask = umask(0);

		umask(mask);
		ok = fchmod(af->fd, mode & ~mask) == 0;
	}
	if (!ok) {
		atomic_abort(af);
		return -1;
	}
	return 0;
}

void atomic_abort(struct atomic_file *af)
{
	int err = errno;

	/* a named temp is ours while we hold its lock: removed before the close */
	if (af->tmp)
		unlink(af->tmp);
	if (af->fd >= 0)
		close(af->fd);
	free(af->tmp);
	free(af->path);
	af->fd = -1;
	af->tmp = af->path = NULL;
	errno = err;
}

int atomic_commit(struct atomic_file *af)
{
	int ret = fsync(af->fd), err = errno;

	if (ret == 0 && !af->tmp && tmp_place(af, 0) < 0) {
		ret = -1;
		err = errno;
	}
	if (ret == 0 && rename(af->tmp, af->path) < 0) {
		ret = -1;
		err = errno;
	}
	if (ret < 0) {
		atomic_abort(af);
		errno = err;
		return -1;
	}
	free(af->tmp);
	af->tmp = NULL;
	/* the lock goes with the descriptor, once the name is the target's */
	ret = close(af->fd);
	err = errno;
	af->fd = -1;
	if (fsync_dir_of(af->path) < 0 && ret == 0) {
		ret = -1;
		err = errno;
	}
	free(af->path);
	af->path = NULL;
	errno = err;
	return ret;
}

static int write_iov(int fd, const struct iovec *v, int n)
{
	for (int i = 0; i < n; i++)
		if (write_all(fd, v[i].iov_base, v[i].iov_len) < 0)
			return -1;
	return 0;
}

int write_iov_out(const char *path, const struct iovec *v, int n, mode_t mode)
{
	struct stat st;
	int fd, ret, err;

	/* a rename would put a file in the place of /dev/null */
	if (stat(path, &st) || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return write_iov_atomic(path, v, n, mode);
	if ((fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)) < 0)
		return -1;
	ret = write_iov(fd, v, n);
	err = errno;
	if (close(fd) < 0 && !ret) {
		ret = -1;
		err = errno;
	}
	errno = err;
	return ret;
}

int write_iov_atomic(const char *path, const struct iovec *v, int n, mode_t mode)
{
	struct atomic_file af;

	if (atomic_open(&af, path, mode) < 0)
		return -1;
	if (write_iov(af.fd, v, n) < 0) {
		atomic_abort(&af);
		return -1;
	}
	return atomic_commit(&af);
}

int write_file_out(const char *path, const void *buf, size_t len, mode_t mode)
{
	struct iovec v = { (void *)buf, len };

	return write_iov_out(path, &v, 1, mode);
}

int write_file_atomic(const char *path, const void *buf, size_t len, mode_t mode)
{
	struct iovec v = { (void *)buf, len };

	return write_iov_atomic(path, &v, 1, mode);
}
