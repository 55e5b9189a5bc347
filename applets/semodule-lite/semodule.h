// SPDX-License-Identifier: Apache-2.0
/* semodule.h: semodule-lite's model: libsemanage 3.4's module store (where
 * its files are, what a module is) and the parts that work on it. */
#ifndef SEMODULE_H
#define SEMODULE_H

#include <stdbool.h>
#include <stddef.h>

#include "lsmbox.h"

/* The largest module file (cil, hll, a .pp or .cil to install) read, packed
 * or unpacked: refpolicy's largest module is under 1 MB of CIL, its whole
 * store 22.5 MB. */
#define SMOD_FILE_MAX ((size_t)64 << 20)

/* bz.c: the store's compressed files.  libsemanage writes cil and hll as
 * bzip2 and reads either bzip2 (by its "BZh" magic) or the plain bytes. */
/* in (len bytes) as stored, unpacked into out (bzip2 by its magic, else
 * copied), at most max bytes.  0, or -1 after a message naming `name`: a
 * corrupt or truncated stream, more than max, or compressed data in a
 * build without LIB_BZ2. */
int smod_unpack(const char *name, const void *in, size_t len, size_t max, struct buf *out);
/* in packed as libsemanage stores it into out: bzip2 with block size level
 * (1 to 9, its bzip-blocksize); level 0, or a build without LIB_BZ2, stores
 * the bytes as they are.  0, or -1 after a message. */
int smod_pack(const void *in, size_t len, int level, struct buf *out);

/* store.c: where a store is.  Under --root (or -p ROOT) every path is the
 * image's, through lib/paths.c. */
struct store {
	char *name;		/* "default", "targeted", ... (-s, else SELINUXTYPE) */
	char *root;		/* the store root, /var/lib/selinux (-S) */
	char *dir;		/* root/name */
	char *etc;		/* /etc/selinux/name: what a rebuild installs */
	int bzip_level;		/* semanage.conf bzip-blocksize (default 9) */
	bool bzip_small;	/* semanage.conf bzip-small */
};

/* A module of the store: one priority's directory of it. */
struct smod {
	char *name;
	unsigned prio;		/* 1..999 */
	char *lang;		/* lang_ext: "cil", "pp", ... */
	bool enabled;		/* no disabled/NAME marker */
	bool top;		/* the highest priority of its name */
};

/* A module name as libsemanage takes it:
 * ^[a-zA-Z]([a-zA-Z0-9_-]|\.[a-zA-Z0-9_-])*$ (no '/', no ".."). */
bool smod_name_ok(const char *name);

#endif
