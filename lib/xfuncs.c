// SPDX-License-Identifier: Apache-2.0
/* xfuncs.c: allocation, open, read and write wrappers that either succeed or
 * die with "APPLET: what: strerror", the one number parser, and the small
 * string helpers applets share (trimming, JSON quoting). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsmbox.h"

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xzalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xrealloc(void *old, size_t n)
{
	void *p = realloc(old, n ? n : 1);

	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

void *xroom(void *v, size_t n, size_t size)
{
	size_t want;

	if (n & (n - 1))
		return v;	/* not a power of two: the last growth made room */
	want = n ? 2 * n : 1;
	if (want < n || want > SIZE_MAX / size)
		die("out of memory (%zu elements of %zu bytes)", n, size);
	return xrealloc(v, want * size);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *xstrndup(const char *s, size_t n)
{
	size_t len = strnlen(s, n);
	char *p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = 0;
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *p;

	va_start(ap, fmt);
	if (vasprintf(&p, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	return p;
}

int xopen(const char *path, int flags, ...)
{
	mode_t mode = 0;
	va_list ap;
	int fd;

	if (flags & (O_CREAT | O_TMPFILE)) {
		va_start(ap, flags);
		mode = va_arg(ap, mode_t);
		va_end(ap);
	}
	fd = open(path, flags | O_CLOEXEC, mode);
	if (fd < 0)
		die_errno("%s", path);
	return fd;
}

void xclose(int fd)
{
	if (close(fd) < 0 && errno != EINTR)
		die_errno("close");
}

/* Loops over short writes and EINTR; returns len, or -1 with errno. */
ssize_t write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, p + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		done += n;
	}
	return done;
}

void xwrite_all(int fd, const void *buf, size_t len, const char *what)
{
	if (write_all(fd, buf, len) < 0)
		die_errno("write %s", what);
}

/* Reads until len bytes or end of file; returns the count, or -1 with errno. */
ssize_t read_all(int fd, void *buf, size_t len)
{
	char *p = buf;
	size_t done = 0;

	while (done < len) {
		ssize_t n = read(fd, p + done, len - done);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		if (n == 0)
			break;
		done += n;
	}
	return done;
}

long long xstrtonum(const char *s, long long min, long long max, const char *what)
{
	char *end;
	long long v;
	/* Decimal, or hex with 0x: a leading 0 is not octal, to scripts' surprise. */
	int base = (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10;

	errno = 0;
	v = strtoll(s, &end, base);
	if (!*s || *s == ' ' || *s == '\t' || *end || errno == ERANGE || v < min || v > max)
		usage_error("%s: not a number in %lld..%lld: '%s'", what, min, max, str_esc(s, SHOWN_MAX));
	return v;
}

/* Length of the valid UTF-8 sequence at s, of the avail bytes there
 * (shortest form, no surrogates, at most U+10FFFF), or 0; with c1, the C1
 * controls U+0080-U+009F count as invalid too (a terminal obeys them).
 * Nothing past avail is read: a sequence cut short there is invalid. */
static int utf8_len(const unsigned char *s, size_t avail, int c1)
{
	unsigned c = s[0], cp;
	int n;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, cp = c & 0x07;
	else
		return 0;
	if ((size_t)n > avail)
		return 0;
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 2 && c1 && cp < 0xa0) || (n == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (n == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return n;
}

void json_quote(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	if (!s) {
		fputs("null", stdout);
		return;
	}
	putchar('"');
	while (*s) {
		int n = utf8_len(s, SIZE_MAX, 0);	/* the NUL ends a sequence too */

		if (*s == '"' || *s == '\\')
			printf("\\%c", *s);
		else if (*s < 0x20 || *s == 0x7f)
			printf("\\u%04x", *s);
		else if (!n)
			printf("\\udc%02x", *s);
		else
			fwrite(s, 1, n, stdout);
		s += n ? n : 1;
	}
	putchar('"');
}

const char *mem_esc(const char *str, size_t len, size_t max)
{
	static char *ring[8];
	static unsigned next;
	const unsigned char *s = (const unsigned char *)str;
	size_t n = len < max ? len : max, at = 0;
	char *out, *o;
	int err = errno;

	free(ring[next % 8]);
	out = o = ring[next++ % 8] = xmalloc(n * 4 + 4);
	while (at < n) {
		int l = s[at] ? utf8_len(s + at, n - at, 1) : 0;

		if (s[at] == '\t' || s[at] == '\n' || s[at] == '\r') {
			o += sprintf(o, "\\%c", s[at] == '\t' ? 't' : s[at] == '\n' ? 'n' : 'r');
			at++;
		} else if (s[at] < 0x20 || s[at] == 0x7f || !l) {	/* l never runs past n */
			o += sprintf(o, "\\x%02x", s[at]);
			at++;
		} else {
			memcpy(o, s + at, l);
			o += l;
			at += l;
		}
	}
	strcpy(o, len > max ? "..." : "");
	errno = err;
	return out;
}

const char *str_esc(const char *s, size_t max)
{
	return mem_esc(s, strlen(s), max);
}

char *next_line(char **textp)
{
	char *line = *textp, *nl;

	if (!*line)
		return NULL;
	nl = strchr(line, '\n');
	if (nl) {
		*nl = 0;
		*textp = nl + 1;
	} else {
		*textp = line + strlen(line);
	}
	return line;
}

char *str_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}
