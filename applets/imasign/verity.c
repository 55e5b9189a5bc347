// SPDX-License-Identifier: Apache-2.0
/* verity.c: the fs-verity file digest (Linux's
 * Documentation/filesystems/fsverity.rst), computed here from the file's
 * bytes, so that a file can be signed for IMA's sigv3 before fs-verity is
 * enabled on it, on an image tree or anywhere else.
 *
 * The Merkle tree: the data in blocks of 2^log_blocksize bytes, the last
 * zero-padded, each hashed as H(salt' || block), salt' the salt
 * zero-padded to a multiple of the hash's own block size (nothing when
 * there is no salt).  The hashes of a level are packed into blocks, the
 * last zero-padded, and hashed the same way into the next level, until a
 * level is one block: its hash is the root hash.  A file of one block has
 * no tree (its block's hash is the root hash); an empty one's root hash
 * is all zeros.  The file digest is H(the 256-byte fsverity_descriptor: version
 * 1, hash number, log_blocksize, salt size, a zero sig_size, le64 data
 * size, the root hash, the salt, zeros).
 *
 * The tree is never kept: one block a level is, and the levels are known
 * from the size before reading, so memory is at most 16 blocks. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "imasign.h"

#define VERITY_MAX_LEVELS 16	/* 2^63 bytes in 1 KiB blocks of 16 SHA-512 hashes: 14 */
#define DESC_SIZE 256

struct tree {
	const struct verity_params *p;
	size_t bs, ds;			/* block and digest size */
	uint8_t salt[128];		/* zero-padded to the hash's block size */
	size_t saltlen;
	int levels;
	uint8_t *buf[VERITY_MAX_LEVELS];
	size_t fill[VERITY_MAX_LEVELS];
	uint8_t root[IMA_MAX_DIGEST];
};

static int block_hash(const struct tree *t, const uint8_t *block, uint8_t *out)
{
	return ima_mem_digest2(t->p->h, t->salt, t->saltlen, block, t->bs, out);
}

static int push(struct tree *t, int level, const uint8_t *hash);

/* A level's block, full or the last one padded, hashed into the level
 * above, or, at the top, into the root. */
static int flush(struct tree *t, int level)
{
	uint8_t h[IMA_MAX_DIGEST];
	int r;

	if ((r = block_hash(t, t->buf[level], h)))
		return r;
	t->fill[level] = 0;
	if (level == t->levels - 1) {
		memcpy(t->root, h, t->ds);
		return 0;
	}
	return push(t, level + 1, h);
}

/* A hash into a level's block, flushed when full. */
static int push(struct tree *t, int level, const uint8_t *hash)
{
	memcpy(t->buf[level] + t->fill[level], hash, t->ds);
	if ((t->fill[level] += t->ds) < t->bs)
		return 0;
	return flush(t, level);
}

const char *verity_params_check(const struct verity_params *p)
{
	if (strcmp(p->h->name, "sha256") && strcmp(p->h->name, "sha512"))
		return "fs-verity hashes with sha256 or sha512 only";
	if (p->log_blocksize < 10 || p->log_blocksize > 16)
		return "the fs-verity block size is a power of 2 from 1024 to 65536";
	if (p->saltlen > VERITY_SALT_MAX)
		return "the fs-verity salt is at most 32 bytes";
	return NULL;
}

int verity_digest(int fd, const struct verity_params *p, uint8_t *out, uint8_t *rbuf)
{
	struct tree t = { .p = p };
	struct stat st;
	uint8_t desc[DESC_SIZE] = { 1 }, h[IMA_MAX_DIGEST];
	uint64_t size, left, blocks;
	size_t hblock;
	int r = 0;

	if (verity_params_check(p))
		return -EINVAL;
	if (fstat(fd, &st) < 0)
		return -errno;
	if (!S_ISREG(st.st_mode))
		return -EINVAL;
	size = (uint64_t)st.st_size;
	t.bs = (size_t)1 << p->log_blocksize;
	t.ds = p->h->size;
	hblock = t.ds == 32 ? 64 : 128;	/* SHA-256's and SHA-512's input block */
	if (p->saltlen) {
		memcpy(t.salt, p->salt, p->saltlen);
		t.saltlen = (p->saltlen + hblock - 1) / hblock * hblock;
	}
	memset(t.root, 0, sizeof(t.root));
	if (size) {
		/* a file of one block has no tree: that block's hash is the root */
		for (blocks = (size - 1) / t.bs + 1; blocks > 1; t.levels++)
			blocks = (blocks - 1) / (t.bs / t.ds) + 1;
		for (int i = 0; i < t.levels; i++)
			t.buf[i] = xzalloc(t.bs);
	}
	/* the data, a read buffer at a time, a block at a time: rbuf holds
	 * READ_BLOCK bytes, a multiple of every block size */
	for (left = size; left && !r;) {
		size_t want = left < READ_BLOCK ? (size_t)left : READ_BLOCK, got = 0;

		while (got < want) {
			ssize_t n = read(fd, rbuf + got, want - got);

			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				r = n < 0 ? -errno : -ESTALE;	/* shorter than it was */
				break;
			}
			got += (size_t)n;
		}
		if (r)
			break;
		left -= want;
		for (size_t off = 0; off < want && !r; off += t.bs) {
			size_t n = want - off < t.bs ? want - off : t.bs;

			if (n < t.bs)	/* the last block, zero-padded */
				memset(rbuf + off + n, 0, t.bs - n);
			if ((r = block_hash(&t, rbuf + off, h)))
				break;
			if (t.levels)
				r = push(&t, 0, h);
			else
				memcpy(t.root, h, t.ds);
		}
	}
	/* the levels' last blocks, zero-padded, from the bottom up */
	for (int i = 0; i < t.levels && !r; i++)
		if (t.fill[i]) {
			memset(t.buf[i] + t.fill[i], 0, t.bs - t.fill[i]);
			r = flush(&t, i);
		}
	for (int i = 0; i < t.levels; i++)
		free(t.buf[i]);
	if (r)
		return r;
	desc[1] = t.ds == 32 ? 1 : 2;	/* FS_VERITY_HASH_ALG_SHA256, _SHA512 */
	desc[2] = (uint8_t)p->log_blocksize;
	desc[3] = (uint8_t)p->saltlen;
	for (int i = 0; i < 8; i++)
		desc[8 + i] = (uint8_t)(size >> 8 * i);
	memcpy(desc + 16, t.root, t.ds);
	memcpy(desc + 80, p->salt, p->saltlen);
	return ima_mem_digest(p->h, desc, sizeof(desc), out);
}

int ima_file_id_hash(uint8_t type, const struct ima_hash *h, const uint8_t *digest, uint8_t *out)
{
	uint8_t id[2 + IMA_MAX_DIGEST];

	id[0] = type;
	id[1] = h->algo;
	memcpy(id + 2, digest, h->size);
	return ima_mem_digest(h, id, 2 + (size_t)h->size, out);
}
