/* aes.c (arm): registers the AArch32 AES modes of asm/arm/aes-ce.S (ARMv8
 * Crypto Extensions), for CPUs whose AT_HWCAP2 has AES. */
#include <stddef.h>

#include "config.h"
#include "aes-arm.h"

/* aes-ce.S reads the schedule at these offsets. */
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
