// SPDX-License-Identifier: Apache-2.0
/* evm.c: what EVM signs and HMACs: the file's security xattrs in the
 * kernel's order, then its inode fields (struct h_misc), then, unless
 * portable, the filesystem's UUID (security/integrity/evm/evm_crypto.c). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "lsmbox.h"
#include "imasign.h"

/* The kernel's list as evmctl 1.4 has it (evm_config_default_xattrnames):
 * the three SMACK64 extras only with --smack. */
static const struct {
	const char *name;
	int smack_extra;
} xattrs[] = {
	{ "security.selinux", 0 },
	{ "security.SMACK64", 0 },
	{ "security.SMACK64EXEC", 1 },
	{ "security.SMACK64TRANSMUTE", 1 },
	{ "security.SMACK64MMAP", 1 },
	{ "security.apparmor", 0 },
	{ "security.ima", 0 },
	{ "security.capability", 0 },
};

/* The largest xattr value Linux keeps (XATTR_SIZE_MAX). */
#define XATTR_VALUE_MAX 65536

/* "28b23254-9467-44c0-b6ba-34b12e85a26f": 16 bytes, or -1. */
int evm_uuid_parse(const char *s, uint8_t uuid[16])
{
	for (int i = 0; i < 16; i++) {
		if (hex_decode(s, 2, &uuid[i]))
			return -1;
		s += 2;
		if ((i == 3 || i == 5 || i == 7 || i == 9) && *s++ != '-')
			return -1;
	}
	return *s ? -1 : 0;
}

/* The UUID of the filesystem on device dev, from udev's /dev/disk/by-uuid
 * (evmctl runs blkid on /dev/block/M:m, which few systems have). */
static int fs_uuid(dev_t dev, uint8_t uuid[16])
{
	DIR *d = opendir("/dev/disk/by-uuid");
	struct dirent *de;
	int r = -1;

	if (!d)
		return -1;
	while (r && (de = readdir(d))) {
		struct stat st;

		if (de->d_name[0] != '.' && !fstatat(dirfd(d), de->d_name, &st, 0) &&
		    S_ISBLK(st.st_mode) && st.st_rdev == dev)
			r = evm_uuid_parse(de->d_name, uuid);
	}
	closedir(d);
	return r;
}

static void put_host(struct buf *b, const void *p, size_t n)
{
	buf_put(b, p, n);
}

int evm_data(struct job_evm *e, struct out *o, const char *shown, struct buf *data)
{
	const struct evm_opts *opt = e->opt;
	struct stat st;
	uint32_t generation = 0;
	uint8_t *v = xmalloc(XATTR_VALUE_MAX), uuid[16];
	char *list = xmalloc(XATTR_VALUE_MAX);
	ssize_t nlist;
	int r = -1;

	if (fstat(e->fd, &st) < 0) {
		out_fail(o, "%s: %s", shown, strerror(errno));
		goto out;
	}
	if (opt->ino)
		st.st_ino = (ino_t)strtoull(opt->ino, NULL, 10);
	if (opt->uid)
		st.st_uid = (uid_t)strtoul(opt->uid, NULL, 10);
	if (opt->gid)
		st.st_gid = (gid_t)strtoul(opt->gid, NULL, 10);
	if (opt->mode)	/* decimal, as evmctl reads it */
		st.st_mode = (mode_t)strtoul(opt->mode, NULL, 10);
	if (opt->generation) {
		generation = (uint32_t)strtoul(opt->generation, NULL, 10);
	} else if (ioctl(e->fd, FS_IOC_GETVERSION, &generation) < 0) {
		out_fail(o, "%s: the inode generation (FS_IOC_GETVERSION): %s; give --generation N", shown,
			 strerror(errno));
		goto out;
	}
	out_info(o, "generation: %u\n", generation);
	if ((nlist = flistxattr(e->fd, list, XATTR_VALUE_MAX)) < 0) {
		out_fail(o, "%s: listing xattrs: %s", shown, strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
		const char *name = xattrs[i].name;
		ssize_t n;

		if (xattrs[i].smack_extra && !opt->smack)
			continue;
		if (!strcmp(name, "security.selinux") && opt->selinux) {
			n = (ssize_t)strlen(opt->selinux) + 1;
			if (n > XATTR_VALUE_MAX) {
				out_fail(o, "--selinux: longer than an xattr value");
				goto out;
			}
			memcpy(v, opt->selinux, (size_t)n);
		} else if (!strcmp(name, "security.ima") && opt->ima) {
			n = (ssize_t)opt->ima_len;
			memcpy(v, opt->ima_value, opt->ima_len);
		} else if (!strcmp(name, "security.ima") && e->portable) {
			/* A portable signature needs the IMA xattr (the kernel says EPERM). */
			if ((n = fgetxattr(e->fd, e->xattr_ima, v, XATTR_VALUE_MAX)) < 0) {
				out_fail(o, "%s: a portable EVM signature needs %s: %s", shown, e->xattr_ima,
					 strerror(errno));
				goto out;
			}
			name = e->xattr_ima;
		} else if (!strcmp(name, "security.capability") && opt->caps_set) {
			if (!opt->caps)
				continue;
			n = (ssize_t)strlen(opt->caps);
			memcpy(v, opt->caps, (size_t)n);
		} else {
			int listed = 0;

			if ((n = fgetxattr(e->fd, name, v, XATTR_VALUE_MAX)) < 0) {
				out_info(o, "no xattr: %s\n", name);
				continue;
			}
			for (ssize_t at = 0; at < nlist; at += (ssize_t)strlen(list + at) + 1)
				listed |= !strcmp(list + at, name);
			if (!listed) {
				out_info(o, "skipping xattr: %s\n", name);
				continue;
			}
		}
		out_info(o, "name: %s, size: %zd\n", name, n);
		buf_put(data, v, (size_t)n);
	}
	/* struct h_misc, zeroed, in the target's layout (unsigned long ino). */
	{
		int m32 = opt->msize == 32 || (!opt->msize && sizeof(long) == 4);
		uint64_t ino64 = e->portable ? 0 : (uint64_t)st.st_ino;
		uint32_t ino32 = (uint32_t)ino64, gen = e->portable ? 0 : generation;
		uint32_t uid = (uint32_t)st.st_uid, gid = (uint32_t)st.st_gid;
		uint16_t mode = (uint16_t)st.st_mode, pad = 0;

		if (m32)
			put_host(data, &ino32, 4);
		else
			put_host(data, &ino64, 8);
		put_host(data, &gen, 4);
		put_host(data, &uid, 4);
		put_host(data, &gid, 4);
		put_host(data, &mode, 2);
		put_host(data, &pad, 2);
	}
	if (!e->portable && !e->hmac && !opt->no_uuid) {
		if (opt->uuid_given) {
			memcpy(uuid, opt->uuid, 16);
		} else if (fs_uuid(st.st_dev, uuid)) {
			out_fail(o, "%s: no UUID found for its filesystem (%u:%u) in /dev/disk/by-uuid; give "
				 "--uuid=UUID, or -u alone for none", shown, major(st.st_dev), minor(st.st_dev));
			goto out;
		}
		out_info(o, "uuid: ");
		out_hex(o, 0, uuid, 16, "\n");
		buf_put(data, uuid, 16);
	}
	r = data->err ? -1 : 0;
	if (r)
		out_fail(o, "%s: too much to hash", shown);
out:
	free(v);
	free(list);
	return r;
}
