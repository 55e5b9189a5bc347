// SPDX-License-Identifier: Apache-2.0
/* label.c: Smack labels on files (security.SMACK64*), listed or set, one
 * path or a tree, as chsmack does. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/xattr.h>

#include "smackctl.h"

static const struct xa {
	char opt, rm;
	const char *name, *show;
} xattrs[] = {
	{ 'a', 'A', "security.SMACK64", "access" },
	{ 'e', 'E', "security.SMACK64EXEC", "execute" },
	{ 'm', 'M', "security.SMACK64MMAP", "mmap" },
	{ 't', 'T', "security.SMACK64TRANSMUTE", "transmute" },
};

/* One attribute: its length, 0 when it is not there (Smack reports names
 * it does not keep as empty values), -1 on an error (said). */
static ssize_t xa_get(const char *host, const char *shown, const char *name, char *buf,
		      int follow)
{
	ssize_t n = (follow ? getxattr : lgetxattr)(host, name, buf, LABEL_MAX + 1);

	if (n >= 0 && n <= LABEL_MAX) {
		buf[n] = 0;
		return n;
	}
	buf[0] = 0;
	if (n < 0 && (errno == ENODATA || errno == ENOTSUP))
		return 0;
	if (n < 0 && errno != ERANGE)
		warn_errno("%s: %s", str_esc(shown, SIZE_MAX), name);
	else
		warn("%s: %s: longer than %d bytes", str_esc(shown, SIZE_MAX), name, LABEL_MAX);
	return -1;
}

/* path is named as the user names it (under a root: inside it, as after
 * chroot), shown is what is printed.  Under a root the host path comes
 * from root_file: with follow every link is resolved inside the root, and
 * without it the last one is kept and the l* calls act on the link itself;
 * no call is ever left to follow a link on the host.  Live, the calls
 * follow links as asked. */
static void label_one(struct label_job *j, const char *path, const char *shown, int follow)
{
	int deref = follow && !root_dir();
	char *host = root_dir() ? root_file(path, follow ? 0 : ROOT_NOFOLLOW) : xstrdup(path);
	struct stat st;

	if (!host || (deref ? stat : lstat)(host, &st)) {
		warn_errno("%s", str_esc(shown, SIZE_MAX));
		j->rc = 1;
		free(host);
		return;
	}
	if (!j->modify) {
		char v[ARRAY_SIZE(xattrs)][LABEL_MAX + 2];
		int any = 0, bad = 0;

		for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
			ssize_t n = xa_get(host, shown, xattrs[i].name, v[i], deref);

			bad |= n < 0;
			any |= n > 0;
		}
		j->rc |= bad;
		if (j->json) {
			printf("%s{", j->shown++ ? "," : "");
			smk_json_str("path", shown, 0);
			for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++)
				smk_json_str(xattrs[i].show, v[i][0] ? v[i] : NULL, 1);
			putchar('}');
		} else if (any) {
			fputs(shown, stdout);
			for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++)
				if (v[i][0])
					printf(" %s=\"%s\"", xattrs[i].show, v[i]);
			putchar('\n');
		} else if (!bad) {
			printf("%s: No smack property found\n", shown);
		}
	} else {
		for (size_t i = 0; i < ARRAY_SIZE(xattrs); i++) {
			const char *v = j->set[i];
			int r = 0;

			if (v && i == 3 && !S_ISDIR(st.st_mode)) {
				if (!j->recurse) {
					warn("%s: transmute: not a directory", str_esc(shown, SIZE_MAX));
					j->rc = 1;
				}
				continue;
			}
			if (v)
				r = (deref ? setxattr : lsetxattr)(host, xattrs[i].name, v, strlen(v), 0);
			else if (j->rm[i]) {
				r = (deref ? removexattr : lremovexattr)(host, xattrs[i].name);
				if (r && errno == ENODATA)
					r = 0;
			}
			if (r) {
				warn_errno("%s: %s", str_esc(shown, SIZE_MAX), xattrs[i].name);
				j->rc = 1;
			}
		}
	}
	free(host);
}

/* -r: lib's tree walk (in the jail under a root, loops found with -L,
 * each directory's entries in name order), each entry as label_one. */
struct label_walk {
	struct label_job *j;
	const char *given;	/* the start as shown */
	const char *prefix;	/* shown before the paths below it, or NULL */
};

static int label_visit(const struct dirtree_ent *e, void *arg)
{
	struct label_walk *w = arg;
	char *shown = e->depth && w->prefix ? xasprintf("%s%s", w->prefix, e->path) : NULL;

	label_one(w->j, e->path, shown ? shown : e->depth ? e->path : w->given, w->j->follow);
	free(shown);
	return DIRTREE_CONTINUE;
}

static int label_walk_error(const struct dirtree_ent *e, int err, void *arg)
{
	struct label_walk *w = arg;
	const char *shown = str_esc(e->depth ? e->path : w->given, SIZE_MAX);

	if (err == ELOOP && e->st && S_ISDIR(e->st->st_mode)) {
		warn("%s: a directory loop (a link to a directory above): not entered", shown);
	} else {
		errno = err;
		warn_errno("%s", shown);
	}
	w->j->rc = 1;
	return DIRTREE_CONTINUE;
}

/* path, shown with prefix (NULL: none) in front of it and of every path
 * below it. */
static void label_path(struct label_job *j, const char *path, const char *prefix)
{
	char *shown = prefix ? xasprintf("%s%s", prefix, path) : NULL;
	struct label_walk w = { j, shown ? shown : path, prefix };
	struct dirtree t = { j->follow ? DIRTREE_FOLLOW | DIRTREE_SORT : DIRTREE_SORT, 0,
			     label_visit, label_walk_error, &w, 0, 0 };

	if (!j->recurse)
		label_one(j, path, w.given, j->follow);
	else
		dirtree_walk(&t, path);
	free(shown);
}

void smk_label_paths(struct label_job *j, int argc, char **argv)
{
	if (!argc) {
		size_t n;
		/* Under a root "." is the image's "/", where chroot starts. */
		char **v = smk_dir_list(root_dir() ? "/" : ".", 0, smk_list_name, &n);

		for (size_t i = 0; i < n; i++) {
			label_path(j, v[i], j->prefix);
			free(v[i]);
		}
		free(v);
	}
	for (int i = 0; i < argc; i++)
		label_path(j, argv[i], NULL);
}

int smk_cmd_label(int argc, char **argv)
{
	/* Setters and removers in the order of xattrs[]: O_ACCESS + i, O_RM_ACCESS + i. */
	enum {
		O_ACCESS, O_EXEC, O_MMAP, O_TRANSMUTE, O_RM_ACCESS, O_RM_EXEC, O_RM_MMAP,
		O_RM_TRANSMUTE, O_DROP, O_RECURSIVE, O_DEREF, O_DROP_D, O_JSON, O_N
	};
	struct opt o[] = {
		[O_ACCESS] = { 'a', "access", OPT_ARG }, [O_EXEC] = { 'e', "exec", OPT_ARG },
		[O_MMAP] = { 'm', "mmap", OPT_ARG }, [O_TRANSMUTE] = { 't', "transmute", 0 },
		[O_RM_ACCESS] = { 'A', NULL, 0 }, [O_RM_EXEC] = { 'E', NULL, 0 },
		[O_RM_MMAP] = { 'M', NULL, 0 }, [O_RM_TRANSMUTE] = { 'T', NULL, 0 },
		[O_DROP] = { 'D', "drop", 0 }, [O_RECURSIVE] = { 'r', "recursive", 0 },
		[O_DEREF] = { 'L', "dereference", 0 }, [O_DROP_D] = { 'd', NULL, 0 },
		[O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END,
	};
	struct label_job j = { 0 };

	opt_parse(&argc, &argv, o, 0);
	for (int i = O_ACCESS; i <= O_MMAP; i++)
		if (o[i].seen) {
			const char *e = smk_label_error(o[i].arg, strlen(o[i].arg));

			if (e)
				usage_error("-%c '%s': %s", o[i].sh, str_esc(o[i].arg, SIZE_MAX), e);
			if (i && (!strcmp(o[i].arg, "*") || !strcmp(o[i].arg, "@")))
				usage_error("-%c: %s cannot be an %s label", o[i].sh, o[i].arg,
					    xattrs[i].show);
			j.set[i] = o[i].arg;
		}
	if (o[O_TRANSMUTE].seen)
		j.set[3] = "TRUE";
	for (int i = 0; i < 4; i++) {
		j.rm[i] = o[O_RM_ACCESS + i].seen || o[O_DROP].seen || o[O_DROP_D].seen;
		/* Name the option given: -A, or -D (-d) that removes all four. */
		if (j.rm[i] && j.set[i])
			usage_error("-%c and -%c together", xattrs[i].opt,
				    o[O_RM_ACCESS + i].seen ? xattrs[i].rm : o[O_DROP].seen ? 'D' : 'd');
		j.modify |= j.rm[i] || j.set[i];
	}
	j.recurse = o[O_RECURSIVE].seen;
	j.follow = o[O_DEREF].seen;
	j.json = o[O_JSON].seen;
	if (j.json && j.modify)
		usage_error("label: --json is for listing");
	if (j.json)
		putchar('[');
	/* As chsmack: no PATH lists the entries of "."; it would change them too. */
	if (!argc && j.modify)
		usage_error("label: no PATH");
	smk_label_paths(&j, argc, argv);
	if (j.json)
		printf("]\n");
	return j.rc;
}

