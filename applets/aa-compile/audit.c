// SPDX-License-Identifier: Apache-2.0
/* audit.c: aa-compile's checks for lsmbox audit: each profile file the
 * image's boot would load from /etc/apparmor.d compiled as aa-compile -Q
 * compiles it (lex, parse, resolve, DFAs, records), nothing loaded; the
 * files shared out in name order among -j children. */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

#define AA_DIR "/etc/apparmor.d"

static const char *const search[] = { AA_DIR };
static const struct aa_lex_opts lex_opts = { search, 1, NULL };
static const char todo_compile[] =
	"correct it: at boot apparmor_parser refuses the whole file, and loads none of its profiles (aa-compile -Q -K checks a profile)";

/* A path as the image sees it: the root taken off a host path (for the
 * messages that name one). */
static const char *shown(const char *host)
{
	const char *r = root_dir();
	size_t n = r ? strlen(r) : 0;

	return n && !strncmp(host, r, n) && host[n] == '/' ? host + n : host;
}


/* A profile file: its path in the image, and on the host. */
struct file {
	char *path, *host;
};

static struct {
	const struct file *rows;
	const struct audit_check *chunks;	/* a child's share of rows, in order */
	size_t nrows, nchunks;
	const struct file *now;		/* the file being compiled */
	int warn_sev;			/* what a warn without a place is */
	void (*sink)(int sev, const struct srcloc *loc, const char *msg);
} A;

/* diag_sink while a file compiles: its findings in its name.  What has
 * no place is the file's; "HOSTPATH: why" (the lexer's bounds) is said at
 * the place; an included file's says which profile file it fails. */
static void file_sink(int sev, const struct srcloc *loc, const char *msg)
{
	const char *file = A.now->path, *host = A.now->host;
	struct srcloc at = loc ? *loc : (struct srcloc){ file, 0, 0 };
	size_t n = strlen(host);
	char *m;

	if (!loc && sev == DIAG_WARNING)
		sev = A.warn_sev;
	if (!strcmp(at.file, host))
		at.file = file;
	if (!strncmp(msg, host, n) && !strncmp(msg + n, ": ", 2))
		m = xstrdup(msg + n + 2);
	else if (strcmp(at.file, file))
		m = xasprintf("%s (compiling %s)", msg, file);
	else
		m = xstrdup(msg);
	A.sink(sev, &at, m);
	free(m);
}

/* One profile file, as aa-compile -Q compiles it. */
static void compile_one(void *arg)
{
	const char *file = A.now->path, *name = strrchr(file, '/') + 1;
	struct aa_emit_opts eo = { aa_kf.abi, NULL, 0, 0, 0 };
	struct aa_policy pol = { 0 };
	struct buf out = BUF_INIT(0);
	struct aa_lex *lx;

	(void)arg;
	/* what stops the file's read (over AA_FILE_MAX) stops its compile */
	A.warn_sev = AUDIT_ERROR;
	lx = aa_lex_open(A.now->host, &lex_opts);
	A.warn_sev = AUDIT_WARNING;
	if (!lx) {
		if (errno)
			audit_report(AUDIT_ERROR, file, 0, NULL, "cannot be read: %s", strerror(errno));
		return;
	}
	if (aa_in_mode_dir(AA_DIR, "force-complain", name))
		audit_report(AUDIT_INFO, file, 0, "aa-compile --root DIR enforce PROFILE, to enforce it",
			     "forced to complain mode (%s/force-complain/%s): its rules are logged, not enforced",
			     AA_DIR, name);
	if (aa_parse(lx, &pol) == 0)
		for (struct aa_profile *prof = pol.profiles; prof; prof = prof->next) {
			if (prof->mode == 2)	/* flags=(complain) */
				audit_report(AUDIT_INFO, prof->loc.file, prof->loc.line,
					     "aa-compile --root DIR enforce PROFILE, to enforce it",
					     "profile %s is in complain mode: its rules are logged, not enforced",
					     prof->name);
			if (aa_emit(&pol, prof, &eo, &out) < 0)
				break;
			out.len = 0;
		}
	buf_free(&out);
	aa_policy_free(&pol);
	aa_lex_close(lx);	/* last: the locations in pol name its files */
}

/* A child's share of the files (audit_run's, below), one after another
 * as aa-compile compiles a directory: a process a file would cost twice
 * the time in fork and fresh memory. */
static void compile_chunk(void)
{
	size_t k = (size_t)(audit_running() - A.chunks);

	A.sink = diag_sink;
	diag_sink = file_sink;
	for (size_t i = k * A.nrows / A.nchunks; i < (k + 1) * A.nrows / A.nchunks; i++) {
		A.now = &A.rows[i];
		audit_try(compile_one, NULL);
	}
	diag_sink = A.sink;
}

/* A child's findings as this check's.  (Each one's to do is freed after:
 * every child was started before, none is after.) */
static void relay(struct audit_result *r, void *arg)
{
	(void)arg;
	for (size_t i = 0; i < r->n; i++) {
		const struct audit_finding *f = &r->f[i];

		audit_todo(f->todo);
		diag_sink(f->sev, f->file ? &(struct srcloc){ f->file, f->line, f->col } : NULL, f->msg);
	}
	audit_result_free(r);
}

/* The kernel features profiles compile for: --apparmor-features, else
 * parser.conf's policy-features (both in the image), else aa-compile's
 * built-in ones (Debian 12's 6.1 kernel).  0, or -1 after a finding. */
static int features(void)
{
	const char *given = audit_opt.aa_features, *why = NULL;
	char *host = NULL;
	struct stat st;
	int rc = -1;

	audit_warn_sev(AUDIT_ERROR);
	if (given) {
		audit_todo("give --apparmor-features the target kernel's features: a copy of its /sys/kernel/security/apparmor/features, or the file aa-features-abi writes");
		host = root_file(given, 0);
	} else {
		audit_todo("correct /etc/apparmor/parser.conf: apparmor_parser reads it before any profile at boot");
		if (aa_parser_conf(&host) < 0)
			goto out;
		if (!host) {
			rc = 0;
			goto out;
		}
	}
	/* not a FIFO, which would hang the read */
	if (!host || stat(host, &st) < 0)
		why = strerror(errno);
	else if (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		why = "not a file or a directory";
	if (why) {
		audit_report(AUDIT_ERROR, given ? NULL : "/etc/apparmor/parser.conf", 0, NULL,
			     "%s%s: %s: no profile compiled",
			     given ? "--apparmor-features " : "policy-features=",
			     given ? given : shown(host), why);
		goto out;
	}
	if (aa_features_kernel(host) < 0 || aa_features_pin(host) < 0)
		goto out;
	aa_features_policy(NULL);
	if (!aa_features_has(aa_features_kernel_text(), "policy/versions"))
		audit_report(AUDIT_WARNING, given ? given : shown(host), 0, NULL,
			     "no policy/versions in these kernel features: the profiles are compiled for policy ABI 5 and the oldest rules");
	rc = 0;
out:
	audit_warn_sev(AUDIT_WARNING);
	free(host);
	return rc;
}

static void audit_profiles(void)
{
	struct file *rows = NULL;
	const struct audit_check **run = NULL;
	size_t nrows = 0, disabled = 0;
	char *dir = root_file(AA_DIR, 0), **names;
	DIR *d = dir ? opendir(dir) : NULL;
	int n;

	free(dir);
	if (!d) {
		if (errno == ENOENT)
			audit_report(AUDIT_INFO, NULL, 0, NULL, "no %s: the image has no AppArmor profiles",
				     AA_DIR);
		else
			audit_report(AUDIT_ERROR, AA_DIR, 0, NULL, "cannot be read: %s", strerror(errno));
		return;
	}
	n = aa_dir_names(d, 65536, &names);
	closedir(d);
	if (n < 0) {
		audit_report(AUDIT_ERROR, AA_DIR, 0, NULL, "over 65536 entries: not checked");
		return;
	}
	/* what apparmor_parser names and skips at boot (foo.rpmnew) */
	audit_warn_sev(AUDIT_INFO);
	audit_todo("remove the leftover: apparmor_parser skips it at boot");
	for (int i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", AA_DIR, names[i]), *host;
		struct stat st;

		if (aa_skipped_name(names[i], path)) {
			free(path);
			continue;
		}
		host = root_file(path, 0);
		if (!host || stat(host, &st) < 0) {
			audit_report(AUDIT_WARNING, path, 0, "remove it, or make it the profile it should be",
				     "cannot be resolved (%s): apparmor_parser skips it at boot",
				     strerror(errno));
		} else if (S_ISDIR(st.st_mode)) {
			/* abstractions/, tunables/, disable/ ...: included, not loaded */
		} else if (!S_ISREG(st.st_mode)) {
			audit_report(AUDIT_WARNING, path, 0, "remove it from " AA_DIR,
				     "not a regular file: no profile apparmor_parser could load at boot");
		} else if (aa_in_mode_dir(AA_DIR, "disable", names[i])) {
			audit_report(AUDIT_INFO, path, 0,
				     "if it should confine: aa-compile --root DIR enforce PROFILE",
				     "disabled (%s/disable/%s): not compiled, not loaded at boot", AA_DIR,
				     names[i]);
			disabled++;
		} else {
			XROOM(rows, nrows);
			rows[nrows++] = (struct file){ path, host };
			path = host = NULL;
		}
		free(path);
		free(host);
	}
	aa_names_free(names, n);
	audit_warn_sev(AUDIT_WARNING);
	if (nrows + disabled)
		audit_lsm_report("apparmor", "AppArmor profiles", AA_DIR);
	if (nrows && features() == 0) {
		struct audit_check *chunks;

		A.rows = rows;
		A.nrows = nrows;
		A.nchunks = audit_opt.jobs < 1 ? 1 : nrows < (size_t)audit_opt.jobs ? nrows : (size_t)audit_opt.jobs;
		A.chunks = chunks = xmalloc(A.nchunks * sizeof(*chunks));
		run = xmalloc(A.nchunks * sizeof(*run));
		for (size_t i = 0; i < A.nchunks; i++) {
			chunks[i] = (struct audit_check){ "apparmor", "profiles", AA_DIR, compile_chunk };
			run[i] = &chunks[i];
		}
		audit_todo(todo_compile);
		audit_run(run, A.nchunks, (int)A.nchunks, relay, NULL);
		free(chunks);
	}
	for (size_t i = 0; i < nrows; i++) {
		free(rows[i].path);
		free(rows[i].host);
	}
	free(rows);
	free(run);
}

const struct audit_check aa_audit[] = {
	{ "apparmor", "profiles",
	  "/etc/apparmor.d: each profile the boot loads compiles for the target's kernel features",
	  audit_profiles },
	{ NULL, NULL, NULL, NULL }
};
