// SPDX-License-Identifier: Apache-2.0
/* aes.c (aarch64): registers the AES modes of asm/aarch64/aes-ce.S (ARMv8
 * Crypto Extensions, HWCAP_AES), and GCM on its CTR32 with the PMULL GHASH
 * of ghash-pmull.S (HWCAP_PMULL). */
#include <stddef.h>

#include "config.h"
#include "aes-ce.h"

/* aes-ce.S reads the schedule at these offsets (DEC, ROUNDS). */
_Static_assert(offsetof(struct aes_key, enc) == 0, "aes_key.enc");
_Static_assert(offsetof(struct aes_key, dec) == 256, "aes_key.dec");
_Static_assert(offsetof(struct aes_key, rounds) == 496, "aes_key.rounds");

#ifdef CFG_ASM_AES_CE
static const struct aes_ops ce_ops = {
	.ecb_enc = aes_ce_ecb_enc,
	.ecb_dec = aes_ce_ecb_dec,
	.cbc_enc = aes_ce_cbc_enc,
	.cbc_dec = aes_ce_cbc_dec,
	.ctr = aes_ce_ctr,
	.xts_enc = aes_ce_xts_enc,
	.xts_dec = aes_ce_xts_dec,
};

AES_MODE_DRIVERS(ce, "ce", 300, CPU_ARM_AES, NULL, &ce_ops);

#ifdef CFG_ASM_GHASH_PMULL
static const struct gcm_ops ce_gcm_ops = {
	.ghash_init = ghash_pmull_init,
	.ghash = ghash_pmull,
	.ctr32 = aes_ce_ctr32,
};

GCM_DRIVER(ce, "ce", 300, CPU_ARM_AES | CPU_ARM_PMULL, NULL, &ce_gcm_ops);
#endif
#endif
