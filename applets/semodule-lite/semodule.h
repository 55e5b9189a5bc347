// SPDX-License-Identifier: Apache-2.0
/* semodule.h: semodule-lite's model: libsemanage 3.4's module store (where
 * its files are, what a module is) and the parts that work on it. */
#ifndef SEMODULE_H
#define SEMODULE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lsmbox.h"

/* The largest module file (cil, hll, a .pp or .cil to install) read, packed
 * or unpacked: refpolicy's largest module is under 1 MB of CIL, its whole
 * store 22.5 MB. */
#define SMOD_FILE_MAX ((size_t)64 << 20)
/* The largest binary policy read (refpolicy's: 2.3 MB). */
#define SMOD_POLICY_MAX ((size_t)256 << 20)

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

/* module.c: hll (lang, len bytes) as CIL into out, as libsemanage's
 * hll/pp makes it; 0, or -1 after a message naming `name` (no LIB_SEPOL:
 * always).  libsepol reads it in a child process (lib sandbox_call) with
 * SMOD_SEPOL_MEM of memory and smod_sepol_cpu seconds of CPU (the fuzz
 * target lowers it under its own time limit). */
#define SMOD_SEPOL_MEM ((size_t)1 << 30)
#define SMOD_SEPOL_CPU 60
extern unsigned smod_sepol_cpu;
int smod_hll_to_cil(const char *name, const char *lang, const void *hll, size_t len,
		    struct buf *out);

/* The name a policy package (.pp) gives itself, as libsemanage reads it
 * to name the module it installs; NULL when it cannot be read (or no
 * LIB_SEPOL), then the file's name is the module's. */
char *smod_pp_name(const void *pp, size_t len);

/* load.c: load_policy's work: the store's policy for the kernel's
 * version into selinuxfs' load; 0, or -1 after a message. */
int smod_load_policy(void);
/* Whether the kernel has SELinux on (selinuxfs found). */
bool smod_selinux_on(void);

/* load.c: getenforce, setenforce, getsebool, setsebool, load_policy and
 * sestatus by that name; its exit status, or -1 for another name. */
int smod_tool_main(const char *name, int argc, char **argv);
/* KEY= of /etc/selinux/config (SELINUX, SELINUXTYPE), its last line's
 * value, or NULL. */
char *selinux_config(const char *key);

/* store.c: where a store is.  Under --root (or -p ROOT) every path is the
 * image's, through lib/paths.c. */
struct store {
	char *name;		/* "default", "targeted", ... (-s, else SELINUXTYPE) */
	char *root;		/* the store root, /var/lib/selinux (-S) */
	char *conf_root;	/* semanage.conf's store-root, or NULL */
	char *dir;		/* root/name, as shown */
	char *etc;		/* /etc/selinux/name: what a rebuild installs */
	int fd;			/* the store's directory */
	/* semanage.conf, with libsemanage 3.4's defaults: */
	int bzip_level;		/* bzip-blocksize (9) */
	bool bzip_small;	/* bzip-small (false) */
	int policyvers;		/* policy-version (0: libsepol's highest) */
	int expand_check;	/* expand-check (1): neverallow checked */
	int handle_unknown;	/* handle-unknown: -1 (the policy's), or
				 * SEPOL_DENY/REJECT/ALLOW_UNKNOWN (0, 2, 4) */
	mode_t file_mode;	/* file-mode (0644): what a rebuild installs */
	bool usepasswd;		/* usepasswd (true): genhomedircon reads passwd */
	bool genhomedircon;	/* not disable-genhomedircon (true) */
	bool optimize;		/* optimize-policy (false) */
	bool xen;		/* target-platform = xen */
	char *ignoredirs;	/* ignoredirs: ';'-separated, or NULL */
	bool quiet;		/* a commit's warnings unsaid (setsebool
				 * without -V, as its silenced libsemanage) */
};
/* The store of that name (NULL: SELINUXTYPE of /etc/selinux/config) under
 * store_root (NULL: semanage.conf's, else /var/lib/selinux), made if
 * missing (its root must exist, as libsemanage wants); dies on failure. */
void store_open(struct store *s, const char *name, const char *store_root);
/* The store of SELINUXTYPE as it is: -1 (no message) when it or its
 * active/ is not there, as libsemanage's "not managed". */
int store_open_existing(struct store *s);
/* The store name (a valid name) under semanage.conf's store root, only
 * read: -1 (no message) when it or its active/modules is not there, with
 * s->fd the store's directory when that is (lsmbox audit). */
int store_open_ro(struct store *s, const char *name);
void store_close(struct store *s);

/* Beneath directory dfd, never following a symbolic link: open rel (its
 * directories must exist), read it whole (at most max), write it (a new
 * file, 0600, in place of any there: never written over, since a
 * transaction's files are links to the store's).  -1 and errno. */
int sat_open(int dfd, const char *rel, int flags, mode_t mode);
char *sat_read(int dfd, const char *rel, size_t max, size_t *lenp);
int sat_write(int dfd, const char *rel, const void *p, size_t len);

/* A module of the store: one priority's directory of it. */
struct smod {
	char *name;
	unsigned prio;		/* 1..999 */
	char *lang;		/* lang_ext: "cil", "pp", ... */
	bool enabled;		/* no disabled/NAME marker */
	bool top;		/* the highest priority of its name */
};

/* The modules of a modules/ directory (fd): highest priority first, names
 * in versionsort order within one, as semodule -lfull lists them; how
 * many, or -1 after a message. */
int smods_read(int mfd, struct smod **v);
void smods_free(struct smod *v, int n);
/* The module name at prio, or (prio 0) at its highest priority; NULL. */
const struct smod *smod_find(const struct smod *v, int n, const char *name, unsigned prio);
/* Its file ("cil", "hll") unpacked into out; -1 after a message, or with
 * errno ENOENT and no message when there is no such file. */
int smod_read_file(int mfd, const struct smod *m, const char *file, struct buf *out);

/* txn.c: the locks and the transaction. */
/* flock of the store's lock file (semanage.trans.LOCK, semanage.read.LOCK),
 * waiting as libsemanage does (5 s); the descriptor, or -1 after a message. */
int store_lock(struct store *s, const char *file, const char *what);
void store_unlock(int fd);
/* Puts previous/ back as active/ when a two-rename swap was cut between
 * its renames (hold the transaction lock). */
void store_recover(struct store *s);
/* The number in commit_num file rel beneath dfd (0 when none). */
int store_serial(int dfd, const char *rel);
/* name beneath dfd removed, a directory with all it holds. */
int tree_remove(int dfd, const char *name);

/* A change: the transaction lock held, tmp/ a copy of active/. */
struct txn {
	struct store *s;
	int trans;		/* the transaction lock */
	int tmp;		/* tmp/ */
	int modules;		/* tmp/modules/ */
	/* Called once tmp/ is active/, under the read lock, as libsemanage
	 * installs the policy then; its failure fails the commit (which
	 * stays made).  NULL: none. */
	int (*installed)(void *arg);
	void *arg;
};
/* 0, or -1 after a message when the lock or the copy cannot be had
 * (nothing changed). */
int txn_begin(struct txn *t, struct store *s);
/* tmp/ becomes active/ in one step; the new commit number, or -1 after a
 * message with the store as it was (or made, when only t->installed
 * failed).  Either way the transaction is over. */
int txn_commit(struct txn *t);
void txn_abort(struct txn *t);

/* A module name as libsemanage takes it:
 * ^[a-zA-Z]([a-zA-Z0-9_-]|\.[a-zA-Z0-9_-])*$ (no '/', no ".."). */
bool smod_name_ok(const char *name);
/* A lang_ext as libsemanage takes it: [a-zA-Z0-9][a-zA-Z0-9_-]*. */
bool smod_lang_ok(const char *lang);

/* The header libsemanage writes atop the files it makes (booleans.local,
 * and seusers or users_extra for a policy without any). */
#define SMOD_HEADER "# This file is auto-generated by libsemanage\n# Do not edit directly.\n\n"

/* bools.c: booleans.local, semanage's persistent boolean values. */
struct sbool {
	char *name;
	int value;		/* 0 or 1 */
};
struct sbools {
	struct sbool *v;	/* in the file's order */
	size_t n;
};
/* text (len bytes of file) as libsemanage 3.4 reads booleans.local; 0, or
 * -1 after a "file:line: what" message (bl then empty). */
int smod_bools_parse(const char *file, const char *text, size_t len, struct sbools *bl);
/* The file libsemanage writes for bl: its header, then NAME=VALUE lines. */
void smod_bools_text(const struct sbools *bl, struct buf *out);
struct sbool *smod_bools_find(const struct sbools *bl, const char *name);
/* name's value replaced, or name added last. */
void smod_bools_set(struct sbools *bl, const char *name, int value);
void smod_bools_free(struct sbools *bl);
/* The transaction's booleans.local merged into policy (a
 * sepol_policydb_t *) as libsemanage merges it at a commit: first the
 * values of set (setsebool -P; NULL: none), each of which must name a
 * boolean of the policy or of the file (else "Boolean NAME is not
 * defined"); then records for booleans the policy lacks dropped; each
 * value left set in the policy (*merged: there was one).  The file is
 * written again when it changed.  1 when it did, 0 when not, -1 after a
 * message (not in a build without LIB_SEPOL). */
int smod_bools_merge(struct txn *t, void *policy, const struct sbools *set, bool *merged);

/* build.c: the rebuild of a commit. */
struct build_opts {
	bool no_dontaudit;	/* -D */
	bool tunables;		/* -P */
	bool ignore_cache;	/* -C: .pp modules' CIL made again, not kept */
	bool if_changed;	/* --rebuild-if-modules-changed: only when the
				 * modules' checksum differs from the store's */
	bool force;		/* rebuild even then (-B, a module changed) */
	bool read_only;		/* the modules only read: a .pp module's CIL
				 * made now is not kept beside it (lsmbox
				 * audit builds into a tmp/ of its own) */
	/* Without force or if_changed: no compile, unless a flag changed or
	 * a computed file is missing; the policy linked before is merged
	 * with the store's local changes (booleans.local, with set's new
	 * values), and nothing is built when they did not change. */
	const struct sbools *set;
};
/* What the rebuild made that goes under /etc/selinux/STORE. */
struct build {
	int vers;		/* policy.N */
	struct buf policy, fc, homedirs, seusers;
};
/* The policy of the enabled modules in the transaction's tmp/ compiled,
 * and tmp/'s computed files written: 0 (b filled), 1 when there is
 * nothing to build (no module enabled: libsemanage then drops the
 * commit; or unchanged with if_changed), -1 after a message naming the
 * module and line. */
int smod_build(struct txn *t, const struct build_opts *o, struct build *b);
/* After the commit: b's files under /etc/selinux/STORE; -1 after a
 * message when one could not be installed. */
int smod_install(const struct store *s, const struct build *b);
void build_free(struct build *b);
/* A SHA-256 as libsemanage writes it (semodule -m, modules_checksum):
 * "sha256:" and 64 hex digits, NUL-terminated. */
#define SMOD_SUM_LEN (7 + 64)
void smod_sum_str(const uint8_t d[32], char s[SMOD_SUM_LEN + 1]);
/* The module as CIL: its cil file, or made from its hll when the store
 * has none (Debian leaves its disabled .pp modules so) or when fresh (-C);
 * with keep, the CIL made is written beside it, as libsemanage keeps it. */
int smod_module_cil(struct store *s, int mfd, bool keep, bool fresh, const struct smod *m,
		    struct buf *out);

/* genhome.c: libsemanage 3.4's genhomedircon.  file_contexts.homedirs
 * into out, from the transaction's tmp/ (fd tmp: homedir_template,
 * file_contexts, seusers, users_extra), the policy's users (policy: a
 * sepol_policydb_t *) and, with s->usepasswd, the image's passwd and
 * useradd defaults (through lib/paths.c); 0, or -1 after a message. */
int smod_genhomedircon(const struct store *s, int tmp, void *policy, struct buf *out);

#endif
