// SPDX-License-Identifier: Apache-2.0
/* aa-policy-decode: an AppArmor binary policy (records as aa-compile -S
 * writes them) as aa-policy-diff reads it, which reads it as the 6.1
 * kernel's policy_unpack does (tests/aa-compile/policy-diff.c: load, each
 * record's fields, each DFA through lib/dfa/verify.c's unpack and checks),
 * then compared with itself as aa-policy-diff compares two (rec_cmp: each
 * DFA walked from its start over every byte and the out-of-band step).
 * policy-diff.c is a test program, not in the binary: its main renamed. */
#define main policy_diff_main
int policy_diff_main(int argc, char **argv);
#include "../aa-compile/policy-diff.c"
#undef main
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int n = 0;
	/* no FUZZ_TRY: nothing in the reader dies but an allocation */
	struct rec *r = load("policy", data, size, &n);

	if (!r)
		return 0;
	ndiff = 0;
	for (int i = 0; i < n; i++)
		rec_cmp(&r[i], &r[i]);
	if (ndiff)
		abort();	/* a policy that differs from itself */
	for (int i = 0; i < n; i++)
		rec_free(&r[i]);
	free(r);
	return 0;
}
