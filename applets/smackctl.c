// SPDX-License-Identifier: Apache-2.0
/* smackctl.c: Smack rules, labels, access checks and settings, on the live
 * kernel through smackfs or on an image tree (--root), where smackfs files are
 * plain files holding what the kernel would show. */
/* applet: smackctl
 * summary: Smack rules, labels, access checks and settings
 * usage: smackctl [--root DIR] load [--clear] [--legacy] FILE|DIR|-...
 * usage: smackctl [--root DIR] check FILE|DIR|-...
 * usage: smackctl [--root DIR] rules [--subject LABEL] [--json]
 * usage: smackctl [--root DIR] apply [--config DIR] [--allow-empty]
 * usage: smackctl [--root DIR] clean
 * usage: smackctl [--root DIR] status [--json]
 * usage: smackctl [--root DIR] test
 * usage: smackctl [--root DIR] access [-v] SUBJECT OBJECT ACCESS
 * usage: smackctl access --offline --rules FILE|DIR [-v] SUBJECT OBJECT ACCESS
 * usage: smackctl [--root DIR] access [--offline --rules FILE|DIR] --batch FILE|-
 * usage: smackctl [--root DIR] change-rule SUBJECT OBJECT ALLOW DENY
 * usage: smackctl [--root DIR] revoke-subject LABEL
 * usage: smackctl [--root DIR] label [-a L] [-e L] [-m L] [-t] [-A] [-E] [-M] [-T] [-D] [-r] [-L] [--json] [PATH...]
 * usage: smackctl [--root DIR] get NAME
 * usage: smackctl [--root DIR] set NAME VALUE...
 * usage: smackctl run [--relabel-self 'LABEL...'] LABEL CMD [ARG...]
 * help:
 *   load FILE|DIR|-  parse rule files (a directory: its regular files in
 *                name order, dot files skipped), check every line, then load
 *                them; on any error nothing is loaded.  A line is
 *                "SUBJECT OBJECT ACCESS" (sets the rule) or
 *                "SUBJECT OBJECT ALLOW DENY" (changes it); ACCESS letters
 *                are rwxatlb in either case, '-' is a placeholder; empty
 *                lines and lines starting with # or ; are skipped.
 *                --clear: load the same pairs with no access; --legacy:
 *                through the old 24-column load file (used anyway when the
 *                kernel has no load2)
 *   check FILES      parse only; print the merged rules as they would load
 *   rules            the kernel's rules (load2), --subject to pick one subject,
 *                --json: [{"subject","object","access"}...]
 *   apply            as smack-utils' smackctl apply: clean, then load
 *                DIR/accesses.d, DIR/cipso.d, DIR/netlabel.d and DIR/onlycap
 *                (DIR: --config, default /etc/smack under the root); all are
 *                parsed before anything is written; missing ones are skipped,
 *                but a missing DIR, or no rule in accesses.d, is refused
 *                unless --allow-empty
 *   clean            give every loaded rule no access (rules cannot be deleted)
 *   status           smackfs, the LSM list, rule count and settings; --json;
 *                under --root whether Smack is active is unknown
 *   test             exit 0 if Smack is the active LSM, else 2 (smack-utils)
 *   access S O A     may S access O for A (access2)?  Prints 1 or 0; exit 0
 *                allowed, 1 denied.  --offline --rules: answer from rule
 *                files with the kernel's built-in rules; -v: say why;
 *                --batch: one "S O A" query a line, one 1 or 0 a line out
 *   change-rule S O ALLOW DENY  rule becomes (old | ALLOW) & ~DENY
 *   revoke-subject L every rule of subject L gets no access
 *   label PATH...    without -a/-e/-m/-t/-A/-E/-M/-T/-D print the labels
 *                (security.SMACK64*), of the entries of . without PATH, as
 *                chsmack does; -a access, -e exec, -m mmap label,
 *                -t transmute (directories); -A -E -M -T remove one, -D all;
 *                -r recurse, -L follow symbolic links.  Under --root every
 *                PATH is taken inside DIR, as after chroot.  --json: the listing as
 *                [{"path","access","execute","mmap","transmute"}...]
 *   get NAME, set NAME VALUE  smackfs settings: onlycap, unconfined (- clears),
 *                ambient, syslog, logging (0-3), ptrace (0-2), doi, direct,
 *                mapped (0-255), cipso2 (LABEL LEVEL [CAT...]), netlabel
 *                (IPV4[/BITS] LABEL|-CIPSO), ipv6host (IPV6[/BITS] LABEL|-DELETE,
 *                "::" allowed); get only: relabel-self, current (the label
 *                and relabel list this process inherited)
 *   run LABEL CMD    run CMD with the Smack label LABEL; --relabel-self: and
 *                with the labels (space-separated) it may switch to once
 *                without privilege
 *
 * Labels are 1-255 bytes of 0x21-0x7e other than / " \ ', not starting with
 * '-'.  The kernel silently truncates bad labels and stops at unknown access
 * letters; smackctl rejects both.
 *
 * Exit status: 0 done (access: allowed), 1 failed (access: denied), 2 bad
 * usage, bad input or (access) an error.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <arpa/inet.h>
#include <unistd.h>

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

static const char letters[] = "rwxatlb";

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

static struct {
	int legacy;		/* load --legacy: the 24-column load file */
	struct ruleset rs;
	char **names;		/* the files rules came from (rule.file), kept to the end */
	size_t nnames;
	struct lines cipso, netlabel, onlycap;	/* apply's config */
} TT;

/* name (xmalloc'd) lives as long as the program: rules point to it. */
static const char *keep_name(char *name)
{
	TT.names = xrealloc(TT.names, (TT.nnames + 1) * sizeof(*TT.names));
	return TT.names[TT.nnames++] = name;
}

/* NULL if the label is valid, else what is wrong with it. */
static const char *label_error(const char *s, size_t len)
{
	if (!len)
		return "empty label";
	if (len > LABEL_MAX)
		return "label longer than 255 bytes";
	if (s[0] == '-')
		return "label starts with '-'";
	for (size_t i = 0; i < len; i++) {
		unsigned char c = s[i];

		if (c <= ' ' || c > '~' || c == '/' || c == '"' || c == '\\' || c == '\'')
			return "label has a character Smack does not allow";
	}
	return NULL;
}

static void check_label(const char *s, const char *what)
{
	const char *e = label_error(s, strlen(s));

	if (e)
		usage_error("%s '%s': %s", what, str_esc(s, SIZE_MAX), e);
}

/* Access letters to bits; -1 and the bad position in *bad if one is unknown. */
static int parse_access(const char *s, size_t len, size_t *bad)
{
	unsigned v = 0;

	for (size_t i = 0; i < len; i++) {
		const char *p = s[i] ? strchr(letters, tolower((unsigned char)s[i])) : NULL;

		if (s[i] == '-')
			continue;
		if (!p) {
			if (bad)
				*bad = i;
			return -1;
		}
		v |= 1u << (p - letters);
	}
	return (int)v;
}

static unsigned xaccess(const char *s, const char *what)
{
	size_t bad;
	int v = parse_access(s, strlen(s), &bad);

	if (v < 0)
		usage_error("%s '%s': '%s' is not an access letter (rwxatlb or -)", what, str_esc(s, SIZE_MAX),
			    mem_esc(&s[bad], 1, SIZE_MAX));
	return (unsigned)v;
}

/* The kernel's read order, "-" for none. */
static const char *access_str(unsigned v, char *buf)
{
	char *p = buf;

	for (int i = 0; letters[i]; i++)
		if (v & (1u << i))
			*p++ = letters[i];
	if (p == buf)
		*p++ = '-';
	*p = 0;
	return buf;
}

static void rs_builtins(struct ruleset *rs)
{
	static const char *const builtin[L_BUILTIN] = { "_", "^", "*", "?", "@" };

	if (!htab_count(&rs->lab))
		for (int i = 0; i < L_BUILTIN; i++)
			htab_intern(&rs->lab, builtin[i]);
}

/* Fibonacci hashing: the key's product, its top bits for the slot. */
static size_t pair_home(const struct ruleset *rs, uint32_t s, uint32_t o)
{
	uint64_t key = (uint64_t)s << 32 | o;

	return (size_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & (rs->pcap - 1);
}

/* The slot holding (s, o), or the empty one where it would go. */
static size_t pair_slot(const struct ruleset *rs, uint32_t s, uint32_t o)
{
	size_t h = pair_home(rs, s, o);

	for (; rs->pair[h]; h = (h + 1) & (rs->pcap - 1)) {
		const struct rule *r = &rs->r[rs->pair[h] - 1];

		if (r->sid == s && r->oid == o)
			break;
	}
	return h;
}

static void rs_rehash(struct ruleset *rs)
{
	free(rs->pair);
	rs->pcap = rs->pcap ? rs->pcap * 2 : 64;
	rs->pair = xzalloc(rs->pcap * sizeof(*rs->pair));
	for (size_t i = 0; i < rs->n; i++)
		rs->pair[pair_slot(rs, rs->r[i].sid, rs->r[i].oid)] = (uint32_t)i + 1;
}

/* The rule for two label numbers, NULL if there is none. */
static const struct rule *rs_find(const struct ruleset *rs, uint32_t s, uint32_t o)
{
	uint32_t i = rs->pcap ? rs->pair[pair_slot(rs, s, o)] : 0;

	return i ? &rs->r[i - 1] : NULL;
}

/* The rule for (subj, obj), created (unset, no change) if there is none;
 * NULL when the labels would be more than the table holds. */
static struct rule *rs_get(struct ruleset *rs, const char *subj, const char *obj)
{
	int s, o;
	size_t h;

	rs_builtins(rs);
	if ((s = htab_intern(&rs->lab, subj)) < 0 || (o = htab_intern(&rs->lab, obj)) < 0)
		return NULL;
	if (!rs->pcap || rs->n * 2 >= rs->pcap)
		rs_rehash(rs);
	h = pair_slot(rs, (uint32_t)s, (uint32_t)o);
	if (rs->pair[h])
		return &rs->r[rs->pair[h] - 1];
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? rs->cap * 2 : 64;
		rs->r = xrealloc(rs->r, rs->cap * sizeof(*rs->r));
	}
	rs->r[rs->n] = (struct rule){ htab_str(&rs->lab, s), htab_str(&rs->lab, o), (uint32_t)s,
				      (uint32_t)o, 0, 0, 0, NULL, 0 };
	rs->pair[h] = (uint32_t)++rs->n;
	return &rs->r[rs->n - 1];
}

static void rs_free(struct ruleset *rs)
{
	htab_free(&rs->lab);
	free(rs->r);
	free(rs->pair);
	*rs = (struct ruleset){ 0 };
}

/* Merge one line: a set replaces, a change composes bit by bit (a later
 * allow or deny of a bit wins over an earlier one). */
static void rs_add(struct ruleset *rs, const char *subj, const char *obj, unsigned allow,
		   unsigned deny, int set, const char *file, int line)
{
	struct rule *r = rs_get(rs, subj, obj);

	if (!r)
		die_input("%s:%d: more than %d labels", file ? str_esc(file, SIZE_MAX) : "-", line,
			  HTAB_MAX);
	if (!r->file || set) {
		r->file = file;
		r->line = line;
	}
	if (set) {
		r->set = 1;
		r->allow = allow;
		r->deny = 0;
	} else if (r->set) {
		r->allow = (r->allow | allow) & ~deny;
	} else {
		allow &= ~deny;
		r->allow = allow | (r->allow & ~deny);
		r->deny = deny | (r->deny & ~allow);
	}
}

/* One rule file's text (no NUL byte: read_text) into rs; errors are
 * counted, not fatal, so that one run reports them all.  kernel: the text
 * is what smackfs shows (load2), where every line is SUBJECT OBJECT ACCESS
 * and none is a comment ('#' may start a label). */
static void parse_rules(struct ruleset *rs, const char *file, const char *text, size_t len,
			int kernel)
{
	const char *p = text, *end = text + len;
	int lineno = 0;

	while (p < end) {
		const char *eol = memchr(p, '\n', end - p);
		const char *q, *tok[5];
		size_t tlen[5];
		int nt = 0;

		if (!eol)
			eol = end;
		lineno++;
		for (q = p; q < eol;) {
			while (q < eol && isspace((unsigned char)*q))
				q++;
			if (q == eol)
				break;
			if (nt == 0 && !kernel && (*q == '#' || *q == ';'))
				break;
			if (nt < 5) {
				tok[nt] = q;
			}
			while (q < eol && !isspace((unsigned char)*q))
				q++;
			if (nt < 5)
				tlen[nt] = q - tok[nt];
			nt++;
		}
		if (nt == 0) {
			p = eol + 1;
			continue;
		}
		if (kernel && nt != 3) {
			diag(&(struct srcloc){ file, lineno, nt > 3 ? (int)(tok[3] - p) + 1 : 1 },
			     "%d field%s: smackfs shows SUBJECT OBJECT ACCESS", nt,
			     nt == 1 ? "" : "s");
			p = eol + 1;
			continue;
		}
		if (nt < 3 || nt > 4) {
			diag(&(struct srcloc){ file, lineno, nt > 4 ? (int)(tok[4] - p) + 1 : 1 },
			     "%d field%s: a rule is SUBJECT OBJECT ACCESS or SUBJECT OBJECT ALLOW DENY", nt,
			     nt == 1 ? "" : "s");
			p = eol + 1;
			continue;
		}
		int bad = 0;
		int acc[2] = { 0, 0 };

		for (int i = 0; i < 2; i++) {
			const char *e = label_error(tok[i], tlen[i]);

			if (e) {
				diag(&(struct srcloc){ file, lineno, (int)(tok[i] - p) + 1 }, "%s %s: %s%s",
				     i ? "object" : "subject", e,
				     mem_esc(tok[i], tlen[i] > 40 ? 40 : tlen[i], SIZE_MAX),
				     tlen[i] > 40 ? "..." : "");
				bad = 1;
			}
		}
		for (int i = 2; i < nt; i++) {
			size_t at;

			acc[i - 2] = parse_access(tok[i], tlen[i], &at);
			if (acc[i - 2] < 0) {
				diag(&(struct srcloc){ file, lineno, (int)(tok[i] - p + at) + 1 },
				     "'%s' is not an access letter (rwxatlb or -)",
				     mem_esc(&tok[i][at], 1, SIZE_MAX));
				bad = 1;
			}
		}
		if (!bad) {
			char *s = xstrndup(tok[0], tlen[0]), *o = xstrndup(tok[1], tlen[1]);

			rs_add(rs, s, o, (unsigned)acc[0], nt == 4 ? (unsigned)acc[1] : 0, nt == 3, file,
			       lineno);
			free(s);
			free(o);
		}
		p = eol + 1;
	}
}

/* A directory's entries through lib's tree walk (in the jail under a
 * root, each name in strcmp order), collected by the walk's fn. */
struct dir_list {
	char **v;
	size_t n;
};

static void list_add(struct dir_list *l, const char *s)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(*l->v));
	l->v[l->n++] = xstrdup(s);
}

/* The start cannot be read: the command cannot do what it was asked. */
static int list_error(const struct dirtree_ent *e, int err, void *arg)
{
	(void)arg;
	if (!e->depth) {
		errno = err;
		die_errno("%s", str_esc(e->path, SIZE_MAX));
	}
	return DIRTREE_CONTINUE;
}

static int list_name(const struct dirtree_ent *e, void *arg)
{
	if (e->depth)
		list_add(arg, e->name);
	return DIRTREE_CONTINUE;
}

/* Regular files that are not dot files, a link counted by its target. */
static int list_file(const struct dirtree_ent *e, void *arg)
{
	if (e->depth && strrchr(e->path, '/')[1] != '.' && S_ISREG(e->st->st_mode))
		list_add(arg, e->path);
	return DIRTREE_CONTINUE;
}

static char **dir_list(const char *dir, unsigned flags,
		       int (*fn)(const struct dirtree_ent *, void *), size_t *np)
{
	struct dir_list l = { xmalloc(sizeof(char *)), 0 };
	struct dirtree t = { flags | DIRTREE_SORT, 1, fn, list_error, &l, 0, 0 };

	dirtree_walk(&t, dir);
	*np = l.n;
	return l.v;
}

/* dir/name, without a second '/' when dir ends in one. */
static char *path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	return xasprintf("%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

/* Paths here are named as the user or the config names them, and taken
 * as chroot would under --root: host_path() is where one is on the host
 * (the same path live), every link on the way resolved inside the root. */
static char *host_path(const char *path)
{
	char *h = root_file(path, 0);

	if (!h)
		die_errno("%s", str_esc(path, SIZE_MAX));
	return h;
}

/* The regular files of dir (their paths, named as dir is), sorted by name,
 * dot files left out; under a root an entry that is a link counts by what
 * it points to inside the root. */
static char **dir_files(const char *dir, size_t *np)
{
	return dir_list(dir, DIRTREE_FOLLOW, list_file, np);
}

/* A text input whole: at most TEXT_MAX bytes and no NUL byte, else it is
 * bad input (exit 2).  fd is closed. */
static char *read_text(int fd, const char *name, size_t *lenp)
{
	int status = die_status;
	char *t;

	die_status = 2;
	t = xread_text_fd(fd, str_esc(name, SIZE_MAX), TEXT_MAX, lenp);
	die_status = status;
	if (fd)
		close(fd);
	return t;
}

/* The text of file path (named as the user names it); *namep: where it
 * is on the host, for messages (xmalloc'd). */
static char *read_source(const char *path, char **namep, size_t *lenp)
{
	char *name = host_path(path);
	int fd = root_open(path, O_RDONLY, 0);

	if (fd < 0)
		die_errno("%s", str_esc(name, SIZE_MAX));
	*namep = name;
	return read_text(fd, name, lenp);
}

/* A file, a directory of files or "-" (stdin) into rs. */
static void parse_source(struct ruleset *rs, const char *src)
{
	struct stat st;
	char *text, *name;
	size_t len;

	if (!strcmp(src, "-")) {
		text = read_text(0, "-", &len);
		parse_rules(rs, "-", text, len, 0);
		free(text);
		return;
	}
	name = host_path(src);
	if (stat(name, &st))
		die_errno("%s", str_esc(name, SIZE_MAX));
	free(name);
	if (S_ISDIR(st.st_mode)) {
		size_t n;
		char **v = dir_files(src, &n);

		for (size_t i = 0; i < n; i++) {
			parse_source(rs, v[i]);
			free(v[i]);
		}
		free(v);
		return;
	}
	text = read_source(src, &name, &len);
	/* Each rule keeps its file's name for the kernel's refusals. */
	parse_rules(rs, keep_name(name), text, len, 0);
	free(text);
}

static char *smackfs(const char *rel)
{
	return kfs_path(KFS_SMACKFS, rel);
}

/* A smackfs file, path = smackfs(rel) for one name rel, opened.  In an
 * image kfs_dir() resolved the directory inside the root, so that no link
 * is left but rel itself, which is never followed: smackfs holds plain
 * files, and a link there would lead to a host file. */
static int sfs_open(const char *path, int flags)
{
	return open(path, flags | O_CLOEXEC | (root_dir() ? O_NOFOLLOW : 0));
}

/* Whether smackfs has file path (a link in an image counts as there, and is
 * refused when opened, rather than telling what it points to). */
static int sfs_exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

/* Replace an image's smackfs file; a link there is refused, not replaced
 * (the atomic write would copy the mode and owner of what it points to). */
static int sfs_replace(const char *path, const void *buf, size_t len)
{
	struct stat st;

	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		errno = ELOOP;
		return -1;
	}
	return write_file_atomic(path, buf, len, 0644);
}

/* The text of smackfs file rel, in *lenp long and from *pathp (xmalloc'd);
 * NULL when the file does not exist (in an image: not written yet). */
static char *sfs_read(const char *rel, char **pathp, size_t *lenp)
{
	char *path = smackfs(rel);
	int fd = sfs_open(path, O_RDONLY);

	*pathp = path;
	if (fd < 0 && errno == ENOENT)
		return NULL;
	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	return read_text(fd, path, lenp);
}

/* Where the rule list is: load2, or load on a kernel before load2 (live:
 * load2 is missing; an image of one: it has load and no load2).  An image
 * with neither starts a load2. */
static const char *rules_file(void)
{
	static const char *name;
	char *l2, *l;

	if (name)
		return name;
	l2 = smackfs("load2");
	l = smackfs("load");
	name = !sfs_exists(l2) && errno == ENOENT && (!root_dir() || sfs_exists(l)) ? "load"
										   : "load2";
	free(l2);
	free(l);
	return name;
}

/* The rules smackfs shows (load2, or load) into rs, held to the rule
 * syntax.  A line that does not parse stops the command (exit 2) before
 * anything is written: taken as some access, it would be written back by
 * the next load.  A missing file is an empty list in an image; live, need
 * says whether that is an error. */
static void kernel_rules(struct ruleset *rs, int need)
{
	char *path, *t;
	size_t len;
	int before = diag_count();

	if (!(t = sfs_read(rules_file(), &path, &len))) {
		if (need && !root_dir())
			die_errno("%s", str_esc(path, SIZE_MAX));
		free(path);
		return;
	}
	parse_rules(rs, keep_name(path), t, len, 1);
	diag_fail(before, " in %s", str_esc(path, SIZE_MAX));
	free(t);
}

static void root_write_rules(struct ruleset *rs)
{
	struct buf b = BUF_INIT(0);
	char acc[8], *path;

	for (size_t i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];

		if (r->allow)
			buf_printf(&b, "%s %s %s\n", r->subj, r->obj, access_str(r->allow, acc));
	}
	path = smackfs(rules_file());
	if (b.err)
		die_input("%s: more than %zu bytes of rules", str_esc(path, SIZE_MAX), (size_t)BUF_MAX);
	if (sfs_replace(path, b.p ? (char *)b.p : "", b.len))
		die_errno("%s", str_esc(path, SIZE_MAX));
	free(path);
	buf_free(&b);
}

/* The kernel's refusal of line (ending in '\n') from rule r (NULL or no
 * file: not from a file), said with errno. */
static void refused(const char *path, const struct rule *r, const char *line)
{
	if (r && r->file)
		warn_errno("%s: %s:%d: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), str_esc(r->file, SIZE_MAX),
			   r->line, (int)strlen(line) - 1, line);
	else
		warn_errno("%s: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), (int)strlen(line) - 1,
			   line);
}

/* Write lines to a live smackfs rule file, as many a write as fit in
 * WRITE_MAX bytes.  When the kernel refuses a write, its lines are sent one
 * by one (setting a rule twice is harmless) to name the one it refuses. */
static int write_lines(const char *rel, char **lines, const struct rule **from, size_t n)
{
	char *path = smackfs(rel);
	int fd = open(path, O_WRONLY);
	char *buf = xmalloc(WRITE_MAX + 1);
	size_t i = 0;
	int rc = 0;

	if (fd < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		free(path);
		free(buf);
		return -1;
	}
	while (i < n && !rc) {
		size_t len = 0, first = i;
		ssize_t w;

		while (i < n && len + strlen(lines[i]) <= WRITE_MAX) {
			memcpy(buf + len, lines[i], strlen(lines[i]));
			len += strlen(lines[i++]);
		}
		if (i == first)
			die("%s: a rule longer than %d bytes", str_esc(path, SIZE_MAX), WRITE_MAX);
		for (size_t off = 0; off < len; off += (size_t)w) {
			w = write(fd, buf + off, len - off);
			if (w > 0)
				continue;
			if (i - first == 1) {
				refused(path, from ? from[first] : NULL, lines[first]);
				rc = -1;
				break;
			}
			for (size_t j = first; j < i && !rc; j++)
				if (write(fd, lines[j], strlen(lines[j])) < 0) {
					refused(path, from ? from[j] : NULL, lines[j]);
					rc = -1;
				}
			break;
		}
	}
	close(fd);
	free(buf);
	free(path);
	return rc;
}

/* The old interface (kernels before load2, or load --legacy) takes one
 * rule a write, labels in 24 columns, six access columns, and no changes:
 * every rule is checked against these limits before the first write, live
 * or in an image. */
static void legacy_check(const struct ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++) {
		const struct rule *r = &rs->r[i];
		const char *why = !r->set ? "load cannot change a rule (it has no change-rule)"
			: strlen(r->subj) > 23 || strlen(r->obj) > 23
				? "load takes labels of at most 23 bytes"
			: r->allow & A_B ? "load has no 'b'" : NULL;

		if (why)
			die_input("%s:%d: %s", r->file ? str_esc(r->file, SIZE_MAX) : "-", r->line, why);
	}
}

static int write_load_fixed(struct ruleset *rs)
{
	char *path = smackfs("load");
	size_t i;
	int fd;

	legacy_check(rs);
	fd = xopen(path, O_WRONLY);
	for (i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];
		char buf[64], acc[8] = "------";
		int len;

		for (int j = 0; j < 6; j++)
			if (r->allow & (1u << j))
				acc[j] = letters[j];
		len = snprintf(buf, sizeof(buf), "%-23s %-23s %-6s", r->subj, r->obj, acc);
		if (write(fd, buf, len) != len) {
			char *line = xasprintf("%s %s %s\n", r->subj, r->obj,
					       access_str(r->allow, acc));

			refused(path, r, line);
			free(line);
			break;
		}
	}
	close(fd);
	free(path);
	return i < rs->n ? -1 : 0;
}

/* Load a merged rule set: sets to load2, changes to change-rule. */
static int load_ruleset(struct ruleset *rs)
{
	char **set = xmalloc((rs->n + 1) * sizeof(char *));
	char **chg = xmalloc((rs->n + 1) * sizeof(char *));
	const struct rule **sfrom = xmalloc((rs->n + 1) * sizeof(*sfrom));
	const struct rule **cfrom = xmalloc((rs->n + 1) * sizeof(*cfrom));
	size_t ns = 0, nc = 0;
	int rc = 0;

	/* An image keeps one list, in the file the kernel would show it in
	 * (rules_file); what the legacy load file cannot take is refused as
	 * it is live. */
	if (root_dir()) {
		struct ruleset k = { 0 };

		if (TT.legacy || !strcmp(rules_file(), "load"))
			legacy_check(rs);
		kernel_rules(&k, 1);
		for (size_t i = 0; i < rs->n; i++)
			rs_add(&k, rs->r[i].subj, rs->r[i].obj, rs->r[i].allow, rs->r[i].deny,
			       rs->r[i].set, NULL, 0);
		root_write_rules(&k);
		rs_free(&k);
		free(set);
		free(chg);
		free(sfrom);
		free(cfrom);
		return 0;
	}
	for (size_t i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];
		char a[8], d[8];

		if (r->set) {
			sfrom[ns] = r;
			set[ns++] = xasprintf("%s %s %s\n", r->subj, r->obj, access_str(r->allow, a));
		} else {
			cfrom[nc] = r;
			chg[nc++] = xasprintf("%s %s %s %s\n", r->subj, r->obj, access_str(r->allow, a),
					      access_str(r->deny, d));
		}
	}
	/* Kernels without load2 have no change-rule either. */
	if (TT.legacy || !strcmp(rules_file(), "load")) {
		rc = write_load_fixed(rs);
	} else {
		if (ns)
			rc = write_lines("load2", set, sfrom, ns);
		if (!rc && nc)
			rc = write_lines("change-rule", chg, cfrom, nc);
	}
	for (size_t i = 0; i < ns; i++)
		free(set[i]);
	for (size_t i = 0; i < nc; i++)
		free(chg[i]);
	free(set);
	free(chg);
	free(sfrom);
	free(cfrom);
	return rc;
}

static void parse_or_die(struct ruleset *rs, int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		parse_source(rs, argv[i]);
	diag_fail(0, "; nothing loaded");
}

static int cmd_load(int argc, char **argv)
{
	enum { O_CLEAR, O_LEGACY, O_N };
	struct opt o[] = { [O_CLEAR] = { 'c', "clear", 0 }, [O_LEGACY] = { 0, "legacy", 0 }, [O_N] = OPT_END };

	opt_parse_n(&argc, &argv, o, 0, 1, -1, "load: no rule file (FILE, DIR or -)");
	TT.legacy = o[O_LEGACY].seen;
	parse_or_die(&TT.rs, argc, argv);
	if (o[O_CLEAR].seen)
		for (size_t i = 0; i < TT.rs.n; i++) {
			TT.rs.r[i].set = 1;
			TT.rs.r[i].allow = TT.rs.r[i].deny = 0;
		}
	return load_ruleset(&TT.rs) ? 1 : 0;
}

static int cmd_check(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1, "check: no rule file (FILE, DIR or -)");
	sandbox_reader("check", 0);
	parse_or_die(&TT.rs, argc, argv);
	for (size_t i = 0; i < TT.rs.n; i++) {
		struct rule *r = &TT.rs.r[i];
		char a[8], d[8];

		if (r->set)
			printf("%s %s %s\n", r->subj, r->obj, access_str(r->allow, a));
		else
			printf("%s %s %s %s\n", r->subj, r->obj, access_str(r->allow, a),
			       access_str(r->deny, d));
	}
	return 0;
}

/* "k":"v" (null for no v), after a comma unless it is the first. */
static void json_str(const char *k, const char *v, int comma)
{
	printf("%s\"%s\":", comma ? "," : "", k);
	json_quote(v);
}

static int cmd_rules(int argc, char **argv)
{
	enum { O_SUBJECT, O_JSON, O_N };
	struct opt o[] = { [O_SUBJECT] = { 's', "subject", OPT_ARG }, [O_JSON] = { 0, "json", 0 },
			   [O_N] = OPT_END };
	struct ruleset k = { 0 };
	char acc[8];
	int n = 0;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	if (o[O_SUBJECT].arg)
		check_label(o[O_SUBJECT].arg, "subject");
	kernel_rules(&k, 1);
	if (o[O_JSON].seen)
		putchar('[');
	for (size_t i = 0; i < k.n; i++) {
		struct rule *r = &k.r[i];

		if (!r->allow || (o[O_SUBJECT].arg && strcmp(o[O_SUBJECT].arg, r->subj)))
			continue;
		if (!o[O_JSON].seen) {
			printf("%s %s %s\n", r->subj, r->obj, access_str(r->allow, acc));
			continue;
		}
		printf("%s{", n++ ? "," : "");
		json_str("subject", r->subj, 0);
		json_str("object", r->obj, 1);
		json_str("access", access_str(r->allow, acc), 1);
		putchar('}');
	}
	if (o[O_JSON].seen)
		printf("]\n");
	rs_free(&k);
	return 0;
}

/* Every rule the kernel shows, with no access. */
static int clean_all(void)
{
	struct ruleset k = { 0 };
	int rc = 0;

	kernel_rules(&k, 1);
	if (root_dir()) {
		root_write_rules(&(struct ruleset){ 0 });
		rs_free(&k);
		return 0;
	}
	for (size_t i = 0; i < k.n; i++) {
		k.r[i].allow = 0;
		k.r[i].file = NULL;
	}
	if (k.n)
		rc = load_ruleset(&k);
	rs_free(&k);
	return rc;
}

static int cmd_clean(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 0, NULL);
	return clean_all() ? 1 : 0;
}

/* A host label line as netlabel (IPv4) or ipv6host wants it, in *out;
 * NULL, or what is wrong (xmalloc'd).  The kernel reads IPv6 as eight
 * groups and knows no "::", so the address is written out in full; the
 * only option is -CIPSO for IPv4 (hosts that speak CIPSO) and -DELETE for
 * IPv6. */
static char *host_line(int v6, const char *addr, const char *label, char **out)
{
	const char *opt = v6 ? "-DELETE" : "-CIPSO", *file = v6 ? "ipv6host" : "netlabel", *e;
	const char *slash = strchr(addr, '/');
	size_t alen = slash ? (size_t)(slash - addr) : strlen(addr);
	char host[INET6_ADDRSTRLEN], *end;
	unsigned char a[16];
	long bits = v6 ? 128 : 32;

	if (label[0] == '-' && strcmp(label, opt))
		return xasprintf("%s: %s: the only option is %s", file, str_esc(label, SIZE_MAX), opt);
	if (label[0] != '-' && (e = label_error(label, strlen(label))))
		return xasprintf("label '%s': %s", mem_esc(label, strnlen(label, LABEL_MAX), SIZE_MAX), e);
	/* No address is longer than host: a longer one is not an address. */
	if (alen >= sizeof(host) || (memcpy(host, addr, alen), host[alen] = 0,
				     inet_pton(v6 ? AF_INET6 : AF_INET, host, a) != 1))
		return xasprintf("%s: '%s' is not an IPv%d address%s", file, mem_esc(addr, alen, SIZE_MAX),
				 v6 ? 6 : 4,
				 !v6 && memchr(addr, ':', alen) ? " (IPv6 hosts go to ipv6host)"
				 : v6 && memchr(addr, '.', alen) ? " (IPv4 hosts go to netlabel)" : "");
	if (slash) {
		errno = 0;
		bits = strtol(slash + 1, &end, 10);
		if (errno || end == slash + 1 || *end || bits < 0 || bits > (v6 ? 128 : 32))
			return xasprintf("%s: prefix length '%s' is not in 0..%d", file,
					 str_esc(slash + 1, SIZE_MAX),
					 v6 ? 128 : 32);
	}
	if (!v6)
		*out = xasprintf("%s/%ld %s", host, bits, label);
	else
		*out = xasprintf("%x:%x:%x:%x:%x:%x:%x:%x/%ld %s", a[0] << 8 | a[1],
				 a[2] << 8 | a[3], a[4] << 8 | a[5], a[6] << 8 | a[7], a[8] << 8 | a[9],
				 a[10] << 8 | a[11], a[12] << 8 | a[13], a[14] << 8 | a[15], bits, label);
	return NULL;
}

/* The blank-separated fields of s, cut in place (NUL after each); the
 * first max in tok, the count of all returned. */
static int split_fields(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		s += strspn(s, " \t");
		if (!*s)
			return n;
		if (n < max)
			tok[n] = s;
		n++;
		s += strcspn(s, " \t");
		if (*s)
			*s++ = 0;
	}
}

/* What is wrong with line (NUL-terminated, not kept) of an image's list
 * file rel, as set writes them: cipso2 "LABEL LEVEL NCATS CAT..." (in
 * 4-column fields), netlabel and ipv6host "HOST/BITS LABEL|OPTION".  NULL
 * if it is right, else an xmalloc'd message. */
static char *list_line_error(const char *rel, const char *line)
{
	char *copy = xstrdup(line), *tok[2 + 2 + 184 + 1], *out = NULL, *e = NULL;
	int n = split_fields(copy, tok, ARRAY_SIZE(tok));

	if (strcmp(rel, "cipso2")) {
		if (n != 2)
			e = xasprintf("%d field%s: %s holds HOST/BITS LABEL lines", n,
				      n == 1 ? "" : "s", rel);
		else
			e = host_line(!strcmp(rel, "ipv6host"), tok[0], tok[1], &out);
		free(out);
		free(copy);
		return e;
	}
	if (n < 3 || n > (int)ARRAY_SIZE(tok) - 1) {
		e = xasprintf("%d field%s: cipso2 holds LABEL LEVEL NCATS CATEGORY... lines", n,
			      n == 1 ? "" : "s");
	} else if (label_error(tok[0], strlen(tok[0]))) {
		e = xasprintf("'%s': %s", str_esc(tok[0], SIZE_MAX),
			      label_error(tok[0], strlen(tok[0])));
	} else {
		for (int i = 1; i < n && !e; i++) {
			char *end;
			long v = strtol(tok[i], &end, 10);
			long lo = i == 1 ? 0 : i == 2 ? n - 3 : 1;
			long hi = i == 1 ? 255 : i == 2 ? n - 3 : 184;

			if (!(*end || end == tok[i] || v < lo || v > hi))
				continue;
			if (i == 2)
				e = xasprintf("category count '%s' is not the number of "
					      "categories (%d)", str_esc(tok[i], SIZE_MAX), n - 3);
			else
				e = xasprintf("%s '%s' is not in %ld-%ld",
					      i == 1 ? "level" : "category", str_esc(tok[i], SIZE_MAX), lo, hi);
		}
	}
	free(copy);
	return e;
}

/* Under a root, the lines of the image's list file rel (cipso2, netlabel,
 * ipv6host) that set could not have written, each said with FILE:LINE;
 * how many.  A command that merges into rel checks it first and writes
 * nothing (exit 2) if any: such a line is never carried on. */
static int list_errors(const char *rel)
{
	char *path, *text, *p;
	size_t len;
	int lineno = 0, bad = 0;

	if (!root_dir())
		return 0;
	p = text = sfs_read(rel, &path, &len);
	while (p && *p) {
		char *nl = strchr(p, '\n'), *e;

		if (nl)
			*nl = 0;
		lineno++;
		if (*p && (e = list_line_error(rel, p))) {
			warn("%s:%d: %s", str_esc(path, SIZE_MAX), lineno, e);
			free(e);
			bad++;
		}
		p = nl ? nl + 1 : NULL;
	}
	if (bad)
		warn("%d error%s in %s; nothing written", bad, bad > 1 ? "s" : "", str_esc(path, SIZE_MAX));
	free(text);
	free(path);
	return bad;
}

/* Under a root, the image's copy of a list file (cipso2, netlabel,
 * ipv6host) with the line for val's first field (label or host) replaced,
 * or val appended: one line an entry, as the kernel keeps one an entry. */
static char *merge_entry(const char *rel, const char *val, size_t *len)
{
	char *path, *old = sfs_read(rel, &path, len), *p = old, *out;
	size_t klen = strcspn(val, " "), olen = 0;
	int done = 0;

	/* The lines kept, val once, a newline each: no more than this. */
	out = xmalloc((old ? *len : 0) + strlen(val) + 3);
	while (p && *p) {
		char *nl = strchr(p, '\n'), *line = p;

		if (nl)
			*nl = 0;
		p = nl ? nl + 1 : NULL;
		if (!*line)
			continue;
		/* An image holds one line a key, as the kernel one entry: a
		 * second line for val's key goes with the first. */
		if (strcspn(line, " ") == klen && !strncmp(line, val, klen)) {
			if (done)
				continue;
			line = (char *)val;
			done = 1;
		}
		olen += sprintf(out + olen, "%s\n", line);
	}
	if (!done)
		olen += sprintf(out + olen, "%s\n", val);
	free(old);
	free(path);
	*len = olen;
	return out;
}

/* Write one value to a smackfs file in one write(2); under a root, replace
 * the file. */
/* where: "file:line" of a value from a config file, for the message when
 * the kernel refuses it. */
static int put_setting(const char *rel, const char *val, size_t len, const char *where)
{
	char *path = smackfs(rel);
	int fd, rc = 0;

	if (root_dir()) {
		char *merged = NULL;

		if (!strcmp(rel, "cipso2") || !strcmp(rel, "netlabel") || !strcmp(rel, "ipv6host"))
			val = merged = merge_entry(rel, val, &len);
		if (sfs_replace(path, val, len)) {
			warn_errno("%s", str_esc(path, SIZE_MAX));
			rc = -1;
		}
		free(merged);
	} else if ((fd = open(path, O_WRONLY)) < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		rc = -1;
	} else {
		if (write(fd, val, len) != (ssize_t)len) {
			if (where)
				warn_errno("%s: %s: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), where,
					   (int)len, val);
			else
				warn_errno("%s: write \"%.*s\"", str_esc(path, SIZE_MAX), (int)len, val);
			rc = -1;
		}
		close(fd);
	}
	free(path);
	return rc;
}

/* A cipso.d line or set cipso2's "LABEL LEVEL [CAT...]" as cipso2 wants
 * it, in *out: 4-column fields with the category count added.  NULL, or
 * what is wrong (xmalloc'd) with *col its column in text (cut in place). */
static char *cipso_line(char *text, char **out, int *col)
{
	char *tok[2 + 184 + 1];
	int n = split_fields(text, tok, ARRAY_SIZE(tok)), len;
	const char *e;

	*col = 1;
	if (n < 2 || n > 2 + 184)
		return xstrdup("a mapping is LABEL LEVEL [CATEGORY...] (at most 184)");
	if ((e = label_error(tok[0], strlen(tok[0]))))
		return xasprintf("'%s': %s", str_esc(tok[0], SIZE_MAX), e);
	*out = xmalloc(strlen(tok[0]) + 4 * (size_t)n + 8);
	len = sprintf(*out, "%s ", tok[0]);
	for (int i = 1; i < n; i++) {
		char *end;
		long v = strtol(tok[i], &end, 10);
		long lo = i == 1 ? 0 : 1, hi = i == 1 ? 255 : 184;

		if (*end || end == tok[i] || v < lo || v > hi) {
			*col = (int)(tok[i] - text) + 1;
			free(*out);
			return xasprintf("%s '%s' is not in %ld-%ld", i == 1 ? "level" : "category",
					 str_esc(tok[i], SIZE_MAX), lo, hi);
		}
		len += sprintf(*out + len, "%-4ld", v);
		if (i == 1)
			len += sprintf(*out + len, "%-4d", n - 2);
	}
	return NULL;
}

static void lines_add(struct lines *l, char *s, const char *file, int line)
{
	l->v = xrealloc(l->v, (l->n + 1) * sizeof(char *));
	l->where = xrealloc(l->where, (l->n + 1) * sizeof(char *));
	l->where[l->n] = xasprintf("%s:%d", str_esc(file, SIZE_MAX), line);
	l->v[l->n++] = s;
}

enum { CFG_NETLABEL, CFG_CIPSO, CFG_LABELS };

/* Each non-comment line of the files of src (a file or a directory);
 * CFG_CIPSO and CFG_NETLABEL lines become what cipso2 and netlabel take,
 * CFG_LABELS lines have their labels checked. */
static void read_config_lines(const char *src, struct lines *out, int kind)
{
	struct stat st;
	char **files, *one[1], *host = host_path(src);
	size_t nf;

	if (stat(host, &st)) {
		if (errno != ENOENT)
			die_errno("%s", str_esc(host, SIZE_MAX));
		free(host);
		return;
	}
	free(host);
	if (S_ISDIR(st.st_mode)) {
		files = dir_files(src, &nf);
	} else {
		one[0] = xstrdup(src);
		files = one;
		nf = 1;
	}
	for (size_t i = 0; i < nf; i++) {
		int lineno = 0;
		char *name, *text = read_source(files[i], &name, NULL), *l, *p = text;

		/* strtok_r would hide empty lines from the numbering. */
		while (p) {
			char *nl = strchr(p, '\n'), *start = p;

			if (nl)
				*nl = 0;
			l = p;
			p = nl ? nl + 1 : NULL;
			lineno++;
			while (isspace((unsigned char)*l))
				l++;
			if (!*l || *l == '#' || *l == ';')
				continue;
			for (char *e = l + strlen(l); e > l && isspace((unsigned char)e[-1]);)
				*--e = 0;
			if (kind == CFG_CIPSO) {
				char *c, *e;
				int col;

				if ((e = cipso_line(l, &c, &col)))
					diag(&(struct srcloc){ name, lineno, (int)(l - start) + col }, "%s", e);
				else
					lines_add(out, c, name, lineno);
				free(e);
				continue;
			}
			if (kind == CFG_NETLABEL) {
				char *tok[3], *v, *e = NULL;

				/* Split in place: no field is copied into a buffer of its own. */
				if (split_fields(l, tok, 3) == 2)
					e = host_line(0, tok[0], tok[1], &v);
				else
					e = xstrdup("a host line is ADDRESS[/BITS] LABEL|-CIPSO");
				if (e)
					diag(&(struct srcloc){ name, lineno, (int)(l - start) + 1 }, "%s", e);
				else
					lines_add(out, v, name, lineno);
				free(e);
				continue;
			}
			for (char *t = l; kind == CFG_LABELS && *t;) {
				size_t n = strcspn(t, " \t");
				const char *e = label_error(t, n);

				if (e)
					diag(&(struct srcloc){ name, lineno, (int)(t - start) + 1 },
					     "'%s': %s", mem_esc(t, n, SIZE_MAX), e);
				t += n;
				t += strspn(t, " \t");
			}
			lines_add(out, xstrdup(l), name, lineno);
		}
		free(text);
		free(name);
		free(files[i]);
	}
	if (files != one)
		free(files);
}

/* apply cleans every rule before it loads: a config that is not there, or
 * that holds no rule, would leave the kernel with none.  Both are refused
 * (exit 2, nothing written); --allow-empty is for a policy of no rules. */
static int cmd_apply(int argc, char **argv)
{
	enum { O_CONFIG, O_ALLOW_EMPTY, O_N };
	struct opt o[] = { [O_CONFIG] = { 0, "config", OPT_ARG }, [O_ALLOW_EMPTY] = { 0, "allow-empty", 0 },
			   [O_N] = OPT_END };
	struct lines *cipso = &TT.cipso, *netlabel = &TT.netlabel, *onlycap = &TT.onlycap;
	const char *cfg;
	char *p, *host;
	struct stat st;
	int rc = 0, have_access;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	cfg = o[O_CONFIG].arg ? o[O_CONFIG].arg : "/etc/smack";
	host = host_path(cfg);
	errno = 0;
	if (stat(host, &st) < 0 || !S_ISDIR(st.st_mode)) {
		const char *why = errno ? strerror(errno) : "not a directory";
		/* str_esc keeps its copy: host can go before the exit. */
		const char *shown = str_esc(host, SIZE_MAX);

		free(host);
		usage_error("apply: %s%s: %s", o[O_CONFIG].arg ? "--config " : "", shown, why);
	}
	free(host);
	p = path_join(cfg, "accesses.d");
	host = host_path(p);
	if ((have_access = !stat(host, &st)))
		parse_source(&TT.rs, p);
	free(p);
	read_config_lines(p = path_join(cfg, "cipso.d"), cipso, CFG_CIPSO);
	free(p);
	read_config_lines(p = path_join(cfg, "netlabel.d"), netlabel, CFG_NETLABEL);
	free(p);
	read_config_lines(p = path_join(cfg, "onlycap"), onlycap, CFG_LABELS);
	free(p);
	diag_fail(0, "; nothing applied");
	if (!TT.rs.n && !o[O_ALLOW_EMPTY].seen)
		die_input("apply: %s %s: it would clean every rule and load none; nothing applied "
			  "(--allow-empty to do that)", str_esc(host, SIZE_MAX),
			  have_access ? "holds no rule" : "is missing");
	free(host);
	if ((cipso->n && list_errors("cipso2")) + (netlabel->n && list_errors("netlabel")))
		exit(2);
	if (clean_all() || load_ruleset(&TT.rs))
		return 1;
	for (size_t i = 0; i < cipso->n; i++)
		rc |= put_setting("cipso2", cipso->v[i], strlen(cipso->v[i]), cipso->where[i]);
	for (size_t i = 0; i < netlabel->n; i++)
		rc |= put_setting("netlabel", netlabel->v[i], strlen(netlabel->v[i]),
				  netlabel->where[i]);
	if (onlycap->n) {
		char *all = xstrdup("");

		for (size_t i = 0; i < onlycap->n; i++) {
			char *save, *t, *n;

			for (t = strtok_r(onlycap->v[i], " \t", &save); t;
			     t = strtok_r(NULL, " \t", &save)) {
				n = xasprintf("%s%s ", all, t);
				free(all);
				all = n;
			}
		}
		rc |= put_setting("onlycap", all, strlen(all), onlycap->where[0]);
		free(all);
	}
	return rc ? 1 : 0;
}

/* ---- access queries ----
 *
 * Offline, the rule set is the kernel's view after loading it into an
 * empty rule list: every label a rule names is known, even when the rule
 * grants nothing.  A query costs two lookups in the label table and one in
 * the pair table, with no string compare but the label's own. */

/* smk_access() in the kernel's order for two known labels: allowed or not,
 * and why (for -v). */
static const char *decide(const struct ruleset *p, uint32_t s, uint32_t o, unsigned req,
			  int *allowed)
{
	const struct rule *r;
	unsigned may;

	*allowed = 0;
	if (s == L_STAR)
		return "subject * may access nothing";
	*allowed = 1;
	if (o == L_WEB || s == L_WEB)
		return "label @ is accessible to and from everything";
	if (o == L_STAR)
		return "object * is accessible to everything";
	if (s == o)
		return "subject and object are the same label";
	if ((req & (A_R | A_X)) == req || (req & A_L) == req) {
		if (o == L_FLOOR)
			return "object _ may be read, executed or locked by anyone";
		if (s == L_HAT)
			return "subject ^ may read, execute or lock anything";
	}
	r = rs_find(p, s, o);
	may = r ? r->allow : 0;
	if (!may) {
		*allowed = 0;
		return "no rule";
	}
	/* smk_access_entry(): write access implies lock. */
	if (may & A_W)
		may |= A_L;
	if ((req & may) != req) {
		*allowed = 0;
		return "the rule does not grant all of it";
	}
	return "a rule grants it";
}

static int offline_answer(const struct ruleset *p, const char *s, size_t sl, const char *o,
			  size_t ol, unsigned req, const char **why)
{
	int si = htab_find_n(&p->lab, s, sl), oi = htab_find_n(&p->lab, o, ol);
	int allowed;

	if (si < 0 || oi < 0) {
		*why = "a label the kernel does not know (no rule names it)";
		return 0;
	}
	*why = decide(p, (uint32_t)si, (uint32_t)oi, req, &allowed);
	return allowed;
}

/* The kernel's answer through an access2 transaction: 1 or 0. */
static int kernel_answer(const char *s, size_t sl, const char *o, size_t ol, const char *a,
			 size_t al)
{
	char *path = smackfs("access2"), *req, buf[8];
	int fd = open(path, O_RDWR);
	ssize_t n;

	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	req = xasprintf("%.*s %.*s %.*s", (int)sl, s, (int)ol, o, al ? (int)al : 1,
			al ? a : "-");
	if (write(fd, req, strlen(req)) != (ssize_t)strlen(req))
		die_errno("%s: write \"%s\"", str_esc(path, SIZE_MAX), req);
	n = read(fd, buf, sizeof(buf));
	close(fd);
	free(req);
	free(path);
	if (n < 1 || (buf[0] != '0' && buf[0] != '1'))
		die("access2: no answer");
	return buf[0] == '1';
}

/* One query's fields, not NUL-terminated (a batch is answered in place). */
struct query {
	const char *f[3];
	size_t len[3];
};

/* The labels and letters of q, checked as check_label and xaccess do, with
 * "file:line" in front when the query comes from a batch (file not NULL). */
static unsigned check_query(const char *file, int line, const struct query *q)
{
	static const char *const what[] = { "subject", "object" };
	const char *e;
	size_t bad;
	int v;

	if (!file) {	/* the command line's: whole strings */
		check_label(q->f[0], what[0]);
		check_label(q->f[1], what[1]);
		return xaccess(q->f[2], "access");
	}
	for (int i = 0; i < 2; i++)
		if ((e = label_error(q->f[i], q->len[i])))
			die("%s:%d: %s '%s': %s", str_esc(file, SIZE_MAX), line, what[i],
			    mem_esc(q->f[i], q->len[i], SIZE_MAX), e);
	if ((v = parse_access(q->f[2], q->len[2], &bad)) < 0)
		die("%s:%d: access '%s': '%s' is not an access letter (rwxatlb or -)", str_esc(file, SIZE_MAX),
		    line, mem_esc(q->f[2], q->len[2], SIZE_MAX), mem_esc(&q->f[2][bad], 1, SIZE_MAX));
	return (unsigned)v;
}

/* Answer one query on stdout (buffered: a batch of a million queries is a
 * few writes), the reason on stderr with -v. */
static int one_query(const struct ruleset *p, const struct query *q, int verbose,
		     const char *file, int line)
{
	unsigned want = check_query(file, line, q);
	const char *why = NULL;
	int r = p ? offline_answer(p, q->f[0], q->len[0], q->f[1], q->len[1], want, &why)
		  : kernel_answer(q->f[0], q->len[0], q->f[1], q->len[1], q->f[2], q->len[2]);

	putchar('0' + r);
	putchar('\n');
	if (verbose && why) {
		fflush(stdout);
		fprintf(stderr, "%.*s %.*s %.*s: %s: %s\n", (int)q->len[0], q->f[0], (int)q->len[1],
			q->f[1], (int)q->len[2], q->f[2], r ? "allowed" : "denied", why);
	}
	return r;
}

/* The queries of one line (s to end, no newline); 0 if it has none.
 * Fields are split at white space as in rule files, so a CRLF line ends
 * in a blank, not in a bad access letter. */
static int batch_line(const struct ruleset *p, const char *s, const char *end, int verbose,
		      const char *name, int lineno)
{
	struct query q;
	int n = 0;

	for (;;) {
		while (s < end && isspace((unsigned char)*s))
			s++;
		if (s == end)
			break;
		const char *t = s;

		while (s < end && !isspace((unsigned char)*s))
			s++;
		if (n < 3) {
			q.f[n] = t;
			q.len[n] = s - t;
		}
		n++;
	}
	if (!n)
		return 0;
	if (n != 3)
		die("%s:%d: a query is SUBJECT OBJECT ACCESS", str_esc(name, SIZE_MAX), lineno);
	return one_query(p, &q, verbose, name, lineno), 1;
}

/* A batch: one "S O A" a line, empty lines skipped, answers in order.  The
 * input is read in blocks; from a pipe or terminal the answers so far are
 * flushed before each read, so that a coprocess gets each one.  A batch may
 * go on for ever, but a line may not: one that fills the buffer (far more
 * than two 255-byte labels and seven letters) is an error. */
static void batch(const struct ruleset *p, const char *file, int verbose)
{
	/* one buffer for the process, never freed: a bad line dies, and a
	 * die() caught (the fuzz target) must not leave one behind each time */
	static char *buf;
	size_t cap = BATCH_LINE_MAX, have = 0;
	char *name = strcmp(file, "-") ? host_path(file) : xstrdup("-");
	int fd = strcmp(file, "-") ? root_open(file, O_RDONLY, 0) : 0, lineno = 0;
	struct stat st;
	int stream;

	if (fd < 0)
		die_errno("%s", str_esc(name, SIZE_MAX));
	if (!buf)
		buf = xmalloc(cap);
	stream = !fstat(fd, &st) && !S_ISREG(st.st_mode);

	for (;;) {
		ssize_t n;
		char *s = buf, *nl;

		if (have == cap)
			die("%s:%d: a line longer than %zu bytes", str_esc(name, SIZE_MAX), lineno + 1, cap);
		if (stream)
			fflush(stdout);
		n = read(fd, buf + have, cap - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die_errno("%s", fd ? str_esc(name, SIZE_MAX) : "standard input");
		if (n == 0)
			break;
		have += (size_t)n;
		while ((nl = memchr(s, '\n', buf + have - s))) {
			batch_line(p, s, nl, verbose, name, ++lineno);
			s = nl + 1;
		}
		have -= (size_t)(s - buf);
		memmove(buf, s, have);
	}
	if (have)
		batch_line(p, buf, buf + have, verbose, name, ++lineno);
	if (fd)
		close(fd);
	free(name);
}

static int cmd_access(int argc, char **argv)
{
	enum { O_OFFLINE, O_RULES, O_VERBOSE, O_BATCH, O_N };
	struct opt o[] = { [O_OFFLINE] = { 0, "offline", 0 }, [O_RULES] = { 0, "rules", OPT_ARG },
			   [O_VERBOSE] = { 'v', "verbose", 0 }, [O_BATCH] = { 0, "batch", OPT_ARG },
			   [O_N] = OPT_END };
	struct ruleset *p = NULL;
	int rc = 0;

	die_status = 2;
	opt_parse(&argc, &argv, o, 0);
	if (argc != (o[O_BATCH].arg ? 0 : 3))
		usage_error(o[O_BATCH].arg ? "access --batch: no other operands"
				     : "access: needs SUBJECT OBJECT ACCESS");
	/* offline, from rule files or the image's: nothing but reading */
	if (o[O_OFFLINE].seen || o[O_RULES].seen || root_dir())
		sandbox_reader("access", 0);
	if (o[O_OFFLINE].seen || o[O_RULES].seen) {
		if (!o[O_RULES].arg)
			usage_error("access --offline needs --rules FILE|DIR");
		char *list = xstrdup(o[O_RULES].arg), *save;

		for (char *t = strtok_r(list, ":", &save); t; t = strtok_r(NULL, ":", &save))
			parse_source(&TT.rs, t);
		free(list);
		diag_fail(0, " in the rules");
		/* Change lines apply to an empty kernel: what they allow is what is left. */
		p = &TT.rs;
	} else if (root_dir()) {
		kernel_rules(&TT.rs, 1);
		p = &TT.rs;
	}
	if (p)
		rs_builtins(p);
	if (o[O_BATCH].arg) {
		batch(p, o[O_BATCH].arg, o[O_VERBOSE].seen);
	} else {
		struct query q;

		for (int i = 0; i < 3; i++) {
			q.f[i] = argv[i];
			q.len[i] = strlen(argv[i]);
		}
		rc = one_query(p, &q, o[O_VERBOSE].seen, NULL, 0) ? 0 : 1;
	}
	return rc;
}

static int cmd_change_rule(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 4, 4, "change-rule: needs SUBJECT OBJECT ALLOW DENY");
	check_label(argv[0], "subject");
	check_label(argv[1], "object");
	unsigned a = xaccess(argv[2], "allow"), d = xaccess(argv[3], "deny");

	rs_add(&TT.rs, argv[0], argv[1], a, d, 0, "command line", 0);
	return load_ruleset(&TT.rs) ? 1 : 0;
}

static int cmd_revoke(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, 1, "revoke-subject: needs one LABEL");
	check_label(argv[0], "label");
	if (root_dir()) {
		struct ruleset k = { 0 };

		kernel_rules(&k, 1);
		for (size_t i = 0; i < k.n; i++)
			if (!strcmp(k.r[i].subj, argv[0]))
				k.r[i].allow = 0;
		root_write_rules(&k);
		rs_free(&k);
		return 0;
	}
	return put_setting("revoke-subject", argv[0], strlen(argv[0]), NULL) ? 1 : 0;
}

/* ---- labels on files ---- */

static const struct xa {
	char opt, rm;
	const char *name, *show;
} xattrs[] = {
	{ 'a', 'A', "security.SMACK64", "access" },
	{ 'e', 'E', "security.SMACK64EXEC", "execute" },
	{ 'm', 'M', "security.SMACK64MMAP", "mmap" },
	{ 't', 'T', "security.SMACK64TRANSMUTE", "transmute" },
};

struct label_job {
	const char *set[4];	/* value to set, NULL: leave */
	int rm[4];
	int modify, recurse, follow, rc;
	int json, shown;	/* --json: objects printed so far */
};

/* One attribute: its length, 0 when it is not there (Smack reports names
 * it does not keep as empty values), -1 on an error (said). */
static ssize_t xa_get(const char *host, const char *shown, const char *name, char *buf,
		      int follow)
{
	ssize_t n = (follow ? getxattr : lgetxattr)(host, name, buf, LABEL_MAX + 1);

	if (n >= 0 && n <= LABEL_MAX) {
		buf[n] = 0;
		return n;
	}
	buf[0] = 0;
	if (n < 0 && (errno == ENODATA || errno == ENOTSUP))
		return 0;
	if (n < 0 && errno != ERANGE)
		warn_errno("%s: %s", str_esc(shown, SIZE_MAX), name);
	else
		warn("%s: %s: longer than %d bytes", str_esc(shown, SIZE_MAX), name, LABEL_MAX);
	return -1;
}

/* path is named as the user names it (under a root: inside it, as after
 * chroot), shown is what is printed.  Under a root the host path comes
 * from root_file: with follow every link is resolved inside the root, and
 * without it the last one is kept and the l* calls act on the link itself;
 * no call is ever left to follow a link on the host.  Live, the calls
 * follow links as asked. */
static void label_one(struct label_job *j, const char *path, const char *shown, int follow)
{
	int deref = follow && !root_dir();
	char *host = root_dir() ? root_file(path, follow ? 0 : ROOT_NOFOLLOW) : xstrdup(path);
	struct stat st;

	if (!host || (deref ? stat : lstat)(host, &st)) {
		warn_errno("%s", str_esc(shown, SIZE_MAX));
		j->rc = 1;
		free(host);
		return;
	}
	if (!j->modify) {
		char v[ARRAY_SIZE(xattrs)][LABEL_MAX + 2];
		int any = 0, bad = 0;

		for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
			ssize_t n = xa_get(host, shown, xattrs[i].name, v[i], deref);

			bad |= n < 0;
			any |= n > 0;
		}
		j->rc |= bad;
		if (j->json) {
			printf("%s{", j->shown++ ? "," : "");
			json_str("path", shown, 0);
			for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++)
				json_str(xattrs[i].show, v[i][0] ? v[i] : NULL, 1);
			putchar('}');
		} else if (any) {
			fputs(shown, stdout);
			for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++)
				if (v[i][0])
					printf(" %s=\"%s\"", xattrs[i].show, v[i]);
			putchar('\n');
		} else if (!bad) {
			printf("%s: No smack property found\n", shown);
		}
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
			const char *v = j->set[i];
			int r = 0;

			if (v && i == 3 && !S_ISDIR(st.st_mode)) {
				if (!j->recurse) {
					warn("%s: transmute: not a directory", str_esc(shown, SIZE_MAX));
					j->rc = 1;
				}
				continue;
			}
			if (v)
				r = (deref ? setxattr : lsetxattr)(host, xattrs[i].name, v, strlen(v), 0);
			else if (j->rm[i]) {
				r = (deref ? removexattr : lremovexattr)(host, xattrs[i].name);
				if (r && errno == ENODATA)
					r = 0;
			}
			if (r) {
				warn_errno("%s: %s", str_esc(shown, SIZE_MAX), xattrs[i].name);
				j->rc = 1;
			}
		}
	}
	free(host);
}

/* -r: lib's tree walk (in the jail under a root, loops found with -L,
 * each directory's entries in name order), each entry as label_one. */
struct label_walk {
	struct label_job *j;
	const char *given;	/* the start as given, shown as given */
};

static int label_visit(const struct dirtree_ent *e, void *arg)
{
	struct label_walk *w = arg;

	label_one(w->j, e->path, e->depth ? e->path : w->given, w->j->follow);
	return DIRTREE_CONTINUE;
}

static int label_walk_error(const struct dirtree_ent *e, int err, void *arg)
{
	struct label_walk *w = arg;
	const char *shown = str_esc(e->depth ? e->path : w->given, SIZE_MAX);

	if (err == ELOOP && e->st && S_ISDIR(e->st->st_mode)) {
		warn("%s: a directory loop (a link to a directory above): not entered", shown);
	} else {
		errno = err;
		warn_errno("%s", shown);
	}
	w->j->rc = 1;
	return DIRTREE_CONTINUE;
}

static void label_path(struct label_job *j, const char *path)
{
	struct label_walk w = { j, path };
	struct dirtree t = { j->follow ? DIRTREE_FOLLOW | DIRTREE_SORT : DIRTREE_SORT, 0,
			     label_visit, label_walk_error, &w, 0, 0 };

	if (!j->recurse)
		label_one(j, path, path, j->follow);
	else
		dirtree_walk(&t, path);
}

static int cmd_label(int argc, char **argv)
{
	/* Setters and removers in the order of xattrs[]: O_ACCESS + i, O_RM_ACCESS + i. */
	enum {
		O_ACCESS, O_EXEC, O_MMAP, O_TRANSMUTE, O_RM_ACCESS, O_RM_EXEC, O_RM_MMAP,
		O_RM_TRANSMUTE, O_DROP, O_RECURSIVE, O_DEREF, O_DROP_D, O_JSON, O_N
	};
	struct opt o[] = {
		[O_ACCESS] = { 'a', "access", OPT_ARG }, [O_EXEC] = { 'e', "exec", OPT_ARG },
		[O_MMAP] = { 'm', "mmap", OPT_ARG }, [O_TRANSMUTE] = { 't', "transmute", 0 },
		[O_RM_ACCESS] = { 'A', NULL, 0 }, [O_RM_EXEC] = { 'E', NULL, 0 },
		[O_RM_MMAP] = { 'M', NULL, 0 }, [O_RM_TRANSMUTE] = { 'T', NULL, 0 },
		[O_DROP] = { 'D', "drop", 0 }, [O_RECURSIVE] = { 'r', "recursive", 0 },
		[O_DEREF] = { 'L', "dereference", 0 }, [O_DROP_D] = { 'd', NULL, 0 },
		[O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END,
	};
	struct label_job j = { 0 };

	opt_parse(&argc, &argv, o, 0);
	for (int i = O_ACCESS; i <= O_MMAP; i++)
		if (o[i].seen) {
			const char *e = label_error(o[i].arg, strlen(o[i].arg));

			if (e)
				usage_error("-%c '%s': %s", o[i].sh, str_esc(o[i].arg, SIZE_MAX), e);
			if (i && (!strcmp(o[i].arg, "*") || !strcmp(o[i].arg, "@")))
				usage_error("-%c: %s cannot be an %s label", o[i].sh, o[i].arg,
					    xattrs[i].show);
			j.set[i] = o[i].arg;
		}
	if (o[O_TRANSMUTE].seen)
		j.set[3] = "TRUE";
	for (int i = 0; i < 4; i++) {
		j.rm[i] = o[O_RM_ACCESS + i].seen || o[O_DROP].seen || o[O_DROP_D].seen;
		/* Name the option given: -A, or -D (-d) that removes all four. */
		if (j.rm[i] && j.set[i])
			usage_error("-%c and -%c together", xattrs[i].opt,
				    o[O_RM_ACCESS + i].seen ? xattrs[i].rm : o[O_DROP].seen ? 'D' : 'd');
		j.modify |= j.rm[i] || j.set[i];
	}
	j.recurse = o[O_RECURSIVE].seen;
	j.follow = o[O_DEREF].seen;
	j.json = o[O_JSON].seen;
	if (j.json && j.modify)
		usage_error("label: --json is for listing");
	if (j.json)
		putchar('[');
	if (!argc) {
		/* As chsmack: no PATH means the entries of ".". */
		if (j.modify)
			usage_error("label: no PATH");
		size_t n;
		/* Under a root "." is the image's "/", where chroot starts. */
		char **v = dir_list(root_dir() ? "/" : ".", 0, list_name, &n);

		for (size_t i = 0; i < n; i++) {
			label_path(&j, v[i]);
			free(v[i]);
		}
		free(v);
	}
	for (int i = 0; i < argc; i++)
		label_path(&j, argv[i]);
	if (j.json)
		printf("]\n");
	return j.rc;
}

/* ---- settings ---- */

enum { V_LABEL, V_LABELS, V_INT, V_RAW };

static const struct setting {
	const char *name;
	int kind;
	long max;
} settings[] = {
	{ "onlycap", V_LABELS, 0 }, { "relabel-self", V_LABELS, 0 },
	{ "unconfined", V_LABEL, 0 }, { "ambient", V_LABEL, 0 }, { "syslog", V_LABEL, 0 },
	{ "logging", V_INT, 3 }, { "ptrace", V_INT, 2 }, { "doi", V_INT, 4294967295 },
	{ "direct", V_INT, 255 }, { "mapped", V_INT, 255 },
	{ "cipso2", V_RAW, 0 }, { "netlabel", V_RAW, 0 }, { "ipv6host", V_RAW, 0 },
	{ "current", V_LABEL, 0 },
};

static const struct setting *find_setting(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(settings); i++)
		if (!strcmp(name, settings[i].name))
			return &settings[i];
	usage_error("unknown setting %s", str_esc(name, SIZE_MAX));
}

/* Under a root, the image's /proc/self/attr/current: each part may be a
 * link (self is one on a live /proc), resolved inside the root. */
static char *current_path(void)
{
	char *p = kfs_path(KFS_PROC, "self/attr/current");

	if (!root_dir())
		return p;
	free(p);
	return host_path("/proc/self/attr/current");
}

/* What is wrong with v, the value of setting s as smackfs shows it (or an
 * image holds it); NULL if nothing, else xmalloc'd, with *line set. */
static char *setting_error(const struct setting *s, char *v, int *line)
{
	*line = 1;
	if (s->kind == V_INT) {
		char *end;
		long long n;

		errno = 0;
		n = strtoll(v, &end, 10);
		if (!isdigit((unsigned char)*v) || *end || errno ||
		    n < (!strcmp(s->name, "doi") ? 1 : 0) || n > s->max)
			return xasprintf("'%s' is not a number in %d..%ld", str_esc(v, SIZE_MAX),
					 !strcmp(s->name, "doi"), s->max);
		return NULL;
	}
	/* Empty is unset; "-" is what set writes to clear a list or unconfined. */
	if (s->kind == V_LABEL || s->kind == V_LABELS) {
		if (!*v || (!strcmp(v, "-") && strcmp(s->name, "ambient") &&
			    strcmp(s->name, "syslog")))
			return NULL;
		for (char *t = v; *t;) {
			size_t n = s->kind == V_LABELS ? strcspn(t, " ") : strlen(t);
			const char *e = label_error(t, n);

			if (e)
				return xasprintf("'%s': %s", mem_esc(t, n, SIZE_MAX), e);
			t += n;
			t += strspn(t, " ");
		}
		return NULL;
	}
	/* The kernel shows its lists in a form of its own; an image holds them
	 * as set writes them, which merge_entry reads back. */
	if (!root_dir())
		return NULL;
	for (char *l = v, *nl; l; l = nl ? nl + 1 : NULL, ++*line) {
		char *e;

		if ((nl = strchr(l, '\n')))
			*nl = 0;
		e = *l ? list_line_error(s->name, l) : NULL;
		if (nl)
			*nl = '\n';
		if (e)
			return e;
	}
	return NULL;
}

/* A setting's value as text: the kernel's trailing NUL and newline dropped,
 * space-terminated lists trimmed, checked (a value smackfs could not show
 * stops the command, exit 2). */
static char *get_value(const struct setting *s)
{
	int cur = !strcmp(s->name, "current"), line;
	char *path = cur ? current_path() : smackfs(s->name), *e;
	int fd = cur && root_dir() ? root_open("/proc/self/attr/current", O_RDONLY, 0)
				   : sfs_open(path, O_RDONLY);
	size_t len;
	char *t;

	/* Bounded, and a NUL allowed: ambient and syslog end with one. */
	if (fd < 0 || !(t = read_fd(fd, &len))) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		if (fd >= 0)
			close(fd);
		free(path);
		return NULL;
	}
	close(fd);
	len = strnlen(t, len);
	while (len && (t[len - 1] == '\n' || t[len - 1] == ' '))
		len--;
	t[len] = 0;
	if ((e = setting_error(s, t, &line)))
		die_input("%s:%d: %s", str_esc(path, SIZE_MAX), line, e);
	free(path);
	return t;
}

static int cmd_get(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, 1, "get: needs NAME");
	char *v = get_value(find_setting(argv[0]));

	if (!v)
		return 1;
	printf("%s\n", v);
	free(v);
	return 0;
}

static int cmd_set(int argc, char **argv)
{
	const struct setting *s;
	char *val;
	int rc;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP, 2, -1, "set: needs NAME VALUE");
	s = find_setting(argv[0]);
	/* Both belong to the process that writes them, which here would be
	 * this one, about to exit. */
	if (!strcmp(s->name, "current") || !strcmp(s->name, "relabel-self"))
		usage_error("set %s: it applies only to the process that sets it: use "
			    "smackctl run [--relabel-self 'LABEL...'] LABEL CMD", s->name);
	if (s->kind != V_LABELS && s->kind != V_RAW && argc != 2)
		usage_error("set %s: takes one value", s->name);

	if (s->kind == V_INT) {
		long long v = xstrtonum(argv[1], !strcmp(s->name, "doi") ? 1 : 0, s->max, s->name);

		val = xasprintf("%lld", v);
	} else if (s->kind == V_LABEL) {
		/* The kernel clears unconfined when given a label it cannot take. */
		if (strcmp(s->name, "unconfined") || strcmp(argv[1], "-"))
			check_label(argv[1], s->name);
		val = xstrdup(argv[1]);
	} else if (s->kind == V_LABELS) {
		val = xstrdup("");
		for (int i = 1; i < argc; i++) {
			char *n;

			if (!(argc == 2 && !strcmp(argv[1], "-")))
				check_label(argv[i], s->name);
			n = xasprintf("%s%s%s", val, *val ? " " : "", argv[i]);
			free(val);
			val = n;
		}
	} else if (!strcmp(s->name, "cipso2")) {
		char *joined = xstrdup(argv[1]);

		for (int i = 2; i < argc; i++) {
			char *n = xasprintf("%s %s", joined, argv[i]);

			free(joined);
			joined = n;
		}
		int col;
		char *e = cipso_line(joined, &val, &col);

		if (e)
			usage_error("cipso2: %s", e);
		free(joined);
	} else {
		if (argc != 3)
			usage_error("set %s: needs ADDRESS[/BITS] LABEL", s->name);
		char *e = host_line(!strcmp(s->name, "ipv6host"), argv[1], argv[2], &val);

		if (e)
			usage_error("%s", e);
	}
	if (s->kind == V_RAW && list_errors(s->name)) {
		free(val);
		exit(2);
	}
	rc = put_setting(s->name, val, strlen(val), NULL) ? 1 : 0;
	free(val);
	return rc;
}

/* Write val to this process's own file (attr/current, relabel-self). */
static void put_self(char *path, const char *val)
{
	int fd = xopen(path, O_WRONLY);

	if (write(fd, val, strlen(val)) != (ssize_t)strlen(val))
		die_errno("%s: %s", str_esc(path, SIZE_MAX), str_esc(val, SIZE_MAX));
	close(fd);
	free(path);
}

/* The label first, then the relabel-self list (writing it needs
 * CAP_MAC_ADMIN, which the new label must still pass onlycap with); CMD
 * inherits both. */
static int cmd_run(int argc, char **argv)
{
	enum { O_RELABEL_SELF, O_N };
	struct opt o[] = { [O_RELABEL_SELF] = { 0, "relabel-self", OPT_ARG }, [O_N] = OPT_END };
	char *list = NULL;

	opt_parse(&argc, &argv, o, OPTP_STOP | OPTP_NO_ROOT);
	/* An image has no processes: run labels this one on the running kernel. */
	if (root_dir())
		usage_error("run: --root does not apply: "
			    "run labels a process of the running kernel");
	/* Counted by hand: the refusal of --root comes first. */
	if (argc < 2)
		usage_error("run: needs LABEL CMD");
	check_label(argv[0], "label");
	if (!strcmp(argv[0], "*") || !strcmp(argv[0], "@"))
		usage_error("a process cannot have the label %s", argv[0]);
	if (o[O_RELABEL_SELF].arg) {
		list = xstrdup("");
		for (char *c = xstrdup(o[O_RELABEL_SELF].arg), *save, *t = strtok_r(c, " ", &save); t;
		     t = strtok_r(NULL, " ", &save)) {
			char *n = xasprintf("%s%s%s", list, *list ? " " : "", t);

			check_label(t, "relabel-self");
			free(list);
			list = n;
		}
		if (!*list)
			usage_error("--relabel-self: no label");
	}
	put_self(current_path(), argv[0]);
	if (list)
		put_self(smackfs("relabel-self"), list);
	execvp(argv[1], argv + 1);
	die_status = errno == ENOENT ? 127 : 126;
	die_errno("%s", str_esc(argv[1], SIZE_MAX));
}

/* Smack is active when securityfs' lsm list names it; without securityfs,
 * a live smackfs says so.  -1 under a root: an image has no running kernel,
 * and the one it boots decides (as yama-ptrace says). */
static int smack_active(void)
{
	char *p, *lsm;
	int on;

	if (root_dir())
		return -1;
	if (!kfs_dir(KFS_SECURITYFS, NULL))
		return kfs_dir(KFS_SMACKFS, NULL) != NULL;
	p = kfs_path(KFS_SECURITYFS, "lsm");
	lsm = read_file(p, NULL);
	free(p);
	if (!lsm)
		return kfs_dir(KFS_SMACKFS, NULL) != NULL;
	on = strstr(lsm, "smack") != NULL;
	free(lsm);
	return on;
}

static int cmd_status(int argc, char **argv)
{
	enum { O_JSON, O_N };
	struct opt o[] = { [O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END };
	static const char *const shown[] = { "onlycap", "ambient", "logging", "ptrace",
					     "doi", "direct", "mapped", "unconfined", "syslog" };
	const char *why, *dir;
	struct ruleset k = { 0 };
	size_t nrules = 0;
	char *vals[ARRAY_SIZE(shown)] = { 0 };
	int active, rc = 0;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	dir = kfs_dir(KFS_SMACKFS, &why);
	if (dir) {
		kernel_rules(&k, 0);
		for (size_t i = 0; i < k.n; i++)
			nrules += k.r[i].allow != 0;
		rs_free(&k);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++) {
			char *p = smackfs(shown[i]);

			/* One that is there but cannot be read is said, and shown as absent. */
			if (sfs_exists(p) && !(vals[i] = get_value(find_setting(shown[i]))))
				rc = 1;
			free(p);
		}
	}
	active = smack_active();
	if (o[O_JSON].seen) {
		printf("{");
		json_str("smackfs", dir, 0);
		printf(",\"active\":%s", active < 0 ? "null" : active ? "true" : "false");
		printf(",\"rules\":%zu", nrules);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
			json_str(shown[i], vals[i], 1);
		printf("}\n");
	} else {
		/* smack-utils' first line, which scripts test for. */
		if (dir && root_dir())
			printf("smackfs: %s (image)\n", dir);
		else if (dir)
			printf("SmackFS is mounted to %s/\n", dir);
		else
			printf("SmackFS is not mounted.\nsmackfs: %s\n", why);
		printf("smack: %s\n", active < 0 ? "unknown (offline: the booted kernel decides)"
				       : active ? "active" : "not active");
		if (dir)
			printf("rules: %zu\n", nrules);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
			if (vals[i])
				printf("%s: %s\n", shown[i], vals[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
		free(vals[i]);
	return rc;
}

/* smack-utils' "smackctl test": 0 when Smack is the active LSM, else 2. */
static int cmd_test(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 0, NULL);
	return smack_active() > 0 ? 0 : 2;
}

/* Each command parses its own options and counts (opt_parse_n), having
 * kept only the capabilities it names (docs/smackctl.md's table):
 * smackfs' writes need CAP_MAC_ADMIN; an image's files (--root) any
 * owner's; a label, Smack's xattr, CAP_MAC_ADMIN and, on a file its label
 * may not write, CAP_MAC_OVERRIDE, and where Smack is not the kernel's
 * (an image labelled on a build host) CAP_SYS_ADMIN, as any security.*
 * xattr.  `run` keeps all: the program it runs is the caller's. */
#define SMACK_WRITES (CAPS_FILES | CAP_BIT(CAP_MAC_ADMIN))
#define SMACK_LABELS (SMACK_WRITES | CAP_BIT(CAP_MAC_OVERRIDE) | CAP_BIT(CAP_SYS_ADMIN))
static const struct subcmd commands[] = {
	{ "load", cmd_load, 0, -1, NULL, "", SMACK_WRITES },
	{ "check", cmd_check, 0, -1, NULL, "", CAPS_READ },
	{ "rules", cmd_rules, 0, -1, NULL, "", CAPS_READ },
	{ "apply", cmd_apply, 0, -1, NULL, "", SMACK_WRITES },
	{ "clean", cmd_clean, 0, -1, NULL, "", SMACK_WRITES },
	{ "clear", cmd_clean, 0, -1, NULL, "", SMACK_WRITES },
	{ "status", cmd_status, 0, -1, NULL, "", CAPS_READ },
	{ "access", cmd_access, 0, -1, NULL, "", CAPS_READ },
	{ "change-rule", cmd_change_rule, 0, -1, NULL, "", SMACK_WRITES },
	{ "revoke-subject", cmd_revoke, 0, -1, NULL, "", SMACK_WRITES },
	{ "label", cmd_label, 0, -1, NULL, "", SMACK_LABELS },
	{ "get", cmd_get, 0, -1, NULL, "", CAPS_READ },
	{ "set", cmd_set, 0, -1, NULL, "", SMACK_WRITES },
	{ "run", cmd_run, 0, -1, NULL, "", 0 },
	{ "test", cmd_test, 0, -1, NULL, "", CAPS_READ },
	SUBCMD_END
};

int smackctl_main(int argc, char **argv)
{
	struct subcmds set = { commands, NULL, 0, "no command (see --help)", NULL, NULL, 0 };

	opt_parse(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP);
	return subcmd_run(&set, argc, argv);
}
