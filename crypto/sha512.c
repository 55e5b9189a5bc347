// SPDX-License-Identifier: Apache-2.0
/* sha512.c: SHA-384 and SHA-512 (FIPS 180-4) in portable C: the block
 * function every build has, and the "generic" drivers md.c frames. */
#include "crypto.h"
#include "sha.h"

/* The first 64 bits of the fractional parts of the square roots of the
 * first eight primes (SHA-512), and of the ninth to sixteenth (SHA-384). */
const uint64_t sha512_iv[8] = {
	0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
	0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179,
};
const uint64_t sha384_iv[8] = {
	0xcbbb9d5dc1059ed8, 0x629a292a367cd507, 0x9159015a3070dd17, 0x152fecd8f70e5939,
	0x67332667ffc00b31, 0x8eb44a8768581511, 0xdb0c2e0d64f98fa7, 0x47b5481dbefa4fa4,
};

/* Cube roots of the first 80 primes, fractional parts, first 64 bits. */
static const uint64_t k[80] = {
	0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
	0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
	0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
	0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
	0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
	0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
	0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
	0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817,
};

static inline uint64_t ror64(uint64_t x, unsigned n)
{
	return x >> n | x << (64 - n);
}

static inline uint64_t load_be64(const uint8_t *p)
{
	uint64_t v = 0;
	int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

#define S0(x) (ror64(x, 28) ^ ror64(x, 34) ^ ror64(x, 39))
#define S1(x) (ror64(x, 14) ^ ror64(x, 18) ^ ror64(x, 41))
#define s0(x) (ror64(x, 1) ^ ror64(x, 8) ^ (x) >> 7)
#define s1(x) (ror64(x, 19) ^ ror64(x, 61) ^ (x) >> 6)

/* One round.  The working variables are renamed by the caller instead of
 * shifted, so only d and h change: d += T1, h = T1 + T2.  Maj is written
 * as b ^ ((a ^ b) & (b ^ c)) because this round's a ^ b is the next one's
 * b ^ c, which the compiler then keeps. */
#define R(a, b, c, d, e, f, g, h, ki, wi) do { \
	uint64_t t1 = h + S1(e) + (g ^ (e & (f ^ g))) + (ki) + (wi); \
	d += t1; \
	h = t1 + S0(a) + (b ^ ((a ^ b) & (b ^ c))); \
} while (0)

/* The schedule lives in a ring of 16: W[i] replaces W[i - 16] at i & 15. */
#define LOAD(i) (w[i] = load_be64(p + 8 * (i)))
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

void sha512_blocks_generic(void *state, const uint8_t *p, size_t nblocks)
{
	uint64_t *st = state, w[16];

	for (; nblocks; nblocks--, p += 128) {
		uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
		uint64_t e = st[4], f = st[5], g = st[6], h = st[7];
		unsigned j;

		R8(0, 0, LOAD);
		R8(0, 8, LOAD);
		for (j = 16; j < 80; j += 16) {
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

SHA384_DRIVER(generic, "generic", 100, 0, sha512_blocks_generic);
SHA512_DRIVER(generic, "generic", 100, 0, sha512_blocks_generic);
