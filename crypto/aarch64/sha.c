// SPDX-License-Identifier: Apache-2.0
/* aarch64/sha.c: registers the SHA block functions of asm/aarch64/: the
 * ARMv8 Crypto Extensions for SHA-1 and SHA-224/256 (AT_HWCAP SHA1, SHA2),
 * the ARMv8.2 SHA512 instructions for SHA-384/512 (AT_HWCAP SHA512), and
 * AdvSIMD for SHA-384/512. */
#include "config.h"
#include "crypto.h"
#include "sha.h"

#ifdef CFG_ASM_SHA256_CE
void sha256_blocks_ce(void *state, const uint8_t *p, size_t nblocks);

SHA224_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
SHA256_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
#endif

#ifdef CFG_ASM_SHA1_CE
void sha1_blocks_ce(void *state, const uint8_t *p, size_t nblocks);

SHA1_DRIVER(ce, "ce", 300, CPU_ARM_SHA1, sha1_blocks_ce);
#endif

#ifdef CFG_ASM_SHA512_CE
void sha512_blocks_ce(void *state, const uint8_t *p, size_t nblocks);

SHA384_DRIVER(ce, "ce", 300, CPU_ARM_SHA512, sha512_blocks_ce);
SHA512_DRIVER(ce, "ce", 300, CPU_ARM_SHA512, sha512_blocks_ce);
#endif

#ifdef CFG_ASM_SHA512_NEON
void sha512_blocks_neon(void *state, const uint8_t *p, size_t nblocks);

SHA384_DRIVER(neon, "neon", 200, CPU_NEON, sha512_blocks_neon);
SHA512_DRIVER(neon, "neon", 200, CPU_NEON, sha512_blocks_neon);
#endif
