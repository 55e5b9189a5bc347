// SPDX-License-Identifier: Apache-2.0
/* hmac.c: HMAC (RFC 2104) over any hash driver, keys of any length. */
#include <errno.h>
#include <string.h>

#include "crypto.h"

int hmac_init(struct hmac_ctx *h, const struct hash_alg *a, const void *key, size_t keylen)
{
	uint8_t k[128], pad[128];
	unsigned bs = a->blocksize, i;
	int r;

	if (bs > sizeof(k) || a->digestsize > bs)
		return -EINVAL;
	memset(k, 0, bs);
	if (keylen > bs) {
		if ((r = hash_digest(a, key, keylen, k)) < 0)
			return r;
	} else if (keylen) {
		memcpy(k, key, keylen);
	}
	for (i = 0; i < bs; i++)
		pad[i] = k[i] ^ 0x36;
	r = hash_init(&h->inner, a);
	if (r == 0)
		r = hash_update(&h->inner, pad, bs);
	for (i = 0; i < bs; i++)
		pad[i] = k[i] ^ 0x5c;
	if (r == 0 && (r = hash_init(&h->outer, a)) == 0 &&
	    (r = hash_update(&h->outer, pad, bs)) < 0)
		hash_release(&h->outer);
	if (r < 0)
		hash_release(&h->inner);
	crypto_wipe(k, sizeof(k));
	crypto_wipe(pad, sizeof(pad));
	return r;
}

int hmac_update(struct hmac_ctx *h, const void *p, size_t n)
{
	return hash_update(&h->inner, p, n);
}

int hmac_final(struct hmac_ctx *h, uint8_t *out)
{
	uint8_t d[64];
	unsigned n = h->inner.alg->digestsize;
	int r;

	if ((r = hash_final(&h->inner, d)) < 0) {
		hash_release(&h->outer);
		return r;
	}
	if ((r = hash_update(&h->outer, d, n)) < 0) {
		hash_release(&h->outer);
		return r;
	}
	r = hash_final(&h->outer, out);
	crypto_wipe(d, sizeof(d));
	return r;
}

void hmac_release(struct hmac_ctx *h)
{
	hash_release(&h->inner);
	hash_release(&h->outer);
}

int hmac_digest(const struct hash_alg *a, const void *key, size_t keylen,
		const void *p, size_t n, uint8_t *out)
{
	struct hmac_ctx h;
	int r;

	if ((r = hmac_init(&h, a, key, keylen)) < 0)
		return r;
	if ((r = hmac_update(&h, p, n)) < 0) {
		hmac_release(&h);
		return r;
	}
	return hmac_final(&h, out);
}
