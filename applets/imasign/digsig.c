// SPDX-License-Identifier: Apache-2.0
/* digsig.c: the formats IMA reads: hash algorithm numbers, digest and v2
 * signature values of security.ima, and file digests (our SHA kernels,
 * OpenSSL for the rest). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "lsmbox.h"
#include "crypto.h"
#include "imasign.h"

/* Those evmctl 1.4 names, with the kernel's numbers (hash_info.h). */
static const struct ima_hash hashes[] = {
	{ "md4", 0, 16 },
	{ "md5", 1, 16 },
	{ "sha1", 2, 20 },
	{ "rmd160", 3, 20 },
	{ "sha256", 4, 32 },
	{ "sha384", 5, 48 },
	{ "sha512", 6, 64 },
	{ "sha224", 7, 28 },
	{ "sm3", 17, 32 },
	{ "streebog256", 18, 32 },
	{ "streebog512", 19, 64 },
};

/* The kernel's HASH_ALGO__LAST in 6.1: a number past it is -ENOPKG there. */
#define HASH_ALGO_LAST 20

const struct ima_hash *ima_hash_by_name(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(hashes); i++)
		if (!strcmp(hashes[i].name, name))
			return &hashes[i];
	return NULL;
}

const struct ima_hash *ima_hash_by_algo(unsigned algo)
{
	for (size_t i = 0; i < ARRAY_SIZE(hashes); i++)
		if (hashes[i].algo == algo)
			return &hashes[i];
	return NULL;
}

/* OpenSSL's name for the hashes we have no kernel of. */
static const char *ossl_name(const struct ima_hash *h)
{
	return !strcmp(h->name, "rmd160") ? "RIPEMD160"
	       : !strcmp(h->name, "streebog256") ? "md_gost12_256"
	       : !strcmp(h->name, "streebog512") ? "md_gost12_512" : h->name;
}

/* A digest in progress: one of our drivers, or an OpenSSL context. */
struct dctx {
	struct hash_ctx c;
	EVP_MD_CTX *x;
	EVP_MD *md;
};

static int d_init(struct dctx *d, const struct ima_hash *h)
{
	const struct hash_alg *a = hash_alg(h->name);

	d->x = NULL;
	d->md = NULL;
	if (a && a->digestsize == h->size)
		return hash_init(&d->c, a);
	if (!(d->md = EVP_MD_fetch(NULL, ossl_name(h), NULL)))
		return -ENOENT;
	if (!(d->x = EVP_MD_CTX_new()) || !EVP_DigestInit_ex(d->x, d->md, NULL)) {
		EVP_MD_CTX_free(d->x);
		EVP_MD_free(d->md);
		return -ENOENT;
	}
	return 0;
}

static int d_update(struct dctx *d, const void *p, size_t n)
{
	if (d->x)
		return EVP_DigestUpdate(d->x, p, n) ? 0 : -EIO;
	return hash_update(&d->c, p, n);
}

static void d_abort(struct dctx *d)
{
	if (d->x) {
		EVP_MD_CTX_free(d->x);
		EVP_MD_free(d->md);
	} else {
		hash_release(&d->c);
	}
}

static int d_final(struct dctx *d, uint8_t *out)
{
	int r;

	if (!d->x)
		return hash_final(&d->c, out);
	r = EVP_DigestFinal_ex(d->x, out, NULL) ? 0 : -EIO;
	d_abort(d);
	return r;
}

int ima_mem_digest(const struct ima_hash *h, const void *p, size_t n, uint8_t *out)
{
	struct dctx d;
	int r = d_init(&d, h);

	if (r)
		return r;
	if ((r = d_update(&d, p, n))) {
		d_abort(&d);
		return r;
	}
	return d_final(&d, out);
}

int ima_mem_digest2(const struct ima_hash *h, const void *p1, size_t n1, const void *p2, size_t n2,
		    uint8_t *out)
{
	struct dctx d;
	int r = d_init(&d, h);

	if (r)
		return r;
	if ((n1 && (r = d_update(&d, p1, n1))) || (r = d_update(&d, p2, n2))) {
		d_abort(&d);
		return r;
	}
	return d_final(&d, out);
}

void ima_pcr_extend(const struct ima_hash *h, uint8_t *pcr, const uint8_t *d)
{
	ima_mem_digest2(h, pcr, h->size, d, h->size, pcr);
}

/* Large reads: the page cache gives a megabyte as cheaply as a page, and
 * each read is a system call saved. */
int ima_file_digest(const struct ima_hash *h, int fd, uint8_t *out, uint8_t *buf)
{
	struct dctx d;
	int r;

	if ((r = d_init(&d, h)))
		return r;
	for (;;) {
		ssize_t n = read(fd, buf, READ_BLOCK);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			r = n < 0 ? -errno : 0;
			break;
		}
		if ((r = d_update(&d, buf, (size_t)n)))
			break;
	}
	if (r) {
		d_abort(&d);
		return r;
	}
	return d_final(&d, out);
}

int hex_decode(const char *s, size_t n, uint8_t *out)
{
	if (n % 2)
		return -1;
	for (size_t i = 0; i < n; i += 2) {
		int v[2];

		for (int k = 0; k < 2; k++) {
			int c = (unsigned char)s[i + k];

			v[k] = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
			       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
			if (v[k] < 0)
				return -1;
		}
		out[i / 2] = (uint8_t)(v[0] << 4 | v[1]);
	}
	return 0;
}

size_t ima_digest_xattr(const struct ima_hash *h, const uint8_t *digest, uint8_t *out)
{
	size_t off = 0;

	if (h->algo <= 2) {	/* md4, md5, sha1: the legacy form */
		out[off++] = IMA_XATTR_DIGEST;
	} else {
		out[off++] = IMA_XATTR_DIGEST_NG;
		out[off++] = h->algo;
	}
	memcpy(out + off, digest, h->size);
	return off + h->size;
}

const char *sigv2_parse(const uint8_t *v, size_t len, struct sigv2 *s)
{
	if (!len || (v[0] != EVM_IMA_XATTR_DIGSIG && v[0] != EVM_XATTR_PORTABLE_DIGSIG &&
		     v[0] != IMA_VERITY_DIGSIG))
		return "no signature";
	if (len < SIGV2_HDR_LEN)
		return "a signature shorter than its header";
	if (v[0] == IMA_VERITY_DIGSIG && v[1] != DIGSIG_VERSION_3)
		return "an fs-verity signature (type 06) that is not version 3";
	if (v[0] != IMA_VERITY_DIGSIG && v[1] != DIGSIG_VERSION_2)
		return "not a version 2 signature";
	if (v[2] >= HASH_ALGO_LAST || !(s->hash = ima_hash_by_algo(v[2])))
		return "a hash algorithm this program does not know";
	if ((size_t)(v[7] << 8 | v[8]) != len - SIGV2_HDR_LEN || len == SIGV2_HDR_LEN)
		return "a signature whose size field is not its length";
	s->type = v[0];
	s->keyid = (uint32_t)v[3] << 24 | (uint32_t)v[4] << 16 | (uint32_t)v[5] << 8 | v[6];
	s->sig = v + SIGV2_HDR_LEN;
	s->siglen = len - SIGV2_HDR_LEN;
	return NULL;
}
