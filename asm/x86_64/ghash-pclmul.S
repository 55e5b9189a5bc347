/* SPDX-License-Identifier: Apache-2.0 */
/* ghash-pclmul.S: GHASH (NIST SP 800-38D) with PCLMULQDQ for gcm_ops: the
 * powers of H, and the hash of whole blocks, 16 (then 8) at a time with
 * one reduction a group.
 *
 * Field elements are byte-reversed on load, so bit j of the 128-bit value
 * is the coefficient of x^(127-j) ("reflected").  A carry-less product of
 * two such values is the reflected 255-bit product shifted down by one, so
 * the table holds each power of H times x^-1, which makes the product come
 * out exactly aligned.  The reduction is Montgomery's in the reflected
 * domain: the low 128 bits are folded up twice, 64 at a time, with the
 * polynomial's low terms (x^57+x^62+x^63 after reflection, 0xc2 << 56),
 * by PCLMULQDQ (shifts measured 15% slower on Zen 5, where vector shifts
 * and shuffles crowd the same pipes).  Products are Karatsuba's: three
 * PCLMULQDQ a block, the middle key (hi ^ lo of each power) precomputed.
 *
 * htable: entry k = 1..16 at 32 * (k - 1): H^k * x^-1 reflected, then its
 * hi ^ lo in both qwords.  512 bytes.  aes-aesni.S's stitched GCM reads
 * entries 1..8 too.
 *
 * Registers in ghash_pclmul: xmm0 the state, xmm1/xmm2/xmm3 the low, high
 * and middle sums, xmm4/xmm5 a block and its hi ^ lo, xmm6/xmm7 keys,
 * xmm8-xmm9 scratch, xmm15 the byte-reversal mask.
 *
 * Measured on AMD Zen 5 (PCLMULQDQ one per 2 cycles), 16 KiB: 0.38 core
 * cycles/byte, the bound of 3 PCLMULQDQ a block.
 */

#include "linkage.h"

#define XI	%rdi
#define HT	%rsi
#define P	%rdx
#define LEN	%rcx

RODATA ghash_pclmul, 16
.Lbswap:
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Lpoly:				/* x^-1's reflected low terms, x^0 in the high qword: 0xc2..01 */
	.quad 1, 0xc200000000000000

/* No key or data left in the vector registers on return. */
.macro clear
	.irp i, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	pxor %xmm\i, %xmm\i
	.endr
.endm

/* The 256-bit product in (LO, HI) to LO = the reduced 128 bits; T1, T2
 * scratch.  Two folds of 64 bits: D0 into D1 and D2, then D1 into D2, D3. */
.macro reduce lo, hi, t1, t2
	movdqa .Lpoly+0(%rip), \t2	/* only the 0xc2 qword is used */
	movdqa \lo, \t1
	pclmulqdq $0x10, \t2, \t1	/* D0 * s */
	pshufd $0x4e, \lo, \lo		/* [D1, D0] */
	pxor \t1, \lo			/* [D1 ^ lo, D0 ^ hi]: D0 ^ hi joins D2 later */
	movdqa \lo, \t1
	pclmulqdq $0x10, \t2, \t1	/* D1' * s */
	pshufd $0x4e, \lo, \lo
	pxor \t1, \lo
	pxor \hi, \lo
.endm

/* The Karatsuba middle: LO ^= MID << 64, HI ^= MID >> 64, after MID ^=
 * LO ^ HI. */
.macro karamid lo, hi, mid, t
	pxor \lo, \mid
	pxor \hi, \mid
	movdqa \mid, \t
	pslldq $8, \t
	psrldq $8, \mid
	pxor \t, \lo
	pxor \mid, \hi
.endm

/* A = A * B (both reflected, B a table entry: B times x^-1), T1-T4 scratch. */
.macro gfmul a, b, t1, t2, t3, t4
	movdqa \a, \t1
	pclmulqdq $0x00, \b, \t1
	movdqa \a, \t2
	pclmulqdq $0x11, \b, \t2
	pshufd $0x4e, \a, \t3
	pxor \a, \t3
	pshufd $0x4e, \b, \t4
	pxor \b, \t4
	pclmulqdq $0x00, \t4, \t3
	karamid \t1, \t2, \t3, \t4
	reduce \t1, \t2, \t3, \t4
	movdqa \t1, \a
.endm

/* Store entry k from xmm0 (the power) with its middle key. */
.macro entry k
	movdqu %xmm0, 32*(\k-1)(%rdi)
	pshufd $0x4e, %xmm0, %xmm1
	pxor %xmm0, %xmm1
	movdqu %xmm1, 32*(\k-1)+16(%rdi)
.endm

/* ghash_pclmul_init(htable, h) */
FUNC ghash_pclmul_init
	movdqu (%rsi), %xmm0
	pshufb .Lbswap(%rip), %xmm0
	/* H * x^-1: a left shift in reflected order; x^0 shifted out brings
	 * the polynomial's x^-1 multiple back in. */
	pshufd $0xff, %xmm0, %xmm2
	psrad $31, %xmm2
	pand .Lpoly(%rip), %xmm2
	movdqa %xmm0, %xmm1
	psrlq $63, %xmm1
	pslldq $8, %xmm1
	psllq $1, %xmm0
	por %xmm1, %xmm0
	pxor %xmm2, %xmm0
	movdqa %xmm0, %xmm7		/* H * x^-1 */
	entry 1
	.irp k, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
	gfmul %xmm0, %xmm7, %xmm1, %xmm2, %xmm3, %xmm4
	entry \k
	.endr
	clear
	ret
ENDFUNC ghash_pclmul_init

/* Fold block I of N (at 16 * I(P)) with power N - I into the sums.
 * Block 1 starts them; block 0, which takes the state, comes last, so the
 * chain from one group's state to the next is short. */
.macro block n, i
	movdqu 16*\i(P), %xmm4
	pshufb %xmm15, %xmm4
	.if \i == 0
	pxor %xmm0, %xmm4
	.endif
	movdqu 32*(\n-1-\i)(HT), %xmm6
	movdqu 32*(\n-1-\i)+16(HT), %xmm7
	pshufd $0x4e, %xmm4, %xmm5
	pxor %xmm4, %xmm5
	.if \i == 1
	movdqa %xmm4, %xmm1
	pclmulqdq $0x00, %xmm6, %xmm1
	movdqa %xmm4, %xmm2
	pclmulqdq $0x11, %xmm6, %xmm2
	movdqa %xmm5, %xmm3
	pclmulqdq $0x00, %xmm7, %xmm3
	.else
	movdqa %xmm4, %xmm8
	pclmulqdq $0x00, %xmm6, %xmm8
	pxor %xmm8, %xmm1
	pclmulqdq $0x11, %xmm6, %xmm4
	pxor %xmm4, %xmm2
	pclmulqdq $0x00, %xmm7, %xmm5
	pxor %xmm5, %xmm3
	.endif
.endm

/* ghash_pclmul(xi, htable, p, nblocks) */
FUNC ghash_pclmul
	testq LEN, LEN
	jz 9f
	movdqa .Lbswap(%rip), %xmm15
	movdqu (XI), %xmm0
	pshufb %xmm15, %xmm0
	subq $16, LEN
	jb 6f
5:	.irp i, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0
	block 16, \i
	.endr
	karamid %xmm1, %xmm2, %xmm3, %xmm8
	reduce %xmm1, %xmm2, %xmm8, %xmm9
	movdqa %xmm1, %xmm0
	addq $256, P
	subq $16, LEN
	jae 5b
6:	addq $16, LEN
	cmpq $8, LEN
	jb 2f
	.irp i, 1, 2, 3, 4, 5, 6, 7, 0
	block 8, \i
	.endr
	karamid %xmm1, %xmm2, %xmm3, %xmm8
	reduce %xmm1, %xmm2, %xmm8, %xmm9
	movdqa %xmm1, %xmm0
	addq $128, P
	subq $8, LEN
2:	testq LEN, LEN
	jz 4f
	/* 1..7 left: the same with powers LEN..1; r9 walks the table down,
	 * the state goes into the first block and is then cleared. */
	movq LEN, %r9
	shlq $5, %r9
	leaq -32(HT,%r9), %r9
	pxor %xmm1, %xmm1
	pxor %xmm2, %xmm2
	pxor %xmm3, %xmm3
3:	movdqu (P), %xmm4
	pshufb %xmm15, %xmm4
	pxor %xmm0, %xmm4
	pxor %xmm0, %xmm0
	movdqu (%r9), %xmm6
	movdqu 16(%r9), %xmm7
	pshufd $0x4e, %xmm4, %xmm5
	pxor %xmm4, %xmm5
	movdqa %xmm4, %xmm8
	pclmulqdq $0x00, %xmm6, %xmm8
	pxor %xmm8, %xmm1
	pclmulqdq $0x11, %xmm6, %xmm4
	pxor %xmm4, %xmm2
	pclmulqdq $0x00, %xmm7, %xmm5
	pxor %xmm5, %xmm3
	addq $16, P
	subq $32, %r9
	decq LEN
	jnz 3b
	karamid %xmm1, %xmm2, %xmm3, %xmm8
	reduce %xmm1, %xmm2, %xmm8, %xmm9
	movdqa %xmm1, %xmm0
4:	pshufb %xmm15, %xmm0
	movdqu %xmm0, (XI)
9:	clear
	ret
ENDFUNC ghash_pclmul
