// SPDX-License-Identifier: Apache-2.0
/* aa-probe.c: vm-probe's "aa" operations (see probe.c): each one system
 * call, or the few a case needs, that an AppArmor profile allows or
 * denies, made by a program the profile confines, so that the rig's
 * enforcement tests (tests/vm/aa-compile/enforce.sh) ask the kernel
 * exactly one question each and busybox's own habits (O_CREAT on >>,
 * reading /etc/passwd) do not get in the way.
 *
 *   vm-probe aa open FILE r|w|a|ac    open read-only, write-only, append
 *                                     (O_WRONLY|O_APPEND), append creating
 *                                     (O_APPEND|O_CREAT, what sh's >> asks)
 *   vm-probe aa mmap FILE             map it readable and executable
 *   vm-probe aa lock FILE r|w         flock: shared on a read-only open,
 *                                     exclusive on a read-write one
 *   vm-probe aa link OLD NEW          a hard link NEW to OLD
 *   vm-probe aa socket FAMILY TYPE [PATH]  unix|inet|inet6, stream|dgram:
 *                                     create it, and bind it to PATH
 *   vm-probe aa ptrace PID            PTRACE_ATTACH, wait, detach
 *   vm-probe aa mount SRC DIR FSTYPE [ro|bind]   mount(2)
 *   vm-probe aa umount DIR
 *   vm-probe aa hat HAT FILE          change_hat into HAT (a token of our
 *                                     own), print the label and whether
 *                                     FILE opens for reading, then return
 *                                     with the token and print both again;
 *                                     HAT "-": into "hat", back with a
 *                                     wrong token (the kernel kills us);
 *                                     a refused change_hat: its errno,
 *                                     exit 1
 *   vm-probe aa onexec PROFILE PROG [ARG...]  change_onexec, then exec PROG
 *   vm-probe aa label                 print our label (attr/current)
 *
 * Exit 0 when the kernel allowed it, 1 with the call and its error on
 * stderr when not. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>
#include <netinet/in.h>

static int refused(const char *what)
{
	fprintf(stderr, "vm-probe aa: %s: %s\n", what, strerror(errno));
	return 1;
}

/* The label in one read, without its newline: 0, or -1 with the error
 * in BUF. */
static int label(char *buf, size_t size)
{
	int fd = open("/proc/self/attr/current", O_RDONLY);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (n < 0) {
		snprintf(buf, size, "%s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	buf[n] = 0;
	buf[strcspn(buf, "\n")] = 0;
	return 0;
}

/* One write of TEXT to /proc/self/attr/NAME, as libapparmor does it. */
static int attr(const char *name, const char *text)
{
	char path[64];
	int fd, ok;

	snprintf(path, sizeof(path), "/proc/self/attr/%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ok = write(fd, text, strlen(text)) == (ssize_t)strlen(text);
	close(fd);
	return ok ? 0 : -1;
}

static const char *opens(const char *file)
{
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return "deny";
	close(fd);
	return "allow";
}

static int hat(const char *name, const char *file)
{
	unsigned long long token = 0x5eed0000ULL + (unsigned)getpid();
	char text[512], buf[256];
	int wrong = !strcmp(name, "-");

	snprintf(text, sizeof(text), "changehat %016llx^%s", token, wrong ? "hat" : name);
	if (attr("current", text) < 0)
		return refused("change_hat");
	label(buf, sizeof(buf));
	printf("%s %s\n", buf, opens(file));
	fflush(stdout);
	snprintf(text, sizeof(text), "changehat %016llx^", token + wrong);
	if (attr("current", text) < 0)
		return refused("change_hat back");
	label(buf, sizeof(buf));
	printf("%s %s\n", buf, opens(file));
	return 0;
}

static int sock(char **argv, int argc)
{
	static const struct { const char *name; int v; } fam[] = {
		{ "unix", AF_UNIX }, { "inet", AF_INET }, { "inet6", AF_INET6 },
	}, typ[] = { { "stream", SOCK_STREAM }, { "dgram", SOCK_DGRAM } };
	int f = -1, t = -1, s;
	struct sockaddr_un sun = { .sun_family = AF_UNIX };

	for (size_t i = 0; i < sizeof(fam) / sizeof(*fam); i++)
		if (!strcmp(argv[0], fam[i].name))
			f = fam[i].v;
	for (size_t i = 0; i < sizeof(typ) / sizeof(*typ); i++)
		if (!strcmp(argv[1], typ[i].name))
			t = typ[i].v;
	if (f < 0 || t < 0 || (argc == 3 && (f != AF_UNIX || strlen(argv[2]) >= sizeof(sun.sun_path))))
		return 2;
	s = socket(f, t, 0);
	if (s < 0)
		return refused("socket");
	if (argc == 3) {
		strcpy(sun.sun_path, argv[2]);
		if (bind(s, (struct sockaddr *)&sun, sizeof(sun)) < 0)
			return refused("bind");
	}
	return close(s) < 0;
}

static int trace(pid_t pid)
{
	int st;

	if (ptrace(PTRACE_ATTACH, pid, 0, 0) < 0)
		return refused("ptrace(PTRACE_ATTACH)");
	if (waitpid(pid, &st, __WALL) < 0)
		return refused("waitpid");
	if (ptrace(PTRACE_DETACH, pid, 0, 0) < 0)
		return refused("ptrace(PTRACE_DETACH)");
	return 0;
}

/* 2: not a known operation or its arguments (probe.c prints the usage). */
int aa_probe(int argc, char **argv)
{
	const char *op = argc ? argv[0] : "";
	char buf[256];
	int fd;

	if (argc == 3 && !strcmp(op, "open")) {
		static const struct { const char *m; int f; } modes[] = {
			{ "r", O_RDONLY }, { "w", O_WRONLY }, { "a", O_WRONLY | O_APPEND },
			{ "ac", O_WRONLY | O_APPEND | O_CREAT },
		};
		for (size_t i = 0; i < sizeof(modes) / sizeof(*modes); i++)
			if (!strcmp(argv[2], modes[i].m)) {
				fd = open(argv[1], modes[i].f, 0644);
				return fd < 0 ? refused("open") : close(fd) < 0;
			}
		return 2;
	}
	if (argc == 2 && !strcmp(op, "mmap")) {
		fd = open(argv[1], O_RDONLY);
		if (fd < 0)
			return refused("open");
		if (mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE, fd, 0) == MAP_FAILED)
			return refused("mmap(PROT_EXEC)");
		return 0;
	}
	if (argc == 3 && !strcmp(op, "lock") && (!strcmp(argv[2], "r") || !strcmp(argv[2], "w"))) {
		int w = argv[2][0] == 'w';

		fd = open(argv[1], w ? O_RDWR : O_RDONLY);
		if (fd < 0)
			return refused("open");
		if (flock(fd, w ? LOCK_EX : LOCK_SH) < 0)
			return refused("flock");
		return 0;
	}
	if (argc == 3 && !strcmp(op, "link"))
		return link(argv[1], argv[2]) < 0 ? refused("link") : 0;
	if ((argc == 3 || argc == 4) && !strcmp(op, "socket"))
		return sock(argv + 1, argc - 1);
	if (argc == 2 && !strcmp(op, "ptrace"))
		return trace(atoi(argv[1]));
	if ((argc == 4 || argc == 5) && !strcmp(op, "mount")) {
		unsigned long fl = 0;

		if (argc == 5 && strcmp(argv[4], "ro") && strcmp(argv[4], "bind"))
			return 2;
		if (argc == 5)
			fl = argv[4][0] == 'r' ? MS_RDONLY : MS_BIND;
		return mount(argv[1], argv[2], argv[3], fl, NULL) < 0 ? refused("mount") : 0;
	}
	if (argc == 2 && !strcmp(op, "umount"))
		return umount(argv[1]) < 0 ? refused("umount") : 0;
	if (argc == 3 && !strcmp(op, "hat"))
		return hat(argv[1], argv[2]);
	if (argc >= 3 && !strcmp(op, "onexec")) {
		snprintf(buf, sizeof(buf), "exec %s", argv[1]);
		if (attr("exec", buf) < 0)
			return refused("change_onexec");
		execv(argv[2], argv + 2);
		return refused(argv[2]);
	}
	if (argc == 1 && !strcmp(op, "label")) {
		if (label(buf, sizeof(buf)) < 0) {
			fprintf(stderr, "vm-probe aa: /proc/self/attr/current: %s\n", buf);
			return 1;
		}
		puts(buf);
		return 0;
	}
	return 2;
}
