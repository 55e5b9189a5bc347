/* SPDX-License-Identifier: Apache-2.0 */
/* sha256-ce.S: the SHA-256 (FIPS 180-4) block function with the ARMv8
 * Crypto Extensions: sha256_blocks_ce(state, p, nblocks), the md_desc
 * block function for SHA-224 and SHA-256.
 *
 * Each group of 4 rounds adds K to 4 schedule words, then SHA256H updates
 * ABCD from EFGH and SHA256H2 updates EFGH from the ABCD saved before;
 * SHA256SU0/SU1 make the next 4 words in place of the 4 just used, for
 * the first 12 groups.  The rounds are a dependent chain of SHA256H/H2
 * pairs, so speed is their latency: on Cortex-A72 class cores about 2
 * cycles/byte (reasoned from the published latencies; this machine only
 * has qemu, whose timings mean nothing).
 *
 * Registers: x0 state, x1 p, x2 nblocks, x3 the K table; v0 ABCD, v1
 * EFGH, v2 ABCD before the group, v4-v7 the schedule ring, v16 W+K, v20
 * and v21 the state at the block's start.  v8-v15 are not touched.
 */

#include "linkage.h"
	.arch	armv8-a+crypto

.macro	grp a, b, c, d, sched
	ld1	{v16.4s}, [x3], #16
	add	v16.4s, v16.4s, \a\().4s
	mov	v2.16b, v0.16b
	sha256h	q0, q1, v16.4s
	sha256h2 q1, q2, v16.4s
	.if \sched
	sha256su0 \a\().4s, \b\().4s
	sha256su1 \a\().4s, \c\().4s, \d\().4s
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
	cbz	x2, 9f
	ld1	{v0.4s, v1.4s}, [x0]
1:	adrp	x3, .Lk
	add	x3, x3, :lo12:.Lk
	ld1	{v4.16b, v5.16b, v6.16b, v7.16b}, [x1], #64
	rev32	v4.16b, v4.16b
	rev32	v5.16b, v5.16b
	rev32	v6.16b, v6.16b
	rev32	v7.16b, v7.16b
	mov	v20.16b, v0.16b
	mov	v21.16b, v1.16b
	grp	v4, v5, v6, v7, 1
	grp	v5, v6, v7, v4, 1
	grp	v6, v7, v4, v5, 1
	grp	v7, v4, v5, v6, 1
	grp	v4, v5, v6, v7, 1
	grp	v5, v6, v7, v4, 1
	grp	v6, v7, v4, v5, 1
	grp	v7, v4, v5, v6, 1
	grp	v4, v5, v6, v7, 1
	grp	v5, v6, v7, v4, 1
	grp	v6, v7, v4, v5, 1
	grp	v7, v4, v5, v6, 1
	grp	v4, v5, v6, v7, 0
	grp	v5, v6, v7, v4, 0
	grp	v6, v7, v4, v5, 0
	grp	v7, v4, v5, v6, 0
	add	v0.4s, v0.4s, v20.4s
	add	v1.4s, v1.4s, v21.4s
	subs	x2, x2, #1
	b.ne	1b
	st1	{v0.4s, v1.4s}, [x0]
9:	ret
ENDFUNC sha256_blocks_ce
