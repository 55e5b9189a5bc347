// SPDX-License-Identifier: Apache-2.0
/* smack-batch: `smackctl access --offline --rules R --batch Q` (batch:
 * its block reads, line splitting, the fields checked as labels and
 * access letters, each answered from the rules).  The input is the rule
 * text, a line "%%", then the queries; with no "%%" all of it is queries
 * against no rules.  The answers go to stdout, the reasons (-v, when the
 * first byte is odd) to stderr.  batch keeps one line buffer for the
 * process, so that a bad query (a die) leaks nothing but its name. */
#include "../../applets/smackctl/access.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *sep = size ? memmem(data, size, "%%\n", 3) : NULL;
	const uint8_t *q = sep ? (const uint8_t *)sep + 3 : data;
	size_t qlen = size - (size_t)(q - data);
	struct ruleset rs = { 0 };
	char path[32];
	int fd;

	if (sep && !memchr(data, 0, (size_t)((const uint8_t *)sep - data)))
		FUZZ_TRY(smk_parse_rules(&rs, "rules", (const char *)data, (size_t)((const uint8_t *)sep - data), 0));
	smk_rs_builtins(&rs);
	if ((fd = fuzz_file(q, qlen, path)) < 0) {
		smk_rs_free(&rs);
		return 0;
	}
	/* a die() in batch leaves its descriptor open: FUZZ_TRY closes it */
	FUZZ_TRY(batch(&rs, path, size && (data[0] & 1)));
	fflush(stdout);
	close(fd);
	smk_rs_free(&rs);
	return 0;
}
