// SPDX-License-Identifier: Apache-2.0
/* mode.c: `aa-compile enforce|complain|disable`, and aa-enforce,
 * aa-complain and aa-disable through argv[0]: a profile file's mode
 * changed as apparmor-utils 3.0.8 changes it.  Complain and enforce
 * rewrite each profile and hat header line of the file with its mode flags
 * taken out (and complain put in), the header written again as the
 * utils write it; the links in DIR/disable and DIR/force-complain removed
 * (disable: one made); then the file replaced in the kernel (disable:
 * removed from it), unless --no-reload or under --root. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

/* a profile file: no more is read */
#define MODE_FILE_MAX ((size_t)16 << 20)

static bool sp(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* A span of the line: at s, n bytes; n < 0: not there. */
struct span {
	const char *s;
	int n;
};

struct header {
	struct span lead, name, attach, xattrs, flags, comment;
	bool keyword;		/* "profile NAME" */
	bool hat;		/* a hat line: name is "^NAME" or "hat NAME" as written */
	struct span hatkw;
};

/* \s*(#.*?)?\s*$ at p: the comment (its trailing blanks not in it). */
static bool eol(const char *p, struct header *h)
{
	const char *e;

	while (sp(*p))
		p++;
	h->comment = (struct span){ p, -1 };
	if (!*p)
		return true;
	if (*p != '#')
		return false;
	for (e = p + strlen(p); e > p && sp(e[-1]); e--)
		;
	h->comment.n = (int)(e - p);
	return true;
}

/* \s*\{ then the end of the line. */
static bool brace(const char *p, struct header *h)
{
	while (sp(*p))
		p++;
	return *p == '{' && eol(p + 1, h);
}

/* KW\s*=\s* at q: what follows it, or NULL. */
static const char *keyword_eq(const char *q, const char *kw)
{
	size_t n = strlen(kw);

	if (strncmp(q, kw, n))
		return NULL;
	for (q += n; sp(*q); q++)
		;
	if (*q != '=')
		return NULL;
	for (q++; sp(*q); q++)
		;
	return q;
}

/* (\s+(flags\s*=\s*)?\(([^)]+)\))? then the brace: with the flags first. */
static bool flags_then(const char *p, struct header *h)
{
	const char *q = p, *c;

	if (sp(*q)) {
		while (sp(*q))
			q++;
		if ((c = keyword_eq(q, "flags")))
			q = c;
		if (*q == '(' && q[1] && q[1] != ')' && (c = strchr(q + 1, ')')) && brace(c + 1, h)) {
			h->flags = (struct span){ q + 1, (int)(c - q - 1) };
			return true;
		}
	}
	h->flags.n = -1;
	return brace(p, h);
}

/* (\s+xattrs\s*=\s*\(([^)]+)\)\s*)? then the flags. */
static bool xattrs_then(const char *p, struct header *h)
{
	const char *q = p, *c;

	if (sp(*q)) {
		while (sp(*q))
			q++;
		if ((q = keyword_eq(q, "xattrs")) && *q == '(' && q[1] && q[1] != ')' && (c = strchr(q + 1, ')'))) {
			const char *r = c + 1;

			while (sp(*r))
				r++;
			/* the \s* after it given back to the flags' \s+ */
			for (const char *t = r; t >= c + 1; t--)
				if (flags_then(t, h)) {
					h->xattrs = (struct span){ q + 1, (int)(c - q - 1) };
					return true;
				}
		}
	}
	h->xattrs.n = -1;
	return flags_then(p, h);
}

/* The ends a path or variable at p may have (RE_PROFILE_PATH_OR_VAR's
 * alternatives, each the longest first), into e[]: their number. */
static int path_ends(const char *p, const char **e, int max)
{
	const char *run = p, *q;
	int n = 0;

	while (*run && !sp(*run))
		run++;
	if (*p == '/') {
		/* /\S* */
		for (q = run; q > p && n < max; q--)
			e[n++] = q;
	} else if (p[0] == '"' && p[1] == '/') {
		/* "/[^"]*" */
		if ((q = strchr(p + 2, '"')) && n < max)
			e[n++] = q + 1;
	} else if (p[0] == '@' && p[1] == '{') {
		/* @{\S+}\S*: the last } first, the rest longest first */
		for (const char *k = run - 1; k >= p + 3; k--)
			if (*k == '}')
				for (q = run; q > k && n < max; q--)
					e[n++] = q;
	} else if (p[0] == '"' && p[1] == '@' && p[2] == '{') {
		/* "@{\S+}[^"]*" */
		if ((q = strchr(p + 3, '"')) && memchr(p + 4, '}', (size_t)(q - p - 4)) && n < max)
			e[n++] = q + 1;
	}
	return n;
}

#define ENDS_MAX 4096

/* RE_PROFILE_START on line (no newline), as Python's re matches it. */
static bool profile_start(const char *line, struct header *h)
{
	const char *p = line, *e[ENDS_MAX];
	int n;

	*h = (struct header){ 0 };
	while (sp(*p))
		p++;
	h->lead = (struct span){ line, (int)(p - line) };
	/* a path or variable */
	n = path_ends(p, e, ENDS_MAX);
	for (int i = 0; i < n; i++)
		if (xattrs_then(e[i], h)) {
			h->name = (struct span){ p, (int)(e[i] - p) };
			h->attach.n = -1;
			return true;
		}
	/* profile\s+NAME(\s+PATH_OR_VAR)? */
	if (strncmp(p, "profile", 7) || !sp(p[7]))
		return false;
	p += 7;
	while (sp(*p))
		p++;
	h->keyword = true;
	{
		const char *run = p, *ne[2 * ENDS_MAX];
		int nn = 0;

		while (*run && !sp(*run))
			run++;
		/* \S+ longest first, then "[^"]+" */
		for (const char *q = run; q > p && nn < ENDS_MAX; q--)
			ne[nn++] = q;
		if (*p == '"' && p[1] && p[1] != '"') {
			const char *q = strchr(p + 1, '"');

			if (q)
				ne[nn++] = q + 1;
		}
		for (int i = 0; i < nn; i++) {
			const char *a = ne[i];

			h->name = (struct span){ p, (int)(ne[i] - p) };
			if (sp(*a)) {
				while (sp(*a))
					a++;
				n = path_ends(a, e, ENDS_MAX);
				for (int j = 0; j < n; j++)
					if (xattrs_then(e[j], h)) {
						h->attach = (struct span){ a, (int)(e[j] - a) };
						return true;
					}
			}
			if (xattrs_then(ne[i], h)) {
				h->attach.n = -1;
				return true;
			}
		}
	}
	return false;
}

/* RE_PROFILE_HAT_DEF: ^(\s*)(\^|hat\s+)("??[^)]+?"??)FLAGS\s*\{EOL, the
 * name the shortest that lets the rest match. */
static bool hat_start(const char *line, struct header *h)
{
	const char *p = line, *kw;

	*h = (struct header){ 0 };
	while (sp(*p))
		p++;
	h->lead = (struct span){ line, (int)(p - line) };
	kw = p;
	if (*p == '^') {
		p++;
	} else if (!strncmp(p, "hat", 3) && sp(p[3])) {
		p += 3;
		while (sp(*p))
			p++;
	} else {
		return false;
	}
	h->hatkw = (struct span){ kw, (int)(p - kw) };
	h->hat = true;
	for (const char *q = p + 1; q[-1] && q[-1] != ')'; q++)
		if (flags_then(q, h)) {
			h->name = (struct span){ p, (int)(q - p) };
			return true;
		}
	return false;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* add_or_remove_flag: the flags split at commas and blanks, sorted, each
 * once; those of drop out, add in; joined with ", " into b.  -1: the
 * flags were blank (the utils' "Empty set of flags"). */
static int new_flags(struct span f, const char *const *drop, const char *add, struct buf *b)
{
	char *s = f.n >= 0 ? xstrndup(f.s, (size_t)f.n) : xstrdup(""), *save = NULL, **v = NULL;
	int n = 0, rc = 0;

	for (char *t = strtok_r(s, ", \t\n\r\f\v", &save); t; t = strtok_r(NULL, ", \t\n\r\f\v", &save)) {
		bool skip = false;

		for (const char *const *d = drop; *d; d++)
			skip |= !strcmp(t, *d);
		if (!skip) {
			v = xrealloc(v, (size_t)(n + 1) * sizeof(*v));
			v[n++] = t;
		}
	}
	if (f.n >= 0 && !n && !strtok_r(NULL, "", &save) && strspn(f.s, " \t") == (size_t)f.n)
		rc = -1;
	if (add) {
		v = xrealloc(v, (size_t)(n + 1) * sizeof(*v));
		v[n++] = (char *)add;
	}
	if (n > 1)
		qsort(v, (size_t)n, sizeof(*v), cmp_str);
	for (int i = 0; i < n; i++)
		if (!i || strcmp(v[i], v[i - 1]))
			buf_printf(b, "%s%s", b->len ? ", " : "", v[i]);
	free(v);
	free(s);
	return rc;
}

/* A name or attachment as the utils write it: its quotes taken off, put
 * back only when it has a space. */
/* A name or attachment with its quotes taken off (xmalloc'd). */
static char *unquoted(struct span s)
{
	if (s.n >= 2 && s.s[0] == '"' && s.s[s.n - 1] == '"')
		return xstrndup(s.s + 1, (size_t)s.n - 2);
	return xstrndup(s.s, (size_t)s.n);
}

static void put_name(struct buf *b, struct span s)
{
	char *p = unquoted(s);

	buf_printf(b, strchr(p, ' ') ? "\"%s\"" : "%s", p);
	free(p);
}

static bool aare_match(const char *g, const char *s, long *steps);


/* Given a program, is a profile header one of its (its attachment, else
 * its name, matches it, or its name is it)?  The utils' warning when
 * its name is not the program's path, once a pass (passes: complain
 * makes two). */
static bool for_program(const struct header *h, const char *program, int passes)
{
	char *name = unquoted(h->name), *glob = h->attach.n >= 0 ? unquoted(h->attach) : xstrdup(name);
	long steps = 1000000;
	bool ok = !strcmp(name, program) || aare_match(glob, program, &steps);

	if (ok && strcmp(name, program))
		for (int i = 0; i < passes; i++)
			printf("Warning: profile %s represents multiple programs\n", name);
	free(glob);
	free(name);
	return ok;
}

/* change_profile_flags: each header line of text rewritten, into out
 * (given a program, only the profiles that are its, and every hat).  0,
 * or -1 after a message. */
static int rewrite(const char *file, char *text, const char *const *drop, const char *add, const char *program,
		   struct buf *out)
{
	char *line, *next;
	int n = 0;

	for (line = text; *line; line = next) {
		struct header h;
		struct buf f = BUF_INIT(0);
		bool nl, start;

		next = strchrnul(line, '\n');
		nl = *next == '\n';
		*next = 0;
		n++;
		start = profile_start(line, &h);
		if (start && (!program || for_program(&h, program, add ? 2 : 1))) {
			if (new_flags(h.flags, drop, add, &f) < 0)
				goto empty;
			/* write_header: the leading blanks as as many spaces */
			buf_printf(out, "%*s", h.lead.n, "");
			{
				const char *nm = h.name.s;
				bool plain = h.name.n && (nm[0] == '/' || (nm[0] == '"' && h.name.n > 1 && nm[1] == '/'));

				if (h.keyword || h.attach.n >= 0 || !plain)
					buf_put_str(out, "profile ");
			}
			put_name(out, h.name);
			if (h.attach.n >= 0) {
				buf_put_u8(out, ' ');
				put_name(out, h.attach);
			}
			if (h.xattrs.n >= 0)
				buf_printf(out, " xattrs=(%.*s)", h.xattrs.n, h.xattrs.s);
			if (f.len)
				buf_printf(out, " flags=(%.*s)", (int)f.len, (const char *)f.p);
			buf_put_str(out, " {");
			if (h.comment.n >= 0)
				buf_printf(out, " %.*s", h.comment.n, h.comment.s);
		} else if (!start && hat_start(line, &h)) {
			if (new_flags(h.flags, drop, add, &f) < 0)
				goto empty;
			buf_printf(out, "%.*s%.*s%.*s", h.lead.n, h.lead.s, h.hatkw.n, h.hatkw.s, h.name.n, h.name.s);
			if (f.len)
				buf_printf(out, " flags=(%.*s)", (int)f.len, (const char *)f.p);
			buf_put_str(out, " {");
			if (h.comment.n >= 0)
				buf_printf(out, " %.*s", h.comment.n, h.comment.s);
		} else {
			buf_put_str(out, line);
		}
		buf_free(&f);
		if (nl) {
			buf_put_u8(out, '\n');
			next++;
		}
		continue;
empty:
		buf_free(&f);
		warn("%s:%d: Invalid syntax: Empty set of flags in line %s", file, n, line);
		return -1;
	}
	return 0;
}

/* a link in DIR/SUB to the profile file, as the utils name it: the file's
 * path with DIR replaced by DIR/SUB (none for a file outside DIR) */
static char *link_path(const char *dir, const char *file, const char *sub)
{
	size_t n = strlen(dir);

	if (strncmp(file, dir, n))
		return NULL;
	return xasprintf("%s/%s%s", dir, sub, file + n);
}

/* delete_symlink: the link there removed (a file that is no link left). */
static int unlink_mode(const char *dir, const char *file, const char *sub)
{
	char *l = link_path(dir, file, sub), *h = l ? root_file(l, ROOT_NOFOLLOW) : NULL;
	struct stat st;
	int rc = 0;

	if (h && lstat(h, &st) == 0 && S_ISLNK(st.st_mode) && unlink(h) < 0) {
		warn_errno("%s", l);
		rc = -1;
	}
	free(h);
	free(l);
	return rc;
}

/* create_symlink: DIR/SUB/... to the file, its directory made. */
static int link_mode(const char *dir, const char *file, const char *sub)
{
	char *l = link_path(dir, file, sub), *h, *slash;
	struct stat st;
	int rc = 0;

	if (!l) {
		warn("%s: not in %s: no %s link made for it", file, dir, sub);
		return -1;
	}
	if (!(h = root_file(l, ROOT_NOFOLLOW))) {
		warn_errno("%s", l);
		free(l);
		return -1;
	}
	slash = strrchr(h, '/');
	*slash = 0;
	if (mkdir(h, 0755) < 0 && errno != EEXIST)
		rc = -1;
	*slash = '/';
	if (!rc && lstat(h, &st) < 0 && symlink(file, h) < 0)
		rc = -1;
	if (rc)
		warn("Could not create %s symlink to %s: %s", l, file, strerror(errno));
	free(h);
	free(l);
	return rc;
}

enum mode_cmd { M_ENFORCE, M_COMPLAIN, M_DISABLE };

/* A host path as the image names it under --root (the root's own real
 * path taken off), xmalloc'd; live, as it is. */
static char *in_image(const char *real)
{
	static char *root;
	size_t n;

	if (!root_dir())
		return xstrdup(real);
	if (!root && !(root = realpath(root_dir(), NULL)))
		return xstrdup(real);
	n = strlen(root);
	if (!strcmp(root, "/"))
		return xstrdup(real);
	if (!strncmp(real, root, n) && (real[n] == '/' || !real[n]))
		return xstrdup(real[n] ? real + n : "/");
	return xstrdup(real);
}

/* get_full_path: path (under --root, in the image) with every link in the
 * part of it that is there resolved, as Python's realpath; the rest as it
 * is.  xmalloc'd, the image's path under --root. */
static char *full_path(const char *path)
{
	char *h = root_file(path, 0), *cut, *real = NULL, *img, *out;
	const char *rest;
	size_t n;

	if (!h)
		return xstrdup(path);
	n = strlen(h);
	/* cut at the last slash until what is left is there */
	while (!(real = realpath(h, NULL)) && (cut = strrchr(h, '/')) && cut != h)
		*cut = 0;
	if (!real) {
		free(h);
		return xstrdup(path);
	}
	rest = strlen(h) < n ? path + strlen(path) - (n - strlen(h)) : "";
	img = in_image(real);
	out = xasprintf("%s%s", img, rest);
	free(img);
	free(real);
	free(h);
	return out;
}

/* A program on $PATH (find_executable, which): its full path, or NULL. */
static char *which(const char *name)
{
	const char *path = getenv("PATH");
	char *copy = xstrdup(path ? path : "/usr/bin:/bin"), *save = NULL, *found = NULL;

	for (char *d = strtok_r(copy, ":", &save); d && !found; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", d, name), *h = root_file(p, 0);

		if (h && access(h, X_OK) == 0)
			found = full_path(p);
		free(h);
		free(p);
	}
	free(copy);
	return found;
}

/* the steps one attachment's match may take, the alternatives a {...}
 * may have */
#define MATCH_STEPS_MAX 1000000

/* The utils' AARE match of an attachment glob against a path: * any run
 * without /, ** any run, ? one byte but /, [...] a class, {a,b} either,
 * \ the next byte as it is.  *steps counts down: none left, no match. */
static bool aare_match(const char *g, const char *s, long *steps)
{
	while (--*steps > 0) {
		switch (*g) {
		case 0:
			return !*s;
		case '*': {
			bool any = g[1] == '*';

			while (*g == '*')
				g++;
			for (const char *t = s;; t++) {
				if (aare_match(g, t, steps))
					return true;
				if (!*t || (!any && *t == '/') || *steps <= 0)
					return false;
			}
		}
		case '?':
			if (!*s || *s == '/')
				return false;
			g++;
			s++;
			break;
		case '[': {
			const char *c = g + 1;
			bool neg = *c == '^', in = false;

			c += neg;
			/* a ] first is one of the class */
			do {
				if (c[0] && c[1] == '-' && c[2] && c[2] != ']') {
					in |= (unsigned char)*s >= (unsigned char)c[0] && (unsigned char)*s <= (unsigned char)c[2];
					c += 3;
				} else if (*c) {
					in |= *s == *c;
					c++;
				}
			} while (*c && *c != ']');
			if (!*c || !*s || in == neg)
				return false;
			g = c + 1;
			s++;
			break;
		}
		case '{': {
			/* each alternative at this depth, then what follows the } */
			const char *a = g + 1, *e = g + 1;
			int depth = 1;

			for (; *e && depth; e++) {
				if (*e == '\\' && e[1])
					e++;
				else if (*e == '{')
					depth++;
				else if (*e == '}')
					depth--;
			}
			if (depth)
				return false;
			for (const char *q = a, *start = a; q < e; q++) {
				if (*q == '\\' && q + 1 < e - 1) {
					q++;
				} else if (*q == '{') {
					depth++;
				} else if (*q == '}' && depth) {
					depth--;
				} else if ((*q == ',' && !depth) || q == e - 1) {
					char *alt = xasprintf("%.*s%s", (int)(q - start), start, e);
					bool m = aare_match(alt, s, steps);

					free(alt);
					if (m)
						return true;
					start = q + 1;
				}
			}
			return false;
		}
		case '\\':
			if (g[1])
				g++;
			/* fall through */
		default:
			if (*g != *s)
				return false;
			g++;
			s++;
		}
	}
	return false;
}

/* active_profiles.filename_from_attachment: the profile file in DIR (in
 * name order) one of whose top profiles has program's path as its
 * attachment (or name), else whose attachment glob matches it (one with a
 * variable is not expanded: left out).  xmalloc'd (the image's path), or
 * NULL. */
static char *by_attachment(const char *dir, const char *program)
{
	char *h = root_file(dir, 0), **names, *found = NULL, *glob = NULL;
	const char *dirs[] = { dir };
	struct aa_lex_opts lo = { dirs, 1, NULL };
	DIR *d = h ? opendir(h) : NULL;
	int n;

	free(h);
	if (!d)
		return NULL;
	n = aa_dir_names(d, 65536, &names);
	closedir(d);
	for (int i = 0; i < n && !found; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]), *hp = root_file(p, 0);
		struct aa_policy pol = { 0 };
		struct aa_lex *lx;
		struct stat st;

		if (!aa_skipped_name(names[i], NULL) && hp && stat(hp, &st) == 0 && S_ISREG(st.st_mode) &&
		    (lx = aa_lex_open(hp, &lo))) {
			if (aa_parse(lx, &pol) == 0)
				for (struct aa_profile *prof = pol.profiles; prof && !found; prof = prof->next) {
					const char *att = prof->attach ? prof->attach : prof->name;
					long steps = MATCH_STEPS_MAX;

					if (!att || (att[0] != '/' && att[0] != '{') || strstr(att, "@{"))
						continue;
					if (!strcmp(att, program))
						found = xstrdup(p);
					else if (!glob && aare_match(att, program, &steps))
						glob = xstrdup(p);
				}
			aa_policy_free(&pol);
			aa_lex_close(lx);
		}
		free(hp);
		free(p);
	}
	aa_names_free(names, n);
	if (found) {
		free(glob);
		return found;
	}
	return glob;
}

/* The profile file an operand names (get_next_to_profile): a path in DIR
 * as it is, a name in DIR, else a program's (its full path in *prog,
 * xmalloc'd): its profile file of the utils' name (the path's slashes as
 * dots).  xmalloc'd, or NULL after the utils' words. */
static char *profile_of(const char *dir, const char *arg, char **prog)
{
	char *p = root_file(arg, 0), *q;
	struct stat st;
	bool there = p && stat(p, &st) == 0;

	free(p);
	if (there || arg[0] == '/') {
		/* its full path, inside the image under --root */
		p = full_path(arg);
		if (!strncmp(p, dir, strlen(dir)))
			return p;
	} else if (!(p = which(arg))) {
		/* a name in DIR */
		p = xasprintf("%s/%s", dir, arg);
		q = root_file(p, 0);
		there = q && stat(q, &st) == 0;
		free(q);
		if (there) {
			q = full_path(p);
			free(p);
			return q;
		}
		free(p);
		if (strchr(arg, '/'))
			printf("%s does not exist, please double-check the path.\n", arg);
		else
			printf("Can't find %s in the system path list. If the name of the application\nis correct, "
			       "please run 'which %s' as a user with correct PATH\nenvironment set up in order to "
			       "find the fully-qualified path and\nuse the full path as parameter.\n", arg, arg);
		return NULL;
	}
	/* a program: the profile file that attaches to it, else
	 * DIR/its.path.with.dots */
	*prog = p;
	if ((p = by_attachment(dir, *prog)))
		return p;
	p = xasprintf("%s/%s", dir, *prog + 1);
	for (char *c = p + strlen(dir) + 1; *c; c++)
		if (*c == '/')
			*c = '.';
	return p;
}

/* One profile file's mode changed (given a program, its profiles in the
 * file): 0; -1 there is none (said, skipped); 1 after a message. */
static int change(enum mode_cmd cmd, const char *dir, const char *file, const char *arg, const char *program)
{
	static const char *const complain_drop[] = { "enforce", "kill", "unconfined", "prompt", NULL };
	static const char *const enforce_drop[] = { "complain", "kill", "unconfined", "prompt", NULL };
	char *h = root_file(file, 0), *text;
	struct buf out = BUF_INIT(0);
	struct stat st;
	int fd, rc = 0;

	if (!h || stat(h, &st) < 0 || !S_ISREG(st.st_mode) || aa_skipped_name(strrchr(file, '/') + 1, NULL)) {
		printf("Profile for %s not found, skipping\n", arg);
		free(h);
		return -1;
	}
	if (cmd == M_DISABLE) {
		printf("Disabling %s.\n", arg);
		free(h);
		return link_mode(dir, file, "disable") < 0;
	}
	printf("Setting %s to %s mode.\n", arg, cmd == M_COMPLAIN ? "complain" : "enforce");
	if ((cmd == M_ENFORCE && unlink_mode(dir, file, "force-complain") < 0) ||
	    unlink_mode(dir, file, "disable") < 0) {
		free(h);
		return 1;
	}
	if ((fd = open(h, O_RDONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s", file);
		free(h);
		return 1;
	}
	text = xread_text_fd(fd, file, MODE_FILE_MAX, NULL);
	close(fd);
	if (rewrite(file, text, cmd == M_COMPLAIN ? complain_drop : enforce_drop, cmd == M_COMPLAIN ? "complain" : NULL,
		    program, &out) < 0) {
		rc = 1;
	} else if (write_file_atomic(h, out.p, out.len, st.st_mode & 07777) < 0) {
		warn_errno("%s", file);
		rc = 1;
	}
	buf_free(&out);
	free(text);
	free(h);
	return rc;
}

int aa_mode_main(const char *cmd_name, int argc, char **argv)
{
	static const char *const names[] = { "enforce", "complain", "disable" };
	const char *dir = "/etc/apparmor.d";
	bool reload = true;
	char **files = NULL;
	int cmd, nfiles = 0, rc = 0, i;

	for (cmd = 0; cmd < 3 && strcmp(cmd_name, names[cmd]); cmd++)
		;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-d") || !strcmp(argv[i], "--dir")) {
			if (++i == argc)
				usage_error("%s: expected one argument", argv[i - 1]);
			dir = argv[i];
		} else if (!strncmp(argv[i], "--dir=", 6)) {
			dir = argv[i] + 6;
		} else if (!strcmp(argv[i], "--no-reload")) {
			reload = false;
		} else if (!strcmp(argv[i], "--")) {
			i++;
			break;
		} else if (argv[i][0] == '-' && argv[i][1]) {
			usage_error("unrecognized arguments: %s", argv[i]);
		} else {
			break;
		}
	}
	if (i == argc)
		usage_error("%s", "the following arguments are required: program");
	/* the directory as the utils take it: its full path (in the image) */
	{
		char *h = root_file(dir, 0), *real = h ? realpath(h, NULL) : NULL;

		if (!real) {
			warn("%s: %s", dir, strerror(errno));
			free(h);
			return 1;
		}
		dir = in_image(real);
		free(real);
		free(h);
	}
	/* an image is not loaded */
	if (root_dir())
		reload = false;
	for (; i < argc; i++) {
		char *prog = NULL, *file = profile_of(dir, argv[i], &prog);
		int r;

		if (!file)
			continue;
		/* named as given: the program's path, else the file's */
		if ((r = change(cmd, dir, file, prog ? prog : file, prog)) > 0) {
			rc = 1;
		} else if (!r && reload) {
			files = xrealloc(files, (size_t)(nfiles + 1) * sizeof(*files));
			files[nfiles++] = file;
			file = NULL;
		}
		free(prog);
		free(file);
	}
	fflush(stdout);
	/* the files replaced in the kernel (disable: removed from it), as
	 * apparmor_parser -I DIR --base DIR -r (-R) */
	if (!rc && nfiles) {
		char **av = xmalloc((size_t)(nfiles + 7) * sizeof(*av));
		int ac = 0;

		av[ac++] = (char *)"apparmor_parser";
		av[ac++] = (char *)"-I";
		av[ac++] = (char *)dir;
		av[ac++] = (char *)"--base";
		av[ac++] = (char *)dir;
		av[ac++] = (char *)(cmd == M_DISABLE ? "-R" : "-r");
		for (int k = 0; k < nfiles; k++)
			av[ac++] = files[k];
		av[ac] = NULL;
		rc = aa_parser_main(ac, av) ? 1 : 0;
		free(av);
	}
	for (int k = 0; k < nfiles; k++)
		free(files[k]);
	free(files);
	free((char *)dir);
	return rc;
}
