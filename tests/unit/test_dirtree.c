// SPDX-License-Identifier: Apache-2.0
/* test_dirtree.c: the tree walker: order, depth bounds, links followed or
 * not, loops, the --root jail, and errors that the walk goes on past. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "unit.h"

static char *at(const char *rel)
{
	return xasprintf("%s/%s", unit_tmpdir(), rel);
}

static void mk(const char *rel)
{
	char *p = at(rel);

	CHECK_INT(mkdir(p, 0755), 0);
	free(p);
}

static void touch(const char *rel)
{
	char *p = at(rel);
	int fd = open(p, O_WRONLY | O_CREAT | O_EXCL, 0644);

	CHECK(fd >= 0);
	close(fd);
	free(p);
}

static void ln(const char *target, const char *rel)
{
	char *p = at(rel);

	CHECK_INT(symlink(target, p), 0);
	free(p);
}

/* Each entry as "DEPTH TYPE PATH", each error as "! PATH: strerror"; the
 * paths with the test's directory shown as T. */
struct rec {
	struct buf out;
	int skip_depth;		/* SKIP directories at this depth (-1: none) */
	const char *stop_at;	/* STOP at the entry with this path */
	int stop_on_error;
};

static const char *shown(const char *path)
{
	size_t n = strlen(unit_tmpdir());

	return strncmp(path, unit_tmpdir(), n) ? path : xasprintf("T%s", path + n);
}

static int rec_fn(const struct dirtree_ent *e, void *arg)
{
	struct rec *r = arg;
	const struct stat *st = e->st;
	struct stat again;

	/* dirfd and name name the entry itself (a followed link's target). */
	CHECK_INT(fstatat(e->dirfd, e->name, &again, AT_SYMLINK_NOFOLLOW), 0);
	CHECK(again.st_ino == st->st_ino && again.st_dev == st->st_dev);
	buf_printf(&r->out, "%d %c %s\n", e->depth,
		   S_ISDIR(st->st_mode) ? 'd' : S_ISLNK(st->st_mode) ? 'l' : 'f', shown(e->path));
	if (r->stop_at && !strcmp(shown(e->path), r->stop_at))
		return DIRTREE_STOP;
	return S_ISDIR(st->st_mode) && e->depth == r->skip_depth ? DIRTREE_SKIP : DIRTREE_CONTINUE;
}

static int rec_err(const struct dirtree_ent *e, int err, void *arg)
{
	struct rec *r = arg;

	buf_printf(&r->out, "! %s: %s\n", shown(e->path), strerror(err));
	return r->stop_on_error ? DIRTREE_STOP : DIRTREE_CONTINUE;
}

/* The walk of path with these flags, as text; *retp its return value. */
static char *walk(const char *path, unsigned flags, int maxdepth, struct rec *r, int *retp)
{
	struct rec local = { BUF_INIT(0), -1, NULL, 0 };
	struct dirtree t = { flags, maxdepth, rec_fn, rec_err, NULL, 0, 0 };
	int ret;

	if (!r)
		r = &local;
	t.arg = r;
	ret = dirtree_walk(&t, path);
	if (retp)
		*retp = ret;
	CHECK_INT(ret, t.errors ? 1 : 0);
	buf_put_u8(&r->out, 0);
	return (char *)r->out.p;
}

static void tree(void)
{
	mk("t");
	mk("t/b");
	mk("t/c");
	mk("t/b/y");
	touch("t/a");
	touch("t/b/x");
	touch("t/b/y/z");
}

#define TREE "0 d T/t\n1 f T/t/a\n1 d T/t/b\n2 f T/t/b/x\n2 d T/t/b/y\n3 f T/t/b/y/z\n1 d T/t/c\n"

static int cmp_line(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *sorted_lines(char *s)
{
	char *lines[64], *line;
	int n = 0;
	struct buf b = BUF_INIT(0);

	while ((line = next_line(&s)) && n < 64)
		lines[n++] = line;
	qsort(lines, (size_t)n, sizeof(*lines), cmp_line);
	for (int i = 0; i < n; i++)
		buf_printf(&b, "%s\n", lines[i]);
	buf_put_u8(&b, 0);
	return (char *)b.p;
}

TEST(dirtree_sorted_and_readdir_order)
{
	char *p;

	tree();
	p = at("t/");
	CHECK_STR(walk(p, DIRTREE_SORT, 0, NULL, NULL), TREE);
	CHECK_STR(sorted_lines(walk(p, 0, 0, NULL, NULL)), sorted_lines(xstrdup(TREE)));
}

TEST(dirtree_maxdepth)
{
	tree();
	CHECK_STR(walk(at("t"), DIRTREE_SORT, 1, NULL, NULL),
		  "0 d T/t\n1 f T/t/a\n1 d T/t/b\n1 d T/t/c\n");
	CHECK_STR(walk(at("t"), DIRTREE_SORT, 2, NULL, NULL),
		  "0 d T/t\n1 f T/t/a\n1 d T/t/b\n2 f T/t/b/x\n2 d T/t/b/y\n1 d T/t/c\n");
	CHECK_STR(walk(at("t"), DIRTREE_SORT, 3, NULL, NULL), TREE);
	CHECK_STR(walk(at("t/a"), DIRTREE_SORT, 1, NULL, NULL), "0 f T/t/a\n");
}

static int count_fn(const struct dirtree_ent *e, void *arg)
{
	int *deepest = arg;

	if (e->depth > *deepest)
		*deepest = e->depth;
	return DIRTREE_CONTINUE;
}

static int count_err(const struct dirtree_ent *e, int err, void *arg)
{
	(void)arg;
	CHECK_INT(err, ENAMETOOLONG);
	CHECK_INT(e->depth, DIRTREE_MAXDEPTH);
	return DIRTREE_CONTINUE;
}

/* Without a maxdepth of the caller's: a chain DIRTREE_MAXDEPTH deep is
 * walked whole; one entry more below it is an error, not visited. */
TEST(dirtree_default_depth_bound)
{
	int fd = open(unit_tmpdir(), O_RDONLY | O_DIRECTORY), deepest = -1;
	struct dirtree t = { 0, 0, count_fn, count_err, &deepest, 0, 0 };

	for (int i = 0; i < DIRTREE_MAXDEPTH; i++) {
		int next;

		CHECK_INT(mkdirat(fd, "d", 0755), 0);
		next = openat(fd, "d", O_RDONLY | O_DIRECTORY);
		CHECK(next >= 0);
		close(fd);
		fd = next;
	}
	CHECK_INT(dirtree_walk(&t, at("d")), 0);
	CHECK_INT(deepest, DIRTREE_MAXDEPTH - 1);
	CHECK_INT(mkdirat(fd, "d", 0755), 0);	/* depth DIRTREE_MAXDEPTH, empty */
	deepest = -1;
	CHECK_INT(dirtree_walk(&t, at("d")), 0);
	CHECK_INT(deepest, DIRTREE_MAXDEPTH);
	CHECK_INT(mkdirat(fd, "d/e", 0755), 0);
	deepest = -1;
	CHECK_INT(dirtree_walk(&t, at("d")), 1);
	CHECK_INT(t.errors, 1);
	CHECK_INT(deepest, DIRTREE_MAXDEPTH);
	/* A maxdepth of the caller's may go further. */
	t.maxdepth = DIRTREE_MAXDEPTH + 1;
	deepest = -1;
	CHECK_INT(dirtree_walk(&t, at("d")), 0);
	CHECK_INT(deepest, DIRTREE_MAXDEPTH + 1);
	close(fd);
}

TEST(dirtree_skip_and_stop)
{
	struct rec r = { BUF_INIT(0), 1, NULL, 0 };
	struct dirtree t = { DIRTREE_SORT, 0, rec_fn, rec_err, &r, 0, 0 };

	tree();
	CHECK_STR(walk(at("t"), DIRTREE_SORT, 0, &r, NULL),
		  "0 d T/t\n1 f T/t/a\n1 d T/t/b\n1 d T/t/c\n");
	r = (struct rec){ BUF_INIT(0), -1, "T/t/b/x", 0 };
	CHECK_INT(dirtree_walk(&t, at("t")), 0);
	CHECK(t.stopped);
	buf_put_u8(&r.out, 0);
	CHECK_STR((char *)r.out.p, "0 d T/t\n1 f T/t/a\n1 d T/t/b\n2 f T/t/b/x\n");
}

/* A link to an ancestor: shown as a link; followed, a loop reported and
 * the walk going on.  A link loop: an error on each link. */
TEST(dirtree_loops)
{
	int ret;

	mk("t");
	mk("t/a");
	mk("t/b");
	touch("t/b/f");
	ln("..", "t/a/up");
	ln("y", "t/x");
	ln("x", "t/y");
	CHECK_STR(walk(at("t"), DIRTREE_SORT, 0, NULL, &ret),
		  "0 d T/t\n1 d T/t/a\n2 l T/t/a/up\n1 d T/t/b\n2 f T/t/b/f\n1 l T/t/x\n1 l T/t/y\n");
	CHECK_INT(ret, 0);
	CHECK_STR(walk(at("t"), DIRTREE_SORT | DIRTREE_FOLLOW, 0, NULL, &ret),
		  "0 d T/t\n1 d T/t/a\n! T/t/a/up: Too many levels of symbolic links\n"
		  "1 d T/t/b\n2 f T/t/b/f\n"
		  "! T/t/x: Too many levels of symbolic links\n"
		  "! T/t/y: Too many levels of symbolic links\n");
	CHECK_INT(ret, 1);
}

static int name_fn(const struct dirtree_ent *e, void *arg)
{
	struct buf *b = arg;

	buf_printf(b, "%s=%s ", shown(e->path), e->name);
	return DIRTREE_CONTINUE;
}

/* A followed link is its target; a dangling one stays a link; the start
 * is followed with DIRTREE_FOLLOW or DIRTREE_FOLLOW_START only. */
TEST(dirtree_follow)
{
	struct buf b = BUF_INIT(0);
	struct dirtree t = { DIRTREE_FOLLOW | DIRTREE_SORT, 0, name_fn, NULL, &b, 0, 0 };

	mk("t");
	mk("t/a");
	mk("t/b");
	touch("t/b/f");
	ln("../b", "t/a/s");
	ln("nowhere", "t/a/dangling");
	ln("t/b", "start");
	CHECK_STR(walk(at("t/a"), DIRTREE_SORT | DIRTREE_FOLLOW, 0, NULL, NULL),
		  "0 d T/t/a\n1 l T/t/a/dangling\n1 d T/t/a/s\n2 f T/t/a/s/f\n");
	CHECK_INT(dirtree_walk(&t, at("t/a")), 0);
	buf_put_u8(&b, 0);
	CHECK_STR((char *)b.p, "T/t/a=a T/t/a/dangling=dangling T/t/a/s=b T/t/a/s/f=f ");
	CHECK_STR(walk(at("start"), DIRTREE_SORT, 0, NULL, NULL), "0 l T/start\n");
	CHECK_STR(walk(at("start"), DIRTREE_FOLLOW_START, 0, NULL, NULL),
		  "0 d T/start\n1 f T/start/f\n");
	CHECK_STR(walk(at("t/a"), DIRTREE_FOLLOW_START | DIRTREE_SORT, 0, NULL, NULL),
		  "0 d T/t/a\n1 l T/t/a/dangling\n1 l T/t/a/s\n");
}

/* Under a root, links resolve in the image: one to a host directory (by
 * an absolute path, or climbing past the root) is not followed there. */
TEST(dirtree_root_jail)
{
	char *host = at("host"), *climb;
	int ret;

	mk("host");
	touch("host/secret");
	mk("img");
	mk("img/etc");
	mk("img/data");
	touch("img/data/f");
	ln(host, "img/etc/out");
	climb = xasprintf("../../../../../../../..%s", host);
	ln(climb, "img/etc/rel");
	ln("/data", "img/etc/in");
	ln("/etc", "img/s");
	ln("l2", "img/l1");
	ln("l1", "img/l2");
	root_set(at("img"));
	CHECK_STR(walk("/etc", DIRTREE_SORT | DIRTREE_FOLLOW, 0, NULL, &ret),
		  "0 d /etc\n1 d /etc/in\n2 f /etc/in/f\n1 l /etc/out\n1 l /etc/rel\n");
	CHECK_INT(ret, 0);
	CHECK_STR(walk("/s/", DIRTREE_SORT | DIRTREE_FOLLOW_START, 0, NULL, NULL),
		  "0 d /s\n1 l /s/in\n1 l /s/out\n1 l /s/rel\n");
	CHECK_STR(walk("/s", DIRTREE_SORT, 0, NULL, NULL), "0 l /s\n");
	CHECK_STR(walk("../s/../data", DIRTREE_SORT, 0, NULL, NULL),
		  "0 d ../s/../data\n1 f ../s/../data/f\n");
	CHECK_STR(walk("/l1/x", 0, 0, NULL, &ret),
		  "! /l1/x: Too many levels of symbolic links\n");
	CHECK_INT(ret, 1);
	CHECK_STR(walk("/", DIRTREE_SORT, 1, NULL, NULL),
		  "0 d /\n1 d /data\n1 d /etc\n1 l /l1\n1 l /l2\n1 l /s\n");
	/* With the host as the root (--root /), "out" reaches the host dir. */
	root_set("/");
	CHECK(strstr(walk(at("img/etc"), DIRTREE_FOLLOW, 0, NULL, NULL), "/out/secret"));
}

static void unreadable_child(void *arg)
{
	struct rec r = { BUF_INIT(0), -1, NULL, 0 };
	struct dirtree t = { DIRTREE_SORT, 0, rec_fn, rec_err, &r, 0, 0 };

	(void)arg;
	if (setresgid(65534, 65534, 65534) < 0 || setresuid(65534, 65534, 65534) < 0)
		unit_fail(__FILE__, __LINE__, "setresuid: %s", strerror(errno));
	printf("%d\n", dirtree_walk(&t, at("t")));
	buf_put_u8(&r.out, 0);
	fputs((char *)r.out.p, stdout);
	t.on_error = NULL;
	printf("%d %u\n", dirtree_walk(&t, at("t")), t.errors);
}

/* An unreadable directory is an error on it, and the walk goes on. */
TEST(dirtree_unreadable_dir)
{
	struct child c;
	char *want;

	mk("t");
	mk("t/a");
	mk("t/locked");
	touch("t/a/f");
	touch("t/locked/secret");
	touch("t/z");
	CHECK_INT(chmod(unit_tmpdir(), 0755), 0);
	CHECK_INT(chmod(at("t/locked"), 0700), 0);
	c = run_child(unreadable_child, NULL);
	CHECK_INT(c.status, 0);
	want = "1\n0 d T/t\n1 d T/t/a\n2 f T/t/a/f\n1 d T/t/locked\n"
	       "! T/t/locked: Permission denied\n1 f T/t/z\n1 1\n";
	{
		/* rec_fn's lines and the default message name the real directory. */
		char *got = c.out, *line;
		struct buf b = BUF_INIT(0);

		while ((line = next_line(&got)))
			buf_printf(&b, "%s\n", line);
		buf_put_u8(&b, 0);
		CHECK_STR((char *)b.p, want);
	}
	CHECK_STR(c.err, xasprintf("lsmbox: %s: Permission denied\n", at("t/locked")));
	child_free(&c);
}
