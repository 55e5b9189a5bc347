// SPDX-License-Identifier: Apache-2.0
/* probe.c: a static test helper for the real-kernel rig.  It reaches the
 * kernel interfaces that busybox cannot (AF_ALG sockets, the keys syscalls)
 * with nothing but libc, so that the rig's own tests do not lean on the
 * applets they will later check.
 *
 *   vm-probe afalg hash NAME [KEYHEX]        hash stdin, print the digest in hex
 *   vm-probe afalg skcipher NAME KEYHEX IVHEX encrypt stdin, print hex
 *   vm-probe afalg TYPE NAME                  bind only (aead, rng...): print "bound"
 *   vm-probe afalg TYPE NAME -- PROG [ARG...]  bind and accept, run PROG meanwhile
 *   vm-probe as UID PROG [ARG...]             run PROG as UID (and GID UID), no groups
 *   vm-probe ascap UID CAP PROG [ARG...]      the same, keeping capability number CAP
 *                                             (permitted, effective, ambient)
 *   vm-probe ids R E S SECONDS                 as root: take real, effective and
 *                                             saved uid R E S (every gid R), stay
 *                                             dumpable, sleep (no exec, which
 *                                             would make the saved uid E)
 *   vm-probe undumpable UID SECONDS           as UID, PR_SET_DUMPABLE 0, sleep
 *   vm-probe key add TYPE DESC DATA RING      add_key, print the id
 *   vm-probe key read ID                      print the payload
 *   vm-probe key revoke ID
 *   vm-probe key persistent                   the caller's persistent keyring id
 *   vm-probe session PROG [ARG...]            run PROG in a new session keyring
 *   vm-probe write FILE TEXT                  TEXT in one write(2), as smackfs
 *                                             and securityfs files want it
 *   vm-probe write-each FILE LINES            each line of the file LINES in its
 *                                             own write(2) to FILE, no newline (as
 *                                             systemd loads Smack rules)
 *   vm-probe count PROG [ARG...]              run PROG, then print on stderr
 *                                             "count: us N writes N" (wall time and
 *                                             write calls, from /proc/PID/io syscw,
 *                                             read before PROG is reaped); PROG's
 *                                             exit status
 *   vm-probe listen PATH PROG [ARG...]        a unix stream socket bound to PATH and
 *                                             listening, as fd 3 with LISTEN_FDS=1
 *                                             and LISTEN_PID (as systemd passes
 *                                             one), then exec PROG
 *   vm-probe serve                            accept once on fd 3, say "hello",
 *                                             print the peer's label (SO_PEERSEC)
 *   vm-probe connect PATH                     connect, print the peer's label
 *                                             (SO_PEERSEC), then what it says
 *   vm-probe tomoyo-verdict [-p] KIND CORPUS  the kernel's verdict on each line of
 *                                             a TOMOYO policy corpus (tomoyo-verdict.c)
 *   vm-probe aa OP ARG...                     one operation an AppArmor profile
 *                                             allows or denies (aa-probe.c)
 *
 * RING and ID take @t @p @s @u @us or a decimal id.  Errors: the call that
 * failed and strerror on stderr, exit 1. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/if_alg.h>
#include <linux/capability.h>
#include <linux/keyctl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <grp.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

int tomoyo_verdict(int argc, char **argv);
int aa_probe(int argc, char **argv);

static void fail(const char *what)
{
	fprintf(stderr, "vm-probe: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void usage(void)
{
	fprintf(stderr, "vm-probe: bad usage (see tests/vm/probe.c)\n");
	exit(2);
}

static size_t unhex(const char *s, unsigned char *out, size_t max)
{
	size_t n = strlen(s) / 2, i;

	if (strlen(s) % 2 || n > max)
		usage();
	for (i = 0; i < n; i++) {
		unsigned v;

		if (sscanf(s + 2 * i, "%2x", &v) != 1)
			usage();
		out[i] = v;
	}
	return n;
}

static void puthex(const unsigned char *p, size_t n)
{
	while (n--)
		printf("%02x", *p++);
	putchar('\n');
}

static unsigned char *slurp(size_t *len)
{
	size_t cap = 4096, n = 0;
	unsigned char *buf = malloc(cap);
	ssize_t r;

	while (buf && (r = read(0, buf + n, cap - n)) != 0) {
		if (r < 0)
			fail("read stdin");
		n += r;
		if (n == cap)
			buf = realloc(buf, cap *= 2);
	}
	if (!buf)
		fail("malloc");
	*len = n;
	return buf;
}

static int afalg(int argc, char **argv)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	unsigned char key[64], iv[16], out[128];
	int tfm, op;

	if (argc < 2 || strlen(argv[0]) >= sizeof(sa.salg_type) ||
	    strlen(argv[1]) >= sizeof(sa.salg_name))
		usage();
	strcpy((char *)sa.salg_type, argv[0]);
	strcpy((char *)sa.salg_name, argv[1]);
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		fail("socket(AF_ALG)");
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		fail("bind");
	if (argc > 2 && strcmp(argv[2], "--") && setsockopt(tfm, SOL_ALG, ALG_SET_KEY, key,
				   unhex(argv[2], key, sizeof(key))) < 0)
		fail("setsockopt(ALG_SET_KEY)");
	op = accept(tfm, NULL, 0);
	if (op < 0)
		fail("accept");

	if (argc > 3 && !strcmp(argv[2], "--")) {
		/* The sockets stay open in this process while PROG looks. */
		int st;
		pid_t pid = fork();

		if (pid < 0)
			fail("fork");
		if (!pid) {
			execvp(argv[3], argv + 3);
			fail(argv[3]);
		}
		if (waitpid(pid, &st, 0) < 0)
			fail("waitpid");
		return WIFEXITED(st) ? WEXITSTATUS(st) : 1;
	}
	if (!strcmp(argv[0], "hash")) {
		size_t len;
		unsigned char *data = slurp(&len);
		ssize_t n;

		if (write(op, data, len) != (ssize_t)len)
			fail("write");
		n = read(op, out, sizeof(out));
		if (n <= 0)
			fail("read digest");
		puthex(out, n);
	} else if (!strcmp(argv[0], "skcipher")) {
		char cbuf[CMSG_SPACE(4) + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)] = { 0 };
		struct msghdr msg = { .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
		struct cmsghdr *c;
		struct af_alg_iv *aiv;
		struct iovec io;
		size_t len, ivlen;
		unsigned char *data = slurp(&len), *res = malloc(len + 1);

		if (argc != 4 || !res)
			usage();
		ivlen = unhex(argv[3], iv, sizeof(iv));
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_OP;
		c->cmsg_len = CMSG_LEN(4);
		*(uint32_t *)CMSG_DATA(c) = ALG_OP_ENCRYPT;
		c = CMSG_NXTHDR(&msg, c);
		c->cmsg_level = SOL_ALG;
		c->cmsg_type = ALG_SET_IV;
		c->cmsg_len = CMSG_LEN(sizeof(*aiv) + ivlen);
		aiv = (struct af_alg_iv *)CMSG_DATA(c);
		aiv->ivlen = ivlen;
		memcpy(aiv->iv, iv, ivlen);
		io.iov_base = data;
		io.iov_len = len;
		msg.msg_iov = &io;
		msg.msg_iovlen = 1;
		if (sendmsg(op, &msg, 0) != (ssize_t)len)
			fail("sendmsg");
		if (read(op, res, len) != (ssize_t)len)
			fail("read");
		puthex(res, len);
	} else {
		puts("bound");
	}
	return 0;
}

static long ring(const char *s)
{
	static const struct { const char *name; long id; } special[] = {
		{ "@t", KEY_SPEC_THREAD_KEYRING }, { "@p", KEY_SPEC_PROCESS_KEYRING },
		{ "@s", KEY_SPEC_SESSION_KEYRING }, { "@u", KEY_SPEC_USER_KEYRING },
		{ "@us", KEY_SPEC_USER_SESSION_KEYRING },
	};
	char *end;
	long id;
	size_t i;

	for (i = 0; i < sizeof(special) / sizeof(special[0]); i++)
		if (!strcmp(s, special[i].name))
			return special[i].id;
	id = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0')
		usage();
	return id;
}

static int key(int argc, char **argv)
{
	long r;

	if (argc == 5 && !strcmp(argv[0], "add")) {
		r = syscall(SYS_add_key, argv[1], argv[2], argv[3], strlen(argv[3]), ring(argv[4]));
		if (r < 0)
			fail("add_key");
		printf("%ld\n", r);
	} else if (argc == 2 && !strcmp(argv[0], "read")) {
		char buf[4096];

		r = syscall(SYS_keyctl, KEYCTL_READ, ring(argv[1]), buf, sizeof(buf));
		if (r < 0)
			fail("keyctl_read");
		fwrite(buf, 1, r < (long)sizeof(buf) ? r : (long)sizeof(buf), stdout);
		putchar('\n');
	} else if (argc == 2 && !strcmp(argv[0], "revoke")) {
		if (syscall(SYS_keyctl, KEYCTL_REVOKE, ring(argv[1])) < 0)
			fail("keyctl_revoke");
	} else if (argc == 1 && !strcmp(argv[0], "persistent")) {
		r = syscall(SYS_keyctl, KEYCTL_GET_PERSISTENT, -1, KEY_SPEC_SESSION_KEYRING);
		if (r < 0)
			fail("keyctl_get_persistent");
		printf("%ld\n", r);
	} else {
		usage();
	}
	return 0;
}

static long long now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000LL + t.tv_nsec / 1000;
}

/* The child's syscw counts its own write calls and those of the children
 * it reaped; it stays readable while the child is a zombie not yet waited
 * for (WNOWAIT). */
static int count(char **argv)
{
	long long t0 = now_us(), t1, writes = -1;
	char path[64], line[128];
	siginfo_t si;
	pid_t pid = fork();
	FILE *f;
	int st;

	if (pid < 0)
		fail("fork");
	if (!pid) {
		execvp(argv[0], argv);
		fail(argv[0]);
	}
	if (waitid(P_PID, pid, &si, WEXITED | WNOWAIT) < 0)
		fail("waitid");
	t1 = now_us();
	snprintf(path, sizeof(path), "/proc/%d/io", (int)pid);
	if (!(f = fopen(path, "r")))
		fail(path);
	while (fgets(line, sizeof(line), f))
		sscanf(line, "syscw: %lld", &writes);
	fclose(f);
	if (waitpid(pid, &st, 0) < 0)
		fail("waitpid");
	fprintf(stderr, "count: us %lld writes %lld\n", t1 - t0, writes);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

static int write_each(const char *target, const char *lines)
{
	int fd = open(target, O_WRONLY);
	FILE *in = fopen(lines, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	if (fd < 0)
		fail(target);
	if (!in)
		fail(lines);
	while ((n = getline(&line, &cap, in)) > 0) {
		if (line[n - 1] == '\n')
			n--;
		if (n && write(fd, line, n) != n)
			fail("write");
	}
	return close(fd) < 0;
}

/* A unix socket address for path. */
static socklen_t unix_addr(struct sockaddr_un *a, const char *path)
{
	memset(a, 0, sizeof(*a));
	a->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(a->sun_path))
		fail("path too long");
	strcpy(a->sun_path, path);
	return (socklen_t)sizeof(*a);
}

static void print_peersec(int fd)
{
	char label[300];
	socklen_t n = sizeof(label) - 1;

	if (getsockopt(fd, SOL_SOCKET, SO_PEERSEC, label, &n) < 0)
		fail("SO_PEERSEC");
	label[n] = 0;
	printf("peer %s\n", label);
	fflush(stdout);
}

static int listen_exec(const char *path, char **argv)
{
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, path);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	char pid[16];

	if (fd < 0 || bind(fd, (struct sockaddr *)&a, len) < 0 || listen(fd, 4) < 0)
		fail(path);
	if (fd != 3 && (dup2(fd, 3) < 0 || close(fd) < 0))
		fail("dup2");
	snprintf(pid, sizeof(pid), "%d", (int)getpid());
	setenv("LISTEN_FDS", "1", 1);
	setenv("LISTEN_PID", pid, 1);
	execvp(argv[0], argv);
	fail(argv[0]);
	return 1;
}

static int serve(void)
{
	int c = accept(3, NULL, NULL);

	if (c < 0)
		fail("accept");
	if (write(c, "hello\n", 6) != 6)
		fail("write");
	print_peersec(c);
	return close(c) < 0;
}

static int connect_to(const char *path)
{
	struct sockaddr_un a;
	socklen_t len = unix_addr(&a, path);
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);
	char buf[64];
	ssize_t n;

	if (fd < 0 || connect(fd, (struct sockaddr *)&a, len) < 0)
		fail(path);
	print_peersec(fd);
	if ((n = read(fd, buf, sizeof(buf))) < 0)
		fail("read");
	fwrite(buf, 1, (size_t)n, stdout);
	return close(fd) < 0;
}

int main(int argc, char **argv)
{
	if (argc >= 3 && !strcmp(argv[1], "count"))
		return count(argv + 2);
	if (argc >= 4 && !strcmp(argv[1], "listen"))
		return listen_exec(argv[2], argv + 3);
	if (argc == 2 && !strcmp(argv[1], "serve"))
		return serve();
	if (argc == 3 && !strcmp(argv[1], "connect"))
		return connect_to(argv[2]);
	if (argc == 4 && !strcmp(argv[1], "write-each"))
		return write_each(argv[2], argv[3]);
	if (argc >= 2 && !strcmp(argv[1], "afalg"))
		return afalg(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "key"))
		return key(argc - 2, argv + 2);
	if (argc == 4 && !strcmp(argv[1], "write")) {
		int fd = open(argv[2], O_WRONLY);
		size_t len = strlen(argv[3]);

		if (fd < 0)
			fail("open");
		if (write(fd, argv[3], len) != (ssize_t)len)
			fail("write");
		return close(fd) < 0;
	}
	if (argc == 6 && !strcmp(argv[1], "ids")) {
		uid_t r = strtoul(argv[2], NULL, 10), e = strtoul(argv[3], NULL, 10),
		      sv = strtoul(argv[4], NULL, 10);

		if (setgroups(0, NULL) < 0 || setresgid(r, r, r) < 0 || setresuid(r, e, sv) < 0)
			fail("setresuid");
		/* A change of euid made us non-dumpable: only the saved uid may differ. */
		if (prctl(PR_SET_DUMPABLE, 1, 0, 0, 0) < 0)
			fail("prctl(PR_SET_DUMPABLE)");
		prctl(PR_SET_NAME, "sleep", 0, 0, 0);
		sleep(strtoul(argv[5], NULL, 10));
		return 0;
	}
	if (argc == 4 && !strcmp(argv[1], "undumpable")) {
		uid_t id = strtoul(argv[2], NULL, 10);

		if (setgroups(0, NULL) < 0 || setgid(id) < 0 || setuid(id) < 0)
			fail("setuid");
		if (prctl(PR_SET_DUMPABLE, 0, 0, 0, 0) < 0)
			fail("prctl(PR_SET_DUMPABLE)");
		prctl(PR_SET_NAME, "sleep", 0, 0, 0);
		sleep(strtoul(argv[3], NULL, 10));
		return 0;
	}
	if (argc >= 4 && !strcmp(argv[1], "as")) {
		uid_t id = strtoul(argv[2], NULL, 10);

		if (setgroups(0, NULL) < 0 || setgid(id) < 0 || setuid(id) < 0)
			fail("setuid");
		execvp(argv[3], argv + 3);
		fail(argv[3]);
	}
	if (argc >= 5 && !strcmp(argv[1], "ascap")) {
		/* Keep the capabilities over setuid, then make the one wanted
		 * ambient so that it survives exec of an ordinary program. */
		struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
		struct __user_cap_data_struct d[2] = { { 0 } };
		uid_t id = strtoul(argv[2], NULL, 10);
		unsigned cap = strtoul(argv[3], NULL, 10);

		if (cap >= 64)
			usage();
		if (prctl(PR_SET_KEEPCAPS, 1, 0, 0, 0) < 0)
			fail("prctl(PR_SET_KEEPCAPS)");
		if (setgroups(0, NULL) < 0 || setgid(id) < 0 || setuid(id) < 0)
			fail("setuid");
		d[cap / 32].permitted = d[cap / 32].effective = d[cap / 32].inheritable = 1u << (cap % 32);
		if (syscall(SYS_capset, &h, d) < 0)
			fail("capset");
		if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, cap, 0, 0) < 0)
			fail("prctl(PR_CAP_AMBIENT_RAISE)");
		execvp(argv[4], argv + 4);
		fail(argv[4]);
	}
	if (argc >= 2 && !strcmp(argv[1], "tomoyo-verdict")) {
		int rc = tomoyo_verdict(argc - 2, argv + 2);

		if (rc == 2)
			usage();
		return rc;
	}
	if (argc >= 2 && !strcmp(argv[1], "aa")) {
		int rc = aa_probe(argc - 2, argv + 2);

		if (rc == 2)
			usage();
		return rc;
	}
	if (argc >= 3 && !strcmp(argv[1], "session")) {
		if (syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL) < 0)
			fail("keyctl_join_session_keyring");
		execvp(argv[2], argv + 2);
		fail(argv[2]);
	}
	usage();
}
