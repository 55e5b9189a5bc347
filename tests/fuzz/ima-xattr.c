// SPDX-License-Identifier: Apache-2.0
/* ima-xattr: security.ima values as `imasign ima_verify -f` reads them
 * from FILE.sig (do_verify: read_signature, sigv2_parse, the file's
 * digest or fs-verity digest of the signature's hash, verifier_check
 * with the rig's certificates) and as ima_setxattr checks one before it
 * writes it (ima_value_error: the 01 and 04 digest forms, a signature);
 * then the same bytes as text, as --ima HEX and -u UUID take it
 * (hex_decode, evm_uuid_parse).  The first byte: bit 0 -v. */
#include "../../applets/imasign/imasign.c"
#include "fuzz.h"

static char dir[] = "/tmp/lsmbox-fuzz-XXXXXX";
static char file[64], sigfile[64], keys[4 * 4096 + 160];
static uint8_t *rbuf;

static void cleanup(void)
{
	unlink(sigfile);
	unlink(file);
	rmdir(dir);
}

/* The file the signatures are of (what the seeds sign) and its FILE.sig,
 * once; the options do_verify reads as imasign_main sets them; the rig's
 * certificates, from the tree the target was built in
 * (build/DIR/fuzz/NAME). */
static void setup(void)
{
	FILE *f;

	if (!mkdtemp(dir))
		abort();
	snprintf(file, sizeof(file), "%s/f", dir);
	snprintf(sigfile, sizeof(sigfile), "%s/f.sig", dir);
	if (!(f = fopen(file, "w")) || fputs("signed content\n", f) < 0 || fclose(f))
		abort();
	atexit(cleanup);
	rbuf = xmalloc(READ_BLOCK);
	TT.hash = ima_hash_by_name("sha256");
	TT.xattr_ima = "security.ima";
	TT.sigfile = 1;
	TT.verity.h = TT.hash;
	TT.verity.log_blocksize = 12;
	snprintf(keys, sizeof(keys), "%1$s/ima.der,%1$s/other.der,%1$s/ec256.der,%1$s/ec384.der",
		 fuzz_rig_fixtures());
}

/* ima_verify -f of one file: its FILE.sig holds v. */
static void verify(const uint8_t *v, size_t n)
{
	struct job j = { .path = file, .shown = file, .buf = rbuf };
	struct sigv2 s;
	int sfd = open(sigfile, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (sfd < 0 || write_all(sfd, v, n) < 0 || close(sfd) < 0)
		abort();
	if ((j.fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		abort();
	/* the certificates are loaded (costly) only for a value that gets
	 * as far as verifier_check */
	TT.verifier = sigv2_parse(v, n, &s) ? NULL : verifier_load(keys);
	FUZZ_TRY(do_verify(&j));
	out_flush(&j.out);
	verifier_free(TT.verifier);
	TT.verifier = NULL;
	TT.failed = 0;
	buf_free(&j.out.b);
	close(j.fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	const uint8_t *v = data + 1;
	size_t n = size - 1;
	uint8_t uuid[16], *bytes;
	char *text;

	if (!size)
		return 0;
	if (!ready) {
		ready = 1;
		setup();
	}
	verbose = data[0] & 1;
	/* ima_setxattr reads IMA_XATTR_MAX bytes at most */
	if (n <= IMA_XATTR_MAX)
		ima_value_error(v, n);
	verify(v, n);
	text = xstrndup((const char *)v, n);
	bytes = xmalloc(strlen(text) / 2 + 1);
	hex_decode(text, strlen(text), bytes);
	evm_uuid_parse(text, uuid);
	free(bytes);
	free(text);
	return 0;
}
