// SPDX-License-Identifier: Apache-2.0
/* compat.c: smack-utils' programs as stand-in names (STYLE 16): chsmack,
 * smackaccess, smackload and smackcipso, with smack-utils 1.3.3's options
 * (getopt_long, as theirs), output and exit status
 * (0 done, 1 anything else), on smackctl's own checks and writers.  Where
 * smack-utils would go on or exit 0 after a failure, these do not;
 * docs/smackctl.md lists each difference. */
#include <errno.h>
#include <getopt.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "smackctl.h"

struct standin {
	const char *name;
	const char *shorts;	/* getopt's: "vh", or "vhc" with --clear */
	const char *synopsis;	/* after "Usage: NAME " */
	int (*fn)(int argc, char **argv, int clear);
	int smackfs_first;	/* no smackfs is said before the operands are counted */
	int max;		/* operands: at most max, and exactly max if !smackfs_first */
	uint64_t caps;
};

/* One a line after the synopsis; smack-utils prints its usage on stdout,
 * for -h and for a bad command line alike. */
static void usage(const struct standin *s)
{
	printf("Usage: %s %s\n"
	       "  -h, --help     show this and exit\n"
	       "  -v, --version  show the version and exit\n", applet_name(), s->synopsis);
	if (strchr(s->shorts, 'c'))
		printf("  -c, --clear    load the same rules with no access\n");
	printf("(lsmbox smackctl as %s; smackctl --help for more)\n", applet_name());
}

/* smackaccess SUBJECT OBJECT ACCESS: 1 or 0 on stdout, exit 0 either way;
 * input it cannot ask about, exit 1.  Under --root the image's rules
 * answer, as `smackctl access` does offline. */
static int smackaccess(int argc, char **argv, int clear)
{
	const char *why;

	(void)argc;
	(void)clear;
	for (int i = 0; i < 2; i++)
		if (smk_label_error(argv[i], strlen(argv[i])))
			goto invalid;
	if (smk_parse_access(argv[2], strlen(argv[2]), NULL) < 0)
		goto invalid;
	if (!kfs_dir(KFS_SMACKFS, &why)) {
		warn("%s", why);
		goto invalid;
	}
	if (root_dir()) {
		sandbox_reader("smackaccess", 0);
		smk_kernel_rules(&TT.rs, 1);
		smk_rs_builtins(&TT.rs);
		smk_query(&TT.rs, argv[0], argv[1], argv[2]);
	} else {
		smk_query(NULL, argv[0], argv[1], argv[2]);
	}
	return 0;
invalid:
	fprintf(stderr, "%s: input values are invalid.\n", applet_name());
	return 1;
}

/* smackload [-c] [PATH]: a rule file, a directory of them or stdin, all
 * parsed before anything is loaded, as `smackctl load [--clear]`. */
static int smackload(int argc, char **argv, int clear)
{
	smk_parse_source(&TT.rs, argc ? argv[0] : "-");
	diag_fail(0, "; nothing loaded");
	if (clear)
		smk_rs_clear(&TT.rs);
	return smk_load_ruleset(&TT.rs) ? 1 : 0;
}

/* smackcipso [PATH]: "LABEL LEVEL [CATEGORY...]" lines from a file, a
 * directory of them or stdin, every one checked before the first is
 * written; one write a mapping, stopping at the first the kernel refuses. */
static int smackcipso(int argc, char **argv, int clear)
{
	struct lines *m = &TT.cipso;
	struct stat st;
	char *host;

	(void)clear;
	/* A missing PATH is an error here; to apply it is a part not there. */
	if (argc && strcmp(argv[0], "-")) {
		host = smk_host_path(argv[0]);
		if (stat(host, &st))
			die_errno("%s", str_esc(host, SIZE_MAX));
		free(host);
	}
	smk_read_config(argc ? argv[0] : "-", m, CFG_CIPSO);
	diag_fail(0, "; nothing loaded");
	if (m->n && smk_list_errors("cipso2"))
		return 1;
	for (size_t i = 0; i < m->n; i++)
		if (smk_put_setting("cipso2", m->v[i], strlen(m->v[i]), m->where[i]))
			return 1;
	return 0;
}

/* The paths as j says, a die() (a directory that cannot be read) exit 1
 * as any failure. */
static int label_caught(struct label_job *j, int argc, char **argv)
{
	jmp_buf jb;

	if (setjmp(jb)) {
		die_catch = NULL;
		return 1;
	}
	die_catch = &jb;
	smk_label_paths(j, argc, argv);
	die_catch = NULL;
	return j->rc ? 1 : 0;
}

/* chsmack's options: its messages name the long one. */
static const struct option chsmack_longs[] = {
	{ "version", no_argument, NULL, 'v' },	     { "help", no_argument, NULL, 'h' },
	{ "access", optional_argument, NULL, 'a' },  { "exec", optional_argument, NULL, 'e' },
	{ "mmap", optional_argument, NULL, 'm' },    { "transmute", no_argument, NULL, 't' },
	{ "dereference", no_argument, NULL, 'L' },   { "drop", no_argument, NULL, 'D' },
	{ "drop-access", no_argument, NULL, 'A' },   { "drop-exec", no_argument, NULL, 'E' },
	{ "drop-mmap", no_argument, NULL, 'M' },     { "drop-transmute", no_argument, NULL, 'T' },
	{ "recursive", no_argument, NULL, 'r' },     { "remove", no_argument, NULL, 'd' },
	{ NULL, 0, NULL, 0 }
};
#define CHSMACK_SHORTS "vha::e::m::tdLDAEMTr"

/* What an option asks of an attribute (or of -d/-D, -L, -r). */
enum { UNSET, ON, OFF };

static const char *long_name(int c)
{
	const struct option *o = chsmack_longs;

	while (o->name && o->val != c)
		o++;
	return o->name;
}

/* *st becomes want for option c: given twice it is a warning (fatal: an
 * error), against an earlier one an error; errors exit 1. */
static void chsmack_state(int *st, int want, int c, int fatal)
{
	if (*st == UNSET) {
		*st = want;
		return;
	}
	fprintf(stderr, *st == want ? "%s, option --%s or -%c already set.\n"
				    : "%serror, option --%s or -%c opposite to an option already set.\n",
		*st == want ? (fatal ? "error" : "warning") : "", long_name(c), c);
	if (fatal || *st != want)
		exit(1);
}

/* -a, -e, -m take their label attached (-aL, --access=L) or, when the
 * next word does not start with '-', that word. */
static char *greedy_arg(int argc, char **argv)
{
	if (!optarg && optind < argc && argv[optind][0] != '-')
		return argv[optind++];
	return optarg;
}

/* chsmack [-a L] [-e L] [-m L] [-t] [-A] [-E] [-M] [-T] [-D] [-d] [-L] [-r]
 * [PATH...]: the options read in two rounds, as chsmack reads them (flags
 * and -d/-D first, then the labels, whose meaning -d changes), then
 * label.c's listing or changes; no PATH: the entries of ".", shown as
 * "./NAME". */
static int chsmack(int argc, char **argv)
{
	const char *val[4] = { 0 };
	int st[4] = { UNSET, UNSET, UNSET, UNSET };	/* access, exec, mmap, transmute */
	int del = UNSET, follow = UNSET, recurse = UNSET, modify = 0, want, c;
	struct label_job j = { .prefix = "./" };

	while ((c = getopt_long(argc, argv, CHSMACK_SHORTS, chsmack_longs, NULL)) != -1)
		switch (c) {
		case 'a':
		case 'e':
		case 'm':
			greedy_arg(argc, argv);	/* the label is the second round's */
			break;
		case 'A':
		case 'E':
		case 'M':
		case 'T':
			chsmack_state(&st[strchr("AEMT", c) - "AEMT"], OFF, c, 0);
			modify = 1;
			break;
		case 't':
			break;
		case 'd':
			chsmack_state(&del, ON, c, 0);
			fprintf(stderr, "remove: option -d is obsolete!\n");
			break;
		case 'D':
			chsmack_state(&del, OFF, c, 0);
			break;
		case 'L':
			chsmack_state(&follow, ON, c, 0);
			break;
		case 'r':
			chsmack_state(&recurse, ON, c, 0);
			break;
		case 'v':
			printf("%s (lsmbox) version %s\n", applet_name(), LSMBOX_VERSION);
			return 0;
		case 'h':
			printf("Usage: %s [-a|-e|-m [LABEL]] [-t] [-A] [-E] [-M] [-T] [-D] [-L] [-r] "
			       "[PATH...]\n(lsmbox smackctl as chsmack: smackctl label; smackctl --help for more)\n",
			       applet_name());
			return 0;
		default:
			printf("Usage: %s [-a|-e|-m [LABEL]] [-t] [-A] [-E] [-M] [-T] [-D] [-L] [-r] "
			       "[PATH...]\n", applet_name());
			return 1;
		}
	/* -d turns -a, -e, -m and -t into removals. */
	want = del == ON ? OFF : ON;
	optind = 1;
	while ((c = getopt_long(argc, argv, CHSMACK_SHORTS, chsmack_longs, NULL)) != -1) {
		int i = c == 'a' ? 0 : c == 'e' ? 1 : c == 'm' ? 2 : c == 't' ? 3 : -1;
		const char *l;

		if (i < 0)
			continue;
		modify = 1;
		if (i == 3) {
			chsmack_state(&st[3], want, c, 0);
			continue;
		}
		l = greedy_arg(argc, argv);
		if (!l && del != ON) {
			fprintf(stderr, "%s: require a label on set.\n", long_name(c));
			exit(1);
		}
		if (l && del == ON) {
			fprintf(stderr, "%s: require no label on delete.\n", long_name(c));
			exit(1);
		}
		if (l && strnlen(l, LABEL_MAX + 1) > LABEL_MAX) {
			fprintf(stderr, "%s: \"%s\" exceeds %d characters.\n", long_name(c), l, LABEL_MAX);
			exit(1);
		}
		if (l && smk_label_error(l, strlen(l))) {
			fprintf(stderr, "%s: invalid Smack label '%s'.\n", long_name(c), l);
			exit(1);
		}
		/* The kernel refuses them there; chsmack would try. */
		if (l && i && (!strcmp(l, "*") || !strcmp(l, "@"))) {
			fprintf(stderr, "%s: '%s' cannot be an %s label.\n", long_name(c), l,
				i == 1 ? "exec" : "mmap");
			exit(1);
		}
		chsmack_state(&st[i], want, c, 1);
		val[i] = l;
	}
	if (del == OFF) {
		/* -D: every attribute no option names is removed */
		for (int i = 0; i < 4; i++)
			if (st[i] == UNSET)
				st[i] = OFF;
	} else if (del == ON && !modify) {
		/* -d alone removes all four */
		for (int i = 0; i < 4; i++)
			st[i] = OFF;
		modify = 1;
	}
	/* -D with nothing else lists, as chsmack does. */
	for (int i = 0; i < 4 && modify; i++) {
		j.set[i] = st[i] == ON ? (i == 3 ? "TRUE" : val[i]) : NULL;
		j.rm[i] = st[i] == OFF;
	}
	j.modify = modify;
	j.follow = follow == ON;
	j.recurse = recurse == ON;
	return label_caught(&j, argc - optind, argv + optind);
}

static const struct standin standins[] = {
	{ "smackaccess", "vh", "[-h|-v] SUBJECT OBJECT ACCESS", smackaccess, 0, 3, CAPS_READ },
	{ "smackload", "vhc", "[-h|-v|-c] [PATH]", smackload, 1, 1, SMACK_WRITES },
	{ "smackcipso", "vh", "[-h|-v] [PATH]", smackcipso, 1, 1, SMACK_WRITES },
};

/* s's program with every die() (bad input, a failed read or write) turned
 * into exit 1: smack-utils knows no other failure. */
static int caught(const struct standin *s, int argc, char **argv, int clear)
{
	jmp_buf jb;
	int rc;

	if (setjmp(jb)) {
		die_catch = NULL;
		return 1;
	}
	die_catch = &jb;
	rc = s->fn(argc, argv, clear);
	die_catch = NULL;
	return rc;
}

/* The command line as smack-utils parses it, then the program. */
static int run(const struct standin *s, int argc, char **argv)
{
	struct option longs[] = { { "version", no_argument, NULL, 'v' },
				  { "help", no_argument, NULL, 'h' },
				  { "clear", no_argument, NULL, 'c' },
				  { NULL, 0, NULL, 0 } };
	const char *why;
	int c, clear = 0, n;

	if (!strchr(s->shorts, 'c'))
		longs[2] = (struct option){ NULL, 0, NULL, 0 };
	while ((c = getopt_long(argc, argv, s->shorts, longs, NULL)) != -1)
		switch (c) {
		case 'c':
			clear = 1;
			break;
		case 'v':
			printf("%s (lsmbox) version %s\n", applet_name(), LSMBOX_VERSION);
			return 0;
		case 'h':
			usage(s);
			return 0;
		default:
			usage(s);
			return 1;
		}
	n = argc - optind;
	if (s->smackfs_first && !kfs_dir(KFS_SMACKFS, &why)) {
		fprintf(stderr, "SmackFS is not mounted.\n");
		warn("%s", why);
		return 1;
	}
	if (n > s->max || (!s->smackfs_first && n != s->max)) {
		usage(s);
		return 1;
	}
	return caught(s, n, argv + optind, clear);
}

int smk_standin(int argc, char **argv, int *status)
{
	if (!strcmp(applet_name(), "chsmack")) {
		caps_keep("chsmack", SMACK_LABELS);
		*status = chsmack(argc, argv);
		return 1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(standins); i++)
		if (!strcmp(applet_name(), standins[i].name)) {
			caps_keep(standins[i].name, standins[i].caps);
			*status = run(&standins[i], argc, argv);
			return 1;
		}
	return 0;
}
