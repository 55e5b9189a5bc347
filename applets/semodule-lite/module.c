// SPDX-License-Identifier: Apache-2.0
/* module.c: a module given as a policy package (.pp) turned into CIL by
 * libsepol, as libsemanage has /usr/libexec/selinux/hll/pp do it (the same
 * two calls, so the same bytes), in memory. */
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "semodule.h"

#ifdef CFG_LIB_SEPOL
#include <sepol/module.h>
#include <sepol/module_to_cil.h>
#include <sepol/policydb.h>
#endif

#ifdef CFG_LIB_SEPOL
/* The package's layout, as libsepol 3.4 reads it: magic, version, section
 * count, the sections' offsets; the module section is its magic, "SE Linux
 * Module" with its length, five words (the first its type), then for a
 * module (not a base) the name and the version, each a length and bytes. */
#define PP_MAGIC 0xf97cff8fu
#define PP_MOD_MAGIC 0xf97cff8du
#define PP_MOD_ID_LEN 15
#define PP_POLICY_MOD 2

static uint32_t le32(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Whether a module section's name or version says it is longer than the
 * bytes left: libsepol allocates that length before it reads (up to 4 GiB
 * for a 32-bit length), then fails the read.  What else is wrong is left
 * to libsepol to refuse. */
static bool pp_overlong(const uint8_t *p, size_t len)
{
	uint32_t nsec = len >= 12 ? le32(p + 8) : 0;

	if (len < 12 || le32(p) != PP_MAGIC)
		return false;
	for (uint32_t i = 0; i < nsec && 12 + 4 * (size_t)i + 4 <= len; i++) {
		size_t at = le32(p + 12 + 4 * (size_t)i), n;

		if (at > len || len - at < 8 + PP_MOD_ID_LEN + 20 || le32(p + at) != PP_MOD_MAGIC ||
		    le32(p + at + 4) != PP_MOD_ID_LEN || le32(p + at + 8 + PP_MOD_ID_LEN) != PP_POLICY_MOD)
			continue;
		at += 8 + PP_MOD_ID_LEN + 20;
		for (int s = 0; s < 2; s++) {	/* the name, the version */
			if (len - at < 4)
				break;
			n = le32(p + at);
			if (n > len - at - 4)
				return true;
			at += 4 + n;
		}
	}
	return false;
}
#endif

char *smod_pp_name(const void *pp, size_t len)
{
	char *name = NULL;
#ifdef CFG_LIB_SEPOL
	struct sepol_policy_file *pf;
	char *version = NULL;
	int type;

	if (!len || pp_overlong(pp, len) || sepol_policy_file_create(&pf) < 0)
		return NULL;
	/* libsepol only reads from the memory it is given. */
	sepol_policy_file_set_mem(pf, (char *)pp, len);
	if (sepol_module_package_info(pf, &type, &name, &version) < 0)
		name = NULL;
	free(version);
	sepol_policy_file_free(pf);
#else
	(void)pp;
	(void)len;
#endif
	return name;
}

#ifdef CFG_LIB_SEPOL
struct pp_in {
	const char *name;
	const void *hll;
	size_t len;
};

/* In the sandbox: libsepol reads the package and writes its CIL. */
static int pp_to_cil(void *arg, struct buf *cil)
{
	const struct pp_in *in = arg;
	struct sepol_module_package *pkg = NULL;
	char *out = NULL;
	size_t olen = 0;
	FILE *f, *o;
	int rc = -1, fd;

	/* libsepol wants a descriptor it can fstat and seek: a file in
	 * memory (nothing is written on the host, whatever --root says). */
	fd = memfd_create("hll", MFD_CLOEXEC);
	if (fd < 0 || write_all(fd, in->hll, in->len) < 0 || lseek(fd, 0, SEEK_SET) < 0 ||
	    !(f = fdopen(fd, "rb")))
		die_errno("%s: a file in memory", in->name);
	o = open_memstream(&out, &olen);
	if (!o)
		die_errno("open_memstream");
	if (sepol_ppfile_to_module_package(f, &pkg) < 0)
		warn("%s: not a policy package libsepol can read", in->name);
	else if (sepol_module_package_to_cil(o, pkg) < 0)
		warn("%s: libsepol could not turn it into CIL", in->name);
	else
		rc = 0;
	fclose(f);
	if (fclose(o) < 0)
		rc = -1;
	if (!rc && buf_put(cil, out, olen) < 0) {
		warn("%s: its CIL is over %zu bytes", in->name, cil->max);
		rc = -1;
	}
	sepol_module_package_free(pkg);
	free(out);
	return rc;
}
#endif

unsigned smod_sepol_cpu = SMOD_SEPOL_CPU;

int smod_hll_to_cil(const char *name, const char *lang, const void *hll, size_t len,
		    struct buf *cil)
{
#ifdef CFG_LIB_SEPOL
	struct pp_in in = { name, hll, len };
	/* libsepol 3.4 trusts the counts in a package: a 1 KiB file can ask
	 * for gigabytes and loop over them (later versions check the counts
	 * against the bytes left).  Its reading runs apart, bounded. */
	struct sandbox sb = { name, "libsepol", SMOD_SEPOL_MEM, smod_sepol_cpu };

	if (strcmp(lang, "pp")) {
		warn("%s: no compiler for language %s (only pp)", name, str_esc(lang, SIZE_MAX));
		return -1;
	}
	return sandbox_call(&sb, pp_to_cil, &in, cil);
#else
	(void)lang;
	(void)hll;
	(void)len;
	(void)cil;
	warn("%s: making CIL of a .pp module needs libsepol, and this lsmbox was built without "
	     "LIB_SEPOL", name);
	return -1;
#endif
}
