/* SPDX-License-Identifier: Apache-2.0 */
/* linkage.h: the assembler macros of every architecture, included by
 * asm/ARCH/linkage.h (which each .S file includes first) after it has set
 * ASM_FUNC_ALIGN: function and data sections, symbol types and sizes, CFI,
 * and the non-executable stack note (as <linux/linkage.h>'s
 * SYM_FUNC_START/END do for the kernel).  "%" spells section and symbol
 * types on every target ("@" starts a comment on ARM).
 *
 *	FUNC name[, align]	a global function in its own .text.NAME section
 *				(for -ffunction-sections/--gc-sections), aligned
 *				to ALIGN bytes (ASM_FUNC_ALIGN), with .cfi_startproc
 *	LFUNC name[, align]	the same for a file-local helper (no .globl)
 *	ENDFUNC name		.cfi_endproc and the symbol's size
 *	TEXT name		back into NAME's section, e.g. for a literal
 *				placed before its code
 *	RODATA name, align	read-only data in .rodata.NAME, ALIGN bytes
 */
#ifndef LSMBOX_ASM_LINKAGE_H
#define LSMBOX_ASM_LINKAGE_H

#ifndef ASM_FUNC_ALIGN
#error "asm/ARCH/linkage.h sets ASM_FUNC_ALIGN before including asm/linkage.h"
#endif

.macro TEXT name
	.section .text.\name, "ax", %progbits
.endm

.macro LFUNC name, align=ASM_FUNC_ALIGN
	TEXT \name
	.type \name, %function
	.balign \align
\name:
	.cfi_startproc
.endm

.macro FUNC name, align=ASM_FUNC_ALIGN
	.globl \name
	LFUNC \name, \align
.endm

.macro ENDFUNC name
	.cfi_endproc
	.size \name, . - \name
.endm

.macro RODATA name, align
	.section .rodata.\name, "a", %progbits
	.balign \align
.endm

/* The stack is not executable: one note a file, from this guarded header. */
	.pushsection .note.GNU-stack, "", %progbits
	.popsection

#endif
