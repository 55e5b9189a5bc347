// SPDX-License-Identifier: Apache-2.0
/* ima-list-ascii: ASCII measurement lists (ascii_runtime_measurements) as
 * `imasign ima_binary_list` and ima_measurement's load_list read them
 * (read_list, then ascii_list: the line split, template_fields,
 * ascii_field, the digest check), and the binary list made of one read
 * back (next_record, hash_record): what ima_binary_list writes, the
 * binary reader takes, every record's template digest its data's or a
 * violation's. */
#include "../../applets/imasign/imalist.c"
#include "fuzz.h"

/* The binary list ascii_list made: each record parses, its digest right. */
static void check_binary(const uint8_t *p, size_t len)
{
	const uint8_t *end = p + len;
	struct record *r = xzalloc(sizeof(*r));
	const char *why = NULL;
	uint8_t d[20];
	int n;

	while ((n = next_record(&p, end, r, &why)) > 0) {
		hash_record(r, NULL, 0);
		if (digest_wrong(r, d))
			abort();
	}
	if (n < 0)
		abort();
	free(r);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf b = BUF_INIT(LIST_MAX);
	char path[32], *text;
	size_t len;
	int fd = fuzz_file(data, size, path);

	if (fd < 0)
		return 0;
	text = read_list(path, &len);
	close(fd);
	if (!text)
		return 0;
	if (ascii_list(path, text, len, &b) == 0 && b.len)
		check_binary(b.p, b.len);
	buf_free(&b);
	free(text);
	return 0;
}
