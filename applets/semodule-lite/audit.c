// SPDX-License-Identifier: Apache-2.0
/* audit.c: semodule-lite's checks for lsmbox audit: /etc/selinux/config,
 * the libsemanage store it names read file by file, and its policy built
 * again beside the installed one; nothing in the image is written. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "semodule.h"

#ifdef CFG_LIB_SEPOL
#include <sepol/cil/cil.h>
#endif

#define CONFIG "/etc/selinux/config"
#define REBUILD "semodule-lite --root DIR -B"

/* /etc/selinux/config as libselinux 3.4 reads it: SELINUX= (the first
 * line of it, at its start) and SELINUXTYPE= (the last, any case). */
struct selcfg {
	char *mode;		/* enforcing, permissive, disabled; NULL: none */
	int mode_line;
	char *type;		/* a store name; NULL: none (or a bad one) */
	int type_line;
};

/* The keys libselinux reads besides those two, or once did. */
static const char *const other_keys[] = { "REQUIRESEUSERS", "SETLOCALDEFS", "AUTORELABEL" };

/* text (NUL-terminated, changed in place) into c.  Each line is empty, a
 * comment, or KEY=VALUE; with say, what is wrong is a diag at FILE:LINE
 * (an error) or a diag_warn (a line libselinux ignores or overrides).
 * The number of errors. */
static int selcfg_parse(const char *file, char *text, struct selcfg *c, bool say)
{
	char *p = text, *l;
	int lineno = 0, bad = 0;

	*c = (struct selcfg){ 0 };
	while ((l = next_line(&p))) {
		struct srcloc at = { file, ++lineno, 0 };
		char *eq, *v;
		size_t k;

		l = str_trim(l);
		if (!*l || *l == '#')
			continue;
		eq = strchr(l, '=');
		k = eq ? strspn(l, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_") : 0;
		if (!eq || !k || l + k != eq) {
			if (say)
				diag(&at, "not KEY=VALUE: '%s'", str_esc(l, SHOWN_MAX));
			bad++;
			continue;
		}
		*eq = 0;
		v = eq + 1 + strspn(eq + 1, " \t");
		if (!strcmp(l, "SELINUX")) {
			if (strcmp(v, "enforcing") && strcmp(v, "permissive") && strcmp(v, "disabled")) {
				if (say)
					diag(&at, "SELINUX=%s: not enforcing, permissive or disabled",
					     str_esc(v, SHOWN_MAX));
				bad++;
			} else if (c->mode) {
				if (say)
					diag_warn(&at, "SELINUX= again: libselinux takes the first, SELINUX=%s on line %d",
						  c->mode, c->mode_line);
			} else {
				c->mode = xstrdup(v);
				c->mode_line = lineno;
			}
		} else if (!strcasecmp(l, "SELINUXTYPE")) {
			free(c->type);
			c->type = NULL;
			if (!smod_name_ok(v)) {
				if (say)
					diag(&at, "SELINUXTYPE=%s: not a policy name", str_esc(v, SHOWN_MAX));
				bad++;
				continue;
			}
			c->type = xstrdup(v);
			c->type_line = lineno;
		} else {
			for (k = 0; k < ARRAY_SIZE(other_keys) && strcmp(l, other_keys[k]); k++)
				;
			if (k == ARRAY_SIZE(other_keys) && say)
				diag_warn(&at, "%s: not a key libselinux knows: the line is ignored",
					  str_esc(l, SHOWN_MAX));
		}
	}
	return bad;
}

static void selcfg_free(struct selcfg *c)
{
	free(c->mode);
	free(c->type);
}

/* The image's config read into c: 0, -1 when there is none (ENOENT) or
 * it cannot be read (said with say). */
static int selcfg_read(struct selcfg *c, bool say)
{
	int fd = root_open(CONFIG, O_RDONLY | O_CLOEXEC, 0);
	char *text;

	*c = (struct selcfg){ 0 };
	if (fd < 0 || !(text = read_fd_max(fd, (size_t)1 << 20, NULL))) {
		int e = errno;

		if (e != ENOENT && say)
			audit_report(AUDIT_ERROR, CONFIG, 0, NULL, "%s", strerror(e));
		if (fd >= 0)
			close(fd);
		errno = e;
		return -1;
	}
	close(fd);
	selcfg_parse(CONFIG, text, c, say);
	free(text);
	return 0;
}

/* The store SELINUXTYPE names, only read: 0, or -1 (nothing said: the
 * config check says why) when there is none. */
static int open_store(struct store *s)
{
	struct selcfg c;
	int rc = -1;

	*s = (struct store){ .fd = -1 };
	if (selcfg_read(&c, false) == 0 && c.type)
		rc = store_open_ro(s, c.type);
	selcfg_free(&c);
	return rc;
}

/* The policy.N versions installed under etc/policy, highest first; how
 * many (at most max). */
static int installed(const char *etc, int *v, int max)
{
	char *pol = xasprintf("%s/policy", etc), *host = root_file(pol, 0);
	DIR *d = host ? opendir(host) : NULL;
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)) && n < max) {
		char *end;
		long x;

		if (strncmp(e->d_name, "policy.", 7))
			continue;
		x = strtol(e->d_name + 7, &end, 10);
		if (*end || end == e->d_name + 7 || x < 1 || x > 99)
			continue;
		v[n++] = (int)x;
	}
	if (d)
		closedir(d);
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && v[j] > v[j - 1]; j--) {
			int t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	free(host);
	free(pol);
	return n;
}

/* ---- selinux/config ---- */

static void audit_config(void)
{
	struct selcfg c;
	struct store s = { .fd = -1 };
	int v[8];

	if (selcfg_read(&c, true) < 0) {
		if (errno == ENOENT)
			audit_report(AUDIT_INFO, NULL, 0, NULL,
				     "no %s: the image has no SELinux configuration", CONFIG);
		return;
	}
	audit_lsm_report("selinux", "an SELinux policy", CONFIG);
	if (!c.mode)
		audit_report(AUDIT_WARNING, CONFIG, 0, "add SELINUX=enforcing",
			     "no SELINUX= line: the mode is the kernel's default");
	else if (strcmp(c.mode, "enforcing"))
		audit_report(AUDIT_WARNING, CONFIG, c.mode_line, "set SELINUX=enforcing",
			     !strcmp(c.mode, "disabled")
				     ? "SELINUX=disabled: no policy is loaded at boot, nothing is confined, and files made meanwhile get no label (enabling it later needs a relabel)"
				     : "SELINUX=permissive: the policy is loaded but denies nothing");
	if (!c.type) {
		audit_report(AUDIT_ERROR, CONFIG, 0, "add SELINUXTYPE=NAME, the store's name",
			     "no SELINUXTYPE= naming a policy: libselinux looks for 'targeted', semodule-lite for none");
		selcfg_free(&c);
		return;
	}
	if (store_open_ro(&s, c.type) < 0 && s.fd < 0)
		audit_report(AUDIT_WARNING, CONFIG, c.type_line,
			     "install the policy's package, or make the store: semodule-lite --root DIR -s TYPE -i MODULE",
			     "SELINUXTYPE=%s, and there is no store %s: the policy cannot be changed or rebuilt",
			     c.type, s.dir ? s.dir : "");
	if (installed(s.etc, v, 8) == 0)
		audit_report(AUDIT_ERROR, CONFIG, c.type_line, "build and install it: " REBUILD,
			     "SELINUXTYPE=%s, and there is no %s/policy/policy.N: no policy to load at boot",
			     c.type, s.etc);
	store_close(&s);
	selcfg_free(&c);
}

/* ---- selinux/store ---- */

struct walk {
	struct store *s;
	int mfd;		/* active/modules */
	struct htab names;	/* the modules' names, for the markers */
	bool quiet;		/* errors counted, not said */
	int errors;
};

static void found(struct walk *w, int sev, const char *file, const char *todo, const char *fmt, ...)
	PRINTF(5, 6);
static void found(struct walk *w, int sev, const char *file, const char *todo, const char *fmt, ...)
{
	char msg[AUDIT_FIELD_MAX];
	va_list ap;

	w->errors += sev == AUDIT_ERROR;
	if (w->quiet)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	audit_report(sev, file, 0, todo, "%s", msg);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of directory fd (closed) but '.'-names, sorted; how many,
 * or -1. */
static int entries(int fd, char ***v)
{
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;
	int n = 0;

	*v = NULL;
	if (!d) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		XROOM(*v, n);
		(*v)[n++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (n)
		qsort(*v, (size_t)n, sizeof(**v), cmp_str);
	return n;
}

static void entries_free(char **v, int n)
{
	for (int i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* smod_unpack's message on the file it names, as a finding of that file. */
static const char *unpacking;

static void unpack_said(int sev, const struct srcloc *loc, const char *msg)
{
	size_t n = strlen(unpacking);

	(void)sev;
	(void)loc;
	if (!strncmp(msg, unpacking, n) && !strncmp(msg + n, ": ", 2))
		msg += n + 2;
	audit_report(AUDIT_ERROR, unpacking, 0, NULL, "%s", msg);
}

/* A module's file (rel beneath modules/) read and unpacked: 1, 0 when it
 * is not there, -1 when it cannot be (said, naming it). */
static int module_file(struct walk *w, const char *rel)
{
	char *shown = xasprintf("%s/active/modules/%s", w->s->dir, rel), *raw;
	struct buf out = BUF_INIT(SMOD_FILE_MAX);
	size_t len;
	int rc = 1;

	raw = sat_read(w->mfd, rel, SMOD_FILE_MAX, &len);
	if (!raw) {
		rc = errno == ENOENT ? 0 : -1;
		if (rc)
			found(w, AUDIT_ERROR, shown, NULL, "%s", strerror(errno));
	} else {
		void (*sink)(int, const struct srcloc *, const char *) = diag_sink;

		unpacking = shown;
		if (!w->quiet)
			diag_sink = unpack_said;
		if (smod_unpack(shown, raw, len, SMOD_FILE_MAX, &out) < 0) {
			w->errors++;	/* said, unless quiet */
			rc = -1;
		}
		diag_sink = sink;
	}
	buf_free(&out);
	free(raw);
	free(shown);
	return rc;
}

static void check_module(struct walk *w, const char *prio, const char *name)
{
	char *rel = xasprintf("%s/%s/lang_ext", prio, name), *shown, *lang;
	size_t len;
	int cil, hll;

	shown = xasprintf("%s/active/modules/%s", w->s->dir, rel);
	htab_intern(&w->names, name);
	lang = sat_read(w->mfd, rel, 256, &len);
	if (!lang || !smod_lang_ok(lang)) {
		found(w, AUDIT_ERROR, shown, NULL, lang ? "'%s': not a language name%s" : "%s%s",
			     lang ? str_esc(lang, SHOWN_MAX) : strerror(errno),
			     ": semodule-lite and semodule refuse the whole store");
		goto out;
	}
	free(rel);
	rel = xasprintf("%s/%s/cil", prio, name);
	cil = module_file(w, rel);
	free(rel);
	rel = xasprintf("%s/%s/hll", prio, name);
	hll = module_file(w, rel);
	*strrchr(shown, '/') = 0;
	if (cil < 0 || hll < 0)
		goto out;
	if (!cil && !strcmp(lang, "cil"))
		found(w, AUDIT_ERROR, shown, NULL,
		      "module %s (lang_ext cil) has no cil: a rebuild with it enabled fails", name);
	else if (!cil && strcmp(lang, "pp"))
		found(w, AUDIT_ERROR, shown, NULL,
		      "module %s: lang_ext %s, which semodule-lite cannot make CIL of (only pp), and no cil",
		      name, str_esc(lang, SHOWN_MAX));
	else if (!cil && !hll)
		found(w, AUDIT_ERROR, shown, NULL,
		      "module %s has neither cil nor hll: a rebuild with it enabled fails", name);
	else if (strcmp(lang, "cil") && strcmp(lang, "pp"))
		found(w, AUDIT_WARNING, shown, "reinstall it as CIL or .pp",
		      "module %s: lang_ext %s, which semodule-lite cannot make CIL of (only pp): its cil is used, -C fails",
		      name, str_esc(lang, SHOWN_MAX));
	else if (!hll && strcmp(lang, "cil"))
		found(w, AUDIT_WARNING, shown, "reinstall it",
		      "module %s (lang_ext %s) has no hll: its cil is used, -C fails", name, lang);
out:
	free(lang);
	free(shown);
	free(rel);
}

static void check_prio(struct walk *w, const char *prio)
{
	char *end, *shown = xasprintf("%s/active/modules/%s", w->s->dir, prio), **mods;
	unsigned long p = strtoul(prio, &end, 10);
	int n;

	if (*end || end == prio || p < 1 || p > 999) {
		found(w, AUDIT_ERROR, shown, NULL,
			     "not a priority (1 to 999): semodule-lite and semodule refuse the whole store");
	} else if ((n = entries(sat_open(w->mfd, prio, O_RDONLY | O_DIRECTORY, 0), &mods)) < 0) {
		found(w, AUDIT_ERROR, shown, NULL, "%s: semodule-lite refuses the whole store",
			     strerror(errno));
	} else {
		for (int i = 0; i < n; i++)
			check_module(w, prio, mods[i]);
		entries_free(mods, n);
	}
	free(shown);
}

/* Every priority's modules (what is wrong said, or counted when quiet). */
static void walk_store(struct walk *w)
{
	char **v;
	int n;

	w->mfd = sat_open(w->s->fd, "active/modules", O_RDONLY | O_DIRECTORY, 0);
	n = entries(dup(w->mfd), &v);
	for (int i = 0; i < n; i++)
		if (strcmp(v[i], "disabled"))
			check_prio(w, v[i]);
	entries_free(v, n);
}

static void audit_store(void)
{
	struct store s;
	struct walk w = { .s = &s, .mfd = -1 };
	char **dis;
	int nd;

	if (open_store(&s) < 0) {
		if (s.fd >= 0)
			audit_report(AUDIT_ERROR, s.dir, 0,
				     faccessat(s.fd, "previous", F_OK, AT_SYMLINK_NOFOLLOW) ? NULL
					: "semodule-lite --root DIR -B puts previous/ back first",
				     faccessat(s.fd, "previous", F_OK, AT_SYMLINK_NOFOLLOW)
					     ? "no active/modules: not a libsemanage store"
					     : "no active/, but previous/: a commit was cut between its renames");
		store_close(&s);
		return;
	}
	audit_todo("reinstall the module: semodule-lite --root DIR -X PRIORITY -i FILE");
	audit_warn_sev(AUDIT_ERROR);
	walk_store(&w);
	nd = entries(sat_open(w.mfd, "disabled", O_RDONLY | O_DIRECTORY, 0), &dis);
	for (int i = 0; i < nd; i++)
		if (htab_find(&w.names, dis[i]) < 0)
			audit_report(AUDIT_INFO, NULL, 0, "",
				     "%s/active/modules/disabled/%s: a marker for no module: a module of that name installed later starts disabled",
				     s.dir, dis[i]);
	entries_free(dis, nd);
	htab_free(&w.names);
	close(w.mfd);
	store_close(&s);
}

/* ---- selinux/build ---- */

#ifdef CFG_LIB_SEPOL
static struct store *build_store;

/* libsepol's CIL messages, which come in pieces, each line a finding:
 * "... at FILE:LINE" names the module's file as the build named it (the
 * transaction's tmp/modules/...), shown as the store's active/modules/...
 * it came from. */
static void cil_line(int lvl, char *m)
{
	char *at = NULL, *mod, *colon, *file = NULL;
	int line = 0;

	for (char *p = m; (p = strstr(p, " at ")); p++)
		at = p;
	if (at && (mod = strstr(at, "/tmp/modules/")) && (colon = strrchr(at, ':')) && colon > mod) {
		line = atoi(colon + 1);
		*colon = 0;
		file = xasprintf("%s/active/modules/%s", build_store->dir, mod + 13);
		*at = 0;
	}
	if (*m)
		audit_report(lvl == CIL_ERR ? AUDIT_ERROR : AUDIT_WARNING, file, line, NULL, "%s", m);
	free(file);
}

static void cil_said(int lvl, const char *msg)
{
	static char line[AUDIT_FIELD_MAX];
	static size_t n;

	for (const char *p = msg; *p; p++) {
		if (*p == '\n') {
			line[n] = 0;
			cil_line(lvl, line);
			n = 0;
		} else if (n < sizeof(line) - 1) {
			line[n++] = *p;
		}
	}
}

struct rebuild {
	struct txn *t;
	struct build_opts *o;
	const char *todo;
	const struct sandbox *sb;
};

/* What the rebuild made, compared with what is installed. */
static void compare(const struct store *s, const struct build *b, const char *todo)
{
	char *pol = xasprintf("policy/policy.%d", b->vers);
	const struct {
		const char *rel;
		const struct buf *made;
		bool on;
	} f[] = { { pol, &b->policy, true },
		  { "contexts/files/file_contexts", &b->fc, true },
		  { "contexts/files/file_contexts.homedirs", &b->homedirs, s->genhomedircon },
		  { "seusers", &b->seusers, true } };
	int v[8];

	for (size_t i = 0; i < ARRAY_SIZE(f); i++) {
		char *path = xasprintf("%s/%s", s->etc, f[i].rel), *have;
		int fd = f[i].on ? root_open(path, O_RDONLY | O_CLOEXEC, 0) : -1;
		size_t len;

		if (fd < 0) {
			/* None at all is the config check's. */
			if (f[i].on && !i && installed(s->etc, v, 8) > 0)
				audit_report(AUDIT_WARNING, path, 0, todo,
					     "not there: the store builds policy version %d, the image has %d",
					     b->vers, v[0]);
			free(path);
			continue;
		}
		have = read_fd_max(fd, SMOD_POLICY_MAX, &len);
		close(fd);
		if (!have)
			audit_report(AUDIT_ERROR, path, 0, "", "%s", strerror(errno));
		else if (len != f[i].made->len || (len && memcmp(have, f[i].made->p, len)))
			audit_report(AUDIT_WARNING, path, 0, todo,
				     "the installed %s is not what the store builds",
				     i ? "file" : "policy");
		free(have);
		free(path);
	}
	free(pol);
}

/* The build's own messages (warn), held until it ends: the last of a
 * failed build is why it failed (an error), the others are warnings. */
static char **held;
static int nheld;
static pid_t holder;
static void (*said)(int, const struct srcloc *, const char *);

static void hold(int sev, const struct srcloc *loc, const char *msg)
{
	/* A child of the build's (libsepol reading a .pp) ends before
	 * the build does: its message goes out now, as its failure. */
	if (getpid() != holder) {
		said(sev, loc, msg);
		return;
	}
	XROOM(held, nheld);
	held[nheld++] = xstrdup(msg);
}

/* In the sandbox: the build, and what it made compared. */
static int rebuild(void *arg, struct buf *out)
{
	void (*sink)(int, const struct srcloc *, const char *) = diag_sink;
	struct rebuild *r = arg;
	struct build b;
	int rc;

	(void)out;
	said = sink;
	holder = getpid();
	diag_sink = hold;
	rc = smod_build(r->t, r->o, &b);
	diag_sink = sink;
	cil_said(CIL_ERR, "\n");	/* a last line cut short */
	for (int i = 0; i < nheld; i++) {
		bool why = rc < 0 && i == nheld - 1;

		audit_report(why ? AUDIT_ERROR : AUDIT_WARNING, NULL, 0, why ? NULL : "", "%s", held[i]);
		free(held[i]);
	}
	free(held);
	if (rc == 1)
		audit_report(AUDIT_WARNING, r->t->s->dir, 0, "enable a module: semodule-lite --root DIR -e NAME",
			     "no module is enabled: there is no policy to build");
	if (rc)
		return rc < 0 ? -1 : 0;
	compare(r->t->s, &b, r->todo);
	build_free(&b);
	return 0;
}

static void sandboxed(void *arg)
{
	struct buf none = BUF_INIT(1);
	const struct rebuild *r = arg;

	sandbox_call(r->sb, rebuild, arg, &none);
	buf_free(&none);
}

/* What the build reads from tmp/ besides what it writes there: the local
 * changes (booleans.local merged, the others refused). */
static const char *const copied[] = {
	"booleans.local", "ports.local", "interfaces.local", "nodes.local", "users.local",
	"users_extra.local", "seusers.local", "ibpkeys.local", "ibendports.local",
	"file_contexts.local",
};

/* A directory for the build's tmp/, outside the image. */
static char *scratch(void)
{
	const char *base = getenv("TMPDIR");
	char *dir, real[PATH_MAX], rroot[PATH_MAX];
	size_t n;

	if (!base || !*base)
		base = "/tmp";
	if (root_dir() && realpath(base, real) && realpath(root_dir(), rroot) && strcmp(rroot, "/") &&
	    !strncmp(real, rroot, n = strlen(rroot)) && (!real[n] || real[n] == '/'))
		die("TMPDIR %s is inside the image: the build's files must go elsewhere", base);
	dir = xasprintf("%s/lsmbox-audit.XXXXXX", base);
	if (!mkdtemp(dir))
		die_errno("a directory in TMPDIR %s", base);
	return dir;
}

static void unsaid(int sev, const struct srcloc *loc, const char *msg)
{
	(void)sev;
	(void)loc;
	(void)msg;
}

static void audit_build(void)
{
	void (*sink)(int, const struct srcloc *, const char *) = diag_sink;
	struct store s;
	struct walk w = { .s = &s, .mfd = -1, .quiet = true };
	struct txn t = { .s = &s, .trans = -1, .tmp = -1, .modules = -1 };
	struct build_opts o = { .force = true, .read_only = true };
	struct rebuild r = { &t, &o, NULL, NULL };
	struct sandbox sb = { NULL, "libsepol", SMOD_SEPOL_MEM, 0, NULL };
	char *dir, *todo;

	if (open_store(&s) < 0) {
		store_close(&s);
		return;
	}
	/* A store the store check finds wrong is not built: its errors
	 * are said once, there. */
	diag_sink = unsaid;
	walk_store(&w);
	diag_sink = sink;
	htab_free(&w.names);
	close(w.mfd);
	if (w.errors) {
		audit_report(AUDIT_INFO, s.dir, 0, NULL,
			     "the policy was not built again: the store has errors (selinux/store)");
		store_close(&s);
		return;
	}
	audit_warn_sev(AUDIT_ERROR);
	o.no_dontaudit = !faccessat(s.fd, "active/disable_dontaudit", F_OK, AT_SYMLINK_NOFOLLOW);
	o.tunables = !faccessat(s.fd, "active/preserve_tunables", F_OK, AT_SYMLINK_NOFOLLOW);
	todo = xasprintf("rebuild it: %s%s%s", REBUILD, o.no_dontaudit ? " -D" : "",
			 o.tunables ? " -P" : "");
	r.todo = todo;
	dir = scratch();
	t.tmp = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	t.modules = sat_open(s.fd, "active/modules", O_RDONLY | O_DIRECTORY, 0);
	for (size_t i = 0; t.tmp >= 0 && i < ARRAY_SIZE(copied); i++) {
		char *rel = xasprintf("active/%s", copied[i]), *p;
		size_t len;

		p = sat_read(s.fd, rel, SMOD_FILE_MAX, &len);
		if (!p && errno != ENOENT)
			warn_errno("%s/%s", s.dir, rel);
		else if (p && sat_write(t.tmp, copied[i], p, len) < 0)
			warn_errno("%s/%s", dir, copied[i]);
		free(p);
		free(rel);
	}
	audit_todo("correct the module and install it again: semodule-lite --root DIR -i FILE");
	build_store = &s;
	cil_set_log_handler(cil_said);
	sb.name = s.dir;
	sb.cpu = smod_sepol_cpu;
	r.sb = &sb;
	/* A die on the way (no fork) still leaves nothing behind. */
	if (t.tmp >= 0 && t.modules >= 0)
		audit_try(sandboxed, &r);
	if (t.tmp >= 0)
		close(t.tmp);
	if (t.modules >= 0)
		close(t.modules);
	if (tree_remove(AT_FDCWD, dir) < 0)
		warn_errno("%s: could not remove it", dir);
	free(dir);
	free(todo);
	store_close(&s);
}
#else
static void audit_build(void)
{
	audit_report(AUDIT_INFO, NULL, 0, NULL,
		     "this lsmbox was built without LIB_SEPOL: the store's policy is not built again");
}
#endif

const struct audit_check sel_audit[] = {
	{ "selinux", "config", "/etc/selinux/config parses; its store and installed policy are there",
	  audit_config },
	{ "selinux", "store", "the store's modules: each one's files there, readable, unpacking",
	  audit_store },
	{ "selinux", "build", "the store's policy builds, and is the one installed",
	  audit_build },
	{ NULL, NULL, NULL, NULL }
};
