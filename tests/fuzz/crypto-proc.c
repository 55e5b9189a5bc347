// SPDX-License-Identifier: Apache-2.0
/* crypto-proc: /proc/crypto's text as cryptobench and the AF_ALG driver
 * read it: proc_crypto_list (the bounded read, its file-type and NUL
 * checks, then proc_crypto_parse) and proc_crypto_parse with the error it
 * reports shown as `cryptobench kernel list --proc` shows it; every entry
 * must come out with its names NUL-terminated. */
#include <stdlib.h>
#include <string.h>

#include "afalg.h"
#include "fuzz.h"

static int check_entry(const struct kalg_info *k, void *arg)
{
	const char *names[] = { k->name, k->driver, k->module, k->type, k->geniv };

	for (size_t i = 0; i < ARRAY_SIZE(names); i++)
		if (!memchr(names[i], 0, sizeof(k->name)))
			__builtin_trap();
	if (!k->name[0] || !k->driver[0])
		__builtin_trap();
	++*(size_t *)arg;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct proc_crypto_err e;
	size_t n = 0;
	char path[32], *text;
	int fd = fuzz_file(data, size, path);

	if (fd < 0)
		return 0;
	proc_crypto_list(path, check_entry, &n);
	close(fd);
	/* cryptobench reads the text with xread_text_fd: no NUL in it. */
	if (memchr(data, 0, size))
		return 0;
	text = xmalloc(size + 1);
	memcpy(text, data, size);
	text[size] = 0;
	if (proc_crypto_parse(text, check_entry, &n, &e) < 0) {
		if (!e.why)
			__builtin_trap();
		str_esc(e.why, SIZE_MAX);
		if (e.key)
			str_esc(e.key, SHOWN_MAX);
		if (e.value)
			str_esc(e.value, SHOWN_MAX);
	}
	free(text);
	return 0;
}
