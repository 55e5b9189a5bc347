// SPDX-License-Identifier: Apache-2.0
/* ima-list-bin: binary measurement lists as `imasign ima_measurement` and
 * `attest` read them (ima_measurement_run, ima_attest_run: load_list,
 * next_record and the template fields, hash_record, the reader, replay
 * against --pcrs files, -v's show_field, the boot aggregate record; with
 * keys, sig_prep and the signature checks), -j 1.  The first byte picks
 * the options: the banks, -v, --ignore-violations, --verify-bank,
 * --verify-sig with the rig's certificates, attest (--json).  The PCRs
 * are the rig's list's, in files written once: sysfs is never read. */
#include "../../applets/imasign/imalist.c"
#include "fuzz.h"

/* tests/imasign/fixtures/vm-tpm-list's PCRs 0-10 (8 and 9 are zero) */
static const char *const pcr_sha1[] = {
	"3A3F780F11A4B49969FCAA80CD6E3957C33B2275", "8578F413A3B2E6CD551A72E7E9A2DF2B4189CAD1",
	"F778330652E63ADDA87731387FFBA02CBEDFC598", "3A3F780F11A4B49969FCAA80CD6E3957C33B2275",
	"A9FDEB07A0C479C74E3DB3E9493D2C3189766507", "3A3F780F11A4B49969FCAA80CD6E3957C33B2275",
	"3A3F780F11A4B49969FCAA80CD6E3957C33B2275", "3A3F780F11A4B49969FCAA80CD6E3957C33B2275",
	NULL, NULL, "A05F919152F996601B820EB37B82F6FD879C4FD7",
};
static const char *const pcr_sha256[] = {
	"E21B703EE69C77476BCCB43EC0336A9A1B2914B378944F7B00A10214CA8FEA93",
	"11D00C6FA2C89C69A13D5E25D272A02AE446F87EE5F75BBC82E4B5779023E88C",
	"8D82C0E6752776521AA74A210683A3412BD612828AF4F3E896EAE430BDFCD451",
	"E21B703EE69C77476BCCB43EC0336A9A1B2914B378944F7B00A10214CA8FEA93",
	"1EB9AA21337CC1FA31CE5F56900D7BF59B9DDA366823095AED06544CAA2557CA",
	"E21B703EE69C77476BCCB43EC0336A9A1B2914B378944F7B00A10214CA8FEA93",
	"E21B703EE69C77476BCCB43EC0336A9A1B2914B378944F7B00A10214CA8FEA93",
	"E21B703EE69C77476BCCB43EC0336A9A1B2914B378944F7B00A10214CA8FEA93",
	NULL, NULL, "76550B91F81F252ECD0DB51D8155C81097948783A9AC36AAC9BA04C8FE009A85",
};

static char dir[] = "/tmp/lsmbox-fuzz-XXXXXX";
static const char *const algs[] = { "sha1", "sha256", "sha384", "sha512" };
static char pcrs[4][64], keys[2 * 4096 + 80];

static void cleanup(void)
{
	for (int k = 0; k < 4; k++)
		unlink(strchr(pcrs[k], ',') + 1);
	rmdir(dir);
}

/* --pcrs ALGO,FILE: PCRs 0-10 of v, those it has not zero. */
static void write_pcrs(int k, const char *const *v)
{
	char zero[2 * IMA_MAX_DIGEST + 1];
	FILE *f;

	memset(zero, '0', sizeof(zero));
	zero[2 * ima_hash_by_name(algs[k])->size] = 0;
	snprintf(pcrs[k], sizeof(pcrs[k]), "%s,%s/%s", algs[k], dir, algs[k]);
	if (!(f = fopen(strchr(pcrs[k], ',') + 1, "w")))
		abort();
	for (int i = 0; i <= 10; i++)
		fprintf(f, "PCR-%02d %s\n", i, v && v[i] ? v[i] : zero);
	fclose(f);
}

/* The PCR files, once; the rig's certificates, from the tree the target
 * was built in (build/DIR/fuzz/NAME; one not there: its signatures are
 * by an unknown key, still parsed). */
static void setup(void)
{
	if (!mkdtemp(dir))
		abort();
	write_pcrs(0, pcr_sha1);
	write_pcrs(1, pcr_sha256);
	write_pcrs(2, NULL);
	write_pcrs(3, NULL);
	atexit(cleanup);
	snprintf(keys, sizeof(keys), "%1$s/ima.der,%1$s/other.der", fuzz_rig_fixtures());
}

/* The first byte: bits 0-1 the banks (sha1; sha256; both; all four),
 * 2 -v, 3 --ignore-violations, 4 --verify-bank=sha256, 5 --verify-sig,
 * 6 attest instead, 7 with --json. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const int nbanks[] = { 1, 1, 2, 4 };
	static int ready;
	struct imalist_opts o = { 0 };
	char path[32];
	uint8_t opt;
	int fd;

	if (!size)
		return 0;
	if (!ready) {
		ready = 1;
		setup();
	}
	opt = data[0];
	if ((fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	o.npcrs = nbanks[opt & 3];
	for (int i = 0; i < o.npcrs; i++)
		o.pcrs[i] = pcrs[(opt & 3) == 1 ? 1 : i];
	o.verbose = !!(opt & 4);
	o.ignore_violations = !!(opt & 8);
	o.verify_bank = opt & 16 ? "sha256" : NULL;
	o.keys = opt & 32 ? verifier_load(keys) : NULL;
	o.jobs = 1;
	log_events = 0;
	if (opt & 64)
		FUZZ_TRY(ima_attest_run(path, &o, !!(opt & 128)));
	else
		FUZZ_TRY(ima_measurement_run(path, &o));
	verifier_free(o.keys);
	close(fd);
	return 0;
}
