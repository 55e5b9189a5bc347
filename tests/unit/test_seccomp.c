// SPDX-License-Identifier: Apache-2.0
/* test_seccomp.c: sandbox_seccomp, the allow-list of the commands that only
 * read and compute: what stays allowed, what kills, LSMBOX_SECCOMP=log's
 * message.  Sanitizer builds (and builds without libseccomp) have no
 * filter: there the test checks that none is set. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <linux/netlink.h>
#include <termios.h>
#include <unistd.h>

#include "config.h"
#include "lsmbox.h"
#include "unit.h"

#if defined(LSMBOX_ASAN) || !defined(CFG_LIB_SECCOMP)
#define NO_FILTER 1
#endif

/* /proc/self/status's Seccomp: 0 none, 2 a filter. */
static int seccomp_mode(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	int m = -1;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "Seccomp: %d", &m) == 1)
			break;
	if (f)
		fclose(f);
	return m;
}

/* What is still allowed: read, write, memory, read-only opens (with
 * SANDBOX_OPEN_RO), isatty; openat2 says ENOSYS.  Prints what it did. */
static void allowed(void *arg)
{
	char path[256], buf[16];
	int fd, mode;
	char *p;

	snprintf(path, sizeof(path), "%s/r", unit_tmpdir());
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 || write(fd, "data", 4) != 4)
		_exit(9);
	close(fd);
	mode = seccomp_mode();
	sandbox_seccomp("t", arg ? SANDBOX_OPEN_RO : 0);
	p = malloc(1 << 20);	/* an mmap */
	memset(p, 1, 1 << 20);
	free(p);
	printf("seccomp %d->%d tty %d", mode, seccomp_mode(), isatty(1));
	if (arg) {
		fd = open(path, O_RDONLY);
		printf(" read %zd", read(fd, buf, sizeof(buf)));
		close(fd);
		long r;

		errno = 0;
		r = syscall(SYS_openat2, AT_FDCWD, path, NULL, 0);
		printf(" openat2 %ld %d", r, errno);
	}
	printf("\n");
}

TEST(seccomp_allows_reading_and_computing)
{
	struct child c = run_child(allowed, (void *)1);

#ifdef NO_FILTER
	CHECK_STR(c.out, "seccomp 0->0 tty 0 read 4 openat2 -1 22\n");	/* EINVAL: size 0 */
#else
	CHECK_STR(c.out, "seccomp 0->2 tty 0 read 4 openat2 -1 38\n");
#endif
	CHECK_INT(c.status, 0);
	child_free(&c);
}

enum { DO_SOCKET, DO_WRITE_OPEN, DO_WRITE_EXISTING, DO_OPEN, DO_IOCTL, DO_UNLINK, DO_AFALG_INET,
       DO_AFALG_NETLINK };

static void refused_call(void *arg)
{
	int what = (int)(long)arg, n = 0;
	char path[256];

	snprintf(path, sizeof(path), "%s/w", unit_tmpdir());
	if (what == DO_WRITE_EXISTING)
		close(open(path, O_WRONLY | O_CREAT, 0600));
	sandbox_seccomp("t", what == DO_OPEN ? 0 : what >= DO_AFALG_INET ? SANDBOX_AFALG : SANDBOX_OPEN_RO);
	switch (what) {
	case DO_SOCKET:
		socket(AF_UNIX, SOCK_STREAM, 0);
		break;
	case DO_AFALG_INET:
		socket(AF_INET, SOCK_STREAM, 0);
		break;
	case DO_AFALG_NETLINK:	/* netlink, but not crypto_user */
		socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE);
		break;
	case DO_WRITE_OPEN:
		open(path, O_WRONLY | O_CREAT, 0600);
		break;
	case DO_WRITE_EXISTING:	/* no O_CREAT, no O_TRUNC: the access mode alone */
		open(path, O_RDWR);
		break;
	case DO_OPEN:
		open(path, O_RDONLY);
		break;
	case DO_IOCTL:
		ioctl(0, FIONREAD, &n);
		break;
	case DO_UNLINK:
		unlink(path);
		break;
	}
	printf("went on\n");
}

/* Killed by SIGSYS (run_child: 128 + signal), or went on without a filter. */
static void killed(int what)
{
	struct child c = run_child(refused_call, (void *)(long)what);

#ifdef NO_FILTER
	CHECK_STR(c.out, "went on\n");
#else
	CHECK_INT(c.status, 128 + SIGSYS);
	CHECK_STR(c.out, "");
#endif
	child_free(&c);
}

TEST(seccomp_refuses_a_socket)
{
	killed(DO_SOCKET);
}

/* SANDBOX_AFALG: AF_ALG and crypto_user sockets, no other */
TEST(seccomp_afalg_refuses_other_sockets)
{
	killed(DO_AFALG_INET);
	killed(DO_AFALG_NETLINK);
}

static void afalg_sockets(void *arg)
{
	int a, n;

	(void)arg;
	sandbox_seccomp("t", SANDBOX_AFALG);
	/* made, or refused by the kernel (no AF_ALG here): not killed */
	a = socket(AF_ALG, SOCK_SEQPACKET, 0) >= 0 || errno == EAFNOSUPPORT;
	n = socket(AF_NETLINK, SOCK_RAW, NETLINK_CRYPTO) >= 0 || errno == EPROTONOSUPPORT;
	printf("%d %d\n", a, n);
}

TEST(seccomp_afalg_allows_its_sockets)
{
	struct child c = run_child(afalg_sockets, NULL);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "1 1\n");
	child_free(&c);
}

TEST(seccomp_refuses_an_open_for_writing)
{
	killed(DO_WRITE_OPEN);
}

TEST(seccomp_refuses_writing_an_existing_file)
{
	killed(DO_WRITE_EXISTING);
}

TEST(seccomp_refuses_any_open_without_open_ro)
{
	killed(DO_OPEN);
}

TEST(seccomp_refuses_other_ioctls)
{
	killed(DO_IOCTL);
}

TEST(seccomp_refuses_unlink)
{
	killed(DO_UNLINK);
}

/* LSMBOX_SECCOMP=log: the call named, exit 159 (128 + SIGSYS). */
static void logged(void *arg)
{
	(void)arg;
	setenv("LSMBOX_SECCOMP", "log", 1);
	refused_call((void *)(long)DO_SOCKET);
}

TEST(seccomp_log_names_the_call)
{
	struct child c = run_child(logged, NULL);

#ifdef NO_FILTER
	CHECK_STR(c.out, "went on\n");
#else
	char *want = xasprintf("lsmbox: t: system call socket (%d) refused by the sandbox\n", SYS_socket);

	CHECK_INT(c.status, 128 + SIGSYS);
	CHECK_STR(c.err, want);
	free(want);
#endif
	child_free(&c);
}

static void bad_mode(void *arg)
{
	(void)arg;
	setenv("LSMBOX_SECCOMP", "off", 1);
	sandbox_seccomp("t", 0);
	printf("went on\n");
}

TEST(seccomp_unknown_mode_is_a_usage_error)
{
	struct child c = run_child(bad_mode, NULL);

#ifdef NO_FILTER
	CHECK_STR(c.out, "went on\n");
#else
	CHECK_INT(c.status, 2);
	CHECK(strstr(c.err, "LSMBOX_SECCOMP=off: only \"log\" is known") != NULL);
#endif
	child_free(&c);
}

static void *thread_fn(void *arg)
{
	return arg;
}

/* SANDBOX_THREADS: a thread starts and is joined; then a fork is refused. */
static void threads_then_fork(void *arg)
{
	pthread_t t;
	void *r = NULL;

	(void)arg;
	sandbox_seccomp("t", SANDBOX_THREADS);
	if (pthread_create(&t, NULL, thread_fn, (void *)"x") || pthread_join(t, &r))
		_exit(9);
	printf("thread %s\n", (char *)r);
	fflush(stdout);
	if (fork() == 0)
		_exit(0);
	printf("forked\n");
}

TEST(seccomp_threads_but_no_process)
{
	struct child c = run_child(threads_then_fork, NULL);

#ifdef NO_FILTER
	CHECK_STR(c.out, "thread x\nforked\n");
#else
	CHECK_STR(c.out, "thread x\n");
	CHECK_INT(c.status, 128 + SIGSYS);
#endif
	child_free(&c);
}

/* Without it, no thread either. */
static void thread_refused(void *arg)
{
	pthread_t t;

	(void)arg;
	sandbox_seccomp("t", 0);
	pthread_create(&t, NULL, thread_fn, NULL);
	printf("went on\n");
}

TEST(seccomp_no_threads_without_the_flag)
{
	struct child c = run_child(thread_refused, NULL);

#ifdef NO_FILTER
	CHECK_STR(c.out, "went on\n");
#else
	CHECK_INT(c.status, 128 + SIGSYS);
#endif
	child_free(&c);
}
