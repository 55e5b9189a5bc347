/* SPDX-License-Identifier: Apache-2.0 */
/* aes-ce.S: AES (FIPS-197) modes with the ARMv8 Crypto Extensions for
 * struct aes_ops and gcm_ops: ECB, CBC, CTR (128-bit big-endian counter),
 * XTS (IEEE 1619), and GCM's CTR32 (only the low 32 bits count).
 *
 * Every function takes (key, dst, src, nblocks[, iv]) in x0-x3, x4 and
 * reads the round count from the key, so one path serves 10, 12 and 14
 * rounds: the schedule is loaded so that its last key is always v30 (key
 * i of Nr in v(30 - Nr + i): AES-128 uses v20-v30, AES-192 v18-v30,
 * AES-256 v16-v30), and the "cipher" macro enters the unrolled rounds at
 * v16, v18 or v20 by testing bits 2 and 1 of the round count (w9).
 * Decryption is the same shape on the equivalent inverse schedule (DEC):
 * AESD/AESIMC pairs, then AESD and the xor of dec[Nr].  Each AESE is
 * followed by the AESMC of the same register, the pair cores fuse.
 *
 * Parallel modes run 8 blocks in v0-v7 a round key at a time, so the 8
 * pairs of one round are independent and hide the AESE/AESMC latency.
 * v8-v15 hold what a mode xors in after the cipher (CBC's previous
 * ciphertexts, CTR's input, XTS's tweaks); their low halves are
 * callee-saved (AAPCS64), so the functions using them save d8-d15.  v31
 * is CBC's chaining value, CTR32's counter block or XTS's 0x87/1 mask.
 * Fewer than 8 blocks go one at a time (independent but for CBC-enc, so
 * an out-of-order core still overlaps them).  dst may equal src: a group
 * is read in full before any of it is written.  nblocks may be 0.
 * Vector registers are zeroed on return: no key or data left behind.
 *
 * CBC encryption is serial; its chain is the Nr AESE(+AESMC) latencies
 * and one xor: the next plaintext is xored with the last round key off
 * the chain, so one xor gives the next cipher input.
 *
 * Instructions per 16-byte block (AES-128; +4 per block for AES-192, +8
 * for AES-256), counted from the code: ECB 21.6, CBC-enc 27, CBC-dec
 * 23.9, CTR 25.9, CTR32 25.9, XTS 29.0; so about 1.4-1.8 per byte (see
 * the report in the lead's notes for the dynamic counts under qemu).
 * Cycles/byte, reasoned, not measured (no ARM hardware here): on
 * Cortex-A72 the fused AESE+AESMC pair issues one a cycle on one of its
 * two FP/ASIMD pipes with 3 cycles latency (Cortex-A72 Software
 * Optimization Guide), so 8 blocks in flight keep the unit busy: about
 * 10 pairs / 16 bytes = 0.65 c/B for AES-128 ECB/CTR/CBC-dec/XTS (the
 * other ASIMD work shares the second pipe), CBC-enc 10 x 3 / 16 = 1.9 c/B;
 * Cortex-A76 (two AES pipes, 2-cycle pairs, Cortex-A76 SWOG) about 0.35
 * c/B parallel and 1.3 c/B CBC-enc.
 */

#include "linkage.h"
	.arch	armv8-a+crypto

#define DEC	256		/* offsetof(struct aes_key, dec) */
#define ROUNDS	496		/* offsetof(struct aes_key, rounds) */

/* d8-d15 are the caller's; writing d-registers back zeroes the upper
 * halves, where our data was. */
.macro save8
	stp	d8, d9, [sp, #-64]!
	.cfi_adjust_cfa_offset 64
	stp	d10, d11, [sp, #16]
	stp	d12, d13, [sp, #32]
	stp	d14, d15, [sp, #48]
	.cfi_rel_offset d8, 0
	.cfi_rel_offset d9, 8
	.cfi_rel_offset d10, 16
	.cfi_rel_offset d11, 24
	.cfi_rel_offset d12, 32
	.cfi_rel_offset d13, 40
	.cfi_rel_offset d14, 48
	.cfi_rel_offset d15, 56
.endm

.macro restore8
	ldp	d10, d11, [sp, #16]
	ldp	d12, d13, [sp, #32]
	ldp	d14, d15, [sp, #48]
	ldp	d8, d9, [sp], #64
	.cfi_adjust_cfa_offset -64
	.irp r, 8, 9, 10, 11, 12, 13, 14, 15
	.cfi_restore d\r
	.endr
.endm

.macro clear
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	zero1	\r
	.endr
.endm

.macro zero1 r
	movi	v\r\().16b, #0
.endm

/* w9 = rounds; the schedule at x0 + OFF into v16-v30, last key in v30. */
.macro loadkeys off
	ldr	w9, [x0, #ROUNDS]
	add	x10, x0, #\off
	tbz	w9, #2, .Lk10\@		/* 10 = 0b1010 */
	tbz	w9, #1, .Lk12\@		/* 12 = 0b1100, 14 = 0b1110 */
	ld1	{v16.16b, v17.16b}, [x10], #32
.Lk12\@:
	ld1	{v18.16b, v19.16b}, [x10], #32
.Lk10\@:
	ld1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x10], #64
	ld1	{v24.16b, v25.16b, v26.16b, v27.16b}, [x10], #64
	ld1	{v28.16b, v29.16b, v30.16b}, [x10]
.endm

/* One full round with key K on block R.  (Macros, not .irp bodies, put
 * suffixes on register names: in an .irp inside a macro "\\r.16b" would
 * read as one name.) */
.macro rnd1 op, mc, k, r
	\op	\r\().16b, \k\().16b
	.ifnb \mc
	\mc	\r\().16b, \r\().16b
	.endif
.endm

/* One full round with key K on every block of REGS. */
.macro rnd op, mc, k, regs:vararg
	.irp r, \regs
	rnd1	\op, \mc, \k, \r
	.endr
.endm

/* A ^= K for each register of REGS. */
.macro xork k, regs:vararg
	.irp r, \regs
	xorp	\r, \k
	.endr
.endm

/* All of the cipher but the final AddRoundKey (v30), which each mode
 * does with its own xor. */
.macro cipher op, mc, regs:vararg
	tbz	w9, #2, .Lc10\@
	tbz	w9, #1, .Lc12\@
	rnd	\op, \mc, v16, \regs
	rnd	\op, \mc, v17, \regs
.Lc12\@:
	rnd	\op, \mc, v18, \regs
	rnd	\op, \mc, v19, \regs
.Lc10\@:
	.irp k, 20, 21, 22, 23, 24, 25, 26, 27, 28
	rnd	\op, \mc, v\k, \regs
	.endr
	rnd	\op, , v29, \regs
.endm

.macro enc regs:vararg
	cipher	aese, aesmc, \regs
.endm

.macro dec regs:vararg
	cipher	aesd, aesimc, \regs
.endm

/* A ^= B for the pairs (A0, B0), (A1, B1), ... */
.macro xorp a:req, b:req, more:vararg
	eor	\a\().16b, \a\().16b, \b\().16b
	.ifnb \more
	xorp	\more
	.endif
.endm

/* A ^= v30 (the last round key) for each register. */
.macro xorlast regs:vararg
	xork	v30, \regs
.endm

#define B8	v0, v1, v2, v3, v4, v5, v6, v7

/* ECB: OP/MC the round instructions, OFF the schedule. */
.macro ecb op, mc, off
	cbz	x3, 9f
	loadkeys \off
	subs	x3, x3, #8
	b.lo	2f
1:	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x2], #64
	cipher	\op, \mc, B8
	xorlast	B8
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
	subs	x3, x3, #8
	b.hs	1b
2:	adds	x3, x3, #8
	b.eq	8f
3:	ld1	{v0.16b}, [x2], #16
	cipher	\op, \mc, v0
	xorlast	v0
	st1	{v0.16b}, [x1], #16
	subs	x3, x3, #1
	b.ne	3b
8:	clear
9:	ret
.endm

/* aes_ce_ecb_enc(k, dst, src, nblocks) */
FUNC aes_ce_ecb_enc
	ecb	aese, aesmc, 0
ENDFUNC aes_ce_ecb_enc

/* aes_ce_ecb_dec(k, dst, src, nblocks) */
FUNC aes_ce_ecb_dec
	ecb	aesd, aesimc, DEC
ENDFUNC aes_ce_ecb_dec

/* aes_ce_cbc_enc(k, dst, src, nblocks, iv).  v0 carries x, the cipher
 * output before the last key: the ciphertext is x ^ k[Nr] and the next
 * input x ^ (k[Nr] ^ p), whose second term is off the chain. */
FUNC aes_ce_cbc_enc
	cbz	x3, 9f
	loadkeys 0
	ld1	{v0.16b}, [x4]
	eor	v0.16b, v0.16b, v30.16b		/* the iv as an x */
1:	ld1	{v1.16b}, [x2], #16
	eor	v1.16b, v1.16b, v30.16b
	eor	v0.16b, v0.16b, v1.16b
	enc	v0
	eor	v2.16b, v0.16b, v30.16b
	st1	{v2.16b}, [x1], #16
	subs	x3, x3, #1
	b.ne	1b
	st1	{v2.16b}, [x4]
	clear
9:	ret
ENDFUNC aes_ce_cbc_enc

/* aes_ce_cbc_dec(k, dst, src, nblocks, iv): v31 the previous ciphertext,
 * v8-v15 the group's ciphertexts, loaded a second time. */
FUNC aes_ce_cbc_dec
	cbz	x3, 9f
	save8
	loadkeys DEC
	ld1	{v31.16b}, [x4]
	subs	x3, x3, #8
	b.lo	2f
1:	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2]
	ld1	{v8.16b, v9.16b, v10.16b, v11.16b}, [x2], #64
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x2]
	ld1	{v12.16b, v13.16b, v14.16b, v15.16b}, [x2], #64
	dec	B8
	xorlast	B8
	xorp	v0, v31, v1, v8, v2, v9, v3, v10, v4, v11, v5, v12, v6, v13, v7, v14
	mov	v31.16b, v15.16b
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
	subs	x3, x3, #8
	b.hs	1b
2:	adds	x3, x3, #8
	b.eq	8f
3:	ld1	{v0.16b}, [x2], #16
	mov	v8.16b, v0.16b
	dec	v0
	xorlast	v0
	eor	v0.16b, v0.16b, v31.16b
	mov	v31.16b, v8.16b
	st1	{v0.16b}, [x1], #16
	subs	x3, x3, #1
	b.ne	3b
8:	st1	{v31.16b}, [x4]
	restore8
	clear
9:	ret
ENDFUNC aes_ce_cbc_dec

/* After the cipher in v0-v7: the last key, the input (read 64 bytes at a
 * time into v8-v11), store. */
.macro ctrout8
	xorlast	B8
	ld1	{v8.16b, v9.16b, v10.16b, v11.16b}, [x2], #64
	xorp	v0, v8, v1, v9, v2, v10, v3, v11
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
	ld1	{v8.16b, v9.16b, v10.16b, v11.16b}, [x2], #64
	xorp	v4, v8, v5, v9, v6, v10, v7, v11
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
.endm

/* Counter blocks into v0-v7 from v12, the counter with each lane of SIZE
 * byte-reversed by REV (so native integers), stepped by v13 a block:
 * an ADD and a REV a block, v12 left at the next counter. */
.macro ctrgen rev, size
	\rev	v0.16b, v12.16b
	.irp i, 1, 2, 3, 4, 5, 6, 7
	ctrstep	\rev, \size, \i
	.endr
	add	v12.\size, v12.\size, v13.\size
.endm

.macro ctrstep rev, size, i
	add	v12.\size, v12.\size, v13.\size
	\rev	v\i\().16b, v12.16b
.endm

/* aes_ce_ctr(k, dst, src, nblocks, ctr): the counter as x6:x7 (high, low,
 * native order).  A group of 8 whose low half does not carry steps it in
 * v12 = (x6, x7) by v13 = (0, 1); one that would carry goes block by block
 * through the full 128-bit increment in x6:x7. */
FUNC aes_ce_ctr
	cbz	x3, 9f
	save8
	loadkeys 0
	ldp	x6, x7, [x4]
	rev	x6, x6
	rev	x7, x7
	movi	v13.16b, #0
	mov	x11, #1
	mov	v13.d[1], x11
1:	cmp	x3, #8
	b.lo	4f
	cmn	x7, #8
	b.cs	3f
	fmov	d12, x6
	mov	v12.d[1], x7
	ctrgen	rev64, 2d
	add	x7, x7, #8
	enc	B8
	ctrout8
	sub	x3, x3, #8
	b	1b
3:	mov	x11, #8			/* 8 blocks one at a time, then back */
	b	5f
4:	mov	x11, x3
	cbz	x11, 8f
5:	rev	x8, x6
	rev	x10, x7
	fmov	d0, x8
	mov	v0.d[1], x10
	adds	x7, x7, #1
	adc	x6, x6, xzr
	ld1	{v8.16b}, [x2], #16
	enc	v0
	xorlast	v0
	eor	v0.16b, v0.16b, v8.16b
	st1	{v0.16b}, [x1], #16
	sub	x3, x3, #1
	subs	x11, x11, #1
	b.ne	5b
	cbnz	x3, 1b
8:	rev	x6, x6
	rev	x7, x7
	stp	x6, x7, [x4]
	restore8
	clear
9:	ret
ENDFUNC aes_ce_ctr

/* aes_ce_ctr32(k, dst, src, nblocks, ctr): GCM's counter.  v12 is the
 * block with each 32-bit word byte-reversed and v13 = (0, 0, 0, 1), so a
 * 32-bit lane ADD is inc32, wrapping as GCM's does. */
FUNC aes_ce_ctr32
	cbz	x3, 9f
	save8
	loadkeys 0
	ld1	{v12.16b}, [x4]
	rev32	v12.16b, v12.16b
	movi	v13.16b, #0
	mov	w11, #1
	mov	v13.s[3], w11
	subs	x3, x3, #8
	b.lo	2f
1:	ctrgen	rev32, 4s
	enc	B8
	ctrout8
	subs	x3, x3, #8
	b.hs	1b
2:	adds	x3, x3, #8
	b.eq	8f
3:	rev32	v0.16b, v12.16b
	add	v12.4s, v12.4s, v13.4s
	ld1	{v8.16b}, [x2], #16
	enc	v0
	xorlast	v0
	eor	v0.16b, v0.16b, v8.16b
	st1	{v0.16b}, [x1], #16
	subs	x3, x3, #1
	b.ne	3b
8:	rev32	v12.16b, v12.16b
	st1	{v12.16b}, [x4]
	restore8
	clear
9:	ret
ENDFUNC aes_ce_ctr32

/* OUT = IN * x in GF(2^128), IEEE 1619 order (little-endian, 0x87): both
 * 64-bit lanes shift left; each lane's top bit, as a mask, swaps lanes
 * and picks 1 (low's carry into high) or 0x87 (the x^128 reduction) from
 * v31 = { 0x87, 1 }.  T is scratch. */
.macro mulx out, in, t
	sshr	\t\().2d, \in\().2d, #63
	add	\out\().2d, \in\().2d, \in\().2d
	ext	\t\().16b, \t\().16b, \t\().16b, #8
	and	\t\().16b, \t\().16b, v31.16b
	eor	\out\().16b, \out\().16b, \t\().16b
.endm

/* XTS: v8 the current tweak; a group's tweaks in v8-v15, made with the
 * block registers as scratch before the blocks are loaded. */
.macro xts op, mc, off
	cbz	x3, 9f
	save8
	loadkeys \off
	ld1	{v8.16b}, [x4]
	mov	x11, #0x87
	fmov	d31, x11
	mov	x11, #1
	mov	v31.d[1], x11
	subs	x3, x3, #8
	b.lo	2f
1:	mulx	v9, v8, v0
	mulx	v10, v9, v1
	mulx	v11, v10, v2
	mulx	v12, v11, v3
	mulx	v13, v12, v4
	mulx	v14, v13, v5
	mulx	v15, v14, v6
	ld1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x2], #64
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x2], #64
	xorp	v0, v8, v1, v9, v2, v10, v3, v11, v4, v12, v5, v13, v6, v14, v7, v15
	cipher	\op, \mc, B8
	xorlast	B8
	xorp	v0, v8, v1, v9, v2, v10, v3, v11, v4, v12, v5, v13, v6, v14, v7, v15
	st1	{v0.16b, v1.16b, v2.16b, v3.16b}, [x1], #64
	st1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
	mulx	v8, v15, v0
	subs	x3, x3, #8
	b.hs	1b
2:	adds	x3, x3, #8
	b.eq	8f
3:	ld1	{v0.16b}, [x2], #16
	eor	v0.16b, v0.16b, v8.16b
	cipher	\op, \mc, v0
	xorlast	v0
	eor	v0.16b, v0.16b, v8.16b
	st1	{v0.16b}, [x1], #16
	mulx	v8, v8, v1
	subs	x3, x3, #1
	b.ne	3b
8:	st1	{v8.16b}, [x4]
	restore8
	clear
9:	ret
.endm

/* aes_ce_xts_enc(k, dst, src, nblocks, tweak) */
FUNC aes_ce_xts_enc
	xts	aese, aesmc, 0
ENDFUNC aes_ce_xts_enc

/* aes_ce_xts_dec(k, dst, src, nblocks, tweak) */
FUNC aes_ce_xts_dec
	xts	aesd, aesimc, DEC
ENDFUNC aes_ce_xts_dec
