// SPDX-License-Identifier: Apache-2.0
/* main.c: the multicall front door.  Dispatch on basename(argv[0]), else
 * "lsmbox APPLET ARG..."; the applet table is generated from the applets'
 * declarations (scripts/mkapplets.awk), so there is no list to keep here.
 * A stand-in name (an anchor tool's, declared "compat: NAME") is one more
 * row of the table, found and run as its applet is, under its own name. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "applets.h"

static const char lsmbox_help[] =
	"Usage: lsmbox APPLET [ARG...]\n"
	"       APPLET [ARG...]          (through a link named after the applet)\n"
	"       lsmbox --list [--compat] | --install [--compat] [-f] DIR\n"
	"       lsmbox --paths [--root DIR] | --version | --help [APPLET]\n"
	"\n"
	"Linux security administration in one static binary: one applet for each\n"
	"kernel security subsystem.  APPLET --help describes an applet.\n"
	"\n"
	"  --list            print the applets, one a line; with --compat, the\n"
	"                    stand-in names instead, as \"NAME APPLET\" lines: an\n"
	"                    anchor tool's name that runs APPLET when called so\n"
	"  --install DIR     make a symbolic link DIR/APPLET for each applet\n"
	"                    (none for those not implemented yet); --compat adds\n"
	"                    one for each of their stand-in names; -f replaces\n"
	"                    existing files; all or nothing\n"
	"  --paths           show where each kernel interface is found (with\n"
	"                    --root DIR or LSMBOX_ROOT: inside an image tree)\n"
	"  --version         print versions of lsmbox and its libraries\n"
	"\n"
	"Applets:\n";

static const char *argv0 = "lsmbox";

static const struct applet *find_applet(const char *name)
{
	for (size_t i = 0; i < napplets; i++)
		if (!strcmp(applets[i].name, name))
			return &applets[i];
	return NULL;
}

static int finish(int status)
{
	/* A full disk or closed pipe must not look like success. */
	if (fflush(stdout) != 0 || ferror(stdout)) {
		warn_errno("write error");
		return status ? status : 1;
	}
	return status;
}

static noreturn void run_applet(const struct applet *a, int argc, char **argv)
{
	this_applet = a;
	if (argc > 1 && !strcmp(argv[1], "--help")) {
		show_help(a);
		exit(finish(0));
	}
	exit(finish(a->main(argc, argv)));
}

static void print_help(FILE *f)
{
	fputs(lsmbox_help, f);
	for (size_t i = 0; i < napplets; i++)
		if (!applets[i].compat_for)
			fprintf(f, "  %-16s%s\n", applets[i].name, applets[i].summary);
}

/* Our own path, for the links: /proc/self/exe, else argv[0] resolved. */
static char *self_path(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);

	if (n > 0) {
		buf[n] = 0;
		return xstrdup(buf);
	}
	if (strchr(argv0, '/') && realpath(argv0, buf))
		return xstrdup(buf);
	die("cannot find my own path: mount /proc or run me by a path");
}

/* A row --install links: not a stub nor multiplexer-only, and a stand-in
 * name only with --compat, so that no distribution's tool is shadowed by
 * surprise. */
static int linked(const struct applet *a, int compat)
{
	return !a->stub && !a->mux_only && (!a->compat_for || compat);
}

/* lsmbox --install [--compat] [-f] DIR.  Links point at "lsmbox" when the
 * binary sits in DIR (so an image tree stays relocatable), else at its
 * absolute path.  Stubs get none.  Never half-installed: every name is
 * checked first, then every link is made under a temporary name, and only
 * when all exist are they renamed into place; a failure before that removes
 * what was made. */
static int install_links(int argc, char **argv)
{
	enum { O_FORCE, O_COMPAT, O_N };
	struct opt opts[] = { [O_FORCE] = { 'f', "force", 0, 0, NULL },
			      [O_COMPAT] = { 0, "compat", 0, 0, NULL }, [O_N] = OPT_END };
	char dirbuf[PATH_MAX], *self, *slash, *target, **tmp;
	int refused = 0, compat;
	size_t made = 0, want = 0, i;
	struct stat st;

	opt_parse(&argc, &argv, opts, OPTP_NO_ROOT);
	compat = opts[O_COMPAT].seen;
	if (argc != 1)
		usage_error("--install needs one directory");
	if (!realpath(argv[0], dirbuf) || stat(dirbuf, &st) < 0)
		die_errno("%s", argv[0]);
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		die_errno("%s", argv[0]);
	}
	self = self_path();
	slash = strrchr(self, '/');
	if (slash && (size_t)(slash - self) == strlen(dirbuf) &&
	    !strncmp(self, dirbuf, slash - self))
		target = slash + 1;
	else
		target = self;

	for (i = 0; i < napplets; i++) {
		char *link;

		if (!linked(&applets[i], compat))
			continue;
		want++;
		link = xasprintf("%s/%s", argv[0], applets[i].name);
		if (lstat(link, &st) == 0) {
			/* A directory cannot be replaced by rename: refused even with -f. */
			if (S_ISDIR(st.st_mode)) {
				warn("%s is a directory", link);
				refused = 1;
			} else if (!opts[O_FORCE].seen) {
				warn("%s exists (use -f to replace it)", link);
				refused = 1;
			}
		}
		free(link);
	}
	if (refused) {
		free(self);
		return 1;
	}
	tmp = xzalloc(napplets * sizeof(*tmp));
	for (i = 0; i < napplets; i++) {
		if (!linked(&applets[i], compat))
			continue;
		tmp[i] = xasprintf("%s/.%s.lsmbox-new", argv[0], applets[i].name);
		unlink(tmp[i]);
		if (symlink(target, tmp[i]) < 0) {
			warn_errno("%s", tmp[i]);
			break;
		}
		made++;
	}
	/* Replace by rename, so a name never goes missing. */
	for (i = 0; i < napplets && made; i++) {
		char *link;

		if (!tmp[i])
			continue;
		link = xasprintf("%s/%s", argv[0], applets[i].name);
		if (rename(tmp[i], link) < 0) {
			warn_errno("%s", link);
			refused = 1;
		}
		free(link);
		if (refused)
			break;
	}
	for (i = 0; i < napplets; i++) {
		if (tmp[i])
			unlink(tmp[i]);
		free(tmp[i]);
	}
	free(tmp);
	free(self);
	return refused || made < want;
}

static int show_paths(int argc, char **argv)
{
	struct opt opts[] = { OPT_END };

	opt_parse(&argc, &argv, opts, 0);
	if (argc)
		usage_error("--paths takes no operands");
	printf("root %s\n", root_dir() ? (*root_dir() ? root_dir() : "/") : "-");
	for (int fs = 0; fs < KFS_COUNT; fs++) {
		const char *dir = kfs_dir(fs, NULL);

		printf("%s %s\n", kfs_name(fs), dir ? dir : "-");
	}
	return 0;
}

/* The multiplexer as the applet now running, so that "--install --help"
 * and "--paths --help" (opt_parse's --help) print its usage. */
static const struct applet self = { "lsmbox", NULL, "the multiplexer", lsmbox_help, 0, NULL };

static int multiplexer(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;
	const struct applet *a;

	this_applet = &self;

	/* Nothing asked: the help, but as a usage error (a script that lost
	 * its argument must not see success). */
	if (!cmd) {
		print_help(stderr);
		return 2;
	}
	if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) {
		if (argc > 2) {
			if (!(a = find_applet(argv[2]))) {
				warn("applet not found: %s", argv[2]);
				return 127;
			}
			if (argc > 3)
				usage_error("--help takes at most one applet");
			show_help(a);
		} else {
			print_help(stdout);
		}
		return 0;
	}
	if (!strcmp(cmd, "--list")) {
		int compat = argc == 3 && !strcmp(argv[2], "--compat");

		if (argc > 2 && !compat)
			usage_error("--list takes no operands");
		for (size_t i = 0; i < napplets; i++) {
			if (!compat && !applets[i].compat_for)
				puts(applets[i].name);
			else if (compat && applets[i].compat_for)
				printf("%s %s\n", applets[i].name, applets[i].compat_for);
		}
		return 0;
	}
	if (!strcmp(cmd, "--version")) {
		if (argc > 2)
			usage_error("--version takes no operands");
		print_version();
		return 0;
	}
	if (!strcmp(cmd, "--install"))
		return install_links(argc - 1, argv + 1);
	if (!strcmp(cmd, "--paths"))
		return show_paths(argc - 1, argv + 1);
	if (cmd[0] == '-')
		usage_error("unknown option: %s", cmd);
	if (!(a = find_applet(cmd))) {
		warn("applet not found: %s", cmd);
		return 127;
	}
	run_applet(a, argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	const char *name = argc > 0 ? argv[0] : "lsmbox";
	const char *slash = strrchr(name, '/');
	const struct applet *a;

	if (argc > 0)
		argv0 = argv[0];
	if (slash)
		name = slash + 1;
	/* Any "lsmbox*" name (lsmbox, lsmbox-static, lsmbox.arm64) is the multiplexer. */
	if (!strncmp(name, "lsmbox", 6))
		return finish(multiplexer(argc, argv));
	/* A multiplexer-only name ("status") is not ours as argv[0]. */
	if (!(a = find_applet(name)) || a->mux_only) {
		warn("applet not found: %s", name);
		return 127;
	}
	run_applet(a, argc, argv);
}
