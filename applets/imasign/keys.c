// SPDX-License-Identifier: Apache-2.0
/* keys.c: imasign's keys, through libcrypto: the private key loaded once
 * for every file, its key id as the kernel looks it up, signatures over
 * digests, and the certificates signatures are verified with. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/core_names.h>

#include "lsmbox.h"
#include "crypto.h"
#include "imasign.h"

/* A key or certificate file is small; one past this is not one. */
#define KEYFILE_MAX ((size_t)1 << 20)

/* OpenSSL's first queued reason, for a message; the queue is emptied. */
const char *ossl_why(void)
{
	static __thread char buf[256];
	unsigned long e = ERR_peek_last_error();

	if (!e)
		return "not understood";
	ERR_error_string_n(e, buf, sizeof(buf));
	ERR_clear_error();
	/* "error:1E08010C:DECODER routines::unsupported": keep the words. */
	char *p = strrchr(buf, ':');
	return p && p[1] ? p + 1 : buf;
}

/* The bounded read of both: path (a host path) opened, checked by ok
 * (NULL: no check; a refusal says why), read whole up to max. */
static char *read_checked(const char *shown, const char *host, size_t max, const char *what,
			  int (*ok)(int fd, const char *path), size_t *lenp)
{
	int fd = open(host, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK), err;
	char *t;

	if (fd < 0) {
		warn_errno("%s", str_esc(shown, SIZE_MAX));
		return NULL;
	}
	if (ok && !ok(fd, shown)) {
		close(fd);
		return NULL;
	}
	/* a regular file is read into one buffer of its size: no copy of
	 * a key is left behind by a realloc */
	t = read_fd_max(fd, max, lenp);
	err = errno;
	close(fd);
	if (!t) {
		if (err == EFBIG)
			warn("%s: larger than %zu bytes%s", str_esc(shown, SIZE_MAX), max, what);
		else
			errno = err, warn_errno("%s", str_esc(shown, SIZE_MAX));
	}
	return t;
}

char *bounded_read(const char *path, size_t max, const char *what, int in_root, size_t *lenp)
{
	char *host = in_root ? root_file(path, 0) : NULL, *t;

	t = read_checked(path, in_root ? (host ? host : "") : path, max, what, NULL, lenp);
	free(host);
	return t;
}

char *keyfile_read(const char *path, size_t *lenp)
{
	return bounded_read(path, KEYFILE_MAX, ": not a key file", 0, lenp);
}

bool insecure_key_perms;

int key_perms_ok(int fd, const char *path)
{
	struct stat st;

	if (fstat(fd, &st) < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		return 0;
	}
	/* as ssh refuses an unprotected key: the mode of what was opened */
	if ((st.st_mode & (S_IRGRP | S_IROTH)) && !insecure_key_perms) {
		warn("%s: a private key readable by %s (mode %04o): chmod go-r it, or give "
		     "--insecure-key-perms", str_esc(path, SIZE_MAX),
		     (st.st_mode & S_IRGRP) ? (st.st_mode & S_IROTH) ? "group and others" : "its group"
					    : "others", (unsigned)(st.st_mode & 07777));
		return 0;
	}
	return 1;
}

char *privkey_read(const char *path, size_t *lenp)
{
	return read_checked(path, path, KEYFILE_MAX, ": not a key file", key_perms_ok, lenp);
}

void secret_free(void *p, size_t len)
{
	if (p)
		OPENSSL_cleanse(p, len);
	free(p);
}

/* The last four bytes of the certificate's subjectKeyIdentifier, as the
 * kernel's "id:%08x" lookup matches them; 0 if it has none that long. */
static uint32_t skid_keyid(X509 *x)
{
	const ASN1_OCTET_STRING *skid = X509_get0_subject_key_id(x);
	const unsigned char *p;
	int n;

	if (!skid || (n = ASN1_STRING_length(skid)) < 4)
		return 0;
	p = ASN1_STRING_get0_data(skid) + n - 4;
	return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The key id evmctl computes without a certificate: SHA-1 of the public key
 * (the subjectPublicKey BIT STRING's bits), its bytes 16-19; the same as the
 * SKID of a certificate made with subjectKeyIdentifier=hash. */
static uint32_t pubkey_keyid(EVP_PKEY *pkey)
{
	X509_PUBKEY *pk = NULL;
	const unsigned char *bits;
	uint8_t md[20];
	int len;
	uint32_t id = 0;

	if (X509_PUBKEY_set(&pk, pkey) && X509_PUBKEY_get0_param(NULL, &bits, &len, NULL, pk) &&
	    !ima_mem_digest(ima_hash_by_name("sha1"), bits, (size_t)len, md))
		id = (uint32_t)md[16] << 24 | (uint32_t)md[17] << 16 | (uint32_t)md[18] << 8 | md[19];
	X509_PUBKEY_free(pk);
	return id;
}

/* A certificate in text: PEM if it has a PEM block, else DER. */
static X509 *parse_cert(const char *t, size_t len, int pem_only)
{
	BIO *b = BIO_new_mem_buf(t, (int)len);
	X509 *x = NULL;

	if (!b)
		return NULL;
	x = PEM_read_bio_X509(b, NULL, NULL, NULL);
	if (!x && !pem_only) {
		const unsigned char *p = (const unsigned char *)t;

		ERR_clear_error();
		x = d2i_X509(NULL, &p, (long)len);
	}
	BIO_free(b);
	return x;
}

uint32_t cert_file_keyid(const char *path)
{
	size_t len;
	char *t = keyfile_read(path, &len);
	X509 *x;
	uint32_t id = 0;

	if (!t)
		return 0;
	if (!(x = parse_cert(t, len, 0)))
		warn("%s: not an X.509 certificate (PEM or DER): %s", str_esc(path, SIZE_MAX), ossl_why());
	else if (!(id = skid_keyid(x)))
		warn("%s: the certificate has no subjectKeyIdentifier of 4 bytes or more",
		     str_esc(path, SIZE_MAX));
	X509_free(x);
	free(t);
	return id;
}

int cert_load_der(const char *path, uint8_t **der, size_t *len, uint32_t *keyid)
{
	size_t n;
	char *t = keyfile_read(path, &n);
	X509 *x;
	EVP_PKEY *pkey;
	unsigned char *p = NULL;
	int dl;

	if (!t)
		return -1;
	x = parse_cert(t, n, 0);
	free(t);
	if (!x || !(pkey = X509_get0_pubkey(x)) || (dl = i2d_X509(x, &p)) <= 0) {
		warn("%s: not an X.509 certificate (PEM or DER): %s", str_esc(path, SIZE_MAX), ossl_why());
		X509_free(x);
		return -1;
	}
	if (!(*keyid = skid_keyid(x)))
		*keyid = pubkey_keyid(pkey);
	*der = xmalloc((size_t)dl);
	memcpy(*der, p, (size_t)dl);
	*len = (size_t)dl;
	OPENSSL_free(p);
	X509_free(x);
	return 0;
}

const char *cert_check(const char *path, int in_root, uint32_t *keyid, int *has_skid)
{
	size_t len;
	char *t = bounded_read(path, KEYFILE_MAX, ": not a key file", in_root, &len);
	X509 *x;
	EVP_PKEY *pkey;
	const char *why = NULL;

	if (!t)
		return "";
	x = parse_cert(t, len, 0);
	free(t);
	if (!x) {
		why = ossl_why();
	} else if (!(pkey = X509_get0_pubkey(x))) {
		why = "its public key is not one this program can use";
		ERR_clear_error();
	} else {
		*keyid = skid_keyid(x);
		*has_skid = *keyid != 0;
		if (!*has_skid)
			*keyid = pubkey_keyid(pkey);
	}
	X509_free(x);
	return why;
}

struct signer {
	EVP_PKEY *pkey;
	uint32_t keyid;
};

/* No pass phrase given: fail, never prompt (a script has no terminal). */
static int pass_cb(char *buf, int size, int rwflag, void *u)
{
	const char *pass = u;
	size_t n;

	(void)rwflag;
	if (!pass)
		return -1;
	n = strlen(pass);
	if (n > (size_t)size)
		return -1;
	memcpy(buf, pass, n);
	return (int)n;
}

struct signer *signer_load(const char *path, const char *pass, uint32_t keyid)
{
	size_t len;
	char *t = privkey_read(path, &len);
	struct signer *s;
	BIO *b;
	X509 *x;

	if (!t)
		return NULL;
	s = xzalloc(sizeof(*s));
	if ((b = BIO_new_mem_buf(t, (int)len))) {
		s->pkey = PEM_read_bio_PrivateKey(b, NULL, pass_cb, (void *)pass);
		BIO_free(b);
	}
	if (!s->pkey) {
		unsigned long e = ERR_peek_last_error();

		if (!pass && strstr(t, "ENCRYPTED"))
			warn("%s: the key is encrypted: give its pass phrase (-p PASS, --pass=PASS "
			     "or EVMCTL_KEY_PASSWORD)", str_esc(path, SIZE_MAX));
		else if (pass && (strstr(t, "ENCRYPTED") || ERR_GET_REASON(e) == PEM_R_BAD_DECRYPT))
			warn("%s: wrong pass phrase", str_esc(path, SIZE_MAX));
		else
			warn("%s: not a PEM private key: %s", str_esc(path, SIZE_MAX), ossl_why());
		ERR_clear_error();
		secret_free(t, len);
		free(s);
		return NULL;
	}
	s->keyid = keyid;
	/* A certificate appended to the key file names the key id. */
	if (!s->keyid && (x = parse_cert(t, len, 1))) {
		s->keyid = skid_keyid(x);
		if (s->keyid)
			log_info("keyid %04x (from %s)\n", s->keyid, path);
		X509_free(x);
	}
	ERR_clear_error();
	if (!s->keyid)
		s->keyid = pubkey_keyid(s->pkey);
	secret_free(t, len);
	return s;
}

uint32_t signer_keyid(const struct signer *s)
{
	return s->keyid;
}

size_t signer_max(const struct signer *s)
{
	return SIGV2_HDR_LEN + (size_t)EVP_PKEY_get_size(s->pkey);
}

static const EVP_MD *sig_md(const struct ima_hash *h)
{
	const EVP_MD *md = EVP_get_digestbyname(h->name);

	return md ? md : EVP_get_digestbyname(!strcmp(h->name, "rmd160") ? "RIPEMD160" : h->name);
}

/* An OpenSSL context a thread keeps for its next signature (or check)
 * with the same key and hash: EVP_PKEY_sign and EVP_PKEY_verify may be
 * called again on an initialised one, and setting one up costs OpenSSL
 * provider lookups under its locks.  It holds a reference on the key, so
 * the pointer compared cannot be a freed key's reused.  Two a thread, one
 * for each use. */
enum { KEPT_SIGN, KEPT_VERIFY };
struct kept {
	EVP_PKEY_CTX *ctx;
	const EVP_PKEY *pkey;
	const EVP_MD *md;
};
static pthread_key_t kept_key;
static pthread_once_t kept_once = PTHREAD_ONCE_INIT;

static void kept_free(void *p)
{
	struct kept *k = p;

	EVP_PKEY_CTX_free(k[KEPT_SIGN].ctx);
	EVP_PKEY_CTX_free(k[KEPT_VERIFY].ctx);
	free(k);
}

static void kept_key_make(void)
{
	if (pthread_key_create(&kept_key, kept_free))
		die("cannot make a thread key");
}

static EVP_PKEY_CTX *kept_ctx(int use, EVP_PKEY *pkey, const EVP_MD *md)
{
	struct kept *k;

	pthread_once(&kept_once, kept_key_make);
	if (!(k = pthread_getspecific(kept_key))) {
		k = xzalloc(2 * sizeof(*k));
		pthread_setspecific(kept_key, k);
	}
	k += use;
	if (k->ctx && k->pkey == pkey && k->md == md)
		return k->ctx;
	EVP_PKEY_CTX_free(k->ctx);
	k->ctx = EVP_PKEY_CTX_new(pkey, NULL);
	if (!k->ctx || (use == KEPT_SIGN ? EVP_PKEY_sign_init(k->ctx) : EVP_PKEY_verify_init(k->ctx)) <= 0 ||
	    EVP_PKEY_CTX_set_signature_md(k->ctx, md) <= 0) {
		EVP_PKEY_CTX_free(k->ctx);
		k->ctx = NULL;
	}
	k->pkey = pkey;
	k->md = md;
	return k->ctx;
}

size_t signer_sign(const struct signer *s, uint8_t type, const struct ima_hash *h,
		   const uint8_t *digest, uint8_t *out, struct out *o)
{
	size_t n = signer_max(s) - SIGV2_HDR_LEN;
	const EVP_MD *md = sig_md(h);
	EVP_PKEY_CTX *ctx = md ? kept_ctx(KEPT_SIGN, s->pkey, md) : NULL;
	int ok;

	ok = ctx && EVP_PKEY_sign(ctx, out + SIGV2_HDR_LEN, &n, digest, h->size) > 0 && n <= 0xffff;
	if (!ok) {
		out_fail(o, "signing with %s failed: %s", h->name, md ? ossl_why() : "no such hash in OpenSSL");
		return 0;
	}
	out[0] = type;
	out[1] = DIGSIG_VERSION_2;
	out[2] = h->algo;
	out[3] = (uint8_t)(s->keyid >> 24);
	out[4] = (uint8_t)(s->keyid >> 16);
	out[5] = (uint8_t)(s->keyid >> 8);
	out[6] = (uint8_t)s->keyid;
	out[7] = (uint8_t)(n >> 8);
	out[8] = (uint8_t)n;
	return SIGV2_HDR_LEN + n;
}

void signer_free(struct signer *s)
{
	if (s) {
		EVP_PKEY_free(s->pkey);
		free(s);
	}
}

/* A verification key; keyid-only entries (no key) remember a key id
 * already reported unknown, so it is said once, as evmctl does. */
struct vkey {
	EVP_PKEY *pkey;
	uint32_t keyid;
	struct rsa2048 *fast;	/* an RSA-2048 key, e 65537, checked by rsa.c */
};

struct verifier {
	pthread_mutex_t lock;
	struct vkey *k;
	size_t n;
};

/* rsa.c's implementation for signature checks: IFMA where the CPU has
 * it, else none (OpenSSL's is faster than rsa.c's C); LSMBOX_RSA=openssl
 * or =c chooses (the tests compare them). */
static int fast_impl(void)
{
	const char *e = getenv("LSMBOX_RSA");

	if (e && !strcmp(e, "openssl"))
		return -1;
	if (e && !strcmp(e, "c"))
		return RSA_C;
	return rsa2048_ifma_usable() ? RSA_IFMA : -1;
}

/* An RSA key of 2048 bits and exponent 65537: rsa.c's form of it. */
static struct rsa2048 *fast_key(EVP_PKEY *pkey)
{
	BIGNUM *n = NULL, *e = NULL;
	uint8_t nb[256];
	struct rsa2048 *k = NULL;

	if (pkey && fast_impl() >= 0 && EVP_PKEY_get_base_id(pkey) == EVP_PKEY_RSA && EVP_PKEY_get_bits(pkey) == 2048 &&
	    EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &n) && EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_E, &e) &&
	    BN_is_word(e, 65537) && BN_bn2binpad(n, nb, 256) == 256) {
		k = xmalloc(sizeof(*k));
		if (rsa2048_init(k, nb)) {
			free(k);
			k = NULL;
		}
	}
	BN_free(n);
	BN_free(e);
	ERR_clear_error();
	return k;
}

static void vkey_add(struct verifier *v, EVP_PKEY *pkey, uint32_t keyid)
{
	v->k = xrealloc(v->k, (v->n + 1) * sizeof(*v->k));
	v->k[v->n++] = (struct vkey){ pkey, keyid, fast_key(pkey) };
}

int verifier_add(struct verifier *v, const char *path, int in_root)
{
	size_t len;
	char *t = bounded_read(path, KEYFILE_MAX, ": not a key file", in_root, &len);
	X509 *x;
	EVP_PKEY *pkey;
	uint32_t id;

	if (!t)
		return -1;
	x = parse_cert(t, len, 0);
	free(t);
	if (!x || !(pkey = X509_get_pubkey(x))) {
		warn("%s: not an X.509 certificate (PEM or DER): %s", str_esc(path, SIZE_MAX), ossl_why());
		X509_free(x);
		return -1;
	}
	/* The kernel finds the key by its certificate's SKID. */
	if (!(id = skid_keyid(x)))
		id = pubkey_keyid(pkey);
	X509_free(x);
	vkey_add(v, pkey, id);
	log_info("key %zu: %x %s\n", v->n, id, path);
	return 0;
}

struct verifier *verifier_load(const char *list)
{
	struct verifier *v = xzalloc(sizeof(*v));
	char *copy = xstrdup(list), *save, *path;

	pthread_mutex_init(&v->lock, NULL);
	for (path = strtok_r(copy, ", \t", &save); path; path = strtok_r(NULL, ", \t", &save))
		verifier_add(v, path, 0);
	free(copy);
	return v;
}

/* The key a signature's key id names, the last loaded of it (as
 * evmctl), or NULL; v->lock held. */
static struct vkey *vkey_find(struct verifier *v, uint32_t keyid)
{
	for (size_t i = v->n; i-- > 0;)
		if (v->k[i].keyid == keyid)
			return &v->k[i];
	return NULL;
}

int verifier_check(struct verifier *v, const struct sigv2 *s, const uint8_t *digest,
		   const char *file, struct out *o)
{
	EVP_PKEY *pkey = NULL;
	EVP_PKEY_CTX *ctx;
	const EVP_MD *md = sig_md(s->hash);
	struct vkey *k;
	int r;

	/* Threads share the list: an unknown key id is added once. */
	pthread_mutex_lock(&v->lock);
	if ((k = vkey_find(v, s->keyid))) {
		pkey = k->pkey;
	} else {
		vkey_add(v, NULL, s->keyid);
		out_info(o, "key %zu: %x (unknown keyid)\n", v->n, s->keyid);
	}
	pthread_mutex_unlock(&v->lock);
	if (!pkey) {
		out_fail(o, "%s: verification failed: no key with key id %08x", file,
			 s->keyid);
		return -1;
	}
	ctx = md ? kept_ctx(KEPT_VERIFY, pkey, md) : NULL;
	r = ctx ? EVP_PKEY_verify(ctx, s->sig, s->siglen, digest, s->hash->size) : -1;
	ERR_clear_error();
	if (r == 1)
		return 0;
	out_fail(o, "%s: verification failed: bad signature (key id %08x, %s)", file,
		 s->keyid, s->hash->name);
	return 1;
}

void verifier_free(struct verifier *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		EVP_PKEY_free(v->k[i].pkey);
		free(v->k[i].fast);
	}
	free(v->k);
	pthread_mutex_destroy(&v->lock);
	free(v);
}

/* PKCS#1 v1.5's DigestInfo of each hash a fast check takes (RFC 8017,
 * section 9.2, note 1): the DER before the digest. */
static const struct { const char *hash; uint8_t len; uint8_t der[19]; } digest_info[] = {
	{ "sha1", 15, { 0x30, 0x21, 0x30, 0x09, 0x06, 0x05, 0x2b, 0x0e, 0x03, 0x02, 0x1a, 0x05, 0x00, 0x04, 0x14 } },
	{ "sha224", 19, { 0x30, 0x2d, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x04,
			  0x05, 0x00, 0x04, 0x1c } },
	{ "sha256", 19, { 0x30, 0x31, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01,
			  0x05, 0x00, 0x04, 0x20 } },
	{ "sha384", 19, { 0x30, 0x41, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02,
			  0x05, 0x00, 0x04, 0x30 } },
	{ "sha512", 19, { 0x30, 0x51, 0x30, 0x0d, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03,
			  0x05, 0x00, 0x04, 0x40 } },
};

/* The encoded message a good signature of digest raises to: 00 01, FF
 * bytes, 00, DigestInfo, digest (EMSA-PKCS1-v1_5).  0, or -1 for a hash
 * it has no DigestInfo of. */
static int pkcs1_em(const struct ima_hash *h, const uint8_t *digest, uint8_t em[256])
{
	for (size_t i = 0; i < ARRAY_SIZE(digest_info); i++)
		if (!strcmp(digest_info[i].hash, h->name)) {
			size_t t = digest_info[i].len + (size_t)h->size;

			em[0] = 0;
			em[1] = 1;
			memset(em + 2, 0xff, 256 - 3 - t);
			em[256 - 1 - t] = 0;
			memcpy(em + 256 - t, digest_info[i].der, digest_info[i].len);
			memcpy(em + 256 - h->size, digest, h->size);
			return 0;
		}
	return -1;
}

void verifier_check_batch(struct verifier *v, size_t n, const struct sigv2 *s, const uint8_t *const *digest,
			  const char *const *file, int *res)
{
	int impl = fast_impl();
	size_t *todo = xmalloc(n * sizeof(*todo));
	uint8_t (*sig)[256] = xmalloc(n * 256), (*m)[256] = xmalloc(n * 256);
	int *ok = xmalloc(n * sizeof(*ok));
	struct rsa2048 **key = xmalloc(n * sizeof(*key));

	/* the ones a fast key checks, by key; the others as verifier_check */
	for (size_t i = 0; i < n; i++) {
		struct rsa2048 *k = NULL;
		struct vkey *vk;
		uint8_t em[256];

		key[i] = NULL;
		if (impl >= 0 && s[i].siglen == 256 && !pkcs1_em(s[i].hash, digest[i], em)) {
			pthread_mutex_lock(&v->lock);
			vk = vkey_find(v, s[i].keyid);
			k = vk ? vk->fast : NULL;
			pthread_mutex_unlock(&v->lock);
		}
		if (!k) {
			struct out quiet = { BUF_INIT(0), 0 };

			res[i] = verifier_check(v, &s[i], digest[i], file[i], &quiet);
			buf_free(&quiet.b);
			continue;
		}
		key[i] = k;
	}
	for (size_t i = 0; i < n; i++) {
		size_t c = 0;

		if (!key[i])
			continue;
		/* every signature of this key in one call, in batches */
		for (size_t j = i; j < n; j++)
			if (key[j] == key[i]) {
				todo[c] = j;
				memcpy(sig[c++], s[j].sig, 256);
			}
		if (rsa2048_e65537(key[i], c, (const uint8_t (*)[256])sig, m, ok, impl))
			die("rsa2048_e65537: %s cannot run here", impl == RSA_IFMA ? "IFMA" : "C");
		for (size_t t = 0; t < c; t++) {
			uint8_t em[256];
			size_t j = todo[t];

			pkcs1_em(s[j].hash, digest[j], em);
			res[j] = ok[t] && !memcmp(m[t], em, 256) ? 0 : 1;
			key[j] = NULL;
		}
	}
	free(todo);
	free(sig);
	free(m);
	free(ok);
	free(key);
}
