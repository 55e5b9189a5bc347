// SPDX-License-Identifier: Apache-2.0
/* genhome.c: file_contexts.homedirs as libsemanage 3.4's genhomedircon
 * writes it, byte for byte: the store's homedir_template filled in for the
 * default login, for each home root and for each login of seusers, with
 * the image's passwd and group read as glibc 2.36's nss_files reads them
 * (never through NSS: a static binary must not, and the image's are not
 * the host's).
 *
 * What libsemanage does, in the order it writes:
 *  - nothing at all when no template line is of the four kinds (HOME_DIR...,
 *    HOME_ROOT..., %{USERNAME} or %{USERID}, USER);
 *  - a header, then for each home root (useradd's HOME and libuser.conf's
 *    LU_HOMEDIRECTORY, else /home; /export/home when it is a directory;
 *    with usepasswd, the parent of each login's home) the HOME_DIR lines
 *    for "ROOT/[^/]+" and the HOME_ROOT lines; the roots are sorted only
 *    when passwd was read;
 *  - the %{USERNAME} and USER lines for any login, then the three kinds for
 *    each login that seusers maps, the last one found first.
 * A line is written only when its last field is a context that libsepol
 * finds valid in the policy once the login's SELinux user (its level, and
 * the role its prefix names) is put in it.  Where libsemanage 3.4 crashes
 * or aborts (a login mapped to a user that is not in the policy,
 * %{USERID} lines and no __default__ login, no login shell in
 * /etc/shells) we fail with a message. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "semodule.h"

#ifdef CFG_LIB_SEPOL
#include <sepol/context.h>
#include <sepol/context_record.h>
#include <sepol/debug.h>
#include <sepol/handle.h>
#include <sepol/policydb.h>
#include <sepol/user_record.h>
#include <sepol/users.h>

/* Bounds: each file read (refpolicy's file_contexts is 320 KB, a large
 * site's passwd a few MB), the lines taken from one, and the logins
 * written (each adds some 15 KB of refpolicy contexts). */
#define GH_FILE_MAX ((size_t)16 << 20)
#define GH_LINES_MAX (1 << 20)
#define GH_USERS_MAX 65536
#define GH_LINE_MAX ((size_t)1 << 20)	/* a template line filled in */
/* file_contexts' patterns for directories, compiled once (some 8 KB each
 * in glibc; refpolicy has 1,400). */
#define GH_PATTERNS_MAX 16384
/* The regcomp nodes a pattern of len bytes may cost (re_nodes). */
#define RE_NODES_MAX(len) (4 * (len) + 4096)
/* glibc's getpwnam_r buffer as libsemanage sizes it (sysconf's
 * _SC_GETPW_R_SIZE_MAX).  nss_files reads each line into it with fgets
 * and takes a line that reaches its last byte as cut: one of more than
 * PW_R_SIZE - 2 bytes, its newline counted, fails the lookup (ERANGE). */
#define PW_R_SIZE 1024

#define ANY_NAME "[^/]+"	/* the default login's name and home */
#define ANY_ID "[0-9]+"
#define NOT_LABELLED "<<none>>"

/* A file as lines.  Each is cut at its newline and read, as getline and
 * glibc's readers leave it to string functions, up to its first NUL. */
struct text {
	char *buf;		/* NULL: the file is missing */
	size_t len;
	char **line;
	int n;
};

/* A template line of one kind. */
struct tline {
	const char *s;
	int no;			/* its line in homedir_template */
};
struct tlist {
	struct tline *v;
	int n;
};

/* A passwd entry as glibc parses it; dir and shell are NULL for a bare
 * "+" or "-" line (NIS compat), which nss_files returns as it is. */
struct pwent {
	char *name, *dir, *shell;
	uint32_t uid, gid;
	int line;
};

struct grent {
	char *name;
	uint32_t gid;
	char **mem;
	int nmem;
};

/* An SELinux user as libsemanage joins the policy's with users_extra. */
struct seu {
	const char *name;
	sepol_user_t *rec;	/* NULL: only in users_extra */
	const char *prefix;	/* users_extra's, else "user" */
	const char *level;	/* its default MLS level, else "s0" */
	const char *role;	/* its prefix when that is object_r or one of its roles */
};

/* A login to write contexts for. */
struct who {
	const char *name;	/* the login, or ANY_NAME */
	const char *login;	/* its seusers entry: the name, or %GROUP */
	const struct seu *u;	/* NULL: libsemanage's built-in user_u */
	char *home;
	char uid[12];		/* decimal, or ANY_ID; "" when no __default__ */
};

struct gh {
	const struct store *s;
	int tmp;
	sepol_policydb_t *p;
	sepol_handle_t *h;
	int mls;
	struct buf *out;
	struct text tpl, fc, seusers, extra, passwd, group;
	struct tlist homedir, homeroot, username, user;
	/* seusers and users_extra records, in file order */
	const char **su_name, **su_sename;
	int nsu;
	const char **ux_name, **ux_prefix;
	int nux;
	struct seu **seu;	/* SELinux users looked up (each stays put) */
	int nseu;
	struct who fallback;
	struct who *who;	/* in the order added; written last first */
	int nwho;
	char **ignore;
	int nignore;
	/* passwd and group, read when first needed; the error of that read
	 * (0 read, ENOENT missing, else the read failed) */
	bool pw_read, gr_read;
	int pw_err, gr_err;
	struct pwent *pw;
	int npw;
	int pw_long;		/* the first line too long for getpwnam_r, or -1 */
	struct grent *gr;
	int ngr;
	/* file_contexts' directory patterns, compiled when first needed:
	 * 0 not yet, 1 ready, -1 failed (libsemanage then finds no roots) */
	int re_state;
	regex_t *re;
	int nre;
	char **roots;
	int nroots;
};

/* A warning the rest of the work goes on after, which libsemanage's
 * callers may silence (setsebool without -V: store's quiet). */
#define gh_note(g, ...) \
	do { \
		if (!(g)->s->quiet) \
			warn(__VA_ARGS__); \
	} while (0)

static bool space(char c)
{
	return isspace((unsigned char)c);
}

static void *grow(void *v, int n, size_t size)
{
	/* Room for one more: 8, then doubled when full. */
	if (n == 0 || (n >= 8 && !(n & (n - 1))))
		v = xrealloc(v, (n ? 2 * (size_t)n : 8) * size);
	return v;
}

static int text_split(struct text *t, const char *name)
{
	char *p = t->buf, *end = t->buf + t->len;

	while (p < end) {
		char *nl = memchr(p, '\n', end - p);

		if (t->n == GH_LINES_MAX) {
			warn("%s: more than %d lines", name, GH_LINES_MAX);
			return -1;
		}
		t->line = grow(t->line, t->n, sizeof(*t->line));
		t->line[t->n++] = p;
		if (!nl)
			break;
		*nl = 0;
		p = nl + 1;
	}
	return 0;
}

/* The store's file rel from the transaction's tmp/: 0 (t->buf NULL when it
 * is missing), or -1 after a message. */
static int store_text(struct gh *g, const char *rel, struct text *t)
{
	t->buf = sat_read(g->tmp, rel, GH_FILE_MAX, &t->len);
	if (!t->buf) {
		if (errno == ENOENT)
			return 0;
		if (errno == EFBIG)
			warn("%s: larger than %zu bytes", rel, GH_FILE_MAX);
		else
			warn_errno("%s", rel);
		return -1;
	}
	return text_split(t, rel);
}

/* The image's file at path, through the jail: 0, or -1 with errno (after
 * a message for EFBIG and too many lines, which are always errors). */
static int image_fd_text(int fd, const char *path, struct text *t)
{
	int e;

	t->buf = read_fd_max(fd, GH_FILE_MAX, &t->len);
	e = errno;
	close(fd);
	if (!t->buf) {
		if (e == EFBIG)
			warn("%s: larger than %zu bytes", path, GH_FILE_MAX);
		errno = e;
		return -1;
	}
	if (text_split(t, path) < 0) {
		errno = EFBIG;
		return -1;
	}
	return 0;
}

static int image_text(const char *path, struct text *t)
{
	int fd = root_open(path, O_RDONLY | O_CLOEXEC, 0);

	return fd < 0 ? -1 : image_fd_text(fd, path, t);
}

static void text_free(struct text *t)
{
	free(t->buf);
	free(t->line);
	*t = (struct text){ 0 };
}

/* ---- libsemanage's record files: seusers, users_extra, file_contexts ----
 * They are read as one stream of fields: blank lines and lines whose first
 * non-blank byte is '#' are skipped, a field never runs past the end of its
 * line, but a record may go on to the next line. */
struct cur {
	struct text *t;
	const char *name;
	int i;			/* lines loaded; the current one is i - 1 */
	char *p;		/* in the current line; NULL at the end */
};

static void cur_space(struct cur *c)
{
	if (c->p) {
		while (space(*c->p))
			c->p++;
		if (*c->p)
			return;
	}
	c->p = NULL;
	while (c->i < c->t->n) {
		char *q = c->t->line[c->i++];

		while (space(*q))
			q++;
		if (*q && *q != '#') {
			c->p = q;
			return;
		}
	}
}

static int cur_bad(struct cur *c, const char *what)
{
	if (c->p)
		warn("%s:%d: %s", c->name, c->i, what);
	else
		warn("%s: %s at the end of the file", c->name, what);
	return -1;
}

/* A field of one byte or more up to delim, or white space unless spaces,
 * or the line's end: a copy, or NULL after a message. */
static char *cur_field(struct cur *c, char delim, bool spaces)
{
	char *start = c->p;

	if (!c->p) {
		cur_bad(c, "a field is missing");
		return NULL;
	}
	while (*c->p && (spaces || !space(*c->p)) && *c->p != delim)
		c->p++;
	if (c->p == start) {
		cur_bad(c, "a field is empty");
		return NULL;
	}
	return xstrndup(start, c->p - start);
}

/* White space (or the line's end) must come next; then it is skipped. */
static int cur_gap(struct cur *c)
{
	if (!c->p || (*c->p && !space(*c->p)))
		return cur_bad(c, "white space expected");
	cur_space(c);
	return 0;
}

static int cur_word(struct cur *c, const char *w)
{
	if (!c->p || strncmp(c->p, w, strlen(w))) {
		char what[32];

		snprintf(what, sizeof(what), "\"%s\" expected", w);
		return cur_bad(c, what);
	}
	c->p += strlen(w);
	return 0;
}

/* A record of seusers or users_extra: its name appended to the first of
 * two arrays kept side by side, NULL to the second until it is read. */
static void pair_add(const char ***names, const char ***vals, int *n, const char *name)
{
	*names = grow(*names, *n, sizeof(**names));
	*vals = grow(*vals, *n, sizeof(**vals));
	(*names)[*n] = name;
	(*vals)[*n] = NULL;
	(*n)++;
}

/* seusers: LOGIN:SEUSER[:RANGE] (the range is not used here). */
static int read_seusers(struct gh *g)
{
	struct cur c = { &g->seusers, "seusers", 0, NULL };
	char *name, *sename, *range;

	for (;;) {
		cur_space(&c);
		if (!c.p)
			return 0;
		if (g->nsu == GH_USERS_MAX) {
			warn("seusers: more than %d logins", GH_USERS_MAX);
			return -1;
		}
		if (!(name = cur_field(&c, ':', true)))
			return -1;
		pair_add(&g->su_name, &g->su_sename, &g->nsu, name);
		cur_space(&c);
		if (!c.p || *c.p != ':')
			return cur_bad(&c, "':' expected");
		c.p++;
		cur_space(&c);
		if (!(sename = cur_field(&c, ':', true)))
			return -1;
		g->su_sename[g->nsu - 1] = sename;
		cur_space(&c);
		if (!c.p || *c.p != ':')
			continue;
		c.p++;
		cur_space(&c);
		if (!(range = cur_field(&c, ' ', false)))
			return -1;
		free(range);
		if (cur_gap(&c) < 0)
			return -1;
	}
}

/* users_extra: "user NAME prefix PREFIX;" */
static int read_users_extra(struct gh *g)
{
	struct cur c = { &g->extra, "users_extra", 0, NULL };
	char *name, *prefix;

	for (;;) {
		cur_space(&c);
		if (!c.p)
			return 0;
		if (g->nux == GH_USERS_MAX) {
			warn("users_extra: more than %d users", GH_USERS_MAX);
			return -1;
		}
		if (cur_word(&c, "user") < 0 || cur_gap(&c) < 0 || !(name = cur_field(&c, ' ', false)))
			return -1;
		pair_add(&g->ux_name, &g->ux_prefix, &g->nux, name);
		if (cur_gap(&c) < 0 || cur_word(&c, "prefix") < 0 || cur_gap(&c) < 0 ||
		    !(prefix = cur_field(&c, ';', true)))
			return -1;
		g->ux_prefix[g->nux - 1] = prefix;
		cur_space(&c);
		if (!c.p || *c.p != ';')
			return cur_bad(&c, "';' expected");
		c.p++;
	}
}

/* ---- the SELinux users ---- */

/* The user of that name as *up: 1, 0 when neither the policy nor
 * users_extra has it, -1 after a message. */
static int seu_find(struct gh *g, const char *name, const struct seu **up)
{
	sepol_user_key_t *key = NULL;
	sepol_user_t *rec = NULL;
	struct seu *u;
	int i, rc;

	for (i = 0; i < g->nseu; i++)
		if (!strcmp(g->seu[i]->name, name)) {
			*up = g->seu[i];
			return 1;
		}
	rc = sepol_user_key_create(g->h, name, &key);
	if (!rc)
		rc = sepol_user_query(g->h, g->p, key, &rec);
	sepol_user_key_free(key);
	if (rc < 0) {
		warn("libsepol could not look up the policy's user %s", str_esc(name, SHOWN_MAX));
		return -1;
	}
	/* The first users_extra entry of the name joins the policy's user. */
	for (i = 0; i < g->nux && strcmp(g->ux_name[i], name); i++)
		;
	if (!rec && i == g->nux)
		return 0;
	g->seu = grow(g->seu, g->nseu, sizeof(*g->seu));
	u = g->seu[g->nseu++] = xmalloc(sizeof(*u));
	u->name = name;
	u->rec = rec;
	u->prefix = i < g->nux ? g->ux_prefix[i] : "user";
	u->level = rec && sepol_user_get_mlslevel(rec) ? sepol_user_get_mlslevel(rec) : "s0";
	u->role = !strcmp(u->prefix, "object_r") || (rec && sepol_user_has_role(rec, u->prefix))
		  ? u->prefix : NULL;
	*up = u;
	return 1;
}

/* ---- the image's passwd and group, as glibc's nss_files reads them ---- */

/* A numeric field as glibc 2.36's nss_files takes it: strtoul's digits
 * (blanks and a sign before them), a value over 32 bits refused ("-1"
 * too), then ':' or the end; 0 when the line is not an entry.  For a
 * "+" or "-" name (NIS compat) an empty field is 0. */
static int pw_num(char **linep, uint32_t *v, bool compat)
{
	char *line = *linep, *end;
	unsigned long long n;

	if (compat && !*line)
		return 0;
	n = strtoull(line, &end, 10);
	if (end == line) {
		if (!compat)
			return 0;
		n = 0;
	} else if (n > 0xffffffffULL) {
		return 0;
	}
	*v = (uint32_t)n;
	if (*end == ':')
		end++;
	else if (*end)
		return 0;
	*linep = end;
	return 1;
}

static char *pw_field(char **linep)
{
	char *s = *linep, *colon = strchr(s, ':');

	if (colon) {
		*colon = 0;
		*linep = colon + 1;
	} else {
		*linep = s + strlen(s);
	}
	return s;
}

/* name:passwd:uid:gid:gecos:dir:shell; 0 for a line glibc skips. */
static int pw_parse(char *line, struct pwent *e)
{
	bool compat;

	e->name = pw_field(&line);
	if (!*line && (e->name[0] == '+' || e->name[0] == '-')) {
		e->uid = e->gid = 0;
		e->dir = e->shell = NULL;
		return 1;
	}
	pw_field(&line);	/* the password */
	compat = e->name[0] == '+' || e->name[0] == '-';
	if (!pw_num(&line, &e->uid, compat) || !pw_num(&line, &e->gid, compat))
		return 0;
	pw_field(&line);	/* gecos */
	e->dir = pw_field(&line);
	e->shell = line;
	return 1;
}

/* A line nss_files reads: its leading blanks skipped, blank and comment
 * lines passed over. */
static char *ent_line(char *line)
{
	while (space(*line))
		line++;
	return *line && *line != '#' ? line : NULL;
}

static int load_passwd(struct gh *g)
{
	struct text *t = &g->passwd;
	int i;

	if (g->pw_read)
		return 0;
	g->pw_long = -1;
	if (image_text("/etc/passwd", t) < 0) {
		if (errno == EFBIG)
			return -1;
		g->pw_read = true;
		g->pw_err = errno;
		return 0;
	}
	g->pw_read = true;
	for (i = 0; i < t->n; i++) {
		char *next = i + 1 < t->n ? t->line[i + 1] : t->buf + t->len;
		struct pwent e;
		char *line;

		if (g->pw_long < 0 && (size_t)(next - t->line[i]) > PW_R_SIZE - 2)
			g->pw_long = i;
		if (!(line = ent_line(t->line[i])) || !pw_parse(line, &e))
			continue;
		e.line = i;
		g->pw = grow(g->pw, g->npw, sizeof(*g->pw));
		g->pw[g->npw++] = e;
	}
	return 0;
}

/* getpwnam_r as libsemanage calls it: 1 found (*ep), 0 not found (a
 * missing passwd too), -1 after a message when glibc's lookup fails
 * (passwd unreadable, a line too long), -2 after a message when passwd is
 * over our bound. */
static int pw_find(struct gh *g, const char *name, const struct pwent **ep)
{
	int i, upto;

	if (load_passwd(g) < 0)
		return -2;
	if (g->pw_err == ENOENT)
		return 0;
	if (g->pw_err) {
		errno = g->pw_err;
		warn_errno("/etc/passwd");
		return -1;
	}
	/* nss_files never finds a name that starts with '+' or '-'. */
	i = name[0] == '+' || name[0] == '-' ? g->npw : 0;
	for (; i < g->npw; i++)
		if (!strcmp(g->pw[i].name, name))
			break;
	upto = i < g->npw ? g->pw[i].line : g->passwd.n;
	if (g->pw_long >= 0 && g->pw_long <= upto) {
		warn("/etc/passwd:%d: over the %d bytes a line may have where glibc's "
		     "getpwnam_r looks for %s", g->pw_long + 1, PW_R_SIZE - 2,
		     str_esc(name, SHOWN_MAX));
		return -1;
	}
	if (i == g->npw)
		return 0;
	*ep = &g->pw[i];
	return 1;
}

/* name:passwd:gid:member,member... */
static int gr_parse(char *line, struct grent *e)
{
	char *m;

	e->name = pw_field(&line);
	e->mem = NULL;
	e->nmem = 0;
	if (!*line && (e->name[0] == '+' || e->name[0] == '-')) {
		e->gid = 0;
		return 1;
	}
	pw_field(&line);
	if (!pw_num(&line, &e->gid, e->name[0] == '+' || e->name[0] == '-'))
		return 0;
	/* Members: comma-separated, leading blanks skipped, empty ones dropped. */
	while (*line) {
		while (space(*line))
			line++;
		m = line;
		while (*line && *line != ',')
			line++;
		if (*line)
			*line++ = 0;
		if (*m) {
			e->mem = grow(e->mem, e->nmem, sizeof(char *));
			e->mem[e->nmem++] = m;
		}
	}
	return 1;
}

/* getgrnam_r: 1 found (*grp), 0 not found, -1 after a message when
 * /etc/group cannot be read. */
static int gr_find(struct gh *g, const char *name, const struct grent **grp)
{
	struct text *t = &g->group;
	int i;

	if (!g->gr_read) {
		if (image_text("/etc/group", t) < 0) {
			if (errno == EFBIG)
				return -1;
			g->gr_err = errno;
		}
		g->gr_read = true;
		for (i = 0; i < t->n; i++) {
			struct grent e;
			char *line = ent_line(t->line[i]);

			if (!line || !gr_parse(line, &e))
				continue;
			g->gr = grow(g->gr, g->ngr, sizeof(*g->gr));
			g->gr[g->ngr++] = e;
		}
	}
	if (g->gr_err) {
		errno = g->gr_err;
		warn_errno("/etc/group");
		return -1;
	}
	for (i = 0; i < g->ngr && name[0] != '+' && name[0] != '-'; i++)
		if (!strcmp(g->gr[i].name, name)) {
			*grp = &g->gr[i];
			return 1;
		}
	return 0;
}

/* ---- home roots ---- */

/* libsemanage's lookup of VAR in a KEY=VALUE or "KEY VALUE" file: the
 * first line that starts with var, and what follows delim there (NULL: the
 * first word and the blanks around it); NULL when there is none or it is
 * empty. */
static const char *conf_value(const struct text *t, const char *var, const char *delim)
{
	static const char blanks[] = "\f\n\r\t\v ";

	for (int i = 0; i < t->n; i++) {
		const char *v = t->line[i];

		if (strncmp(v, var, strlen(var)))
			continue;
		if (delim) {
			v = strstr(v, delim);
			v = v ? v + strlen(delim) : NULL;
		} else {
			v += strspn(v, blanks);
			v += strcspn(v, blanks);
			v += strspn(v, blanks);
		}
		return v && *v ? v : NULL;
	}
	return NULL;
}

/* An image file read for conf_value: missing or unreadable is empty, too
 * large an error. */
static int image_conf(const char *path, struct text *t)
{
	*t = (struct text){ 0 };
	if (image_text(path, t) < 0 && errno == EFBIG)
		return -1;
	return 0;
}

static bool in_list(char **v, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

/* Roots are added in front, each once, as libsemanage's list does. */
static void add_root(struct gh *g, const char *dir)
{
	if (in_list(g->roots, g->nroots, dir))
		return;
	g->roots = grow(g->roots, g->nroots, sizeof(char *));
	memmove(g->roots + 1, g->roots, g->nroots * sizeof(char *));
	g->roots[0] = xstrdup(dir);
	g->nroots++;
}

static bool ignored(struct gh *g, const char *dir)
{
	return in_list(g->ignore, g->nignore, dir);
}

/* What the home-root search found: roots, none because libsemanage could
 * not read file_contexts (it then writes the header alone), or an error
 * (-1, after a message). */
enum { ROOTS_OK, ROOTS_NONE };

/* What glibc's regcomp builds for expr, roughly, in nodes: it copies a
 * repeated atom for each repetition (a{n} n times, a+ as a a*), so stacked
 * or nested repetitions ("(a)++++", "((a{99}){99}){99}") multiply, and a
 * short line would take gigabytes.  Saturates at cap. */
static size_t re_nodes(const char *expr, size_t cap)
{
	size_t sum[64] = { 0 }, last = 0;
	int depth = 0;

	for (const char *p = expr; *p; p++) {
		size_t f = 0;

		if (*p == '*' || *p == '+' || *p == '?') {
			f = 2;
		} else if (*p == '{' && isdigit((unsigned char)p[1])) {
			char *e;
			unsigned long m = strtoul(p + 1, &e, 10), n = m;

			/* {m}, {m,n}, {m,}: m copies, or n, then one more */
			if (*e == ',' && isdigit((unsigned char)e[1]))
				n = strtoul(e + 1, &e, 10);
			else if (*e == ',')
				e++;
			if (*e == '}') {	/* else regcomp decides */
				f = (m > n ? m : n) + 1;
				p = e;
			}
		}
		if (f) {
			if (f > cap || last > cap / f)
				return cap;
			sum[depth] += last * (f - 1);
			last *= f;
		} else if (*p == '(') {
			if (depth == 63)
				return cap;	/* no pattern of a file nests so */
			sum[++depth] = 0;
			last = 0;
		} else if (*p == ')' && depth > 0) {
			last = sum[depth--] + 1;
			sum[depth] += last;
		} else {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '[')	/* a bracket expression: one atom */
				for (p += 1 + (p[1] == '^'), p += *p == ']'; *p && *p != ']'; p++)
					if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=') &&
					    strchr(p + 2, ']'))
						p = strchr(p + 2, ']');
			if (!*p)
				break;
			last = 1;
			sum[depth]++;
		}
		if (sum[depth] >= cap)
			return cap;
	}
	return sum[0] < cap ? sum[0] : cap;
}

/* file_contexts' entries for any file or a directory, each as the pattern
 * libsemanage tests a home root against: its regular expression without a
 * trailing ".+", ".*", "(/.*)?" and "/" (in that order, each once),
 * anchored, trailing slashes allowed.  Read and compiled once, when first
 * needed, as libsemanage reads the file only then. */
static int fc_patterns(struct gh *g)
{
	static const char *const cut[] = { ".+", ".*", "(/.*)?", "/" };
	static const char *const kinds[] = { "-s", "-p", "-b", "-l", "-c", "-d", "--" };
	struct cur c = { &g->fc, "file_contexts", 0, NULL };
	char *expr = NULL, *kind = NULL, *con = NULL;
	int rc = ROOTS_NONE;

	if (g->re_state)
		return g->re_state > 0 ? ROOTS_OK : ROOTS_NONE;
	g->re_state = -1;
	if (store_text(g, "file_contexts", &g->fc) < 0)
		return -1;
	for (;;) {
		sepol_context_t *ctx = NULL;
		size_t len;
		char *pat;
		int k;

		free(expr);
		free(kind);
		free(con);
		expr = kind = con = NULL;
		cur_space(&c);
		if (!c.p)
			break;
		/* REGEX [TYPE] CONTEXT */
		if (!(expr = cur_field(&c, ' ', false)) || cur_gap(&c) < 0 ||
		    !(kind = cur_field(&c, ' ', false)))
			goto out;
		for (k = 0; k < (int)ARRAY_SIZE(kinds) && strcasecmp(kind, kinds[k]); k++)
			;
		if (k == (int)ARRAY_SIZE(kinds)) {
			con = kind;	/* no type: any file */
			kind = NULL;
		} else if (cur_gap(&c) < 0 || !(con = cur_field(&c, ' ', false))) {
			goto out;
		}
		if (sepol_context_from_string(g->h, con, &ctx) < 0) {
			cur_bad(&c, "not a context");
			goto out;
		}
		sepol_context_free(ctx);
		if (cur_gap(&c) < 0)
			goto out;
		if (kind && strcasecmp(kind, "-d"))
			continue;
		len = strlen(expr);
		for (k = 0; k < (int)ARRAY_SIZE(cut); k++) {
			size_t n = strlen(cut[k]);

			if (len >= n && !memcmp(expr + len - n, cut[k], n))
				len -= n;
		}
		if (g->nre == GH_PATTERNS_MAX) {
			warn("file_contexts: more than %d entries for directories", GH_PATTERNS_MAX);
			rc = -1;
			goto out;
		}
		pat = xasprintf("^%.*s/*$", (int)len, expr);
		g->re = grow(g->re, g->nre, sizeof(*g->re));
		/* Nothing of refpolicy's comes near the bound; what does would
		 * not compile in memory of its size (libsemanage tries). */
		if (re_nodes(pat, RE_NODES_MAX(len)) == RE_NODES_MAX(len)) {
			warn("file_contexts:%d: %s repeats too much to be compiled",
			     c.i, str_esc(expr, SHOWN_MAX));
			free(pat);
			rc = -1;
			goto out;
		}
		k = regcomp(&g->re[g->nre], pat, REG_EXTENDED);
		free(pat);
		if (k) {
			warn("file_contexts:%d: %s is not a POSIX extended regular expression",
			     c.i, str_esc(expr, SHOWN_MAX));
			goto out;
		}
		g->nre++;
	}
	g->re_state = 1;
	rc = ROOTS_OK;
out:
	free(expr);
	free(kind);
	free(con);
	return rc;
}

/* Is dir labelled by the policy's file contexts (then it is not taken for
 * a home root)?  *claimed, and ROOTS_OK, or as fc_patterns. */
static int fc_claims(struct gh *g, const char *dir, bool *claimed)
{
	int rc = fc_patterns(g);

	*claimed = false;
	for (int i = 0; rc == ROOTS_OK && i < g->nre && !*claimed; i++)
		*claimed = !regexec(&g->re[i], dir, 0, NULL, 0);
	return rc;
}

/* The login shells: /etc/shells but /sbin/nologin, or libsemanage's own
 * list when there is no /etc/shells.  0, or -1 after a message. */
static int read_shells(struct text *t, const char ***v, int *n)
{
	static const char *const builtin[] = {
		"/bin/csh", "/bin/tcsh", "/bin/ksh", "/bin/bsh", "/bin/ash",
		"/usr/bin/ksh", "/usr/bin/pdksh", "/bin/zsh", "/bin/sh", "/bin/bash",
	};
	int fd = root_open("/etc/shells", O_RDONLY | O_CLOEXEC, 0);

	*v = NULL;
	*n = 0;
	if (fd < 0) {
		*v = xmalloc(sizeof(builtin));
		memcpy(*v, builtin, sizeof(builtin));
		*n = ARRAY_SIZE(builtin);
		return 0;
	}
	if (image_fd_text(fd, "/etc/shells", t) < 0) {
		if (errno != EFBIG)
			warn_errno("/etc/shells");
		return -1;
	}
	*v = xmalloc((t->n + 1) * sizeof(char *));
	for (int i = 0; i < t->n; i++)
		if (strcmp(t->line[i], "/sbin/nologin"))
			(*v)[(*n)++] = t->line[i];
	if (!*n) {
		/* libsemanage asserts that it has one, and aborts. */
		warn("/etc/shells: no login shell in it");
		return -1;
	}
	return 0;
}

static bool in_shells(const char **v, int n, const char *s)
{
	return in_list((char **)v, n, s);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* dir without trailing slashes (its first byte stays). */
static char *dir_trim(const char *d)
{
	char *s = xstrdup(d);
	size_t len = strlen(s);

	while (len > 1 && s[len - 1] == '/')
		s[--len] = 0;
	return s;
}

/* With usepasswd: the parent of each login's home, for logins with a uid
 * in login.defs' range and a shell of /etc/shells, unless file_contexts
 * labels it.  As home_roots. */
static int passwd_roots(struct gh *g, const struct text *libuser)
{
	struct text shells_t = { 0 }, defs = { 0 };
	const char **shells = NULL;
	uint32_t min = 500, max = 60000;
	bool min_set = false;
	int nshells, rc = -1;
	const char *v;

	if (read_shells(&shells_t, &shells, &nshells) < 0 || image_conf("/etc/login.defs", &defs) < 0)
		goto out;
	if ((v = conf_value(&defs, "UID_MIN", NULL))) {
		min = (uint32_t)atoi(v);
		min_set = true;
	}
	if ((v = conf_value(&defs, "UID_MAX", NULL)))
		max = (uint32_t)atoi(v);
	if ((v = conf_value(libuser, "LU_UIDNUMBER", "="))) {
		uint32_t n = (uint32_t)atoi(v);

		if (!min_set || n < min)
			min = n;
	}
	if (load_passwd(g) < 0)
		goto out;
	if (g->pw_err && g->pw_err != ENOENT) {
		errno = g->pw_err;
		warn_errno("/etc/passwd: no home roots from it");
	}
	rc = ROOTS_OK;
	for (int i = 0; i < g->npw && rc == ROOTS_OK; i++) {
		const struct pwent *e = &g->pw[i];
		char *dir, *slash;
		bool claimed;

		if (e->uid < min || e->uid > max || !e->shell || !in_shells(shells, nshells, e->shell))
			continue;
		dir = dir_trim(e->dir);
		/* Not /, not ignored, two slashes at least: then its parent. */
		if (strcmp(dir, "/") && !ignored(g, dir) && (slash = strchr(dir, '/')) &&
		    strchr(slash + 1, '/')) {
			*strrchr(dir, '/') = 0;
			if (!in_list(g->roots, g->nroots, dir)) {
				rc = fc_claims(g, dir, &claimed);
				if (rc == ROOTS_OK && !claimed)
					add_root(g, dir);
				else if (rc == ROOTS_OK)
					gh_note(g, "%s: home directory %s: it or its parent is labelled by "
					     "the policy's file contexts (a system account? give it a "
					     "uid under %u or over %u, or the shell /sbin/nologin)",
					     str_esc(e->name, SHOWN_MAX), str_esc(e->dir, SHOWN_MAX),
					     min, max);
			}
		}
		free(dir);
	}
	if (rc == ROOTS_OK)
		qsort(g->roots, g->nroots, sizeof(char *), cmp_str);
out:
	free(shells);
	text_free(&shells_t);
	text_free(&defs);
	return rc;
}

/* The home roots into g->roots: useradd's HOME (else /home),
 * /export/home when it is a directory, and passwd's.  ROOTS_OK,
 * ROOTS_NONE, or -1 after a message. */
static int home_roots(struct gh *g)
{
	struct text useradd = { 0 }, libuser = { 0 };
	const char *v;
	char *path;
	struct stat st;
	int rc = -1;

	if (image_conf("/etc/default/useradd", &useradd) < 0 ||
	    image_conf("/etc/libuser.conf", &libuser) < 0)
		goto out;
	if ((v = conf_value(&useradd, "HOME", "=")))
		add_root(g, v);
	if ((v = conf_value(&libuser, "LU_HOMEDIRECTORY", "=")))
		add_root(g, v);
	if (!g->nroots)
		add_root(g, "/home");
	path = root_file("/export/home", 0);
	if (path && !stat(path, &st) && S_ISDIR(st.st_mode))
		add_root(g, "/export/home");
	free(path);
	rc = g->s->usepasswd ? passwd_roots(g, &libuser) : ROOTS_OK;
out:
	text_free(&useradd);
	text_free(&libuser);
	return rc;
}

/* ---- writing ---- */

/* s with the first `limit` (0: every) occurrences of from replaced by to;
 * NULL after a message when that is longer than GH_LINE_MAX. */
static char *replace(const char *s, const char *from, const char *to, int limit)
{
	struct buf b = BUF_INIT(GH_LINE_MAX);
	size_t flen = strlen(from);
	const char *p;
	int n = 0;

	while ((p = strstr(s, from)) && (!limit || n < limit)) {
		buf_put(&b, s, p - s);
		buf_put_str(&b, to);
		s = p + flen;
		n++;
	}
	buf_put_strz(&b, s);
	if (b.err) {
		warn("file_contexts.homedirs: a line over %zu bytes", GH_LINE_MAX);
		buf_free(&b);
		return NULL;
	}
	return (char *)b.p;
}

/* tpl with each pair (from, to) of subs replaced in turn, or NULL. */
static char *fill(const char *tpl, const char *const *subs)
{
	char *s = xstrdup(tpl);

	for (; s && *subs; subs += 2) {
		char *t = replace(s, subs[0], subs[1], 0);

		free(s);
		s = t;
	}
	return s;
}

/* The last field of line, with what blanks follow it; NULL when the line
 * holds at most one byte that is not blank (libsemanage's reading). */
static const char *last_field(const char *line)
{
	size_t off = strlen(line);
	const char *p = line + off;

	while (off > 0) {
		p--;
		off--;
		if (!space(*p))
			break;
	}
	if (!off)
		return NULL;
	while (off > 0 && !space(p[-1])) {
		p--;
		off--;
	}
	return p;
}

/* Is line's context valid in the policy ("<<none>>" is)? */
static bool line_ok(struct gh *g, const char *line)
{
	const char *con = last_field(line);
	sepol_context_t *ctx = NULL;
	int rc;

	if (!con)
		return false;
	rc = sepol_context_from_string(g->h, con, &ctx);
	if (!rc && ctx)
		rc = sepol_context_check(g->h, g->p, ctx);
	sepol_context_free(ctx);
	return rc == 0;
}

static void put_line(struct gh *g, const char *line)
{
	buf_put_str(g->out, line);
	buf_put_u8(g->out, '\n');
}

/* The template lines tpl for login w (NULL: as they are, for HOME_ROOT),
 * with subs replaced: each whose context, made the login's, is valid. */
static int write_lines(struct gh *g, const struct tlist *tpl, const char *const *subs,
		       const struct who *w)
{
	for (int i = 0; i < tpl->n; i++) {
		char *line = fill(tpl->v[i].s, subs), *made, *now = NULL;
		const char *old;
		sepol_context_t *ctx = NULL;
		bool bad;

		if (!line)
			return -1;
		old = last_field(line);
		if (!w || (old && !strcmp(old, NOT_LABELLED))) {
			if (line_ok(g, line))
				put_line(g, line);
			free(line);
			continue;
		}
		bad = !old || sepol_context_from_string(g->h, old, &ctx) < 0 ||
		      sepol_context_set_user(g->h, ctx, w->u ? w->u->name : "user_u") < 0 ||
		      (g->mls && sepol_context_set_mls(g->h, ctx, w->u ? w->u->level : "s0") < 0) ||
		      (w->u && w->u->role && sepol_context_set_role(g->h, ctx, w->u->role) < 0) ||
		      sepol_context_to_string(g->h, ctx, &now) < 0;
		sepol_context_free(ctx);
		if (bad) {
			warn("homedir_template:%d: %s: no context that libsepol can read at its end",
			     tpl->v[i].no, str_esc(line, SHOWN_MAX));
			free(line);
			free(now);
			return -1;
		}
		made = replace(line, old, now, 1);
		if (!made) {
			free(now);
			free(line);
			return -1;
		}
		if (line_ok(g, made))
			put_line(g, made);
		free(made);
		free(now);
		free(line);
	}
	return 0;
}

static const char *prefix_of(const struct who *w)
{
	return w->u ? w->u->prefix : "user";
}

static int write_home_dir(struct gh *g, const struct who *w)
{
	const char *subs[] = { "HOME_DIR", w->home, "ROLE", prefix_of(w), NULL };

	buf_printf(g->out, "\n\n#\n# Home Context for user %s\n#\n\n",
		   strcmp(w->name, ANY_NAME) ? w->name : "user_u");
	return write_lines(g, &g->homedir, subs, w);
}

static int write_username(struct gh *g, const struct who *w)
{
	const char *subs[] = { "%{USERNAME}", w->name, "%{USERID}", w->uid, "ROLE", prefix_of(w), NULL };

	if (g->username.n && !*w->uid) {
		/* libsemanage 3.4 dereferences a NULL uid here and crashes. */
		warn("seusers: no __default__ login, which the %%{USERID} lines of "
		     "homedir_template need");
		return -1;
	}
	return write_lines(g, &g->username, subs, w);
}

static int write_user(struct gh *g, const struct who *w)
{
	const char *subs[] = { "USER", w->name, "ROLE", prefix_of(w), NULL };

	return write_lines(g, &g->user, subs, w);
}

/* ---- the logins ---- */

static struct who *find_who(struct gh *g, const char *name)
{
	for (int i = 0; i < g->nwho; i++)
		if (!strcmp(g->who[i].name, name))
			return &g->who[i];
	return NULL;
}

/* What add_login did: libsemanage's group walk stops at a clash (and
 * still reports success) and goes on after a failed lookup. */
enum { LOGIN_OK, LOGIN_LOOKUP = 1, LOGIN_CLASH = -1, LOGIN_FATAL = -2 };

/* Login name, mapped by seusers entry login to SELinux user u. */
static int add_login(struct gh *g, const char *name, const struct seu *u, const char *login)
{
	const struct pwent *e = NULL;
	struct who *w;
	char *home;
	int rc;

	if (login[0] == '%') {
		w = find_who(g, name);
		if (w && w->login[0] == '%') {
			gh_note(g, "seusers: %s is mapped by group %s and by group %s; the rest of %s "
			     "is left out (map %s by its own name)",
			     str_esc(name, SHOWN_MAX), str_esc(w->login + 1, SHOWN_MAX),
			     str_esc(login + 1, SHOWN_MAX), str_esc(login + 1, SHOWN_MAX),
			     str_esc(name, SHOWN_MAX));
			return LOGIN_CLASH;
		}
		if (w)
			return LOGIN_OK;	/* its own entry came first */
	}
	rc = pw_find(g, name, &e);
	if (rc <= 0) {
		if (!rc)
			gh_note(g, "seusers: login %s is not in /etc/passwd", str_esc(name, SHOWN_MAX));
		return !rc ? LOGIN_OK : rc == -1 ? LOGIN_LOOKUP : LOGIN_FATAL;
	}
	home = dir_trim(e->dir);
	if (!strcmp(home, "/") || ignored(g, home)) {
		free(home);
		return LOGIN_OK;
	}
	if (g->nwho == GH_USERS_MAX) {
		free(home);
		warn("seusers: more than %d logins to write contexts for", GH_USERS_MAX);
		return LOGIN_FATAL;
	}
	g->who = grow(g->who, g->nwho, sizeof(*g->who));
	w = &g->who[g->nwho++];
	*w = (struct who){ .name = e->name, .login = login, .u = u, .home = home };
	snprintf(w->uid, sizeof(w->uid), "%u", e->uid);
	return LOGIN_OK;
}

/* %GROUP: its members, then the logins whose primary group it is, as
 * libsemanage 3.4 walks them: a group that is not there adds no one, a
 * login whose lookup fails is passed over, and a clash ends the walk, all
 * three with success.  (It means to pass over members in the second
 * part, but compares each name with the member list's pointers, so never
 * does: a member whose primary group it is comes twice, a clash.)  0, or
 * -1 when /etc/group cannot be read or on our bounds. */
static int add_group(struct gh *g, const struct seu *u, const char *login)
{
	const struct grent *gr = NULL;
	int rc = gr_find(g, login + 1, &gr);

	if (rc <= 0) {
		if (!rc)
			gh_note(g, "seusers: no group %s in /etc/group", str_esc(login + 1, SHOWN_MAX));
		return rc;
	}
	for (int i = 0; i < gr->nmem && rc != LOGIN_CLASH; i++)
		if ((rc = add_login(g, gr->mem[i], u, login)) == LOGIN_FATAL)
			return -1;
	if (rc != LOGIN_CLASH && load_passwd(g) < 0)
		return -1;
	for (int i = 0; i < g->npw && rc != LOGIN_CLASH; i++)
		if (g->pw[i].gid == gr->gid &&
		    (rc = add_login(g, g->pw[i].name, u, login)) == LOGIN_FATAL)
			return -1;
	return 0;
}

/* seusers' order for libsemanage's walk: names in strcmp order, then the
 * %GROUP entries as they come (its sort is glibc's stable merge sort). */
static int cmp_login(const void *a, const void *b, void *arg)
{
	const char **name = arg;
	int i = *(const int *)a, j = *(const int *)b;
	bool gi = name[i][0] == '%', gj = name[j][0] == '%';
	int c = gi != gj ? gi - gj : gi ? 0 : strcmp(name[i], name[j]);

	return c ? c : (i > j) - (i < j);
}

/* Login i's SELinux user, or NULL after a message. */
static const struct seu *login_user(struct gh *g, int i)
{
	const struct seu *u = NULL;
	int rc = seu_find(g, g->su_sename[i], &u);

	if (!rc)
		/* libsemanage 3.4 dereferences the user it did not find. */
		warn("seusers: %s is mapped to %s, which is not an SELinux user of the policy",
		     str_esc(g->su_name[i], SHOWN_MAX), str_esc(g->su_sename[i], SHOWN_MAX));
	return rc > 0 ? u : NULL;
}

static int add_logins(struct gh *g)
{
	int *order = xmalloc((g->nsu + 1) * sizeof(int)), rc = 0;

	for (int i = 0; i < g->nsu; i++)
		order[i] = i;
	qsort_r(order, g->nsu, sizeof(int), cmp_login, g->su_name);
	for (int k = 0; k < g->nsu && !rc; k++) {
		int i = order[k];
		const char *name = g->su_name[i];
		const struct seu *u;

		if (!strcmp(name, "__default__"))
			continue;
		if (!(u = login_user(g, i)))
			rc = -1;
		else if (name[0] == '%')
			rc = add_group(g, u, name);
		else if (add_login(g, name, u, name) != LOGIN_OK)
			rc = -1;
	}
	free(order);
	return rc;
}

/* The default login: libsemanage's user_u, or __default__'s SELinux user. */
static int setup_fallback(struct gh *g)
{
	struct who *f = &g->fallback;

	*f = (struct who){ .name = ANY_NAME, .login = ANY_NAME };
	for (int i = 0; i < g->nsu; i++) {
		if (strcmp(g->su_name[i], "__default__"))
			continue;
		if (!(f->u = login_user(g, i)))
			return -1;
		strcpy(f->uid, ANY_ID);
		break;
	}
	return 0;
}

static int template_lists(struct gh *g)
{
	for (int i = 0; i < g->tpl.n; i++) {
		const char *s = g->tpl.line[i];
		struct tlist *l[4];
		int n = 0;

		if (!strncmp(s, "HOME_DIR", 8))
			l[n++] = &g->homedir;
		if (!strncmp(s, "HOME_ROOT", 9))
			l[n++] = &g->homeroot;
		if (strstr(s, "%{USERNAME}") || strstr(s, "%{USERID}"))
			l[n++] = &g->username;
		else if (strstr(s, "USER"))
			l[n++] = &g->user;
		while (n--) {
			l[n]->v = grow(l[n]->v, l[n]->n, sizeof(struct tline));
			l[n]->v[l[n]->n++] = (struct tline){ s, i + 1 };
		}
	}
	return g->homedir.n || g->homeroot.n || g->username.n || g->user.n;
}

static void silent(void *arg, sepol_handle_t *h, const char *fmt, ...)
{
	(void)arg;
	(void)h;
	(void)fmt;
}

static int genhome(struct gh *g)
{
	char *dirs, *tok, *save;

	if (store_text(g, "homedir_template", &g->tpl) < 0)
		return -1;
	if (!template_lists(g))
		return 0;
	if (!(g->h = sepol_handle_create()))
		die_errno("sepol_handle_create");
	sepol_msg_set_callback(g->h, silent, NULL);
	g->mls = sepol_policydb_mls_enabled(g->p);
	if (g->s->ignoredirs) {
		dirs = xstrdup(g->s->ignoredirs);
		for (tok = strtok_r(dirs, ";", &save); tok; tok = strtok_r(NULL, ";", &save)) {
			g->ignore = grow(g->ignore, g->nignore, sizeof(char *));
			g->ignore[g->nignore++] = xstrdup(tok);
		}
		free(dirs);
	}
	buf_put_str(g->out, "#\n#\n# User-specific file contexts, generated via libsemanage\n"
		    "# use semanage command to manage system users to change the file_context\n"
		    "#\n#\n");
	if (store_text(g, "seusers", &g->seusers) < 0 || store_text(g, "users_extra", &g->extra) < 0 ||
	    read_seusers(g) < 0 || read_users_extra(g) < 0 || setup_fallback(g) < 0)
		return -1;
	if (g->homedir.n || g->homeroot.n) {
		int rc = home_roots(g);

		if (rc < 0)
			return -1;
		if (rc) {
			warn("file_contexts: unreadable as libsemanage reads it, so no home "
			     "directory contexts were written");
			return 0;
		}
		for (int i = 0; i < g->nroots; i++) {
			const char *subs[] = { "HOME_ROOT", g->roots[i], NULL };

			g->fallback.home = xasprintf("%s/%s", g->roots[i], ANY_NAME);
			rc = write_home_dir(g, &g->fallback) < 0 ||
			     write_lines(g, &g->homeroot, subs, NULL) < 0;
			free(g->fallback.home);
			g->fallback.home = NULL;
			if (rc)
				return -1;
		}
	}
	if (g->username.n || g->user.n) {
		if (write_username(g, &g->fallback) < 0 || write_user(g, &g->fallback) < 0 ||
		    add_logins(g) < 0)
			return -1;
		for (int i = g->nwho - 1; i >= 0; i--)
			if (write_home_dir(g, &g->who[i]) < 0 || write_username(g, &g->who[i]) < 0 ||
			    write_user(g, &g->who[i]) < 0)
				return -1;
	}
	return 0;
}

static void gh_free(struct gh *g)
{
	int i;

	text_free(&g->tpl);
	text_free(&g->fc);
	text_free(&g->seusers);
	text_free(&g->extra);
	text_free(&g->passwd);
	text_free(&g->group);
	free(g->homedir.v);
	free(g->homeroot.v);
	free(g->username.v);
	free(g->user.v);
	for (i = 0; i < g->nsu; i++) {
		free((char *)g->su_name[i]);
		free((char *)g->su_sename[i]);
	}
	free(g->su_name);
	free(g->su_sename);
	for (i = 0; i < g->nux; i++) {
		free((char *)g->ux_name[i]);
		free((char *)g->ux_prefix[i]);
	}
	free(g->ux_name);
	free(g->ux_prefix);
	for (i = 0; i < g->nseu; i++) {
		sepol_user_free(g->seu[i]->rec);
		free(g->seu[i]);
	}
	free(g->seu);
	for (i = 0; i < g->nwho; i++)
		free(g->who[i].home);
	free(g->who);
	for (i = 0; i < g->nignore; i++)
		free(g->ignore[i]);
	free(g->ignore);
	free(g->pw);
	for (i = 0; i < g->ngr; i++)
		free(g->gr[i].mem);
	free(g->gr);
	for (i = 0; i < g->nre; i++)
		regfree(&g->re[i]);
	free(g->re);
	for (i = 0; i < g->nroots; i++)
		free(g->roots[i]);
	free(g->roots);
	if (g->h)
		sepol_handle_destroy(g->h);
}

int smod_genhomedircon(const struct store *s, int tmp, void *policy, struct buf *out)
{
	struct gh g = { .s = s, .tmp = tmp, .p = policy, .out = out };
	int rc = genhome(&g);

	if (!rc && out->err) {
		warn("file_contexts.homedirs: more than %zu bytes", out->max ? out->max : BUF_MAX);
		rc = -1;
	}
	gh_free(&g);
	return rc;
}

#else

int smod_genhomedircon(const struct store *s, int tmp, void *policy, struct buf *out)
{
	(void)s;
	(void)tmp;
	(void)policy;
	(void)out;
	warn("file_contexts.homedirs: checking its contexts against the policy needs libsepol, "
	     "and this lsmbox was built without LIB_SEPOL");
	return -1;
}

#endif
