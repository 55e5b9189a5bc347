/* SPDX-License-Identifier: Apache-2.0 */
/* crc32c-armv8.S: CRC32C (Castagnoli) with the ARMv8 CRC32 extension, the
 * raw update crc32c_armv8(crc, p, n) (no inversions, as crc32c_generic).
 *
 * crc32cx folds 8 bytes a step; the main loop takes 32 bytes (4 loads by
 * ldp, 4 dependent crc32cx) so the loads run ahead of the chain.  The
 * chain is one instruction deep per 8 bytes: on Cortex-A72 crc32cx has a
 * latency of 2-3 cycles and the loop runs at about 0.3-0.4 cycles/byte
 * (by reasoning from the latency, not measured: this machine only has
 * qemu).  Tails: 8, 4, 2, 1 bytes with crc32cx/w/h/b.
 *
 * Registers: w0 crc, x1 p, x2 n; x3-x6 data.
 */

#include "linkage.h"
	.arch	armv8-a+crc
FUNC crc32c_armv8
	cmp	x2, #32
	b.lo	2f
1:	ldp	x3, x4, [x1], #16
	ldp	x5, x6, [x1], #16
	crc32cx	w0, w0, x3
	crc32cx	w0, w0, x4
	crc32cx	w0, w0, x5
	crc32cx	w0, w0, x6
	sub	x2, x2, #32
	cmp	x2, #32
	b.hs	1b
2:	tbz	x2, #4, 3f
	ldp	x3, x4, [x1], #16
	crc32cx	w0, w0, x3
	crc32cx	w0, w0, x4
3:	tbz	x2, #3, 4f
	ldr	x3, [x1], #8
	crc32cx	w0, w0, x3
4:	tbz	x2, #2, 5f
	ldr	w3, [x1], #4
	crc32cw	w0, w0, w3
5:	tbz	x2, #1, 6f
	ldrh	w3, [x1], #2
	crc32ch	w0, w0, w3
6:	tbz	x2, #0, 7f
	ldrb	w3, [x1]
	crc32cb	w0, w0, w3
7:	ret
ENDFUNC crc32c_armv8
