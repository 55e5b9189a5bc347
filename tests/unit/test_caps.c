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
#ifdef CFG_LIB_SECCOMP
#include <seccomp.h>
#include <errno.h>
#endif

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

/* caps_keep: 0 limits nothing; CAPS_KEEP alone keeps nothing; a mask
 * keeps its bits; a later, wider mask gives nothing back and makes no
 * capset (the count of capsets is the kernel's: CapEff read around them) */
static void keeps(void *arg)
{
	char eff[32];

	(void)arg;
	caps_keep("test", 0);
	status_field("CapEff", eff, sizeof(eff));
	printf("%s ", eff);
	caps_keep("test", CAPS_FILES | CAP_BIT(CAP_SYS_ADMIN));
	status_field("CapEff", eff, sizeof(eff));
	printf("%s ", eff);
	caps_keep("test", CAPS_READ);
	status_field("CapEff", eff, sizeof(eff));
	printf("%s ", eff);
	caps_keep("test", CAPS_FILES);	/* wider: nothing comes back */
	status_field("CapEff", eff, sizeof(eff));
	printf("%s ", eff);
	caps_keep("test", CAPS_KEEP);
	status_field("CapEff", eff, sizeof(eff));
	printf("%s\n", eff);
}

TEST(caps_keep_masks)
{
	struct child c;

#ifdef CFG_LIB_CAP
	if (getuid() != 0) {
		printf("  (not root: nothing to see dropped)\n");
		CHECK(getuid() == 0);
		return;
	}
	c = run_child(keeps, NULL);
	/* 0x20000f: CHOWN DAC_OVERRIDE DAC_READ_SEARCH FOWNER SYS_ADMIN */
	CHECK_STR(strchr(c.out, ' ') + 1, "000000000020000f 0000000000000004 0000000000000004 0000000000000000\n");
	CHECK(strncmp(c.out, "000000000020000f", 16) != 0);	/* root had more before */
	CHECK_INT(c.status, 0);
	child_free(&c);
#else
	c = run_child(keeps, NULL);
	CHECK_INT(c.status, 0);
	child_free(&c);
#endif
}

#if defined(CFG_LIB_CAP) && defined(CFG_LIB_SECCOMP)
/* capset refused (EPERM, by a filter of the test's own): caps_keep dies
 * naming the command, it does not go on with more than it said */
static void refused(void *arg)
{
	scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);

	(void)arg;
	if (!ctx || seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(capset), 0) ||
	    seccomp_load(ctx)) {
		printf("no filter\n");
		return;
	}
	caps_keep("probe", CAPS_READ);
	printf("went on\n");
}

TEST(caps_keep_dies_when_refused)
{
	struct child c = run_child(refused, NULL);

	CHECK_STR(c.out, "");
	CHECK(strstr(c.err, "probe: the capabilities it does not need could not be dropped") != NULL);
	CHECK(c.status != 0);
	child_free(&c);
}
#endif
