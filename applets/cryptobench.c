// SPDX-License-Identifier: Apache-2.0
/* cryptobench.c: every implementation of each algorithm measured side by
 * side (ours in C and assembly, OpenSSL), like `openssl speed` for all. */
/* applet: cryptobench
 * summary: compare crypto implementations: ours, OpenSSL, the kernel's
 * usage: cryptobench [--list] [--algo A,...] [--impl I,...] [--sizes N,...] [--seconds S] [--runs N] [--json] [--vs openssl] [--kernel]
 * usage: cryptobench kernel list [--json] [--proc] [--root DIR]
 * usage: cryptobench kernel show NAME
 * usage: cryptobench kernel set-priority DRIVER N
 * usage: cryptobench kernel add ALG
 * usage: cryptobench kernel del DRIVER
 * usage: cryptobench kernel rng NAME N
 * help:
 * Measure the throughput (MB/s, 10^6 bytes) and cycles per byte of every
 * implementation this CPU can run, at each buffer size, as the median of
 * several timed runs after a warm-up run.
 *
 *   --list          the provider table: every driver, its priority, the
 *                   CPU features it needs, and which one lsmbox picks
 *   --algo A,...    algorithms: sha1 sha224 sha256 sha384 sha512 crc32c
 *                   aes-128-ecb aes-128-cbc-enc aes-128-cbc-dec aes-256-cbc-dec
 *                   aes-128-ctr aes-256-ctr aes-128-xts aes-256-xts
 *                   aes-128-gcm aes-256-gcm (default: all)
 *   --impl I,...    only these drivers or implementations (generic, openssl,
 *                   shani, aesni, ...), as LSMBOX_CRYPTO takes them; a name
 *                   that is neither, or options that select no driver,
 *                   are errors
 *   --sizes N,...   buffer sizes in bytes (default 16,64,256,1024,8192,16384)
 *   --seconds S     time per measurement, split over the runs (default 0.3)
 *   --runs N        timed runs per measurement, the median reported (default 5)
 *   --json          one JSON object instead of the tables (or of --list's)
 *   --vs openssl    per algorithm, the driver lsmbox picks (OpenSSL aside)
 *                   against OpenSSL, runs interleaved, and the ratio;
 *                   default size 16384
 *   --kernel        also every driver the kernel has for each algorithm
 *                   (crypto_user's table), through AF_ALG, as afalg:DRIVER
 *
 * The kernel's own table (crypto_user netlink; CAP_NET_ADMIN to change it):
 *   kernel list     every algorithm: type, name, driver, priority, refcnt,
 *                   module, selftest, internal (--json; --proc reads
 *                   /proc/crypto instead, under --root DIR if given)
 *   kernel show N   the driver N, or the best one named N, as /proc/crypto
 *   kernel set-priority DRIVER N   rank DRIVER at priority N
 *   kernel add ALG  have the kernel instantiate ALG, e.g. pcrypt(gcm(aes))
 *   kernel del DRIVER  remove a template instance
 *   kernel rng NAME N  N random bytes from the kernel rng NAME, raw
 *
 * Cycles are the time-stamp counter's on x86-64 (a constant rate, not the
 * core clock under turbo); elsewhere "-".  Exit status: 0, 1 when a driver
 * fails while measured or a kernel request fails, 2 for bad usage (an
 * unknown name in LSMBOX_CRYPTO too) or a /proc/crypto that does not parse
 * (FILE:LINE).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "afalg.h"
#include "crypto.h"
#include "lsmbox.h"

struct item {
	const char *label;
	enum crypto_type type;
	const char *name;
	unsigned keylen;
	int enc;
};

static const struct item items[] = {
	{ "sha1", CRYPTO_HASH, "sha1", 0, 1 },
	{ "sha224", CRYPTO_HASH, "sha224", 0, 1 },
	{ "sha256", CRYPTO_HASH, "sha256", 0, 1 },
	{ "sha384", CRYPTO_HASH, "sha384", 0, 1 },
	{ "sha512", CRYPTO_HASH, "sha512", 0, 1 },
	{ "crc32c", CRYPTO_HASH, "crc32c", 0, 1 },
	{ "aes-128-ecb", CRYPTO_SKCIPHER, "ecb(aes)", 16, 1 },
	{ "aes-128-cbc-enc", CRYPTO_SKCIPHER, "cbc(aes)", 16, 1 },
	{ "aes-128-cbc-dec", CRYPTO_SKCIPHER, "cbc(aes)", 16, 0 },
	{ "aes-256-cbc-dec", CRYPTO_SKCIPHER, "cbc(aes)", 32, 0 },
	{ "aes-128-ctr", CRYPTO_SKCIPHER, "ctr(aes)", 16, 1 },
	{ "aes-256-ctr", CRYPTO_SKCIPHER, "ctr(aes)", 32, 1 },
	{ "aes-128-xts", CRYPTO_SKCIPHER, "xts(aes)", 32, 1 },
	{ "aes-256-xts", CRYPTO_SKCIPHER, "xts(aes)", 64, 1 },
	{ "aes-128-gcm", CRYPTO_AEAD, "gcm(aes)", 16, 1 },
	{ "aes-256-gcm", CRYPTO_AEAD, "gcm(aes)", 32, 1 },
};

/* One measurement's subject: a driver keyed for an item. */
struct subject {
	const struct item *it;
	const struct crypto_alg *alg;
	struct skcipher_ctx sk;
	struct aead_ctx *ae;
	uint8_t iv[16], tag[16], out[64];
};

/* --kernel: every driver the kernel has for an item, through AF_ALG. */
struct kset {
	struct kalg_info *v;
	size_t n;
};

static struct {
	const char *algos, *impls;
	size_t sizes[32];
	int nsizes, runs, json, failed, kernel, vs;
	int kproc;		/* kernel list --proc */
	double seconds;
	uint8_t *buf;
	struct kset ks;
} TT;


static uint64_t cycles(void)
{
#if defined(__x86_64__) || defined(__i386__)
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
#else
	return 0;
#endif
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int in_list(const char *list, const char *word)
{
	size_t wl = strlen(word);

	while (list && *list) {
		size_t l = strcspn(list, ",");

		if (l == wl && !memcmp(list, word, l))
			return 1;
		list += l + (list[l] == ',');
	}
	return 0;
}

static int subject_open(struct subject *s, const struct item *it, const struct crypto_alg *a)
{
	static const uint8_t key[64] = "lsmbox cryptobench key: not a secret, only distinct halves.";
	int r = 0;

	memset(s, 0, sizeof(*s));
	s->it = it;
	s->alg = a;
	if (a->type == CRYPTO_SKCIPHER) {
		s->sk.alg = (const struct skcipher_alg *)a;
		r = s->sk.alg->setkey(&s->sk, key, it->keylen);
	} else if (a->type == CRYPTO_AEAD) {
		s->ae = xzalloc(sizeof(*s->ae));
		s->ae->alg = (const struct aead_alg *)a;
		r = s->ae->alg->setkey(s->ae, key, it->keylen);
	}
	return r;
}

static void subject_close(struct subject *s)
{
	if (s->alg->type == CRYPTO_SKCIPHER && s->sk.alg->release)
		s->sk.alg->release(&s->sk);
	if (s->ae) {
		if (s->ae->alg->release)
			s->ae->alg->release(s->ae);
		free(s->ae);
	}
}

/* One operation on len bytes of TT.buf, in place. */
static int op(struct subject *s, size_t len)
{
	switch (s->alg->type) {
	case CRYPTO_HASH:
		return hash_digest((const struct hash_alg *)s->alg, TT.buf, len, s->out);
	case CRYPTO_SKCIPHER:
		return (s->it->enc ? s->sk.alg->encrypt : s->sk.alg->decrypt)(&s->sk, TT.buf, TT.buf, len, s->iv);
	case CRYPTO_AEAD:
		return s->ae->alg->encrypt(s->ae, TT.buf, TT.buf, len, NULL, 0, s->iv, 12, s->tag, 16);
	}
	return -EINVAL;
}

struct sample {
	double mbps, cpb;
};

/* Repeats op for about `secs` seconds; bytes per second and cycles per byte. */
static int timed(struct subject *s, size_t len, double secs, struct sample *out)
{
	double t0 = now(), t;
	uint64_t c0 = cycles(), bytes = 0;

	do {
		/* Check the clock every few operations, not after each small one. */
		unsigned k, batch = len < 1024 ? 64 : 4;

		for (k = 0; k < batch; k++)
			if (op(s, len) < 0)
				return -1;
		bytes += (uint64_t)batch * len;
		t = now();
	} while (t - t0 < secs);
	out->mbps = bytes / (t - t0) / 1e6;
	out->cpb = cycles() ? (double)(cycles() - c0) / bytes : 0;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* --runs is at most this: the arrays measure() keeps the runs in. */
#define RUNS_MAX 64

/* The median of TT.runs runs of one or two subjects, interleaved so that a
 * noisy neighbour hurts both alike. */
static int measure(struct subject **s, int ns, size_t len, struct sample *res)
{
	double mb[2][RUNS_MAX], cp[2][RUNS_MAX];
	struct sample x;
	int r, i;

	for (i = 0; i < ns; i++)	/* warm-up: caches, clocks, lazy tables */
		if (timed(s[i], len, TT.seconds / TT.runs / 2, &x) < 0)
			return -1;
	for (r = 0; r < TT.runs; r++)
		for (i = 0; i < ns; i++) {
			if (timed(s[i], len, TT.seconds / TT.runs, &x) < 0)
				return -1;
			mb[i][r] = x.mbps;
			cp[i][r] = x.cpb;
		}
	for (i = 0; i < ns; i++) {
		res[i].mbps = median(mb[i], TT.runs);
		res[i].cpb = median(cp[i], TT.runs);
	}
	return 0;
}

/* A size the mode takes: whole blocks for ECB and CBC, one at least for XTS. */
static size_t fit(const struct crypto_alg *a, size_t len)
{
	size_t max = a->type == CRYPTO_SKCIPHER ? ((const struct skcipher_alg *)a)->maxlen :
		     a->type == CRYPTO_AEAD ? ((const struct aead_alg *)a)->maxlen : 0;

	if (max && len > max)
		len = max;	/* AF_ALG's XTS and GCM: one kernel request */
	if (a->type != CRYPTO_SKCIPHER || !strcmp(a->name, "ctr(aes)"))
		return len;
	if (len < 16)
		return 16;
	return strcmp(a->name, "xts(aes)") ? len & ~(size_t)15 : len;
}

static int alg_wanted(const struct crypto_alg *a)
{
	return !TT.impls || in_list(TT.impls, a->impl) || in_list(TT.impls, a->driver);
}

static void print_cpb(double cpb)
{
	if (cpb > 0)
		printf(" %9.2f", cpb);
	else
		printf(" %9s", "-");
}

static void json_str(const char *k, const char *v, int comma)
{
	printf("\"%s\": ", k);
	json_quote(v);
	fputs(comma ? ", " : "", stdout);
}

static void header(void)
{
	if (TT.json) {
		printf("{");
		json_str("cpu", cpu_model(), 1);
		json_str("features", cpu_feature_names(cpu_features()), 1);
		printf("\"runs\": %d, \"seconds\": %g, ", TT.runs, TT.seconds);
	} else {
		printf("# cpu: %s\n# features: %s\n# median of %d runs, %g s per measurement\n",
		       cpu_model(), cpu_feature_names(cpu_features()), TT.runs, TT.seconds);
	}
}

static const char *kerr(int err)
{
	switch (err) {
	case -EPROTONOSUPPORT:
		return "this kernel has no crypto_user netlink interface (CONFIG_CRYPTO_USER: modprobe crypto_user)";
	case -EAFNOSUPPORT:
		return "this kernel has no AF_ALG sockets (CONFIG_CRYPTO_USER_API: modprobe af_alg)";
	case -EPERM:
		return "Operation not permitted (changing the kernel's table needs CAP_NET_ADMIN)";
	}
	return strerror(-err);
}

static const char *yesno(int b)
{
	return b ? "yes" : "no";
}

/* One row: A measured at every size. */
static void bench_one(const struct item *it, const struct crypto_alg *a, int *first)
{
	struct subject s, *sp = &s;
	struct sample res[32];
	int z;

	if (subject_open(&s, it, a) < 0) {
		/* e.g. OpenSSL has no AES-192-XTS: not a failure of the bench */
		subject_close(&s);
		return;
	}
	for (z = 0; z < TT.nsizes; z++) {
		size_t len = fit(a, TT.sizes[z]);

		if (measure(&sp, 1, len, &res[z]) < 0) {
			warn("%s failed at %zu bytes", a->driver, len);
			TT.failed = 1;
			res[z].mbps = res[z].cpb = 0;
		}
	}
	subject_close(&s);
	if (TT.json) {
		for (z = 0; z < TT.nsizes; z++) {
			printf("%s{", *first ? "" : ", ");
			*first = 0;
			json_str("algo", it->label, 1);
			json_str("driver", a->driver, 1);
			json_str("impl", a->impl, 1);
			printf("\"size\": %zu, \"mbps\": %.1f, \"cpb\": %.3f}",
			       TT.sizes[z], res[z].mbps, res[z].cpb);
		}
		return;
	}
	printf("%-16s %-20s", it->label, a->driver);
	for (z = 0; z < TT.nsizes; z++)
		printf(" %9.1f", res[z].mbps);
	printf("\n%-16s %-20s", "", "");
	for (z = 0; z < TT.nsizes; z++)
		print_cpb(res[z].cpb);
	printf("\n");
	fflush(stdout);
}

static int kset_add(const struct kalg_info *k, void *arg)
{
	struct kset *ks = arg;

	ks->v = xrealloc(ks->v, (ks->n + 1) * sizeof(*ks->v));
	ks->v[ks->n++] = *k;
	return 0;
}

static int ktype_is(const struct kalg_info *k, enum crypto_type t)
{
	return t == CRYPTO_HASH ? !strcmp(k->type, "shash") || !strcmp(k->type, "ahash") :
	       t == CRYPTO_SKCIPHER ? !strcmp(k->type, "skcipher") : !strcmp(k->type, "aead");
}

/* The kernel's drivers the rows of --kernel are made of. */
static int kdriver_for(const struct kalg_info *k, const struct item *it)
{
	/* Internal drivers (the "__" halves of async ones) do not bind. */
	return !strcmp(k->name, it->name) && ktype_is(k, it->type) && !(k->flags & KALG_INTERNAL);
}

static void bench_all(void)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i, k;
	struct kset ks = TT.ks;
	int first = 1, z;

	if (TT.json)
		printf("\"results\": [");
	else {
		printf("%-16s %-20s", "algorithm", "driver");
		for (z = 0; z < TT.nsizes; z++)
			printf(" %9zu", TT.sizes[z]);
		printf("   (MB/s; cycles/byte below)\n");
	}
	for (k = 0; k < ARRAY_SIZE(items); k++) {
		const struct item *it = &items[k];

		if (TT.algos && !in_list(TT.algos, it->label))
			continue;
		for (i = 0; i < n; i++) {
			const struct crypto_alg *a = all[i];

			if (a->type == it->type && !strcmp(a->name, it->name) && alg_wanted(a) &&
			    crypto_usable(a))
				bench_one(it, a, &first);
		}
		for (i = 0; i < ks.n; i++) {
			const struct crypto_alg *a;

			if (!kdriver_for(&ks.v[i], it))
				continue;
			if (!(a = afalg_driver(ks.v[i].driver))) {
				warn("afalg:%s: %s", str_esc(ks.v[i].driver, SIZE_MAX), strerror(errno));
				TT.failed = 1;
				continue;
			}
			bench_one(it, a, &first);
		}
	}
	if (TT.json)
		printf("]}\n");
}

/* The usable driver of highest priority for the item that is OpenSSL's
 * (openssl = 1) or not (0, and allowed by --impl). */
static const struct crypto_alg *best(const struct item *it, int openssl)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;

	for (i = 0; i < n; i++)	/* sorted by priority within a name */
		if (all[i]->type == it->type && !strcmp(all[i]->name, it->name) &&
		    (strcmp(all[i]->impl, "openssl") == 0) == openssl &&
		    (openssl || alg_wanted(all[i])) && crypto_usable(all[i]))
			return all[i];
	return NULL;
}

/* Ours: the driver lsmbox picks (LSMBOX_CRYPTO included), or, when that
 * is OpenSSL's, the one it would pick with OpenSSL out of the table. */
static const struct crypto_alg *ours(const struct item *it)
{
	const struct crypto_alg *a = crypto_find(it->type, it->name);

	if (a && strcmp(a->impl, "openssl") && alg_wanted(a))
		return a;
	return best(it, 0);
}

static void bench_vs(void)
{
	int first = 1, z;
	size_t k;

	if (TT.json)
		printf("\"vs\": [");
	else
		printf("%-16s %-20s %7s %12s %12s %12s %9s %7s\n", "algorithm", "ours", "size",
		       "openssl MB/s", "ours MB/s", "openssl c/B", "ours c/B", "ratio");
	for (k = 0; k < ARRAY_SIZE(items); k++) {
		const struct item *it = &items[k];
		const struct crypto_alg *a = ours(it), *o = best(it, 1);
		struct subject s[2], *sp[2] = { &s[0], &s[1] };

		if (TT.algos && !in_list(TT.algos, it->label))
			continue;
		if (!a || !o)
			continue;
		if (subject_open(&s[0], it, a) < 0 || subject_open(&s[1], it, o) < 0) {
			subject_close(&s[0]);
			continue;
		}
		for (z = 0; z < TT.nsizes; z++) {
			struct sample res[2];
			double ratio;

			if (measure(sp, 2, fit(a, TT.sizes[z]), res) < 0) {
				warn("%s: a driver failed", it->label);
				TT.failed = 1;
				continue;
			}
			ratio = res[1].mbps > 0 ? res[0].mbps / res[1].mbps : 0;
			if (TT.json) {
				printf("%s{", first ? "" : ", ");
				first = 0;
				json_str("algo", it->label, 1);
				json_str("ours", a->driver, 1);
				printf("\"size\": %zu, \"openssl_mbps\": %.1f, \"ours_mbps\": %.1f, "
				       "\"openssl_cpb\": %.3f, \"ours_cpb\": %.3f, \"ratio\": %.3f}",
				       TT.sizes[z], res[1].mbps, res[0].mbps, res[1].cpb, res[0].cpb, ratio);
			} else {
				printf("%-16s %-20s %7zu %12.1f %12.1f   ", it->label, a->driver,
				       TT.sizes[z], res[1].mbps, res[0].mbps);
				print_cpb(res[1].cpb);
				print_cpb(res[0].cpb);
				printf(" %7.2f\n", ratio);
				fflush(stdout);
			}
		}
		subject_close(&s[0]);
		subject_close(&s[1]);
	}
	if (TT.json)
		printf("]}\n");
}

static void list(void)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;
	static const char *const types[] = { "", "hash", "skcipher", "aead" };

	if (TT.json) {
		printf("{");
		json_str("cpu", cpu_model(), 1);
		json_str("features", cpu_feature_names(cpu_features()), 1);
		printf("\"drivers\": [");
	} else {
		printf("%-9s %-10s %-20s %-9s %8s  %-6s %s\n", "type", "name", "driver", "impl",
		       "priority", "state", "needs");
	}
	for (i = 0; i < n; i++) {
		const struct crypto_alg *a = all[i];
		const char *state = (a->cpu & ~cpu_features()) ? "no-cpu" : !crypto_usable(a) ? "absent" :
				    crypto_find(a->type, a->name) == a ? "picked" : "usable";
		int first = 1;

		if (!TT.json) {
			printf("%-9s %-10s %-20s %-9s %8d  %-6s %s\n", types[a->type], a->name, a->driver,
			       a->impl, crypto_priority(a), state, a->cpu ? cpu_feature_names(a->cpu) : "-");
			continue;
		}
		printf("%s{", i ? ", " : "");
		json_str("type", types[a->type], 1);
		json_str("name", a->name, 1);
		json_str("driver", a->driver, 1);
		json_str("impl", a->impl, 1);
		printf("\"priority\": %d, ", crypto_priority(a));
		json_str("state", state, 1);
		printf("\"needs\": [");
		for (int b = 0; b < 32; b++)
			if (a->cpu & (1u << b) && *cpu_feature_names(1u << b)) {
				fputs(first ? "" : ", ", stdout);
				json_quote(cpu_feature_names(1u << b));
				first = 0;
			}
		printf("]}");
	}
	if (TT.json)
		printf("]}\n");
}

/* Is s[0..l) a driver or an implementation of the table, as LSMBOX_CRYPTO
 * and --impl take them, or afalg:DRIVER (a kernel driver, which only the
 * kernel can check; crypto/registry.c reads at most 79 bytes of one)? */
static int known_impl(const char *s, size_t l)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;

	if (l > 6 && l < 80 && !memcmp(s, "afalg:", 6))
		return 1;
	for (i = 0; i < n; i++)
		if ((strlen(all[i]->driver) == l && !memcmp(all[i]->driver, s, l)) ||
		    (strlen(all[i]->impl) == l && !memcmp(all[i]->impl, s, l)))
			return 1;
	return 0;
}

static int known_algo(const char *s, size_t l)
{
	for (size_t k = 0; k < ARRAY_SIZE(items); k++)
		if (strlen(items[k].label) == l && !memcmp(items[k].label, s, l))
			return 1;
	return 0;
}

/* The first word of the comma-separated list that is not known, or an
 * empty one unless empty_ok; NULL when every word is known.  The word
 * lives until the next call. */
static const char *unknown_word(const char *list, int (*known)(const char *, size_t), int empty_ok)
{
	static char *word;

	for (;;) {
		size_t l = strcspn(list, ",");

		if (l ? !known(list, l) : !empty_ok) {
			free(word);
			return word = xstrndup(list, l);
		}
		if (!list[l])
			return NULL;
		list += l + 1;
	}
}

/* What the options select must be something: an empty table is an error,
 * said before anything is printed. */
static void check_selection(void)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), found = 0, usable = 0, i, k;
	char what[2 * (4 * SHOWN_MAX + 4) + 64] = "";

	for (k = 0; k < ARRAY_SIZE(items); k++) {
		const struct item *it = &items[k];
		size_t ossl = 0;

		if (TT.algos && !in_list(TT.algos, it->label))
			continue;
		for (i = 0; i < n; i++)
			ossl += all[i]->type == it->type && !strcmp(all[i]->name, it->name) &&
				!strcmp(all[i]->impl, "openssl");
		for (i = 0; i < n; i++) {
			const struct crypto_alg *a = all[i];

			if (a->type != it->type || strcmp(a->name, it->name) || !alg_wanted(a))
				continue;
			/* --vs: ours (as --impl allows) against OpenSSL's */
			if (!TT.vs) {
				found++;
				usable += crypto_usable(a);
			} else if (strcmp(a->impl, "openssl") && ossl) {
				found++;
			}
		}
		if (TT.vs)
			usable += ours(it) && best(it, 1);
		for (i = 0; i < TT.ks.n; i++)
			if (kdriver_for(&TT.ks.v[i], it))
				found++, usable++;
	}
	snprintf(what, sizeof(what), "%s%s%s%s%s%s", TT.impls ? " --impl '" : "",
		 TT.impls ? str_esc(TT.impls, SHOWN_MAX) : "", TT.impls ? "'" : "", TT.algos ? " --algo '" : "",
		 TT.algos ? str_esc(TT.algos, SHOWN_MAX) : "", TT.algos ? "'" : "");
	if (TT.vs)
		strcat(what, " --vs openssl");
	if (!found)
		usage_error("nothing to measure: no driver matches%s", what);
	if (!usable)
		die("nothing to measure: this CPU can run none of the drivers that match%s", what);
}

/* --- cryptobench kernel ...: the kernel's table through crypto_user --- */

struct klist {
	int json, n;
};

/* The header with the first row, so that a failure prints nothing else. */
static void klist_head(const struct klist *l)
{
	if (l->json)
		printf("[");
	else
		printf("%-12s %-28s %-36s %8s %6s %-16s %-8s %s\n", "type", "name", "driver",
		       "priority", "refcnt", "module", "selftest", "internal");
}

static int klist_row(const struct kalg_info *k, void *arg)
{
	struct klist *l = arg;

	if (!l->n)
		klist_head(l);
	if (l->json) {
		printf("%s{", l->n ? ", " : "");
		json_str("name", k->name, 1);
		json_str("driver", k->driver, 1);
		json_str("module", k->module, 1);
		printf("\"priority\": %u, \"refcnt\": %u, ", k->priority, k->refcnt);
		json_str("selftest", k->flags & KALG_TESTED ? "passed" : "unknown", 1);
		printf("\"internal\": %s, \"async\": %s, ", k->flags & KALG_INTERNAL ? "true" : "false",
		       k->flags & KALG_ASYNC ? "true" : "false");
		json_str("type", k->type, 1);
		printf("\"blocksize\": %u, \"digestsize\": %u, \"min_keysize\": %u, "
		       "\"max_keysize\": %u, \"ivsize\": %u, \"maxauthsize\": %u, \"seedsize\": %u}",
		       k->blocksize, k->digestsize, k->min_keysize, k->max_keysize, k->ivsize,
		       k->maxauthsize, k->seedsize);
	} else {
		printf("%-12s %-28s %-36s %8u %6u %-16s %-8s %s\n", k->type[0] ? str_esc(k->type, SIZE_MAX) : "-",
		       str_esc(k->name, SIZE_MAX), str_esc(k->driver, SIZE_MAX), k->priority, k->refcnt, str_esc(k->module, SIZE_MAX),
		       k->flags & KALG_TESTED ? "passed" : "unknown", yesno(k->flags & KALG_INTERNAL));
	}
	l->n++;
	return 0;
}

/* kernel list --proc or --root: /proc/crypto (ROOT/proc/crypto, opened
 * inside the root) read whole, bounded, and parsed before a row is
 * printed; what does not parse is FILE:LINE, exit 2. */
static void proc_crypto_read(struct kset *ks)
{
	const char *root = root_dir();
	char *name = xasprintf("%s/proc/crypto", root ? root : ""), *text;
	int fd = root_open("/proc/crypto", O_RDONLY | O_NONBLOCK | O_NOCTTY, 0);
	struct proc_crypto_err e;
	struct stat st;

	if (fd < 0)
		die_errno("kernel list: %s", str_esc(name, SIZE_MAX));
	/* /proc/crypto is a regular file (of size 0); a FIFO or /dev/zero is not it. */
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		die("kernel list: %s: not a regular file", str_esc(name, SIZE_MAX));
	die_status = 2;
	text = xread_text_fd(fd, str_esc(name, SIZE_MAX), PROC_CRYPTO_MAX, NULL);
	close(fd);
	if (proc_crypto_parse(text, kset_add, ks, &e) < 0) {
		/* str_esc keeps its copies: text and name can go before the exit. */
		const char *where = str_esc(name, SIZE_MAX);
		const char *key = e.key ? str_esc(e.key, SHOWN_MAX) : NULL;
		const char *val = e.value ? str_esc(e.value, SHOWN_MAX) : NULL;

		free(text);
		free(name);
		if (key)
			die("%s:%zu: %s: %s: '%s'", where, e.line, key, e.why, val);
		die("%s:%zu: %s%s%s%s", where, e.line, e.why, val ? ": '" : "", val ? val : "",
		    val ? "'" : "");
	}
	die_status = 1;
	free(text);
	free(name);
}

/* As /proc/crypto prints it, for the fields netlink reports. */
static int kshow(const struct kalg_info *k, void *arg)
{
	const char *want = arg, *t = k->type;

	if (want && strcmp(k->name, want) && strcmp(k->driver, want))
		return 0;
	printf("name         : %s\ndriver       : %s\nmodule       : %s\npriority     : %u\n"
	       "refcnt       : %u\nselftest     : %s\ninternal     : %s\ntype         : %s\n",
	       k->name, k->driver, k->module, k->priority, k->refcnt,
	       k->flags & KALG_TESTED ? "passed" : "unknown", yesno(k->flags & KALG_INTERNAL), t);
	if (!strcmp(t, "shash") || !strcmp(t, "ahash")) {
		if (!strcmp(t, "ahash"))
			printf("async        : %s\n", yesno(k->flags & KALG_ASYNC));
		printf("blocksize    : %u\ndigestsize   : %u\n", k->blocksize, k->digestsize);
	} else if (!strcmp(t, "skcipher")) {
		printf("async        : %s\nblocksize    : %u\nmin keysize  : %u\nmax keysize  : %u\n"
		       "ivsize       : %u\n", yesno(k->flags & KALG_ASYNC), k->blocksize,
		       k->min_keysize, k->max_keysize, k->ivsize);
	} else if (!strcmp(t, "aead")) {
		printf("async        : %s\nblocksize    : %u\nivsize       : %u\nmaxauthsize  : %u\n"
		       "geniv        : %s\n", yesno(k->flags & KALG_ASYNC), k->blocksize, k->ivsize,
		       k->maxauthsize, k->geniv);
	} else if (!strcmp(t, "cipher")) {
		printf("blocksize    : %u\nmin keysize  : %u\nmax keysize  : %u\n", k->blocksize,
		       k->min_keysize, k->max_keysize);
	} else if (!strcmp(t, "rng")) {
		printf("seedsize     : %u\n", k->seedsize);
	}
	printf("\n");
	return 0;
}

static int kernel_list(int argc, char **argv)
{
	struct klist l = { TT.json, 0 };
	int err;

	(void)argc, (void)argv;
	if (TT.kproc || root_dir()) {
		struct kset ks = { NULL, 0 };

		proc_crypto_read(&ks);
		for (size_t i = 0; i < ks.n; i++)
			klist_row(&ks.v[i], &l);
		free(ks.v);
	} else if ((err = cru_list(klist_row, &l))) {
		die("kernel list: %s", kerr(err));
	}
	if (!l.n)
		klist_head(&l);
	if (l.json)
		printf("]\n");
	return 0;
}

static int kernel_show(int argc, char **argv)
{
	struct kalg_info k;
	int err = cru_get(argv[0], &k);

	(void)argc;
	if (err == -ENOENT)
		die("kernel show: no algorithm or driver '%s' in the kernel", str_esc(argv[0], SHOWN_MAX));
	if (err)
		die("kernel show: %s", kerr(err));
	kshow(&k, NULL);
	return 0;
}

static int kernel_set_priority(int argc, char **argv)
{
	uint32_t prio = xstrtonum(argv[1], 0, 0xffffffffll, "priority");
	int err = cru_set_priority(argv[0], prio);

	(void)argc;
	if (err == -ENOENT)
		die("kernel set-priority: no driver '%s' in the kernel", str_esc(argv[0], SHOWN_MAX));
	if (err)
		die("kernel set-priority %s: %s", str_esc(argv[0], SHOWN_MAX), kerr(err));
	return 0;
}

static int kernel_add(int argc, char **argv)
{
	int err = cru_add(argv[0]);

	(void)argc;
	if (err == -EEXIST)
		die("kernel add: '%s' is there already", str_esc(argv[0], SHOWN_MAX));
	if (err == -ENOENT)
		die("kernel add: the kernel cannot make '%s' (no such algorithm or template)",
		    str_esc(argv[0], SHOWN_MAX));
	if (err)
		die("kernel add %s: %s", str_esc(argv[0], SHOWN_MAX), kerr(err));
	return 0;
}

static int kernel_rng(int argc, char **argv)
{
	size_t n = xstrtonum(argv[1], 1, 1 << 20, "byte count");
	uint8_t *b = xmalloc(n);
	int err = afalg_rng(argv[0], b, n);

	(void)argc;
	if (err == -ENOENT)
		die("kernel rng: no rng '%s' in the kernel", str_esc(argv[0], SHOWN_MAX));
	if (err)
		die("kernel rng %s: %s", str_esc(argv[0], SHOWN_MAX), kerr(err));
	xwrite_all(1, b, n, "stdout");
	free(b);
	return 0;
}

static int kernel_del(int argc, char **argv)
{
	int err = cru_del(argv[0]);

	(void)argc;
	if (err == -ENOENT)
		die("kernel del: no driver '%s' in the kernel", str_esc(argv[0], SHOWN_MAX));
	if (err == -EINVAL)
		die("kernel del: '%s' is not a template instance (only those can be removed)",
		    str_esc(argv[0], SHOWN_MAX));
	if (err == -EBUSY)
		die("kernel del: '%s' is in use", str_esc(argv[0], SHOWN_MAX));
	if (err)
		die("kernel del %s: %s", str_esc(argv[0], SHOWN_MAX), kerr(err));
	return 0;
}

/* crypto_user answers anyone's GETALG; it changes its table (priority,
 * a new instance, a removal) only for CAP_NET_ADMIN. */
#define CRU_ADMIN (CAPS_READ | CAP_BIT(CAP_NET_ADMIN))
static const struct subcmd kernel_cmds[] = {
	{ "list", kernel_list, 0, 0, NULL, "[--json] [--proc]", CAPS_READ },
	{ "show", kernel_show, 1, 1, NULL, "NAME", CAPS_READ },
	{ "set-priority", kernel_set_priority, 2, 2, NULL, "DRIVER N", CRU_ADMIN },
	{ "add", kernel_add, 1, 1, NULL, "ALG", CRU_ADMIN },
	{ "rng", kernel_rng, 2, 2, NULL, "NAME N", CAPS_READ },
	{ "del", kernel_del, 1, 1, NULL, "DRIVER", CRU_ADMIN },
	SUBCMD_END
};

/* "kernel [--json] [--proc] COMMAND ...": options anywhere, as before. */
static int kernel_main(int argc, char **argv)
{
	static const char bad[] =
		"kernel: list, show NAME, set-priority DRIVER N, add ALG, del DRIVER or rng NAME N";
	enum { O_JSON, O_PROC, O_N };
	struct opt o[] = { [O_JSON] = { 0, "json", 0 }, [O_PROC] = { 0, "proc", 0 }, [O_N] = OPT_END };
	struct subcmds set = { kernel_cmds, "kernel ", SUBCMD_OPERANDS, bad, bad, NULL, 0 };

	opt_parse(&argc, &argv, o, 0);
	TT.json = o[O_JSON].seen;
	TT.kproc = o[O_PROC].seen;
	return subcmd_run(&set, argc, argv);
}

int cryptobench_main(int argc, char **argv)
{
	enum { O_LIST, O_ALGO, O_IMPL, O_SIZES, O_SECONDS, O_RUNS, O_JSON, O_VS, O_KERNEL, O_N };
	struct opt o[] = {
		[O_LIST] = { 0, "list", 0 }, [O_ALGO] = { 0, "algo", OPT_ARG },
		[O_IMPL] = { 0, "impl", OPT_ARG }, [O_SIZES] = { 0, "sizes", OPT_ARG },
		[O_SECONDS] = { 0, "seconds", OPT_ARG }, [O_RUNS] = { 0, "runs", OPT_ARG },
		[O_JSON] = { 0, "json", 0 }, [O_VS] = { 0, "vs", OPT_ARG },
		[O_KERNEL] = { 0, "kernel", 0 }, [O_N] = OPT_END,
	};
	size_t maxlen = 0, k;
	const char *env, *bad;
	int z;

	if (argc > 1 && !strcmp(argv[1], "kernel"))
		return kernel_main(argc - 1, argv + 1);
	/* measuring and --list read /proc/crypto and crypto_user's table,
	 * which anyone may */
	caps_keep("cryptobench", CAPS_READ);
	opt_parse(&argc, &argv, o, OPTP_NO_ROOT);
	if (argc)
		usage_error("unexpected operand '%s'", str_esc(argv[0], SHOWN_MAX));
	TT.algos = o[O_ALGO].arg;
	TT.impls = o[O_IMPL].arg;
	TT.json = o[O_JSON].seen;
	TT.vs = o[O_VS].seen;
	TT.kernel = o[O_KERNEL].seen;
	if (TT.kernel && o[O_VS].seen)
		usage_error("--kernel and --vs do not go together");
	/* crypto/registry.c passes over a name it does not know: a typo
	 * would measure, and pick, something else without a word. */
	if ((env = getenv("LSMBOX_CRYPTO")) && (bad = unknown_word(env, known_impl, 1))) {
		die_status = 2;
		die("LSMBOX_CRYPTO: unknown driver or implementation '%s' (cryptobench --list names them)",
		    str_esc(bad, SHOWN_MAX));
	}
	TT.runs = o[O_RUNS].seen ? xstrtonum(o[O_RUNS].arg, 1, RUNS_MAX, "--runs") : 5;
	TT.seconds = 0.3;
	if (o[O_SECONDS].seen) {
		char *end;

		TT.seconds = strtod(o[O_SECONDS].arg, &end);
		if (*end || !(TT.seconds > 0 && TT.seconds <= 600))
			usage_error("--seconds takes a number of seconds in (0, 600], not '%s'",
				    str_esc(o[O_SECONDS].arg, SHOWN_MAX));
	}
	if (o[O_VS].seen && strcmp(o[O_VS].arg, "openssl"))
		usage_error("--vs takes 'openssl', not '%s'", str_esc(o[O_VS].arg, SHOWN_MAX));
	if (TT.algos && (bad = unknown_word(TT.algos, known_algo, 0))) {
		if (!*bad)
			usage_error("--algo: an empty name in '%s'", str_esc(TT.algos, SHOWN_MAX));
		usage_error("unknown algorithm '%s' (see --help)", str_esc(bad, SHOWN_MAX));
	}
	if (TT.impls && (bad = unknown_word(TT.impls, known_impl, 0))) {
		if (!*bad)
			usage_error("--impl: an empty name in '%s'", str_esc(TT.impls, SHOWN_MAX));
		usage_error("--impl: unknown driver or implementation '%s' (see --list)", str_esc(bad, SHOWN_MAX));
	}
	if (o[O_SIZES].seen) {
		char *s = xstrdup(o[O_SIZES].arg), *tok, *save = NULL;

		for (tok = strtok_r(s, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
			if (TT.nsizes == (int)ARRAY_SIZE(TT.sizes))
				usage_error("at most %zu sizes", ARRAY_SIZE(TT.sizes));
			TT.sizes[TT.nsizes++] = xstrtonum(tok, 1, 64 << 20, "--sizes");
		}
		free(s);
		if (!TT.nsizes)
			usage_error("--sizes needs at least one size");
	} else if (o[O_VS].seen) {
		TT.sizes[TT.nsizes++] = 16384;
	} else {
		static const size_t def[] = { 16, 64, 256, 1024, 8192, 16384 };

		for (k = 0; k < ARRAY_SIZE(def); k++)
			TT.sizes[TT.nsizes++] = def[k];
	}
	if (o[O_LIST].seen) {
		list();
		return 0;
	}
	for (z = 0; z < TT.nsizes; z++)
		if (TT.sizes[z] > maxlen)
			maxlen = TT.sizes[z];
	if (TT.kernel) {
		int fd = afalg_bind("hash", "sha256"), err;

		if (fd == -EAFNOSUPPORT)
			die("--kernel: %s", kerr(fd));
		if (fd >= 0)
			close(fd);
		err = cru_list(kset_add, &TT.ks);
		if (err == -EPROTONOSUPPORT)
			err = proc_crypto_list("/proc/crypto", kset_add, &TT.ks);
		if (err)
			die("--kernel: the kernel's table: %s", kerr(err));
	}
	check_selection();
	TT.buf = xzalloc(maxlen + 16);
	/* From here it only computes: the kernel's drivers through AF_ALG
	 * sockets of its own, no other. */
	sandbox_reader("cryptobench", SANDBOX_OPEN_RO | SANDBOX_AFALG);
	header();
	if (o[O_VS].seen)
		bench_vs();
	else
		bench_all();
	free(TT.buf);
	free(TT.ks.v);
	return TT.failed;
}
