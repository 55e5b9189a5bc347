// SPDX-License-Identifier: Apache-2.0
/* crc32c.c: CRC32C (iSCSI, ext4, btrfs) in portable C, slicing by 8, and
 * the init/final that every crc32c driver shares.  Tables are built on
 * first use from the polynomial, not pasted. */
#include "crc32c.h"

#define POLY 0x82f63b78		/* x^32 + x^28 + x^27 + ... + 1, bit-reflected */

/* t[k][b]: what byte b does to the register when k more bytes follow it,
 * so eight table reads advance the CRC over eight bytes at once. */
static uint32_t t[8][256];

static void crc32c_tables(void)
{
	static int done;
	uint32_t c;
	int i, j;

	if (done)
		return;
	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = c >> 1 ^ (c & 1 ? POLY : 0);
		t[0][i] = c;
	}
	for (j = 1; j < 8; j++)
		for (i = 0; i < 256; i++)
			t[j][i] = t[j - 1][i] >> 8 ^ t[0][t[j - 1][i] & 0xff];
	/* Set last: a racing caller at worst builds the same tables again. */
	done = 1;
}

/* Byte by byte: the compiler makes these single loads on x86. */
static uint32_t le32(const uint8_t *p)
{
	return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24;
}

uint32_t crc32c_generic(uint32_t crc, const void *data, size_t n)
{
	const uint8_t *p = data;

	crc32c_tables();
	while (n >= 8) {
		uint32_t a = crc ^ le32(p), b = le32(p + 4);
		/* The second word's lookups do not wait for crc; those of the
		 * first are paired so that two xors, not four, follow them. */
		uint32_t x = t[3][b & 0xff] ^ t[2][b >> 8 & 0xff] ^ t[1][b >> 16 & 0xff] ^ t[0][b >> 24];

		crc = x ^ ((t[7][a & 0xff] ^ t[6][a >> 8 & 0xff]) ^ (t[5][a >> 16 & 0xff] ^ t[4][a >> 24]));
		p += 8;
		n -= 8;
	}
	while (n--)
		crc = crc >> 8 ^ t[0][(crc ^ *p++) & 0xff];
	return crc;
}

int crc32c_init(struct hash_ctx *c)
{
	c->st.crc = ~0u;
	c->count = 0;
	c->buflen = 0;
	return 0;
}

int crc32c_final(struct hash_ctx *c, uint8_t *out)
{
	uint32_t v = ~c->st.crc;

	out[0] = v;
	out[1] = v >> 8;
	out[2] = v >> 16;
	out[3] = v >> 24;
	c->st.crc = 0;
	return 0;
}

CRC32C_DRIVER(generic, "generic", 100, 0, crc32c_generic);
