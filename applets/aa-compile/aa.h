// SPDX-License-Identifier: Apache-2.0
/* aa.h: aa-compile's model: the tokens of AppArmor's profile language as
 * apparmor_parser 3.0.8's scanner (parser_lex.l) cuts them, and the
 * passes.  lex.c scans, following include directives as the scanner does
 * (the search path, "include if exists", directories, each file once a
 * run), and can echo what it reads: apparmor_parser's -p. */
#ifndef AA_H
#define AA_H

#include <dirent.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "lsmbox.h"

enum aa_tok {
	AT_EOF,
	AT_ID,			/* a name, path or label (escapes processed) */
	AT_VALUE,		/* a value: of a variable, a condition, a list */
	AT_MODE,		/* file permissions: rwlkmix... */
	AT_OPEN, AT_CLOSE,	/* { } */
	AT_OPENPAREN, AT_CLOSEPAREN,
	AT_END_OF_RULE,		/* , */
	AT_EQUALS, AT_ADD_ASSIGN, AT_ARROW, AT_CARET, AT_COLON, AT_LE,
	AT_SET_VAR,		/* @{NAME} */
	AT_BOOL_VAR,		/* ${NAME} */
	AT_HAT, AT_PROFILE,
	AT_CONDID,		/* NAME before = or in ( */
	AT_CONDLISTID,		/* peer= ( or xattrs= ( */
	AT_KEYWORD,		/* text is the keyword */
};

struct aa_token {
	enum aa_tok t;
	char *text;		/* owned by the scanner until the next token */
	struct srcloc loc;
};

struct aa_lex_opts {
	const char *const *dirs;	/* the include search path, in order */
	int ndirs;
	FILE *echo;		/* -p: what is read, includes expanded; or NULL */
};

struct aa_lex;
/* A scanner over file (a path on the host; NULL: standard input), its
 * locations' file names valid until aa_lex_close, its
 * includes opened through the jail (lib/paths.c); NULL with errno when
 * file cannot be opened, NULL and errno 0 after a message when it cannot
 * be read. */
struct aa_lex *aa_lex_open(const char *file, const struct aa_lex_opts *o);
/* The next token: 0, or -1 after a located message (the scan is over). */
int aa_lex_next(struct aa_lex *lx, struct aa_token *tok);
void aa_lex_close(struct aa_lex *lx);
/* The newest modification time of the files and include directories read
 * so far (apparmor_parser's mru_policy_tstamp), and of abi files. */
struct timespec aa_lex_mtime(const struct aa_lex *lx);
/* An abi rule's features file (<NAME> on the include path, "NAME" as it
 * is), found as apparmor_parser finds it: 0 and its text in *text (NULL
 * when the include cache has it: a second abi of one file), or -1 after a
 * message located at the rule's name. */
int aa_lex_abi(struct aa_lex *lx, const char *name, bool search, char **text);
/* A condition of a rule as read: NAME=VALUE, NAME=(VALUES), NAME in
 * (VALUES), or a NAME alone (no values, not eq).  A rule's list is kept in
 * the order apparmor_parser's grammar builds it: the last written first. */
struct aa_cond {
	char *name;
	char **v;
	int n;
	bool eq;		/* '=' rather than 'in' */
	struct srcloc loc;
	struct aa_cond *next;
};
void aa_conds_free(struct aa_cond *c);

/* rule-misc.c: the rules other than file rules, checked as apparmor_parser
 * 3.0.8's rule classes check them when they are read, each in its words:
 * 0, or -1 after a located message.  A perm word (or mode, or value in a
 * perm list) of a rule kind: its bits, or -1 after a message. */
enum aa_kind { AK_DBUS, AK_SIGNAL, AK_PTRACE, AK_UNIX, AK_NET, AK_MOUNT };
/* Every network access (network.h's AA_VALID_NET_PERMS). */
#define AA_NET_VALID 0x0b700376u
int aa_perm_word(enum aa_kind k, const struct aa_token *t);

struct aa_dbus {
	uint32_t perms;
	char *bus, *name, *label, *path, *interface, *member;	/* borrowed */
};
int aa_dbus_rule(struct aa_dbus *r, uint32_t perms, const struct aa_cond *conds,
		 const struct aa_cond *peer, const struct srcloc *at);

struct aa_signal {
	uint32_t perms;
	uint8_t set[161 / 8 + 1];	/* signal numbers: 1-35, 128-160 (rtmin+N) */
	char *peer;
};
int aa_signal_rule(struct aa_signal *r, uint32_t perms, const struct aa_cond *conds);

struct aa_ptrace {
	uint32_t perms;
	char *peer;
};
int aa_ptrace_rule(struct aa_ptrace *r, uint32_t perms, const struct aa_cond *conds);

struct aa_unix {
	uint32_t perms;
	int type;		/* -1: any */
	char *addr, *peer_addr, *peer_label;
};
int aa_unix_rule(struct aa_unix *r, uint32_t perms, const struct aa_cond *conds,
		 const struct aa_cond *peer);

/* rlimit NAME <= VALUE [UNIT]: its index and value in *which and *value
 * (as the kernel's rlimits record has them). */
int aa_rlimit(const struct aa_token *name, const struct aa_token *value, const char *unit,
	      int *which, uint64_t *value_out);

/* rule-mount.c: mount, remount, umount and pivot_root. */
enum aa_mnt_op { MNT_MOUNT, MNT_REMOUNT, MNT_UMOUNT, MNT_PIVOT };
/* Mount flags as apparmor's mount.h numbers them (the kernel's MS_* where
 * they exist), the sets of them each kind of mount looks at, and the
 * mount class's permissions. */
enum {
	MS_RDONLY = 1 << 0, MS_NOSUID = 1 << 1, MS_NODEV = 1 << 2, MS_NOEXEC = 1 << 3,
	MS_SYNC = 1 << 4, MS_REMOUNT = 1 << 5, MS_MAND = 1 << 6, MS_DIRSYNC = 1 << 7,
	MS_NOATIME = 1 << 10, MS_NODIRATIME = 1 << 11, MS_BIND = 1 << 12, MS_MOVE = 1 << 13,
	MS_REC = 1 << 14, MS_VERBOSE = 1 << 15, MS_ACL = 1 << 16, MS_UNBINDABLE = 1 << 17,
	MS_PRIVATE = 1 << 18, MS_SLAVE = 1 << 19, MS_SHARED = 1 << 20, MS_RELATIME = 1 << 21,
	MS_IVERSION = 1 << 23, MS_STRICTATIME = 1 << 24,
	MS_ALL = MS_RDONLY | MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_SYNC | MS_REMOUNT | MS_MAND |
		 MS_DIRSYNC | MS_NOATIME | MS_NODIRATIME | MS_BIND | MS_REC | MS_MOVE | MS_VERBOSE |
		 MS_ACL | MS_UNBINDABLE | MS_PRIVATE | MS_SLAVE | MS_SHARED | MS_RELATIME |
		 MS_IVERSION | MS_STRICTATIME,
	/* what the kernel leaves to the file system (fs/namespace.c) */
	MS_FSFLAGS = MS_NOSUID | MS_NOEXEC | MS_NODEV | MS_NOATIME | MS_NODIRATIME | MS_RELATIME |
		     MS_STRICTATIME,
	MS_BINDS = MS_BIND | MS_REC,
	MS_PROPS = MS_UNBINDABLE | MS_PRIVATE | MS_SLAVE | MS_SHARED,
	MS_MAKES = MS_PROPS | MS_REC | (MS_ALL & ~MS_FSFLAGS),
	MS_CMDS = MS_MOVE | MS_REMOUNT | MS_BINDS | MS_PROPS | MS_REC,
	MS_REMOUNTS = MS_ALL & ~(MS_CMDS & ~MS_REMOUNT & ~MS_BINDS),
	AA_MAY_PIVOTROOT = 1, AA_MAY_MOUNT = 2, AA_MAY_UMOUNT = 4,
	AA_MNT_DATA = 0x40,	/* in audit: the rule's data (none) matched on */
};
#define MS_NOUSER (1u << 31)

struct aa_mount {
	enum aa_mnt_op op;
	uint32_t allow, flags, inv_flags;
	char **fstype, **opts;	/* borrowed; NULL-ended, or NULL: any */
	char *device, *mnt_point, *trans;
};
int aa_mount_rule(struct aa_mount *r, enum aa_mnt_op op, const struct aa_cond *src, char *device,
		  const struct aa_cond *dst, char *mnt_point, const struct srcloc *at);
void aa_mount_free(struct aa_mount *r);

/* A rule of the policy DB's classes, in the order read (the anchor's
 * rule_ents), its strings its own. */
struct aa_rule {
	enum aa_kind kind;	/* AK_DBUS, AK_SIGNAL, AK_PTRACE, AK_UNIX; AK_MOUNT */
	bool deny;
	uint32_t audit;
	struct srcloc loc;
	union {
		struct aa_dbus dbus;
		struct aa_signal sig;
		struct aa_ptrace ptrace;
		struct aa_unix unix_;
		struct aa_mount mnt;
	} u;
	struct aa_rule *next;
};
/* The rule's strings made its own (they were the conditions'). */
void aa_rule_own(struct aa_rule *r);
void aa_rules_free(struct aa_rule *r);

/* The network families apparmor_parser 3.0.8 knows: AF_UNSPEC (0) to
 * AF_MCTP (45). */
enum { AA_AF_MAX = 46 };

/* File permissions as apparmor_parser packs them (immunix.h): a 14-bit
 * half for the owner of the file (bits 0-13) and one for others (14-27),
 * and bits shared by both. */
enum {
	AA_EXEC = 1 << 0, AA_WRITE = 1 << 1, AA_READ = 1 << 2, AA_APPEND = 1 << 3,
	AA_LINK = 1 << 4, AA_LOCK = 1 << 5, AA_MMAP = 1 << 6, AA_PUX = 1 << 7,
	AA_UNSAFE = 1 << 8, AA_INHERIT = 1 << 9, AA_MOD0 = 1 << 10, AA_MOD1 = 1 << 11,
	AA_MODIFIERS = 0xf << 10,
	AA_EXEC_TYPE = AA_UNSAFE | AA_INHERIT | AA_PUX | AA_MODIFIERS,
	AA_BASE = 0x3fff,
	AA_OTHER_SHIFT = 14,
	AA_ONEXEC = 1 << 30,
};
#define AA_CHANGE_PROFILE (1u << 31)
#define AA_BOTH(m) ((uint32_t)(m) | (uint32_t)(m) << AA_OTHER_SHIFT)

/* A file, link or change_profile rule: apparmor_parser's cod_entry. */
struct aa_entry {
	char *name;		/* the path glob; change_profile: the target */
	char *link;		/* a link's target; change_profile's exec
				 * condition (one field in the anchor: so it
				 * sorts, merges and expands as a link) */
	char *nt;		/* an exec transition's profile (-> NAME) */
	uint32_t mode, audit;
	bool deny, subset;
	bool alias_made;	/* an alias's copy: no alias applies to it */
	struct srcloc loc;
	struct aa_entry *next;
};

struct aa_profile {
	char *ns, *name;	/* name: the profile's own, without its parents' */
	char *attach;
	int kind;		/* 0 at the top, 1 a child profile, 2 a hat */
	int mode;		/* 0 enforce, 1 complain, 2 kill, 3 unconfined */
	unsigned path_flags;
	bool audit;
	struct aa_cond *xattrs;
	uint64_t cap_allow, cap_deny, cap_audit, cap_quiet;
	uint32_t rlim_mask;
	uint64_t rlim[16];
	struct aa_entry *entries;
	struct aa_rule *rules, **rules_end;
	/* network rules: socket type bits a family (the anchor's net
	 * table; NULL until a network or unix rule) */
	uint32_t (*net)[4][AA_AF_MAX];	/* allow, audit, deny, quiet */
	char *xtable[16];	/* named transitions: index 4..15 */
	struct aa_profile *parent;
	struct aa_profile *children;	/* hats and child profiles, by name */
	struct aa_profile *next;
	struct srcloc loc;
	char **altnames;	/* the attachment by its aliases, the last first */
	int naltnames;
};

/* A set variable's values as apparmor_parser's symbol table keeps them:
 * each added value goes first. */
struct aa_value {
	char *v;
	struct aa_value *next;
};

struct aa_var {
	char *name;		/* without @{ } or ${ } */
	int boolean;		/* -1: a set variable; else its value */
	struct aa_value *values, *expanded;
	bool expanding;
};

struct aa_policy {
	struct aa_profile *profiles;	/* by namespace and name */
	struct aa_var *vars;
	int nvars;
	char **alias;		/* from, to pairs */
	int nalias;
	bool aliases_sorted;
	size_t expanded_bytes;	/* of every variable's expanded values */
	char *abi;		/* the text of the features its first abi rule names */
};

/* emit.c: prof and its children resolved, their DFAs built and their
 * records appended to out (NULL: built only), as apparmor_parser writes
 * them; 0, or -1 after a message. */
struct aa_emit_opts {
	uint32_t version;	/* each record's header */
	FILE *dump;		/* -D rule-exprs, or NULL */
	size_t dfa_mem;		/* each DFA construction's memory cap, bytes */
	unsigned dfa_flags;	/* -O: DFA_NO_MINIMIZE */
	unsigned pack_flags;	/* -O: DFA_PACK_EC */
};
int aa_emit(struct aa_policy *pol, struct aa_profile *prof, const struct aa_emit_opts *o, struct buf *out);

/* features.c: what kernel features files say aa-compile writes for:
 * the ABI in each record's header (5, 6 or 7), the old network table
 * ("network") or network v8 rules, unix rules (network/af_unix), mount,
 * dbus, signal, ptrace rules, stacked change_profile targets, xattr
 * attachment (with out-of-band transitions), diff-encoded DFAs.  aa_kf
 * holds those of the -M file read (until then Debian 12's 6.1 kernel's). */
struct aa_kfeat {
	uint8_t abi;
	bool network, netv8, af_unix, mount, dbus, signal, ptrace, stack, xattr, oob, diff_encode;
	bool set_load;		/* a profile and its children in one write */
	uint64_t caps;		/* the capabilities the kernel has, by number */
	char *cap_names[64];	/* those apparmor_parser does not know, named */
};
extern struct aa_kfeat aa_kf;
/* A features file's bound (bytes). */
#define AA_FEATURES_MAX (1 << 20)
/* The features of the kernel compiled for (-M, --kernel-features) and
 * those policy is pinned to when it declares none (-M,
 * --policy-features, parser.conf; NULL: apparmor_parser's built-in
 * default): 0, or -1 after a message. */
int aa_features_kernel(const char *file);
int aa_features_pin(const char *file);
/* aa_kf for a file's profiles, once its preamble is read: as
 * apparmor_parser 3.0.8 sets it, the kernel's features and the policy's
 * (its first abi rule's, abi NULL: the pinned ones) both needed for a
 * class of rules; the ABI, out-of-band transitions, diff encoding and the
 * capabilities the kernel has from the kernel's alone.  Without kernel
 * features read (-p), nothing changes. */
void aa_features_policy(const char *abi);
/* The policy cache directory for the kernel's features under LOC, as
 * libapparmor's aa_policy_cache_dir_path_preview names it: ID.0 (ID the
 * features text's hash), or where ID.0 holds other features the ID.N that
 * holds these, else one past the highest N.  xmalloc'd, or NULL and
 * errno. */
char *aa_cache_dir(const char *loc);
/* Does DIR/.features (a file or directory) hold the kernel's features?
 * 1, 0 (other features), or -1 with errno (ENOENT: none there). */
int aa_cache_features(const char *dir);
/* The kernel features' text written to path (atomically).  0 or -1 and
 * errno. */
int aa_features_write(const char *path);

/* status.c: aa-status's options (argv[1]), output and exit status; name
 * is the one its usage shows. */
int aa_status_main(const char *name, int argc, char **argv);
/* --loaded [--json] (argv[1]): the profiles in apparmorfs's policy tree. */
int aa_loaded_main(int argc, char **argv);
/* mode.c: enforce, complain or disable (cmd), with the utils' options
 * (argv[1]...). */
int aa_mode_main(const char *cmd, int argc, char **argv);
/* apparmor_parser's work (aa-compile.c), for a command line made. */
int aa_parser_main(int argc, char **argv);
/* The image's /etc/apparmor/parser.conf (under --root) read as
 * apparmor_parser reads it: policy-features's host path in *pf
 * (xmalloc'd, or NULL: none); 0, or -1 after a message for a line
 * aa-compile does not take. */
int aa_parser_conf(char **pf);
/* apparmor_parser's test_for_dir_mode: BASE/DIR/NAME there and readable
 * (DIR disable or force-complain: the profile NAME is so), in the jail. */
bool aa_in_mode_dir(const char *base, const char *dir, const char *name);

/* cache.c: the policy cache, in up to AA_CACHE_LOCS locations (the first
 * written, all read, in order): each one's directory for the kernel
 * features. */
#define AA_CACHE_LOCS 4
struct aa_cache {
	char *dir[AA_CACHE_LOCS];
	int n;
};
/* -L's comma-separated list into locs (xmalloc'd): their number, or -1
 * with errno E2BIG past AA_CACHE_LOCS. */
int aa_cache_locs(const char *arg, char **locs);
/* The cache in locs (host paths), its first directory made with its
 * .features when create: 0, or -1 and errno (ENOENT: no cache there,
 * EEXIST: another kernel's, else a failure said).  A later location with
 * no directory for these features is left out, with a warning unless
 * quiet. */
int aa_cache_open(struct aa_cache *c, char *const *locs, int n, bool create, bool quiet);
void aa_cache_close(struct aa_cache *c);
/* --purge-cache: every file under loc removed.  0 or -1 and errno. */
int aa_cache_purge(const char *loc);
/* The first directory's entry NAME that can be opened (xmalloc'd), or
 * NULL. */
char *aa_cache_find(const struct aa_cache *c, const char *name);
/* Is the entry at path one to load: not empty, its header and version
 * these?  1 and its modification time in *mtime, or 0. */
int aa_cache_valid(const char *path, uint32_t version, struct timespec *mtime);
/* The entry NAME in the first directory replaced by p..p+n, modified at
 * mtime; atomically.  0, or -1 after a message. */
int aa_cache_write(const struct aa_cache *c, const char *name, const uint8_t *p, size_t n,
		   struct timespec mtime);

/* kernel.c: apparmorfs.  0, or -1 after a message saying why it is not
 * there (AppArmor not enabled, securityfs not mounted, --root). */
int aa_kernel_check(void);
/* The running kernel's features directory (xmalloc'd), or NULL after a
 * message. */
char *aa_kernel_features_dir(void);
enum aa_kop { AA_KADD, AA_KREPLACE, AA_KREMOVE };
/* Records (or, to remove, a profile's name) written to the kernel: 0 or
 * -errno. */
int aa_kernel_write(enum aa_kop op, const uint8_t *p, size_t n, bool set_load);
/* After a write the kernel refused: its log's AppArmor status line about
 * it (apparmor="STATUS" ... info="WHY" error=...), where /dev/kmsg could
 * be read; else NULL. */
extern char *aa_kernel_why;
/* apparmor_parser's words for a load's -errno, or NULL. */
const char *aa_kernel_error(int err);

/* A profile's xattr conditions, NULL for a kernel that cannot use them. */
static inline const struct aa_cond *aa_xattrs(const struct aa_profile *prof)
{
	return aa_kf.xattr && aa_kf.oob ? prof->xattrs : NULL;
}
/* Does the features text have PATH (names by "/"), as libapparmor finds it. */
bool aa_features_has(const char *text, const char *path);
/* The kernel features' text (aa_features_kernel's), or NULL: none read. */
const char *aa_features_kernel_text(void);

/* parse.c: the tokens of lx read to its end by parser_yacc.y's grammar
 * into pol: 0, or -1 after a located message at the first token it
 * refuses. */
int aa_parse(struct aa_lex *lx, struct aa_policy *pol);
void aa_policy_free(struct aa_policy *pol);
void aa_entries_free(struct aa_entry *e);
/* add_proc_access: the rules a profile needs to change hat or profile
 * through the /proc files rule names. */
void aa_proc_access(struct aa_profile *prof, const char *rule);
struct aa_var *aa_var_find(struct aa_policy *pol, const char *name);
/* The profile's network table, made (all zero) at its first use. */
uint32_t (*aa_net_table(struct aa_profile *prof))[4][AA_AF_MAX];

/* resolve.c: what apparmor_parser does to a profile after the parse, in
 * its order: the change_hat rules, variables, aliases, the file rules
 * sorted and merged.  0, or -1 after a message. */
int aa_resolve_profile(struct aa_policy *pol, struct aa_profile *prof);

/* glob.c: an AppArmor glob as libapparmor_re's regular expression,
 * appended to out: its kind (0 plain, 1 a tail **, 2 a regex), or -1
 * after a message located at at; *first the offset of its first special
 * character. */
enum { AA_GLOB_DEFAULT, AA_GLOB_NULL };
int aa_glob(const char *glob, int kind, struct buf *out, int *first, const struct srcloc *at);
void aa_filter_slashes(char *path);

/* rule-file.c: the file rules of a profile as regular expressions and
 * permissions (parser_regex.c's process_dfa_entry), handed to out's rule
 * one by one.  With dump, each is written as apparmor_parser -D rule-exprs
 * writes it. */
struct aa_rules_out {
	int (*rule)(void *ctx, const char *const *parts, int n, bool deny, uint32_t perms, uint32_t audit,
		    const struct srcloc *at);
	void *ctx;
	FILE *dump;
	/* append_rule: every rule so far may go on with an out-of-band
	 * separator and re (xattr conditions) */
	int (*append)(void *ctx, const char *re, const struct srcloc *at);
};
int aa_file_rules(struct aa_profile *prof, struct aa_rules_out *out);
int aa_xmatch(struct aa_profile *prof, struct aa_rules_out *out);
/* A glob as a regular expression in re (NUL-ended; emptied first),
 * written to out's dump: its kind, or -1 after a message. */
int aa_glob_out(const char *glob, int kind, struct buf *re, int *first, struct aa_rules_out *out,
		const struct srcloc *at);
/* The same appended to re (not NUL-ended), the dump showing the whole of
 * re as the anchor's (a mount rule's class byte, the fstypes before). */
int aa_glob_add(const char *glob, int kind, struct buf *re, int *first, struct aa_rules_out *out,
		const struct srcloc *at);
/* A rule of n parts (matched one after the other, a NUL between) to out,
 * written to its dump; at: the profile text it comes from. */
int aa_rule_out(struct aa_rules_out *out, const char *const *parts, int n, bool deny, uint32_t perms,
		uint32_t audit, const struct srcloc *at);

/* rule-policy.c: the policy DB's rules of a profile, as apparmor_parser
 * 3.0.8 makes them for the kernel features of aa_kf (parser_regex.c's
 * process_profile_policydb): its class rules in order, the network table,
 * then the "mediates" rules. */
int aa_policydb_rules(struct aa_profile *prof, struct aa_rules_out *out);
/* apparmor_parser's _parse_label: a label (&)?(:NS:(//)?)?NAME taken
 * apart: 0, or 1 a namespace not terminated, 2 an empty namespace, 3 an
 * empty name (aa_label_error's words). */
int aa_label_parse(const char *label, bool *stack, const char **ns, size_t *ns_len, const char **name);
const char *aa_label_error(int rc);
/* A capability's number (its bit), or -1 for a name apparmor has not. */
int aa_cap_index(const char *name);
/* The capability a rule naming cap c gets: c, or for one the kernel has
 * not that apparmor_parser maps back (perfmon, bpf, checkpoint_restore)
 * sys_admin. */
int aa_cap_backmap(int c);
/* d's entry names ("." and ".." aside) in strcmp order, the order
 * apparmor's alphasort gives in the C locale: how many, or -1 (names
 * NULL) when there are more than max. */
int aa_dir_names(DIR *d, int max, char ***names);
void aa_names_free(char **names, int n);
/* A directory entry apparmor leaves out: dot files, README, packaging
 * leftovers (.dpkg-old, ...); some it names ("Ignoring: 'PATH'"). */
bool aa_skipped_name(const char *name, const char *path);

#endif
