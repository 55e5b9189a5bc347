/* lsmbox.h: what every applet and lib/ file shares: the applet record,
 * errors and x-functions, option parsing, files, and kernel interface paths. */
#ifndef LSMBOX_H
#define LSMBOX_H

#include <stdarg.h>
#include <stddef.h>
#include <stdnoreturn.h>
#include <sys/types.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))

/* One applet, as generated from its declaration comment (see scripts/mkapplets.awk). */
struct applet {
	const char *name;
	int (*main)(int argc, char **argv);
	const char *summary;	/* one line, no trailing period */
	const char *help;	/* "Usage: ...\n\n...", ends in a newline */
};

/* Generated: int NAME_main(int argc, char **argv) for each applet built. */
#include "applet-mains.h"

extern const struct applet applets[];
extern const size_t napplets;

/* The applet now running: its name starts every message. */
extern const struct applet *this_applet;
const char *applet_name(void);
void show_help(const struct applet *a);

/* Exit status of die() and friends; applets whose anchor uses another
 * status for runtime errors set it once at the top of main. */
extern int die_status;

/* err.c: "APPLET: message" on stderr; the _errno forms append ": strerror". */
void warn(const char *fmt, ...) PRINTF(1, 2);
void warn_errno(const char *fmt, ...) PRINTF(1, 2);
noreturn void die(const char *fmt, ...) PRINTF(1, 2);
noreturn void die_errno(const char *fmt, ...) PRINTF(1, 2);
/* A bad command line: the message, a pointer to --help, exit 2. */
noreturn void usage_error(const char *fmt, ...) PRINTF(1, 2);
noreturn void not_implemented(void);

/* xfuncs.c: allocation and I/O that die on failure, so applets read as the happy path. */
void *xmalloc(size_t n);
void *xzalloc(size_t n);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) PRINTF(1, 2);
/* s without leading and trailing white space (the end is cut in place). */
char *str_trim(char *s);
/* s on stdout as a JSON string (quotes, \ and control bytes escaped), or
 * null when s is NULL. */
void json_quote(const char *s);
int xopen(const char *path, int flags, ...);
void xclose(int fd);
ssize_t write_all(int fd, const void *buf, size_t len);
void xwrite_all(int fd, const void *buf, size_t len, const char *what);
ssize_t read_all(int fd, void *buf, size_t len);
/* Whole decimal (or 0x hex) number in [min, max], else usage_error naming `what`. */
long long xstrtonum(const char *s, long long min, long long max, const char *what);

/* opt.c: the one option parser.  Every call also knows --help (prints the
 * applet's help, exits 0) and, unless OPTP_NO_ROOT, --root DIR (see paths.c). */
struct opt {
	char sh;		/* short letter, or 0 */
	const char *lng;	/* long name without "--", or NULL */
	unsigned flags;		/* OPT_ARG: takes an argument */
	int seen;		/* out: how many times it was given */
	const char *arg;	/* out: the last argument given */
};
#define OPT_ARG 1u
#define OPT_END { 0, NULL, 0, 0, NULL }

#define OPTP_STOP	1u	/* stop at the first operand (subcommand syntax) */
#define OPTP_NO_ROOT	2u	/* --root is not an option of this applet */

/* Parses (*argcp, *argvp) from index 1; on return they hold the operands only,
 * in their order.  Options may follow operands unless OPTP_STOP; "--" ends options. */
void opt_parse(int *argcp, char ***argvp, struct opt *opts, unsigned flags);

/* file.c */
/* Whole file, NUL-terminated, length in *lenp if given; NULL and errno on failure.
 * Works on /proc and sysfs files whose st_size is 0. */
char *read_file(const char *path, size_t *lenp);
char *xread_file(const char *path, size_t *lenp);
char *read_fd(int fd, size_t *lenp);

/* Replace `path` so that a reader, or a crash at any point, sees the old
 * content or the new one, never a mix: a temp file in the same directory,
 * fsync, rename, fsync of the directory. */
struct atomic_file {
	int fd;
	char *path;
	char *tmp;
};
int atomic_open(struct atomic_file *af, const char *path, mode_t mode);
int atomic_commit(struct atomic_file *af);
void atomic_abort(struct atomic_file *af);
int write_file_atomic(const char *path, const void *buf, size_t len, mode_t mode);

/* paths.c: the one door to kernel interfaces.  With --root DIR or
 * LSMBOX_ROOT=DIR every path resolves inside DIR (an image tree, offline);
 * otherwise the live filesystems are found by their magic numbers. */
enum kfs {
	KFS_SECURITYFS,		/* /sys/kernel/security */
	KFS_SMACKFS,		/* /sys/fs/smackfs, legacy /smack */
	KFS_SELINUXFS,		/* /sys/fs/selinux, legacy /selinux */
	KFS_PROC,		/* /proc */
	KFS_PROCSYS,		/* /proc/sys */
	KFS_SYSFS,		/* /sys */
	KFS_COUNT
};
void root_set(const char *dir);
const char *root_dir(void);		/* NULL when working on the live system */
char *root_path(const char *abspath);	/* abspath under the root; xmalloc'd */
const char *kfs_name(enum kfs fs);
/* The directory where fs is found, or NULL (then *why says what was tried). */
const char *kfs_dir(enum kfs fs, const char **why);
/* dir/rel for fs, dying with a message naming the mount command when absent. */
char *kfs_path(enum kfs fs, const char *rel);
void kfs_reset(void);			/* forget cached lookups (tests) */

/* version.c */
void print_version(void);

#endif
