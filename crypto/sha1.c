// SPDX-License-Identifier: Apache-2.0
/* sha1.c: SHA-1 (FIPS 180-4) in portable C: the block function every
 * build has, and the "generic" driver md.c frames.  SHA-1 is kept for
 * what still needs it (IMA, older signatures), not for new designs. */
#include "crypto.h"
#include "sha.h"

const uint32_t sha1_iv[5] = {
	0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0,
};

static inline uint32_t rol32(uint32_t x, unsigned n)
{
	return x << n | x >> (32 - n);
}

static inline uint32_t load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The four round functions, Ch, Parity, Maj, Parity, with their K. */
#define F0(b, c, d) ((d) ^ ((b) & ((c) ^ (d))))
#define F1(b, c, d) ((b) ^ (c) ^ (d))
#define F2(b, c, d) (((b) & (c)) | ((d) & ((b) | (c))))
#define F3 F1
#define K0 0x5a827999
#define K1 0x6ed9eba1
#define K2 0x8f1bbcdc
#define K3 0xca62c1d6

/* The schedule lives in a ring of 16: W[i] replaces W[i - 16] at i & 15. */
#define LOAD(i) (w[i] = load_be32(p + 4 * (i)))
#define SCHED(i) (w[(i) & 15] = rol32(w[((i) + 13) & 15] ^ w[((i) + 8) & 15] ^ \
				      w[((i) + 2) & 15] ^ w[(i) & 15], 1))

/* One round, the variables renamed by the caller: only e and b change. */
#define R(a, b, c, d, e, F, K, wi) do { \
	e += rol32(a, 5) + F(b, c, d) + K + (wi); \
	b = rol32(b, 30); \
} while (0)

/* Rounds i .. i+4 (i a constant), after which the names are back in place. */
#define R5(i, F, K, X) do { \
	R(a, b, c, d, e, F, K, X((i) + 0)); \
	R(e, a, b, c, d, F, K, X((i) + 1)); \
	R(d, e, a, b, c, F, K, X((i) + 2)); \
	R(c, d, e, a, b, F, K, X((i) + 3)); \
	R(b, c, d, e, a, F, K, X((i) + 4)); \
} while (0)

void sha1_blocks_generic(void *state, const uint8_t *p, size_t nblocks)
{
	uint32_t *st = state, w[16];

	for (; nblocks; nblocks--, p += 64) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3], e = st[4];

		R5(0, F0, K0, LOAD);
		R5(5, F0, K0, LOAD);
		R5(10, F0, K0, LOAD);
		R(a, b, c, d, e, F0, K0, LOAD(15));
		R(e, a, b, c, d, F0, K0, SCHED(16));
		R(d, e, a, b, c, F0, K0, SCHED(17));
		R(c, d, e, a, b, F0, K0, SCHED(18));
		R(b, c, d, e, a, F0, K0, SCHED(19));
		R5(20, F1, K1, SCHED);
		R5(25, F1, K1, SCHED);
		R5(30, F1, K1, SCHED);
		R5(35, F1, K1, SCHED);
		R5(40, F2, K2, SCHED);
		R5(45, F2, K2, SCHED);
		R5(50, F2, K2, SCHED);
		R5(55, F2, K2, SCHED);
		R5(60, F3, K3, SCHED);
		R5(65, F3, K3, SCHED);
		R5(70, F3, K3, SCHED);
		R5(75, F3, K3, SCHED);
		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		st[4] += e;
	}
	crypto_wipe(w, sizeof(w));
}

SHA1_DRIVER(generic, "generic", 100, 0, sha1_blocks_generic);
