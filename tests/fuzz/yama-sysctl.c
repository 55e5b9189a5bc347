// SPDX-License-Identifier: Apache-2.0
/* yama-sysctl: a sysctl.d file as `yama-ptrace status --root` reads it
 * (read_conf: the link and file-type checks, the bounded read and its NUL
 * check, then apply_text: parse_line, key_index, conf_num per line), each
 * input on settings reset as read_state resets them. */
#include "../../applets/yama-ptrace.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[32];
	int fd = fuzz_file(data, size, path);

	if (fd < 0)
		return 0;
	for (int k = 0; k < NKEYS; k++) {
		free(TT.set[k].source);
		TT.set[k] = (struct setting){ -1, 0, NULL };
	}
	FUZZ_TRY(read_conf(path, 1));
	/* What status shows of them. */
	for (int k = 0; k < NKEYS; k++)
		if (TT.set[k].value > keys[k].max || (TT.set[k].value >= 0) != !!TT.set[k].source)
			__builtin_trap();
	close(fd);
	return 0;
}
