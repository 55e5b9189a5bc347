// SPDX-License-Identifier: Apache-2.0
/* buf.c: a growable byte buffer for binary output (AppArmor policy records,
 * IMA xattrs, module-signature trailers), bounded by a maximum size. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"

static size_t buf_limit(const struct buf *b)
{
	return b->max ? b->max : BUF_MAX;
}

void buf_init(struct buf *b, size_t max)
{
	*b = (struct buf)BUF_INIT(max);
}

/* Room for n more bytes, never more memory than the limit; -1 (EFBIG, err
 * set) when len + n would pass it. */
static int buf_room(struct buf *b, size_t n)
{
	size_t lim = buf_limit(b), need, cap;

	if (n > lim || b->len > lim - n) {
		b->err = 1;
		errno = EFBIG;
		return -1;
	}
	need = b->len + n;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : 64;
	while (cap < need && cap <= lim / 2)
		cap *= 2;
	if (cap < need || cap > lim)
		cap = lim;
	b->p = xrealloc(b->p, cap);
	b->cap = cap;
	return 0;
}

void *buf_grow(struct buf *b, size_t n)
{
	uint8_t *d;

	if (buf_room(b, n) < 0)
		return NULL;
	d = b->p + b->len;
	memset(d, 0, n);
	b->len += n;
	return d;
}

int buf_put(struct buf *b, const void *p, size_t n)
{
	if (buf_room(b, n) < 0)
		return -1;
	if (n)
		memcpy(b->p + b->len, p, n);
	b->len += n;
	return 0;
}

int buf_put_str(struct buf *b, const char *s)
{
	return buf_put(b, s, strlen(s));
}

int buf_put_strz(struct buf *b, const char *s)
{
	return buf_put(b, s, strlen(s) + 1);
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n, r;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		die("out of memory");
	r = buf_put(b, s, (size_t)n);
	free(s);
	return r;
}

static void put_le(uint8_t *d, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		d[i] = (uint8_t)(v >> (8 * i));
}

static void put_be(uint8_t *d, uint64_t v, int n)
{
	for (int i = 0; i < n; i++)
		d[i] = (uint8_t)(v >> (8 * (n - 1 - i)));
}

static int put_int(struct buf *b, uint64_t v, int n, int be)
{
	uint8_t d[8];

	(be ? put_be : put_le)(d, v, n);
	return buf_put(b, d, (size_t)n);
}

int buf_put_u8(struct buf *b, uint8_t v) { return buf_put(b, &v, 1); }
int buf_put_u16le(struct buf *b, uint16_t v) { return put_int(b, v, 2, 0); }
int buf_put_u16be(struct buf *b, uint16_t v) { return put_int(b, v, 2, 1); }
int buf_put_u32le(struct buf *b, uint32_t v) { return put_int(b, v, 4, 0); }
int buf_put_u32be(struct buf *b, uint32_t v) { return put_int(b, v, 4, 1); }
int buf_put_u64le(struct buf *b, uint64_t v) { return put_int(b, v, 8, 0); }
int buf_put_u64be(struct buf *b, uint64_t v) { return put_int(b, v, 8, 1); }

/* A field written before its value is known (a length, a count). */
static int set_int(struct buf *b, size_t off, uint64_t v, int n, int be)
{
	if (off > b->len || b->len - off < (size_t)n) {
		errno = EINVAL;
		return -1;
	}
	(be ? put_be : put_le)(b->p + off, v, n);
	return 0;
}

int buf_set_u16le(struct buf *b, size_t off, uint16_t v) { return set_int(b, off, v, 2, 0); }
int buf_set_u16be(struct buf *b, size_t off, uint16_t v) { return set_int(b, off, v, 2, 1); }
int buf_set_u32le(struct buf *b, size_t off, uint32_t v) { return set_int(b, off, v, 4, 0); }
int buf_set_u32be(struct buf *b, size_t off, uint32_t v) { return set_int(b, off, v, 4, 1); }
int buf_set_u64le(struct buf *b, size_t off, uint64_t v) { return set_int(b, off, v, 8, 0); }
int buf_set_u64be(struct buf *b, size_t off, uint64_t v) { return set_int(b, off, v, 8, 1); }

int buf_pad(struct buf *b, size_t n, uint8_t byte)
{
	uint8_t *d = buf_grow(b, n);

	if (!d)
		return -1;
	memset(d, byte, n);
	return 0;
}

int buf_align(struct buf *b, size_t align, uint8_t byte)
{
	if (!align) {
		errno = EINVAL;
		return -1;
	}
	return buf_pad(b, (align - b->len % align) % align, byte);
}

void buf_reset(struct buf *b)
{
	b->len = 0;
	b->err = 0;
}

void buf_free(struct buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->err = 0;
}
