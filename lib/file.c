// SPDX-License-Identifier: Apache-2.0
/* file.c: whole-file reads (including /proc and sysfs, whose sizes lie) and
 * atomic replacement: temp file in the same directory, fsync, rename. */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

int atomic_open(struct atomic_file *af, const char *path, mode_t mode)
{
	char *copy = xstrdup(path), *base = basename(copy);
	const char *slash = strrchr(path, '/');
	int dirlen = slash ? (int)(slash - path + 1) : 0, ok;
	struct stat st;

	/* ".NAME.XXXXXX" beside the target, so rename() never crosses filesystems. */
	af->tmp = xasprintf("%.*s.%s.XXXXXX", dirlen, path, base);
	free(copy);
	af->path = xstrdup(path);
	af->fd = mkostemp(af->tmp, O_CLOEXEC);
	if (af->fd < 0) {
		int err = errno;

		free(af->tmp);
		free(af->path);
		errno = err;
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

	if (af->fd >= 0)
		close(af->fd);
	if (af->tmp)
		unlink(af->tmp);
	free(af->tmp);
	free(af->path);
	af->fd = -1;
	af->tmp = af->path = NULL;
	errno = err;
}

int atomic_commit(struct atomic_file *af)
{
	int ret = fsync(af->fd), err = errno;

	if (close(af->fd) < 0 && ret == 0) {
		ret = -1;
		err = errno;
	}
	af->fd = -1;
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
	ret = fsync_dir_of(af->path);
	err = errno;
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
