// SPDX-License-Identifier: Apache-2.0
/* kernel.c: AppArmor's interface in securityfs (apparmorfs): its features
 * directory, and policy written to .load (add), .replace and .remove, as
 * libapparmor 3.0.8's kernel interface writes it: a profile with its hats
 * and children in one write where the kernel has policy/set_load, else a
 * write a record. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

/* apparmorfs, or NULL after a message saying why and what to do. */
static const char *aafs(void)
{
	static char *dir;
	const char *why, *sec;
	struct stat st;

	if (dir)
		return dir;
	if (root_dir()) {
		warn("%s", "--root: an image has no running kernel: give -M FEATURES (and -Q, -S or -o)");
		return NULL;
	}
	if (!(sec = kfs_dir(KFS_SECURITYFS, &why))) {
		warn("AppArmor's interface: %s", why);
		return NULL;
	}
	dir = xasprintf("%s/apparmor", sec);
	if (stat(dir, &st) < 0) {
		warn("%s: %s: AppArmor is not enabled in this kernel (boot it with apparmor=1 security=apparmor, "
		     "or lsm=...,apparmor)", dir, strerror(errno));
		free(dir);
		dir = NULL;
	}
	return dir;
}

int aa_kernel_check(void)
{
	return aafs() ? 0 : -1;
}

char *aa_kernel_features_dir(void)
{
	const char *d = aafs();

	return d ? xasprintf("%s/features", d) : NULL;
}

/* The length of the first record of p (n bytes): up to the next record's
 * version header, as libapparmor's next_profile_buffer finds it. */
static size_t record_len(const uint8_t *p, size_t n)
{
	static const uint8_t hdr[] = { 4, 8, 0, 'v', 'e', 'r', 's', 'i', 'o', 'n', 0 };

	for (size_t i = sizeof(hdr); i + sizeof(hdr) <= n; i++)
		if (!memcmp(p + i, hdr, sizeof(hdr)))
			return i;
	return n;
}

static int write_once(const char *file, const void *p, size_t n)
{
	int fd = open(file, O_WRONLY | O_CLOEXEC);
	ssize_t w;

	if (fd < 0)
		return -errno;
	w = write(fd, p, n);
	if (w < 0)
		w = -errno;
	close(fd);
	return w < 0 ? (int)w : (size_t)w == n ? 0 : -EPROTO;
}

/* The kernel's log (/dev/kmsg) from its end, to read what a load adds to
 * it; -1 where it cannot be read (no matter: the reason is extra). */
static int log_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && lseek(fd, 0, SEEK_END) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* The last AppArmor status line with a reason (info=) about a policy load
 * by this process in the log since fd was opened (its message, no
 * prefix), or NULL.  At most LOG_RECORDS_MAX records are read. */
#define LOG_RECORDS_MAX 1024
static char *log_reason(int fd)
{
	char rec[8192], *why = NULL, pid[32];

	snprintf(pid, sizeof(pid), " pid=%d ", (int)getpid());
	for (int i = 0; i < LOG_RECORDS_MAX; i++) {
		ssize_t n = read(fd, rec, sizeof(rec) - 1);
		char *msg, *nl;

		if (n < 0 && errno == EPIPE)
			continue;	/* records overwritten: go on */
		if (n <= 0)
			break;
		rec[n] = 0;
		/* "PRI,SEQ,TIME,FLAGS;MESSAGE\n", then continuation lines */
		if (!(msg = strchr(rec, ';')))
			continue;
		msg++;
		if ((nl = strchr(msg, '\n')))
			*nl = 0;
		/* a refusal says why (info=); another process's is not ours */
		if (strstr(msg, "apparmor=\"STATUS\"") && strstr(msg, " info=\"") &&
		    (strstr(msg, pid) || !strstr(msg, " pid="))) {
			free(why);
			why = xstrdup(msg);
		}
	}
	return why;
}

char *aa_kernel_why;

int aa_kernel_write(enum aa_kop op, const uint8_t *p, size_t n, bool set_load)
{
	static const char *const iface[] = { [AA_KADD] = ".load", [AA_KREPLACE] = ".replace",
					     [AA_KREMOVE] = ".remove" };
	const char *d = aafs();
	char *file;
	int rc = 0, log;

	free(aa_kernel_why);
	aa_kernel_why = NULL;
	if (!d)
		return -ENOENT;
	log = log_open();
	file = xasprintf("%s/%s", d, iface[op]);
	if (op == AA_KREMOVE || set_load) {
		rc = write_once(file, p, n);
	} else {
		while (!rc && n) {
			size_t len = record_len(p, n);

			rc = write_once(file, p, len);
			p += len;
			n -= len;
		}
	}
	free(file);
	/* refused: what the kernel logged about it, if it can be read */
	if (rc && log >= 0)
		aa_kernel_why = log_reason(log);
	if (log >= 0)
		close(log);
	return rc;
}

const char *aa_kernel_error(int err)
{
	switch (err) {
	case -ESPIPE:
		return "Bad write position";
	case -EPERM:
		return "Permission denied";
	case -ENOMEM:
		return "Out of memory";
	case -EFAULT:
		return "Couldn't copy profile: Bad memory address";
	case -EPROTO:
		return "Profile doesn't conform to protocol";
	case -EBADMSG:
		return "Profile does not match signature";
	case -EPROTONOSUPPORT:
		return "Profile version not supported by Apparmor module";
	case -EEXIST:
		return "Profile already exists";
	case -ENOENT:
		return "Profile doesn't exist";
	case -EACCES:
		return "Permission denied; attempted to load a profile while confined?";
	default:
		return NULL;
	}
}
