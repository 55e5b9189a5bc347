// SPDX-License-Identifier: Apache-2.0
/* aes.c: AES (FIPS-197) in portable C: the key schedule every driver
 * shares, and table-driven block primitives that are always built.
 * The tables are computed from GF(2^8) arithmetic when first needed, not pasted. */
#include <errno.h>
#include <string.h>

#include "crypto.h"

static uint8_t sbox[256], isbox[256];
static uint32_t te[4][256], td[4][256];

static uint8_t xtime(uint8_t a)
{
	return (a << 1) ^ (a & 0x80 ? 0x1b : 0);
}

static uint8_t gmul(uint8_t a, uint8_t b)
{
	uint8_t r = 0;

	while (b) {
		if (b & 1)
			r ^= a;
		a = xtime(a);
		b >>= 1;
	}
	return r;
}

static uint32_t ror8(uint32_t w)
{
	return w >> 8 | w << 24;
}

/* Built on the first key expansion, not at start-up: most lsmbox runs
 * never touch AES, and every driver expands its key here first. */
static void aes_tables(void)
{
	static int done;
	uint8_t p = 1, q = 1;
	int i, j;

	if (done)
		return;
	done = 1;

	/* Walk the multiplicative group with generator 3; q tracks 1/p. */
	do {
		uint8_t x;

		p ^= xtime(p);
		q ^= q << 1;
		q ^= q << 2;
		q ^= q << 4;
		if (q & 0x80)
			q ^= 0x09;
		x = q ^ (q << 1 | q >> 7) ^ (q << 2 | q >> 6) ^ (q << 3 | q >> 5) ^ (q << 4 | q >> 4);
		sbox[p] = x ^ 0x63;
	} while (p != 1);
	sbox[0] = 0x63;
	for (i = 0; i < 256; i++)
		isbox[sbox[i]] = i;
	for (i = 0; i < 256; i++) {
		uint8_t s = sbox[i], t = isbox[i];

		te[0][i] = (uint32_t)gmul(s, 2) << 24 | (uint32_t)s << 16 | (uint32_t)s << 8 | gmul(s, 3);
		td[0][i] = (uint32_t)gmul(t, 14) << 24 | (uint32_t)gmul(t, 9) << 16 |
			   (uint32_t)gmul(t, 13) << 8 | gmul(t, 11);
		for (j = 1; j < 4; j++) {
			te[j][i] = ror8(te[j - 1][i]);
			td[j][i] = ror8(td[j - 1][i]);
		}
	}
}

static uint32_t be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = v >> 24;
	p[1] = v >> 16;
	p[2] = v >> 8;
	p[3] = v;
}

/* InvMixColumns of one 16-byte round key, for the equivalent inverse cipher. */
static void inv_mix(uint8_t out[16], const uint8_t in[16])
{
	int c;

	for (c = 0; c < 4; c++) {
		const uint8_t *a = in + 4 * c;

		out[4 * c + 0] = gmul(a[0], 14) ^ gmul(a[1], 11) ^ gmul(a[2], 13) ^ gmul(a[3], 9);
		out[4 * c + 1] = gmul(a[0], 9) ^ gmul(a[1], 14) ^ gmul(a[2], 11) ^ gmul(a[3], 13);
		out[4 * c + 2] = gmul(a[0], 13) ^ gmul(a[1], 9) ^ gmul(a[2], 14) ^ gmul(a[3], 11);
		out[4 * c + 3] = gmul(a[0], 11) ^ gmul(a[1], 13) ^ gmul(a[2], 9) ^ gmul(a[3], 14);
	}
}

int aes_expandkey(struct aes_key *k, const uint8_t *key, size_t keylen)
{
	uint32_t w[60], rcon = 1;
	unsigned nk, nr, i;

	if (keylen != 16 && keylen != 24 && keylen != 32)
		return -EINVAL;
	aes_tables();
	nk = keylen / 4;
	nr = nk + 6;
	for (i = 0; i < nk; i++)
		w[i] = be32(key + 4 * i);
	for (i = nk; i < 4 * (nr + 1); i++) {
		uint32_t t = w[i - 1];

		if (i % nk == 0) {
			t = (uint32_t)sbox[t >> 16 & 0xff] << 24 | (uint32_t)sbox[t >> 8 & 0xff] << 16 |
			    (uint32_t)sbox[t & 0xff] << 8 | sbox[t >> 24];
			t ^= rcon << 24;
			rcon = xtime(rcon);
		} else if (nk > 6 && i % nk == 4) {
			t = (uint32_t)sbox[t >> 24] << 24 | (uint32_t)sbox[t >> 16 & 0xff] << 16 |
			    (uint32_t)sbox[t >> 8 & 0xff] << 8 | sbox[t & 0xff];
		}
		w[i] = w[i - nk] ^ t;
	}
	memset(k, 0, sizeof(*k));
	for (i = 0; i < 4 * (nr + 1); i++)
		put32(&k->enc[i / 4][4 * (i % 4)], w[i]);
	memcpy(k->dec[0], k->enc[nr], 16);
	for (i = 1; i < nr; i++)
		inv_mix(k->dec[i], k->enc[nr - i]);
	memcpy(k->dec[nr], k->enc[0], 16);
	k->rounds = nr;
	crypto_wipe(w, sizeof(w));
	return 0;
}

void aes_encrypt_block(const struct aes_key *k, uint8_t out[16], const uint8_t in[16])
{
	const uint8_t *rk = k->enc[0];
	uint32_t s0, s1, s2, s3, t0, t1, t2, t3;
	unsigned r;

	s0 = be32(in) ^ be32(rk);
	s1 = be32(in + 4) ^ be32(rk + 4);
	s2 = be32(in + 8) ^ be32(rk + 8);
	s3 = be32(in + 12) ^ be32(rk + 12);
	for (r = 1; r < k->rounds; r++) {
		rk += 16;
		t0 = te[0][s0 >> 24] ^ te[1][s1 >> 16 & 0xff] ^ te[2][s2 >> 8 & 0xff] ^ te[3][s3 & 0xff] ^ be32(rk);
		t1 = te[0][s1 >> 24] ^ te[1][s2 >> 16 & 0xff] ^ te[2][s3 >> 8 & 0xff] ^ te[3][s0 & 0xff] ^ be32(rk + 4);
		t2 = te[0][s2 >> 24] ^ te[1][s3 >> 16 & 0xff] ^ te[2][s0 >> 8 & 0xff] ^ te[3][s1 & 0xff] ^ be32(rk + 8);
		t3 = te[0][s3 >> 24] ^ te[1][s0 >> 16 & 0xff] ^ te[2][s1 >> 8 & 0xff] ^ te[3][s2 & 0xff] ^ be32(rk + 12);
		s0 = t0, s1 = t1, s2 = t2, s3 = t3;
	}
	rk += 16;
#define LAST(a, b, c, d) ((uint32_t)sbox[(a) >> 24] << 24 | (uint32_t)sbox[(b) >> 16 & 0xff] << 16 | \
			  (uint32_t)sbox[(c) >> 8 & 0xff] << 8 | sbox[(d) & 0xff])
	put32(out, LAST(s0, s1, s2, s3) ^ be32(rk));
	put32(out + 4, LAST(s1, s2, s3, s0) ^ be32(rk + 4));
	put32(out + 8, LAST(s2, s3, s0, s1) ^ be32(rk + 8));
	put32(out + 12, LAST(s3, s0, s1, s2) ^ be32(rk + 12));
#undef LAST
}

void aes_decrypt_block(const struct aes_key *k, uint8_t out[16], const uint8_t in[16])
{
	const uint8_t *rk = k->dec[0];
	uint32_t s0, s1, s2, s3, t0, t1, t2, t3;
	unsigned r;

	s0 = be32(in) ^ be32(rk);
	s1 = be32(in + 4) ^ be32(rk + 4);
	s2 = be32(in + 8) ^ be32(rk + 8);
	s3 = be32(in + 12) ^ be32(rk + 12);
	for (r = 1; r < k->rounds; r++) {
		rk += 16;
		t0 = td[0][s0 >> 24] ^ td[1][s3 >> 16 & 0xff] ^ td[2][s2 >> 8 & 0xff] ^ td[3][s1 & 0xff] ^ be32(rk);
		t1 = td[0][s1 >> 24] ^ td[1][s0 >> 16 & 0xff] ^ td[2][s3 >> 8 & 0xff] ^ td[3][s2 & 0xff] ^ be32(rk + 4);
		t2 = td[0][s2 >> 24] ^ td[1][s1 >> 16 & 0xff] ^ td[2][s0 >> 8 & 0xff] ^ td[3][s3 & 0xff] ^ be32(rk + 8);
		t3 = td[0][s3 >> 24] ^ td[1][s2 >> 16 & 0xff] ^ td[2][s1 >> 8 & 0xff] ^ td[3][s0 & 0xff] ^ be32(rk + 12);
		s0 = t0, s1 = t1, s2 = t2, s3 = t3;
	}
	rk += 16;
#define LAST(a, b, c, d) ((uint32_t)isbox[(a) >> 24] << 24 | (uint32_t)isbox[(b) >> 16 & 0xff] << 16 | \
			  (uint32_t)isbox[(c) >> 8 & 0xff] << 8 | isbox[(d) & 0xff])
	put32(out, LAST(s0, s3, s2, s1) ^ be32(rk));
	put32(out + 4, LAST(s1, s0, s3, s2) ^ be32(rk + 4));
	put32(out + 8, LAST(s2, s1, s0, s3) ^ be32(rk + 8));
	put32(out + 12, LAST(s3, s2, s1, s0) ^ be32(rk + 12));
#undef LAST
}

static void xor16(uint8_t *d, const uint8_t *a, const uint8_t *b)
{
	int i;

	for (i = 0; i < 16; i++)
		d[i] = a[i] ^ b[i];
}

/* The 128-bit big-endian counter of ctr(aes), carrying through all bytes. */
static void inc128(uint8_t c[16])
{
	int i = 15;

	while (i >= 0 && ++c[i] == 0)
		i--;
}

/* Multiply an XTS tweak by x (IEEE 1619: little-endian bit order). */
void xts_mulx(uint8_t t[16])
{
	uint8_t carry = t[15] >> 7;
	int i;

	for (i = 15; i > 0; i--)
		t[i] = t[i] << 1 | t[i - 1] >> 7;
	t[0] = t[0] << 1 ^ (carry ? 0x87 : 0);
}

static void g_ecb_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n)
{
	for (; n--; src += 16, dst += 16)
		aes_encrypt_block(k, dst, src);
}

static void g_ecb_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n)
{
	for (; n--; src += 16, dst += 16)
		aes_decrypt_block(k, dst, src);
}

static void g_cbc_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t iv[16])
{
	for (; n--; src += 16, dst += 16) {
		xor16(iv, iv, src);
		aes_encrypt_block(k, dst, iv);
		memcpy(iv, dst, 16);
	}
}

static void g_cbc_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t iv[16])
{
	uint8_t c[16], p[16];

	for (; n--; src += 16, dst += 16) {
		memcpy(c, src, 16);	/* dst may be src */
		aes_decrypt_block(k, p, c);
		xor16(dst, p, iv);
		memcpy(iv, c, 16);
	}
}

static void g_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t ctr[16])
{
	uint8_t ks[16];

	for (; n--; src += 16, dst += 16) {
		aes_encrypt_block(k, ks, ctr);
		xor16(dst, src, ks);
		inc128(ctr);
	}
	crypto_wipe(ks, sizeof(ks));
}

static void g_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t t[16])
{
	uint8_t b[16];

	for (; n--; src += 16, dst += 16) {
		xor16(b, src, t);
		aes_encrypt_block(k, b, b);
		xor16(dst, b, t);
		xts_mulx(t);
	}
}

static void g_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t n, uint8_t t[16])
{
	uint8_t b[16];

	for (; n--; src += 16, dst += 16) {
		xor16(b, src, t);
		aes_decrypt_block(k, b, b);
		xor16(dst, b, t);
		xts_mulx(t);
	}
}

const struct aes_ops aes_generic_ops = {
	.ecb_enc = g_ecb_enc,
	.ecb_dec = g_ecb_dec,
	.cbc_enc = g_cbc_enc,
	.cbc_dec = g_cbc_dec,
	.ctr = g_ctr,
	.xts_enc = g_xts_enc,
	.xts_dec = g_xts_dec,
};

AES_MODE_DRIVERS(generic, "generic", 100, 0, NULL, &aes_generic_ops);
