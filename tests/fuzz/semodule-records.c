// SPDX-License-Identifier: Apache-2.0
/* semodule-records: the text files a commit's genhomedircon reads, the
 * first byte picking which: the store's seusers, users_extra,
 * file_contexts (its directory patterns compiled, then tried on a home)
 * and homedir_template, the image's passwd and group (looked up as
 * glibc's nss_files would).  Each is written into a temp tree made once,
 * the store's files at its top, the image's under its etc/ (the tree is
 * --root), then read by genhome.c's own readers. */
#include "../../applets/semodule-lite/genhome.c"
#include "fuzz.h"

#include <stdio.h>

static char top[] = "/tmp/lsmbox-fuzz-records.XXXXXX";
static const char *const files[] = {
	"seusers", "users_extra", "file_contexts", "homedir_template", "etc/passwd", "etc/group",
};

static void cleanup(void)
{
	int fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		unlinkat(fd, files[i], 0);
	unlinkat(fd, "etc", AT_REMOVEDIR);
	close(fd);
	rmdir(top);
}

/* The tree, once: the store's tmp/ as a descriptor. */
static int tree(void)
{
	static int fd = -1;
	char etc[64];

	if (fd >= 0)
		return fd;
	if (!mkdtemp(top))
		die_errno("mkdtemp");
	atexit(cleanup);
	snprintf(etc, sizeof(etc), "%s/etc", top);
	if (mkdir(etc, 0700) < 0 || (fd = open(top, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		die_errno("%s", top);
	root_set(top);
	return fd;
}

static void run(struct gh *g, int kind)
{
	const struct pwent *pw;
	const struct grent *gr;
	bool claimed;

	switch (kind) {
	case 0:
		if (store_text(g, "seusers", &g->seusers) == 0)
			read_seusers(g);
		break;
	case 1:
		if (store_text(g, "users_extra", &g->extra) == 0)
			read_users_extra(g);
		break;
	case 2:
		g->h = sepol_handle_create();
		sepol_msg_set_callback(g->h, silent, NULL);
		fc_claims(g, "/home", &claimed);
		fc_claims(g, "/srv/home", &claimed);
		break;
	case 3:
		if (store_text(g, "homedir_template", &g->tpl) == 0)
			template_lists(g);
		break;
	case 4:
		pw_find(g, "root", &pw);
		pw_find(g, "user", &pw);
		break;
	default:
		gr_find(g, "staff", &gr);
		break;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct store s = { .quiet = true };
	struct gh g = { .s = &s };
	int kind;

	if (!size)
		return 0;
	g.tmp = tree();
	kind = data[0] % ARRAY_SIZE(files);
	if (sat_write(g.tmp, files[kind], data + 1, size - 1) < 0)
		die_errno("%s/%s", top, files[kind]);
	FUZZ_TRY(run(&g, kind));
	gh_free(&g);
	return 0;
}
