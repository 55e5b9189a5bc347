/* SPDX-License-Identifier: Apache-2.0 */
/* sha512-neon.S: the SHA-512 (FIPS 180-4) block function for AArch64
 * with AdvSIMD: sha512_blocks_neon(state, p, nblocks), the md_desc block
 * function for SHA-384 and SHA-512 (state: uint64_t[8], host order).
 *
 * Why this shape: the rounds are one dependent chain of 64-bit steps, and
 * A64 has 64-bit integer registers with ROR as a free operand of EOR, so
 * a round's Sigma0 or Sigma1 is 3 one-cycle integer instructions, where
 * NEON, which has no rotate, needs 8 (USHR+SLI for each rotate, 2 EOR)
 * of 2-3 cycles each.  So the rounds run on x registers (a-h fixed in
 * x4-x11, renamed by the macros, back in place every 8 rounds).  Ch is
 * (e & f) + (g & ~e) (the two are disjoint, so they can be added to h one
 * by one); Maj is ((a ^ b) & (b ^ c)) ^ b, where b ^ c is the previous
 * round's a ^ b.  The schedule is data-parallel, so it runs in NEON, two
 * words to a q register (W[t] and W[t+1] need only W[t-2] and W[t-1]),
 * beside the rounds on the other pipes: s0 and s1 are USHR+SLI for each
 * rotate, USHR, and EOR.  It makes W+K 16 rounds before use into a
 * 128-byte ring on the stack; each pair of rounds LDPs its two words
 * first, then its schedule stores the words 16 rounds on in their place.
 * In rounds 64-79, which need no schedule, the next block is loaded and
 * its first 16 W+K made the same way (after the last block, 128 bytes of
 * the K table are loaded instead: harmless).  The NEON part of each pair
 * is cut in four and written between the half rounds, for the in-order
 * dual-issue Cortex-A53/A55.
 *
 * Instructions: 2240 a block (80 x 18 + 40 LDP for the rounds, 32 x 22
 * for the schedule, 38 for the next block, 18 for the state and loop);
 * 17.5 a byte, counted from the code; measured under qemu: 17.6 insn/B
 * (md.c's framing included; sha512-generic: 23.2).  Cycles (reasoned, no
 * hardware here): the 1480 integer instructions a block on the two
 * simple ALUs of a Cortex-A72 class core bound it at some 6 cycles/byte,
 * the NEON work going on beside; on Cortex-A53, dual issue of about 2240
 * instructions with the rounds' dependent steps, some 11-13 cycles/byte.
 *
 * Registers: x0 state, x1 p (next block), x2 blocks left, x3 walks the K
 * table, x4-x11 a-h, x12 and x13 W+K for the pair, x14 Sigma, x15 Ch,
 * x16 and x17 a ^ b of this round and the last (then Maj).  v16-v23 the
 * schedule ring (W[t-16..t-1], two words each), v24-v27 schedule
 * temporaries, v28 K then W+K.  v8-v15 and x18-x30 are not touched.  The
 * Z flag from round 64's "is there a next block" test lives until the
 * loop's branch (nothing between sets flags).
 */

#include "linkage.h"
	.arch	armv8-a

/* Round i, first half: h += W+K + Ch(e, f, g) + Sigma1(e), d += h. */
.macro	rh1 a, b, c, d, e, f, g, h, wk
	add	\h, \h, \wk
	ror	x14, \e, #14
	and	x15, \f, \e
	eor	x14, x14, \e, ror #18
	add	\h, \h, x15
	bic	x15, \g, \e
	eor	x14, x14, \e, ror #41
	add	\h, \h, x15
	add	\h, \h, x14
	add	\d, \d, \h
.endm

/* Second half: h += Maj(a, b, c) + Sigma0(a); mn gets a ^ b, mo holds
 * b ^ c (the last round's a ^ b) and becomes Maj. */
.macro	rh2 a, b, c, d, e, f, g, h, mn, mo
	ror	x14, \a, #28
	eor	\mn, \a, \b
	eor	x14, x14, \a, ror #34
	and	\mo, \mo, \mn
	eor	x14, x14, \a, ror #39
	eor	\mo, \mo, \b
	add	\h, \h, x14
	add	\h, \h, \mo
.endm

/* Part n (0-3) of the NEON work beside pair p.  kind 1: the schedule
 * pair W[t..t+1] = s1(W[t-2..t-1]) + W[t-7..t-6] + s0(W[t-15..t-14]) +
 * W[t-16..t-15] into x0, then W+K to the stack; x0, x1, x4, x5, x7 are
 * ring positions 0, 1, 4, 5, 7, oldest first.  kind 2: the next block's
 * address (or, after the last, the K table's), its load into v16-v23, the
 * K pointer's reset; kinds 2 and 3: byte-swap x0, add K, store. */
.macro	neon kind, n, p, x0, x1, x4, x5, x7
	.if \kind == 1
	.if \n == 0
	ld1	{v28.2d}, [x3], #16
	ext	v24.16b, \x0\().16b, \x1\().16b, #8
	ext	v25.16b, \x4\().16b, \x5\().16b, #8
	ushr	v26.2d, v24.2d, #1
	ushr	v27.2d, v24.2d, #8
	add	\x0\().2d, \x0\().2d, v25.2d
	sli	v26.2d, v24.2d, #63
	.elseif \n == 1
	sli	v27.2d, v24.2d, #56
	ushr	v25.2d, v24.2d, #7
	eor	v26.16b, v26.16b, v27.16b
	ushr	v27.2d, \x7\().2d, #19
	eor	v26.16b, v26.16b, v25.16b
	ushr	v25.2d, \x7\().2d, #61
	.elseif \n == 2
	add	\x0\().2d, \x0\().2d, v26.2d
	sli	v27.2d, \x7\().2d, #45
	sli	v25.2d, \x7\().2d, #3
	ushr	v26.2d, \x7\().2d, #6
	eor	v27.16b, v27.16b, v25.16b
	.else
	eor	v27.16b, v27.16b, v26.16b
	add	\x0\().2d, \x0\().2d, v27.2d
	add	v28.2d, v28.2d, \x0\().2d
	str	q28, [sp, #16 * (\p % 8)]
	.endif
	.elseif \kind == 2 && \n < 2
	.if \n == 0
	subs	x2, x2, #1
	adrp	x3, .Lk
	add	x3, x3, :lo12:.Lk
	csel	x1, x1, x3, ne
	.else
	ld1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x1], #64
	ld1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x1], #64
	.endif
	.elseif \n == 0 || (\kind == 2 && \n == 2)
	ld1	{v28.2d}, [x3], #16
	.if \kind == 2
	rev64	\x0\().16b, \x0\().16b
	.endif
	.elseif \n == 1
	rev64	\x0\().16b, \x0\().16b
	.elseif \n == 2
	add	v28.2d, v28.2d, \x0\().2d
	.else
	.if \kind == 2
	add	v28.2d, v28.2d, \x0\().2d
	.endif
	str	q28, [sp, #16 * (\p % 8)]
	.endif
.endm

/* Rounds 2p and 2p+1, a-h as in round 2p, NEON part n after each half. */
.macro	pair p, a, b, c, d, e, f, g, h, kind, x0, x1, x4, x5, x7
	ldp	x12, x13, [sp, #16 * (\p % 8)]
	rh1	\a, \b, \c, \d, \e, \f, \g, \h, x12
	neon	\kind, 0, \p, \x0, \x1, \x4, \x5, \x7
	rh2	\a, \b, \c, \d, \e, \f, \g, \h, x16, x17
	neon	\kind, 1, \p, \x0, \x1, \x4, \x5, \x7
	rh1	\h, \a, \b, \c, \d, \e, \f, \g, x13
	neon	\kind, 2, \p, \x0, \x1, \x4, \x5, \x7
	rh2	\h, \a, \b, \c, \d, \e, \f, \g, x17, x16
	neon	\kind, 3, \p, \x0, \x1, \x4, \x5, \x7
.endm

/* The first block's W[2j..2j+1] in x, byte-swapped, plus K, to slot j. */
.macro	wk0 x, j
	rev64	\x\().16b, \x\().16b
	ld1	{v28.2d}, [x3], #16
	add	v28.2d, v28.2d, \x\().2d
	str	q28, [sp, #16 * \j]
.endm

/* The state at rounds 0, 2, 4, 6 (mod 8), and the ring at pairs 0-7. */
#define S0	x4, x5, x6, x7, x8, x9, x10, x11
#define S1	x10, x11, x4, x5, x6, x7, x8, x9
#define S2	x8, x9, x10, x11, x4, x5, x6, x7
#define S3	x6, x7, x8, x9, x10, x11, x4, x5
#define Y0	v16, v17, v20, v21, v23
#define Y1	v17, v18, v21, v22, v16
#define Y2	v18, v19, v22, v23, v17
#define Y3	v19, v20, v23, v16, v18
#define Y4	v20, v21, v16, v17, v19
#define Y5	v21, v22, v17, v18, v20
#define Y6	v22, v23, v18, v19, v21
#define Y7	v23, v16, v19, v20, v22

RODATA sha512_neon, 16
.Lk:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817

FUNC sha512_blocks_neon
	cbz	x2, 9f
	sub	sp, sp, #128
	.cfi_adjust_cfa_offset 128
	ldp	x4, x5, [x0]
	ldp	x6, x7, [x0, #16]
	ldp	x8, x9, [x0, #32]
	ldp	x10, x11, [x0, #48]

	/* The first block's W and W+K[0..15]. */
	adrp	x3, .Lk
	add	x3, x3, :lo12:.Lk
	ld1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x1], #64
	ld1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x1], #64
	wk0	v16, 0
	wk0	v17, 1
	wk0	v18, 2
	wk0	v19, 3
	wk0	v20, 4
	wk0	v21, 5
	wk0	v22, 6
	wk0	v23, 7

1:	eor	x17, x5, x6		// b ^ c for round 0's Maj
	pair	0, S0, 1, Y0
	pair	1, S1, 1, Y1
	pair	2, S2, 1, Y2
	pair	3, S3, 1, Y3
	pair	4, S0, 1, Y4
	pair	5, S1, 1, Y5
	pair	6, S2, 1, Y6
	pair	7, S3, 1, Y7
	pair	8, S0, 1, Y0
	pair	9, S1, 1, Y1
	pair	10, S2, 1, Y2
	pair	11, S3, 1, Y3
	pair	12, S0, 1, Y4
	pair	13, S1, 1, Y5
	pair	14, S2, 1, Y6
	pair	15, S3, 1, Y7
	pair	16, S0, 1, Y0
	pair	17, S1, 1, Y1
	pair	18, S2, 1, Y2
	pair	19, S3, 1, Y3
	pair	20, S0, 1, Y4
	pair	21, S1, 1, Y5
	pair	22, S2, 1, Y6
	pair	23, S3, 1, Y7
	pair	24, S0, 1, Y0
	pair	25, S1, 1, Y1
	pair	26, S2, 1, Y2
	pair	27, S3, 1, Y3
	pair	28, S0, 1, Y4
	pair	29, S1, 1, Y5
	pair	30, S2, 1, Y6
	pair	31, S3, 1, Y7
	pair	32, S0, 2, Y0
	pair	33, S1, 3, Y1
	pair	34, S2, 3, Y2
	pair	35, S3, 3, Y3
	pair	36, S0, 3, Y4
	pair	37, S1, 3, Y5
	pair	38, S2, 3, Y6
	pair	39, S3, 3, Y7

	ldp	x12, x13, [x0]
	ldp	x14, x15, [x0, #16]
	add	x4, x4, x12
	add	x5, x5, x13
	add	x6, x6, x14
	add	x7, x7, x15
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	ldp	x12, x13, [x0, #32]
	ldp	x14, x15, [x0, #48]
	add	x8, x8, x12
	add	x9, x9, x13
	add	x10, x10, x14
	add	x11, x11, x15
	stp	x8, x9, [x0, #32]
	stp	x10, x11, [x0, #48]
	b.ne	1b		// Z from round 64's test: a next block was loaded

	add	sp, sp, #128
	.cfi_adjust_cfa_offset -128
9:	ret
ENDFUNC sha512_blocks_neon
