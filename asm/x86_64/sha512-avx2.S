/* SPDX-License-Identifier: Apache-2.0 */
/* sha512-avx2.S: the SHA-512 block function (FIPS 180-4) with AVX2 for the
 * message schedule and BMI1/BMI2 (ANDN, RORX) for the rounds.
 *
 * void sha512_blocks_avx2(uint64_t state[8], const uint8_t *p, size_t nblocks)
 * void sha512_blocks_avx2t(uint64_t state[8], const uint8_t *p, size_t nblocks)
 *
 * Two kernels from one body (BLOCKS): avx2 with ROUNDL, below, for cores
 * with six integer ALUs, where the chains bound a round; avx2t with
 * ROUNDT, fewer operations and longer chains, for cores with four, where
 * the ALUs do (crypto/x86_64/sha.c picks).
 *
 * Blocks go two at a time, one in each 128-bit lane of the schedule
 * registers: while the rounds of the first block run, the schedule of both
 * is computed beside them and W+K stored to the stack, so the second
 * block's rounds only read it.  An odd last block is loaded into both lanes
 * and the second copy's rounds skipped.
 *
 * The rounds are bound by ALU throughput and by the chains through a and
 * e, so a round is written for few operations, each chain four deep:
 *   e' = (d + h + W + K) + Ch(e,f,g) + Sigma1(e), the first sum made before
 *        e is known and Ch added as its two disjoint halves;
 *   a' = e' + ((b & c) - d) + (a & (b ^ c)) + Sigma0(a): T1 is e' - d, and
 *        Maj is split into the disjoint (b & c) + (a & (b ^ c)), so only one
 *        AND and Sigma0 wait for a.
 * a' goes into a ninth register (h is dead once d + h + W + K is made),
 * so the nine rotate by one each round; eight moves after 16 rounds put
 * them back (move elimination makes those free).
 *
 * Registers: rax rbx rcx rdx rsi r8 r9 r10 r11 the working variables and
 *   the spare (ROUNDT, below: r11 and r14 the Maj carry), r12 r13 scratch,
 *   r15 the W+K being read (block 1: lane 0; block 2: lane 1), rdi the
 *   round constants for the schedule, rbp the frame pointer;
 *   ymm0-ymm7 W[i-16..i-1] in pairs (a ring, each lane one block),
 *   ymm8-ymm11 scratch, ymm12 the byte-swap mask, ymm13 the ror-8 one.
 * Stack: W+K for 80 rounds of two blocks (1280 bytes), twice: while the
 * second block's rounds read one copy, the next pair's first 16 W+K go to
 * the other, so that the loads and byte swaps are not on the chain from
 * one pair to the next.  Then the state pointer, the blocks left, which
 * copy is current, where block 2 ends, the count called with, and the
 * input (read only between blocks).
 *
 * Measured on AMD EPYC (Zen 5; TSC 2.6 GHz, core about 3.7 GHz), 16 KiB:
 * 2.2 cycles/byte (TSC); 2026-12-07, after s0's ror 8 became one shuffle,
 * avx2 about 1000 MB/s, avx2t 940, OpenSSL 945.
 */

#include "linkage.h"

#define R0	%rax
#define R1	%rbx
#define R2	%rcx
#define R3	%rdx
#define R4	%rsi
#define R5	%r8
#define R6	%r9
#define R7	%r10
#define R8	%r11
#define M0	%r11		/* ROUNDT's b ^ c, in turn (R8 is ROUNDL's) */
#define M1	%r14		/* (the input pointer is in the frame) */
#define T0	%r12
#define T1	%r13
#define WKP	%r15
#define KP	%rdi

#define Y0	%ymm8
#define Y1	%ymm9
#define Y2	%ymm10
#define Y3	%ymm11
#define BSWAP	%ymm12
#define ROR8	%ymm13

#define WKSIZE	1280
#define STATEP	(2 * WKSIZE)
#define NBLK	(2 * WKSIZE + 8)
#define CURF	(2 * WKSIZE + 16)
#define ENDP	(2 * WKSIZE + 24)
#define ORIG	(2 * WKSIZE + 32)	/* nblocks as called */
#define SRCP	(2 * WKSIZE + 40)	/* the next pair's input */
#define FRAME	(2 * WKSIZE + 48)

/* One round: e' lands in d, a' in s; h is free afterwards. */
.macro ROUNDL a, b, c, d, e, f, g, h, s, off
	mov	\b, \s
	and	\c, \s
	sub	\d, \s			/* (b & c) - d */
	add	\off(WKP), \h		/* h + W + K */
	andn	\g, \e, T0		/* ~e & g */
	add	\h, \d			/* d + h + W + K */
	add	T0, \d
	mov	\f, T0
	and	\e, T0			/* e & f */
	add	T0, \d
	rorx	$14, \e, T0
	rorx	$18, \e, T1
	xor	T1, T0
	rorx	$41, \e, T1
	xor	T1, T0			/* Sigma1(e) */
	add	T0, \d			/* e' = d + T1 */
	add	\d, \s			/* T1 + (b & c) */
	mov	\b, T0
	xor	\c, T0
	and	\a, T0			/* a & (b ^ c) */
	add	T0, \s			/* T1 + Maj */
	rorx	$28, \a, T0
	rorx	$34, \a, T1
	xor	T1, T0
	rorx	$39, \a, T1
	xor	T1, T0			/* Sigma0(a) */
	add	T0, \s			/* a' */
.endm

/*
 * One round written for fewest ALU operations (22, against ROUNDL's 24),
 * each chain one deeper: T1 = h + W + K + Ch + Sigma1(e) made in h, then
 * e' = d + T1 and a' = T1 + Sigma0(a) + Maj, with Maj(a,b,c) as
 * b ^ ((a ^ b) & (b ^ c)): b ^ c is the a ^ b of the round before, kept
 * in mi (this round's a ^ b goes to mo; M0 and M1 take turns).  a' lands in h, so the eight rotate by one each round and are back
 * in place after eight.
 */
.macro ROUNDT a, b, c, d, e, f, g, h, mi, mo, off
	add	\off(WKP), \h		/* h + W + K */
	andn	\g, \e, T0		/* ~e & g */
	rorx	$14, \e, T1
	add	T0, \h
	mov	\f, T0
	and	\e, T0			/* e & f */
	add	T0, \h			/* + Ch(e,f,g) */
	rorx	$18, \e, T0
	xor	T0, T1
	rorx	$41, \e, T0
	xor	T0, T1			/* Sigma1(e) */
	add	T1, \h			/* T1 */
	add	\h, \d			/* e' = d + T1 */
	rorx	$28, \a, T0
	rorx	$34, \a, T1
	xor	T1, T0
	rorx	$39, \a, T1
	xor	T1, T0			/* Sigma0(a) */
	add	T0, \h
	mov	\a, \mo
	xor	\b, \mo			/* a ^ b: the next round's b ^ c */
	and	\mo, \mi		/* (a ^ b) & (b ^ c) */
	xor	\b, \mi			/* Maj(a,b,c) */
	add	\mi, \h			/* a' */
.endm

/*
 * W[i], W[i+1] of both blocks into x0 (which held W[i-16], W[i-15]):
 * W[i] = s1(W[i-2]) + W[i-7] + s0(W[i-15]) + W[i-16], two at a time as
 * s1 reaches back two.  W+K goes to the stack 256 bytes (16 rounds) ahead.
 */
.macro SCHED x0, x1, x4, x5, x7, off
	vpalignr $8, \x0, \x1, Y0	/* W[i-15], W[i-14] */
	vpalignr $8, \x4, \x5, Y1	/* W[i-7], W[i-6] */
	vpaddq	Y1, \x0, \x0
	vpsrlq	$1, Y0, Y1
	vpsllq	$63, Y0, Y2
	vpshufb	ROR8, Y0, Y3		/* ror 8: whole bytes, one shuffle */
	vpxor	Y2, Y1, Y1
	vpsrlq	$7, Y0, Y0
	vpxor	Y3, Y1, Y1
	vpxor	Y0, Y1, Y1		/* s0 */
	vpaddq	Y1, \x0, \x0
	vpsrlq	$19, \x7, Y1
	vpsllq	$45, \x7, Y2
	vpsrlq	$61, \x7, Y3
	vpxor	Y2, Y1, Y1
	vpsllq	$3, \x7, Y2
	vpsrlq	$6, \x7, Y0
	vpxor	Y3, Y2, Y2
	vpxor	Y0, Y1, Y1
	vpxor	Y2, Y1, Y1		/* s1 */
	vpaddq	Y1, \x0, \x0
	vpaddq	\off(KP), \x0, Y0
	vmovdqa	Y0, 256 + \off(WKP)
.endm

/* 16 rounds with ROUNDT: the eight registers rotate by one a round. */
.macro ROUNDS16T sched
.if \sched
	SCHED	%ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 0
.endif
	ROUNDT	R0, R1, R2, R3, R4, R5, R6, R7, M0, M1, 0
	ROUNDT	R7, R0, R1, R2, R3, R4, R5, R6, M1, M0, 8
.if \sched
	SCHED	%ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 32
.endif
	ROUNDT	R6, R7, R0, R1, R2, R3, R4, R5, M0, M1, 32
	ROUNDT	R5, R6, R7, R0, R1, R2, R3, R4, M1, M0, 40
.if \sched
	SCHED	%ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 64
.endif
	ROUNDT	R4, R5, R6, R7, R0, R1, R2, R3, M0, M1, 64
	ROUNDT	R3, R4, R5, R6, R7, R0, R1, R2, M1, M0, 72
.if \sched
	SCHED	%ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 96
.endif
	ROUNDT	R2, R3, R4, R5, R6, R7, R0, R1, M0, M1, 96
	ROUNDT	R1, R2, R3, R4, R5, R6, R7, R0, M1, M0, 104
.if \sched
	SCHED	%ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 128
.endif
	ROUNDT	R0, R1, R2, R3, R4, R5, R6, R7, M0, M1, 128
	ROUNDT	R7, R0, R1, R2, R3, R4, R5, R6, M1, M0, 136
.if \sched
	SCHED	%ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 160
.endif
	ROUNDT	R6, R7, R0, R1, R2, R3, R4, R5, M0, M1, 160
	ROUNDT	R5, R6, R7, R0, R1, R2, R3, R4, M1, M0, 168
.if \sched
	SCHED	%ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 192
.endif
	ROUNDT	R4, R5, R6, R7, R0, R1, R2, R3, M0, M1, 192
	ROUNDT	R3, R4, R5, R6, R7, R0, R1, R2, M1, M0, 200
.if \sched
	SCHED	%ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 224
.endif
	ROUNDT	R2, R3, R4, R5, R6, R7, R0, R1, M0, M1, 224
	ROUNDT	R1, R2, R3, R4, R5, R6, R7, R0, M1, M0, 232
.endm

/*
 * 16 rounds of one block, with or without the schedule of the next 16
 * (one step, two W of each block, per two rounds); a..h start in R0..R7.
 */
.macro ROUNDS16 v, sched
.if \v
	ROUNDS16T \sched
.else
.if \sched
	SCHED	%ymm0, %ymm1, %ymm4, %ymm5, %ymm7, 0
.endif
	ROUNDL	R0, R1, R2, R3, R4, R5, R6, R7, R8, 0
	ROUNDL	R8, R0, R1, R2, R3, R4, R5, R6, R7, 8
.if \sched
	SCHED	%ymm1, %ymm2, %ymm5, %ymm6, %ymm0, 32
.endif
	ROUNDL	R7, R8, R0, R1, R2, R3, R4, R5, R6, 32
	ROUNDL	R6, R7, R8, R0, R1, R2, R3, R4, R5, 40
.if \sched
	SCHED	%ymm2, %ymm3, %ymm6, %ymm7, %ymm1, 64
.endif
	ROUNDL	R5, R6, R7, R8, R0, R1, R2, R3, R4, 64
	ROUNDL	R4, R5, R6, R7, R8, R0, R1, R2, R3, 72
.if \sched
	SCHED	%ymm3, %ymm4, %ymm7, %ymm0, %ymm2, 96
.endif
	ROUNDL	R3, R4, R5, R6, R7, R8, R0, R1, R2, 96
	ROUNDL	R2, R3, R4, R5, R6, R7, R8, R0, R1, 104
.if \sched
	SCHED	%ymm4, %ymm5, %ymm0, %ymm1, %ymm3, 128
.endif
	ROUNDL	R1, R2, R3, R4, R5, R6, R7, R8, R0, 128
	ROUNDL	R0, R1, R2, R3, R4, R5, R6, R7, R8, 136
.if \sched
	SCHED	%ymm5, %ymm6, %ymm1, %ymm2, %ymm4, 160
.endif
	ROUNDL	R8, R0, R1, R2, R3, R4, R5, R6, R7, 160
	ROUNDL	R7, R8, R0, R1, R2, R3, R4, R5, R6, 168
.if \sched
	SCHED	%ymm6, %ymm7, %ymm2, %ymm3, %ymm5, 192
.endif
	ROUNDL	R6, R7, R8, R0, R1, R2, R3, R4, R5, 192
	ROUNDL	R5, R6, R7, R8, R0, R1, R2, R3, R4, 200
.if \sched
	SCHED	%ymm7, %ymm0, %ymm3, %ymm4, %ymm6, 224
.endif
	ROUNDL	R4, R5, R6, R7, R8, R0, R1, R2, R3, 224
	ROUNDL	R3, R4, R5, R6, R7, R8, R0, R1, R2, 232
	/* a..h are now in R2..R8, R0: back to R0..R7 */
	mov	R3, R1
	mov	R5, R3
	mov	R7, R5
	mov	R0, R7
	mov	R2, R0
	mov	R4, R2
	mov	R6, R4
	mov	R8, R6
.endif
.endm

/* Add the working variables into the state and keep the sums. */
.macro ADDSTATE
	mov	STATEP(%rsp), T0
	add	0(T0), R0
	add	8(T0), R1
	add	16(T0), R2
	add	24(T0), R3
	add	32(T0), R4
	add	40(T0), R5
	add	48(T0), R6
	add	56(T0), R7
	mov	R0, 0(T0)
	mov	R1, 8(T0)
	mov	R2, 16(T0)
	mov	R3, 24(T0)
	mov	R4, 32(T0)
	mov	R5, 40(T0)
	mov	R6, 48(T0)
	mov	R7, 56(T0)
.endm

/*
 * The first 16 W of the pair at SRCP (in T1) and KP (the second block, or
 * the first again), byte-swapped, into ymm0-ymm7, and W+K into the frame copy at T0.
 */
.macro LOADW k
	vmovdqu	16*\k(T1), %xmm\k
	vinserti128 $1, 16*\k(KP), %ymm\k, %ymm\k
	vpshufb	BSWAP, %ymm\k, %ymm\k
	vpaddq	.Lk512+32*\k(%rip), %ymm\k, Y0
	vmovdqa	Y0, 32*\k(T0)
.endm
.macro LOADPAIR
	mov	SRCP(%rsp), T1
	lea	128(T1), KP
	cmpq	$1, NBLK(%rsp)
	cmove	T1, KP
	LOADW	0
	LOADW	1
	LOADW	2
	LOADW	3
	LOADW	4
	LOADW	5
	LOADW	6
	LOADW	7
.endm

/* ROUNDT keeps b ^ c in M from round to round: made at a block's start. */
.macro BLOCKSTART v
.if \v
	mov	R1, M0
	xor	R2, M0
.endif
.endm

/* sha512_blocks_avx2NAME, with ROUNDL (v 0) or ROUNDT (v 1). */
.macro BLOCKS name, v
FUNC sha512_blocks_avx2\name
	test	%rdx, %rdx
	jz	.Lnone_\name
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
	mov	%rdi, STATEP(%rsp)
	mov	%rdx, NBLK(%rsp)
	mov	%rdx, ORIG(%rsp)
	mov	%rsi, SRCP(%rsp)
	mov	0(%rdi), R0
	mov	8(%rdi), R1
	mov	16(%rdi), R2
	mov	24(%rdi), R3
	mov	32(%rdi), R4
	mov	40(%rdi), R5
	mov	48(%rdi), R6
	mov	56(%rdi), R7
	vmovdqa	.Lbswap64(%rip), BSWAP
	vmovdqa	.Lror8(%rip), ROR8

	mov	%rsp, T0
	mov	T0, CURF(%rsp)
	LOADPAIR

	.balign	32
.Lpair_\name:
	BLOCKSTART \v
	/* block 1, rounds 0-63, scheduling W[16..79] of both */
	mov	CURF(%rsp), WKP
	lea	.Lk512+256(%rip), KP
.Lsched_\name:
	ROUNDS16 \v, 1
	add	$256, WKP
	add	$256, KP
	lea	.Lk512+WKSIZE(%rip), T0
	cmp	T0, KP
	jb	.Lsched_\name
	ROUNDS16 \v, 0
	ADDSTATE
	subq	$2, NBLK(%rsp)
	jb	.Lend_\name

	/* the next pair into the other copy, while block 2 runs */
	mov	CURF(%rsp), WKP
	jz	.Lsecond0_\name
	addq	$256, SRCP(%rsp)
	lea	WKSIZE(%rsp), T0
	cmp	%rsp, WKP
	cmovne	%rsp, T0
	mov	T0, CURF(%rsp)
	LOADPAIR

	/* block 2 from lane 1 of the stored W+K */
.Lsecond0_\name:
	add	$16, WKP
	lea	WKSIZE(WKP), T0
	mov	T0, ENDP(%rsp)
	BLOCKSTART \v
.Lsecond_\name:
	ROUNDS16 \v, 0
	add	$256, WKP
	cmp	ENDP(%rsp), WKP
	jb	.Lsecond_\name
	ADDSTATE
	cmpq	$0, NBLK(%rsp)
	jnz	.Lpair_\name

.Lend_\name:
	/* the W+K on the stack are a function of the message: wipe them
	 * (the second copy is used only past two blocks) */
	vpxor	%xmm0, %xmm0, %xmm0
	mov	$WKSIZE, %ecx
	mov	$2 * WKSIZE, %edx
	cmpq	$2, ORIG(%rsp)
	cmova	%edx, %ecx
	xor	%eax, %eax
.Lwipe_\name:
	vmovdqa	%ymm0, (%rsp, %rax)
	add	$32, %rax
	cmp	%rcx, %rax
	jb	.Lwipe_\name
	vzeroupper
	lea	-40(%rbp), %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	.cfi_def_cfa %rsp, 8
.Lnone_\name:
	ret
ENDFUNC sha512_blocks_avx2\name
.endm

BLOCKS , 0
BLOCKS t, 1

RODATA sha512_avx2, 64
/* K[2i], K[2i+1] twice: one pair for each lane */
.Lk512:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd, 0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019, 0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe, 0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694, 0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210, 0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4, 0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70, 0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b, 0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30, 0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910, 0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8, 0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec, 0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9, 0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b, 0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207, 0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b, 0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493, 0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
/* vpshufb: each qword rotated right by 8 bits (byte j takes byte j + 1) */
.Lror8:
	.octa	0x080f0e0d0c0b0a090007060504030201
	.octa	0x080f0e0d0c0b0a090007060504030201
/* vpshufb: byte-swap each qword (the message is big-endian) */
.Lbswap64:
	.octa	0x08090a0b0c0d0e0f0001020304050607
	.octa	0x08090a0b0c0d0e0f0001020304050607
