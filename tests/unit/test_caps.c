// SPDX-License-Identifier: Apache-2.0
/* test_caps.c: caps_limit keeps only the capabilities named that the
 * process has; they do not come back; without root there is nothing to
 * drop and it succeeds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/capability.h>

#include "config.h"
#include "lsmbox.h"
#include "unit.h"

/* The line of /proc/self/status that starts with key, its value. */
static void status_field(const char *key, char *out, size_t n)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	size_t kl = strlen(key);

	*out = 0;
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl) && line[kl] == ':') {
			snprintf(out, n, "%s", line + kl + 2);
			out[strcspn(out, "\n")] = 0;
			break;
		}
	if (f)
		fclose(f);
}

static void limits(void *arg)
{
	static const int dac_read[] = { CAP_DAC_READ_SEARCH }, admin[] = { CAP_SYS_ADMIN };
	char eff[32], prm[32], amb[32];

	(void)arg;
	if (getuid() != 0) {
		printf("%d\n", caps_limit(dac_read, 1));
		return;
	}
	printf("%d ", caps_limit(dac_read, 1));
	status_field("CapEff", eff, sizeof(eff));
	status_field("CapPrm", prm, sizeof(prm));
	status_field("CapAmb", amb, sizeof(amb));
	printf("%s %s %s ", eff, prm, amb);
	/* SYS_ADMIN is gone: asking to keep it does not bring it back */
	printf("%d ", caps_limit(admin, 1));
	status_field("CapEff", eff, sizeof(eff));
	printf("%s\n", eff);
}

TEST(caps_limit_keeps_only_what_is_named)
{
	struct child c = run_child(limits, NULL);

#ifdef CFG_LIB_CAP
	if (getuid() == 0)
		CHECK_STR(c.out, "0 0000000000000004 0000000000000004 0000000000000000 0 0000000000000000\n");
	else
		CHECK_STR(c.out, "0\n");
#else
	CHECK(!strncmp(c.out, "0 ", 2) || !strcmp(c.out, "0\n"));	/* nothing dropped */
#endif
	CHECK_INT(c.status, 0);
	child_free(&c);
}
