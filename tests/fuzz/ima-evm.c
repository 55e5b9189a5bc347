// SPDX-License-Identifier: Apache-2.0
/* ima-evm: `imasign verify` of one file (do_evm_verify: security.evm read
 * and parsed as a signature, the EVM data made of the file's other
 * security xattrs and its struct h_misc (evm_data: the xattr list and
 * each value), digested and checked with the rig's certificates), and
 * the HMAC data of `imasign hmac` over the same.  The input: a flags
 * byte (bit 0 --smack, bit 1 --m32), then the values, "\xff\x00" between
 * them: security.evm, then security.selinux, SMACK64, SMACK64EXEC,
 * SMACK64TRANSMUTE, SMACK64MMAP, apparmor, ima, capability (evm.c's
 * order).  An empty or missing value: no such xattr.  Set on one file
 * made once (root's: security.* xattrs); --generation 0 and -u zero, so
 * that nothing asks the filesystem. */
#include "../../applets/imasign/imasign.c"
#include "fuzz.h"

static const char *const names[] = {
	"security.evm", "security.selinux", "security.SMACK64", "security.SMACK64EXEC",
	"security.SMACK64TRANSMUTE", "security.SMACK64MMAP", "security.apparmor", "security.ima",
	"security.capability",
};
static char dir[] = "/tmp/lsmbox-fuzz-evm.XXXXXX";
static char file[64], keys[4 * 4096 + 160];

static void cleanup(void)
{
	unlink(file);
	rmdir(dir);
}

/* The file, the options as imasign_main sets them for verify, the rig's
 * certificates from the tree the target was built in (build/DIR/fuzz/NAME). */
static void setup(void)
{
	FILE *f;

	if (!mkdtemp(dir))
		abort();
	snprintf(file, sizeof(file), "%s/f", dir);
	if (!(f = fopen(file, "w")) || fputs("content\n", f) < 0 || fclose(f))
		abort();
	atexit(cleanup);
	TT.hash = ima_hash_by_name("sha256");
	TT.xattr_ima = "security.ima";
	TT.xattr_evm = "security.evm";
	TT.evm.generation = "0";
	TT.evm.uuid_given = 1;
	snprintf(keys, sizeof(keys), "%1$s/ima.der,%1$s/other.der,%1$s/ec256.der,%1$s/ec384.der",
		 fuzz_rig_fixtures());
	TT.verifier = verifier_load(keys);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const uint8_t *p = data + 1, *end = data + size;
	struct job j = { .path = file, .shown = file };
	struct job_evm e;
	struct buf hdata = BUF_INIT(0);
	int fd;

	if (!size)
		return 0;
	if (!ready) {
		ready = 1;
		setup();
	}
	TT.evm.smack = data[0] & 1;
	TT.evm.msize = (data[0] & 2) ? 32 : 0;
	if ((fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		abort();
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		const uint8_t *sep = p < end ? memmem(p, (size_t)(end - p), "\xff\x00", 2) : NULL;
		size_t n = p < end ? (size_t)((sep ? sep : end) - p) : 0;

		if (n)
			fsetxattr(fd, names[i], p, n, 0);
		else
			fremovexattr(fd, names[i]);
		p = sep ? sep + 2 : end;
	}
	j.fd = fd;
	FUZZ_TRY(do_evm_verify(&j));
	out_flush(&j.out);
	buf_free(&j.out.b);
	e = (struct job_evm){ fd, &TT.evm, 0, 1, TT.xattr_ima };
	FUZZ_TRY(evm_data(&e, &j.out, file, &hdata));
	buf_free(&hdata);
	buf_free(&j.out.b);
	TT.failed = 0;
	close(fd);
	return 0;
}
