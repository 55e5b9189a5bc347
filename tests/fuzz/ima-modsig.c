// SPDX-License-Identifier: Apache-2.0
/* ima-modsig: signed kernel modules as `imasign verify-module` reads
 * them (modsign_verify: read_module, modsig_find's marker and struct
 * module_signature, the PKCS#7 parsed and shown as modinfo does,
 * show_signer; with -k the rig's certificates, CMS_verify over the
 * content).  The first byte: bit 0 -k; bit 1 the input is instead a
 * certificate, as verify-module -k (load_certs) and sign-module's CERT
 * (read_cert: DER by its first bytes, else PEM) read one. */
#include "../../applets/imasign/modsign.c"
#include "fuzz.h"

static char certs[2 * 4096 + 80];

/* The rig's certificates, from the tree the target was built in
 * (build/DIR/fuzz/NAME). */
static void setup(void)
{
	snprintf(certs, sizeof(certs), "%1$s/ima.der,%1$s/ec256.der", fuzz_rig_fixtures());
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int ready;
	char path[32], k[] = "-k", cmd[] = "verify-module";
	int fd;

	if (!size || (fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	if (!ready) {
		ready = 1;
		setup();
	}
	if (data[0] & 2) {
		STACK_OF(X509) *s = NULL;
		X509 *x = NULL;

		FUZZ_TRY(s = load_certs(path));
		sk_X509_pop_free(s, X509_free);
		FUZZ_TRY(x = read_cert(path));
		X509_free(x);
	} else if (data[0] & 1) {
		char *argv[] = { cmd, k, certs, path, NULL };

		FUZZ_TRY(modsign_verify(4, argv));
	} else {
		char *argv[] = { cmd, path, NULL };

		FUZZ_TRY(modsign_verify(2, argv));
	}
	ERR_clear_error();
	close(fd);
	return 0;
}
