// SPDX-License-Identifier: Apache-2.0
/* smack-settings: a smackfs setting as an image holds it, read back as
 * `smackctl --root get NAME` reads it (smk_get_value: the bounded read,
 * the trailing NUL, newline and spaces dropped, then setting_error:
 * numbers in range, a label or a label list, each cipso2, netlabel and
 * ipv6host line through list_line_error) and, when it reads clean,
 * changed as `set` changes it (list_errors, then merge_entry, or onlycap
 * written as the kernel shows it), after which it must read clean again:
 * what set writes, get takes.  The first byte picks the setting, the rest
 * is the file, in an image made once a process (removed at its exit). */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../applets/smackctl/smackctl.h"
#include "fuzz.h"

static char top[] = "/tmp/lsmbox-fuzz-settings.XXXXXX";

static void remove_top(void)
{
	fuzz_tree_remove(top);
}

/* What set writes to each: a line or value that is right. */
static const struct {
	const char *name, *val;
} settings[] = {
	{ "onlycap", "A B" },  { "relabel-self", NULL }, { "unconfined", "-" },
	{ "ambient", "Amb" },  { "syslog", "Log" },	  { "logging", "2" },
	{ "ptrace", "1" },     { "doi", "7" },		  { "direct", "200" },
	{ "mapped", "201" },   { "cipso2", "Fuzz 3   0   " },
	{ "netlabel", "10.0.0.0/8 Fuzz" },
	{ "ipv6host", "2001:0db8:0000:0000:0000:0000:0000:0000/32 Fuzz" },
};

/* The value read back (NULL: it did not read), as get reads it. */
static char *get(const char *name)
{
	char *v = NULL;

	FUZZ_TRY(v = smk_get_value(smk_find_setting(name)));
	return v;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static int made;
	char *path, *v;
	const char *name, *val;
	int fd, bad = 1;

	if (!made) {
		if (!mkdtemp(top))
			return 0;
		atexit(remove_top);
		fuzz_tree_record(top, "sys/fs/smackfs", 14);
		root_set(top);
		made = 1;
	}
	if (!size)
		return 0;
	name = settings[data[0] % ARRAY_SIZE(settings)].name;
	val = settings[data[0] % ARRAY_SIZE(settings)].val;
	path = xasprintf("%s/sys/fs/smackfs/%s", top, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, data + 1, size - 1) != (ssize_t)(size - 1)) {
		if (fd >= 0)
			close(fd);
		free(path);
		return 0;
	}
	close(fd);
	v = get(name);
	if (v && val) {
		int raw = !strcmp(name, "cipso2") || !strcmp(name, "netlabel") || !strcmp(name, "ipv6host");

		FUZZ_TRY(bad = raw ? smk_list_errors(name) : 0);
		if (!bad) {
			int rc = -1;
			char *again;

			FUZZ_TRY(rc = smk_put_setting(name, val, strlen(val), NULL));
			/* what set wrote, get must take */
			if (rc || !(again = get(name)))
				__builtin_trap();
			free(again);
		}
	}
	free(v);
	unlink(path);
	free(path);
	return 0;
}
