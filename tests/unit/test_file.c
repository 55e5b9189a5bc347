/* test_file.c: whole-file reads and atomic replacement, including a process
 * killed between writing the new content and renaming it into place. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

static int entries(void)
{
	DIR *d = opendir(unit_tmpdir());
	struct dirent *e;
	int n = 0;

	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			n++;
	closedir(d);
	return n;
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
	/* The dead writer's temp file stays beside it, named so it is not mistaken for the target. */
	CHECK_INT(entries(), 2);
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
	}
}
