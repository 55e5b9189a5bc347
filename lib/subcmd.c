// SPDX-License-Identifier: Apache-2.0
/* subcmd.c: dispatch on a command word through one table that holds each
 * command's name, function, operand counts and usage lines. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "lsmbox.h"

void subcmd_usage(const struct subcmds *s, FILE *f)
{
	for (const struct subcmd *c = s->cmds; c->name; c++)
		fprintf(f, "  %s %s%s %s\n", applet_name(), s->group ? s->group : "", c->name, c->usage);
}

static noreturn void refuse(const struct subcmds *s, const struct subcmd *c, const char *unknown)
{
	if (s->refuse)
		s->refuse(s, unknown);
	if (!c && !unknown)
		usage_error("%s", s->none ? s->none : "no command");
	if (s->bad)
		usage_error("%s", s->bad);
	if (unknown)
		usage_error("unknown command: %s", str_esc(unknown, SHOWN_MAX));
	usage_error("%s%s: usage: %s %s%s %s", s->group ? s->group : "", c->name, applet_name(),
		    s->group ? s->group : "", c->name, c->usage);
}

const struct subcmd *subcmd_find(const struct subcmds *s, const char *name)
{
	for (const struct subcmd *c = s->cmds; c->name; c++)
		if (c->fn && !strcmp(c->name, name))
			return c;
	return NULL;
}

int subcmd_run(struct subcmds *s, int argc, char **argv)
{
	const struct subcmd *c;
	char *name;

	if (argc < 1)
		refuse(s, NULL, NULL);
	name = argv[0];
	if (!(c = subcmd_find(s, name)))
		refuse(s, NULL, name);
	/* before fn reads anything: its options may name files */
	caps_keep(c->name, c->caps);
	/* Count the operands after the name; fn sees the name or not. */
	argc--, argv++;
	if (c->flag && argc > 0 && !strcmp(argv[0], c->flag)) {
		s->flag = 1;
		argc--, argv++;
	}
	if (argc < c->min || (c->max >= 0 && argc > c->max))
		refuse(s, c, NULL);
	if (!(s->flags & SUBCMD_OPERANDS)) {
		argc++, argv--;
		argv[0] = name;
	}
	return c->fn(argc, argv);
}
