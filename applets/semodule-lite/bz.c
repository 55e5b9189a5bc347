// SPDX-License-Identifier: Apache-2.0
/* bz.c: the store's compressed files (cil, hll) as libsemanage 3.4 reads
 * and writes them: bzip2 known by its "BZh" magic, anything else as is. */
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "semodule.h"

#ifdef CFG_LIB_BZ2
#include <bzlib.h>
#endif

/* libsemanage's test for a compressed file: these three bytes first. */
#define BZ_MAGIC "BZh"
#define BZ_MAGIC_LEN 3

/* What out can still take: `want`, or less when its own max is nearer. */
static size_t room(const struct buf *out, size_t want)
{
	size_t lim = out->max ? out->max : BUF_MAX;
	size_t left = out->len < lim ? lim - out->len : 0;

	return want < left ? want : left;
}

#ifdef CFG_LIB_BZ2
/* libbz2 works through a window this big; the result is copied from it into
 * out, so that out grows only by what was made and memory stays bounded by
 * the caller's max, not by what the data claims. */
#define CHUNK ((size_t)32 << 10)
/* avail_in is an unsigned int: input goes in at most this much at a time. */
#define FEED_MAX ((size_t)1 << 30)

/* Allocation failure dies, as it does everywhere else (xmalloc). */
static void *bz_alloc(void *opaque, int n, int m)
{
	(void)opaque;
	return xmalloc((size_t)n * (size_t)m);
}

static void bz_free(void *opaque, void *p)
{
	(void)opaque;
	free(p);
}

/* The next piece of the input, once libbz2 has taken the last. */
static void feed(bz_stream *s, const char **in, size_t *left)
{
	size_t n = *left < FEED_MAX ? *left : FEED_MAX;

	if (s->avail_in)
		return;
	s->next_in = (char *)*in;	/* libbz2 only reads it */
	s->avail_in = (unsigned)n;
	*in += n;
	*left -= n;
}

/* One bzip2 stream, as libsemanage's BZ2_bzRead loop takes it: done at the
 * first stream end, whatever follows it (a second stream, trailing bytes) is
 * not read.  Where that loop fails, libsemanage 3.4 goes on with the file's
 * raw bytes (map_compressed_file); we refuse, so that a damaged store file
 * is named rather than fed to the CIL compiler or extracted still packed.
 * Small-memory decoding (semanage.conf bzip-small) gives the same bytes more
 * slowly, so it is not offered. */
static int bunzip(const char *name, const char *in, size_t len, size_t lim, struct buf *out)
{
	bz_stream s = { .bzalloc = bz_alloc, .bzfree = bz_free };
	char chunk[CHUNK];
	size_t start = out->len, n;
	const char *why;
	int r;

	if (BZ2_bzDecompressInit(&s, 0, 0) != BZ_OK) {
		warn("%s: cannot start bzip2", str_esc(name, SIZE_MAX));
		return -1;
	}
	for (;;) {
		feed(&s, &in, &len);
		s.next_out = chunk;
		s.avail_out = CHUNK;
		r = BZ2_bzDecompress(&s);
		n = CHUNK - s.avail_out;
		if (n > lim - (out->len - start))
			goto too_big;
		buf_put(out, chunk, n);
		if (r == BZ_STREAM_END)
			break;
		if (r != BZ_OK) {
			why = "corrupt";
			goto bad;
		}
		/* All input taken, room for more output, and no stream end:
		 * the stream stops short (bzlib's BZ_UNEXPECTED_EOF). */
		if (!s.avail_in && !len && s.avail_out) {
			why = "truncated";
			goto bad;
		}
	}
	BZ2_bzDecompressEnd(&s);
	return 0;

too_big:
	warn("%s: more than %zu bytes unpacked", str_esc(name, SIZE_MAX), lim);
	goto fail;
bad:
	warn("%s: %s bzip2 data", str_esc(name, SIZE_MAX), why);
fail:
	BZ2_bzDecompressEnd(&s);
	out->len = start;	/* nothing of a failed unpack is kept */
	return -1;
}

/* What libsemanage's BZ2_bzWriteOpen(level, verbosity 0, workFactor 0)
 * writes: the same bytes as bzip2 -LEVEL. */
static int bzip(const char *in, size_t len, int level, struct buf *out)
{
	bz_stream s = { .bzalloc = bz_alloc, .bzfree = bz_free };
	char chunk[CHUNK];
	size_t start = out->len, lim = room(out, SIZE_MAX), n;
	int r;

	if (BZ2_bzCompressInit(&s, level, 0, 0) != BZ_OK) {
		warn("cannot start bzip2 (block size %d)", level);
		return -1;
	}
	do {
		feed(&s, &in, &len);
		s.next_out = chunk;
		s.avail_out = CHUNK;
		/* BZ_FINISH once the last piece is in: it must not grow after. */
		r = BZ2_bzCompress(&s, len ? BZ_RUN : BZ_FINISH);
		n = CHUNK - s.avail_out;
		if (r != BZ_RUN_OK && r != BZ_FINISH_OK && r != BZ_STREAM_END) {
			warn("bzip2 failed (%d)", r);
			goto fail;
		}
		if (n > lim - (out->len - start)) {
			warn("more than %zu bytes packed", lim);
			goto fail;
		}
		buf_put(out, chunk, n);
	} while (r != BZ_STREAM_END);
	BZ2_bzCompressEnd(&s);
	return 0;

fail:
	BZ2_bzCompressEnd(&s);
	out->len = start;
	return -1;
}
#endif

int smod_unpack(const char *name, const void *in, size_t len, size_t max, struct buf *out)
{
	size_t lim = room(out, max);

	if (len < BZ_MAGIC_LEN || memcmp(in, BZ_MAGIC, BZ_MAGIC_LEN)) {
		if (len > lim) {
			warn("%s: more than %zu bytes unpacked", str_esc(name, SIZE_MAX), lim);
			return -1;
		}
		buf_put(out, in, len);
		return 0;
	}
#ifdef CFG_LIB_BZ2
	return bunzip(name, in, len, lim, out);
#else
	warn("%s: bzip2-compressed, and this lsmbox was built without LIB_BZ2",
	     str_esc(name, SIZE_MAX));
	return -1;
#endif
}

int smod_pack(const void *in, size_t len, int level, struct buf *out)
{
	/* semanage.conf's bzip-blocksize: 0 stores as is, 1-9 is bzip2's. */
	if (level < 0 || level > 9) {
		warn("bzip-blocksize %d: not in 0..9", level);
		return -1;
	}
#ifdef CFG_LIB_BZ2
	if (level)
		return bzip(in, len, level, out);
#endif
	if (len > room(out, SIZE_MAX)) {
		warn("more than %zu bytes packed", room(out, SIZE_MAX));
		return -1;
	}
	buf_put(out, in, len);
	return 0;
}
