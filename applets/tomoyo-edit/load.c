// SPDX-License-Identifier: Apache-2.0
/* load.c: a policy into the kernel as tomoyo-loadpolicy and tomoyo-init
 * put one, done so that nothing the kernel drops goes unnoticed: every file
 * checked before anything is written (check.c), the profiles the kernel
 * would stop the machine on refused, the delete lines of a replace worked
 * out from the model (policy.c), each file sent in one open, the kernel's
 * read-back compared with what was meant (kernel.c); and the kernel's
 * policy saved in tomoyo-savepolicy's directory (store.c).  tomoyo-init,
 * the loader the kernel runs before it activates the policy, is a load
 * that mends what would stop the machine (the end of this file). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "lsmbox.h"
#include "tomoyo.h"


void tmy_src_add(struct srcs *s, const char *name, const char *text, size_t len)
{
	XROOM(s->v, s->n);
	s->v[s->n++] = (struct tmy_src){ name, text, len };
}

int tmy_save_kernel(const char *dir, bool need_policy)
{
	char *text[TMY_KINDS];
	size_t len[TMY_KINDS];
	int rc;

	for (int k = 0; k < TMY_KINDS; k++)
		text[k] = tmy_kernel_read(tmy_kind_name(k), &len[k]);
	rc = tmy_store_save(dir, text, len, need_policy);
	for (int k = 0; k < TMY_KINDS; k++)
		free(text[k]);
	return rc;
}

/* The lines of [p, end) one at a time, normalised into a copy; the line
 * number counts on in *line. */
static char *next_norm(const char **pp, const char *end, int *line)
{
	char *t = NULL;
	size_t cap = 0;

	if (!tmy_next_line(pp, end, &t, &cap))
		return NULL;
	++*line;
	return t;
}

/* The profiles each namespace has (the kernel's, then those loaded). */
struct nsprof {
	char *ns;
	unsigned version;	/* 0: never set (the kernel's default is 20150505) */
	bool defined[TMY_MAX_PROFILES];
};

struct profiles {
	struct nsprof *v;
	int n;
};

static struct nsprof *ns_get(struct profiles *P, const char *ns, size_t len)
{
	for (int i = 0; i < P->n; i++)
		if (strlen(P->v[i].ns) == len && !memcmp(P->v[i].ns, ns, len))
			return &P->v[i];
	XROOM(P->v, P->n);
	memset(&P->v[P->n], 0, sizeof(*P->v));
	P->v[P->n].ns = xstrndup(ns, len);
	return &P->v[P->n++];
}

static void profiles_free(struct profiles *P)
{
	for (int i = 0; i < P->n; i++)
		free(P->v[i].ns);
	free(P->v);
}

static bool version_ok(unsigned v)
{
	return v == 20150505 || v == 20110903;
}

/* The namespace a line starts with ("<kernel>" when none), *pp past it. */
static size_t ns_of(char **pp, const char **ns)
{
	char *sp;

	*ns = "<kernel>";
	if (**pp != '<')
		return 8;
	*ns = *pp;
	sp = strchr(*pp, ' ');
	if (!sp) {
		*pp += strlen(*pp);
		return *pp - *ns;
	}
	*pp = sp + 1;
	return sp - *ns;
}

/* A profile text into P, as tomoyo_write_profile reads it: "N-" defines
 * profile N whatever follows.  A PROFILE_VERSION the kernel stops at is an
 * error of the file name names (NULL: the kernel's own read). */
static int profile_scan(struct profiles *P, const char *text, size_t len, const char *name)
{
	const char *p = text, *end = text + len, *ns;
	int line = 0, errors = 0;
	char *t;

	while ((t = next_norm(&p, end, &line))) {
		char *q = t;
		size_t nl = ns_of(&q, &ns);
		struct nsprof *np;
		unsigned long n = 0;
		unsigned v;

		if (!*t || *t == '#' || !*q) {
			free(t);
			continue;
		}
		np = ns_get(P, ns, nl);
		if (!strncmp(q, "PROFILE_VERSION=", 16) && tmy_scan_u32(q + 16, &v)) {
			np->version = v;
			if (name && !version_ok(v)) {
				diag(&(struct srcloc){ name, line, 0 },
				     "PROFILE_VERSION=%u: the kernel stops the machine (\"STOP!\") "
				     "when it activates a policy of another version than 20150505 or "
				     "20110903", v);
				errors++;
			}
		} else {
			while (*q >= '0' && *q <= '9' && n < TMY_MAX_PROFILES)
				n = n * 10 + (unsigned long)(*q++ - '0');
			if (*q == '-' && n < TMY_MAX_PROFILES)
				np->defined[n] = true;
		}
		free(t);
	}
	return errors;
}

/* use_profile N with no profile N in its namespace: the kernel stops the
 * machine when it activates such a policy (tomoyo_check_profile). */
static int domain_scan(struct profiles *P, const struct tmy_src *s)
{
	const char *p = s->text, *end = s->text + s->len;
	char *t, *ns = NULL;
	int line = 0, errors = 0;
	unsigned n;

	while ((t = next_norm(&p, end, &line))) {
		if (*t == '<' || !strcmp(t, "reset")) {
			free(ns);
			ns = *t == '<' ? xstrndup(t, strcspn(t, " ")) : NULL;
		} else if (ns && !strncmp(t, "use_profile", 11) && tmy_scan_u32(t + 11, &n) &&
			   n < TMY_MAX_PROFILES && !ns_get(P, ns, strlen(ns))->defined[n]) {
			diag(&(struct srcloc){ s->name, line, 0 },
			     "use_profile %u: no profile %u in %s, neither loaded nor in the "
			     "kernel: the kernel stops the machine (\"STOP!\") when it activates a "
			     "policy with such a domain", n, n, str_esc(ns, SIZE_MAX));
			errors++;
		}
		free(t);
	}
	free(ns);
	return errors;
}

/* The checks the kernel would panic on, before anything is written; at
 * boot (the image's policy, lsmbox audit) with no profile in the kernel. */
int tmy_profile_check(struct load *L, bool boot)
{
	struct profiles P = { NULL, 0 };
	struct srcs *pr = &L->f[TMY_PROFILE], *dp = &L->f[TMY_DOMAIN];
	int errors = 0;
	size_t len;
	char *k;

	if (!pr->n && !dp->n)
		return 0;
	if (!boot) {
		k = tmy_kernel_read("profile", &len);
		profile_scan(&P, k, len, NULL);
		free(k);
	}
	for (int i = 0; i < pr->n; i++)
		errors += profile_scan(&P, pr->v[i].text, pr->v[i].len, pr->v[i].name);
	for (int i = 0; i < dp->n; i++)
		errors += domain_scan(&P, &dp->v[i]);
	profiles_free(&P);
	return errors;
}

/* For --replace: "delete" lines for what the kernel holds and the new
 * policy does not (tmy_policy_missing), for kind k. */
struct dels {
	struct buf b;
	enum tmy_kind k;
	const struct tmy_policy *want;	/* its namespaces are the ones replaced */
	char *gone;		/* domains deleted whole, "\n"-separated */
	char *domain;		/* the domain the last ACL delete selected */
};

/* A line of a namespace the new policy does not name is left alone, as
 * tomoyo-loadpolicy leaves it: a replace is of the namespaces loaded. */
static bool other_ns(const struct dels *d, const char *line)
{
	size_t len = strcspn(line, " \t");

	if (d->k == TMY_MANAGER)
		return false;
	if (*line != '<')	/* an unprefixed exception or profile line */
		return !tmy_policy_names_ns(d->want, "<kernel>", 8);
	return !tmy_policy_names_ns(d->want, line, len);
}

static void del_domain(const char *line, void *arg)
{
	struct dels *d = arg;

	if (other_ns(d, line))
		return;
	/* A domain the new policy lacks goes whole, but <kernel> never can. */
	if (!strchr(line, '\t') && strchr(line, ' ')) {
		buf_printf(&d->b, "delete %s\n", line);
		d->gone = d->gone ? xasprintf("%s%s\n", d->gone, line) : xasprintf("\n%s\n", line);
	}
}

static void del_line(const char *line, void *arg)
{
	struct dels *d = arg;
	const char *tab = strchr(line, '\t');

	if (other_ns(d, line))
		return;
	if (d->k != TMY_DOMAIN) {
		buf_printf(&d->b, "delete %s\n", line);
		return;
	}
	if (!tab || !strncmp(tab + 1, "use_profile ", 12))
		return;
	{
		char *dom = xstrndup(line, tab - line), *key = xasprintf("\n%s\n", dom);

		if (!d->gone || !strstr(d->gone, key)) {
			if (!d->domain || strcmp(d->domain, dom))
				buf_printf(&d->b, "%s\n", dom);
			buf_printf(&d->b, "delete %s\n", tab + 1);
			free(d->domain);
			d->domain = dom;
			dom = NULL;
		}
		free(dom);
		free(key);
	}
}

static char *deletes(enum tmy_kind k, const struct srcs *s, size_t *lenp)
{
	struct tmy_policy *have = tmy_policy_new(k), *want = tmy_policy_new(k);
	struct dels d = { BUF_INIT(TMY_TEXT_MAX), k, want, NULL, NULL };
	char *path = tmy_kernel_path(tmy_kind_name(k)), *text, *out;
	size_t len;

	text = tmy_kernel_read(tmy_kind_name(k), &len);
	tmy_policy_add(have, text, len, NULL);
	tmy_policy_share_ns(want, have);
	for (int i = 0; i < s->n; i++)
		tmy_policy_add(want, s->v[i].text, s->v[i].len, NULL);
	if (k == TMY_DOMAIN)
		tmy_policy_missing(have, want, del_domain, &d);
	tmy_policy_missing(have, want, del_line, &d);
	if (d.b.err)
		die("%s: too many deletes", str_esc(path, SIZE_MAX));
	buf_put_u8(&d.b, 0);
	out = (char *)d.b.p;
	*lenp = d.b.len - 1;
	free(d.gone);
	free(d.domain);
	free(text);
	free(path);
	tmy_policy_free(have);
	tmy_policy_free(want);
	return out;
}

/* The domains' use_profile lines again, after the profile: a live kernel
 * drops use_profile N while profile N is not there yet. */
static char *use_profiles(const struct tmy_src *s, size_t *lenp)
{
	const char *p = s->text, *end = s->text + s->len;
	struct buf b = BUF_INIT(TMY_TEXT_MAX);
	char *t, *domain = NULL;
	int line = 0;

	while ((t = next_norm(&p, end, &line))) {
		if (*t == '<' || !strcmp(t, "reset")) {
			free(domain);
			domain = *t == '<' ? xstrdup(t) : NULL;
		} else if (domain && !strncmp(t, "use_profile ", 12)) {
			buf_printf(&b, "%s\n%s\n", domain, t);
		}
		free(t);
	}
	free(domain);
	buf_put_u8(&b, 0);
	*lenp = b.len - 1;
	return (char *)b.p;
}

int tmy_load_run(struct load *L)
{
	/* Profiles before the domains that use them would enforce a profile
	 * before its ACLs are in; so ACLs first, then the profile, then the
	 * use_profile lines again.  The manager last: a replace may delete
	 * the writer's own entry. */
	static const int order[] = { TMY_EXCEPTION, TMY_DOMAIN, TMY_PROFILE, TMY_MANAGER, TMY_STAT };
	struct tmy_tally t = { 0 };
	struct tmy_src dels[TMY_FILES];
	char *before[TMY_KINDS] = { NULL };
	size_t blen[TMY_KINDS] = { 0 };
	int errors, missing = 0;

	for (int f = 0; f < TMY_FILES; f++)
		dels[f] = (struct tmy_src){ "(the deletes of --replace)", NULL, 0 };
	free(tmy_kernel_path("."));
	if (!L->nocheck)
		for (int k = 0; k < TMY_KINDS; k++)
			for (int i = 0; i < L->f[k].n; i++)
				tmy_check_text(L->f[k].v[i].text, L->f[k].v[i].len, k, &t, tmy_report,
					   (void *)str_esc(L->f[k].v[i].name, SIZE_MAX));
	errors = t.errors + tmy_profile_check(L, false);
	if (errors) {
		die_status = 1;
		die("%d error%s; nothing loaded", errors, errors > 1 ? "s" : "");
	}
	/* What the kernel holds now: after the load it must hold that and
	 * what was written. */
	/* The domain policy, when added to: what was written must be in it
	 * afterwards, whatever else is (ACLs only merge, a domain's profile is
	 * compared only where a line sets it), so it is read only once. */
	for (int k = 0; k < TMY_KINDS; k++)
		if (L->f[k].n && (k != TMY_DOMAIN || L->replace))
			before[k] = tmy_kernel_read(tmy_kind_name(k), &blen[k]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++) {
		int f = order[o];
		struct srcs *s = &L->f[f];
		struct tmy_src *del = &dels[f];
		int rc = 0;

		if (!s->n)
			continue;
		if (L->replace && f != TMY_PROFILE && f != TMY_STAT)
			del->text = deletes(f, s, &del->len);
		if (del->text && f != TMY_MANAGER)
			rc = tmy_kernel_write(f, del, L->wflags);
		for (int i = 0; i < s->n && !rc; i++)
			rc = tmy_kernel_write(f, &s->v[i], L->wflags);
		if (del->text && f == TMY_MANAGER && !rc)
			rc = tmy_kernel_write(f, del, L->wflags);
		for (int i = 0; f == TMY_PROFILE && i < L->f[TMY_DOMAIN].n && !rc; i++) {
			struct tmy_src u = L->f[TMY_DOMAIN].v[i];
			char *ut = use_profiles(&u, &u.len);

			u.text = ut;
			rc = tmy_kernel_write(TMY_DOMAIN, &u, L->wflags);
			free(ut);
		}
		if (rc) {
			die_status = 1;
			die("load stopped: what was written before it stays");
		}
	}
	for (int k = 0; k < TMY_KINDS; k++) {
		struct srcs v = { NULL, 0 };

		if (!L->f[k].n)
			continue;
		/* The deletes are written too (their entries meet none of the
		 * new ones, so their place in the order does not matter). */
		if (dels[k].text)
			tmy_src_add(&v, dels[k].name, dels[k].text, dels[k].len);
		for (int i = 0; i < L->f[k].n; i++)
			tmy_src_add(&v, L->f[k].v[i].name, L->f[k].v[i].text, L->f[k].v[i].len);
		missing += tmy_kernel_verify(k, before[k], blen[k], v.v, v.n);
		free(v.v);
		free(before[k]);
		free((char *)dels[k].text);
	}
	if (missing) {
		warn("%d line%s not in the kernel after the load", missing, missing > 1 ? "s" : "");
		return 1;
	}
	return 0;
}

bool tmy_is_dir(const char *path)
{
	char *h = root_file(path, 0);
	struct stat st;
	bool d = h && !stat(h, &st) && S_ISDIR(st.st_mode);

	free(h);
	return d;
}

/* A policy directory's files into L. */
void tmy_load_dir(struct load *L, const char *dir)
{
	int found = 0;

	for (int f = 0; f < TMY_FILES; f++) {
		char *name, *text;
		size_t len;

		if ((text = tmy_store_read(dir, f, &name, &len))) {
			tmy_src_add(&L->f[f], name, text, len);
			found += f != TMY_STAT;
		}
	}
	if (!found)
		usage_error("load: %s: no policy there (no KIND.conf, no policy/current/KIND.conf)",
			    str_esc(dir, SIZE_MAX));
}

void tmy_load_free(struct load *L)
{
	for (int f = 0; f < TMY_FILES; f++) {
		for (int i = 0; i < L->f[f].n; i++) {
			free((char *)L->f[f].v[i].text);
			free((char *)L->f[f].v[i].name);
		}
		free(L->f[f].v);
	}
}


/* tomoyo-init, the boot loader the kernel runs before /sbin/init. */
struct init {
	bool mounted[3];	/* proc, sysfs, securityfs: ours to unmount */
	bool noload, disable;
	const char *profile;	/* the profile file's name in /etc/tomoyo */
};

static void init_mount(struct init *I)
{
	struct stat st;

	if (root_dir())
		return;
	if (lstat("/proc/self", &st))
		I->mounted[0] = !mount("proc", "/proc", "proc", 0, NULL);
	if (lstat("/sys/kernel/security", &st))
		I->mounted[1] = !mount("sysfs", "/sys", "sysfs", 0, NULL);
	if (!kfs_dir(KFS_SECURITYFS, NULL))
		I->mounted[2] = !mount("securityfs", "/sys/kernel/security", "securityfs", 0, NULL);
	kfs_reset();
}

static void init_umount(struct init *I)
{
	if (I->mounted[2])
		umount("/sys/kernel/security");
	if (I->mounted[1])
		umount("/sys");
	if (I->mounted[0])
		umount("/proc");
}

/* tomoyo-init's words on the kernel command line (and its own). */
static void init_profile(struct init *I, char *name)
{
	if (strcmp(I->profile, "profile.conf"))
		free((char *)I->profile);
	I->profile = name ? name : "profile.conf";
}

static void init_arg(struct init *I, const char *a)
{
	if (!strcmp(a, "TOMOYO_NOLOAD"))
		I->noload = true;
	else if (!strcmp(a, "TOMOYO=disabled"))
		I->disable = true;
	else if (!strcmp(a, "TOMOYO=default"))
		init_profile(I, NULL);
	else if (!strcmp(a, "TOMOYO=ask"))
		warn("TOMOYO=ask: no prompt here: the default profile is loaded");
	else if (!strncmp(a, "TOMOYO=", 7))
		init_profile(I, xasprintf("profile-%s.conf", a + 7));
}

/* Namespaces whose every profile goes to mode=disabled. */
static void disable_modes(struct load *L, const struct profiles *bad, bool all)
{
	size_t len;
	char *k = tmy_kernel_read("profile", &len), *t;
	const char *p = k, *end = k + len;
	struct buf b = BUF_INIT(TMY_TEXT_MAX);
	int line = 0;

	while ((t = next_norm(&p, end, &line))) {
		char *q = t, *m = strstr(t, "={ mode=");
		const char *ns;
		size_t nl = ns_of(&q, &ns);
		bool hit = all;

		for (int i = 0; i < bad->n && !hit; i++)
			hit = strlen(bad->v[i].ns) == nl && !memcmp(bad->v[i].ns, ns, nl);
		if (m && hit)
			buf_printf(&b, "%.*s %.*s={ mode=disabled }\n", (int)nl, ns, (int)(m - q), q);
		free(t);
	}
	if (b.len) {
		struct tmy_src s = { "(tomoyo-init: disabled)", (char *)b.p, b.len };

		/* "<kernel> N-..." names the kernel's namespace, as the others;
		 * the read-back expects these lines too. */
		tmy_kernel_write(TMY_PROFILE, &s, 0);
		tmy_src_add(&L->f[TMY_PROFILE], xstrdup(s.name), (char *)b.p, b.len);
	} else {
		buf_free(&b);
	}
	free(k);
}

/* What the kernel would stop the machine on once it activates the policy
 * (tomoyo_check_profile), made safe: a namespace whose PROFILE_VERSION is
 * not one it knows gets 20150505 and every profile disabled (its profile
 * was written for something else); a profile a domain uses that is not
 * there is made, disabled (a new profile's mode).  How many were fixed. */
static int init_guard(struct load *L, bool disable_all)
{
	struct profiles P = { NULL, 0 }, bad = { NULL, 0 };
	struct buf fix = BUF_INIT(TMY_TEXT_MAX);
	size_t len;
	char *k = tmy_kernel_read("profile", &len), *d, *t, *domain = NULL;
	const char *p, *end;
	int line = 0, fixed = 0;
	unsigned n;

	profile_scan(&P, k, len, NULL);
	free(k);
	d = tmy_kernel_read("domain_policy", &len);
	for (p = d, end = d + len; (t = next_norm(&p, end, &line)); free(t)) {
		struct nsprof *np;
		size_t nl;

		if (*t == '<') {
			free(domain);
			domain = xstrdup(t);
			continue;
		}
		if (!domain || strncmp(t, "use_profile", 11) || !tmy_scan_u32(t + 11, &n) ||
		    n >= TMY_MAX_PROFILES)
			continue;
		nl = strcspn(domain, " ");
		np = ns_get(&P, domain, nl);
		if (np->version && !version_ok(np->version)) {
			warn("%.*s PROFILE_VERSION=%u: the kernel would stop the machine: set to "
			     "20150505, every profile of %.*s disabled", (int)nl, domain, np->version,
			     (int)nl, domain);
			buf_printf(&fix, "%.*s PROFILE_VERSION=20150505\n", (int)nl, domain);
			ns_get(&bad, domain, nl);
			np->version = 20150505;
			fixed++;
		}
		if (!np->defined[n]) {
			warn("profile %u of %.*s (used by %s) is not defined: the kernel would stop "
			     "the machine: made, disabled", n, (int)nl, domain, str_esc(domain, SIZE_MAX));
			buf_printf(&fix, "%.*s %u-COMMENT=undefined: made disabled by tomoyo-init\n",
				   (int)nl, domain, n);
			np->defined[n] = true;
			fixed++;
		}
	}
	if (fix.len) {
		struct tmy_src s = { "(tomoyo-init: the profiles the kernel needs)", (char *)fix.p,
				     fix.len };

		tmy_kernel_write(TMY_PROFILE, &s, 0);
		tmy_src_add(&L->f[TMY_PROFILE], xstrdup(s.name), (char *)fix.p, fix.len);
	} else {
		buf_free(&fix);
	}
	if (bad.n || disable_all)
		disable_modes(L, &bad, disable_all);
	free(domain);
	free(d);
	profiles_free(&P);
	profiles_free(&bad);
	return fixed;
}

/* tomoyo-init's last words: domains, ACL entries, memory. */
static void init_report(void)
{
	size_t len;
	char *d = tmy_kernel_read("domain_policy", &len), *s, *t;
	const char *p = d, *end = d + len;
	unsigned domains = 0, acls = 0, size;
	int line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', end - p);

		if (*p == '<')
			domains++;
		else if ((unsigned char)*p > ' ' && strncmp(p, "use_", 4))
			acls++;
		p = nl ? nl + 1 : end;
	}
	printf("%u domain%s. %u ACL entr%s.\n", domains, domains > 1 ? "s" : "", acls,
	       acls > 1 ? "ies" : "y");
	free(d);
	s = tmy_kernel_read("stat", &len);
	for (p = s, end = s + len; (t = next_norm(&p, end, &line)); free(t))
		if (sscanf(t, "Memory used by policy: %u", &size) == 1) {
			printf("%u KB used by policy.\n", (size + 1023) / 1024);
			free(t);
			break;
		}
	free(s);
}

int tmy_init_main(int argc, char **argv)
{
	static const int order[] = { TMY_MANAGER, TMY_EXCEPTION, TMY_DOMAIN, TMY_PROFILE, TMY_STAT };
	struct init I = { { false, false, false }, false, false, "profile.conf" };
	struct load L = { 0 };
	char *before[TMY_KINDS] = { NULL };
	size_t blen[TMY_KINDS] = { 0 };
	int bad = 0;

	die_status = 1;
	init_mount(&I);
	if (!tmy_kernel_active()) {
		init_umount(&I);
		free(tmy_kernel_path("."));	/* says why */
		return 1;
	}
	/* Run by the kernel, it has no standard files: the console. */
	if (!root_dir() && access("/proc/self/fd/0", R_OK)) {
		int fd = open("/dev/console", O_RDWR | O_NOCTTY);

		for (int i = 0; fd >= 0 && i < 3; i++)
			if (fd != i)
				dup2(fd, i);
		if (fd > 2)
			close(fd);
	}
	if (!root_dir()) {
		char *c = read_file("/proc/cmdline", NULL), *w, *save;

		for (w = c ? strtok_r(c, " \n", &save) : NULL; w; w = strtok_r(NULL, " \n", &save))
			init_arg(&I, w);
		free(c);
	}
	for (int i = 1; i < argc; i++)
		init_arg(&I, argv[i]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++) {
		int f = order[o];
		char *name, *text, *path;
		size_t len;
		int fd;

		if ((f == TMY_DOMAIN && I.noload) || (f == TMY_PROFILE && I.disable))
			continue;
		if (f == TMY_PROFILE && strcmp(I.profile, "profile.conf")) {
			path = xasprintf("%s/%s", TMY_POLICY_DIR, I.profile);
			fd = root_open(path, O_RDONLY, 0);
			if (fd < 0) {
				warn_errno("%s: the default profile is loaded", path);
				free(path);
			} else {
				name = path;
				text = xread_text_fd(fd, str_esc(name, SIZE_MAX), TMY_TEXT_MAX, &len);
				close(fd);
				tmy_src_add(&L.f[f], name, text, len);
				continue;
			}
		}
		if ((text = tmy_store_read(TMY_POLICY_DIR, f, &name, &len)))
			tmy_src_add(&L.f[f], name, text, len);
	}
	/* A line the kernel drops is reported, and the rest still loaded: the
	 * kernel would do no better, and nobody is there to fix it at boot. */
	for (int k = 0; k < TMY_KINDS; k++)
		before[k] = tmy_kernel_read(tmy_kind_name(k), &blen[k]);
	for (size_t o = 0; o < ARRAY_SIZE(order); o++)
		for (int i = 0; i < L.f[order[o]].n; i++)
			if (tmy_kernel_write(order[o], &L.f[order[o]].v[i], 0) < 0)
				bad++;
	bad += init_guard(&L, I.disable);
	if (!root_dir() && !access(TMY_POLICY_DIR "/tomoyo-post-init", X_OK)) {
		pid_t pid = fork();

		if (pid == 0) {
			execl(TMY_POLICY_DIR "/tomoyo-post-init", TMY_POLICY_DIR "/tomoyo-post-init", (char *)NULL);
			_exit(127);
		}
		while (pid > 0 && waitpid(pid, NULL, __WALL) < 0 && errno == EINTR)
			;
	}
	for (int k = 0; k < TMY_KINDS; k++) {
		if (L.f[k].n)
			bad += tmy_kernel_verify(k, before[k], blen[k], L.f[k].v, L.f[k].n);
		free(before[k]);
	}
	init_report();
	fflush(stdout);
	init_umount(&I);
	init_profile(&I, NULL);
	tmy_load_free(&L);
	return bad ? 1 : 0;
}

