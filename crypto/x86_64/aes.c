// SPDX-License-Identifier: Apache-2.0
/* aes.c (x86_64): registers the AES-NI modes of asm/x86_64/aes-aesni.S, and
 * GCM on its counter mode, stitched or beside the PCLMULQDQ GHASH of
 * ghash-pclmul.S. */
#include <stddef.h>

#include "config.h"
#include "aesni.h"

/* aes-aesni.S reads the schedule at these offsets (DEC, ROUNDS). */
_Static_assert(offsetof(struct aes_key, enc) == 0, "aes_key.enc");
_Static_assert(offsetof(struct aes_key, dec) == 256, "aes_key.dec");
_Static_assert(offsetof(struct aes_key, rounds) == 496, "aes_key.rounds");

#ifdef CFG_ASM_AES_AESNI
static const struct aes_ops aesni_ops = {
	.ecb_enc = aesni_ecb_enc,
	.ecb_dec = aesni_ecb_dec,
	.cbc_enc = aesni_cbc_enc,
	.cbc_dec = aesni_cbc_dec,
	.ctr = aesni_ctr,
	.xts_enc = aesni_xts_enc,
	.xts_dec = aesni_xts_dec,
};

/* SSSE3 for the counters' PSHUFB. */
AES_MODE_DRIVERS(aesni, "aesni", 300, CPU_AESNI | CPU_SSSE3, NULL, &aesni_ops);

#ifdef CFG_ASM_GHASH_PCLMUL
static const struct gcm_ops aesni_gcm_ops = {
	.ghash_init = ghash_pclmul_init,
	.ghash = ghash_pclmul,
	.ctr32 = aesni_ctr32,
	.enc = aesni_gcm_enc,
	.dec = aesni_gcm_dec,
};

GCM_DRIVER(aesni, "aesni", 300, CPU_AESNI | CPU_PCLMUL | CPU_SSSE3, NULL, &aesni_gcm_ops);
#endif
#endif
