// SPDX-License-Identifier: Apache-2.0
/* crypto-test.c: every registered crypto driver against the NIST/RFC vector
 * files in tests/vectors/ (kat) and against OpenSSL on random input (diff).
 * One PASS/FAIL line per driver and test; a driver this CPU cannot run is
 * a NOT RUN line, never a pass.  Ends with "N passed, N failed".
 *   crypto-test [-v] VECTOR_DIR [DRIVER...]
 * LSMBOX_SEED fixes the random seed (else it is printed on failure).
 * Two modes for scripts/insn-count, which counts the instructions a kernel
 * runs per byte under qemu-user:
 *   crypto-test --drivers          every driver: "driver name impl usable"
 *   crypto-test --once DRIVER N [dec]   one operation on N bytes, nothing printed */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/core_names.h>
#include <openssl/rsa.h>

#include "crypto.h"
#include "lsmbox.h"

static const char *vecdir;
static int verbose;
static int passed, failed, notrun;
static uint64_t seed, rng;

/* Why the current driver's test failed (first reason only). */
static char why[512];
static int bad;

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...)
{
	va_list ap;

	if (bad++)
		return;
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
}

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static size_t rnd_below(size_t n)
{
	return n ? rnd() % n : 0;
}

static void rnd_fill(uint8_t *p, size_t n)
{
	while (n--)
		*p++ = rnd();
}

static void *xalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p) {
		perror("crypto-test");
		exit(2);
	}
	return p;
}

/* --- vector files: "[SECTION]" lines, "Name = value" records, blank-line separated --- */

struct rec {
	char name[16][24];
	char *val[16];
	int n, fail;
	char section[64][2][24];	/* [NAME] or [NAME = VALUE] lines in force */
	int nsec;
	int after_records;	/* records since the last section line */
	int line;		/* where the current record starts */
};

static const char *get(const struct rec *r, const char *name)
{
	int i;

	for (i = 0; i < r->n; i++)
		if (!strcasecmp(r->name[i], name))
			return r->val[i];
	return NULL;
}

static int in_section(const struct rec *r, const char *name)
{
	int i;

	for (i = 0; i < r->nsec; i++)
		if (!strcasecmp(r->section[i][0], name))
			return 1;
	return 0;
}

static size_t unhex(const char *s, uint8_t **out)
{
	size_t n = s ? strlen(s) / 2 : 0, i;
	uint8_t *p = xalloc(n + 1);

	for (i = 0; i < n; i++) {
		unsigned v;

		sscanf(s + 2 * i, "%2x", &v);
		p[i] = v;
	}
	*out = p;
	return n;
}

/* Calls fn for each record of FILE; returns how many, or -1 if unreadable. */
static int each_record(const char *file, void (*fn)(const struct rec *, void *), void *arg)
{
	char path[4096], line[1 << 17];
	struct rec r = { .n = 0 };
	int count = 0, lineno = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", vecdir, file);
	if (!(f = fopen(path, "r"))) {
		fail("%s: %s", path, strerror(errno));
		return -1;
	}
	for (;;) {
		char *l = fgets(line, sizeof(line), f), *eq;

		lineno++;
		if (l)
			l = str_trim(l);
		if (!l || !*l) {
			if (r.n) {
				fn(&r, arg);
				count++;
			}
			while (r.n)
				free(r.val[--r.n]);
			r.fail = 0;
			if (!l)
				break;
			continue;
		}
		if (*l == '#')
			continue;
		if (*l == '[') {
			char *end = strchr(l, ']'), *e2;

			if (end)
				*end = 0;
			l++;
			/* A group of section lines replaces the previous group. */
			if (r.after_records)
				r.nsec = 0;
			r.after_records = 0;
			e2 = strchr(l, '=');
			if (r.nsec < 64) {
				if (e2)
					*e2 = 0;
				snprintf(r.section[r.nsec][0], 24, "%s", str_trim(l));
				snprintf(r.section[r.nsec][1], 24, "%s", e2 ? str_trim(e2 + 1) : "");
				r.nsec++;
			}
			continue;
		}
		r.after_records = 1;
		if (!strcmp(l, "FAIL")) {
			r.fail = 1;
			continue;
		}
		if (!(eq = strchr(l, '=')) || r.n == 16)
			continue;
		*eq = 0;
		if (!r.n)
			r.line = lineno;
		snprintf(r.name[r.n], 24, "%s", str_trim(l));
		r.val[r.n++] = strdup(str_trim(eq + 1));
	}
	fclose(f);
	return count;
}

/* --- known answers --- */

struct kat {
	const struct crypto_alg *alg;
	const char *file;
	int count;
	int hmac;
	int other_iv;	/* records left out: an IV length the driver does not take */
};

static void hex_mismatch(struct kat *k, const struct rec *r, const char *what)
{
	fail("%s line %d: %s differs", k->file, r->line, what);
}

static void kat_hash(const struct rec *r, void *arg)
{
	struct kat *k = arg;
	const struct hash_alg *a = (const struct hash_alg *)k->alg;
	const char *len = get(r, "Len");
	uint8_t *msg, *md, *key = NULL, out[64];
	size_t mlen, dlen, klen = 0;
	long bits = len ? atol(len) : -1;

	if (!get(r, "Msg") || !get(r, "MD") || bits % 8)
		return;
	mlen = unhex(get(r, "Msg"), &msg);
	if ((size_t)bits / 8 < mlen)
		mlen = bits / 8;	/* "Len = 0" comes with "Msg = 00" */
	dlen = unhex(get(r, "MD"), &md);
	if (k->hmac) {
		klen = unhex(get(r, "Key"), &key);
		if (hmac_digest(a, key, klen, msg, mlen, out) < 0)
			fail("%s line %d: hmac failed", k->file, r->line);
	} else if (hash_digest(a, msg, mlen, out) < 0) {
		fail("%s line %d: hash failed", k->file, r->line);
	}
	if (dlen > a->digestsize || memcmp(out, md, dlen))
		hex_mismatch(k, r, "digest");
	k->count++;
	free(msg);
	free(md);
	free(key);
}

static void kat_skcipher(const struct rec *r, void *arg)
{
	struct kat *k = arg;
	const struct skcipher_alg *a = (const struct skcipher_alg *)k->alg;
	struct skcipher_ctx c = { .alg = a };
	uint8_t *key, *iv = NULL, *pt, *ct, *out, ivc[16] = { 0 };
	const char *ptx = get(r, "PLAINTEXT") ? get(r, "PLAINTEXT") : get(r, "PT");
	const char *ctx = get(r, "CIPHERTEXT") ? get(r, "CIPHERTEXT") : get(r, "CT");
	const char *ivx = get(r, "IV") ? get(r, "IV") : get(r, "i");
	const char *du = get(r, "DataUnitLen");
	size_t klen, ptlen, ctlen;
	int enc = !in_section(r, "DECRYPT"), rc;

	if (!get(r, "KEY") || !ptx || !ctx || (du && atol(du) % 8))
		return;
	klen = unhex(get(r, "KEY"), &key);
	ptlen = unhex(ptx, &pt);
	ctlen = unhex(ctx, &ct);
	if (ivx)
		unhex(ivx, &iv);
	out = xalloc(ptlen);
	if (a->setkey(&c, key, klen) < 0 || ptlen != ctlen) {
		fail("%s line %d: setkey refused a %zu-byte key", k->file, r->line, klen);
		goto out;
	}
	if (iv)
		memcpy(ivc, iv, 16);
	rc = enc ? a->encrypt(&c, out, pt, ptlen, ivc) : a->decrypt(&c, out, ct, ctlen, ivc);
	if (rc < 0 || memcmp(out, enc ? ct : pt, ptlen))
		hex_mismatch(k, r, enc ? "ciphertext" : "plaintext");
	k->count++;
out:
	if (a->release)
		a->release(&c);
	free(key), free(iv), free(pt), free(ct), free(out);
}

static void kat_aead(const struct rec *r, void *arg)
{
	struct kat *k = arg;
	const struct aead_alg *a = (const struct aead_alg *)k->alg;
	struct aead_ctx *c = xalloc(sizeof(*c));
	uint8_t *key, *iv, *pt = NULL, *ct, *aad, *tag, *out, t[16];
	size_t klen, ivlen, ptlen = 0, ctlen, aadlen, taglen;
	int rc;

	if (!get(r, "Key") || !get(r, "Tag")) {
		free(c);
		return;
	}
	if (a->ivsize && strlen(get(r, "IV")) != 2 * a->ivsize) {
		k->other_iv++;
		free(c);
		return;
	}
	memset(c, 0, sizeof(*c));
	c->alg = a;
	klen = unhex(get(r, "Key"), &key);
	ivlen = unhex(get(r, "IV"), &iv);
	ctlen = unhex(get(r, "CT"), &ct);
	aadlen = unhex(get(r, "AAD"), &aad);
	taglen = unhex(get(r, "Tag"), &tag);
	if (get(r, "PT"))
		ptlen = unhex(get(r, "PT"), &pt);
	out = xalloc(ctlen);
	if (a->setkey(c, key, klen) < 0) {
		fail("%s line %d: setkey refused", k->file, r->line);
		goto out;
	}
	if (in_section(r, "Keylen") && !r->fail && pt && ptlen == ctlen) {
		/* Encrypt records, and decrypt records that must succeed. */
		rc = a->encrypt(c, out, pt, ptlen, aad, aadlen, iv, ivlen, t, taglen);
		if (rc < 0 || memcmp(out, ct, ctlen) || memcmp(t, tag, taglen))
			hex_mismatch(k, r, "ciphertext or tag");
	}
	rc = a->decrypt(c, out, ct, ctlen, aad, aadlen, iv, ivlen, tag, taglen);
	if (r->fail) {
		size_t i;

		if (rc != -EBADMSG)
			fail("%s line %d: a FAIL record decrypted (%d)", k->file, r->line, rc);
		for (i = 0; i < ctlen; i++)
			if (out[i])
				fail("%s line %d: plaintext left after a wrong tag", k->file, r->line);
	} else if (rc < 0 || (pt && memcmp(out, pt, ctlen))) {
		hex_mismatch(k, r, "decryption");
	}
	k->count++;
out:
	if (a->release)
		a->release(c);
	free(key), free(iv), free(pt), free(ct), free(aad), free(tag), free(out), free(c);
}

/* The tag, whole and cut to each length the API takes (4, 8, 12 to 16
 * bytes): the right one opens, the one with its last (or first) byte
 * changed does not, and leaves no plaintext.  Test Case 4 of McGrew and
 * Viega's GCM specification: AAD, and a text that ends in a part block. */
static void kat_gcm_tags(struct kat *k)
{
	const struct aead_alg *a = (const struct aead_alg *)k->alg;
	struct aead_ctx *c = xalloc(sizeof(*c));
	uint8_t *key, *iv, *aad, *pt, *ct, *tag, *out, t[16];
	size_t len, aadlen, taglen, i, j;
	int rc;

	k->file = "GCM spec Test Case 4";
	unhex("feffe9928665731c6d6a8f9467308308", &key);
	unhex("cafebabefacedbaddecaf888", &iv);
	aadlen = unhex("feedfacedeadbeeffeedfacedeadbeefabaddad2", &aad);
	len = unhex("d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
		    "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39", &pt);
	unhex("42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e"
	      "21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091", &ct);
	unhex("5bc94fbc3221a5db94fae95ae7121a47", &tag);
	out = xalloc(len);
	memset(c, 0, sizeof(*c));
	c->alg = a;
	if (a->ivsize && a->ivsize != 12) {
		k->other_iv++;
		goto out;
	}
	if (a->setkey(c, key, 16) < 0) {
		fail("%s: setkey refused", k->file);
		goto out;
	}
	for (taglen = 4; taglen <= 16; taglen++) {
		if (taglen != 4 && taglen != 8 && taglen < 12)
			continue;
		rc = a->encrypt(c, out, pt, len, aad, aadlen, iv, 12, t, taglen);
		if (rc < 0 || memcmp(out, ct, len) || memcmp(t, tag, taglen))
			fail("%s, %zu-byte tag: encrypt (%d)", k->file, taglen, rc);
		rc = a->decrypt(c, out, ct, len, aad, aadlen, iv, 12, tag, taglen);
		if (rc < 0 || memcmp(out, pt, len))
			fail("%s, %zu-byte tag: the right tag refused (%d)", k->file, taglen, rc);
		for (j = 0; j < 2; j++) {
			size_t at = j ? 0 : taglen - 1;

			memcpy(t, tag, taglen);
			t[at] ^= 0x80;
			rc = a->decrypt(c, out, ct, len, aad, aadlen, iv, 12, t, taglen);
			for (i = 0; i < len && !out[i]; i++)
				;
			if (rc != -EBADMSG || i != len)
				fail("%s, %zu-byte tag with byte %zu changed: %d, %s", k->file, taglen,
				     at, rc, i == len ? "no plaintext" : "plaintext left");
		}
		k->count++;
	}
out:
	if (a->release)
		a->release(c);
	free(key), free(iv), free(aad), free(pt), free(ct), free(tag), free(out), free(c);
}

static const char *const hash_files[][4] = {
	{ "sha1", "SHA1ShortMsg.rsp", "SHA1LongMsg.rsp", "rfc-2202-sha1.txt" },
	{ "sha224", "SHA224ShortMsg.rsp", "SHA224LongMsg.rsp", "rfc-4231-sha224.txt" },
	{ "sha256", "SHA256ShortMsg.rsp", "SHA256LongMsg.rsp", "rfc-4231-sha256.txt" },
	{ "sha384", "SHA384ShortMsg.rsp", "SHA384LongMsg.rsp", "rfc-4231-sha384.txt" },
	{ "sha512", "SHA512ShortMsg.rsp", "SHA512LongMsg.rsp", "rfc-4231-sha512.txt" },
};

static int run_files(struct kat *k, const char *const *files, size_t n,
		     void (*fn)(const struct rec *, void *))
{
	size_t i;

	for (i = 0; i < n; i++) {
		int before = k->count;

		k->file = files[i];
		k->hmac = !strncmp(files[i], "rfc-", 4);
		/* A file whose every record the filters leave out tests nothing. */
		if (each_record(files[i], fn, k) <= 0)
			fail("%s: no records", files[i]);
		else if (k->count == before)
			fail("%s: none of its records checked", files[i]);
	}
	return k->count;
}

/* CRC32C: the check value and RFC 3720 B.4's four 32-byte messages. */
static void kat_crc(struct kat *k)
{
	static const struct {
		int kind;
		uint32_t crc;
	} v[] = { { 0, 0xe3069283 }, { 1, 0x8a9136aa }, { 2, 0x62a8ab43 }, { 3, 0x46dd794e }, { 4, 0x113fdb5c } };
	const struct hash_alg *a = (const struct hash_alg *)k->alg;
	uint8_t m[32], out[4];
	size_t i, j, len;
	int r;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		len = 32;
		for (j = 0; j < 32; j++)
			m[j] = v[i].kind == 1 ? 0 : v[i].kind == 2 ? 0xff : v[i].kind == 3 ? j : 31 - j;
		if (!v[i].kind) {
			memcpy(m, "123456789", 9);
			len = 9;
		}
		if ((r = hash_digest(a, m, len, out)) < 0)
			fail("crc32c vector %zu: %d", i, r);
		else if ((uint32_t)(out[0] | out[1] << 8 | out[2] << 16 | (uint32_t)out[3] << 24) != v[i].crc)
			fail("crc32c vector %zu: got %02x%02x%02x%02x", i, out[3], out[2], out[1], out[0]);
		k->count++;
	}
}

static void test_kat(const struct crypto_alg *a)
{
	struct kat k = { .alg = a };
	size_t i;

	if (a->type == CRYPTO_HASH) {
		if (!strcmp(a->name, "crc32c"))
			kat_crc(&k);
		for (i = 0; i < sizeof(hash_files) / sizeof(hash_files[0]); i++)
			if (!strcmp(a->name, hash_files[i][0]))
				run_files(&k, hash_files[i] + 1, 3, kat_hash);
	} else if (a->type == CRYPTO_SKCIPHER) {
		static const char *const ecb[] = {
			"ECBGFSbox128.rsp", "ECBKeySbox128.rsp", "ECBMMT128.rsp", "ECBVarTxt128.rsp",
			"ECBGFSbox192.rsp", "ECBKeySbox192.rsp", "ECBMMT192.rsp", "ECBVarTxt192.rsp",
			"ECBGFSbox256.rsp", "ECBKeySbox256.rsp", "ECBMMT256.rsp", "ECBVarTxt256.rsp",
		}, *const cbc[] = {
			"CBCGFSbox128.rsp", "CBCKeySbox128.rsp", "CBCMMT128.rsp",
			"CBCGFSbox192.rsp", "CBCKeySbox192.rsp", "CBCMMT192.rsp",
			"CBCGFSbox256.rsp", "CBCKeySbox256.rsp", "CBCMMT256.rsp",
		}, *const ctr[] = {
			"CTR-RFC3686-128.txt", "CTR-RFC3686-192.txt", "CTR-RFC3686-256.txt",
		}, *const xts[] = { "XTSGenAES128.rsp", "XTSGenAES256.rsp" };

		if (!strcmp(a->name, "ecb(aes)"))
			run_files(&k, ecb, 12, kat_skcipher);
		else if (!strcmp(a->name, "cbc(aes)"))
			run_files(&k, cbc, 9, kat_skcipher);
		else if (!strcmp(a->name, "ctr(aes)"))
			run_files(&k, ctr, 3, kat_skcipher);
		else if (!strcmp(a->name, "xts(aes)"))
			run_files(&k, xts, 2, kat_skcipher);
	} else if (a->type == CRYPTO_AEAD && !strcmp(a->name, "gcm(aes)")) {
		static const char *const gcm[] = {
			"gcmEncryptExtIV128.rsp", "gcmEncryptExtIV192.rsp", "gcmEncryptExtIV256.rsp",
			"gcmDecrypt128.rsp", "gcmDecrypt192.rsp", "gcmDecrypt256.rsp",
		};
		run_files(&k, gcm, 6, kat_aead);
		kat_gcm_tags(&k);
	}
	if (!k.count)
		fail("no vectors for %s", a->name);
	snprintf(why + strlen(why), sizeof(why) - strlen(why), "%s(%d vectors", bad ? " " : "", k.count);
	if (k.other_iv)
		snprintf(why + strlen(why), sizeof(why) - strlen(why),
			 "; %d with IVs of other than the %u bytes it takes left out", k.other_iv,
			 ((const struct aead_alg *)a)->ivsize);
	snprintf(why + strlen(why), sizeof(why) - strlen(why), ")");
}

/* --- differential, against OpenSSL --- */

static const EVP_MD *ossl_md(const char *name)
{
	return !strcmp(name, "sha1") ? EVP_sha1() : !strcmp(name, "sha224") ? EVP_sha224() :
	       !strcmp(name, "sha256") ? EVP_sha256() : !strcmp(name, "sha384") ? EVP_sha384() :
	       !strcmp(name, "sha512") ? EVP_sha512() : NULL;
}

/* The lengths a differential run tries: all small ones, then random. */
static size_t pick_len(int i, size_t max)
{
	if (i < 80)
		return i;
	return rnd_below(max + 1);
}

#define BIG (3u << 20)

static uint32_t crc_bitwise(const uint8_t *p, size_t n)
{
	uint32_t c = ~0u;
	int k;

	while (n--) {
		c ^= *p++;
		for (k = 0; k < 8; k++)
			c = c >> 1 ^ (c & 1 ? 0x82f63b78 : 0);
	}
	return ~c;
}

/* HMAC keys at the edge of the hash's block size: one byte short is padded
 * with zeros, exactly the block size is used as it is, one byte over is
 * hashed first (RFC 2104, section 2); the random lengths below hit these
 * three only by chance. */
static void hmac_edges(const struct hash_alg *a, const EVP_MD *md, const uint8_t *buf)
{
	static const size_t msgs[] = { 0, 1, 63, 64, 65, 127, 128, 129, 1000 };
	uint8_t key[256], want[64], got[64];
	unsigned bs = a->blocksize, wl;
	size_t klen, i;
	int r;

	if (bs + 1 > sizeof(key)) {
		fail("a %u-byte block: the test's key buffer is too small", bs);
		return;
	}
	for (klen = bs - 1; klen <= bs + 1; klen++) {
		rnd_fill(key, klen);
		for (i = 0; i < sizeof(msgs) / sizeof(msgs[0]); i++) {
			HMAC(md, key, klen, buf, msgs[i], want, &wl);
			if ((r = hmac_digest(a, key, klen, buf, msgs[i], got)) < 0)
				fail("hmac, %zu-byte key (block %u), %zu bytes: %d", klen, bs, msgs[i], r);
			else if (memcmp(want, got, a->digestsize))
				fail("hmac, %zu-byte key (block %u), %zu bytes", klen, bs, msgs[i]);
		}
	}
}

static void diff_hash(const struct hash_alg *a)
{
	const EVP_MD *md = ossl_md(a->base.name);
	int crc = !strcmp(a->base.name, "crc32c");
	uint8_t *buf = xalloc(BIG + 64), want[64], got[64], key[300];
	int i, r;

	if (!md && !crc) {
		fail("no reference for %s", a->base.name);
		free(buf);
		return;
	}
	rnd_fill(buf, BIG + 64);
	if (md)
		hmac_edges(a, md, buf);
	for (i = 0; i < 400 && !bad; i++) {
		size_t len = i == 399 ? BIG : pick_len(i, 4096), off = rnd_below(16), done = 0;
		unsigned wl;
		struct hash_ctx c;
		const uint8_t *p = buf + off;

		if (crc) {
			uint32_t v = crc_bitwise(p, len);

			want[0] = v, want[1] = v >> 8, want[2] = v >> 16, want[3] = v >> 24;
		} else {
			EVP_Digest(p, len, want, &wl, md, NULL);
		}
		/* A right digest with an error is still an error. */
		if ((r = hash_digest(a, p, len, got)) < 0 || memcmp(want, got, a->digestsize)) {
			fail("one-shot, %zu bytes at offset %zu (%d)", len, off, r);
			break;
		}
		/* The same through many updates of odd sizes. */
		r = hash_init(&c, a);
		while (r == 0 && done < len) {
			size_t step = rnd_below(i & 1 ? 300 : 17) + 1;

			if (step > len - done)
				step = len - done;
			if ((r = hash_update(&c, p + done, step)) < 0)
				hash_release(&c);
			done += step;
		}
		if (r == 0)
			r = hash_final(&c, got);
		if (r < 0 || memcmp(want, got, a->digestsize))
			fail("split updates, %zu bytes (%d)", len, r);
		if (!crc && i < 200) {
			size_t klen = rnd_below(sizeof(key));

			rnd_fill(key, klen);
			HMAC(md, key, klen, p, len, want, &wl);
			if ((r = hmac_digest(a, key, klen, p, len, got)) < 0 ||
			    memcmp(want, got, a->digestsize))
				fail("hmac, %zu-byte key, %zu bytes (%d)", klen, len, r);
		}
	}
	free(buf);
}

static const EVP_CIPHER *ossl_cipher(int mode, size_t keylen)
{
	switch (mode) {
	case MODE_ECB:
		return keylen == 16 ? EVP_aes_128_ecb() : keylen == 24 ? EVP_aes_192_ecb() : EVP_aes_256_ecb();
	case MODE_CBC:
		return keylen == 16 ? EVP_aes_128_cbc() : keylen == 24 ? EVP_aes_192_cbc() : EVP_aes_256_cbc();
	case MODE_CTR:
		return keylen == 16 ? EVP_aes_128_ctr() : keylen == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
	case MODE_XTS:
		return keylen == 32 ? EVP_aes_128_xts() : keylen == 64 ? EVP_aes_256_xts() : NULL;
	}
	return NULL;
}

static int ossl_crypt(const EVP_CIPHER *ci, const uint8_t *key, const uint8_t *iv, int enc,
		      uint8_t *out, const uint8_t *in, size_t len)
{
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int n = 0, m = 0, ok;

	ok = EVP_CipherInit_ex(x, ci, NULL, key, iv, enc) && EVP_CIPHER_CTX_set_padding(x, 0) &&
	     EVP_CipherUpdate(x, out, &n, in, len) && EVP_CipherFinal_ex(x, out + n, &m);
	EVP_CIPHER_CTX_free(x);
	return ok && (size_t)(n + m) == len ? 0 : -1;
}

static int mode_of(const char *name)
{
	return !strcmp(name, "ecb(aes)") ? MODE_ECB : !strcmp(name, "cbc(aes)") ? MODE_CBC :
	       !strcmp(name, "ctr(aes)") ? MODE_CTR : !strcmp(name, "xts(aes)") ? MODE_XTS : 0;
}

static void diff_skcipher(const struct skcipher_alg *a)
{
	static const size_t keys[] = { 16, 24, 32 }, xkeys[] = { 32, 64 };
	int mode = mode_of(a->base.name), i;
	uint8_t *src = xalloc(BIG + 64), *want = xalloc(BIG + 64), *got = xalloc(BIG + 64);
	uint8_t key[64], iv[16], ivc[16];
	struct skcipher_ctx *c = xalloc(sizeof(*c));

	rnd_fill(src, BIG + 64);
	for (i = 0; i < 300 && !bad; i++) {
		size_t klen = mode == MODE_XTS ? xkeys[i % 2] : keys[i % 3];
		size_t len = i == 299 ? BIG : pick_len(i, 4096), so = rnd_below(16), dof = rnd_below(16);
		int inplace = i % 3 == 0, enc;
		const EVP_CIPHER *ci = ossl_cipher(mode, klen);

		if (mode == MODE_ECB || mode == MODE_CBC)
			len &= ~(size_t)15;
		if (mode == MODE_XTS && len < 16)
			len = 16 + len;
		rnd_fill(key, klen);
		rnd_fill(iv, 16);
		if (mode == MODE_CTR && i % 8 >= 1 && i % 8 <= 4) {
			/* The counter's low 32, 64, 96 or all 128 bits about to
			 * carry over within the first blocks: the carry must cross
			 * every word (and wrap the whole counter) as OpenSSL's does. */
			memset(iv + 16 - 4 * (i % 8), 0xff, 4 * (i % 8));
			iv[15] = 0xff - rnd_below(3);
		}
		if (a->maxlen && len > a->maxlen) {
			/* Past the driver's limit: refused as too long, then its longest. */
			memset(c, 0, sizeof(*c));
			c->alg = a;
			if (a->setkey(c, key, klen) == 0 && a->encrypt(c, got, src, len, iv) != -EMSGSIZE)
				fail("%zu bytes, past its limit of %zu, were not -EMSGSIZE", len, a->maxlen);
			if (a->release)
				a->release(c);
			len = a->maxlen;
		}
		memset(c, 0, sizeof(*c));
		c->alg = a;
		if (a->setkey(c, key, klen) < 0) {
			fail("setkey refused a random %zu-byte key", klen);
			break;
		}
		for (enc = 1; enc >= 0; enc--) {
			uint8_t *in = src + so, *out = inplace ? in : got + dof;

			if (ossl_crypt(ci, key, iv, enc, want, src + so, len) < 0) {
				fail("OpenSSL refused %zu bytes", len);
				break;
			}
			if (inplace) {
				/* Work on a copy so src stays the reference input. */
				memcpy(got + so, src + so, len);
				in = out = got + so;
			}
			memcpy(ivc, iv, 16);
			if ((enc ? a->encrypt : a->decrypt)(c, out, in, len, ivc) < 0 || memcmp(out, want, len)) {
				fail("%s %zu bytes, %zu-byte key, %s", enc ? "encrypt" : "decrypt", len, klen,
				     inplace ? "in place" : "out of place");
				break;
			}
		}
		/* CBC and CTR continue across calls through the iv. */
		if (!bad && (mode == MODE_CBC || mode == MODE_CTR) && len >= 32) {
			size_t cut = (rnd_below(len / 16) + 1) * 16;

			if (cut > len)
				cut = len & ~(size_t)15;
			for (enc = 1; enc >= 0; enc--) {
				int (*op)(struct skcipher_ctx *, uint8_t *, const uint8_t *, size_t, uint8_t *) =
					enc ? a->encrypt : a->decrypt;

				if (ossl_crypt(ci, key, iv, enc, want, src + so, len) < 0) {
					fail("OpenSSL refused %zu bytes", len);
					break;
				}
				memcpy(ivc, iv, 16);
				if (op(c, got, src + so, cut, ivc) < 0 ||
				    op(c, got + cut, src + so + cut, len - cut, ivc) < 0 || memcmp(got, want, len))
					fail("%s in two calls cut at %zu of %zu", enc ? "encrypt" : "decrypt", cut, len);
			}
		}
		if (a->release)
			a->release(c);
	}
	free(src), free(want), free(got), free(c);
}

static int ossl_gcm(size_t klen, const uint8_t *key, const uint8_t *iv, size_t ivlen,
		    const uint8_t *aad, size_t aadlen, const uint8_t *in, size_t len,
		    uint8_t *out, uint8_t *tag, size_t taglen)
{
	const EVP_CIPHER *ci = klen == 16 ? EVP_aes_128_gcm() : klen == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
	EVP_CIPHER_CTX *x = EVP_CIPHER_CTX_new();
	int n, ok;

	ok = EVP_EncryptInit_ex(x, ci, NULL, NULL, NULL) &&
	     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IVLEN, ivlen, NULL) &&
	     EVP_EncryptInit_ex(x, NULL, NULL, key, iv) &&
	     (!aadlen || EVP_EncryptUpdate(x, NULL, &n, aad, aadlen)) &&
	     EVP_EncryptUpdate(x, out, &n, in, len) && EVP_EncryptFinal_ex(x, out + n, &n) &&
	     EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, taglen, tag);
	EVP_CIPHER_CTX_free(x);
	return ok ? 0 : -1;
}

static void diff_aead(const struct aead_alg *a)
{
	static const size_t keys[] = { 16, 24, 32 };
	uint8_t *src = xalloc(BIG + 64), *want = xalloc(BIG + 64), *got = xalloc(BIG + 64);
	uint8_t key[32], iv[64], aad[1024], wt[16], gt[16];
	struct aead_ctx *c = xalloc(sizeof(*c));
	int i;

	rnd_fill(src, BIG + 64);
	for (i = 0; i < 300 && !bad; i++) {
		size_t klen = keys[i % 3], len = i == 299 ? BIG : pick_len(i, 4096);
		size_t ivlen = a->ivsize ? a->ivsize : i % 5 ? 12 : rnd_below(63) + 1;
		/* up to 1 KiB of AAD: 16 blocks and more reach GHASH's own
		 * 16-block loop (the stitched GCM takes the text's groups) */
		size_t aadlen = rnd_below(i % 4 ? 40 : i % 8 ? 256 : 1024);
		size_t taglen = i % 7 ? 16 : 12, so = rnd_below(16), i2;
		uint8_t *out = i % 3 ? got + rnd_below(16) : NULL;
		int rc;

		if (a->maxlen && len + aadlen > a->maxlen) {
			memset(c, 0, sizeof(*c));
			c->alg = a;
			rnd_fill(key, klen);
			if (a->setkey(c, key, klen) == 0 &&
			    a->encrypt(c, got, src, len, aad, aadlen, iv, ivlen, gt, taglen) != -EMSGSIZE)
				fail("%zu bytes, past its limit of %zu, were not -EMSGSIZE", len, a->maxlen);
			if (a->release)
				a->release(c);
			len = a->maxlen - aadlen;
		}

		rnd_fill(key, klen);
		rnd_fill(iv, ivlen);
		rnd_fill(aad, aadlen);
		memset(c, 0, sizeof(*c));
		c->alg = a;
		if (a->setkey(c, key, klen) < 0) {
			fail("setkey refused a %zu-byte key", klen);
			break;
		}
		if (ossl_gcm(klen, key, iv, ivlen, aad, aadlen, src + so, len, want, wt, taglen) < 0) {
			fail("OpenSSL refused");
			break;
		}
		if (!out) {	/* in place */
			memcpy(got + so, src + so, len);
			out = got + so;
			rc = a->encrypt(c, out, out, len, aad, aadlen, iv, ivlen, gt, taglen);
		} else {
			rc = a->encrypt(c, out, src + so, len, aad, aadlen, iv, ivlen, gt, taglen);
		}
		if (rc < 0 || memcmp(out, want, len) || memcmp(gt, wt, taglen)) {
			fail("encrypt %zu bytes, %zu aad, %zu-byte iv, %zu-byte key", len, aadlen, ivlen, klen);
			break;
		}
		/* Back, in place or (odd i) from OpenSSL's ciphertext into out:
		 * a decryption that hashed what it writes, not what it reads,
		 * passes in place only. */
		if (i % 2)
			memset(out, 0xa5, len);	/* not the ciphertext encrypt left */
		rc = a->decrypt(c, out, i % 2 ? want : out, len, aad, aadlen, iv, ivlen, gt, taglen);
		if (rc < 0 || memcmp(out, src + so, len)) {
			fail("decrypt %zu bytes back%s", len, i % 2 ? ", not in place" : "");
			break;
		}
		/* A wrong tag: -EBADMSG and nothing but zeros in dst. */
		memcpy(out, want, len);
		gt[rnd_below(taglen)] ^= 1 << rnd_below(8);
		rc = a->decrypt(c, out, out, len, aad, aadlen, iv, ivlen, gt, taglen);
		for (i2 = 0; i2 < len && !out[i2]; i2++)
			;
		if (rc != -EBADMSG || i2 != len)
			fail("a wrong tag gave %d and %s", rc, i2 == len ? "no plaintext" : "plaintext");
		if (a->release)
			a->release(c);
	}
	free(src), free(want), free(got), free(c);
}

static void test_diff(const struct crypto_alg *a)
{
	if (a->type == CRYPTO_HASH)
		diff_hash((const struct hash_alg *)a);
	else if (a->type == CRYPTO_SKCIPHER)
		diff_skcipher((const struct skcipher_alg *)a);
	else
		diff_aead((const struct aead_alg *)a);
}

/* --- bad input at the API --- */

static void test_bad_input(const struct crypto_alg *a)
{
	uint8_t key[80] = { 0 }, buf[64] = { 0 }, iv[16] = { 0 }, tag[16];
	size_t k;

	for (k = 0; k < 80; k++)
		key[k] = k;
	if (a->type == CRYPTO_SKCIPHER) {
		const struct skcipher_alg *s = (const struct skcipher_alg *)a;
		struct skcipher_ctx c = { .alg = s };
		int mode = mode_of(a->name);

		for (k = 0; k <= 80; k++) {
			int valid = mode == MODE_XTS ? k == 32 || k == 48 || k == 64 : k == 16 || k == 24 || k == 32;

			int rc = s->setkey(&c, key, k);

			/* OpenSSL has no AES-192-XTS: "not supported", not "invalid". */
			if (valid ? rc < 0 && !(rc == -EOPNOTSUPP && k == 48) : rc != -EINVAL)
				fail("a %zu-byte key gave %d", k, rc);
			if (s->release)
				s->release(&c);
		}
		if (mode == MODE_XTS) {
			memset(key, 7, 64);
			if (s->setkey(&c, key, 64) != -EINVAL)
				fail("an XTS key with equal halves was taken");
			key[0] = 1;
			s->setkey(&c, key, 64);
			if (s->encrypt(&c, buf, buf, 15, iv) != -EINVAL)
				fail("XTS took 15 bytes");
		} else {
			s->setkey(&c, key, 16);
			if (mode != MODE_CTR && s->encrypt(&c, buf, buf, 17, iv) != -EINVAL)
				fail("%s took 17 bytes", a->name);
		}
		if (s->release)
			s->release(&c);
	} else if (a->type == CRYPTO_AEAD) {
		const struct aead_alg *g = (const struct aead_alg *)a;
		struct aead_ctx *c = xalloc(sizeof(*c));

		memset(c, 0, sizeof(*c));
		c->alg = g;
		for (k = 0; k <= 40; k++)
			if ((g->setkey(c, key, k) == 0) != (k == 16 || k == 24 || k == 32))
				fail("a %zu-byte GCM key was %s", k, k % 8 ? "taken" : "refused");
		g->setkey(c, key, 16);
		if (g->encrypt(c, buf, buf, 16, NULL, 0, iv, 12, tag, 5) != -EINVAL)
			fail("a 5-byte tag was taken");
		if (g->encrypt(c, buf, buf, 16, NULL, 0, iv, 0, tag, 16) != -EINVAL)
			fail("an empty IV was taken");
		if (g->release)
			g->release(c);
		free(c);
	}
}

static void report(const char *what, const struct crypto_alg *a, void (*fn)(const struct crypto_alg *))
{
	bad = 0;
	why[0] = 0;
	fn(a);
	if (bad) {
		printf("FAIL: crypto: %s %s: %s (LSMBOX_SEED=%llu)\n", what, a->driver, why,
		       (unsigned long long)seed);
		failed++;
	} else {
		printf("PASS: crypto: %s %s%s%s\n", what, a->driver, why[0] ? " " : "", why);
		passed++;
	}
	fflush(stdout);
}

static int wanted(const struct crypto_alg *a, int argc, char **argv)
{
	int i;

	if (!argc)
		return 1;
	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], a->driver) || !strcmp(argv[i], a->impl) || !strcmp(argv[i], a->name))
			return 1;
	return 0;
}

/* One operation of N bytes with AES-128 (XTS: two 128-bit keys), for
 * counting instructions: whatever runs outside the bulk loop (setup, the
 * process) is the same at every N, so the difference between two N is
 * the kernel's. */
static int run_once(const char *driver, size_t n, int dec)
{
	const struct crypto_alg *a = crypto_find_driver(driver);
	uint8_t *buf = xalloc(n + 16), key[32], iv[16] = { 0 }, tag[16];
	int err = -EINVAL;

	memset(buf, 0x5a, n);
	memset(key, 0xa5, sizeof(key));
	key[31] = 0;
	if (!a || !crypto_usable(a)) {
		fprintf(stderr, "crypto-test: %s: no such usable driver\n", driver);
		return 2;
	}
	if (a->type == CRYPTO_HASH) {
		uint8_t out[64];

		err = hash_digest((const struct hash_alg *)a, buf, n, out);
	} else if (a->type == CRYPTO_SKCIPHER) {
		const struct skcipher_alg *s = (const struct skcipher_alg *)a;
		struct skcipher_ctx c = { .alg = s };

		err = s->setkey(&c, key, s->min_keysize);
		if (!err)
			err = (dec ? s->decrypt : s->encrypt)(&c, buf, buf, n, iv);
		if (s->release)
			s->release(&c);
	} else {
		const struct aead_alg *g = (const struct aead_alg *)a;
		struct aead_ctx *c = xalloc(sizeof(*c));

		memset(c, 0, sizeof(*c));
		c->alg = g;
		err = g->setkey(c, key, 16);
		if (!err)
			err = g->encrypt(c, buf, buf, n, NULL, 0, iv, 12, tag, 16);
		if (g->release)
			g->release(c);
		free(c);
	}
	free(buf);
	if (err) {
		fprintf(stderr, "crypto-test: %s: %s\n", driver, strerror(-err));
		return 1;
	}
	return 0;
}

static void test_one(const struct crypto_alg *a, size_t i)
{
	rng = seed * 0x9e3779b97f4a7c15ull + i + 1;
	errno = 0;
	if (!crypto_usable(a)) {
		uint32_t lack = a->cpu & ~cpu_features();

		if (lack)
			printf("NOT RUN: crypto: %s: this CPU lacks %s\n", a->driver, cpu_feature_names(lack));
		else
			printf("NOT RUN: crypto: %s: not usable here: %s\n", a->driver,
			       errno ? strerror(errno) : "its run-time check failed");
		notrun++;
		return;
	}
	report("kat", a, test_kat);
	/* OpenSSL's driver too: its IV handling and checks are ours. */
	report("diff", a, test_diff);
	if (a->type != CRYPTO_HASH)
		report("bad-input", a, test_bad_input);
}

/* --- the RSA public operation (rsa.c), against OpenSSL's --- */

/* s^65537 mod n by OpenSSL (no padding): 0, or -1 when it refuses s. */
static int ossl_rsa_raw(EVP_PKEY *pkey, const uint8_t *s, uint8_t *m)
{
	EVP_PKEY_CTX *c = EVP_PKEY_CTX_new(pkey, NULL);
	size_t len = 256;
	int ok = c && EVP_PKEY_encrypt_init(c) > 0 && EVP_PKEY_CTX_set_rsa_padding(c, RSA_NO_PADDING) > 0 &&
		 EVP_PKEY_encrypt(c, m, &len, s, 256) > 0 && len == 256;

	EVP_PKEY_CTX_free(c);
	return ok ? 0 : -1;
}

/* Keys made by OpenSSL (e 65537), values of s at the edges (0, 1, n - 1,
 * n, n + 1, 2^2048 - 1, s with only its top or a limb's top bit set) and
 * at random below n, a count that leaves the last batch short; each
 * s^65537 mod n compared with OpenSSL's. */
#define RSA_VALUES 309
static void test_rsa(int impl)
{
	uint8_t (*s)[256] = xalloc(RSA_VALUES * 256), (*m)[256] = xalloc(RSA_VALUES * 256);
	int *ok = xalloc(RSA_VALUES * sizeof(*ok));

	for (int key = 0; key < 3 && !bad; key++) {
		EVP_PKEY *pkey = EVP_RSA_gen(2048);
		BIGNUM *bn = NULL;
		uint8_t n[256], want[256];
		struct rsa2048 k;
		int v = 0;

		if (!pkey || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn) || BN_bn2binpad(bn, n, 256) != 256) {
			fail("OpenSSL made no RSA-2048 key");
			EVP_PKEY_free(pkey);
			BN_free(bn);
			break;
		}
		BN_free(bn);
		if (rsa2048_init(&k, n)) {
			fail("rsa2048_init refused OpenSSL's modulus");
			EVP_PKEY_free(pkey);
			break;
		}
		memset(s, 0, RSA_VALUES * 256);
		v++;				/* 0 */
		s[v++][255] = 1;		/* 1 */
		memcpy(s[v], n, 256);		/* n - 1 (n is odd) */
		s[v++][255]--;
		memcpy(s[v++], n, 256);		/* n */
		memcpy(s[v], n, 256);		/* n + 1 */
		s[v++][255]++;
		memset(s[v++], 0xff, 256);	/* 2^2048 - 1 */
		s[v++][0] = 0x01;		/* 2^2040 */
		s[v++][249] = 0x80;		/* 2^51: the top of the lowest limb */
		for (; v < RSA_VALUES; v++) {
			rnd_fill(s[v], 256);
			if (memcmp(s[v], n, 256) >= 0)
				s[v][0] = (uint8_t)(n[0] - 1);
		}
		if (rsa2048_e65537(&k, RSA_VALUES, (const uint8_t (*)[256])s, m, ok, impl))
			fail("rsa2048_e65537 would not run");
		for (int i = 0; i < RSA_VALUES && !bad; i++) {
			int ro = ossl_rsa_raw(pkey, s[i], want);

			if (!ro != !!ok[i])
				fail("value %d: OpenSSL %s it, ours %s", i, ro ? "refused" : "took", ok[i] ? "took" : "refused");
			else if (ok[i] && memcmp(want, m[i], 256))
				fail("value %d: s^65537 mod n differs from OpenSSL's", i);
		}
		EVP_PKEY_free(pkey);
	}
	/* moduli it does not take: of 2047 bits, even */
	{
		uint8_t n[256];
		struct rsa2048 k;

		memset(n, 0xff, 256);
		n[0] = 0x7f;
		if (!rsa2048_init(&k, n))
			fail("a modulus of 2047 bits taken");
		n[0] = 0xff;
		n[255] = 0xfe;
		if (!rsa2048_init(&k, n))
			fail("an even modulus taken");
	}
	free(s);
	free(m);
	free(ok);
}

static void rsa_c(const struct crypto_alg *a)
{
	(void)a;
	test_rsa(RSA_C);
}

static void rsa_ifma(const struct crypto_alg *a)
{
	(void)a;
	test_rsa(RSA_IFMA);
}

/* The two, as pseudo-drivers for the report (named rsa2048-c and
 * rsa2048-ifma on the command line). */
static void test_rsa_all(int argc, char **argv)
{
	static const struct crypto_alg c = { CRYPTO_HASH, "rsa2048", "rsa2048-c", "generic", 100, 0, NULL };
	static const struct crypto_alg x = { CRYPTO_HASH, "rsa2048", "rsa2048-ifma", "ifma", 300, CPU_IFMA, NULL };

	rng = seed * 0x9e3779b97f4a7c15ull + 0x5253;
	if (wanted(&c, argc, argv))
		report("diff", &c, rsa_c);
#if !defined(__x86_64__)
	return;	/* an x86-64 driver: not in other builds */
#endif
	if (!wanted(&x, argc, argv))
		return;
	if (!rsa2048_ifma_usable()) {
		printf("NOT RUN: crypto: rsa2048-ifma: this CPU lacks %s\n", cpu_feature_names(CPU_IFMA));
		notrun++;
		return;
	}
	report("diff", &x, rsa_ifma);
}

static int list_drivers(void)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all), i;

	for (i = 0; i < n; i++)
		printf("%s %s %s %d\n", all[i]->driver, all[i]->name, all[i]->impl,
		       crypto_usable(all[i]));
	return 0;
}

int main(int argc, char **argv)
{
	const struct crypto_alg **all;
	size_t n, i;
	const char *s = getenv("LSMBOX_SEED");

	if (argc == 2 && !strcmp(argv[1], "--drivers"))
		return list_drivers();
	if ((argc == 4 || argc == 5) && !strcmp(argv[1], "--once"))
		return run_once(argv[2], strtoul(argv[3], NULL, 0), argc == 5 && !strcmp(argv[4], "dec"));
	if (argc > 1 && !strcmp(argv[1], "-v"))
		verbose = 1, argc--, argv++;
	if (argc < 2) {
		fprintf(stderr, "usage: crypto-test [-v] VECTOR_DIR [DRIVER...]\n");
		return 2;
	}
	vecdir = argv[1];
	argc -= 2;
	argv += 2;
	OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL);
	seed = s ? strtoull(s, NULL, 10) : (uint64_t)time(NULL);
	printf("# crypto: %s; features: %s; seed %llu\n", cpu_model(),
	       cpu_feature_names(cpu_features()), (unsigned long long)seed);
	n = crypto_all(&all);
	for (i = 0; i < n; i++)
		if (wanted(all[i], argc, argv))
			test_one(all[i], i);
	test_rsa_all(argc, argv);
	/* Kernel drivers by name, made on demand (afalg.c). */
	for (i = 0; i < (size_t)argc; i++) {
		const struct crypto_alg *a;

		if (strncmp(argv[i], "afalg:", 6))
			continue;
		if ((a = crypto_find_driver(argv[i])))
			test_one(a, n + i);
		else {
			printf("FAIL: crypto: %s: %s\n", argv[i], strerror(errno));
			failed++;
		}
	}
	if (notrun)
		printf("# crypto: %d drivers not run here (not counted as passed)\n", notrun);
	printf("%d passed, %d failed\n", passed, failed);
	(void)verbose;
	return failed != 0;
}
