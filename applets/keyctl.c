/* keyctl.c: key and keyring management, as keyutils' keyctl.
 * A stub until issue 7 implements it: it says so and exits 2. */
/* applet: keyctl
 * summary: key and keyring management, as keyutils' keyctl
 * usage: keyctl COMMAND [ARG...]
 * help:
 * Manage the kernel's keys and keyrings with the syntax, output and exit
 * codes of keyutils' keyctl.
 *
 * Status: not implemented yet (issue 7); every command exits 2.
 */
#include "lsmbox.h"

int keyctl_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
