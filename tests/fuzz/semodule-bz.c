// SPDX-License-Identifier: Apache-2.0
/* semodule-bz: the store's packed files (cil, hll) as smod_read_file
 * unpacks them, bounded by SMOD_FILE_MAX however much a small stream
 * claims; and the same bytes packed as a commit packs them (the first
 * byte: semanage.conf's bzip-blocksize, 0 to 9), which must unpack to
 * themselves. */
#include "fuzz.h"
#include "../../applets/semodule-lite/semodule.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct buf out = BUF_INIT(SMOD_FILE_MAX), packed = BUF_INIT(SMOD_FILE_MAX);
	int level;

	if (!size)
		return 0;
	level = data[0] % 10;
	data++, size--;
	smod_unpack("fuzz/cil", data, size, SMOD_FILE_MAX, &out);
	buf_free(&out);
	/* Stored as they are at level 0: then bytes with the magic unpack. */
	if (smod_pack(data, size, level, &packed) == 0 &&
	    (level || size < 3 || memcmp(data, "BZh", 3))) {
		if (smod_unpack("fuzz/packed", packed.p, packed.len, SMOD_FILE_MAX, &out) < 0 ||
		    out.len != size || (size && memcmp(out.p, data, size)))
			abort();
	}
	buf_free(&out);
	buf_free(&packed);
	return 0;
}
