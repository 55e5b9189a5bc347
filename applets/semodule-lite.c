/* semodule-lite.c: SELinux policy module store.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: semodule-lite
 * summary: SELinux policy module store
 * usage: semodule-lite [--root DIR] COMMAND [ARG...]
 * help:
 * Install, remove and list SELinux policy modules in a libsemanage-format
 * store, on the live system or on an image tree.
 *
 * Status: not implemented yet; every command exits 2.
 */
#include "lsmbox.h"

int semodule_lite_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
