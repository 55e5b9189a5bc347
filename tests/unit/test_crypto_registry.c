// SPDX-License-Identifier: Apache-2.0
/* test_crypto_registry.c: how crypto_find picks a driver: priority, CPU
 * features, LSMBOX_CRYPTO, the once-per-name cache.  Fake drivers of a
 * name no applet uses; each test runs in a fresh process (fresh cache). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "crypto.h"
#include "unit.h"

#define FAKE(id, prio, cpu_) \
	static const struct hash_alg fake_##id = { \
		.base = { CRYPTO_HASH, "unit-x", "unit-x-" #id, #id, prio, cpu_, NULL }, \
	}; \
	CRYPTO_REGISTER(fake_##id)

FAKE(low, 100, 0);
FAKE(high, 300, 0);
FAKE(nocpu, 500, 1u << 31);	/* a feature bit no CPU sets */

static const char *pick(void)
{
	const struct crypto_alg *a = crypto_find(CRYPTO_HASH, "unit-x");

	return a ? a->driver : errno == ENODEV ? "ENODEV" : errno == ENOENT ? "ENOENT" : "?";
}

TEST(crypto_find_highest_usable)
{
	unsetenv("LSMBOX_CRYPTO");
	CHECK_STR(pick(), "unit-x-high");
}

TEST(crypto_find_forced_impl)
{
	setenv("LSMBOX_CRYPTO", "low", 1);
	CHECK_STR(pick(), "unit-x-low");
}

TEST(crypto_find_forced_driver_unusable)
{
	setenv("LSMBOX_CRYPTO", "unit-x-nocpu", 1);
	CHECK_STR(pick(), "ENODEV");
}

TEST(crypto_find_forced_list_takes_usable)
{
	setenv("LSMBOX_CRYPTO", "nocpu,low", 1);
	CHECK_STR(pick(), "unit-x-low");
}

TEST(crypto_find_unrelated_list_leaves_priority)
{
	setenv("LSMBOX_CRYPTO", "generic,unit-y-low", 1);
	CHECK_STR(pick(), "unit-x-high");
}

TEST(crypto_find_unknown_name)
{
	errno = 0;
	CHECK(crypto_find(CRYPTO_HASH, "unit-none") == NULL);
	CHECK_INT(errno, ENOENT);
	CHECK(crypto_find(CRYPTO_AEAD, "unit-x") == NULL);
}

TEST(crypto_find_chosen_once)
{
	unsetenv("LSMBOX_CRYPTO");
	CHECK_STR(pick(), "unit-x-high");
	setenv("LSMBOX_CRYPTO", "low", 1);
	CHECK_STR(pick(), "unit-x-high");
}

TEST(crypto_find_driver_and_usable)
{
	const struct crypto_alg *a = crypto_find_driver("unit-x-nocpu");

	CHECK(a != NULL);
	CHECK_INT(crypto_usable(a), 0);
	CHECK_INT(crypto_usable(crypto_find_driver("unit-x-low")), 1);
	CHECK(crypto_find_driver("unit-x-none") == NULL);
}

TEST(crypto_all_sorted_by_priority)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;
	int last = 1 << 30, found = 0;

	for (i = 0; i < n; i++)
		if (!strcmp(all[i]->name, "unit-x")) {
			CHECK(all[i]->priority <= last);
			last = all[i]->priority;
			found++;
		}
	CHECK_INT(found, 3);
}
