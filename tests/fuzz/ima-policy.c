// SPDX-License-Identifier: Apache-2.0
/* ima-policy: IMA policy files as `imasign policy check` reads them
 * (ima_policy_check_run: the read, the line split, ima_rule_check with
 * kstrtoul, uuid_ok, opt_list_ok, the appraise_algos= list and
 * ima_validate_rule's checks).  An input whose first byte is odd gives
 * its first line, before the policy, as --template-fmt
 * (ima_policy_template_fmt: the format template= may then name). */
#include "../../applets/imasign/imapolicy.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *p = data + 1, *end = data + size, *nl;
	char path[32], *fmt = NULL;
	int fd;

	if (!size)
		return 0;
	boot_fmt = NULL;
	if (data[0] & 1) {
		nl = memchr(p, '\n', (size_t)(end - p));
		fmt = xstrndup((const char *)p, nl ? (size_t)(nl - p) : (size_t)(end - p));
		p = nl ? nl + 1 : end;
		ima_policy_template_fmt(fmt);
	}
	if ((fd = fuzz_file(p, (size_t)(end - p), path)) >= 0) {
		FUZZ_TRY(ima_policy_check_run(path));
		close(fd);
	}
	boot_fmt = NULL;
	free(fmt);
	return 0;
}
