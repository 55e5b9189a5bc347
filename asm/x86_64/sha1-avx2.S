/* SPDX-License-Identifier: Apache-2.0 */
/* sha1-avx2.S: the SHA-1 block function (FIPS 180-4) with AVX2 for the
 * message schedule and BMI1/BMI2 (ANDN, RORX) for the rounds, for CPUs
 * without the SHA extensions.
 *
 * void sha1_blocks_avx2(uint32_t state[5], const uint8_t *p, size_t nblocks)
 *
 * Blocks go two at a time, one in each 128-bit lane of the schedule
 * registers, four W of each block a register.  W[16..31] come from
 * W[i] = rol1(W[i-3] ^ W[i-8] ^ W[i-14] ^ W[i-16]), the fourth of each
 * four fixed up for its dependence on the first; from W[32] on the
 * equivalent W[i] = rol2(W[i-6] ^ W[i-16] ^ W[i-28] ^ W[i-32]) has none.
 * W+K of each block goes to its own area of the stack.  The first 32 W of
 * a pair are made while the previous pair's second block runs; the rest
 * while its own first block runs, so the second block only reads them.
 * An odd last block is loaded into both lanes and the second copy's rounds
 * skipped.
 *
 * A round is e' = e + rol5(a) + F(b,c,d) + W + K, b' = rol30(b), with F
 * added as disjoint parts (Ch: (b & c) + (~b & d); Maj: (c & d) +
 * (b & (c ^ d))), so that only ROL5 and one ADD wait for a: two cycles a
 * round, which is what SHA-1 costs on this path.
 *
 * Registers: eax ebx ecx edx esi the working variables (renamed from round
 *   to round), edi scratch, r8 the state, r9 the blocks left, r10 the
 *   stack copy in use, r11 a loop count, r12/r13 scratch pointers, r14 the
 *   input, r15 the W+K being read, rbp the frame pointer;
 *   ymm0-ymm7 W[4g..4g+3] at ymm(g mod 8), ymm8-ymm10 scratch, ymm12 the
 *   byte-swap mask.
 * Stack: W+K for 80 rounds of block 1 then of block 2 (640 bytes), twice:
 * one copy filled for the next pair while block 2 reads the other; and the
 * count called with.
 *
 * Measured on AMD EPYC (Zen 5; TSC 2.6 GHz, core about 3.7 GHz), 16 KiB:
 * 1.8 cycles/byte (TSC).
 */

#include "linkage.h"

#define A	%eax
#define B	%ebx
#define C	%ecx
#define D	%edx
#define E	%esi
#define T0	%edi
#define STATE	%r8
#define NBLK	%r9
#define CUR	%r10
#define CNT	%r11
#define DST	%r12
#define P2	%r13
#define SRC	%r14
#define WKP	%r15

#define Y0	%ymm8
#define Y1	%ymm9
#define Y2	%ymm10
#define BSWAP	%ymm12

#define AREA	320		/* W+K of one block */
#define COPY	(2 * AREA)
#define ORIG	(2 * COPY)	/* nblocks as called */
#define FRAME	(2 * COPY + 8)

/* Rounds 0-19: F = Ch(b,c,d) = (b & c) + (~b & d). */
.macro RCH a, b, c, d, e, r
	add	4*(\r)(WKP), \e
	andn	\d, \b, T0
	add	T0, \e
	mov	\c, T0
	and	\b, T0
	add	T0, \e
	rorx	$27, \a, T0
	rorx	$2, \b, \b
	add	T0, \e
.endm

/* Rounds 20-39 and 60-79: F = b ^ c ^ d. */
.macro RPAR a, b, c, d, e, r
	add	4*(\r)(WKP), \e
	mov	\c, T0
	xor	\d, T0
	xor	\b, T0
	add	T0, \e
	rorx	$27, \a, T0
	rorx	$2, \b, \b
	add	T0, \e
.endm

/* Rounds 40-59: F = Maj(b,c,d) = (c & d) + (b & (c ^ d)). */
.macro RMAJ a, b, c, d, e, r
	add	4*(\r)(WKP), \e
	mov	\c, T0
	and	\d, T0
	add	T0, \e
	mov	\c, T0
	xor	\d, T0
	and	\b, T0
	add	T0, \e
	rorx	$27, \a, T0
	rorx	$2, \b, \b
	add	T0, \e
.endm

/* Five rounds r..r+4, after which the names are back in place. */
.macro R5 F, r
	\F	A, B, C, D, E, \r
	\F	E, A, B, C, D, \r + 1
	\F	D, E, A, B, C, \r + 2
	\F	C, D, E, A, B, \r + 3
	\F	B, C, D, E, A, \r + 4
.endm

/* W+K of group g (rounds 4g..4g+3) from x, each lane to its block's area at DST. */
.macro STOREWK g, x
	vpaddd	.Lk1+32*(\g / 5)(%rip), \x, Y0
	vmovdqa	%xmm8, 16*\g(DST)
	vextracti128 $1, Y0, AREA + 16*\g(DST)
.endm

/* rol(x, n) into dst, clobbering Y2 */
.macro ROL n, x, dst
	vpsrld	$(32 - \n), \x, Y2
	vpslld	$\n, \x, \dst
	vpor	Y2, \dst, \dst
.endm

/*
 * W[4g..4g+3], g = 4..7, into x0, from x1..x4 = the groups g-1 .. g-4:
 * rol1 of W[i-16] ^ W[i-14] ^ W[i-8] ^ W[i-3], with W[i] taken as 0 in
 * the last lane and its rol1 (the rol2 of the first lane's sum) xored in.
 */
.macro SCHED1 g, x0, x1, x2, x4, x3
	vpalignr $8, \x4, \x3, Y0	/* W[i-14..i-11] */
	vpxor	\x4, Y0, Y0
	vpxor	\x2, Y0, Y0
	vpsrldq	$4, \x1, Y1		/* W[i-3..i-1], 0 */
	vpxor	Y1, Y0, Y0
	vpslldq	$12, Y0, Y1
	ROL	1, Y0, \x0
	ROL	2, Y1, Y1
	vpxor	Y1, \x0, \x0
	STOREWK	\g, \x0
.endm

/*
 * W[4g..4g+3], g >= 8, into x0 (which held group g-8), from the groups
 * g-1, g-2, g-4, g-7: rol2 of W[i-6] ^ W[i-16] ^ W[i-28] ^ W[i-32].
 */
.macro SCHED2 g, x0, x1, x2, x4, x7
	vpxor	\x4, \x0, \x0
	vpxor	\x7, \x0, \x0
	vpalignr $8, \x2, \x1, Y0	/* W[i-6..i-3] */
	vpxor	Y0, \x0, Y0
	ROL	2, Y0, \x0
	STOREWK	\g, \x0
.endm

/*
 * The pair at SRC and P2 (the second block, or the first again) into the
 * copy at DST: W[0..31] into ymm0-ymm7 and W+K of rounds 0-31 stored.
 */
.macro LOADW k
	vmovdqu	16*\k(SRC), %xmm\k
	vinserti128 $1, 16*\k(P2), %ymm\k, %ymm\k
	vpshufb	BSWAP, %ymm\k, %ymm\k
	STOREWK	\k, %ymm\k
.endm
.macro LOADPAIR
	lea	64(SRC), P2
	cmp	$1, NBLK
	cmove	SRC, P2
	LOADW	0
	LOADW	1
	LOADW	2
	LOADW	3
	SCHED1	4, %ymm4, %ymm3, %ymm2, %ymm0, %ymm1
	SCHED1	5, %ymm5, %ymm4, %ymm3, %ymm1, %ymm2
	SCHED1	6, %ymm6, %ymm5, %ymm4, %ymm2, %ymm3
	SCHED1	7, %ymm7, %ymm6, %ymm5, %ymm3, %ymm4
.endm

.macro ADDSTATE
	add	0(STATE), A
	add	4(STATE), B
	add	8(STATE), C
	add	12(STATE), D
	add	16(STATE), E
	mov	A, 0(STATE)
	mov	B, 4(STATE)
	mov	C, 8(STATE)
	mov	D, 12(STATE)
	mov	E, 16(STATE)
.endm

/* Block 2: 20 rounds of F from its area, five at a time. */
.macro PHASE2 F
	mov	$4, CNT
1:
	R5	\F, 0
	add	$20, WKP
	dec	CNT
	jnz	1b
.endm

FUNC sha1_blocks_avx2
	test	%rdx, %rdx
	jz	.Lnone
	push	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_offset %rbp, -16
	mov	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	push	%rbx
	.cfi_offset %rbx, -24
	push	%r12
	.cfi_offset %r12, -32
	push	%r13
	.cfi_offset %r13, -40
	push	%r14
	.cfi_offset %r14, -48
	push	%r15
	.cfi_offset %r15, -56
	sub	$FRAME, %rsp
	and	$-64, %rsp
	mov	%rdi, STATE
	mov	%rsi, SRC
	mov	%rdx, NBLK
	mov	%rdx, ORIG(%rsp)
	mov	0(STATE), A
	mov	4(STATE), B
	mov	8(STATE), C
	mov	12(STATE), D
	mov	16(STATE), E
	vmovdqa	.Lbswap32(%rip), BSWAP
	mov	%rsp, CUR
	mov	CUR, DST
	LOADPAIR

	.balign	32
.Lpair:
	/* block 1, scheduling W[32..79] of both */
	mov	CUR, WKP
	mov	CUR, DST
	SCHED2	8, %ymm0, %ymm7, %ymm6, %ymm4, %ymm1
	R5	RCH, 0
	SCHED2	9, %ymm1, %ymm0, %ymm7, %ymm5, %ymm2
	R5	RCH, 5
	SCHED2	10, %ymm2, %ymm1, %ymm0, %ymm6, %ymm3
	R5	RCH, 10
	SCHED2	11, %ymm3, %ymm2, %ymm1, %ymm7, %ymm4
	R5	RCH, 15
	SCHED2	12, %ymm4, %ymm3, %ymm2, %ymm0, %ymm5
	R5	RPAR, 20
	SCHED2	13, %ymm5, %ymm4, %ymm3, %ymm1, %ymm6
	R5	RPAR, 25
	SCHED2	14, %ymm6, %ymm5, %ymm4, %ymm2, %ymm7
	R5	RPAR, 30
	SCHED2	15, %ymm7, %ymm6, %ymm5, %ymm3, %ymm0
	R5	RPAR, 35
	SCHED2	16, %ymm0, %ymm7, %ymm6, %ymm4, %ymm1
	R5	RMAJ, 40
	SCHED2	17, %ymm1, %ymm0, %ymm7, %ymm5, %ymm2
	R5	RMAJ, 45
	SCHED2	18, %ymm2, %ymm1, %ymm0, %ymm6, %ymm3
	R5	RMAJ, 50
	SCHED2	19, %ymm3, %ymm2, %ymm1, %ymm7, %ymm4
	R5	RMAJ, 55
	R5	RPAR, 60
	R5	RPAR, 65
	R5	RPAR, 70
	R5	RPAR, 75
	ADDSTATE
	sub	$2, NBLK
	jb	.Lend

	/* the next pair into the other copy, while block 2 runs */
	lea	AREA(CUR), WKP
	jz	.Lsecond
	add	$128, SRC
	lea	COPY(%rsp), DST
	cmp	%rsp, CUR
	cmovne	%rsp, DST
	mov	DST, CUR
	LOADPAIR

.Lsecond:
	PHASE2	RCH
	PHASE2	RPAR
	PHASE2	RMAJ
	PHASE2	RPAR
	ADDSTATE
	test	NBLK, NBLK
	jnz	.Lpair

.Lend:
	/* the W+K on the stack are a function of the message: wipe them
	 * (the second copy is used only past two blocks) */
	vpxor	%xmm0, %xmm0, %xmm0
	mov	$COPY, %ecx
	mov	$2 * COPY, %edx
	cmpq	$2, ORIG(%rsp)
	cmova	%edx, %ecx
	xor	%eax, %eax
.Lwipe:
	vmovdqa	%ymm0, (%rsp, %rax)
	add	$32, %rax
	cmp	%rcx, %rax
	jb	.Lwipe
	vzeroupper
	lea	-40(%rbp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	.cfi_def_cfa %rsp, 8
.Lnone:
	ret
ENDFUNC sha1_blocks_avx2

RODATA sha1_avx2, 64
/* the four round constants, each in every dword */
.Lk1:
	.long	0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999
	.long	0x5a827999, 0x5a827999, 0x5a827999, 0x5a827999
	.long	0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1
	.long	0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1, 0x6ed9eba1
	.long	0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc
	.long	0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc, 0x8f1bbcdc
	.long	0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6
	.long	0xca62c1d6, 0xca62c1d6, 0xca62c1d6, 0xca62c1d6
/* vpshufb: byte-swap each dword (the message is big-endian) */
.Lbswap32:
	.octa	0x0c0d0e0f08090a0b0405060700010203
	.octa	0x0c0d0e0f08090a0b0405060700010203
