// SPDX-License-Identifier: Apache-2.0
/* smack-rules: smackctl's rule files as `smackctl check` and `load` read
 * them (smk_parse_source: the read, its size and NUL checks, smk_parse_rules),
 * and the same text as smackfs' load2 read-back (smk_parse_rules with
 * kernel = 1, what `rules` and `apply` compare with), each into a
 * ruleset, written out as `check` writes it. */
#include "../../applets/smackctl/rules.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[32], a[8], d[8];
	int fd = fuzz_file(data, size, path);
	struct ruleset rs = { 0 };

	if (fd < 0)
		return 0;
	FUZZ_TRY(smk_parse_source(&rs, path));
	for (size_t i = 0; i < rs.n; i++)
		smk_access_str(rs.r[i].allow, a), smk_access_str(rs.r[i].deny, d);
	smk_rs_free(&rs);
	if (!memchr(data, 0, size)) {
		smk_parse_rules(&rs, "load2", (const char *)data, size, 1);
		smk_rs_free(&rs);
	}
	close(fd);
	return 0;
}
