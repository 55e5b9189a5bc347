// SPDX-License-Identifier: Apache-2.0
/* gcm.c: GCM (NIST SP 800-38D) for any implementation that gives GHASH and a
 * 32-bit counter mode (struct gcm_ops), and the portable C GHASH (Shoup's
 * 4-bit tables) with the generic gcm-aes driver built on it. */
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "crypto.h"

/* Blocks per pass when GHASH and CTR run separately: the second pass finds
 * the data still in L1. */
#define CHUNK 256

int gcm_setkey(struct aead_ctx *c, const uint8_t *key, size_t keylen)
{
	static const uint8_t zero[16];
	uint8_t h[16], ctr[16] = { 0 };
	int r;

	if ((r = aes_expandkey(&c->key, key, keylen)) < 0)
		return r;
	/* H = E_K(0): the keystream of a zero counter block, through the
	 * implementation's own AES rather than the C tables. */
	c->alg->gcm->ctr32(&c->key, h, zero, 1, ctr);
	c->alg->gcm->ghash_init(c->htable, h);
	crypto_wipe(h, sizeof(h));
	return 0;
}

static void put_be64(uint8_t *p, uint64_t v)
{
	int i;

	for (i = 7; i >= 0; i--, v >>= 8)
		p[i] = v;
}

/* GHASH of a byte string, the last block zero-padded. */
static void ghash_bytes(const struct gcm_ops *o, const uint8_t *ht, uint8_t xi[16],
			const uint8_t *p, size_t n)
{
	if (n >= 16)
		o->ghash(xi, ht, p, n / 16);
	if (n % 16) {
		uint8_t b[16] = { 0 };

		memcpy(b, p + n / 16 * 16, n % 16);
		o->ghash(xi, ht, b, 1);
	}
}

/* SP 800-38D caps the text at 2^39 - 256 bits; a 32-bit size_t never gets there. */
static int too_long(size_t len)
{
#if SIZE_MAX > 0xffffffffu
	return len > ((uint64_t)1 << 36) - 32;
#else
	(void)len;
	return 0;
#endif
}

static int taglen_ok(size_t t)
{
	return t == 4 || t == 8 || (t >= 12 && t <= 16);
}

/* J0, then the tag mask E_K(J0) and the first data counter inc32(J0). */
static void gcm_start(struct aead_ctx *c, const uint8_t *iv, size_t ivlen,
		      uint8_t mask[16], uint8_t ctr[16])
{
	const struct gcm_ops *o = c->alg->gcm;
	static const uint8_t zero[16];

	if (ivlen == 12) {
		memcpy(ctr, iv, 12);
		memset(ctr + 12, 0, 3);
		ctr[15] = 1;
	} else {
		uint8_t lb[16] = { 0 };

		memset(ctr, 0, 16);
		ghash_bytes(o, c->htable, ctr, iv, ivlen);
		put_be64(lb + 8, (uint64_t)ivlen * 8);
		o->ghash(ctr, c->htable, lb, 1);
	}
	/* ctr32 gives E_K(J0) as the keystream of J0 and steps J0 to inc32(J0). */
	o->ctr32(&c->key, mask, zero, 1, ctr);
}

static void gcm_finish(struct aead_ctx *c, uint8_t xi[16], size_t aadlen, size_t len,
		       const uint8_t mask[16], uint8_t tag[16])
{
	uint8_t lb[16];
	int i;

	put_be64(lb, (uint64_t)aadlen * 8);
	put_be64(lb + 8, (uint64_t)len * 8);
	c->alg->gcm->ghash(xi, c->htable, lb, 1);
	for (i = 0; i < 16; i++)
		tag[i] = xi[i] ^ mask[i];
}

static void gcm_crypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		      uint8_t xi[16], uint8_t ctr[16], int enc)
{
	const struct gcm_ops *o = c->alg->gcm;
	size_t n = len / 16, done = 0, tail = len % 16;

	if (n && (enc ? o->enc : o->dec))
		done = (enc ? o->enc : o->dec)(&c->key, c->htable, xi, dst, src, n, ctr);
	while (done < n) {
		size_t k = n - done < CHUNK ? n - done : CHUNK;
		const uint8_t *s = src + 16 * done;
		uint8_t *d = dst + 16 * done;

		/* GHASH runs over the ciphertext: before decrypting in place, after encrypting. */
		if (!enc)
			o->ghash(xi, c->htable, s, k);
		o->ctr32(&c->key, d, s, k, ctr);
		if (enc)
			o->ghash(xi, c->htable, d, k);
		done += k;
	}
	if (tail) {
		uint8_t b[16] = { 0 }, ks[16];
		static const uint8_t zero[16];
		size_t i;

		o->ctr32(&c->key, ks, zero, 1, ctr);
		memcpy(b, src + 16 * n, tail);
		if (!enc)
			o->ghash(xi, c->htable, b, 1);
		for (i = 0; i < tail; i++)
			dst[16 * n + i] = b[i] ^= ks[i];
		if (enc) {
			memset(b + tail, 0, 16 - tail);
			o->ghash(xi, c->htable, b, 1);
		}
		crypto_wipe(ks, sizeof(ks));
		crypto_wipe(b, sizeof(b));
	}
}

int gcm_encrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		uint8_t *tag, size_t taglen)
{
	uint8_t xi[16] = { 0 }, mask[16], ctr[16], full[16];

	if (!ivlen || !taglen_ok(taglen) || too_long(len))
		return -EINVAL;
	gcm_start(c, iv, ivlen, mask, ctr);
	ghash_bytes(c->alg->gcm, c->htable, xi, aad, aadlen);
	gcm_crypt(c, dst, src, len, xi, ctr, 1);
	gcm_finish(c, xi, aadlen, len, mask, full);
	memcpy(tag, full, taglen);
	crypto_wipe(mask, sizeof(mask));
	return 0;
}

int gcm_decrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		const uint8_t *tag, size_t taglen)
{
	uint8_t xi[16] = { 0 }, mask[16], ctr[16], full[16];
	int bad;

	if (!ivlen || !taglen_ok(taglen) || too_long(len))
		return -EINVAL;
	gcm_start(c, iv, ivlen, mask, ctr);
	ghash_bytes(c->alg->gcm, c->htable, xi, aad, aadlen);
	gcm_crypt(c, dst, src, len, xi, ctr, 0);
	gcm_finish(c, xi, aadlen, len, mask, full);
	bad = crypto_memneq(full, tag, taglen);
	crypto_wipe(mask, sizeof(mask));
	crypto_wipe(full, sizeof(full));
	if (bad) {
		/* No plaintext leaves on a wrong tag. */
		crypto_wipe(dst, len);
		return -EBADMSG;
	}
	return 0;
}

/* --- the portable GHASH --- */

/* Field elements as (hi, lo) 64-bit halves of the block read big-endian;
 * GCM's bit order makes "multiply by x" a right shift. */
struct u128 {
	uint64_t hi, lo;
};

static uint64_t get_be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* rem4[r]: what the 4 bits r shifted out at the low end fold back to after
 * reduction by x^128 + x^7 + x^2 + x + 1 (0xe1 in GCM's bit order). */
static uint64_t rem4[16];

static void ghash_tables(void)
{
	int r, k;

	if (rem4[8])
		return;
	for (r = 0; r < 16; r++)
		for (k = 0; k < 4; k++)
			if (r & 1 << k)
				rem4[r] ^= 0xe100000000000000ull >> (3 - k);
}

/* htable: T[i] = i * H for the 16 nibble values i (GCM's bit order, so that
 * T[8] = H and T[4] = H * x). */
static void ghash_c_init(uint8_t *htable, const uint8_t h[16])
{
	struct u128 *t = (struct u128 *)htable, v = { get_be64(h), get_be64(h + 8) };
	int i, j;

	ghash_tables();
	memset(t, 0, 16 * sizeof(*t));
	t[8] = v;
	for (i = 4; i > 0; i >>= 1) {
		uint64_t carry = v.lo & 1;

		v.lo = v.lo >> 1 | v.hi << 63;
		v.hi = v.hi >> 1 ^ (carry ? 0xe100000000000000ull : 0);
		t[i] = v;
	}
	for (i = 2; i < 16; i <<= 1)
		for (j = 1; j < i; j++) {
			t[i + j].hi = t[i].hi ^ t[j].hi;
			t[i + j].lo = t[i].lo ^ t[j].lo;
		}
}

static void shift4(struct u128 *z)
{
	uint64_t r = z->lo & 0xf;

	z->lo = z->lo >> 4 | z->hi << 60;
	z->hi = z->hi >> 4 ^ rem4[r];
}

/* xi = xi * H by Horner's rule, four bits at a time from the top degree
 * (the low nibble of the last byte) down. */
static void gmult(uint8_t xi[16], const struct u128 *t)
{
	struct u128 z = { 0, 0 };
	int i;

	for (i = 15; i >= 0; i--) {
		shift4(&z);
		z.hi ^= t[xi[i] & 0xf].hi;
		z.lo ^= t[xi[i] & 0xf].lo;
		shift4(&z);
		z.hi ^= t[xi[i] >> 4].hi;
		z.lo ^= t[xi[i] >> 4].lo;
	}
	put_be64(xi, z.hi);
	put_be64(xi + 8, z.lo);
}

static void ghash_c(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t n)
{
	const struct u128 *t = (const struct u128 *)htable;
	int i;

	for (; n--; p += 16) {
		for (i = 0; i < 16; i++)
			xi[i] ^= p[i];
		gmult(xi, t);
	}
}

static void inc32(uint8_t c[16])
{
	uint32_t v = (uint32_t)c[12] << 24 | (uint32_t)c[13] << 16 | (uint32_t)c[14] << 8 | c[15];

	v++;
	c[12] = v >> 24;
	c[13] = v >> 16;
	c[14] = v >> 8;
	c[15] = v;
}

static void ctr32_c(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t ctr[16])
{
	uint8_t ks[16];
	int i;

	for (; n--; src += 16, dst += 16) {
		aes_encrypt_block(k, ks, ctr);
		for (i = 0; i < 16; i++)
			dst[i] = src[i] ^ ks[i];
		inc32(ctr);
	}
	crypto_wipe(ks, sizeof(ks));
}

static const struct gcm_ops gcm_generic_ops = {
	.ghash_init = ghash_c_init,
	.ghash = ghash_c,
	.ctr32 = ctr32_c,
};

GCM_DRIVER(generic, "generic", 100, 0, NULL, &gcm_generic_ops);
