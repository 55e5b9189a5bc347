// SPDX-License-Identifier: Apache-2.0
/* lex.c: AppArmor's profile language cut into tokens as apparmor_parser
 * 3.0.8's flex scanner cuts it, with the same start conditions (a stack
 * of modes: after "network" words are names until ",", after "=" a
 * variable's values until the end of the line, ...), the same longest
 * match and the same rule order on ties, so that every profile splits
 * where the anchor's does.  Include directives are followed here, as the
 * scanner follows them: <NAME> on the search path, "NAME" or NAME as
 * given, a directory's files (last name first, as flex's buffer stack
 * reads them), each file once a run, "include if exists" silent when
 * there is none.  With an echo stream the text read is written there as
 * the scanner's -p writes it: every byte but the include directives,
 * each of which becomes "##included <NAME>" and the file.
 *
 * Bounds: a file over AA_FILE_MAX, includes nested over AA_DEPTH_MAX or
 * over AA_TOTAL_MAX read in all fail with a message. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

#define AA_FILE_MAX ((size_t)16 << 20)
#define AA_TOTAL_MAX ((size_t)256 << 20)
#define AA_DEPTH_MAX 64
#define AA_STATES_MAX 64

/* The scanner's start conditions. */
enum st {
	S_INITIAL, S_SUB_ID, S_SUB_ID_WS, S_SUB_VALUE, S_EXTCOND, S_EXTCONDLIST, S_NETWORK,
	S_LIST_VAL, S_LIST_COND, S_LIST_COND_VAL, S_LIST_COND_PAREN_VAL, S_ASSIGN, S_RLIMIT,
	S_MOUNT, S_DBUS, S_SIGNAL, S_PTRACE, S_UNIX, S_CHANGE_PROFILE, S_INCLUDE, S_INCLUDE_EXISTS,
	S_ABI,
};
#define B(s) (1u << (s))

struct src {
	char *text;
	size_t len, pos;
	char *name;		/* as messages name it */
	int line;
	const char *bol;	/* the start of the line pos is on */
	int depth;		/* 1: the profile; an include's is its includer's + 1 */
};

struct aa_lex {
	const struct aa_lex_opts *o;
	/* The sources to read, the current one last: a file and the
	 * includes it opened, a directory's files side by side (at one
	 * depth), as flex's buffer stack holds them. */
	struct src *src;
	int nsrc, cap;
	enum st st[AA_STATES_MAX];	/* st[nst - 1] is the current one */
	int nst;
	char **seen;		/* the include cache: paths opened */
	int nseen;
	/* The blocks open: a profile's (or hat's) has an include cache of
	 * its own, its parent's put back at its end, as the anchor's parser
	 * does; an if or else block has none.  stmt: what started the
	 * statement being read (0 nothing yet, 1 if or else, 2 another). */
	struct blk {
		bool profile;
		char **seen;
		int nseen;
	} blk[AA_DEPTH_MAX];
	int nblk, stmt;
	struct srcloc at;	/* where the text being matched starts */
	size_t total;
	char *text;		/* the last token's */
	char **names;		/* the names of the sources read to their end */
	int nnames;
	struct timespec mtime;	/* the newest of every file and directory read */
};

/* ---- character classes and sub-patterns (flex's, in the C locale) ---- */

static bool blank(int c) { return c == ' ' || c == '\t'; }
static bool alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static bool alnum_(int c) { return alpha(c) || (c >= '0' && c <= '9') || c == '_'; }
/* [^ \t\r\n"!,] and its kin: the characters a word is made of. */
static bool id_char(int c) { return !strchr(" \t\r\n\"!,", c) || !c; }
static bool inc_char(int c) { return id_char(c) && c != '<' && c != '>'; }
static bool nocr(int c) { return (!strchr(" \t\n\"!,", c) || !c); }	/* [^ \t\n"!,] */
static bool lv_char(int c) { return nocr(c) && c != '(' && c != ')'; }
static bool noeq_char(int c) { return nocr(c) && c != '=' && c != ')'; }
static bool lead_noeq(int c) { return nocr(c) && !strchr("=()+&", c); }
static bool pv_char(int c) { return nocr(c) && c != '=' && c != '+'; }

/* The scan position's text: p to e. */
struct at {
	const char *p, *e;
};

static size_t span(struct at a, bool (*cls)(int))
{
	size_t n = 0;

	while (a.p + n < a.e && cls((unsigned char)a.p[n]))
		n++;
	return n;
}

/* One unit of a word: a character of cls, ",X" (X of cls) when comma,
 * or a backslash and one of esc; its length, or 0. */
static size_t unit(const char *p, const char *e, bool (*cls)(int), bool comma, const char *esc)
{
	if (p < e && *p == '\\' && p + 1 < e && p[1] && strchr(esc, p[1]))
		return 2;
	if (p < e && cls((unsigned char)*p))
		return 1;
	if (comma && p + 1 < e && *p == ',' && cls((unsigned char)p[1]))
		return 2;
	return 0;
}

static size_t units(struct at a, bool (*cls)(int), bool comma, const char *esc)
{
	size_t n = 0, u;

	while ((u = unit(a.p + n, a.e, cls, comma, esc)))
		n += u;
	return n;
}

#define ESC " \t\"!,"
#define ESC_PAREN " \t\"!,()"
static size_t m_ids(struct at a) { return units(a, id_char, true, ESC); }
static size_t m_inc_ids(struct at a) { return units(a, inc_char, true, ESC); }
static size_t m_list_value(struct at a) { return units(a, lv_char, false, ESC_PAREN); }

static size_t m_ids_noeq(struct at a)
{
	if (a.p >= a.e || !lead_noeq((unsigned char)*a.p))
		return 0;
	a.p++;
	return 1 + units(a, noeq_char, true, "");
}

/* "..." with \" inside (QUOTED_ID; nonempty: QUOTED_LIST_VALUE_ID;
 * first: the first character inside must be one of these, QUOTED_LABEL):
 * the longest such match, or 0. */
static size_t m_quoted(struct at a, bool nonempty, const char *first)
{
	bool c = true, pend = false;	/* the NFA's states: in the text, after a backslash */
	size_t best = 0;

	if (a.p >= a.e || *a.p != '"')
		return 0;
	if (first && (a.p + 1 >= a.e || !a.p[1] || !strchr(first, a.p[1])))
		return 0;
	for (size_t i = 1; a.p + i < a.e && (c || pend); i++) {
		char ch = a.p[i];
		bool nc = false, np = false;

		if (!ch)
			break;
		if (ch == '"') {
			if (c && (!nonempty || i > 1))
				best = i + 1;
			nc = pend;
		} else {
			nc = true;
			np = ch == '\\';
		}
		c = nc;
		pend = np;
	}
	return best;
}

static size_t m_varname(struct at a)
{
	size_t n = 0;

	if (a.p < a.e && alpha((unsigned char)*a.p))
		for (n = 1; a.p + n < a.e && alnum_((unsigned char)a.p[n]); n++)
			;
	return n;
}

/* @NAME or @{NAME} (prefix '@'), $NAME or ${NAME} ('$'). */
static size_t m_var(struct at a, char prefix)
{
	size_t n;

	if (a.p >= a.e || *a.p != prefix)
		return 0;
	a.p++;
	if (a.p < a.e && *a.p == '{') {
		a.p++;
		n = m_varname(a);
		return n && a.p + n < a.e && a.p[n] == '}' ? n + 3 : 0;
	}
	n = m_varname(a);
	return n ? n + 1 : 0;
}

static size_t m_lit(struct at a, const char *s)
{
	size_t n = strlen(s);

	return (size_t)(a.e - a.p) >= n && !memcmp(a.p, s, n) ? n : 0;
}

/* LABEL: / or @VAR and one more character or : or &, then a word. */
static size_t m_label(struct at a)
{
	size_t n = 0, v;

	if (a.p < a.e && (*a.p == '/' || *a.p == ':' || *a.p == '&'))
		n = 1;
	else if ((v = m_var(a, '@')) && (n = unit(a.p + v, a.e, pv_char, true, ESC_PAREN)))
		n += v;
	if (!n)
		return 0;
	a.p += n;
	return n + m_ids(a);
}

/* MODE_CHARS+: [RrWwaLlMmkXx], [PpCc]x, [PpCc]?[IiUu]x. */
static size_t m_modes(struct at a)
{
	size_t n = 0;

	for (;;) {
		const char *p = a.p + n;
		size_t l = a.e - p;
		bool x1 = l > 1 && (p[1] == 'x' || p[1] == 'X');
		bool x2 = l > 2 && (p[2] == 'x' || p[2] == 'X');

		if (l > 1 && strchr("PpCc", *p) && *p && strchr("IiUu", p[1]) && p[1] && x2)
			n += 3;
		else if (l > 0 && *p && strchr("PpCcIiUu", *p) && x1)
			n += 2;
		else if (l > 0 && *p && strchr("RrWwaLlMmkXx", *p))
			n += 1;
		else
			return n;
	}
}

/* {WS}*: its length. */
static size_t ws(const char *p, const char *e)
{
	size_t n = 0;

	while (p + n < e && blank((unsigned char)p[n]))
		n++;
	return n;
}

/* The rest of the line and its end: .*\r?\n (0 when no newline ends it). */
static size_t to_eol(const char *p, const char *e)
{
	const char *nl = memchr(p, '\n', (size_t)(e - p));

	return nl ? (size_t)(nl - p) + 1 : 0;
}

/* ---- keywords ---- */

static const struct {
	const char *word;
	enum st mode;
} keywords[] = {
	{ "network", S_NETWORK }, { "unix", S_UNIX }, { "capability", S_INITIAL },
	{ "if", S_INITIAL }, { "else", S_INITIAL }, { "not", S_INITIAL }, { "defined", S_INITIAL },
	{ "change_profile", S_CHANGE_PROFILE }, { "unsafe", S_INITIAL }, { "safe", S_INITIAL },
	{ "link", S_INITIAL }, { "owner", S_INITIAL }, { "user", S_INITIAL }, { "other", S_INITIAL },
	{ "subset", S_INITIAL }, { "audit", S_INITIAL }, { "deny", S_INITIAL }, { "allow", S_INITIAL },
	{ "set", S_INITIAL }, { "rlimit", S_RLIMIT }, { "alias", S_INITIAL }, { "rewrite", S_INITIAL },
	{ "ptrace", S_PTRACE }, { "file", S_INITIAL }, { "mount", S_MOUNT }, { "remount", S_MOUNT },
	{ "umount", S_MOUNT }, { "unmount", S_MOUNT }, { "pivot_root", S_INITIAL }, { "in", S_INITIAL },
	{ "dbus", S_DBUS }, { "signal", S_SIGNAL }, { "send", S_INITIAL }, { "receive", S_INITIAL },
	{ "bind", S_INITIAL }, { "read", S_INITIAL }, { "write", S_INITIAL }, { "eavesdrop", S_INITIAL },
	{ "peer", S_INITIAL }, { "trace", S_INITIAL }, { "tracedby", S_INITIAL }, { "readby", S_INITIAL },
	{ "abi", S_ABI },
};

/* ---- sources and modes ---- */

static struct src *top(struct aa_lex *lx)
{
	return &lx->src[lx->nsrc - 1];
}

static struct srcloc here(struct aa_lex *lx)
{
	struct src *s = top(lx);

	return (struct srcloc){ s->name, s->line, (int)(s->text + s->pos - s->bol) + 1 };
}

static int fail(struct aa_lex *lx, const char *fmt, const char *arg)
{
	diag(&lx->at, fmt, arg);
	return -1;
}

static int push(struct aa_lex *lx, enum st s)
{
	/* A keyword's INITIAL over INITIAL changes nothing a pop could see:
	 * not kept, so that the stack stays small however long the file. */
	if (s == S_INITIAL && lx->st[lx->nst - 1] == S_INITIAL)
		return 0;
	if (lx->nst == AA_STATES_MAX)
		return fail(lx, "%s", "scanner modes nested too deep");
	lx->st[lx->nst++] = s;
	return 0;
}

static int pop(struct aa_lex *lx)
{
	if (lx->nst == 1)
		return fail(lx, "%s", "start-condition stack underflow");
	lx->nst--;
	return 0;
}

static void begin(struct aa_lex *lx, enum st s)
{
	lx->st[lx->nst - 1] = s;
}

static bool cached(struct aa_lex *lx, const char *path)
{
	for (int i = 0; i < lx->nseen; i++)
		if (!strcmp(lx->seen[i], path))
			return true;
	return false;
}

static void cache(struct aa_lex *lx, const char *path)
{
	XROOM(lx->seen, lx->nseen);
	lx->seen[lx->nseen++] = xstrdup(path);
}

/* update_mru_tstamp: what was read is as new as its newest file. */
static void newest(struct aa_lex *lx, const struct stat *st)
{
	const struct timespec *t = &st->st_mtim;

	if (t->tv_sec > lx->mtime.tv_sec || (t->tv_sec == lx->mtime.tv_sec && t->tv_nsec > lx->mtime.tv_nsec))
		lx->mtime = *t;
}

/* fd's text as a new source on top, at depth; the fd closed.  0, or -1
 * after a message. */
static int push_fd(struct aa_lex *lx, int fd, const char *name, int depth)
{
	struct stat st;
	struct src *s;
	size_t len;
	char *text;

	if (fstat(fd, &st) == 0)
		newest(lx, &st);
	if (depth > AA_DEPTH_MAX) {
		close(fd);
		return fail(lx, "includes nested over %s deep", "64");
	}
	text = read_fd_max(fd, AA_FILE_MAX, &len);
	close(fd);
	if (!text) {
		if (errno == EFBIG)
			warn("%s: larger than %zu bytes", name, AA_FILE_MAX);
		else
			warn_errno("%s", name);
		return -1;
	}
	if ((lx->total += len) > AA_TOTAL_MAX) {
		free(text);
		warn("%s: over %zu bytes read with its includes", name, AA_TOTAL_MAX);
		return -1;
	}
	if (lx->nsrc == lx->cap) {
		lx->cap = lx->cap ? 2 * lx->cap : 16;
		lx->src = xrealloc(lx->src, (size_t)lx->cap * sizeof(*lx->src));
	}
	s = &lx->src[lx->nsrc++];
	*s = (struct src){ text, len, 0, xstrdup(name), 1, text, depth };
	return 0;
}

bool aa_skipped_name(const char *name, const char *path)
{
	static const struct {
		const char *suffix;
		bool silent;
	} suffixes[] = {
		{ ".dpkg-new", 1 }, { ".dpkg-old", 1 }, { ".dpkg-dist", 1 }, { ".dpkg-bak", 1 },
		{ ".dpkg-remove", 1 }, { ".pacsave", 1 }, { ".pacnew", 1 }, { ".rpmnew", 0 },
		{ ".rpmsave", 0 }, { ".orig", 0 }, { ".rej", 0 }, { "~", 0 },
	};
	size_t n = strlen(name);

	if (!n || *name == '.' || !strcmp(name, "README"))
		return true;
	for (size_t i = 0; i < ARRAY_SIZE(suffixes); i++) {
		size_t l = strlen(suffixes[i].suffix);

		if (n >= l && !strcmp(name + n - l, suffixes[i].suffix)) {
			if (!suffixes[i].silent)
				warn("Ignoring: '%s'", path ? path : name);
			return true;
		}
	}
	return false;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's files, each a source (the last name on top, read first). */
int aa_dir_names(DIR *d, int max, char ***names)
{
	struct dirent *e;
	int n = 0;

	*names = NULL;
	while ((e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			if (n == max) {
				aa_names_free(*names, n);
				*names = NULL;
				return -1;
			}
			XROOM(*names, n);
			(*names)[n++] = xstrdup(e->d_name);
		}
	if (n > 1)
		qsort(*names, (size_t)n, sizeof(**names), cmp_name);
	return n;
}

void aa_names_free(char **names, int n)
{
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

static int push_dir(struct aa_lex *lx, int dfd, const char *path, int depth)
{
	DIR *d = fdopendir(dfd);
	char **names;
	int n, rc = 0;

	if (!d) {
		close(dfd);
		return fail(lx, "Could not process include directory '%s'", path);
	}
	n = aa_dir_names(d, 4096, &names);
	closedir(d);
	if (n < 0)
		return fail(lx, "include directory '%s' has over 4096 entries", path);
	for (int i = 0; i < n && rc == 0; i++) {
		char *p = xasprintf("%s/%s", path, names[i]);
		struct stat st;
		int fd;

		if (!aa_skipped_name(names[i], p) && !cached(lx, p)) {
			fd = root_open(p, O_RDONLY | O_CLOEXEC, 0);
			if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
				cache(lx, p);
				rc = push_fd(lx, fd, p, depth);
			} else if (fd >= 0) {
				close(fd);
			}
		}
		free(p);
	}
	aa_names_free(names, n);
	return rc;
}

static void echo(struct aa_lex *lx, const char *p, size_t n)
{
	if (lx->o->echo)
		fwrite(p, 1, n, lx->o->echo);
}

/* search_path: name opened in the first directory of the search path
 * that has it, its path in *full and the include cache; -1 none has it,
 * -2 the cache has it already (nothing opened). */
static int search_open(struct aa_lex *lx, const char *name, char **full)
{
	int fd = -1;

	*full = NULL;
	for (int i = 0; i < lx->o->ndirs && fd < 0; i++) {
		char *p = xasprintf("%s/%s", lx->o->dirs[i], name);

		if (cached(lx, p)) {
			free(p);
			return -2;
		}
		fd = root_open(p, O_RDONLY | O_CLOEXEC, 0);
		if (fd >= 0) {
			cache(lx, p);
			*full = p;
		} else {
			free(p);
		}
	}
	return fd;
}

/* include_filename: name on the search path (search) or as given. */
static int include(struct aa_lex *lx, const char *name, bool search, bool if_exists)
{
	int depth = top(lx)->depth + 1;	/* the file or directory's files */
	char *full = NULL;
	int fd = -1, rc = 0;
	struct stat st;

	if (search) {
		if ((fd = search_open(lx, name, &full)) == -2)
			goto skip;
		if (lx->o->echo)
			fprintf(lx->o->echo, "\n\n##included <%s>\n", name);
	} else if (cached(lx, name)) {
		goto skip;
	} else {
		if (lx->o->echo)
			fprintf(lx->o->echo, "\n\n##included \"%s\"\n", name);
		full = xstrdup(name);
		fd = root_open(name, O_RDONLY | O_CLOEXEC, 0);
		if (fd >= 0)
			cache(lx, name);
	}
	if (fd < 0) {
		free(full);
		return if_exists ? 0 : fail(lx, "Could not open '%s'", name);
	}
	if (fstat(fd, &st) < 0) {
		close(fd);
		rc = fail(lx, "fstat failed for '%s'", full);
	} else if (S_ISREG(st.st_mode)) {
		rc = push_fd(lx, fd, full, depth);
	} else if (S_ISDIR(st.st_mode)) {
		/* a file added to or taken from it makes it newer */
		newest(lx, &st);
		rc = push_dir(lx, fd, full, depth);
	} else {
		close(fd);
	}
	free(full);
	return rc;
skip:
	if (lx->o->echo)
		fprintf(lx->o->echo, "\n\n##skipped duplicate include <%s>\n", name);
	return 0;
}

int aa_lex_abi(struct aa_lex *lx, const char *name, bool search, char **text)
{
	char *full = NULL;
	int fd = -1, rc = 0;
	struct stat st;

	*text = NULL;
	if (search) {
		if ((fd = search_open(lx, name, &full)) == -2)
			return 0;
	} else {
		/* as it is: no include cache */
		fd = root_open(name, O_RDONLY | O_CLOEXEC, 0);
	}
	if (fd < 0)
		return fail(lx, "Could not open '%s'", name);
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		rc = fail(lx, "failed to find features abi '%s'", name);
	else if (!(*text = read_fd_max(fd, AA_FEATURES_MAX, NULL)))
		rc = fail(lx, "features abi '%s': unreadable, or over 1 MiB", name);
	/* not in apparmor_parser's newest, but what is compiled depends on it */
	if (!rc)
		newest(lx, &st);
	close(fd);
	free(full);
	return rc;
}

/* ---- escapes (processid) ---- */

/* One escape after the backslash at *p (n bytes left): its character, or
 * -1 (then *p is where it failed); *p past it.  strn_escseq's. */
static int escseq(const char **p, size_t n)
{
	int base = 0, max = 0, v = 0, k = 0;
	char c;

	if (!n)
		return -1;
	if (**p >= '0' && **p <= '7') {
		base = 8;
		max = 3;
	} else {
		c = *(*p)++;
		n--;
		switch (c) {
		case '\\': return '\\';
		case '"': return '"';
		case 'a': return '\a';
		case 'e': return 033;
		case 'f': return '\f';
		case 'n': return '\n';
		case 'r': return '\r';
		case 't': return '\t';
		case 'd': base = 10; max = 3; break;
		case 'x': base = 16; max = 2; break;
		default: return -1;
		}
	}
	for (; k < max && (size_t)k < n; k++) {
		int d = isdigit((unsigned char)(*p)[k]) ? (*p)[k] - '0'
			: isxdigit((unsigned char)(*p)[k]) ? (tolower((unsigned char)(*p)[k]) - 'a' + 10) : 99;

		if (d >= base || v * base + d > 255)
			break;
		v = v * base + d;
	}
	if (!k)
		return -1;
	*p += k;
	return v;
}

/* processunquoted: escapes turned into their characters, except those
 * the regex stage reads (left escaped) and a NUL (left as written). */
static char *unquoted(const char *s, size_t len)
{
	char *buf = xmalloc(len + 1), *o = buf;
	const char *end = s + len;

	while (s < end) {
		const char *pos = s + 1;
		int c;

		if (*s == '\\' && end - s > 1 && (c = escseq(&pos, (size_t)(end - pos))) != -1) {
			if (c == 0) {
				memcpy(o, s, (size_t)(pos - s));
				o += pos - s;
			} else if (strchr("*?[]{}^,\\", c)) {
				*o++ = '\\';
				*o++ = (char)c;
			} else {
				*o++ = (char)c;
			}
			s = pos;
		} else {
			*o++ = *s++;
		}
	}
	*o = 0;
	return buf;
}

static char *processid(const char *s, size_t len)
{
	if (len && *s == '"') {
		if (s[len - 1] != '"' || len < 2)
			return unquoted(s, len);
		return unquoted(s + 1, len - 2);
	}
	return unquoted(s, len);
}

/* ---- the scan ---- */

/* The rules of parser_lex.l, numbered in its order; a match is the
 * longest (with any trailing context), the first rule on a tie. */
enum rule {
	R_WS, R_INCNAME, R_CONDLISTID, R_CONDID_EQ, R_CONDID_IN, R_SUBID, R_SUBVALUE, R_LV_CLOSE,
	R_LV_COMMA, R_LV_VALUE, R_EC_EQ_VALUE, R_EC_EQ, R_EC_OPEN, R_EC_IN, R_LCV_VALUE, R_LCPV_CLOSE,
	R_LCPV_VALUE, R_LC_CLOSE, R_LC_COMMA, R_LC_CONDID, R_LC_EQ_PAREN, R_LC_EQ, R_ECL_EQ,
	R_ECL_OPEN, R_AS_VALUE, R_AS_COMMA, R_AS_CONT, R_AS_NL, R_NET_ID, R_CP_SAFE, R_CP_UNSAFE,
	R_CP_ARROW, R_CP_ID, R_RL_NUM, R_RL_KW, R_RL_LE, R_WORD, R_OPENPAREN_M, R_RW_MODE, R_MNT_ARROW,
	R_M_ID, R_HINC_EXISTS, R_INC_EXISTS, R_HINC, R_INC, R_COMMENT, R_CARET, R_ARROW, R_EQUALS,
	R_ADD_ASSIGN, R_SET_VAR, R_BOOL_VAR, R_OPEN, R_CLOSE, R_LABEL, R_MODES, R_HAT, R_PROFILE,
	R_COLON, R_OPENPAREN, R_VARNAME, R_EOR, R_NL, R_ANY,
};

struct m {
	enum rule r;
	size_t total;		/* with trailing context: what the choice weighs */
	size_t len;		/* the token's */
	int word;		/* R_WORD: which mode word */
};

static size_t max_sz(size_t a, size_t b)
{
	return a > b ? a : b;
}

static void cand(struct m *best, enum rule r, size_t total, size_t len)
{
	if (total && total > best->total)
		*best = (struct m){ r, total, len, 0 };
}

/* A candidate without trailing context: its length is its weight. */
static void cand1(struct m *best, enum rule r, size_t len)
{
	cand(best, r, len, len);
}

/* The mode words of dbus, signal, ptrace and unix rules, with the states
 * each is a word in. */
static const struct {
	const char *w;
	unsigned states;
} words[] = {
	{ "create", B(S_UNIX) }, { "listen", B(S_UNIX) }, { "accept", B(S_UNIX) },
	{ "connect", B(S_UNIX) }, { "getattr", B(S_UNIX) }, { "setattr", B(S_UNIX) },
	{ "getopt", B(S_UNIX) }, { "setopt", B(S_UNIX) }, { "shutdown", B(S_UNIX) },
	{ "bind", B(S_DBUS) | B(S_UNIX) }, { "eavesdrop", B(S_DBUS) },
	{ "send", B(S_DBUS) | B(S_SIGNAL) | B(S_UNIX) }, { "receive", B(S_DBUS) | B(S_SIGNAL) | B(S_UNIX) },
	{ "trace", B(S_PTRACE) }, { "readby", B(S_PTRACE) }, { "tracedby", B(S_PTRACE) },
	{ "read", B(S_DBUS) | B(S_SIGNAL) | B(S_PTRACE) | B(S_UNIX) },
	{ "write", B(S_DBUS) | B(S_SIGNAL) | B(S_PTRACE) | B(S_UNIX) },
};

static struct m match(enum st s, struct at a)
{
	struct m b = { R_ANY, 0, 0, 0 };
	unsigned S = B(s);
	const unsigned ws_states = ~(B(S_SUB_ID) | B(S_SUB_VALUE));
	const unsigned cond_states = B(S_INITIAL) | B(S_MOUNT) | B(S_DBUS) | B(S_SIGNAL) | B(S_PTRACE) |
				     B(S_UNIX);
	const unsigned mw_states = B(S_DBUS) | B(S_SIGNAL) | B(S_PTRACE) | B(S_UNIX);
	size_t n, w;
	char c = a.p < a.e ? *a.p : 0;

	if (S & ws_states)
		cand(&b, R_WS, ws(a.p, a.e), ws(a.p, a.e));
	if (S & (B(S_INCLUDE) | B(S_INCLUDE_EXISTS) | B(S_ABI))) {
		n = 0;
		if (c == '<') {
			size_t q = m_quoted((struct at){ a.p + 1, a.e }, false, NULL), k = 1;

			while (a.p + k < a.e && !strchr("\">\t\r\n", a.p[k]))
				k++;
			if (k > 1 && a.p + k < a.e && a.p[k] == '>')
				n = k + 1;
			if (q && a.p + 1 + q < a.e && a.p[1 + q] == '>' && q + 2 > n)
				n = q + 2;
		}
		if ((w = m_quoted(a, false, NULL)) > n)
			n = w;
		if ((w = m_inc_ids(a)) > n)
			n = w;
		cand1(&b, R_INCNAME, n);
	}
	if (S & cond_states) {
		size_t v = m_varname(a);

		n = m_lit(a, "peer") ? 4 : m_lit(a, "xattrs") ? 6 : 0;
		if (n) {
			size_t k = n + ws(a.p + n, a.e);

			if (a.p + k < a.e && a.p[k] == '=') {
				k++;
				k += ws(a.p + k, a.e);
				if (a.p + k < a.e && a.p[k] == '(')
					cand(&b, R_CONDLISTID, k + 1, n);
			}
		}
		if (v) {
			size_t k = v + ws(a.p + v, a.e);

			if (a.p + k < a.e && a.p[k] == '=')
				cand(&b, R_CONDID_EQ, k + 1, v);
			k = ws(a.p + v, a.e);
			if (k && m_lit((struct at){ a.p + v + k, a.e }, "in")) {
				k = v + k + 2;
				k += ws(a.p + k, a.e);
				if (a.p + k < a.e && a.p[k] == '(')
					cand(&b, R_CONDID_IN, k + 1, v);
			}
		}
	}
	if (S & (B(S_SUB_ID) | B(S_SUB_ID_WS))) {
		n = max_sz(m_ids(a), m_quoted(a, false, NULL));
		cand1(&b, R_SUBID, n);
	}
	if (S & B(S_SUB_VALUE)) {
		n = max_sz(m_ids(a), m_quoted(a, false, NULL));
		cand1(&b, R_SUBVALUE, n);
	}
	if (S & B(S_LIST_VAL)) {
		cand(&b, R_LV_CLOSE, c == ')', 1);
		cand(&b, R_LV_COMMA, c == ',', 1);
		n = m_list_value(a);
		w = m_quoted(a, false, NULL);
		cand1(&b, R_LV_VALUE, max_sz(n, w));
	}
	if (S & B(S_EXTCOND)) {
		if (c == '=') {
			size_t k = 1 + ws(a.p + 1, a.e);

			/* ={WS}* then a character that is not (, newline or blank */
			if (a.p + k < a.e && a.p[k] != '(' && a.p[k] != '\n' && !blank((unsigned char)a.p[k]))
				cand(&b, R_EC_EQ_VALUE, k + 1, k);
		}
		cand(&b, R_EC_EQ, c == '=', 1);
		cand(&b, R_EC_OPEN, c == '(', 1);
		cand(&b, R_EC_IN, m_lit(a, "in"), 2);
	}
	if (S & B(S_LIST_COND_VAL)) {
		n = m_list_value(a);
		w = m_quoted(a, true, NULL);
		cand1(&b, R_LCV_VALUE, max_sz(n, w));
	}
	if (S & B(S_LIST_COND_PAREN_VAL)) {
		cand(&b, R_LCPV_CLOSE, c == ')', 1);
		n = m_list_value(a);
		w = m_quoted(a, true, NULL);
		cand1(&b, R_LCPV_VALUE, max_sz(n, w));
	}
	if (S & B(S_LIST_COND)) {
		cand(&b, R_LC_CLOSE, c == ')', 1);
		cand(&b, R_LC_COMMA, c == ',', 1);
		n = span(a, noeq_char);
		cand1(&b, R_LC_CONDID, n);
		if (c == '=') {
			size_t k = 1 + ws(a.p + 1, a.e);

			if (a.p + k < a.e && a.p[k] == '(')
				cand(&b, R_LC_EQ_PAREN, k + 1, k + 1);
		}
		cand(&b, R_LC_EQ, c == '=', 1);
	}
	if (S & B(S_EXTCONDLIST)) {
		cand(&b, R_ECL_EQ, c == '=', 1);
		cand(&b, R_ECL_OPEN, c == '(', 1);
	}
	if (S & B(S_ASSIGN)) {
		n = m_ids(a);
		w = m_quoted(a, false, NULL);
		cand1(&b, R_AS_VALUE, max_sz(n, w));
		cand(&b, R_AS_COMMA, c == ',', 1);
		cand(&b, R_AS_CONT, m_lit(a, "\\\n"), 2);
		n = m_lit(a, "\r\n") ? 2 : c == '\n';
		cand1(&b, R_AS_NL, n);
	}
	if (S & B(S_NETWORK))
		cand1(&b, R_NET_ID, m_ids(a));
	if (S & B(S_CHANGE_PROFILE)) {
		cand(&b, R_CP_SAFE, m_lit(a, "safe"), 4);
		cand(&b, R_CP_UNSAFE, m_lit(a, "unsafe"), 6);
		cand(&b, R_CP_ARROW, m_lit(a, "->"), 2);
		n = m_ids(a);
		w = m_quoted(a, false, NULL);
		cand1(&b, R_CP_ID, max_sz(n, w));
	}
	if (S & B(S_RLIMIT)) {
		n = c == '-' ? 1 : 0;
		for (w = 0; a.p + n + w < a.e && isdigit((unsigned char)a.p[n + w]); w++)
			;
		cand(&b, R_RL_NUM, w ? n + w : 0, n + w);
		for (n = 0; a.p + n < a.e && (alpha((unsigned char)a.p[n]) || a.p[n] == '_'); n++)
			;
		cand1(&b, R_RL_KW, n);
		cand(&b, R_RL_LE, m_lit(a, "<="), 2);
	}
	if (S & (mw_states | B(S_UNIX))) {
		for (size_t i = 0; i < ARRAY_SIZE(words); i++)
			if ((words[i].states & S) && (n = m_lit(a, words[i].w)) && n > b.total) {
				b = (struct m){ R_WORD, n, n, (int)i };
			}
	}
	if (S & mw_states) {
		cand(&b, R_OPENPAREN_M, c == '(', 1);
		n = m_lit(a, "rw") || m_lit(a, "wr") ? 2 : (c == 'r' || c == 'w') ? 1 : 0;
		if (n && a.p + n < a.e && (isspace((unsigned char)a.p[n]) || a.p[n] == ','))
			cand(&b, R_RW_MODE, n + 1, n);
	}
	if (S & B(S_MOUNT))
		cand(&b, R_MNT_ARROW, m_lit(a, "->"), 2);
	if (S & (mw_states | B(S_MOUNT))) {
		n = m_ids_noeq(a);
		if ((w = m_label(a)) > n)
			n = w;
		if ((w = m_quoted(a, false, NULL)) > n)
			n = w;
		cand1(&b, R_M_ID, n);
	}
	if (S & B(S_INITIAL)) {
		size_t k;

		if (m_lit(a, "#include") && (k = ws(a.p + 8, a.e)) && m_lit((struct at){ a.p + 8 + k, a.e }, "if")) {
			size_t j = 8 + k + 2, l = ws(a.p + j, a.e);

			if (l && m_lit((struct at){ a.p + j + l, a.e }, "exists")) {
				j += l + 6;
				if (a.p + j < a.e && blank((unsigned char)a.p[j]) && (l = to_eol(a.p + j + 1, a.e)))
					cand(&b, R_HINC_EXISTS, j + 1 + l, j);
			}
		}
		if (m_lit(a, "include") && (k = ws(a.p + 7, a.e)) && m_lit((struct at){ a.p + 7 + k, a.e }, "if")) {
			size_t j = 7 + k + 2, l = ws(a.p + j, a.e);

			if (l && m_lit((struct at){ a.p + j + l, a.e }, "exists")) {
				j += l + 6;
				if (a.p + j < a.e && blank((unsigned char)a.p[j]))
					cand(&b, R_INC_EXISTS, j + 1, j);
			}
		}
		if (m_lit(a, "#include") && (k = to_eol(a.p + 8, a.e)))
			cand(&b, R_HINC, 8 + k, 8);
		if (m_lit(a, "include") && a.p + 7 < a.e && blank((unsigned char)a.p[7]))
			cand(&b, R_INC, 8, 7);
		if (c == '#')
			cand1(&b, R_COMMENT, to_eol(a.p, a.e));
		cand(&b, R_CARET, c == '^', 1);
		cand(&b, R_ARROW, m_lit(a, "->"), 2);
		cand(&b, R_EQUALS, c == '=', 1);
		cand(&b, R_ADD_ASSIGN, m_lit(a, "+="), 2);
		cand1(&b, R_SET_VAR, m_var(a, '@'));
		cand1(&b, R_BOOL_VAR, m_var(a, '$'));
		cand(&b, R_OPEN, c == '{', 1);
		cand(&b, R_CLOSE, c == '}', 1);
		n = m_label(a);
		if ((w = m_quoted(a, false, "/@:&")) > n)
			n = w;
		cand1(&b, R_LABEL, n);
		n = m_modes(a);
		if (n && a.p + n < a.e && (isspace((unsigned char)a.p[n]) || a.p[n] == ','))
			cand(&b, R_MODES, n + 1, n);
		if (m_lit(a, "hat"))
			cand1(&b, R_HAT, 3 + ws(a.p + 3, a.e));
		if (m_lit(a, "profile"))
			cand1(&b, R_PROFILE, 7 + ws(a.p + 7, a.e));
		cand(&b, R_COLON, c == ':', 1);
		cand(&b, R_OPENPAREN, c == '(', 1);
		cand1(&b, R_VARNAME, m_varname(a));
	}
	if (S & (B(S_INITIAL) | B(S_NETWORK) | B(S_RLIMIT) | B(S_CHANGE_PROFILE) | B(S_MOUNT) | mw_states |
		 B(S_ABI)))
		cand(&b, R_EOR, c == ',', 1);
	if (S & ~(B(S_SUB_ID) | B(S_SUB_VALUE) | B(S_ASSIGN))) {
		n = m_lit(a, "\r\n") ? 2 : c == '\n';
		cand1(&b, R_NL, n);
	}
	cand(&b, R_ANY, a.p < a.e, 1);
	return b;
}

static const char *const state_names[] = {
	"INITIAL", "SUB_ID", "SUB_ID_WS", "SUB_VALUE", "EXTCOND_MODE", "EXTCONDLIST_MODE", "NETWORK_MODE",
	"LIST_VAL_MODE", "LIST_COND_MODE", "LIST_COND_VAL", "LIST_COND_PAREN_VAL", "ASSIGN_MODE",
	"RLIMIT_MODE", "MOUNT_MODE", "DBUS_MODE", "SIGNAL_MODE", "PTRACE_MODE", "UNIX_MODE",
	"CHANGE_PROFILE_MODE", "INCLUDE", "INCLUDE_EXISTS", "ABI_MODE",
};

/* The filename of an include or abi directive, as the scanner trims and
 * unescapes it; *search: it was <...>. */
static char *inc_name(const char *p, size_t len, bool *search)
{
	const char *s = p;
	size_t n = len;

	*search = *p == '<';
	if (*search) {
		s++;
		n -= 2;
	}
	while (n && isspace((unsigned char)*s))
		s++, n--;
	while (n && isspace((unsigned char)s[n - 1]))
		n--;
	return processid(s, n ? n : 0);
}

static void uncache(char **seen, int n)
{
	for (int i = 0; i < n; i++)
		free(seen[i]);
	free(seen);
}

/* The block structure the anchor's parser sees, for its include caches. */
static int blocks(struct aa_lex *lx, const struct aa_token *t)
{
	int start = lx->stmt;

	if (t->t == AT_END_OF_RULE || t->t == AT_OPEN || t->t == AT_CLOSE)
		lx->stmt = 0;
	else if (!lx->stmt)
		lx->stmt = t->t == AT_KEYWORD && (!strcmp(t->text, "if") || !strcmp(t->text, "else")) ? 1 : 2;
	if (t->t == AT_OPEN) {
		struct blk *b;

		if (lx->nblk == AA_DEPTH_MAX) {
			diag(&t->loc, "blocks nested over %d deep", AA_DEPTH_MAX);
			return -1;
		}
		b = &lx->blk[lx->nblk++];
		*b = (struct blk){ start != 1, NULL, 0 };
		if (b->profile) {
			b->seen = lx->seen;
			b->nseen = lx->nseen;
			lx->seen = NULL;
			lx->nseen = 0;
		}
	} else if (t->t == AT_CLOSE && lx->nblk) {
		struct blk *b = &lx->blk[--lx->nblk];

		if (b->profile) {
			uncache(lx->seen, lx->nseen);
			lx->seen = b->seen;
			lx->nseen = b->nseen;
		}
	}
	return 0;
}

static int next(struct aa_lex *lx, struct aa_token *tok);

int aa_lex_next(struct aa_lex *lx, struct aa_token *tok)
{
	if (next(lx, tok) < 0)
		return -1;
	return blocks(lx, tok);
}

static int next(struct aa_lex *lx, struct aa_token *tok)
{
	free(lx->text);
	lx->text = NULL;
	for (;;) {
		struct src *s;
		struct at a;
		struct m m;
		enum st st;
		const char *p;
		int rc = 0;

		if (!lx->nsrc) {
			*tok = (struct aa_token){ AT_EOF, NULL, { "", 0, 0 } };
			return 0;
		}
		s = top(lx);
		if (s->pos == s->len) {
			/* <<EOF>>: back to the file that included this one */
			free(s->text);
			/* its name stays: the model's locations point at it */
			XROOM(lx->names, lx->nnames);
			lx->names[lx->nnames++] = s->name;
			lx->nsrc--;
			continue;
		}
		st = lx->st[lx->nst - 1];
		p = s->text + s->pos;
		a = (struct at){ p, s->text + s->len };
		m = match(st, a);
		tok->loc = lx->at = here(lx);
		tok->t = AT_EOF;
		/* Consumed now: a token's position is its first byte's. */
		s->pos += m.len;
		for (size_t i = 0; i < m.len; i++)
			if (p[i] == '\n') {
				s->line++;
				s->bol = p + i + 1;
			}
		switch (m.r) {
		case R_HINC_EXISTS:
		case R_INC_EXISTS:
		case R_HINC:
		case R_INC:
			/* Not echoed: the directive becomes its file. */
			if (push(lx, m.r == R_HINC || m.r == R_INC ? S_INCLUDE : S_INCLUDE_EXISTS) < 0)
				return -1;
			continue;
		case R_INCNAME: {
			bool search;
			char *name = inc_name(p, m.len, &search);

			if (st == S_ABI) {
				echo(lx, p, m.len);
				lx->text = name;
				tok->t = search ? AT_ID : AT_VALUE;
				tok->text = name;
				return 0;
			}
			/* The directive's file is read next, this one after it. */
			lx->nst--;
			rc = include(lx, name, search, st == S_INCLUDE_EXISTS);
			free(name);
			if (rc < 0)
				return -1;
			continue;
		}
		case R_ANY:
			echo(lx, p, m.len);
			s->pos -= m.len;
			return fail(lx, "Lexer found unexpected character in state %s", state_names[st]);
		case R_AS_COMMA:
			echo(lx, p, m.len);
			s->pos -= m.len;
			return fail(lx, "%s", "Variable declarations do not accept trailing commas");
		default:
			break;
		}
		echo(lx, p, m.len);
		switch (m.r) {
		case R_WS:
		case R_NL:
		case R_COMMENT:
		case R_AS_CONT:
		case R_LV_COMMA:
		case R_LC_COMMA:
			continue;
		case R_AS_NL:
			/* The scanner echoes this newline, then POP() echoes it
			 * again: -p writes it twice. */
			echo(lx, p, m.len);
			/* fall through */
		case R_LCPV_CLOSE:
			rc = pop(lx);
			if (rc < 0)
				return -1;
			continue;
		default:
			break;
		}
		tok->text = lx->text = processid(p, m.len);
		switch (m.r) {
		case R_CONDLISTID: rc = push(lx, S_EXTCONDLIST); tok->t = AT_CONDLISTID; break;
		case R_CONDID_EQ:
		case R_CONDID_IN: rc = push(lx, S_EXTCOND); tok->t = AT_CONDID; break;
		case R_SUBID: rc = pop(lx); tok->t = AT_ID; break;
		case R_SUBVALUE: rc = pop(lx); tok->t = AT_VALUE; break;
		case R_LV_CLOSE: rc = pop(lx); tok->t = AT_CLOSEPAREN; break;
		case R_LV_VALUE: tok->t = AT_VALUE; break;
		case R_EC_EQ_VALUE: begin(lx, S_SUB_VALUE); tok->t = AT_EQUALS; break;
		case R_EC_EQ: tok->t = AT_EQUALS; break;
		case R_EC_OPEN: begin(lx, S_LIST_VAL); tok->t = AT_OPENPAREN; break;
		case R_EC_IN: tok->t = AT_KEYWORD; break;
		case R_LCV_VALUE: rc = pop(lx); tok->t = AT_VALUE; break;
		case R_LCPV_VALUE: tok->t = AT_VALUE; break;
		case R_LC_CLOSE: rc = pop(lx); tok->t = AT_CLOSEPAREN; break;
		case R_LC_CONDID: tok->t = AT_CONDID; break;
		case R_LC_EQ_PAREN: rc = push(lx, S_LIST_COND_PAREN_VAL); tok->t = AT_EQUALS; break;
		case R_LC_EQ: rc = push(lx, S_LIST_COND_VAL); tok->t = AT_EQUALS; break;
		case R_ECL_EQ: tok->t = AT_EQUALS; break;
		case R_ECL_OPEN: begin(lx, S_LIST_COND); tok->t = AT_OPENPAREN; break;
		case R_AS_VALUE: tok->t = AT_VALUE; break;
		case R_NET_ID: tok->t = AT_ID; break;
		case R_CP_SAFE:
		case R_CP_UNSAFE:
		case R_WORD: tok->t = AT_KEYWORD; break;
		case R_CP_ARROW: rc = push(lx, S_SUB_ID_WS); tok->t = AT_ARROW; break;
		case R_CP_ID: tok->t = AT_ID; break;
		case R_RL_NUM: tok->t = AT_VALUE; break;
		case R_RL_KW: tok->t = strcmp(tok->text, "infinity") ? AT_ID : AT_VALUE; break;
		case R_RL_LE: tok->t = AT_LE; break;
		case R_OPENPAREN_M:
		case R_OPENPAREN: rc = push(lx, S_LIST_VAL); tok->t = AT_OPENPAREN; break;
		case R_RW_MODE:
		case R_MODES: tok->t = AT_MODE; break;
		case R_MNT_ARROW: tok->t = AT_ARROW; break;
		case R_M_ID:
		case R_LABEL: tok->t = AT_ID; break;
		case R_CARET: rc = push(lx, S_SUB_ID); tok->t = AT_CARET; break;
		case R_ARROW: rc = push(lx, S_SUB_ID_WS); tok->t = AT_ARROW; break;
		case R_EQUALS: rc = push(lx, S_ASSIGN); tok->t = AT_EQUALS; break;
		case R_ADD_ASSIGN: rc = push(lx, S_ASSIGN); tok->t = AT_ADD_ASSIGN; break;
		case R_SET_VAR: tok->t = AT_SET_VAR; break;
		case R_BOOL_VAR: tok->t = AT_BOOL_VAR; break;
		case R_OPEN: tok->t = AT_OPEN; break;
		case R_CLOSE: tok->t = AT_CLOSE; break;
		case R_HAT: rc = push(lx, S_SUB_ID); tok->t = AT_HAT; break;
		case R_PROFILE: rc = push(lx, S_SUB_ID); tok->t = AT_PROFILE; break;
		case R_COLON: tok->t = AT_COLON; break;
		case R_VARNAME: {
			tok->t = AT_ID;
			for (size_t i = 0; i < ARRAY_SIZE(keywords); i++)
				if (!strcmp(tok->text, keywords[i].word)) {
					tok->t = AT_KEYWORD;
					rc = push(lx, keywords[i].mode);
					break;
				}
			break;
		}
		case R_EOR:
			if (st != S_INITIAL)
				rc = pop(lx);
			tok->t = AT_END_OF_RULE;
			break;
		default:
			break;
		}
		return rc;
	}
}

struct aa_lex *aa_lex_open(const char *file, const struct aa_lex_opts *o)
{
	struct aa_lex *lx;
	int fd = file ? open(file, O_RDONLY | O_CLOEXEC) : dup(0);

	if (fd < 0)
		return NULL;
	lx = xmalloc(sizeof(*lx));
	*lx = (struct aa_lex){ .o = o, .nst = 1 };
	lx->st[0] = S_INITIAL;
	if (push_fd(lx, fd, file ? file : "stdin", 1) < 0) {
		errno = 0;	/* said */
		free(lx);
		return NULL;
	}
	return lx;
}

struct timespec aa_lex_mtime(const struct aa_lex *lx)
{
	return lx->mtime;
}

void aa_lex_close(struct aa_lex *lx)
{
	if (!lx)
		return;
	while (lx->nsrc) {
		lx->nsrc--;
		free(lx->src[lx->nsrc].text);
		free(lx->src[lx->nsrc].name);
	}
	uncache(lx->seen, lx->nseen);
	while (lx->nblk--)
		if (lx->blk[lx->nblk].profile)
			uncache(lx->blk[lx->nblk].seen, lx->blk[lx->nblk].nseen);
	for (int i = 0; i < lx->nnames; i++)
		free(lx->names[i]);
	free(lx->names);
	free(lx->src);
	free(lx->text);
	free(lx);
}
