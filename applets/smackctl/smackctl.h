// SPDX-License-Identifier: Apache-2.0
/* smackctl.h: what the files of smackctl share.  Data flows one way:
 * rules.c reads and merges rule files (labels, access letters, the rule
 * set), fs.c writes rules to smackfs or an image's copy and reads them
 * back, settings.c checks and writes the other smackfs files, apply.c reads
 * /etc/smack, access.c answers queries, label.c handles labels on files;
 * smackctl.c is the command line. */
#ifndef SMACKCTL_H
#define SMACKCTL_H

#include <stddef.h>
#include <stdint.h>

#include "lsmbox.h"

#define A_R 0x01u
#define A_W 0x02u
#define A_X 0x04u
#define A_A 0x08u
#define A_T 0x10u
#define A_L 0x20u
#define A_B 0x40u
#define A_ALL 0x7fu
#define LABEL_MAX 255
/* A rule, config or batch file, or a smackfs list, is read whole up to
 * this (docs/smackctl.md); past it the input is refused. */
#define TEXT_MAX READ_MAX
/* A --batch query line is at most this long. */
#define BATCH_LINE_MAX ((size_t)1 << 16)
/* smackfs takes at most PAGE_SIZE - 1 bytes of rules a write, cut at '\n'. */
#define WRITE_MAX 4095

/* The access letters, in the kernel's read order: bit i is smk_letters[i]. */
extern const char smk_letters[];

/* Bad input (a rule or config file, a query, what smackfs holds) exits 2,
 * as bad usage does; 1 is left for failing to do what good input asks. */
#define die_input(...) (die_status = 2, die(__VA_ARGS__))

/* One (subject, object) pair after merging every line that names it.
 * set: the access is known (a 3-token line was seen), else the pair only
 * changes whatever the kernel has: access = (old | allow) & ~deny. */
struct rule {
	const char *subj, *obj;	/* in the rule set's label table */
	uint32_t sid, oid;
	unsigned allow, deny;
	int set;
	const char *file;
	int line;
};

/* Labels get numbers from lib's intern table, the built-in ones first
 * (L_FLOOR...), and rules are found by the pair of numbers: the same
 * tables answer offline queries.  A zeroed ruleset is an empty one. */
enum { L_FLOOR, L_HAT, L_STAR, L_HUH, L_WEB, L_BUILTIN };

struct ruleset {
	struct htab lab;
	struct rule *r;
	size_t n, cap;
	uint32_t *pair;		/* index+1 into r, open addressing on (sid, oid) */
	size_t pcap;
};
/* Config lines, each with the "file:line" it came from. */
struct lines {
	char **v, **where;
	size_t n;
};

/* The state of one run: the rule set a command builds and the names its
 * rules point to, kept to the end. */
struct smk_globals {
	int legacy;		/* load --legacy: the 24-column load file */
	struct ruleset rs;
	char **names;		/* the files rules came from (rule.file), kept to the end */
	size_t nnames;
	struct lines cipso, netlabel, onlycap;	/* apply's config */
	/* per-process rules (load-self2), which only restrict: run --rules,
	 * access --self-rules or --self */
	struct ruleset self;
	int has_self;
};
extern struct smk_globals smk;
#define TT smk

/* What a command that writes to smackfs keeps, and one that labels files
 * (docs/smackctl.md's table). */
#define SMACK_WRITES (CAPS_FILES | CAP_BIT(CAP_MAC_ADMIN))
#define SMACK_LABELS (SMACK_WRITES | CAP_BIT(CAP_MAC_OVERRIDE) | CAP_BIT(CAP_SYS_ADMIN))

/* rules.c: labels, access letters, the rule set, rule files */
const char *smk_keep_name(char *name);
const char *smk_label_error(const char *s, size_t len);
void smk_check_label(const char *s, const char *what);
int smk_parse_access(const char *s, size_t len, size_t *bad);
unsigned smk_xaccess(const char *s, const char *what);
const char *smk_access_str(unsigned v, char *buf);
void smk_rs_builtins(struct ruleset *rs);
const struct rule *smk_rs_find(const struct ruleset *rs, uint32_t s, uint32_t o);
void smk_rs_free(struct ruleset *rs);
void smk_rs_clear(struct ruleset *rs);
void smk_rs_add(struct ruleset *rs, const char *subj, const char *obj, unsigned allow,
		unsigned deny, int set, const char *file, int line);
void smk_parse_rules(struct ruleset *rs, const char *file, const char *text, size_t len,
		     int kernel);
int smk_list_name(const struct dirtree_ent *e, void *arg);
char **smk_dir_list(const char *dir, unsigned flags,
		    int (*fn)(const struct dirtree_ent *, void *), size_t *np);
char *smk_path_join(const char *dir, const char *name);
char *smk_host_path(const char *path);
char **smk_dir_files(const char *dir, size_t *np);
char *smk_read_text(int fd, const char *name, size_t *lenp);
char *smk_read_source(const char *path, char **namep, size_t *lenp);
void smk_parse_source(struct ruleset *rs, const char *src);
void smk_parse_self(struct ruleset *rs, const char *src);

/* fs.c: smackfs (live, or an image's copy under --root) and its rules */
char *smk_sfs_path(const char *rel);
int smk_sfs_open(const char *path, int flags);
int smk_sfs_exists(const char *path);
int smk_sfs_replace(const char *path, const void *buf, size_t len);
char *smk_sfs_read(const char *rel, char **pathp, size_t *lenp);
void smk_kernel_rules(struct ruleset *rs, int need);
void smk_root_write_rules(struct ruleset *rs);
int smk_write_lines(const char *rel, char **lines, const struct rule **from, size_t n);
int smk_load_ruleset(struct ruleset *rs);
int smk_clean_all(void);

/* settings.c: the other smackfs files */
enum { V_LABEL, V_LABELS, V_INT, V_RAW };
struct setting {
	const char *name;
	int kind;
	long max;
};
char *smk_host_line(int v6, const char *addr, const char *label, char **out);
unsigned smk_v6_kept(long bits, int i);
int smk_split_fields(char *s, char **tok, int max);
int smk_list_errors(const char *rel);
int smk_put_setting(const char *rel, const char *val, size_t len, const char *where);
char *smk_cipso_line(char *text, char **out, int *col);
const struct setting *smk_find_setting(const char *name);
char *smk_current_path(void);
char *smk_get_value(const struct setting *s);

/* apply.c: /etc/smack */
enum { CFG_NETLABEL, CFG_CIPSO, CFG_LABELS };
void smk_read_config(const char *src, struct lines *out, int kind);
int smk_cmd_apply(int argc, char **argv);

/* access.c: queries; p NULL: the kernel's answer (access2) */
int smk_query(const struct ruleset *p, const char *subj, const char *obj, const char *acc);
int smk_cmd_access(int argc, char **argv);

/* label.c: what to do to each path; zeroed, it lists */
struct label_job {
	const char *set[4];	/* value to set (access, exec, mmap, transmute), NULL: leave */
	int rm[4];
	int modify, recurse, follow, rc;
	int json, shown;	/* --json: objects printed so far */
	const char *prefix;	/* with no PATH, shown before each entry of "." (chsmack's "./") */
};
/* Each path (none: the entries of "."), and with recurse what is below. */
void smk_label_paths(struct label_job *j, int argc, char **argv);
int smk_cmd_label(int argc, char **argv);

/* compat.c: smack-utils' programs, by the name lsmbox runs as; 0 if name
 * is none of them, else its exit status in *status. */
int smk_standin(int argc, char **argv, int *status);

/* smackctl.c */
void smk_json_str(const char *k, const char *v, int comma);

#endif
