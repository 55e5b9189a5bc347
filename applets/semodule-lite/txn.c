// SPDX-License-Identifier: Apache-2.0
/* txn.c: libsemanage's transaction on a store, made kill-safe: the locks
 * (semanage.trans.LOCK for a whole change, semanage.read.LOCK around the
 * swap and for readers, flock as libsemanage takes them, so ours and
 * Debian's semodule never interleave), the sandbox tmp/ copied from
 * active/, commit_num, and the swap.  libsemanage renames active/ to
 * previous/ and then tmp/ to active/, and a kill between the two leaves no
 * active/; ours exchanges the two names in one renameat2, so a kill
 * anywhere leaves the old store or the new one. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "semodule.h"

/* libsemanage waits this long for a lock, trying once a second. */
#define LOCK_WAIT 5

int store_lock(struct store *s, const char *file, const char *what)
{
	int fd = sat_open(s->fd, file, O_RDONLY, 0);

	if (fd < 0)
		fd = sat_open(s->fd, file, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0) {
		warn("could not open direct %s at %s/%s: %s", what, s->dir, file, strerror(errno));
		return -1;
	}
	for (int left = LOCK_WAIT;; left--) {
		if (!flock(fd, LOCK_EX | LOCK_NB))
			return fd;
		if (errno != EWOULDBLOCK || left == 0)
			break;
		sleep(1);
	}
	warn("could not get direct %s at %s/%s (another semodule holds it)", what, s->dir, file);
	close(fd);
	return -1;
}

void store_unlock(int fd)
{
	if (fd >= 0)
		close(fd);	/* the flock goes with the last descriptor */
}

int tree_remove(int dfd, const char *name)
{
	int fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	DIR *d;
	struct dirent *e;
	int rc = 0;

	if (fd < 0) {
		if (errno == ENOTDIR || errno == ELOOP)
			return unlinkat(dfd, name, 0);
		return errno == ENOENT ? 0 : -1;
	}
	d = fdopendir(fd);
	if (!d) {
		close(fd);
		return -1;
	}
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			rc |= tree_remove(dirfd(d), e->d_name);
	closedir(d);
	return rc ? -1 : unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Directory sfd's files and directories into dfd (0600 and 0700, as
 * libsemanage's umask 077 makes them); anything else is refused. */
static int tree_copy(int sfd, int dfd)
{
	DIR *d = fdopendir(dup(sfd));
	struct dirent *e;
	int rc = 0;

	if (!d)
		return -1;
	while (!rc && (e = readdir(d))) {
		struct stat st;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		if (fstatat(sfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			rc = -1;
		} else if (S_ISDIR(st.st_mode)) {
			int a, b;

			if (mkdirat(dfd, e->d_name, 0700) < 0)
				rc = -1;
			a = openat(sfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			b = openat(dfd, e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
			if (!rc && (a < 0 || b < 0 || tree_copy(a, b) < 0))
				rc = -1;
			if (a >= 0)
				close(a);
			if (b >= 0)
				close(b);
		} else if (S_ISREG(st.st_mode)) {
			/* A hard link: nothing writes a store's file in place
			 * (sat_write makes a new one), so the copy can share
			 * them.  A filesystem without links gets the bytes. */
			if (linkat(sfd, e->d_name, dfd, e->d_name, 0) < 0) {
				size_t len;
				char *p = errno == EEXIST ? NULL
							  : sat_read(sfd, e->d_name, SMOD_FILE_MAX, &len);

				if (!p || sat_write(dfd, e->d_name, p, len) < 0)
					rc = -1;
				free(p);
			}
		} else {
			errno = EPERM;	/* a link or a device has no place in a store */
			warn("%s: not a file or a directory", e->d_name);
			rc = -1;
		}
	}
	closedir(d);
	return rc;
}

static bool exists(int dfd, const char *name)
{
	struct stat st;

	return !fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW);
}

void store_recover(struct store *s)
{
	/* A swap libsemanage (or ours, where the filesystem cannot exchange
	 * names) did not finish: active/ was renamed away and tmp/ not yet
	 * put in its place.  The old store comes back. */
	if (exists(s->fd, "active") || !exists(s->fd, "previous"))
		return;
	if (renameat(s->fd, "previous", s->fd, "active") < 0)
		die_errno("%s: could not put previous/ back as active/", s->dir);
	warn("%s: an interrupted commit left no active/: the store before it is back", s->dir);
}

int store_serial(int dfd, const char *rel)
{
	char *t = sat_read(dfd, rel, 64, NULL);
	int n = 0;

	if (t && sscanf(t, "%d", &n) != 1)
		n = 0;
	free(t);
	if (n < 0) {
		warn("commit number file %s is corrupted; it should only contain a non-negative "
		     "integer", rel);
		return -1;
	}
	return n;
}

int txn_begin(struct txn *t, struct store *s)
{
	int afd;

	*t = (struct txn){ .s = s, .tmp = -1 };
	t->tmp = -1;
	t->trans = store_lock(s, "semanage.trans.LOCK", "transaction lock");
	if (t->trans < 0)
		return -1;
	store_recover(s);
	/* A sandbox a killed change left is nobody's. */
	if (tree_remove(s->fd, "tmp") < 0 || mkdirat(s->fd, "tmp", 0700) < 0) {
		warn("%s/tmp: %s", s->dir, strerror(errno));
		goto fail;
	}
	afd = sat_open(s->fd, "active", O_RDONLY | O_DIRECTORY, 0);
	t->tmp = sat_open(s->fd, "tmp", O_RDONLY | O_DIRECTORY, 0);
	if (afd < 0 || t->tmp < 0 || tree_copy(afd, t->tmp) < 0) {
		warn("could not copy files to sandbox %s/tmp: %s", s->dir, strerror(errno));
		if (afd >= 0)
			close(afd);
		goto fail;
	}
	close(afd);
	t->modules = sat_open(t->tmp, "modules", O_RDONLY | O_DIRECTORY, 0);
	if (t->modules >= 0)
		return 0;
	warn("%s/tmp/modules: %s", s->dir, strerror(errno));
fail:
	if (t->tmp >= 0)
		close(t->tmp);
	t->tmp = -1;
	tree_remove(s->fd, "tmp");
	store_unlock(t->trans);
	t->trans = -1;
	return -1;
}

void txn_abort(struct txn *t)
{
	if (t->tmp < 0)
		return;
	close(t->modules);
	close(t->tmp);
	t->tmp = -1;
	tree_remove(t->s->fd, "tmp");
	store_unlock(t->trans);
	t->trans = -1;
}

int txn_commit(struct txn *t)
{
	struct store *s = t->s;
	char num[32] = { 0 };
	int n, rlock, ok = 0;

	/* commit_num: the old one plus one, "%d" then NULs, 32 bytes. */
	n = store_serial(t->tmp, "commit_num");
	if (n < 0) {
		txn_abort(t);
		return -1;
	}
	n++;
	snprintf(num, sizeof(num), "%d", n);
	if (sat_write(t->tmp, "commit_num", num, sizeof(num)) < 0 || syncfs(t->tmp) < 0) {
		warn("%s/tmp: %s", s->dir, strerror(errno));
		txn_abort(t);
		return -1;
	}
	rlock = store_lock(s, "semanage.read.LOCK", "read lock");
	if (rlock < 0) {
		txn_abort(t);
		return -1;
	}
	if (renameat2(s->fd, "tmp", s->fd, "active", RENAME_EXCHANGE) == 0) {
		fsync(s->fd);
		if (t->installed && t->installed(t->arg) < 0)
			ok = -1;
		store_unlock(rlock);
		/* tmp/ is the old store now. */
	} else if (errno == EINVAL || errno == ENOSYS) {
		/* A filesystem that cannot exchange: libsemanage's two renames. */
		if (tree_remove(s->fd, "previous") < 0 ||
		    renameat(s->fd, "active", s->fd, "previous") < 0) {
			warn("%s: could not rename active/ to previous/: %s", s->dir, strerror(errno));
			store_unlock(rlock);
			txn_abort(t);
			return -1;
		}
		if (renameat(s->fd, "tmp", s->fd, "active") < 0) {
			warn("%s: could not rename tmp/ to active/: %s", s->dir, strerror(errno));
			if (renameat(s->fd, "previous", s->fd, "active") < 0)
				warn("%s: could not rename previous/ back to active/: %s", s->dir,
				     strerror(errno));
			store_unlock(rlock);
			txn_abort(t);
			return -1;
		}
		fsync(s->fd);
		if (t->installed && t->installed(t->arg) < 0)
			ok = -1;
		store_unlock(rlock);
		tree_remove(s->fd, "previous");
	} else {
		warn("%s: could not put tmp/ in place of active/: %s", s->dir, strerror(errno));
		store_unlock(rlock);
		txn_abort(t);
		return -1;
	}
	close(t->modules);
	close(t->tmp);
	t->tmp = -1;
	/* the change is made: what is left of the old store goes next time */
	if (tree_remove(s->fd, "tmp") < 0)
		warn("%s/tmp (the store before this change): %s; the next change removes it", s->dir,
		     strerror(errno));
	store_unlock(t->trans);
	t->trans = -1;
	return ok < 0 ? -1 : n;
}
