/* SPDX-License-Identifier: Apache-2.0 */
/* crc32c-sse42.S: CRC32C (Castagnoli) with the SSE4.2 crc32 instruction,
 * the raw update crc32c_sse42(crc, p, n) (no inversions, as crc32c_generic).
 *
 * crc32 has latency 3, and Zen 5 starts one every ~0.6 cycle (measured),
 * so a single chain uses a fifth of it and 3 chains (the kernel's
 * crc32c-intel, tuned for 1 a cycle) still leave it idle.  Long buffers
 * are cut into blocks of 6 chunks of L bytes (L = 8q, q <= 32 qwords),
 * one CRC stream per chunk, started at 0 and interleaved.  A block's
 * streams are then joined with PCLMULQDQ: streams 0-4 are multiplied by
 * x^(8*(5-i)*L - 33) mod P and the running CRC by x^(8*6L - 33), and the
 * xor of the 64-bit products is xored into the block's last qword, which
 * stream 5's last crc32 then takes in (crc32 of a qword multiplies it by
 * x^32 mod P, and a carry-less product of bit-reflected operands comes
 * out times x: hence the 33).  The running CRC is an input only of the
 * join, never of a stream (the kernel seeds its first lane with it), so
 * the next block's streams need not wait for it: with 3 streams that let
 * blocks overlap, beating the 3-chain bound by 1.4x; with 6 the unit is
 * full either way.  Buffers too short for 6 streams to pay take one
 * 3-stream block, joined the same way; the last qwords and bytes go one
 * crc32 at a time.  .Lk holds, for each q, the six constants
 * x^(64jq - 33) mod P, j = 1..6, bit-reflected, computed by repeated
 * multiplication by x (CRC steps from 0x80000000).  PMOVZXDQ is SSE4.1,
 * which every SSE4.2 CPU has.
 *
 * Registers: eax the running CRC (crc comes in edi), rsi p, rdx n, rdi
 * L and then the .Lk row, r11 the loop count and then 3L.  6 streams:
 * r8 r9 r10 rbx rbp r12 over the chunks at (rsi), (rsi,L), (rsi,L,2),
 * (rcx), (rcx,L), (rcx,L,2), rcx = rsi + 3L, r13 the last qword.  3
 * streams: r8 r9 r10 at (rsi), (rsi,L), (rsi,L,2), rcx the last qword.
 * The joins: xmm0-5 the products, xmm6-8 the row's constants.
 *
 * Measured on AMD EPYC (Zen 5), TSC cycles/byte, chained calls (the core
 * ran at ~1.4x TSC): 16 KiB 0.047 (~0.066 core), 1 KiB 0.053, 256 B
 * 0.078, 64 B 0.26; the same code with 3 streams 0.067 at 16 KiB, one
 * crc32 chain 0.25, crc32c_generic 0.95 (20x slower).  PCLMULQDQ folding
 * alone is slower here (2 PCLMULQDQ per 16 bytes at 1 a cycle: ~0.19),
 * and 2 folding lanes beside the 6 crc32 streams gained under 10% at
 * 4 KiB and up and lost below, not worth the second join.  Loads are left
 * unaligned: aligning to 8 first made no difference.
 */

#include "linkage.h"

/* Where the joins pay (measured): 3 streams from 48 bytes, 6 from 384.
 * Both loops run q - 1 times, so q >= 2. */
#define Q3MIN	2
#define Q6MIN	8
#define QMAX	32		/* longest chunk in qwords: the rows of .Lk */
#if Q3MIN < 2 || 2 * Q6MIN - 1 > QMAX
#error "the 3-stream block after the 6-stream ones needs a row of .Lk"
#endif

#define CRC	%eax
#define CRCQ	%rax
#define P	%rsi
#define LEN	%rdx
#define L	%rdi
#define P3	%rcx
#define ROW	%rdi		/* L's register, once the chunks are read */
#define L3	%r11		/* 3L = 24q: ROW + L3 is row q - 1 of .Lk */

RODATA crc32c_sse42, 8
/* Row q - 1: x^(64jq - 33) mod P, j = 1..6, as dwords (PMOVZXDQ widens
 * two at a time into the qwords PCLMULQDQ takes). */
.Lk:
	.long 0x00000001, 0x493c7d27, 0xf20c0dfe, 0xba4fc28e, 0x3da6d0cb, 0xddc0152b	/* L = 8 */
	.long 0x493c7d27, 0xba4fc28e, 0xddc0152b, 0x9e4addf8, 0x39d3b296, 0x0715ce53	/* L = 16 */
	.long 0xf20c0dfe, 0xddc0152b, 0x740eef02, 0x0715ce53, 0x2ad91c30, 0xc96cfdc0	/* L = 24 */
	.long 0xba4fc28e, 0x9e4addf8, 0x0715ce53, 0x0d3b6092, 0x878a92a7, 0xab7aff2a	/* L = 32 */
	.long 0x3da6d0cb, 0x39d3b296, 0x2ad91c30, 0x878a92a7, 0xa87ab8a8, 0x299847d5	/* L = 40 */
	.long 0xddc0152b, 0x0715ce53, 0xc96cfdc0, 0xab7aff2a, 0x299847d5, 0xb6dd949b	/* L = 48 */
	.long 0x1c291d04, 0x47db8317, 0x1b3d8f29, 0x83348832, 0xf37c5aee, 0xa60ce07b	/* L = 56 */
	.long 0x9e4addf8, 0x0d3b6092, 0xab7aff2a, 0xb9e02b86, 0xbac2fd7b, 0xd270f1a2	/* L = 64 */
	.long 0x740eef02, 0xc96cfdc0, 0x8462d800, 0xb6dd949b, 0xa00457f7, 0x65863b64	/* L = 72 */
	.long 0x39d3b296, 0x878a92a7, 0x299847d5, 0xbac2fd7b, 0xc619809d, 0xb3e32c28	/* L = 80 */
	.long 0x083a6eec, 0xdaece73e, 0xdcb17aa4, 0xce7f39f4, 0xe0e9f351, 0xf285651c	/* L = 88 */
	.long 0x0715ce53, 0xab7aff2a, 0xb6dd949b, 0xd270f1a2, 0xb3e32c28, 0x271d9844	/* L = 96 */
	.long 0xc49f4f67, 0x2162d385, 0x18b0d4ff, 0x2b3cac5d, 0xbd6f81f8, 0x6cb08e5c	/* L = 104 */
	.long 0x47db8317, 0x83348832, 0xa60ce07b, 0x1b03397f, 0xc7a68855, 0xcec3662e	/* L = 112 */
	.long 0x2ad91c30, 0x299847d5, 0xa00457f7, 0xb3e32c28, 0xa3c6f37a, 0x8227bb8a	/* L = 120 */
	.long 0x0d3b6092, 0xb9e02b86, 0xd270f1a2, 0xdd7e3b0c, 0x6b749fb2, 0xd7a4825c	/* L = 128 */
	.long 0x6992cea2, 0x18b33a4e, 0xe9adf796, 0x10746f3c, 0xe417f38a, 0xf6076544	/* L = 136 */
	.long 0xc96cfdc0, 0xb6dd949b, 0x65863b64, 0x271d9844, 0x8227bb8a, 0x98d8d9cb	/* L = 144 */
	.long 0x7e908048, 0x78d9ccb7, 0x9af01f2d, 0x93a5f730, 0x61ff0e01, 0x57a3d037	/* L = 152 */
	.long 0x878a92a7, 0xbac2fd7b, 0xb3e32c28, 0x6b749fb2, 0x0167d312, 0x3771e98f	/* L = 160 */
	.long 0x1b3d8f29, 0xa60ce07b, 0x4e36f0b0, 0xcec3662e, 0xd8d26619, 0xe0ac139e	/* L = 168 */
	.long 0xdaece73e, 0xce7f39f4, 0xf285651c, 0xe6fc4e6a, 0x49c3cc9c, 0x6f345e45	/* L = 176 */
	.long 0xf1d0f55e, 0x61d82e56, 0x885f087b, 0xb0cd4768, 0xdde8f5b9, 0xa2b73df1	/* L = 184 */
	.long 0xab7aff2a, 0xd270f1a2, 0x271d9844, 0xd7a4825c, 0x3771e98f, 0x86d8e4d2	/* L = 192 */
	.long 0xa87ab8a8, 0xc619809d, 0xa3c6f37a, 0x0167d312, 0xdf99fc11, 0xa90fd27a	/* L = 200 */
	.long 0x2162d385, 0x2b3cac5d, 0x6cb08e5c, 0x26f6a60a, 0x444dd413, 0xca6ef3ac	/* L = 208 */
	.long 0x8462d800, 0x65863b64, 0x4d56973c, 0x98d8d9cb, 0x29f268b4, 0x4597456a	/* L = 216 */
	.long 0x83348832, 0x1b03397f, 0xcec3662e, 0x68bce87a, 0xf872e54c, 0xc9c8b782	/* L = 224 */
	.long 0x71d111a8, 0xebb883bd, 0x4b9e0f71, 0x6956fc3b, 0x63ae91e6, 0x62ec6c6d	/* L = 232 */
	.long 0x299847d5, 0xb3e32c28, 0x8227bb8a, 0x3771e98f, 0xa90fd27a, 0x2342001e	/* L = 240 */
	.long 0xffd852c6, 0x064f7f26, 0xe78eb416, 0x2178513a, 0xccc4a1b9, 0xe8b6368b	/* L = 248 */
	.long 0xb9e02b86, 0xdd7e3b0c, 0xd7a4825c, 0x170076fa, 0xdd66cbbb, 0x9ef68d35	/* L = 256 */

/* One crc32 on each chunk, at the same offset in each. */
.macro STEP3 s0, s1, s2
	crc32q (P), \s0
	crc32q (P,L), \s1
	crc32q (P,L,2), \s2
.endm
.macro STEP6 s0, s1, s2, s3, s4, s5
	STEP3 \s0, \s1, \s2
	crc32q (P3), \s3
	crc32q (P3,L), \s4
	crc32q (P3,L,2), \s5
.endm

/* XMM = REG (32 bits) times the constant in qword HI of K. */
.macro SHIFT reg, xmm, k, hi
	movd \reg, \xmm
	pclmulqdq $(\hi << 4), \k, \xmm
.endm

/* r8d = (LEN >> SHIFT) / 3, that is LEN / 24 or LEN / 48: a multiply by
 * 2^17 / 3 rounded up, exact for the values below 2^16 it gets. */
.macro QFOR shift
	mov %edx, %r8d
	shr $\shift, %r8d
	imul $0xaaab, %r8d, %r8d
	shr $17, %r8d
.endm

FUNC crc32c_sse42
	mov %edi, CRC
	cmp $(48 * Q6MIN), LEN
	jae .Llong

	/* Below 48 * Q6MIN (also what .Llong leaves): one 3-stream block
	 * of q = n / 24 qwords a chunk, then the tail. */
.Lmid:
	cmp $(24 * Q3MIN), LEN
	jb .Lshort
	QFOR 3
	lea (, %r8, 8), L
	lea -1(%r8), %r11
	xor %r8d, %r8d
	xor %r9d, %r9d
	xor %r10d, %r10d
1:	STEP3 %r8, %r9, %r10
	add $8, P
	dec %r11
	jnz 1b
	crc32q (P), %r8
	crc32q (P,L), %r9
	mov (P,L,2), %rcx		/* stream 2's last qword takes the join */
	lea (L,L,2), L3
	lea 8(P,L,2), P
	sub L3, LEN
	lea .Lk-24(%rip), ROW
	pmovzxdq (ROW,L3), %xmm6
	movd 8(ROW,L3), %xmm7
	SHIFT %r9d, %xmm0, %xmm6, 0	/* by L */
	SHIFT %r8d, %xmm1, %xmm6, 1	/* by 2L */
	SHIFT CRC, %xmm2, %xmm7, 0	/* by 3L */
	pxor %xmm1, %xmm0
	pxor %xmm2, %xmm0
	movq %xmm0, %r8
	xor %rcx, %r8
	crc32q %r8, %r10
	mov %r10d, CRC

	/* What is left: qwords, then 4, 2, 1 bytes, one chain. */
.Lshort:
	mov LEN, %r8
	shr $3, %r8
	jz 2f
1:	crc32q (P), CRCQ
	add $8, P
	dec %r8
	jnz 1b
2:	test $4, %dl
	jz 3f
	crc32l (P), CRC
	add $4, P
3:	test $2, %dl
	jz 4f
	crc32w (P), CRC
	add $2, P
4:	test $1, %dl
	jz 5f
	crc32b (P), CRC
5:	ret

	/* 6-stream blocks of q = min(QMAX, n / 48) qwords a chunk. */
.Llong:
	push %rbx
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbx, 0
	push %rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	push %r12
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %r12, 0
	push %r13
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %r13, 0
.Lblock:
	mov $QMAX, %r8d
	cmp $(48 * QMAX), LEN
	jae 1f
	QFOR 4
	cmp $Q6MIN, %r8d
	jb .Lpop
1:	lea (, %r8, 8), L
	lea -1(%r8), %r11
	xor %r8d, %r8d
	xor %r9d, %r9d
	xor %r10d, %r10d
	xor %ebx, %ebx
	xor %ebp, %ebp
	xor %r12d, %r12d
	lea (P,L,2), P3
	add L, P3
	.p2align 4
2:	STEP6 %r8, %r9, %r10, %rbx, %rbp, %r12
	add $8, P
	add $8, P3
	dec %r11
	jnz 2b
	STEP3 %r8, %r9, %r10
	crc32q (P3), %rbx
	crc32q (P3,L), %rbp
	mov (P3,L,2), %r13		/* stream 5's last qword takes the join */
	lea (L,L,2), L3
	lea 8(P3,L,2), P
	lea .Lk-24(%rip), ROW
	pmovzxdq (ROW,L3), %xmm6
	pmovzxdq 8(ROW,L3), %xmm7
	pmovzxdq 16(ROW,L3), %xmm8
	SHIFT %ebp, %xmm0, %xmm6, 0	/* by L */
	SHIFT %ebx, %xmm1, %xmm6, 1	/* by 2L */
	SHIFT %r10d, %xmm2, %xmm7, 0	/* by 3L */
	SHIFT %r9d, %xmm3, %xmm7, 1	/* by 4L */
	SHIFT %r8d, %xmm4, %xmm8, 0	/* by 5L */
	SHIFT CRC, %xmm5, %xmm8, 1	/* by 6L: the CRC before the block */
	pxor %xmm1, %xmm0
	pxor %xmm3, %xmm2
	pxor %xmm4, %xmm0
	pxor %xmm2, %xmm0
	pxor %xmm5, %xmm0
	movq %xmm0, %r8
	xor %r13, %r8
	crc32q %r8, %r12
	mov %r12d, CRC
	add L3, L3
	sub L3, LEN
	jmp .Lblock
.Lpop:
	pop %r13
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r13
	pop %r12
	.cfi_adjust_cfa_offset -8
	.cfi_restore %r12
	pop %rbp
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbp
	pop %rbx
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbx
	jmp .Lmid
ENDFUNC crc32c_sse42
