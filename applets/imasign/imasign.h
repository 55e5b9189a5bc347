/* SPDX-License-Identifier: Apache-2.0 */
/* imasign.h: what imasign's rooms share.  imasign.c is the command line,
 * digsig.c the formats (hash algorithms, security.ima values, file
 * digests), keys.c the keys (OpenSSL: loading, key ids, signing,
 * verifying).  Data flows one way: command line -> file digest ->
 * signature -> xattr or output. */
#ifndef IMASIGN_H
#define IMASIGN_H

#include <stddef.h>
#include <stdbool.h>
#include <stdint.h>

/* The first byte of security.ima and security.evm values
 * (security/integrity/integrity.h, enum evm_ima_xattr_type). */
enum {
	IMA_XATTR_DIGEST = 1,
	EVM_XATTR_HMAC = 2,
	EVM_IMA_XATTR_DIGSIG = 3,
	IMA_XATTR_DIGEST_NG = 4,
	EVM_XATTR_PORTABLE_DIGSIG = 5,
	IMA_VERITY_DIGSIG = 6,
};

#define DIGSIG_VERSION_2 2
#define DIGSIG_VERSION_3 3	/* IMA_VERITY_DIGSIG's: it signs ima_file_id_hash */
/* type, version, hash algorithm, be32 key id, be16 signature size */
#define SIGV2_HDR_LEN 9
#define IMA_MAX_DIGEST 64

/* A hash the kernel knows (include/uapi/linux/hash_info.h): its number
 * in signatures and digest xattrs, its name there and in -a. */
struct ima_hash {
	const char *name;
	uint8_t algo;		/* HASH_ALGO_* */
	uint8_t size;		/* digest bytes */
};
const struct ima_hash *ima_hash_by_name(const char *name);
const struct ima_hash *ima_hash_by_algo(unsigned algo);	/* NULL: none known */

/* The digest of an open regular file, read READ_BLOCK bytes at a time
 * into buf: 0, or -errno (-ENOENT: no implementation of h here, neither
 * ours nor OpenSSL's). */
#define READ_BLOCK ((size_t)1 << 20)
/* This thread's READ_BLOCK bytes to read into, for all its files; freed
 * when the thread ends (a pool's worker, or the main thread's at exit). */
uint8_t *ima_thread_buf(void);
int ima_file_digest(const struct ima_hash *h, int fd, uint8_t *out, uint8_t *buf);
int ima_mem_digest(const struct ima_hash *h, const void *p, size_t n, uint8_t *out);
/* The digest of p1 (n1 bytes, may be 0) and then p2. */
int ima_mem_digest2(const struct ima_hash *h, const void *p1, size_t n1, const void *p2, size_t n2,
		    uint8_t *out);

/* A TPM PCR extended with d, as the TPM does: pcr = H(pcr || d). */
void ima_pcr_extend(const struct ima_hash *h, uint8_t *pcr, const uint8_t *d);

/* verity.c: the fs-verity file digest (what FS_IOC_MEASURE_VERITY gives
 * once fs-verity is enabled with these parameters) of an open regular
 * file, read from where it is to its size at open, READ_BLOCK bytes at a
 * time into rbuf: 0, or -errno (-ESTALE: shorter than its size; -EINVAL:
 * not a regular file or parameters verity_params_check refuses). */
#define VERITY_SALT_MAX 32
struct verity_params {
	const struct ima_hash *h;	/* sha256 or sha512 */
	unsigned log_blocksize;		/* 10 to 16 */
	uint8_t salt[VERITY_SALT_MAX];
	size_t saltlen;
};
const char *verity_params_check(const struct verity_params *p);	/* NULL: good */
int verity_digest(int fd, const struct verity_params *p, uint8_t *out, uint8_t *rbuf);
/* IMA's sigv3 (6.1's calc_file_id_hash): what a type 06 signature signs,
 * the hash of struct ima_file_id (type, hash number, digest) with h. */
int ima_file_id_hash(uint8_t type, const struct ima_hash *h, const uint8_t *digest, uint8_t *out);

/* n hex digits (n even; either case) into n / 2 bytes: 0, or -1 when one
 * is not a hex digit (or n is odd); out may then be partly written. */
int hex_decode(const char *s, size_t n, uint8_t *out);

/* security.ima holding a digest: 01 DIGEST for md4, md5 and sha1 (what the
 * kernel reads as 0x01), else 04 ALGO DIGEST.  Returns the length. */
size_t ima_digest_xattr(const struct ima_hash *h, const uint8_t *digest, uint8_t *out);

/* A signature value as the 6.1 kernel checks it (asymmetric_verify):
 * type 03 or 05 version 2, or type 06 (fs-verity) version 3, a known hash,
 * a size that is the rest. */
struct sigv2 {
	uint8_t type;
	const struct ima_hash *hash;
	uint32_t keyid;
	const uint8_t *sig;
	size_t siglen;
};
/* 0, or a message saying why v is not one (never taken as a signature). */
const char *sigv2_parse(const uint8_t *v, size_t len, struct sigv2 *s);

/* imasign.c: what one file says, kept in order until its turn (files are
 * printed in walk order whatever thread did them); a NULL out is printed
 * at once.  out_info: evmctl's stderr lines, as they are; out_fail:
 * "imasign: ..." on a line of its own, counted as a failure; out_hex: hex
 * and end, on stdout or stderr. */
#include "lsmbox.h"
struct out {
	struct buf b;
	unsigned failed;
};
void out_info(struct out *o, const char *fmt, ...) PRINTF(2, 3);
void out_fail(struct out *o, const char *fmt, ...) PRINTF(2, 3);
void out_hex(struct out *o, int to_stdout, const void *p, size_t n, const char *end);
extern int verbose;	/* -v; -1: log_info says nothing (lsmbox audit) */
void log_info(const char *fmt, ...) PRINTF(1, 2);	/* out_info(NULL, ...) */

/* evm.c: EVM's data for a file open at fd: the xattrs of the kernel's
 * list that it has (or the values the options give), struct h_misc in the
 * target's layout, and the filesystem UUID unless portable or HMAC (as
 * evmctl 1.4 computes its HMAC).  evmctl's stderr lines go to o.  0, or -1
 * after saying why (counted in o). */
struct evm_opts {
	const char *ino, *uid, *gid, *mode, *generation, *selinux, *caps, *ima;
	const uint8_t *ima_value;	/* --ima HEX, as bytes */
	size_t ima_len;
	int caps_set;		/* --caps given, with a value (caps) or without */
	int smack, msize;	/* --smack; --m32, --m64 (0: this machine's) */
	int no_uuid, uuid_given;	/* -u alone; -u UUID */
	uint8_t uuid[16];
};
struct job_evm {
	int fd;
	const struct evm_opts *opt;
	int portable, hmac;
	const char *xattr_ima;	/* security.ima or, with --xattr-user, user.ima */
};
int evm_data(struct job_evm *e, struct out *o, const char *shown, struct buf *data);
int evm_uuid_parse(const char *s, uint8_t uuid[16]);

/* keys.c */
/* A file whole, max bytes at most (past it: "PATH: larger than MAX
 * bytesWHAT"), the path the image's under --root when in_root: NULL after
 * saying why.  keyfile_read: a key, certificate or signature file (1 MiB). */
char *bounded_read(const char *path, size_t max, const char *what, int in_root, size_t *lenp);
char *keyfile_read(const char *path, size_t *lenp);
/* privkey_read: a private key file (1 MiB), refused with a message when
 * group or others may read it (the mode of the file opened), unless
 * insecure_key_perms (--insecure-key-perms).  Free it with secret_free,
 * which cleanses the bytes first. */
extern bool insecure_key_perms;
char *privkey_read(const char *path, size_t *lenp);
/* The same check on a secret file already open: 1 when it may be read, 0
 * after the message. */
int key_perms_ok(int fd, const char *path);
void secret_free(void *p, size_t len);
/* OpenSSL's last queued reason, in words, for a message; the queue emptied. */
const char *ossl_why(void);
struct signer;
/* The private key in path (PEM, possibly encrypted: pass, or NULL), loaded
 * once.  keyid 0: the SKID of a certificate appended to the key file, else
 * the kernel's hash of the public key.  NULL after saying why. */
struct signer *signer_load(const char *path, const char *pass, uint32_t keyid);
uint32_t signer_keyid(const struct signer *s);
/* type, the v2 header and the signature of digest into out (room for
 * signer_max(s) bytes); its length, or 0 after saying why. */
size_t signer_max(const struct signer *s);
size_t signer_sign(const struct signer *s, uint8_t type, const struct ima_hash *h,
		   const uint8_t *digest, uint8_t *out, struct out *o);
void signer_free(struct signer *s);

/* Verification keys: certificates (DER or PEM), each with its key id. */
struct verifier;
struct verifier *verifier_load(const char *list);
/* One more certificate (the image's under --root when in_root): 0, or -1
 * after saying why. */
int verifier_add(struct verifier *v, const char *path, int in_root);
/* 0: good; 1: bad signature; -1: no key for s->keyid (said, into o;
 * file is the name to say).  Threads may share v. */
int verifier_check(struct verifier *v, const struct sigv2 *s, const uint8_t *digest,
		   const char *file, struct out *o);
/* n checks at once, each as verifier_check (res[i]: 0 good, 1 bad, -1 no
 * key), saying nothing: RSA-2048 keys with exponent 65537 by rsa.c
 * (AVX-512 IFMA, several signatures at a time), the others by OpenSSL. */
void verifier_check_batch(struct verifier *v, size_t n, const struct sigv2 *s, const uint8_t *const *digest,
			  const char *const *file, int *res);
void verifier_free(struct verifier *v);
/* A certificate (DER or PEM) as the kernel's X.509 parser takes it (DER,
 * xmalloc'd) and its key id; 0, or -1 after saying why. */
int cert_load_der(const char *path, uint8_t **der, size_t *len, uint32_t *keyid);
/* A certificate file (the image's under --root when in_root) as the key
 * check of lsmbox audit reads it: NULL when it parses with a public key
 * (*keyid: its SKID's tail, *has_skid 0 when it has none and *keyid is
 * the hash of its key), else why not ("" when the read failed: said). */
const char *cert_check(const char *path, int in_root, uint32_t *keyid, int *has_skid);
/* The key id the kernel looks a certificate's key up by: the last four
 * bytes of its subjectKeyIdentifier; 0 and a message when it has none. */
uint32_t cert_file_keyid(const char *path);

/* modsign.c: sign-module (and sign-file through argv[0]), verify-module,
 * genkey;
 * argv[0] the command's name, as a main gets it. */
int modsign_sign(int argc, char **argv);
int modsign_verify(int argc, char **argv);
int modsign_genkey(int argc, char **argv);

/* For lsmbox audit: verify-module's checks of one module (the bytes of
 * a whole file), saying nothing.  certs: NULL, the signature is parsed
 * only.  MODSIG_BAD and MODSIG_REJECTED say why in r; MODSIG_PARSED and
 * MODSIG_VERIFIED give the digest's name (the kernel's: sha256). */
enum { MODSIG_UNSIGNED, MODSIG_BAD, MODSIG_PARSED, MODSIG_VERIFIED, MODSIG_REJECTED };
struct modsig_result {
	const char *why;	/* MODSIG_BAD */
	char reason[128];	/* MODSIG_REJECTED: OpenSSL's */
	char hash[32];
};
struct modsig_certs;
struct modsig_certs *modsig_certs_load(const char *list);	/* NULL after saying why */
void modsig_certs_free(struct modsig_certs *c);
int modsig_check(const uint8_t *mod, size_t len, const struct modsig_certs *certs, struct modsig_result *r);

/* imalist.c: the measurement list (ima_measurement) and the boot
 * aggregate (ima_boot_aggregate).  pcrs: --pcrs's values, [ALGO,]FILE;
 * keys: --verify-sig's certificates (NULL: signatures not checked). */
struct imalist_opts {
	int verbose, ignore_violations;
	const char *verify_bank;	/* only this bank, or NULL */
	const char *pcrs[8];
	int npcrs;
	struct verifier *keys;
	int jobs;			/* threads checking signatures */
	const char *eventlog;		/* --eventlog (host path), or NULL */
};
/* 0 matched; 1 not matched, a template digest or signature bad; 125 a
 * list or PCR file that cannot be read or parsed (said). */
int ima_measurement_run(const char *list, const struct imalist_opts *o);
/* A bank of PCRs the list commands replay: sha1, sha256, sha384, sha512. */
int ima_bank_replayed(const char *name);
int ima_boot_aggregate_run(const struct imalist_opts *o);
/* The ASCII list made binary (to out, or standard output with NULL):
 * 0, or 125 after saying why. */
int ima_binary_list_run(const char *in, const char *out);
/* attest: the list, its boot aggregate, its PCRs and (keys) signatures
 * checked, each check said (--json: one object): 0 all good, 1 not,
 * 125 a list or PCR file that cannot be read or parsed. */
int ima_attest_run(const char *list, const struct imalist_opts *o, int json);
/* eventlog LOG: the PCRs of h's bank the event log replays to (0-9 and
 * any other it extends), as --pcrs lines: 0, or 125 said. */
int ima_eventlog_run(const char *path, const struct ima_hash *h);

/* eventlog.c: a TPM event log (binary_bios_measurements, TPM 1.2 or 2.0
 * crypto agile; a host path) replayed per bank: 0, or -1 after saying
 * "LOG: event N: why". */
#define EVLOG_MAX_BANKS 8
struct evlog_bank {
	const struct ima_hash *h;	/* NULL: a hash not replayed here */
	uint16_t alg, size;		/* TPM_ALG id, digest bytes */
	uint32_t used;			/* the PCRs it gives, a bit each: 0-9 and any other it extends */
	uint8_t pcr[24][IMA_MAX_DIGEST];
};
struct evlog {
	int agile, nbanks;
	unsigned long events;
	struct evlog_bank bank[EVLOG_MAX_BANKS];
};
int evlog_read(const char *path, struct evlog *log);

/* imapolicy.c: IMA policy rules as the 6.1 kernel parses them.  A rule
 * (changed): NULL when taken, else why not; *note what only a running
 * kernel decides.  policy check FILE: 0, 1 a rule refused (said), 125;
 * policy load FILE: each rule a write, 0, 1 refused, 125. */
const char *ima_rule_check(char *rule, const char **note);
/* The kernel's ima_template_fmt= (template= may name it): NULL when 6.1
 * takes it, else why not. */
const char *ima_policy_template_fmt(const char *fmt);
int ima_policy_check_run(const char *path);
int ima_policy_load_run(const char *path);
#define IMA_RULE_MAX 4095	/* what the kernel cuts one write to (PAGE_SIZE - 1) */
#define IMA_POLICY_MAX ((size_t)1 << 20)

#endif
