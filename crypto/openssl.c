// SPDX-License-Identifier: Apache-2.0
/* openssl.c: OpenSSL 3 (libcrypto's EVP) as one more provider in the table,
 * at a priority between our C and our assembly, so that cryptobench can set
 * it beside ours and a build without asm still has a fast path. */
#include "config.h"

#ifdef CFG_LIB_CRYPTO
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "crypto.h"

#define PRIO 150

/* No configuration file, so no provider module is ever dlopen'ed. */
static int ossl_usable(void)
{
	static int ok = -1;

	if (ok < 0)
		ok = OPENSSL_init_crypto(OPENSSL_INIT_NO_LOAD_CONFIG, NULL) == 1;
	return ok;
}

/* --- hashes --- */

static const EVP_MD *md_of(const char *name)
{
	return !strcmp(name, "sha1") ? EVP_sha1() : !strcmp(name, "sha224") ? EVP_sha224() :
	       !strcmp(name, "sha256") ? EVP_sha256() : !strcmp(name, "sha384") ? EVP_sha384() :
	       !strcmp(name, "sha512") ? EVP_sha512() : NULL;
}

static int h_init(struct hash_ctx *c)
{
	/* A fresh context: whatever st held before is not ours to free. */
	EVP_MD_CTX *x = EVP_MD_CTX_new();

	if (!x)
		return -ENOMEM;
	c->st.priv = x;
	if (!EVP_DigestInit_ex(x, md_of(c->alg->base.name), NULL)) {
		EVP_MD_CTX_free(x);
		c->st.priv = NULL;
		return -EINVAL;
	}
	return 0;
}

static int h_update(struct hash_ctx *c, const void *p, size_t n)
{
	return EVP_DigestUpdate(c->st.priv, p, n) ? 0 : -EINVAL;
}

static void h_release(struct hash_ctx *c)
{
	EVP_MD_CTX_free(c->st.priv);
	c->st.priv = NULL;
}

static int h_final(struct hash_ctx *c, uint8_t *out)
{
	int ok = EVP_DigestFinal_ex(c->st.priv, out, NULL);

	h_release(c);
	return ok ? 0 : -EINVAL;
}

#define HASH(id, ds, bs) \
	static const struct hash_alg id##_openssl = { \
		.base = { CRYPTO_HASH, #id, #id "-openssl", "openssl", PRIO, 0, ossl_usable }, \
		.digestsize = ds, .blocksize = bs, .init = h_init, .update = h_update, \
		.final = h_final, .release = h_release, \
	}; \
	CRYPTO_REGISTER(id##_openssl)

HASH(sha1, 20, 64);
HASH(sha224, 28, 64);
HASH(sha256, 32, 64);
HASH(sha384, 48, 128);
HASH(sha512, 64, 128);

/* --- ecb/cbc/ctr/xts(aes) --- */

struct sk {
	EVP_CIPHER_CTX *enc, *dec;
};

static const EVP_CIPHER *cipher_of(int mode, size_t keylen)
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

static void cipher_free(void **priv)
{
	struct sk *s = *priv;

	if (s) {
		EVP_CIPHER_CTX_free(s->enc);
		EVP_CIPHER_CTX_free(s->dec);
		free(s);
		*priv = NULL;
	}
}

static void sk_release(struct skcipher_ctx *c)
{
	cipher_free(&c->priv);
}

static int sk_setkey(struct skcipher_ctx *c, const uint8_t *key, size_t keylen)
{
	const EVP_CIPHER *ci;
	struct sk *s;

	sk_release(c);
	if (c->alg->mode == MODE_XTS) {
		/* The same checks as ours, before OpenSSL sees the key. */
		if (keylen != 32 && keylen != 64)
			return keylen == 48 ? -EOPNOTSUPP : -EINVAL;
		if (!crypto_memneq(key, key + keylen / 2, keylen / 2))
			return -EINVAL;
	} else if (keylen != 16 && keylen != 24 && keylen != 32) {
		return -EINVAL;
	}
	ci = cipher_of(c->alg->mode, keylen);
	if (!(s = calloc(1, sizeof(*s))) || !(s->enc = EVP_CIPHER_CTX_new()) ||
	    !(s->dec = EVP_CIPHER_CTX_new())) {
		c->priv = s;
		sk_release(c);
		return -ENOMEM;
	}
	c->priv = s;
	if (!EVP_CipherInit_ex(s->enc, ci, NULL, key, NULL, 1) ||
	    !EVP_CipherInit_ex(s->dec, ci, NULL, key, NULL, 0) ||
	    !EVP_CIPHER_CTX_set_padding(s->enc, 0) || !EVP_CIPHER_CTX_set_padding(s->dec, 0)) {
		sk_release(c);
		return -EINVAL;
	}
	return 0;
}

/* Our API's iv out: CBC's last ciphertext block (given), CTR's next counter. */
static void next_iv(int mode, uint8_t *iv, const uint8_t *lastct, size_t len)
{
	if (mode == MODE_CBC && len) {
		memcpy(iv, lastct, 16);
	} else if (mode == MODE_CTR) {
		uint64_t add = (len + 15) / 16;
		int i;

		for (i = 15; i >= 0 && add; i--) {
			add += iv[i];
			iv[i] = add;
			add >>= 8;
		}
	}
}

static int sk_crypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		    uint8_t *iv, int enc)
{
	struct sk *s = c->priv;
	EVP_CIPHER_CTX *x = enc ? s->enc : s->dec;
	int mode = c->alg->mode, n = 0;
	uint8_t last[16];

	if (((mode == MODE_ECB || mode == MODE_CBC) && len % 16) || (mode == MODE_XTS && len < 16))
		return -EINVAL;
	if (mode == MODE_CBC && !enc && len)
		memcpy(last, src + len - 16, 16);	/* dst may overwrite it */
	if (!EVP_CipherInit_ex(x, NULL, NULL, NULL, mode == MODE_ECB ? NULL : iv, -1) ||
	    (len && !EVP_CipherUpdate(x, dst, &n, src, len)))
		return -EINVAL;
	next_iv(mode, iv, enc && len ? dst + len - 16 : last, len);
	return 0;
}

static int sk_encrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv)
{
	return sk_crypt(c, dst, src, len, iv, 1);
}

static int sk_decrypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len, uint8_t *iv)
{
	return sk_crypt(c, dst, src, len, iv, 0);
}

#define SKCIPHER(m, MODE, ivs, bs, minkey, maxkey) \
	static const struct skcipher_alg m##_aes_openssl = { \
		.base = { CRYPTO_SKCIPHER, #m "(aes)", #m "-aes-openssl", "openssl", PRIO, 0, ossl_usable }, \
		.min_keysize = minkey, .max_keysize = maxkey, .ivsize = ivs, .blocksize = bs, \
		.setkey = sk_setkey, .encrypt = sk_encrypt, .decrypt = sk_decrypt, \
		.release = sk_release, .mode = MODE, \
	}; \
	CRYPTO_REGISTER(m##_aes_openssl)

SKCIPHER(ecb, MODE_ECB, 0, 16, 16, 32);
SKCIPHER(cbc, MODE_CBC, 16, 16, 16, 32);
SKCIPHER(ctr, MODE_CTR, 16, 1, 16, 32);
SKCIPHER(xts, MODE_XTS, 16, 16, 32, 64);

/* --- gcm(aes) --- */

static void g_release(struct aead_ctx *c)
{
	cipher_free(&c->priv);
}

static int g_setkey(struct aead_ctx *c, const uint8_t *key, size_t keylen)
{
	const EVP_CIPHER *ci = keylen == 16 ? EVP_aes_128_gcm() : keylen == 24 ? EVP_aes_192_gcm() :
			       keylen == 32 ? EVP_aes_256_gcm() : NULL;
	struct sk *s;

	g_release(c);
	if (!ci)
		return -EINVAL;
	if (!(s = calloc(1, sizeof(*s))) || !(s->enc = EVP_CIPHER_CTX_new()) ||
	    !(s->dec = EVP_CIPHER_CTX_new())) {
		c->priv = s;
		g_release(c);
		return -ENOMEM;
	}
	c->priv = s;
	if (!EVP_EncryptInit_ex(s->enc, ci, NULL, key, NULL) ||
	    !EVP_DecryptInit_ex(s->dec, ci, NULL, key, NULL)) {
		g_release(c);
		return -EINVAL;
	}
	return 0;
}

static int g_start(EVP_CIPHER_CTX *x, int enc, const uint8_t *iv, size_t ivlen,
		   const uint8_t *aad, size_t aadlen)
{
	int n;

	return EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_IVLEN, ivlen, NULL) &&
	       EVP_CipherInit_ex(x, NULL, NULL, NULL, iv, enc) &&
	       (!aadlen || EVP_CipherUpdate(x, NULL, &n, aad, aadlen));
}

static int tag_ok(size_t t)
{
	return t == 4 || t == 8 || (t >= 12 && t <= 16);
}

static int g_encrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		     const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		     uint8_t *tag, size_t taglen)
{
	EVP_CIPHER_CTX *x = ((struct sk *)c->priv)->enc;
	uint8_t full[16];
	int n = 0, m;

	if (!ivlen || !tag_ok(taglen))
		return -EINVAL;
	if (!g_start(x, 1, iv, ivlen, aad, aadlen) ||
	    (len && !EVP_EncryptUpdate(x, dst, &n, src, len)) ||
	    !EVP_EncryptFinal_ex(x, dst + n, &m) ||
	    !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_GET_TAG, 16, full))
		return -EINVAL;
	memcpy(tag, full, taglen);
	return 0;
}

static int g_decrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		     const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		     const uint8_t *tag, size_t taglen)
{
	EVP_CIPHER_CTX *x = ((struct sk *)c->priv)->dec;
	int n = 0, m;

	if (!ivlen || !tag_ok(taglen))
		return -EINVAL;
	if (!g_start(x, 0, iv, ivlen, aad, aadlen) ||
	    (len && !EVP_DecryptUpdate(x, dst, &n, src, len)) ||
	    !EVP_CIPHER_CTX_ctrl(x, EVP_CTRL_GCM_SET_TAG, taglen, (void *)tag))
		return -EINVAL;
	if (EVP_DecryptFinal_ex(x, dst + n, &m) <= 0) {
		crypto_wipe(dst, len);
		return -EBADMSG;
	}
	return 0;
}

static const struct aead_alg gcm_aes_openssl = {
	.base = { CRYPTO_AEAD, "gcm(aes)", "gcm-aes-openssl", "openssl", PRIO, 0, ossl_usable },
	.min_keysize = 16, .max_keysize = 32, .maxauthsize = 16,
	.setkey = g_setkey, .encrypt = g_encrypt, .decrypt = g_decrypt, .release = g_release,
};
CRYPTO_REGISTER(gcm_aes_openssl);
#endif
