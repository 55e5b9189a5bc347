// SPDX-License-Identifier: Apache-2.0
/* apply.c: smackctl apply: /etc/smack (accesses.d, cipso.d, netlabel.d,
 * onlycap) read and checked whole before anything is written. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smackctl.h"

static void lines_add(struct lines *l, char *s, const char *file, int line)
{
	XROOM(l->v, l->n);
	XROOM(l->where, l->n);
	l->where[l->n] = xasprintf("%s:%d", str_esc(file, SIZE_MAX), line);
	l->v[l->n++] = s;
}

/* The lines of one config file's text (cut in place), named name:
 * CFG_CIPSO and CFG_NETLABEL lines become what cipso2 and netlabel take,
 * CFG_LABELS lines have their labels checked; comments and empty lines
 * are skipped.  Errors are counted (diag), not fatal. */
static void config_text(const char *name, char *text, struct lines *out, int kind)
{
	int lineno = 0;
	char *l, *p = text;

	/* strtok_r would hide empty lines from the numbering. */
	while (p) {
		char *nl = strchr(p, '\n'), *start = p;

		if (nl)
			*nl = 0;
		l = p;
		p = nl ? nl + 1 : NULL;
		lineno++;
		while (isspace((unsigned char)*l))
			l++;
		if (!*l || *l == '#' || *l == ';')
			continue;
		for (char *e = l + strlen(l); e > l && isspace((unsigned char)e[-1]);)
			*--e = 0;
		if (kind == CFG_CIPSO) {
			char *c, *e;
			int col;

			if ((e = smk_cipso_line(l, &c, &col)))
				diag(&(struct srcloc){ name, lineno, (int)(l - start) + col }, "%s", e);
			else
				lines_add(out, c, name, lineno);
			free(e);
			continue;
		}
		if (kind == CFG_NETLABEL) {
			char *tok[3], *v, *e = NULL;

			/* Split in place: no field is copied into a buffer of its own. */
			if (smk_split_fields(l, tok, 3) == 2)
				e = smk_host_line(0, tok[0], tok[1], &v);
			else
				e = xstrdup("a host line is ADDRESS[/BITS] LABEL|-CIPSO");
			if (e)
				diag(&(struct srcloc){ name, lineno, (int)(l - start) + 1 }, "%s", e);
			else
				lines_add(out, v, name, lineno);
			free(e);
			continue;
		}
		for (char *t = l; kind == CFG_LABELS && *t;) {
			size_t n = strcspn(t, " \t");
			const char *e = smk_label_error(t, n);

			if (e)
				diag(&(struct srcloc){ name, lineno, (int)(t - start) + 1 },
				     "'%s': %s", mem_esc(t, n, SIZE_MAX), e);
			t += n;
			t += strspn(t, " \t");
		}
		lines_add(out, xstrdup(l), name, lineno);
	}
}

/* Each line of the files of src (a file, a directory of them, or "-",
 * stdin) into out, as config_text takes them; a src that is not there adds
 * none. */
void smk_read_config(const char *src, struct lines *out, int kind)
{
	struct stat st;
	char **files, *one[1], *host;
	size_t nf;

	if (!strcmp(src, "-")) {
		char *text = smk_read_text(0, "-", NULL);

		config_text("-", text, out, kind);
		free(text);
		return;
	}
	host = smk_host_path(src);
	if (stat(host, &st)) {
		if (errno != ENOENT)
			die_errno("%s", str_esc(host, SIZE_MAX));
		free(host);
		return;
	}
	free(host);
	if (S_ISDIR(st.st_mode)) {
		files = smk_dir_files(src, &nf);
	} else {
		one[0] = xstrdup(src);
		files = one;
		nf = 1;
	}
	for (size_t i = 0; i < nf; i++) {
		char *name, *text = smk_read_source(files[i], &name, NULL);

		config_text(name, text, out, kind);
		free(text);
		free(name);
		free(files[i]);
	}
	if (files != one)
		free(files);
}

/* apply cleans every rule before it loads: a config that is not there, or
 * that holds no rule, would leave the kernel with none.  Both are refused
 * (exit 2, nothing written); --allow-empty is for a policy of no rules. */
int smk_cmd_apply(int argc, char **argv)
{
	enum { O_CONFIG, O_ALLOW_EMPTY, O_N };
	struct opt o[] = { [O_CONFIG] = { 0, "config", OPT_ARG }, [O_ALLOW_EMPTY] = { 0, "allow-empty", 0 },
			   [O_N] = OPT_END };
	struct lines *cipso = &TT.cipso, *netlabel = &TT.netlabel, *onlycap = &TT.onlycap;
	const char *cfg;
	char *p, *host;
	struct stat st;
	int rc = 0, have_access;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	cfg = o[O_CONFIG].arg ? o[O_CONFIG].arg : "/etc/smack";
	host = smk_host_path(cfg);
	errno = 0;
	if (stat(host, &st) < 0 || !S_ISDIR(st.st_mode)) {
		const char *why = errno ? strerror(errno) : "not a directory";
		/* str_esc keeps its copy: host can go before the exit. */
		const char *shown = str_esc(host, SIZE_MAX);

		free(host);
		usage_error("apply: %s%s: %s", o[O_CONFIG].arg ? "--config " : "", shown, why);
	}
	free(host);
	p = smk_path_join(cfg, "accesses.d");
	host = smk_host_path(p);
	if ((have_access = !stat(host, &st)))
		smk_parse_source(&TT.rs, p);
	free(p);
	smk_read_config(p = smk_path_join(cfg, "cipso.d"), cipso, CFG_CIPSO);
	free(p);
	smk_read_config(p = smk_path_join(cfg, "netlabel.d"), netlabel, CFG_NETLABEL);
	free(p);
	smk_read_config(p = smk_path_join(cfg, "onlycap"), onlycap, CFG_LABELS);
	free(p);
	diag_fail(0, "; nothing applied");
	if (!TT.rs.n && !o[O_ALLOW_EMPTY].seen)
		die_input("apply: %s %s: it would clean every rule and load none; nothing applied "
			  "(--allow-empty to do that)", str_esc(host, SIZE_MAX),
			  have_access ? "holds no rule" : "is missing");
	free(host);
	if ((cipso->n && smk_list_errors("cipso2")) + (netlabel->n && smk_list_errors("netlabel")))
		exit(2);
	if (smk_clean_all() || smk_load_ruleset(&TT.rs))
		return 1;
	for (size_t i = 0; i < cipso->n; i++)
		rc |= smk_put_setting("cipso2", cipso->v[i], strlen(cipso->v[i]), cipso->where[i]);
	for (size_t i = 0; i < netlabel->n; i++)
		rc |= smk_put_setting("netlabel", netlabel->v[i], strlen(netlabel->v[i]),
				  netlabel->where[i]);
	if (onlycap->n) {
		char *all = xstrdup("");

		for (size_t i = 0; i < onlycap->n; i++) {
			char *save, *t, *n;

			for (t = strtok_r(onlycap->v[i], " \t", &save); t;
			     t = strtok_r(NULL, " \t", &save)) {
				n = xasprintf("%s%s ", all, t);
				free(all);
				all = n;
			}
		}
		rc |= smk_put_setting("onlycap", all, strlen(all), onlycap->where[0]);
		free(all);
	}
	return rc ? 1 : 0;
}

