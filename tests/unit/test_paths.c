/* test_paths.c: kernel interface paths, live (decided by filesystem magic)
 * and under an image root (--root, LSMBOX_ROOT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lsmbox.h"
#include "unit.h"

static const struct applet fake = { "fake", NULL, "", "" };

static void mkdirs(const char *rel)
{
	char *p = xasprintf("%s/%s", unit_tmpdir(), rel);

	for (char *s = p + strlen(unit_tmpdir()) + 1; *s; s++)
		if (*s == '/') {
			*s = 0;
			mkdir(p, 0755);
			*s = '/';
		}
	CHECK_INT(mkdir(p, 0755), 0);
	free(p);
}

/* Whether /proc/mounts lists a filesystem of this type at this point. */
static int mounted(const char *type, const char *dir)
{
	char *m = xread_file("/proc/mounts", NULL), *line;
	char *want = xasprintf(" %s %s ", dir, type);
	int found = 0;

	for (line = strtok(m, "\n"); line; line = strtok(NULL, "\n")) {
		char *sp = strchr(line, ' ');

		if (sp && !strncmp(sp, want, strlen(want)))
			found = 1;
	}
	free(want);
	free(m);
	return found;
}

TEST(paths_live_by_magic)
{
	const char *why;

	unsetenv("LSMBOX_ROOT");
	CHECK(root_dir() == NULL);
	CHECK_STR(kfs_dir(KFS_PROC, NULL), "/proc");
	CHECK_STR(kfs_dir(KFS_PROCSYS, NULL), "/proc/sys");
	CHECK_STR(kfs_dir(KFS_SYSFS, NULL), "/sys");
	if (mounted("securityfs", "/sys/kernel/security"))
		CHECK_STR(kfs_dir(KFS_SECURITYFS, NULL), "/sys/kernel/security");
	else
		CHECK(kfs_dir(KFS_SECURITYFS, NULL) == NULL);
	if (!mounted("smackfs", "/sys/fs/smackfs") && !mounted("smackfs", "/smack")) {
		CHECK(kfs_dir(KFS_SMACKFS, &why) == NULL);
		CHECK_STR(why, "smackfs not mounted at /sys/fs/smackfs or /smack "
			       "(mount -t smackfs smackfs /sys/fs/smackfs)");
	}
	CHECK_STR(root_path("/etc/smack"), "/etc/smack");
}

/* A directory that exists is not enough on the live system: /tmp is not proc. */
TEST(paths_live_rejects_wrong_filesystem)
{
	const char *why;

	unsetenv("LSMBOX_ROOT");
	if (!mounted("selinuxfs", "/sys/fs/selinux") && !mounted("selinuxfs", "/selinux")) {
		CHECK(kfs_dir(KFS_SELINUXFS, &why) == NULL);
		CHECK(strstr(why, "selinuxfs not mounted at /sys/fs/selinux or /selinux") == why);
	}
	/* /sys/fs exists on any system with sysfs, and is sysfs, not smackfs. */
	CHECK(kfs_dir(KFS_SMACKFS, NULL) == NULL || mounted("smackfs", kfs_dir(KFS_SMACKFS, NULL)));
}

TEST(paths_under_root)
{
	char *root = xasprintf("%s/", unit_tmpdir());
	char *want;
	const char *why;

	mkdirs("sys/kernel/security/apparmor");
	mkdirs("proc/sys/kernel/yama");
	root_set(root);
	CHECK_STR(root_dir(), unit_tmpdir());
	want = xasprintf("%s/sys/kernel/security", unit_tmpdir());
	CHECK_STR(kfs_dir(KFS_SECURITYFS, NULL), want);
	want = xasprintf("%s/proc/sys/kernel/yama/ptrace_scope", unit_tmpdir());
	CHECK_STR(kfs_path(KFS_PROCSYS, "kernel/yama/ptrace_scope"), want);
	want = xasprintf("%s/etc/sysctl.d", unit_tmpdir());
	CHECK_STR(root_path("/etc/sysctl.d"), want);
	CHECK(kfs_dir(KFS_SMACKFS, &why) == NULL);
	want = xasprintf("smackfs not found under root %s (no %s/sys/fs/smackfs or %s/smack)",
			 unit_tmpdir(), unit_tmpdir(), unit_tmpdir());
	CHECK_STR(why, want);
}

TEST(paths_smackfs_legacy_and_preferred)
{
	char *want;

	mkdirs("smack");
	root_set(unit_tmpdir());
	want = xasprintf("%s/smack", unit_tmpdir());
	CHECK_STR(kfs_dir(KFS_SMACKFS, NULL), want);
	/* Once /sys/fs/smackfs exists it wins; root_set forgets cached answers. */
	mkdirs("sys/fs/smackfs");
	root_set(unit_tmpdir());
	want = xasprintf("%s/sys/fs/smackfs", unit_tmpdir());
	CHECK_STR(kfs_dir(KFS_SMACKFS, NULL), want);
}

TEST(paths_root_from_environment_and_override)
{
	char *want;

	mkdirs("a/sys/fs/selinux");
	mkdirs("b/selinux");
	want = xasprintf("%s/a", unit_tmpdir());
	setenv("LSMBOX_ROOT", want, 1);
	CHECK_STR(root_dir(), want);
	CHECK_STR(kfs_dir(KFS_SELINUXFS, NULL), xasprintf("%s/sys/fs/selinux", want));
	/* --root beats the environment. */
	want = xasprintf("%s/b", unit_tmpdir());
	root_set(want);
	CHECK_STR(kfs_dir(KFS_SELINUXFS, NULL), xasprintf("%s/selinux", want));
}

TEST(paths_empty_environment_is_live)
{
	setenv("LSMBOX_ROOT", "", 1);
	CHECK(root_dir() == NULL);
	CHECK_STR(kfs_dir(KFS_PROC, NULL), "/proc");
}

TEST(paths_slash_root_is_offline_with_empty_prefix)
{
	root_set("///");
	CHECK_STR(root_dir(), "");
	CHECK_STR(root_path("/etc/x"), "/etc/x");
	/* Offline: a directory is enough, no magic asked. */
	CHECK_STR(kfs_dir(KFS_SYSFS, NULL), "/sys");
}

static void kfs_path_child(void *arg)
{
	(void)arg;
	this_applet = &fake;
	root_set(unit_tmpdir());
	kfs_path(KFS_SECURITYFS, "lsm");
}

TEST(paths_kfs_path_dies_with_reason)
{
	struct child c = run_child(kfs_path_child, NULL);
	char *want = xasprintf("fake: securityfs not found under root %s (no %s/sys/kernel/security)\n",
			       unit_tmpdir(), unit_tmpdir());

	CHECK_INT(c.status, 1);
	CHECK_STR(c.err, want);
}
