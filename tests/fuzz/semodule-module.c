// SPDX-License-Identifier: Apache-2.0
/* semodule-module: a module file as semodule-lite takes it, from `-i FILE`
 * or a store's hll: unpacked (bzip2 by its magic, else as is, bounded as
 * the store's files are), the name a .pp gives itself (smod_pp_name, what
 * install names the module by), and the CIL libsepol makes of it
 * (smod_hll_to_cil, what a rebuild compiles).  libsepol reads in the
 * sandbox child as in lsmbox, with 1 s of CPU instead of 60 (the runs allow
 * 10 s an input).  Under ASan the child has no address-space limit, and
 * libFuzzer's malloc limit is lifted here: its handler would take a big
 * calloc in the child (libsepol 3.4 believes a package's counts) for the
 * fuzzer's own out-of-memory; the CPU limit ends such a child instead.
 * Our own code's allocations are bounded by the input's size and by the
 * runs' resident limit. */
#include "fuzz.h"
#include "../../applets/semodule-lite/semodule.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/* libFuzzer reads its flags after this: the last of a flag wins */
	static char *args[64];
	int n = *argc < 62 ? *argc : 62;

	memcpy(args, *argv, n * sizeof(*args));
	args[n++] = "-malloc_limit_mb=1048576";
	args[n] = NULL;
	*argc = n;
	*argv = args;
	smod_sepol_cpu = 1;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf pp = BUF_INIT(SMOD_FILE_MAX), cil = BUF_INIT(SMOD_FILE_MAX);

	if (smod_unpack("fuzz.pp", data, size, SMOD_FILE_MAX, &pp) == 0) {
		free(smod_pp_name(pp.p, pp.len));
		FUZZ_TRY(smod_hll_to_cil("fuzz.pp", "pp", pp.p, pp.len, &cil));
	}
	buf_free(&pp);
	buf_free(&cil);
	return 0;
}
