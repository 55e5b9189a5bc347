// SPDX-License-Identifier: Apache-2.0
/* cache.c: the policy cache as apparmor_parser 3.0.8 and libapparmor keep
 * it.  Under each location (-L, default /var/cache/apparmor) a directory
 * for one set of kernel features (features.c names it: ID.0, or ID.N on a
 * hash collision) holding .features (the features text it was built for)
 * and, for each profile file, a file of the same base name holding the
 * records that file compiles to, with the modification time of the newest
 * file read to compile it.  An entry is used only when its header and
 * version are those this compile would write and nothing read is newer;
 * it is written whole (a temporary file beside it, renamed) or not at
 * all.  The first location is the one written; the others (at most
 * three) are read after it. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

int aa_cache_locs(const char *arg, char **locs)
{
	const char *s = arg, *p = arg;
	int n = 0;

	/* apparmor_parser's parse_cacheloc: empty names skipped; its "\,"
	 * escape does not work (the backslash steps onto the comma, which
	 * then separates), so a backslash is a character like another */
	for (;; p++) {
		if (*p == ',' || !*p) {
			if (p != s) {
				if (n == AA_CACHE_LOCS) {
					while (n)
						free(locs[--n]);
					errno = E2BIG;
					return -1;
				}
				locs[n++] = xstrndup(s, (size_t)(p - s));
			}
			if (!*p)
				return n;
			s = p + 1;
		}
	}
}

/* clear_cache_cb: the regular files and symbolic links under dir and its
 * directories removed, other files left.  (libapparmor follows a link: to
 * a file it removes the link, to a directory what is in it.)  0 or -1 and
 * errno. */
static int clear(const char *dir, bool self)
{
	DIR *d = opendir(dir);
	char **names;
	int n, rc = 0;

	if (!d)
		return -1;
	n = aa_dir_names(d, 65536, &names);
	closedir(d);
	if (n < 0) {
		errno = EFBIG;
		return -1;
	}
	for (int i = 0; i < n && !rc; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		struct stat st;

		if (lstat(p, &st) < 0)
			rc = -1;
		else if (S_ISREG(st.st_mode) || S_ISLNK(st.st_mode))
			rc = unlink(p);
		else if (S_ISDIR(st.st_mode))
			rc = clear(p, true);
		free(p);
	}
	aa_names_free(names, n);
	if (!rc && self)
		rc = rmdir(dir);
	return rc;
}

int aa_cache_purge(const char *loc)
{
	return clear(loc, false);
}

/* open_or_create_cache_dir and init_cache_features: loc's directory for
 * the kernel features, made (with .features) when create; xmalloc'd, or
 * NULL and errno (ENOENT: there is none, EEXIST: other features hold
 * it). */
static char *cache_open(const char *loc, bool create, bool check)
{
	char *dir = aa_cache_dir(loc), *f;
	struct stat st;
	int rc;

	if (!dir)
		return NULL;
	if (stat(dir, &st) < 0 && errno == ENOENT && create) {
		if (mkdir(loc, 0700) < 0 && errno != EEXIST) {
			warn("Can't create cache location '%s': %s", loc, strerror(errno));
			goto fail;
		}
		if (mkdir(dir, 0700) < 0 && errno != EEXIST) {
			warn("Can't create cache directory '%s': %s", dir, strerror(errno));
			goto fail;
		}
	}
	if (stat(dir, &st) < 0)
		goto fail;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		goto fail;
	}
	if (!check)
		goto found;
	if ((rc = aa_cache_features(dir)) == 1)
		goto found;
	if (!rc) {
		errno = EEXIST;
		goto fail;
	}
	if (!create || errno != ENOENT)
		goto fail;
	/* create_cache: what was there goes, .features is written */
	f = xasprintf("%s/.features", dir);
	rc = clear(dir, false) < 0 ? -1 : aa_features_write(f);
	free(f);
	if (rc)
		goto fail;
found:
	/* named as the anchor names it: the real path */
	if ((f = realpath(dir, NULL))) {
		free(dir);
		return f;
	}
fail:
	rc = errno;
	free(dir);
	errno = rc;
	return NULL;
}

int aa_cache_open(struct aa_cache *c, char *const *locs, int n, bool create, bool quiet)
{
	*c = (struct aa_cache){ 0 };
	if (!(c->dir[0] = cache_open(locs[0], create, true)))
		return -1;
	c->n = 1;
	/* aa_policy_cache_add_ro_dir: a directory for these features, its
	 * .features not read */
	for (int i = 1; i < n; i++) {
		if ((c->dir[c->n] = cache_open(locs[i], false, false)))
			c->n++;
		else if (!quiet)
			warn("Cache: failed to add read only location '%s', does not contain valid cache "
			     "directory for the specified feature set", locs[i]);
	}
	return 0;
}

void aa_cache_close(struct aa_cache *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->dir[i]);
	*c = (struct aa_cache){ 0 };
}

char *aa_cache_find(const struct aa_cache *c, const char *name)
{
	for (int i = 0; i < c->n; i++) {
		char *p = xasprintf("%s/%s", c->dir[i], name);
		int fd = open(p, O_RDONLY | O_CLOEXEC);

		if (fd >= 0) {
			close(fd);
			return p;
		}
		free(p);
	}
	return NULL;
}

/* The header every record set starts with: the version's name, its
 * type (u32), then the version itself (little-endian). */
static const uint8_t header[12] = { 4, 8, 0, 'v', 'e', 'r', 's', 'i', 'o', 'n', 0, 2 };

int aa_cache_valid(const char *path, uint32_t version, struct timespec *mtime)
{
	uint8_t b[16];
	struct stat st;
	ssize_t n;
	int fd;

	/* valid_read_cache and valid_cached_file_version */
	if (stat(path, &st) < 0 || st.st_size == 0)
		return 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		warn("Error: Could not read cache file '%s', skipping...", path);
		return 0;
	}
	n = read(fd, b, sizeof(b));
	close(fd);
	if (n != (ssize_t)sizeof(b) || memcmp(b, header, sizeof(header)) ||
	    (b[12] | b[13] << 8 | b[14] << 16 | (uint32_t)b[15] << 24) != version)
		return 0;
	*mtime = st.st_mtim;
	return 1;
}

int aa_cache_write(const struct aa_cache *c, const char *name, const uint8_t *p, size_t n,
		   struct timespec mtime)
{
	struct timespec t[2] = { { 0, UTIME_OMIT }, mtime };
	char *path = xasprintf("%s/%s", c->dir[0], name);
	struct atomic_file af;
	int rc = -1;

	/* as old as the newest file read to make it: a newer one is a miss */
	if (atomic_open(&af, path, 0600) == 0) {
		if (write_all(af.fd, p, n) < 0 || futimens(af.fd, t) < 0)
			atomic_abort(&af);
		else
			rc = atomic_commit(&af);
	}
	if (rc < 0)
		warn("Warning failed to write cache: %s: %s", path, strerror(errno));
	free(path);
	return rc;
}
