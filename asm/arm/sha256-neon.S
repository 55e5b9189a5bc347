/* SPDX-License-Identifier: Apache-2.0 */
/* sha256-neon.S: the SHA-256 (FIPS 180-4) block function for ARMv7 with
 * NEON: sha256_blocks_neon(state, p, nblocks), the md_desc block function
 * for SHA-224 and SHA-256 (state: uint32_t[8], host order).
 *
 * Why this shape: the 64 rounds are one serial chain of 32-bit adds,
 * logic and rotates, which the integer core does well (the barrel
 * shifter gives a rotate with each EOR/ADD), while NEON has no rotate and
 * would spend two instructions on each.  The message schedule is the
 * opposite: 48 words that come 4 at a time (only W[t+2..t+3] wait on
 * W[t..t+1]), so NEON makes them, adds K and stores W+K to the stack 16
 * rounds before they are used, while the integer core runs rounds.  The
 * two streams are interleaved in the source (a part of a schedule step
 * after each half round) because the Cortex-A7/A8/A9 are in-order and
 * only overlap what is written close together; A15 and A72 reorder
 * anyway.  In rounds 48-63, which need no schedule, NEON loads the next
 * block and makes its first 16 W+K, so no block starts by waiting on
 * NEON-to-integer traffic through memory.  A round is 17 integer
 * instructions: S1 and S0 as x ^ (x ror n) ^ (x ror m), rotated once more
 * in the add; Ch as g ^ (e & (f ^ g)); Maj as b ^ ((a ^ b) & (b ^ c)),
 * this round's a ^ b being the next one's b ^ c, kept in r2/r3 by turns.
 *
 * Registers: r4-r11 the state a-h (renamed by the round macros, back in
 * place every 8 rounds), r0 r1 temporaries, r2 r3 a^b / b^c, r12 walks the
 * K table, lr the W+K array on the stack.  q8-q11 the schedule ring
 * (W[t-16..t-1]), q12-q14 schedule temporaries, q15 W+K.  d8-d15 are not
 * touched.  Stack (aligned to 16): W+K[64], then p, the input's end, K,
 * state, the caller's sp.  The Z flag from round 48's "is there a next
 * block" test lives until the loop's branch (nothing between sets flags).
 *
 * Instructions: 1490 a block, 23.3 a byte: 1112 integer (64 x 17 for the
 * rounds, 24 for the pointers and the state) and 378 NEON (12 x 30 for
 * the schedule, 18 for the next block); counted from the code, and the
 * same under qemu -singlestep at 1 and 101 blocks.  Cycles (reasoned, no
 * hardware here): the rounds bind, NEON runs beside them.
 * Cortex-A72/A57 in AArch32: an ALU op with an immediate-shifted operand
 * takes 2 cycles on the single M pipe (Cortex-A57 guide, as LLVM's
 * ARMScheduleA57.td has it; the A72's is the same), 6 of the 17 have
 * one, and the e-to-e path is EOR, EOR, ADD (all shifted) and ADD, 7
 * cycles: about 7-8 cycles/byte (where the A72 has the Crypto
 * Extensions, "ce" is chosen instead).  Cortex-A15: 2 integer ALUs, so
 * 16 ALU ops a round take 8 cycles at best: some 9-11 cycles/byte.
 * Cortex-A7: in-order, pairs few of these (shifted operands and NEON
 * issue alone), about 1 instruction a cycle: some 23-26 cycles/byte.
 */

#include "linkage.h"
	.arch	armv7-a
	.fpu	neon
	.syntax	unified
	.arm

#define INP	256
#define END	260
#define KTAB	264
#define CTX	268
#define SSP	272
#define FRAME	288

/* The first half of round i: h += W+K + Ch(e, f, g) + S1(e), S1 last
 * because it is the longest path from e. */
.macro	rh1 a, b, c, d, e, f, g, h, i
	ldr	r1, [sp, #4*(\i)]
	eor	r0, \e, \e, ror #5
	add	\h, \h, r1
	eor	r1, \f, \g
	eor	r0, r0, \e, ror #19
	and	r1, r1, \e
	eor	r1, r1, \g
	add	\h, \h, r1
	add	\h, \h, r0, ror #6
.endm

/* The second half: d += T1, h = T1 + S0(a) + Maj(a, b, c); bc holds b ^ c
 * on entry and Maj after, ab gets a ^ b, the next round's b ^ c. */
.macro	rh2 a, b, c, d, e, f, g, h, bc, ab
	eor	r0, \a, \a, ror #11
	add	\d, \d, \h
	eor	r0, r0, \a, ror #20
	eor	\ab, \a, \b
	add	\h, \h, r0, ror #2
	and	\bc, \bc, \ab
	eor	\bc, \bc, \b
	add	\h, \h, \bc
.endm

/* Part n (0-7) of the NEON work beside a quad of rounds.  kind 1: the
 * schedule step W[t..t+3] = s1(W[t-2..t+1]) + W[t-7..t-4] + s0(W[t-15..
 * t-12]) + W[t-16..t-13] in x0, then W+K to the stack; x0-x3 the ring,
 * oldest first; x0l/x0h the halves of x0, x3h the high one of x3.  kind
 * 2: find the next block (or, for the last, the K table: harmless bytes
 * to load) and load it into q8-q11; kinds 2 and 3: byte-swap x0, add K,
 * store.  kind 0: nothing. */
.macro	neon kind, n, x0, x1, x2, x3, x0l, x0h, x3h
	.if \kind == 1
	.if \n == 0
	vext.8		q12, \x0, \x1, #4
	vext.8		q13, \x2, \x3, #4
	vshr.u32	q14, q12, #7
	vadd.i32	\x0, \x0, q13
	.elseif \n == 1
	vshr.u32	q13, q12, #18
	vsli.32		q14, q12, #25
	vsli.32		q13, q12, #14
	veor		q14, q14, q13
	.elseif \n == 2
	vshr.u32	q13, q12, #3
	veor		q14, q14, q13
	vshr.u32	d24, \x3h, #17
	vshr.u32	d25, \x3h, #19
	.elseif \n == 3
	vadd.i32	\x0, \x0, q14
	vsli.32		d24, \x3h, #15
	vsli.32		d25, \x3h, #13
	veor		d24, d24, d25
	.elseif \n == 4
	vshr.u32	d25, \x3h, #10
	veor		d24, d24, d25
	vadd.i32	\x0l, \x0l, d24
	vld1.32		{d30, d31}, [r12]!
	.elseif \n == 5
	vshr.u32	d24, \x0l, #17
	vshr.u32	d25, \x0l, #19
	vsli.32		d24, \x0l, #15
	vsli.32		d25, \x0l, #13
	.elseif \n == 6
	veor		d24, d24, d25
	vshr.u32	d25, \x0l, #10
	veor		d24, d24, d25
	vadd.i32	\x0h, \x0h, d24
	.else
	vadd.i32	q15, q15, \x0
	vst1.32		{d30, d31}, [lr :128]!
	.endif
	.elseif \kind == 2 && \n < 4
	.if \n == 0
	ldr		lr, [sp, #INP]
	ldr		r12, [sp, #END]
	.elseif \n == 1
	cmp		lr, r12
	ldreq		lr, [sp, #KTAB]
	.elseif \n == 2
	vld1.8		{d16-d19}, [lr]!
	vld1.8		{d20-d23}, [lr]!
	.else
	strne		lr, [sp, #INP]
	ldr		r12, [sp, #KTAB]
	mov		lr, sp
	.endif
	.elseif \kind >= 2
	.if \n == 4
	vrev32.8	\x0, \x0
	vld1.32		{d30, d31}, [r12]!
	.elseif \n == 5
	vadd.i32	q15, q15, \x0
	.elseif \n == 6
	vst1.32		{d30, d31}, [lr :128]!
	.endif
	.endif
.endm

/* Rounds i..i+3 with a-h as in round i, and NEON part n after each half. */
.macro	quad i, a, b, c, d, e, f, g, h, kind, x0, x1, x2, x3, x0l, x0h, x3h
	rh1	\a, \b, \c, \d, \e, \f, \g, \h, \i
	neon	\kind, 0, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh2	\a, \b, \c, \d, \e, \f, \g, \h, r3, r2
	neon	\kind, 1, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh1	\h, \a, \b, \c, \d, \e, \f, \g, \i+1
	neon	\kind, 2, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh2	\h, \a, \b, \c, \d, \e, \f, \g, r2, r3
	neon	\kind, 3, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh1	\g, \h, \a, \b, \c, \d, \e, \f, \i+2
	neon	\kind, 4, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh2	\g, \h, \a, \b, \c, \d, \e, \f, r3, r2
	neon	\kind, 5, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh1	\f, \g, \h, \a, \b, \c, \d, \e, \i+3
	neon	\kind, 6, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
	rh2	\f, \g, \h, \a, \b, \c, \d, \e, r2, r3
	neon	\kind, 7, \x0, \x1, \x2, \x3, \x0l, \x0h, \x3h
.endm

/* The ring in its four positions, as quad's last seven arguments. */
#define X0	q8, q9, q10, q11, d16, d17, d23
#define X1	q9, q10, q11, q8, d18, d19, d17
#define X2	q10, q11, q8, q9, d20, d21, d19
#define X3	q11, q8, q9, q10, d22, d23, d21
#define ABCD	r4, r5, r6, r7, r8, r9, r10, r11
#define EFGH	r8, r9, r10, r11, r4, r5, r6, r7

RODATA sha256_neon, 16
.Lk:
	.long	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
	.long	0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
	.long	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
	.long	0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
	.long	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
	.long	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
	.long	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
	.long	0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
	.long	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
	.long	0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
	.long	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
	.long	0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
	.long	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
	.long	0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
	.long	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
	.long	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2

TEXT sha256_blocks_neon
	.p2align 2
.Lkoff:	.word	.Lk - (.Lpc + 8)
FUNC sha256_blocks_neon
	cmp	r2, #0
	bxeq	lr
	push	{r4-r11, lr}
	.cfi_adjust_cfa_offset 36
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset r7, 12
	.cfi_rel_offset r8, 16
	.cfi_rel_offset r9, 20
	.cfi_rel_offset r10, 24
	.cfi_rel_offset r11, 28
	.cfi_rel_offset lr, 32
	mov	r12, sp
	.cfi_def_cfa_register r12
	sub	sp, sp, #FRAME
	bic	sp, sp, #15
	str	r12, [sp, #SSP]
	/* CFA = [sp + SSP] + 36: DW_CFA_def_cfa_expression, breg13 SSP, deref, plus 36 */
	.cfi_escape 0x0f, 0x06, 0x7d, 0x90, 0x02, 0x06, 0x23, 0x24
	add	r2, r1, r2, lsl #6
	str	r0, [sp, #CTX]
	str	r2, [sp, #END]
	ldr	r12, .Lkoff
.Lpc:	add	r12, pc, r12
	str	r12, [sp, #KTAB]
	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	str	r1, [sp, #INP]
	mov	lr, sp
	vld1.32	{d24-d27}, [r12]!
	vld1.32	{d28-d31}, [r12]!
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11
	vadd.i32 q12, q12, q8
	vadd.i32 q13, q13, q9
	vadd.i32 q14, q14, q10
	vadd.i32 q15, q15, q11
	vst1.32	{d24-d27}, [lr :128]!
	vst1.32	{d28-d31}, [lr :128]!
	ldm	r0, {r4-r11}

1:	eor	r3, r5, r6
	quad	0, ABCD, 1, X0
	quad	4, EFGH, 1, X1
	quad	8, ABCD, 1, X2
	quad	12, EFGH, 1, X3
	quad	16, ABCD, 1, X0
	quad	20, EFGH, 1, X1
	quad	24, ABCD, 1, X2
	quad	28, EFGH, 1, X3
	quad	32, ABCD, 1, X0
	quad	36, EFGH, 1, X1
	quad	40, ABCD, 1, X2
	quad	44, EFGH, 1, X3
	quad	48, ABCD, 2, X0
	quad	52, EFGH, 3, X1
	quad	56, ABCD, 3, X2
	quad	60, EFGH, 3, X3

	ldr	r12, [sp, #CTX]
	ldm	r12, {r0-r3}
	add	r4, r4, r0
	add	r5, r5, r1
	add	r6, r6, r2
	add	r7, r7, r3
	stm	r12!, {r4-r7}
	ldm	r12, {r0-r3}
	add	r8, r8, r0
	add	r9, r9, r1
	add	r10, r10, r2
	add	r11, r11, r3
	stm	r12, {r8-r11}
	ldr	r12, [sp, #KTAB]
	add	r12, r12, #64	@ past the K the next block's first 16 took
	bne	1b		@ Z from round 48's test: a next block was loaded

	ldr	sp, [sp, #SSP]
	.cfi_def_cfa sp, 36
	pop	{r4-r11, pc}
ENDFUNC sha256_blocks_neon
