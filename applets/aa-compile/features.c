// SPDX-License-Identifier: Apache-2.0
/* features.c: a kernel features file (apparmor_parser's -M, the format
 * aa-features-abi writes: NAME { ... } nested, words inside) read into the
 * set of NAMEs and words by their path (policy/versions/v7, network_v8,
 * domain/stack...).  aa-compile uses it to pick what it writes: the ABI
 * version in each record's header and the classes of the policy DB. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "aa.h"

enum { MAX_FEATURES = 1 << 20, MAX_DEPTH = 16 };

static bool sep(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

int aa_features_read(const char *file, struct aa_features *f)
{
	struct buf path = BUF_INIT(0);
	char *text = NULL;
	size_t len;
	size_t depth_at[MAX_DEPTH];
	int fd, depth = 0, rc = -1;
	const char *s, *end;

	*f = (struct aa_features){ 0 };
	fd = open(file, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		warn("%s: %s", file, strerror(errno));
		return -1;
	}
	text = read_fd_max(fd, MAX_FEATURES, &len);
	close(fd);
	if (!text) {
		warn("%s: unreadable, or over %d bytes", file, MAX_FEATURES);
		goto out;
	}
	s = text;
	end = s + len;
	while (s < end) {
		const char *w = s;
		size_t n, keep = path.len;

		if (sep(*s)) {
			s++;
			continue;
		}
		if (*s == '}') {
			if (!depth) {
				warn("%s: a } without its {", file);
				goto out;
			}
			path.len = depth_at[--depth];
			s++;
			continue;
		}
		while (s < end && !sep(*s) && *s != '{' && *s != '}')
			s++;
		if (!(n = (size_t)(s - w))) {
			warn("%s: a { without a name", file);
			goto out;
		}
		while (s < end && sep(*s))
			s++;
		if (path.len)
			buf_put_u8(&path, '/');
		buf_put(&path, w, n);
		if (f->n == 4096) {
			warn("%s: over 4096 names", file);
			goto out;
		}
		f->names = xrealloc(f->names, (size_t)(f->n + 1) * sizeof(*f->names));
		f->names[f->n++] = xstrndup((const char *)path.p, path.len);
		/* NAME { opens a directory; another word is a value in this one */
		if (s < end && *s == '{') {
			if (depth == MAX_DEPTH) {
				warn("%s: nested over %d deep", file, MAX_DEPTH);
				goto out;
			}
			depth_at[depth++] = keep;
			s++;
		} else {
			path.len = keep;
		}
	}
	if (depth) {
		warn("%s: a { without its }", file);
		goto out;
	}
	rc = 0;
out:
	free(text);
	buf_free(&path);
	if (rc)
		aa_features_free(f);
	return rc;
}

bool aa_features_has(const struct aa_features *f, const char *path)
{
	for (int i = 0; i < f->n; i++)
		if (!strcmp(f->names[i], path))
			return true;
	return false;
}

void aa_features_free(struct aa_features *f)
{
	for (int i = 0; i < f->n; i++)
		free(f->names[i]);
	free(f->names);
	*f = (struct aa_features){ 0 };
}
