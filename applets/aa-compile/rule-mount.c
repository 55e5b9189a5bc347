// SPDX-License-Identifier: Apache-2.0
/* rule-mount.c: mount, remount, umount and pivot_root rules, checked and
 * taken apart as apparmor_parser 3.0.8 does when it reads them (mount.cc's
 * mnt_rule, do_mnt_rule and do_pivot_rule in parser_yacc.y): fstype and
 * options conditions, the option words that are mount flags (required
 * with options=, optional with options in), in its words. */
#include <stdlib.h>
#include <string.h>

#include "aa.h"


static const struct {
	const char *word;
	uint32_t set, clear;
} opts[] = {
	{ "ro", MS_RDONLY, 0 }, { "r", MS_RDONLY, 0 }, { "read-only", MS_RDONLY, 0 },
	{ "rw", 0, MS_RDONLY }, { "w", 0, MS_RDONLY },
	{ "suid", 0, MS_NOSUID }, { "nosuid", MS_NOSUID, 0 },
	{ "dev", 0, MS_NODEV }, { "nodev", MS_NODEV, 0 },
	{ "exec", 0, MS_NOEXEC }, { "noexec", MS_NOEXEC, 0 },
	{ "sync", MS_SYNC, 0 }, { "async", 0, MS_SYNC },
	{ "remount", MS_REMOUNT, 0 },
	{ "mand", MS_MAND, 0 }, { "nomand", 0, MS_MAND },
	{ "dirsync", MS_DIRSYNC, 0 },
	{ "atime", 0, MS_NOATIME }, { "noatime", MS_NOATIME, 0 },
	{ "diratime", 0, MS_NODIRATIME }, { "nodiratime", MS_NODIRATIME, 0 },
	{ "bind", MS_BIND, 0 }, { "B", MS_BIND, 0 },
	{ "move", MS_MOVE, 0 }, { "M", MS_MOVE, 0 },
	{ "rbind", MS_BIND | MS_REC, 0 }, { "R", MS_BIND | MS_REC, 0 },
	{ "verbose", MS_VERBOSE, 0 }, { "silent", MS_VERBOSE, 0 }, { "loud", 0, MS_VERBOSE },
	{ "acl", MS_ACL, 0 }, { "noacl", 0, MS_ACL },
	{ "unbindable", MS_UNBINDABLE, 0 }, { "make-unbindable", MS_UNBINDABLE, 0 },
	{ "runbindable", MS_UNBINDABLE | MS_REC, 0 }, { "make-runbindable", MS_UNBINDABLE | MS_REC, 0 },
	{ "private", MS_PRIVATE, 0 }, { "make-private", MS_PRIVATE, 0 },
	{ "rprivate", MS_PRIVATE | MS_REC, 0 }, { "make-rprivate", MS_PRIVATE | MS_REC, 0 },
	{ "slave", MS_SLAVE, 0 }, { "make-slave", MS_SLAVE, 0 },
	{ "rslave", MS_SLAVE | MS_REC, 0 }, { "make-rslave", MS_SLAVE | MS_REC, 0 },
	{ "shared", MS_SHARED, 0 }, { "make-shared", MS_SHARED, 0 },
	{ "rshared", MS_SHARED | MS_REC, 0 }, { "make-rshared", MS_SHARED | MS_REC, 0 },
	{ "relatime", MS_RELATIME, 0 }, { "norelatime", 0, 0 },
	{ "iversion", MS_IVERSION, 0 }, { "noiversion", 0, MS_IVERSION },
	{ "strictatime", MS_STRICTATIME, 0 },
	{ "user", 0, MS_NOUSER }, { "nouser", MS_NOUSER, 0 },
};

/* c's values put before those of the NULL-ended list *l of n: the
 * conditions come last-written first, so the list is in written order
 * (extract_fstype's list_append of each condition's values before the
 * list so far). */
static void take_values(char ***l, int *n, const struct aa_cond *c)
{
	*l = xrealloc(*l, (size_t)(*n + c->n + 1) * sizeof(**l));
	memmove(*l + c->n, *l, (size_t)*n * sizeof(**l));
	memcpy(*l, c->v, (size_t)c->n * sizeof(**l));
	*n += c->n;
	(*l)[*n] = NULL;
}

/* The option words of c: the flags set and cleared; the other words
 * appended to *rest. */
static void flags_of(const struct aa_cond *c, uint32_t *set, uint32_t *clear, char ***rest, int *nrest)
{
	for (int i = 0; i < c->n; i++) {
		size_t j;

		for (j = 0; j < ARRAY_SIZE(opts) && strcmp(c->v[i], opts[j].word); j++)
			;
		if (j < ARRAY_SIZE(opts)) {
			*set |= opts[j].set;
			*clear |= opts[j].clear;
		} else {
			*rest = xrealloc(*rest, (size_t)(*nrest + 2) * sizeof(**rest));
			(*rest)[(*nrest)++] = c->v[i];
			(*rest)[*nrest] = NULL;
		}
	}
}

int aa_mount_rule(struct aa_mount *r, enum aa_mnt_op op, const struct aa_cond *src, char *device,
		  const struct aa_cond *dst, char *mnt_point, const struct srcloc *at)
{
	uint32_t oflags = 0, oinv = 0;
	int nfs = 0, nopts = 0, bad = 0;

	*r = (struct aa_mount){ .op = op, .device = device, .mnt_point = mnt_point };
	if (op == MNT_PIVOT) {
		/* pivot_root [oldroot=OLD] [NEWROOT] [-> PROFILE]: only the
		 * last condition written is looked at */
		if (src && strcmp(src->name, "oldroot")) {
			diag(&src->loc, "invalid pivotroot conditional '%s'", src->name);
			return -1;
		}
		r->device = src && src->n ? src->v[0] : NULL;
		r->allow = AA_MAY_PIVOTROOT;
		r->flags = r->inv_flags = MS_ALL;
		return 0;
	}
	for (const struct aa_cond *c = src; c; c = c->next)
		if (strcmp(c->name, "fstype") && strcmp(c->name, "vfstype") &&
		    strcmp(c->name, "options") && strcmp(c->name, "option")) {
			/* each said, then the rule refused */
			diag(&c->loc, "invalid mount conditional %s", c->name);
			bad++;
		}
	if (bad) {
		diag(at, "%s", "bad mount rule");
		return -1;
	}
	if (dst) {
		diag(&dst->loc, "%s", "mount point conditions not currently supported");
		return -1;
	}
	for (const struct aa_cond *c = src; c; c = c->next)
		if (!strcmp(c->name, "fstype") || !strcmp(c->name, "vfstype"))
			take_values(&r->fstype, &nfs, c);
	/* options=: flags required; options in: flags allowed either way */
	for (const struct aa_cond *c = src; c; c = c->next)
		if ((!strcmp(c->name, "options") || !strcmp(c->name, "option")) && c->eq)
			flags_of(c, &r->flags, &r->inv_flags, &r->opts, &nopts);
	for (const struct aa_cond *c = src; c; c = c->next)
		if ((!strcmp(c->name, "options") || !strcmp(c->name, "option")) && !c->eq)
			flags_of(c, &oflags, &oinv, &r->opts, &nopts);
	r->flags |= oflags | oinv;
	r->inv_flags |= oflags | oinv;
	if (op == MNT_REMOUNT) {
		r->allow = AA_MAY_MOUNT;
		r->flags |= MS_REMOUNT;
		r->inv_flags = 0;
	} else {
		r->allow = op == MNT_UMOUNT ? AA_MAY_UMOUNT : AA_MAY_MOUNT;
		if (!(r->flags | r->inv_flags))
			r->flags = r->inv_flags = MS_ALL;
	}
	if (r->opts) {
		/* the anchor's words, not located: "unsupported mount options" */
		diag(at, "unsupported mount options: %s", r->opts[0]);
		aa_mount_free(r);
		return -1;
	}
	return 0;
}

void aa_mount_free(struct aa_mount *r)
{
	free(r->fstype);
	free(r->opts);
	r->fstype = r->opts = NULL;
}
