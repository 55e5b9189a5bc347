// SPDX-License-Identifier: Apache-2.0
/* md.c: the Merkle-Damgard frame around a block function (SHA-1, SHA-2):
 * buffering, padding with 0x80 and zeros, and the bit length at the end,
 * so that a driver gives only the compression of whole blocks. */
#include <string.h>

#include "crypto.h"

static void put_be(uint8_t *p, uint64_t v, unsigned n)
{
	while (n--) {
		p[n] = v;
		v >>= 8;
	}
}

int md_init(struct hash_ctx *c)
{
	const struct md_desc *d = c->alg->md;

	memcpy(c->st.w32, d->iv, d->statesize);
	c->count = 0;
	c->buflen = 0;
	return 0;
}

int md_update(struct hash_ctx *c, const void *data, size_t n)
{
	const struct md_desc *d = c->alg->md;
	unsigned bs = c->alg->blocksize;
	const uint8_t *p = data;

	c->count += n;
	if (c->buflen) {
		size_t take = bs - c->buflen < n ? bs - c->buflen : n;

		memcpy(c->buf + c->buflen, p, take);
		c->buflen += take;
		p += take;
		n -= take;
		if (c->buflen < bs)
			return 0;
		d->blocks(c->st.w32, c->buf, 1);
		c->buflen = 0;
	}
	if (n >= bs) {
		d->blocks(c->st.w32, p, n / bs);
		p += n / bs * bs;
		n %= bs;
	}
	memcpy(c->buf, p, n);
	c->buflen = n;
	return 0;
}

int md_final(struct hash_ctx *c, uint8_t *out)
{
	const struct md_desc *d = c->alg->md;
	unsigned bs = c->alg->blocksize, i;
	uint64_t bits = c->count << 3;

	c->buf[c->buflen++] = 0x80;
	if (c->buflen > bs - d->lensize) {
		memset(c->buf + c->buflen, 0, bs - c->buflen);
		d->blocks(c->st.w32, c->buf, 1);
		c->buflen = 0;
	}
	memset(c->buf + c->buflen, 0, bs - c->buflen);
	/* The high 64 bits of a 128-bit length stay 0 (and count << 3 wraps past 2^61 bytes). */
	put_be(c->buf + bs - 8, bits, 8);
	d->blocks(c->st.w32, c->buf, 1);
	for (i = 0; i < c->alg->digestsize; i++) {
		unsigned w = i / d->wordsize, b = i % d->wordsize;
		uint64_t v = d->wordsize == 8 ? c->st.w64[w] : c->st.w32[w];

		out[i] = v >> (8 * (d->wordsize - 1 - b));
	}
	crypto_wipe(c->st.w32, sizeof(c->st.w32));
	crypto_wipe(c->buf, sizeof(c->buf));
	return 0;
}

int hash_init(struct hash_ctx *c, const struct hash_alg *a)
{
	c->alg = a;
	return a->init(c);
}

void hash_release(struct hash_ctx *c)
{
	if (c->alg && c->alg->release)
		c->alg->release(c);
	crypto_wipe(c->st.w32, sizeof(c->st.w32));
}

int hash_digest(const struct hash_alg *a, const void *p, size_t n, uint8_t *out)
{
	struct hash_ctx c;
	int r;

	if ((r = hash_init(&c, a)) < 0)
		return r;
	if ((r = a->update(&c, p, n)) < 0) {
		hash_release(&c);
		return r;
	}
	return a->final(&c, out);
}
