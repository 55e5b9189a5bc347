// SPDX-License-Identifier: Apache-2.0
/* audit.c: lsmbox audit: every offline check of every applet over a whole
 * image (or the live system), in one run, in parallel, one report. */
/* applet: audit
 * summary: check a whole image's (or this system's) security configuration
 * usage: lsmbox audit [--root DIR] [--only SUBSYSTEM,...] [--kernel-config FILE] [-j N] [--strict] [--json]
 * usage: lsmbox audit --list
 * multiplexer: only
 * help:
 * Run every check each applet can make without the kernel, over the image
 * under --root DIR (else the live system's files): AppArmor profiles
 * compile, Smack and TOMOYO policy parse and would load, the SELinux store
 * is whole, files IMA would appraise carry signatures that verify, modules
 * are signed, Yama and link sysctls are as meant, the keys the image
 * expects parse.  Each finding says its subsystem, its severity (error,
 * warning, info), FILE:LINE where there is one, what is wrong and what to
 * do.  Findings are printed in the checks' order, whatever -j ran first.
 *
 *   --only S,...     only these subsystems: apparmor smack tomoyo selinux
 *                    ima modules yama keys
 *   --kernel-config FILE  the target kernel's .config (under --root: in
 *                    the image), to know which LSMs and features it has;
 *                    default: the image's /boot/config-* (the highest
 *                    version), live: /boot/config-$(uname -r)
 *   --no-kernel-config  none: LSMs are taken to be there
 *   --cert C,...     certificates IMA and EVM signatures must verify with
 *                    (default: the image's /etc/keys/x509_ima.der and
 *                    x509_evm.der)
 *   --module-cert C,...  certificates modules must be signed with
 *                    (default: signatures are parsed, not verified)
 *   --apparmor-features FILE  the kernel features profiles compile for
 *                    (under --root: in the image; default: the image's
 *                    parser.conf policy-features, else aa-compile's own)
 *   -j, --jobs N     run N checks at once (default: the CPUs, at most 8)
 *   --strict         warnings fail too (exit 1)
 *   --json           one JSON object (docs/audit.md has its schema)
 *   --list           the checks, "SUBSYSTEM/NAME what", one a line
 *
 * Exit status: 0 no errors (and with --strict no warnings), 1 warnings
 * only with --strict, 2 errors, or bad usage.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "lsmbox.h"
#include "config.h"

static const struct audit_check *const sets[] = {
#if CFG_APPLET_AA_COMPILE
	aa_audit,
#endif
#if CFG_APPLET_SMACKCTL
	smk_audit,
#endif
#if CFG_APPLET_TOMOYO_EDIT
	tmy_audit,
#endif
#if CFG_APPLET_SEMODULE_LITE
	sel_audit,
#endif
#if CFG_APPLET_IMASIGN
	ima_audit,
#endif
#if CFG_APPLET_YAMA_PTRACE
	yama_audit,
#endif
	NULL
};

static const char *const subsystems[] = { "apparmor", "smack",   "tomoyo", "selinux",
					  "ima",      "modules", "yama",   "keys" };

static struct {
	int json, strict, shown;
	size_t count[3];
	size_t checks;
} TT;

static const char *const sev_name[] = { "info", "warning", "error" };

/* The highest-versioned /boot/config-* of the image, or NULL. */
static char *image_kconfig(void)
{
	char *dir = root_path("/boot"), *best = NULL;
	DIR *d = opendir(dir);
	struct dirent *e;

	free(dir);
	if (!d)
		return NULL;
	while ((e = readdir(d))) {
		if (strncmp(e->d_name, "config-", 7) || !e->d_name[7])
			continue;
		if (!best || strverscmp(e->d_name, best) > 0) {
			free(best);
			best = xstrdup(e->d_name);
		}
	}
	closedir(d);
	if (best) {
		char *p = xasprintf("/boot/%s", best);

		free(best);
		return p;
	}
	return NULL;
}

static void kconfig(const char *given, int none)
{
	char *path = NULL;
	struct utsname u;

	if (none)
		return;
	if (given) {
		audit_kconfig_read(given, given);
		return;
	}
	if (root_dir())
		path = image_kconfig();
	else if (uname(&u) == 0)
		path = xasprintf("/boot/config-%s", u.release);
	if (path) {
		char *host = root_file(path, 0);

		if (host && access(host, F_OK) == 0)
			audit_kconfig_read(path, path);
		free(host);
	}
	free(path);
}

static void json_finding(const struct audit_result *r, const struct audit_finding *f)
{
	printf("%s\n  {\"subsystem\":", TT.shown++ ? "," : "");
	json_quote(r->check->subsys);
	printf(",\"check\":");
	json_quote(r->check->name);
	printf(",\"severity\":\"%s\",\"file\":", sev_name[f->sev]);
	json_quote(f->file);
	if (f->line)
		printf(",\"line\":%d", f->line);
	else
		printf(",\"line\":null");
	if (f->col)
		printf(",\"column\":%d", f->col);
	else
		printf(",\"column\":null");
	printf(",\"message\":");
	json_quote(f->msg);
	printf(",\"todo\":");
	json_quote(f->todo);
	putchar('}');
}

static void text_finding(const struct audit_result *r, const struct audit_finding *f)
{
	printf("%s: %s: ", sev_name[f->sev], r->check->subsys);
	if (f->file && f->line && f->col)
		printf("%s:%d:%d: ", f->file, f->line, f->col);
	else if (f->file && f->line)
		printf("%s:%d: ", f->file, f->line);
	else if (f->file)
		printf("%s: ", f->file);
	printf("%s\n", f->msg);
	if (f->todo)
		printf("    to do: %s\n", f->todo);
}

/* A warning of the runner's about a check's findings, after them. */
static void note(const struct audit_result *r, const char *fmt, ...) PRINTF(2, 3);
static void note(const struct audit_result *r, const char *fmt, ...)
{
	struct audit_finding f = { AUDIT_WARNING, 0, 0, NULL, NULL, NULL };
	char msg[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	f.msg = msg;
	TT.count[AUDIT_WARNING]++;
	if (TT.json)
		json_finding(r, &f);
	else
		text_finding(r, &f);
}

static void done(struct audit_result *r, void *arg)
{
	(void)arg;
	TT.checks++;
	for (size_t i = 0; i < r->n; i++) {
		TT.count[r->f[i].sev]++;
		if (TT.json)
			json_finding(r, &r->f[i]);
		else
			text_finding(r, &r->f[i]);
	}
	if (r->dropped)
		note(r, "%zu more findings not shown", r->dropped);
	if (r->cut)
		note(r, "the check said more than %zu MiB: the rest was not read", AUDIT_OUTPUT_MAX >> 20);
	audit_result_free(r);
}

static int wanted(const char *only, const char *subsys)
{
	size_t n = strlen(subsys);

	for (const char *p = only; p && *p;) {
		size_t k = strcspn(p, ",");

		if (k == n && !strncmp(p, subsys, n))
			return 1;
		p += k + !!p[k];
	}
	return !only;
}

static void check_only(const char *only)
{
	for (const char *p = only; *p;) {
		size_t k = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(subsystems); i++)
			if (strlen(subsystems[i]) == k && !strncmp(p, subsystems[i], k))
				break;
		if (i == ARRAY_SIZE(subsystems))
			usage_error("--only: no subsystem '%.*s' (apparmor smack tomoyo selinux ima modules yama keys)",
				    (int)k, p);
		p += k + !!p[k];
	}
}

int audit_main(int argc, char **argv)
{
	enum { O_ONLY, O_KCONFIG, O_NOKCONFIG, O_CERT, O_MODCERT, O_AAFEAT, O_JOBS, O_STRICT,
	       O_JSON, O_LIST, O_N };
	struct opt o[] = { [O_ONLY] = { 0, "only", OPT_ARG },
			   [O_KCONFIG] = { 0, "kernel-config", OPT_ARG },
			   [O_NOKCONFIG] = { 0, "no-kernel-config", 0 },
			   [O_CERT] = { 0, "cert", OPT_ARG },
			   [O_MODCERT] = { 0, "module-cert", OPT_ARG },
			   [O_AAFEAT] = { 0, "apparmor-features", OPT_ARG },
			   [O_JOBS] = { 'j', "jobs", OPT_ARG },
			   [O_STRICT] = { 0, "strict", 0 },
			   [O_JSON] = { 0, "json", 0 },
			   [O_LIST] = { 0, "list", 0 },
			   [O_N] = OPT_END };
	const struct audit_check **run = NULL;
	size_t n = 0;
	int jobs = pool_cpus() < 8 ? pool_cpus() : 8;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	if (o[O_ONLY].seen)
		check_only(o[O_ONLY].arg);
	if (o[O_JOBS].seen)
		jobs = (int)xstrtonum(o[O_JOBS].arg, 1, POOL_MAX_JOBS, "-j");
	if (o[O_KCONFIG].seen && o[O_NOKCONFIG].seen)
		usage_error("--kernel-config and --no-kernel-config: one of them");
	audit_opt.certs = o[O_CERT].arg;
	audit_opt.module_certs = o[O_MODCERT].arg;
	audit_opt.aa_features = o[O_AAFEAT].arg;
	audit_opt.jobs = jobs;
	TT.json = o[O_JSON].seen;
	TT.strict = o[O_STRICT].seen;

	for (size_t s = 0; sets[s]; s++)
		for (const struct audit_check *c = sets[s]; c->run; c++) {
			if (o[O_LIST].seen)
				printf("%s/%s %s\n", c->subsys, c->name, c->what);
			else if (wanted(o[O_ONLY].arg, c->subsys)) {
				XROOM(run, n);
				run[n++] = c;
			}
		}
	if (o[O_LIST].seen)
		return 0;
	/* A subsystem asked for whose applet this build lacks: no silent pass. */
	for (const char *p = o[O_ONLY].arg; p && *p;) {
		size_t k = strcspn(p, ","), i;

		for (i = 0; i < n; i++)
			if (strlen(run[i]->subsys) == k && !strncmp(run[i]->subsys, p, k))
				break;
		if (i == n)
			usage_error("--only: this build has no check of %.*s", (int)k, p);
		p += k + !!p[k];
	}

	/* Bad input of the command line's own (an unreadable or malformed
	 * kernel config) stops here, exit 2, before any check runs. */
	die_status = 2;
	kconfig(o[O_KCONFIG].arg, o[O_NOKCONFIG].seen);
	die_status = 1;

	if (TT.json) {
		printf("{\"version\":1,\"root\":");
		json_quote(root_dir() ? (*root_dir() ? root_dir() : "/") : NULL);
		printf(",\"kernel_config\":");
		json_quote(audit_kconfig_file());
		printf(",\"findings\":[");
	}
	audit_run(run, n, jobs, done, NULL);
	if (TT.json)
		printf("%s],\"checks\":%zu,\"errors\":%zu,\"warnings\":%zu,\"infos\":%zu}\n",
		       TT.shown ? "\n" : "", TT.checks, TT.count[AUDIT_ERROR], TT.count[AUDIT_WARNING],
		       TT.count[AUDIT_INFO]);
	else
		printf("%zu error%s, %zu warning%s, %zu info in %zu checks%s%s\n",
		       TT.count[AUDIT_ERROR], TT.count[AUDIT_ERROR] == 1 ? "" : "s",
		       TT.count[AUDIT_WARNING], TT.count[AUDIT_WARNING] == 1 ? "" : "s",
		       TT.count[AUDIT_INFO], TT.checks,
		       audit_kconfig_file() ? "; kernel config " : "; no kernel config",
		       audit_kconfig_file() ? audit_kconfig_file() : "");
	free(run);
	if (TT.count[AUDIT_ERROR])
		return 2;
	return TT.strict && TT.count[AUDIT_WARNING] ? 1 : 0;
}
