// SPDX-License-Identifier: Apache-2.0
/* paths.c: the jail for --root, and where each kernel interface lives.
 * Live, a filesystem counts only if statfs() shows its magic there (an empty
 * mount point is not smackfs); under a root (--root DIR, LSMBOX_ROOT) the
 * image's directories are taken as they are, since nothing in an image tree
 * is mounted, and every path is resolved inside the root (root_file). */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/openat2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "lsmbox.h"

static const struct kfs_info {
	const char *name;
	unsigned long magic;
	const char *dirs[3];
	const char *mount;	/* what to run when it is missing */
} kfs_table[KFS_COUNT] = {
	[KFS_SECURITYFS] = { "securityfs", 0x73636673, { "/sys/kernel/security" },
			     "mount -t securityfs securityfs /sys/kernel/security" },
	[KFS_SMACKFS] = { "smackfs", 0x43415d53, { "/sys/fs/smackfs", "/smack" },
			  "mount -t smackfs smackfs /sys/fs/smackfs" },
	[KFS_SELINUXFS] = { "selinuxfs", 0xf97cff8c, { "/sys/fs/selinux", "/selinux" },
			    "mount -t selinuxfs selinuxfs /sys/fs/selinux" },
	[KFS_PROC] = { "proc", 0x9fa0, { "/proc" }, "mount -t proc proc /proc" },
	[KFS_PROCSYS] = { "procsys", 0x9fa0, { "/proc/sys" }, "mount -t proc proc /proc" },
	[KFS_SYSFS] = { "sysfs", 0x62656572, { "/sys" }, "mount -t sysfs sysfs /sys" },
};

static struct {
	int root_known;		/* root has been decided (by --root or the environment) */
	char *root;		/* NULL: live system; "" for --root / */
	int rootfd;		/* O_PATH of the root, when there is one */
	int looked[KFS_COUNT];
	char *dir[KFS_COUNT];
	const char *rel[KFS_COUNT];	/* under a root: dir as the image names it */
	char *why[KFS_COUNT];
} P;

static void root_decide(void)
{
	if (!P.root_known) {
		const char *env = getenv("LSMBOX_ROOT");

		P.root_known = 1;
		if (env && *env)
			root_set(env);
	}
}

/* "/img//" and "/img" are the same root; "/" is an offline root whose
 * prefix is empty, so that --root / means "this tree, not the kernel". */
void root_set(const char *dir)
{
	size_t len = strlen(dir);
	int fd;

	if (!len)
		usage_error("--root: empty directory name");
	/* A typo must not turn into "an empty image": every setting unset. */
	fd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		usage_error("--root %s: %s", dir, strerror(errno));
	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (P.root)
		close(P.rootfd);
	free(P.root);
	P.root = (len == 1 && dir[0] == '/') ? xstrdup("") : xstrndup(dir, len);
	P.rootfd = fd;
	P.root_known = 1;
	kfs_reset();
}

const char *root_dir(void)
{
	root_decide();
	return P.root;
}

/* A growing string: the resolved path below the root, "" or "/a/b". */
struct walk {
	char *buf;
	size_t len, cap;
};

static void walk_add(struct walk *w, const char *name, size_t n)
{
	if (w->len + n + 2 > w->cap) {
		w->cap = (w->len + n + 2) * 2;
		w->buf = xrealloc(w->buf, w->cap);
	}
	w->buf[w->len++] = '/';
	memcpy(w->buf + w->len, name, n);
	w->len += n;
	w->buf[w->len] = 0;
}

static void walk_up(struct walk *w)
{
	while (w->len && w->buf[w->len - 1] != '/')
		w->len--;
	if (w->len)
		w->len--;
	w->buf[w->len] = 0;
}

/* The walk behind root_file: components are taken one at a time from todo;
 * w holds what is resolved so far, which never contains a symbolic link, so
 * ".." is its parent taken lexically, and the root's parent is the root. */
static char *resolve(const char *path, unsigned flags)
{
	struct walk w = { xmalloc(64), 0, 64 };
	char *todo = xstrdup(path), *p = todo;
	int links = 0, missing = 0, err = 0;

	w.buf[0] = 0;
	for (;;) {
		char *name, *target;
		size_t n;
		int last;
		struct stat st;
		ssize_t tl;

		while (*p == '/')
			p++;
		if (!*p)
			break;
		name = p;
		n = strcspn(p, "/");
		p += n;
		last = !*p;
		if (n == 1 && name[0] == '.')
			continue;
		if (n == 2 && name[0] == '.' && name[1] == '.') {
			walk_up(&w);
			continue;
		}
		if (n > NAME_MAX) {
			err = ENAMETOOLONG;
			break;
		}
		walk_add(&w, name, n);
		if (missing)
			continue;
		if (fstatat(P.rootfd, w.buf + 1, &st, AT_SYMLINK_NOFOLLOW) < 0) {
			if (errno != ENOENT) {
				err = errno;
				break;
			}
			/* What is missing holds no links: the rest is taken as written. */
			missing = 1;
			continue;
		}
		if (S_ISLNK(st.st_mode) && !(last && (flags & ROOT_NOFOLLOW))) {
			if (++links > ROOT_MAXLINKS) {
				err = ELOOP;
				break;
			}
			target = xmalloc(PATH_MAX + strlen(p) + 1);
			tl = readlinkat(P.rootfd, w.buf + 1, target, PATH_MAX);
			if (tl < 0 || tl >= PATH_MAX) {
				err = tl < 0 ? errno : ENAMETOOLONG;
				free(target);
				break;
			}
			walk_up(&w);
			if (target[0] == '/')
				w.len = 0, w.buf[0] = 0;
			strcpy(target + tl, p);
			free(todo);
			todo = p = target;
			continue;
		}
		if (!last && !S_ISDIR(st.st_mode)) {
			err = ENOTDIR;
			break;
		}
	}
	free(todo);
	if (err) {
		free(w.buf);
		errno = err;
		return NULL;
	}
	/* The root itself is "DIR", and "/" for --root /. */
	p = xasprintf("%s%s", P.root, w.len ? w.buf : (*P.root ? "" : "/"));
	free(w.buf);
	return p;
}

char *root_file(const char *path, unsigned flags)
{
	root_decide();
	if (!P.root)
		return xstrdup(path);
	return resolve(path, flags);
}

char *xroot_file(const char *path, unsigned flags)
{
	char *r = root_file(path, flags);

	if (!r)
		die_errno("%s", str_esc(path, SIZE_MAX));
	return r;
}

char *root_path(const char *abspath)
{
	return xroot_file(abspath, 0);
}

int root_open(const char *path, int flags, mode_t mode)
{
	char *r;
	int fd, err;

	root_decide();
	if (!P.root)
		return open(path, flags | O_CLOEXEC, mode);
#ifdef SYS_openat2
	{
		struct open_how how = {
			.flags = (unsigned)(flags | O_CLOEXEC),
			.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0,
			.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
		};
		const char *rel = path;

		while (*rel == '/')
			rel++;
		fd = syscall(SYS_openat2, P.rootfd, *rel ? rel : ".", &how, sizeof(how));
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM))
			return fd;
	}
#endif
	if (!(r = resolve(path, 0)))
		return -1;
	fd = open(r, flags | O_CLOEXEC | O_NOFOLLOW, mode);
	err = errno;
	free(r);
	errno = err;
	return fd;
}

const char *kfs_name(enum kfs fs)
{
	return kfs_table[fs].name;
}

void kfs_reset(void)
{
	for (int i = 0; i < KFS_COUNT; i++) {
		free(P.dir[i]);
		free(P.why[i]);
		P.dir[i] = P.why[i] = NULL;
		P.looked[i] = 0;
	}
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void kfs_lookup(enum kfs fs)
{
	const struct kfs_info *k = &kfs_table[fs];
	const char *root = root_dir();
	char tried[512] = "";

	P.looked[fs] = 1;
	for (int i = 0; i < 3 && k->dirs[i]; i++) {
		char *d = root_file(k->dirs[i], 0);
		struct statfs sf;

		if (d && (root ? is_dir(d) : (statfs(d, &sf) == 0 &&
					      (unsigned long)sf.f_type == k->magic))) {
			P.dir[fs] = d;
			P.rel[fs] = k->dirs[i];
			return;
		}
		snprintf(tried + strlen(tried), sizeof(tried) - strlen(tried), "%s%s%s",
			 i ? " or " : "", root ? root : "", k->dirs[i]);
		free(d);
	}
	if (root)
		P.why[fs] = xasprintf("%s not found under root %s (no %s)", k->name,
				      *root ? root : "/", tried);
	else
		P.why[fs] = xasprintf("%s not mounted at %s (%s)", k->name, tried, k->mount);
}

const char *kfs_dir(enum kfs fs, const char **why)
{
	if (!P.looked[fs])
		kfs_lookup(fs);
	if (why)
		*why = P.why[fs];
	return P.dir[fs];
}

char *kfs_path(enum kfs fs, const char *rel)
{
	const char *why, *dir = kfs_dir(fs, &why);
	char *img, *p;

	if (!dir)
		die("%s", why);
	if (!root_dir())
		return xasprintf("%s/%s", dir, rel);
	/* "self/attr/current" under an image's /proc: each part in the jail,
	 * the last one not followed (kernel files are no links: the caller
	 * opens with O_NOFOLLOW, and a link there is refused). */
	img = xasprintf("%s/%s", P.rel[fs], rel);
	p = xroot_file(img, ROOT_NOFOLLOW);
	free(img);
	return p;
}
