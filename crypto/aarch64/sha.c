/* aarch64/sha.c: registers the SHA-2 block functions of asm/aarch64/ that
 * use the ARMv8 Crypto Extensions, for CPUs whose AT_HWCAP has SHA2. */
#include "config.h"
#include "crypto.h"
#include "sha.h"

#ifdef CFG_ASM_SHA256_CE
void sha256_blocks_ce(void *state, const uint8_t *p, size_t nblocks);

SHA224_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
SHA256_DRIVER(ce, "ce", 300, CPU_ARM_SHA2, sha256_blocks_ce);
#endif
