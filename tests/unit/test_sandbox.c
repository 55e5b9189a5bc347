// SPDX-License-Identifier: Apache-2.0
/* test_sandbox.c: sandbox_call, work in a child bounded in CPU and memory:
 * what it makes comes back, and each way it can end badly is an error
 * with its own message, the caller going on. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include "lsmbox.h"
#include "unit.h"


static const struct sandbox sb = { "in.pp", "the reader", (size_t)64 << 20, 1 };

static int makes(void *arg, struct buf *out)
{
	return buf_put_str(out, arg);
}

static int fails(void *arg, struct buf *out)
{
	(void)out;
	warn("%s", (char *)arg);
	return -1;
}

static int dies(void *arg, struct buf *out)
{
	(void)out;
	die("%s", (char *)arg);
}

/* Spins; gives up by itself after 20 s, so that a child without its
 * CPU limit ends too (and the test fails, not hangs). */
static int spins(void *arg, struct buf *out)
{
	time_t end = time(NULL) + 20;
	volatile unsigned long n = 1;

	(void)arg;
	(void)out;
	while (n++ & 0xfffff || time(NULL) < end)
		;
	return 0;
}

static int crashes(void *arg, struct buf *out)
{
	(void)arg;
	(void)out;
	abort();
	return 0;
}

#ifndef LSMBOX_ASAN
/* Asks for *arg bytes and touches them; what it got, as text. */
static int allocates(void *arg, struct buf *out)
{
	size_t n = *(size_t *)arg;
	char *p = malloc(n);

	if (!p)
		return buf_put_str(out, "none");
	memset(p, 1, n);
	free(p);
	return buf_put_str(out, "all");
}
#endif

/* What the child's address-space limit is, as text. */
static int as_limit(void *arg, struct buf *out)
{
	struct rlimit r;

	(void)arg;
	getrlimit(RLIMIT_AS, &r);
	return buf_put_str(out, r.rlim_cur == RLIM_INFINITY ? "none" : "set");
}

TEST(sandbox_output_appended)
{
	struct buf out = BUF_INIT(0);

	buf_put_str(&out, "kept:");
	CHECK_INT(sandbox_call(&sb, makes, "made", &out), 0);
	CHECK_INT(out.len, 9);
	CHECK(!memcmp(out.p, "kept:made", 9));
	buf_free(&out);
}

static void call(void *arg)
{
	struct buf out = BUF_INIT(0);
	int (*fn)(void *, struct buf *) = arg;

	/* buffered before the call: printed once, not by the child too */
	printf("before ");
	printf("rc=%d len=%zu\n", sandbox_call(&sb, fn, "its words", &out), out.len);
}

TEST(sandbox_failure_says_nothing_more)
{
	struct child c = run_child(call, fails);

	CHECK_STR(c.out, "before rc=-1 len=0\n");
	CHECK_STR(c.err, "lsmbox: its words\n");
	child_free(&c);
}

TEST(sandbox_die_ends_the_child_only)
{
	struct child c = run_child(call, dies);

	CHECK_STR(c.out, "before rc=-1 len=0\n");
	CHECK_STR(c.err, "lsmbox: its words\n");
	CHECK_INT(c.status, 0);
	child_free(&c);
}

TEST(sandbox_cpu_limit)
{
	struct child c = run_child(call, spins);

	CHECK_STR(c.out, "before rc=-1 len=0\n");
	CHECK_STR(c.err, "lsmbox: in.pp: the reader gave up: over its 1 s of CPU\n");
	child_free(&c);
}

TEST(sandbox_crash)
{
	struct child c = run_child(call, crashes);

	CHECK_STR(c.out, "before rc=-1 len=0\n");
	CHECK_STR(c.err, "lsmbox: in.pp: the reader was killed (Aborted)\n");
	child_free(&c);
}

TEST(sandbox_output_over_max)
{
	struct buf out = BUF_INIT(4);

	CHECK_INT(sandbox_call(&sb, makes, "12345", &out), -1);
	CHECK_INT(out.len, 0);
	CHECK_INT(sandbox_call(&sb, makes, "1234", &out), 0);
	CHECK_INT(out.len, 4);
	buf_free(&out);
}

/* 64 MiB more than the child starts with: 48 MiB it gets, 80 it does not,
 * however much the parent holds already (here 256 MiB more). */
TEST(sandbox_memory_limit)
{
	struct buf out = BUF_INIT(0);
	size_t small = (size_t)48 << 20, big = (size_t)80 << 20;
	char *held = malloc((size_t)256 << 20);

	CHECK(held != NULL);
#ifdef LSMBOX_ASAN
	CHECK_INT(sandbox_call(&sb, as_limit, NULL, &out), 0);
	CHECK(out.len == 4 && !memcmp(out.p, "none", 4));
	(void)small, (void)big;
#else
	CHECK_INT(sandbox_call(&sb, as_limit, NULL, &out), 0);
	CHECK(out.len == 3 && !memcmp(out.p, "set", 3));
	buf_reset(&out);
	CHECK_INT(sandbox_call(&sb, allocates, &small, &out), 0);
	CHECK(out.len == 3 && !memcmp(out.p, "all", 3));
	buf_reset(&out);
	CHECK_INT(sandbox_call(&sb, allocates, &big, &out), 0);
	CHECK(out.len == 4 && !memcmp(out.p, "none", 4));
#endif
	free(held);
	buf_free(&out);
}

TEST(sandbox_no_memory_limit)
{
	struct sandbox nolimit = sb;
	struct buf out = BUF_INIT(0);

	nolimit.mem = 0;
	CHECK_INT(sandbox_call(&nolimit, as_limit, NULL, &out), 0);
	CHECK(out.len == 4 && !memcmp(out.p, "none", 4));
	buf_free(&out);
}

/* The child's CPU limit, as text: soft and hard. */
static int cpu_limit(void *arg, struct buf *out)
{
	struct rlimit r;

	(void)arg;
	getrlimit(RLIMIT_CPU, &r);
	return buf_printf(out, "%llu %llu", (unsigned long long)r.rlim_cur,
			  (unsigned long long)r.rlim_max);
}

/* A caller under a stricter ulimit (a hard CPU limit of 10 s, 20 asked):
 * the child keeps it rather than fail to raise it. */
static void under_ulimit(void *arg)
{
	struct rlimit r = { 10, 10 };
	struct sandbox more = sb;
	struct buf out = BUF_INIT(0);

	(void)arg;
	more.cpu = 20;
	if (setrlimit(RLIMIT_CPU, &r))
		_exit(9);
	printf("rc=%d ", sandbox_call(&more, cpu_limit, NULL, &out));
	printf("%.*s\n", (int)out.len, (char *)out.p);
}

TEST(sandbox_cpu_limit_values)
{
	struct buf out = BUF_INIT(0);
	struct child c = run_child(under_ulimit, NULL);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "rc=0 10 10\n");
	child_free(&c);
	CHECK_INT(sandbox_call(&sb, cpu_limit, NULL, &out), 0);
	CHECK(out.len == 3 && !memcmp(out.p, "1 2", 3));
	buf_free(&out);
}

/* What the child made cannot be written back (a file-size limit of 4
 * bytes, SIGXFSZ ignored): an error, not a short result.  The limit would
 * cut this test's own output files too: that goes through a pipe (no size
 * limit there) to a process started before it, stderr then stdout. */
static void small_files(void *arg)
{
	struct rlimit r = { 4, 4 };
	struct buf out = BUF_INIT(0);
	int p[2], rc, st;
	pid_t relay;
	char b[256];
	ssize_t n;

	fflush(NULL);
	if (pipe(p) || (relay = fork()) < 0)
		_exit(9);
	if (!relay) {
		close(p[1]);
		while ((n = read(p[0], b, sizeof(b))) > 0)
			write_all(1, b, n);
		_exit(0);
	}
	close(p[0]);
	dup2(p[1], 1);
	dup2(p[1], 2);
	close(p[1]);
	signal(SIGXFSZ, SIG_IGN);
	if (setrlimit(RLIMIT_FSIZE, &r))
		_exit(9);
	rc = sandbox_call(&sb, makes, arg, &out);
	printf("rc=%d len=%zu\n", rc, out.len);
	fflush(stdout);
	close(1);
	close(2);
	waitpid(relay, &st, 0);
}

TEST(sandbox_output_not_passed_back)
{
	struct child c = run_child(small_files, "12345");

	CHECK_STR(c.out, "lsmbox: in.pp: what the reader made could not be passed back\nrc=-1 len=0\n");
	child_free(&c);
	c = run_child(small_files, "1234");
	CHECK_STR(c.out, "rc=0 len=4\n");
	child_free(&c);
}

#ifndef LSMBOX_ASAN
/* Without /proc (a rescue shell may have none) the child's start is
 * guessed from malloc's figures and 64 MiB: still a limit, a looser one. */
static void without_proc(void *arg)
{
	size_t small = (size_t)48 << 20, big = (size_t)512 << 20;
	struct buf out = BUF_INIT(0);
	char *held = malloc((size_t)256 << 20);

	(void)arg;
	if (!held || unshare(CLONE_NEWNS) || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) ||
	    mount("none", "/proc", "tmpfs", 0, NULL) || !access("/proc/self/statm", F_OK))
		_exit(9);
	sandbox_call(&sb, allocates, &small, &out);
	sandbox_call(&sb, allocates, &big, &out);
	printf("%.*s\n", (int)out.len, (char *)out.p);
	free(held);
}

TEST(sandbox_memory_limit_without_proc)
{
	struct child c = run_child(without_proc, NULL);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "allnone\n");
	child_free(&c);
}
#endif

/* sb->status: fn's own status (1..100) comes back there, its output not,
 * with no message of sandbox_call's; 0 and the output when it returns 0.
 * cpu 0: no CPU limit in the child. */
static int gives(void *arg, struct buf *out)
{
	struct rlimit r;

	if (getrlimit(RLIMIT_CPU, &r) < 0)
		return -1;
	buf_printf(out, "%s", r.rlim_cur == RLIM_INFINITY ? "unlimited" : "limited");
	return (int)(long)arg;
}

TEST(sandbox_status_given_back)
{
	int status = -1;
	struct sandbox s = { "in", "the compile", 0, 0, &status };
	struct buf out = BUF_INIT(0);

	CHECK_INT(sandbox_call(&s, gives, (void *)7L, &out), -1);
	CHECK_INT(status, 7);
	CHECK_INT(out.len, 0);
	CHECK_INT(sandbox_call(&s, gives, (void *)300L, &out), -1);
	CHECK_INT(status, 100);
	CHECK_INT(sandbox_call(&s, gives, (void *)0L, &out), 0);
	CHECK_INT(status, 0);
	CHECK(out.len == 9 && !memcmp(out.p, "unlimited", 9));
	buf_free(&out);
	/* without a place for it, a status is success, as before */
	s.status = NULL;
	s.cpu = 5;
	CHECK_INT(sandbox_call(&s, gives, (void *)7L, &out), 0);
	CHECK(out.len == 7 && !memcmp(out.p, "limited", 7));
	buf_free(&out);
}
