/* cryptobench.c: compare crypto implementations: ours, OpenSSL, the kernel's.
 * A stub until issue 4 implements it: it says so and exits 2. */
/* applet: cryptobench
 * summary: compare crypto implementations: ours, OpenSSL, the kernel's
 * usage: cryptobench [OPTION]...
 * help:
 * Measure throughput and cycles per byte of every available implementation
 * of each algorithm, side by side.
 *
 * Status: not implemented yet (issue 4); every command exits 2.
 */
#include "lsmbox.h"

int cryptobench_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
