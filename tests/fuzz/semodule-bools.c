// SPDX-License-Identifier: Apache-2.0
/* semodule-bools: a store's booleans.local as a commit reads it
 * (smod_bools_parse), written again as the commit writes it
 * (smod_bools_text); that text must read back to the same records, but
 * for names that start with '#' (a comment at the start of a line). */
#include "fuzz.h"
#include "../../applets/semodule-lite/semodule.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct sbools bl, again;
	struct buf text = BUF_INIT(0);
	size_t j = 0;

	if (smod_bools_parse("booleans.local", (const char *)data, size, &bl) < 0)
		return 0;
	smod_bools_text(&bl, &text);
	if (smod_bools_parse("booleans.local", (const char *)text.p, text.len, &again) < 0)
		abort();
	for (size_t i = 0; i < bl.n; i++) {
		if (bl.v[i].name[0] == '#')
			continue;
		if (j == again.n || strcmp(bl.v[i].name, again.v[j].name) ||
		    bl.v[i].value != again.v[j].value)
			abort();
		j++;
	}
	if (j != again.n)
		abort();
	smod_bools_free(&bl);
	smod_bools_free(&again);
	buf_free(&text);
	return 0;
}
