// SPDX-License-Identifier: Apache-2.0
/* sandbox.c: work on untrusted input done in a child process that may use
 * only so much memory and CPU, for code lsmbox does not own and cannot
 * bound from outside: a library's reader that allocates what a count in
 * the file says, or loops for as long.  A child that runs out dies or
 * fails alone; the caller gets a clean error and goes on. */
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lsmbox.h"

/* An address-space limit under a sanitizer would fail every allocation:
 * its shadow memory is reserved at start, terabytes of it.  Those builds
 * (LSMBOX_ASAN) keep the CPU limit only (and, fuzzing, libFuzzer's own
 * malloc limit). */

/* A limit no looser than the one the caller has already: a hard limit
 * cannot be raised without CAP_SYS_RESOURCE, and a stricter ulimit is
 * the user's to keep. */
static void limit(int what, rlim_t soft, rlim_t hard)
{
	struct rlimit r;

	if (getrlimit(what, &r) < 0)
		_exit(SANDBOX_EXIT_SETUP);
	if (hard > r.rlim_max)
		hard = r.rlim_max;
	if (soft > hard)
		soft = hard;
	r.rlim_cur = soft;
	r.rlim_max = hard;
	if (setrlimit(what, &r) < 0)
		_exit(SANDBOX_EXIT_SETUP);
}

#ifndef LSMBOX_ASAN
/* The address space the child has already (the parent's, copied): the
 * limit is that plus what the work may take.  /proc/self/statm's first
 * field; without /proc, what malloc holds and 64 MiB for the rest. */
static rlim_t mapped(void)
{
	char s[64];
	int fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, s, sizeof(s) - 1);
	struct mallinfo2 mi;

	if (fd >= 0)
		close(fd);
	if (n > 0) {
		s[n] = 0;
		return (rlim_t)strtoull(s, NULL, 10) * (rlim_t)sysconf(_SC_PAGESIZE);
	}
	mi = mallinfo2();
	return (rlim_t)mi.arena + mi.hblkhd + ((rlim_t)64 << 20);
}
#endif

/* The child: the limits, then fn, its output into the file in memory; a
 * die() in fn comes back here.  It ends with _exit, never exit: nothing
 * of the parent's (buffers, atexit work) runs twice. */
static noreturn void child(const struct sandbox *sb, int (*fn)(void *, struct buf *),
			   void *arg, int mfd, size_t max)
{
	struct buf out = BUF_INIT(max);
	jmp_buf jb;
	int r;

	limit(RLIMIT_CORE, 0, 0);
	/* the soft limit sends SIGXCPU, the hard one a second later SIGKILL */
	if (sb->cpu)
		limit(RLIMIT_CPU, sb->cpu, sb->cpu + 1);
#ifndef LSMBOX_ASAN
	if (sb->mem) {
		rlim_t as = mapped() + sb->mem;

		limit(RLIMIT_AS, as, as);
	}
#endif
	die_catch = &jb;
	if (setjmp(jb))
		_exit(SANDBOX_EXIT_DIED);
	r = fn(arg, &out);
	if (r < 0)
		_exit(SANDBOX_EXIT_FAILED);
	if (r > 0 && sb->status)
		_exit(r > 100 ? 100 : r);
	if (write_all(mfd, out.p, out.len) < 0)
		_exit(SANDBOX_EXIT_OUTPUT);
	_exit(0);
}

int sandbox_call(const struct sandbox *sb, int (*fn)(void *, struct buf *), void *arg,
		 struct buf *out)
{
	size_t max = out->max ? out->max : BUF_MAX, len;
	int mfd, st, rc = -1;
	char *got;
	pid_t pid;

	if (sb->status)
		*sb->status = 0;
	mfd = memfd_create("sandbox", MFD_CLOEXEC);
	if (mfd < 0)
		die_errno("%s: a file in memory", sb->name);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		die_errno("%s: fork", sb->name);
	if (!pid)
		child(sb, fn, arg, mfd, max);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die_errno("%s: waitpid", sb->name);
	if (WIFSIGNALED(st)) {
		int sig = WTERMSIG(st);

		if (sig == SIGXCPU)
			warn("%s: %s gave up: over its %u s of CPU", sb->name, sb->what, sb->cpu);
		else
			warn("%s: %s was killed (%s)", sb->name, sb->what, strsignal(sig));
	} else if (WEXITSTATUS(st) == SANDBOX_EXIT_SETUP) {
		warn("%s: could not set up the process for %s", sb->name, sb->what);
	} else if (WEXITSTATUS(st) == SANDBOX_EXIT_OUTPUT) {
		warn("%s: what %s made could not be passed back", sb->name, sb->what);
	} else if (WEXITSTATUS(st) == SANDBOX_EXIT_DIED || WEXITSTATUS(st) == SANDBOX_EXIT_FAILED) {
		/* it said why */
	} else if (sb->status && WEXITSTATUS(st) && WEXITSTATUS(st) <= 100) {
		*sb->status = WEXITSTATUS(st);	/* fn's own: it said why */
	} else if (WEXITSTATUS(st)) {
		warn("%s: %s ended with status %d", sb->name, sb->what, WEXITSTATUS(st));
	} else if (lseek(mfd, 0, SEEK_SET) < 0 || !(got = read_fd_max(mfd, max, &len))) {
		warn_errno("%s: what %s made", sb->name, sb->what);
	} else {
		rc = buf_put(out, got, len);
		free(got);
	}
	close(mfd);
	return rc;
}
