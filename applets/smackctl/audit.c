// SPDX-License-Identifier: Apache-2.0
/* audit.c: smackctl's checks for lsmbox audit: /etc/smack read as
 * "smackctl apply" reads it, every line checked, nothing written. */
#include <errno.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "smackctl.h"

static int present(const char *path)
{
	char *host = root_file(path, 0);
	struct stat st;
	int r = host && stat(host, &st) == 0;

	free(host);
	return r;
}

static void parse_rules(void *arg)
{
	smk_parse_source(&TT.rs, arg);
}

static void audit_config(void)
{
	static const struct {
		const char *path;
		int kind;
	} cfg[] = { { "/etc/smack/cipso.d", CFG_CIPSO },
		    { "/etc/smack/netlabel.d", CFG_NETLABEL },
		    { "/etc/smack/onlycap", CFG_LABELS } };
	struct lines l = { 0 };

	if (!present("/etc/smack")) {
		audit_report(AUDIT_INFO, NULL, 0, NULL, "no /etc/smack: the image has no Smack policy");
		return;
	}
	audit_lsm_report("smack", "Smack policy", "/etc/smack");
	audit_todo("correct the line; smackctl --root DIR apply would refuse the whole policy for it");
	if (present("/etc/smack/accesses.d")) {
		if (audit_try(parse_rules, "/etc/smack/accesses.d") == 0 && TT.rs.n == 0 &&
		    diag_count() == 0)
			audit_report(AUDIT_WARNING, "/etc/smack/accesses.d", 0,
				     "add the rules, or keep the image without /etc/smack",
				     "no rule: smackctl apply (as smack-utils') refuses a policy without rules, and the kernel keeps its built-in ones");
	} else {
		audit_report(AUDIT_WARNING, "/etc/smack", 0, "add accesses.d with the image's rules",
			     "no accesses.d: smackctl apply (as smack-utils') refuses this configuration");
	}
	for (size_t i = 0; i < ARRAY_SIZE(cfg); i++)
		smk_read_config(cfg[i].path, &l, cfg[i].kind);
}

const struct audit_check smk_audit[] = {
	{ "smack", "config", "/etc/smack: accesses.d rules, cipso.d, netlabel.d and onlycap parse",
	  audit_config },
	{ NULL, NULL, NULL, NULL }
};
