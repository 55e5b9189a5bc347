// SPDX-License-Identifier: Apache-2.0
/* afalg.c: the kernel's crypto drivers as providers in our table, through
 * AF_ALG sockets: whatever the kernel has behind a name (its C, its asm,
 * an offload engine such as CAAM, QAT or CCP) hashes and ciphers for us.
 *
 * Each algorithm we also implement is registered as "NAME-afalg" (impl
 * "afalg") at a priority below our C: a round trip into the kernel per
 * call loses to user-space code on a CPU, so the kernel is used only when
 * asked (LSMBOX_CRYPTO=afalg, cryptobench --impl afalg), which is what one
 * wants for an offload engine.  afalg_driver() makes a provider for any
 * kernel driver by its own name ("cbc-aes-aesni", "cbc(aes-generic)"),
 * which crypto_find_driver() hands out as "afalg:DRIVER".
 *
 * Sockets: one bound "tfm" socket per algorithm and key (hashes share one
 * per driver; a cipher context has its own, since the key lives there),
 * and an "op" socket accept()ed from it per message stream.  Hash input
 * goes by send() with MSG_MORE, which the kernel maps without copying;
 * cipher input of 64 KiB and up goes by vmsplice() into a pipe and
 * splice() into the op socket, again without a copy, unless it overlaps
 * the output.  The kernel holds at most its socket buffer (about 200 KiB)
 * of one request, so CBC, CTR and ECB run in 64 KiB pieces, each read back
 * before the next is sent, the kernel carrying the IV between them; XTS
 * and GCM cannot be cut (the kernel's xts does not return its tweak), so
 * one call takes at most AFALG_MAXLEN there and is -EMSGSIZE beyond. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <linux/if_alg.h>

#include "afalg.h"
#include "crypto.h"

#ifndef AF_ALG
#define AF_ALG 38
#endif
#ifndef SOL_ALG
#define SOL_ALG 279
#endif

#define PRIO 50
#define PIECE (64 * 1024)

/* Bound and ready to accept, or -errno. */
int afalg_bind(const char *type, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int fd;

	if (strlen(type) >= sizeof(sa.salg_type) || strlen(name) >= sizeof(sa.salg_name))
		return -ENAMETOOLONG;
	strcpy((char *)sa.salg_type, type);
	strcpy((char *)sa.salg_name, name);
	fd = socket(AF_ALG, SOCK_SEQPACKET | SOCK_CLOEXEC, 0);
	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

static int op_accept(int tfm)
{
	int op = accept4(tfm, NULL, NULL, SOCK_CLOEXEC);

	return op < 0 ? -errno : op;
}

/* What a driver of ours knows of the kernel's: its name there, and (for
 * hashes) the shared tfm socket, opened on first use. */
struct kalg {
	char kname[64];
	const char *ktype;	/* "hash", "skcipher", "aead" */
	int tfm;		/* hashes: shared, or -1 */
	int err;		/* 0 until tried, then 1 or -errno */
};

static int kalg_probe(struct kalg *k)
{
	if (!k->err) {
		int fd = afalg_bind(k->ktype, k->kname);

		k->err = fd < 0 ? fd : 1;
		k->tfm = fd;
	}
	return k->err < 0 ? k->err : 0;
}

/* For the table's usable(): 1, or 0 with errno saying why not. */
static int kalg_usable(struct kalg *k)
{
	int err = kalg_probe(k);

	if (err)
		errno = -err;
	return !err;
}

/* --- hashes --- */

struct afalg_hash {
	struct hash_alg h;
	struct kalg *k;
};

static struct kalg *hkalg(const struct hash_ctx *c)
{
	return ((const struct afalg_hash *)c->alg)->k;
}

static int h_init(struct hash_ctx *c)
{
	struct kalg *k = hkalg(c);
	int err = kalg_probe(k), op;

	if (err)
		return err;
	op = op_accept(k->tfm);
	if (op < 0)
		return op;
	c->st.w32[0] = op;
	return 0;
}

static int h_update(struct hash_ctx *c, const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n) {
		ssize_t w = send(c->st.w32[0], b, n, MSG_MORE);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? -errno : -EIO;
		b += w;
		n -= w;
	}
	return 0;
}

static void h_release(struct hash_ctx *c)
{
	close(c->st.w32[0]);
	c->st.w32[0] = -1;
}

static int h_final(struct hash_ctx *c, uint8_t *out)
{
	ssize_t r;

	do
		r = read(c->st.w32[0], out, c->alg->digestsize);
	while (r < 0 && errno == EINTR);
	h_release(c);
	if (r < 0)
		return -errno;
	return (size_t)r == c->alg->digestsize ? 0 : -EIO;
}

/* --- skciphers --- */

struct afalg_skcipher {
	struct skcipher_alg s;
	struct kalg *k;
};

struct skpriv {
	int tfm, op;
	int pipe[2];	/* for splice, made on first large call */
};

static struct kalg *skkalg(const struct skcipher_ctx *c)
{
	return ((const struct afalg_skcipher *)c->alg)->k;
}

static void sk_release(struct skcipher_ctx *c)
{
	struct skpriv *p = c->priv;

	if (!p)
		return;
	if (p->op >= 0)
		close(p->op);
	if (p->tfm >= 0)
		close(p->tfm);
	if (p->pipe[0] >= 0)
		close(p->pipe[0]), close(p->pipe[1]);
	free(p);
	c->priv = NULL;
}

static int sk_setkey(struct skcipher_ctx *c, const uint8_t *key, size_t keylen)
{
	const struct skcipher_alg *a = c->alg;
	struct skpriv *p;
	int fd;

	if (keylen < a->min_keysize || keylen > a->max_keysize)
		return -EINVAL;
	/* As modes.c: an XTS key whose halves are equal is refused (the
	 * kernel does so only in FIPS mode). */
	if (a->mode == MODE_XTS && (keylen % 2 || !crypto_memneq(key, key + keylen / 2, keylen / 2)))
		return -EINVAL;
	sk_release(c);
	fd = afalg_bind("skcipher", skkalg(c)->kname);
	if (fd < 0)
		return fd;
	if (setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, keylen) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	p = malloc(sizeof(*p));
	if (!p) {
		close(fd);
		return -ENOMEM;
	}
	p->tfm = fd;
	p->op = -1;
	p->pipe[0] = p->pipe[1] = -1;
	c->priv = p;
	return 0;
}

/* sendmsg of DATA (may be empty) with the op and IV as control messages
 * when IV is given, MORE as the caller says. */
static int send_ctl(int op, int enc, const uint8_t *iv, unsigned ivlen, unsigned assoc,
		    const struct iovec *iov, int iovcnt, int more)
{
	union {
		char buf[CMSG_SPACE(sizeof(uint32_t)) * 2 + CMSG_SPACE(sizeof(struct af_alg_iv) + 16)];
		struct cmsghdr align;
	} u;
	struct msghdr m = { .msg_iov = (struct iovec *)iov, .msg_iovlen = iovcnt };
	struct cmsghdr *h;
	size_t want = 0;
	ssize_t w;
	int i;

	memset(&u, 0, sizeof(u));
	if (iv) {
		struct af_alg_iv *ai;

		m.msg_control = u.buf;
		m.msg_controllen = CMSG_SPACE(sizeof(uint32_t)) + CMSG_SPACE(sizeof(*ai) + ivlen) +
				   (assoc != (unsigned)-1 ? CMSG_SPACE(sizeof(uint32_t)) : 0);
		h = CMSG_FIRSTHDR(&m);
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = ALG_SET_OP;
		h->cmsg_len = CMSG_LEN(sizeof(uint32_t));
		*(uint32_t *)CMSG_DATA(h) = enc ? ALG_OP_ENCRYPT : ALG_OP_DECRYPT;
		h = CMSG_NXTHDR(&m, h);
		h->cmsg_level = SOL_ALG;
		h->cmsg_type = ALG_SET_IV;
		h->cmsg_len = CMSG_LEN(sizeof(*ai) + ivlen);
		ai = (struct af_alg_iv *)CMSG_DATA(h);
		ai->ivlen = ivlen;
		memcpy(ai->iv, iv, ivlen);
		if (assoc != (unsigned)-1) {
			h = CMSG_NXTHDR(&m, h);
			h->cmsg_level = SOL_ALG;
			h->cmsg_type = ALG_SET_AEAD_ASSOCLEN;
			h->cmsg_len = CMSG_LEN(sizeof(uint32_t));
			*(uint32_t *)CMSG_DATA(h) = assoc;
		}
	}
	for (i = 0; i < iovcnt; i++)
		want += iov[i].iov_len;
	do
		w = sendmsg(op, &m, more ? MSG_MORE : 0);
	while (w < 0 && errno == EINTR);
	if (w < 0)
		return -errno;
	/* One sendmsg takes all of it or fails: the kernel waits for room. */
	return (size_t)w == want ? 0 : -EIO;
}

/* Read exactly N bytes of output into IOV (recvmsg), or -errno. */
static int recv_all(int op, struct iovec *iov, int iovcnt, size_t n)
{
	struct msghdr m = { .msg_iov = iov, .msg_iovlen = iovcnt };

	/* At least one recvmsg, even for no output: it is what makes the
	 * kernel run the request (an AEAD with empty text still checks its
	 * tag there). */
	do {
		ssize_t r = recvmsg(op, &m, 0);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0 || (r == 0 && n))
			return r < 0 ? -errno : -EIO;
		n -= r;
		/* Advance the iovec past what came. */
		while (r && m.msg_iovlen) {
			size_t k = (size_t)r < m.msg_iov->iov_len ? (size_t)r : m.msg_iov->iov_len;

			m.msg_iov->iov_base = (uint8_t *)m.msg_iov->iov_base + k;
			m.msg_iov->iov_len -= k;
			r -= k;
			if (!m.msg_iov->iov_len)
				m.msg_iov++, m.msg_iovlen--;
		}
	} while (n);
	return 0;
}

/* Give N bytes at P to the op socket without copying: vmsplice into the
 * pipe, splice from it; MORE as the caller says. */
static int splice_in(struct skpriv *p, const uint8_t *b, size_t n, int more)
{
	if (p->pipe[0] < 0 && pipe2(p->pipe, O_CLOEXEC) < 0)
		return -errno;
	while (n) {
		struct iovec v = { (void *)b, n };
		ssize_t k = vmsplice(p->pipe[1], &v, 1, 0), left;

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k < 0 ? -errno : -EIO;
		for (left = k; left > 0;) {
			ssize_t s = splice(p->pipe[0], NULL, p->op, NULL, left,
					   more || (size_t)k < n ? SPLICE_F_MORE : 0);

			if (s < 0 && errno == EINTR)
				continue;
			if (s <= 0)
				return s < 0 ? -errno : -EIO;
			left -= s;
		}
		b += k;
		n -= k;
	}
	return 0;
}

static int overlap(const uint8_t *a, const uint8_t *b, size_t n)
{
	return a < b + n && b < a + n;
}

static void ctr_add(uint8_t c[16], size_t n)
{
	int i;

	for (i = 15; i >= 0 && n; i--) {
		n += c[i];
		c[i] = n;
		n >>= 8;
	}
}

static int sk_crypt(struct skcipher_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		    uint8_t *iv, int enc)
{
	const struct skcipher_alg *a = c->alg;
	struct skpriv *p = c->priv;
	uint8_t next[16];
	size_t off;
	int err = 0, first = 1;

	if (!p)
		return -ENOKEY;
	if ((a->blocksize > 1 && a->mode != MODE_XTS && len % a->blocksize) ||
	    (a->mode == MODE_XTS && len < 16))
		return -EINVAL;
	if (a->maxlen && len > a->maxlen)
		return -EMSGSIZE;
	if (!len)
		return 0;
	/* The IV to continue with, taken before dst (maybe src) is written. */
	if (a->mode == MODE_CBC && !enc)
		memcpy(next, src + len - 16, 16);
	if (p->op < 0 && (p->op = op_accept(p->tfm)) < 0) {
		err = p->op;
		p->op = -1;
		return err;
	}
	for (off = 0; off < len && !err; first = 0) {
		size_t n = a->maxlen || len - off < PIECE ? len - off : PIECE;
		int more = off + n < len;
		struct iovec in = { (void *)(src + off), n }, out = { dst + off, n };

		if (n >= PIECE && !overlap(dst, src, len)) {
			err = send_ctl(p->op, enc, first ? iv : NULL, a->ivsize, -1, NULL, 0, 1);
			if (!err)
				err = splice_in(p, src + off, n, more);
		} else {
			err = send_ctl(p->op, enc, first ? iv : NULL, a->ivsize, -1, &in, 1, more);
		}
		if (!err)
			err = recv_all(p->op, &out, 1, n);
		off += n;
	}
	if (err) {
		/* The op socket may hold half a message: start afresh next time. */
		close(p->op);
		p->op = -1;
		return err;
	}
	if (a->mode == MODE_CBC)
		memcpy(iv, enc ? dst + len - 16 : next, 16);
	else if (a->mode == MODE_CTR)
		ctr_add(iv, (len + 15) / 16);
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

/* --- AEAD --- */

struct afalg_aead {
	struct aead_alg g;
	struct kalg *k;
};

struct aepriv {
	int tfm, op;
	unsigned authsize;
};

static void ae_release(struct aead_ctx *c)
{
	struct aepriv *p = c->priv;

	if (!p)
		return;
	if (p->op >= 0)
		close(p->op);
	close(p->tfm);
	free(p);
	c->priv = NULL;
}

static int ae_setkey(struct aead_ctx *c, const uint8_t *key, size_t keylen)
{
	const struct afalg_aead *a = (const struct afalg_aead *)c->alg;
	struct aepriv *p;
	int fd;

	if (keylen < a->g.min_keysize || keylen > a->g.max_keysize)
		return -EINVAL;
	ae_release(c);
	fd = afalg_bind("aead", a->k->kname);
	if (fd < 0)
		return fd;
	if (setsockopt(fd, SOL_ALG, ALG_SET_KEY, key, keylen) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	p = malloc(sizeof(*p));
	if (!p) {
		close(fd);
		return -ENOMEM;
	}
	p->tfm = fd;
	p->op = -1;
	p->authsize = 0;
	c->priv = p;
	return 0;
}

/* The tag length is the tfm's, settable only while no op socket is open. */
static int ae_op(struct aepriv *p, size_t taglen)
{
	if (p->authsize != taglen) {
		if (p->op >= 0)
			close(p->op), p->op = -1;
		if (setsockopt(p->tfm, SOL_ALG, ALG_SET_AEAD_AUTHSIZE, NULL, taglen) < 0)
			return -errno;
		p->authsize = taglen;
	}
	if (p->op < 0 && (p->op = op_accept(p->tfm)) < 0) {
		int e = p->op;

		p->op = -1;
		return e;
	}
	return 0;
}

/* The kernel gives back the AAD ahead of the text: read it into a sink. */
static int ae_crypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		    const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		    uint8_t *tag, size_t taglen, int enc)
{
	const struct aead_alg *a = c->alg;
	struct aepriv *p = c->priv;
	struct iovec in[3], out[3];
	uint8_t *sink = NULL, none;
	int err, nin = 0, nout = 0;

	if (!p)
		return -ENOKEY;
	if ((a->ivsize && ivlen != a->ivsize) || taglen < 4 || taglen > a->maxauthsize)
		return -EINVAL;
	if (len + aadlen > AFALG_MAXLEN)
		return -EMSGSIZE;
	err = ae_op(p, taglen);
	if (err)
		return err;
	if (aadlen && !(sink = malloc(aadlen)))
		return -ENOMEM;
	if (aadlen)
		in[nin++] = (struct iovec){ (void *)aad, aadlen }, out[nout++] = (struct iovec){ sink, aadlen };
	if (len)
		in[nin++] = (struct iovec){ (void *)src, len }, out[nout++] = (struct iovec){ dst, len };
	if (enc)
		out[nout++] = (struct iovec){ tag, taglen };
	else
		in[nin++] = (struct iovec){ tag, taglen };
	/* The kernel runs a request only for a read with room in it: with
	 * nothing to give back (no AAD, no text) it would never check the
	 * tag.  It writes no more than the result, so one spare byte is safe. */
	if (!nout)
		out[nout++] = (struct iovec){ &none, 1 };
	err = send_ctl(p->op, enc, iv, ivlen, aadlen, in, nin, 0);
	if (!err)
		err = recv_all(p->op, out, nout, aadlen + len + (enc ? taglen : 0));
	free(sink);
	if (err) {
		close(p->op);
		p->op = -1;
		if (!enc)
			crypto_wipe(dst, len);
	}
	return err;
}

static int ae_encrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		      const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		      uint8_t *tag, size_t taglen)
{
	return ae_crypt(c, dst, src, len, aad, aadlen, iv, ivlen, tag, taglen, 1);
}

static int ae_decrypt(struct aead_ctx *c, uint8_t *dst, const uint8_t *src, size_t len,
		      const uint8_t *aad, size_t aadlen, const uint8_t *iv, size_t ivlen,
		      const uint8_t *tag, size_t taglen)
{
	return ae_crypt(c, dst, src, len, aad, aadlen, iv, ivlen, (uint8_t *)tag, taglen, 0);
}

/* --- the registered drivers --- */

#define REGISTER(var, member) \
	static const struct crypto_alg *const var##_reg \
	__attribute__((used, section("lsmbox_crypto"), aligned(sizeof(void *)))) = &(var).member.base

#define HASH(id, ds, bs) \
	static struct kalg id##_k = { #id, "hash", -1, 0 }; \
	static int id##_usable(void) { return kalg_usable(&id##_k); } \
	static const struct afalg_hash id##_afalg = { { \
		.base = { CRYPTO_HASH, #id, #id "-afalg", "afalg", PRIO, 0, id##_usable }, \
		.digestsize = ds, .blocksize = bs, .init = h_init, .update = h_update, \
		.final = h_final, .release = h_release }, &id##_k }; \
	REGISTER(id##_afalg, h)

HASH(sha1, 20, 64);
HASH(sha224, 28, 64);
HASH(sha256, 32, 64);
HASH(sha384, 48, 128);
HASH(sha512, 64, 128);

/* Usable when the kernel has the algorithm: bind a socket once to see. */
#define SKCIPHER(id, kn, MODE, ivs, bs, minkey, maxkey, max) \
	static struct kalg id##_k = { kn, "skcipher", -1, 0 }; \
	static int id##_usable(void) { return kalg_usable(&id##_k); } \
	static const struct afalg_skcipher id##_afalg = { { \
		.base = { CRYPTO_SKCIPHER, kn, #id "-aes-afalg", "afalg", PRIO, 0, id##_usable }, \
		.min_keysize = minkey, .max_keysize = maxkey, .ivsize = ivs, .blocksize = bs, \
		.setkey = sk_setkey, .encrypt = sk_encrypt, .decrypt = sk_decrypt, \
		.release = sk_release, .mode = MODE, .maxlen = max }, &id##_k }; \
	REGISTER(id##_afalg, s)

SKCIPHER(ecb, "ecb(aes)", MODE_ECB, 0, 16, 16, 32, 0);
SKCIPHER(cbc, "cbc(aes)", MODE_CBC, 16, 16, 16, 32, 0);
SKCIPHER(ctr, "ctr(aes)", MODE_CTR, 16, 1, 16, 32, 0);
SKCIPHER(xts, "xts(aes)", MODE_XTS, 16, 16, 32, 64, AFALG_MAXLEN);

static struct kalg gcm_k = { "gcm(aes)", "aead", -1, 0 };
static int gcm_usable(void)
{
	return kalg_usable(&gcm_k);
}
static const struct afalg_aead gcm_afalg = { {
	.base = { CRYPTO_AEAD, "gcm(aes)", "gcm-aes-afalg", "afalg", PRIO, 0, gcm_usable },
	.min_keysize = 16, .max_keysize = 32, .maxauthsize = 16,
	.setkey = ae_setkey, .encrypt = ae_encrypt, .decrypt = ae_decrypt,
	.release = ae_release, .ivsize = 12, .maxlen = AFALG_MAXLEN }, &gcm_k };
REGISTER(gcm_afalg, g);

/* --- any kernel driver by name --- */

/* A provider built at run time from the kernel's report of DRIVER: its
 * names and sizes are the kernel's, its priority too. */
struct dyn {
	union {
		struct afalg_hash h;
		struct afalg_skcipher s;
		struct afalg_aead g;
	} u;
	struct kalg k;
	char driver[72];
	char name[64];
};

/* /proc/crypto's entry for a driver name, else the best of a cra_name. */
struct proc_find {
	const char *want;
	struct kalg_info exact, best;
	int have_exact, have_best;
};

static int proc_match(const struct kalg_info *k, void *arg)
{
	struct proc_find *f = arg;

	if (!strcmp(k->driver, f->want)) {
		f->exact = *k;
		f->have_exact = 1;
		return 1;
	}
	if (!strcmp(k->name, f->want) && (!f->have_best || k->priority > f->best.priority)) {
		f->best = *k;
		f->have_best = 1;
	}
	return 0;
}

static int mode_of(const char *name)
{
	return !strncmp(name, "ecb(", 4) ? MODE_ECB : !strncmp(name, "cbc(", 4) ? MODE_CBC :
	       !strncmp(name, "ctr(", 4) ? MODE_CTR : !strncmp(name, "xts(", 4) ? MODE_XTS : 0;
}

/* The kernel's report of NAME: crypto_user if it is there, else /proc/crypto. */
static int kernel_report(const char *name, struct kalg_info *ki)
{
	int err = cru_get(name, ki);

	if (err == -EPROTONOSUPPORT || err == -EAFNOSUPPORT) {
		struct proc_find f = { .want = name };

		err = proc_crypto_list("/proc/crypto", proc_match, &f);
		if (err)
			return err;
		if (!f.have_exact && !f.have_best)
			return -ENOENT;
		*ki = f.have_exact ? f.exact : f.best;
	}
	return err;
}

const struct crypto_alg *afalg_driver(const char *driver)
{
	static struct dyn *made[32];
	static size_t nmade;
	struct kalg_info ki;
	struct dyn *d;
	size_t i;
	int err;

	for (i = 0; i < nmade; i++)
		if (!strcmp(made[i]->driver + 6, driver))
			return &made[i]->u.h.h.base;
	err = kernel_report(driver, &ki);
	if (err == -ENOENT) {
		/* A template instance ("cbc(aes-generic)") exists once something
		 * asks for it: a bind of the right type makes it, then ask again. */
		static const char *const types[] = { "skcipher", "hash", "aead" };

		for (i = 0; i < 3 && err == -ENOENT; i++) {
			int fd = afalg_bind(types[i], driver);

			if (fd >= 0) {
				close(fd);
				err = kernel_report(driver, &ki);
			}
		}
	}
	if (err) {
		errno = -err;
		return NULL;
	}
	if (nmade == sizeof(made) / sizeof(made[0]) || !(d = calloc(1, sizeof(*d)))) {
		errno = ENOMEM;
		return NULL;
	}
	snprintf(d->driver, sizeof(d->driver), "afalg:%s", driver);
	strcpy(d->name, ki.name);
	strcpy(d->k.kname, ki.driver);
	d->k.tfm = -1;
	if (!strcmp(ki.type, "shash") || !strcmp(ki.type, "ahash")) {
		d->k.ktype = "hash";
		d->u.h.h = (struct hash_alg){
			.base = { CRYPTO_HASH, d->name, d->driver, "afalg", ki.priority, 0, NULL },
			.digestsize = ki.digestsize, .blocksize = ki.blocksize, .init = h_init,
			.update = h_update, .final = h_final, .release = h_release };
		d->u.h.k = &d->k;
	} else if (!strcmp(ki.type, "skcipher") || !strcmp(ki.type, "lskcipher")) {
		int mode = mode_of(ki.name);

		d->k.ktype = "skcipher";
		d->u.s.s = (struct skcipher_alg){
			.base = { CRYPTO_SKCIPHER, d->name, d->driver, "afalg", ki.priority, 0, NULL },
			.min_keysize = ki.min_keysize, .max_keysize = ki.max_keysize,
			.ivsize = ki.ivsize, .blocksize = ki.blocksize, .setkey = sk_setkey,
			.encrypt = sk_encrypt, .decrypt = sk_decrypt, .release = sk_release,
			.mode = mode,
			/* Only these carry their IV from one piece to the next. */
			.maxlen = mode == MODE_ECB || mode == MODE_CBC || mode == MODE_CTR ? 0 : AFALG_MAXLEN };
		d->u.s.k = &d->k;
	} else if (!strcmp(ki.type, "aead")) {
		d->k.ktype = "aead";
		d->u.g.g = (struct aead_alg){
			.base = { CRYPTO_AEAD, d->name, d->driver, "afalg", ki.priority, 0, NULL },
			/* The report has no key sizes: the kernel checks them. */
			.min_keysize = 1, .max_keysize = 64, .maxauthsize = ki.maxauthsize,
			.setkey = ae_setkey, .encrypt = ae_encrypt, .decrypt = ae_decrypt,
			.release = ae_release, .ivsize = ki.ivsize, .maxlen = AFALG_MAXLEN };
		d->u.g.k = &d->k;
	} else {
		free(d);
		errno = EOPNOTSUPP;
		return NULL;
	}
	made[nmade++] = d;
	return &d->u.h.h.base;
}

/* --- rng --- */

int afalg_rng(const char *name, void *out, size_t n)
{
	struct kalg_info ki;
	uint8_t seed[64], *b = out;
	size_t seedlen = 32;
	int tfm, op = -1, err = 0;

	/* Seed as the kernel asks (ansi_cprng wants exactly its seedsize;
	 * the DRBGs take any length as a personalisation string). */
	if (!kernel_report(name, &ki) && ki.seedsize && ki.seedsize <= sizeof(seed))
		seedlen = ki.seedsize;
	if (getrandom(seed, seedlen, 0) != (ssize_t)seedlen)
		return -errno;
	tfm = afalg_bind("rng", name);
	if (tfm < 0)
		return tfm;
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, seed, seedlen) < 0)
		err = -errno;
	crypto_wipe(seed, sizeof(seed));
	if (!err && (op = op_accept(tfm)) < 0)
		err = op;
	while (!err && n) {
		/* The kernel gives at most 128 bytes a read. */
		ssize_t r = read(op, b, n < 128 ? n : 128);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			err = r < 0 ? -errno : -EIO;
		else
			b += r, n -= r;
	}
	if (op >= 0)
		close(op);
	close(tfm);
	return err;
}
