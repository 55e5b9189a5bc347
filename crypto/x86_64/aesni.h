/* SPDX-License-Identifier: Apache-2.0 */
/* aesni.h (x86_64): the AES-NI and PCLMULQDQ kernels of asm/x86_64/
 * aes-aesni.S and ghash-pclmul.S, for the glue here and for other drivers
 * (VAES) that reuse some of them in their own aes_ops or gcm_ops. */
#ifndef LSMBOX_X86_64_AESNI_H
#define LSMBOX_X86_64_AESNI_H

#include "crypto.h"

/* struct aes_ops primitives; any nblocks, 0 included; dst may equal src. */
void aesni_ecb_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aesni_ecb_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
void aesni_cbc_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aesni_cbc_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
void aesni_ctr(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void aesni_xts_enc(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
void aesni_xts_dec(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);

/* gcm_ops: the 32-bit counter, GHASH (htable: 512 bytes), and both
 * stitched: enc and dec do whole groups of 8 (enc: none below 16 blocks)
 * and return how many blocks they did; they need htable 16-aligned, as
 * aead_ctx's is. */
void aesni_ctr32(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
void ghash_pclmul_init(uint8_t *htable, const uint8_t h[16]);
void ghash_pclmul(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t nblocks);
size_t aesni_gcm_enc(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16],
		     uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
size_t aesni_gcm_dec(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16],
		     uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);

#endif
