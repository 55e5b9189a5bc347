/* SPDX-License-Identifier: Apache-2.0 */
/* afalg.h: the kernel's crypto API from user space: AF_ALG providers
 * (afalg.c) and the crypto_user netlink administration (cryptouser.c). */
#ifndef LSMBOX_AFALG_H
#define LSMBOX_AFALG_H

#include <stddef.h>
#include <stdint.h>

#include "crypto.h"

/* The longest XTS or AEAD call sure to fit one kernel request. */
#define AFALG_MAXLEN (64 * 1024)

/* A socket bound to TYPE ("hash", "skcipher", "aead", "rng") and NAME, or -errno. */
int afalg_bind(const char *type, const char *name);

/* A provider for the kernel driver DRIVER ("cbc-aes-aesni", or a cra_name
 * such as "cbc(aes-generic)"), typed and sized from the kernel's report;
 * its driver name is "afalg:DRIVER".  NULL with errno set if the kernel
 * has no such driver or it is of a kind we do not drive. */
const struct crypto_alg *afalg_driver(const char *driver);

/* N random bytes from the kernel rng NAME ("stdrng", "drbg_nopr_sha256"). */
int afalg_rng(const char *name, void *out, size_t n);

/* --- crypto_user (NETLINK_CRYPTO) --- */

/* One registered algorithm as the kernel reports it: the fields of
 * /proc/crypto.  Sizes are 0 where the type has none. */
struct kalg_info {
	char name[64], driver[64], module[64];
	uint32_t priority, refcnt, flags;	/* flags: CRYPTO_ALG_* */
	char type[64];		/* "shash", "skcipher", "aead", "cipher", "rng", "larval", ... */
	char geniv[64];
	unsigned blocksize, digestsize, min_keysize, max_keysize, ivsize, maxauthsize, seedsize;
};

/* Kernel flag bits shown in listings (include/linux/crypto.h). */
#define KALG_ASYNC 0x80
#define KALG_TESTED 0x400
#define KALG_INTERNAL 0x2000
#define KALG_INSTANCE 0x800

/* Each algorithm, through a netlink dump; FN returns non-zero to stop.
 * 0 or -errno (-EPROTONOSUPPORT: no crypto_user in this kernel). */
int cru_list(int (*fn)(const struct kalg_info *, void *), void *arg);
/* The N bytes of one recv of a crypto_user reply to the request numbered
 * WANT (other numbers are skipped): each CRYPTO_MSG_GETALG message to FN
 * when given (non-zero stops), until NLMSG_DONE, an error, the ack, or
 * without DUMP the first message.  *done is 0 when the reply goes on in
 * the next recv; else the result: 0 or -errno (the error message's, or
 * -EPROTO for a message shorter than what it holds). */
int cru_walk(const void *buf, size_t n, uint32_t want, int dump,
	     int (*fn)(const struct kalg_info *, void *), void *arg, int *done);
/* The algorithm whose driver is NAME, else the best of cra_name NAME: 0,
 * or -errno (-EPROTO: the reply ended without one). */
int cru_get(const char *name, struct kalg_info *out);
/* CRYPTO_MSG_UPDATEALG with CRYPTOCFGA_PRIORITY_VAL (CAP_NET_ADMIN). */
int cru_set_priority(const char *driver, uint32_t prio);
/* CRYPTO_MSG_NEWALG: have the kernel instantiate NAME, e.g. a template
 * instance "pcrypt(gcm(aes))"; -EEXIST if it is there. */
int cru_add(const char *name);
/* CRYPTO_MSG_DELALG: remove the template instance DRIVER (-EBUSY in use). */
int cru_del(const char *driver);
/* The same facts from /proc/crypto's text: blocks of "key : value" lines,
 * a blank line between.  Read strictly: a line that is not KEY : VALUE, a
 * number that is not one in 0..2^32-1 (never clamped), a name of 128 bytes
 * or more (the kernel's are shorter; kept to 63, as crypto_user reports
 * them), an entry without name or driver: -EINVAL, with *e saying where
 * and what (key and value point into text).  Unknown keys pass.  fn's
 * negative return is returned, a positive one stops the walk (0). */
struct proc_crypto_err {
	size_t line;
	const char *why, *key, *value;
};
/* /proc/crypto of a big machine is some 100 kB; a file past this is not it. */
#define PROC_CRYPTO_MAX ((size_t)16 << 20)
int proc_crypto_parse(char *text, int (*fn)(const struct kalg_info *, void *), void *arg,
		      struct proc_crypto_err *e);
/* proc_crypto_parse of the file path: a regular file, at most
 * PROC_CRYPTO_MAX bytes, no NUL byte, else -EINVAL (or -EFBIG, -errno). */
int proc_crypto_list(const char *path, int (*fn)(const struct kalg_info *, void *), void *arg);

#endif
