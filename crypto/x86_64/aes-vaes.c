// SPDX-License-Identifier: Apache-2.0
/* aes-vaes.c (x86_64): the VAES + VPCLMULQDQ drivers of asm/x86_64/
 * aes-vaes256.S and aes-vaes512.S: CTR, XTS and GCM on wide vectors, with
 * ECB and CBC (serial or no faster wide) taken from AES-NI. */
#include <stddef.h>

#include "config.h"
#include "aesni.h"

/* The assembly reads the key schedule at these offsets. */
_Static_assert(offsetof(struct aes_key, dec) == 256 && offsetof(struct aes_key, rounds) == 496,
	       "asm/x86_64/aes-vaes*.S: DEC and ROUNDS");

#if defined(CFG_ASM_AES_VAES256) && defined(CFG_ASM_AES_AESNI)
void vaes256_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void vaes256_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void vaes256_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void vaes256_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void ghash_vpclmul256_init(uint8_t *htable, const uint8_t h[16]);
void ghash_vpclmul256(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t nblocks);
size_t vaes256_gcm_enc(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16], uint8_t *dst,
		       const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
size_t vaes256_gcm_dec(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16], uint8_t *dst,
		       const uint8_t *src, size_t nblocks, uint8_t ctr[16]);

static const struct aes_ops vaes256_ops = {
	.ecb_enc = aesni_ecb_enc,
	.ecb_dec = aesni_ecb_dec,
	.cbc_enc = aesni_cbc_enc,
	.cbc_dec = aesni_cbc_dec,
	.ctr = vaes256_ctr,
	.xts_enc = vaes256_xts_enc,
	.xts_dec = vaes256_xts_dec,
};

AES_MODE_DRIVERS(vaes256, "vaes256", 400, CPU_AESNI | CPU_SSSE3 | CPU_AVX2 | CPU_VAES | CPU_VPCLMUL,
		 NULL, &vaes256_ops);

static const struct gcm_ops vaes256_gcm_ops = {
	.ghash_init = ghash_vpclmul256_init,
	.ghash = ghash_vpclmul256,
	.ctr32 = vaes256_ctr32,
	.enc = vaes256_gcm_enc,
	.dec = vaes256_gcm_dec,
};

GCM_DRIVER(vaes256, "vaes256", 400, CPU_AESNI | CPU_AVX2 | CPU_VAES | CPU_VPCLMUL,
	   NULL, &vaes256_gcm_ops);
#endif

#if defined(CFG_ASM_AES_VAES512) && defined(CFG_ASM_AES_AESNI)
void vaes512_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void vaes512_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void vaes512_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void vaes512_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void ghash_vpclmul512_init(uint8_t *htable, const uint8_t h[16]);
void ghash_vpclmul512(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t nblocks);

static const struct aes_ops vaes512_ops = {
	.ecb_enc = aesni_ecb_enc,
	.ecb_dec = aesni_ecb_dec,
	.cbc_enc = aesni_cbc_enc,
	.cbc_dec = aesni_cbc_dec,
	.ctr = vaes512_ctr,
	.xts_enc = vaes512_xts_enc,
	.xts_dec = vaes512_xts_dec,
};

/* BMI2: the masks of the short tails are made with BZHI. */
AES_MODE_DRIVERS(vaes512, "vaes512", 500,
		 CPU_AESNI | CPU_SSSE3 | CPU_AVX2 | CPU_BMI2 | CPU_AVX512 | CPU_VAES | CPU_VPCLMUL,
		 NULL, &vaes512_ops);

static const struct gcm_ops vaes512_gcm_ops = {
	.ghash_init = ghash_vpclmul512_init,
	.ghash = ghash_vpclmul512,
	.ctr32 = vaes512_ctr32,
};

GCM_DRIVER(vaes512, "vaes512", 500,
	   CPU_AESNI | CPU_AVX2 | CPU_BMI2 | CPU_AVX512 | CPU_VAES | CPU_VPCLMUL,
	   NULL, &vaes512_gcm_ops);
#endif
