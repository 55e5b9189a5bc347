/* yama-ptrace.c: see, set and explain Yama ptrace and link restrictions.
 * A stub until issue 8 implements it: it says so and exits 2. */
/* applet: yama-ptrace
 * summary: see, set and explain Yama ptrace and link restrictions
 * usage: yama-ptrace [--root DIR] COMMAND [ARG...]
 * help:
 * Show and set kernel.yama.ptrace_scope and the fs.protected_* link
 * restrictions, run a command with a declared ptracer, and explain whether
 * one process may attach to another.
 *
 * Status: not implemented yet (issue 8); every command exits 2.
 */
#include "lsmbox.h"

int yama_ptrace_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
