/* SPDX-License-Identifier: Apache-2.0 */
/* aes-vaes256.S: AES-CTR, AES-XTS, GCM's CTR32 and GHASH on 256-bit vectors
 * (AVX2 + VAES + VPCLMULQDQ, VEX only: for CPUs without AVX-512), two
 * blocks to a ymm register.
 *
 * Calls: (key, dst, src, nblocks, iv) in rdi, rsi, rdx, rcx, r8 for the
 * struct aes_ops / gcm_ops.ctr32 entries; ghash (xi, htable, p, nblocks).
 * dst may equal src: every group of blocks is read before it is written.
 *
 * Registers: sixteen ymm only, so the round keys are broadcast from the
 * schedule into ymm15 round by round (a load, not a shuffle) and the
 * rounds loop tests the round count to run 10, 12 or 14 of them.  Data is
 * in ymm0-ymm7 (eight vectors, 16 blocks, in flight).  CTR keeps the next
 * counters byte-reversed in ymm8 (lanes +0, +1) so VPADDD/VPADDQ count
 * them, ymm9 the step, ymm10 the byte swap.  XTS keeps the next two tweaks
 * in ymm8 and 0x87 in ymm9; a tweak times x^k is a shift of each 128-bit
 * lane plus a carry-less multiply of the k bits shifted out by 0x87; the
 * tweaks of a group wait on the stack for the last round.  The xor of the
 * output with its tweak (CTR: with its input) rides in the last round key.
 *
 * GHASH: the table and the arithmetic of aes-vaes512.S (byte-reversed
 * blocks, twisted powers H^i * x^-1, K32..K1 then their lo ^ hi), of which
 * this one uses H^16..H^1: sixteen blocks are multiplied (Karatsuba) and
 * reduced once, by shifts.
 *
 * Measured on AMD Zen 5 (EPYC; 2 ymm AESENC a cycle, 1 VPCLMULQDQ per 2
 * cycles), 16 KiB, core cycles/byte: CTR AES-128 0.16, XTS AES-256 0.26,
 * GHASH 0.21, GCM AES-128 as ctr32 + ghash 0.37 (OpenSSL 3.0.19's AES-NI:
 * CTR 0.35, XTS 0.50, GCM 0.71).  GCM stitched (below, 2026-12-07): 0.22
 * TSC cycles/byte, OpenSSL 0.51, on the same machine.
 */

#include "linkage.h"

#define DEC	256		/* offsetof(struct aes_key, dec) */
#define ROUNDS	496		/* offsetof(struct aes_key, rounds) */

RODATA aes_vaes256, 32
.Lbswap:			/* vpshufb: reverse each 16-byte lane */
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
	.byte 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0
.Llanes:			/* the counter offsets of the two lanes */
	.long 0, 0, 0, 0, 1, 0, 0, 0
.Linc2:				/* two blocks on */
	.long 2, 0, 0, 0, 2, 0, 0, 0
.Lxts87:
	.quad 0x87, 0, 0x87, 0
.Lxtsshl:			/* lane i is the tweak times x^i */
	.quad 0, 0, 1, 1
.Lxtsshr:
	.quad 64, 64, 63, 63
.Lpoly:				/* GHASH's reduction: 0xc2 << 56 in the high qword */
	.quad 1, 0xc200000000000000

/* r10 = the last round key of the schedule at byte OFF. */
.macro lastkey off
	movl	ROUNDS(%rdi), %eax
	shll	$4, %eax
	leaq	\off(%rdi,%rax), %r10
.endm

/* Rounds 1 .. Nr-1 of the schedule at OFF with OP on the ymm numbers REGS
 * (or xmm with W=xmm); ymm15 takes the keys. */
.macro rounds op, off, w, regs:vararg
	.irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9
	vbroadcasti128 \off + 16 * \k(%rdi), %ymm15
	.irp r, \regs
	\op	%\w\()15, %\w\r, %\w\r
	.endr
	.endr
	cmpl	$10, ROUNDS(%rdi)
	je	.Lrdone\@
	.irp k, 10, 11
	vbroadcasti128 \off + 16 * \k(%rdi), %ymm15
	.irp r, \regs
	\op	%\w\()15, %\w\r, %\w\r
	.endr
	.endr
	cmpl	$12, ROUNDS(%rdi)
	je	.Lrdone\@
	.irp k, 12, 13
	vbroadcasti128 \off + 16 * \k(%rdi), %ymm15
	.irp r, \regs
	\op	%\w\()15, %\w\r, %\w\r
	.endr
	.endr
.Lrdone\@:
.endm

/* --- CTR --- */

/* Counter blocks for REGS from ymm8 (stepped by ymm9 with ADD), with the
 * first round. */
.macro ctrblocks add, regs:vararg
	vbroadcasti128 (%rdi), %ymm15
	.irp r, \regs
	vpshufb	%ymm10, %ymm8, %ymm\r
	\add	%ymm9, %ymm8, %ymm8
	vpxor	%ymm15, %ymm\r, %ymm\r
	.endr
.endm

/* r11 blocks of CTR from ymm8 (counting with ADD); advances rsi, rdx. */
.macro ctrbody add
	cmpq	$16, %r11
	jb	.Lc2\@
.Lc16\@:
	ctrblocks \add, 0, 1, 2, 3, 4, 5, 6, 7
	rounds	vaesenc, 0, ymm, 0, 1, 2, 3, 4, 5, 6, 7
	vbroadcasti128 (%r10), %ymm15
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor	32 * \r(%rdx), %ymm15, %ymm11
	vaesenclast %ymm11, %ymm\r, %ymm\r
	vmovdqu	%ymm\r, 32 * \r(%rsi)
	.endr
	addq	$256, %rdx
	addq	$256, %rsi
	subq	$16, %r11
	cmpq	$16, %r11
	jae	.Lc16\@
.Lc2\@:
	cmpq	$2, %r11
	jb	.Lc1\@
	ctrblocks \add, 0
	rounds	vaesenc, 0, ymm, 0
	vbroadcasti128 (%r10), %ymm15
	vpxor	(%rdx), %ymm15, %ymm11
	vaesenclast %ymm11, %ymm0, %ymm0
	vmovdqu	%ymm0, (%rsi)
	addq	$32, %rdx
	addq	$32, %rsi
	subq	$2, %r11
	jmp	.Lc2\@
.Lc1\@:
	testq	%r11, %r11
	jz	.Lcdone\@
	vpshufb	%xmm10, %xmm8, %xmm0
	vpxor	(%rdi), %xmm0, %xmm0
	rounds	vaesenc, 0, xmm, 0
	vmovdqu	(%r10), %xmm15
	vpxor	(%rdx), %xmm15, %xmm11
	vaesenclast %xmm11, %xmm0, %xmm0
	vmovdqu	%xmm0, (%rsi)
	addq	$16, %rdx
	addq	$16, %rsi
.Lcdone\@:
.endm

/* void vaes256_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *		      size_t nblocks, uint8_t ctr[16]): GCM's counter, low 32 bits. */
FUNC vaes256_ctr32
	testq	%rcx, %rcx
	jz	1f
	lastkey	0
	vmovdqa	.Lbswap(%rip), %ymm10
	vmovdqa	.Linc2(%rip), %ymm9
	vbroadcasti128 (%r8), %ymm8
	vpshufb	%ymm10, %ymm8, %ymm8
	vpaddd	.Llanes(%rip), %ymm8, %ymm8
	movq	%rcx, %r11
	ctrbody	vpaddd
	movl	12(%r8), %eax
	bswapl	%eax
	addl	%ecx, %eax
	bswapl	%eax
	movl	%eax, 12(%r8)
	vzeroupper
1:	ret
ENDFUNC vaes256_ctr32

/* void vaes256_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *		    size_t nblocks, uint8_t ctr[16]): a 128-bit big-endian counter.
 * The vectors count the low 64 bits only, so the blocks are cut where they
 * wrap and the high half (r9; the low one in rbx) steps between. */
FUNC vaes256_ctr
	testq	%rcx, %rcx
	jz	3f
	pushq	%rbx
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbx, 0
	lastkey	0
	vmovdqa	.Lbswap(%rip), %ymm10
	vmovdqa	.Linc2(%rip), %ymm9
	movq	(%r8), %r9
	movq	8(%r8), %rbx
	bswapq	%r9
	bswapq	%rbx
1:	movq	%rbx, %r11
	negq	%r11			/* blocks before the low half wraps, 0: 2^64 */
	jz	2f
	cmpq	%rcx, %r11
	jbe	4f
2:	movq	%rcx, %r11
4:	subq	%r11, %rcx
	vmovq	%rbx, %xmm8
	vpinsrq	$1, %r9, %xmm8, %xmm8
	vinserti128 $1, %xmm8, %ymm8, %ymm8
	vpaddq	.Llanes(%rip), %ymm8, %ymm8
	addq	%r11, %rbx
	adcq	$0, %r9
	ctrbody	vpaddq
	testq	%rcx, %rcx
	jnz	1b
	bswapq	%r9
	bswapq	%rbx
	movq	%r9, (%r8)
	movq	%rbx, 8(%r8)
	popq	%rbx
	.cfi_adjust_cfa_offset -8
	.cfi_restore %rbx
	vzeroupper
3:	ret
ENDFUNC vaes256_ctr

/* --- XTS --- */

/* ymm DST = ymm SRC times x^K in each lane (K < 58); ymm11, ymm12 lost. */
.macro mulx k, src, dst
	vpsrlq	$64 - \k, %ymm\src, %ymm11
	vpsllq	$\k, %ymm\src, %ymm\dst
	vpclmulqdq $0x01, %ymm9, %ymm11, %ymm12
	vpslldq	$8, %ymm11, %ymm11
	vpxor	%ymm11, %ymm\dst, %ymm\dst
	vpxor	%ymm12, %ymm\dst, %ymm\dst
.endm

/* XTS over rcx blocks with OP/LAST and the schedule at OFF; the tweak at
 * r8 in and out.  ymm13 = the last round key, ymm14 the first. */
.macro xts off, op, last
	testq	%rcx, %rcx
	jz	9f
	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	subq	$256, %rsp
	andq	$-32, %rsp
	lastkey	\off
	vbroadcasti128 (%r10), %ymm13
	vbroadcasti128 \off(%rdi), %ymm14
	vmovdqa	.Lxts87(%rip), %ymm9
	/* ymm8 = T, Tx */
	vbroadcasti128 (%r8), %ymm8
	vpsrlvq	.Lxtsshr(%rip), %ymm8, %ymm11
	vpsllvq	.Lxtsshl(%rip), %ymm8, %ymm8
	vpclmulqdq $0x01, %ymm9, %ymm11, %ymm12
	vpslldq	$8, %ymm11, %ymm11
	vpxor	%ymm11, %ymm8, %ymm8
	vpxor	%ymm12, %ymm8, %ymm8
	cmpq	$16, %rcx
	jb	2f
1:	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	.if \r
	mulx	2*\r, 8, 10
	.else
	vmovdqa	%ymm8, %ymm10
	.endif
	vpxor	32 * \r(%rdx), %ymm10, %ymm\r
	vpxor	%ymm13, %ymm10, %ymm10
	vpxor	%ymm14, %ymm\r, %ymm\r
	vmovdqa	%ymm10, 32 * \r(%rsp)
	.endr
	mulx	16, 8, 8
	rounds	\op, \off, ymm, 0, 1, 2, 3, 4, 5, 6, 7
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	\last	32 * \r(%rsp), %ymm\r, %ymm\r
	vmovdqu	%ymm\r, 32 * \r(%rsi)
	.endr
	addq	$256, %rdx
	addq	$256, %rsi
	subq	$16, %rcx
	cmpq	$16, %rcx
	jae	1b
2:	cmpq	$2, %rcx
	jb	3f
	vpxor	(%rdx), %ymm8, %ymm0
	vpxor	%ymm13, %ymm8, %ymm10
	vpxor	%ymm14, %ymm0, %ymm0
	rounds	\op, \off, ymm, 0
	\last	%ymm10, %ymm0, %ymm0
	vmovdqu	%ymm0, (%rsi)
	mulx	2, 8, 8
	addq	$32, %rdx
	addq	$32, %rsi
	subq	$2, %rcx
	jmp	2b
3:	testq	%rcx, %rcx
	jz	4f
	vpxor	(%rdx), %xmm8, %xmm0
	vpxor	%xmm13, %xmm8, %xmm10
	vpxor	%xmm14, %xmm0, %xmm0
	rounds	\op, \off, xmm, 0
	\last	%xmm10, %xmm0, %xmm0
	vmovdqu	%xmm0, (%rsi)
	vextracti128 $1, %ymm8, %xmm8	/* the next tweak: lane 1 */
4:	vmovdqu	%xmm8, (%r8)
	/* the stack held tweaks ^ the last round key */
	vpxor	%xmm0, %xmm0, %xmm0
	.irp j, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqa	%ymm0, 32 * \j(%rsp)
	.endr
	vzeroupper
	leave
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
9:	ret
.endm

/* void vaes256_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src,
 *			size_t nblocks, uint8_t tweak[16]) */
FUNC vaes256_xts_enc
	xts	0, vaesenc, vaesenclast
ENDFUNC vaes256_xts_enc

FUNC vaes256_xts_dec
	xts	DEC, vaesdec, vaesdeclast
ENDFUNC vaes256_xts_dec

/* --- GHASH --- */

/* Accumulate the product of ymm R (two byte-reversed blocks) and the keys
 * at K and KK (memory) into ymm LO, HI and MID (Karatsuba's middle; by
 * default ymm1-ymm3, the stitched GCM's are others); FIRST sets them.
 * ymm R and ymm T lost.  W=xmm for one block. */
.macro ghvec r, k, kk, first=0, w=ymm, lo=1, hi=2, mid=3, t=6
	.if \first
	vpclmulqdq $0x00, \k, %\w\r, %\w\lo
	vpclmulqdq $0x11, \k, %\w\r, %\w\hi
	vpshufd	$0x4e, %\w\r, %\w\t
	vpxor	%\w\t, %\w\r, %\w\r
	vpclmulqdq $0x00, \kk, %\w\r, %\w\mid
	.else
	vpclmulqdq $0x00, \k, %\w\r, %\w\t
	vpxor	%ymm\t, %ymm\lo, %ymm\lo
	vpclmulqdq $0x11, \k, %\w\r, %\w\t
	vpxor	%ymm\t, %ymm\hi, %ymm\hi
	vpshufd	$0x4e, %\w\r, %\w\t
	vpxor	%\w\t, %\w\r, %\w\r
	vpclmulqdq $0x00, \kk, %\w\r, %\w\t
	vpxor	%ymm\t, %ymm\mid, %ymm\mid
	.endif
.endm

/* xmm0 = the sum over the lanes of ymm1..ymm3 (as ghvec left them),
 * reduced: with LO = X1:X0, X0 * (x^63 + x^62 + x^57) (the multiply by
 * 0xc2 << 56 as shifts) folds into X1 and HI, then the new X1 the same. */
.macro ghfinish
	vpxor	%ymm1, %ymm3, %ymm3
	vpxor	%ymm2, %ymm3, %ymm3
	.irp r, 1, 2, 3
	vextracti128 $1, %ymm\r, %xmm4
	vpxor	%xmm4, %xmm\r, %xmm\r
	.endr
	vpslldq	$8, %xmm3, %xmm4
	vpsrldq	$8, %xmm3, %xmm3
	vpxor	%xmm4, %xmm1, %xmm1
	vpxor	%xmm3, %xmm2, %xmm2
	ghreduce 1, 2, 0
.endm

/* xmm DST = xmm HI:LO reduced; xmm LO, HI, xmm4-xmm6 lost. */
.macro ghreduce lo, hi, dst
	vpsllq	$63, %xmm\lo, %xmm4
	vpsllq	$62, %xmm\lo, %xmm5
	vpsllq	$57, %xmm\lo, %xmm6
	vpxor	%xmm5, %xmm4, %xmm4
	vpxor	%xmm6, %xmm4, %xmm4
	vpslldq	$8, %xmm4, %xmm4
	vpxor	%xmm4, %xmm\lo, %xmm\lo	/* T1 : X0 */
	vpsrlq	$1, %xmm\lo, %xmm4
	vpsrlq	$2, %xmm\lo, %xmm5
	vpsrlq	$7, %xmm\lo, %xmm6
	vpxor	%xmm5, %xmm4, %xmm4
	vpxor	%xmm6, %xmm4, %xmm4
	vpxor	%xmm4, %xmm\hi, %xmm\hi
	vpxor	%xmm\lo, %xmm\hi, %xmm\hi
	vpsllq	$63, %xmm\lo, %xmm4
	vpsllq	$62, %xmm\lo, %xmm5
	vpsllq	$57, %xmm\lo, %xmm6
	vpxor	%xmm5, %xmm4, %xmm4
	vpxor	%xmm6, %xmm4, %xmm4
	vpsrldq	$8, %xmm4, %xmm4
	vpxor	%xmm4, %xmm\hi, %xmm\dst
.endm

/* void ghash_vpclmul256_init(uint8_t *htable, const uint8_t h[16])
 * htable: K32..K1 (K = H^i * x^-1, reflected) at 0, their lo ^ hi at 512,
 * as ghash_vpclmul512_init lays them out. */
FUNC ghash_vpclmul256_init
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
	vmovq	%rdx, %xmm8
	vpinsrq	$1, %rax, %xmm8, %xmm8
	vmovdqa	%xmm8, %xmm0
	leaq	496(%rdi), %rax
	movl	$32, %ecx
1:	vmovdqu	%xmm0, (%rax)
	vpshufd	$0x4e, %xmm0, %xmm9
	vpxor	%xmm0, %xmm9, %xmm9
	vmovdqu	%xmm9, 512(%rax)
	subq	$16, %rax
	decl	%ecx
	jz	2f
	/* xmm0 *= xmm8, schoolbook */
	vpclmulqdq $0x00, %xmm8, %xmm0, %xmm1
	vpclmulqdq $0x11, %xmm8, %xmm0, %xmm2
	vpclmulqdq $0x01, %xmm8, %xmm0, %xmm3
	vpclmulqdq $0x10, %xmm8, %xmm0, %xmm4
	vpxor	%xmm4, %xmm3, %xmm3
	vpslldq	$8, %xmm3, %xmm4
	vpsrldq	$8, %xmm3, %xmm3
	vpxor	%xmm4, %xmm1, %xmm1
	vpxor	%xmm3, %xmm2, %xmm2
	ghreduce 1, 2, 0
	jmp	1b
2:	vzeroupper
	ret
ENDFUNC ghash_vpclmul256_init

/* void ghash_vpclmul256(uint8_t xi[16], const uint8_t *htable,
 *			 const uint8_t *p, size_t nblocks)
 * X (xmm0) goes into the first block of each group of 16, whose products
 * are summed last: the other seven vectors do not wait for it. */
FUNC ghash_vpclmul256
	testq	%rcx, %rcx
	jz	9f
	vmovdqa	.Lbswap(%rip), %ymm15
	vmovdqu	(%rdi), %xmm0
	vpshufb	%xmm15, %xmm0, %xmm0
	cmpq	$16, %rcx
	jb	2f
1:	vmovdqu	32(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 288(%rsi), 800(%rsi), 1
	vmovdqu	64(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 320(%rsi), 832(%rsi)
	vmovdqu	96(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 352(%rsi), 864(%rsi)
	vmovdqu	128(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 384(%rsi), 896(%rsi)
	vmovdqu	160(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 416(%rsi), 928(%rsi)
	vmovdqu	192(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 448(%rsi), 960(%rsi)
	vmovdqu	224(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	ghvec	7, 480(%rsi), 992(%rsi)
	vmovdqu	(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	vpxor	%ymm0, %ymm7, %ymm7
	ghvec	7, 256(%rsi), 768(%rsi)
	ghfinish
	addq	$256, %rdx
	subq	$16, %rcx
	cmpq	$16, %rcx
	jae	1b
2:	testq	%rcx, %rcx
	jz	3f
	/* n < 16 blocks take H^n..H^1: the table from entry 32 - n */
	movl	%ecx, %eax
	shll	$4, %eax
	negq	%rax
	leaq	512(%rsi,%rax), %rsi
	vpxor	%xmm1, %xmm1, %xmm1
	vpxor	%xmm2, %xmm2, %xmm2
	vpxor	%xmm3, %xmm3, %xmm3
	jmp	5f
4:	vmovdqu	(%rdx), %ymm7
	vpshufb	%ymm15, %ymm7, %ymm7
	vpxor	%ymm0, %ymm7, %ymm7
	vpxor	%xmm0, %xmm0, %xmm0	/* X goes into the first block only */
	ghvec	7, (%rsi), 512(%rsi)
	addq	$32, %rdx
	addq	$32, %rsi
	subq	$2, %rcx
5:	cmpq	$2, %rcx
	jae	4b
	testq	%rcx, %rcx
	jz	6f
	vmovdqu	(%rdx), %xmm7
	vpshufb	%xmm15, %xmm7, %xmm7
	vpxor	%xmm0, %xmm7, %xmm7
	ghvec	7, (%rsi), 512(%rsi), 0, xmm
6:	ghfinish
3:	vpshufb	%xmm15, %xmm0, %xmm0
	vmovdqu	%xmm0, (%rdi)
	vzeroupper
9:	ret
ENDFUNC ghash_vpclmul256

/* --- GCM, stitched ---
 *
 * size_t vaes256_gcm_enc(const struct aes_key *k, const uint8_t *htable,
 *			  uint8_t xi[16], uint8_t *dst, const uint8_t *src,
 *			  size_t nblocks, uint8_t ctr[16]) and vaes256_gcm_dec:
 * GCM's CTR and GHASH in one pass, groups of 16 blocks (eight ymm), the
 * VAESENCs of a group interleaved with the VPCLMULQDQs of a group's
 * GHASH, so that the AES units and the carry-less multiplier work at
 * once (ctr32 then ghash leaves each idle while the other runs).
 * Encryption hashes the group before (the first group is only encrypted,
 * the last only hashed); decryption the group it decrypts, read before it
 * is written.  Whole groups only: returns the blocks done (a multiple of
 * 16; 0 below 16) and steps ctr's low 32 bits by them; gcm.c does the rest.
 *
 * Registers: ymm0-ymm7 the blocks, ymm8 the counters (byte-reversed,
 * lanes +0 and +1), xmm9 the GHASH state X, ymm10 the byte swap,
 * ymm11-ymm13 the sums (lo, hi, Karatsuba middle), ymm14 a block being
 * hashed, ymm15 scratch.  No register is free for a round key: the key
 * schedule is broadcast to 32 bytes a key on the stack (wiped after) and
 * VAESENC reads it there.  The powers H^16..H^1 are ghash_vpclmul256's
 * table, read as memory operands; the reduction is two carry-less
 * multiplies by 0xc2 << 56 (ghash-pclmul.S's), which needs one scratch
 * register where the shifts of ghreduce need three.
 */

.macro gctr
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vpshufb	%ymm10, %ymm8, %ymm\r
	vpaddd	.Linc2(%rip), %ymm8, %ymm8
	vpxor	(%rsp), %ymm\r, %ymm\r
	.endr
.endm

.macro ground k
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vaesenc	32 * \k(%rsp), %ymm\r, %ymm\r
	.endr
.endm

/* Vector J (blocks 2J, 2J + 1) of the 16 at OFF(BASE), times H^(16-2J),
 * H^(15-2J), into the sums; J 1 starts them, J 0 takes X and comes last. */
.macro gvec j, off, base
	vmovdqu	\off + 32 * \j(\base), %ymm14
	vpshufb	%ymm10, %ymm14, %ymm14
	.if \j == 0
	vpxor	%ymm9, %ymm14, %ymm14
	.endif
	ghvec	14, 256+32*\j(%rsi), 768+32*\j(%rsi), (\j==1), ymm, 11, 12, 13, 15
.endm

/* The sums to the new X in xmm9: the lanes added, Karatsuba's middle
 * split into lo and hi, lo folded twice by 0xc2 << 56. */
.macro gfin
	vpxor	%ymm11, %ymm13, %ymm13
	vpxor	%ymm12, %ymm13, %ymm13
	.irp r, 11, 12, 13
	vextracti128 $1, %ymm\r, %xmm15
	vpxor	%xmm15, %xmm\r, %xmm\r
	.endr
	vpslldq	$8, %xmm13, %xmm15
	vpsrldq	$8, %xmm13, %xmm13
	vpxor	%xmm15, %xmm11, %xmm11
	vpxor	%xmm13, %xmm12, %xmm12
	vpclmulqdq $0x10, .Lpoly(%rip), %xmm11, %xmm15
	vpshufd	$0x4e, %xmm11, %xmm11
	vpxor	%xmm15, %xmm11, %xmm11
	vpclmulqdq $0x10, .Lpoly(%rip), %xmm11, %xmm15
	vpshufd	$0x4e, %xmm11, %xmm11
	vpxor	%xmm15, %xmm11, %xmm11
	vpxor	%xmm12, %xmm11, %xmm9
.endm

/* GHASH of the 16 blocks at OFF(BASE) alone. */
.macro ghash16 off, base
	.irp j, 1, 2, 3, 4, 5, 6, 7, 0
	gvec	\j, \off, \base
	.endr
	gfin
.endm

/* Rounds 1 .. Nr-1 of the group; with GH, the GHASH of the 16 blocks at
 * OFF(BASE) in rounds 1-9 (every key size has them). */
.macro grounds gh, off, base
	.irp k, 1, 2, 3, 4, 5, 6, 7, 8, 9
	ground	\k
	.if \gh
	.if \k <= 7
	gvec	\k, \off, \base
	.elseif \k == 8
	gvec	0, \off, \base
	.else
	gfin
	.endif
	.endif
	.endr
	cmpl	$10, ROUNDS(%rdi)
	je	.Lgr\@
	ground	10
	ground	11
	cmpl	$12, ROUNDS(%rdi)
	je	.Lgr\@
	ground	12
	ground	13
.Lgr\@:
.endm

/* The last round with the input folded into the key, the output stored,
 * on to the next group. */
.macro glast
	vmovdqa	(%rax), %ymm15
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vpxor	32 * \r(%r8), %ymm15, %ymm14
	vaesenclast %ymm14, %ymm\r, %ymm\r
	.endr
	.irp r, 0, 1, 2, 3, 4, 5, 6, 7
	vmovdqu	%ymm\r, 32 * \r(%rcx)
	.endr
	addq	$256, %r8
	addq	$256, %rcx
.endm

/* Frame, keys, counters, X; r9 the groups, r11 the blocks they hold,
 * rax the last key, r10 ctr.  Below 16 blocks: return 0. */
.macro genter
	movq	%r9, %r11
	andq	$-16, %r11
	jnz	1f
	xorl	%eax, %eax
	ret
1:	pushq	%rbp
	.cfi_adjust_cfa_offset 8
	.cfi_rel_offset %rbp, 0
	movq	%rsp, %rbp
	.cfi_def_cfa_register %rbp
	movq	16(%rbp), %r10
	subq	$480, %rsp
	andq	$-32, %rsp
	.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	vbroadcasti128 16 * \k(%rdi), %ymm15
	vmovdqa	%ymm15, 32 * \k(%rsp)
	.endr
	movl	ROUNDS(%rdi), %eax
	shll	$5, %eax
	addq	%rsp, %rax
	shrq	$4, %r9
	vmovdqa	.Lbswap(%rip), %ymm10
	vbroadcasti128 (%r10), %ymm8
	vpshufb	%ymm10, %ymm8, %ymm8
	vpaddd	.Llanes(%rip), %ymm8, %ymm8
	vmovdqu	(%rdx), %xmm9
	vpshufb	%xmm10, %xmm9, %xmm9
.endm

/* X and the counter back, the keys wiped, the blocks done returned. */
.macro gleave
	vpshufb	%xmm10, %xmm9, %xmm9
	vmovdqu	%xmm9, (%rdx)
	movl	12(%r10), %ecx
	bswapl	%ecx
	addl	%r11d, %ecx
	bswapl	%ecx
	movl	%ecx, 12(%r10)
	vpxor	%xmm15, %xmm15, %xmm15
	.irp k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14
	vmovdqa	%ymm15, 32 * \k(%rsp)
	.endr
	movq	%r11, %rax
	vzeroall
	leave
	.cfi_def_cfa %rsp, 8
	.cfi_restore %rbp
	ret
.endm

FUNC vaes256_gcm_enc
	genter
	gctr
	grounds	0
	glast
	decq	%r9
	jz	2f
1:	gctr
	grounds	1, -256, %rcx
	glast
	decq	%r9
	jnz	1b
2:	ghash16	-256, %rcx
	gleave
ENDFUNC vaes256_gcm_enc

FUNC vaes256_gcm_dec
	genter
1:	gctr
	grounds	1, 0, %r8
	glast
	decq	%r9
	jnz	1b
	gleave
ENDFUNC vaes256_gcm_dec
