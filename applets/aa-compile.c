/* aa-compile.c: compile AppArmor profiles into the kernel's binary policy.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: aa-compile
 * summary: compile AppArmor profiles into the kernel's binary policy
 * usage: aa-compile [--root DIR] [OPTION]... PROFILE...
 * help:
 * Compile AppArmor profiles into the binary policy the kernel loads, as
 * apparmor_parser does.
 *
 * Status: not implemented yet; every command exits 2.
 */
#include "lsmbox.h"

int aa_compile_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
