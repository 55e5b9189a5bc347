/* SPDX-License-Identifier: Apache-2.0 */
/* ghash-pmull.S: GHASH (NIST SP 800-38D) with the ARMv8 Crypto
 * Extensions' 64x64-bit carry-less multiply (PMULL/PMULL2) for gcm_ops:
 * the powers of H, and the hash of whole blocks, 8 (then 4, then 1) at
 * a time with one reduction a group.
 *
 * A block read as a big-endian 128-bit integer has the coefficient of
 * x^(127-j) in bit j ("reflected").  REV64 alone gives that integer with
 * its halves swapped (lane 0 the high 64 bits), and every value here is
 * kept so, which saves the lane swap on each block: PMULL of two such
 * values multiplies the high halves, PMULL2 the low ones.  Products are
 * Karatsuba's (three PMULL a block), the middle key (hi ^ lo of each
 * power) precomputed.  The carry-less product of two reflected values is
 * the reflected product times x, and the reduction is Montgomery's: the
 * low 128 bits are folded up 64 at a time with the reflected polynomial's
 * low terms (0xc2 << 56) by PMULL, which divides by x^128; the table holds
 * each power of H times x^-1 ... x^127 (H * y in the reflected variable y
 * = 1/x), so that the two corrections cancel and products come out exact.
 *
 * htable: bytes 16 * (k - 1), k = 1..8: H^k (scaled as above, halves
 * swapped); bytes 128..191: the middle keys in pairs, H^1 | H^2, H^3 |
 * H^4, H^5 | H^6, H^7 | H^8 (lane 0 | lane 1).  192 bytes.
 *
 * Registers in ghash_pmull: v7 the state, v0-v3 four blocks, v4-v6
 * scratch, v16-v23 H^1..H^8, v24-v27 the middle keys, v28/v29/v30 the
 * low, high and middle sums, v31 the reduction constant.  v8-v15 are not
 * touched.
 *
 * Instructions per block, counted from the code: 8 a block (3 PMULL, 1
 * EXT, 4 EOR) + 1 REV64 + 10 for the reduction of each group + loads and
 * loop: 10.4 in groups of 8, 0.65 per byte.  Reasoned, not measured:
 * Cortex-A72 issues PMULL (64-bit, 3 cycles latency) one a cycle on one
 * pipe (Cortex-A72 Software Optimization Guide), so 3 a block bound it
 * at 0.19 c/B and the ASIMD work on both pipes (about 10.4 / 2 a block)
 * at about 0.33 c/B; Cortex-A76 (PMULL on its two ASIMD pipes, 2 cycles)
 * about 0.25 c/B.
 */

#include "linkage.h"
	.arch	armv8-a+crypto

.macro zero1 r
	movi	v\r\().16b, #0
.endm

/* No key or data left in the vector registers on return. */
.macro clear
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	zero1	\r
	.endr
.endm

/* v31.d[0] = the reflected polynomial's low terms x^57+x^62+x^63 (y^-1 ...). */
.macro poly
	mov	x9, #0xc200000000000000
	fmov	d31, x9
.endm

/* The Karatsuba products of A and power H (middle key in lane LANE of K)
 * into HI, LO, MID; A is clobbered. */
.macro kmul hi, lo, mid, a, h, k, lane
	pmull	\hi\().1q, \a\().1d, \h\().1d
	pmull2	\lo\().1q, \a\().2d, \h\().2d
	ext	\mid\().16b, \a\().16b, \a\().16b, #8
	eor	\a\().16b, \a\().16b, \mid\().16b
	.if \lane
	pmull2	\mid\().1q, \a\().2d, \k\().2d
	.else
	pmull	\mid\().1q, \a\().1d, \k\().1d
	.endif
.endm

/* The same, added into v29 (hi), v28 (lo), v30 (mid); v4-v6 scratch. */
.macro kacc a, h, k, lane
	kmul	v4, v5, v6, \a, \h, \k, \lane
	eor	v29.16b, v29.16b, v4.16b
	eor	v28.16b, v28.16b, v5.16b
	eor	v30.16b, v30.16b, v6.16b
.endm

/* OUT = (HI:MID:LO) * x^-128 mod the polynomial, halves swapped.  With P0
 * .. P3 the 64-bit words of the 256-bit sum, each fold adds P0 times the
 * polynomial (x^128 + the constant's terms) so that P0 cancels, and drops
 * that zero word; MID and LO's words go up a lane at a time by EXT. */
.macro reduce out, hi, lo, mid, t
	eor	\mid\().16b, \mid\().16b, \lo\().16b	/* Karatsuba's middle */
	eor	\mid\().16b, \mid\().16b, \hi\().16b
	pmull	\t\().1q, \lo\().1d, v31.1d		/* P0 * c */
	eor	\mid\().16b, \mid\().16b, \t\().16b
	ext	\t\().16b, \lo\().16b, \lo\().16b, #8
	eor	\mid\().16b, \mid\().16b, \t\().16b	/* (Q0, Q1 ^ hi.d0) */
	pmull	\t\().1q, \mid\().1d, v31.1d		/* Q0 * c */
	eor	\hi\().16b, \hi\().16b, \t\().16b
	ext	\hi\().16b, \hi\().16b, \hi\().16b, #8
	eor	\out\().16b, \hi\().16b, \mid\().16b
.endm

/* ghash_pmull_init(htable, h) */
FUNC ghash_pmull_init
	/* H * y: a left shift of the reflected integer; the y^128 shifted out
	 * comes back as y^127 + y^126 + y^121 + 1. */
	ldp	x2, x3, [x1]
	rev	x2, x2			/* high half */
	rev	x3, x3
	asr	x4, x2, #63
	extr	x2, x2, x3, #63
	lsl	x3, x3, #1
	mov	x5, #0xc200000000000000
	and	x5, x5, x4
	and	x4, x4, #1
	eor	x2, x2, x5
	eor	x3, x3, x4
	fmov	d16, x2
	mov	v16.d[1], x3
	poly
	ext	v0.16b, v16.16b, v16.16b, #8
	eor	v24.16b, v16.16b, v0.16b	/* H's middle key in both lanes */
	mov	v7.16b, v16.16b
	.irp k, 17, 18, 19, 20, 21, 22, 23
	mov	v0.16b, v7.16b
	kmul	v1, v2, v3, v0, v16, v24, 0
	reduce	v7, v1, v2, v3, v4
	mov	v\k\().16b, v7.16b
	.endr
	/* The middle keys, two powers a register. */
	zip1	v0.2d, v16.2d, v17.2d
	zip2	v1.2d, v16.2d, v17.2d
	eor	v24.16b, v0.16b, v1.16b
	zip1	v0.2d, v18.2d, v19.2d
	zip2	v1.2d, v18.2d, v19.2d
	eor	v25.16b, v0.16b, v1.16b
	zip1	v0.2d, v20.2d, v21.2d
	zip2	v1.2d, v20.2d, v21.2d
	eor	v26.16b, v0.16b, v1.16b
	zip1	v0.2d, v22.2d, v23.2d
	zip2	v1.2d, v22.2d, v23.2d
	eor	v27.16b, v0.16b, v1.16b
	st1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x0], #64
	st1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x0], #64
	st1	{v24.16b, v25.16b, v26.16b, v27.16b}, [x0]
	clear
	ret
ENDFUNC ghash_pmull_init

/* ghash_pmull(xi, htable, p, nblocks) */
FUNC ghash_pmull
	cbz	x3, 9f
	ld1	{v7.16b}, [x0]
	rev64	v7.16b, v7.16b
	ld1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x1], #64
	ld1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x1], #64
	ld1	{v24.16b, v25.16b, v26.16b, v27.16b}, [x1]
	poly
	subs	x3, x3, #8
	b.lo	2f
	/* (xi + p0) H^8 + p1 H^7 + ... + p7 H. */
1:	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
	rev64	v0.16b, v0.16b
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	eor	v0.16b, v0.16b, v7.16b
	kmul	v29, v28, v30, v0, v23, v27, 1
	kacc	v1, v22, v27, 0
	kacc	v2, v21, v26, 1
	kacc	v3, v20, v26, 0
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
	rev64	v0.16b, v0.16b
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	kacc	v0, v19, v25, 1
	kacc	v1, v18, v25, 0
	kacc	v2, v17, v24, 1
	kacc	v3, v16, v24, 0
	reduce	v7, v29, v28, v30, v4
	subs	x3, x3, #8
	b.hs	1b
2:	adds	x3, x3, #8
	b.eq	8f
	tbz	x3, #2, 3f
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
	rev64	v0.16b, v0.16b
	rev64	v1.16b, v1.16b
	rev64	v2.16b, v2.16b
	rev64	v3.16b, v3.16b
	eor	v0.16b, v0.16b, v7.16b
	kmul	v29, v28, v30, v0, v19, v25, 1
	kacc	v1, v18, v25, 0
	kacc	v2, v17, v24, 1
	kacc	v3, v16, v24, 0
	reduce	v7, v29, v28, v30, v4
	subs	x3, x3, #4
	b.eq	8f
3:	ld1	{v0.16b}, [x2], #16
	rev64	v0.16b, v0.16b
	eor	v0.16b, v0.16b, v7.16b
	kmul	v29, v28, v30, v0, v16, v24, 0
	reduce	v7, v29, v28, v30, v4
	subs	x3, x3, #1
	b.ne	3b
8:	rev64	v7.16b, v7.16b
	st1	{v7.16b}, [x0]
	clear
9:	ret
ENDFUNC ghash_pmull
