// SPDX-License-Identifier: Apache-2.0
/* audit.c: imasign's checks for lsmbox audit: the image's IMA and EVM
 * certificates, its IMA policy, the files that policy appraises, its
 * kernel modules' signatures; read only, through imasign's own code.
 *
 * What the policy appraises is decided offline, rule by rule, as the
 * kernel's ima_match_policy would for each way a file can be reached (a
 * "door": FILE_CHECK read or write, an exec, an executable mmap, a module,
 * firmware, kexec load), the first appraise or dont_appraise rule that
 * matches deciding.  Known offline: func=, mask=, fowner= and fgroup= (the
 * file's mode, name and stat), fsmagic= and fsname= of the pseudo
 * filesystems mounted over /proc, /sys, /dev, /run and /tmp (their files
 * in the image never reach the kernel's hooks as image files).  Not known
 * offline: uid=, euid=, gid=, egid= (who opens), the obj_ and subj_ labels,
 * fsuuid=, and fsmagic= or fsname= of a disk filesystem (what the image
 * is put on); a rule with one of these is taken to match when it appraises
 * and not to when it is dont_appraise, so that a file is passed over only
 * when the policy surely does not appraise it.  An executable mmap is any
 * ELF file or executable file; a module is a *.ko[.gz|.xz|.zst] under
 * /lib/modules, firmware a file under /lib/firmware, kexec images
 * /boot/vmlinuz* and /boot/initrd*. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>
#include <zlib.h>

#include "lsmbox.h"
#include "crypto.h"
#include "imasign.h"

#define POLICY "/etc/ima/ima-policy"
#define IMA_CERT "/etc/keys/x509_ima.der"
#define EVM_CERT "/etc/keys/x509_evm.der"
#define XATTR_MAX 4096
#define MODULE_MAX ((size_t)256 << 20)	/* a module, or what a .ko.gz inflates to */
#define BATCH 32

/* ---- the policy's appraise rules, as a model ---- */

enum { H_FILE = 1, H_MMAP, H_BPRM, H_CREDS, H_MODULE, H_FIRMWARE, H_KEXEC_KERNEL, H_KEXEC_INITRAMFS,
       H_OTHER };
enum { M_EXEC = 1, M_WRITE = 2, M_READ = 4, M_APPEND = 8 };

struct rule {
	int line, appraise;
	int func, mask, inmask;
	int has_magic, has_name;
	unsigned long magic;
	char fsname[32];
	char fowner_op, fgroup_op;	/* 0: none; = < > */
	unsigned long fowner, fgroup;
	int unknown;		/* a condition offline cannot decide */
	int sig, verity;	/* appraise_type=imasig, sigv3 (digest_type=verity) */
};

struct policy {
	int present, refused;
	struct rule *r;
	size_t n;
};

static const struct { const char *name; int fn; } hooks[] = {
	{ "FILE_CHECK", H_FILE }, { "PATH_CHECK", H_FILE }, { "FILE_MMAP", H_MMAP }, { "MMAP_CHECK", H_MMAP },
	{ "BPRM_CHECK", H_BPRM }, { "CREDS_CHECK", H_CREDS }, { "MODULE_CHECK", H_MODULE },
	{ "FIRMWARE_CHECK", H_FIRMWARE }, { "KEXEC_KERNEL_CHECK", H_KEXEC_KERNEL },
	{ "KEXEC_INITRAMFS_CHECK", H_KEXEC_INITRAMFS },
};

/* The pseudo filesystems: where they are mounted, their magic and name;
 * the longest prefix of a path is its filesystem. */
static const struct pseudo { const char *dir; unsigned long magic; const char *name; } pseudo[] = {
	{ "/proc", 0x9fa0, "proc" }, { "/proc/sys/fs/binfmt_misc", 0x42494e4d, "binfmt_misc" },
	{ "/sys", 0x62656572, "sysfs" }, { "/sys/kernel/security", 0x73636673, "securityfs" },
	{ "/sys/kernel/debug", 0x64626720, "debugfs" }, { "/sys/kernel/tracing", 0x74726163, "tracefs" },
	{ "/sys/fs/cgroup", 0x63677270, "cgroup2" }, { "/sys/fs/selinux", 0xf97cff8c, "selinuxfs" },
	{ "/sys/fs/smackfs", 0x43415d53, "smackfs" }, { "/sys/fs/bpf", 0xcafe4a11, "bpf" },
	{ "/sys/fs/pstore", 0x6165676c, "pstore" }, { "/sys/firmware/efi/efivars", 0xde5e81e4, "efivarfs" },
	{ "/dev", 0x01021994, "devtmpfs" }, { "/dev/pts", 0x1cd1, "devpts" }, { "/dev/shm", 0x01021994, "tmpfs" },
	{ "/dev/mqueue", 0x19800202, "mqueue" }, { "/dev/hugepages", 0x958458f6, "hugetlbfs" },
	{ "/run", 0x01021994, "tmpfs" }, { "/tmp", 0x01021994, "tmpfs" },
	/* mounted nowhere in a tree, named by policies all the same */
	{ NULL, 0x858458f6, "ramfs" }, { NULL, 0x6e736673, "nsfs" }, { NULL, 0x27e0eb, "cgroup" },
	{ NULL, 0x62656570, "configfs" }, { NULL, 0x65735543, "fusectl" }, { NULL, 0x534f434b, "sockfs" },
	{ NULL, 0x50495045, "pipefs" }, { NULL, 0x09041934, "anon_inodefs" },
};

static const struct pseudo *pseudo_of(const char *path)
{
	const struct pseudo *best = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(pseudo); i++) {
		size_t n = pseudo[i].dir ? strlen(pseudo[i].dir) : 0;

		if (n && !strncmp(path, pseudo[i].dir, n) && (path[n] == '/' || !path[n]) &&
		    (!best || n > strlen(best->dir)))
			best = &pseudo[i];
	}
	return best;
}

static int is_pseudo(unsigned long magic, const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(pseudo); i++)
		if (name ? !strcmp(pseudo[i].name, name) : pseudo[i].magic == magic)
			return 1;
	return 0;
}

/* A rule ima_rule_check took, its words again: the appraise and
 * dont_appraise ones into p. */
static void rule_add(struct policy *p, const char *text, int line)
{
	char *copy = xstrdup(text), *save = NULL;
	struct rule r = { .line = line };

	for (char *w = strtok_r(copy, " \t", &save); w; w = strtok_r(NULL, " \t", &save)) {
		char *eq = strpbrk(w, "=<>"), *v = eq ? eq + 1 : NULL;
		char op = eq ? *eq : 0;

		if (!strcmp(w, "appraise") || !strcmp(w, "dont_appraise")) {
			r.appraise = w[0] == 'a' ? 1 : -1;
			continue;
		}
		if (!eq)
			continue;
		*eq = 0;
		if (!strcmp(w, "func")) {
			r.func = H_OTHER;
			for (size_t i = 0; i < ARRAY_SIZE(hooks); i++)
				if (!strcmp(v, hooks[i].name))
					r.func = hooks[i].fn;
		} else if (!strcmp(w, "mask")) {
			const char *m = *v == '^' ? v + 1 : v;
			int bit = !strcmp(m, "MAY_EXEC") ? M_EXEC : !strcmp(m, "MAY_WRITE") ? M_WRITE
				: !strcmp(m, "MAY_READ") ? M_READ : M_APPEND;

			*(*v == '^' ? &r.inmask : &r.mask) = bit;
		} else if (!strcmp(w, "fsmagic")) {
			r.magic = strtoul(v, NULL, 16);
			r.has_magic = r.magic != 0;
		} else if (!strcmp(w, "fsname")) {
			snprintf(r.fsname, sizeof(r.fsname), "%s", v);
			r.has_name = 1;
		} else if (!strcmp(w, "fowner") || !strcmp(w, "fgroup")) {
			*(w[1] == 'o' ? &r.fowner_op : &r.fgroup_op) = op;
			*(w[1] == 'o' ? &r.fowner : &r.fgroup) = strtoul(v, NULL, 10);
		} else if (!strcmp(w, "appraise_type")) {
			r.sig = 1;
		} else if (!strcmp(w, "digest_type")) {
			r.verity = 1;
		} else if (!strcmp(w, "uid") || !strcmp(w, "euid") || !strcmp(w, "gid") || !strcmp(w, "egid") ||
			   !strcmp(w, "fsuuid") || !strncmp(w, "obj_", 4) || !strncmp(w, "subj_", 5)) {
			r.unknown = 1;
		}
	}
	free(copy);
	if (r.appraise) {
		XROOM(p->r, p->n);
		p->r[p->n++] = r;
	}
}

/* The image's policy read as the kernel parses it; with report, each
 * rule it refuses (and what only a running kernel decides) said. */
static void policy_read(struct policy *p, int report)
{
	char *host = root_file(POLICY, 0), *text, *line, *next;
	int fd = host ? open(host, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK) : -1, n = 0;

	free(host);
	memset(p, 0, sizeof(*p));
	if (fd < 0) {
		if (errno != ENOENT)
			die_errno("%s", POLICY);
		return;
	}
	p->present = 1;
	text = xread_text_fd(fd, POLICY, IMA_POLICY_MAX, NULL);
	close(fd);
	for (line = text; *line; line = next) {
		const char *why, *note;
		char *nl = strchr(line, '\n'), *copy;

		next = nl ? nl + 1 : line + strlen(line);
		if (nl)
			*nl = 0;
		n++;
		if (line[strspn(line, " \t")] == '#' || !line[strspn(line, " \t")])
			continue;
		if (strlen(line) > IMA_RULE_MAX) {
			why = "a rule longer than 4095 bytes (the kernel cuts a write there)";
			note = NULL;
		} else {
			copy = xstrdup(line);
			why = ima_rule_check(copy, &note);
			free(copy);
		}
		if (why) {
			p->refused++;
			if (report)
				audit_report(AUDIT_ERROR, POLICY, n,
					     "correct the rule: one rule refused and the kernel keeps none of the policy "
					     "(imasign --root DIR policy check " POLICY ")", "%s", why);
			continue;
		}
		if (note && report)
			audit_report(AUDIT_INFO, POLICY, n, NULL, "%s", note);
		rule_add(p, line, n);
	}
	free(text);
}

static int appraises(const struct policy *p)
{
	for (size_t i = 0; i < p->n; i++)
		if (p->r[i].appraise > 0)
			return p->r[i].line;
	return 0;
}

/* ---- keys ---- */

static void audit_keys(void)
{
	static const char *const certs[] = { IMA_CERT, EVM_CERT };
	struct policy p;
	int line;

	policy_read(&p, 0);
	line = appraises(&p);
	free(p.r);
	audit_warn_sev(AUDIT_ERROR);
	for (size_t i = 0; i < ARRAY_SIZE(certs); i++) {
		char *host = root_file(certs[i], 0);
		struct stat st;
		const char *why;
		uint32_t id = 0;
		int skid = 0;

		if (!host || stat(host, &st) < 0) {
			free(host);
			if (!line)
				audit_report(AUDIT_INFO, certs[i], 0, NULL, "missing (the image's IMA policy appraises nothing)");
			else if (i == 0)
				audit_report(AUDIT_ERROR, certs[i], 0,
					     "put the DER certificate of the key the image's files are signed with there",
					     "missing, but " POLICY ":%d appraises: the .ima keyring stays empty and every signed file is refused",
					     line);
			else
				audit_report(AUDIT_WARNING, certs[i], 0,
					     "put the DER certificate of the EVM key there, if the image is to use EVM",
					     "missing while " POLICY ":%d appraises: EVM stays off, nothing protects the files' metadata",
					     line);
			continue;
		}
		free(host);
		audit_todo("replace it with the DER certificate (imasign genkey makes one)");
		if ((why = cert_check(certs[i], 1, &id, &skid))) {
			if (*why)
				audit_report(AUDIT_ERROR, certs[i], 0, NULL,
					     "not an X.509 certificate the kernel can load: %s", why);
		} else if (!skid) {
			audit_report(AUDIT_WARNING, certs[i], 0,
				     "make the certificate with subjectKeyIdentifier=hash",
				     "no subjectKeyIdentifier: the kernel finds a signature's key by it, so no signature "
				     "(key id %08x) finds this one", id);
		}
		audit_todo(NULL);
	}
}

/* ---- the policy ---- */

static void audit_policy(void)
{
	struct policy p;

	policy_read(&p, 1);
	if (!p.present)
		audit_report(AUDIT_INFO, NULL, 0, NULL,
			     "no " POLICY ": the kernel keeps its built-in policy (ima_policy= on its command line)");
	else
		audit_lsm_report("integrity", "an IMA policy", POLICY);
	free(p.r);
}

/* ---- files, worked on by threads ---- */

struct job {
	int fd;
	char *path;		/* as the image sees it */
	const struct rule *rule, *elf_rule;	/* what appraises it; what would if it is ELF */
	int sev;
	char *msg;
	const char *todo;
	char *todo_buf;
};

static struct {
	struct policy pol;
	struct verifier *keys;
	struct modsig_certs *mcerts;
	const char *sig_hash;	/* CONFIG_MODULE_SIG_HASH */
	int force;		/* CONFIG_MODULE_SIG_FORCE=y */
	void (*work)(struct job *j, uint8_t *buf);
	struct job *batch[BATCH];
	int nbatch;
	struct pool *pool;
	unsigned long skipped;	/* modules not checked */
	char *first_skipped;
} TT;


struct batch {
	struct job *j[BATCH];
	int n;
};

static void batch_work(void *item, void *ctx)
{
	struct batch *b = item;
	uint8_t *buf = ima_thread_buf();

	(void)ctx;
	for (int i = 0; i < b->n; i++)
		TT.work(b->j[i], buf);
}

static void batch_done(void *item, void *ctx)
{
	struct batch *b = item;

	(void)ctx;
	for (int i = 0; i < b->n; i++) {
		struct job *j = b->j[i];

		if (j->msg)
			audit_report(j->sev, j->path, 0, j->todo_buf ? j->todo_buf : j->todo, "%s", j->msg);
		close(j->fd);
		free(j->msg);
		free(j->todo_buf);
		free(j->path);
		free(j);
	}
	free(b);
}

static void flush(void)
{
	struct batch *b;

	if (!TT.nbatch)
		return;
	b = xmalloc(sizeof(*b));
	memcpy(b->j, TT.batch, sizeof(b->j));
	b->n = TT.nbatch;
	TT.nbatch = 0;
	pool_submit(TT.pool, b);
}

static void submit(const struct dirtree_ent *e, const struct rule *rule, const struct rule *elf_rule)
{
	struct stat st;
	struct job *j;
	int fd = openat(e->dirfd, e->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) < 0 || st.st_ino != e->st->st_ino || st.st_dev != e->st->st_dev) {
		audit_report(AUDIT_ERROR, e->path, 0, NULL, "%s", fd < 0 ? strerror(errno) : "changed while being walked");
		if (fd >= 0)
			close(fd);
		return;
	}
	j = xzalloc(sizeof(*j));
	j->fd = fd;
	j->path = xstrdup(e->path);
	j->rule = rule;
	j->elf_rule = elf_rule;
	TT.batch[TT.nbatch++] = j;
	if (TT.nbatch == BATCH)
		flush();
}

static void say(struct job *j, int sev, const char *todo, const char *fmt, ...) PRINTF(4, 5);
static void say(struct job *j, int sev, const char *todo, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&j->msg, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	j->sev = sev;
	j->todo = todo;
}

static int walk_error(const struct dirtree_ent *e, int err, void *arg)
{
	(void)arg;
	audit_report(AUDIT_ERROR, e->path, 0, NULL, "%s", strerror(err));
	return DIRTREE_CONTINUE;
}

static void walk(const char *start, int (*visit)(const struct dirtree_ent *e, void *arg))
{
	struct dirtree t = { DIRTREE_SORT, 0, visit, walk_error, NULL, 0, 0 };

	/* the hash drivers and the root chosen now: the threads find them made */
	root_dir();
	for (unsigned a = 0; a < 32; a++)
		if (ima_hash_by_algo(a))
			hash_alg(ima_hash_by_algo(a)->name);
	TT.pool = pool_new(audit_opt.jobs, batch_work, batch_done, NULL);
	dirtree_walk(&t, start);
	flush();
	pool_finish(TT.pool);
}

/* ---- appraisal ---- */

struct door {
	int func, mask;
};

/* The first appraise or dont_appraise rule that matches (the kernel's
 * first match), or NULL; what cannot be known is taken as said at the
 * top.  fs: the pseudo filesystem the file is in, NULL for the image's
 * own. */
static const struct rule *first_match(const struct door *d, const struct stat *st, const struct pseudo *fs)
{
	for (size_t i = 0; i < TT.pol.n; i++) {
		const struct rule *r = &TT.pol.r[i];
		int unknown = r->unknown;

		if (r->func && r->func != d->func)
			continue;
		if ((r->mask && r->mask != d->mask) || (r->inmask && !(r->inmask & d->mask)))
			continue;
		if (r->has_magic) {
			if (fs ? fs->magic != r->magic : is_pseudo(r->magic, NULL))
				continue;
			unknown |= !fs;
		}
		if (r->has_name) {
			if (fs ? strcmp(fs->name, r->fsname) : is_pseudo(0, r->fsname))
				continue;
			unknown |= !fs;
		}
		if (r->fowner_op && !(r->fowner_op == '=' ? st->st_uid == r->fowner : r->fowner_op == '<'
				      ? st->st_uid < r->fowner : st->st_uid > r->fowner))
			continue;
		if (r->fgroup_op && !(r->fgroup_op == '=' ? st->st_gid == r->fgroup : r->fgroup_op == '<'
				      ? st->st_gid < r->fgroup : st->st_gid > r->fgroup))
			continue;
		if (unknown && r->appraise < 0)
			continue;
		return r;
	}
	return NULL;
}

static int under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return !strncmp(path, dir, n) && path[n] == '/';
}

static int module_name(const char *name)
{
	static const char *const ends[] = { ".ko", ".ko.gz", ".ko.xz", ".ko.zst" };
	size_t n = strlen(name);

	for (size_t i = 0; i < ARRAY_SIZE(ends); i++)
		if (n > strlen(ends[i]) && !strcmp(name + n - strlen(ends[i]), ends[i]))
			return 1;
	return 0;
}

/* Of two appraise rules, the one that asks more. */
static const struct rule *stricter(const struct rule *a, const struct rule *b)
{
	if (!a || (b && b->appraise > 0 && b->sig + b->verity > a->sig + a->verity))
		return b && b->appraise > 0 ? b : a;
	return a;
}

static int appraise_visit(const struct dirtree_ent *e, void *arg)
{
	const struct pseudo *fs;
	const struct rule *rule = NULL, *elf = NULL, *r;
	struct door doors[8];
	int n = 0, exec;

	(void)arg;
	if (!S_ISREG(e->st->st_mode))
		return DIRTREE_CONTINUE;
	fs = pseudo_of(e->path);
	exec = (e->st->st_mode & (S_IXUSR | S_IXGRP | S_IXOTH)) != 0;
	doors[n++] = (struct door){ H_FILE, M_READ };
	doors[n++] = (struct door){ H_FILE, M_WRITE };
	if (exec) {
		doors[n++] = (struct door){ H_FILE, M_EXEC };
		doors[n++] = (struct door){ H_BPRM, M_EXEC };
		doors[n++] = (struct door){ H_CREDS, M_EXEC };
		doors[n++] = (struct door){ H_MMAP, M_EXEC };
	}
	if ((under(e->path, "/lib/modules") || under(e->path, "/usr/lib/modules")) && module_name(e->name))
		doors[n++] = (struct door){ H_MODULE, M_READ };
	if (under(e->path, "/lib/firmware") || under(e->path, "/usr/lib/firmware"))
		doors[n++] = (struct door){ H_FIRMWARE, M_READ };
	if (!strncmp(e->path, "/boot/vmlinuz", 13))
		doors[n++] = (struct door){ H_KEXEC_KERNEL, M_READ };
	if (!strncmp(e->path, "/boot/initrd", 12))
		doors[n++] = (struct door){ H_KEXEC_INITRAMFS, M_READ };
	for (int i = 0; i < n; i++)
		rule = stricter(rule, first_match(&doors[i], e->st, fs));
	if (!exec) {
		/* an ELF file may be mapped to run: the worker looks */
		r = first_match(&(struct door){ H_MMAP, M_EXEC }, e->st, fs);
		if (r && r->appraise > 0 && stricter(rule, r) != rule)
			elf = r;
	}
	if (rule || elf)
		submit(e, rule, elf);
	return DIRTREE_CONTINUE;
}

#define TODO_SIGN "sign it: imasign --root DIR ima_sign -k KEY FILE"
#define TODO_HASH "hash it again, or sign it: imasign --root DIR ima_hash FILE"

static int digest(struct job *j, const struct ima_hash *h, uint8_t *d, uint8_t *buf)
{
	int r = ima_file_digest(h, j->fd, d, buf);

	if (r)
		say(j, AUDIT_ERROR, NULL, "cannot hash it with %s: %s", h->name,
		    r == -ENOENT ? "no implementation here" : strerror(-r));
	return r;
}

static void check_sig(struct job *j, const struct sigv2 *s, const uint8_t *d, const char *rule)
{
	struct out quiet = { BUF_INIT(0), 0 };
	int r = verifier_check(TT.keys, s, d, j->path, &quiet);

	buf_free(&quiet.b);
	if (r > 0)
		say(j, AUDIT_ERROR, TODO_SIGN,
		    "security.ima: the signature (key id %08x, %s) does not verify: the file changed since it was "
		    "signed, or the signature is not its (appraised by %s)", s->keyid, s->hash->name, rule);
	else if (r < 0)
		say(j, AUDIT_ERROR, "sign it with a key whose certificate the image has (/etc/keys/x509_ima.der or "
		    "--cert): imasign --root DIR ima_sign -k KEY FILE",
		    "security.ima: signed by key id %08x, which no certificate has (appraised by %s)", s->keyid, rule);
}

static void appraise_work(struct job *j, uint8_t *buf)
{
	uint8_t v[XATTR_MAX], d[IMA_MAX_DIGEST], magic[4];
	const struct rule *r = j->rule;
	const struct ima_hash *h;
	struct sigv2 s;
	const char *why;
	char where[64];
	ssize_t n;

	if (j->elf_rule && pread(j->fd, magic, 4, 0) == 4 && !memcmp(magic, "\177ELF", 4))
		r = stricter(r, j->elf_rule);
	if (!r)
		return;
	snprintf(where, sizeof(where), POLICY ":%d", r->line);
	if ((n = fgetxattr(j->fd, "security.ima", v, sizeof(v))) < 0) {
		if (errno == ENODATA)
			say(j, AUDIT_ERROR, r->sig ? TODO_SIGN : TODO_HASH,
			    "no security.ima: the kernel refuses it (appraised by %s)", where);
		else
			say(j, AUDIT_ERROR, NULL, "security.ima: %s", strerror(errno));
		return;
	}
	switch (n ? v[0] : 0) {
	case IMA_XATTR_DIGEST:
	case IMA_XATTR_DIGEST_NG:
		if (r->sig) {
			say(j, AUDIT_ERROR, TODO_SIGN,
			    "security.ima holds a hash, but %s asks for a signature (appraise_type=%s)", where,
			    r->verity ? "sigv3" : "imasig");
			return;
		}
		/* 01: sha1 or md5 by its length (ima_get_hash_algo); 04: the algorithm named */
		h = v[0] == IMA_XATTR_DIGEST ? ima_hash_by_name(n == 21 ? "sha1" : "md5")
		    : n > 1 ? ima_hash_by_algo(v[1]) : NULL;
		if (!h || (size_t)n != (v[0] == IMA_XATTR_DIGEST ? 1u : 2u) + h->size) {
			say(j, AUDIT_ERROR, TODO_HASH, "security.ima: not a digest the kernel reads");
			return;
		}
		if (!digest(j, h, d, buf) && memcmp(d, v + n - h->size, h->size))
			say(j, AUDIT_ERROR, TODO_HASH,
			    "security.ima: the %s digest is not the content's: the file changed since it was hashed "
			    "(appraised by %s)", h->name, where);
		return;
	case EVM_IMA_XATTR_DIGSIG:
	case IMA_VERITY_DIGSIG:
		if ((why = sigv2_parse(v, (size_t)n, &s))) {
			say(j, AUDIT_ERROR, TODO_SIGN, "security.ima: %s", why);
			return;
		}
		if ((s.type == IMA_VERITY_DIGSIG) != r->verity) {
			say(j, AUDIT_ERROR, TODO_SIGN, r->verity ? "security.ima: a file signature, but %s asks for an "
			    "fs-verity one (digest_type=verity)" : "security.ima: an fs-verity signature, but %s "
			    "appraises the file's own digest", where);
			return;
		}
		if (s.type == IMA_VERITY_DIGSIG) {
			/* fs-verity's parameters are fixed when verity is enabled: its
			 * defaults (4096-byte blocks, no salt) taken */
			struct verity_params vp = { s.hash, 12, { 0 }, 0 };

			if (verity_params_check(&vp) || verity_digest(j->fd, &vp, d, buf) ||
			    ima_file_id_hash(IMA_VERITY_DIGSIG, s.hash, d, d)) {
				say(j, AUDIT_ERROR, NULL, "cannot compute its fs-verity digest with %s", s.hash->name);
				return;
			}
		} else if (digest(j, s.hash, d, buf)) {
			return;
		}
		check_sig(j, &s, d, where);
		return;
	default:
		say(j, AUDIT_ERROR, r->sig ? TODO_SIGN : TODO_HASH,
		    "security.ima: not a value IMA reads (type %02x)", n ? v[0] : 0);
	}
}

/* silences verifier_add's warning on the image's certificate: keys/ says it */
static void quiet_sink(int sev, const struct srcloc *loc, const char *msg)
{
	(void)sev, (void)loc, (void)msg;
}

static void audit_appraise(void)
{
	policy_read(&TT.pol, 0);
	if (!TT.pol.present) {
		audit_report(AUDIT_INFO, NULL, 0, NULL, "no " POLICY ": no file is checked for what a policy appraises");
		return;
	}
	if (!appraises(&TT.pol)) {
		audit_report(AUDIT_INFO, POLICY, 0, NULL, "no appraise rule: no file is checked");
		return;
	}
	if (TT.pol.refused)
		audit_report(AUDIT_WARNING, POLICY, 0, "correct the rules ima/policy names",
			     "the kernel would refuse the policy (ima/policy says why): its appraise rules are checked as if it loaded");
	verbose = -1;
	if (audit_opt.certs) {
		TT.keys = verifier_load(audit_opt.certs);
	} else {
		void (*sink)(int, const struct srcloc *, const char *) = diag_sink;

		TT.keys = verifier_load("");
		diag_sink = quiet_sink;
		verifier_add(TT.keys, IMA_CERT, 1);
		diag_sink = sink;
	}
	TT.work = appraise_work;
	walk("/", appraise_visit);
	verifier_free(TT.keys);
	free(TT.pol.r);
}

/* ---- modules ---- */

/* A .ko.gz inflated (MODULE_MAX at most): NULL with *why. */
static uint8_t *gunzip(const uint8_t *in, size_t len, size_t *outlen, const char **why)
{
	z_stream z = { 0 };
	size_t cap = len < MODULE_MAX / 4 ? len * 4 + 4096 : MODULE_MAX, n = 0;
	uint8_t *out;
	int r;

	if (inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) {
		*why = "zlib cannot start";
		return NULL;
	}
	out = xmalloc(cap);
	z.next_in = (uint8_t *)in;
	z.avail_in = (uInt)(len > UINT32_MAX ? UINT32_MAX : len);
	do {
		if (n == cap) {
			if (cap >= MODULE_MAX) {
				r = Z_MEM_ERROR;
				break;
			}
			cap = cap * 2 > MODULE_MAX ? MODULE_MAX : cap * 2;
			out = xrealloc(out, cap);
		}
		z.next_out = out + n;
		z.avail_out = (uInt)(cap - n > UINT32_MAX ? UINT32_MAX : cap - n);
		r = inflate(&z, Z_NO_FLUSH);
		n = cap - z.avail_out;
	} while (r == Z_OK || (r == Z_BUF_ERROR && n == cap));
	inflateEnd(&z);
	if (r != Z_STREAM_END || z.avail_in) {
		*why = r == Z_MEM_ERROR ? "larger than 256 MiB inflated" : "not a whole gzip stream";
		free(out);
		return NULL;
	}
	*outlen = n;
	return out;
}

#define TODO_MODSIGN "sign it: imasign --root DIR sign-module HASH KEY CERT FILE"

static void module_work(struct job *j, uint8_t *buf)
{
	size_t len, plain_len;
	uint8_t *mod = (uint8_t *)read_fd_max(j->fd, MODULE_MAX, &len), *plain = NULL;
	struct modsig_result r;
	const char *why = NULL;

	(void)buf;
	if (!mod) {
		say(j, AUDIT_ERROR, NULL, "%s", errno == EFBIG ? "larger than 256 MiB: not a module" : strerror(errno));
		return;
	}
	if (strlen(j->path) > 3 && !strcmp(j->path + strlen(j->path) - 3, ".gz")) {
		if (!(plain = gunzip(mod, len, &plain_len, &why))) {
			say(j, AUDIT_ERROR, NULL, "%s", why);
			free(mod);
			return;
		}
		free(mod);
		mod = plain;
		len = plain_len;
	}
	switch (modsig_check(mod, len, TT.mcerts, &r)) {
	case MODSIG_UNSIGNED:
		if (TT.force)
			say(j, AUDIT_ERROR, TODO_MODSIGN, "not signed: the kernel (CONFIG_MODULE_SIG_FORCE=y) refuses it");
		else
			say(j, AUDIT_WARNING, TODO_MODSIGN,
			    "not signed: the kernel loads it tainted, or refuses it under module.sig_enforce=1 or lockdown");
		break;
	case MODSIG_BAD:
		say(j, AUDIT_ERROR, TODO_MODSIGN, "its signature is not one the kernel takes: %s", r.why);
		break;
	case MODSIG_REJECTED:
		say(j, AUDIT_ERROR, "sign it with the key of a --module-cert certificate: imasign --root DIR sign-module --replace HASH KEY CERT FILE",
		    "its signature does not verify with the --module-cert certificates: %s", r.reason);
		break;
	default:
		if (TT.sig_hash && strcmp(TT.sig_hash, r.hash))
			say(j, AUDIT_WARNING, "sign it again with the kernel's hash: imasign --root DIR sign-module --replace HASH KEY CERT FILE",
			    "signed with %s, not the kernel's CONFIG_MODULE_SIG_HASH (%s)", r.hash, TT.sig_hash);
	}
	free(mod);
}

static int module_visit(const struct dirtree_ent *e, void *arg)
{
	size_t n = strlen(e->name);

	(void)arg;
	if (!S_ISREG(e->st->st_mode) || !module_name(e->name))
		return DIRTREE_CONTINUE;
	if (strcmp(e->name + n - 3, ".ko") && strcmp(e->name + n - 3, ".gz")) {
		if (!TT.skipped++)
			TT.first_skipped = xstrdup(e->path);
		return DIRTREE_CONTINUE;
	}
	submit(e, NULL, NULL);
	return DIRTREE_CONTINUE;
}

static void audit_modules(void)
{
	char *host = root_file("/lib/modules", 0);
	struct stat st;

	if (!host || stat(host, &st) < 0 || !S_ISDIR(st.st_mode)) {
		free(host);
		audit_report(AUDIT_INFO, NULL, 0, NULL, "no /lib/modules: the image has no modules");
		return;
	}
	free(host);
	if (audit_opt.module_certs && !(TT.mcerts = modsig_certs_load(audit_opt.module_certs))) {
		audit_report(AUDIT_ERROR, NULL, 0, "give certificates that parse", "--module-cert: no module checked");
		return;
	}
	TT.force = audit_kconfig("CONFIG_MODULE_SIG_FORCE") && !strcmp(audit_kconfig("CONFIG_MODULE_SIG_FORCE"), "y");
	TT.sig_hash = audit_kconfig("CONFIG_MODULE_SIG_HASH");
	TT.work = module_work;
	walk("/lib/modules", module_visit);
	if (TT.skipped)
		audit_report(AUDIT_INFO, TT.first_skipped, 0, "check them where xz and zstd are: imasign verify-module",
			     "%lu module%s compressed with xz or zstd not checked (lsmbox inflates gzip only)",
			     TT.skipped, TT.skipped > 1 ? "s" : "");
	free(TT.first_skipped);
	modsig_certs_free(TT.mcerts);
}

const struct audit_check ima_audit[] = {
	{ "keys", "certificates", "/etc/keys/x509_ima.der and x509_evm.der: there when the IMA policy appraises, and parse",
	  audit_keys },
	{ "ima", "policy", "/etc/ima/ima-policy: every rule as the 6.1 kernel parses it", audit_policy },
	{ "ima", "appraise", "every file the policy appraises carries a security.ima that verifies", audit_appraise },
	{ "modules", "signatures", "every module under /lib/modules is signed (and verifies with --module-cert)",
	  audit_modules },
	{ NULL, NULL, NULL, NULL }
};
