// SPDX-License-Identifier: Apache-2.0
/* seccomp.c: the allow-list a command that only reads, parses and computes
 * runs under, once it has what it needs (sandbox_seccomp).  It may read
 * and write the descriptors it has, open files read-only, look at paths,
 * manage its memory and threads' futexes, and end; nothing else: no file
 * made, written by name, renamed or removed, no socket, no exec, no
 * kernel interface written, no signal to another process.  A refused
 * call kills the process (SIGSYS, exit status 159 in a shell); with
 * LSMBOX_SECCOMP=log it is trapped instead and named first:
 * "APPLET: WHAT: system call NAME (NR) refused by the sandbox". */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/netlink.h>
#include <termios.h>
#include <unistd.h>

#include "config.h"
#include "lsmbox.h"

#ifdef CFG_LIB_SECCOMP
#include <seccomp.h>

/* ASan's leak check at exit stops the world with clone and ptrace, and
 * its reports need more: sanitizer builds (LSMBOX_ASAN) run without the
 * filter. */

#ifndef LSMBOX_ASAN
/* Any use.  A name this architecture has not is passed over. */
static const char *const allowed[] = {
	/* descriptors it has */
	"read", "readv", "pread64", "preadv", "write", "writev", "lseek", "_llseek", "close",
	"fstat", "fstat64", "fcntl", "fcntl64", "dup", "dup3",
	/* paths, to look at and read */
	"newfstatat", "fstatat64", "statx", "readlinkat", "faccessat", "faccessat2", "getdents64",
	"fgetxattr", "flistxattr",
	/* memory */
	"brk", "mmap", "mmap2", "munmap", "mremap", "mprotect", "madvise",
	/* and how much there is (glibc's qsort asks, through sysconf) */
	"sysinfo",
	/* threads already started, time, randomness, itself */
	"futex", "futex_time64", "sched_yield", "clock_gettime", "clock_gettime64", "gettimeofday",
	"clock_nanosleep", "clock_nanosleep_time64", "nanosleep", "getrandom", "getpid", "gettid",
	"rt_sigprocmask", "rt_sigaction", "sigaction", "rt_sigreturn", "sigreturn", "restart_syscall",
	"exit", "exit_group",
};

/* What a new thread does for itself (glibc's start of a thread). */
static const char *const threads[] = {
	"set_robust_list", "rseq", "sched_getaffinity",
};

/* An AF_ALG or crypto_user socket's life but its socket() and
 * setsockopt(), which are allowed for those and SOL_ALG only
 * (SANDBOX_AFALG); a bind on another family's socket needs that socket,
 * which it cannot make. */
static const char *const afalg[] = {
	"bind", "accept4", "sendmsg", "sendto", "recvmsg", "recvfrom", "pipe2", "vmsplice", "splice",
};

static const char *sandbox_what;

/* Each name allowed with any arguments; the first error, or 0. */
static int allow_names(scmp_filter_ctx ctx, const char *const *names, size_t n)
{
	int rc = 0;

	for (size_t i = 0; i < n; i++) {
		int nr = seccomp_syscall_resolve_name(names[i]), r;

		if (nr != __NR_SCMP_ERROR && nr >= 0 && (r = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0)) && !rc)
			rc = r;
	}
	return rc;
}

static void refused(int sig, siginfo_t *si, void *ctx)
{
	char *name = seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, si->si_syscall);
	char msg[256];
	int n;

	(void)sig;
	(void)ctx;
	n = snprintf(msg, sizeof(msg), "%s: %s: system call %s (%d) refused by the sandbox\n",
		     applet_name(), sandbox_what, name ? name : "?", si->si_syscall);
	if (n > 0)
		write_all(2, msg, (size_t)n < sizeof(msg) ? (size_t)n : sizeof(msg) - 1);
	_exit(128 + SIGSYS);
}
#endif

int sandbox_seccomp(const char *what, unsigned flags)
{
#ifdef LSMBOX_ASAN
	(void)what;
	(void)flags;
	return 0;
#else
	const char *mode = getenv("LSMBOX_SECCOMP");
	bool log = mode && !strcmp(mode, "log");
	scmp_filter_ctx ctx;
	int rc = 0;

	if (mode && *mode && !log)
		usage_error("LSMBOX_SECCOMP=%s: only \"log\" is known", str_esc(mode, SHOWN_MAX));
	sandbox_what = what;
	if (log) {
		struct sigaction sa = { .sa_sigaction = refused, .sa_flags = SA_SIGINFO };

		sigaction(SIGSYS, &sa, NULL);
	}
	/* stdio's buffers filled now (isatty's ioctl, the first allocation),
	 * not where the filter may refuse it */
	fflush(NULL);
	/* a kernel without seccomp filters (or qemu-user, which has none to
	 * give its guest): the command runs as it would without lsmbox's
	 * sandbox, which only adds to its safety */
	if (seccomp_api_get() < 3)	/* 3: KILL_PROCESS, Linux 4.14 */
		return -1;
	ctx = seccomp_init(log ? SCMP_ACT_TRAP : SCMP_ACT_KILL_PROCESS);
	if (!ctx)
		die("%s: the sandbox (libseccomp) could not be set up", what);
	rc |= allow_names(ctx, allowed, sizeof(allowed) / sizeof(*allowed));
	/* two that only read: isatty (stdio deciding how to buffer), an
	 * inode's generation (what EVM hashes); no other ioctl */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1,
			       SCMP_A1(SCMP_CMP_EQ, TCGETS));
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(ioctl), 1,
			       SCMP_A1(SCMP_CMP_EQ, FS_IOC_GETVERSION));
	/* opens: read-only, never made or truncated (O_TMPFILE needs write
	 * access: the access mode refuses it) */
	if (flags & SANDBOX_OPEN_RO)
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(openat), 1,
				       SCMP_A2(SCMP_CMP_MASKED_EQ,
					       O_ACCMODE | O_CREAT | O_TRUNC | O_APPEND, 0));
	/* threads of its own (a pool), never a process: clone with
	 * CLONE_THREAD; clone3's flags are behind a pointer, so ENOSYS and
	 * glibc falls back to clone */
	if (flags & SANDBOX_THREADS) {
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
				       SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
		rc |= allow_names(ctx, threads, sizeof(threads) / sizeof(*threads));
	}
	if (flags & SANDBOX_AFALG) {
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(socket), 1,
				       SCMP_A0(SCMP_CMP_EQ, AF_ALG));
		/* crypto_user, to find a driver: only read, with no
		 * CAP_NET_ADMIN left (sandbox_reader) */
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(socket), 2,
				       SCMP_A0(SCMP_CMP_EQ, AF_NETLINK),
				       SCMP_A2(SCMP_CMP_EQ, NETLINK_CRYPTO));
		rc |= seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(setsockopt), 1,
				       SCMP_A1(SCMP_CMP_EQ, SOL_ALG));
		rc |= allow_names(ctx, afalg, sizeof(afalg) / sizeof(*afalg));
	}
	/* openat2's flags are behind a pointer, where a filter cannot look:
	 * ENOSYS, and the --root jail walks the path itself (paths.c) */
	rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(openat2), 0);
	/* (errors are negative errnos, ORed: any is a failure, named roughly) */
	if (rc)
		die("%s: the sandbox's rules could not be made (libseccomp: %s)", what, strerror(-rc));
	rc = seccomp_load(ctx);
	seccomp_release(ctx);
	if (rc == -ENOSYS || rc == -EINVAL)
		return -1;
	if (rc)
		die("%s: the sandbox could not be entered (seccomp: %s)", what, strerror(-rc));
	return 0;
#endif
}
#else
int sandbox_seccomp(const char *what, unsigned flags)
{
	(void)what;
	(void)flags;
	return 0;
}
#endif
