// SPDX-License-Identifier: Apache-2.0
/* aa-features: kernel features files as aa-compile reads them
 * (features.c): the kernel's (-M, --kernel-features: the read, its
 * capabilities named), those policy is pinned to (--policy-features, or
 * the built-in default), and an abi rule's text, each walked for every
 * feature aa-compile looks up, as libapparmor walks them
 * (aa_features_policy).  The input: the kernel's text, then after a NUL
 * (if there is one) the abi rule's. */
#include <stdlib.h>
#include <string.h>

/* before fuzz.h: its sys/mman.h defines MS_SYNC, a name of aa.h's */
#include "../../applets/aa-compile/aa.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct aa_kfeat kf0;	/* as the program starts */
	static bool saved;
	const uint8_t *nul = memchr(data, 0, size);
	size_t klen = nul ? (size_t)(nul - data) : size;
	char path[32], *abi = NULL;
	int fd;

	if (!saved) {
		kf0 = aa_kf;
		saved = true;
	}
	if ((fd = fuzz_file(data, klen, path)) < 0)
		return 0;
	if (nul)
		abi = xstrndup((const char *)nul + 1, size - klen - 1);
	if (!aa_features_kernel(path)) {
		/* compile_setup without -M's policy half, then with it
		 * (nothing here dies but an allocation: no FUZZ_TRY) */
		aa_features_pin(NULL);
		aa_features_policy(NULL);
		aa_features_policy(abi);
		aa_features_pin(path);
		aa_features_policy(NULL);
		aa_features_policy(abi);
	}
	/* the names read are the next input's to read again */
	for (int i = 0; i < 64; i++)
		free(aa_kf.cap_names[i]);
	aa_kf = kf0;
	free(abi);
	close(fd);
	return 0;
}
