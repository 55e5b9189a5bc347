// SPDX-License-Identifier: Apache-2.0
/* aa-features-dir: a kernel features directory as `aa-compile -M DIR`
 * reads it (features.c load: dir_text, entries in name order, nested
 * directories to 16 levels, each file read and bounded, then the
 * capabilities named).  The input builds the tree, a record a line:
 * PATH, a tab, then the file's text with "\n" for newlines (no tab: PATH
 * is a directory).  PATH is up to 8 parts of [a-z0-9_.-] joined by '/',
 * made below a fresh temporary directory, which goes after the run
 * (fuzz_tree). */
#include <stdlib.h>
#include <string.h>

/* before fuzz.h: its sys/mman.h defines MS_SYNC, a name of aa.h's */
#include "../../applets/aa-compile/aa.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct aa_kfeat kf0;	/* as the program starts */
	static bool saved;
	char top[] = "/tmp/lsmbox-fuzz-aadir.XXXXXX";

	if (!saved) {
		kf0 = aa_kf;
		saved = true;
	}
	fuzz_tree(top, data, size);
	aa_features_kernel(top);
	for (int i = 0; i < 64; i++)
		free(aa_kf.cap_names[i]);
	aa_kf = kf0;
	fuzz_tree_remove(top);
	return 0;
}
