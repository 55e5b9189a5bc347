// SPDX-License-Identifier: Apache-2.0
/* semodule-module: a module file as semodule-lite takes it, from `-i FILE`
 * or a store's hll: unpacked (bzip2 by its magic, else as is, bounded as
 * the store's files are), the name a .pp gives itself (smod_pp_name, what
 * install names the module by), and the CIL libsepol makes of it
 * (smod_hll_to_cil, what a rebuild compiles). */
#include "fuzz.h"
#include "../../applets/semodule-lite/semodule.h"

#include <stdlib.h>

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
