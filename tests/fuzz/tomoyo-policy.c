// SPDX-License-Identifier: Apache-2.0
/* tomoyo-policy: TOMOYO policy text as `tomoyo-edit check` reads it, the
 * first byte picking the kind (domain, exception, profile, manager): every
 * line's verdict from the file a block at a time (tmy_check_fd), then as
 * `check -p` does, the verdicts on the whole text and the model printed
 * back.  That print, read again as `load` reads the kernel's read-back
 * when it verifies (tmy_kernel_verify), must lack nothing of the model:
 * otherwise load would say the kernel did not take what it took. */
#include "fuzz.h"
#include "../../applets/tomoyo-edit/tomoyo.h"

#include <stdlib.h>

static void quiet(struct tmy_check *c, int line, bool ok, bool last, void *arg)
{
	(void)c, (void)line, (void)ok, (void)last, (void)arg;
}

/* The model's print read back as verify reads the kernel's. */
static void round_trip(enum tmy_kind k, const char *text, size_t len)
{
	struct tmy_policy *want = tmy_policy_new(k), *have = tmy_policy_new(k);
	struct buf out = BUF_INIT(0), sorted = BUF_INIT(0);

	tmy_policy_builtin(want);
	tmy_policy_add(want, text, len, NULL);
	tmy_policy_print(want, &out);
	tmy_policy_sort(want, &sorted);
	if (k == TMY_DOMAIN)
		tmy_policy_add_domains_of(have, (const char *)out.p, out.len, want);
	else
		tmy_policy_add(have, (const char *)out.p, out.len, NULL);
	if (tmy_policy_missing(want, have, NULL, NULL)) {
		fprintf(stderr, "tomoyo-policy: the printed policy reads back short:\n%.*s",
			(int)out.len, (const char *)out.p);
		abort();
	}
	buf_free(&out);
	buf_free(&sorted);
	tmy_policy_free(want);
	tmy_policy_free(have);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct tmy_tally t = { 0 };
	enum tmy_kind k;
	const char *text;
	char path[32];
	int fd;

	if (!size)
		return 0;
	k = (enum tmy_kind)(data[0] % TMY_KINDS);
	text = (const char *)data + 1;
	if ((fd = fuzz_file(data + 1, size - 1, path)) < 0)
		return 0;
	FUZZ_TRY(tmy_check_fd(fd, path, k, &t, quiet, NULL));
	close(fd);
	tmy_check_text(text, size - 1, k, &t, tmy_report, (void *)"fuzz");
	round_trip(k, text, size - 1);
	return 0;
}
