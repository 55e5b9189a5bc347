/* SPDX-License-Identifier: Apache-2.0 */
/* crc32c.h: CRC32C (Castagnoli, reflected polynomial 0x82F63B78) as the
 * kernel's crc32c shash has it, and a macro for drivers around an update. */
#ifndef LSMBOX_CRC32C_H
#define LSMBOX_CRC32C_H

#include "crypto.h"

/* The raw update: no inversion on the way in or out, so calls chain
 * (crc32c_generic(crc32c_generic(c, a, n), b, m) is the CRC of a then b). */
uint32_t crc32c_generic(uint32_t crc, const void *p, size_t n);

/* The shash frame: the state starts at ~0, and final writes ~state
 * little-endian, so "123456789" gives 83 92 06 e3 (0xE3069283). */
int crc32c_init(struct hash_ctx *c);
int crc32c_final(struct hash_ctx *c, uint8_t *out);

/* A driver "crc32c-" IMPL around FN, any uint32_t (uint32_t crc, const
 * uint8_t-or-void *p, size_t n) with crc32c_generic's meaning.  ID names the
 * variables. */
#define CRC32C_DRIVER(id, impl_, prio, cpu_, fn) \
	static int crc32c_update_##id(struct hash_ctx *c, const void *p, size_t n) \
	{ \
		c->st.crc = fn(c->st.crc, p, n); \
		c->count += n; \
		return 0; \
	} \
	static const struct hash_alg crc32c_drv_##id = { \
		.base = { CRYPTO_HASH, "crc32c", "crc32c-" impl_, impl_, prio, cpu_, NULL }, \
		.digestsize = 4, .blocksize = 1, \
		.init = crc32c_init, .update = crc32c_update_##id, .final = crc32c_final, \
		.md = NULL, \
	}; \
	CRYPTO_REGISTER(crc32c_drv_##id)

#endif
