// SPDX-License-Identifier: Apache-2.0
/* genhome.c: file_contexts.homedirs from the store's homedir_template.
 * This first form knows only the empty template, which makes an empty
 * file; a store whose policy has home-directory templates is refused with
 * a message until libsemanage's genhomedircon is done here. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "semodule.h"

int smod_genhomedircon(const struct store *s, int tmp, void *policy, struct buf *out)
{
	size_t len = 0;
	char *t = sat_read(tmp, "homedir_template", SMOD_FILE_MAX, &len);

	(void)policy;
	(void)out;
	free(t);
	if (!t && errno != ENOENT) {
		warn("%s/tmp/homedir_template: %s", s->dir, strerror(errno));
		return -1;
	}
	if (len) {
		warn("%s: the policy has home directory templates, which this lsmbox cannot expand "
		     "yet (semodule can)", s->dir);
		return -1;
	}
	return 0;
}
