/* smackctl.c: Smack rules, labels, access checks and settings.
 * A stub until issue 9 implements it: it says so and exits 2. */
/* applet: smackctl
 * summary: Smack rules, labels, access checks and settings
 * usage: smackctl [--root DIR] COMMAND [ARG...]
 * help:
 * Load, list and query Smack rules, label files, and read or set smackfs
 * settings, on the live kernel or offline on an image tree (--root DIR).
 *
 * Status: not implemented yet (issue 9); every command exits 2.
 */
#include "lsmbox.h"

int smackctl_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
