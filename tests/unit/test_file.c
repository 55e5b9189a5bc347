// SPDX-License-Identifier: Apache-2.0
/* test_file.c: whole-file reads and atomic replacement, including a process
 * killed between writing the new content and renaming it into place. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <unistd.h>

#include "lsmbox.h"
#include "unit.h"

static char *path_in(const char *name)
{
	return xasprintf("%s/%s", unit_tmpdir(), name);
}

static int count_in(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
}

static int entries(void)
{
	return count_in(unit_tmpdir());
}

/* fn in a child, given a new directory NAME of the test's own */
static struct child run_in_dir(const char *name, void (*fn)(void *))
{
	char *dir = path_in(name);

	if (mkdir(dir, 0755) < 0)
		unit_fail(__FILE__, __LINE__, "mkdir of the child's directory");
	return run_child(fn, dir);
}

TEST(read_file_proc_has_no_size)
{
	size_t len;
	char *s = read_file("/proc/self/status", &len);

	CHECK(s != NULL);
	CHECK(len > 0 && strlen(s) == len);
	CHECK(strncmp(s, "Name:", 5) == 0);
	free(s);
}

TEST(read_file_missing)
{
	errno = 0;
	CHECK(read_file("/nonexistent/x", NULL) == NULL);
	CHECK_INT(errno, ENOENT);
}

TEST(read_file_large_and_binary)
{
	char *p = path_in("big");
	size_t n = 100000, len;
	char *data = xmalloc(n), *back;

	for (size_t i = 0; i < n; i++)
		data[i] = (char)(i * 7);
	CHECK_INT(write_file_atomic(p, data, n, 0644), 0);
	back = read_file(p, &len);
	CHECK_INT(len, n);
	CHECK(memcmp(back, data, n) == 0);
	CHECK_INT(back[n], 0);
}

TEST(atomic_new_file_gets_mode_less_umask)
{
	char *p = path_in("new");
	struct stat st;

	umask(022);
	CHECK_INT(write_file_atomic(p, "hello\n", 6, 0666), 0);
	CHECK_STR(read_file(p, NULL), "hello\n");
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_mode & 07777, 0644);
	CHECK_INT(entries(), 1);
}

TEST(atomic_replace_keeps_mode)
{
	char *p = path_in("keep");
	struct stat st;

	CHECK_INT(write_file_atomic(p, "old\n", 4, 0600), 0);
	CHECK_INT(chmod(p, 0640), 0);
	CHECK_INT(write_file_atomic(p, "new\n", 4, 0666), 0);
	CHECK_STR(read_file(p, NULL), "new\n");
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_mode & 07777, 0640);
	CHECK_INT(entries(), 1);
}

TEST(atomic_abort_leaves_old_and_no_temp)
{
	char *p = path_in("abort");
	struct atomic_file af;

	CHECK_INT(write_file_atomic(p, "old\n", 4, 0644), 0);
	CHECK_INT(atomic_open(&af, p, 0644), 0);
	CHECK(write_all(af.fd, "half", 4) == 4);
	atomic_abort(&af);
	CHECK_STR(read_file(p, NULL), "old\n");
	CHECK_INT(entries(), 1);
}

TEST(atomic_missing_directory_fails_cleanly)
{
	char *p = path_in("no/such/file");

	CHECK_INT(write_file_atomic(p, "x", 1, 0644), -1);
	CHECK_INT(errno, ENOENT);
	CHECK_INT(entries(), 0);
}

/* The writer is killed after all the new bytes are written and synced, just
 * before the rename: the reader must still see the whole old file. */
static void killed_before_rename(void *arg)
{
	struct atomic_file af;
	static char big[1 << 20];

	memset(big, 'n', sizeof(big));
	if (atomic_open(&af, arg, 0644) < 0 || write_all(af.fd, big, sizeof(big)) < 0 ||
	    fsync(af.fd) < 0)
		_exit(3);
	kill(getpid(), SIGKILL);
}

TEST(atomic_kill_between_write_and_rename_leaves_old)
{
	char *p = path_in("victim");
	struct child c;

	CHECK_INT(write_file_atomic(p, "old content\n", 12, 0644), 0);
	c = run_child(killed_before_rename, p);
	CHECK_INT(c.status, 128 + SIGKILL);
	CHECK_STR(read_file(p, NULL), "old content\n");
	/* The data went to an O_TMPFILE file: killed before its link, the
	 * writer leaves nothing beside the target. */
	CHECK_INT(entries(), 1);
}

/* Killed between naming its temp file and the rename, a writer leaves
 * ".NAME.lsmbox-new", unlocked: the next writer of NAME removes it.  Made
 * here by hand, as the kill-point tests of the applets make it for real. */
TEST(atomic_dead_writers_temp_is_removed_by_the_next)
{
	char *p = path_in("t"), *t = path_in(".t.lsmbox-new");

	CHECK_INT(write_file_atomic(p, "old\n", 4, 0644), 0);
	CHECK_INT(write_file_atomic(t, "left\n", 5, 0644), 0);
	CHECK_INT(entries(), 2);
	CHECK_INT(write_file_atomic(p, "new\n", 4, 0644), 0);
	CHECK_STR(read_file(p, NULL), "new\n");
	CHECK_INT(entries(), 1);
}

/* A live writer's temp file (locked) is left alone: the second writer
 * takes a name of its own, which is gone after its rename. */
static void hold_lock(void *arg)
{
	int fd = open(arg, O_RDWR | O_CREAT, 0600);

	if (fd < 0 || flock(fd, LOCK_EX) < 0 || write(1, "locked\n", 7) != 7)
		_exit(3);
	pause();
}

TEST(atomic_live_writers_temp_is_left_alone)
{
	char *p = path_in("l"), *t = path_in(".l.lsmbox-new");
	int fds[2], r, left, n;
	char buf[8] = "";
	ssize_t got;
	pid_t pid;

	CHECK_INT(write_file_atomic(p, "old\n", 4, 0644), 0);
	CHECK_INT(pipe(fds), 0);
	if (!(pid = fork())) {
		dup2(fds[1], 1);
		hold_lock(t);
	}
	close(fds[1]);
	got = read(fds[0], buf, 7);
	r = write_file_atomic(p, "new\n", 4, 0644);
	left = access(t, F_OK);
	n = entries();
	/* the holder goes before any check can end the test */
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	close(fds[0]);
	CHECK_INT(got, 7);
	CHECK_STR(buf, "locked\n");
	CHECK_INT(r, 0);
	CHECK_STR(read_file(p, NULL), "new\n");
	CHECK_INT(left, 0);
	CHECK_INT(n, 2);
	/* its writer gone, the next write removes it */
	CHECK_INT(write_file_atomic(p, "newer\n", 6, 0644), 0);
	CHECK_INT(entries(), 1);
}

/* The temp file is locked from its open to its rename: a reaper opening it
 * (through /proc, a description of its own) cannot take the lock. */
static void try_lock(void *arg)
{
	int fd = open(arg, O_RDONLY);

	printf("%d %d\n", fd >= 0, fd >= 0 ? flock(fd, LOCK_EX | LOCK_NB) : 0);
	exit(0);
}

TEST(atomic_temp_is_locked_while_written)
{
	char *p = path_in("k"), *via;
	struct atomic_file af;
	struct child c;

	CHECK_INT(atomic_open(&af, p, 0644), 0);
	via = xasprintf("/proc/%d/fd/%d", (int)getpid(), af.fd);
	c = run_child(try_lock, via);
	CHECK_STR(c.out, "1 -1\n");
	CHECK_INT(atomic_commit(&af), 0);
	CHECK_INT(entries(), 1);
}

/* Something else of that name (a link, a directory) is never removed: the
 * writer takes a name of its own. */
TEST(atomic_temp_name_taken_by_a_link_or_directory)
{
	char *p = path_in("s"), *t = path_in(".s.lsmbox-new");
	struct stat st;

	CHECK_INT(symlink("s", t), 0);
	CHECK_INT(write_file_atomic(p, "new\n", 4, 0644), 0);
	CHECK_INT(lstat(t, &st), 0);
	CHECK(S_ISLNK(st.st_mode));
	CHECK_INT(unlink(t), 0);
	CHECK_INT(mkdir(t, 0700), 0);
	CHECK_INT(write_file_atomic(p, "newer\n", 6, 0644), 0);
	CHECK_STR(read_file(p, NULL), "newer\n");
	CHECK_INT(lstat(t, &st), 0);
	CHECK(S_ISDIR(st.st_mode));
	CHECK_INT(entries(), 2);
}

/* Without /proc (a rescue shell) there is no linking an O_TMPFILE file:
 * the temp file is named from the start.  Killed while writing, the writer
 * leaves ".NAME.lsmbox-new" and no other name; the next writer removes it. */
static void no_proc_child(void *arg)
{
	char *dir = arg, *p = xasprintf("%s/f", dir);
	struct atomic_file af;
	pid_t pid;

	if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", "/proc", "tmpfs", 0, "size=4k") < 0) {
		printf("setup: %s\n", strerror(errno));
		exit(3);
	}
	if (write_file_atomic(p, "old\n", 4, 0644) < 0)
		exit(4);
	if (!(pid = fork())) {
		int fd;

		if (atomic_open(&af, p, 0644) < 0 || write_all(af.fd, "half", 4) < 0)
			_exit(3);
		/* named, and locked under its name */
		fd = open(af.tmp, O_RDONLY);
		printf("%s %d\n", strrchr(af.tmp, '/'), fd >= 0 ? flock(fd, LOCK_EX | LOCK_NB) : -2);
		fflush(stdout);
		kill(getpid(), SIGKILL);
	}
	waitpid(pid, NULL, 0);
	printf("%s %d %d\n", read_file(p, NULL), count_in(dir),
	       access(xasprintf("%s/.f.lsmbox-new", dir), F_OK));
	if (write_file_atomic(p, "new\n", 4, 0644) < 0)
		exit(5);
	printf("%s %d\n", read_file(p, NULL), count_in(dir));
	exit(0);
}

TEST(atomic_without_proc_names_its_temp)
{
	struct child c = run_in_dir("noproc", no_proc_child);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "/.f.lsmbox-new -1\nold\n 2 0\nnew\n 1\n");
}

/* As root, a replaced file keeps its owner as well as its mode. */
TEST(atomic_replace_keeps_owner)
{
	char *p = path_in("owned");
	struct stat st;

	if (geteuid() != 0)
		unit_fail(__FILE__, __LINE__, "needs root (make check runs as root)");
	CHECK_INT(write_file_atomic(p, "old\n", 4, 0644), 0);
	CHECK_INT(chown(p, 65534, 65534), 0);
	CHECK_INT(write_file_atomic(p, "new\n", 4, 0644), 0);
	CHECK_INT(stat(p, &st), 0);
	CHECK_INT(st.st_uid, 65534);
	CHECK_INT(st.st_gid, 65534);
	CHECK_INT(st.st_mode & 07777, 0644);
}

/* On a full filesystem the write fails with ENOSPC, the old file stays and
 * no temp file is left: a 64 KiB tmpfs in a mount namespace of our own. */
static void full_disk_child(void *arg)
{
	static char big[256 << 10];
	char *dir = arg, *p = xasprintf("%s/f", dir);
	int r;

	if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", dir, "tmpfs", 0, "size=64k") < 0) {
		printf("setup: %s\n", strerror(errno));
		exit(3);
	}
	if (write_file_atomic(p, "old\n", 4, 0644) < 0)
		exit(4);
	memset(big, 'x', sizeof(big));
	r = write_file_atomic(p, big, sizeof(big), 0644);
	printf("%d %s %s %d\n", r, strerror(errno), read_file(p, NULL), count_in(dir));
	exit(0);
}

TEST(atomic_write_failure_leaves_no_temp)
{
	struct child c = run_in_dir("small", full_disk_child);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "-1 No space left on device old\n 1\n");
}

/* A writer killed by another process at an arbitrary moment of a long series
 * of replacements: the file is always one whole version. */
TEST(atomic_kill_at_random_moment_leaves_a_whole_version)
{
	char *p = path_in("racy");
	static char a[65536], b[65536];

	memset(a, 'a', sizeof(a));
	memset(b, 'b', sizeof(b));
	CHECK_INT(write_file_atomic(p, a, sizeof(a), 0644), 0);
	for (int round = 0; round < 20; round++) {
		pid_t pid = fork();
		size_t len;
		char *s;

		if (pid == 0) {
			for (int i = 0;; i++)
				if (write_file_atomic(p, i & 1 ? a : b, sizeof(a), 0644) < 0)
					_exit(3);
		}
		usleep(1000 + round * 500);
		kill(pid, SIGKILL);
		waitpid(pid, NULL, 0);
		s = read_file(p, &len);
		CHECK_INT(len, sizeof(a));
		CHECK(memcmp(s, a, len) == 0 || memcmp(s, b, len) == 0);
		free(s);
		/* at most the temp of a kill between its link and the rename */
		CHECK(entries() <= 2);
		CHECK_INT(write_file_atomic(p, a, sizeof(a), 0644), 0);
		CHECK_INT(entries(), 1);
	}
}

/* read_fd_max: exactly max bytes is read; one more is EFBIG. */
TEST(read_fd_max_boundary)
{
	char *p = path_in("f"), *s;
	char buf[100];
	size_t len;
	int fd;

	memset(buf, 'x', sizeof(buf));
	CHECK_INT(write_file_atomic(p, buf, sizeof(buf), 0644), 0);
	fd = open(p, O_RDONLY);
	s = read_fd_max(fd, 100, &len);
	CHECK(s != NULL);
	CHECK_INT(len, 100);
	CHECK_INT(s[100], 0);
	close(fd);
	fd = open(p, O_RDONLY);
	errno = 0;
	CHECK(read_fd_max(fd, 99, &len) == NULL);
	CHECK_INT(errno, EFBIG);
	close(fd);
}

/* A never-ending source ends with EFBIG at the cap, not an OOM kill. */
TEST(read_fd_max_endless)
{
	int fd = open("/dev/zero", O_RDONLY);

	errno = 0;
	CHECK(read_fd_max(fd, 1 << 20, NULL) == NULL);
	CHECK_INT(errno, EFBIG);
	close(fd);
}

static const struct applet fake_file = { "fake", NULL, "", "", 0 };

static void read_text_child(void *arg)
{
	int fd = open(arg, O_RDONLY);

	this_applet = &fake_file;
	xread_text_fd(fd, "in.rules", 16, NULL);
	printf("read\n");
	exit(0);
}

TEST(read_text_nul_and_size)
{
	char *p = path_in("t");
	struct child c;

	CHECK_INT(write_file_atomic(p, "a\nb\nc\0d\n", 8, 0644), 0);
	c = run_child(read_text_child, p);
	CHECK_INT(c.status, 1);
	CHECK_STR(c.err, "fake: in.rules:3: NUL byte\n");
	CHECK_INT(write_file_atomic(p, "0123456789abcdef", 16, 0644), 0);
	c = run_child(read_text_child, p);
	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "read\n");
	CHECK_INT(write_file_atomic(p, "0123456789abcdefg", 17, 0644), 0);
	c = run_child(read_text_child, p);
	CHECK_INT(c.status, 1);
	CHECK_STR(c.err, "fake: in.rules: larger than 16 bytes\n");
}

static void json_child(void *arg)
{
	json_quote(arg);
	exit(0);
}

static const char *json_of(const char *s)
{
	struct child c = run_child(json_child, (void *)s);

	CHECK_INT(c.status, 0);
	return c.out;
}

/* Valid JSON for any bytes: UTF-8 copied, other bytes as \udcXX. */
TEST(json_quote_any_bytes)
{
	CHECK_STR(json_of("a\"b\\c"), "\"a\\\"b\\\\c\"");
	CHECK_STR(json_of("\t\x01\x7f"), "\"\\u0009\\u0001\\u007f\"");
	CHECK_STR(json_of("h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"), "\"h\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"");
	CHECK_STR(json_of("\xff"), "\"\\udcff\"");
	CHECK_STR(json_of("\xc3"), "\"\\udcc3\"");			/* cut short */
	CHECK_STR(json_of("\xc0\xaf"), "\"\\udcc0\\udcaf\"");		/* overlong */
	CHECK_STR(json_of("\xed\xa0\x80"), "\"\\udced\\udca0\\udc80\"");	/* surrogate */
	CHECK_STR(json_of("\xf4\x90\x80\x80"), "\"\\udcf4\\udc90\\udc80\\udc80\"");	/* > U+10FFFF */
	CHECK_STR(json_of("\xf4\x8f\xbf\xbf"), "\"\xf4\x8f\xbf\xbf\"");	/* U+10FFFF */
	CHECK_STR(json_of("\xe0\xa0\x80"), "\"\xe0\xa0\x80\"");		/* U+0800 */
}

/* str_esc: what a message may show of a value. */
TEST(str_esc_cuts_and_escapes)
{
	CHECK_STR(str_esc("plain", SIZE_MAX), "plain");
	CHECK_STR(str_esc("a\nb\tc\x1b[1m\x7f\r", SIZE_MAX), "a\\nb\\tc\\x1b[1m\\x7f\\r");
	CHECK_STR(mem_esc("a\0b", 3, SIZE_MAX), "a\\x00b");
	CHECK_STR(mem_esc("abc", 2, SIZE_MAX), "ab");
	CHECK_STR(str_esc("\xff\xc3", SIZE_MAX), "\\xff\\xc3");
	CHECK_STR(str_esc("\xc2\x9b" "x", SIZE_MAX), "\\xc2\\x9bx");	/* C1 CSI */
	CHECK_STR(str_esc("\xc2\xa0\xc3\xa9", SIZE_MAX), "\xc2\xa0\xc3\xa9");	/* NBSP, e-acute */
	CHECK_STR(str_esc("abcd", 4), "abcd");			/* exactly max */
	CHECK_STR(str_esc("abcde", 4), "abcd...");		/* one more */
	CHECK_STR(str_esc("ab\xc3\xa9", 3), "ab\\xc3...");	/* a character across the cut */
	{
		/* a sequence cut by the end of the bytes given: nothing past
		 * them is read (the fuzzer's first find: SAN=1 sees a read) */
		char *cut = xmalloc(4), *whole = xmalloc(5);

		memcpy(cut, "ab\xe2\x82", 4);
		memcpy(whole, "ab\xe2\x82\xac", 5);
		CHECK_STR(mem_esc(cut, 4, SIZE_MAX), "ab\\xe2\\x82");
		CHECK_STR(mem_esc(whole, 5, SIZE_MAX), "ab\xe2\x82\xac");
		free(cut);
		free(whole);
	}
	errno = EPERM;
	str_esc("x", 1);
	CHECK_INT(errno, EPERM);
}
