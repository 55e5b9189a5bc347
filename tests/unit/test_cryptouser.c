// SPDX-License-Identifier: Apache-2.0
/* test_cryptouser.c: cru_walk, the walk over one recv of crypto_user
 * replies: a dump, the ack, and replies that are not the kernel's (cut
 * short, a message shorter than what it holds), which end the walk
 * without a read past them (tests/fuzz/regress/crypto-netlink/). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/cryptouser.h>
#include <linux/netlink.h>

#include "afalg.h"
#include "unit.h"

/* Messages are laid out one after another in buf; each returns its length. */
static size_t msg(void *buf, int type, uint32_t seq, const void *body, size_t n)
{
	struct nlmsghdr h = { NLMSG_LENGTH(n), (uint16_t)type, 0, seq, 0 };

	memset(buf, 0, NLMSG_ALIGN(h.nlmsg_len));
	memcpy(buf, &h, sizeof(h));
	memcpy(NLMSG_DATA((struct nlmsghdr *)buf), body, n);
	return NLMSG_ALIGN(h.nlmsg_len);
}

static size_t alg(void *buf, const char *driver)
{
	struct crypto_user_alg u = { .cru_refcnt = 1 };

	strcpy(u.cru_name, "sha256");
	strcpy(u.cru_driver_name, driver);
	return msg(buf, CRYPTO_MSG_GETALG, 1, &u, sizeof(u));
}

static int count(const struct kalg_info *k, void *arg)
{
	if (!strcmp(k->name, "sha256"))
		++*(int *)arg;
	return 0;
}

/* The walk over a copy of exactly n bytes, as recv leaves them. */
static int walk(const void *buf, size_t n, int dump, int *seen, int *done)
{
	void *copy = malloc(n ? n : 1);
	int r;

	memcpy(copy, buf, n);
	*seen = 0;
	r = cru_walk(copy, n, 1, dump, count, seen, done);
	free(copy);
	return r;
}

TEST(cru_walk_dump)
{
	static char buf[4096] __attribute__((aligned(4)));
	size_t n = alg(buf, "sha256-generic");
	int seen, done, zero = 0;

	n += alg(buf + n, "sha256-avx2");
	CHECK_INT(walk(buf, n, 1, &seen, &done), 0);
	CHECK_INT(done, 0);
	CHECK_INT(seen, 2);
	n += msg(buf + n, NLMSG_DONE, 1, &zero, sizeof(zero));
	CHECK_INT(walk(buf, n, 1, &seen, &done), 0);
	CHECK_INT(done, 1);
	CHECK_INT(seen, 2);
}

TEST(cru_walk_error_and_ack)
{
	static char buf[4096] __attribute__((aligned(4)));
	struct nlmsgerr e = { .error = -ENOENT };
	int seen, done;
	size_t n = msg(buf, NLMSG_ERROR, 1, &e, sizeof(e));

	CHECK_INT(walk(buf, n, 0, &seen, &done), -ENOENT);
	CHECK_INT(done, 1);
	e.error = 0;
	n = msg(buf, NLMSG_ERROR, 1, &e, sizeof(e));
	CHECK_INT(walk(buf, n, 0, &seen, &done), 0);
	CHECK_INT(done, 1);
}

/* The last message's length not a multiple of 4 and the bytes ending
 * before its padding: the walk ends there. */
TEST(cru_walk_unpadded_last_message)
{
	static char buf[4096] __attribute__((aligned(4)));
	size_t n = alg(buf, "sha256-generic");
	struct nlmsghdr *last = (struct nlmsghdr *)(buf + n);
	int seen, done;

	msg(last, 0x7f, 1, "ab", 2);
	n += last->nlmsg_len;
	CHECK(n % 4);
	CHECK_INT(walk(buf, n, 1, &seen, &done), 0);
	CHECK_INT(done, 0);
	CHECK_INT(seen, 1);
	/* past the bytes given, where the padding would end, a message the
	 * walk must not see (a normal build reads it if the length it has
	 * left ever wraps round) */
	alg(buf + NLMSG_ALIGN(n), "sha256-past");
	seen = 0;
	CHECK_INT(cru_walk(buf, n, 1, 1, count, &seen, &done), 0);
	CHECK_INT(seen, 1);
}

TEST(cru_walk_messages_shorter_than_their_struct)
{
	static char buf[4096] __attribute__((aligned(4)));
	int seen, done, zero = 0;
	size_t n = msg(buf, CRYPTO_MSG_GETALG, 1, "sha256", 7);

	CHECK_INT(walk(buf, n, 1, &seen, &done), -EPROTO);
	CHECK_INT(done, 1);
	CHECK_INT(seen, 0);
	{
		/* one byte short of the struct: refused; whole: taken (dump) */
		struct crypto_user_alg u = { .cru_refcnt = 1 };

		strcpy(u.cru_name, "sha256");
		n = msg(buf, CRYPTO_MSG_GETALG, 1, &u, sizeof(u) - 1);
		CHECK_INT(walk(buf, n, 1, &seen, &done), -EPROTO);
		CHECK_INT(seen, 0);
		n = msg(buf, CRYPTO_MSG_GETALG, 1, &u, sizeof(u));
		CHECK_INT(walk(buf, n, 1, &seen, &done), 0);
		CHECK_INT(seen, 1);
	}
	n = msg(buf, NLMSG_ERROR, 1, &zero, 2);
	CHECK_INT(walk(buf, NLMSG_LENGTH(2), 0, &seen, &done), -EPROTO);
	CHECK_INT(done, 1);
}
