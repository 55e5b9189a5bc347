// SPDX-License-Identifier: Apache-2.0
/* audit.c: tomoyo-edit's checks for lsmbox audit: /etc/tomoyo as the
 * kernel's policy loader would load it at boot, every line checked as
 * Linux 6.1 parses it, and what would stop the machine. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

/* A line's verdict as findings, at the file's place: what the kernel
 * would drop is an error, what it takes otherwise than written a warning. */
static void report(struct tmy_check *c, int line, bool ok, bool last, void *arg)
{
	const char *name = arg;

	for (int i = 0; i < c->nwarn; i++)
		diag_warn(&(struct srcloc){ name, line, 0 }, "%s", c->warn[i]);
	if (!ok)
		diag(&(struct srcloc){ name, line, 0 }, "%s%s%s%s", c->why, c->bad[0] ? ": '" : "",
		     c->bad, c->bad[0] ? "'" : "");
	if (last)
		diag_warn(&(struct srcloc){ name, line, 0 },
			  "no newline at the end: the kernel never reads such a last line");
}

/* What the target kernel does with /etc/tomoyo at boot: it runs the policy
 * loader (CONFIG_SECURITY_TOMOYO_POLICY_LOADER, default /sbin/tomoyo-init)
 * before init, unless built to omit it; no loader, no policy loaded. */
static void loader(void)
{
	const char *path = audit_kconfig("CONFIG_SECURITY_TOMOYO_POLICY_LOADER");
	char *host;

	if (!audit_kconfig_file() || !audit_kconfig("CONFIG_SECURITY_TOMOYO"))
		return;
	if (audit_kconfig("CONFIG_SECURITY_TOMOYO_OMIT_USERSPACE_LOADER")) {
		audit_report(AUDIT_WARNING, TMY_POLICY_DIR, 0,
			     "build the kernel without CONFIG_SECURITY_TOMOYO_OMIT_USERSPACE_LOADER, or drop /etc/tomoyo",
			     "the kernel is built to omit the policy loader: it never loads this policy");
		return;
	}
	if (!path || !*path)
		path = "/sbin/tomoyo-init";
	host = root_file(path, 0);
	if (!host || access(host, X_OK))
		audit_report(AUDIT_WARNING, path, 0,
			     "install tomoyo-tools' tomoyo-init there, or link it to lsmbox (tomoyo-init is one of its names)",
			     "no policy loader: the kernel runs this program at boot to load /etc/tomoyo");
	free(host);
}

static void audit_policy(void)
{
	struct load L = { 0 };
	struct tmy_tally t = { 0 };
	int any = 0;

	if (!tmy_is_dir(TMY_POLICY_DIR)) {
		audit_report(AUDIT_INFO, NULL, 0, NULL, "no /etc/tomoyo: the image has no TOMOYO policy");
		return;
	}
	for (int f = 0; f < TMY_FILES; f++) {
		char *name, *text;
		size_t len;

		if ((text = tmy_store_read(TMY_POLICY_DIR, f, &name, &len))) {
			tmy_src_add(&L.f[f], name, text, len);
			any += f != TMY_STAT;
		}
	}
	if (!any) {
		audit_report(AUDIT_WARNING, TMY_POLICY_DIR, 0,
			     "save a policy there: tomoyo-edit --root DIR save, or remove the directory",
			     "no policy (no KIND.conf, no policy/current/KIND.conf): the loader loads nothing");
		tmy_load_free(&L);
		return;
	}
	audit_lsm_report("tomoyo", "TOMOYO policy", TMY_POLICY_DIR);
	loader();
	audit_todo("correct the line, then check it with tomoyo-edit --root DIR check FILE");
	for (int k = 0; k < TMY_KINDS; k++)
		for (int i = 0; i < L.f[k].n; i++)
			tmy_check_text(L.f[k].v[i].text, L.f[k].v[i].len, k, &t, report,
				       (void *)L.f[k].v[i].name);
	audit_todo("define the profile (or set PROFILE_VERSION=20150505) before the machine boots with it");
	tmy_profile_check(&L, true);
	tmy_load_free(&L);
}

const struct audit_check tmy_audit[] = {
	{ "tomoyo", "policy",
	  "/etc/tomoyo: every line as Linux 6.1 takes it, profiles that would stop the machine, the loader",
	  audit_policy },
	{ NULL, NULL, NULL, NULL }
};
