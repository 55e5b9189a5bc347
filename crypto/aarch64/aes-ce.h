/* SPDX-License-Identifier: Apache-2.0 */
/* aes-ce.h (aarch64): the AES and GHASH kernels of asm/aarch64/aes-ce.S
 * and ghash-pmull.S (ARMv8 Crypto Extensions), for the glue in aes.c. */
#ifndef LSMBOX_AARCH64_AES_CE_H
#define LSMBOX_AARCH64_AES_CE_H

#include "crypto.h"

/* struct aes_ops primitives; any nblocks, 0 included; dst may equal src. */
void aes_ce_ecb_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_ce_ecb_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aes_ce_cbc_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_ce_cbc_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aes_ce_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void aes_ce_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void aes_ce_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);

/* gcm_ops: the 32-bit counter, and GHASH on ghash_pmull_init's table
 * (192 bytes of the 1024). */
void aes_ce_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void ghash_pmull_init(uint8_t *htable, const uint8_t h[16]);
void ghash_pmull(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t nblocks);

#endif
