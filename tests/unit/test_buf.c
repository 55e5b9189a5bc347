// SPDX-License-Identifier: Apache-2.0
/* test_buf.c: the byte buffer's writers, and its maximum size on each side. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "unit.h"

#define CHECK_BYTES(b, s) \
	do { \
		CHECK_INT((b)->len, sizeof(s) - 1); \
		CHECK(!memcmp((b)->p, s, sizeof(s) - 1)); \
	} while (0)

TEST(buf_endian_writers)
{
	struct buf b = BUF_INIT(0);

	CHECK_INT(buf_put_u8(&b, 0xa5), 0);
	CHECK_INT(buf_put_u16le(&b, 0x0102), 0);
	CHECK_INT(buf_put_u16be(&b, 0x0102), 0);
	CHECK_INT(buf_put_u32le(&b, 0x01020304), 0);
	CHECK_INT(buf_put_u32be(&b, 0x01020304), 0);
	CHECK_INT(buf_put_u64le(&b, 0x0102030405060708ull), 0);
	CHECK_INT(buf_put_u64be(&b, 0x0102030405060708ull), 0);
	CHECK_BYTES(&b, "\xa5" "\x02\x01" "\x01\x02" "\x04\x03\x02\x01" "\x01\x02\x03\x04"
		    "\x08\x07\x06\x05\x04\x03\x02\x01" "\x01\x02\x03\x04\x05\x06\x07\x08");
	CHECK_INT(b.err, 0);
	buf_free(&b);
}

TEST(buf_strings_and_printf)
{
	struct buf b;

	buf_init(&b, 0);
	CHECK_INT(buf_put_str(&b, "ab"), 0);
	CHECK_INT(buf_put_strz(&b, "cd"), 0);
	CHECK_INT(buf_printf(&b, "%d-%s", 42, "x"), 0);
	CHECK_INT(buf_put(&b, NULL, 0), 0);
	CHECK_BYTES(&b, "abcd\0" "42-x");
	buf_reset(&b);
	CHECK_INT(b.len, 0);
	CHECK_INT(buf_put_str(&b, "z"), 0);
	CHECK_BYTES(&b, "z");
	buf_free(&b);
}

/* Many small writes across several growths keep every byte. */
TEST(buf_grows)
{
	struct buf b = BUF_INIT(0);

	for (unsigned i = 0; i < 100000; i++)
		CHECK_INT(buf_put_u8(&b, (uint8_t)(i * 7)), 0);
	CHECK_INT(b.len, 100000);
	CHECK(b.cap >= b.len);
	for (unsigned i = 0; i < 100000; i++)
		CHECK_INT(b.p[i], (uint8_t)(i * 7));
	buf_free(&b);
}

TEST(buf_max_exactly_reached)
{
	struct buf b = BUF_INIT(10);

	CHECK_INT(buf_put(&b, "0123456", 7), 0);
	CHECK_INT(buf_put_u16be(&b, 0x3738), 0);
	CHECK_INT(buf_put_u8(&b, '9'), 0);
	CHECK_BYTES(&b, "0123456789");
	CHECK_INT(b.err, 0);
	CHECK(b.cap <= 10);
	CHECK(buf_grow(&b, 0) != NULL);
	CHECK_INT(buf_put_str(&b, ""), 0);
	CHECK_INT(b.err, 0);
	buf_free(&b);
}

/* One byte past the maximum: nothing appended, EFBIG, err stays set. */
TEST(buf_max_one_past)
{
	struct buf b = BUF_INIT(10);

	CHECK_INT(buf_put(&b, "012345678", 9), 0);
	errno = 0;
	CHECK_INT(buf_put_u16le(&b, 1), -1);
	CHECK_INT(errno, EFBIG);
	CHECK_INT(b.len, 9);
	CHECK_INT(b.err, 1);
	CHECK_INT(buf_put_u8(&b, 'x'), 0);	/* still room for one */
	CHECK_INT(b.err, 1);			/* sticky */
	CHECK_INT(buf_put_u8(&b, 'y'), -1);
	CHECK(b.cap <= 10);
	CHECK_BYTES(&b, "012345678x");
	buf_reset(&b);
	CHECK_INT(b.err, 0);
	buf_free(&b);

	buf_init(&b, 10);
	CHECK_INT(buf_put(&b, "0123456789A", 11), -1);
	CHECK_INT(b.len, 0);
	CHECK(b.cap == 0);
	CHECK_INT(buf_pad(&b, 11, 0), -1);
	CHECK(buf_grow(&b, SIZE_MAX) == NULL);
	CHECK_INT(buf_put_u8(&b, 1), 0);
	CHECK(buf_grow(&b, SIZE_MAX) == NULL);	/* len + n overflows */
	CHECK_INT(buf_printf(&b, "%s", "0123456789"), -1);
	CHECK_INT(b.len, 1);
	buf_free(&b);
}

/* The default maximum, BUF_MAX, on each side. */
TEST(buf_default_max)
{
	struct buf b = BUF_INIT(0);

	CHECK(buf_grow(&b, BUF_MAX + 1) == NULL);
	CHECK_INT(errno, EFBIG);
	CHECK(b.p == NULL);
	CHECK(buf_grow(&b, BUF_MAX - 1) != NULL);
	CHECK_INT(buf_put_u8(&b, 1), 0);
	CHECK_INT(b.len, BUF_MAX);
	CHECK(b.cap == BUF_MAX);
	CHECK_INT(buf_put_u8(&b, 1), -1);
	buf_free(&b);
}

TEST(buf_pad_align)
{
	struct buf b = BUF_INIT(0);

	CHECK_INT(buf_put(&b, "abcde", 5), 0);
	CHECK_INT(buf_align(&b, 4, 0xff), 0);
	CHECK_BYTES(&b, "abcde\xff\xff\xff");
	CHECK_INT(buf_align(&b, 4, 0), 0);	/* already aligned */
	CHECK_INT(b.len, 8);
	CHECK_INT(buf_align(&b, 1, 0), 0);
	CHECK_INT(buf_align(&b, 3, 'z'), 0);
	CHECK_BYTES(&b, "abcde\xff\xff\xffz");
	errno = 0;
	CHECK_INT(buf_align(&b, 0, 0), -1);
	CHECK_INT(errno, EINVAL);
	CHECK_INT(buf_pad(&b, 2, '.'), 0);
	CHECK_BYTES(&b, "abcde\xff\xff\xffz..");
	buf_free(&b);

	/* Alignment that would pass the maximum: nothing added. */
	buf_init(&b, 10);
	CHECK_INT(buf_put(&b, "012345678", 9), 0);
	CHECK_INT(buf_align(&b, 4, 0), -1);
	CHECK_INT(b.len, 9);
	CHECK_INT(buf_align(&b, 9, 0), 0);
	buf_free(&b);
}

TEST(buf_set_fields)
{
	struct buf b = BUF_INIT(0);

	CHECK(buf_grow(&b, 8) != NULL);
	CHECK_INT(buf_set_u32le(&b, 4, 0x01020304), 0);	/* ends exactly at len */
	CHECK_INT(buf_set_u16be(&b, 0, 0x0a0b), 0);
	CHECK_INT(buf_set_u16le(&b, 2, 0x0a0b), 0);
	CHECK_BYTES(&b, "\x0a\x0b\x0b\x0a\x04\x03\x02\x01");
	CHECK_INT(buf_set_u32be(&b, 4, 0x01020304), 0);
	CHECK_BYTES(&b, "\x0a\x0b\x0b\x0a\x01\x02\x03\x04");
	CHECK_INT(buf_set_u64le(&b, 0, 0x0102030405060708ull), 0);
	CHECK_BYTES(&b, "\x08\x07\x06\x05\x04\x03\x02\x01");
	CHECK_INT(buf_set_u64be(&b, 0, 0x0102030405060708ull), 0);
	CHECK_BYTES(&b, "\x01\x02\x03\x04\x05\x06\x07\x08");
	errno = 0;
	CHECK_INT(buf_set_u32le(&b, 5, 0), -1);		/* one byte past len */
	CHECK_INT(errno, EINVAL);
	CHECK_INT(buf_set_u16le(&b, SIZE_MAX, 0), -1);
	CHECK_INT(buf_set_u64be(&b, 1, 0), -1);
	CHECK_BYTES(&b, "\x01\x02\x03\x04\x05\x06\x07\x08");
	buf_free(&b);
}
