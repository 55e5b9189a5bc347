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
 * steps, only once at the end.  s^65537: s R = AMM(s, R^2), 16
 * squarings make s^65536 R, and AMM(s^65536 R, s) is s^65537, under 2n;
 * R^2 mod n is made once a key, by doublings.
 *
 * Two AMMs: portable C (operand scanning: a limb of a at a time, m n
 * added so that the lowest limb is zero, the rest shifted down), and
 * AVX-512 IFMA (vpmadd52luq/vpmadd52huq: the low and high 52 bits of
 * 52-bit products added into 64-bit lanes), which works on RSA_BATCH
 * values at once, one a lane, so that its instructions need no shuffles
 * and no lane waits on another (see amm_ifma).  Measured on an AMD EPYC
 * with AVX-512 (2026-12-06), a signature's exponentiation: 2.6 us; the
 * same AMM done across the lanes of one value, four values interleaved,
 * took 7.2 us, and OpenSSL 15 us.
 *
 * imasign's measurement-list checks use the IFMA code, eight signatures
 * at a time (keys.c, verifier_check_batch); the C one is for the tests and
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

/* The IFMA code keeps RSA_BATCH (8) values side by side, one a 64-bit
 * lane: vector k holds limb k of each, so that every instruction works
 * on eight independent numbers and nothing moves between lanes (each
 * lane's AMM is the C one's).  Arrays have PAD zero limbs below and above
 * their L, so that a product's terms can be taken eight columns at a
 * time without looking where the operands end. */
#define PAD 8
#define PL (L + 2 * PAD)

typedef __m512i vec;

/* r = AMM(a, b) mod n in each lane, column by column (product scanning,
 * the reduction interleaved): eight columns at once in registers, first
 * every product a_i b_j that lands in them (low halves in column i + j,
 * high halves in the next), then every m_i n_j of the m already known,
 * then, a column at a time, the carry from below and, in the low half,
 * that column's m (which makes its low 52 bits zero) and its terms in
 * the columns left in the eight.  A column collects at most 160 halves
 * of 52 bits, under 2^60: carries wait until the column is done.  a, b
 * and r are padded (a[0] is limb 0, a[-1] a zero), n is too, and r is
 * neither a nor b. */
IFMA static void amm_ifma(vec *r, const vec *a, const vec *b, const uint64_t *n, uint64_t n0)
{
	const vec zero = _mm512_setzero_si512(), n0v = _mm512_set1_epi64((long long)n0);
	const vec m52 = _mm512_set1_epi64((long long)M52);
	vec m[L], carry = zero;

	for (int c0 = 0; c0 < 2 * L; c0 += 8) {
		vec acc[8];
		int ilo = c0 > L ? c0 - L : 0, ihi = c0 + 7 < L - 1 ? c0 + 7 : L - 1;

		#pragma GCC unroll 8
		for (int c = 0; c < 8; c++)
			acc[c] = zero;
		for (int i = ilo; i <= ihi; i++) {
			const vec ai = a[i], *bj = b + c0 - i;

			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++)
				acc[c] = _mm512_madd52lo_epu64(acc[c], ai, bj[c]);
			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++)
				acc[c] = _mm512_madd52hi_epu64(acc[c], ai, bj[c - 1]);
		}
		for (int i = ilo; i < c0 && i < L; i++) {
			const vec mi = m[i];
			const uint64_t *nj = n + c0 - i;

			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++)
				acc[c] = _mm512_madd52lo_epu64(acc[c], mi, _mm512_set1_epi64((long long)nj[c]));
			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++)
				acc[c] = _mm512_madd52hi_epu64(acc[c], mi, _mm512_set1_epi64((long long)nj[c - 1]));
		}
		if (c0 < L) {
			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++) {
				vec mk;

				acc[c] = _mm512_add_epi64(acc[c], carry);
				mk = m[c0 + c] = _mm512_madd52lo_epu64(zero, acc[c], n0v);
				acc[c] = _mm512_madd52lo_epu64(acc[c], mk, _mm512_set1_epi64((long long)n[0]));
				#pragma GCC unroll 8
				for (int d = c + 1; d < 8; d++) {
					acc[d] = _mm512_madd52lo_epu64(acc[d], mk, _mm512_set1_epi64((long long)n[d - c]));
					acc[d] = _mm512_madd52hi_epu64(acc[d], mk, _mm512_set1_epi64((long long)n[d - c - 1]));
				}
				carry = _mm512_srli_epi64(acc[c], 52);
			}
		} else {
			#pragma GCC unroll 8
			for (int c = 0; c < 8; c++) {
				acc[c] = _mm512_add_epi64(acc[c], carry);
				r[c0 + c - L] = _mm512_and_si512(acc[c], m52);
				carry = _mm512_srli_epi64(acc[c], 52);
			}
		}
	}
}

/* x^65537 mod n (under 2n) in each of x's RSA_BATCH values: xr = x R,
 * y = xr^(2^16) = x^65536 R, then AMM(y, x) = x^65537. */
IFMA static void exp_ifma(const struct rsa2048 *k, uint64_t (*x)[L])
{
	vec v[4][PL], *xv = v[0] + PAD, *y = v[1] + PAD, *t = v[2] + PAD, *rr = v[3] + PAD, *sw;
	uint64_t np[PL] = { 0 }, (*lane)[RSA_BATCH];

	memset(v, 0, sizeof(v));
	memcpy(np + PAD, k->n, sizeof(k->n));
	lane = (uint64_t (*)[RSA_BATCH])xv;
	for (int i = 0; i < L; i++) {
		rr[i] = _mm512_set1_epi64((long long)k->rr[i]);
		for (int w = 0; w < RSA_BATCH; w++)
			lane[i][w] = x[w][i];
	}
	amm_ifma(y, xv, rr, np + PAD, k->n0);
	for (int i = 0; i < 16; i++) {
		amm_ifma(t, y, y, np + PAD, k->n0);
		sw = y, y = t, t = sw;
	}
	amm_ifma(t, y, xv, np + PAD, k->n0);
	lane = (uint64_t (*)[RSA_BATCH])t;
	for (int i = 0; i < L; i++)
		for (int w = 0; w < RSA_BATCH; w++)
			x[w][i] = lane[i][w];
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

/* x^65537 mod n (under 2n) in each of x's RSA_BATCH values: xr = x R,
 * y = xr^(2^16) = x^65536 R, then AMM(y, x) = x^65537 R / R. */
static void exp_batch(const struct rsa2048 *k, uint64_t (*x)[L], int impl)
{
#if defined(__x86_64__)
	if (impl == RSA_IFMA) {
		exp_ifma(k, x);
		return;
	}
#endif
	(void)impl;
	for (int w = 0; w < RSA_BATCH; w++) {
		uint64_t y[L], t[L];

		amm_c(y, x[w], k->rr, k->n, k->n0);
		for (int i = 0; i < 16; i++) {
			amm_c(t, y, y, k->n, k->n0);
			memcpy(y, t, sizeof(y));
		}
		amm_c(x[w], y, x[w], k->n, k->n0);
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
