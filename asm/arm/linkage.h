/* SPDX-License-Identifier: Apache-2.0 */
/* linkage.h: included first by every .S file of asm/arm/: the shared
 * macros of asm/linkage.h (FUNC, LFUNC, ENDFUNC, TEXT, RODATA and the
 * .note.GNU-stack), with functions aligned to 16 bytes. */
#define ASM_FUNC_ALIGN 16
#include "../linkage.h"
