/* SPDX-License-Identifier: Apache-2.0 */
/* sha512-neon.S: the SHA-512 (FIPS 180-4) block function for ARMv7 with
 * NEON: sha512_blocks_neon(state, p, nblocks), the md_desc block function
 * for SHA-384 and SHA-512 (state: uint64_t[8], host order).
 *
 * Why this shape: ARMv7 integer registers are 32 bits, so a 64-bit round
 * there costs pairs of instructions and more registers than there are;
 * NEON has 64-bit adds and shifts, so all of it runs in NEON: the rounds
 * on d registers, one 64-bit word each, and the schedule two words to a
 * q register (W[t] and W[t+1] need only W[t-2] and W[t-1], so a pair has
 * no inner dependency).  NEON has no rotate: each is VSHR then VSLI.  Ch
 * is VBSL with e as the mask, Maj is VBSL(a ^ b, c, b).  The schedule
 * stores W+K to the stack 16 rounds before use and a round loads it back
 * (the registers are all taken: 16 d for the ring, 8 for the state, 2
 * round and 6 schedule temporaries).  Schedule work is written between
 * half rounds, since the Cortex-A7/A8/A9 NEON units are in-order; in
 * rounds 64-79, which need no schedule, the next block is loaded and its
 * first 16 W+K made the same way.
 *
 * Registers: r0 state, r1 p (next block), r2 blocks left, r3 walks the K
 * table, r4 the K table, r5 the load pointer, r6 state + 32, r7 the
 * caller's sp, r12 walks the W+K array.  q0-q7 the schedule ring (W[t-16..
 * t-1], two words each), d16-d23 a-h (renamed by the macros, back in
 * place every 8 rounds), d24-d25 round temporaries, q13-q15 schedule
 * temporaries.  d8-d15 and r4-r7 are saved and restored.  The Z flag
 * from round 64's "is there a next block" test lives until the loop's
 * branch (nothing between sets flags).
 *
 * Instructions: 2995 a block, 23.4 a byte (80 x 28 for the rounds, 32 x
 * 22 for the schedule, 42 for the next block, 9 for the state and loop),
 * all but 7 in NEON; counted from the code, and the same under qemu
 * -singlestep at 1 and 101 blocks.  Cycles (reasoned, no hardware here):
 * Cortex-A72/A57 in AArch32 (Cortex-A57 guide, as LLVM's
 * ARMScheduleA57.td has it): VSHR 3 and VSLI 4-5 cycles, both on the F1
 * pipe only, other ops 3 on either; the 12 shift ops a round and 10 a
 * schedule pair are 1280 F1 cycles a block, and a round's e-to-e path
 * (VSHR, VSLI, VEOR, VEOR, VADD) is 16 cycles, 1280 a block: about 10-12
 * cycles/byte.  Cortex-A15: two NEON pipes, some 13-16 cycles/byte.
 * Cortex-A7 and A8: a 64-bit NEON data path issuing about one of these a
 * cycle, with the rounds' dependent steps only partly hidden by the
 * schedule: some 25-30 cycles/byte.
 */

#include "linkage.h"
	.arch	armv7-a
	.fpu	neon
	.syntax	unified
	.arm

#define FRAME	640

/* Round i, first half: h += W+K + Ch(e, f, g) + S1(e), d += the same.
 * S1 is the longest path from e, so it is added last, to d as well as to
 * h: d + T1 is then one add after S1, not two. */
.macro	rh1 a, b, c, d, e, f, g, h, i
	vldr		d24, [sp, #8*(\i)]
	vshr.u64	d25, \e, #14
	vadd.i64	\h, \h, d24
	vshr.u64	d24, \e, #18
	vsli.64		d25, \e, #50
	vsli.64		d24, \e, #46
	veor		d25, d25, d24
	vshr.u64	d24, \e, #41
	vsli.64		d24, \e, #23
	veor		d25, d25, d24
	vmov		d24, \e
	vbsl		d24, \f, \g
	vadd.i64	\h, \h, d24
	vadd.i64	\d, \d, \h
	vadd.i64	\h, \h, d25
	vadd.i64	\d, \d, d25
.endm

/* Second half: h += Maj(a, b, c) + S0(a), S0 last for the same reason. */
.macro	rh2 a, b, c, d, e, f, g, h
	vshr.u64	d25, \a, #28
	vshr.u64	d24, \a, #34
	vsli.64		d25, \a, #36
	vsli.64		d24, \a, #30
	veor		d25, d25, d24
	vshr.u64	d24, \a, #39
	vsli.64		d24, \a, #25
	veor		d25, d25, d24
	veor		d24, \a, \b
	vbsl		d24, \c, \b
	vadd.i64	\h, \h, d24
	vadd.i64	\h, \h, d25
.endm

/* Part n (0-3) of the NEON work beside a pair of rounds.  kind 1: the
 * schedule pair W[t..t+1] = s1(W[t-2..t-1]) + W[t-7..t-6] + s0(W[t-15..
 * t-14]) + W[t-16..t-15] in x0, then W+K to the stack; x0, x1, x4, x5, x7
 * are ring positions 0, 1, 4, 5, 7, oldest first.  kind 2: the next
 * block's address (or, after the last, the K table: harmless bytes to
 * load), its load into q0-q7 and the pointers' reset; kinds 2 and 3:
 * byte-swap x0, add K, store. */
.macro	neon kind, n, x0, x1, x4, x5, x7
	.if \kind == 1
	.if \n == 0
	vext.8		q13, \x0, \x1, #8
	vext.8		q14, \x4, \x5, #8
	vshr.u64	q15, q13, #1
	vadd.i64	\x0, \x0, q14
	vshr.u64	q14, q13, #8
	vsli.64		q15, q13, #63
	.elseif \n == 1
	vsli.64		q14, q13, #56
	veor		q15, q15, q14
	vshr.u64	q14, q13, #7
	veor		q15, q15, q14
	vshr.u64	q13, \x7, #19
	vadd.i64	\x0, \x0, q15
	.elseif \n == 2
	vshr.u64	q14, \x7, #61
	vsli.64		q13, \x7, #45
	vsli.64		q14, \x7, #3
	veor		q13, q13, q14
	vshr.u64	q14, \x7, #6
	.else
	veor		q13, q13, q14
	vld1.64		{d28, d29}, [r3 :128]!
	vadd.i64	\x0, \x0, q13
	vadd.i64	q14, q14, \x0
	vst1.64		{d28, d29}, [r12 :128]!
	.endif
	.elseif \kind == 2 && \n < 3
	.if \n == 0
	subs		r2, r2, #1
	movne		r5, r1
	moveq		r5, r4
	addne		r1, r1, #128
	.elseif \n == 1
	vld1.8		{d0-d3}, [r5]!
	vld1.8		{d4-d7}, [r5]!
	.else
	vld1.8		{d8-d11}, [r5]!
	vld1.8		{d12-d15}, [r5]
	mov		r3, r4
	mov		r12, sp
	.endif
	.elseif \kind >= 2
	.if \n == 0
	vrev64.8	\x0, \x0
	.elseif \n == 1
	vld1.64		{d26, d27}, [r3 :128]!
	.elseif \n == 2
	vadd.i64	q13, q13, \x0
	.else
	.if \kind == 2
	vrev64.8	\x0, \x0
	vld1.64		{d26, d27}, [r3 :128]!
	vadd.i64	q13, q13, \x0
	.endif
	vst1.64		{d26, d27}, [r12 :128]!
	.endif
	.endif
.endm

/* Rounds i and i+1, a-h as in round i, NEON part n after each half. */
.macro	pair i, a, b, c, d, e, f, g, h, kind, x0, x1, x4, x5, x7
	rh1	\a, \b, \c, \d, \e, \f, \g, \h, \i
	neon	\kind, 0, \x0, \x1, \x4, \x5, \x7
	rh2	\a, \b, \c, \d, \e, \f, \g, \h
	neon	\kind, 1, \x0, \x1, \x4, \x5, \x7
	rh1	\h, \a, \b, \c, \d, \e, \f, \g, \i+1
	neon	\kind, 2, \x0, \x1, \x4, \x5, \x7
	rh2	\h, \a, \b, \c, \d, \e, \f, \g
	neon	\kind, 3, \x0, \x1, \x4, \x5, \x7
.endm

/* The state at rounds 0, 2, 4, 6 (mod 8), and the ring at positions 0-7. */
#define S0	d16, d17, d18, d19, d20, d21, d22, d23
#define S1	d22, d23, d16, d17, d18, d19, d20, d21
#define S2	d20, d21, d22, d23, d16, d17, d18, d19
#define S3	d18, d19, d20, d21, d22, d23, d16, d17
#define Y0	q0, q1, q4, q5, q7
#define Y1	q1, q2, q5, q6, q0
#define Y2	q2, q3, q6, q7, q1
#define Y3	q3, q4, q7, q0, q2
#define Y4	q4, q5, q0, q1, q3
#define Y5	q5, q6, q1, q2, q4
#define Y6	q6, q7, q2, q3, q5
#define Y7	q7, q0, q3, q4, q6

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

TEXT sha512_blocks_neon
	.p2align 2
.Lkoff:	.word	.Lk - (.Lpc + 8)
FUNC sha512_blocks_neon
	cmp	r2, #0
	bxeq	lr
	push	{r4-r7, lr}
	.cfi_adjust_cfa_offset 20
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset r7, 12
	.cfi_rel_offset lr, 16
	vpush	{d8-d15}
	.cfi_adjust_cfa_offset 64
	mov	r7, sp
	.cfi_def_cfa_register r7
	sub	sp, sp, #FRAME
	bic	sp, sp, #15
	ldr	r4, .Lkoff
.Lpc:	add	r4, pc, r4
	add	r6, r0, #32
	vld1.64	{d16-d19}, [r0]
	vld1.64	{d20-d23}, [r6]

	/* The first block's W and W+K[0..15]. */
	vld1.8	{d0-d3}, [r1]!
	vld1.8	{d4-d7}, [r1]!
	vld1.8	{d8-d11}, [r1]!
	vld1.8	{d12-d15}, [r1]!
	mov	r3, r4
	mov	r12, sp
	.irp	x, q0, q1, q2, q3, q4, q5, q6, q7
	vrev64.8 \x, \x
	vld1.64	{d26, d27}, [r3 :128]!
	vadd.i64 q13, q13, \x
	vst1.64	{d26, d27}, [r12 :128]!
	.endr

1:	pair	0, S0, 1, Y0
	pair	2, S1, 1, Y1
	pair	4, S2, 1, Y2
	pair	6, S3, 1, Y3
	pair	8, S0, 1, Y4
	pair	10, S1, 1, Y5
	pair	12, S2, 1, Y6
	pair	14, S3, 1, Y7
	pair	16, S0, 1, Y0
	pair	18, S1, 1, Y1
	pair	20, S2, 1, Y2
	pair	22, S3, 1, Y3
	pair	24, S0, 1, Y4
	pair	26, S1, 1, Y5
	pair	28, S2, 1, Y6
	pair	30, S3, 1, Y7
	pair	32, S0, 1, Y0
	pair	34, S1, 1, Y1
	pair	36, S2, 1, Y2
	pair	38, S3, 1, Y3
	pair	40, S0, 1, Y4
	pair	42, S1, 1, Y5
	pair	44, S2, 1, Y6
	pair	46, S3, 1, Y7
	pair	48, S0, 1, Y0
	pair	50, S1, 1, Y1
	pair	52, S2, 1, Y2
	pair	54, S3, 1, Y3
	pair	56, S0, 1, Y4
	pair	58, S1, 1, Y5
	pair	60, S2, 1, Y6
	pair	62, S3, 1, Y7
	pair	64, S0, 2, Y0
	pair	66, S1, 3, Y1
	pair	68, S2, 3, Y2
	pair	70, S3, 3, Y3
	pair	72, S0, 3, Y4
	pair	74, S1, 3, Y5
	pair	76, S2, 3, Y6
	pair	78, S3, 3, Y7

	vld1.64	{d24-d27}, [r0]
	vld1.64	{d28-d31}, [r6]
	vadd.i64 q8, q8, q12
	vadd.i64 q9, q9, q13
	vadd.i64 q10, q10, q14
	vadd.i64 q11, q11, q15
	vst1.64	{d16-d19}, [r0]
	vst1.64	{d20-d23}, [r6]
	bne	1b		@ Z from round 64's test: a next block was loaded

	mov	sp, r7
	.cfi_def_cfa_register sp
	vpop	{d8-d15}
	.cfi_adjust_cfa_offset -64
	pop	{r4-r7, pc}
ENDFUNC sha512_blocks_neon
