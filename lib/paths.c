/* paths.c: where each kernel interface lives.  Live, a filesystem counts only
 * if statfs() shows its magic there (an empty mount point is not smackfs);
 * under a root (--root DIR, LSMBOX_ROOT) the image's directories are taken
 * as they are, since nothing in an image tree is mounted. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>

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
	char *root;		/* NULL: live system */
	int looked[KFS_COUNT];
	char *dir[KFS_COUNT];
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

	if (!len)
		usage_error("--root: empty directory name");
	while (len > 1 && dir[len - 1] == '/')
		len--;
	free(P.root);
	P.root = (len == 1 && dir[0] == '/') ? xstrdup("") : xstrndup(dir, len);
	P.root_known = 1;
	kfs_reset();
}

const char *root_dir(void)
{
	root_decide();
	return P.root;
}

char *root_path(const char *abspath)
{
	root_decide();
	return xasprintf("%s%s", P.root ? P.root : "", abspath);
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
		char *d = root_path(k->dirs[i]);
		struct statfs sf;

		if (root ? is_dir(d) : (statfs(d, &sf) == 0 && (unsigned long)sf.f_type == k->magic)) {
			P.dir[fs] = d;
			return;
		}
		snprintf(tried + strlen(tried), sizeof(tried) - strlen(tried), "%s%s",
			 i ? " or " : "", d);
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

	if (!dir)
		die("%s", why);
	return xasprintf("%s/%s", dir, rel);
}
