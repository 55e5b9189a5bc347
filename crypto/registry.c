// SPDX-License-Identifier: Apache-2.0
/* registry.c: the provider table.  Drivers register with CRYPTO_REGISTER
 * into the lsmbox_crypto section; lookups pick, once per name, the driver
 * LSMBOX_CRYPTO names or else the usable one of highest priority, as the
 * kernel's crypto API does with cra_priority (less CRYPTO_YIELD for a
 * driver that yields on this CPU). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "crypto.h"

extern const struct crypto_alg *const __start_lsmbox_crypto[];
extern const struct crypto_alg *const __stop_lsmbox_crypto[];

static const struct crypto_alg **sorted;
static size_t nsorted;

static int cmp(const void *pa, const void *pb)
{
	const struct crypto_alg *a = *(const struct crypto_alg *const *)pa;
	const struct crypto_alg *b = *(const struct crypto_alg *const *)pb;
	int r;

	if (a->type != b->type)
		return a->type < b->type ? -1 : 1;
	if ((r = strcmp(a->name, b->name)))
		return r;
	if (crypto_priority(a) != crypto_priority(b))
		return crypto_priority(a) > crypto_priority(b) ? -1 : 1;
	return strcmp(a->driver, b->driver);
}

static void sort_all(void)
{
	size_t n = __stop_lsmbox_crypto - __start_lsmbox_crypto;

	sorted = malloc((n ? n : 1) * sizeof(*sorted));
	if (!sorted)
		abort();
	memcpy(sorted, __start_lsmbox_crypto, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), cmp);
	nsorted = n;
}

/* Made once, whichever thread asks first (threads hash at once). */
size_t crypto_all(const struct crypto_alg ***list)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, sort_all);
	*list = sorted;
	return nsorted;
}

int crypto_priority(const struct crypto_alg *a)
{
	return a->priority - ((cpu_features() & a->yield) ? CRYPTO_YIELD : 0);
}

int crypto_usable(const struct crypto_alg *a)
{
	return (cpu_features() & a->cpu) == a->cpu && (!a->usable || a->usable());
}

const struct crypto_alg *crypto_find_driver(const char *driver)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;

	for (i = 0; i < n; i++)
		if (!strcmp(all[i]->driver, driver))
			return all[i];
	/* Any kernel driver, made on demand. */
	if (!strncmp(driver, "afalg:", 6))
		return afalg_driver(driver + 6);
	return NULL;
}

/* A kernel driver LSMBOX_CRYPTO names as afalg:DRIVER for TYPE and NAME. */
static const struct crypto_alg *forced_kernel(const char *s, enum crypto_type type, const char *name)
{
	while (s && *s) {
		size_t l = strcspn(s, ",");
		char d[80];

		if (l > 6 && l < sizeof(d) && !memcmp(s, "afalg:", 6)) {
			const struct crypto_alg *a;

			memcpy(d, s, l);
			d[l] = 0;
			a = afalg_driver(d + 6);
			if (a && a->type == type && !strcmp(a->name, name))
				return a;
		}
		s += l + (s[l] == ',');
	}
	return NULL;
}

/* Is A named in the comma-separated list S, by driver or by impl? */
static int listed(const char *s, const struct crypto_alg *a)
{
	size_t dl = strlen(a->driver), il = strlen(a->impl);

	while (s && *s) {
		size_t l = strcspn(s, ",");

		if ((l == dl && !memcmp(s, a->driver, l)) || (l == il && !memcmp(s, a->impl, l)))
			return 1;
		s += l + (s[l] == ',');
	}
	return 0;
}

static const struct crypto_alg *choose(enum crypto_type type, const char *name)
{
	const char *force = getenv("LSMBOX_CRYPTO");
	const struct crypto_alg **all, *best = NULL, *forced = NULL;
	size_t n = crypto_all(&all), i;
	int seen = 0, named = 0;

	if (force && (forced = forced_kernel(force, type, name)))
		return forced;
	for (i = 0; i < n; i++) {
		const struct crypto_alg *a = all[i];

		if (a->type != type || strcmp(a->name, name))
			continue;
		seen = 1;
		/* Of the drivers LSMBOX_CRYPTO names, the usable one of highest priority. */
		if (force && *force && listed(force, a)) {
			named = 1;
			if (!forced && crypto_usable(a))
				forced = a;
		}
		if (!best && crypto_usable(a))
			best = a;	/* the list is sorted by priority */
	}
	if (forced)
		return forced;
	if (named) {
		errno = ENODEV;
		return NULL;
	}
	if (!best)
		errno = seen ? ENODEV : ENOENT;
	return best;
}

const struct crypto_alg *crypto_find(enum crypto_type type, const char *name)
{
	static struct {
		enum crypto_type type;
		const char *name;	/* the driver's own copy */
		const struct crypto_alg *alg;
	} cache[64];
	static size_t ncache;
	static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	const struct crypto_alg *a;
	size_t i;

	/* threads look up at once: the cache and the choice (which may make
	 * a kernel driver) under one lock */
	pthread_mutex_lock(&lock);
	for (i = 0; i < ncache; i++)
		if (cache[i].type == type && !strcmp(cache[i].name, name)) {
			a = cache[i].alg;
			pthread_mutex_unlock(&lock);
			return a;
		}
	a = choose(type, name);
	if (a && ncache < sizeof(cache) / sizeof(cache[0])) {
		cache[ncache].type = type;
		cache[ncache].name = a->name;
		cache[ncache++].alg = a;
	}
	pthread_mutex_unlock(&lock);
	return a;
}

int crypto_memneq(const void *a, const void *b, size_t n)
{
	const volatile uint8_t *x = a, *y = b;
	uint8_t d = 0;

	while (n--)
		d |= *x++ ^ *y++;
	return d != 0;
}

void crypto_wipe(void *p, size_t n)
{
	memset(p, 0, n);
	__asm__ volatile("" : : "r"(p) : "memory");
}
