/* SPDX-License-Identifier: Apache-2.0 */
/* sha.h: what the SHA-1 and SHA-2 implementations share: the initial
 * states, the portable block functions, and a macro for their drivers. */
#ifndef LSMBOX_SHA_H
#define LSMBOX_SHA_H

#include "crypto.h"

/* FIPS 180-4 initial hash values, as host-order words (md.c's layout). */
extern const uint32_t sha1_iv[5];
extern const uint32_t sha224_iv[8], sha256_iv[8];
extern const uint64_t sha384_iv[8], sha512_iv[8];

/* Compress nblocks (possibly 0) whole blocks of p, unaligned, into state:
 * uint32_t[5] (SHA-1), uint32_t[8] (SHA-224/256), uint64_t[8] (SHA-384/512). */
void sha1_blocks_generic(void *state, const uint8_t *p, size_t nblocks);
void sha256_blocks_generic(void *state, const uint8_t *p, size_t nblocks);
void sha512_blocks_generic(void *state, const uint8_t *p, size_t nblocks);

/* A driver: a block function framed by md.c.  ID names the variables,
 * IMPL is the impl string, which also ends the driver name ("sha256-" IMPL). */
#define SHA_DRIVER_(alg, id, impl_, prio, cpu_, blocks_, iv_, ssize, lsize, wsize, dsize, bsize) \
	SHA_DRIVER_Y_(alg, id, impl_, prio, cpu_, 0, blocks_, iv_, ssize, lsize, wsize, dsize, bsize)
/* ... that yields (crypto_priority) on a CPU with any of the bits yield_ */
#define SHA_DRIVER_Y_(alg, id, impl_, prio, cpu_, yield_, blocks_, iv_, ssize, lsize, wsize, dsize, bsize) \
	static const struct md_desc alg##_md_##id = { \
		.iv = iv_, .statesize = ssize, .lensize = lsize, .wordsize = wsize, \
		.blocks = blocks_, \
	}; \
	static const struct hash_alg alg##_##id = { \
		.base = { CRYPTO_HASH, #alg, #alg "-" impl_, impl_, prio, cpu_, NULL, yield_ }, \
		.digestsize = dsize, .blocksize = bsize, \
		.init = md_init, .update = md_update, .final = md_final, \
		.md = &alg##_md_##id, \
	}; \
	CRYPTO_REGISTER(alg##_##id)

#define SHA1_DRIVER(id, impl_, prio, cpu_, blocks_) \
	SHA_DRIVER_(sha1, id, impl_, prio, cpu_, blocks_, sha1_iv, 20, 8, 4, 20, 64)
#define SHA224_DRIVER(id, impl_, prio, cpu_, blocks_) \
	SHA_DRIVER_(sha224, id, impl_, prio, cpu_, blocks_, sha224_iv, 32, 8, 4, 28, 64)
#define SHA256_DRIVER(id, impl_, prio, cpu_, blocks_) \
	SHA_DRIVER_(sha256, id, impl_, prio, cpu_, blocks_, sha256_iv, 32, 8, 4, 32, 64)
#define SHA384_DRIVER(id, impl_, prio, cpu_, blocks_) \
	SHA_DRIVER_(sha384, id, impl_, prio, cpu_, blocks_, sha384_iv, 64, 16, 8, 48, 128)
#define SHA512_DRIVER(id, impl_, prio, cpu_, blocks_) \
	SHA_DRIVER_(sha512, id, impl_, prio, cpu_, blocks_, sha512_iv, 64, 16, 8, 64, 128)

#define SHA384_DRIVER_Y(id, impl_, prio, cpu_, yield_, blocks_) \
	SHA_DRIVER_Y_(sha384, id, impl_, prio, cpu_, yield_, blocks_, sha384_iv, 64, 16, 8, 48, 128)
#define SHA512_DRIVER_Y(id, impl_, prio, cpu_, yield_, blocks_) \
	SHA_DRIVER_Y_(sha512, id, impl_, prio, cpu_, yield_, blocks_, sha512_iv, 64, 16, 8, 64, 128)

#endif
