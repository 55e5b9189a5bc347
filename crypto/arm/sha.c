// SPDX-License-Identifier: Apache-2.0
/* arm/sha.c: registers the 32-bit ARM SHA block functions of asm/arm/:
 * ARMv7 NEON for SHA-224/256/384/512, and the ARMv8 AArch32 Crypto
 * Extensions for SHA-1 and SHA-224/256 (AT_HWCAP2 SHA1, SHA2). */
#include "config.h"
#include "crypto.h"
#include "sha.h"
#include "sha-arm.h"

#ifdef CFG_ASM_SHA256_NEON
SHA224_DRIVER(neon, "neon", 250, CPU_NEON, sha256_blocks_neon);
SHA256_DRIVER(neon, "neon", 250, CPU_NEON, sha256_blocks_neon);
#endif

#ifdef CFG_ASM_SHA512_NEON
SHA384_DRIVER(neon, "neon", 250, CPU_NEON, sha512_blocks_neon);
SHA512_DRIVER(neon, "neon", 250, CPU_NEON, sha512_blocks_neon);
#endif

#ifdef CFG_ASM_SHA1_CE
SHA1_DRIVER(ce, "ce", 300, CPU_ARM_SHA1, sha1_blocks_ce);
#endif

#ifdef CFG_ASM_SHA256_CE
SHA224_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
SHA256_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
#endif
