// SPDX-License-Identifier: Apache-2.0
/* ima-keys: key and certificate files as imasign loads them (keys.c):
 * -k's certificates for ima_verify and ima_measurement --verify-sig
 * (verifier_load: parse_cert, PEM then DER, skid_keyid, pubkey_keyid,
 * fast_key), import's (cert_load_der), --keyid-from-cert's
 * (cert_file_keyid) and -k's private key for signing (signer_load, PEM,
 * no pass phrase: the key id of a certificate appended, else of the key). */
#include "../../applets/imasign/keys.c"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct verifier *v = NULL;
	struct signer *s = NULL;
	uint8_t *der = NULL;
	size_t len;
	uint32_t id;
	char path[32];
	int fd = fuzz_file(data, size, path);

	if (fd < 0)
		return 0;
	FUZZ_TRY(v = verifier_load(path));
	verifier_free(v);
	if (!cert_load_der(path, &der, &len, &id))
		free(der);
	cert_file_keyid(path);
	FUZZ_TRY(s = signer_load(path, NULL, 0));
	signer_free(s);
	ERR_clear_error();
	close(fd);
	return 0;
}
