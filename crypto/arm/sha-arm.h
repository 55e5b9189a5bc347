/* SPDX-License-Identifier: Apache-2.0 */
/* sha-arm.h: the block functions of asm/arm/sha*.S, which crypto/arm/sha.c
 * registers; each is an md_desc block function (see sha.h). */
#ifndef LSMBOX_SHA_ARM_H
#define LSMBOX_SHA_ARM_H

#include <stddef.h>
#include <stdint.h>

void sha1_blocks_ce(void *state, const uint8_t *p, size_t nblocks);
void sha256_blocks_ce(void *state, const uint8_t *p, size_t nblocks);
void sha256_blocks_neon(void *state, const uint8_t *p, size_t nblocks);
void sha512_blocks_neon(void *state, const uint8_t *p, size_t nblocks);

#endif
