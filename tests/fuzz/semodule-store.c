// SPDX-License-Identifier: Apache-2.0
/* semodule-store: a store's modules directory as semodule-lite walks it
 * (smods_read: the priority directories, each module's lang_ext, the
 * disabled markers, the order and the highest priority of each name),
 * then each module's cil and hll read back as a rebuild reads them
 * (smod_read_file: the store-relative open, the size bound, bzip2 by its
 * magic) and found by name (smod_find).  The input is the tree, one
 * PATH<tab>TEXT line a file (fuzz_tree): "400/mod/lang_ext<tab>cil". */
#include "fuzz.h"
#include "../../applets/semodule-lite/semodule.h"

#include <fcntl.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char top[] = "/tmp/lsmbox-fuzz-store.XXXXXX";
	struct smod *v = NULL;
	int mfd, n = -1;

	fuzz_tree(top, data, size);
	if ((mfd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) >= 0) {
		FUZZ_TRY(n = smods_read(mfd, &v));
		for (int i = 0; i < n; i++) {
			struct buf b = BUF_INIT(SMOD_FILE_MAX);

			FUZZ_TRY(smod_read_file(mfd, &v[i], "cil", &b));
			buf_reset(&b);
			FUZZ_TRY(smod_read_file(mfd, &v[i], "hll", &b));
			buf_free(&b);
			smod_find(v, n, v[i].name, 0);
		}
		if (n > 0)
			smods_free(v, n);
		close(mfd);
	}
	fuzz_tree_remove(top);
	return 0;
}
