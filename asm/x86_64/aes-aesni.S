/* SPDX-License-Identifier: Apache-2.0 */
/* aes-aesni.S: AES (FIPS-197) modes with AES-NI for struct aes_ops and
 * gcm_ops: ECB, CBC, CTR (128-bit counter), XTS, GCM's CTR32, and GCM's
 * CTR32 + GHASH stitched (with PCLMULQDQ, on ghash-pclmul.S's table).
 *
 * Every function takes (key, dst, src, nblocks[, iv]) in rdi, rsi, rdx,
 * rcx, r8 and reads the round count from the key, so one code path serves
 * 10, 12 and 14 rounds: r11 points at the last round key, eax holds
 * 16 * rounds and the "middle" macro enters the unrolled rounds at the
 * right place.  dst may equal src: each group of blocks is read in full
 * before any of it is written.  nblocks may be 0.
 *
 * Parallel modes work on 8 blocks in xmm0-xmm7, xmm8 takes each round key
 * in turn, xmm9 the first and xmm10 the last one.  Where a mode xors
 * something into the output (CBC's previous ciphertext, CTR's input, XTS's
 * tweak) it is folded into the last round key, so AESENCLAST / AESDECLAST
 * does both.  CBC encryption is serial; its loop keeps the round keys in
 * registers and its chain is only the Nr AESENC latencies: the xor of the
 * next plaintext and the first round key go into the last round key.
 * Fewer than 8 blocks go one at a time (independent, so they overlap).
 *
 * Measured on AMD Zen 5 (EPYC, family 1Ah, under KVM; AESENC 4 cycles, 2 a
 * cycle; PCLMULQDQ one per 2 cycles on one of the same two pipes), 16 KiB,
 * core cycles/byte, AES-128 (AES-256): ECB 0.30 (0.42), CBC enc 2.4 (3.2),
 * CBC dec 0.31 (0.42), CTR 0.32 (0.43), CTR32 0.31 (0.43), XTS 0.32
 * (0.43), GCM stitched enc 0.58 (0.60), dec 0.61 (0.62).
 */

#include "linkage.h"

#define DEC	256		/* offsetof(struct aes_key, dec): enc is 240 bytes, dec 64-aligned */
#define ROUNDS	496		/* offsetof(struct aes_key, rounds) */

#define KEY	%rdi
#define DST	%rsi
#define SRC	%rdx
#define LEN	%rcx
#define IV	%r8
#define KEND	%r11		/* the last round key */

RODATA aes_aesni, 16
.Lbswap:			/* pshufb: reverse the 16 bytes */
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lone:				/* 1 in the low qword (and low dword) */
	.quad 1, 0
.Lhione:			/* 1 in the high qword: a counter's carry */
	.quad 0, 1
.Lpoly:				/* GHASH's reduction: 0xc2 << 56 in the high qword */
	.quad 1, 0xc200000000000000

/* eax = 16 * rounds, KEND = the last key of the schedule at byte OFF. */
.macro keys off
	movl ROUNDS(KEY), %eax
	shll $4, %eax
	leaq \off(KEY,%rax), KEND
.endm

/* One round with the key at OFF(KEND) in K on every block of REGS. */
.macro rk op, off, k, regs:vararg
	movups \off(KEND), \k
	.irp r, \regs
	\op \k, \r
	.endr
.endm

/* Rounds 1 .. Nr-1 (eax = 16 * Nr): AES-256 and AES-192 start earlier. */
.macro middle op, k, regs:vararg
	cmpl $192, %eax
	jb .Lm10\@
	je .Lm12\@
	rk \op, -208, \k, \regs
	rk \op, -192, \k, \regs
.Lm12\@:
	rk \op, -176, \k, \regs
	rk \op, -160, \k, \regs
.Lm10\@:
	rk \op, -144, \k, \regs
	rk \op, -128, \k, \regs
	rk \op, -112, \k, \regs
	rk \op, -96, \k, \regs
	rk \op, -80, \k, \regs
	rk \op, -64, \k, \regs
	rk \op, -48, \k, \regs
	rk \op, -32, \k, \regs
	rk \op, -16, \k, \regs
.endm

/* No key or data left in the vector registers on return. */
.macro clear
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	pxor %xmm\i, %xmm\i
	.endr
.endm

/* Save and restore a callee-saved register. */
.macro gpush r
	pushq \r
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset \r, 0
.endm

.macro gpop r
	popq \r
	.cfi_adjust_cfa_offset -8
	.cfi_restore \r
.endm

/* Load the 8 blocks at SRC, xored with the first round key (xmm9). */
.macro load8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups 16*\i(SRC), %xmm\i
	pxor %xmm9, %xmm\i
	.endr
.endm

.macro store8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups %xmm\i, 16*\i(DST)
	.endr
.endm

/* --- ECB --- */

.macro ecb op, last, off
	keys \off
	movups \off(KEY), %xmm9
	movups (KEND), %xmm10
	subq $8, LEN
	jb 2f
1:	load8
	middle \op, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	\last %xmm10, %xmm\i
	.endr
	store8
	addq $128, SRC
	addq $128, DST
	subq $8, LEN
	jae 1b
2:	addq $8, LEN
	jz 4f
	/* The rest one at a time; the blocks are independent, so they overlap. */
3:	movups (SRC), %xmm0
	pxor %xmm9, %xmm0
	middle \op, %xmm8, %xmm0
	\last %xmm10, %xmm0
	movups %xmm0, (DST)
	addq $16, SRC
	addq $16, DST
	decq LEN
	jnz 3b
4:	clear
	ret
.endm

FUNC aesni_ecb_enc
	ecb aesenc, aesenclast, 0
ENDFUNC aesni_ecb_enc

FUNC aesni_ecb_dec
	ecb aesdec, aesdeclast, DEC
ENDFUNC aesni_ecb_dec

/* --- CBC encryption --- */

/* s: the state, entering each block already whitened.  x = P' ^ K0 for the
 * next plaintext P', y = x ^ Klast, so AESENCLAST with y leaves C ^ x, the
 * next block's whitened state; C itself is that ^ x, off the chain. */
#define S	%xmm0
#define K0	%xmm1
#define KL	%xmm2
#define X	%xmm3
#define Y	%xmm4

/* One block, the middle keys in registers FIRST.. (or, for AES-256, the
 * first two loaded into Y on the way), then on to the next one or done. */
.macro cbcenc_loop first, pre
	decq LEN
	jz 2f
1:
	.if \pre
	movups 16(KEY), Y
	aesenc Y, S
	movups 32(KEY), Y
	aesenc Y, S
	.endif
	movups 16(SRC), X
	pxor K0, X
	movdqa X, Y
	pxor KL, Y
	.irp i, \first
	aesenc %xmm\i, S
	.endr
	aesenclast Y, S
	movdqa S, Y
	pxor X, Y
	movups Y, (DST)
	addq $16, SRC
	addq $16, DST
	decq LEN
	jnz 1b
2:
	.if \pre
	movups 16(KEY), Y
	aesenc Y, S
	movups 32(KEY), Y
	aesenc Y, S
	.endif
	.irp i, \first
	aesenc %xmm\i, S
	.endr
	aesenclast KL, S
	movups S, (DST)
	movups S, (IV)
	clear
	ret
.endm

FUNC aesni_cbc_enc
	testq LEN, LEN
	jz 9f
	keys 0
	movups (KEY), K0
	movups (KEND), KL
	movups (IV), S
	movups (SRC), X
	pxor K0, X
	pxor X, S
	cmpl $192, %eax
	jb 10f
	je 12f
	/* AES-256: K3..K13 in xmm5..xmm15. */
	.irp i, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movups 16*(\i-2)(KEY), %xmm\i
	.endr
	cbcenc_loop "5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15", 1
12:	/* AES-192: K1..K11 in xmm5..xmm15. */
	.irp i, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movups 16*(\i-4)(KEY), %xmm\i
	.endr
	cbcenc_loop "5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15", 0
10:	/* AES-128: K1..K9 in xmm5..xmm13. */
	.irp i, 5, 6, 7, 8, 9, 10, 11, 12, 13
	movups 16*(\i-4)(KEY), %xmm\i
	.endr
	cbcenc_loop "5, 6, 7, 8, 9, 10, 11, 12, 13", 0
9:	clear
	ret
ENDFUNC aesni_cbc_enc

#undef S
#undef K0
#undef KL
#undef X
#undef Y

/* --- CBC decryption --- */

/* xmm11: the previous ciphertext (the IV first); the last round key is
 * xored with it, so AESDECLAST gives the plaintext. */
FUNC aesni_cbc_dec
	testq LEN, LEN
	jz 9f
	keys DEC
	movups DEC(KEY), %xmm9
	movups (KEND), %xmm10
	movups (IV), %xmm11
	subq $8, LEN
	jb 2f
1:	load8
	middle aesdec, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	movdqa %xmm10, %xmm12
	pxor %xmm11, %xmm12
	aesdeclast %xmm12, %xmm0
	.irp i, 1, 2, 3, 4, 5, 6, 7
	movups 16*(\i-1)(SRC), %xmm12
	pxor %xmm10, %xmm12
	aesdeclast %xmm12, %xmm\i
	.endr
	movups 112(SRC), %xmm11
	store8
	addq $128, SRC
	addq $128, DST
	subq $8, LEN
	jae 1b
2:	addq $8, LEN
	jz 4f
3:	movups (SRC), %xmm0
	movdqa %xmm0, %xmm13
	pxor %xmm9, %xmm0
	middle aesdec, %xmm8, %xmm0
	movdqa %xmm10, %xmm12
	pxor %xmm11, %xmm12
	aesdeclast %xmm12, %xmm0
	movdqa %xmm13, %xmm11
	movups %xmm0, (DST)
	addq $16, SRC
	addq $16, DST
	decq LEN
	jnz 3b
4:	movups %xmm11, (IV)
9:	clear
	ret
ENDFUNC aesni_cbc_dec

/* --- CTR and CTR32 --- */

/* The counter is kept byte-reversed in xmm11, so that it is two
 * little-endian qwords (ctr) or has its low 32 bits in dword 0 (ctr32),
 * and steps with paddq / paddd of xmm13; each block is it reversed back
 * (xmm12) and whitened.  The input is folded into the last round key. */
.macro ctrblock i, add
	movdqa %xmm11, %xmm\i
	\add %xmm13, %xmm11
	pshufb %xmm12, %xmm\i
	pxor %xmm9, %xmm\i
.endm

.macro ctr8 add
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	ctrblock \i, \add
	.endr
	middle aesenc, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups 16*\i(SRC), %xmm14
	pxor %xmm10, %xmm14
	aesenclast %xmm14, %xmm\i
	.endr
	store8
	addq $128, SRC
	addq $128, DST
.endm

.macro ctr1
	middle aesenc, %xmm8, %xmm0
	movups (SRC), %xmm14
	pxor %xmm10, %xmm14
	aesenclast %xmm14, %xmm0
	movups %xmm0, (DST)
	addq $16, SRC
	addq $16, DST
.endm

.macro ctrsetup
	keys 0
	movups (KEY), %xmm9
	movups (KEND), %xmm10
	movdqa .Lbswap(%rip), %xmm12
	movdqa .Lone(%rip), %xmm13
	movups (IV), %xmm11
	pshufb %xmm12, %xmm11
.endm

/* 128-bit big-endian counter: 8 at a time while the low qword cannot
 * wrap within them, else one block with the carry. */
FUNC aesni_ctr
	testq LEN, LEN
	jz 9f
	ctrsetup
1:	cmpq $8, LEN
	jb 2f
	movq %xmm11, %r9
	addq $8, %r9
	jc 2f
	ctr8 paddq
	subq $8, LEN
	jmp 1b
2:	testq LEN, LEN
	jz 4f
	ctrblock 0, paddq
	movq %xmm11, %r9
	testq %r9, %r9
	jnz 3f
	paddq .Lhione(%rip), %xmm11
3:	ctr1
	decq LEN
	jmp 1b
4:	pshufb %xmm12, %xmm11
	movups %xmm11, (IV)
9:	clear
	ret
ENDFUNC aesni_ctr

/* GCM's counter: only the low 32 bits step, wrapping. */
FUNC aesni_ctr32
	testq LEN, LEN
	jz 9f
	ctrsetup
	subq $8, LEN
	jb 2f
1:	ctr8 paddd
	subq $8, LEN
	jae 1b
2:	addq $8, LEN
	jz 4f
3:	ctrblock 0, paddd
	ctr1
	decq LEN
	jnz 3b
4:	pshufb %xmm12, %xmm11
	movups %xmm11, (IV)
9:	clear
	ret
ENDFUNC aesni_ctr32

/* --- XTS --- */

/* The tweaks are worked out in general registers, a group of 8 ahead, into
 * 2 x 8 slots on the stack: multiplying by x is a serial chain, which in
 * SSE (2-cycle latencies on Zen 5) was slower than the AES rounds, while
 * the integer units are otherwise idle.  r9 points at this group's slots,
 * r10 at the next group's, filled while this group's rounds run, so the
 * integer stores are long done when the vector loads read them. */
#define LO	%rbx		/* the tweak: low qword */
#define HI	%r12
#define TT	%r13

.macro frame
	gpush %rbx
	gpush %r12
	gpush %r13
	subq $256, %rsp		/* 16-aligned after the call and the pushes */
	.cfi_adjust_cfa_offset 256
	movq %rsp, %r9
	leaq 128(%rsp), %r10
.endm

.macro unframe
	pxor %xmm15, %xmm15
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqa %xmm15, 16*\i(%rsp)	/* no tweak left behind */
	.endr
	addq $256, %rsp
	.cfi_adjust_cfa_offset -256
	gpop %r13
	gpop %r12
	gpop %rbx
.endm

/* T = T * x in IEEE 1619's little-endian order, T = HI:LO: the top bit
 * of LO carries into HI, the top bit of HI feeds back 0x87. */
.macro mulx
	movq HI, TT
	sarq $63, TT
	andq $0x87, TT
	addq LO, LO
	adcq HI, HI
	xorq TT, LO
.endm

/* Eight tweaks from LO:HI on into the slots at BUF; LO:HI are left at the
 * one after them. */
.macro tweaks8 buf
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movq LO, 16*\i(\buf)
	movq HI, 16*\i+8(\buf)
	mulx
	.endr
.endm

/* Each tweak goes into the whitening and, xored with the last round key,
 * into AESENCLAST / AESDECLAST. */
.macro xts op, last, off
	testq LEN, LEN
	jz 9f
	frame
	keys \off
	movups \off(KEY), %xmm9
	movups (KEND), %xmm10
	movq (IV), LO
	movq 8(IV), HI
	tweaks8 %r9
	subq $8, LEN
	jb 2f
1:
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups 16*\i(SRC), %xmm\i
	pxor 16*\i(%r9), %xmm\i
	pxor %xmm9, %xmm\i
	.endr
	tweaks8 %r10
	middle \op, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqa 16*\i(%r9), %xmm11
	pxor %xmm10, %xmm11
	\last %xmm11, %xmm\i
	.endr
	store8
	xchgq %r9, %r10
	addq $128, SRC
	addq $128, DST
	subq $8, LEN
	jae 1b
2:	addq $8, LEN
	jz 4f
	/* Fewer than 8 left: their tweaks are in the slots already. */
3:	movups (SRC), %xmm0
	pxor (%r9), %xmm0
	pxor %xmm9, %xmm0
	middle \op, %xmm8, %xmm0
	movdqa (%r9), %xmm11
	pxor %xmm10, %xmm11
	\last %xmm11, %xmm0
	movups %xmm0, (DST)
	addq $16, %r9
	addq $16, SRC
	addq $16, DST
	decq LEN
	jnz 3b
	/* The next tweak is in the slot after the last one used. */
4:	movdqa (%r9), %xmm11
	movups %xmm11, (IV)
	unframe
9:	clear
	ret
.endm

FUNC aesni_xts_enc
	xts aesenc, aesenclast, 0
ENDFUNC aesni_xts_enc

FUNC aesni_xts_dec
	xts aesdec, aesdeclast, DEC
ENDFUNC aesni_xts_dec

/* --- GCM, stitched --- */

/* CTR32 and GHASH of the ciphertext in one pass, 8 blocks at a time: the
 * AES rounds of one group interleaved with the PCLMULQDQ work of GHASH,
 * which on Zen 5 share two vector pipes that either alone leaves half
 * idle.  Encryption hashes the group before (the ciphertext just written),
 * decryption the group it decrypts.  htable is ghash_pclmul_init's (entry
 * k = H^k * x^-1 reflected, then its hi ^ lo, at 32 * (k - 1)); see
 * ghash-pclmul.S for the representation and the reduction.
 *
 * The counter blocks come from slots on the stack as in XTS (whitened IV,
 * the counter dword stored from r13d a group ahead), to keep PSHUFB off
 * the AES pipes.  xmm15/xmm10/xmm11: GHASH's low, high and middle sums,
 * xmm9 its state between groups, xmm12-xmm14 scratch. */

/* Arguments: key, htable, xi, dst, src, nblocks, ctr (on the stack). */
#define GHT	%rsi
#define GXI	%rdx
#define GDST	%rcx
#define GSRC	%r8
#define GLEN	%r9
#define GCTR	%r10
#define CUR	%rbx
#define NEXT	%r12

/* 8 counters from r13d on into the slots' last dwords at BUF. */
.macro gcmctrs buf
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movl %r13d, %r14d
	bswapl %r14d
	xorl 12(KEY), %r14d
	movl %r14d, 16*\i+12(\buf)
	incl %r13d
	.endr
.endm

/* GHASH block I of the 8 at OFF(BASE) with power 8 - I.  Block 1 starts
 * the sums and block 0, which takes the state, comes last, so that the
 * chain from one group's state to the next is short.  The powers are
 * memory operands: htable must be 16-aligned (aead_ctx's is 64). */
.macro gh i, off, base
	movdqu \off+16*\i(\base), %xmm12
	pshufb .Lbswap(%rip), %xmm12
	.if \i == 0
	pxor %xmm9, %xmm12
	.endif
	pshufd $0x4e, %xmm12, %xmm13
	pxor %xmm12, %xmm13
	.if \i == 1
	movdqa %xmm12, %xmm15
	pclmulqdq $0x00, 32*(7-\i)(GHT), %xmm15
	pclmulqdq $0x11, 32*(7-\i)(GHT), %xmm12
	movdqa %xmm12, %xmm10
	pclmulqdq $0x00, 32*(7-\i)+16(GHT), %xmm13
	movdqa %xmm13, %xmm11
	.else
	movdqa %xmm12, %xmm14
	pclmulqdq $0x00, 32*(7-\i)(GHT), %xmm14
	pxor %xmm14, %xmm15
	pclmulqdq $0x11, 32*(7-\i)(GHT), %xmm12
	pxor %xmm12, %xmm10
	pclmulqdq $0x00, 32*(7-\i)+16(GHT), %xmm13
	pxor %xmm13, %xmm11
	.endif
.endm

/* The sums (xmm15, xmm10, xmm11) to the new state in xmm9: Karatsuba's
 * middle, then the two 64-bit Montgomery folds by x^57+x^62+x^63
 * (ghash-pclmul.S's reduce). */
.macro ghfinish
	pxor %xmm15, %xmm11
	pxor %xmm10, %xmm11
	movdqa %xmm11, %xmm14
	pslldq $8, %xmm14
	psrldq $8, %xmm11
	pxor %xmm14, %xmm15
	pxor %xmm11, %xmm10
	movdqa %xmm15, %xmm14
	pclmulqdq $0x10, .Lpoly(%rip), %xmm14
	pshufd $0x4e, %xmm15, %xmm15
	pxor %xmm14, %xmm15
	movdqa %xmm15, %xmm14
	pclmulqdq $0x10, .Lpoly(%rip), %xmm14
	pshufd $0x4e, %xmm15, %xmm9
	pxor %xmm14, %xmm9
	pxor %xmm10, %xmm9
.endm

.macro ghash8 off, base
	.irp i, 1, 2, 3, 4, 5, 6, 7, 0
	gh \i, \off, \base
	.endr
	ghfinish
.endm

/* This group's counters (whitened) into xmm0-xmm7, the next group's
 * into their slots. */
.macro gcmload
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movdqa 16*\i(CUR), %xmm\i
	.endr
	gcmctrs NEXT
.endm

/* The last round with the input folded in, the output stored, on to the
 * next group. */
.macro gcmlast
	movups (KEND), %xmm8
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups 16*\i(GSRC), %xmm12
	pxor %xmm8, %xmm12
	aesenclast %xmm12, %xmm\i
	.endr
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7
	movups %xmm\i, 16*\i(GDST)
	.endr
	xchgq CUR, NEXT
	addq $128, GSRC
	addq $128, GDST
.endm

/* Rounds 1 .. Nr-1 of the 8 counter blocks, with GHASH of the 8 blocks
 * at OFF(BASE) in the last 9 of them. */
.macro stitched off, base
	cmpl $192, %eax
	jb .Ls10\@
	je .Ls12\@
	rk aesenc, -208, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	rk aesenc, -192, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
.Ls12\@:
	rk aesenc, -176, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	rk aesenc, -160, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
.Ls10\@:
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8
	rk aesenc, -160+16*\r, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	gh (\r%8), \off, \base	/* blocks 1..7, then 0 */
	.endr
	rk aesenc, -16, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	ghfinish
.endm

/* Common entry: at least MIN blocks or nothing; r15 = the blocks done
 * (whole groups), GLEN the groups; slots, counter and state set up. */
.macro gcmenter min
	cmpq $\min, GLEN
	jae 1f
	xorl %eax, %eax
	ret
1:	gpush %rbx
	gpush %r12
	gpush %r13
	gpush %r14
	gpush %r15
	subq $256, %rsp		/* 16-aligned after the call and 5 pushes */
	.cfi_adjust_cfa_offset 256
	movq 8+40+256(%rsp), GCTR
	movq GLEN, %r15
	andq $-8, %r15
	shrq $3, GLEN
	keys 0
	movups (GCTR), %xmm0
	movups (KEY), %xmm1
	pxor %xmm1, %xmm0
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqa %xmm0, 16*\i(%rsp)
	.endr
	movl 12(GCTR), %r13d
	bswapl %r13d
	movq %rsp, CUR
	leaq 128(%rsp), NEXT
	gcmctrs CUR
	movdqu (GXI), %xmm9
	pshufb .Lbswap(%rip), %xmm9
.endm

.macro gcmleave
	pshufb .Lbswap(%rip), %xmm9
	movdqu %xmm9, (GXI)
	subl $8, %r13d		/* the look-ahead group was not used */
	bswapl %r13d
	movl %r13d, 12(GCTR)
	pxor %xmm15, %xmm15
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	movdqa %xmm15, 16*\i(%rsp)	/* the slots are counter ^ K0 */
	.endr
	addq $256, %rsp
	.cfi_adjust_cfa_offset -256
	movq %r15, %rax
	gpop %r15
	gpop %r14
	gpop %r13
	gpop %r12
	gpop %rbx
	clear
	ret
.endm

/* size_t aesni_gcm_enc(key, htable, xi, dst, src, nblocks, ctr): the
 * first group is only encrypted, each later one is encrypted while the
 * one before is hashed, the last is hashed alone. */
FUNC aesni_gcm_enc
	gcmenter 16
	gcmload
	middle aesenc, %xmm8, %xmm0, %xmm1, %xmm2, %xmm3, %xmm4, %xmm5, %xmm6, %xmm7
	gcmlast
	decq GLEN
2:	gcmload
	stitched -128, GDST
	gcmlast
	decq GLEN
	jnz 2b
	ghash8 -128, GDST
	gcmleave
ENDFUNC aesni_gcm_enc

/* size_t aesni_gcm_dec(...): each group hashed while it is decrypted. */
FUNC aesni_gcm_dec
	gcmenter 8
2:	gcmload
	stitched 0, GSRC
	gcmlast
	decq GLEN
	jnz 2b
	gcmleave
ENDFUNC aesni_gcm_dec
