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
/* Two SHA-512 kernels (asm/x86_64/sha512-avx2.S): avx2 rounds in 24 ALU
 * operations with each chain four deep, avx2t in 22 with chains of five.
 * A core with six integer ALUs (AMD Zen 5, with AVX-512) is bound by the
 * chains: there avx2 ran 6% faster than avx2t (2026-12-07, at 16 KiB).
 * A core with four (AMD Zen 3, AVX2 only: avx2 measured 0.84x OpenSSL,
 * whose rounds are avx2t's 22 operations) is bound by the ALUs.  CPUID
 * does not count ALUs; AVX-512 stands for the wide core here: avx2t
 * ranks first and yields to avx2 where AVX-512 is.  (Zen 4 has AVX-512
 * and four ALUs: to measure there before trusting this.) */
SHA384_DRIVER_Y(avx2t, "avx2t", 260, AVX2, CPU_AVX512, sha512_blocks_avx2t);
SHA512_DRIVER_Y(avx2t, "avx2t", 260, AVX2, CPU_AVX512, sha512_blocks_avx2t);
#endif
