/* SPDX-License-Identifier: Apache-2.0 */
/* sha1-ce.S: the SHA-1 (FIPS 180-4) block function for 32-bit ARM with
 * the ARMv8 AArch32 Crypto Extensions: sha1_blocks_ce(state, p, nblocks),
 * the md_desc block function (state: uint32_t[5], host order).
 *
 * Each of the 20 groups of 4 rounds is SHA1H (the next group's E, from
 * A) and SHA1C/P/M (ABCD from E and W+K); SHA1SU0/SU1 make the schedule
 * 4 words ahead, in place of the 4 just used, in groups 0-15; W+K is
 * added one group ahead, off the ABCD chain.  So the speed is the
 * latency of that chain, one SHA1C/P/M per group.
 *
 * Registers: r0 state, r1 p, r2 nblocks, r3 the K table (4 words, each
 * loaded into all lanes of q15 when its range starts).  q0 ABCD, q1/q2
 * E for even/odd groups (lane 0), q3 and q14 E and ABCD at the block's
 * start, q8-q11 the schedule ring, q12/q13 W+K for even/odd groups.
 * d8-d15 (callee-saved) are not touched.
 *
 * Instructions: 109 a block, 1.7 a byte (20 SHA1C/P/M, 20 SHA1H, 16+16
 * SHA1SU0/SU1, 20 VADD for W+K, 4 K loads, 2 loads and 4 VREV32 of data,
 * 7 more around and for the loop; counted from the code, and the same
 * under qemu -singlestep at 1 and 101 blocks).  Cycles (reasoned, no
 * hardware here): the Cortex-A57 guide (as LLVM's ARMScheduleA57.td has
 * it) gives SHA1C/P/M 6 cycles on F0, SHA1H/SU1 3; the chain is 20 x 6
 * = 120 cycles a block against some 90 F0 cycles of work, so about 1.9
 * cycles/byte on A57, and on A72 (AArch32), taken to be the same.  The
 * Cortex-A7 and A15 have no Crypto Extensions.
 */

#include "linkage.h"
	.arch	armv8-a
	.fpu	crypto-neon-fp-armv8
	.syntax	unified
	.arm

/* One group.  op: sha1c/p/m; w0-w3: the ring with this group's W first;
 * wk: this group's W+K, wkn: the next one's, made from w1 and q15;
 * e, en: E in, next E out; k: load the next group's K first; s: do the
 * schedule; n: there is a next group. */
.macro	grp op, w0, w1, w2, w3, wk, wkn, e, en, k=0, s=1, n=1
	sha1h.32	\en, q0
	\op\().32	q0, \e, \wk
	.if \k
	vld1.32		{d30[], d31[]}, [r3]!
	.endif
	.if \s
	sha1su0.32	\w0, \w1, \w2
	.endif
	.if \n
	vadd.i32	\wkn, \w1, q15
	.endif
	.if \s
	sha1su1.32	\w0, \w3
	.endif
.endm

RODATA sha1_ce, 16
.Lk:
	.long	0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6

FUNC sha1_blocks_ce
	cmp	r2, #0
	bxeq	lr
	ldr	r3, .Lkoff
.Lpc:	add	r3, pc, r3
	vld1.32	{d0, d1}, [r0]
	vldr	s4, [r0, #16]
1:	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	vld1.32	{d30[], d31[]}, [r3]!
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11
	vmov	q14, q0
	vmov	q3, q1
	vadd.i32 q12, q8, q15
	grp	sha1c, q8, q9, q10, q11, q12, q13, q1, q2
	grp	sha1c, q9, q10, q11, q8, q13, q12, q2, q1
	grp	sha1c, q10, q11, q8, q9, q12, q13, q1, q2
	grp	sha1c, q11, q8, q9, q10, q13, q12, q2, q1
	grp	sha1c, q8, q9, q10, q11, q12, q13, q1, q2, 1
	grp	sha1p, q9, q10, q11, q8, q13, q12, q2, q1
	grp	sha1p, q10, q11, q8, q9, q12, q13, q1, q2
	grp	sha1p, q11, q8, q9, q10, q13, q12, q2, q1
	grp	sha1p, q8, q9, q10, q11, q12, q13, q1, q2
	grp	sha1p, q9, q10, q11, q8, q13, q12, q2, q1, 1
	grp	sha1m, q10, q11, q8, q9, q12, q13, q1, q2
	grp	sha1m, q11, q8, q9, q10, q13, q12, q2, q1
	grp	sha1m, q8, q9, q10, q11, q12, q13, q1, q2
	grp	sha1m, q9, q10, q11, q8, q13, q12, q2, q1
	grp	sha1m, q10, q11, q8, q9, q12, q13, q1, q2, 1
	grp	sha1p, q11, q8, q9, q10, q13, q12, q2, q1
	grp	sha1p, q8, q9, q10, q11, q12, q13, q1, q2, 0, 0
	grp	sha1p, q9, q10, q11, q8, q13, q12, q2, q1, 0, 0
	grp	sha1p, q10, q11, q8, q9, q12, q13, q1, q2, 0, 0
	grp	sha1p, q11, q8, q9, q10, q13, q12, q2, q1, 0, 0, 0
	vadd.i32 q0, q0, q14
	vadd.i32 q1, q1, q3
	sub	r3, r3, #16
	subs	r2, r2, #1
	bne	1b
	vst1.32	{d0, d1}, [r0]
	vstr	s4, [r0, #16]
	bx	lr
	.p2align 2
.Lkoff:	.word	.Lk - (.Lpc + 8)
ENDFUNC sha1_blocks_ce
