/* SPDX-License-Identifier: Apache-2.0 */
/* sha512-ce.S: the SHA-512 (FIPS 180-4) block function with the ARMv8.2
 * SHA512 instructions: sha512_blocks_ce(state, p, nblocks), the md_desc
 * block function for SHA-384 and SHA-512 (state: uint64_t[8], host order).
 *
 * The state is four pairs, lane 0 first: AB = (a, b), CD, EF, GH, as
 * LD1 reads them from the state.  Each pair of rounds t, t+1 is:
 *   SHA512H  T, (f, g), (d, e)   with T = (g + WK[t+1], h + WK[t]) in:
 *            out T = (T1 of round t+1, T1 of round t);
 *   EF' = CD + T                 = (c + T1', d + T1) = (e'', f'');
 *   SHA512H2 T, CD, AB           out (a'', b'') = the new AB;
 * the new CD is the old AB and the new GH the old EF.  So the four pairs
 * and the temporary T move among five registers: (AB, CD, EF, GH, T)
 * becomes (T, AB, GH, EF, CD), which is back in place after 6 pairs (S0-
 * S5 below); after 40 it is S4, and adding the start state writes the
 * result back in S0's places.  In pairs 0-31, SHA512SU0/SU1 turn the two
 * words of W just used into those 16 rounds on: W[t..t+1] = SU1(SU0(W[t-
 * 16..t-15], W[t-14..t-13]), W[t-2..t-1], W[t-7..t-6]).
 *
 * The rounds are a dependent chain (EXT of the new EF, SHA512H, ADD) a
 * pair; the schedule and W+K are off it.  Cycles (reasoned, no hardware
 * here): on cores with these instructions (Cortex-A76 and later, Neoverse
 * N1/V1) SHA512H/H2 are some 2-4 cycles each, so about 40 x 8 cycles a
 * block, 2.5 cycles/byte.
 *
 * Instructions: 448 a block, 3.5 a byte (40 x 8 for the rounds, 32 x 3
 * for the schedule, 10 K loads, 22 for the data, state and loop), counted
 * from the code; measured under qemu: 3.6 insn/B (md.c's framing included).
 *
 * Registers: x0 state, x1 p, x2 nblocks, x3 walks the K table; v0-v4 the
 * state pairs and T, v5 (f, g), v6 (d, e), v7 W[t-7..t-6], v16-v23 the
 * schedule ring (W[t-16..t-1], two words each), v24-v27 the state at the
 * block's start, v28-v31 K, four pairs of rounds' worth, then W+K.  v8-v15
 * are not touched.
 */

#include "linkage.h"
	.arch	armv8.2-a+sha3

/* Rounds 2p and 2p+1; ab-t: the state as S(p mod 6) has it (register
 * numbers); k: this pair's K register; r0, r1, r4, r5, r7: the ring at
 * positions 0, 1, 4, 5, 7 (W[t..t+1] first). */
.macro	pair p, ab, cd, ef, gh, t, k, r0, r1, r4, r5, r7
	.if (\p % 4) == 0
	ld1	{v28.2d, v29.2d, v30.2d, v31.2d}, [x3], #64
	.endif
	add	v\k\().2d, v\k\().2d, v\r0\().2d
	ext	v\k\().16b, v\k\().16b, v\k\().16b, #8
	ext	v5.16b, v\ef\().16b, v\gh\().16b, #8
	ext	v6.16b, v\cd\().16b, v\ef\().16b, #8
	add	v\t\().2d, v\gh\().2d, v\k\().2d
	.if \p < 32
	sha512su0 v\r0\().2d, v\r1\().2d
	ext	v7.16b, v\r4\().16b, v\r5\().16b, #8
	.endif
	sha512h	q\t, q5, v6.2d
	.if \p < 32
	sha512su1 v\r0\().2d, v\r7\().2d, v7.2d
	.endif
	add	v\gh\().2d, v\cd\().2d, v\t\().2d
	sha512h2 q\t, q\cd, v\ab\().2d
.endm

/* The state at pairs 0-5 (mod 6), and the ring at pairs 0-7 (mod 8). */
#define S0	0, 1, 2, 3, 4
#define S1	4, 0, 3, 2, 1
#define S2	1, 4, 2, 3, 0
#define S3	0, 1, 3, 2, 4
#define S4	4, 0, 2, 3, 1
#define S5	1, 4, 3, 2, 0
#define Y0	16, 17, 20, 21, 23
#define Y1	17, 18, 21, 22, 16
#define Y2	18, 19, 22, 23, 17
#define Y3	19, 20, 23, 16, 18
#define Y4	20, 21, 16, 17, 19
#define Y5	21, 22, 17, 18, 20
#define Y6	22, 23, 18, 19, 21
#define Y7	23, 16, 19, 20, 22

RODATA sha512_ce, 16
.Lk:
	.quad	0x428a2f98d728ae22, 0x7137449123ef65cd
	.quad	0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc
	.quad	0x3956c25bf348b538, 0x59f111f1b605d019
	.quad	0x923f82a4af194f9b, 0xab1c5ed5da6d8118
	.quad	0xd807aa98a3030242, 0x12835b0145706fbe
	.quad	0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2
	.quad	0x72be5d74f27b896f, 0x80deb1fe3b1696b1
	.quad	0x9bdc06a725c71235, 0xc19bf174cf692694
	.quad	0xe49b69c19ef14ad2, 0xefbe4786384f25e3
	.quad	0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65
	.quad	0x2de92c6f592b0275, 0x4a7484aa6ea6e483
	.quad	0x5cb0a9dcbd41fbd4, 0x76f988da831153b5
	.quad	0x983e5152ee66dfab, 0xa831c66d2db43210
	.quad	0xb00327c898fb213f, 0xbf597fc7beef0ee4
	.quad	0xc6e00bf33da88fc2, 0xd5a79147930aa725
	.quad	0x06ca6351e003826f, 0x142929670a0e6e70
	.quad	0x27b70a8546d22ffc, 0x2e1b21385c26c926
	.quad	0x4d2c6dfc5ac42aed, 0x53380d139d95b3df
	.quad	0x650a73548baf63de, 0x766a0abb3c77b2a8
	.quad	0x81c2c92e47edaee6, 0x92722c851482353b
	.quad	0xa2bfe8a14cf10364, 0xa81a664bbc423001
	.quad	0xc24b8b70d0f89791, 0xc76c51a30654be30
	.quad	0xd192e819d6ef5218, 0xd69906245565a910
	.quad	0xf40e35855771202a, 0x106aa07032bbd1b8
	.quad	0x19a4c116b8d2d0c8, 0x1e376c085141ab53
	.quad	0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8
	.quad	0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb
	.quad	0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3
	.quad	0x748f82ee5defb2fc, 0x78a5636f43172f60
	.quad	0x84c87814a1f0ab72, 0x8cc702081a6439ec
	.quad	0x90befffa23631e28, 0xa4506cebde82bde9
	.quad	0xbef9a3f7b2c67915, 0xc67178f2e372532b
	.quad	0xca273eceea26619c, 0xd186b8c721c0c207
	.quad	0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178
	.quad	0x06f067aa72176fba, 0x0a637dc5a2c898a6
	.quad	0x113f9804bef90dae, 0x1b710b35131c471b
	.quad	0x28db77f523047d84, 0x32caab7b40c72493
	.quad	0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c
	.quad	0x4cc5d4becb3e42b6, 0x597f299cfc657e2a
	.quad	0x5fcb6fab3ad6faec, 0x6c44198c4a475817

FUNC sha512_blocks_ce
	cbz	x2, 9f
	ld1	{v0.2d, v1.2d, v2.2d, v3.2d}, [x0]
1:	adrp	x3, .Lk
	add	x3, x3, :lo12:.Lk
	ld1	{v16.16b, v17.16b, v18.16b, v19.16b}, [x1], #64
	ld1	{v20.16b, v21.16b, v22.16b, v23.16b}, [x1], #64
	.irp	r, 16, 17, 18, 19, 20, 21, 22, 23
	rev64	v\r\().16b, v\r\().16b
	.endr
	mov	v24.16b, v0.16b
	mov	v25.16b, v1.16b
	mov	v26.16b, v2.16b
	mov	v27.16b, v3.16b
	pair	0, S0, 28, Y0
	pair	1, S1, 29, Y1
	pair	2, S2, 30, Y2
	pair	3, S3, 31, Y3
	pair	4, S4, 28, Y4
	pair	5, S5, 29, Y5
	pair	6, S0, 30, Y6
	pair	7, S1, 31, Y7
	pair	8, S2, 28, Y0
	pair	9, S3, 29, Y1
	pair	10, S4, 30, Y2
	pair	11, S5, 31, Y3
	pair	12, S0, 28, Y4
	pair	13, S1, 29, Y5
	pair	14, S2, 30, Y6
	pair	15, S3, 31, Y7
	pair	16, S4, 28, Y0
	pair	17, S5, 29, Y1
	pair	18, S0, 30, Y2
	pair	19, S1, 31, Y3
	pair	20, S2, 28, Y4
	pair	21, S3, 29, Y5
	pair	22, S4, 30, Y6
	pair	23, S5, 31, Y7
	pair	24, S0, 28, Y0
	pair	25, S1, 29, Y1
	pair	26, S2, 30, Y2
	pair	27, S3, 31, Y3
	pair	28, S4, 28, Y4
	pair	29, S5, 29, Y5
	pair	30, S0, 30, Y6
	pair	31, S1, 31, Y7
	pair	32, S2, 28, Y0
	pair	33, S3, 29, Y1
	pair	34, S4, 30, Y2
	pair	35, S5, 31, Y3
	pair	36, S0, 28, Y4
	pair	37, S1, 29, Y5
	pair	38, S2, 30, Y6
	pair	39, S3, 31, Y7
	add	v1.2d, v0.2d, v25.2d	// S4: CD in v0, AB in v4
	add	v0.2d, v4.2d, v24.2d
	add	v2.2d, v2.2d, v26.2d
	add	v3.2d, v3.2d, v27.2d
	subs	x2, x2, #1
	b.ne	1b
	st1	{v0.2d, v1.2d, v2.2d, v3.2d}, [x0]
9:	ret
ENDFUNC sha512_blocks_ce
