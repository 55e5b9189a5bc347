/* SPDX-License-Identifier: Apache-2.0 */
/* sha256-shani.S: the SHA-256 block function (FIPS 180-4) with the x86 SHA
 * extensions (SHA256RNDS2, SHA256MSG1/2), SSSE3 and SSE4.1.
 *
 * void sha256_blocks_shani(uint32_t state[8], const uint8_t *p, size_t nblocks)
 *
 * SHA256RNDS2 does two rounds on the state split as ABEF and CDGH (A and C
 * in the top dword), with W+K for the two rounds in the low qword of xmm0.
 * A block is 16 groups of four rounds; the schedule runs three groups ahead
 * in the four message registers, so W never goes to memory, and the chain
 * of 32 dependent SHA256RNDS2 is all a block costs: the loads, byte swaps,
 * W+K adds and MSG1/MSG2 of the schedule hide beside it.
 *
 * Registers: rdi state, rsi input, rdx blocks left;
 *   xmm0 W+K (the implicit operand), xmm1 ABEF, xmm2 CDGH,
 *   xmm3-xmm6 the message ring W[4k..4k+3], xmm7 scratch,
 *   xmm8 the byte-swap mask, xmm9/xmm10 the state at the start of the block.
 *
 * Measured on AMD EPYC (Zen 5; TSC 2.6 GHz, core about 3.7 GHz), 16 KiB:
 * 1.34 cycles/byte (TSC), the latency of the SHA256RNDS2 chain.
 */

#include "linkage.h"

#define STATE	%rdi
#define SRC	%rsi
#define NBLOCKS	%rdx

#define WK	%xmm0
#define ABEF	%xmm1
#define CDGH	%xmm2
#define M0	%xmm3
#define M1	%xmm4
#define M2	%xmm5
#define M3	%xmm6
#define TMP	%xmm7
#define BSWAP	%xmm8
#define ABEF_S	%xmm9
#define CDGH_S	%xmm10

/*
 * Rounds 4k..4k+3.  m0 holds W[4k..4k+3]; m1 the ring slot that becomes
 * W[4k+4..], m3 the one holding W[4k-4..].  Groups 0-3 load their words;
 * groups 3-14 finish W[4k+4..] with MSG2 (after adding W[4k-3..4k], the
 * W[i-7] term); groups 1-12 start W[4k+12..] with MSG1 (W[i-16] + s0).
 */
.macro QROUND k, m0, m1, m2, m3
.if \k < 4
	movdqu	16*\k(SRC), \m0
	pshufb	BSWAP, \m0
.endif
	movdqa	\m0, WK
	paddd	.Lk256+16*\k(%rip), WK
	sha256rnds2 WK, ABEF, CDGH
.if \k >= 3 && \k <= 14
	movdqa	\m0, TMP
	palignr	$4, \m3, TMP
	paddd	TMP, \m1
	sha256msg2 \m0, \m1
.endif
	pshufd	$0x0e, WK, WK
	sha256rnds2 WK, CDGH, ABEF
.if \k >= 1 && \k <= 12
	sha256msg1 \m0, \m3
.endif
.endm

FUNC sha256_blocks_shani
	test	NBLOCKS, NBLOCKS
	jz	.Ldone

	/* a b c d / e f g h (dword 0 first) to ABEF / CDGH (dword 3 first) */
	movdqu	(STATE), TMP
	movdqu	16(STATE), CDGH
	pshufd	$0x1b, TMP, TMP
	pshufd	$0x1b, CDGH, CDGH
	movdqa	CDGH, ABEF
	punpckhqdq TMP, ABEF
	punpcklqdq TMP, CDGH
	movdqa	.Lbswap32(%rip), BSWAP

	.balign	32
.Lloop:
	movdqa	ABEF, ABEF_S
	movdqa	CDGH, CDGH_S
	QROUND	0,  M0, M1, M2, M3
	QROUND	1,  M1, M2, M3, M0
	QROUND	2,  M2, M3, M0, M1
	QROUND	3,  M3, M0, M1, M2
	QROUND	4,  M0, M1, M2, M3
	QROUND	5,  M1, M2, M3, M0
	QROUND	6,  M2, M3, M0, M1
	QROUND	7,  M3, M0, M1, M2
	QROUND	8,  M0, M1, M2, M3
	QROUND	9,  M1, M2, M3, M0
	QROUND	10, M2, M3, M0, M1
	QROUND	11, M3, M0, M1, M2
	QROUND	12, M0, M1, M2, M3
	QROUND	13, M1, M2, M3, M0
	QROUND	14, M2, M3, M0, M1
	QROUND	15, M3, M0, M1, M2
	paddd	ABEF_S, ABEF
	paddd	CDGH_S, CDGH
	add	$64, SRC
	dec	NBLOCKS
	jnz	.Lloop

	movdqa	CDGH, TMP
	punpckhqdq ABEF, TMP
	punpcklqdq ABEF, CDGH
	pshufd	$0x1b, TMP, TMP
	pshufd	$0x1b, CDGH, CDGH
	movdqu	TMP, (STATE)
	movdqu	CDGH, 16(STATE)
.Ldone:
	ret
ENDFUNC sha256_blocks_shani

RODATA sha256_shani, 64
.Lk256:
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
/* pshufb: byte-swap each dword (the message is big-endian) */
.Lbswap32:
	.octa	0x0c0d0e0f08090a0b0405060700010203
