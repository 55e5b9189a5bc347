// SPDX-License-Identifier: Apache-2.0
/* crypto-netlink: one recv of crypto_user replies as cru_list and cru_get
 * read them (cru_walk: the netlink message walk, NLMSG_DONE, errors and
 * acks, parse_alg of each CRYPTO_MSG_GETALG message and its attributes).
 * The first byte says how it was asked: a dump or one, with or without a
 * callback, and whether the callback stops the walk. */
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "fuzz.h"

static int check_entry(const struct kalg_info *k, void *arg)
{
	const char *names[] = { k->name, k->driver, k->module, k->type, k->geniv };
	int how = *(int *)arg;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!memchr(names[i], 0, sizeof(k->name)))
			__builtin_trap();
	return how == 1 ? 1 : how == 2 ? -5 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int how, done;
	void *buf;

	if (!size)
		return 0;
	how = data[0] >> 2 & 3;
	/* recv's buffer holds exactly what came: a read past it is caught. */
	buf = xmalloc(size - 1 ? size - 1 : 1);
	memcpy(buf, data + 1, size - 1);
	cru_walk(buf, size - 1, 1, data[0] & 1, data[0] & 2 ? check_entry : NULL, &how, &done);
	free(buf);
	return 0;
}
