// SPDX-License-Identifier: Apache-2.0
/* x86_64/sha.c: registers the hand-written SHA-1 and SHA-2 block functions
 * of asm/x86_64/ (SHA extensions, AVX2) with the CPU features each needs. */
#include "config.h"
#include "crypto.h"
#include "sha.h"

/* The SHA-NI kernels also use PSHUFB/PALIGNR (SSSE3) and PEXTRD (SSE4.1).
 * The AVX2 ones use RORX (BMI2) and ANDN (BMI1, which every BMI2 CPU has). */
#define SHANI (CPU_SHANI | CPU_SSSE3 | CPU_SSE41)
#define AVX2 (CPU_AVX2 | CPU_BMI2)

#ifdef CFG_ASM_SHA1_SHANI
void sha1_blocks_shani(void *state, const uint8_t *p, size_t nblocks);
SHA1_DRIVER(shani, "shani", 300, SHANI, sha1_blocks_shani);
#endif

#ifdef CFG_ASM_SHA1_AVX2
void sha1_blocks_avx2(void *state, const uint8_t *p, size_t nblocks);
SHA1_DRIVER(avx2, "avx2", 250, AVX2, sha1_blocks_avx2);
#endif

#ifdef CFG_ASM_SHA256_SHANI
void sha256_blocks_shani(void *state, const uint8_t *p, size_t nblocks);
SHA224_DRIVER(shani, "shani", 300, SHANI, sha256_blocks_shani);
SHA256_DRIVER(shani, "shani", 300, SHANI, sha256_blocks_shani);
#endif

#ifdef CFG_ASM_SHA256_AVX2
void sha256_blocks_avx2(void *state, const uint8_t *p, size_t nblocks);
SHA224_DRIVER(avx2, "avx2", 250, AVX2, sha256_blocks_avx2);
SHA256_DRIVER(avx2, "avx2", 250, AVX2, sha256_blocks_avx2);
#endif

#ifdef CFG_ASM_SHA512_AVX2
void sha512_blocks_avx2(void *state, const uint8_t *p, size_t nblocks);
void sha512_blocks_avx2t(void *state, const uint8_t *p, size_t nblocks);
SHA384_DRIVER(avx2, "avx2", 250, AVX2, sha512_blocks_avx2);
SHA512_DRIVER(avx2, "avx2", 250, AVX2, sha512_blocks_avx2);
SHA384_DRIVER(avx2t, "avx2t", 240, AVX2, sha512_blocks_avx2t);
SHA512_DRIVER(avx2t, "avx2t", 240, AVX2, sha512_blocks_avx2t);
#endif
