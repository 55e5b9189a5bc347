// SPDX-License-Identifier: Apache-2.0
/* store.c: the policy directory as tomoyo-savepolicy lays it out (stamp
 * directories, current and previous, the DIR/KIND.conf links), read and
 * saved; a save changes current by one rename, so it is all or nothing. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

/* savepolicy writes them in this order; stat is not saved. */
static const enum tmy_kind save_order[] = { TMY_PROFILE, TMY_MANAGER, TMY_EXCEPTION, TMY_DOMAIN };

char *tmy_store_read(const char *dir, int f, char **namep, size_t *lenp)
{
	char *where[2] = {
		xasprintf("%s/%s.conf", dir, tmy_file_name(f)),
		xasprintf("%s/policy/current/%s.conf", dir, tmy_file_name(f)),
	};
	char *text = NULL;
	int status = die_status;

	/* stat.conf is DIR's own file, never saved in a stamp directory. */
	for (int i = 0; i < (f == TMY_STAT ? 1 : 2) && !text; i++) {
		int fd = root_open(where[i], O_RDONLY, 0);
		char *name;

		if (fd < 0 && errno == ENOENT)
			continue;
		name = root_file(where[i], 0);
		if (!name)
			name = xstrdup(where[i]);
		if (fd < 0)
			die_errno("%s", str_esc(name, SIZE_MAX));
		die_status = 2;
		text = xread_text_fd(fd, str_esc(name, SIZE_MAX), TMY_TEXT_MAX, lenp);
		die_status = status;
		close(fd);
		*namep = name;
	}
	free(where[0]);
	free(where[1]);
	return text;
}

/* Where a save is, for cleaning up after a failure. */
struct save {
	char *dir;	/* DIR on the host */
	char *pol;	/* DIR/policy */
	char *tmp;	/* the stamp directory being written, or NULL */
	char *stamp;	/* its name once renamed, or NULL */
};

static void rm_stamp(const char *d)
{
	for (size_t i = 0; i < ARRAY_SIZE(save_order); i++) {
		char *f = xasprintf("%s/%s.conf", d, tmy_kind_name(save_order[i]));

		unlink(f);
		free(f);
	}
	rmdir(d);
}

/* A failed save: what it made is removed, current was not touched. */
static noreturn void save_failed(struct save *s, const char *what)
{
	int err = errno;

	if (s->tmp)
		rm_stamp(s->tmp);
	if (s->stamp) {
		char *d = xasprintf("%s/%s", s->pol, s->stamp);

		rm_stamp(d);
		free(d);
	}
	errno = err;
	die_errno("%s: nothing saved (%s/current is as it was)", str_esc(what, SIZE_MAX),
		  str_esc(s->pol, SIZE_MAX));
}

/* Link dir/name to target, replacing what is there by a rename, so that
 * the name always leads to the old target or the new one.  The link is
 * made as ".NAME.lsmbox-new": a save killed before its rename leaves it,
 * and the next save (under the same lock) removes it first (clear_left). */
static int relink(const char *dir, const char *name, const char *target)
{
	char *tmp = xasprintf("%s/.%s.lsmbox-new", dir, name), *path = xasprintf("%s/%s", dir, name);
	int rc;

	rc = symlink(target, tmp);
	if (!rc && (rc = rename(tmp, path)) < 0) {
		int err = errno;

		unlink(tmp);
		errno = err;
	}
	free(tmp);
	free(path);
	return rc;
}

/* What a save killed part way leaves, removed by the next under its lock:
 * the stamp directory being written and the links not yet renamed. */
static void clear_left(const struct save *s)
{
	char *d = xasprintf("%s/.lsmbox-new", s->pol);

	rm_stamp(d);
	free(d);
	for (size_t i = 0; i < 2 + ARRAY_SIZE(save_order); i++) {
		char *f = i == 0 ? xasprintf("%s/.previous.lsmbox-new", s->pol)
			: i == 1 ? xasprintf("%s/.current.lsmbox-new", s->pol)
				 : xasprintf("%s/.%s.conf.lsmbox-new", s->dir, tmy_kind_name(save_order[i - 2]));

		unlink(f);
		free(f);
	}
}

static char *stamp_now(void)
{
	time_t t = time(NULL);
	struct tm tm;
	char s[32];

	localtime_r(&t, &tm);
	strftime(s, sizeof(s), "%y-%m-%d.%H:%M:%S", &tm);
	return xstrdup(s);
}

/* The files into a new directory under a temporary name, each synced. */
static void write_stamp(struct save *s, char *const text[TMY_KINDS], const size_t len[TMY_KINDS])
{
	s->tmp = xasprintf("%s/.lsmbox-new", s->pol);
	if (mkdir(s->tmp, 0700) < 0) {
		int err = errno;

		free(s->tmp);
		s->tmp = NULL;
		errno = err;
		save_failed(s, s->pol);
	}
	for (size_t i = 0; i < ARRAY_SIZE(save_order); i++) {
		enum tmy_kind k = save_order[i];
		char *f = xasprintf("%s/%s.conf", s->tmp, tmy_kind_name(k));
		int fd = open(f, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);

		if (fd < 0 || write_all(fd, text[k], len[k]) < 0 || fsync(fd) < 0 ||
		    close(fd) < 0)
			save_failed(s, f);
		free(f);
	}
	if (fsync_dir(s->tmp) < 0)
		save_failed(s, s->tmp);
}

int tmy_store_save(const char *dir, char *const text[TMY_KINDS], const size_t len[TMY_KINDS],
		   bool need_policy)
{
	struct save s = { xroot_file(dir, 0), NULL, NULL, NULL };
	char *pol = xasprintf("%s/policy", dir), buf[4096];
	struct stat st;
	ssize_t n;
	int rc = 0, lock;

	if (stat(s.dir, &st) < 0 && need_policy) {
		fprintf(stderr, "Directory %s/policy/ doesn't exist.\n", dir);
		exit(1);
	}
	if (stat(s.dir, &st) < 0)
		die_errno("%s", str_esc(s.dir, SIZE_MAX));
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno("%s", str_esc(s.dir, SIZE_MAX));
	}
	s.pol = xroot_file(pol, 0);
	free(pol);
	if (stat(s.pol, &st) < 0) {
		if (errno != ENOENT)
			die_errno("%s", str_esc(s.pol, SIZE_MAX));
		if (need_policy) {
			fprintf(stderr, "Directory %s/policy/ doesn't exist.\n", dir);
			exit(1);
		}
		/* Stamp directories hold policy: only root reads them. */
		if (mkdir(s.pol, 0700) < 0)
			die_errno("%s", str_esc(s.pol, SIZE_MAX));
	}
	/* One save at a time: a second waits for the first.  Under the lock,
	 * what a killed save left is no one's. */
	lock = open(s.pol, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (lock < 0 || flock(lock, LOCK_EX) < 0)
		die_errno("%s", str_esc(s.pol, SIZE_MAX));
	clear_left(&s);
	write_stamp(&s, text, len);
	/* Two saves in one second: the second waits for its own stamp. */
	for (int tries = 0;; tries++) {
		struct timespec now;
		char *to;

		s.stamp = stamp_now();
		to = xasprintf("%s/%s", s.pol, s.stamp);
		if (!rename(s.tmp, to)) {
			free(to);
			break;
		}
		if ((errno != EEXIST && errno != ENOTEMPTY) || tries == 2) {
			free(s.stamp);
			s.stamp = NULL;
			save_failed(&s, to);
		}
		free(to);
		free(s.stamp);
		s.stamp = NULL;
		clock_gettime(CLOCK_REALTIME, &now);
		now.tv_sec = 0;
		now.tv_nsec = 1000000000L - now.tv_nsec;
		nanosleep(&now, NULL);
	}
	free(s.tmp);
	s.tmp = NULL;
	if (fsync_dir(s.pol) < 0)
		save_failed(&s, s.pol);
	/* previous: what current named (none on a first save). */
	{
		char *cur = xasprintf("%s/current", s.pol);

		n = readlink(cur, buf, sizeof(buf) - 1);
		if (n < 0 && errno != ENOENT)
			save_failed(&s, cur);
		if (n >= 0) {
			buf[n] = 0;
			if (relink(s.pol, "previous", buf) < 0)
				save_failed(&s, s.pol);
		}
		free(cur);
	}
	/* current: savepolicy's links end in a slash. */
	{
		char *target = xasprintf("%s/", s.stamp);

		if (relink(s.pol, "current", target) < 0)
			save_failed(&s, s.pol);
		free(target);
	}
	free(s.stamp);
	s.stamp = NULL;
	if (fsync_dir(s.pol) < 0)
		warn_errno("%s", str_esc(s.pol, SIZE_MAX));
	for (size_t i = 0; i < ARRAY_SIZE(save_order); i++) {
		const char *k = tmy_kind_name(save_order[i]);
		char *name = xasprintf("%s.conf", k), *link = xasprintf("%s/%s", s.dir, name);
		char *target = xasprintf("policy/current/%s", name);

		if (!lstat(link, &st) && !S_ISLNK(st.st_mode)) {
			warn("%s is not a link to %s: left as it is (tomoyo-init loads it, not the "
			     "policy saved)", str_esc(link, SIZE_MAX), target);
			rc = 1;
		} else if ((n = readlink(link, buf, sizeof(buf) - 1)) < 0 || (buf[n] = 0, strcmp(buf, target))) {
			if (relink(s.dir, name, target) < 0) {
				warn_errno("%s", str_esc(link, SIZE_MAX));
				rc = 1;
			}
		}
		free(name);
		free(link);
		free(target);
	}
	if (fsync_dir(s.dir) < 0)
		warn_errno("%s", str_esc(s.dir, SIZE_MAX));
	close(lock);
	free(s.dir);
	free(s.pol);
	return rc;
}
