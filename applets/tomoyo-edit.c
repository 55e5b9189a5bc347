// SPDX-License-Identifier: Apache-2.0
/* tomoyo-edit.c: TOMOYO policy editing, loading and saving.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: tomoyo-edit
 * summary: TOMOYO policy editing, loading and saving
 * usage: tomoyo-edit [--root DIR] COMMAND [ARG...]
 * stub: yes
 * help:
 * Edit, check, load and save TOMOYO policy, as tomoyo-tools do.
 */
#include "lsmbox.h"

int tomoyo_edit_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
