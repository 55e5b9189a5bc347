// SPDX-License-Identifier: Apache-2.0
/* rules.c: Smack labels and access letters, the merged rule set (labels
 * interned, rules found by their pair of label numbers) and rule files read
 * and parsed, every error named FILE:LINE. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smackctl.h"

const char smk_letters[] = "rwxatlb";

/* name (xmalloc'd) lives as long as the program: rules point to it. */
const char *smk_keep_name(char *name)
{
	XROOM(TT.names, TT.nnames);
	return TT.names[TT.nnames++] = name;
}

/* NULL if the label is valid, else what is wrong with it. */
const char *smk_label_error(const char *s, size_t len)
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

void smk_check_label(const char *s, const char *what)
{
	const char *e = smk_label_error(s, strlen(s));

	if (e)
		usage_error("%s '%s': %s", what, str_esc(s, SIZE_MAX), e);
}

/* Access letters to bits; -1 and the bad position in *bad if one is unknown. */
int smk_parse_access(const char *s, size_t len, size_t *bad)
{
	unsigned v = 0;

	for (size_t i = 0; i < len; i++) {
		const char *p = s[i] ? strchr(smk_letters, tolower((unsigned char)s[i])) : NULL;

		if (s[i] == '-')
			continue;
		if (!p) {
			if (bad)
				*bad = i;
			return -1;
		}
		v |= 1u << (p - smk_letters);
	}
	return (int)v;
}

unsigned smk_xaccess(const char *s, const char *what)
{
	size_t bad;
	int v = smk_parse_access(s, strlen(s), &bad);

	if (v < 0)
		usage_error("%s '%s': '%s' is not an access letter (rwxatlb or -)", what, str_esc(s, SIZE_MAX),
			    mem_esc(&s[bad], 1, SIZE_MAX));
	return (unsigned)v;
}

/* The kernel's read order, "-" for none. */
const char *smk_access_str(unsigned v, char *buf)
{
	char *p = buf;

	for (int i = 0; smk_letters[i]; i++)
		if (v & (1u << i))
			*p++ = smk_letters[i];
	if (p == buf)
		*p++ = '-';
	*p = 0;
	return buf;
}

void smk_rs_builtins(struct ruleset *rs)
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
const struct rule *smk_rs_find(const struct ruleset *rs, uint32_t s, uint32_t o)
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

	smk_rs_builtins(rs);
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

/* load --clear, smackload -c: every pair set to no access. */
void smk_rs_clear(struct ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++) {
		rs->r[i].set = 1;
		rs->r[i].allow = rs->r[i].deny = 0;
	}
}

void smk_rs_free(struct ruleset *rs)
{
	htab_free(&rs->lab);
	free(rs->r);
	free(rs->pair);
	*rs = (struct ruleset){ 0 };
}

/* Merge one line: a set replaces, a change composes bit by bit (a later
 * allow or deny of a bit wins over an earlier one). */
void smk_rs_add(struct ruleset *rs, const char *subj, const char *obj, unsigned allow,
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

/* One rule file's text (no NUL byte: smk_read_text) into rs; errors are
 * counted, not fatal, so that one run reports them all.  kernel: the text
 * is what smackfs shows (load2), where every line is SUBJECT OBJECT ACCESS
 * and none is a comment ('#' may start a label). */
void smk_parse_rules(struct ruleset *rs, const char *file, const char *text, size_t len,
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
			const char *e = smk_label_error(tok[i], tlen[i]);

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

			acc[i - 2] = smk_parse_access(tok[i], tlen[i], &at);
			if (acc[i - 2] < 0) {
				diag(&(struct srcloc){ file, lineno, (int)(tok[i] - p + at) + 1 },
				     "'%s' is not an access letter (rwxatlb or -)",
				     mem_esc(&tok[i][at], 1, SIZE_MAX));
				bad = 1;
			}
		}
		if (!bad) {
			char *s = xstrndup(tok[0], tlen[0]), *o = xstrndup(tok[1], tlen[1]);

			smk_rs_add(rs, s, o, (unsigned)acc[0], nt == 4 ? (unsigned)acc[1] : 0, nt == 3, file,
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
	XROOM(l->v, l->n);
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

int smk_list_name(const struct dirtree_ent *e, void *arg)
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

char **smk_dir_list(const char *dir, unsigned flags,
		       int (*fn)(const struct dirtree_ent *, void *), size_t *np)
{
	struct dir_list l = { xmalloc(sizeof(char *)), 0 };
	struct dirtree t = { flags | DIRTREE_SORT, 1, fn, list_error, &l, 0, 0 };

	dirtree_walk(&t, dir);
	*np = l.n;
	return l.v;
}

/* dir/name, without a second '/' when dir ends in one. */
char *smk_path_join(const char *dir, const char *name)
{
	size_t n = strlen(dir);

	return xasprintf("%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
}

/* Paths here are named as the user or the config names them, and taken
 * as chroot would under --root: smk_host_path() is where one is on the host
 * (the same path live), every link on the way resolved inside the root. */
char *smk_host_path(const char *path)
{
	char *h = root_file(path, 0);

	if (!h)
		die_errno("%s", str_esc(path, SIZE_MAX));
	return h;
}

/* The regular files of dir (their paths, named as dir is), sorted by name,
 * dot files left out; under a root an entry that is a link counts by what
 * it points to inside the root. */
char **smk_dir_files(const char *dir, size_t *np)
{
	return smk_dir_list(dir, DIRTREE_FOLLOW, list_file, np);
}

/* A text input whole: at most TEXT_MAX bytes and no NUL byte, else it is
 * bad input (exit 2).  fd is closed. */
char *smk_read_text(int fd, const char *name, size_t *lenp)
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
char *smk_read_source(const char *path, char **namep, size_t *lenp)
{
	char *name = smk_host_path(path);
	int fd = root_open(path, O_RDONLY, 0);

	if (fd < 0)
		die_errno("%s", str_esc(name, SIZE_MAX));
	*namep = name;
	return smk_read_text(fd, name, lenp);
}

/* A file, a directory of files or "-" (stdin) into rs. */
void smk_parse_source(struct ruleset *rs, const char *src)
{
	struct stat st;
	char *text, *name;
	size_t len;

	if (!strcmp(src, "-")) {
		text = smk_read_text(0, "-", &len);
		smk_parse_rules(rs, "-", text, len, 0);
		free(text);
		return;
	}
	name = smk_host_path(src);
	if (stat(name, &st))
		die_errno("%s", str_esc(name, SIZE_MAX));
	free(name);
	if (S_ISDIR(st.st_mode)) {
		size_t n;
		char **v = smk_dir_files(src, &n);

		for (size_t i = 0; i < n; i++) {
			smk_parse_source(rs, v[i]);
			free(v[i]);
		}
		free(v);
		return;
	}
	text = smk_read_source(src, &name, &len);
	/* Each rule keeps its file's name for the kernel's refusals. */
	smk_parse_rules(rs, smk_keep_name(name), text, len, 0);
	free(text);
}

/* Per-process rules (load-self2) from src, read as smk_parse_source reads
 * it; each pair must end up set: the kernel's per-process list has no
 * change-rule. */
void smk_parse_self(struct ruleset *rs, const char *src)
{
	smk_parse_source(rs, src);
	for (size_t i = 0; i < rs->n; i++)
		if (!rs->r[i].set)
			diag(&(struct srcloc){ rs->r[i].file ? rs->r[i].file : "-", rs->r[i].line, 0 },
			     "a per-process rule is SUBJECT OBJECT ACCESS (load-self2 takes no ALLOW DENY)");
}
