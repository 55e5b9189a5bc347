/* SPDX-License-Identifier: Apache-2.0 */
/* aes-arm.S: AES (FIPS-197) ecb/cbc/ctr/xts full-block primitives on the
 * ARMv7-A integer unit with lookup tables, for CPUs without the Crypto
 * Extensions (Cortex-A7/A9/A15); the struct aes_ops of crypto/arm/aes.c.
 *
 * NOT CONSTANT TIME.  Every round indexes a table with secret state bytes,
 * so which cache lines are touched depends on key and data: a process on
 * the same core, or one sharing the cache, can recover the key by cache
 * timing (Bernstein 2005; Osvik, Shamir, Tromer 2006).  It is still
 * offered for builds without libcrypto (config/tiny.conf) on CPUs
 * without the Crypto Extensions, where the C fallback (crypto/aes.c) is
 * table AES too, only slower.  Its priority, 140, is below the Crypto
 * Extensions driver aes-ce.S (300) and below OpenSSL's (150), whose
 * bit-sliced NEON CTR, XTS and CBC decryption take about half the
 * instructions and are constant-time; above the C code (100).  Where the
 * timing channel matters, LSMBOX_CRYPTO forces another implementation.
 *
 * State: the four columns as little-endian words, as LDR reads the block
 * (byte r of column c is row r), and the round keys of struct aes_key
 * read the same way: enc[] at 0, and the equivalent inverse cipher's
 * dec[] at 256 (dec[0] = enc[Nr], dec[i] = InvMixColumns(enc[Nr - i])),
 * rounds at 496.  One table a direction, not four: Te[x] is the
 * MixColumns column of S(x) in row 0 (2s, s, s, 3s from the low byte), the
 * rows 1-3 are that word rotated left 8, 16, 24, and the rotation is free
 * in the second operand of EOR.  So 1 KiB a direction instead of 4: fewer
 * cache lines to miss (and to leak through), the same instruction count.
 * A round column is t = rk ^ T[a0.b0] ^ rol8 T[a1.b1] ^ rol16 T[a2.b2] ^
 * rol24 T[a3.b3], with (a0..a3) = (s0, s1, s2, s3) rotated by the column
 * for encryption and (s0, s3, s2, s1) for decryption (InvShiftRows).  The
 * last encryption round takes S(x) from byte 1 of Te[x] (LDRB at Te + 1 +
 * 4x); decryption has its own inverse S-box after Td, since no byte of
 * Td[x] (14t, 9t, 13t, 11t) is t itself.  The tables are computed by the
 * assembler from GF(2^8) arithmetic (the macros below), not pasted.
 *
 * Block routines .Lenc/.Ldec (internal): r4-r7 the block in and out, r0
 * struct aes_key (kept), r1-r3 index/entry temporaries, r8-r11 the other
 * state half (rounds alternate r4-r7 -> r8-r11 -> r4-r7), r12 the table,
 * lr the double-round count; everything else is lost.  The mode functions
 * so keep dst, src, nblocks (and the iv, counter or tweak) on the stack.
 * Loads and stores of the caller's buffers are single LDR/STR, which
 * ARMv7 Linux allows unaligned; LDM/STM touch only the key and the stack.
 * CTR keeps its counter as four native words, most significant first,
 * and increments the full 128 bits (ADDS/ADCS); XTS doubles the tweak in
 * GF(2^128) as four little-endian words with the 0x87 fold.  CBC
 * decryption saves each ciphertext block before its plaintext is stored,
 * so dst == src works.
 *
 * Cost, counted from the code: a round is 1 LDM + 16 (extract, LDR, EOR)
 * = 49 instructions; AES-128 is about 510 a block, plus ~20 for the call
 * and the mode loop.  Measured under qemu (scripts/insn-count, qemu-arm
 * -cpu cortex-a15, AES-128 keys, enc/dec): ecb 33.3/33.3 insn/B, cbc
 * 33.5/34.0, ctr 34.2, xts 34.3/34.3; ecb-aes-generic, for comparison,
 * 49.4/49.4 (cbc 56.0/56.3, ctr 56.0, xts 63.7).  Cycles, reasoned and
 * not measured (no hardware): the 16 dependent-address table loads a round
 * dominate, so on a core that issues one load a cycle (Cortex-A7/A9)
 * expect roughly 30-40 cycles/byte with warm caches.
 */

#include "linkage.h"
	.arch	armv7-a
	.syntax	unified
	.arm

/* --- the tables, computed at assembly time --- */

/* \dst = \a * \b in GF(2^8) mod x^8 + x^4 + x^3 + x + 1 */
.macro	gmul dst, a, b
	.set	.Lga, \a
	.set	.Lgb, \b
	.set	.Lgr, 0
	.rept	8
	.set	.Lgr, .Lgr ^ ((.Lgb & 1) * .Lga)
	.set	.Lga, ((.Lga << 1) ^ ((.Lga >> 7) * 0x1b)) & 0xff
	.set	.Lgb, .Lgb >> 1
	.endr
	.set	\dst, .Lgr
.endm

/* \dst = \a^254, the inverse (0 for 0): a^2 * a^4 * ... * a^128 */
.macro	ginv dst, a
	.set	.Lsq, \a
	.set	.Lpw, 1
	.rept	7
	gmul	.Lsq, .Lsq, .Lsq
	gmul	.Lpw, .Lpw, .Lsq
	.endr
	.set	\dst, .Lpw
.endm

.macro	rotl8 dst, a, n
	.set	\dst, ((\a << \n) | (\a >> (8 - \n))) & 0xff
.endm

/* .Ls = S(\x): the inverse, then the affine map */
.macro	sbox x
	ginv	.Lq, \x
	rotl8	.Lr1, .Lq, 1
	rotl8	.Lr2, .Lq, 2
	rotl8	.Lr3, .Lq, 3
	rotl8	.Lr4, .Lq, 4
	.set	.Ls, .Lq ^ .Lr1 ^ .Lr2 ^ .Lr3 ^ .Lr4 ^ 0x63
.endm

/* .Ls = S^-1(\x): the inverse affine map, then the inverse */
.macro	isbox x
	rotl8	.Lr1, \x, 1
	rotl8	.Lr3, \x, 3
	rotl8	.Lr6, \x, 6
	ginv	.Ls, .Lr1 ^ .Lr3 ^ .Lr6 ^ 0x05
.endm

RODATA aes_arm, 64
.Lte:	/* Te[x] = 2s | s << 8 | s << 16 | 3s << 24, s = S(x) */
	.set	.Li, 0
	.rept	256
	sbox	.Li
	gmul	.Lm2, .Ls, 2
	.long	.Lm2 | .Ls << 8 | .Ls << 16 | (.Lm2 ^ .Ls) << 24
	.set	.Li, .Li + 1
	.endr
.Ltd:	/* Td[x] = 14t | 9t << 8 | 13t << 16 | 11t << 24, t = S^-1(x) */
	.set	.Li, 0
	.rept	256
	isbox	.Li
	gmul	.Lme, .Ls, 14
	gmul	.Lm9, .Ls, 9
	gmul	.Lmd, .Ls, 13
	gmul	.Lmb, .Ls, 11
	.long	.Lme | .Lm9 << 8 | .Lmd << 16 | .Lmb << 24
	.set	.Li, .Li + 1
	.endr
	/* .Ltd + 1024: S^-1 */
	.set	.Li, 0
	.rept	256
	isbox	.Li
	.byte	.Ls
	.set	.Li, .Li + 1
	.endr

/* --- rounds --- */

/* \b ^= T[\a0.b0] ^ rol8 T[\a1.b1] ^ rol16 T[\a2.b2] ^ rol24 T[\a3.b3] */
.macro	col b, a0, a1, a2, a3
	uxtb	r1, \a0
	uxtb	r2, \a1, ror #8
	uxtb	r3, \a2, ror #16
	ldr	r1, [r12, r1, lsl #2]
	ldr	r2, [r12, r2, lsl #2]
	ldr	r3, [r12, r3, lsl #2]
	eor	\b, \b, r1
	lsr	r1, \a3, #24
	eor	\b, \b, r2, ror #24
	ldr	r1, [r12, r1, lsl #2]
	eor	\b, \b, r3, ror #16
	eor	\b, \b, r1, ror #8
.endm

/* The last round's column: bytes of the S-box (or S^-1) in place.  \sh is
 * 2 for S(x) at Te + 1 + 4x, 0 for S^-1(x) at Td + 1024 + x. */
.macro	lcol b, a0, a1, a2, a3, sh
	uxtb	r1, \a0
	uxtb	r2, \a1, ror #8
	uxtb	r3, \a2, ror #16
	ldrb	r1, [r12, r1, lsl #\sh]
	ldrb	r2, [r12, r2, lsl #\sh]
	ldrb	r3, [r12, r3, lsl #\sh]
	eor	\b, \b, r1
	lsr	r1, \a3, #24
	eor	\b, \b, r2, lsl #8
	ldrb	r1, [r12, r1, lsl #\sh]
	eor	\b, \b, r3, lsl #16
	eor	\b, \b, r1, lsl #24
.endm

/* round enc|dec, last, a0-a3 -> b0-b3, the next round key from r0 */
.macro	round dir, last, a0, a1, a2, a3, b0, b1, b2, b3
	ldm	r0!, {\b0, \b1, \b2, \b3}
	.ifc	\dir, enc
	.if	\last
	lcol	\b0, \a0, \a1, \a2, \a3, 2
	lcol	\b1, \a1, \a2, \a3, \a0, 2
	lcol	\b2, \a2, \a3, \a0, \a1, 2
	lcol	\b3, \a3, \a0, \a1, \a2, 2
	.else
	col	\b0, \a0, \a1, \a2, \a3
	col	\b1, \a1, \a2, \a3, \a0
	col	\b2, \a2, \a3, \a0, \a1
	col	\b3, \a3, \a0, \a1, \a2
	.endif
	.else
	.if	\last
	lcol	\b0, \a0, \a3, \a2, \a1, 0
	lcol	\b1, \a1, \a0, \a3, \a2, 0
	lcol	\b2, \a2, \a1, \a0, \a3, 0
	lcol	\b3, \a3, \a2, \a1, \a0, 0
	.else
	col	\b0, \a0, \a3, \a2, \a1
	col	\b1, \a1, \a0, \a3, \a2
	col	\b2, \a2, \a1, \a0, \a3
	col	\b3, \a3, \a2, \a1, \a0
	.endif
	.endif
.endm

/* cipher NAME, enc|dec: the block routine (see the header).  Nr/2 - 1
 * double rounds, one more round, the last. */
.macro	cipher name, dir
LFUNC \name, 32
	push	{r0, lr}
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset lr, 4
	ldr	lr, [r0, #496]
	ldr	r12, 3f
	.ifc	\dir, dec
	add	r0, r0, #256
	.endif
2:	add	r12, pc, r12
	ldm	r0!, {r8-r11}
	eor	r4, r4, r8
	eor	r5, r5, r9
	eor	r6, r6, r10
	eor	r7, r7, r11
	lsr	lr, lr, #1
	sub	lr, lr, #1
1:	round	\dir, 0, r4, r5, r6, r7, r8, r9, r10, r11
	round	\dir, 0, r8, r9, r10, r11, r4, r5, r6, r7
	subs	lr, lr, #1
	bne	1b
	round	\dir, 0, r4, r5, r6, r7, r8, r9, r10, r11
	.ifc	\dir, enc
	add	r12, r12, #1
	.else
	add	r12, r12, #1024
	.endif
	round	\dir, 1, r8, r9, r10, r11, r4, r5, r6, r7
	pop	{r0, pc}
	.ifc	\dir, enc
3:	.long	.Lte - (2b + 8)
	.else
3:	.long	.Ltd - (2b + 8)
	.endif
ENDFUNC \name
.endm

	cipher	.Lenc, enc
	cipher	.Ldec, dec

/* --- modes --- */

/* Saves r1-r11, lr (dst at [sp + \x], src + 4, nblocks + 8, the fifth
 * argument at [sp + \x + 48]) and reserves \x bytes of slot below. */
.macro	enter name, x
FUNC \name
	push	{r1-r11, lr}
	.cfi_adjust_cfa_offset 48
	.cfi_rel_offset r4, 12
	.cfi_rel_offset r5, 16
	.cfi_rel_offset r6, 20
	.cfi_rel_offset r7, 24
	.cfi_rel_offset r8, 28
	.cfi_rel_offset r9, 32
	.cfi_rel_offset r10, 36
	.cfi_rel_offset r11, 40
	.cfi_rel_offset lr, 44
	.if	\x
	sub	sp, sp, #\x
	.cfi_adjust_cfa_offset \x
	.endif
.endm

.macro	leave name, x
	.if	\x
	add	sp, sp, #\x
	.endif
	pop	{r1-r11, pc}
ENDFUNC \name
.endm

/* r4-r7 = 16 bytes from the src kept at [sp + \x + 4], which advances */
.macro	ldsrc x, w0, w1, w2, w3
	ldr	r2, [sp, #\x + 4]
	ldr	\w0, [r2], #4
	ldr	\w1, [r2], #4
	ldr	\w2, [r2], #4
	ldr	\w3, [r2], #4
	str	r2, [sp, #\x + 4]
.endm

.macro	stdst x
	ldr	r1, [sp, #\x]
	str	r4, [r1], #4
	str	r5, [r1], #4
	str	r6, [r1], #4
	str	r7, [r1], #4
	str	r1, [sp, #\x]
.endm

/* nblocks at [sp + \x + 8] minus one; loop to \l while some are left */
.macro	next x, l
	ldr	r3, [sp, #\x + 8]
	subs	r3, r3, #1
	str	r3, [sp, #\x + 8]
	bne	\l
.endm

.macro	ld16 p, w0, w1, w2, w3
	ldr	\w0, [\p]
	ldr	\w1, [\p, #4]
	ldr	\w2, [\p, #8]
	ldr	\w3, [\p, #12]
.endm

.macro	st16 p, w0, w1, w2, w3
	str	\w0, [\p]
	str	\w1, [\p, #4]
	str	\w2, [\p, #8]
	str	\w3, [\p, #12]
.endm

.macro	xor4 a0, a1, a2, a3, b0, b1, b2, b3
	eor	\a0, \a0, \b0
	eor	\a1, \a1, \b1
	eor	\a2, \a2, \b2
	eor	\a3, \a3, \b3
.endm

/* aes_arm_ecb_enc/dec(k, dst, src, nblocks) */
.macro	ecb name, blk
	enter	\name, 0
	cmp	r3, #0
	beq	9f
1:	ldsrc	0, r4, r5, r6, r7
	bl	\blk
	stdst	0
	next	0, 1b
9:	leave	\name, 0
.endm

	ecb	aes_arm_ecb_enc, .Lenc
	ecb	aes_arm_ecb_dec, .Ldec

/* aes_arm_cbc_enc(k, dst, src, nblocks, iv): the chain in r4-r7. */
	enter	aes_arm_cbc_enc, 0
	ldr	r12, [sp, #48]
	ld16	r12, r4, r5, r6, r7
	cmp	r3, #0
	beq	8f
1:	ldsrc	0, r8, r9, r10, r11
	xor4	r4, r5, r6, r7, r8, r9, r10, r11
	bl	.Lenc
	stdst	0
	next	0, 1b
8:	ldr	r12, [sp, #48]
	st16	r12, r4, r5, r6, r7
	leave	aes_arm_cbc_enc, 0

/* aes_arm_cbc_dec(k, dst, src, nblocks, iv): [sp] the iv, [sp + 16] the
 * ciphertext block being decrypted, the next iv. */
	enter	aes_arm_cbc_dec, 32
	ldr	r12, [sp, #32 + 48]
	ld16	r12, r8, r9, r10, r11
	stm	sp, {r8-r11}
	cmp	r3, #0
	beq	8f
1:	ldsrc	32, r4, r5, r6, r7
	add	r12, sp, #16
	stm	r12, {r4-r7}
	bl	.Ldec
	ldm	sp, {r8-r11}
	xor4	r4, r5, r6, r7, r8, r9, r10, r11
	stdst	32
	add	r12, sp, #16
	ldm	r12, {r8-r11}
	stm	sp, {r8-r11}
	next	32, 1b
8:	ldm	sp, {r8-r11}
	ldr	r12, [sp, #32 + 48]
	st16	r12, r8, r9, r10, r11
	leave	aes_arm_cbc_dec, 32

/* aes_arm_ctr(k, dst, src, nblocks, ctr): [sp] the counter as native
 * words, most significant first; each block takes it and adds 1 with the
 * carry through all 128 bits. */
	enter	aes_arm_ctr, 16
	ldr	r12, [sp, #16 + 48]
	ld16	r12, r8, r9, r10, r11
	rev	r8, r8
	rev	r9, r9
	rev	r10, r10
	rev	r11, r11
	stm	sp, {r8-r11}
	cmp	r3, #0
	beq	8f
1:	ldm	sp, {r8-r11}
	rev	r4, r8
	rev	r5, r9
	rev	r6, r10
	rev	r7, r11
	adds	r11, r11, #1
	adcs	r10, r10, #0
	adcs	r9, r9, #0
	adc	r8, r8, #0
	stm	sp, {r8-r11}
	bl	.Lenc
	ldsrc	16, r8, r9, r10, r11
	xor4	r4, r5, r6, r7, r8, r9, r10, r11
	stdst	16
	next	16, 1b
8:	ldm	sp, {r8-r11}
	rev	r8, r8
	rev	r9, r9
	rev	r10, r10
	rev	r11, r11
	ldr	r12, [sp, #16 + 48]
	st16	r12, r8, r9, r10, r11
	leave	aes_arm_ctr, 16

/* aes_arm_xts_enc/dec(k, dst, src, nblocks, tweak): [sp] the tweak as
 * little-endian words (IEEE 1619: byte 0 least significant); after each
 * block it doubles: shift left through the words, the bit out folds
 * back as 0x87.  The slot is cleared before return. */
.macro	xts name, blk
	enter	\name, 16
	ldr	r12, [sp, #16 + 48]
	ld16	r12, r8, r9, r10, r11
	stm	sp, {r8-r11}
	cmp	r3, #0
	beq	8f
1:	ldsrc	16, r4, r5, r6, r7
	ldm	sp, {r8-r11}
	xor4	r4, r5, r6, r7, r8, r9, r10, r11
	bl	\blk
	ldm	sp, {r8-r11}
	xor4	r4, r5, r6, r7, r8, r9, r10, r11
	stdst	16
	adds	r8, r8, r8
	adcs	r9, r9, r9
	adcs	r10, r10, r10
	adcs	r11, r11, r11
	eorcs	r8, r8, #0x87
	stm	sp, {r8-r11}
	next	16, 1b
8:	ldm	sp, {r8-r11}
	ldr	r12, [sp, #16 + 48]
	st16	r12, r8, r9, r10, r11
	mov	r8, #0
	mov	r9, #0
	mov	r10, #0
	mov	r11, #0
	stm	sp, {r8-r11}
	leave	\name, 16
.endm

	xts	aes_arm_xts_enc, .Lenc
	xts	aes_arm_xts_dec, .Ldec
