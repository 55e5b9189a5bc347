/* SPDX-License-Identifier: Apache-2.0 */
/* aes-vaes512.S: AES-CTR, AES-XTS, GCM's CTR32 and GHASH on 512-bit vectors
 * (AVX-512 F/BW/VL + VAES + VPCLMULQDQ), four blocks to a zmm register.
 *
 * Calls: (key, dst, src, nblocks, iv) in rdi, rsi, rdx, rcx, r8 for the
 * struct aes_ops / gcm_ops.ctr32 entries; ghash (xi, htable, p, nblocks).
 * dst may equal src: every group of blocks is read before it is written.
 * Tails shorter than a group go through masked loads and stores, so no
 * block is read or written past the buffer.
 *
 * Registers: zmm16 + i holds round key i broadcast to the four lanes
 * (i = 0..13) and zmm30 the last one, whatever the key size; the rounds
 * loop tests the round count to run 10, 12 or 14 rounds.  Data is in
 * zmm0-zmm7 (eight vectors, 32 blocks, in flight: AESENC has a 4-cycle
 * latency and two issue a cycle).  CTR keeps the next counters byte-
 * reversed in zmm14 (lanes +0..+3) so VPADDD/VPADDQ count them, zmm15 the
 * step and zmm31 the byte swap.  XTS keeps the next four tweaks in zmm8
 * and 0x87 in zmm9; a tweak times x^k is a shift of each 128-bit lane plus
 * a carry-less multiply of the k bits shifted out by 0x87.  The xor of the
 * output with its tweak (CTR: with its input) rides in the last round key.
 *
 * GHASH works on byte-reversed blocks, whose carry-less product is the
 * bit-reflected product shifted by one; the table keeps H^i * x^-1 ("H
 * twisted") so that the product of a block and a table entry comes out
 * right, and two folds by x^63 + x^62 + x^57 (0xc2 << 56, done as shifts
 * to keep the busy multiplier free) reduce it, a Montgomery-style
 * reduction by x^128 in the reflected domain.  32 blocks are multiplied by
 * H^32..H^1 (Karatsuba, 3 multiplies a block) and reduced once; the
 * running X is multiplied by H^32 on its own, so the data's products never
 * wait for the previous reduction.  htable (1024 bytes): K32..K1 at 0, 16
 * bytes each, the lowest power last, then (lo ^ hi) of each at 512.
 *
 * Measured on AMD Zen 5 (EPYC; 2 zmm AESENC a cycle, 1 VPCLMULQDQ per 2
 * cycles at any width), 16 KiB, core cycles/byte, against OpenSSL 3.0.19
 * (AES-NI, no AVX-512 GCM) in the same process: CTR AES-128 0.077 (OpenSSL
 * 0.35: 4.5x), CTR32 0.077, XTS AES-256 0.125 enc and dec (0.50: 4.0x),
 * GHASH 0.107, GCM AES-128 as ctr32 + ghash 0.19 (0.71: 3.8x).
 */

#include "linkage.h"

#define DEC	256		/* offsetof(struct aes_key, dec) */
#define ROUNDS	496		/* offsetof(struct aes_key, rounds) */

RODATA aes_vaes512, 64
.Lbswap:			/* vpshufb: reverse each 16-byte lane */
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Llanes:			/* the counter offsets of the four lanes */
	.long 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0
.Linc4:				/* four blocks on */
	.long 4, 0, 0, 0
.Lxts87:			/* x^128 = x^7 + x^2 + x + 1 */
	.quad 0x87, 0
	.p2align 6
.Lones:
	.long -1
	.p2align 6
.Lxtsshl:			/* lane i is the tweak times x^i */
	.quad 0, 0, 1, 1, 2, 2, 3, 3
.Lxtsshr:
	.quad 64, 64, 63, 63, 62, 62, 61, 61

/* The schedule at byte OFF of the key: round keys 0..13 to zmm16..zmm29,
 * the last one (10, 12 or 14) to zmm30. */
.macro loadkeys off
	vbroadcasti32x4 \off + 0(%rdi), %zmm16
	vbroadcasti32x4 \off + 16(%rdi), %zmm17
	vbroadcasti32x4 \off + 32(%rdi), %zmm18
	vbroadcasti32x4 \off + 48(%rdi), %zmm19
	vbroadcasti32x4 \off + 64(%rdi), %zmm20
	vbroadcasti32x4 \off + 80(%rdi), %zmm21
	vbroadcasti32x4 \off + 96(%rdi), %zmm22
	vbroadcasti32x4 \off + 112(%rdi), %zmm23
	vbroadcasti32x4 \off + 128(%rdi), %zmm24
	vbroadcasti32x4 \off + 144(%rdi), %zmm25
	vbroadcasti32x4 \off + 160(%rdi), %zmm26
	vbroadcasti32x4 \off + 176(%rdi), %zmm27
	vbroadcasti32x4 \off + 192(%rdi), %zmm28
	vbroadcasti32x4 \off + 208(%rdi), %zmm29
	movl	ROUNDS(%rdi), %eax
	shll	$4, %eax
	vbroadcasti32x4 \off(%rdi,%rax), %zmm30
.endm

/* Rounds 1 .. Nr-1 with OP (vaesenc, vaesdec) on the zmm numbers REGS. */
.macro rounds op, regs:vararg
	.irp k, 17, 18, 19, 20, 21, 22, 23, 24, 25
	.irp r, \regs
	\op	%zmm\k, %zmm\r, %zmm\r
	.endr
	.endr
	cmpl	$10, ROUNDS(%rdi)
	je	.Lrdone\@
	.irp k, 26, 27
	.irp r, \regs
	\op	%zmm\k, %zmm\r, %zmm\r
	.endr
	.endr
	cmpl	$12, ROUNDS(%rdi)
	je	.Lrdone\@
	.irp k, 28, 29
	.irp r, \regs
	\op	%zmm\k, %zmm\r, %zmm\r
	.endr
	.endr
.Lrdone\@:
.endm

/* k1..k4 = the qword masks of the first 4 * 16 blocks, eax blocks of them
 * (eax < 16); eax is lost. */
.macro tailmasks
	addl	%eax, %eax
	bzhil	%eax, .Lones(%rip), %eax
	kmovd	%eax, %k1
	kshiftrd $8, %k1, %k2
	kshiftrd $16, %k1, %k3
	kshiftrd $24, %k1, %k4
.endm

/* --- CTR --- */

/* Counter blocks for the zmm numbers REGS from zmm14, stepping it by
 * zmm15 with ADD, and the first round. */
.macro ctrblocks add, regs:vararg
	.irp r, \regs
	vpshufb	%zmm31, %zmm14, %zmm\r
	\add	%zmm15, %zmm14, %zmm14
	.endr
	.irp r, \regs
	vpxorq	%zmm16, %zmm\r, %zmm\r
	.endr
.endm

/* r11 blocks of CTR from zmm14 (counting with ADD); advances rsi, rdx. */
.macro ctrbody add
	cmpq	$32, %r11
	jb	.Lc16\@
.Lc32\@:
	ctrblocks \add, 0, 1, 2, 3, 4, 5, 6, 7
	rounds	vaesenc, 0, 1, 2, 3, 4, 5, 6, 7
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vpxorq	64 * \r(%rdx), %zmm30, %zmm8
	vaesenclast %zmm8, %zmm\r, %zmm\r
	vmovdqu64 %zmm\r, 64 * \r(%rsi)
	.endr
	addq	$512, %rdx
	addq	$512, %rsi
	subq	$32, %r11
	cmpq	$32, %r11
	jae	.Lc32\@
.Lc16\@:
	cmpq	$16, %r11
	jb	.Lctail\@
	ctrblocks \add, 1, 2, 3, 4
	rounds	vaesenc, 1, 2, 3, 4
	.irp r, 1, 2, 3, 4
	vpxorq	64 * (\r - 1)(%rdx), %zmm30, %zmm8
	vaesenclast %zmm8, %zmm\r, %zmm\r
	vmovdqu64 %zmm\r, 64 * (\r - 1)(%rsi)
	.endr
	addq	$256, %rdx
	addq	$256, %rsi
	subq	$16, %r11
.Lctail\@:
	testq	%r11, %r11
	jz	.Lcdone\@
	movl	%r11d, %eax
	tailmasks
	ctrblocks \add, 1, 2, 3, 4
	rounds	vaesenc, 1, 2, 3, 4
	.irp r, 1, 2, 3, 4
	vmovdqu64 64 * (\r - 1)(%rdx), %zmm8{%k\r}{z}
	vaesenclast %zmm30, %zmm\r, %zmm\r
	vpxorq	%zmm8, %zmm\r, %zmm\r
	vmovdqu64 %zmm\r, 64 * (\r - 1)(%rsi){%k\r}
	.endr
	shlq	$4, %r11
	addq	%r11, %rdx
	addq	%r11, %rsi
.Lcdone\@:
.endm

.macro ctrsetup
	loadkeys 0
	vbroadcasti32x4 .Lbswap(%rip), %zmm31
	vbroadcasti32x4 .Linc4(%rip), %zmm15
.endm

/* void vaes512_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *		      size_t nblocks, uint8_t ctr[16]): GCM's counter, low 32 bits. */
FUNC vaes512_ctr32
	testq	%rcx, %rcx
	jz	1f
	ctrsetup
	vbroadcasti32x4 (%r8), %zmm14
	vpshufb	%zmm31, %zmm14, %zmm14
	vpaddd	.Llanes(%rip), %zmm14, %zmm14
	movq	%rcx, %r11
	ctrbody	vpaddd
	movl	12(%r8), %eax
	bswapl	%eax
	addl	%ecx, %eax
	bswapl	%eax
	movl	%eax, 12(%r8)
	vzeroupper
1:	ret
ENDFUNC vaes512_ctr32

/* void vaes512_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *		    size_t nblocks, uint8_t ctr[16]): a 128-bit big-endian counter.
 * The vectors count the low 64 bits only, so the blocks are cut where they
 * wrap and the high half (r9; the low one in r10) steps between pieces. */
FUNC vaes512_ctr
	testq	%rcx, %rcx
	jz	3f
	ctrsetup
	movq	(%r8), %r9
	movq	8(%r8), %r10
	bswapq	%r9
	bswapq	%r10
1:	movq	%r10, %r11
	negq	%r11			/* blocks before the low half wraps, 0: 2^64 */
	jz	2f
	cmpq	%rcx, %r11
	jbe	4f
2:	movq	%rcx, %r11
4:	subq	%r11, %rcx
	vmovq	%r10, %xmm14
	vpinsrq	$1, %r9, %xmm14, %xmm14
	vshufi32x4 $0, %zmm14, %zmm14, %zmm14
	vpaddq	.Llanes(%rip), %zmm14, %zmm14
	addq	%r11, %r10
	adcq	$0, %r9
	ctrbody	vpaddq
	testq	%rcx, %rcx
	jnz	1b
	bswapq	%r9
	bswapq	%r10
	movq	%r9, (%r8)
	movq	%r10, 8(%r8)
	vzeroupper
3:	ret
ENDFUNC vaes512_ctr

/* --- XTS --- */

/* zmm DST = zmm SRC times x^K in each lane (K < 58); zmm12, zmm13 lost. */
.macro mulx k, src, dst
	vpsrlq	$64 - \k, %zmm\src, %zmm12
	vpsllq	$\k, %zmm\src, %zmm\dst
	vpclmulqdq $0x01, %zmm9, %zmm12, %zmm13
	vpslldq	$8, %zmm12, %zmm12
	vpternlogq $0x96, %zmm12, %zmm13, %zmm\dst
.endm

/* For vector j of REGS (zmm numbers 0.., or 1.. with MASKED), the tweaks
 * zmm8 * x^4j: its input xored with them and round key 0 into zmm j, the
 * tweaks xored with the last round key to the stack slot j (plain tweaks
 * to slot 4 + j too when MASKED). */
.macro xtsload masked, regs:vararg
	.irp r, \regs
	.if \masked
	.set .Lj, \r - 1
	.else
	.set .Lj, \r
	.endif
	.if .Lj
	mulx	4*.Lj, 8, 10
	.else
	vmovdqa64 %zmm8, %zmm10
	.endif
	vpxorq	%zmm30, %zmm10, %zmm11
	vmovdqa64 %zmm11, 64 * .Lj(%rsp)
	.if \masked
	vmovdqa64 %zmm10, 256 + 64 * .Lj(%rsp)
	vmovdqu64 64 * .Lj(%rdx), %zmm\r{%k\r}{z}
	.else
	vmovdqu64 64 * .Lj(%rdx), %zmm\r
	.endif
	vpternlogq $0x96, %zmm10, %zmm16, %zmm\r
	.endr
.endm

.macro xtsstore masked, last, regs:vararg
	.irp r, \regs
	.if \masked
	.set .Lj, \r - 1
	\last	64 * .Lj(%rsp), %zmm\r, %zmm\r
	vmovdqu64 %zmm\r, 64 * .Lj(%rsi){%k\r}
	.else
	.set .Lj, \r
	\last	64 * .Lj(%rsp), %zmm\r, %zmm\r
	vmovdqu64 %zmm\r, 64 * .Lj(%rsi)
	.endif
	.endr
.endm

/* XTS over rcx blocks with OP/LAST (vaesenc/vaesenclast or the dec pair)
 * and the schedule at OFF; the tweak at r8 in and out. */
.macro xts off, op, last
	testq	%rcx, %rcx
	jz	9f
	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq	$512, %rsp
	andq	$-64, %rsp
	loadkeys \off
	vbroadcasti32x4 .Lxts87(%rip), %zmm9
	/* zmm8 = T, Tx, Tx^2, Tx^3 */
	vbroadcasti32x4 (%r8), %zmm8
	vpsrlvq	.Lxtsshr(%rip), %zmm8, %zmm12
	vpsllvq	.Lxtsshl(%rip), %zmm8, %zmm8
	vpclmulqdq $0x01, %zmm9, %zmm12, %zmm13
	vpslldq	$8, %zmm12, %zmm12
	vpternlogq $0x96, %zmm12, %zmm13, %zmm8
	cmpq	$32, %rcx
	jb	2f
1:	xtsload	0, 0, 1, 2, 3, 4, 5, 6, 7
	mulx	32, 8, 8
	rounds	\op, 0, 1, 2, 3, 4, 5, 6, 7
	xtsstore 0, \last, 0, 1, 2, 3, 4, 5, 6, 7
	addq	$512, %rdx
	addq	$512, %rsi
	subq	$32, %rcx
	cmpq	$32, %rcx
	jae	1b
2:	cmpq	$16, %rcx
	jb	3f
	xtsload	0, 0, 1, 2, 3
	mulx	16, 8, 8
	rounds	\op, 0, 1, 2, 3
	xtsstore 0, \last, 0, 1, 2, 3
	addq	$256, %rdx
	addq	$256, %rsi
	subq	$16, %rcx
3:	testq	%rcx, %rcx
	jz	4f
	movl	%ecx, %eax
	tailmasks
	xtsload	1, 1, 2, 3, 4
	rounds	\op, 1, 2, 3, 4
	xtsstore 1, \last, 1, 2, 3, 4
	/* the next tweak: the one of block rcx of this group */
	shlq	$4, %rcx
	vmovdqu	256(%rsp,%rcx), %xmm8
4:	vmovdqu	%xmm8, (%r8)
	/* the stack held tweaks and tweaks ^ the last round key */
	vpxord	%zmm0, %zmm0, %zmm0
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqa64 %zmm0, 64 * \j(%rsp)
	.endr
	vzeroupper
	leave
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
9:	ret
.endm

/* void vaes512_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *			size_t nblocks, uint8_t tweak[16]) */
FUNC vaes512_xts_enc
	xts	0, vaesenc, vaesenclast
ENDFUNC vaes512_xts_enc

FUNC vaes512_xts_dec
	xts	DEC, vaesdec, vaesdeclast
ENDFUNC vaes512_xts_dec

/* --- GHASH --- */

/* Accumulate the product of zmm R (four byte-reversed blocks) and the keys
 * K (twisted powers) and KK (their lo ^ hi) into zmm LO, HI and the
 * Karatsuba middle MID; FIRST sets them instead.  zmm R, zmm12-zmm14 lost. */
.macro ghvec r, k, kk, lo, hi, mid, first=0
	.if \first
	vpclmulqdq $0x00, \k, %zmm\r, %zmm\lo
	vpclmulqdq $0x11, \k, %zmm\r, %zmm\hi
	vpshufd	$0x4e, %zmm\r, %zmm12
	vpxorq	%zmm12, %zmm\r, %zmm\r
	vpclmulqdq $0x00, \kk, %zmm\r, %zmm\mid
	.else
	vpclmulqdq $0x00, \k, %zmm\r, %zmm12
	vpclmulqdq $0x11, \k, %zmm\r, %zmm13
	vpshufd	$0x4e, %zmm\r, %zmm14
	vpxorq	%zmm14, %zmm\r, %zmm\r
	vpxorq	%zmm12, %zmm\lo, %zmm\lo
	vpclmulqdq $0x00, \kk, %zmm\r, %zmm14
	vpxorq	%zmm13, %zmm\hi, %zmm\hi
	vpxorq	%zmm14, %zmm\mid, %zmm\mid
	.endif
.endm

/* The products of the 32 blocks at rdx (advanced) into LO, HI, MID: keys in
 * zmm15..zmm22, their middles in zmm23..zmm30. */
.macro ghprod lo, hi, mid
	.irp r, 1, 2, 3, 4, 5, 6, 7, 8
	vmovdqu64 64 * (\r - 1)(%rdx), %zmm\r
	vpshufb	%zmm31, %zmm\r, %zmm\r
	.endr
	ghvec	1, %zmm15, %zmm23, \lo, \hi, \mid, 1
	ghvec	2, %zmm16, %zmm24, \lo, \hi, \mid
	ghvec	3, %zmm17, %zmm25, \lo, \hi, \mid
	ghvec	4, %zmm18, %zmm26, \lo, \hi, \mid
	ghvec	5, %zmm19, %zmm27, \lo, \hi, \mid
	ghvec	6, %zmm20, %zmm28, \lo, \hi, \mid
	ghvec	7, %zmm21, %zmm29, \lo, \hi, \mid
	ghvec	8, %zmm22, %zmm30, \lo, \hi, \mid
	addq	$512, %rdx
.endm

/* xmm LO : xmm HI = the sum over the lanes of LO, HI, MID (as ghvec left
 * them), unreduced; zmm12 lost. */
.macro ghsum lo, hi, mid
	vpternlogq $0x96, %zmm\lo, %zmm\hi, %zmm\mid
	.irp r, \lo, \hi, \mid
	vextracti64x4 $1, %zmm\r, %ymm12
	vpxorq	%ymm12, %ymm\r, %ymm\r
	vextracti32x4 $1, %ymm\r, %xmm12
	vpxorq	%xmm12, %xmm\r, %xmm\r
	.endr
	vpslldq	$8, %xmm\mid, %xmm12
	vpsrldq	$8, %xmm\mid, %xmm\mid
	vpxorq	%xmm12, %xmm\lo, %xmm\lo
	vpxorq	%xmm\mid, %xmm\hi, %xmm\hi
.endm

/* xmm DST = xmm HI:LO reduced.  With LO = X1:X0, X0 * (x^63 + x^62 + x^57)
 * (the multiply by 0xc2 << 56 written out as shifts, which keeps it off
 * the carry-less multiplier) folds into X1 and HI, then the new X1 the
 * same way.  xmm LO, HI, xmm5-xmm7 lost. */
.macro ghreduce lo, hi, dst
	vpsllq	$63, %xmm\lo, %xmm5
	vpsllq	$62, %xmm\lo, %xmm6
	vpsllq	$57, %xmm\lo, %xmm7
	vpternlogq $0x96, %xmm6, %xmm7, %xmm5
	vpslldq	$8, %xmm5, %xmm5
	vpxorq	%xmm5, %xmm\lo, %xmm\lo	/* T1 : X0 */
	vpsrlq	$1, %xmm\lo, %xmm5
	vpsrlq	$2, %xmm\lo, %xmm6
	vpsrlq	$7, %xmm\lo, %xmm7
	vpternlogq $0x96, %xmm6, %xmm7, %xmm5
	vpternlogq $0x96, %xmm5, %xmm\lo, %xmm\hi
	vpsllq	$63, %xmm\lo, %xmm5
	vpsllq	$62, %xmm\lo, %xmm6
	vpsllq	$57, %xmm\lo, %xmm7
	vpternlogq $0x96, %xmm6, %xmm7, %xmm5
	vpsrldq	$8, %xmm5, %xmm5
	vpxorq	%xmm5, %xmm\hi, %xmm\dst
.endm

/* xmm X = (xmm X * xmm K + xmm HI:LO) reduced (schoolbook); xmm1-xmm7 and
 * xmm LO, HI lost. */
.macro ghstep x, k, lo, hi
	vpclmulqdq $0x00, %xmm\k, %xmm\x, %xmm1
	vpclmulqdq $0x11, %xmm\k, %xmm\x, %xmm2
	vpclmulqdq $0x01, %xmm\k, %xmm\x, %xmm3
	vpclmulqdq $0x10, %xmm\k, %xmm\x, %xmm4
	vpxorq	%xmm3, %xmm4, %xmm3
	vpslldq	$8, %xmm3, %xmm4
	vpsrldq	$8, %xmm3, %xmm3
	vpternlogq $0x96, %xmm4, %xmm1, %xmm\lo
	vpternlogq $0x96, %xmm3, %xmm2, %xmm\hi
	ghreduce \lo, \hi, \x
.endm

/* void ghash_vpclmul512_init(uint8_t *htable, const uint8_t h[16])
 * htable: K32..K1 (K = H^i * x^-1, reflected) at 0, their lo ^ hi at 512. */
FUNC ghash_vpclmul512_init
	movq	(%rsi), %rax		/* the reflected H: high half */
	movq	8(%rsi), %rdx
	bswapq	%rax
	bswapq	%rdx
	/* twist: H * x^-1, a left shift in the reflected domain */
	movq	%rax, %rcx
	sarq	$63, %rcx
	shldq	$1, %rdx, %rax
	shlq	$1, %rdx
	movabsq	$0xc200000000000000, %r8
	andq	%rcx, %r8
	xorq	%r8, %rax
	andl	$1, %ecx
	xorq	%rcx, %rdx
	vmovq	%rdx, %xmm0
	vpinsrq	$1, %rax, %xmm0, %xmm0
	vmovdqa	%xmm0, %xmm8
	leaq	496(%rdi), %rax
	movl	$32, %ecx
1:	vmovdqu	%xmm8, (%rax)
	vpshufd	$0x4e, %xmm8, %xmm9
	vpxor	%xmm8, %xmm9, %xmm9
	vmovdqu	%xmm9, 512(%rax)
	subq	$16, %rax
	decl	%ecx
	jz	2f
	vpxor	%xmm9, %xmm9, %xmm9
	vpxor	%xmm10, %xmm10, %xmm10
	ghstep	8, 0, 9, 10
	jmp	1b
2:	vzeroupper
	ret
ENDFUNC ghash_vpclmul512_init

/* void ghash_vpclmul512(uint8_t xi[16], const uint8_t *htable,
 *			 const uint8_t *p, size_t nblocks)
 * Groups of 32 blocks, X (xmm0) joining each group's sum by a multiply of
 * its own, so that the data's products do not wait for the previous
 * reduction.  All 32 keys and middles stay in registers. */
FUNC ghash_vpclmul512
	testq	%rcx, %rcx
	jz	9f
	vbroadcasti32x4 .Lbswap(%rip), %zmm31
	vmovdqu	(%rdi), %xmm0
	vpshufb	%xmm31, %xmm0, %xmm0
	cmpq	$32, %rcx
	jb	2f
	vmovdqu64 0(%rsi), %zmm15
	vmovdqu64 64(%rsi), %zmm16
	vmovdqu64 128(%rsi), %zmm17
	vmovdqu64 192(%rsi), %zmm18
	vmovdqu64 256(%rsi), %zmm19
	vmovdqu64 320(%rsi), %zmm20
	vmovdqu64 384(%rsi), %zmm21
	vmovdqu64 448(%rsi), %zmm22
	vmovdqu64 512(%rsi), %zmm23
	vmovdqu64 576(%rsi), %zmm24
	vmovdqu64 640(%rsi), %zmm25
	vmovdqu64 704(%rsi), %zmm26
	vmovdqu64 768(%rsi), %zmm27
	vmovdqu64 832(%rsi), %zmm28
	vmovdqu64 896(%rsi), %zmm29
	vmovdqu64 960(%rsi), %zmm30
1:	ghprod	9, 10, 11
	ghsum	9, 10, 11
	ghstep	0, 15, 9, 10
	subq	$32, %rcx
	cmpq	$32, %rcx
	jae	1b
2:	testq	%rcx, %rcx
	jz	3f
	/* n < 32 blocks take H^n..H^1: the table from entry 32 - n */
	movl	%ecx, %eax
	shll	$4, %eax
	negq	%rax
	leaq	512(%rsi,%rax), %rsi
	vpxorq	%zmm9, %zmm9, %zmm9
	vpxorq	%zmm10, %zmm10, %zmm10
	vpxorq	%zmm11, %zmm11, %zmm11
	jmp	5f
4:	vmovdqu64 (%rdx), %zmm1
	vpshufb	%zmm31, %zmm1, %zmm1
	vpxorq	%zmm0, %zmm1, %zmm1
	vpxorq	%zmm0, %zmm0, %zmm0	/* X goes into the first vector only */
	ghvec	1, (%rsi), 512(%rsi), 9, 10, 11
	addq	$64, %rdx
	addq	$64, %rsi
	subq	$4, %rcx
5:	cmpq	$4, %rcx
	jae	4b
	testq	%rcx, %rcx
	jz	6f
	movl	%ecx, %eax
	addl	%eax, %eax
	bzhil	%eax, .Lones(%rip), %eax
	kmovd	%eax, %k1
	vmovdqu64 (%rdx), %zmm1{%k1}{z}
	vmovdqu64 (%rsi), %zmm2{%k1}{z}
	vmovdqu64 512(%rsi), %zmm3{%k1}{z}
	vpshufb	%zmm31, %zmm1, %zmm1
	vpxorq	%zmm0, %zmm1, %zmm1
	ghvec	1, %zmm2, %zmm3, 9, 10, 11
6:	ghsum	9, 10, 11
	ghreduce 9, 10, 0
3:	vpshufb	%xmm31, %xmm0, %xmm0
	vmovdqu	%xmm0, (%rdi)
	vzeroupper
9:	ret
ENDFUNC ghash_vpclmul512
