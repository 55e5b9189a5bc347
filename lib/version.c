// SPDX-License-Identifier: Apache-2.0
/* version.c: "lsmbox --version": our version and build configuration, and
 * the version of every library linked in, read from the library itself so
 * that a relinked binary (see docs/LICENSING.md) tells the truth. */
#include <stdio.h>

#include "config.h"
#include "lsmbox.h"

#ifdef CFG_LIB_CRYPTO
#include <openssl/crypto.h>
#endif
#ifdef CFG_LIB_KEYUTILS
#include <keyutils.h>
#endif
#ifdef CFG_LIB_CAP
#include <sys/capability.h>
#endif
#ifdef CFG_LIB_SECCOMP
#include <seccomp.h>
#endif
#ifdef CFG_LIB_Z
#include <zlib.h>
#endif
#ifdef CFG_LIB_SEPOL
#include <sepol/policydb.h>
#endif
#ifdef CFG_LIB_BZ2
#include <bzlib.h>
#endif

void print_version(void)
{
	printf("lsmbox %s (config %s, %s)\n", LSMBOX_VERSION, CFG_NAME, CFG_ARCH);
#ifdef CFG_LIB_CRYPTO
	printf("libcrypto: %s\n", OpenSSL_version(OPENSSL_VERSION));
#endif
#ifdef CFG_LIB_KEYUTILS
	printf("libkeyutils: %s\n", keyutils_version_string);
#endif
#ifdef CFG_LIB_CAP
	/* libcap has no run-time version string; its header's and the number
	 * of capabilities the running kernel knows are what it can tell. */
	printf("libcap: %d.%d (kernel knows %d capabilities)\n", LIBCAP_MAJOR, LIBCAP_MINOR,
	       (int)cap_max_bits());
#endif
#ifdef CFG_LIB_SECCOMP
	{
		const struct scmp_version *v = seccomp_version();

		printf("libseccomp: %u.%u.%u\n", v->major, v->minor, v->micro);
	}
#endif
#ifdef CFG_LIB_Z
	printf("zlib: %s\n", zlibVersion());
#endif
#ifdef CFG_LIB_SEPOL
	/* libsepol has no version string, at run time or in its headers; the
	 * range of kernel policy versions it writes is what it can tell. */
	printf("libsepol: kernel policy versions %d-%d\n", sepol_policy_kern_vers_min(),
	       sepol_policy_kern_vers_max());
#endif
#ifdef CFG_LIB_BZ2
	printf("libbz2: %s\n", BZ2_bzlibVersion());
#endif
}
