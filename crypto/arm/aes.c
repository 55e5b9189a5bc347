// SPDX-License-Identifier: Apache-2.0
/* aes.c (arm): registers the AArch32 AES modes of asm/arm/aes-ce.S (ARMv8
 * Crypto Extensions), for CPUs whose AT_HWCAP2 has AES, and of
 * asm/arm/aes-arm.S (integer tables: any ARMv7 CPU, faster than the C
 * code but, like it, not constant-time). */
#include <stddef.h>

#include "config.h"
#include "aes-arm.h"

/* aes-ce.S and aes-arm.S read the schedule at these offsets. */
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
#endif

#ifdef CFG_ASM_AES_ARM
/* All seven ops are asm: modes.c calls them unchecked (no NULL fallback). */
static const struct aes_ops arm_ops = {
	.ecb_enc = aes_arm_ecb_enc,
	.ecb_dec = aes_arm_ecb_dec,
	.cbc_enc = aes_arm_cbc_enc,
	.cbc_dec = aes_arm_cbc_dec,
	.ctr = aes_arm_ctr,
	.xts_enc = aes_arm_xts_enc,
	.xts_dec = aes_arm_xts_dec,
};

/* Below OpenSSL (150): on NEON cores its bit-sliced CTR, XTS and CBC
 * decryption take half the instructions and are constant-time.  So this
 * one is picked only in builds without libcrypto (config/tiny.conf). */
AES_MODE_DRIVERS(arm, "arm", 140, 0, NULL, &arm_ops);
#endif
