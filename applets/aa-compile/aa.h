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
 * includes opened through the jail (lib/paths.c); NULL with errno when
 * file cannot be opened, NULL and errno 0 after a message when it cannot
 * be read. */
struct aa_lex *aa_lex_open(const char *file, const struct aa_lex_opts *o);
/* The next token: 0, or -1 after a located message (the scan is over). */
int aa_lex_next(struct aa_lex *lx, struct aa_token *tok);
void aa_lex_close(struct aa_lex *lx);
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
enum aa_kind { AK_DBUS, AK_SIGNAL, AK_PTRACE, AK_UNIX, AK_NET };
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
struct aa_mount {
	enum aa_mnt_op op;
	uint32_t allow, flags, inv_flags;
	char **fstype, **opts;	/* borrowed; NULL-ended, or NULL: any */
	char *device, *mnt_point, *trans;
};
int aa_mount_rule(struct aa_mount *r, enum aa_mnt_op op, const struct aa_cond *src, char *device,
		  const struct aa_cond *dst, char *mnt_point, const struct srcloc *at);
void aa_mount_free(struct aa_mount *r);

/* parse.c: the tokens of lx read to its end by parser_yacc.y's grammar:
 * 0, or -1 after a located message at the first token it refuses. */
int aa_parse(struct aa_lex *lx);
/* A capability's number (its bit), or -1 for a name apparmor has not. */
int aa_cap_index(const char *name);
/* d's entry names ("." and ".." aside) in strcmp order, the order
 * apparmor's alphasort gives in the C locale: how many, or -1 (names
 * NULL) when there are more than max. */
int aa_dir_names(DIR *d, int max, char ***names);
void aa_names_free(char **names, int n);
/* A directory entry apparmor leaves out: dot files, README, packaging
 * leftovers (.dpkg-old, ...); some it names ("Ignoring: 'PATH'"). */
bool aa_skipped_name(const char *name, const char *path);

#endif
