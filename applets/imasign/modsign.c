// SPDX-License-Identifier: Apache-2.0
/* modsign.c: kernel module signatures, as the kernel's scripts/sign-file
 * (6.1) appends them and kernel/module/signing.c checks them.
 *
 * A signed module is the module's bytes, then a detached PKCS#7 (CMS)
 * SignedData over them with no certificates and no signed attributes
 * (its signer named by issuer and serial number, or by subject key
 * identifier with -k), then struct module_signature (12 bytes: algo, hash,
 * id_type 2 = PKCS#7, signer_len, key_id_len, 3 pad bytes, all 0 but
 * id_type, and the PKCS#7's length, big-endian), then the 28-byte marker
 * "~Module signature appended~\n".
 *
 *   sign-module [-dpk] [--replace] HASH KEY CERT MODULE [DEST]
 *   sign-module -s RAWSIG HASH CERT MODULE [DEST]
 *   verify-module [-k CERT[,CERT]...] MODULE...
 *
 * sign-module is sign-file: the same operands, options, KBUILD_SIGN_PIN,
 * output bytes (CMS through the same OpenSSL calls; RSA PKCS#1 v1.5 is
 * deterministic, so an RSA signature is byte for byte sign-file's) and
 * exit statuses (1 for a failure, 2 for a bad command line), and the name
 * sign-file through argv[0].  It differs where sign-file does harm: a
 * module that already carries a signature is refused (sign-file appends a
 * second one after it) unless --replace, which takes the old one off
 * first; every file is written whole or not at all (a temporary file
 * renamed into place).  verify-module prints what modinfo shows of a
 * signature and checks it against certificates as the kernel does (the
 * signer found by its identifier among them, no chain). */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "lsmbox.h"
#include "imasign.h"

#define MODSIG_MARKER "~Module signature appended~\n"
#define MODSIG_MARKER_LEN (sizeof(MODSIG_MARKER) - 1)
#define MODSIG_INFO_LEN 12
#define PKEY_ID_PKCS7 2
/* A module bigger than this is not one (the largest in Debian 6.1, a GPU
 * driver, is under 100 MiB); it is read whole. */
#define MODULE_MAX ((size_t)1 << 30)

/* A module's signature trailer, as mod_check_sig takes it: 1 with the
 * content's length and the PKCS#7's place filled in; 0 when there is no
 * marker (not signed); -1 with *why when the trailer is not the kernel's
 * (never taken as a signature). */
struct modsig {
	size_t content_len;
	const uint8_t *p7;
	size_t p7_len;
};

static int modsig_find(const uint8_t *p, size_t len, struct modsig *m, const char **why)
{
	const uint8_t *info;
	uint32_t sig_len;

	if (len < MODSIG_MARKER_LEN || memcmp(p + len - MODSIG_MARKER_LEN, MODSIG_MARKER, MODSIG_MARKER_LEN))
		return 0;
	len -= MODSIG_MARKER_LEN;
	if (len <= MODSIG_INFO_LEN) {
		*why = "the signature marker with no signature before it";
		return -1;
	}
	info = p + len - MODSIG_INFO_LEN;
	memcpy(&sig_len, info + 8, 4);
	sig_len = ntohl(sig_len);
	if (sig_len >= len - MODSIG_INFO_LEN) {
		*why = "the signature's length is more than the module holds";
		return -1;
	}
	if (info[2] != PKEY_ID_PKCS7) {
		*why = "not signed with a PKCS#7 message";
		return -1;
	}
	if (info[0] || info[1] || info[3] || info[4] || info[5] || info[6] || info[7]) {
		*why = "the signature's information has unexpected non-zero fields";
		return -1;
	}
	m->content_len = len - MODSIG_INFO_LEN - sig_len;
	m->p7 = p + m->content_len;
	m->p7_len = sig_len;
	return 1;
}

/* A module, whole (MODULE_MAX at most), the image's under --root. */
static uint8_t *read_module(const char *path, size_t *lenp)
{
	return (uint8_t *)bounded_read(path, MODULE_MAX, ": not a module", 1, lenp);
}

/* sign-file's usage (its own words under its name). */
static noreturn void sign_usage(void)
{
	const char *name = strcmp(applet_name(), "sign-file") ? "imasign sign-module" : "scripts/sign-file";

	fprintf(stderr, "Usage: %s [-dp] <hash algo> <key> <x509> <module> [<dest>]\n", name);
	fprintf(stderr, "       %s -s <raw sig> <hash algo> <x509> <module> [<dest>]\n", name);
	exit(2);
}

/* The certificate as sign-file reads it: DER when it starts with a
 * SEQUENCE of a long form length (30 81..84), else PEM. */
static X509 *read_cert(const char *path)
{
	size_t len;
	char *t = keyfile_read(path, &len);
	const unsigned char *p = (const unsigned char *)t;
	X509 *x = NULL;

	if (!t)
		return NULL;
	if (len < 2) {
		warn("%s: Short read", str_esc(path, SIZE_MAX));
	} else if (p[0] == 0x30 && p[1] >= 0x81 && p[1] <= 0x84) {
		x = d2i_X509(NULL, &p, (long)len);
	} else {
		BIO *b = BIO_new_mem_buf(t, (int)len);

		if (b)
			x = PEM_read_bio_X509(b, NULL, NULL, NULL);
		BIO_free(b);
	}
	if (!x && len >= 2)
		warn("%s: not an X.509 certificate: %s", str_esc(path, SIZE_MAX), ossl_why());
	free(t);
	return x;
}

/* The private key: PEM, its pass phrase from KBUILD_SIGN_PIN. */
static int pin_cb(char *buf, int size, int rwflag, void *u)
{
	const char *pin = getenv("KBUILD_SIGN_PIN");
	size_t n;

	(void)rwflag;
	(void)u;
	if (!pin || (n = strlen(pin)) >= (size_t)size)
		return -1;
	memcpy(buf, pin, n);
	return (int)n;
}

static EVP_PKEY *read_key(const char *path)
{
	size_t len;
	char *t;
	EVP_PKEY *k = NULL;
	BIO *b;

	if (!strncmp(path, "pkcs11:", 7)) {
		warn("%s: PKCS#11 keys are not supported by this imasign: give a PEM key file",
		     str_esc(path, SIZE_MAX));
		return NULL;
	}
	if (!(t = privkey_read(path, &len)))
		return NULL;
	if ((b = BIO_new_mem_buf(t, (int)len)))
		k = PEM_read_bio_PrivateKey(b, NULL, pin_cb, NULL);
	BIO_free(b);
	if (!k)
		warn("%s: not a PEM private key (or a wrong KBUILD_SIGN_PIN): %s", str_esc(path, SIZE_MAX),
		     ossl_why());
	secret_free(t, len);
	return k;
}

/* The CMS SignedData sign-file makes, DER, xmalloc'd into *der. */
static int make_pkcs7(const uint8_t *content, size_t len, X509 *x, EVP_PKEY *k, const EVP_MD *md, int keyid,
		      uint8_t **der, size_t *der_len)
{
	BIO *in = BIO_new_mem_buf(content, (int)len), *out = BIO_new(BIO_s_mem());
	CMS_ContentInfo *cms = NULL;
	char *p;
	long n;
	int ok = 0;

	if (len > INT_MAX || !in || !out)
		goto done;
	cms = CMS_sign(NULL, NULL, NULL, NULL, CMS_NOCERTS | CMS_PARTIAL | CMS_BINARY | CMS_DETACHED | CMS_STREAM);
	if (!cms ||
	    !CMS_add1_signer(cms, x, k, md,
			     CMS_NOCERTS | CMS_BINARY | CMS_NOSMIMECAP | CMS_NOATTR | (keyid ? CMS_USE_KEYID : 0)) ||
	    CMS_final(cms, in, NULL, CMS_NOCERTS | CMS_BINARY) != 1 || i2d_CMS_bio_stream(out, cms, NULL, 0) != 1)
		goto done;
	n = BIO_get_mem_data(out, &p);
	if (n <= 0)
		goto done;
	*der = xmalloc((size_t)n);
	memcpy(*der, p, (size_t)n);
	*der_len = (size_t)n;
	ok = 1;
done:
	CMS_ContentInfo_free(cms);
	BIO_free(in);
	BIO_free(out);
	return ok;
}

/* Write path (under --root, the image's) whole or not at all: the parts
 * one after another.  Live, a DEST that is a device or FIFO
 * (/dev/stdout) is written to, not replaced. */
static int write_parts(const char *path, const struct iovec *v, int n)
{
	char *host = root_file(path, 0);
	int rc = -1;

	if (host && (root_dir() ? write_iov_atomic : write_iov_out)(host, v, n, 0644) == 0)
		rc = 0;
	else
		warn_errno("%s", str_esc(path, SIZE_MAX));
	free(host);
	return rc;
}

/* --wipe-key, once the signature is written: the key file overwritten
 * with zeros, synced, and removed, so that the key that signed a build
 * cannot sign anything after it (certs/Makefile's ephemeral key).  0, or
 * 1 after saying why. */
static int wipe_key(const char *path)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NOCTTY);
	struct stat st;
	static const uint8_t zero[4096];

	if (fd < 0 || fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (fd >= 0)
			errno = EINVAL;
		warn_errno("--wipe-key: %s", str_esc(path, SIZE_MAX));
		if (fd >= 0)
			close(fd);
		return 1;
	}
	for (off_t done = 0; done < st.st_size;) {
		size_t n = st.st_size - done < (off_t)sizeof(zero) ? (size_t)(st.st_size - done) : sizeof(zero);

		if (write_all(fd, zero, n) < 0) {
			warn_errno("--wipe-key: %s", str_esc(path, SIZE_MAX));
			close(fd);
			return 1;
		}
		done += (off_t)n;
	}
	if (fsync(fd) < 0 || close(fd) < 0 || unlink(path) < 0) {
		warn_errno("--wipe-key: %s", str_esc(path, SIZE_MAX));
		return 1;
	}
	return 0;
}

int modsign_sign(int argc, char **argv)
{
	enum { O_S, O_D, O_P, O_K, O_REPLACE, O_WIPE, O_INSECURE, O_N };
	struct opt opts[] = { [O_S] = { 's', NULL, 0, 0, NULL }, [O_D] = { 'd', NULL, 0, 0, NULL },
			      [O_P] = { 'p', NULL, 0, 0, NULL }, [O_K] = { 'k', NULL, 0, 0, NULL },
			      [O_REPLACE] = { 0, "replace", 0, 0, NULL }, [O_WIPE] = { 0, "wipe-key", 0, 0, NULL },
			      [O_INSECURE] = { 0, "insecure-key-perms", 0, 0, NULL }, [O_N] = OPT_END };
	const char *hash, *key = NULL, *raw = NULL, *cert, *module, *dest;
	uint8_t *mod = NULL, *p7 = NULL, info[MODSIG_INFO_LEN] = { 0, 0, PKEY_ID_PKCS7 };
	size_t len, p7_len = 0;
	struct modsig m;
	const char *why = NULL;
	EVP_PKEY *k = NULL;
	X509 *x = NULL;
	int rc = 1, raw_sig, save, only;
	uint32_t be;

	opt_parse(&argc, &argv, opts, 0);
	insecure_key_perms = opts[O_INSECURE].seen;
	raw_sig = opts[O_S].seen;
	if (raw_sig && opts[O_WIPE].seen)
		usage_error("--wipe-key: -s signs with no key");
	only = opts[O_D].seen;
	save = opts[O_P].seen || only;
	if (argc < 4 || argc > 5)
		sign_usage();
	if (raw_sig) {
		raw = argv[0];
		hash = argv[1];
	} else {
		hash = argv[0];
		key = argv[1];
	}
	cert = argv[2];
	module = argv[3];
	dest = argc == 5 ? argv[4] : module;

	if (!(mod = read_module(module, &len)))
		goto out;
	switch (modsig_find(mod, len, &m, &why)) {
	case 1:
		if (!opts[O_REPLACE].seen) {
			warn("%s: already signed (a module signature is appended): give --replace to sign it "
			     "anew", str_esc(module, SIZE_MAX));
			goto out;
		}
		len = m.content_len;
		break;
	case -1:
		warn("%s: %s: its signature is not the kernel's; not signed again", str_esc(module, SIZE_MAX),
		     why);
		goto out;
	}
	if (raw_sig) {
		char *t = keyfile_read(raw, &p7_len);

		if (!t)
			goto out;
		p7 = (uint8_t *)t;
	} else {
		const EVP_MD *md = EVP_get_digestbyname(hash);

		if (!(k = read_key(key)) || !(x = read_cert(cert)))
			goto out;
		if (!md) {
			warn("%s: unknown hash algorithm", str_esc(hash, SHOWN_MAX));
			goto out;
		}
		if (!make_pkcs7(mod, len, x, k, md, opts[O_K].seen, &p7, &p7_len)) {
			warn("%s: signing failed: %s", str_esc(module, SIZE_MAX), ossl_why());
			goto out;
		}
		if (save) {
			char *sigfile = xasprintf("%s.p7s", module);
			struct iovec v[] = { { p7, p7_len } };
			int bad = write_parts(sigfile, v, 1);

			free(sigfile);
			if (bad)
				goto out;
		}
		if (only) {
			rc = opts[O_WIPE].seen ? wipe_key(key) : 0;
			goto out;
		}
	}
	be = htonl((uint32_t)p7_len);
	memcpy(info + 8, &be, 4);
	{
		struct iovec v[] = { { mod, len }, { p7, p7_len }, { info, sizeof(info) },
				     { (void *)MODSIG_MARKER, MODSIG_MARKER_LEN } };

		rc = write_parts(dest, v, 4) < 0;
	}
	if (!rc && opts[O_WIPE].seen)
		rc = wipe_key(key);
out:
	ERR_clear_error();
	EVP_PKEY_free(k);
	X509_free(x);
	free(mod);
	free(p7);
	return rc;
}

/* What modinfo (kmod 30) shows of a PKCS#7 signature: the signer (its
 * issuer's common name) and key (its serial number), or with a key
 * identifier that in their place; the digest; the signature bytes. */
static void put_hex_line(const uint8_t *p, size_t n, int wrap)
{
	for (size_t i = 0; i < n; i++) {
		printf("%02X", p[i]);
		if (i + 1 < n)
			printf(":");
		if (wrap && i + 1 < n && (i + 1) % 20 == 0)
			printf("\n\t\t");
	}
	printf("\n");
}

static int show_signer(CMS_SignerInfo *si)
{
	ASN1_OCTET_STRING *kid = NULL, *sig;
	X509_NAME *issuer = NULL;
	ASN1_INTEGER *serial = NULL;
	X509_ALGOR *dig = NULL;
	char cn[256] = "";

	if (CMS_SignerInfo_get0_signer_id(si, &kid, &issuer, &serial) != 1)
		return -1;
	CMS_SignerInfo_get0_algs(si, NULL, NULL, &dig, NULL);
	sig = CMS_SignerInfo_get0_signature(si);
	printf("sig_id:         PKCS#7\n");
	if (issuer) {
		X509_NAME_get_text_by_NID(issuer, NID_commonName, cn, sizeof(cn));
		printf("signer:         %s\n", cn);
	} else {
		printf("signer:         \n");
	}
	printf("sig_key:        ");
	if (serial) {
		BIGNUM *bn = ASN1_INTEGER_to_BN(serial, NULL);
		int n = bn ? BN_num_bytes(bn) : 0;
		uint8_t *b = xmalloc((size_t)n + 1);

		BN_bn2bin(bn, b);
		put_hex_line(b, (size_t)n, 0);
		free(b);
		BN_free(bn);
	} else {
		put_hex_line(kid->data, (size_t)kid->length, 0);
	}
	printf("sig_hashalgo:   %s\n", dig ? OBJ_nid2ln(OBJ_obj2nid(dig->algorithm)) : "unknown");
	printf("signature:      ");
	put_hex_line(sig->data, (size_t)sig->length, 1);
	return 0;
}

/* The certificates of -k, each a file (DER or PEM). */
static STACK_OF(X509) *load_certs(const char *list)
{
	STACK_OF(X509) *certs = sk_X509_new_null();
	char *copy = xstrdup(list), *save = NULL;

	for (char *t = strtok_r(copy, ", ", &save); t; t = strtok_r(NULL, ", ", &save)) {
		size_t len;
		char *data = keyfile_read(t, &len);
		X509 *x = NULL;

		if (data) {
			BIO *b = BIO_new_mem_buf(data, (int)len);
			const unsigned char *p = (const unsigned char *)data;

			x = b ? PEM_read_bio_X509(b, NULL, NULL, NULL) : NULL;
			BIO_free(b);
			if (!x) {
				ERR_clear_error();
				x = d2i_X509(NULL, &p, (long)len);
			}
			if (!x)
				warn("%s: not an X.509 certificate: %s", str_esc(t, SIZE_MAX), ossl_why());
			free(data);
		}
		if (!x) {
			sk_X509_pop_free(certs, X509_free);
			free(copy);
			return NULL;
		}
		sk_X509_push(certs, x);
	}
	free(copy);
	return certs;
}

int modsign_verify(int argc, char **argv)
{
	enum { O_K, O_N };
	struct opt opts[] = { [O_K] = { 'k', "key", OPT_ARG, 0, NULL }, [O_N] = OPT_END };
	STACK_OF(X509) *certs = NULL;
	int rc = 0;

	opt_parse_n(&argc, &argv, opts, 0, 1, -1, "MODULE...");
	if (opts[O_K].arg && !(certs = load_certs(opts[O_K].arg)))
		return 125;
	for (int i = 0; i < argc; i++) {
		size_t len;
		uint8_t *mod = read_module(argv[i], &len);
		const unsigned char *p;
		CMS_ContentInfo *cms = NULL;
		STACK_OF(CMS_SignerInfo) *sis;
		struct modsig m;
		const char *why = NULL;

		if (!mod) {
			rc = rc ? rc : 125;
			continue;
		}
		printf("filename:       %s\n", argv[i]);
		switch (modsig_find(mod, len, &m, &why)) {
		case 0:
			printf("verified:       no (not signed)\n");
			rc = rc == 125 ? rc : 1;
			free(mod);
			continue;
		case -1:
			printf("verified:       no (%s)\n", why);
			rc = rc == 125 ? rc : 1;
			free(mod);
			continue;
		}
		p = m.p7;
		cms = d2i_CMS_ContentInfo(NULL, &p, (long)m.p7_len);
		sis = cms ? CMS_get0_SignerInfos(cms) : NULL;
		if (!sis || sk_CMS_SignerInfo_num(sis) != 1 || p != m.p7 + m.p7_len ||
		    show_signer(sk_CMS_SignerInfo_value(sis, 0)) < 0) {
			printf("verified:       no (the signature is not one PKCS#7 SignedData with one signer)\n");
			rc = rc == 125 ? rc : 1;
		} else if (certs) {
			BIO *content = BIO_new_mem_buf(mod, (int)m.content_len);

			if (CMS_verify(cms, certs, NULL, content, NULL,
				       CMS_BINARY | CMS_DETACHED | CMS_NO_SIGNER_CERT_VERIFY | CMS_NOINTERN) == 1) {
				printf("verified:       yes\n");
			} else {
				printf("verified:       no (%s)\n", ossl_why());
				rc = rc == 125 ? rc : 1;
			}
			BIO_free(content);
		}
		ERR_clear_error();
		CMS_ContentInfo_free(cms);
		free(mod);
	}
	sk_X509_pop_free(certs, X509_free);
	return rc;
}

/* For lsmbox audit: the certificates (as verify-module -k), and one
 * module's signature checked as verify-module checks it, saying nothing. */
struct modsig_certs {
	STACK_OF(X509) *x;
};

struct modsig_certs *modsig_certs_load(const char *list)
{
	STACK_OF(X509) *x = load_certs(list);
	struct modsig_certs *c;

	if (!x)
		return NULL;
	c = xmalloc(sizeof(*c));
	c->x = x;
	return c;
}

void modsig_certs_free(struct modsig_certs *c)
{
	if (c) {
		sk_X509_pop_free(c->x, X509_free);
		free(c);
	}
}

int modsig_check(const uint8_t *mod, size_t len, const struct modsig_certs *certs, struct modsig_result *r)
{
	struct modsig m;
	const unsigned char *p;
	CMS_ContentInfo *cms;
	STACK_OF(CMS_SignerInfo) *sis;
	X509_ALGOR *dig = NULL;
	int st;

	memset(r, 0, sizeof(*r));
	switch (modsig_find(mod, len, &m, &r->why)) {
	case 0:
		return MODSIG_UNSIGNED;
	case -1:
		return MODSIG_BAD;
	}
	p = m.p7;
	cms = d2i_CMS_ContentInfo(NULL, &p, (long)m.p7_len);
	sis = cms ? CMS_get0_SignerInfos(cms) : NULL;
	if (!sis || sk_CMS_SignerInfo_num(sis) != 1 || p != m.p7 + m.p7_len) {
		r->why = "the signature is not one PKCS#7 SignedData with one signer";
		st = MODSIG_BAD;
		goto out;
	}
	CMS_SignerInfo_get0_algs(sk_CMS_SignerInfo_value(sis, 0), NULL, NULL, &dig, NULL);
	/* the long names are the kernel's: sha256, sha3-256 */
	snprintf(r->hash, sizeof(r->hash), "%s", dig ? OBJ_nid2ln(OBJ_obj2nid(dig->algorithm)) : "unknown");
	st = MODSIG_PARSED;
	if (certs) {
		BIO *content = BIO_new_mem_buf(mod, (int)m.content_len);

		if (CMS_verify(cms, certs->x, NULL, content, NULL,
			       CMS_BINARY | CMS_DETACHED | CMS_NO_SIGNER_CERT_VERIFY | CMS_NOINTERN) == 1) {
			st = MODSIG_VERIFIED;
		} else {
			snprintf(r->reason, sizeof(r->reason), "%s", ossl_why());
			st = MODSIG_REJECTED;
		}
		BIO_free(content);
	}
out:
	ERR_clear_error();
	CMS_ContentInfo_free(cms);
	return st;
}

/* genkey: the ephemeral build key certs/Makefile makes when
 * CONFIG_MODULE_SIG_KEY is left at certs/signing_key.pem (openssl req with
 * default_x509.genkey): RSA 4096 (or, --ecdsa, P-384), a self-signed
 * X.509 v3 certificate valid 36500 days, a random 20-byte positive serial
 * number, CN "Build time autogenerated kernel key", basicConstraints
 * critical CA:FALSE, keyUsage digitalSignature, subjectKeyIdentifier the
 * hash of the key.  KEYFILE: the key then the certificate, PEM, mode 0600
 * (what sign-module takes as KEY and CERT); DERCERT: the certificate in
 * DER, for CONFIG_SYSTEM_TRUSTED_KEYS or the .ima keyring. */
static int add_ext(X509 *x, int nid, const char *value)
{
	X509V3_CTX ctx;
	X509_EXTENSION *e;
	int ok;

	X509V3_set_ctx(&ctx, x, x, NULL, NULL, 0);
	if (!(e = X509V3_EXT_conf_nid(NULL, &ctx, nid, value)))
		return 0;
	ok = X509_add_ext(x, e, -1);
	X509_EXTENSION_free(e);
	return ok;
}

static X509 *self_signed(EVP_PKEY *k, const char *cn, long days, const EVP_MD *md)
{
	X509 *x = X509_new();
	X509_NAME *name = X509_NAME_new();
	uint8_t serial[20];
	BIGNUM *bn = NULL;
	int ok = 0;

	if (!x || !name || RAND_bytes(serial, sizeof(serial)) != 1)
		goto done;
	serial[0] &= 0x7f;	/* positive, 159 bits as openssl req makes it */
	bn = BN_bin2bn(serial, sizeof(serial), NULL);
	ok = bn && BN_to_ASN1_INTEGER(bn, X509_get_serialNumber(x)) && X509_set_version(x, 2) &&
	     X509_NAME_add_entry_by_NID(name, NID_commonName, MBSTRING_UTF8, (const unsigned char *)cn, -1, -1, 0) &&
	     X509_set_subject_name(x, name) && X509_set_issuer_name(x, name) &&
	     X509_gmtime_adj(X509_getm_notBefore(x), 0) && X509_time_adj_ex(X509_getm_notAfter(x), (int)days, 0, NULL) &&
	     X509_set_pubkey(x, k) && add_ext(x, NID_basic_constraints, "critical,CA:FALSE") &&
	     add_ext(x, NID_key_usage, "digitalSignature") && add_ext(x, NID_subject_key_identifier, "hash") &&
	     X509_sign(x, k, md) > 0;
done:
	BN_free(bn);
	X509_NAME_free(name);
	if (!ok) {
		X509_free(x);
		return NULL;
	}
	return x;
}

int modsign_genkey(int argc, char **argv)
{
	enum { O_ECDSA, O_HASH, O_DAYS, O_CN, O_BITS, O_N };
	struct opt opts[] = { [O_ECDSA] = { 0, "ecdsa", 0, 0, NULL }, [O_HASH] = { 'a', "hash", OPT_ARG, 0, NULL },
			      [O_DAYS] = { 0, "days", OPT_ARG, 0, NULL }, [O_CN] = { 0, "cn", OPT_ARG, 0, NULL },
			      [O_BITS] = { 0, "bits", OPT_ARG, 0, NULL }, [O_N] = OPT_END };
	const char *hash, *cn;
	const EVP_MD *md;
	long days, bits;
	EVP_PKEY *k = NULL;
	X509 *x = NULL;
	BIO *pem = BIO_new(BIO_s_mem());
	unsigned char *der = NULL;
	char *p;
	long n;
	int der_len, rc = 1;

	opt_parse_n(&argc, &argv, opts, 0, 1, 2, "KEYFILE [DERCERT]");
	hash = opts[O_HASH].arg ? opts[O_HASH].arg : "sha256";
	cn = opts[O_CN].arg ? opts[O_CN].arg : "Build time autogenerated kernel key";
	days = opts[O_DAYS].arg ? (long)xstrtonum(opts[O_DAYS].arg, 1, 36500 * 4, "--days") : 36500;
	bits = opts[O_BITS].arg ? (long)xstrtonum(opts[O_BITS].arg, 2048, 16384, "--bits") : 4096;
	if (opts[O_ECDSA].seen && opts[O_BITS].arg)
		usage_error("--bits is for RSA keys: --ecdsa makes a P-384 key");
	if (!*cn || strlen(cn) > 64)
		usage_error("--cn: 1 to 64 bytes, as X.509 bounds a common name");
	if (!(md = EVP_get_digestbyname(hash)))
		usage_error("%s: unknown hash algorithm", str_esc(hash, SHOWN_MAX));
	k = opts[O_ECDSA].seen ? EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-384")
			       : EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)bits);
	if (!k || !(x = self_signed(k, cn, days, md)) || !pem ||
	    !PEM_write_bio_PrivateKey(pem, k, NULL, NULL, 0, NULL, NULL) || !PEM_write_bio_X509(pem, x) ||
	    (der_len = i2d_X509(x, &der)) <= 0) {
		warn("the key or its certificate could not be made: %s", ossl_why());
		goto out;
	}
	n = BIO_get_mem_data(pem, &p);
	{
		struct atomic_file af;
		char *host = root_file(argv[0], 0);

		if (!host || atomic_open(&af, host, 0600) < 0) {
			warn_errno("%s", str_esc(argv[0], SIZE_MAX));
			free(host);
			goto out;
		}
		/* a key file keeps its mode 0600 even when it replaces another */
		if (fchmod(af.fd, 0600) < 0 || write_all(af.fd, p, (size_t)n) < 0) {
			warn_errno("%s", str_esc(argv[0], SIZE_MAX));
			atomic_abort(&af);
			free(host);
			goto out;
		}
		free(host);
		if (atomic_commit(&af) < 0) {
			warn_errno("%s", str_esc(argv[0], SIZE_MAX));
			goto out;
		}
	}
	if (argc == 2) {
		struct iovec v[] = { { der, (size_t)der_len } };

		if (write_parts(argv[1], v, 1) < 0)
			goto out;
	}
	rc = 0;
out:
	/* the key's PEM text lived in pem's buffer: cleansed before it goes */
	if (pem && (n = BIO_get_mem_data(pem, &p)) > 0)
		OPENSSL_cleanse(p, (size_t)n);
	BIO_free(pem);
	OPENSSL_free(der);
	X509_free(x);
	EVP_PKEY_free(k);
	return rc;
}
