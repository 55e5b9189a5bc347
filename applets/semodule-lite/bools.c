// SPDX-License-Identifier: Apache-2.0
/* bools.c: booleans.local, the boolean values semanage keeps in a store
 * (setsebool -P writes them), read and written as libsemanage 3.4 does,
 * and merged into the policy at each commit.
 *
 * The file: libsemanage's three-line header, then NAME=VALUE records.
 * libsemanage reads records separated by any white space, even across
 * lines; blank lines and lines whose first word starts with '#' are
 * skipped; a value is 0, 1 (as a decimal number), true, TRUE, false or
 * FALSE.  What it would take oddly is refused here instead, each with
 * file:line: a NUL byte, a number over an int, a name given twice (its
 * merge would keep the first, its edit change the last).  At a commit,
 * records for booleans the policy no longer has are dropped from the file
 * (its "obsolete" ones) and the rest set as the policy's values. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "semodule.h"

#ifdef CFG_LIB_SEPOL
#include <sepol/booleans.h>
#include <sepol/policydb.h>
#endif

void smod_bools_free(struct sbools *bl)
{
	for (size_t i = 0; i < bl->n; i++)
		free(bl->v[i].name);
	free(bl->v);
	*bl = (struct sbools){ 0 };
}

struct sbool *smod_bools_find(const struct sbools *bl, const char *name)
{
	for (size_t i = 0; i < bl->n; i++)
		if (!strcmp(bl->v[i].name, name))
			return &bl->v[i];
	return NULL;
}

void smod_bools_set(struct sbools *bl, const char *name, int value)
{
	struct sbool *b = smod_bools_find(bl, name);

	if (!b) {
		XROOM(bl->v, bl->n);
		b = &bl->v[bl->n++];
		b->name = xstrdup(name);
	}
	b->value = value;
}

/* The scanner: p in text, at line `line`.  line_start() from the start of
 * a line goes to the first word of the next line that is neither blank
 * nor a comment; space() skips white space, and at the end of a line goes
 * on as line_start(): libsemanage's parse_skip_space. */
struct scan {
	const char *p, *end, *file;
	int line;
};

static void line_start(struct scan *sc)
{
	while (sc->p < sc->end) {
		const char *q = sc->p, *nl;

		while (q < sc->end && *q != '\n' && isspace((unsigned char)*q))
			q++;
		if (q < sc->end && *q != '\n' && *q != '#') {
			sc->p = q;
			return;
		}
		nl = memchr(q, '\n', (size_t)(sc->end - q));
		if (!nl) {
			sc->p = sc->end;
			return;
		}
		sc->p = nl + 1;
		if (sc->p < sc->end)
			sc->line++;
	}
}

static void space(struct scan *sc)
{
	while (sc->p < sc->end && *sc->p != '\n' && isspace((unsigned char)*sc->p))
		sc->p++;
	if (sc->p < sc->end && *sc->p == '\n') {
		if (++sc->p < sc->end)
			sc->line++;
		line_start(sc);
	}
}

static int bad(struct scan *sc, struct sbools *bl, const char *what)
{
	diag(&(struct srcloc){ sc->file, sc->line, 0 }, "%s", what);
	smod_bools_free(bl);
	return -1;
}

/* The length of the word at p: up to white space or delim. */
static size_t word(const struct scan *sc, char delim)
{
	size_t n = 0;

	while (sc->p + n < sc->end && !isspace((unsigned char)sc->p[n]) && sc->p[n] != delim)
		n++;
	return n;
}

int smod_bools_parse(const char *file, const char *text, size_t len, struct sbools *bl)
{
	struct scan sc = { text, text + len, file, 1 };
	const char *nul = memchr(text, 0, len);

	*bl = (struct sbools){ 0 };
	if (nul) {
		for (const char *q = text; q < nul; q++)
			sc.line += *q == '\n';
		return bad(&sc, bl, "a NUL byte");
	}
	for (line_start(&sc); sc.p < sc.end; space(&sc)) {
		const char *name = sc.p;
		size_t nlen = word(&sc, '=');
		int at = sc.line;
		long v = -1;
		char *nm;
		size_t n;

		if (!nlen)
			return bad(&sc, bl, "a record is NAME=VALUE: no name");
		sc.p += nlen;
		space(&sc);
		if (sc.p == sc.end || *sc.p != '=')
			return bad(&sc, bl, "a record is NAME=VALUE: no '=' after the name");
		sc.p++;
		space(&sc);
		n = word(&sc, ' ');
		if (n >= 4 && (!strncmp(sc.p, "true", 4) || !strncmp(sc.p, "TRUE", 4)))
			v = 1, n = 4;
		else if (n >= 5 && (!strncmp(sc.p, "false", 5) || !strncmp(sc.p, "FALSE", 5)))
			v = 0, n = 5;
		else if (n && isdigit((unsigned char)*sc.p)) {
			/* strtol's decimal, but within the word: text need not
			 * end in a NUL.  Past 1 it only matters that it is. */
			v = 0;
			for (size_t i = 0; i < n && v >= 0; i++)
				v = !isdigit((unsigned char)sc.p[i]) ? -1
				  : v > 1 ? 2 : v * 10 + (sc.p[i] - '0');
		}
		if (v != 0 && v != 1)
			return bad(&sc, bl, "a value is 0, 1, true, TRUE, false or FALSE");
		sc.p += n;
		if (sc.p < sc.end && !isspace((unsigned char)*sc.p))
			return bad(&sc, bl, "no white space after the value");
		nm = xstrndup(name, nlen);
		if (smod_bools_find(bl, nm)) {
			free(nm);
			sc.line = at;
			return bad(&sc, bl, "a boolean given twice");
		}
		smod_bools_set(bl, nm, (int)v);
		free(nm);
	}
	return 0;
}

void smod_bools_text(const struct sbools *bl, struct buf *out)
{
	buf_put_str(out, SMOD_HEADER);
	for (size_t i = 0; i < bl->n; i++)
		buf_printf(out, "%s=%d\n", bl->v[i].name, bl->v[i].value);
}

#ifdef CFG_LIB_SEPOL
/* Whether the policy has a boolean of that name. */
static bool in_policy(sepol_handle_t *h, sepol_policydb_t *pdb, const char *name)
{
	sepol_bool_key_t *key;
	int r = 0;

	if (sepol_bool_key_create(h, name, &key) < 0)
		die("out of memory");
	if (sepol_bool_exists(h, pdb, key, &r) < 0)
		r = 0;
	sepol_bool_key_free(key);
	return r;
}

static int set_value(sepol_handle_t *h, sepol_policydb_t *pdb, const struct sbool *b)
{
	sepol_bool_key_t *key;
	sepol_bool_t *rec;
	int rc;

	if (sepol_bool_key_create(h, b->name, &key) < 0 || sepol_bool_create(h, &rec) < 0 ||
	    sepol_bool_set_name(h, rec, b->name) < 0)
		die("out of memory");
	sepol_bool_set_value(rec, b->value);
	rc = sepol_bool_set(h, pdb, key, rec);
	sepol_bool_free(rec);
	sepol_bool_key_free(key);
	return rc;
}

int smod_bools_merge(struct txn *t, void *policy, const struct sbools *set, bool *merged)
{
	sepol_policydb_t *pdb = policy;
	sepol_handle_t *h = sepol_handle_create();
	struct sbools bl = { 0 };
	struct buf text = BUF_INIT(SMOD_FILE_MAX);
	char *file = xasprintf("%s/active/booleans.local", t->s->dir), *raw;
	bool dirty = false;
	size_t len, k = 0;
	int rc = -1;

	if (!h)
		die("out of memory");
	raw = sat_read(t->tmp, "booleans.local", SMOD_FILE_MAX, &len);
	if (!raw && errno != ENOENT) {
		warn("%s: %s", file, strerror(errno));
		goto out;
	}
	if (raw && smod_bools_parse(file, raw, len, &bl) < 0)
		goto out;
	/* setsebool -P's values: each a boolean of the policy or of the
	 * file, as semanage_bool_exists and semanage_bool_exists_local. */
	for (size_t i = 0; set && i < set->n; i++) {
		if (!in_policy(h, pdb, set->v[i].name) && !smod_bools_find(&bl, set->v[i].name)) {
			fprintf(stderr, "Boolean %s is not defined\n", set->v[i].name);
			goto out;
		}
		smod_bools_set(&bl, set->v[i].name, set->v[i].value);
		dirty = true;
	}
	/* Those the policy lacks dropped; the rest set in it. */
	for (size_t i = 0; i < bl.n; i++) {
		if (!in_policy(h, pdb, bl.v[i].name)) {
			free(bl.v[i].name);
			dirty = true;
			continue;
		}
		bl.v[k++] = bl.v[i];
		if (set_value(h, pdb, &bl.v[k - 1]) < 0) {
			warn("%s: could not set %s in the policy", file, bl.v[k - 1].name);
			bl.n = k;
			goto out;
		}
	}
	bl.n = k;
	*merged = k > 0;
	if (dirty) {
		smod_bools_text(&bl, &text);
		if (text.err || sat_write(t->tmp, "booleans.local", text.p, text.len) < 0) {
			warn("%s/tmp/booleans.local: %s", t->s->dir, text.err ? "too large" : strerror(errno));
			goto out;
		}
	}
	rc = dirty;
out:
	sepol_handle_destroy(h);
	smod_bools_free(&bl);
	buf_free(&text);
	free(raw);
	free(file);
	return rc;
}
#endif
