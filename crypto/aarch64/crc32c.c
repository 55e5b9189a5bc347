// SPDX-License-Identifier: Apache-2.0
/* crc32c.c (aarch64): registers the CRC32C of asm/aarch64/crc32c-armv8.S,
 * for CPUs whose AT_HWCAP has the CRC32 bit. */
#include "config.h"
#include "crc32c.h"

#ifdef CFG_ASM_CRC32C_ARMV8
uint32_t crc32c_armv8(uint32_t crc, const uint8_t *p, size_t n);

CRC32C_DRIVER(armv8, "armv8", 300, CPU_ARM_CRC32, crc32c_armv8);
#endif
