// SPDX-License-Identifier: Apache-2.0
/* sha256.c: SHA-224 and SHA-256 (FIPS 180-4) in portable C: the block
 * function every build has, and the "generic" drivers md.c frames. */
#include "crypto.h"
#include "sha.h"

/* The first 32 bits of the fractional parts of the square roots of the
 * first eight primes (SHA-256), and the second 32 bits of those of the
 * ninth to sixteenth (SHA-224). */
const uint32_t sha256_iv[8] = {
	0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
	0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
};
const uint32_t sha224_iv[8] = {
	0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
	0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
};

/* Cube roots of the first 64 primes, fractional parts, first 32 bits. */
static const uint32_t k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5,
	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t ror32(uint32_t x, unsigned n)
{
	return x >> n | x << (32 - n);
}

static inline uint32_t load_be32(const uint8_t *p)
{
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

#define S0(x) (ror32(x, 2) ^ ror32(x, 13) ^ ror32(x, 22))
#define S1(x) (ror32(x, 6) ^ ror32(x, 11) ^ ror32(x, 25))
#define s0(x) (ror32(x, 7) ^ ror32(x, 18) ^ (x) >> 3)
#define s1(x) (ror32(x, 17) ^ ror32(x, 19) ^ (x) >> 10)

/* One round.  The working variables are renamed by the caller instead of
 * shifted, so only d and h change: d += T1, h = T1 + T2.  Maj is written
 * as b ^ ((a ^ b) & (b ^ c)) because this round's a ^ b is the next one's
 * b ^ c, which the compiler then keeps. */
#define R(a, b, c, d, e, f, g, h, ki, wi) do { \
	uint32_t t1 = h + S1(e) + (g ^ (e & (f ^ g))) + (ki) + (wi); \
	d += t1; \
	h = t1 + S0(a) + (b ^ ((a ^ b) & (b ^ c))); \
} while (0)

/* The schedule lives in a ring of 16: W[i] replaces W[i - 16] at i & 15. */
#define LOAD(i) (w[i] = load_be32(p + 4 * (i)))
#define SCHED(i) (w[(i) & 15] += s1(w[((i) + 14) & 15]) + w[((i) + 9) & 15] + \
		  s0(w[((i) + 1) & 15]))

/* Rounds j+i .. j+i+7, with W from X(i); i is a constant 0 or 8. */
#define R8(j, i, X) do { \
	R(a, b, c, d, e, f, g, h, k[(j) + (i) + 0], X((i) + 0)); \
	R(h, a, b, c, d, e, f, g, k[(j) + (i) + 1], X((i) + 1)); \
	R(g, h, a, b, c, d, e, f, k[(j) + (i) + 2], X((i) + 2)); \
	R(f, g, h, a, b, c, d, e, k[(j) + (i) + 3], X((i) + 3)); \
	R(e, f, g, h, a, b, c, d, k[(j) + (i) + 4], X((i) + 4)); \
	R(d, e, f, g, h, a, b, c, k[(j) + (i) + 5], X((i) + 5)); \
	R(c, d, e, f, g, h, a, b, k[(j) + (i) + 6], X((i) + 6)); \
	R(b, c, d, e, f, g, h, a, k[(j) + (i) + 7], X((i) + 7)); \
} while (0)

void sha256_blocks_generic(void *state, const uint8_t *p, size_t nblocks)
{
	uint32_t *st = state, w[16];

	for (; nblocks; nblocks--, p += 64) {
		uint32_t a = st[0], b = st[1], c = st[2], d = st[3];
		uint32_t e = st[4], f = st[5], g = st[6], h = st[7];
		unsigned j;

		R8(0, 0, LOAD);
		R8(0, 8, LOAD);
		for (j = 16; j < 64; j += 16) {
			R8(j, 0, SCHED);
			R8(j, 8, SCHED);
		}
		st[0] += a;
		st[1] += b;
		st[2] += c;
		st[3] += d;
		st[4] += e;
		st[5] += f;
		st[6] += g;
		st[7] += h;
	}
	crypto_wipe(w, sizeof(w));
}

SHA224_DRIVER(generic, "generic", 100, 0, sha256_blocks_generic);
SHA256_DRIVER(generic, "generic", 100, 0, sha256_blocks_generic);
