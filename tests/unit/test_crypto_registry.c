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

/* unit-z: a driver that yields on any CPU with a feature (every machine
 * the tests run on has some), one that would yield on a feature no CPU
 * sets, and the one both fall to or stay above. */
#define FAKE_Z(id, prio, yield_) \
	static const struct hash_alg fakez_##id = { \
		.base = { CRYPTO_HASH, "unit-z", "unit-z-" #id, #id, prio, 0, NULL, yield_ }, \
	}; \
	CRYPTO_REGISTER(fakez_##id)

FAKE_Z(yields, 300, ~0u);
FAKE_Z(mid, 290, 0);
FAKE_Z(never, 280, 1u << 31);

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

/* yields: 300 - CRYPTO_YIELD = 280 on a CPU with any feature, below mid
 * (290), tied with never (280, which it passes by name); never keeps 280. */
TEST(crypto_find_yield_ranks_lower)
{
	const struct crypto_alg *a = crypto_find(CRYPTO_HASH, "unit-z");

	unsetenv("LSMBOX_CRYPTO");
	CHECK(a != NULL);
	CHECK_STR(a->driver, cpu_features() ? "unit-z-mid" : "unit-z-yields");
	CHECK_INT(crypto_priority(crypto_find_driver("unit-z-yields")), cpu_features() ? 280 : 300);
	CHECK_INT(crypto_priority(crypto_find_driver("unit-z-never")), 280);
	CHECK_INT(crypto_priority(crypto_find_driver("unit-z-mid")), 290);
}

TEST(crypto_all_sorted_by_yielded_priority)
{
	const struct crypto_alg **all;
	const char *order[3];
	size_t n = crypto_all(&all), i, k = 0;

	for (i = 0; i < n; i++)
		if (!strcmp(all[i]->name, "unit-z") && k < 3)
			order[k++] = all[i]->driver;
	CHECK_INT(k, 3);
	if (cpu_features()) {
		CHECK_STR(order[0], "unit-z-mid");
		CHECK_STR(order[1], "unit-z-never");
		CHECK_STR(order[2], "unit-z-yields");
	} else {
		CHECK_STR(order[0], "unit-z-yields");
	}
}
