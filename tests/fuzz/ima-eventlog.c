// SPDX-License-Identifier: Apache-2.0
/* ima-eventlog: TPM event logs (binary_bios_measurements, TPM 1.2 and
 * 2.0 crypto agile) as `imasign eventlog`, `ima_boot_aggregate LOG` and
 * attest --eventlog read them: evlog_read (the event walk, spec_id,
 * startup_locality, the replay per bank), then the first byte picks what
 * is made of it: ima_eventlog_run's PCR lines of a bank (sha1, sha256,
 * sha384, sha512, sm3), or ima_boot_aggregate_run (merge_log's banks,
 * the aggregate of each). */
#include "../../applets/imasign/eventlog.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const banks[] = { "sha1", "sha256", "sha384", "sha512", "sm3" };
	struct evlog *log = xmalloc(sizeof(*log));
	struct imalist_opts o = { 0 };
	char path[32];
	int fd;

	if (!size || (fd = fuzz_file(data + 1, size - 1, path)) < 0) {
		free(log);
		return 0;
	}
	FUZZ_TRY(evlog_read(path, log));
	free(log);
	o.eventlog = path;
	o.jobs = 1;
	if (data[0] % 6 < ARRAY_SIZE(banks))
		FUZZ_TRY(ima_eventlog_run(path, ima_hash_by_name(banks[data[0] % 6])));
	else
		FUZZ_TRY(ima_boot_aggregate_run(&o));
	close(fd);
	return 0;
}
