// SPDX-License-Identifier: Apache-2.0
/* test_paths.c: kernel interface paths, live (decided by filesystem magic)
 * and under an image root (--root, LSMBOX_ROOT). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A directory that exists is not enough on the live system: in a mount
 * namespace of its own, the child mounts a tmpfs on /sys/fs and on
 * /sys/kernel/security and makes smackfs and selinuxfs directories there;
 * none of them has the magic, so none is found. */
static void wrong_fs_child(void *arg)
{
	const char *why;

	(void)arg;
	if (unshare(CLONE_NEWNS) < 0 || mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0 ||
	    mount("tmpfs", "/sys/fs", "tmpfs", 0, "size=16k") < 0 ||
	    mount("tmpfs", "/sys/kernel/security", "tmpfs", 0, "size=16k") < 0 ||
	    mkdir("/sys/fs/smackfs", 0755) < 0 || mkdir("/sys/fs/selinux", 0755) < 0) {
		printf("setup: %s\n", strerror(errno));
		exit(3);
	}
	unsetenv("LSMBOX_ROOT");
	printf("%s\n", kfs_dir(KFS_SMACKFS, &why) ? "smackfs found" : why);
	printf("%s\n", kfs_dir(KFS_SELINUXFS, &why) ? "selinuxfs found" : why);
	printf("%s\n", kfs_dir(KFS_SECURITYFS, &why) ? "securityfs found" : why);
	printf("%s\n", kfs_dir(KFS_PROC, NULL));
	exit(0);
}

TEST(paths_live_rejects_wrong_filesystem)
{
	struct child c = run_child(wrong_fs_child, NULL);

	CHECK_INT(c.status, 0);
	CHECK_STR(c.out, "smackfs not mounted at /sys/fs/smackfs or /smack "
			 "(mount -t smackfs smackfs /sys/fs/smackfs)\n"
			 "selinuxfs not mounted at /sys/fs/selinux or /selinux "
			 "(mount -t selinuxfs selinuxfs /sys/fs/selinux)\n"
			 "securityfs not mounted at /sys/kernel/security "
			 "(mount -t securityfs securityfs /sys/kernel/security)\n"
			 "/proc\n");
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

/* The jail: an image whose links point everywhere, resolved as chroot would. */
static char *at(const char *rel)
{
	return xasprintf("%s/%s", unit_tmpdir(), rel);
}

static void put(const char *rel, const char *text)
{
	CHECK_INT(write_file_atomic(at(rel), text, strlen(text), 0644), 0);
}

static void link_to(const char *target, const char *rel)
{
	CHECK_INT(symlink(target, at(rel)), 0);
}

static void make_image(void)
{
	mkdirs("img/etc/alternatives");
	mkdirs("img/usr/lib");
	put("img/etc/alternatives/x", "in the image\n");
	put("host-file", "on the host\n");
	mkdirs("img/host-dir");
	link_to("/etc/alternatives/x", "img/etc/abs");		/* absolute: inside */
	link_to("../etc/alternatives/x", "img/usr/rel");	/* relative */
	link_to("../../../../../../../host-file", "img/usr/up");	/* .. past the root */
	link_to("/../../../host-file", "img/usr/absup");
	link_to("loop2", "img/usr/loop1");
	link_to("loop1", "img/usr/loop2");
	link_to("/usr", "img/usr/self");			/* a directory link */
	link_to("/nowhere/file", "img/usr/dangling");
	link_to(at("host-file"), "img/usr/hostabs");		/* the host's own path */
	root_set(at("img"));
}

/* The host path the jail gives for path, or "ERR:<errno>". */
static const char *jail(const char *path, unsigned flags)
{
	char *r = root_file(path, flags);

	return r ? r : xasprintf("ERR:%d", errno);
}

TEST(root_jail_absolute_and_relative_links)
{
	make_image();
	CHECK_STR(jail("/etc/abs", 0), at("img/etc/alternatives/x"));
	CHECK_STR(jail("etc/abs", 0), at("img/etc/alternatives/x"));
	CHECK_STR(jail("/usr/rel", 0), at("img/etc/alternatives/x"));
	CHECK_STR(jail("/usr/self/self/rel", 0), at("img/etc/alternatives/x"));
	CHECK_STR(jail("/usr/self/lib", 0), at("img/usr/lib"));
	/* Not following the last link gives the link itself. */
	CHECK_STR(jail("/etc/abs", ROOT_NOFOLLOW), at("img/etc/abs"));
	CHECK_STR(jail("/usr/self/rel", ROOT_NOFOLLOW), at("img/usr/rel"));
}

TEST(root_jail_dotdot_stays_inside)
{
	make_image();
	CHECK_STR(jail("/..", 0), at("img"));
	CHECK_STR(jail("/../../host-file", 0), at("img/host-file"));
	CHECK_STR(jail("../host-dir", 0), at("img/host-dir"));
	CHECK_STR(jail("/usr/up", 0), at("img/host-file"));
	CHECK_STR(jail("/usr/absup", 0), at("img/host-file"));
	CHECK_STR(jail("/usr/lib/../../etc/./abs", 0), at("img/etc/alternatives/x"));
	/* ".." after a directory link is the link target's parent, as in the kernel. */
	CHECK_STR(jail("/usr/self/../etc", 0), at("img/etc"));
}

TEST(root_jail_missing_parts_kept_inside)
{
	make_image();
	CHECK_STR(jail("/usr/dangling", 0), at("img/nowhere/file"));
	CHECK_STR(jail("/new/dir/../../../../x", 0), at("img/x"));
	CHECK_STR(jail("/etc/new", 0), at("img/etc/new"));
}

TEST(root_jail_errors)
{
	make_image();
	CHECK_STR(jail("/usr/loop1", 0), xasprintf("ERR:%d", ELOOP));
	CHECK_STR(jail("/usr/loop1", ROOT_NOFOLLOW), at("img/usr/loop1"));
	CHECK_STR(jail("/etc/alternatives/x/y", 0), xasprintf("ERR:%d", ENOTDIR));
	/* As in the kernel, a file is no directory even when ".." comes next. */
	CHECK_STR(jail("/etc/alternatives/x/..", 0), xasprintf("ERR:%d", ENOTDIR));
}

/* ROOT_MAXLINKS links in a chain resolve; one more is ELOOP. */
TEST(root_jail_link_limit)
{
	mkdirs("img");
	put("img/end", "x");
	link_to("/end", "img/l1");
	for (int i = 2; i <= ROOT_MAXLINKS + 1; i++)
		link_to(xasprintf("l%d", i - 1), xasprintf("img/l%d", i));
	root_set(at("img"));
	CHECK_STR(jail(xasprintf("/l%d", ROOT_MAXLINKS), 0), at("img/end"));
	CHECK_STR(jail(xasprintf("/l%d", ROOT_MAXLINKS + 1), 0), xasprintf("ERR:%d", ELOOP));
}

TEST(root_jail_open_reads_the_image)
{
	char buf[64] = "";
	int fd;

	make_image();
	fd = root_open("/usr/up", O_RDONLY, 0);
	CHECK(fd < 0 && errno == ENOENT);	/* img/host-file: not the host's */
	fd = root_open("/usr/self/rel", O_RDONLY, 0);
	CHECK(fd >= 0);
	CHECK(read(fd, buf, sizeof(buf) - 1) > 0);
	CHECK_STR(buf, "in the image\n");
	close(fd);
	CHECK(root_open("/usr/loop1", O_RDONLY, 0) < 0 && errno == ELOOP);
	/* A link naming the host's own path means that path inside the image. */
	CHECK(root_open("/usr/hostabs", O_RDONLY, 0) < 0 && errno == ENOENT);
	CHECK_STR(jail("/usr/hostabs", 0), xasprintf("%s/img%s", unit_tmpdir(), at("host-file")));
}

TEST(root_jail_live_is_the_path)
{
	unsetenv("LSMBOX_ROOT");
	CHECK_STR(root_file("/etc/../x", 0), "/etc/../x");
	CHECK_STR(root_file("rel", 0), "rel");
}

static void bad_root_child(void *arg)
{
	this_applet = &fake;
	root_set(arg);
}

/* A --root that is missing or a file is a usage error, not an empty image. */
TEST(root_must_be_a_directory)
{
	struct child c;

	put("file", "x");
	c = run_child(bad_root_child, at("missing"));
	CHECK_INT(c.status, 2);
	CHECK_STR(c.err, xasprintf("fake: --root %s: No such file or directory\n"
				   "Try 'fake --help' for more information.\n", at("missing")));
	c = run_child(bad_root_child, at("file"));
	CHECK_INT(c.status, 2);
	CHECK(strstr(c.err, "Not a directory"));
}

/* kfs_path's relative part is resolved in the jail too, link by link. */
TEST(kfs_path_rel_inside_root)
{
	mkdirs("img/proc/1/attr");
	mkdirs("img/elsewhere");
	link_to("1", "img/proc/self");
	link_to("/elsewhere", "img/proc/1/attr/current");
	root_set(at("img"));
	/* The last part is not followed: the caller opens with O_NOFOLLOW. */
	CHECK_STR(kfs_path(KFS_PROC, "self/attr/current"), at("img/proc/1/attr/current"));
	CHECK_STR(kfs_path(KFS_PROC, "self/attr/x"), at("img/proc/1/attr/x"));
}
