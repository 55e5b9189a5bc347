// SPDX-License-Identifier: Apache-2.0
/* imasign.c: IMA/EVM signatures and kernel module signing.
 * A stub until its issue is filed and done: it says so and exits 2. */
/* applet: imasign
 * summary: IMA/EVM signatures and kernel module signing
 * usage: imasign [--root DIR] COMMAND [ARG...]
 * stub: yes
 * help:
 * Sign files for IMA and EVM and sign kernel modules, as ima-evm-utils'
 * evmctl and the kernel's scripts/sign-file do.
 */
#include "lsmbox.h"

int imasign_main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	not_implemented();
}
