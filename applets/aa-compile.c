// SPDX-License-Identifier: Apache-2.0
/* aa-compile.c: compile AppArmor profiles into the kernel's binary policy.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: aa-compile
 * summary: compile AppArmor profiles into the kernel's binary policy
 * usage: aa-compile [--root DIR] [OPTION]... PROFILE...
 * stub: yes
 * help:
 * Compile AppArmor profiles into the binary policy the kernel loads, as
 * apparmor_parser does.
 */
#include "lsmbox.h"

int aa_compile_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
