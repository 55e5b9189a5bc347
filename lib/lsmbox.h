/* SPDX-License-Identifier: Apache-2.0 */
/* lsmbox.h: what every applet and lib/ file shares: the applet record,
 * errors and x-functions, option parsing, files, and kernel interface paths. */
#ifndef LSMBOX_H
#define LSMBOX_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdnoreturn.h>
#include <sys/types.h>
#include <linux/capability.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define PRINTF(f, a) __attribute__((format(printf, f, a)))

/* One applet, as generated from its declaration comment (see scripts/mkapplets.awk). */
struct applet {
	const char *name;
	int (*main)(int argc, char **argv);
	const char *summary;	/* one line, no trailing period */
	const char *help;	/* "Usage: ...\n\n...", ends in a newline */
	int stub;		/* declared "stub: yes": not implemented yet */
	/* A stand-in name (declared "compat: NAME"): the applet it runs, whose
	 * main, summary, help and stub this row repeats; NULL for an applet. */
	const char *compat_for;
	/* Declared "multiplexer: only": run only as "lsmbox NAME" (a name too
	 * generic for a command of its own: audit, status), never through
	 * argv[0], and never given a link. */
	int mux_only;
};

/* Generated: int NAME_main(int argc, char **argv) for each applet built. */
#include "applet-mains.h"

extern const struct applet applets[];	/* sorted by name, stand-in names too */
extern const size_t napplets;		/* rows, stand-in names included */

/* The applet now running, as its row: a stand-in name's when called by that
 * name, so that every message starts with the name called. */
extern const struct applet *this_applet;
const char *applet_name(void);
void show_help(const struct applet *a);

/* Exit status of die() and friends; applets whose anchor uses another
 * status for runtime errors set it once at the top of main. */
extern int die_status;
/* While die_catch points at a jmp_buf, die(), die_errno() and
 * usage_error() longjmp there instead of exiting: a fuzz target
 * (tests/fuzz/), or a sandbox child (sandbox.c) that must end with _exit. */
#include <setjmp.h>
extern jmp_buf *die_catch;

/* LSMBOX_ASAN: built with AddressSanitizer (gcc's SAN=1, clang's fuzz
 * builds), whose shadow memory and leak check the sandbox cannot have:
 * no address-space limit (sandbox.c), no seccomp filter (seccomp.c). */
#if defined(__SANITIZE_ADDRESS__)
#define LSMBOX_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LSMBOX_ASAN 1
#endif
#endif

/* err.c: "APPLET: message" on stderr; the _errno forms append ": strerror". */
void warn(const char *fmt, ...) PRINTF(1, 2);
void warn_errno(const char *fmt, ...) PRINTF(1, 2);
noreturn void die(const char *fmt, ...) PRINTF(1, 2);
noreturn void die_errno(const char *fmt, ...) PRINTF(1, 2);
/* exit(status), as die() ends: for applets that print their own message
 * (in a fuzz build, back to a target that catches dying). */
noreturn void die_exit(int status);
/* A bad command line: the message, a pointer to --help, exit usage_status
 * (2; an applet whose anchor exits otherwise on a bad command line, as
 * semodule's 1, sets it once at the top of main).  With usage_shows_help
 * the help itself goes to standard output instead of the pointer, as
 * semodule prints its usage. */
extern int usage_status;
extern int usage_shows_help;	/* a flag */
noreturn void usage_error(const char *fmt, ...) PRINTF(1, 2);
noreturn void not_implemented(void);

/* xfuncs.c: allocation and I/O that die on failure, so applets read as the happy path. */
void *xmalloc(size_t n);
void *xzalloc(size_t n);
void *xrealloc(void *p, size_t n);
/* Room for element n of an array that grows one at a time (v[n++] = x):
 * v (NULL at first) reallocated only when n is 0 or a power of two, to
 * twice that, so n appends copy O(n) elements in all, not O(n^2).  Every
 * append to v must come through here, n never skipping.  XROOM(v, n) is
 * v = xroom(v, n, sizeof(*v)). */
void *xroom(void *v, size_t n, size_t size);
#define XROOM(v, n) ((v) = xroom((v), (size_t)(n), sizeof(*(v))))
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) PRINTF(1, 2);
/* The next line of *textp, cut at its newline (in place), *textp moved past
 * it; NULL at the end.  Empty lines are lines: FILE:LINE counts them all. */
char *next_line(char **textp);
/* s without leading and trailing white space (the end is cut in place). */
char *str_trim(char *s);
/* s on stdout as a JSON string, or null when s is NULL.  Quotes, \ and
 * control bytes are escaped; valid UTF-8 is copied; a byte that is not part
 * of valid UTF-8 is written as \udcXX (XX its value), the lone surrogate
 * Python's surrogateescape makes, so the output is valid JSON for any bytes
 * and the bytes can be recovered (docs/lsmbox.md). */
void json_quote(const char *s);
/* s as a message may show it: tab, newline and CR as \t \n \r, other
 * control bytes (C0, DEL, C1) and bytes that are not UTF-8 as \xNN, so that
 * a name or a value from a file cannot drive the terminal or split a line;
 * cut after max bytes with "...".  SIZE_MAX for names shown whole, SHOWN_MAX
 * for values and arguments.  The result lives until eight more calls; errno
 * is kept (it may be an argument of warn_errno).  mem_esc takes the len
 * bytes at s, NULs included (\x00). */
#define SHOWN_MAX 64
const char *str_esc(const char *s, size_t max);
const char *mem_esc(const char *s, size_t len, size_t max);
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
/* An optional argument (getopt's optional_argument): only "--name=VALUE" or
 * "-xVALUE" give one; "--name" and "-x" alone leave arg NULL. */
#define OPT_OPTARG 2u
#define OPT_END { 0, NULL, 0, 0, NULL }

#define OPTP_STOP	1u	/* stop at the first operand (subcommand syntax) */
#define OPTP_NO_ROOT	2u	/* --root is not an option of this applet */

/* Parses (*argcp, *argvp) from index 1; on return they hold the operands only,
 * in their order.  Options may follow operands unless OPTP_STOP; "--" ends options. */
void opt_parse(int *argcp, char ***argvp, struct opt *opts, unsigned flags);
/* opt_parse, telling fn of each option as it is met (its seen and arg
 * already set), for a command line whose options act in order (semodule's
 * -X before the -r it applies to). */
void opt_parse_each(int *argcp, char ***argvp, struct opt *opts, unsigned flags,
		    void (*fn)(struct opt *o, void *arg), void *arg);
/* opt_parse, then the operand count bounded as toybox's "<N" and ">N": fewer
 * than min, or more than max (-1: no limit), is a usage error.  The message
 * is `need` when given; else, after the command word argv[0] (a subcommand's
 * name), "missing operand" or "unexpected argument ARG" (the first extra). */
void opt_parse_n(int *argcp, char ***argvp, struct opt *opts, unsigned flags, int min, int max,
		 const char *need);

/* subcmd.c: the one dispatcher for applets whose first operand is a command
 * (keyctl, smackctl, yama-ptrace, cryptobench kernel). */
struct subcmd {
	const char *name;
	int (*fn)(int argc, char **argv);	/* NULL: one more usage line of the row before */
	signed char min, max;	/* operands after the name (and flag); max -1: any */
	const char *flag;	/* a leading option taken off before counting (keyctl's -x), or NULL */
	const char *usage;	/* the operands, for the usage lines */
	/* CAPS_KEEP | CAP_BIT(CAP_...)...: every capability but these is
	 * dropped (caps_keep) before fn parses anything; 0: fn keeps all the
	 * process has (a command that runs a program, or that has not been
	 * bounded) */
	uint64_t caps;
};
#define SUBCMD_END { NULL, NULL, 0, 0, NULL, NULL, 0 }

struct subcmds {
	const struct subcmd *cmds;	/* ends in SUBCMD_END */
	const char *group;	/* words between the applet and a name in usage lines ("--test "), or NULL */
	unsigned flags;
	const char *none;	/* usage_error for no command; NULL: "no command" */
	const char *bad;	/* usage_error for an unknown command or a wrong count; NULL:
				 * "unknown command: NAME", "NAME: usage: ..." */
	/* The anchor's own refusal, where it has one (keyctl): called instead of
	 * the messages above with the unknown name, or NULL for no command or a
	 * wrong count.  Must not return. */
	void (*refuse)(const struct subcmds *s, const char *unknown) __attribute__((__noreturn__));
	int flag;		/* out: the command's leading flag was given */
};
#define SUBCMD_OPERANDS 1u	/* fn gets the operands only, not its name as argv[0] */

/* Runs the command argv[0] (exact names only) with argv[1..argc-1], after
 * its flag is taken off and the operand count checked against min..max.
 * Without SUBCMD_OPERANDS, fn gets argv[0] too, as a main does, so it can
 * parse its own options (opt_parse_n).  Returns what fn returns. */
int subcmd_run(struct subcmds *s, int argc, char **argv);
/* The row named name (exactly; usage-only rows never), or NULL. */
const struct subcmd *subcmd_find(const struct subcmds *s, const char *name);
/* "  APPLET GROUP NAME USAGE", one line a row, on stream f. */
void subcmd_usage(const struct subcmds *s, FILE *f);

/* diag.c: located, counted diagnostics for input files (policy, rules).
 * diag prints "APPLET: FILE:LINE:COL: msg" (FILE:LINE when col is 0) and
 * counts it; diag_fail ends a run that counted any since `since` (a
 * diag_count taken before; 0 for all) with "N error[s]" and the formatted
 * rest ("; nothing loaded", " in FILE"), exit 2: bad input, nothing written. */
struct srcloc {
	const char *file;
	int line, col;
};
void diag(const struct srcloc *loc, const char *fmt, ...) PRINTF(2, 3);
/* The same line for what is skipped or doubtful, not an error: not counted. */
void diag_warn(const struct srcloc *loc, const char *fmt, ...) PRINTF(2, 3);
int diag_count(void);
void diag_fail(int since, const char *fmt, ...) PRINTF(2, 3);
/* Where messages go instead of stderr while a sink is set (lsmbox audit
 * turns them into findings): diag and diag_warn give their place and
 * message (DIAG_ERROR, DIAG_WARNING); warn, die and usage_error theirs
 * without a place (die and usage_error as DIAG_FATAL, and then die as
 * they would).  The message is without the applet's prefix. */
enum { DIAG_INFO, DIAG_WARNING, DIAG_ERROR, DIAG_FATAL };
extern void (*diag_sink)(int sev, const struct srcloc *loc, const char *msg);

/* audit.c: "lsmbox audit" (docs/audit.md).  Each applet that can check an
 * image offline offers its checks as rows (NAME_audit[] below, each ending
 * in a row with no run); the runner runs each check in a child process of
 * its own, N at a time, and hands back its findings in the checks' order.
 * In the child, audit_report adds a finding, and so does every diag,
 * diag_warn, warn and die of the code the check calls (diag_sink): a die
 * ends the check there (audit_try catches one for a part of it). */
enum { AUDIT_INFO = DIAG_INFO, AUDIT_WARNING = DIAG_WARNING, AUDIT_ERROR = DIAG_ERROR };
struct audit_check {
	const char *subsys;	/* apparmor smack tomoyo selinux ima modules yama keys */
	const char *name;	/* the check's, within its subsystem */
	const char *what;	/* one line, for --list */
	void (*run)(void);
};
extern const struct audit_check aa_audit[], smk_audit[], tmy_audit[], sel_audit[], ima_audit[],
	yama_audit[];
/* What the checks are given (lsmbox audit's options); NULL: not given. */
struct audit_opts {
	const char *certs;		/* --cert: IMA/EVM certificates, comma-separated */
	const char *module_certs;	/* --module-cert: module signing certificates */
	const char *aa_features;	/* --apparmor-features: a features file or dir */
	int jobs;			/* -j: threads a check may use (lib pool) */
};
extern struct audit_opts audit_opt;
#define AUDIT_FIELD_MAX 1000		/* bytes of a file name, message or what to do */
#define AUDIT_RECORD_MAX 4096
#define AUDIT_FINDINGS_MAX 10000	/* a check's; more are counted, not kept */
#define AUDIT_OUTPUT_MAX ((size_t)16 << 20)	/* what a check's child may say */
#define AUDIT_EXIT_DIED 99
#define AUDIT_EXIT_SETUP 98
/* A finding: file is as the image sees it (the root taken off); NULL for
 * none, line and col 0 for none; todo: what to do (NULL: the one set by
 * audit_todo, which the findings of diag and warn get). */
void audit_report(int sev, const char *file, int line, const char *todo, const char *fmt, ...)
	PRINTF(5, 6);
void audit_todo(const char *todo);
/* What a warn() without a place is from here on (AUDIT_WARNING unless set):
 * AUDIT_ERROR where the code called says what fails with warn. */
void audit_warn_sev(int sev);
/* fn(arg), a die() in it caught: 0, or -1 when it died (the message is a
 * finding already). */
int audit_try(void (*fn)(void *), void *arg);
/* The target kernel's .config (--kernel-config): read (path under the root,
 * shown as shown; a line that is not CONFIG_X=V or "# CONFIG_X is not set"
 * is FILE:LINE, exit 2), then asked: audit_kconfig gives a symbol's value
 * ("y", "m", a string without its quotes), NULL when not set or not read. */
void audit_kconfig_read(const char *path, const char *shown);
const char *audit_kconfig(const char *sym);
const char *audit_kconfig_file(void);	/* NULL: none read */
void audit_kconfig_free(void);		/* forget it (tests) */
/* Whether the target kernel runs LSM lsm (selinux, smack, apparmor,
 * tomoyo, yama, integrity ...) by default: built (CONFIG_SECURITY_X), and
 * listed in CONFIG_LSM, and for the three exclusive ones (selinux, smack,
 * apparmor) the first built there; SHADOWED names that first in *shadow. */
enum { AUDIT_LSM_UNKNOWN, AUDIT_LSM_ACTIVE, AUDIT_LSM_NOT_BUILT, AUDIT_LSM_NOT_LISTED,
       AUDIT_LSM_SHADOWED };
int audit_lsm_state(const char *lsm, const char **shadow);
/* A warning when the image has `has` (policy for lsm, in file) but its
 * kernel will not run lsm; nothing when it will or no config was read. */
void audit_lsm_report(const char *lsm, const char *has, const char *file);
const struct audit_check *audit_running(void);	/* in a check's child */
struct audit_finding {
	int sev, line, col;
	char *file, *todo, *msg;
};
enum { AUDIT_RAN, AUDIT_STOPPED, AUDIT_CRASHED };
struct audit_result {
	const struct audit_check *check;
	struct audit_finding *f;
	size_t n, dropped;	/* findings kept; more, counted */
	int cut;		/* the child said more than AUDIT_OUTPUT_MAX: the rest unread */
	int status, finished;
};
/* checks[0..n-1] run, `jobs` at a time; done(r, arg) for each in order. */
int audit_run(const struct audit_check *const *checks, size_t n, int jobs,
	      void (*done)(struct audit_result *r, void *arg), void *arg);
void audit_result_free(struct audit_result *r);

/* file.c */
/* No read takes more than this (64 MiB): a never-ending file or pipe
 * (/dev/zero, a FIFO) is an error (EFBIG), not an out-of-memory kill. */
#define READ_MAX ((size_t)64 << 20)
/* Whole file, NUL-terminated, length in *lenp if given; NULL and errno on
 * failure (EFBIG past READ_MAX).  Works on /proc and sysfs files whose
 * st_size is 0.  The path is taken as it is: under --root, resolve it first
 * (root_file, root_open). */
char *read_file(const char *path, size_t *lenp);
char *xread_file(const char *path, size_t *lenp);
char *read_fd(int fd, size_t *lenp);
char *read_fd_max(int fd, size_t max, size_t *lenp);
/* A text input (rules, policy, a list): the whole file, dying with
 * "NAME: larger than N bytes" past max, or "NAME:LINE: NUL byte" when it
 * holds one, so that no parser ever sees a line cut short by a NUL. */
char *xread_text_fd(int fd, const char *name, size_t max, size_t *lenp);

/* Replace `path` so that a reader, or a crash at any point, sees the old
 * content or the new one, never a mix: a temp file in the same directory,
 * fsync, rename, fsync of the directory.  A replaced file keeps its mode and
 * (as root) its owner.  Any failure removes the temp file.  The data goes
 * to an O_TMPFILE file, which has no name until just before its rename, so
 * a writer killed while writing leaves nothing; killed between that link
 * and the rename (or on a filesystem without O_TMPFILE, at any point before
 * the rename) it leaves ".NAME.lsmbox-new", which nothing reads as NAME and
 * the next writer of NAME removes (a live writer holds a lock on it).
 * Under --root, resolve `path` first (root_file): the mode is taken
 * through a final symlink. */
struct atomic_file {
	int fd;
	char *path;
	char *tmp;
};
int atomic_open(struct atomic_file *af, const char *path, mode_t mode);
int atomic_commit(struct atomic_file *af);
void atomic_abort(struct atomic_file *af);
int write_file_atomic(const char *path, const void *buf, size_t len, mode_t mode);
/* An output file the user named (-o FILE): atomically as above, but an
 * existing device or FIFO (/dev/null, /dev/stdout, a pipe) is written to,
 * not replaced.  Never for a path inside an image. */
int write_file_out(const char *path, const void *buf, size_t len, mode_t mode);
/* The same for parts written one after another. */
struct iovec;
int write_iov_atomic(const char *path, const struct iovec *v, int n, mode_t mode);
int write_iov_out(const char *path, const struct iovec *v, int n, mode_t mode);
/* fsync(2) of a directory (what was renamed or made in it stays made);
 * filesystems that cannot fsync a directory count as done.  -1: failed. */
int fsync_dir(const char *dir);

/* paths.c: the one door to paths.  With --root DIR or LSMBOX_ROOT=DIR every
 * path resolves inside DIR (an image tree, offline) as a chroot to DIR would
 * see it; otherwise the live filesystems are found by their magic numbers. */
enum kfs {
	KFS_SECURITYFS,		/* /sys/kernel/security */
	KFS_SMACKFS,		/* /sys/fs/smackfs, legacy /smack */
	KFS_SELINUXFS,		/* /sys/fs/selinux, legacy /selinux */
	KFS_PROC,		/* /proc */
	KFS_PROCSYS,		/* /proc/sys */
	KFS_SYSFS,		/* /sys */
	KFS_COUNT
};
/* Sets the root; a DIR that is missing or not a directory is a usage error
 * (exit 2). */
void root_set(const char *dir);
const char *root_dir(void);		/* NULL when working on the live system */

/* The jail.  Under a root, path (absolute, or relative to the root's "/",
 * as after chroot DIR) is resolved inside the root: each symbolic link met
 * on the way is read and followed there (an absolute target starts again at
 * the root), ".." at the root stays at the root, at most ROOT_MAXLINKS links
 * (then ELOOP).  The result is the host path of what was found, containing
 * no symbolic link below the root (except a last one under ROOT_NOFOLLOW).
 * Components from the first missing one on are kept as they are (".." in
 * them taken lexically, never above the root), so the result can be
 * created.  Live (no root), path is returned as it is.
 * NULL and errno (ELOOP, ENOTDIR, EACCES, ENAMETOOLONG) when it cannot be
 * resolved; xmalloc'd. */
#define ROOT_NOFOLLOW	1u	/* a last component that is a symlink is not followed */
#define ROOT_MAXLINKS	40
char *root_file(const char *path, unsigned flags);
/* root_file, dying with "PATH: strerror" when it fails. */
char *xroot_file(const char *path, unsigned flags);
/* open(2) of root_file(path): race-free with openat2(RESOLVE_IN_ROOT) where
 * the kernel has it (5.6+), else the resolved path opened with O_NOFOLLOW. */
int root_open(const char *path, int flags, mode_t mode);
/* root_file for a path the program itself names (a kernel interface, a
 * config directory): dies when it cannot be resolved. */
char *root_path(const char *abspath);
const char *kfs_name(enum kfs fs);
/* The directory where fs is found, or NULL (then *why says what was tried). */
const char *kfs_dir(enum kfs fs, const char **why);
/* dir/rel for fs, dying with a message naming the mount command when absent.
 * Under a root, rel is resolved inside it except its last component, which
 * is left as it is: open it with O_NOFOLLOW (or root_open). */
char *kfs_path(enum kfs fs, const char *rel);
void kfs_reset(void);			/* forget cached lookups (tests) */

/* version.c */
void print_version(void);

/* buf.c: a growable byte buffer for binary output (policy records, xattrs,
 * signature trailers).  It never holds more than max bytes (0: BUF_MAX): a
 * write that would pass it appends nothing, returns -1 with errno EFBIG and
 * sets err, which stays set until buf_reset, so many writes can be checked
 * once.  cap never exceeds max; allocation failure dies (xrealloc).  A
 * zeroed struct buf (BUF_INIT(0)) is an empty buffer. */
#define BUF_MAX READ_MAX
struct buf {
	uint8_t *p;
	size_t len, cap;
	size_t max;		/* the most len may reach; 0: BUF_MAX */
	int err;		/* a write failed since the last buf_reset */
};
#define BUF_INIT(max) { NULL, 0, 0, (max), 0 }
void buf_init(struct buf *b, size_t max);
/* n zero bytes appended; a pointer to them (valid until the next write), or NULL. */
void *buf_grow(struct buf *b, size_t n);
int buf_put(struct buf *b, const void *p, size_t n);
int buf_put_str(struct buf *b, const char *s);	/* without its NUL */
int buf_put_strz(struct buf *b, const char *s);	/* with its NUL */
int buf_printf(struct buf *b, const char *fmt, ...) PRINTF(2, 3);
int buf_put_u8(struct buf *b, uint8_t v);
int buf_put_u16le(struct buf *b, uint16_t v);
int buf_put_u16be(struct buf *b, uint16_t v);
int buf_put_u32le(struct buf *b, uint32_t v);
int buf_put_u32be(struct buf *b, uint32_t v);
int buf_put_u64le(struct buf *b, uint64_t v);
int buf_put_u64be(struct buf *b, uint64_t v);
/* Overwrite a field already written at off (a length known later); -1 and
 * EINVAL when it does not lie wholly inside len. */
int buf_set_u16le(struct buf *b, size_t off, uint16_t v);
int buf_set_u16be(struct buf *b, size_t off, uint16_t v);
int buf_set_u32le(struct buf *b, size_t off, uint32_t v);
int buf_set_u32be(struct buf *b, size_t off, uint32_t v);
int buf_set_u64le(struct buf *b, size_t off, uint64_t v);
int buf_set_u64be(struct buf *b, size_t off, uint64_t v);
/* n bytes of value byte; then up to the next multiple of align (EINVAL for 0). */
int buf_pad(struct buf *b, size_t n, uint8_t byte);
int buf_align(struct buf *b, size_t align, uint8_t byte);
void buf_reset(struct buf *b);		/* empty again, err cleared, memory kept */
void buf_free(struct buf *b);		/* memory freed; max kept */

/* sandbox.c: fn(arg, out) run in a child process limited to sb->cpu
 * seconds of CPU and sb->mem bytes of address space more than it starts
 * with (0: no memory limit; none either in sanitizer builds), for a
 * library's reader of untrusted input that lsmbox cannot bound itself.
 * What fn puts in its buffer (at most out->max) is appended to out.  0 when
 * fn returned 0; -1 when it failed, gave a status, or died (it said why) or was killed
 * ("NAME: WHAT gave up: over its N s of CPU").  Never more access: the
 * caller takes -1 as "could not read". */
struct sandbox {
	const char *name;	/* the input, for messages */
	const char *what;	/* who reads it: "libsepol" */
	size_t mem;
	unsigned cpu;		/* seconds; 0: no limit */
	int *status;		/* fn's status 1..100 given back here (its
				 * output is not); NULL: only < 0 fails */
};
#define SANDBOX_EXIT_FAILED 101
#define SANDBOX_EXIT_DIED 102
#define SANDBOX_EXIT_SETUP 103
#define SANDBOX_EXIT_OUTPUT 104
int sandbox_call(const struct sandbox *sb, int (*fn)(void *, struct buf *), void *arg,
		 struct buf *out);

/* seccomp.c: from here on only read, parse and compute (see the file for
 * the list): a refused system call kills the process (SIGSYS), or with
 * LSMBOX_SECCOMP=log is named first.  SANDBOX_OPEN_RO: files may still be
 * opened read-only.  0 once under it (or in sanitizer builds and without
 * LIB_SECCOMP, which have none); -1 when the kernel (or qemu-user) has no
 * seccomp filters: the command goes on without.  Dies on other failures. */
#define SANDBOX_OPEN_RO 1u
#define SANDBOX_THREADS 2u	/* threads may be started (clone with CLONE_THREAD) */
/* the kernel's crypto through AF_ALG sockets: socket(AF_ALG) and, to find
 * drivers, crypto_user's netlink (no other family), bind, accept4,
 * setsockopt(SOL_ALG), send and receive; a pipe to vmsplice and splice */
#define SANDBOX_AFALG 4u
int sandbox_seccomp(const char *what, unsigned flags);

/* caps.c: keep only the capabilities in keep[n] (CAP_* numbers) that the
 * process has, in its permitted and effective sets; none else.  0, or -1 and errno.  Without LIB_CAP: nothing done, 0. */
int caps_limit(const int *keep, int n);
/* caps_keep(mask): caps_limit with the CAP_BIT()s of mask (CAPS_KEEP set:
 * a limit is meant; without it, nothing is done), and nothing either when
 * an earlier call kept no more than mask (no second capset).  Dies when they cannot
 * be dropped: a command must not go on with more than it said it keeps.
 * The sets commands share: */
#define CAP_BIT(c) (UINT64_C(1) << (c))
#define CAPS_KEEP (UINT64_C(1) << 63)	/* a limit, even to none */
/* reading any file root may, writing none it could not as any user */
#define CAPS_READ (CAPS_KEEP | CAP_BIT(CAP_DAC_READ_SEARCH))
/* writing in a tree whatever its owners and modes, and giving a replaced
 * file its owner back (lib/file.c) */
#define CAPS_FILES (CAPS_READ | CAP_BIT(CAP_DAC_OVERRIDE) | CAP_BIT(CAP_FOWNER) | CAP_BIT(CAP_CHOWN))
void caps_keep(const char *what, uint64_t mask);
/* A command that only reads (check, offline access): every capability
 * but CAP_DAC_READ_SEARCH dropped, then the seccomp allow-list with
 * read-only opens and flags (SANDBOX_THREADS).  Dies if the capabilities cannot be dropped. */
void sandbox_reader(const char *what, unsigned flags);

/* htab.c: a string intern table (labels, profile and module names, policy
 * variables).  Each distinct byte string gets an id, 0, 1, 2... in order of
 * first sight, for the table's life; its copy (NUL-terminated, may hold NULs
 * when given by length) stays at the same address until htab_free.  At most
 * max distinct strings (0, or more than HTAB_MAX: HTAB_MAX): a new one past
 * that is -1 with errno ENOSPC, while those already in are still found.
 * A zeroed struct htab is an empty table with the default maximum. */
#define HTAB_MAX (1 << 20)
struct htab_str {
	char *s;
	size_t len;
	uint64_t hash;
};
struct htab {
	uint32_t *slot;		/* id + 1, 0 for empty; open addressing, load <= 1/2 */
	size_t nslot;		/* a power of two */
	struct htab_str *str;	/* by id */
	int count, nstr, max;
};
void htab_init(struct htab *h, int max);
int htab_intern(struct htab *h, const char *s);
int htab_intern_n(struct htab *h, const char *s, size_t len);
int htab_find(const struct htab *h, const char *s);	/* id, or -1: not in */
int htab_find_n(const struct htab *h, const char *s, size_t len);
const char *htab_str(const struct htab *h, int id);	/* NULL for no such id */
size_t htab_len(const struct htab *h, int id);
int htab_count(const struct htab *h);
void htab_free(struct htab *h);
/* FNV-1a 64 with a final avalanche, so that its low bits (what a table
 * masks) depend on every bit of the input. */
uint64_t hash_mem(const void *p, size_t n);

/* pool.c: an ordered work pool.  work(item, ctx) runs on one of `jobs`
 * threads; done(item, ctx) runs on the thread that calls pool_submit or
 * pool_finish, once for each item, in the order they were submitted,
 * whatever order the threads finished in (output stays deterministic).
 * At most 4 * jobs items are in the pool: pool_submit first hands back
 * the oldest when it is full.  jobs 1 (or less) runs work and done at
 * once in pool_submit, on the caller's thread; more than POOL_MAX_JOBS are
 * POOL_MAX_JOBS.  pool_finish hands back the rest and frees the pool.
 * done must not call pool_submit. */
#define POOL_MAX_JOBS 256
struct pool;
struct pool *pool_new(int jobs, void (*work)(void *item, void *ctx),
		      void (*done)(void *item, void *ctx), void *ctx);
void pool_submit(struct pool *p, void *item);
void pool_finish(struct pool *p);
void pool_flush(struct pool *p);	/* hand back all submitted; the pool goes on */
int pool_cpus(void);	/* online CPUs, 1 to POOL_MAX_JOBS */

/* dirtree.c: a tree walk on openat/fstatat/fdopendir: no chdir, no path
 * re-resolved at each level, one open directory a level.  fn is called for
 * each entry, the start first (depth 0), a directory before its entries;
 * "." and ".." are not entries.  Links are not followed (fn sees the link)
 * unless DIRTREE_FOLLOW; the start, when a link, is followed with
 * DIRTREE_FOLLOW or DIRTREE_FOLLOW_START (find -H).  A followed link is
 * resolved inside the root under --root (root_file: never on the host), by
 * the host otherwise; its entry is then its target: st the target's, dirfd
 * and name the target's directory (opened in the jail) and name, so *at
 * calls with AT_SYMLINK_NOFOLLOW act on it; path stays the walked one.  A
 * dangling link is shown as the link.  The start path is resolved in the
 * jail too (root_file, root_open).
 * An error on an entry (stat, open, read, a loop, the depth bound) goes to
 * on_error, or, without one, to warn(); then the walk goes on unless it
 * returns DIRTREE_STOP.  A directory that is one of its own ancestors (same
 * st_dev and st_ino: a followed link, a bind mount) is the error ELOOP and
 * fn does not see it.  Depth: with maxdepth > 0, entries deeper are not
 * visited (find -maxdepth, no error); with 0, a directory at
 * DIRTREE_MAXDEPTH that has entries is the error ENAMETOOLONG.
 * dirtree_walk returns 0, or 1 when an error was met (t->errors counts them);
 * t->stopped says that fn or on_error stopped it. */
#define DIRTREE_FOLLOW		1u	/* follow symbolic links, loops detected */
#define DIRTREE_FOLLOW_START	2u	/* follow the start if it is a link */
#define DIRTREE_SORT		4u	/* each directory's entries in strcmp order, not readdir's */
#define DIRTREE_MAXDEPTH	256
enum { DIRTREE_CONTINUE, DIRTREE_SKIP, DIRTREE_STOP };	/* SKIP: do not enter this directory */
struct stat;
struct dirtree_ent {
	int dirfd;		/* the directory holding it */
	const char *name;	/* its name there */
	const char *path;	/* for messages: the start as given, then /NAME for each level */
	const struct stat *st;	/* NULL (on_error only) when it could not be stat'ed */
	int depth;		/* 0: the start */
};
struct dirtree {
	unsigned flags;
	int maxdepth;
	int (*fn)(const struct dirtree_ent *e, void *arg);
	int (*on_error)(const struct dirtree_ent *e, int err, void *arg);
	void *arg;
	unsigned errors;	/* out */
	int stopped;		/* out */
};
int dirtree_walk(struct dirtree *t, const char *path);

#endif
