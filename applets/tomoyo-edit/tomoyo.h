// SPDX-License-Identifier: Apache-2.0
/* tomoyo.h: TOMOYO 2.6 policy as Linux 6.1 parses it (security/tomoyo/),
 * shared by tomoyo-edit's files.  word.c: words, numbers, addresses and
 * domainnames; check.c: one policy line's verdict, the kernel's. */
#ifndef TOMOYO_H
#define TOMOYO_H

#include <stdbool.h>
#include <stddef.h>

/* The securityfs files that take policy, and the savepolicy names. */
enum tmy_kind { TMY_DOMAIN, TMY_EXCEPTION, TMY_PROFILE, TMY_MANAGER, TMY_KINDS };

#define TMY_MAX_PROFILES	256	/* use_profile, N-CONFIG: 0..255 */
#define TMY_MAX_GROUPS		256	/* use_group, acl_group: 0..255 */
#define TMY_NAME_MAX		4086	/* a domainname or namespace is shorter */
#define TMY_MAX_WILDCARDS	20	/* \* \@ \$ \X \A \{ \} a word may hold */

/* word.c */
/* The kernel's line normalisation, in place: bytes 0x01-0x20 and
 * 0x7f-0xff are blanks; runs of them become one space, none at the ends. */
void tmy_normalize(char *line);
/* The next line of [*pp, end), normalised, into *b (grown as needed, its
 * size in *cap); false at the end. */
bool tmy_next_line(const char **pp, const char *end, char **b, size_t *cap);
/* A word (tomoyo_correct_word2): printable ASCII, \\, \ooo only for bytes
 * the kernel would not take raw, the wildcards and one \{dir\}/ level. */
bool tmy_word_ok(const char *s, size_t len);
/* A path: a word with a '/' before any '.' (tomoyo_correct_path2). */
bool tmy_path_ok(const char *s, size_t len);
/* "<ns>" starts s and is a word in brackets (tomoyo_domain_def). */
bool tmy_ns_ok(const char *s);
/* "<ns>" then paths separated by one space (tomoyo_correct_domain). */
bool tmy_domain_ok(const char *s);
/* A word holds a wildcard: its constant part is shorter than itself. */
bool tmy_word_patterned(const char *s);

/* Does the name (a word) match the pattern (a word), as the kernel
 * decides it (tomoyo_path_matches_pattern)? */
bool tmy_path_matches(const char *name, const char *pattern);

enum tmy_base { TMY_BAD = 0, TMY_DEC, TMY_OCT, TMY_HEX };
/* A number as tomoyo_parse_ulong reads one: 0x hex, 0[0-7] octal, else
 * decimal, wrapping at 2^64 as simple_strtoul does; *sp moves past it. */
enum tmy_base tmy_ulong(unsigned long *v, const char **sp);
/* A whole token N or N-M (M >= N) (tomoyo_parse_number_union, no group). */
bool tmy_number_ok(const char *tok, unsigned long *hi);
/* A whole token ADDR or ADDR-ADDR, IPv4 or IPv6 (in4_pton/in6_pton). */
bool tmy_address_ok(const char *tok);
/* The kernel's read-back form of a valid number union token and of a
 * valid address token (the base as written; %pI4, %pI6c). */
void tmy_number_fmt(const char *tok, char *out, size_t n);
void tmy_address_fmt(const char *tok, char *out, size_t n);
/* The kernel's sscanf("%u") after a keyword: decimal digits after any
 * blanks, wrapping to 32 bits; false without a digit. */
bool tmy_scan_u32(const char *s, unsigned int *v);
/* sscanf(s, "=%u"): '=' then tmy_scan_u32. */
bool tmy_scan_eq_u32(const char *s, unsigned int *v);

struct buf;

/* What a line the kernel takes does, in the kernel's own printed form. */
enum tmy_what {
	TW_NONE,		/* a comment, a blank line, select transition_only */
	TW_RESET,		/* reset: no domain selected */
	TW_SELECT,		/* select ...: a domain selected, none made (a: its name) */
	TW_DOMAIN,		/* a: domainname */
	TW_USE_PROFILE, TW_USE_GROUP, TW_FLAG,	/* n */
	TW_ACL,			/* acl, proto, perm, t; in acl_group n when group */
	TW_TRANSITION,		/* n: type; t: "PROGRAM from DOMAIN" */
	TW_AGGREGATOR,		/* t: "ORIGINAL AGGREGATED" */
	TW_GROUP,		/* n: 0 path, 1 number, 2 address; a: name; t: member */
	TW_VERSION,		/* n */
	TW_PROFILE,		/* n: profile; a: key; t: value */
	TW_MANAGER,		/* a */
	TW_NONROOT,		/* manage_by_non_root */
};
enum tmy_acl { TA_PATH, TA_PATH2, TA_NUMBER, TA_MKDEV, TA_MOUNT, TA_INET, TA_UNIX, TA_ENV, TA_TASK,
	       TA_KINDS };
struct tmy_line {
	enum tmy_what what;
	bool del, group;
	const char *ns;		/* exception, profile: the namespace (tmy_check's) */
	int n;
	enum tmy_acl acl;
	int proto;		/* 0 stream, 1 dgram, 2 raw, 3 seqpacket */
	unsigned perm;		/* bits in the kernel's keyword order */
	char *a, *t;		/* NUL-terminated; valid until the next line */
	size_t alen, tlen, acap, tcap;
};
/* The words of an ACL as the kernel prints it: "file read/write", ... */
void tmy_acl_head(const struct tmy_line *l, unsigned perm, struct buf *out);

/* check.c: the verdict on one line, as the kernel would give it. */
struct tmy_check {
	enum tmy_kind kind;
	bool domain;		/* domain policy: a domain is selected */
	const char *why;	/* out: why the kernel would drop the line */
	enum { TMY_ARG, TMY_COND, TMY_DOMNAME, TMY_NS } cls;	/* out: what was bad */
	char bad[96];		/* out: the token at fault, or "" */
	char **ns;		/* namespaces the lines so far made, "<kernel>" first */
	int nns;
	bool verdict_only;	/* leave line's printed parts out (faster) */
	struct tmy_line line;	/* out: the line, when taken */
	int nwarn;		/* out: warnings on the last line */
	char warn[4][160];	/* out: what the kernel takes but not as written */
};
void tmy_check_init(struct tmy_check *c, enum tmy_kind kind);
void tmy_check_free(struct tmy_check *c);
/* Returns true when the kernel takes the line (a comment or a blank line
 * is taken: the loader drops them); else c->why and c->bad say why. */
bool tmy_check_line(struct tmy_check *c, const char *line, size_t len);
const char *tmy_kind_name(enum tmy_kind k);

/* What a check of files counted. */
struct tmy_tally {
	int lines, errors, warnings;
	bool whole_lines;	/* a last line without a newline is not read */
};
/* A line's verdict, its warnings, and last: it had no newline. */
typedef void tmy_report_fn(struct tmy_check *c, int line, bool ok, bool last, void *arg);
/* Every line of text; of fd, read a block at a time (memory bounded; a
 * line of 128 KiB or more is refused and passed over). */
void tmy_check_text(const char *text, size_t len, enum tmy_kind kind, struct tmy_tally *t,
		    tmy_report_fn *report, void *arg);
void tmy_check_fd(int fd, const char *name, enum tmy_kind kind, struct tmy_tally *t,
		  tmy_report_fn *report, void *arg);
/* Ours: "NAME:LINE: warning: ..." and "NAME:LINE: why: 'token'" on
 * stderr; arg is the name. */
void tmy_report(struct tmy_check *c, int line, bool ok, bool last, void *arg);

/* policy.c: a policy file as the kernel holds it, after every line of it
 * was written (same-argument ACLs merged, duplicates dropped, deletes
 * applied), and printed as the kernel prints it back. */
struct tmy_policy;
struct tmy_policy *tmy_policy_new(enum tmy_kind kind);
/* Each line of text into p as the kernel would take it; a line the kernel
 * would drop is reported ("name:LINE: why", counted by diag_count; name
 * NULL: not reported) and left out.  Returns how many were dropped. */
int tmy_policy_add(struct tmy_policy *p, const char *text, size_t len, const char *name);
/* p in the kernel's read-back form (domain_policy's blocks, exception
 * policy's order, profile's lines, manager's lines). */
void tmy_policy_print(const struct tmy_policy *p, struct buf *out);
/* The entries of want that have lacks, each as a policy line (domain ACLs
 * after their domain's name: "DOMAIN\tLINE"), to report (or NULL: only
 * counted); how many. */
int tmy_policy_missing(const struct tmy_policy *want, const struct tmy_policy *have,
		       void (*report)(const char *line, void *arg), void *arg);
void tmy_policy_free(struct tmy_policy *p);
/* The domain policy with its domains and each domain's ACLs in byte
 * order, <kernel> only if a line named it (other kinds: as
 * tmy_policy_print). */
void tmy_policy_sort(const struct tmy_policy *p, struct buf *out);
/* The blocks of the domains named (tree: and of their descendants), in
 * the policy's order; how many. */
int tmy_policy_select(const struct tmy_policy *p, char **names, int n, bool tree,
		      struct buf *out);
/* The lines that make a into b when written after it (delete lines first
 * for domains b lacks, then for each domain of b what differs); how many
 * changes. */
int tmy_policy_diff(const struct tmy_policy *a, const struct tmy_policy *b, struct buf *out);
/* The domains named (tree: and their descendants) of p, as a new
 * policy: each with use_profile profile, its use_group lines, and its
 * ACLs with every path word (and exec.realpath=, symlink.target= value)
 * through rw (a new string, or NULL: unchanged); ACLs that became the
 * same merged.  Learning-mode flags are left behind. */
struct tmy_policy *tmy_policy_learned(const struct tmy_policy *p, char **names, int n, bool tree,
				      int profile, char *(*rw)(const char *word, void *arg),
				      void *arg);
/* to knows from's namespaces too (so that both print their lines with
 * the namespace first when the kernel would), without naming them. */
void tmy_policy_share_ns(struct tmy_policy *to, const struct tmy_policy *from);
/* Whether a line of the input was in namespace ns (len bytes). */
bool tmy_policy_names_ns(const struct tmy_policy *p, const char *ns, size_t len);
/* Each live domain of a domain policy, in order; how many. */
struct tmy_domain_info {
	const char *name;
	int profile;
	bool flag[2];		/* quota_exceeded, transition_failed */
	int groups, acls;
};
int tmy_policy_domains(const struct tmy_policy *p,
		       void (*fn)(const struct tmy_domain_info *d, void *arg), void *arg);
/* In a profile policy, the lowest profile of namespace ns whose mode
 * (CONFIG=) is mode (0 disabled ... 3 enforcing), or -1. */
int tmy_policy_mode_profile(const struct tmy_policy *p, const char *ns, int mode);
/* tmy_policy_add of a domain policy in the kernel's printed form, only
 * the blocks of domains that names has (unreported). */
int tmy_policy_add_domains_of(struct tmy_policy *p, const char *text, size_t len,
			      const struct tmy_policy *names);
/* What a booted kernel holds before any policy is loaded: 6.1's built-in
 * exception policy (initialize_domain /sbin/modprobe and /sbin/hotplug). */
void tmy_policy_builtin(struct tmy_policy *p);

/* learn.c: tomoyo-patternize's rewrite rules and tomoyo-findtemp's test. */
struct tmy_rules;
/* The built-in rules (the kernel's per-process and per-object names);
 * temp: a name that does not exist now gets "\*" for its last component. */
struct tmy_rules *tmy_rules_new(bool temp);
/* patternize.conf's "rewrite path_pattern|head_pattern|tail_pattern
 * PATTERN [@GROUP]" lines, after the rules r has; bad lines reported
 * (diag); how many. */
int tmy_rules_read(struct tmy_rules *r, const char *text, size_t len, const char *name);
/* The word rewritten by the first rule that matches (a new string), or
 * NULL: tmy_policy_learned's rw. */
char *tmy_rules_apply(const char *word, void *rules);
void tmy_rules_free(struct tmy_rules *r);

/* kernel.c and store.c: the securityfs files and the policy directory.
 * Files are the four kinds, then stat (quotas, read and written as is). */
#define TMY_STAT	TMY_KINDS
#define TMY_FILES	(TMY_KINDS + 1)
const char *tmy_file_name(int f);	/* "domain_policy" ... "manager", "stat" */

/* An input file: its text and the name messages give it. */
struct tmy_src {
	const char *name;
	const char *text;
	size_t len;
};

/* kernel.c: TOMOYO's securityfs files (kfs_path: under --root, the image's
 * mimic tree).  Whether tomoyo/ is there; its file NAME, dying with how to
 * boot with TOMOYO when it is not. */
bool tmy_kernel_active(void);
char *tmy_kernel_path(const char *name);
/* Its file NAME open with flags (close-on-exec); dies on failure. */
int tmy_kernel_open(const char *name, int flags);
/* The whole file (at most TMY_TEXT_MAX), NUL-terminated; dies on failure. */
#define TMY_TEXT_MAX ((size_t)256 << 20)
char *tmy_kernel_read(const char *name, size_t *lenp);
/* The lines of src into file f in one open, each ending in a newline,
 * comments and blank lines left out; with TMY_WRITE_LINES one write(2) a
 * line, so that a refusal (EPERM: not a manager) names its line.  0, or -1
 * after saying what failed. */
#define TMY_WRITE_LINES 1u
int tmy_kernel_write(int f, const struct tmy_src *src, unsigned flags);
/* The kernel's read of kind k against what it read before (before, blen)
 * with the n files written after it: each entry it lacks is reported
 * "FILE:LINE: the kernel did not take: LINE"; how many (tmy_policy_missing). */
int tmy_kernel_verify(enum tmy_kind k, const char *before, size_t blen, const struct tmy_src *src,
		      int n);

/* store.c: tomoyo-savepolicy's directory: DIR/policy/YY-MM-DD.hh:mm:ss/
 * holding the four KIND.conf, DIR/policy/current and previous linking to
 * such a directory, DIR/KIND.conf linking to policy/current/KIND.conf;
 * DIR/stat.conf is a file of its own.  DIR is named as under --root. */
/* The text of file f of DIR (DIR/NAME.conf, else policy/current/NAME.conf),
 * *namep where it was found; NULL when neither is there. */
char *tmy_store_read(const char *dir, int f, char **namep, size_t *lenp);
/* Save text[k] (len[k] bytes) as a new stamp directory made current, the
 * old current made previous, the links made: all or nothing as far as
 * current goes.  DIR/policy/ is made when missing unless need_policy (then
 * "Directory DIR/policy/ doesn't exist.", as tomoyo-savepolicy).  Returns 0,
 * or 1 when a DIR/KIND.conf is not a link and was left as it is; dies when
 * the save failed (the old current intact). */
int tmy_store_save(const char *dir, char *const text[TMY_KINDS], const size_t len[TMY_KINDS],
		   bool need_policy);

/* load.c: the files to load into each securityfs file (texts live for the
 * run), the run, and saving the kernel's policy. */
#define TMY_POLICY_DIR "/etc/tomoyo"
struct srcs {
	struct tmy_src *v;
	int n;
};

struct load {
	struct srcs f[TMY_FILES];
	bool replace, nocheck;
	unsigned wflags;
};
void tmy_src_add(struct srcs *s, const char *name, const char *text, size_t len);
/* Every file checked, the profile checks, then written and read back:
 * 0, or 1 after saying what the kernel refused or did not take. */
int tmy_load_run(struct load *L);
bool tmy_is_dir(const char *path);
/* The profile and use_profile checks the kernel would stop the machine
 * on: each an error (diag); their count.  boot: against no profile in the
 * kernel (an image's policy, as at boot), else the kernel's. */
int tmy_profile_check(struct load *L, bool boot);
/* A policy directory's files (DIR/KIND.conf or policy/current) into L. */
void tmy_load_dir(struct load *L, const char *dir);
void tmy_load_free(struct load *L);
/* The kernel's four files saved in DIR (tmy_store_save). */
int tmy_save_kernel(const char *dir, bool need_policy);

/* load.c: tomoyo-init (the stand-in name's main). */
int tmy_init_main(int argc, char **argv);

/* editor.c: tomoyo-edit edit, the interactive editor (tomoyo-editpolicy's
 * screens and keys) on the kernel or an offline policy directory. */
int tmy_cmd_edit(int argc, char **argv);
/* proc.c: the commands on live processes: pstree (each process's profile
 * and domain, .process_status) and query (the supervisor, query). */
int tmy_cmd_pstree(int argc, char **argv);
int tmy_cmd_query(int argc, char **argv);

#endif
