// SPDX-License-Identifier: Apache-2.0
/* opt.c: the option parser every applet uses: short clusters (-xvf FILE),
 * long options (--name VALUE, --name=VALUE), "--", and the options common to
 * all applets (--help, --root DIR).  Exact long names only, no abbreviations:
 * a script written today keeps meaning the same thing when options are added. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"

static struct opt *find_short(struct opt *opts, char c)
{
	for (; opts->sh || opts->lng; opts++)
		if (opts->sh == c)
			return opts;
	return NULL;
}

static struct opt *find_long(struct opt *opts, const char *name, size_t len)
{
	for (; opts->sh || opts->lng; opts++)
		if (opts->lng && strlen(opts->lng) == len && !strncmp(opts->lng, name, len))
			return opts;
	return NULL;
}

static int long_is(const char *name, size_t len, const char *want)
{
	return strlen(want) == len && !strncmp(name, want, len);
}

/* Told of each option as it is met, in order (opt_parse_each). */
struct each {
	void (*fn)(struct opt *o, void *arg);
	void *arg;
};

static void met(const struct each *e, struct opt *o)
{
	if (e->fn)
		e->fn(o, e->arg);
}

/* One "--name[=value]" at argv[*ip]; may consume the next argument. */
static void parse_long(char **argv, int argc, int *ip, struct opt *opts, unsigned flags,
		       const struct each *e)
{
	const char *name = argv[*ip] + 2;
	const char *eq = strchr(name, '=');
	size_t len = eq ? (size_t)(eq - name) : strlen(name);
	const char *val = eq ? eq + 1 : NULL;
	struct opt *o = find_long(opts, name, len);

	if (!o && long_is(name, len, "help")) {
		if (val)
			usage_error("option --help takes no argument");
		show_help(this_applet);
		exit(0);
	}
	if (!o && !(flags & OPTP_NO_ROOT) && long_is(name, len, "root")) {
		if (!val && *ip + 1 >= argc)
			usage_error("option --root needs an argument");
		root_set(val ? val : argv[++*ip]);
		return;
	}
	if (!o) {
		/* On the stack (usage_error does not return to free it), one
		 * byte past what is shown, so that a longer name is cut with "...". */
		char n[SHOWN_MAX + 2];

		snprintf(n, sizeof(n), "%.*s", (int)(len <= SHOWN_MAX ? len : SHOWN_MAX + 1), name);
		usage_error("unknown option: --%s", str_esc(n, SHOWN_MAX));
	}
	o->seen++;
	if (o->flags & OPT_OPTARG) {
		o->arg = val;
	} else if (!(o->flags & OPT_ARG)) {
		if (val)
			usage_error("option --%s takes no argument", o->lng);
	} else {
		if (!val) {
			if (*ip + 1 >= argc)
				usage_error("option --%s needs an argument", o->lng);
			val = argv[++*ip];
		}
		o->arg = val;
	}
	met(e, o);
}

/* A cluster "-abc" or "-fFILE" at argv[*ip]; may consume the next argument. */
static void parse_short(char **argv, int argc, int *ip, struct opt *opts, const struct each *e)
{
	const char *p = argv[*ip] + 1;

	for (; *p; p++) {
		struct opt *o = find_short(opts, *p);

		if (!o)
			usage_error("unknown option: -%s", str_esc((char[]){ *p, 0 }, SHOWN_MAX));
		o->seen++;
		if (o->flags & OPT_OPTARG) {
			o->arg = p[1] ? p + 1 : NULL;
			met(e, o);
			if (p[1])
				return;
			continue;
		}
		if (!(o->flags & OPT_ARG)) {
			met(e, o);
			continue;
		}
		if (p[1]) {
			o->arg = p + 1;
		} else {
			if (*ip + 1 >= argc)
				usage_error("option -%c needs an argument", *p);
			o->arg = argv[++*ip];
		}
		met(e, o);
		return;
	}
}

void opt_parse_each(int *argcp, char ***argvp, struct opt *opts, unsigned flags,
		    void (*fn)(struct opt *o, void *arg), void *arg)
{
	const struct each e = { fn, arg };
	int argc = *argcp, i, n = 0;
	char **argv = *argvp;
	/* Operands are packed, in order, over argv[1..]; a slot is only
	 * overwritten after it has been read. */
	char **out = argv + 1;

	for (i = 1; i < argc; i++) {
		char *a = argv[i];

		if (a[0] != '-' || !a[1]) {
			if (flags & OPTP_STOP)
				break;
			out[n++] = a;
		} else if (!strcmp(a, "--")) {
			i++;
			break;
		} else if (a[1] == '-') {
			parse_long(argv, argc, &i, opts, flags, &e);
		} else {
			parse_short(argv, argc, &i, opts, &e);
		}
	}
	while (i < argc)
		out[n++] = argv[i++];
	out[n] = NULL;
	*argcp = n;
	*argvp = out;
}

void opt_parse(int *argcp, char ***argvp, struct opt *opts, unsigned flags)
{
	opt_parse_each(argcp, argvp, opts, flags, NULL, NULL);
}

void opt_parse_n(int *argcp, char ***argvp, struct opt *opts, unsigned flags, int min, int max,
		 const char *need)
{
	const char *cmd = (*argvp)[0];

	opt_parse(argcp, argvp, opts, flags);
	if (*argcp >= min && (max < 0 || *argcp <= max))
		return;
	if (need)
		usage_error("%s", need);
	if (*argcp < min)
		usage_error("%s: missing operand", str_esc(cmd, SIZE_MAX));
	usage_error("%s: unexpected argument %s", str_esc(cmd, SIZE_MAX), str_esc((*argvp)[max], SIZE_MAX));
}
