// SPDX-License-Identifier: Apache-2.0
/* aa-features-dir: a kernel features directory as `aa-compile -M DIR`
 * reads it (features.c load: dir_text, entries in name order, nested
 * directories to 16 levels, each file read and bounded, then the
 * capabilities named).  The input builds the tree, a record a line:
 * PATH, a tab, then the file's text with "\n" for newlines (no tab: PATH
 * is a directory).  PATH is up to 8 parts of [a-z0-9_.] joined by '/',
 * made below a fresh temporary directory, which goes after the run. */
#include <dirent.h>
#include <ftw.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* before fuzz.h: its sys/mman.h defines MS_SYNC, a name of aa.h's */
#include "../../applets/aa-compile/aa.h"
#include "fuzz.h"

static int rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(p);
}

/* One record into the tree under top; bad names are passed over. */
static void make(const char *top, const char *rec, size_t n)
{
	const char *tab = memchr(rec, '\t', n);
	size_t plen = tab ? (size_t)(tab - rec) : n;
	char path[512], *p;
	int parts = 1;

	if (!plen || plen > 200)
		return;
	for (size_t i = 0; i < plen; i++) {
		char c = rec[i];

		if (c == '/')
			parts++;
		else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'))
			return;
	}
	if (parts > 8)
		return;
	snprintf(path, sizeof(path), "%s/%.*s", top, (int)plen, rec);
	/* the directories above it */
	for (p = path + strlen(top) + 1; (p = strchr(p, '/')); p++) {
		*p = 0;
		mkdir(path, 0755);
		*p = '/';
	}
	if (!tab) {
		mkdir(path, 0755);
		return;
	}
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	for (const char *s = tab + 1; s < rec + n; s++) {
		if (*s == '\\' && s + 1 < rec + n && s[1] == 'n') {
			fputc('\n', f);
			s++;
		} else {
			fputc(*s, f);
		}
	}
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct aa_kfeat kf0;	/* as the program starts */
	static bool saved;
	char top[] = "/tmp/lsmbox-fuzz-aadir.XXXXXX";
	const char *s = (const char *)data, *end = s + size;

	if (!saved) {
		kf0 = aa_kf;
		saved = true;
	}
	if (!mkdtemp(top))
		abort();
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		make(top, s, n);
		s += n + 1;
	}
	aa_features_kernel(top);
	for (int i = 0; i < 64; i++)
		free(aa_kf.cap_names[i]);
	aa_kf = kf0;
	nftw(top, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}
