// SPDX-License-Identifier: Apache-2.0
/* kernel.c: tomoyo-edit's door to the kernel: TOMOYO's securityfs files read
 * whole, policy written a file in one open, and read back to prove it took. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

const char *tmy_file_name(int f)
{
	return f == TMY_STAT ? "stat" : tmy_kind_name(f);
}

bool tmy_kernel_active(void)
{
	struct stat st;
	char *p;
	bool ok;

	if (!kfs_dir(KFS_SECURITYFS, NULL))
		return false;
	p = kfs_path(KFS_SECURITYFS, "tomoyo");
	ok = !lstat(p, &st) && S_ISDIR(st.st_mode);
	free(p);
	return ok;
}

char *tmy_kernel_path(const char *name)
{
	char *d, *p;

	/* kfs_path dies naming the mount command when securityfs is missing. */
	free(kfs_path(KFS_SECURITYFS, "."));
	if (!tmy_kernel_active()) {
		d = kfs_path(KFS_SECURITYFS, "tomoyo");
		if (root_dir())
			die("TOMOYO is not active in the image: no %s", str_esc(d, SIZE_MAX));
		die("TOMOYO is not active: no %s (boot with security=tomoyo, or add tomoyo "
		    "to lsm=...)", str_esc(d, SIZE_MAX));
	}
	d = xasprintf("tomoyo/%s", name);
	p = kfs_path(KFS_SECURITYFS, d);
	free(d);
	return p;
}

/* An image's files are plain files, and a link there is refused: it
 * would lead out of the mimic tree. */
static int kopen(const char *path, int flags)
{
	if (root_dir())
		flags |= O_NOFOLLOW | ((flags & O_ACCMODE) != O_RDONLY ? O_CREAT : 0);
	return open(path, flags | O_CLOEXEC, 0600);
}

int tmy_kernel_open(const char *name, int flags)
{
	char *path = tmy_kernel_path(name);
	int fd = kopen(path, flags);

	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	free(path);
	return fd;
}

char *tmy_kernel_read(const char *name, size_t *lenp)
{
	char *path = tmy_kernel_path(name), *t;
	int fd = kopen(path, O_RDONLY);

	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	t = read_fd_max(fd, TMY_TEXT_MAX, lenp);
	if (!t)
		die_errno("%s", str_esc(path, SIZE_MAX));
	close(fd);
	free(path);
	return t;
}

/* Where select_name reads to. */
struct sel {
	int fd;
	struct buf b;
	const char *path;
};

/* One domain's block as the kernel prints it after "select domain=NAME"
 * (TOMOYO answers a select on a descriptor open for reading and writing
 * with that domain alone, and a line "# select ..." first), appended to
 * s->b: no block when the kernel has no such live domain. */
static void select_name(struct sel *s, const char *name)
{
	char *cmd = xasprintf("select domain=%s\n", name), chunk[16384];
	ssize_t n;

	if (write_all(s->fd, cmd, strlen(cmd)) < 0)
		die_errno("%s", str_esc(s->path, SIZE_MAX));
	free(cmd);
	while ((n = read(s->fd, chunk, sizeof(chunk)))) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die_errno("%s", str_esc(s->path, SIZE_MAX));
		if (buf_put(&s->b, chunk, (size_t)n) < 0)
			die_errno("%s", str_esc(s->path, SIZE_MAX));
	}
}

static void select_one(const struct tmy_domain_info *d, void *arg)
{
	select_name(arg, d->name);
}

/* The kernel's blocks of the domains of p that are live (or, p NULL, of
 * the names in h), by select: a large policy is not printed whole to
 * prove a few domains went in. */
static char *read_domains(const struct tmy_policy *p, const struct htab *h, size_t *lenp)
{
	struct sel s = { tmy_kernel_open("domain_policy", O_RDWR), BUF_INIT(TMY_TEXT_MAX), NULL };
	char *path = tmy_kernel_path("domain_policy");

	s.path = path;
	if (p)
		tmy_policy_domains(p, select_one, &s);
	for (int i = 0; !p && i < htab_count(h); i++)
		select_name(&s, htab_str(h, i));
	close(s.fd);
	if (buf_put_u8(&s.b, 0) < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	free(path);
	*lenp = s.b.len - 1;
	return (char *)s.b.p;
}

/* The next line of [*pp, end) without its newline; false at the end. */
static bool next(const char **pp, const char *end, const char **lp, size_t *lenp)
{
	const char *nl;

	if (*pp >= end)
		return false;
	nl = memchr(*pp, '\n', end - *pp);
	*lp = *pp;
	*lenp = (nl ? nl : end) - *pp;
	*pp = nl ? nl + 1 : end;
	return true;
}

/* A line the loader leaves out: blank, or a comment. */
static bool idle(const char *l, size_t len)
{
	while (len && (unsigned char)*l <= ' ')
		l++, len--;
	return !len || *l == '#';
}

static void write_failed(const char *path, const char *name, int line, int err)
{
	const char *hint = err == EPERM ? " (only a policy manager may write policy: see the "
					  "manager file)" : "";

	errno = err;
	if (line)
		warn_errno("%s:%d: writing %s%s", str_esc(name, SIZE_MAX), line,
			   str_esc(path, SIZE_MAX), hint);
	else
		warn_errno("%s: writing %s%s", str_esc(name, SIZE_MAX), str_esc(path, SIZE_MAX), hint);
}

int tmy_kernel_write(int f, const struct tmy_src *src, unsigned flags)
{
	char *path = tmy_kernel_path(tmy_file_name(f));
	const char *p = src->text, *end = src->text + src->len, *l;
	struct buf b = BUF_INIT(TMY_TEXT_MAX + 1);
	size_t len;
	int fd, line = 0, rc = 0;

	fd = kopen(path, O_WRONLY | O_APPEND);
	if (fd < 0) {
		write_failed(path, src->name, 0, errno);
		free(path);
		return -1;
	}
	while (next(&p, end, &l, &len)) {
		line++;
		if (idle(l, len))
			continue;
		/* The kernel keeps a last line without a newline for a write that
		 * never comes: every line gets one. */
		buf_put(&b, l, len);
		buf_put_u8(&b, '\n');
		if ((flags & TMY_WRITE_LINES) && !b.err) {
			if (write_all(fd, b.p, b.len) < 0) {
				write_failed(path, src->name, line, errno);
				rc = -1;
				break;
			}
			buf_reset(&b);
		}
	}
	if (b.err) {
		write_failed(path, src->name, 0, EFBIG);
		rc = -1;
	} else if (!rc && b.len && write_all(fd, b.p, b.len) < 0) {
		write_failed(path, src->name, 0, errno);
		rc = -1;
	}
	if (close(fd) < 0 && !rc) {
		write_failed(path, src->name, 0, errno);
		rc = -1;
	}
	buf_free(&b);
	free(path);
	return rc;
}

/* What tmy_policy_missing reported, collected. */
struct lines {
	char **v;
	int n;
};

static void collect(const char *line, void *arg)
{
	struct lines *ls = arg;

	XROOM(ls->v, ls->n);
	ls->v[ls->n++] = xstrdup(line);
}

static void lines_free(struct lines *ls)
{
	for (int i = 0; i < ls->n; i++)
		free(ls->v[i]);
	free(ls->v);
	ls->v = NULL;
	ls->n = 0;
}

/* What a one-line check counts: with acl, a domain that is not there or an
 * ACL line (not a domain's profile or groups, which a line alone cannot
 * know); else everything. */
struct count {
	bool acl;
	int n;
};

static void count_line(const char *line, void *arg)
{
	struct count *c = arg;
	const char *tab = strchr(line, '\t');

	if (!c->acl || !tab || (strncmp(tab + 1, "use_profile ", 12) &&
				strncmp(tab + 1, "use_group ", 10)))
		c->n++;
}

/* Whether text's lines say something only the state before them decides:
 * a profile line, a domain's use_profile or use_group. */
static bool stateful(enum tmy_kind k, const char *t)
{
	return k == TMY_PROFILE || !strncmp(t, "use_profile", 11) || !strncmp(t, "use_group", 9);
}

/* Each line of the files on its own (an ACL after its domain's line; a
 * profile line or a domain's profile after the kernel's policy before the
 * load) against have: those that have lacks, reported at their place. */
static int locate(enum tmy_kind k, const char *before, size_t blen, const struct tmy_src *src,
		  int n, const struct tmy_policy *have)
{
	int found = 0;

	for (int i = 0; i < n; i++) {
		const char *p = src[i].text, *end = p + src[i].len, *l;
		char *domain = NULL;
		struct tmy_check c;
		size_t len;
		int line = 0;

		tmy_check_init(&c, k);
		while (next(&p, end, &l, &len)) {
			char *t = xstrndup(l, len), *one;
			struct tmy_policy *want;
			struct count cnt = { k == TMY_DOMAIN, 0 };
			bool ok;

			line++;
			ok = tmy_check_line(&c, l, len);
			tmy_normalize(t);
			if (!ok || !*t || *t == '#' || !strncmp(t, "delete ", 7) ||
			    !strncmp(t, "select ", 7) || !strcmp(t, "reset")) {
				/* Lines the check refused were reported already. */
				if (!strcmp(t, "reset")) {
					free(domain);
					domain = NULL;
				}
				free(t);
				continue;
			}
			if (k == TMY_DOMAIN && *t == '<') {
				free(domain);
				domain = xstrdup(t);
				one = xasprintf("%s\n", t);
			} else if (k == TMY_DOMAIN && domain) {
				one = xasprintf("%s\n%s\n", domain, t);
			} else {
				one = xasprintf("%s\n", t);
			}
			want = tmy_policy_new(k);
			if (stateful(k, t)) {
				tmy_policy_add(want, before, blen, NULL);
				cnt.acl = false;
			}
			tmy_policy_add(want, one, strlen(one), NULL);
			tmy_policy_missing(want, have, count_line, &cnt);
			if (cnt.n) {
				diag(&(struct srcloc){ src[i].name, line, 0 },
				     "the kernel did not take: %s", str_esc(t, SIZE_MAX));
				found++;
			}
			tmy_policy_free(want);
			free(one);
			free(t);
		}
		tmy_check_free(&c);
		free(domain);
	}
	return found;
}

/* In k, the key of a line of domain dom: the id's bytes, then the line. */
static struct buf *line_key(struct buf *k, int dom, const char *line)
{
	buf_reset(k);
	buf_put(k, &dom, sizeof(dom));
	buf_put_str(k, line);
	return k;
}

/* The quick proof for lines added to the live domain policy: each domain
 * written is selected, and each line written must be printed, as the
 * kernel normalizes it, in its domain's block.  True when every one is;
 * false leaves it to the models: a line the kernel prints otherwise or
 * merged with another, and delete, select and reset lines, which this
 * does not follow. */
static bool quick_verify(const struct tmy_src *src, int n)
{
	struct htab doms = { 0 }, have = { 0 };
	struct buf key = BUF_INIT(0);
	char *l = NULL, *text = NULL;
	size_t cap = 0, len;
	bool ok = true;
	int dom;

	for (int pass = 0; pass < 2 && ok; pass++) {
		for (int i = 0; i < n && ok; i++) {
			const char *p = src[i].text, *end = p + src[i].len;

			dom = -1;
			while (ok && tmy_next_line(&p, end, &l, &cap)) {
				if (!*l || *l == '#')
					continue;
				if (!strncmp(l, "delete ", 7) || !strncmp(l, "select ", 7) ||
				    !strcmp(l, "reset"))
					ok = false;
				else if (*l == '<')
					ok = (dom = pass ? htab_find(&doms, l) : htab_intern(&doms, l)) >= 0;
				else if (dom < 0)
					ok = false;
				else if (pass)
					ok = !line_key(&key, dom, l)->err &&
					     htab_find_n(&have, (char *)key.p, key.len) >= 0;
			}
		}
		if (pass || !ok)
			continue;
		/* What the kernel prints of those domains, by line. */
		dom = -1;
		text = read_domains(NULL, &doms, &len);
		for (const char *p = text, *end = text + len; ok && tmy_next_line(&p, end, &l, &cap);) {
			if (!*l || *l == '#')
				continue;
			if (*l == '<')
				dom = htab_find(&doms, l);
			else if (dom >= 0)
				ok = !line_key(&key, dom, l)->err &&
				     htab_intern_n(&have, (char *)key.p, key.len) >= 0;
		}
	}
	free(text);
	free(l);
	buf_free(&key);
	htab_free(&doms);
	htab_free(&have);
	return ok;
}

int tmy_kernel_verify(enum tmy_kind k, const char *before, size_t blen, const struct tmy_src *src,
		      int n)
{
	struct tmy_policy *want, *have;
	struct lines miss = { NULL, 0 };
	size_t len;
	char *text = NULL;
	int count, dropped = 0;

	if (k == TMY_DOMAIN && !before && !root_dir() && quick_verify(src, n))
		return 0;
	want = tmy_policy_new(k);
	have = tmy_policy_new(k);

	/* What the kernel should hold: what it held, then what was written.
	 * Lines the model drops (written unchecked) are reported by it. */
	tmy_policy_add(want, before, blen, NULL);
	for (int i = 0; i < n; i++)
		dropped += tmy_policy_add(want, src[i].text, src[i].len, src[i].name);
	/* Of the kernel's domain policy, only the domains want names: the
	 * rest cannot be missing, and a large policy costs to print and to
	 * model.  Added to (no policy before), want names only what was
	 * written: the kernel prints just those (an image's files are plain
	 * files, read whole). */
	if (k == TMY_DOMAIN && !before && !root_dir()) {
		text = read_domains(want, NULL, &len);
		tmy_policy_add(have, text, len, NULL);
	} else if (k == TMY_DOMAIN) {
		text = tmy_kernel_read(tmy_kind_name(k), &len);
		tmy_policy_add_domains_of(have, text, len, want);
	} else {
		text = tmy_kernel_read(tmy_kind_name(k), &len);
		tmy_policy_add(have, text, len, NULL);
	}
	count = tmy_policy_missing(want, have, collect, &miss);
	if (count) {
		/* Which line each entry came from: each line checked on its own
		 * (this costs only when something is missing). */
		int found = locate(k, before, blen, src, n, have);

		if (!found)
			for (int i = 0; i < miss.n; i++) {
				char *tab = strchr(miss.v[i], '\t');

				if (tab)
					*tab = ' ';
				warn("%s: the kernel did not take: %s", str_esc(src[0].name, SIZE_MAX),
				     str_esc(miss.v[i], SIZE_MAX));
			}
		count = found ? found : miss.n;
	}
	lines_free(&miss);
	tmy_policy_free(want);
	tmy_policy_free(have);
	free(text);
	return count + dropped;
}
