/* SPDX-License-Identifier: Apache-2.0 */
/* linkage.h: included first by every .S file of asm/x86_64/: the shared
 * macros of asm/linkage.h (FUNC, LFUNC, ENDFUNC, TEXT, RODATA and the
 * .note.GNU-stack), with functions aligned to 32 bytes.
 * No endbr64 (nor its property note): the build does not use
 * -fcf-protection=branch. */
#define ASM_FUNC_ALIGN 32
#include "../linkage.h"
