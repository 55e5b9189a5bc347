/* SPDX-License-Identifier: Apache-2.0 */
/* sha1-ce.S: the SHA-1 (FIPS 180-4) block function with the ARMv8 Crypto
 * Extensions: sha1_blocks_ce(state, p, nblocks), the md_desc block
 * function (state: uint32_t[5], host order).
 *
 * Each of the 20 groups of 4 rounds is SHA1H (the next group's E, from A
 * before the group) and one SHA1C, SHA1P or SHA1M (ABCD from E and W+K);
 * in groups 0-15 SHA1SU0/SU1 then turn the 4 words just used into the
 * ones 4 groups on.  W+K is made one group ahead, off the ABCD chain, and
 * the four K are each in all lanes of their own register (one LD4R before
 * the loop).  So the speed is the latency of the chain, one SHA1C/P/M a
 * group: on Cortex-A57/A72 class cores, SHA1C/P/M 6 cycles, about 2
 * cycles/byte (reasoned from the published latencies; this machine only
 * has qemu, whose timings mean nothing).
 *
 * Instructions: 103 a block, 1.6 a byte, counted from the code; measured
 * under qemu: 1.7 insn/B (md.c's framing included).
 *
 * Registers: x0 state, x1 p, x2 nblocks, x3 the K table; v0 ABCD, v1 and
 * v2 E for even and odd groups (lane 0), v3 and v22 E and ABCD at the
 * block's start, v4-v7 the schedule ring, v16-v19 K for rounds 0-19,
 * 20-39, 40-59, 60-79, v20 and v21 W+K for even and odd groups.  v8-v15
 * are not touched.
 */

#include "linkage.h"
	.arch	armv8-a+crypto

/* One group.  op: sha1c/p/m; w0-w3: the ring, this group's W first; wk:
 * this group's W+K; wkn: the next group's, made from w1 and k (its K);
 * e, en: E in and the next group's E out; s: make W 4 groups on; n: there
 * is a next group. */
.macro	grp op, w0, w1, w2, w3, wk, wkn, e, en, k, s=1, n=1
	sha1h	\en, s0
	\op	q0, \e, \wk\().4s
	.if \s
	sha1su0	\w0\().4s, \w1\().4s, \w2\().4s
	.endif
	.if \n
	add	\wkn\().4s, \w1\().4s, \k\().4s
	.endif
	.if \s
	sha1su1	\w0\().4s, \w3\().4s
	.endif
.endm

RODATA sha1_ce, 16
.Lk:
	.long	0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6

FUNC sha1_blocks_ce
	cbz	x2, 9f
	adrp	x3, .Lk
	add	x3, x3, :lo12:.Lk
	ld4r	{v16.4s, v17.4s, v18.4s, v19.4s}, [x3]
	ld1	{v0.4s}, [x0]
	ldr	s1, [x0, #16]
1:	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
	rev32	v4.16b, v4.16b
	rev32	v5.16b, v5.16b
	rev32	v6.16b, v6.16b
	rev32	v7.16b, v7.16b
	mov	v22.16b, v0.16b
	mov	v3.16b, v1.16b
	add	v20.4s, v4.4s, v16.4s
	grp	sha1c, v4, v5, v6, v7, v20, v21, s1, s2, v16
	grp	sha1c, v5, v6, v7, v4, v21, v20, s2, s1, v16
	grp	sha1c, v6, v7, v4, v5, v20, v21, s1, s2, v16
	grp	sha1c, v7, v4, v5, v6, v21, v20, s2, s1, v16
	grp	sha1c, v4, v5, v6, v7, v20, v21, s1, s2, v17
	grp	sha1p, v5, v6, v7, v4, v21, v20, s2, s1, v17
	grp	sha1p, v6, v7, v4, v5, v20, v21, s1, s2, v17
	grp	sha1p, v7, v4, v5, v6, v21, v20, s2, s1, v17
	grp	sha1p, v4, v5, v6, v7, v20, v21, s1, s2, v17
	grp	sha1p, v5, v6, v7, v4, v21, v20, s2, s1, v18
	grp	sha1m, v6, v7, v4, v5, v20, v21, s1, s2, v18
	grp	sha1m, v7, v4, v5, v6, v21, v20, s2, s1, v18
	grp	sha1m, v4, v5, v6, v7, v20, v21, s1, s2, v18
	grp	sha1m, v5, v6, v7, v4, v21, v20, s2, s1, v18
	grp	sha1m, v6, v7, v4, v5, v20, v21, s1, s2, v19
	grp	sha1p, v7, v4, v5, v6, v21, v20, s2, s1, v19
	grp	sha1p, v4, v5, v6, v7, v20, v21, s1, s2, v19, 0
	grp	sha1p, v5, v6, v7, v4, v21, v20, s2, s1, v19, 0
	grp	sha1p, v6, v7, v4, v5, v20, v21, s1, s2, v19, 0
	grp	sha1p, v7, v4, v5, v6, v21, v20, s2, s1, v19, 0, 0
	add	v0.4s, v0.4s, v22.4s
	add	v1.4s, v1.4s, v3.4s
	subs	x2, x2, #1
	b.ne	1b
	st1	{v0.4s}, [x0]
	str	s1, [x0, #16]
9:	ret
ENDFUNC sha1_blocks_ce
