// SPDX-License-Identifier: Apache-2.0
/* crc32c.c (x86_64): registers the SSE4.2 CRC32C of asm/x86_64/crc32c-sse42.S,
 * which joins its interleaved crc32 streams with PCLMULQDQ. */
#include "config.h"
#include "crc32c.h"

#ifdef CFG_ASM_CRC32C_SSE42
uint32_t crc32c_sse42(uint32_t crc, const uint8_t *p, size_t n);

CRC32C_DRIVER(sse42, "sse42", 300, CPU_SSE42 | CPU_PCLMUL, crc32c_sse42);
#endif
