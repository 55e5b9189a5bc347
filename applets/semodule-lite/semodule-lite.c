// SPDX-License-Identifier: Apache-2.0
/* semodule-lite.c: semodule 3.4's command line over libsemanage 3.4's
 * module store, without libsemanage: the declaration, the options in their
 * order (each mode acts on the store as the one before left it), and the
 * output and exit codes of semodule.  The store is store.c's, the locks and
 * the commit txn.c's. */
/* applet: semodule-lite
 * summary: SELinux policy modules in libsemanage's store, as semodule
 * usage: semodule-lite [OPTION]... MODE...
 * compat: semodule
 * compat: getenforce setenforce getsebool setsebool load_policy sestatus
 * help:
 * Install, list, enable, disable, remove and extract the SELinux policy
 * modules of a libsemanage 3.4 store and rebuild its policy, with
 * semodule 3.4's options, output and exit codes, on the live system or on
 * an image tree (--root DIR, or -p DIR).
 * Debian's semodule and this one can take turns on the same store: the
 * same files, the same locks.  Several modes in one call are one
 * transaction; a kill at any point leaves the store as it was or as it
 * became, never a mix.
 *
 *   -i, --install FILE   install NAME.cil or NAME.pp (or NAME.LANG.bz2)
 *   -B, --build          rebuild the policy and install it
 *   --rebuild-if-modules-changed   rebuild when the modules changed
 *   -D / -P              build without dontaudit / keeping tunables
 *   -C                   make the CIL of .pp modules again
 *   -R, --reload         load the policy first
 *   -l[KIND], --list-modules[=KIND]  the modules: standard (the highest
 *                        priority of each enabled one), full (all)
 *   -e, --enable NAME    enable a module (every priority of it)
 *   -d, --disable NAME   disable a module
 *   -r, --remove NAME    remove the module at the priority of -X
 *   -E, --extract NAME   write NAME.LANG (or NAME.cil with -c) here
 *   -X, --priority N     the priority for the modes after it (1-999;
 *                        default 400; -E: the highest there is)
 *   -c, --cil / -H, --hll   what -E writes: the CIL, or the module as given
 *   -m, --checksum       -l also prints each module's SHA-256
 *   -s, --store NAME     the store (default SELINUXTYPE of /etc/selinux/config)
 *   -S, --store-path DIR the store root (default /var/lib/selinux)
 *   -p, --path DIR       the policy root: as --root DIR
 *   -n, -N, --noreload   do not load the policy after the commit
 *   -v, --verbose        say each step
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "crypto.h"
#include "lsmbox.h"
#include "semodule.h"

enum mode { M_INSTALL, M_REMOVE, M_EXTRACT, M_CIL, M_HLL, M_LIST, M_PRIO, M_ENABLE, M_DISABLE };

/* The modes after which semodule commits. */
static const bool commits[] = { [M_INSTALL] = true, [M_REMOVE] = true, [M_ENABLE] = true,
				[M_DISABLE] = true };

struct cmd {
	enum mode mode;
	const char *arg;
};

static struct {
	struct cmd *cmd;
	int ncmd;
	int verbose;
	bool build, reload, check_ext, checksum, extract_cil, prio_set;
	unsigned prio;
	const char *store, *store_root;
	struct store st;
	struct txn txn;
	bool in_txn;
} TT;

enum { OP_S, OP_B, OP_I, OP_E, OP_C, OP_H, OP_L, OP_V, OP_R, OP_U, OP_RELOAD, OP_N, OP_N2, OP_BUILD, OP_D, OP_P,
       OP_CACHE, OP_X, OP_EN, OP_DIS, OP_PATH, OP_SPATH, OP_M, OP_CHECK_EXT, OP_HELP };
static struct opt opts[] = {
	[OP_S] = { 's', "store", OPT_ARG },
	[OP_B] = { 'b', "base", OPT_ARG },
	[OP_I] = { 'i', "install", OPT_ARG },
	[OP_E] = { 'E', "extract", OPT_ARG },
	[OP_C] = { 'c', "cil", 0 },
	[OP_H] = { 'H', "hll", 0 },
	[OP_L] = { 'l', "list-modules", OPT_OPTARG },
	[OP_V] = { 'v', "verbose", 0 },
	[OP_R] = { 'r', "remove", OPT_ARG },
	[OP_U] = { 'u', "upgrade", OPT_ARG },
	[OP_RELOAD] = { 'R', "reload", 0 },
	[OP_N] = { 'n', "noreload", 0 },
	[OP_N2] = { 'N', NULL, 0 },
	[OP_BUILD] = { 'B', "build", 0 },
	[OP_D] = { 'D', "disable_dontaudit", 0 },
	[OP_P] = { 'P', "preserve_tunables", 0 },
	[OP_CACHE] = { 'C', "ignore-module-cache", 0 },
	[OP_X] = { 'X', "priority", OPT_ARG },
	[OP_EN] = { 'e', "enable", OPT_ARG },
	[OP_DIS] = { 'd', "disable", OPT_ARG },
	[OP_PATH] = { 'p', "path", OPT_ARG },
	[OP_SPATH] = { 'S', "store-path", OPT_ARG },
	[OP_M] = { 'm', "checksum", 0 },
	[OP_CHECK_EXT] = { 0, "rebuild-if-modules-changed", 0 },
	[OP_HELP] = { 'h', NULL, 0 },
	OPT_END,
};

static void add(enum mode m, const char *arg)
{
	TT.cmd = xrealloc(TT.cmd, (size_t)(TT.ncmd + 1) * sizeof(*TT.cmd));
	TT.cmd[TT.ncmd++] = (struct cmd){ m, arg };
}

/* Each option in its place: semodule's modes are a list, in order. */
static void option(struct opt *o, void *arg)
{
	(void)arg;
	switch (o - opts) {
	case OP_B:
		fprintf(stderr, "The --base option is deprecated. Use --install instead.\n");
		add(M_INSTALL, o->arg);
		break;
	case OP_U:
		fprintf(stderr, "The --upgrade option is deprecated. Use --install instead.\n");
		add(M_INSTALL, o->arg);
		break;
	case OP_I: add(M_INSTALL, o->arg); break;
	case OP_E: add(M_EXTRACT, o->arg); break;
	case OP_C: add(M_CIL, NULL); break;
	case OP_H: add(M_HLL, NULL); break;
	case OP_L: add(M_LIST, o->arg); break;
	case OP_R: add(M_REMOVE, o->arg); break;
	case OP_X: add(M_PRIO, o->arg); break;
	case OP_EN: add(M_ENABLE, o->arg); break;
	case OP_DIS: add(M_DISABLE, o->arg); break;
	case OP_PATH: root_set(o->arg); break;
	case OP_V: TT.verbose++; break;
	case OP_HELP:
		show_help(this_applet);
		exit(0);
	default: break;
	}
}

/* semodule's errors on its command line: the message, the help on
 * standard output (where semodule prints its usage), exit 1. */
static noreturn void bad_line(const char *msg)
{
	fprintf(stderr, "%s\n", msg);
	show_help(this_applet);
	exit(1);
}

/* The modules as the transaction sees them (tmp/), else active/'s, under
 * the read lock when `lock` (semodule's -l takes it; -lfull and -E read
 * without it).  The lock's descriptor in *lockp (-1: none), the modules
 * directory in *mfd; modules_done gives them back. */
static int modules(struct smod **v, bool lock, int *lockp, int *mfd)
{
	int n;

	*lockp = -1;
	if (TT.in_txn) {
		*mfd = TT.txn.modules;
	} else {
		if (lock && (*lockp = store_lock(&TT.st, "semanage.read.LOCK", "read lock")) < 0)
			return -1;
		*mfd = sat_open(TT.st.fd, "active/modules", O_RDONLY | O_DIRECTORY, 0);
		if (*mfd < 0) {
			warn("%s/active/modules: %s", TT.st.dir, strerror(errno));
			store_unlock(*lockp);
			return -1;
		}
	}
	n = smods_read(*mfd, v);
	if (n < 0 && !TT.in_txn) {
		close(*mfd);
		store_unlock(*lockp);
	}
	return n;
}

static void modules_done(struct smod *v, int n, int lock, int mfd)
{
	smods_free(v, n);
	if (!TT.in_txn || mfd != TT.txn.modules)
		close(mfd);
	store_unlock(lock);
}

/* The module as CIL; in a transaction a CIL made from a .pp is kept in
 * the store, as libsemanage keeps it; a read alone writes nothing
 * (libsemanage writes it into active/ then, outside any transaction). */
static int module_cil(int mfd, const struct smod *m, struct buf *out)
{
	return smod_module_cil(&TT.st, mfd, TT.in_txn && mfd == TT.txn.modules, false, m, out);
}

/* The SHA-256 of the module as CIL, "sha256:HEX", as semodule -m prints
 * it; NULL when there is no CIL of it. */
static char *checksum(int mfd, const struct smod *m)
{
	struct buf b = BUF_INIT(SMOD_FILE_MAX);
	uint8_t d[32];
	char *s;

	if (module_cil(mfd, m, &b) < 0 ||
	    hash_digest(hash_alg("sha256"), b.p, b.len, d) < 0) {
		buf_free(&b);
		return NULL;
	}
	buf_free(&b);
	s = xmalloc(SMOD_SUM_LEN + 1);
	smod_sum_str(d, s);
	return s;
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(((const struct smod *)a)->name, ((const struct smod *)b)->name);
}

static int list(const char *kind)
{
	struct smod *v;
	int lock, mfd, n, serial, listed = 0;

	if (TT.verbose)
		printf("Attempting to list active modules:\n");
	if (kind && strcmp(kind, "standard") && strcmp(kind, "full"))
		return -1;
	n = modules(&v, !kind || !strcmp(kind, "standard"), &lock, &mfd);
	if (n < 0)
		return -1;
	serial = TT.in_txn ? store_serial(TT.txn.tmp, "commit_num")
			   : store_serial(TT.st.fd, "active/commit_num");
	if (!kind || !strcmp(kind, "standard")) {
		struct smod *top = xmalloc(((size_t)n + 1) * sizeof(*top));
		int k = 0;

		for (int i = 0; i < n; i++)
			if (v[i].top && v[i].enabled)
				top[k++] = v[i];
		qsort(top, (size_t)k, sizeof(*top), cmp_name);
		listed = k;
		if (!k)
			printf("No modules.\n");
		for (int i = 0; i < k; i++) {
			char *sum = TT.checksum ? checksum(mfd, &top[i]) : NULL;

			printf("%s%s%s\n", top[i].name, sum ? " " : "", sum ? sum : "");
			free(sum);
		}
		free(top);
	} else {
		int wn = 0, wl = 0;

		if (!n)
			printf("No modules.\n");
		for (int i = 0; i < n; i++) {
			if ((int)strlen(v[i].name) > wn)
				wn = (int)strlen(v[i].name);
			if ((int)strlen(v[i].lang) > wl)
				wl = (int)strlen(v[i].lang);
		}
		for (int i = 0; i < n; i++) {
			printf("%03u %-*s %-*s %-8s", v[i].prio, wn, v[i].name, wl, v[i].lang,
			       v[i].enabled ? "" : "disabled");
			if (TT.checksum) {
				char *sum = checksum(mfd, &v[i]);

				if (sum)
					printf(" %-72s", sum);	/* its width with the NUL */
				free(sum);
			}
			printf("\n");
		}
	}
	modules_done(v, n, lock, mfd);
	/* semodule's -l answers the commit number when the store has no
	 * module (its loop over them sets it to 0 otherwise); -lfull 0. */
	return kind && !strcmp(kind, "full") ? 0 : listed ? 0 : serial;
}

static int begin(void)
{
	if (TT.in_txn)
		return 0;
	if (txn_begin(&TT.txn, &TT.st) < 0)
		return -1;
	TT.in_txn = true;
	return 0;
}

/* -e and -d: every priority of the module, by its marker in disabled/. */
static int set_enabled(const char *name, bool on)
{
	struct smod *v;
	int lock, mfd, n, rc = 0;
	char *marker;

	if (TT.verbose)
		printf("Attempting to %s module '%s':\n", on ? "enable" : "disable", name);
	if (begin() < 0)
		return -1;
	if (!smod_name_ok(name)) {
		warn("name %s is invalid", str_esc(name, SIZE_MAX));
		return -1;
	}
	if (mkdirat(TT.txn.modules, "disabled", 0700) < 0 && errno != EEXIST) {
		warn("%s/tmp/modules/disabled: %s", TT.st.dir, strerror(errno));
		return -1;
	}
	n = modules(&v, false, &lock, &mfd);
	if (n < 0)
		return -1;
	if (!smod_find(v, n, name, 0)) {
		warn("module %s is not in the store", name);
		modules_done(v, n, lock, mfd);
		return -1;
	}
	modules_done(v, n, lock, mfd);
	marker = xasprintf("disabled/%s", name);
	if (!on && sat_write(TT.txn.modules, marker, "", 0) < 0) {
		warn("unable to disable module %s: %s", name, strerror(errno));
		rc = -1;
	} else if (on && unlinkat(TT.txn.modules, marker, 0) < 0 && errno != ENOENT) {
		warn("unable to enable module %s: %s", name, strerror(errno));
		rc = -1;
	}
	free(marker);
	return rc;
}

/* -r: the module at the current priority.  -2 (semodule goes on) when it
 * is not there. */
static int remove_module(const char *name)
{
	struct smod *v;
	int lock, mfd, n;
	const struct smod *rest;
	char *dir;

	if (TT.verbose)
		printf("Attempting to remove module '%s':\n", name);
	if (begin() < 0)
		return -1;
	if (!smod_name_ok(name)) {
		warn("name %s is invalid", str_esc(name, SIZE_MAX));
		return -1;
	}
	dir = xasprintf("%03u/%s", TT.prio, name);
	if (faccessat(TT.txn.modules, dir, F_OK, AT_SYMLINK_NOFOLLOW) < 0 ||
	    tree_remove(TT.txn.modules, dir) < 0) {
		fprintf(stderr, "libsemanage.semanage_direct_remove_key: Unable to remove module %s "
			"at priority %u. (%s).\n", name, TT.prio, strerror(errno));
		free(dir);
		return -2;
	}
	free(dir);
	n = modules(&v, false, &lock, &mfd);
	if (n < 0)
		return -1;
	rest = smod_find(v, n, name, 0);
	if (!rest) {
		char *marker = xasprintf("disabled/%s", name);

		printf("libsemanage.semanage_direct_remove_key: Removing last %s module (no other %s "
		       "module exists at another priority).\n", name, name);
		if (unlinkat(TT.txn.modules, marker, 0) < 0 && errno != ENOENT) {
			warn("%s: %s", marker, strerror(errno));
			free(marker);
			modules_done(v, n, lock, mfd);
			return -1;
		}
		free(marker);
	} else if (TT.prio > rest->prio) {
		printf("libsemanage.semanage_direct_remove_key: %s module at priority %u is now "
		       "active.\n", rest->name, rest->prio);
	}
	modules_done(v, n, lock, mfd);
	return 0;
}

/* -E: NAME.EXT in the working directory, never over a file there. */
static int extract(const char *name)
{
	struct smod *v;
	int lock, mfd, n, rc = -1, fd;
	const struct smod *m;
	struct buf b = BUF_INIT(SMOD_FILE_MAX);
	const char *file, *ext;
	char *out;

	if (!smod_name_ok(name)) {
		warn("name %s is invalid", str_esc(name, SIZE_MAX));
		return -1;
	}
	n = modules(&v, false, &lock, &mfd);
	if (n < 0)
		return -1;
	m = smod_find(v, n, name, TT.prio_set ? TT.prio : 0);
	if (!m) {
		if (TT.prio_set)
			warn("module %s is not in the store at priority %u", name, TT.prio);
		else
			warn("module %s is not in the store", name);
		goto out;
	}
	if (!TT.prio_set)
		printf("Extracting at highest existing priority '%u'.\n", m->prio);
	if (TT.verbose)
		printf("Attempting to extract module '%s':\n", name);
	file = TT.extract_cil || !strcmp(m->lang, "cil") ? "cil" : "hll";
	ext = TT.extract_cil ? "cil" : m->lang;
	if (!strcmp(file, "cil") ? module_cil(mfd, m, &b) < 0 : smod_read_file(mfd, m, file, &b) < 0) {
		if (!strcmp(file, "hll") && errno == ENOENT)
			warn("module %s has no hll", name);
		goto out;
	}
	out = xasprintf("%s.%s", m->name, ext);
	if (!access(out, F_OK)) {
		fprintf(stderr, "%s: %s is already extracted with extension %s.\n", applet_name(), name,
			ext);
	} else if ((fd = open(out, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666)) < 0) {
		fprintf(stderr, "%s: Unable to open %s\n", applet_name(), out);
	} else if (write_all(fd, b.p, b.len) < 0 || close(fd) < 0) {
		fprintf(stderr, "%s: Unable to write to %s\n", applet_name(), out);
		unlink(out);
	} else {
		rc = 0;
	}
	free(out);
out:
	buf_free(&b);
	modules_done(v, n, lock, mfd);
	return rc;
}

/* libsemanage's lines, named after its function that says them: its
 * warnings on standard error, its information on standard output. */
static void say(FILE *f, const char *fn, const char *fmt, ...) PRINTF(3, 4);
static void say(FILE *f, const char *fn, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(f, "libsemanage.%s: ", fn);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fprintf(f, "\n");
}

/* The module in file (data: its bytes, packed or not) at the current
 * priority: lang_ext, then cil or hll (the CIL made from an hll dropped,
 * to be made again); a disabled module stays disabled. */
static int put_module(const char *name, const char *lang, const struct buf *data)
{
	struct buf packed = BUF_INIT(SMOD_FILE_MAX);
	struct smod *v;
	const struct smod *there;
	int lock, mfd, n, rc = -1;
	bool cil = !strcasecmp(lang, "cil");
	char prio[4], *dir = xasprintf("%03u/%s", TT.prio, name), *rel = NULL;

	if (!smod_name_ok(name)) {
		fprintf(stderr, "libsemanage.semanage_module_info_set_name: Name %s is invalid.\n",
			str_esc(name, SIZE_MAX));
		goto out;
	}
	if (!smod_lang_ok(lang)) {
		fprintf(stderr, "libsemanage.semanage_module_info_set_lang_ext: Language extensions %s "
			"is invalid.\n", str_esc(lang, SIZE_MAX));
		goto out;
	}
	n = modules(&v, false, &lock, &mfd);
	if (n < 0)
		goto out;
	there = smod_find(v, n, name, 0);
	if (there && there->prio > TT.prio)
		say(stderr, "semanage_direct_install_info", "A higher priority %s module exists at priority %u "
		    "and will override the module currently being installed at priority %u.", name,
		    there->prio, TT.prio);
	else if (there && there->prio < TT.prio)
		say(stdout, "semanage_direct_install_info", "Overriding %s module at lower priority %u with "
		    "module at priority %u.", name, there->prio, TT.prio);
	if (there && !there->enabled)
		say(stderr, "semanage_direct_install_info", "%s module will be disabled after install as there "
		    "is a disabled instance of this module present in the system.", name);
	modules_done(v, n, lock, mfd);
	rel = xasprintf("%s/lang_ext", dir);
	snprintf(prio, sizeof(prio), "%03u", TT.prio);
	if (mkdirat(TT.txn.modules, "disabled", 0700) < 0 && errno != EEXIST) {
		warn("%s/tmp/modules/disabled: %s", TT.st.dir, strerror(errno));
		goto out;
	}
	/* The priority's directory, then the module's. */
	if ((mkdirat(TT.txn.modules, prio, 0700) < 0 && errno != EEXIST) ||
	    (mkdirat(TT.txn.modules, dir, 0700) < 0 && errno != EEXIST) ||
	    sat_write(TT.txn.modules, rel, lang, strlen(lang)) < 0) {
		warn("%s/tmp/modules/%s: %s", TT.st.dir, dir, strerror(errno));
		goto out;
	}
	free(rel);
	rel = xasprintf("%s/%s", dir, cil ? "cil" : "hll");
	if (smod_pack(data->p, data->len, TT.st.bzip_level, &packed) < 0 ||
	    sat_write(TT.txn.modules, rel, packed.p, packed.len) < 0) {
		warn("error while writing to %s/tmp/modules/%s", TT.st.dir, rel);
		goto out;
	}
	free(rel);
	rel = xasprintf("%s/cil", dir);
	if (!cil && unlinkat(TT.txn.modules, rel, 0) < 0 && errno != ENOENT) {
		warn("error while removing cached CIL file %s: %s", rel, strerror(errno));
		goto out;
	}
	rc = 0;
out:
	buf_free(&packed);
	free(rel);
	free(dir);
	return rc;
}
/* -i: the module's name and language from the file's name (NAME.LANG,
 * NAME.LANG.bz2 when packed; a .pp's own name first), as libsemanage
 * takes them; its bytes stored unpacked into the transaction. */
static int install(const char *file)
{
	struct buf data = BUF_INIT(SMOD_FILE_MAX);
	char *copy = xstrdup(file), *base, *dot, *lang = NULL, *name = NULL, *raw;
	size_t len = 0;
	int fd, rc = -1;

	if (TT.verbose)
		printf("Attempting to install module '%s':\n", file);
	if (begin() < 0)
		goto out;
	fd = open(file, O_RDONLY | O_CLOEXEC);
	raw = fd < 0 ? NULL : read_fd_max(fd, SMOD_FILE_MAX, &len);
	if (fd >= 0)
		close(fd);
	if (!raw) {
		fprintf(stderr, "libsemanage.semanage_direct_install_file: Unable to read file %s\n"
			" (%s).\n", file, strerror(errno));
		goto out;
	}
	if (smod_unpack(file, raw, len, SMOD_FILE_MAX, &data) < 0) {
		free(raw);	/* said */
		goto out;
	}
	base = strrchr(copy, '/') ? strrchr(copy, '/') + 1 : copy;
	if (len >= 3 && !memcmp(raw, "BZh", 3)) {
		if (!(dot = strrchr(base, '.'))) {
			warn("%s: a packed module needs NAME.LANG.bz2, for its language", file);
			free(raw);
			goto out;
		}
		*dot = 0;
		lang = dot + 1;
	}
	free(raw);
	if ((dot = strrchr(base, '.'))) {
		*dot = 0;
		lang = dot + 1;
	} else if (!lang) {
		warn("%s: a module needs NAME.LANG, for its language", file);
		goto out;
	}
	if (!strcmp(lang, "pp"))
		name = smod_pp_name(data.p, data.len);
	if (name && strcmp(name, base))
		fprintf(stderr, "Warning: SELinux userspace will refer to the module from %s as %s "
			"rather than %s\n", file, name, base);
	rc = put_module(name ? name : base, lang, &data);
out:
	free(name);
	free(copy);
	buf_free(&data);
	return rc;
}

/* -X: semodule reads it with strtoul into 16 bits, as this does. */
static int priority(const char *arg)
{
	TT.prio = (unsigned short)strtoul(arg, NULL, 10);
	TT.prio_set = true;
	if (TT.prio < 1 || TT.prio > 999) {
		fprintf(stderr, "%s: Invalid priority %u (needs to be between 1 and 999)\n", applet_name(),
			TT.prio);
		return -3;
	}
	return 0;
}

static int run(const struct cmd *c)
{
	switch (c->mode) {
	case M_LIST:
		return list(c->arg);
	case M_ENABLE:
	case M_DISABLE:
		return set_enabled(c->arg, c->mode == M_ENABLE);
	case M_REMOVE:
		return remove_module(c->arg);
	case M_EXTRACT:
		return extract(c->arg);
	case M_CIL:
	case M_HLL:
		TT.extract_cil = c->mode == M_CIL;
		return 0;
	case M_PRIO:
		return priority(c->arg);
	case M_INSTALL:
	default:
		return install(c->arg);
	}
}

static int install_built(void *b)
{
	return smod_install(&TT.st, b);
}

/* The commit: the policy rebuilt in tmp/ when the modules changed (or -B,
 * or --rebuild-if-modules-changed finds them changed), tmp/ made active/,
 * the policy installed under /etc/selinux/STORE and, unless -n, loaded
 * when the store is the running system's.  The commit number, or -1. */
static int commit_all(bool changed)
{
	struct build_opts o = {
		.no_dontaudit = opts[OP_D].seen, .tunables = opts[OP_P].seen,
		.ignore_cache = opts[OP_CACHE].seen, .if_changed = TT.check_ext,
		.force = TT.build || changed,
	};
	struct build b;
	int rc;
	char *type;

	if (begin() < 0)
		return -1;
	rc = smod_build(&TT.txn, &o, &b);
	if (rc != 0) {
		/* Nothing to build drops the transaction, as libsemanage
		 * does: the answer is the store's commit number. */
		txn_abort(&TT.txn);
		TT.in_txn = false;
		return rc < 0 ? -1 : store_serial(TT.st.fd, "active/commit_num");
	}
	TT.txn.installed = install_built;
	TT.txn.arg = &b;
	rc = txn_commit(&TT.txn);
	TT.in_txn = false;
	build_free(&b);
	if (rc < 0 || opts[OP_N].seen || opts[OP_N2].seen || root_dir() || !smod_selinux_on())
		return rc;
	type = selinux_config("SELINUXTYPE");
	if (type && !strcmp(type, TT.st.name) && smod_load_policy() < 0)
		rc = -1;
	free(type);
	return rc;
}

int semodule_lite_main(int argc, char **argv)
{
	int result = 0, commit = 0;
	bool extract_seen = false, cil_hll = false, failed_on = false;
	int tool = smod_tool_main(applet_name(), argc, argv);

	if (tool >= 0)
		return tool;
	/* a store's files (and an image's) may be anyone's; the policy load
	 * asks SELinux, not a capability */
	caps_keep(applet_name(), CAPS_FILES);
	usage_status = 1;
	usage_shows_help = 1;
	TT.prio = 400;
	opt_parse_each(&argc, &argv, opts, 0, option, NULL);
	TT.store = opts[OP_S].arg;
	TT.store_root = opts[OP_SPATH].arg;
	TT.build = opts[OP_BUILD].seen;
	TT.reload = opts[OP_RELOAD].seen;
	TT.check_ext = opts[OP_CHECK_EXT].seen;
	TT.checksum = opts[OP_M].seen;
	for (int i = 0; i < TT.ncmd; i++) {
		extract_seen |= TT.cmd[i].mode == M_EXTRACT;
		cil_hll |= TT.cmd[i].mode == M_CIL || TT.cmd[i].mode == M_HLL;
	}
	if ((TT.build || TT.reload || TT.check_ext) && TT.ncmd)
		bad_line("build or reload should not be used with other commands");
	if (!TT.ncmd && !TT.build && !TT.reload && !TT.check_ext)
		bad_line("At least one mode must be specified.");
	if (!extract_seen && cil_hll)
		bad_line("--cil and --hll require a module to export with the --extract option.");
	/* Operands after -i, -r, -E, -e or -d are more of the same. */
	if (argc) {
		enum mode m = TT.ncmd ? TT.cmd[TT.ncmd - 1].mode : M_LIST;

		if (!TT.ncmd || (m != M_INSTALL && m != M_REMOVE && m != M_EXTRACT && m != M_ENABLE &&
				 m != M_DISABLE)) {
			fprintf(stderr, "unknown additional arguments:\n");
			for (int i = 0; i < argc; i++)
				fprintf(stderr, " %s", argv[i]);
			fprintf(stderr, "\n\n");
			show_help(this_applet);
			exit(1);
		}
		for (int i = 0; i < argc; i++)
			add(m, argv[i]);
	}
	store_open(&TT.st, TT.store, TT.store_root);
	if (TT.reload && smod_load_policy() < 0) {
		fprintf(stderr, "%s:  Could not reload policy\n", applet_name());
		goto done;
	}
	if ((TT.build || TT.check_ext) && begin() < 0) {
		fprintf(stderr, "%s:  Could not begin transaction\n", applet_name());
		goto done;
	}
	for (int i = 0; i < TT.ncmd; i++) {
		const struct cmd *c = &TT.cmd[i];

		result = run(c);
		if (result == -3)
			break;
		if (result == -2)
			continue;	/* a module -r did not find: semodule goes on */
		commit += commits[c->mode];
		if (result < 0) {
			fprintf(stderr, "%s:  Failed on %s!\n", applet_name(), c->arg ? c->arg : "list");
			failed_on = true;
			break;
		}
		if (TT.verbose)
			printf("Ok: return value of %d.\n", result);
	}
	/* A -r that found nothing does not stop the others' commit. */
	if (!failed_on && result != -3 && (commit || TT.build || TT.check_ext)) {
		if (TT.verbose)
			printf("Committing changes:\n");
		result = commit_all(commit > 0);
		if (result >= 0 && TT.verbose)
			printf("Ok: transaction number %d.\n", result);
	}
	if (TT.in_txn)
		txn_abort(&TT.txn);
	if (result < 0 && result != -3 && !failed_on)
		fprintf(stderr, "%s:  Failed!\n", applet_name());
	store_close(&TT.st);
	free(TT.cmd);
	return result < 0;
done:
	if (TT.in_txn)
		txn_abort(&TT.txn);
	store_close(&TT.st);
	free(TT.cmd);
	return 1;
}
