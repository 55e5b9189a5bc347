/* SPDX-License-Identifier: Apache-2.0 */
/* aes-arm.h: prototypes of the AArch32 AES kernels of asm/arm/ (aes-ce.S,
 * aes-arm.S), registered by crypto/arm/aes.c. */
#ifndef CRYPTO_ARM_AES_ARM_H
#define CRYPTO_ARM_AES_ARM_H
#include "crypto.h"

void aes_ce_ecb_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_ce_ecb_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_ce_cbc_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_ce_cbc_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_ce_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void aes_ce_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void aes_ce_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);

void aes_arm_ecb_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_arm_ecb_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_arm_cbc_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_arm_cbc_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_arm_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void aes_arm_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void aes_arm_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);

#endif
