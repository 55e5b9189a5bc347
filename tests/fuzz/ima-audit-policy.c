// SPDX-License-Identifier: Apache-2.0
/* ima-audit-policy: lsmbox audit's reading of an image's IMA policy
 * (applets/imasign/audit.c: policy_read, each rule ima_rule_check takes
 * read again into the appraise model by rule_add), then the model asked,
 * as ima/appraise asks it, which rule decides for a file reached each way
 * (first_match) with a few owners and the pseudo filesystems. */
#include "../../applets/imasign/audit.c"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

static char root[] = "/tmp/lsmbox-fuzz-imaaudit.XXXXXX";
static char *policy;

static void unmake(void)
{
	char *p = xasprintf("%s/etc/ima", root);

	unlink(policy);
	rmdir(p);
	free(p);
	p = xasprintf("%s/etc", root);
	rmdir(p);
	free(p);
	rmdir(root);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char *p;

	(void)argc;
	(void)argv;
	if (!mkdtemp(root))
		die_errno("mkdtemp");
	atexit(unmake);
	p = xasprintf("%s/etc", root);
	mkdir(p, 0755);
	free(p);
	p = xasprintf("%s/etc/ima", root);
	mkdir(p, 0755);
	free(p);
	policy = xasprintf("%s%s", root, POLICY);
	root_set(root);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct door doors[] = { { H_FILE, M_READ }, { H_FILE, M_EXEC }, { H_BPRM, M_EXEC },
					     { H_MMAP, M_EXEC }, { H_MODULE, M_READ } };
	static const char *const paths[] = { "/usr/bin/x", "/proc/1/exe", "/run/x", "/sys/kernel/security/x" };

	if (write_file_atomic(policy, data, size, 0644) < 0)
		return 0;
	FUZZ_TRY(policy_read(&TT.pol, 1));
	for (size_t d = 0; d < ARRAY_SIZE(doors); d++)
		for (size_t i = 0; i < ARRAY_SIZE(paths); i++)
			for (uid_t u = 0; u < 1002; u += 500) {
				struct stat st = { .st_uid = u, .st_gid = u, .st_mode = 0100755 };
				const struct rule *r = first_match(&doors[d], &st, pseudo_of(paths[i]));

				if (r && (r < TT.pol.r || r >= TT.pol.r + TT.pol.n))
					abort();
			}
	free(TT.pol.r);
	memset(&TT.pol, 0, sizeof(TT.pol));
	return 0;
}
