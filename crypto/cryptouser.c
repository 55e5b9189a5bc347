/* cryptouser.c: the kernel's crypto_user netlink interface (NETLINK_CRYPTO):
 * list the registered algorithms with what /proc/crypto shows, change a
 * driver's priority, instantiate and remove template instances; and the
 * same listing parsed from /proc/crypto, to compare and to fall back on. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <linux/cryptouser.h>
#include <linux/netlink.h>

#include "afalg.h"

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

/* Read replies to the request numbered SEQ: each GETALG message to FN
 * (when given), until NLMSG_DONE, an error, or the ack.  0 or -errno. */
static int nl_recv(int fd, int dump, int (*fn)(const struct kalg_info *, void *), void *arg)
{
	static char buf[64 * 1024];

	for (;;) {
		ssize_t n = recv(fd, buf, sizeof(buf), 0);
		struct nlmsghdr *h;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		for (h = (void *)buf; NLMSG_OK(h, (size_t)n); h = NLMSG_NEXT(h, n)) {
			if (h->nlmsg_seq != seq)
				continue;
			if (h->nlmsg_type == NLMSG_DONE)
				return 0;
			if (h->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *e = NLMSG_DATA(h);

				return e->error;	/* 0: the ack */
			}
			if (h->nlmsg_type == CRYPTO_MSG_GETALG && fn) {
				struct kalg_info k;
				int r;

				parse_alg(h, &k);
				if ((r = fn(&k, arg)))
					return r > 0 ? 0 : r;
			}
			if (!dump)
				return 0;
		}
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

static int keep(const struct kalg_info *k, void *arg)
{
	*(struct kalg_info *)arg = *k;
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
	int fd, err;

	if ((name && (err = put_name(u.cru_name, name))) ||
	    (driver && (err = put_name(u.cru_driver_name, driver))))
		return err;
	fd = nl_open();
	if (fd < 0)
		return fd;
	err = nl_send(fd, type, out ? 0 : NLM_F_ACK, &u, prio);
	if (!err)
		err = nl_recv(fd, 0, out ? keep : NULL, out);
	close(fd);
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

/* /proc/crypto: blocks of "key : value" lines, a blank line between. */
int proc_crypto_list(const char *path, int (*fn)(const struct kalg_info *, void *), void *arg)
{
	FILE *f = fopen(path, "re");
	char line[256];
	struct kalg_info k;
	int have = 0, r = 0;

	if (!f)
		return -errno;
	memset(&k, 0, sizeof(k));
	while (!r) {
		char *got = fgets(line, sizeof(line), f), *colon, *v, *e;
		size_t kl;

		if (!got || line[0] == '\n') {
			if (have)
				r = fn(&k, arg);
			memset(&k, 0, sizeof(k));
			have = 0;
			if (!got)
				break;
			continue;
		}
		colon = strchr(line, ':');
		if (!colon)
			continue;
		for (kl = colon - line; kl && line[kl - 1] == ' '; kl--)
			;
		line[kl] = 0;
		v = colon + 1 + (colon[1] == ' ');
		v[strcspn(v, "\n")] = 0;
		have = 1;
		if (!strcmp(line, "name"))
			copy_name(k.name, v, sizeof(k.name));
		else if (!strcmp(line, "driver"))
			copy_name(k.driver, v, sizeof(k.driver));
		else if (!strcmp(line, "module"))
			copy_name(k.module, v, sizeof(k.module));
		else if (!strcmp(line, "type"))
			copy_name(k.type, v, sizeof(k.type));
		else if (!strcmp(line, "geniv"))
			copy_name(k.geniv, v, sizeof(k.geniv));
		else if (!strcmp(line, "selftest"))
			k.flags |= strcmp(v, "passed") ? 0 : KALG_TESTED;
		else if (!strcmp(line, "internal"))
			k.flags |= strcmp(v, "yes") ? 0 : KALG_INTERNAL;
		else if (!strcmp(line, "async"))
			k.flags |= strcmp(v, "yes") ? 0 : KALG_ASYNC;
		else {
			unsigned long n = strtoul(v, &e, 10);
			static const struct {
				const char *key;
				size_t off;
			} nums[] = {
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

			for (i = 0; i < sizeof(nums) / sizeof(nums[0]); i++)
				if (!strcmp(line, nums[i].key) && e != v)
					*(uint32_t *)((char *)&k + nums[i].off) = n;
		}
	}
	fclose(f);
	return r < 0 ? r : 0;
}
