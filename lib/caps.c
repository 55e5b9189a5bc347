// SPDX-License-Identifier: Apache-2.0
/* caps.c: a command gives up the capabilities it does not need before it
 * reads its input (caps_limit), so that a parser led astray holds no
 * CAP_SYS_ADMIN, CAP_MAC_ADMIN, CAP_DAC_OVERRIDE...  Of those it names, it
 * keeps what it has (permitted and effective); the rest go from every set
 * (the ambient set empties with them: the kernel keeps there only what is
 * permitted and inheritable).  The bounding set is left: dropping from it needs
 * CAP_SETPCAP, and nothing here runs a program after. */
#include <linux/capability.h>

#include "config.h"
#include "lsmbox.h"

#ifdef CFG_LIB_CAP
#include <sys/capability.h>

int caps_limit(const int *keep, int n)
{
	cap_t have = cap_get_proc(), want = cap_init();
	int rc = -1;

	if (!have || !want)
		goto out;
	for (int i = 0; i < n; i++) {
		cap_value_t v = keep[i];
		cap_flag_value_t on = CAP_CLEAR;

		if (cap_get_flag(have, v, CAP_PERMITTED, &on) == 0 && on == CAP_SET) {
			cap_set_flag(want, CAP_PERMITTED, 1, &v, CAP_SET);
			cap_set_flag(want, CAP_EFFECTIVE, 1, &v, CAP_SET);
		}
	}
	rc = cap_set_proc(want);
out:
	cap_free(have);
	cap_free(want);
	return rc;
}
#else
int caps_limit(const int *keep, int n)
{
	(void)keep;
	(void)n;
	return 0;
}
#endif

void caps_keep(const char *what, uint64_t mask)
{
	static uint64_t kept = ~CAPS_KEEP;	/* what an earlier call left */
	int keep[63], n = 0;

	/* no limit, or none that an earlier one did not already make */
	if (!(mask & CAPS_KEEP) || !(kept & ~mask))
		return;
	kept &= mask;
	for (int c = 0; c < 63; c++)
		if (mask & CAP_BIT(c))
			keep[n++] = c;
	if (caps_limit(keep, n) < 0)
		die_errno("%s: the capabilities it does not need could not be dropped", what);
}

void sandbox_reader(const char *what, unsigned flags)
{
	caps_keep(what, CAPS_READ);	/* read what root may */
	sandbox_seccomp(what, SANDBOX_OPEN_RO | flags);
}
