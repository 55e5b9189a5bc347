// SPDX-License-Identifier: Apache-2.0
/* rsa.c: the RSA public operation of signature checking, m = s^65537 mod
 * n, for 2048-bit moduli: what verifying a measurement list's signatures
 * spends its time on.  Only public values pass through here, so nothing
 * needs to run in constant time.
 *
 * Numbers are 40 limbs of 52 bits, least significant first (2080 bits),
 * and products are reduced with "almost" Montgomery multiplication
 * (AMM): with R = 2^2080 > 4n, AMM(a, b) = a b / R mod n, left in
 * [0, 2n) for inputs in [0, 2n), so no reduction is needed between
 * steps, only once at the end.  s^65537 is 16 squarings and one
 * multiplication of s R; R^2 mod n is made once a key, by doublings.
 *
 * Two AMMs: portable C (52-bit products in 26-bit halves), and AVX-512
 * IFMA, whose
 * vpmadd52luq/vpmadd52huq multiply 52-bit limbs eight at a time into
 * 64-bit lanes: the accumulator is five vectors, a limb of a at a time
 * (operand scanning): add the low halves of a_i b and m n, where m makes
 * the lowest limb zero, shift the accumulator down a limb, then add the
 * high halves, which belong a limb up.  Lanes collect at most 40 rounds
 * of four 52-bit halves, under 2^60, so carries wait until the end.  The
 * IFMA code works on RSA_BATCH values at once (see amm_ifma).
 *
 * imasign's measurement-list checks use the IFMA code, four signatures at
 * a time (keys.c, verifier_check_batch); the C one is for the tests and
 * LSMBOX_RSA=c.  Both are compared with OpenSSL's by crypto-test. */
#include <string.h>

#include "crypto.h"

#define L RSA2048_LIMBS
#define M52 ((1ull << 52) - 1)

/* 256 bytes, big-endian, into limbs. */
static void from_bytes(uint64_t *r, const uint8_t *b)
{
	memset(r, 0, L * sizeof(*r));
	for (int i = 0; i < 256; i++) {
		unsigned bit = 8u * (unsigned)(255 - i);

		r[bit / 52] |= (uint64_t)b[i] << (bit % 52) & M52;
		if (bit % 52 > 44)
			r[bit / 52 + 1] |= (uint64_t)b[i] >> (52 - bit % 52);
	}
}

static void to_bytes(uint8_t *b, const uint64_t *r)
{
	for (int i = 0; i < 256; i++) {
		unsigned bit = 8u * (unsigned)(255 - i);
		uint64_t v = r[bit / 52] >> (bit % 52);

		if (bit % 52 > 44)
			v |= r[bit / 52 + 1] << (52 - bit % 52);
		b[i] = (uint8_t)v;
	}
}

/* a >= b, both normalized */
static int geq(const uint64_t *a, const uint64_t *b)
{
	for (int i = L - 1; i >= 0; i--)
		if (a[i] != b[i])
			return a[i] > b[i];
	return 1;
}

static void sub(uint64_t *a, const uint64_t *b)
{
	uint64_t borrow = 0;

	for (int i = 0; i < L; i++) {
		uint64_t v = a[i] - b[i] - borrow;

		borrow = v >> 63;
		a[i] = v & M52;
	}
}

/* Unnormalized lanes (each under 2^64) to limbs; the value fits. */
static void normalize(uint64_t *r, const uint64_t *t)
{
	uint64_t c = 0;

	for (int i = 0; i < L; i++) {
		uint64_t v = t[i] + c;

		r[i] = v & M52;
		c = v >> 52;
	}
}

/* a b for 52-bit a and b, as its low 52 bits and the rest, in 26-bit
 * halves (no 128-bit type on 32-bit ARM). */
static void mul52(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	const uint64_t m26 = (1u << 26) - 1;
	uint64_t a0 = a & m26, a1 = a >> 26, b0 = b & m26, b1 = b >> 26;
	uint64_t mid = a1 * b0 + a0 * b1, low = a0 * b0 + ((mid & m26) << 26);

	*lo = low & M52;
	*hi = a1 * b1 + (mid >> 26) + (low >> 52);
}

static void amm_c(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *n, uint64_t n0)
{
	uint64_t t[L + 1] = { 0 };

	for (int i = 0; i < L; i++) {
		uint64_t c = 0, h, l, v, m;

		for (int j = 0; j < L; j++) {
			mul52(a[i], b[j], &h, &l);
			v = t[j] + l + c;
			t[j] = v & M52;
			c = (v >> 52) + h;
		}
		t[L] += c;
		m = t[0] * n0 & M52;
		mul52(m, n[0], &h, &l);
		c = ((t[0] + l) >> 52) + h;	/* the low 52 bits are zero */
		for (int j = 1; j < L; j++) {
			mul52(m, n[j], &h, &l);
			v = t[j] + l + c;
			t[j - 1] = v & M52;
			c = (v >> 52) + h;
		}
		v = t[L] + c;
		t[L - 1] = v & M52;
		t[L] = v >> 52;
	}
	normalize(r, t);
}

#if defined(__x86_64__)
#include <immintrin.h>

#define IFMA __attribute__((target("avx512f,avx512ifma")))

/* RSA_BATCH AMMs at once, one for each (r, a, b), all mod n: one chain
 * alone waits on its own latency (the next m needs the lowest lane of
 * the last step), so the chains are interleaved; four keep this CPU's
 * IFMA units busy (measured: one, 20.8 us an exponentiation; two, 10.6;
 * four, 7.4; six or eight, 7.2, on an AMD EPYC with AVX-512). */
IFMA static void amm_ifma(uint64_t (*r)[L], const uint64_t (*a)[L], const uint64_t (*b)[L], const uint64_t *n,
			  uint64_t n0)
{
	__m512i acc[RSA_BATCH][5], vb[RSA_BATCH][5], vn[5];
	const __m512i zero = _mm512_setzero_si512();
	uint64_t t[L];

	for (int k = 0; k < 5; k++) {
		vn[k] = _mm512_loadu_si512(n + 8 * k);
		for (int w = 0; w < RSA_BATCH; w++) {
			acc[w][k] = zero;
			vb[w][k] = _mm512_loadu_si512(b[w] + 8 * k);
		}
	}
	for (int i = 0; i < L; i++) {
		__m512i ai[RSA_BATCH], mi[RSA_BATCH];

		for (int w = 0; w < RSA_BATCH; w++) {
			ai[w] = _mm512_set1_epi64((long long)a[w][i]);
			for (int k = 0; k < 5; k++)
				acc[w][k] = _mm512_madd52lo_epu64(acc[w][k], ai[w], vb[w][k]);
		}
		for (int w = 0; w < RSA_BATCH; w++) {
			uint64_t m = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(acc[w][0])) * n0 & M52;

			mi[w] = _mm512_set1_epi64((long long)m);
		}
		for (int w = 0; w < RSA_BATCH; w++)
			for (int k = 0; k < 5; k++)
				acc[w][k] = _mm512_madd52lo_epu64(acc[w][k], mi[w], vn[k]);
		/* the lowest lane is now a multiple of 2^52: its carry moves
		 * down with the rest */
		for (int w = 0; w < RSA_BATCH; w++) {
			uint64_t carry = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(acc[w][0])) >> 52;

			for (int k = 0; k < 4; k++)
				acc[w][k] = _mm512_alignr_epi64(acc[w][k + 1], acc[w][k], 1);
			acc[w][4] = _mm512_alignr_epi64(zero, acc[w][4], 1);
			acc[w][0] = _mm512_add_epi64(acc[w][0], _mm512_maskz_set1_epi64(1, (long long)carry));
		}
		for (int w = 0; w < RSA_BATCH; w++)
			for (int k = 0; k < 5; k++) {
				acc[w][k] = _mm512_madd52hi_epu64(acc[w][k], ai[w], vb[w][k]);
				acc[w][k] = _mm512_madd52hi_epu64(acc[w][k], mi[w], vn[k]);
			}
	}
	for (int w = 0; w < RSA_BATCH; w++) {
		for (int k = 0; k < 5; k++)
			_mm512_storeu_si512(t + 8 * k, acc[w][k]);
		normalize(r[w], t);
	}
}

int rsa2048_ifma_usable(void)
{
	return (cpu_features() & CPU_IFMA) != 0;
}
#else
int rsa2048_ifma_usable(void)
{
	return 0;
}
#endif

int rsa2048_init(struct rsa2048 *k, const uint8_t n[256])
{
	uint64_t inv, x[L] = { 1 };

	if (!(n[0] & 0x80) || !(n[255] & 1))
		return -1;	/* not 2048 bits, or even */
	from_bytes(k->n, n);
	/* n^-1 mod 2^64 by Newton's iteration (each doubles the good bits),
	 * then -n^-1 mod 2^52 */
	inv = k->n[0];
	for (int i = 0; i < 6; i++)
		inv *= 2 - k->n[0] * inv;
	k->n0 = -inv & M52;
	/* R^2 mod n = 2^4160 mod n: 1 doubled 4160 times */
	for (int i = 0; i < 2 * 52 * L; i++) {
		uint64_t c = 0;

		for (int j = 0; j < L; j++) {
			uint64_t v = x[j] << 1 | c;

			c = v >> 52;
			x[j] = v & M52;
		}
		if (c || geq(x, k->n))
			sub(x, k->n);	/* c: x was under 2^2049, so x - n fits */
	}
	memcpy(k->rr, x, sizeof(x));
	return 0;
}

/* x^65537 mod n (under 2n) in each of x's RSA_BATCH lanes: xr = x R,
 * y = xr^(2^16), y = y xr = x^65537 R, then y 1 (out of Montgomery
 * form). */
static void exp_batch(const struct rsa2048 *k, uint64_t (*x)[L], int impl)
{
	uint64_t xr[RSA_BATCH][L], y[RSA_BATCH][L], rr[RSA_BATCH][L], one[RSA_BATCH][L];

	memset(one, 0, sizeof(one));
	for (int w = 0; w < RSA_BATCH; w++) {
		memcpy(rr[w], k->rr, sizeof(rr[w]));
		one[w][0] = 1;
	}
#if defined(__x86_64__)
	if (impl == RSA_IFMA) {
		amm_ifma(xr, (const uint64_t (*)[L])x, (const uint64_t (*)[L])rr, k->n, k->n0);
		memcpy(y, xr, sizeof(y));
		for (int i = 0; i < 16; i++)
			amm_ifma(y, (const uint64_t (*)[L])y, (const uint64_t (*)[L])y, k->n, k->n0);
		amm_ifma(y, (const uint64_t (*)[L])y, (const uint64_t (*)[L])xr, k->n, k->n0);
		amm_ifma(x, (const uint64_t (*)[L])y, (const uint64_t (*)[L])one, k->n, k->n0);
		return;
	}
#endif
	(void)impl;
	for (int w = 0; w < RSA_BATCH; w++) {
		amm_c(xr[w], x[w], k->rr, k->n, k->n0);
		memcpy(y[w], xr[w], sizeof(y[w]));
		for (int i = 0; i < 16; i++)
			amm_c(y[w], y[w], y[w], k->n, k->n0);
		amm_c(y[w], y[w], xr[w], k->n, k->n0);
		amm_c(x[w], y[w], one[w], k->n, k->n0);
	}
}

int rsa2048_e65537(const struct rsa2048 *k, size_t count, const uint8_t (*s)[256], uint8_t (*m)[256], int *ok,
		   int impl)
{
	if (impl == RSA_IFMA && !rsa2048_ifma_usable())
		return -2;
	for (size_t i = 0; i < count; i += RSA_BATCH) {
		uint64_t x[RSA_BATCH][L];
		size_t lane[RSA_BATCH];
		int used = 0;

		/* the batch's values below n; a short batch repeats its last */
		for (size_t j = i; j < count && j < i + RSA_BATCH; j++) {
			from_bytes(x[used], s[j]);
			if ((ok[j] = !geq(x[used], k->n)))
				lane[used++] = j;
		}
		if (!used)
			continue;
		for (int w = used; w < RSA_BATCH; w++)
			memcpy(x[w], x[used - 1], sizeof(x[w]));
		exp_batch(k, x, impl);
		for (int w = 0; w < used; w++) {
			if (geq(x[w], k->n))
				sub(x[w], k->n);
			to_bytes(m[lane[w]], x[w]);
		}
	}
	return 0;
}
