// SPDX-License-Identifier: Apache-2.0
/* cryptouser.c: the kernel's crypto_user netlink interface (NETLINK_CRYPTO):
 * list the registered algorithms with what /proc/crypto shows, change a
 * driver's priority, instantiate and remove template instances; and the
 * same listing parsed from /proc/crypto, to compare and to fall back on. */
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/cryptouser.h>
#include <linux/netlink.h>

#include "afalg.h"
#include "lsmbox.h"

#ifndef NETLINK_CRYPTO
#define NETLINK_CRYPTO 21
#endif

static uint32_t seq;

static int nl_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_CRYPTO);

	if (fd < 0)
		return -errno;
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		int e = -errno;

		close(fd);
		return e;
	}
	return fd;
}

/* A request: header, struct crypto_user_alg, and a u32 priority when
 * PRIO is not -1. */
static int nl_send(int fd, int type, int flags, const struct crypto_user_alg *u, int64_t prio)
{
	struct {
		struct nlmsghdr h;
		struct crypto_user_alg u;
		struct nlattr a;
		uint32_t v;
	} req;
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };

	memset(&req, 0, sizeof(req));
	req.h.nlmsg_len = NLMSG_LENGTH(sizeof(req.u));
	req.h.nlmsg_type = type;
	req.h.nlmsg_flags = NLM_F_REQUEST | flags;
	req.h.nlmsg_seq = ++seq;
	req.u = *u;
	if (prio >= 0) {
		req.a.nla_len = NLA_HDRLEN + sizeof(uint32_t);
		req.a.nla_type = CRYPTOCFGA_PRIORITY_VAL;
		req.v = prio;
		req.h.nlmsg_len = NLMSG_ALIGN(req.h.nlmsg_len) + NLA_ALIGN(req.a.nla_len);
	}
	if (sendto(fd, &req, req.h.nlmsg_len, 0, (struct sockaddr *)&to, sizeof(to)) < 0)
		return -errno;
	return 0;
}

static void copy_name(char *d, const char *s, size_t n)
{
	size_t l = strnlen(s, n - 1);

	memcpy(d, s, l);
	d[l] = 0;
}

/* One CRYPTO_MSG_GETALG message into *K. */
static void parse_alg(const struct nlmsghdr *h, struct kalg_info *k)
{
	const struct crypto_user_alg *u = NLMSG_DATA(h);
	const char *p = (const char *)u + NLMSG_ALIGN(sizeof(*u)), *end = (const char *)h + h->nlmsg_len;

	memset(k, 0, sizeof(*k));
	copy_name(k->name, u->cru_name, sizeof(k->name));
	copy_name(k->driver, u->cru_driver_name, sizeof(k->driver));
	copy_name(k->module, u->cru_module_name, sizeof(k->module));
	k->refcnt = u->cru_refcnt;
	k->flags = u->cru_flags;
	while (p + NLA_HDRLEN <= end) {
		const struct nlattr *a = (const void *)p;
		const void *v = p + NLA_HDRLEN;
		size_t len = a->nla_len - NLA_HDRLEN;

		if (a->nla_len < NLA_HDRLEN || p + a->nla_len > end)
			break;
		switch (a->nla_type) {
		case CRYPTOCFGA_PRIORITY_VAL:
			if (len >= 4)
				memcpy(&k->priority, v, 4);
			break;
		case CRYPTOCFGA_REPORT_HASH: {
			struct crypto_report_hash r = { 0 };

			memcpy(&r, v, len < sizeof(r) ? len : sizeof(r));
			copy_name(k->type, r.type, sizeof(k->type));
			k->blocksize = r.blocksize;
			k->digestsize = r.digestsize;
			break;
		}
		case CRYPTOCFGA_REPORT_BLKCIPHER: {
			struct crypto_report_blkcipher r = { 0 };

			memcpy(&r, v, len < sizeof(r) ? len : sizeof(r));
			copy_name(k->type, r.type, sizeof(k->type));
			copy_name(k->geniv, r.geniv, sizeof(k->geniv));
			k->blocksize = r.blocksize;
			k->min_keysize = r.min_keysize;
			k->max_keysize = r.max_keysize;
			k->ivsize = r.ivsize;
			break;
		}
		case CRYPTOCFGA_REPORT_AEAD: {
			struct crypto_report_aead r = { 0 };

			memcpy(&r, v, len < sizeof(r) ? len : sizeof(r));
			copy_name(k->type, r.type, sizeof(k->type));
			copy_name(k->geniv, r.geniv, sizeof(k->geniv));
			k->blocksize = r.blocksize;
			k->maxauthsize = r.maxauthsize;
			k->ivsize = r.ivsize;
			break;
		}
		case CRYPTOCFGA_REPORT_CIPHER: {
			struct crypto_report_cipher r = { 0 };

			memcpy(&r, v, len < sizeof(r) ? len : sizeof(r));
			copy_name(k->type, r.type, sizeof(k->type));
			k->blocksize = r.blocksize;
			k->min_keysize = r.min_keysize;
			k->max_keysize = r.max_keysize;
			break;
		}
		case CRYPTOCFGA_REPORT_RNG: {
			struct crypto_report_rng r = { 0 };

			memcpy(&r, v, len < sizeof(r) ? len : sizeof(r));
			copy_name(k->type, r.type, sizeof(k->type));
			k->seedsize = r.seedsize;
			break;
		}
		case CRYPTOCFGA_REPORT_LARVAL:
		case CRYPTOCFGA_REPORT_COMPRESS:
		case CRYPTOCFGA_REPORT_AKCIPHER:
		case CRYPTOCFGA_REPORT_KPP:
		case CRYPTOCFGA_REPORT_ACOMP: {
			/* Each of these is only its type name. */
			char t[CRYPTO_MAX_NAME] = "";

			memcpy(t, v, len < sizeof(t) ? len : sizeof(t));
			copy_name(k->type, t, sizeof(k->type));
			break;
		}
		}
		p += NLA_ALIGN(a->nla_len);
	}
}

int cru_walk(const void *buf, size_t n, uint32_t want, int dump,
	     int (*fn)(const struct kalg_info *, void *), void *arg, int *done)
{
	const struct nlmsghdr *h;
	ssize_t len = n;

	/* NLMSG_NEXT steps over a last message's padding too: len goes below
	 * 0 when the bytes end before it, and stays signed so that ends it. */
	*done = 1;
	for (h = buf; NLMSG_OK(h, len); h = NLMSG_NEXT(h, len)) {
		if (h->nlmsg_seq != want)
			continue;
		if (h->nlmsg_type == NLMSG_DONE)
			return 0;
		if (h->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *e = NLMSG_DATA(h);

			/* A message shorter than what it holds is not the kernel's. */
			if (h->nlmsg_len < NLMSG_LENGTH(sizeof(e->error)))
				return -EPROTO;
			return e->error;	/* 0: the ack */
		}
		if (h->nlmsg_type == CRYPTO_MSG_GETALG && fn) {
			struct kalg_info k;
			int r;

			if (h->nlmsg_len < NLMSG_LENGTH(sizeof(struct crypto_user_alg)))
				return -EPROTO;
			parse_alg(h, &k);
			if ((r = fn(&k, arg)))
				return r > 0 ? 0 : r;
		}
		if (!dump)
			return 0;
	}
	*done = 0;
	return 0;
}

/* Read replies to the request numbered SEQ (cru_walk each recv's) until
 * the last.  0 or -errno. */
static int nl_recv(int fd, int dump, int (*fn)(const struct kalg_info *, void *), void *arg)
{
	static char buf[64 * 1024];

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		int done, r;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		r = cru_walk(buf, n, seq, dump, fn, arg, &done);
		if (done)
			return r;
	}
}

int cru_list(int (*fn)(const struct kalg_info *, void *), void *arg)
{
	struct crypto_user_alg u = { 0 };
	int fd = nl_open(), err;

	if (fd < 0)
		return fd;
	err = nl_send(fd, CRYPTO_MSG_GETALG, NLM_F_DUMP, &u, -1);
	if (!err)
		err = nl_recv(fd, 1, fn, arg);
	close(fd);
	return err;
}

struct kept {
	struct kalg_info *out;
	int got;
};

static int keep(const struct kalg_info *k, void *arg)
{
	struct kept *kp = arg;

	*kp->out = *k;
	kp->got = 1;
	return 1;
}

/* Name too long for the kernel's 64 bytes: it could match nothing. */
static int put_name(char *d, const char *s)
{
	if (strlen(s) >= CRYPTO_MAX_NAME)
		return -ENAMETOOLONG;
	strcpy(d, s);
	return 0;
}

static int request(int type, const char *name, const char *driver, int64_t prio,
		   struct kalg_info *out)
{
	struct crypto_user_alg u = { 0 };
	struct kept kp = { out, 0 };
	int fd, err;

	if ((name && (err = put_name(u.cru_name, name))) ||
	    (driver && (err = put_name(u.cru_driver_name, driver))))
		return err;
	fd = nl_open();
	if (fd < 0)
		return fd;
	err = nl_send(fd, type, out ? 0 : NLM_F_ACK, &u, prio);
	if (!err)
		err = nl_recv(fd, 0, out ? keep : NULL, &kp);
	close(fd);
	/* a reply that ended without the algorithm asked for is none */
	if (!err && out && !kp.got)
		err = -EPROTO;
	return err;
}

int cru_get(const char *name, struct kalg_info *out)
{
	/* By driver first: "cbc(aes)" is both a cra_name and, for the
	 * template instance, a driver-like name; the exact driver wins. */
	int err = request(CRYPTO_MSG_GETALG, NULL, name, -1, out);

	if (err == -ENOENT)
		err = request(CRYPTO_MSG_GETALG, name, NULL, -1, out);
	/* The kernel holds a reference of its own while it answers a single
	 * GETALG (a dump takes none): give the count /proc/crypto shows. */
	if (!err && out->refcnt)
		out->refcnt--;
	return err;
}

int cru_set_priority(const char *driver, uint32_t prio)
{
	return request(CRYPTO_MSG_UPDATEALG, NULL, driver, prio, NULL);
}

int cru_add(const char *name)
{
	return request(CRYPTO_MSG_NEWALG, name, NULL, -1, NULL);
}

int cru_del(const char *driver)
{
	return request(CRYPTO_MSG_DELALG, NULL, driver, -1, NULL);
}

/* One "key : value" of /proc/crypto into *k; what is wrong with it, or NULL.
 * Keys this reader does not know (chunksize, walksize, statesize, ...) are
 * the kernel's to add and pass. */
static const char *proc_field(struct kalg_info *k, const char *key, const char *v)
{
	static const struct {
		const char *key;
		size_t off;
	} strs[] = {
		{ "name", offsetof(struct kalg_info, name) },
		{ "driver", offsetof(struct kalg_info, driver) },
		{ "module", offsetof(struct kalg_info, module) },
		{ "type", offsetof(struct kalg_info, type) },
		{ "geniv", offsetof(struct kalg_info, geniv) },
	}, nums[] = {
		{ "priority", offsetof(struct kalg_info, priority) },
		{ "refcnt", offsetof(struct kalg_info, refcnt) },
		{ "blocksize", offsetof(struct kalg_info, blocksize) },
		{ "digestsize", offsetof(struct kalg_info, digestsize) },
		{ "min keysize", offsetof(struct kalg_info, min_keysize) },
		{ "max keysize", offsetof(struct kalg_info, max_keysize) },
		{ "ivsize", offsetof(struct kalg_info, ivsize) },
		{ "maxauthsize", offsetof(struct kalg_info, maxauthsize) },
		{ "seedsize", offsetof(struct kalg_info, seedsize) },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(strs); i++)
		if (!strcmp(key, strs[i].key)) {
			/* The kernel's names end before CRYPTO_MAX_ALG_NAME (128);
			 * kept to 63 bytes, as crypto_user reports them (every
			 * string of struct kalg_info is 64 bytes). */
			if (strlen(v) >= 128)
				return "longer than the kernel's 127 bytes";
			memset((char *)k + strs[i].off, 0, sizeof(k->name));
			memcpy((char *)k + strs[i].off, v, strnlen(v, sizeof(k->name) - 1));
			return NULL;
		}
	for (i = 0; i < ARRAY_SIZE(nums); i++)
		if (!strcmp(key, nums[i].key)) {
			uint64_t n = 0;
			const char *c = v;

			/* No clamping: a number that does not fit is not one. */
			for (; *c >= '0' && *c <= '9' && n <= UINT32_MAX; c++)
				n = n * 10 + (*c - '0');
			if (!*v || *c || n > UINT32_MAX)
				return "not a number in 0..4294967295";
			*(uint32_t *)((char *)k + nums[i].off) = n;
			return NULL;
		}
	if (!strcmp(key, "selftest"))
		k->flags |= strcmp(v, "passed") ? 0 : KALG_TESTED;
	else if (!strcmp(key, "internal"))
		k->flags |= strcmp(v, "yes") ? 0 : KALG_INTERNAL;
	else if (!strcmp(key, "async"))
		k->flags |= strcmp(v, "yes") ? 0 : KALG_ASYNC;
	return NULL;
}

int proc_crypto_parse(char *text, int (*fn)(const struct kalg_info *, void *), void *arg,
		      struct proc_crypto_err *e)
{
	size_t lineno = 0, start = 0;
	struct kalg_info k;
	char *p = text, *line;
	int r;

	memset(e, 0, sizeof(*e));
	memset(&k, 0, sizeof(k));
	for (;;) {
		char *colon, *key, *v;

		line = next_line(&p);
		if (line)
			lineno++;
		if (!line || !*str_trim(line)) {
			if (start && (!k.name[0] || !k.driver[0])) {
				e->line = start;
				e->why = "an entry without a name or a driver";
				return -EINVAL;
			}
			if (start && (r = fn(&k, arg)))
				return r < 0 ? r : 0;
			memset(&k, 0, sizeof(k));
			start = 0;
			if (!line)
				return 0;
			continue;
		}
		e->line = lineno;
		if (!(colon = strchr(line, ':'))) {
			e->why = "not KEY : VALUE";
			e->value = line;
			return -EINVAL;
		}
		*colon = 0;
		key = str_trim(line);
		v = str_trim(colon + 1);
		if (!*key) {
			e->why = "no key before ':'";
			return -EINVAL;
		}
		if ((e->why = proc_field(&k, key, v))) {
			e->key = key;
			e->value = v;
			return -EINVAL;
		}
		if (!start)
			start = lineno;
	}
}

int proc_crypto_list(const char *path, int (*fn)(const struct kalg_info *, void *), void *arg)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC), r;
	struct proc_crypto_err e;
	struct stat st;
	size_t len;
	char *text;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -EINVAL;
	}
	text = read_fd_max(fd, PROC_CRYPTO_MAX, &len);
	r = text ? 0 : -errno;
	close(fd);
	if (!r && memchr(text, 0, len))
		r = -EINVAL;
	if (!r)
		r = proc_crypto_parse(text, fn, arg, &e);
	free(text);
	return r;
}
