// SPDX-License-Identifier: Apache-2.0
/* modes.c: ecb/cbc/ctr/xts(aes) for any implementation that gives full-block
 * primitives (struct aes_ops): key checks, CTR tails, XTS tweak encryption
 * and ciphertext stealing live here once, not in each assembly file. */
#include <errno.h>
#include <string.h>

#include "crypto.h"

int aes_mode_setkey(struct skcipher_ctx *c, const uint8_t *key, size_t keylen)
{
	const struct skcipher_alg *a = c->alg;
	size_t half = keylen / 2;

	if (a->mode != MODE_XTS)
		return aes_expandkey(&c->key, key, keylen);
	/* XTS: two AES keys of equal length; equal halves make the tweak
	 * predictable (IEEE 1619-2018 5.1), so they are refused. */
	if (keylen % 2 || (half != 16 && half != 24 && half != 32))
		return -EINVAL;
	if (!crypto_memneq(key, key + half, half))
		return -EINVAL;
	if (aes_expandkey(&c->key, key, half) < 0)
		return -EINVAL;
	return aes_expandkey(&c->tweak, key + half, half);
}

static void xor_bytes(uint8_t *d, const uint8_t *a, const uint8_t *b, size_t n)
{
	while (n--)
		*d++ = *a++ ^ *b++;
}

static int ctr_crypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv)
{
	const struct aes_ops *o = c->alg->aes;
	size_t n = len / 16, tail = len % 16;

	if (n)
		o->ctr(&c->key, dst, src, n, iv);
	if (tail) {
		uint8_t zero[16] = { 0 }, ks[16];

		/* One more counter block; its unused keystream is dropped. */
		o->ctr(&c->key, ks, zero, 1, iv);
		xor_bytes(dst + 16 * n, src + 16 * n, ks, tail);
		crypto_wipe(ks, sizeof(ks));
	}
	return 0;
}

/* XTS with ciphertext stealing (IEEE 1619 5.3.2 / 5.4.2).  The tweak is
 * E_K2(iv); the caller's iv is left as it was, as the kernel's xts does. */
static int xts_crypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		     const uint8_t *iv, int enc)
{
	const struct aes_ops *o = c->alg->aes;
	void (*fn)(const struct aes_key *, uint8_t *, const uint8_t *, size_t, uint8_t *) =
		enc ? o->xts_enc : o->xts_dec;
	size_t n = len / 16, tail = len % 16;
	uint8_t t[16], b[16], last[16];

	if (len < 16)
		return -EINVAL;
	/* Through the implementation, not the C tables: constant time where it is, and fast. */
	o->ecb_enc(&c->tweak, t, iv, 1);
	if (!tail) {
		fn(&c->key, dst, src, n, t);
		return 0;
	}
	if (n > 1)
		fn(&c->key, dst, src, n - 1, t);
	src += 16 * (n - 1);
	dst += 16 * (n - 1);
	if (enc) {
		/* The last full block, then the short one borrows its tail. */
		fn(&c->key, b, src, 1, t);
		memcpy(last, src + 16, tail);
		memcpy(last + tail, b + tail, 16 - tail);
		memcpy(dst + 16, b, tail);
		fn(&c->key, dst, last, 1, t);
	} else {
		/* Decryption takes the two tweaks in the other order. */
		uint8_t t1[16];

		memcpy(t1, t, 16);
		xts_mulx(t);
		fn(&c->key, b, src, 1, t);
		memcpy(last, src + 16, tail);
		memcpy(last + tail, b + tail, 16 - tail);
		memcpy(dst + 16, b, tail);
		fn(&c->key, dst, last, 1, t1);
		crypto_wipe(t1, sizeof(t1));
	}
	crypto_wipe(b, sizeof(b));
	crypto_wipe(last, sizeof(last));
	return 0;
}

static int crypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv, int enc)
{
	const struct aes_ops *o = c->alg->aes;

	switch (c->alg->mode) {
	case MODE_ECB:
		if (len % 16)
			return -EINVAL;
		(enc ? o->ecb_enc : o->ecb_dec)(&c->key, dst, src, len / 16);
		return 0;
	case MODE_CBC:
		if (len % 16)
			return -EINVAL;
		if (len)
			(enc ? o->cbc_enc : o->cbc_dec)(&c->key, dst, src, len / 16, iv);
		return 0;
	case MODE_CTR:
		return ctr_crypt(c, dst, src, len, iv);
	case MODE_XTS:
		return xts_crypt(c, dst, src, len, iv, enc);
	}
	return -EINVAL;
}

int aes_mode_encrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv)
{
	return crypt(c, dst, src, len, iv, 1);
}

int aes_mode_decrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv)
{
	return crypt(c, dst, src, len, iv, 0);
}
