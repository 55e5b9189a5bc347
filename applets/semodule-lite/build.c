// SPDX-License-Identifier: Apache-2.0
/* build.c: the policy rebuild of a commit, as libsemanage 3.4 does it, in
 * the transaction's tmp/ and then under /etc/selinux/STORE.
 *
 * The enabled module of each name at its highest priority, in name order,
 * as CIL (a .pp module's CIL made now if the store has none) goes to
 * libsepol's CIL compiler, with the settings of semanage.conf.  Out come,
 * in tmp/: modules_checksum, policy.linked and policy.kern (the same image:
 * no local changes are merged), file_contexts and homedir_template (the
 * compiler's file contexts split on the template words), seusers and
 * users_extra (and their .linked copies) when the policy has any,
 * file_contexts.homedirs (genhome.c).  After the commit those the system
 * reads are installed under /etc/selinux/STORE, each file replaced in one
 * rename; a file_contexts.bin beside them is removed, as this tool makes
 * none (libselinux then reads the text).  semodule also runs setfiles -c
 * over the file contexts: the compiler has checked each of them already,
 * and there is no file_contexts.local here that it would not have seen
 * (a store with one is refused, as any with semanage's local changes). */
#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config.h"
#include "crypto.h"
#include "semodule.h"

#ifdef CFG_LIB_SEPOL
#include <sepol/cil/cil.h>
#include <sepol/policydb.h>
#endif

/* All the CIL of one rebuild: refpolicy's is 22.5 MB. */
#define BUILD_CIL_MAX ((size_t)512 << 20)

int smod_module_cil(struct store *s, int mfd, bool keep, bool fresh, const struct smod *m,
		    struct buf *out)
{
	struct buf hll = BUF_INIT(SMOD_FILE_MAX);
	char *name;
	int rc;

	if (fresh && strcmp(m->lang, "cil"))
		errno = ENOENT;
	else if (smod_read_file(mfd, m, "cil", out) == 0)
		return 0;
	if (errno != ENOENT)
		return -1;	/* said */
	if (!strcmp(m->lang, "cil")) {
		warn("module %s has no cil", m->name);
		return -1;
	}
	if (smod_read_file(mfd, m, "hll", &hll) < 0) {
		if (errno == ENOENT)
			warn("module %s has neither cil nor hll", m->name);
		buf_free(&hll);
		return -1;
	}
	name = xasprintf("%03u/%s/hll", m->prio, m->name);
	rc = smod_hll_to_cil(name, m->lang, hll.p, hll.len, out);
	free(name);
	buf_free(&hll);
	if (!rc && keep) {
		struct buf packed = BUF_INIT(SMOD_FILE_MAX);
		char *rel = xasprintf("%03u/%s/cil", m->prio, m->name);

		if (smod_pack(out->p, out->len, s->bzip_level, &packed) < 0 ||
		    sat_write(mfd, rel, packed.p, packed.len) < 0) {
			warn("%s: could not keep its CIL", rel);
			rc = -1;
		}
		free(rel);
		buf_free(&packed);
	}
	return rc;
}

void smod_sum_str(const uint8_t d[32], char s[SMOD_SUM_LEN + 1])
{
	memcpy(s, "sha256:", 7);
	for (int i = 0; i < 32; i++)
		snprintf(s + 7 + 2 * i, 3, "%02x", d[i]);
}

void build_free(struct build *b)
{
	buf_free(&b->policy);
	buf_free(&b->fc);
	buf_free(&b->homedirs);
	buf_free(&b->seusers);
}

#ifdef CFG_LIB_SEPOL
/* semanage's own changes that it merges into the policy at a commit and
 * this tool does not (booleans.local it does: bools.c). */
static const char *const local_files[] = {
	"ports.local", "interfaces.local", "nodes.local", "users.local",
	"users_extra.local", "seusers.local", "ibpkeys.local", "ibendports.local",
	"file_contexts.local",
};

/* What a commit that changes no module rebuilds without (libsemanage's
 * "computed files"). */
static const char *const computed[] = {
	"policy.kern", "file_contexts", "seusers", "policy.linked", "seusers.linked",
	"users_extra.linked",
};

static int cmp_name(const void *a, const void *b)
{
	return strcmp((*(const struct smod *const *)a)->name, (*(const struct smod *const *)b)->name);
}

/* The compiler's file contexts: lines that are templates (they start with
 * HOME_DIR or HOME_ROOT, or hold ROLE or USER) to homedir_template, the
 * rest to file_contexts, as libsemanage splits them. */
static int split_fc(const char *fc, size_t len, struct buf *files, struct buf *tmpl)
{
	for (const char *p = fc, *end = fc + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) + 1 : (size_t)(end - p);
		bool t = (n >= 8 && !memcmp(p, "HOME_DIR", 8)) || (n >= 9 && !memcmp(p, "HOME_ROOT", 9)) ||
			 memmem(p, n, "ROLE", 4) || memmem(p, n, "USER", 4);

		if (buf_put(t ? tmpl : files, p, n) < 0)
			return -1;
		p += n;
	}
	return 0;
}

/* tmp/rel (0600) written from p, or -1 after a message. */
static int put(int tmp, const char *rel, const void *p, size_t len)
{
	if (sat_write(tmp, rel, p, len) < 0) {
		warn("%s: %s", rel, strerror(errno));
		return -1;
	}
	return 0;
}

/* seusers or users_extra (name) from the policy's text, and its .linked
 * copy; a policy without any gets the file libsemanage writes for an
 * empty list of them (no .linked).  With keep, what tmp/name now holds
 * is kept there too (seusers, which the commit installs). */
static int users_file(struct txn *t, const char *name, const char *text, size_t len,
		      struct buf *keep)
{
	char *linked;
	int rc;

	if (!len) {
		text = SMOD_HEADER;
		len = sizeof(SMOD_HEADER) - 1;
		rc = put(t->tmp, name, text, len);
	} else {
		linked = xasprintf("%s.linked", name);
		rc = put(t->tmp, linked, text, len) < 0 || put(t->tmp, name, text, len) < 0 ? -1 : 0;
		free(linked);
	}
	return rc < 0 || (keep && buf_put(keep, text, len) < 0) ? -1 : 0;
}

/* The binary policy, in a buffer of its exact size (libsepol measures it
 * first): no copy of 2 MB grown by doubling on top of the compile's peak. */
static int policy_image(sepol_policydb_t *pdb, struct buf *out)
{
	sepol_handle_t *h = sepol_handle_create();
	void *img = NULL;
	size_t len = 0;

	if (!h)
		die("out of memory");
	if (sepol_policydb_to_image(h, pdb, &img, &len) < 0) {
		sepol_handle_destroy(h);
		warn("libsepol could not write the policy");
		return -1;
	}
	sepol_handle_destroy(h);
	buf_free(out);
	*out = (struct buf){ .p = img, .len = len, .cap = len, .max = out->max };
	return 0;
}

static void put_le64(struct hash_ctx *h, uint64_t v)
{
	uint8_t le[8];

	for (int i = 0; i < 8; i++)
		le[i] = (uint8_t)(v >> (8 * i));
	hash_update(h, le, 8);
}

/* The compile's 190 MB of small blocks from glibc's brk heap, on huge
 * pages where the kernel gives them for the asking (transparent huge
 * pages "madvise"): the hint on the heap's mapping stays with it as brk
 * extends it, and the heap grows 32 MB at a time so that extensions span
 * whole huge pages.  Fewer page faults and TLB misses; nothing changes
 * where the kernel says no. */
static void heap_hugepages(void)
{
	void *p = malloc(1);
	uintptr_t from = ((uintptr_t)p + 4095) & ~(uintptr_t)4095, to = (uintptr_t)sbrk(0);

	mallopt(M_TOP_PAD, 32 << 20);
	if (to > from)
		madvise((void *)from, to - from, MADV_HUGEPAGE);
	free(p);
}

/* A flag file of tmp/ made (on) or removed. */
static int flag(struct txn *t, const char *name, bool on, bool *changed)
{
	if (on != !faccessat(t->tmp, name, F_OK, AT_SYMLINK_NOFOLLOW))
		*changed = true;
	if ((on ? sat_write(t->tmp, name, "", 0) : unlinkat(t->tmp, name, 0)) < 0 && errno != ENOENT) {
		warn("%s/tmp/%s: %s", t->s->dir, name, strerror(errno));
		return -1;
	}
	return 0;
}

/* What a commit installs besides the policy, file_contexts and seusers:
 * file_contexts.homedirs made for the policy pdb. */
static int finish(struct txn *t, sepol_policydb_t *pdb, struct build *b)
{
	if (t->s->genhomedircon &&
	    (smod_genhomedircon(t->s, t->tmp, pdb, &b->homedirs) < 0 ||
	     put(t->tmp, "file_contexts.homedirs", b->homedirs.p, b->homedirs.len) < 0))
		return -1;
	return 0;
}

/* tmp/name from tmp/name.linked, as a commit without a rebuild starts
 * from them; libsemanage's empty file when there is none. */
static int from_linked(struct txn *t, const char *name, struct buf *keep)
{
	char *linked = xasprintf("%s.linked", name), *text;
	size_t len;
	int rc;

	text = sat_read(t->tmp, linked, SMOD_FILE_MAX, &len);
	if (!text && errno != ENOENT) {
		warn("%s/tmp/%s: %s", t->s->dir, linked, strerror(errno));
		free(linked);
		return -1;
	}
	rc = users_file(t, name, text, text ? len : 0, keep);
	free(text);
	free(linked);
	return rc;
}

/* A commit without a rebuild: the policy linked before, with the local
 * changes merged; 1 when they did not change (nothing to install). */
static int keep(struct txn *t, const struct build_opts *o, struct build *b)
{
	struct store *s = t->s;
	sepol_handle_t *h = sepol_handle_create();
	sepol_policy_file_t *pf = NULL;
	sepol_policydb_t *pdb = NULL;
	size_t len;
	char *img = NULL;
	int rc = -1, changed;
	bool merged;

	if (!h)
		die("out of memory");
	img = sat_read(t->tmp, "policy.linked", SMOD_POLICY_MAX, &len);
	if (!img) {
		warn("%s/active/policy.linked: %s", s->dir, strerror(errno));
		goto out;
	}
	if (sepol_policy_file_create(&pf) < 0 || sepol_policydb_create(&pdb) < 0)
		die("out of memory");
	sepol_policy_file_set_mem(pf, img, len);
	sepol_policy_file_set_handle(pf, h);
	if (sepol_policydb_read(pdb, pf) < 0) {
		warn("%s/active/policy.linked: libsepol cannot read it", s->dir);
		goto out;
	}
	if (from_linked(t, "seusers", &b->seusers) < 0 || from_linked(t, "users_extra", NULL) < 0)
		goto out;
	changed = smod_bools_merge(t, pdb, o->set, &merged);
	if (changed <= 0) {
		rc = changed < 0 ? -1 : 1;
		goto out;
	}
	b->vers = s->policyvers ? s->policyvers : sepol_policy_kern_vers_max();
	free(img);
	img = sat_read(t->tmp, "file_contexts", SMOD_FILE_MAX, &len);
	if (!img) {
		warn("%s/active/file_contexts: %s", s->dir, strerror(errno));
		goto out;
	}
	if (policy_image(pdb, &b->policy) < 0 ||
	    put(t->tmp, "policy.kern", b->policy.p, b->policy.len) < 0 ||
	    buf_put(&b->fc, img, len) < 0 || finish(t, pdb, b) < 0)
		goto out;
	rc = 0;
out:
	if (rc)
		build_free(b);
	free(img);
	sepol_policydb_free(pdb);
	sepol_policy_file_free(pf);
	sepol_handle_destroy(h);
	return rc;
}

#endif

int smod_build(struct txn *t, const struct build_opts *o, struct build *b)
{
#ifdef CFG_LIB_SEPOL
	struct store *s = t->s;
	struct smod *v = NULL, **on;
	size_t total = 0;
	struct buf files = BUF_INIT(SMOD_FILE_MAX), tmpl = BUF_INIT(SMOD_FILE_MAX);
	int n, k = 0, rc = -1;
	struct hash_ctx h;
	uint8_t d[32];
	char sum[SMOD_SUM_LEN + 1];
	cil_db_t *db = NULL;
	sepol_policydb_t *pdb = NULL;
	bool force = o->force, merged;
	char *str;
	size_t slen;

	*b = (struct build){ .policy = BUF_INIT(BUILD_CIL_MAX), .fc = BUF_INIT(SMOD_FILE_MAX),
			     .homedirs = BUF_INIT(SMOD_FILE_MAX), .seusers = BUF_INIT(SMOD_FILE_MAX) };
	for (size_t i = 0; i < sizeof(local_files) / sizeof(*local_files); i++)
		if (!faccessat(t->tmp, local_files[i], F_OK, AT_SYMLINK_NOFOLLOW)) {
			warn("%s/active/%s: the store has semanage's local changes, which this tool "
			     "does not merge into the policy (semodule does)", s->dir, local_files[i]);
			return -1;
		}
	/* semodule's -D and -P, kept as flag files for the next commit. */
	if (flag(t, "disable_dontaudit", o->no_dontaudit, &force) < 0 ||
	    flag(t, "preserve_tunables", o->tunables, &force) < 0)
		return -1;

	/* A commit without a change to the modules rebuilds all the same
	 * when the flags changed or a computed file is missing. */
	for (size_t i = 0; i < sizeof(computed) / sizeof(*computed); i++)
		if (faccessat(t->tmp, computed[i], F_OK, AT_SYMLINK_NOFOLLOW) < 0)
			force = true;
	if (!force && !o->if_changed)
		return keep(t, o, b);
	n = smods_read(t->modules, &v);
	if (n < 0)
		return -1;
	on = xmalloc(((size_t)n + 1) * sizeof(*on));
	for (int i = 0; i < n; i++)
		if (v[i].top && v[i].enabled)
			on[k++] = &v[i];
	if (!k) {
		/* libsemanage drops a commit that leaves no module enabled. */
		rc = 1;
		goto out;
	}
	qsort(on, (size_t)k, sizeof(*on), cmp_name);

	/* glibc raises its mmap threshold to the size of each large block
	 * freed (bzip2's 3.6 MB a module), after which such blocks come from
	 * the heap and stay in it through the compile's peak: a fixed
	 * threshold keeps them out (some 2 MB of the peak on refpolicy). */
	mallopt(M_MMAP_THRESHOLD, 128 << 10);
	heap_hugepages();
	/* Each module's CIL to the compiler as it is read (never all of it
	 * in memory at once: the compiler keeps its own copy), and the
	 * checksum over them: epoch 1, the count, each length and its
	 * bytes. */
	b->vers = s->policyvers ? s->policyvers : sepol_policy_kern_vers_max();
	cil_db_init(&db);
	cil_set_disable_dontaudit(db, o->no_dontaudit);
	cil_set_disable_neverallow(db, !s->expand_check);
	cil_set_preserve_tunables(db, o->tunables);
	cil_set_target_platform(db, s->xen ? SEPOL_TARGET_XEN : SEPOL_TARGET_SELINUX);
	cil_set_policy_version(db, b->vers);
	if (s->handle_unknown >= 0)
		cil_set_handle_unknown(db, s->handle_unknown);
	if (hash_init(&h, hash_alg("sha256")) < 0)
		die("no sha256");
	put_le64(&h, 1);
	put_le64(&h, (uint64_t)k);
	for (int i = 0; i < k; i++) {
		struct buf one = BUF_INIT(SMOD_FILE_MAX);
		char *file;
		int r;

		if (smod_module_cil(s, t->modules, !o->read_only, o->ignore_cache, on[i], &one) < 0 ||
		    (total += one.len) > BUILD_CIL_MAX) {
			if (total > BUILD_CIL_MAX)
				warn("the modules' CIL is over %zu bytes", (size_t)BUILD_CIL_MAX);
			buf_free(&one);
			hash_release(&h);
			goto out;
		}
		/* libsemanage 3.4 under -C hashes only the CIL it makes
		 * from an hll, none of a CIL module's: the same here, so
		 * that the checksum is its own. */
		if (!o->ignore_cache || strcmp(on[i]->lang, "cil")) {
			put_le64(&h, one.len);
			hash_update(&h, one.p, one.len);
		}
		/* Named as semodule names them, so a compiler's message
		 * points at the same file:line. */
		file = xasprintf("%s%s/tmp/modules/%03u/%s/cil", root_dir() ? root_dir() : "", s->dir,
				 on[i]->prio, on[i]->name);
		r = cil_add_file(db, file, (const char *)one.p, one.len);
		free(file);	/* on failure the compiler said where */
		buf_free(&one);
		if (r != SEPOL_OK) {
			hash_release(&h);
			goto out;
		}
	}
	hash_final(&h, d);
	smod_sum_str(d, sum);
	if (!force && o->if_changed) {
		size_t len;
		char *old = sat_read(t->tmp, "modules_checksum", 4096, &len);
		bool same = old && len == sizeof(sum) && !memcmp(old, sum, sizeof(sum));

		free(old);
		if (same) {
			rc = 1;
			goto out;
		}
	}
	if (put(t->tmp, "modules_checksum", sum, sizeof(sum)) < 0)
		goto out;
	/* The compiler says which module and line failed. */
	if (cil_compile(db) != SEPOL_OK || cil_build_policydb(db, &pdb) != SEPOL_OK)
		goto out;

	/* File contexts, split into the files and the home template. */
	if (cil_filecons_to_string(db, &str, &slen) != SEPOL_OK)
		goto out;
	if (split_fc(str, slen, &files, &tmpl) < 0) {
		free(str);
		warn("the file contexts are over %zu bytes", files.max);
		goto out;
	}
	free(str);
	if (put(t->tmp, "file_contexts", files.p, files.len) < 0 ||
	    put(t->tmp, "homedir_template", tmpl.p, tmpl.len) < 0)
		goto out;
	/* seusers and users_extra: written (with their .linked copy, what a
	 * commit without a rebuild starts from) when the policy has any. */
	if (cil_selinuxusers_to_string(db, &str, &slen) != SEPOL_OK)
		goto out;
	rc = users_file(t, "seusers", str, slen, &b->seusers);
	free(str);
	if (rc < 0 || cil_userprefixes_to_string(db, &str, &slen) != SEPOL_OK)
		goto fail;
	rc = users_file(t, "users_extra", str, slen, NULL);
	free(str);
	if (rc < 0)
		goto fail;
	cil_db_destroy(&db);

	if (s->optimize && sepol_policydb_optimize(pdb) < 0) {
		warn("libsepol could not optimize the policy");
		goto fail;
	}
	/* The linked policy, then the kernel's: the same with the local
	 * booleans merged. */
	if (policy_image(pdb, &b->policy) < 0 ||
	    put(t->tmp, "policy.linked", b->policy.p, b->policy.len) < 0 ||
	    smod_bools_merge(t, pdb, o->set, &merged) < 0 ||
	    (merged && policy_image(pdb, &b->policy) < 0) ||
	    put(t->tmp, "policy.kern", b->policy.p, b->policy.len) < 0)
		goto fail;
	if (buf_put(&b->fc, files.p, files.len) < 0 || finish(t, pdb, b) < 0)
		goto fail;
	rc = 0;
	goto out;
fail:
	rc = -1;
out:
	if (rc < 0)
		build_free(b);
	cil_db_destroy(&db);
	sepol_policydb_free(pdb);
	buf_free(&files);
	buf_free(&tmpl);
	free(on);
	smods_free(v, n);
	return rc;
#else
	(void)o;
	*b = (struct build){ 0 };
	warn("rebuilding the policy of %s needs libsepol, and this lsmbox was built without "
	     "LIB_SEPOL (semodule -B does it)", t->s->dir);
	return -1;
#endif
}

/* dir and the directories above it under the root, made 0700 as
 * libsemanage makes them. */
static int mkdirs(const char *dir)
{
	char *p = xstrdup(dir);
	int rc = 0;

	for (char *q = p + 1; rc == 0; q++) {
		if (*q && *q != '/')
			continue;
		char c = *q;
		char *host;

		*q = 0;
		host = root_file(p, 0);
		if (!host || (mkdir(host, 0700) < 0 && errno != EEXIST))
			rc = -1;
		free(host);
		*q = c;
		if (!c)
			break;
	}
	free(p);
	return rc;
}

/* etc/rel replaced by len bytes of p, in one rename; its stale .bin (rel
 * ending in file_contexts...) removed first, so that a reader never pairs
 * the new text with the old compiled form. */
static int install(const struct store *s, const char *rel, const void *p, size_t len, bool bin)
{
	char *path = xasprintf("%s/%s", s->etc, rel), *dir = xstrdup(path), *host = NULL;
	int rc = -1;

	*strrchr(dir, '/') = 0;
	if (mkdirs(dir) < 0)
		goto out;
	if (bin) {
		char *b = xasprintf("%s.bin", path);

		host = root_file(b, ROOT_NOFOLLOW);
		free(b);
		if (!host || (unlink(host) < 0 && errno != ENOENT))
			goto out;
		free(host);
	}
	host = root_file(path, 0);
	if (host && write_file_atomic(host, p, len, s->file_mode) == 0 && chmod(host, s->file_mode) == 0)
		rc = 0;
out:
	if (rc < 0)
		warn("could not install %s: %s", path, strerror(errno));
	free(host);
	free(dir);
	free(path);
	return rc;
}

int smod_install(const struct store *s, const struct build *b)
{
	char *pol = xasprintf("policy/policy.%d", b->vers);
	int rc = 0;

	rc |= install(s, "contexts/files/file_contexts", b->fc.p, b->fc.len, true);
	if (s->genhomedircon)
		rc |= install(s, "contexts/files/file_contexts.homedirs", b->homedirs.p, b->homedirs.len,
			      true);
	rc |= install(s, pol, b->policy.p, b->policy.len, false);
	rc |= install(s, "seusers", b->seusers.p, b->seusers.len, false);
	free(pol);
	return rc;
}
