// SPDX-License-Identifier: Apache-2.0
/* audit-kconfig: what lsmbox audit reads that is not a check's: the target
 * kernel's .config (audit_kconfig_read, then every LSM's state asked), and
 * the records a check's child sends back, with whatever else it wrote to
 * its standard error (parse_output); the first byte's low bit picks which. */
#include "../../lib/audit.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const lsms[] = { "selinux", "smack", "apparmor", "tomoyo", "yama",
					    "integrity", "nosuch" };
	char path[32];
	int fd;

	if (!size)
		return 0;
	if (data[0] & 1) {
		struct child ch = { 0 };
		struct audit_result r = { 0 };

		buf_init(&ch.out, AUDIT_OUTPUT_MAX);
		buf_put(&ch.out, data + 1, size - 1);
		ch.cut = data[0] & 2;
		parse_output(&r, &ch);
		for (size_t i = 0; i < r.n; i++)
			if (r.f[i].sev < AUDIT_INFO || r.f[i].sev > AUDIT_ERROR || !r.f[i].msg)
				abort();
		buf_free(&ch.out);
		audit_result_free(&r);
		return 0;
	}
	if ((fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	FUZZ_TRY(audit_kconfig_read(path, "fuzz"));
	for (size_t i = 0; i < ARRAY_SIZE(lsms); i++) {
		const char *sh;
		int st = audit_lsm_state(lsms[i], &sh);

		if (st == AUDIT_LSM_SHADOWED && !sh)
			abort();
	}
	audit_kconfig_free();
	close(fd);
	return 0;
}
