// SPDX-License-Identifier: Apache-2.0
/* smack-config: the configuration files `smackctl apply` reads besides
 * rules (smk_read_config): cipso.d mappings (smk_cipso_line), netlabel host
 * lines (smk_host_line: IPv4 and IPv6 prefixes) and label lists (onlycap,
 * unconfined); the first byte picks which. */
#include "../../applets/smackctl/apply.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int kinds[] = { CFG_CIPSO, CFG_NETLABEL, CFG_LABELS };
	struct lines out = { 0 };
	char path[32];
	int fd;

	if (!size)
		return 0;
	if ((fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	FUZZ_TRY(smk_read_config(path, &out, kinds[data[0] % 3]));
	for (size_t i = 0; i < out.n; i++) {
		free(out.v[i]);
		free(out.where[i]);
	}
	free(out.v);
	free(out.where);
	close(fd);
	return 0;
}
