// SPDX-License-Identifier: Apache-2.0
/* fs.c: smackfs, live or an image's copy under --root: its files opened
 * without following a link in an image, the rule list read back and held to
 * the rule syntax, rules written (load2 and change-rule in batches, the
 * old 24-column load), every rule cleaned. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smackctl.h"

char *smk_sfs_path(const char *rel)
{
	return kfs_path(KFS_SMACKFS, rel);
}

/* A smackfs file, path = smk_sfs_path(rel) for one name rel, opened.  In an
 * image kfs_dir() resolved the directory inside the root, so that no link
 * is left but rel itself, which is never followed: smackfs holds plain
 * files, and a link there would lead to a host file. */
int smk_sfs_open(const char *path, int flags)
{
	return open(path, flags | O_CLOEXEC | (root_dir() ? O_NOFOLLOW : 0));
}

/* Whether smackfs has file path (a link in an image counts as there, and is
 * refused when opened, rather than telling what it points to). */
int smk_sfs_exists(const char *path)
{
	struct stat st;

	return !lstat(path, &st);
}

/* Replace an image's smackfs file; a link there is refused, not replaced
 * (the atomic write would copy the mode and owner of what it points to). */
int smk_sfs_replace(const char *path, const void *buf, size_t len)
{
	struct stat st;

	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		errno = ELOOP;
		return -1;
	}
	return write_file_atomic(path, buf, len, 0644);
}

/* The text of smackfs file rel, in *lenp long and from *pathp (xmalloc'd);
 * NULL when the file does not exist (in an image: not written yet). */
char *smk_sfs_read(const char *rel, char **pathp, size_t *lenp)
{
	char *path = smk_sfs_path(rel);
	int fd = smk_sfs_open(path, O_RDONLY);

	*pathp = path;
	if (fd < 0 && errno == ENOENT)
		return NULL;
	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	return smk_read_text(fd, path, lenp);
}

/* Where the rule list is: load2, or load on a kernel before load2 (live:
 * load2 is missing; an image of one: it has load and no load2).  An image
 * with neither starts a load2. */
static const char *rules_file(void)
{
	static const char *name;
	char *l2, *l;

	if (name)
		return name;
	l2 = smk_sfs_path("load2");
	l = smk_sfs_path("load");
	name = !smk_sfs_exists(l2) && errno == ENOENT && (!root_dir() || smk_sfs_exists(l)) ? "load"
										   : "load2";
	free(l2);
	free(l);
	return name;
}

/* The rules smackfs shows (load2, or load) into rs, held to the rule
 * syntax.  A line that does not parse stops the command (exit 2) before
 * anything is written: taken as some access, it would be written back by
 * the next load.  A missing file is an empty list in an image; live, need
 * says whether that is an error. */
void smk_kernel_rules(struct ruleset *rs, int need)
{
	char *path, *t;
	size_t len;
	int before = diag_count();

	if (!(t = smk_sfs_read(rules_file(), &path, &len))) {
		if (need && !root_dir())
			die_errno("%s", str_esc(path, SIZE_MAX));
		free(path);
		return;
	}
	smk_parse_rules(rs, smk_keep_name(path), t, len, 1);
	diag_fail(before, " in %s", str_esc(path, SIZE_MAX));
	free(t);
}

void smk_root_write_rules(struct ruleset *rs)
{
	struct buf b = BUF_INIT(0);
	char acc[8], *path;

	for (size_t i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];

		if (r->allow)
			buf_printf(&b, "%s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, acc));
	}
	path = smk_sfs_path(rules_file());
	if (b.err)
		die_input("%s: more than %zu bytes of rules", str_esc(path, SIZE_MAX), (size_t)BUF_MAX);
	if (smk_sfs_replace(path, b.p ? (char *)b.p : "", b.len))
		die_errno("%s", str_esc(path, SIZE_MAX));
	free(path);
	buf_free(&b);
}

/* The kernel's refusal of line (ending in '\n') from rule r (NULL or no
 * file: not from a file), said with errno. */
static void refused(const char *path, const struct rule *r, const char *line)
{
	if (r && r->file)
		warn_errno("%s: %s:%d: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), str_esc(r->file, SIZE_MAX),
			   r->line, (int)strlen(line) - 1, line);
	else
		warn_errno("%s: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), (int)strlen(line) - 1,
			   line);
}

/* Write lines to a live smackfs rule file, as many a write as fit in
 * WRITE_MAX bytes.  When the kernel refuses a write, its lines are sent one
 * by one (setting a rule twice is harmless) to name the one it refuses. */
int smk_write_lines(const char *rel, char **lines, const struct rule **from, size_t n)
{
	char *path = smk_sfs_path(rel);
	int fd = open(path, O_WRONLY);
	char *buf = xmalloc(WRITE_MAX + 1);
	size_t i = 0;
	int rc = 0;

	if (fd < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		free(path);
		free(buf);
		return -1;
	}
	while (i < n && !rc) {
		size_t len = 0, first = i;
		ssize_t w;

		while (i < n && len + strlen(lines[i]) <= WRITE_MAX) {
			memcpy(buf + len, lines[i], strlen(lines[i]));
			len += strlen(lines[i++]);
		}
		if (i == first)
			die("%s: a rule longer than %d bytes", str_esc(path, SIZE_MAX), WRITE_MAX);
		for (size_t off = 0; off < len; off += (size_t)w) {
			w = write(fd, buf + off, len - off);
			if (w > 0)
				continue;
			if (i - first == 1) {
				refused(path, from ? from[first] : NULL, lines[first]);
				rc = -1;
				break;
			}
			for (size_t j = first; j < i && !rc; j++)
				if (write(fd, lines[j], strlen(lines[j])) < 0) {
					refused(path, from ? from[j] : NULL, lines[j]);
					rc = -1;
				}
			break;
		}
	}
	close(fd);
	free(buf);
	free(path);
	return rc;
}

/* The old interface (kernels before load2, or load --legacy) takes one
 * rule a write, labels in 24 columns, six access columns, and no changes:
 * every rule is checked against these limits before the first write, live
 * or in an image. */
static void legacy_check(const struct ruleset *rs)
{
	for (size_t i = 0; i < rs->n; i++) {
		const struct rule *r = &rs->r[i];
		const char *why = !r->set ? "load cannot change a rule (it has no change-rule)"
			: strlen(r->subj) > 23 || strlen(r->obj) > 23
				? "load takes labels of at most 23 bytes"
			: r->allow & A_B ? "load has no 'b'" : NULL;

		if (why)
			die_input("%s:%d: %s", r->file ? str_esc(r->file, SIZE_MAX) : "-", r->line, why);
	}
}

static int write_load_fixed(struct ruleset *rs)
{
	char *path = smk_sfs_path("load");
	size_t i;
	int fd;

	legacy_check(rs);
	fd = xopen(path, O_WRONLY);
	for (i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];
		char buf[64], acc[8] = "------";
		int len;

		for (int j = 0; j < 6; j++)
			if (r->allow & (1u << j))
				acc[j] = smk_letters[j];
		len = snprintf(buf, sizeof(buf), "%-23s %-23s %-6s", r->subj, r->obj, acc);
		if (write(fd, buf, len) != len) {
			char *line = xasprintf("%s %s %s\n", r->subj, r->obj,
					       smk_access_str(r->allow, acc));

			refused(path, r, line);
			free(line);
			break;
		}
	}
	close(fd);
	free(path);
	return i < rs->n ? -1 : 0;
}

/* Load a merged rule set: sets to load2, changes to change-rule. */
int smk_load_ruleset(struct ruleset *rs)
{
	char **set = xmalloc((rs->n + 1) * sizeof(char *));
	char **chg = xmalloc((rs->n + 1) * sizeof(char *));
	const struct rule **sfrom = xmalloc((rs->n + 1) * sizeof(*sfrom));
	const struct rule **cfrom = xmalloc((rs->n + 1) * sizeof(*cfrom));
	size_t ns = 0, nc = 0;
	int rc = 0;

	/* An image keeps one list, in the file the kernel would show it in
	 * (rules_file); what the legacy load file cannot take is refused as
	 * it is live. */
	if (root_dir()) {
		struct ruleset k = { 0 };

		if (TT.legacy || !strcmp(rules_file(), "load"))
			legacy_check(rs);
		smk_kernel_rules(&k, 1);
		for (size_t i = 0; i < rs->n; i++)
			smk_rs_add(&k, rs->r[i].subj, rs->r[i].obj, rs->r[i].allow, rs->r[i].deny,
			       rs->r[i].set, NULL, 0);
		smk_root_write_rules(&k);
		smk_rs_free(&k);
		free(set);
		free(chg);
		free(sfrom);
		free(cfrom);
		return 0;
	}
	for (size_t i = 0; i < rs->n; i++) {
		struct rule *r = &rs->r[i];
		char a[8], d[8];

		if (r->set) {
			sfrom[ns] = r;
			set[ns++] = xasprintf("%s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, a));
		} else {
			cfrom[nc] = r;
			chg[nc++] = xasprintf("%s %s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, a),
					      smk_access_str(r->deny, d));
		}
	}
	/* Kernels without load2 have no change-rule either. */
	if (TT.legacy || !strcmp(rules_file(), "load")) {
		rc = write_load_fixed(rs);
	} else {
		if (ns)
			rc = smk_write_lines("load2", set, sfrom, ns);
		if (!rc && nc)
			rc = smk_write_lines("change-rule", chg, cfrom, nc);
	}
	for (size_t i = 0; i < ns; i++)
		free(set[i]);
	for (size_t i = 0; i < nc; i++)
		free(chg[i]);
	free(set);
	free(chg);
	free(sfrom);
	free(cfrom);
	return rc;
}

/* Every rule the kernel shows, with no access. */
int smk_clean_all(void)
{
	struct ruleset k = { 0 };
	int rc = 0;

	smk_kernel_rules(&k, 1);
	if (root_dir()) {
		smk_root_write_rules(&(struct ruleset){ 0 });
		smk_rs_free(&k);
		return 0;
	}
	for (size_t i = 0; i < k.n; i++) {
		k.r[i].allow = 0;
		k.r[i].file = NULL;
	}
	if (k.n)
		rc = smk_load_ruleset(&k);
	smk_rs_free(&k);
	return rc;
}

