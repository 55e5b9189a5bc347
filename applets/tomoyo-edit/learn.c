// SPDX-License-Identifier: Apache-2.0
/* learn.c: what learning mode recorded, made into patterns: the rewrite
 * rules of tomoyo-patternize (patternize.conf: path_pattern, head_pattern,
 * tail_pattern, each with an optional @GROUP), and tomoyo-findtemp's test
 * (a name that does not exist now was a temporary one).  The first rule
 * that matches a word wins; matching is the kernel's (word.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lsmbox.h"
#include "tomoyo.h"

enum { R_PATH, R_HEAD, R_TAIL };

struct rule {
	int kind;
	char *pattern, *group;	/* group: "@NAME" or NULL */
};

struct tmy_rules {
	struct rule *v;
	int n, cap;
	bool temp;
};

/* Names the kernel makes up per process or per object: always patterns.
 * (The first lines of tomoyo-tools' patternize.conf, and sockets.) */
static const char builtin[] =
	"rewrite path_pattern proc:/self/task/\\$/fdinfo/\\$\n"
	"rewrite path_pattern proc:/self/task/\\$/fd/\\$\n"
	"rewrite head_pattern proc:/self/task/\\$/\n"
	"rewrite path_pattern proc:/self/fdinfo/\\$\n"
	"rewrite path_pattern proc:/self/fd/\\$\n"
	"rewrite path_pattern proc:/\\$/task/\\$/fdinfo/\\$\n"
	"rewrite path_pattern proc:/\\$/task/\\$/fd/\\$\n"
	"rewrite head_pattern proc:/\\$/task/\\$/\n"
	"rewrite path_pattern proc:/\\$/fdinfo/\\$\n"
	"rewrite path_pattern proc:/\\$/fd/\\$\n"
	"rewrite head_pattern proc:/\\$/\n"
	"rewrite path_pattern devpts:/\\$\n"
	"rewrite path_pattern pipe:[\\$]\n"
	"rewrite path_pattern pipefs:/[\\$]\n"
	"rewrite path_pattern socket:[\\$]\n"
	"rewrite path_pattern sockfs:/[\\$]\n"
	"rewrite path_pattern anon_inode:[\\*]\n";

struct tmy_rules *tmy_rules_new(bool temp)
{
	struct tmy_rules *r = xzalloc(sizeof(*r));

	r->temp = temp;
	tmy_rules_read(r, builtin, sizeof(builtin) - 1, "(built-in rules)");
	return r;
}

int tmy_rules_read(struct tmy_rules *r, const char *text, size_t len, const char *name)
{
	const char *s = text, *end = text + len;
	int line = 0, bad = 0;
	static const char *const kinds[] = { "path_pattern", "head_pattern", "tail_pattern" };

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *e = nl ? nl : end;
		char *l = xstrndup(s, (size_t)(e - s)), *w[4] = { 0 }, *save = NULL, *t;
		struct srcloc loc = { name, ++line, 0 };
		int nw = 0, k;

		s = nl ? nl + 1 : end;
		tmy_normalize(l);
		for (t = strtok_r(l, " ", &save); t && nw < 4; t = strtok_r(NULL, " ", &save))
			w[nw++] = t;
		if (!nw || *w[0] == '#') {
			free(l);
			continue;
		}
		for (k = 0; k < 3 && !(nw > 1 && !strcmp(w[1], kinds[k])); k++)
			;
		if (strcmp(w[0], "rewrite") || nw < 3 || nw > 4 || strtok_r(NULL, " ", &save)) {
			diag(&loc, "not 'rewrite path_pattern|head_pattern|tail_pattern PATTERN [@GROUP]'");
			bad++;
		} else if (k == 3) {
			diag(&loc, "'%s': only path_pattern, head_pattern and tail_pattern are "
			     "supported", w[1]);
			bad++;
		} else if (!tmy_word_ok(w[2], strlen(w[2])) ||
			   (k == R_HEAD && w[2][strlen(w[2]) - 1] != '/') ||
			   (k == R_TAIL && w[2][0] != '/')) {
			diag(&loc, "bad pattern '%s'%s", w[2], k == R_HEAD ? " (a head ends in /)" :
			     k == R_TAIL ? " (a tail starts with /)" : "");
			bad++;
		} else if (nw == 4 && (w[3][0] != '@' || !tmy_word_ok(w[3] + 1, strlen(w[3] + 1)))) {
			diag(&loc, "bad group '%s' (@NAME)", w[3]);
			bad++;
		} else {
			if (r->n == r->cap) {
				r->cap = r->cap ? 2 * r->cap : 32;
				r->v = xrealloc(r->v, (size_t)r->cap * sizeof(*r->v));
			}
			r->v[r->n].kind = k;
			r->v[r->n].pattern = xstrdup(w[2]);
			r->v[r->n].group = nw == 4 ? xstrdup(w[3]) : NULL;
			r->n++;
		}
		free(l);
	}
	return bad;
}

/* The bytes a word names: \\ and \ooo decoded. */
static char *unescape(const char *w)
{
	char *s = xmalloc(strlen(w) + 1), *d = s;

	while (*w) {
		if (w[0] == '\\' && w[1] == '\\') {
			*d++ = '\\';
			w += 2;
		} else if (w[0] == '\\' && w[1] >= '0' && w[1] <= '3') {
			*d++ = (char)((w[1] - '0') << 6 | (w[2] - '0') << 3 | (w[3] - '0'));
			w += 4;
		} else {
			*d++ = *w++;
		}
	}
	*d = 0;
	return s;
}

/* tomoyo-findtemp's test: an absolute name without wildcards that is not
 * there now (under --root: in the image). */
static bool temporary(const char *w)
{
	struct stat st;
	char *path, *host;
	bool gone;

	if (w[0] != '/' || tmy_word_patterned(w))
		return false;
	path = unescape(w);
	host = root_file(path, ROOT_NOFOLLOW);
	/* No such directory on the way counts as not there. */
	gone = host ? lstat(host, &st) && errno == ENOENT : errno == ENOENT;
	free(host);
	free(path);
	return gone;
}

char *tmy_rules_apply(const char *word, void *arg)
{
	const struct tmy_rules *r = arg;
	size_t len = strlen(word);

	for (int i = 0; i < r->n; i++) {
		const struct rule *u = &r->v[i];

		if (u->kind == R_PATH && tmy_path_matches(word, u->pattern))
			return xstrdup(u->group ? u->group : u->pattern);
		for (size_t j = 0; u->kind != R_PATH && j < len; j++) {
			char *part;
			bool m;

			if (word[j] != '/')
				continue;
			/* head: word[0..j] with its '/'; tail: word[j..]. */
			part = u->kind == R_HEAD ? xstrndup(word, j + 1) : xstrdup(word + j);
			m = tmy_path_matches(part, u->pattern);
			free(part);
			if (m)
				return u->kind == R_HEAD ? xasprintf("%s%s", u->pattern, word + j + 1)
							 : xasprintf("%.*s%s", (int)j, word, u->pattern);
		}
	}
	if (r->temp && temporary(word)) {
		/* The last component, whatever it was, is any name. */
		bool dir = word[len - 1] == '/';
		const char *slash = word + len - 1 - dir;

		while (slash > word && *slash != '/')
			slash--;
		return xasprintf("%.*s/\\*%s", (int)(slash - word), word, dir ? "/" : "");
	}
	return NULL;
}

void tmy_rules_free(struct tmy_rules *r)
{
	for (int i = 0; i < r->n; i++) {
		free(r->v[i].pattern);
		free(r->v[i].group);
	}
	free(r->v);
	free(r);
}
