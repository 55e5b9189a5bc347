// SPDX-License-Identifier: Apache-2.0
/* policy.c: a TOMOYO policy file as Linux 6.1 holds it once every line of
 * it was written, and printed as the kernel prints it back.  The kernel's
 * lists keep their order: an entry is appended when new, merged into one
 * with the same arguments and condition (file read + file write of one
 * path read back as file read/write), marked deleted and revived in place.
 * check.c gives each line's verdict and printed parts; this file applies
 * them (security/tomoyo/common.c's writers and readers, domain.c,
 * group.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "tomoyo.h"

#define GROW(v, n, cap)                                                        \
	do {                                                                   \
		if ((n) == (cap)) {                                            \
			(cap) = (cap) ? 2 * (cap) : 8;                         \
			(v) = xrealloc((v), (size_t)(cap) * sizeof(*(v)));     \
		}                                                              \
	} while (0)

#define MAC_N 42	/* 39 functions, then the categories file network misc */

struct acl {
	enum tmy_acl type;
	int proto;
	unsigned perm;
	bool deleted;
	char *key;		/* the arguments and the condition, printed */
};

struct acls {
	struct acl *v;
	int n, cap;
};

struct domain {
	char *name;
	int profile;
	unsigned char group[TMY_MAX_GROUPS / 8];
	bool flag[2];
	bool deleted;
	bool named;		/* <kernel>: a line named it (else it is only implied) */
	bool profile_set;	/* a use_profile line set profile */
	struct acls acl;
};

/* A transition control (type), an aggregator, a group member, a manager. */
struct entry {
	int type;
	char *text;
	bool deleted;
};

struct entries {
	struct entry *v;
	int n, cap;
};

struct group {
	char *name;
	struct entries m;
};

struct profile {
	bool defined;
	char *comment;
	unsigned pref[2];
	unsigned char def, cfg[MAC_N];
};

struct ns {
	char *name;
	bool named;		/* a line of the input was in it */
	struct entries tc, agg;
	struct group *grp[3];
	int ngrp[3], cgrp[3];
	struct acls aclg[TMY_MAX_GROUPS];
	unsigned version;
	struct profile *prof;	/* TMY_MAX_PROFILES of them, on first use */
};

struct tmy_policy {
	enum tmy_kind kind;
	struct domain *d;
	int nd, cd, cur;	/* cur: the selected domain, or -1 */
	struct htab names;	/* domainnames seen; by their id: */
	int *live, nlive;	/* the live domain of that name, or -1 */
	struct ns *ns;
	int nns, cns;
	struct entries mgr;
	bool nonroot;
};

static const char *const tc_words[] = {
	"no_reset_domain ", "reset_domain ", "no_initialize_domain ", "initialize_domain ",
	"no_keep_domain ", "keep_domain ",
};
static const char *const group_words[] = { "path_group ", "number_group ", "address_group " };
static const char *const mode_words[] = { "disabled", "learning", "permissive", "enforcing" };
static const char *const mac_words[MAC_N] = {
	"execute", "open", "create", "unlink", "getattr", "mkdir", "rmdir", "mkfifo", "mksock",
	"truncate", "symlink", "mkblock", "mkchar", "link", "rename", "chmod", "chown", "chgrp",
	"ioctl", "chroot", "mount", "unmount", "pivot_root", "inet_stream_bind",
	"inet_stream_listen", "inet_stream_connect", "inet_dgram_bind", "inet_dgram_send",
	"inet_raw_bind", "inet_raw_send", "unix_stream_bind", "unix_stream_listen",
	"unix_stream_connect", "unix_dgram_bind", "unix_dgram_send", "unix_seqpacket_bind",
	"unix_seqpacket_listen", "unix_seqpacket_connect", "env", "file", "network", "misc",
};

static const char *mac_category(int i)
{
	return i < 23 ? "file" : i < 38 ? "network" : "misc";
}

static struct ns *find_ns(struct tmy_policy *p, const char *name, bool make)
{
	struct ns *n;

	for (int i = 0; i < p->nns; i++)
		if (!strcmp(p->ns[i].name, name))
			return &p->ns[i];
	if (!make)
		return NULL;
	GROW(p->ns, p->nns, p->cns);
	n = &p->ns[p->nns++];
	memset(n, 0, sizeof(*n));
	n->name = xstrdup(name);
	n->version = 20150505;
	return n;
}

/* The live domain named name, or -1: through the table of names (a
 * policy has thousands of domains, each line may name one). */
static int find_domain(const struct tmy_policy *p, const char *name)
{
	int id = htab_find(&p->names, name);

	return id < 0 || id >= p->nlive ? -1 : p->live[id];
}

static void set_live(struct tmy_policy *p, const char *name, int i)
{
	int id = htab_intern(&p->names, name);

	if (id < 0)
		die("too many domains");
	if (id >= p->nlive) {
		p->live = xrealloc(p->live, (size_t)(id + 1) * sizeof(*p->live));
		while (p->nlive <= id)
			p->live[p->nlive++] = -1;
	}
	p->live[id] = i;
}

static int add_domain(struct tmy_policy *p, const char *name)
{
	struct domain *d;

	GROW(p->d, p->nd, p->cd);
	d = &p->d[p->nd];
	memset(d, 0, sizeof(*d));
	d->name = xstrdup(name);
	set_live(p, name, p->nd);
	return p->nd++;
}

struct tmy_policy *tmy_policy_new(enum tmy_kind kind)
{
	struct tmy_policy *p = xzalloc(sizeof(*p));

	p->kind = kind;
	p->cur = -1;
	htab_init(&p->names, 0);
	find_ns(p, "<kernel>", true);
	if (kind == TMY_DOMAIN)
		add_domain(p, "<kernel>");
	return p;
}

static bool merges(enum tmy_acl t)
{
	return t != TA_MOUNT && t != TA_ENV && t != TA_TASK;
}

/* tomoyo_update_domain on one list. */
static void update_acl(struct acls *l, const struct tmy_line *line)
{
	struct acl *a;

	for (int i = 0; i < l->n; i++) {
		a = &l->v[i];
		if (a->type != line->acl || a->proto != line->proto || strcmp(a->key, line->t))
			continue;
		if (!merges(a->type)) {
			a->deleted = line->del;
		} else {
			a->perm = line->del ? a->perm & ~line->perm : a->perm | line->perm;
			a->deleted = !a->perm;
		}
		return;
	}
	if (line->del)
		return;
	GROW(l->v, l->n, l->cap);
	a = &l->v[l->n++];
	a->type = line->acl;
	a->proto = line->proto;
	a->perm = line->perm;
	a->deleted = false;
	a->key = xstrdup(line->t);
}

/* tomoyo_update_policy on one list. */
static void update_entry(struct entries *l, int type, const char *text, bool del)
{
	struct entry *e;

	for (int i = 0; i < l->n; i++)
		if (l->v[i].type == type && !strcmp(l->v[i].text, text)) {
			l->v[i].deleted = del;
			return;
		}
	if (del)
		return;
	GROW(l->v, l->n, l->cap);
	e = &l->v[l->n++];
	e->type = type;
	e->text = xstrdup(text);
	e->deleted = false;
}

static struct group *get_group(struct ns *n, int kind, const char *name)
{
	struct group *g;

	for (int i = 0; i < n->ngrp[kind]; i++)
		if (!strcmp(n->grp[kind][i].name, name))
			return &n->grp[kind][i];
	GROW(n->grp[kind], n->ngrp[kind], n->cgrp[kind]);
	g = &n->grp[kind][n->ngrp[kind]++];
	memset(g, 0, sizeof(*g));
	g->name = xstrdup(name);
	return g;
}

static void apply_domain(struct tmy_policy *p, const struct tmy_line *l)
{
	struct domain *d = p->cur >= 0 ? &p->d[p->cur] : NULL;

	switch (l->what) {
	case TW_RESET:
		p->cur = -1;
		break;
	case TW_SELECT:
		p->cur = find_domain(p, l->a);
		break;
	case TW_DOMAIN:
		if (l->del) {
			int i = find_domain(p, l->a);

			if (i > 0) {	/* <kernel> is never deleted */
				p->d[i].deleted = true;
				set_live(p, p->d[i].name, -1);
			}
			p->cur = -1;
		} else {
			char *ns = xstrndup(l->a, strcspn(l->a, " "));

			p->cur = find_domain(p, l->a);
			if (p->cur < 0)
				p->cur = add_domain(p, l->a);
			p->d[p->cur].named = true;
			find_ns(p, ns, true)->named = true;
			free(ns);
		}
		break;
	case TW_USE_PROFILE:
		if (d && !l->del) {
			d->profile = l->n;
			d->profile_set = true;
		}
		break;
	case TW_USE_GROUP:
		if (d && !l->del)
			d->group[l->n / 8] |= (unsigned char)(1u << l->n % 8);
		else if (d)
			d->group[l->n / 8] &= (unsigned char)~(1u << l->n % 8);
		break;
	case TW_FLAG:
		if (d)
			d->flag[l->n] = !l->del;
		break;
	case TW_ACL:
		if (d)
			update_acl(&d->acl, l);
		break;
	default:
		break;
	}
}

static void apply_exception(struct tmy_policy *p, const struct tmy_line *l)
{
	struct ns *n = find_ns(p, l->ns, true);

	if (l->what != TW_NONE && l->what != TW_RESET)
		n->named = true;
	switch (l->what) {
	case TW_TRANSITION:
		update_entry(&n->tc, l->n, l->t, l->del);
		break;
	case TW_AGGREGATOR:
		update_entry(&n->agg, 0, l->t, l->del);
		break;
	case TW_GROUP:
		update_entry(&get_group(n, l->n, l->a)->m, 0, l->t, l->del);
		break;
	case TW_ACL:
		update_acl(&n->aclg[l->n], l);
		break;
	default:
		break;
	}
}

/* tomoyo_find_yesno */
static int yesno(const char *s, const char *key)
{
	const char *p = strstr(s, key);

	if (!p)
		return -1;
	p += strlen(key);
	return !strncmp(p, "=yes", 4) ? 1 : !strncmp(p, "=no", 3) ? 0 : -1;
}

/* tomoyo_set_mode: value's words are found anywhere in it. */
static void set_mode(struct profile *pr, const char *key, const char *value)
{
	int i = MAC_N;
	unsigned config = pr->def;

	if (strcmp(key, "CONFIG")) {
		key += 8;	/* "CONFIG::" (check.c made sure) */
		for (i = 0; i < MAC_N; i++) {
			const char *cat = mac_category(i);
			size_t n = strlen(cat);

			if (i < 39 ? !strncmp(key, cat, n) && !strncmp(key + n, "::", 2) &&
				     !strcmp(key + n + 2, mac_words[i])
				   : !strcmp(key, mac_words[i]))
				break;
		}
		config = pr->cfg[i];
	}
	if (strstr(value, "use_default")) {
		config = 255;
	} else {
		for (unsigned m = 0; m < 4; m++)
			if (strstr(value, mode_words[m]))
				config = (config & ~7u) | m;
		if (config != 255) {
			int g = yesno(value, "grant_log"), r = yesno(value, "reject_log");

			if (g >= 0)
				config = g ? config | 128 : config & ~128u;
			if (r >= 0)
				config = r ? config | 64 : config & ~64u;
		}
	}
	if (i < MAC_N)
		pr->cfg[i] = (unsigned char)config;
	else if (config != 255)
		pr->def = (unsigned char)config;
}

static void apply_profile(struct tmy_policy *p, const struct tmy_line *l)
{
	struct ns *n = find_ns(p, l->ns, true);
	struct profile *pr;

	if (l->what == TW_VERSION || l->what == TW_PROFILE)
		n->named = true;
	/* tomoyo_write_profile does not look at "delete ". */
	if (l->what == TW_VERSION) {
		n->version = (unsigned)l->n;
		return;
	}
	if (l->what != TW_PROFILE)
		return;
	if (!n->prof)
		n->prof = xzalloc(TMY_MAX_PROFILES * sizeof(*n->prof));
	pr = &n->prof[l->n];
	if (!pr->defined) {
		pr->defined = true;
		pr->def = 128 | 64;	/* disabled, grant_log, reject_log */
		memset(pr->cfg, 255, sizeof(pr->cfg));
		pr->pref[0] = 1024;	/* Debian's MAX_AUDIT_LOG, MAX_ACCEPT_ENTRY */
		pr->pref[1] = 2048;
	}
	if (!strcmp(l->a, "COMMENT")) {
		free(pr->comment);
		pr->comment = xstrdup(l->t);
	} else if (!strcmp(l->a, "PREFERENCE")) {
		static const char *const prefs[] = { "max_audit_log", "max_learning_entry" };

		for (int i = 0; i < 2; i++) {
			const char *q = strstr(l->t, prefs[i]);

			if (q)
				tmy_scan_eq_u32(q + strlen(prefs[i]), &pr->pref[i]);
		}
	} else {
		set_mode(pr, l->a, l->t);
	}
}

static void apply_manager(struct tmy_policy *p, const struct tmy_line *l)
{
	if (l->what == TW_NONROOT)
		p->nonroot = !l->del;
	else if (l->what == TW_MANAGER)
		update_entry(&p->mgr, 0, l->a, l->del);
}

int tmy_policy_add(struct tmy_policy *p, const char *text, size_t len, const char *name)
{
	struct tmy_check c;
	const char *s, *end;
	int line = 0, dropped = 0, known;

	/* Nothing to add: text may be NULL then (an empty buf's, no policy
	 * read before), and NULL + 0 is undefined. */
	if (!len)
		return 0;
	s = text;
	end = text + len;
	tmy_check_init(&c, p->kind);
	/* The namespaces the policy has already, as the kernel has them. */
	for (int i = 1; i < p->nns; i++) {
		XROOM(c.ns, c.nns);
		c.ns[c.nns++] = xstrdup(p->ns[i].name);
	}
	c.domain = p->cur >= 0;
	known = c.nns;
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *e = nl ? nl : end;
		struct srcloc loc = { name, ++line, 0 };
		bool ok = tmy_check_line(&c, s, (size_t)(e - s));

		/* A namespace is the kernel's from the first line that names
		 * it, even one it then refuses, and in that order: it prints
		 * them so, and a later line's name may match a prefix of one
		 * (the first whose name begins so). */
		for (; known < c.nns; known++)
			find_ns(p, c.ns[known], true);
		if (!ok) {
			if (name)
				diag(&loc, "%s%s%s%s", c.why, c.bad[0] ? ": '" : "", c.bad,
				     c.bad[0] ? "'" : "");
			dropped++;
		} else if (p->kind == TMY_DOMAIN) {
			apply_domain(p, &c.line);
		} else if (p->kind == TMY_EXCEPTION) {
			apply_exception(p, &c.line);
		} else if (p->kind == TMY_PROFILE) {
			apply_profile(p, &c.line);
		} else {
			apply_manager(p, &c.line);
		}
		s = nl ? nl + 1 : end;
	}
	tmy_check_free(&c);
	return dropped;
}

int tmy_policy_add_domains_of(struct tmy_policy *p, const char *text, size_t len,
			      const struct tmy_policy *names)
{
	struct buf b = BUF_INIT(0);
	const char *s = text, *end = text + len;
	bool on = false;
	int n;

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s)), *e = nl ? nl : end;

		if (*s == '<') {
			char *name = xstrndup(s, (size_t)(e - s));

			on = find_domain(names, name) >= 0;
			free(name);
		}
		if (on)
			buf_put(&b, s, (size_t)(e - s + (nl != NULL)));
		s = nl ? nl + 1 : end;
	}
	n = tmy_policy_add(p, (char *)b.p, b.len, NULL);
	buf_free(&b);
	return n;
}

void tmy_policy_builtin(struct tmy_policy *p)
{
	/* security/tomoyo/policy/exception_policy.conf.default, which a
	 * kernel built without its own policy/ files (Debian's) loads at
	 * boot; its other built-in files are empty. */
	static const char exception[] = "initialize_domain /sbin/modprobe from any\n"
					"initialize_domain /sbin/hotplug from any\n";

	if (p->kind == TMY_EXCEPTION)
		tmy_policy_add(p, exception, sizeof(exception) - 1, NULL);
}

static void print_acl(const struct acl *a, unsigned perm, struct buf *out)
{
	struct tmy_line l = { .acl = a->type, .proto = a->proto };

	tmy_acl_head(&l, perm, out);
	buf_put_str(out, a->key);
}

static void print_config(struct buf *out, unsigned c)
{
	buf_printf(out, "={ mode=%s grant_log=%s reject_log=%s }\n", mode_words[c & 3],
		   c & 128 ? "yes" : "no", c & 64 ? "yes" : "no");
}

/* The namespace before an exception or profile line, when the kernel has
 * more than one. */
static const char *pfx(const struct tmy_policy *p, const struct ns *n)
{
	return p->nns > 1 ? n->name : NULL;
}

#define PFX(out, p, n)                                                         \
	do {                                                                   \
		if (pfx(p, n))                                                 \
			buf_printf(out, "%s ", (n)->name);                      \
	} while (0)

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A domain's block as the kernel prints it; sorted: its ACL lines in
 * byte order. */
static void print_domain(const struct domain *d, bool sorted, struct buf *out)
{
	struct buf acl = BUF_INIT(0);
	char **lines = NULL, *s;
	size_t n = 0;

	buf_printf(out, "%s\nuse_profile %d\n", d->name, d->profile);
	if (d->flag[0])
		buf_put_str(out, "quota_exceeded\n");
	if (d->flag[1])
		buf_put_str(out, "transition_failed\n");
	for (int g = 0; g < TMY_MAX_GROUPS; g++)
		if (d->group[g / 8] & 1u << g % 8)
			buf_printf(out, "use_group %d\n", g);
	buf_put_str(out, "\n");
	for (int i = 0; i < d->acl.n; i++)
		if (!d->acl.v[i].deleted) {
			print_acl(&d->acl.v[i], d->acl.v[i].perm, &acl);
			buf_put_u8(&acl, sorted ? 0 : '\n');
			n++;
		}
	if (!sorted) {
		buf_put(out, acl.p, acl.len);
	} else if (n) {
		lines = xmalloc(n * sizeof(*lines));
		s = (char *)acl.p;
		for (size_t i = 0; i < n; i++, s += strlen(s) + 1)
			lines[i] = s;
		qsort(lines, n, sizeof(*lines), cmp_str);
		for (size_t i = 0; i < n; i++)
			buf_printf(out, "%s\n", lines[i]);
		free(lines);
	}
	buf_free(&acl);
	buf_put_str(out, "\n");
}

static int cmp_domain(const void *a, const void *b)
{
	return strcmp((*(const struct domain *const *)a)->name,
		      (*(const struct domain *const *)b)->name);
}

void tmy_policy_sort(const struct tmy_policy *p, struct buf *out)
{
	const struct domain **d;
	int n = 0;

	if (p->kind != TMY_DOMAIN) {
		tmy_policy_print(p, out);
		return;
	}
	d = xmalloc((size_t)p->nd * sizeof(*d));
	for (int i = 0; i < p->nd; i++)
		if (!p->d[i].deleted && (i || p->d[i].named))
			d[n++] = &p->d[i];
	qsort(d, (size_t)n, sizeof(*d), cmp_domain);
	for (int i = 0; i < n; i++)
		print_domain(d[i], true, out);
	free(d);
}

/* A domain named, or (tree) one of its descendants: the name then a
 * space. */
static bool chosen(const char *name, char **names, int n, bool tree)
{
	for (int i = 0; i < n; i++) {
		size_t l = strlen(names[i]);

		if (!strcmp(name, names[i]) || (tree && !strncmp(name, names[i], l) && name[l] == ' '))
			return true;
	}
	return false;
}

int tmy_policy_select(const struct tmy_policy *p, char **names, int n, bool tree,
		      struct buf *out)
{
	int found = 0;

	for (int i = 0; i < p->nd; i++)
		if (!p->d[i].deleted && chosen(p->d[i].name, names, n, tree)) {
			print_domain(&p->d[i], false, out);
			found++;
		}
	return found;
}

static void print_exception(const struct tmy_policy *p, const struct ns *n, struct buf *out)
{
	for (int i = 0; i < n->tc.n; i++)
		if (!n->tc.v[i].deleted) {
			PFX(out, p, n);
			buf_printf(out, "%s%s\n", tc_words[n->tc.v[i].type], n->tc.v[i].text);
		}
	for (int i = 0; i < n->agg.n; i++)
		if (!n->agg.v[i].deleted) {
			PFX(out, p, n);
			buf_printf(out, "aggregator %s\n", n->agg.v[i].text);
		}
	for (int k = 0; k < 3; k++)
		for (int g = 0; g < n->ngrp[k]; g++)
			for (int i = 0; i < n->grp[k][g].m.n; i++)
				if (!n->grp[k][g].m.v[i].deleted) {
					PFX(out, p, n);
					buf_printf(out, "%s%s%s\n", group_words[k], n->grp[k][g].name,
						   n->grp[k][g].m.v[i].text);
				}
	for (int g = 0; g < TMY_MAX_GROUPS; g++)
		for (int i = 0; i < n->aclg[g].n; i++)
			if (!n->aclg[g].v[i].deleted) {
				PFX(out, p, n);
				buf_printf(out, "acl_group %d ", g);
				print_acl(&n->aclg[g].v[i], n->aclg[g].v[i].perm, out);
				buf_put_str(out, "\n");
			}
}

static void print_profile(const struct tmy_policy *p, const struct ns *n, int i, struct buf *out)
{
	const struct profile *pr = &n->prof[i];

	PFX(out, p, n);
	buf_printf(out, "%d-COMMENT=%s\n", i, pr->comment ? pr->comment : "");
	PFX(out, p, n);
	buf_printf(out, "%d-PREFERENCE={ max_audit_log=%u max_learning_entry=%u }\n", i,
		   pr->pref[0], pr->pref[1]);
	PFX(out, p, n);
	buf_printf(out, "%d-CONFIG", i);
	print_config(out, pr->def);
	for (int m = 0; m < MAC_N; m++) {
		if (pr->cfg[m] == 255)
			continue;
		PFX(out, p, n);
		if (m < 39)
			buf_printf(out, "%d-CONFIG::%s::%s", i, mac_category(m), mac_words[m]);
		else
			buf_printf(out, "%d-CONFIG::%s", i, mac_words[m]);
		print_config(out, pr->cfg[m]);
	}
}

void tmy_policy_print(const struct tmy_policy *p, struct buf *out)
{
	switch (p->kind) {
	case TMY_DOMAIN:
		for (int i = 0; i < p->nd; i++)
			if (!p->d[i].deleted)
				print_domain(&p->d[i], false, out);
		break;
	case TMY_EXCEPTION:
		for (int i = 0; i < p->nns; i++)
			print_exception(p, &p->ns[i], out);
		break;
	case TMY_PROFILE:
		for (int i = 0; i < p->nns; i++) {
			const struct ns *n = &p->ns[i];

			PFX(out, p, n);
			buf_printf(out, "PROFILE_VERSION=%u\n", n->version);
			for (int j = 0; n->prof && j < TMY_MAX_PROFILES; j++)
				if (n->prof[j].defined)
					print_profile(p, n, j, out);
		}
		break;
	default:
		for (int i = 0; i < p->mgr.n; i++)
			if (!p->mgr.v[i].deleted)
				buf_printf(out, "%s\n", p->mgr.v[i].text);
	}
}

/* The operations of ACL w that no ACL of have with the same arguments
 * and condition holds (for one that does not merge, all or none). */
static unsigned lacks(const struct acl *w, const struct acls *have)
{
	unsigned lack = w->deleted ? 0 : w->perm;

	for (int j = 0; have && j < have->n && lack; j++) {
		const struct acl *h = &have->v[j];

		if (!h->deleted && h->type == w->type && h->proto == w->proto &&
		    !strcmp(h->key, w->key))
			lack &= ~h->perm;
	}
	return lack;
}

/* want's ACLs that have lacks (or lacks some operations of), printed
 * with prefix; how many. */
static int missing_acls(const struct acls *want, const struct acls *have, const char *prefix,
			void (*report)(const char *line, void *arg), void *arg)
{
	struct buf b = BUF_INIT(0);
	int n = 0;

	for (int i = 0; i < want->n; i++) {
		const struct acl *w = &want->v[i];
		unsigned lack = lacks(w, have);

		if (!lack)
			continue;
		buf_reset(&b);
		buf_put_str(&b, prefix);
		print_acl(w, lack, &b);
		buf_put_u8(&b, 0);
		if (report)
			report((char *)b.p, arg);
		n++;
	}
	buf_free(&b);
	return n;
}

/* Each line of a's printed form that b's lacks, to fn; how many.  For the
 * exception policy, profiles and managers, whose lines stand alone. */
/* line as it would print with the namespace ns before it (NULL: as it is) */
static char *with_ns(const char *ns, const char *line, char **tmp)
{
	free(*tmp);
	*tmp = ns ? xasprintf("%s %s", ns, line) : NULL;
	return ns ? *tmp : (char *)line;
}

/* Lines of a's print not in b's, reported through fn; how many.  The
 * kernel writes no namespace before its lines while it has only <kernel>:
 * when one of the two has more namespaces (a line for a new one, even a
 * delete, makes it), the other's lines get their one namespace too. */
static int lines_not_in(const struct tmy_policy *a, const struct tmy_policy *b,
			void (*fn)(const char *line, void *arg), void *arg)
{
	const char *na = a->nns == 1 && b->nns > 1 ? a->ns[0].name : NULL;
	const char *nb = b->nns == 1 && a->nns > 1 ? b->ns[0].name : NULL;
	struct buf pa = BUF_INIT(0), pb = BUF_INIT(0);
	struct htab seen;
	char *s, *line, *tmp = NULL;
	int n = 0;

	tmy_policy_print(a, &pa);
	tmy_policy_print(b, &pb);
	buf_put_u8(&pa, 0);
	buf_put_u8(&pb, 0);
	htab_init(&seen, 0);
	for (s = (char *)pb.p; (line = next_line(&s));)
		htab_intern(&seen, with_ns(nb, line, &tmp));
	for (s = (char *)pa.p; (line = next_line(&s));)
		if (*line && htab_find(&seen, with_ns(na, line, &tmp)) < 0) {
			if (fn)
				fn(line, arg);
			n++;
		}
	free(tmp);
	htab_free(&seen);
	buf_free(&pa);
	buf_free(&pb);
	return n;
}

int tmy_policy_missing(const struct tmy_policy *want, const struct tmy_policy *have,
		       void (*report)(const char *line, void *arg), void *arg)
{
	int n = 0;

	if (want->kind != TMY_DOMAIN)
		return lines_not_in(want, have, report, arg);
	for (int i = 0; i < want->nd; i++) {
		const struct domain *w = &want->d[i];
		int j = find_domain(have, w->name);
		const struct domain *h = j >= 0 ? &have->d[j] : NULL;
		char *prefix;

		if (w->deleted)
			continue;
		if (!h) {
			if (report)
				report(w->name, arg);
			n++;
		}
		prefix = xasprintf("%s\t", w->name);
		if (h && w->profile_set && h->profile != w->profile) {
			char *l = xasprintf("%suse_profile %d", prefix, w->profile);

			if (report)
				report(l, arg);
			free(l);
			n++;
		}
		for (int g = 0; g < TMY_MAX_GROUPS; g++)
			if (h && (w->group[g / 8] & ~h->group[g / 8] & 1u << g % 8)) {
				char *l = xasprintf("%suse_group %d", prefix, g);

				if (report)
					report(l, arg);
				free(l);
				n++;
			}
		n += missing_acls(&w->acl, h ? &h->acl : NULL, prefix, report, arg);
		free(prefix);
	}
	return n;
}

void tmy_policy_share_ns(struct tmy_policy *to, const struct tmy_policy *from)
{
	for (int i = 0; i < from->nns; i++)
		find_ns(to, from->ns[i].name, true);
}

bool tmy_policy_names_ns(const struct tmy_policy *p, const char *ns, size_t len)
{
	for (int i = 0; i < p->nns; i++)
		if (p->ns[i].named && strlen(p->ns[i].name) == len && !memcmp(p->ns[i].name, ns, len))
			return true;
	return false;
}

int tmy_policy_domains(const struct tmy_policy *p,
		       void (*fn)(const struct tmy_domain_info *d, void *arg), void *arg)
{
	int n = 0;

	for (int i = 0; i < p->nd; i++) {
		const struct domain *d = &p->d[i];
		struct tmy_domain_info info = { d->name, d->profile, { d->flag[0], d->flag[1] }, 0, 0 };

		if (d->deleted)
			continue;
		for (int g = 0; g < TMY_MAX_GROUPS; g++)
			info.groups += !!(d->group[g / 8] & 1u << g % 8);
		for (int j = 0; j < d->acl.n; j++)
			info.acls += !d->acl.v[j].deleted;
		fn(&info, arg);
		n++;
	}
	return n;
}

int tmy_policy_mode_profile(const struct tmy_policy *p, const char *ns, int mode)
{
	const struct ns *n = find_ns((struct tmy_policy *)p, ns, false);

	for (int i = 0; n && n->prof && i < TMY_MAX_PROFILES; i++)
		if (n->prof[i].defined && (n->prof[i].def & 3) == mode)
			return i;
	return -1;
}

/* How many of an ACL's first words are paths a pattern may replace. */
static int path_words(enum tmy_acl t)
{
	static const int n[TA_KINDS] = {
		[TA_PATH] = 1, [TA_PATH2] = 2, [TA_NUMBER] = 1, [TA_MKDEV] = 1,
		[TA_MOUNT] = 2, [TA_UNIX] = 1,
	};
	return n[t];
}

/* One ACL's arguments and condition with its path words, and the quoted
 * values of exec.realpath= and symlink.target=, through rw. */
static void rewrite_key(const struct acl *a, char *(*rw)(const char *word, void *arg), void *arg,
			struct buf *out)
{
	char *key = xstrdup(a->key), *s = key, *w;
	int i = 0, paths = path_words(a->type);

	/* inet's address and port come first: no path among them. */
	while ((w = strsep(&s, " "))) {
		char *r = NULL;

		if (!*w && i == 0) {	/* the key starts with a space */
			continue;
		}
		if (i < paths && *w != '@') {
			r = rw(w, arg);
		} else if (!strncmp(w, "exec.realpath=\"", 15) ||
			   !strncmp(w, "symlink.target=\"", 16)) {
			char *eq = strchr(w, '"'), *v = xstrndup(eq + 1, strlen(eq + 1) - 1);
			char *nv = *v ? rw(v, arg) : NULL;

			if (nv && *nv == '@')
				r = xasprintf("%.*s%s", (int)(eq - w), w, nv);
			else if (nv)
				r = xasprintf("%.*s\"%s\"", (int)(eq - w), w, nv);
			free(nv);
			free(v);
		}
		buf_printf(out, " %s", r ? r : w);
		free(r);
		i++;
	}
	free(key);
}

struct tmy_policy *tmy_policy_learned(const struct tmy_policy *p, char **names, int n, bool tree,
				      int profile, char *(*rw)(const char *word, void *arg),
				      void *arg)
{
	struct tmy_policy *q = tmy_policy_new(TMY_DOMAIN);
	struct buf b = BUF_INIT(0);

	for (int i = 0; i < p->nd; i++) {
		const struct domain *d = &p->d[i];

		if (d->deleted || !chosen(d->name, names, n, tree))
			continue;
		buf_reset(&b);
		buf_printf(&b, "%s\nuse_profile %d\n", d->name, profile);
		for (int g = 0; g < TMY_MAX_GROUPS; g++)
			if (d->group[g / 8] & 1u << g % 8)
				buf_printf(&b, "use_group %d\n", g);
		for (int j = 0; j < d->acl.n; j++) {
			const struct acl *a = &d->acl.v[j];
			struct tmy_line l = { .acl = a->type, .proto = a->proto };

			if (a->deleted)
				continue;
			tmy_acl_head(&l, a->perm, &b);
			rewrite_key(a, rw, arg, &b);
			buf_put_str(&b, "\n");
		}
		tmy_policy_add(q, (char *)b.p, b.len, "learned");
	}
	buf_free(&b);
	return q;
}

/* diff's output: a line after a prefix. */
struct put_arg {
	struct buf *out;
	const char *prefix;
};

static void put_line(const char *line, void *arg)
{
	struct put_arg *p = arg;

	buf_printf(p->out, "%s%s\n", p->prefix, line);
}


int tmy_policy_diff(const struct tmy_policy *a, const struct tmy_policy *b, struct buf *out)
{
	int n = 0;

	if (a->kind != TMY_DOMAIN) {
		/* Profiles are never deleted: their lines are set again. */
		struct put_arg del = { out, "delete " }, add = { out, "" };

		if (a->kind != TMY_PROFILE)
			n += lines_not_in(a, b, put_line, &del);
		return n + lines_not_in(b, a, put_line, &add);
	}
	for (int i = 1; i < a->nd; i++)
		if (!a->d[i].deleted && find_domain(b, a->d[i].name) < 0) {
			buf_printf(out, "delete %s\n\n", a->d[i].name);
			n++;
		}
	for (int i = 0; i < b->nd; i++) {
		const struct domain *d = &b->d[i];
		int j = find_domain(a, d->name);
		const struct domain *o = j >= 0 ? &a->d[j] : NULL;
		struct buf blk = BUF_INIT(0);
		int m = 0;

		if (d->deleted)
			continue;
		if (!o || o->profile != d->profile) {
			buf_printf(&blk, "use_profile %d\n", d->profile);
			m += !!o || d->profile;
		}
		for (int f = 0; f < 2; f++)
			if ((o ? o->flag[f] : false) != d->flag[f]) {
				buf_printf(&blk, "%s%s\n", d->flag[f] ? "" : "delete ",
					   f ? "transition_failed" : "quota_exceeded");
				m++;
			}
		for (int g = 0; g < TMY_MAX_GROUPS; g++) {
			bool was = o && o->group[g / 8] & 1u << g % 8;
			bool is = d->group[g / 8] & 1u << g % 8;

			if (was != is) {
				buf_printf(&blk, "%suse_group %d\n", is ? "" : "delete ", g);
				m++;
			}
		}
		if (o)
			m += missing_acls(&o->acl, &d->acl, "", put_line, &(struct put_arg){ &blk, "delete " });
		m += missing_acls(&d->acl, o ? &o->acl : NULL, "", put_line,
				  &(struct put_arg){ &blk, "" });
		if (m || !o) {
			buf_printf(out, "%s\n", d->name);
			buf_put(out, blk.p, blk.len);
			buf_put_str(out, "\n");
			n += m + !o;
		}
		buf_free(&blk);
	}
	return n;
}

static void free_acls(struct acls *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i].key);
	free(l->v);
}

static void free_entries(struct entries *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i].text);
	free(l->v);
}

void tmy_policy_free(struct tmy_policy *p)
{
	if (!p)
		return;
	for (int i = 0; i < p->nd; i++) {
		free(p->d[i].name);
		free_acls(&p->d[i].acl);
	}
	free(p->d);
	htab_free(&p->names);
	free(p->live);
	for (int i = 0; i < p->nns; i++) {
		struct ns *n = &p->ns[i];

		free(n->name);
		free_entries(&n->tc);
		free_entries(&n->agg);
		for (int k = 0; k < 3; k++) {
			for (int g = 0; g < n->ngrp[k]; g++) {
				free(n->grp[k][g].name);
				free_entries(&n->grp[k][g].m);
			}
			free(n->grp[k]);
		}
		for (int g = 0; g < TMY_MAX_GROUPS; g++)
			free_acls(&n->aclg[g]);
		for (int j = 0; n->prof && j < TMY_MAX_PROFILES; j++)
			free(n->prof[j].comment);
		free(n->prof);
	}
	free(p->ns);
	free_entries(&p->mgr);
	free(p);
}
