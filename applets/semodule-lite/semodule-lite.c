// SPDX-License-Identifier: Apache-2.0
/* semodule-lite.c: SELinux policy module store.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: semodule-lite
 * summary: SELinux policy module store
 * usage: semodule-lite [--root DIR] COMMAND [ARG...]
 * stub: yes
 * help:
 * Install, remove and list SELinux policy modules in a libsemanage-format
 * store, on the live system or on an image tree.
 */
#include "lsmbox.h"

int semodule_lite_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
