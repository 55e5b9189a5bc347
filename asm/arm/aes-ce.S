/* SPDX-License-Identifier: Apache-2.0 */
/* aes-ce.S: AES (FIPS-197) ecb/cbc/ctr/xts full-block primitives with the
 * ARMv8 AArch32 Crypto Extensions (AESE/AESMC, AESD/AESIMC), for the
 * struct aes_ops of crypto/arm/aes.c.  10/12/14 rounds.
 *
 * Round keys are loaded one per round into q8/q9 alternately (the loads
 * sit off the AESE->AESMC dependency chain); 12 and 14 rounds run 2 or 4
 * extra rounds before the 10-round tail.  ECB, CBC decryption, CTR and
 * XTS keep 4 blocks in flight (q0-q3); CBC encryption is one chain.
 * AESE+AESMC are adjacent pairs so cores that fuse them (A72) can.
 *
 * Registers: r0 key, r1 dst, r2 src, r3 nblocks, r4 rounds, ip key
 * pointer; q0-q3 blocks, q8/q9 round keys, q10-q13 source blocks or XTS
 * tweaks, q14 the XTS reduction constant, q15 iv/counter/tweak.  d8-d15
 * are not touched.
 *
 * Cost (AES-128, 4-way): 20 AES instructions + 11 key loads + ~12 of
 * load/xor/store/call per 4 blocks: about 1.4 instructions/byte counted
 * from the code (see the report for measured qemu counts).  Reasoned, not
 * measured (no hardware): on Cortex-A72 the fused AESE/AESMC pair has
 * 3-cycle latency, 1/cycle throughput on each of 2 FP pipes per the
 * Cortex-A72 optimization guide, so 4 blocks x 10 pairs over 2 pipes is
 * ~20 cycles/64 bytes plus loads: ~0.4-0.5 c/B for ECB/CTR/XTS/CBC-dec,
 * CBC-enc latency-bound ~30 cycles/16 B ~ 1.9 c/B.
 */

#include "linkage.h"
	.arch	armv8-a
	.fpu	crypto-neon-fp-armv8
	.syntax	unified
	.arm

.macro	rnd n, op, mc, k
	\op\().8 q0, \k
	\mc\().8 q0, q0
	.if \n > 1
	\op\().8 q1, \k
	\mc\().8 q1, q1
	\op\().8 q2, \k
	\mc\().8 q2, q2
	\op\().8 q3, \k
	\mc\().8 q3, q3
	.endif
.endm

.macro	lastr n, op, k, kx
	\op\().8 q0, \k
	veor	q0, q0, \kx
	.if \n > 1
	\op\().8 q1, \k
	veor	q1, q1, \kx
	\op\().8 q2, \k
	veor	q2, q2, \kx
	\op\().8 q3, \k
	veor	q3, q3, \kx
	.endif
.endm

/* cipher NAME, n, op, mc, off: internal, q0(-q3) in place, r0 key, r4
 * rounds; clobbers ip, q8, q9. */
.macro	cipher name, n, op, mc, off
LFUNC \name
	add	ip, r0, #\off
	vld1.8	{q8}, [ip]!
	vld1.8	{q9}, [ip]!
	cmp	r4, #12
	blo	10f
	beq	12f
	rnd	\n, \op, \mc, q8
	vld1.8	{q8}, [ip]!
	rnd	\n, \op, \mc, q9
	vld1.8	{q9}, [ip]!
12:	rnd	\n, \op, \mc, q8
	vld1.8	{q8}, [ip]!
	rnd	\n, \op, \mc, q9
	vld1.8	{q9}, [ip]!
10:	.rept	4
	rnd	\n, \op, \mc, q8
	vld1.8	{q8}, [ip]!
	rnd	\n, \op, \mc, q9
	vld1.8	{q9}, [ip]!
	.endr
	rnd	\n, \op, \mc, q8
	vld1.8	{q8}, [ip]!
	lastr	\n, \op, q9, q8
	bx	lr
ENDFUNC \name
.endm

	cipher	.Lenc1, 1, aese, aesmc, 0
	cipher	.Lenc4, 4, aese, aesmc, 0
	cipher	.Ldec1, 1, aesd, aesimc, 256
	cipher	.Ldec4, 4, aesd, aesimc, 256

/* ecb NAME, c1, c4 */
.macro	ecb name, c1, c4
FUNC \name
	push	{r4, lr}
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset r4, 0
	.cfi_rel_offset lr, 4
	ldr	r4, [r0, #496]
1:	cmp	r3, #4
	blo	2f
	vld1.8	{q0-q1}, [r2]!
	vld1.8	{q2-q3}, [r2]!
	bl	\c4
	vst1.8	{q0-q1}, [r1]!
	vst1.8	{q2-q3}, [r1]!
	sub	r3, r3, #4
	b	1b
2:	cmp	r3, #0
	beq	3f
	vld1.8	{q0}, [r2]!
	bl	\c1
	vst1.8	{q0}, [r1]!
	sub	r3, r3, #1
	b	2b
3:	pop	{r4, pc}
ENDFUNC \name
.endm

	ecb	aes_ce_ecb_enc, .Lenc1, .Lenc4
	ecb	aes_ce_ecb_dec, .Ldec1, .Ldec4

/* aes_ce_cbc_enc(k, dst, src, nblocks, iv) */
FUNC aes_ce_cbc_enc
	push	{r4, r5, r6, lr}
	.cfi_adjust_cfa_offset 16
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset lr, 12
	ldr	r4, [r0, #496]
	ldr	r5, [sp, #16]
	vld1.8	{q0}, [r5]
1:	cmp	r3, #0
	beq	2f
	vld1.8	{q10}, [r2]!
	veor	q0, q0, q10
	bl	.Lenc1
	vst1.8	{q0}, [r1]!
	sub	r3, r3, #1
	b	1b
2:	vst1.8	{q0}, [r5]
	pop	{r4, r5, r6, pc}
ENDFUNC aes_ce_cbc_enc

/* aes_ce_cbc_dec(k, dst, src, nblocks, iv): the sources are read again
 * after decrypting, before any store of the group, so dst == src works. */
FUNC aes_ce_cbc_dec
	push	{r4, r5, r6, lr}
	.cfi_adjust_cfa_offset 16
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset lr, 12
	ldr	r4, [r0, #496]
	ldr	r5, [sp, #16]
	vld1.8	{q15}, [r5]
1:	cmp	r3, #4
	blo	2f
	vld1.8	{q0-q1}, [r2]!
	vld1.8	{q2-q3}, [r2]
	sub	r2, r2, #32
	bl	.Ldec4
	vld1.8	{q10-q11}, [r2]!
	vld1.8	{q12-q13}, [r2]!
	veor	q0, q0, q15
	veor	q1, q1, q10
	veor	q2, q2, q11
	veor	q3, q3, q12
	vmov	q15, q13
	vst1.8	{q0-q1}, [r1]!
	vst1.8	{q2-q3}, [r1]!
	sub	r3, r3, #4
	b	1b
2:	cmp	r3, #0
	beq	3f
	vld1.8	{q0}, [r2]
	bl	.Ldec1
	vld1.8	{q10}, [r2]!
	veor	q0, q0, q15
	vmov	q15, q10
	vst1.8	{q0}, [r1]!
	sub	r3, r3, #1
	b	2b
3:	vst1.8	{q15}, [r5]
	pop	{r4, r5, r6, pc}
ENDFUNC aes_ce_cbc_dec

/* aes_ce_ctr(k, dst, src, nblocks, ctr): 128-bit big-endian counter in
 * q15; r7 its low word, native.  Groups of 4 whose low word cannot carry
 * patch only that word; otherwise one block with the full increment. */
FUNC aes_ce_ctr
	push	{r4-r10, lr}
	.cfi_adjust_cfa_offset 32
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset r7, 12
	.cfi_rel_offset r8, 16
	.cfi_rel_offset r9, 20
	.cfi_rel_offset r10, 24
	.cfi_rel_offset lr, 28
	ldr	r4, [r0, #496]
	ldr	r8, [sp, #32]
	vld1.8	{q15}, [r8]
	vmov.32	r7, d31[1]
	rev	r7, r7
1:	cmp	r3, #4
	blo	2f
	cmn	r7, #4
	bcs	2f
	vmov	q0, q15
	vmov	q1, q15
	vmov	q2, q15
	vmov	q3, q15
	add	ip, r7, #1
	rev	ip, ip
	vmov.32	d3[1], ip
	add	ip, r7, #2
	rev	ip, ip
	vmov.32	d5[1], ip
	add	ip, r7, #3
	rev	ip, ip
	vmov.32	d7[1], ip
	add	r7, r7, #4
	rev	ip, r7
	vmov.32	d31[1], ip
	bl	.Lenc4
	vld1.8	{q10-q11}, [r2]!
	vld1.8	{q12-q13}, [r2]!
	veor	q0, q0, q10
	veor	q1, q1, q11
	veor	q2, q2, q12
	veor	q3, q3, q13
	vst1.8	{q0-q1}, [r1]!
	vst1.8	{q2-q3}, [r1]!
	sub	r3, r3, #4
	b	1b
2:	cmp	r3, #0
	beq	3f
	vmov	q0, q15
	bl	.Lenc1
	vld1.8	{q10}, [r2]!
	veor	q0, q0, q10
	vst1.8	{q0}, [r1]!
	vmov	r5, r6, d30
	vmov	r9, r10, d31
	rev	r5, r5
	rev	r6, r6
	rev	r9, r9
	rev	r10, r10
	adds	r10, r10, #1
	adcs	r9, r9, #0
	adcs	r6, r6, #0
	adc	r5, r5, #0
	mov	r7, r10
	rev	r5, r5
	rev	r6, r6
	rev	r9, r9
	rev	r10, r10
	vmov	d30, r5, r6
	vmov	d31, r9, r10
	sub	r3, r3, #1
	b	1b
3:	vst1.8	{q15}, [r8]
	pop	{r4-r10, pc}
ENDFUNC aes_ce_ctr

/* d = s * x in GF(2^128), IEEE 1619 order (little-endian 64-bit lanes):
 * each lane doubles, the top bit of lane 1 folds back as 0x87 into lane 0
 * and that of lane 0 carries into lane 1 (q14 = {0x87, 1}). */
.macro	mulx d, s, t
	vshr.s64 \t, \s, #63
	vadd.i64 \d, \s, \s
	vext.8	\t, \t, \t, #8
	vand	\t, \t, q14
	veor	\d, \d, \t
.endm

/* xts NAME, c1, c4 (k, dst, src, nblocks, tweak) */
.macro	xts name, c1, c4
FUNC \name
	push	{r4, r5, r6, lr}
	.cfi_adjust_cfa_offset 16
	.cfi_rel_offset r4, 0
	.cfi_rel_offset r5, 4
	.cfi_rel_offset r6, 8
	.cfi_rel_offset lr, 12
	ldr	r4, [r0, #496]
	ldr	r5, [sp, #16]
	vld1.8	{q15}, [r5]
	mov	ip, #0x87
	mov	r6, #0
	vmov	d28, ip, r6
	mov	ip, #1
	vmov	d29, ip, r6
1:	cmp	r3, #4
	blo	2f
	vmov	q10, q15
	mulx	q11, q10, q0
	mulx	q12, q11, q0
	mulx	q13, q12, q0
	mulx	q15, q13, q0
	vld1.8	{q0-q1}, [r2]!
	vld1.8	{q2-q3}, [r2]!
	veor	q0, q0, q10
	veor	q1, q1, q11
	veor	q2, q2, q12
	veor	q3, q3, q13
	bl	\c4
	veor	q0, q0, q10
	veor	q1, q1, q11
	veor	q2, q2, q12
	veor	q3, q3, q13
	vst1.8	{q0-q1}, [r1]!
	vst1.8	{q2-q3}, [r1]!
	sub	r3, r3, #4
	b	1b
2:	cmp	r3, #0
	beq	3f
	vld1.8	{q0}, [r2]!
	veor	q0, q0, q15
	bl	\c1
	veor	q0, q0, q15
	vst1.8	{q0}, [r1]!
	mulx	q15, q15, q1
	sub	r3, r3, #1
	b	2b
3:	vst1.8	{q15}, [r5]
	pop	{r4, r5, r6, pc}
ENDFUNC \name
.endm

	xts	aes_ce_xts_enc, .Lenc1, .Lenc4
	xts	aes_ce_xts_dec, .Ldec1, .Ldec4
