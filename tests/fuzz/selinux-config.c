// SPDX-License-Identifier: Apache-2.0
/* selinux-config: /etc/selinux/config as lsmbox audit's selinux/config
 * check reads it (selcfg_parse).  What it takes must be what libselinux
 * would: a mode of the three, a type that is a store name; and a config
 * written from them must read back to the same, without an error. */
#include "../../applets/semodule-lite/audit.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = xstrndup((const char *)data, size), *again;
	struct selcfg c, d;

	selcfg_parse("config", text, &c, size & 1);
	free(text);
	if (c.mode && strcmp(c.mode, "enforcing") && strcmp(c.mode, "permissive") &&
	    strcmp(c.mode, "disabled"))
		abort();
	if (c.type && !smod_name_ok(c.type))
		abort();
	again = xasprintf("%s%s\n%s%s\n", c.mode ? "SELINUX=" : "#", c.mode ? c.mode : "",
			  c.type ? "SELINUXTYPE=" : "#", c.type ? c.type : "");
	if (selcfg_parse("config", again, &d, true) ||
	    !!c.mode != !!d.mode || (c.mode && strcmp(c.mode, d.mode)) ||
	    !!c.type != !!d.type || (c.type && strcmp(c.type, d.type)))
		abort();
	free(again);
	selcfg_free(&c);
	selcfg_free(&d);
	return 0;
}
