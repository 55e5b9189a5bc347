/* SPDX-License-Identifier: Apache-2.0 */
/* sha256-ce.S: the SHA-256 (FIPS 180-4) block function for 32-bit ARM
 * with the ARMv8 AArch32 Crypto Extensions: sha256_blocks_ce(state, p,
 * nblocks), the md_desc block function for SHA-224 and SHA-256 (state:
 * uint32_t[8], host order).
 *
 * Each of the 16 groups of 4 rounds is SHA256H (ABCD from EFGH and W+K)
 * and SHA256H2 (EFGH from the ABCD before, kept by a VMOV); SHA256SU0/SU1
 * make the schedule 4 words ahead, in place of the 4 just used, in groups
 * 0-11; W+K is added one group ahead, off the state chain.  So the speed
 * is the latency of that chain.
 *
 * Registers: r0 state, r1 p, r2 nblocks, r3 walks the K table.  q0 ABCD,
 * q1 EFGH, q2 ABCD before the group, q3 K, q8-q11 the schedule ring,
 * q12/q13 W+K for even/odd groups, q14/q15 the state at the block's
 * start.  d8-d15 (callee-saved) are not touched.
 *
 * Instructions: 117 a block, 1.8 a byte (16 SHA256H, 16 SHA256H2, 16
 * VMOV, 12+12 SHA256SU0/SU1, 16 K loads and 16 VADD, 2 loads and 4 VREV32
 * of data, 7 more around and for the loop; counted from the code, and
 * the same under qemu -singlestep at 1 and 101 blocks).  Cycles (reasoned,
 * no hardware here): the Cortex-A57 guide (as LLVM's ARMScheduleA57.td
 * has it) gives SHA256H/H2/SU1 6 cycles on F0 and a VMOV 3; a group's
 * chain is VMOV then SHA256H2, 9 cycles, so 16 x 9 = 144 cycles a block,
 * about 2.3 cycles/byte on A57, and on A72 (AArch32), taken to be the
 * same.  The Cortex-A7 and A15 have no Crypto Extensions.
 */

#include "linkage.h"
	.arch	armv8-a
	.fpu	crypto-neon-fp-armv8
	.syntax	unified
	.arm

/* One group: w0-w3 the ring with this group's W first; wk this group's
 * W+K, wkn the next one's (from w1); s: schedule; n: there is a next. */
.macro	grp w0, w1, w2, w3, wk, wkn, s=1, n=1
	.if \n
	vld1.32		{d6, d7}, [r3]!
	.endif
	vmov		q2, q0
	sha256h.32	q0, q1, \wk
	sha256h2.32	q1, q2, \wk
	.if \s
	sha256su0.32	\w0, \w1
	.endif
	.if \n
	vadd.i32	\wkn, \w1, q3
	.endif
	.if \s
	sha256su1.32	\w0, \w2, \w3
	.endif
.endm

RODATA sha256_ce, 16
.Lk:
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

FUNC sha256_blocks_ce
	cmp	r2, #0
	bxeq	lr
	ldr	r3, .Lkoff
.Lpc:	add	r3, pc, r3
	vld1.32	{d0-d3}, [r0]
1:	vld1.8	{d16-d19}, [r1]!
	vld1.8	{d20-d23}, [r1]!
	vld1.32	{d6, d7}, [r3]!
	vrev32.8 q8, q8
	vrev32.8 q9, q9
	vrev32.8 q10, q10
	vrev32.8 q11, q11
	vmov	q14, q0
	vmov	q15, q1
	vadd.i32 q12, q8, q3
	grp	q8, q9, q10, q11, q12, q13
	grp	q9, q10, q11, q8, q13, q12
	grp	q10, q11, q8, q9, q12, q13
	grp	q11, q8, q9, q10, q13, q12
	grp	q8, q9, q10, q11, q12, q13
	grp	q9, q10, q11, q8, q13, q12
	grp	q10, q11, q8, q9, q12, q13
	grp	q11, q8, q9, q10, q13, q12
	grp	q8, q9, q10, q11, q12, q13
	grp	q9, q10, q11, q8, q13, q12
	grp	q10, q11, q8, q9, q12, q13
	grp	q11, q8, q9, q10, q13, q12
	grp	q8, q9, q10, q11, q12, q13, 0
	grp	q9, q10, q11, q8, q13, q12, 0
	grp	q10, q11, q8, q9, q12, q13, 0
	grp	q11, q8, q9, q10, q13, q12, 0, 0
	vadd.i32 q0, q0, q14
	vadd.i32 q1, q1, q15
	sub	r3, r3, #256
	subs	r2, r2, #1
	bne	1b
	vst1.32	{d0-d3}, [r0]
	bx	lr
	.p2align 2
.Lkoff:	.word	.Lk - (.Lpc + 8)
ENDFUNC sha256_blocks_ce
