/* SPDX-License-Identifier: Apache-2.0 */
/* crypto.h: the algorithm interface shared by the applets: hashes (and
 * CRC32C), block-cipher modes, AEAD, and the provider table behind them. */
#ifndef LSMBOX_CRYPTO_H
#define LSMBOX_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

/* CPU features a driver may need, as bits; cpu_features() reads them once. */
enum {
	CPU_SSSE3 = 1 << 0,
	CPU_SSE41 = 1 << 1,
	CPU_SSE42 = 1 << 2,
	CPU_AVX = 1 << 3,	/* with the OS saving YMM state */
	CPU_AVX2 = 1 << 4,
	CPU_BMI2 = 1 << 5,
	CPU_AESNI = 1 << 6,
	CPU_PCLMUL = 1 << 7,
	CPU_SHANI = 1 << 8,
	CPU_AVX512 = 1 << 9,	/* F+BW+VL+DQ, with the OS saving ZMM state */
	CPU_VAES = 1 << 10,
	CPU_VPCLMUL = 1 << 11,
	CPU_IFMA = 1 << 12,	/* AVX512_IFMA (with CPU_AVX512) */
	CPU_NEON = 1 << 16,	/* ARM: ASIMD on AArch64 */
	CPU_ARM_AES = 1 << 17,
	CPU_ARM_PMULL = 1 << 18,
	CPU_ARM_SHA1 = 1 << 19,
	CPU_ARM_SHA2 = 1 << 20,
	CPU_ARM_SHA512 = 1 << 21,
	CPU_ARM_CRC32 = 1 << 22,
};
uint32_t cpu_features(void);
/* "sse4.2 avx2 ..." for the set bits: static storage, for listings. */
const char *cpu_feature_names(uint32_t f);
/* One line naming the processor (x86 brand string, else the machine). */
const char *cpu_model(void);

enum crypto_type { CRYPTO_HASH = 1, CRYPTO_SKCIPHER, CRYPTO_AEAD };

/* What every driver has, first in each kind's struct; the kernel's
 * cra_name / cra_driver_name / cra_priority. */
struct crypto_alg {
	enum crypto_type type;
	const char *name;	/* "sha256", "cbc(aes)", "gcm(aes)" */
	const char *driver;	/* "sha256-shani", "cbc-aes-aesni" */
	const char *impl;	/* "generic", "shani", "aesni", "openssl": what
				 * LSMBOX_CRYPTO and cryptobench --impl name */
	int priority;		/* highest usable wins: generic 100, openssl 150, asm 200+ */
	uint32_t cpu;		/* CPU_* bits it needs */
	int (*usable)(void);	/* extra run-time check, or NULL */
	uint32_t yield;		/* CPU_* bits: on a CPU with any of them, it ranks
				 * CRYPTO_YIELD below its priority (crypto_priority) */
};

/* A kernel whose best CPU class features alone cannot name (one tuned for
 * narrower cores) steps down by this much where the features say wider. */
#define CRYPTO_YIELD 20
/* The priority a ranks by on this CPU: its own, less CRYPTO_YIELD where it
 * yields. */
int crypto_priority(const struct crypto_alg *a);

/* Drivers register themselves into a linker section; no central list. */
#define CRYPTO_REGISTER(var) \
	static const struct crypto_alg *const var##_reg \
	__attribute__((used, section("lsmbox_crypto"), aligned(sizeof(void *)))) = &(var).base

/* --- the RSA public operation (rsa.c) ---
 * m = s^65537 mod n for a 2048-bit n (big-endian bytes), for checking
 * signatures: portable C, or AVX-512 IFMA where rsa2048_ifma_usable(). */
#define RSA2048_LIMBS 40
struct rsa2048 {
	uint64_t n[RSA2048_LIMBS], rr[RSA2048_LIMBS], n0;
};
enum { RSA_C, RSA_IFMA };
/* 0; -1 when n is not of 2048 bits or is even. */
int rsa2048_init(struct rsa2048 *k, const uint8_t n[256]);
int rsa2048_ifma_usable(void);
/* m[i] = s[i]^65537 mod n and ok[i] = 1 for each of count values, or
 * ok[i] = 0 when s[i] >= n (m[i] not written): 0; -2 when impl cannot
 * run here.  RSA_BATCH at once is what the IFMA code is fast at. */
#define RSA_BATCH 8
int rsa2048_e65537(const struct rsa2048 *k, size_t count, const uint8_t (*s)[256], uint8_t (*m)[256], int *ok,
		   int impl);

/* --- hashes --- */

struct hash_ctx;

/* A Merkle-Damgard hash that a driver gives as a block function: the generic
 * code in md.c buffers, pads and encodes the length. */
struct md_desc {
	const void *iv;		/* initial state */
	unsigned statesize;	/* bytes of state: 20, 32, 64 */
	unsigned lensize;	/* bytes of the length field: 8 or 16 */
	unsigned wordsize;	/* 4 or 8 */
	void (*blocks)(void *state, const uint8_t *p, size_t nblocks);
};

struct hash_alg {
	struct crypto_alg base;
	unsigned digestsize, blocksize;
	/* All return 0 or -errno; final writes digestsize bytes and ends the
	 * context (release too).  init may be called again after final. */
	int (*init)(struct hash_ctx *c);
	int (*update)(struct hash_ctx *c, const void *p, size_t n);
	int (*final)(struct hash_ctx *c, uint8_t *out);
	void (*release)(struct hash_ctx *c);	/* abandon without final, or NULL */
	const struct md_desc *md;		/* for md_init/md_update/md_final */
};

struct hash_ctx {
	const struct hash_alg *alg;
	union {
		uint32_t w32[16];
		uint64_t w64[8];
		uint32_t crc;
		void *priv;	/* providers with state elsewhere (OpenSSL, AF_ALG) */
	} st;
	uint64_t count;		/* bytes hashed so far */
	unsigned buflen;
	_Alignas(16) uint8_t buf[128];
};

/* md.c: the generic init/update/final of block-function hashes. */
int md_init(struct hash_ctx *c);
int md_update(struct hash_ctx *c, const void *p, size_t n);
int md_final(struct hash_ctx *c, uint8_t *out);

/* Convenience: look up by name (best driver), run, all in one. */
int hash_init(struct hash_ctx *c, const struct hash_alg *a);
static inline int hash_update(struct hash_ctx *c, const void *p, size_t n)
{
	return c->alg->update(c, p, n);
}
static inline int hash_final(struct hash_ctx *c, uint8_t *out)
{
	return c->alg->final(c, out);
}
void hash_release(struct hash_ctx *c);
int hash_digest(const struct hash_alg *a, const void *p, size_t n, uint8_t *out);

/* HMAC over any hash driver (hmac.c).  Keys of any length. */
struct hmac_ctx {
	struct hash_ctx inner, outer;
};
int hmac_init(struct hmac_ctx *h, const struct hash_alg *a, const void *key, size_t keylen);
int hmac_update(struct hmac_ctx *h, const void *p, size_t n);
int hmac_final(struct hmac_ctx *h, uint8_t *out);
void hmac_release(struct hmac_ctx *h);
int hmac_digest(const struct hash_alg *a, const void *key, size_t keylen,
		const void *p, size_t n, uint8_t *out);

/* --- AES --- */

/* The key schedule every AES driver shares: round keys in FIPS-197 byte
 * order (what AESENC and AESE take), and the decryption schedule of the
 * equivalent inverse cipher (dec[0] = enc[Nr], dec[i] = InvMixColumns(
 * enc[Nr - i]), dec[Nr] = enc[0]), which is what AESDEC and AESD take. */
struct aes_key {
	_Alignas(64) uint8_t enc[15][16];
	_Alignas(64) uint8_t dec[15][16];
	unsigned rounds;	/* 10, 12, 14 */
};
/* 0, or -EINVAL for a key that is not 16, 24 or 32 bytes. */
int aes_expandkey(struct aes_key *k, const uint8_t *key, size_t keylen);
void aes_encrypt_block(const struct aes_key *k, uint8_t out[16], const uint8_t in[16]);
void aes_decrypt_block(const struct aes_key *k, uint8_t out[16], const uint8_t in[16]);
/* Multiply an XTS tweak by x in GF(2^128), IEEE 1619's bit order. */
void xts_mulx(uint8_t t[16]);

/* Full-block primitives an AES implementation gives; modes.c builds
 * ecb/cbc/ctr/xts(aes) on them (CTR tails, ciphertext stealing, IV
 * updates).  Counters are big-endian 128-bit (ctr) as in the kernel's
 * ctr(aes); ctr and cbc update their iv/ctr argument to continue.  xts
 * takes the already-encrypted tweak and leaves the next one in it. */
struct aes_ops {
	void (*ecb_enc)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
	void (*ecb_dec)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks);
	void (*cbc_enc)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
	void (*cbc_dec)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t iv[16]);
	void (*ctr)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
	void (*xts_enc)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
	void (*xts_dec)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t tweak[16]);
};
/* The portable C primitives (aes.c), which asm drivers may fall back on. */
extern const struct aes_ops aes_generic_ops;

/* --- block-cipher modes (skcipher) --- */

enum { MODE_ECB = 1, MODE_CBC, MODE_CTR, MODE_XTS };

struct skcipher_ctx;
struct skcipher_alg {
	struct crypto_alg base;
	unsigned min_keysize, max_keysize, ivsize;
	unsigned blocksize;	/* 16: lengths must be multiples (ecb, cbc); 1: any (ctr);
				 * xts: any length >= 16 (ciphertext stealing) */
	/* 0 or -errno: -EINVAL for a bad key length, an XTS key whose halves
	 * are equal, or a length the mode cannot take. */
	int (*setkey)(struct skcipher_ctx *c, const uint8_t *key, size_t keylen);
	int (*encrypt)(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv);
	int (*decrypt)(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv);
	void (*release)(struct skcipher_ctx *c);	/* or NULL */
	int mode;			/* MODE_*, for drivers built by modes.c */
	const struct aes_ops *aes;	/* likewise */
	size_t maxlen;	/* 0: any length; else the longest one call is sure to take
			 * (AF_ALG's XTS: one kernel request); longer may be -EMSGSIZE */
};
/* Contexts start zeroed with alg set; release (if the driver has one) ends them. */
struct skcipher_ctx {
	const struct skcipher_alg *alg;
	void *priv;
	struct aes_key key, tweak;	/* tweak: the second XTS key */
};

/* modes.c: setkey/encrypt/decrypt for drivers that give aes_ops. */
int aes_mode_setkey(struct skcipher_ctx *c, const uint8_t *key, size_t keylen);
int aes_mode_encrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv);
int aes_mode_decrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv);

/* Declares the four mode drivers of one AES implementation, e.g.
 * AES_MODE_DRIVERS(aesni, "aesni", 300, CPU_AESNI, NULL, &aesni_ops)
 * gives ecb-aes-aesni, cbc-aes-aesni, ctr-aes-aesni, xts-aes-aesni. */
#define AES_MODE_DRIVER_(id, mname, MODE, ivs, bs, minkey, maxkey, impl_, prio, cpu_, usable_, ops) \
	static const struct skcipher_alg mname##_aes_##id = { \
		.base = { CRYPTO_SKCIPHER, #mname "(aes)", #mname "-aes-" impl_, impl_, \
			  prio, cpu_, usable_ }, \
		.min_keysize = minkey, .max_keysize = maxkey, .ivsize = ivs, .blocksize = bs, \
		.setkey = aes_mode_setkey, .encrypt = aes_mode_encrypt, \
		.decrypt = aes_mode_decrypt, .mode = MODE, .aes = ops, \
	}; \
	CRYPTO_REGISTER(mname##_aes_##id)
#define AES_MODE_DRIVERS(id, impl_, prio, cpu_, usable_, ops) \
	AES_MODE_DRIVER_(id, ecb, MODE_ECB, 0, 16, 16, 32, impl_, prio, cpu_, usable_, ops); \
	AES_MODE_DRIVER_(id, cbc, MODE_CBC, 16, 16, 16, 32, impl_, prio, cpu_, usable_, ops); \
	AES_MODE_DRIVER_(id, ctr, MODE_CTR, 16, 1, 16, 32, impl_, prio, cpu_, usable_, ops); \
	AES_MODE_DRIVER_(id, xts, MODE_XTS, 16, 16, 32, 64, impl_, prio, cpu_, usable_, ops)

/* --- AEAD: GCM --- */

struct aead_ctx;

/* What a GCM implementation gives; gcm.c does the rest (J0 from any IV
 * length, AAD, partial blocks, the length block, the tag check).  ctr32
 * increments only the low 32 bits, big-endian, as GCM does, and updates
 * ctr.  ghash folds nblocks 16-byte blocks into xi (the GHASH state, in
 * GCM's byte order) with the tables ghash_init made from H = E_K(0).
 * enc/dec, if given, do ctr32 and ghash of the ciphertext in one pass
 * ("stitched") over nblocks and return how many they did (the rest falls
 * to ctr32 + ghash). */
struct gcm_ops {
	void (*ghash_init)(uint8_t *htable, const uint8_t h[16]);
	void (*ghash)(uint8_t xi[16], const uint8_t *htable, const uint8_t *p, size_t nblocks);
	void (*ctr32)(const struct aes_key *k, uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
	size_t (*enc)(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16],
		      uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
	size_t (*dec)(const struct aes_key *k, const uint8_t *htable, uint8_t xi[16],
		      uint8_t *dst, const uint8_t *src, size_t nblocks, uint8_t ctr[16]);
};

struct aead_alg {
	struct crypto_alg base;
	unsigned min_keysize, max_keysize, maxauthsize;
	int (*setkey)(struct aead_ctx *c, const uint8_t *key, size_t keylen);
	/* One shot.  taglen 4..16 (GCM: 4, 8, 12..16).  decrypt returns
	 * -EBADMSG on a wrong tag and then leaves dst zeroed: no plaintext
	 * is released.  dst may equal src. */
	int (*encrypt)(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		       const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		       uint8_t *tag, size_t taglen);
	int (*decrypt)(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		       const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		       const uint8_t *tag, size_t taglen);
	void (*release)(struct aead_ctx *c);
	const struct gcm_ops *gcm;	/* for drivers built by gcm.c */
	unsigned ivsize;	/* 0: any IV length; else the only one taken (-EINVAL) */
	size_t maxlen;		/* as in skcipher_alg: AAD and text of one call */
};
struct aead_ctx {
	const struct aead_alg *alg;
	void *priv;
	struct aes_key key;
	_Alignas(64) uint8_t htable[1024];	/* ghash_init's: powers of H, as each implementation lays them out */
};

int gcm_setkey(struct aead_ctx *c, const uint8_t *key, size_t keylen);
int gcm_encrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		uint8_t *tag, size_t taglen);
int gcm_decrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		const uint8_t *tag, size_t taglen);

#define GCM_DRIVER(id, impl_, prio, cpu_, usable_, ops) \
	static const struct aead_alg gcm_aes_##id = { \
		.base = { CRYPTO_AEAD, "gcm(aes)", "gcm-aes-" impl_, impl_, prio, cpu_, usable_ }, \
		.min_keysize = 16, .max_keysize = 32, .maxauthsize = 16, \
		.setkey = gcm_setkey, .encrypt = gcm_encrypt, .decrypt = gcm_decrypt, \
		.gcm = ops, \
	}; \
	CRYPTO_REGISTER(gcm_aes_##id)

/* --- the table --- */

/* Every registered driver, in a stable order (type, name, priority down). */
size_t crypto_all(const struct crypto_alg ***list);
/* Whether the CPU and the run-time check allow it. */
int crypto_usable(const struct crypto_alg *a);
/* The driver for NAME: of those LSMBOX_CRYPTO names (drivers or impls,
 * comma-separated), the usable one of highest priority; if it names none
 * for NAME, the usable one of highest priority.  NULL if there is none
 * (errno ENOENT), or if LSMBOX_CRYPTO names drivers for NAME that this CPU
 * cannot run (errno ENODEV).  Chosen once per name, then cached. */
const struct crypto_alg *crypto_find(enum crypto_type type, const char *name);
/* The driver registered under DRIVER, usable or not; NULL if none. */
const struct crypto_alg *crypto_find_driver(const char *driver);

static inline const struct hash_alg *hash_alg(const char *name)
{
	return (const struct hash_alg *)crypto_find(CRYPTO_HASH, name);
}
static inline const struct skcipher_alg *skcipher_alg(const char *name)
{
	return (const struct skcipher_alg *)crypto_find(CRYPTO_SKCIPHER, name);
}
static inline const struct aead_alg *aead_alg(const char *name)
{
	return (const struct aead_alg *)crypto_find(CRYPTO_AEAD, name);
}

/* Constant-time compare: 0 when equal. */
int crypto_memneq(const void *a, const void *b, size_t n);
/* Zeroing the compiler may not drop. */
void crypto_wipe(void *p, size_t n);

#endif
