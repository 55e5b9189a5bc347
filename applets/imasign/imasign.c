// SPDX-License-Identifier: Apache-2.0
/* imasign.c: IMA file signatures with evmctl 1.4's command line: the
 * declaration, the options, the commands.  Formats are digsig.c's, keys
 * keys.c's. */
/* applet: imasign
 * summary: IMA/EVM signatures, as ima-evm-utils' evmctl
 * usage: imasign [OPTION]... COMMAND [FILE]...
 * usage: imasign sign-module [-dpk] [--replace] [--wipe-key] HASH KEY CERT MODULE [DEST]
 * usage: imasign sign-module -s RAWSIG HASH CERT MODULE [DEST]
 * usage: imasign verify-module [-k CERT[,CERT]...] MODULE...
 * usage: imasign genkey [--ecdsa] [-a HASH] [--days N] [--cn NAME] KEYFILE [DERCERT]
 * requires: LIB_CRYPTO
 * compat: evmctl sign-file
 * help:
 * Sign, hash and verify files for IMA appraisal with the commands,
 * options, output and exit codes of ima-evm-utils 1.4's evmctl, on the
 * live system or on an image tree (--root DIR).  The key is loaded once;
 * each command takes any number of files, and -r whole trees.
 *
 *   ima_sign [-f] [-k KEY] [-p[PASS]] FILE...  sign into security.ima
 *   ima_hash FILE...                     security.ima = the file's digest
 *   ima_verify [-f] [-k CERT,...] FILE...  check security.ima signatures
 *   ima_setxattr [-f SIGFILE] FILE       security.ima from FILE.sig
 *   ima_clear FILE..., ima_fix FILE...   remove the xattrs, or open each
 *   sign [-s|-d] [-o] [-k KEY] FILE...   EVM signature into security.evm
 *   verify [-k CERT,...] FILE...         check security.evm signatures
 *   hmac [--hmackey FILE] FILE...        EVM HMAC into security.evm
 *   sign_hash [-k KEY]                   sign "DIGEST rest" lines of stdin
 *   verity-digest FILE...                the fs-verity digest, "ALGO:HEX FILE"
 *   import [CERT [KEYRING]]              the certificate into a keyring
 *   ima_measurement [--ignore-violations] [--verify-sig] [--pcrs [ALGO,]FILE]...
 *                 [--verify-bank[=ALGO]] LIST   check the measurement list's
 *                        template digests and replay its PCR extends
 *                        against the PCRs (--pcrs files, else the TPM's in
 *                        sysfs); --verify-sig: its signatures, with -k
 *   ima_boot_aggregate [--pcrs ALGO,FILE]...  the boot aggregate of each bank
 *   ima_binary_list ASCII [OUT]   the kernel's ASCII list made binary again
 *   eventlog [-a ALGO] LOG   the PCRs a TPM event log replays to, as --pcrs
 *                        lines (-a: the bank, default sha256)
 *   attest [-k CERT,...] [--json] LIST   the list, its boot aggregate, its
 *                        PCRs and (-k) signatures checked, each check said;
 *                        --eventlog LOG: PCRs 0-9 from (or checked against)
 *                        the firmware's TPM event log
 *   policy check FILE    IMA policy rules checked as the 6.1 kernel parses
 *                        them: FILE:LINE: why, for each it would refuse
 *   policy load FILE     written to the kernel one rule a write; the first
 *                        it refuses said
 *   help [COMMAND], --version
 *
 * Kernel modules, as the kernel's scripts/sign-file (also through
 * argv[0] as sign-file) and the kernel check them; the command first:
 *
 *   sign-module HASH KEY CERT MODULE [DEST]  append a PKCS#7 signature
 *                        (KEY: PEM, its pass phrase in KBUILD_SIGN_PIN;
 *                        CERT: DER or PEM); -p also write MODULE.p7s, -d
 *                        only that; -k name the signer by key identifier;
 *                        -s RAWSIG append that PKCS#7 instead; a module
 *                        signed already is refused unless --replace;
 *                        --wipe-key: then overwrite and remove KEY
 *   verify-module [-k CERT,...] MODULE...  what modinfo shows of each
 *                        signature, checked against the certificates
 *   genkey KEYFILE [DERCERT]  a build key as the kernel's certs/ makes it
 *                        (RSA 4096, --ecdsa P-384): the key and its
 *                        certificate (PEM, 0600), the certificate in DER
 *
 *   -a, --hashalgo ALGO  sha1 sha224 sha256 (default) sha384 sha512 md5
 *                        rmd160 sm3
 *   -k, --key FILE       private key (PEM; default /etc/keys/privkey_evm.pem),
 *                        or certificates to verify with, comma separated
 *                        (DER or PEM; default /etc/keys/x509_evm.der)
 *   -p, --pass[=PASS]    the key's pass phrase (alone: read from stdin;
 *                        else EVMCTL_KEY_PASSWORD)
 *   --keyid HEX, --keyid-from-cert CERT   the key id a signature names
 *   -f, --sigfile        also write FILE.sig; ima_verify reads it
 *   -n                   only print, set no xattr
 *   -r, --recursive      every regular file under each directory
 *   -j, --jobs N         files worked on by N threads (default: one a CPU);
 *                        output stays in walk order
 *   --progress, --no-progress   a progress line (files, MB, MB/s, ETA) and a
 *                        summary on stderr instead of a line a file; the
 *                        default when stderr is a terminal and stdout is not
 *   -t, --type TYPES     with ima_fix, ima_clear -r: f regular files,
 *                        x skip files with both xattrs, m one filesystem
 *   --xattr-user         user.ima and user.evm instead of security.*
 *   -s, --imasig, -d, --imahash   sign, hmac: security.ima first, signed
 *                        or a digest
 *   -o, --portable       sign: a portable EVM signature (05: no inode, no
 *                        UUID)
 *   -u, --uuid[=UUID]    the filesystem UUID EVM signs (default: found in
 *                        /dev/disk/by-uuid; -u alone: none)
 *   --generation N, --ino N, --uid N, --gid N, --mode N (decimal),
 *   --selinux LABEL, --ima HEX, --caps[=VALUE], --smack, --m32, --m64
 *                        EVM's inputs as the target will have them
 *   --hmackey FILE       hmac: the EVM key (default /etc/keys/evm-key-plain)
 *   --veritysig          ima_sign, sign_hash: sign the fs-verity digest (sigv3)
 *   --block-size N, --salt HEX   the fs-verity tree's (default 4096, none)
 *   -v                   more messages
 *
 * Exit status: 0; 1 when a verification fails; 125 for any other error
 * (a file that cannot be read, hashed, signed or labelled: the others are
 * still done); 2 for a bad command line.  See docs/imasign.md.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "lsmbox.h"
#include "crypto.h"
#include "imasign.h"

#define EVMCTL_VERSION "1.4"
#define DEFAULT_KEY "/etc/keys/privkey_evm.pem"
#define DEFAULT_CERT "/etc/keys/x509_evm.der"
/* The longest sign_hash line: a digest and a file name. */
#define HASH_LINE_MAX 65536
/* The longest security.ima value read back: a signature of a 16384-bit key. */
#define IMA_XATTR_MAX 4096

enum {
	O_VERBOSE, O_PRINT, O_IMASIG, O_IMAHASH, O_ALGO, O_PORTABLE, O_PASS, O_SIGFILE, O_UUID,
	O_KEY, O_TYPE, O_RECURSIVE, O_IMMUTABLE, O_RSA, O_M32, O_M64, O_SMACK, O_VERSION,
	O_INODE, O_INO, O_UID, O_GID, O_MODE, O_GENERATION, O_IMA, O_SELINUX, O_CAPS,
	O_VERIFY_SIG, O_ENGINE, O_XATTR_USER, O_IGNORE_VIOLATIONS, O_PCRS, O_VERIFY_BANK, O_JSON,
	O_INSECURE_KEY_PERMS,
	O_KEYID, O_KEYID_FROM_CERT, O_HELP_H, O_JOBS, O_HMACKEY, O_PROGRESS, O_NO_PROGRESS,
	O_VERITYSIG, O_BLOCK_SIZE, O_SALT, O_EVENTLOG, O_TEMPLATE_FMT, O_N
};

static struct opt opts[] = {
	[O_VERBOSE] = { 'v', NULL, 0 },
	[O_PRINT] = { 'n', NULL, 0 },
	[O_IMASIG] = { 's', "imasig", 0 },
	[O_IMAHASH] = { 'd', "imahash", 0 },
	[O_ALGO] = { 'a', "hashalgo", OPT_ARG },
	[O_PORTABLE] = { 'o', "portable", 0 },
	[O_PASS] = { 'p', "pass", OPT_OPTARG },
	[O_SIGFILE] = { 'f', "sigfile", 0 },
	[O_UUID] = { 'u', "uuid", OPT_OPTARG },
	[O_KEY] = { 'k', "key", OPT_ARG },
	[O_TYPE] = { 't', "type", OPT_ARG },
	[O_RECURSIVE] = { 'r', "recursive", 0 },
	[O_IMMUTABLE] = { 'i', NULL, 0 },
	[O_RSA] = { '1', "rsa", 0 },
	[O_M32] = { '3', "m32", 0 },
	[O_M64] = { '6', "m64", 0 },
	[O_SMACK] = { 0, "smack", 0 },
	[O_VERSION] = { 0, "version", 0 },
	[O_INODE] = { 0, "inode", OPT_ARG },
	[O_INO] = { 0, "ino", OPT_ARG },	/* getopt's abbreviation, as documented */
	[O_UID] = { 0, "uid", OPT_ARG },
	[O_GID] = { 0, "gid", OPT_ARG },
	[O_MODE] = { 0, "mode", OPT_ARG },
	[O_GENERATION] = { 0, "generation", OPT_ARG },
	[O_IMA] = { 0, "ima", OPT_ARG },
	[O_SELINUX] = { 0, "selinux", OPT_ARG },
	[O_CAPS] = { 0, "caps", OPT_OPTARG },
	[O_VERIFY_SIG] = { 0, "verify-sig", 0 },
	[O_ENGINE] = { 0, "engine", OPT_ARG },
	[O_XATTR_USER] = { 0, "xattr-user", 0 },
	[O_IGNORE_VIOLATIONS] = { 0, "ignore-violations", 0 },
	[O_PCRS] = { 0, "pcrs", OPT_ARG },
	[O_VERIFY_BANK] = { 0, "verify-bank", OPT_OPTARG },
	[O_JSON] = { 0, "json", 0 },
	[O_INSECURE_KEY_PERMS] = { 0, "insecure-key-perms", 0 },
	[O_KEYID] = { 0, "keyid", OPT_ARG },
	[O_KEYID_FROM_CERT] = { 0, "keyid-from-cert", OPT_ARG },
	[O_HELP_H] = { 'h', NULL, 0 },
	[O_JOBS] = { 'j', "jobs", OPT_ARG },
	[O_HMACKEY] = { 0, "hmackey", OPT_ARG },	/* evmctl 1.6's */
	[O_PROGRESS] = { 0, "progress", 0 },
	[O_NO_PROGRESS] = { 0, "no-progress", 0 },
	[O_VERITYSIG] = { 0, "veritysig", 0 },	/* evmctl 1.6's */
	[O_BLOCK_SIZE] = { 0, "block-size", OPT_ARG },
	[O_SALT] = { 0, "salt", OPT_ARG },
	[O_EVENTLOG] = { 0, "eventlog", OPT_ARG },
	[O_TEMPLATE_FMT] = { 0, "template-fmt", OPT_ARG },
	[O_N] = OPT_END,
};

int verbose;

static struct {
	const struct ima_hash *hash;
	const char *xattr_ima, *xattr_evm;
	struct signer *signer;
	struct verifier *verifier;
	uint32_t keyid;		/* --keyid, --keyid-from-cert; 0: the key's */
	const char *pass;
	char *pass_read;	/* -p alone: what read_pass read, to cleanse */
	int recursive, print, sigfile, jobs;
	int imasig, imahash, portable;	/* -s, -d, -o */
	struct evm_opts evm;
	const char *hmackey;
	int fix_skip_both, one_fs;	/* -t x, -t m */
	dev_t start_dev;
	unsigned files, failed;	/* regular files met, those that failed */
	/* The last byte written to stderr was not a newline ("hash(ALGO): ",
	 * evmctl's ima_hash): a message first ends that line. */
	int err_open;
	/* On a terminal: a progress line instead of evmctl's per-file lines. */
	int progress, line_shown;
	unsigned long long total_files, total_bytes, done_files, done_bytes;
	double start, last_draw;
	const char *pcrs[8];	/* every --pcrs, in order */
	int npcrs;
	int veritysig;		/* --veritysig: sigv3 of the fs-verity digest */
	struct verity_params verity;	/* -a, --block-size, --salt */
} TT;

/* ---- output ----
 *
 * What one file writes goes into its struct out, as records of stream,
 * length and bytes, and is printed when its turn comes: files are printed
 * in walk order whichever thread did them.  A NULL out is the main
 * thread's, printed at once. */

enum { TO_STDOUT, TO_STDERR, TO_ERROR };	/* TO_ERROR: a failure, on a line of its own */

static void emit(int to, const char *p, size_t n)
{
	if (to == TO_STDOUT) {
		fwrite(p, 1, n, stdout);
		return;
	}
	/* The progress line stands for evmctl's per-file lines; failures
	 * are said above it. */
	if (TT.progress && to == TO_STDERR)
		return;
	if (TT.line_shown) {
		fputs("\r\033[K", stderr);
		TT.line_shown = 0;
	}
	fflush(stdout);
	if (to == TO_ERROR && TT.err_open)
		fputc('\n', stderr);
	fwrite(p, 1, n, stderr);
	if (n)
		TT.err_open = p[n - 1] != '\n';
}

static void out_add(struct out *o, int to, const char *p, size_t n)
{
	if (!o) {
		emit(to, p, n);
		return;
	}
	buf_put_u8(&o->b, (uint8_t)to);
	buf_put(&o->b, &n, sizeof(n));
	buf_put(&o->b, p, n);
}

static void out_vprintf(struct out *o, int to, const char *prefix, const char *fmt, va_list ap)
{
	char *s, *t;

	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	t = prefix ? xasprintf("%s: %s\n", prefix, s) : s;
	out_add(o, to, t, strlen(t));
	if (t != s)
		free(t);
	free(s);
}

void out_info(struct out *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_vprintf(o, TO_STDERR, NULL, fmt, ap);
	va_end(ap);
}

void out_fail(struct out *o, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	out_vprintf(o, TO_ERROR, applet_name(), fmt, ap);
	va_end(ap);
	if (o)
		o->failed++;
	else
		TT.failed++;
}

void out_hex(struct out *o, int to_stdout, const void *p, size_t n, const char *end)
{
	static const char digits[] = "0123456789abcdef";
	const uint8_t *b = p;
	size_t m = strlen(end);
	char *h = xmalloc(2 * n + m);

	for (size_t i = 0; i < n; i++) {
		h[2 * i] = digits[b[i] >> 4];
		h[2 * i + 1] = digits[b[i] & 15];
	}
	memcpy(h + 2 * n, end, m);
	out_add(o, to_stdout ? TO_STDOUT : TO_STDERR, h, 2 * n + m);
	free(h);
}

/* o's records, in order; o is emptied. */
static void out_flush(struct out *o)
{
	size_t at = 0;

	while (at < o->b.len) {
		int to = o->b.p[at];
		size_t n;

		memcpy(&n, o->b.p + at + 1, sizeof(n));
		emit(to, (const char *)o->b.p + at + 1 + sizeof(n), n);
		at += 1 + sizeof(n) + n;
	}
	TT.failed += o->failed;
	o->failed = 0;
	buf_reset(&o->b);
}

void log_info(const char *fmt, ...)
{
	va_list ap;

	if (verbose < 0)
		return;
	va_start(ap, fmt);
	out_vprintf(NULL, TO_STDERR, NULL, fmt, ap);
	va_end(ap);
}

/* ---- keys ---- */

/* -p alone: the pass phrase from stdin, without echo on a terminal. */
static char *read_pass(void)
{
	struct termios old, quiet;
	int tty = !tcgetattr(0, &old);
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	/* byte by byte: no copy of the line is left in stdin's buffer */
	setvbuf(stdin, NULL, _IONBF, 0);
	if (tty) {
		quiet = old;
		quiet.c_lflag &= ~(tcflag_t)ECHO;
		quiet.c_lflag |= ECHONL;
		tcsetattr(0, TCSANOW, &quiet);
		fprintf(stderr, "PEM password: ");
	}
	n = getline(&line, &cap, stdin);
	if (tty)
		tcsetattr(0, TCSANOW, &old);
	if (n < 0)
		die("no pass phrase on standard input");
	if (n && line[n - 1] == '\n')
		line[n - 1] = 0;
	return line;
}

static void load_signer(void)
{
	const char *key = opts[O_KEY].arg ? opts[O_KEY].arg : DEFAULT_KEY;

	if (!strncmp(key, "pkcs11:", 7))
		die("%s: PKCS#11 keys are not supported by this imasign (no OpenSSL engines)",
		    str_esc(key, SIZE_MAX));
	TT.signer = signer_load(key, TT.pass, TT.keyid);
	/* the pass phrase is not needed again: gone from memory (and from
	 * the command line /proc shows, when it was given there) */
	if (TT.pass_read) {
		secret_free(TT.pass_read, strlen(TT.pass_read));
		TT.pass_read = NULL;
	} else if (TT.pass && opts[O_PASS].arg) {
		explicit_bzero((char *)opts[O_PASS].arg, strlen(opts[O_PASS].arg));
	}
	TT.pass = NULL;
	if (!TT.signer)
		exit(125);
}

/* ---- one file ----
 *
 * A job is one regular file, open, worked on by any thread: everything it
 * reads is its own or read-only (the key, the options), everything it
 * says goes into its out. */

struct job {
	int fd;
	unsigned long long size;
	char *path;
	char *shown;		/* path for messages (str_esc: main thread only) */
	struct out out;
	uint8_t *buf;		/* the reads, READ_BLOCK bytes, the thread's */
};

static void (*file_fn)(struct job *j);

static char *sigfile_name(const char *path)
{
	return xasprintf("%s.sig", path);
}

static int write_sigfile(struct job *j, const uint8_t *v, size_t len)
{
	char *name = sigfile_name(j->path), *host = root_file(name, 0);
	int r = 0;

	out_info(&j->out, "Writing to %s\n", name);
	if (!host || write_file_atomic(host, v, len, 0644)) {
		out_fail(&j->out, "%s.sig: %s", j->shown, strerror(errno));
		r = -1;
	}
	free(host);
	free(name);
	return r;
}

/* name = v with one fsetxattr on the descriptor that was hashed (none
 * with -n). */
static int set_xattr(struct job *j, const char *name, const uint8_t *v, size_t len)
{
	if (TT.print)
		return 0;
	if (fsetxattr(j->fd, name, v, len, 0) < 0) {
		out_fail(&j->out, "%s: cannot set %s: %s", j->shown, name, strerror(errno));
		return -1;
	}
	return 0;
}

static int set_ima(struct job *j, const uint8_t *v, size_t len)
{
	return set_xattr(j, TT.xattr_ima, v, len);
}

static int digest_or_fail(struct job *j, const struct ima_hash *h, uint8_t *d)
{
	int r = ima_file_digest(h, j->fd, d, j->buf);

	if (r == -ENOENT)
		out_fail(&j->out, "%s: no implementation of %s here", j->shown, h->name);
	else if (r)
		out_fail(&j->out, "%s: %s", j->shown, strerror(-r));
	return r ? -1 : 0;
}

static void do_hash(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST], v[2 + IMA_MAX_DIGEST];
	size_t n;

	if (digest_or_fail(j, TT.hash, d))
		return;
	n = ima_digest_xattr(TT.hash, d, v);
	/* evmctl leaves this line open. */
	out_info(&j->out, "hash(%s): ", TT.hash->name);
	out_hex(&j->out, 1, v, n, "\n");
	set_ima(j, v, n);
}

/* The fs-verity digest of the file, with -a, --block-size and --salt
 * (h: the hash, when it is not -a's). */
static int verity_or_fail(struct job *j, const struct ima_hash *h, uint8_t *d)
{
	struct verity_params p = TT.verity;
	int r;

	p.h = h;
	if ((r = verity_digest(j->fd, &p, d, j->buf)) == -EINVAL && verity_params_check(&p))
		out_fail(&j->out, "%s: %s", j->shown, verity_params_check(&p));
	else if (r == -ESTALE)
		out_fail(&j->out, "%s: shorter than it was when opened", j->shown);
	else if (r == -ENOENT)
		out_fail(&j->out, "%s: no implementation of %s here", j->shown, h->name);
	else if (r)
		out_fail(&j->out, "%s: %s", j->shown, strerror(-r));
	return r ? -1 : 0;
}

/* sigv3 (--veritysig): type 06, version 3, over the hash of IMA's file id
 * (06, the hash number, the fs-verity digest d), as 6.1's
 * calc_file_id_hash makes it, into v: its length, or 0 (said). */
static size_t sign_verity(struct out *o, const uint8_t *d, uint8_t *v)
{
	uint8_t id[IMA_MAX_DIGEST];
	size_t n;

	if (ima_file_id_hash(IMA_VERITY_DIGSIG, TT.hash, d, id)) {
		out_fail(o, "no implementation of %s here", TT.hash->name);
		return 0;
	}
	if ((n = signer_sign(TT.signer, IMA_VERITY_DIGSIG, TT.hash, id, v, o)))
		v[1] = DIGSIG_VERSION_3;
	return n;
}

/* verity-digest: "ALGO:HEX FILE", as fs-verity's `fsverity digest`. */
static void do_verity_digest(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST];
	char *pre;

	if (verity_or_fail(j, TT.hash, d))
		return;
	pre = xasprintf("%s:", TT.hash->name);
	out_add(&j->out, TO_STDOUT, pre, strlen(pre));
	free(pre);
	out_hex(&j->out, 1, d, TT.hash->size, "");
	out_add(&j->out, TO_STDOUT, " ", 1);
	out_add(&j->out, TO_STDOUT, j->path, strlen(j->path));
	out_add(&j->out, TO_STDOUT, "\n", 1);
}

static void do_sign(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST], *v = xmalloc(signer_max(TT.signer));
	size_t n;

	if (TT.veritysig ? verity_or_fail(j, TT.hash, d) : digest_or_fail(j, TT.hash, d))
		goto out;
	out_info(&j->out, "hash(%s): ", TT.hash->name);
	out_hex(&j->out, 0, d, TT.hash->size, "\n");
	n = TT.veritysig ? sign_verity(&j->out, d, v)
			 : signer_sign(TT.signer, EVM_IMA_XATTR_DIGSIG, TT.hash, d, v, &j->out);
	if (!n) {
		out_fail(&j->out, "%s: not signed", j->shown);
		goto out;
	}
	out_info(&j->out, "evm/ima signature: %zu bytes\n", n - 1);
	out_hex(&j->out, 1, v, n, "\n");
	if (TT.sigfile && write_sigfile(j, v, n))
		goto out;
	set_ima(j, v, n);
out:
	free(v);
}

/* The signature to check: FILE.sig with -f, else the xattr. */
static uint8_t *read_signature(struct job *j, size_t *lenp)
{
	uint8_t *v;
	ssize_t n;

	if (TT.sigfile) {
		char *name = sigfile_name(j->path);
		int sfd = root_open(name, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);

		out_info(&j->out, "Reading to %s\n", name);
		v = sfd < 0 ? NULL : (uint8_t *)read_fd_max(sfd, IMA_XATTR_MAX, lenp);
		if (!v)
			out_fail(&j->out, "%s.sig: %s", j->shown,
				 errno == EFBIG ? "larger than a signature" : strerror(errno));
		if (sfd >= 0)
			close(sfd);
		free(name);
		return v;
	}
	v = xmalloc(IMA_XATTR_MAX);
	if ((n = fgetxattr(j->fd, TT.xattr_ima, v, IMA_XATTR_MAX)) < 0) {
		out_fail(&j->out, "%s: %s: %s", j->shown, TT.xattr_ima,
			 errno == ENODATA ? "no such attribute" : strerror(errno));
		free(v);
		return NULL;
	}
	*lenp = (size_t)n;
	return v;
}

static void do_verify(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST], *v;
	struct sigv2 s;
	const char *why;
	size_t len;

	if (!(v = read_signature(j, &len)))
		return;
	if ((why = sigv2_parse(v, len, &s)) || (s.type != EVM_IMA_XATTR_DIGSIG && s.type != IMA_VERITY_DIGSIG)) {
		out_fail(&j->out, "%s: xattr ima has %s", j->shown,
			 why ? why : "no signature");
	} else if (s.type == IMA_VERITY_DIGSIG ? !verity_or_fail(j, s.hash, d) : !digest_or_fail(j, s.hash, d)) {
		if (verbose) {
			out_info(&j->out, "hash(%s): ", s.hash->name);
			out_hex(&j->out, 0, d, s.hash->size, "\n");
		}
		if (s.type == IMA_VERITY_DIGSIG && ima_file_id_hash(IMA_VERITY_DIGSIG, s.hash, d, d))
			out_fail(&j->out, "%s: no implementation of %s here", j->shown, s.hash->name);
		else if (!verifier_check(TT.verifier, &s, d, j->shown, &j->out))
			out_info(&j->out, "%s: verification is OK\n", j->path);
	}
	free(v);
}

static void do_clear(struct job *j)
{
	out_info(&j->out, "%s\n", j->path);
	if (TT.print)
		return;
	if (fremovexattr(j->fd, TT.xattr_ima) < 0 && errno != ENODATA)
		out_fail(&j->out, "%s: cannot remove %s: %s", j->shown, TT.xattr_ima,
			 strerror(errno));
	else if (fremovexattr(j->fd, TT.xattr_evm) < 0 && errno != ENODATA)
		out_fail(&j->out, "%s: cannot remove %s: %s", j->shown, TT.xattr_evm,
			 strerror(errno));
}

/* ima_fix: opening the file is the whole job (a kernel booted with
 * ima_appraise=fix writes the xattrs); it was opened read-only to get here. */
static void do_fix(struct job *j)
{
	if (TT.fix_skip_both && fgetxattr(j->fd, TT.xattr_ima, NULL, 0) >= 0 &&
	    fgetxattr(j->fd, TT.xattr_evm, NULL, 0) >= 0)
		return;
	out_info(&j->out, "%s\n", j->path);
}

/* ---- EVM ---- */

static int evm_digest(struct job *j, const struct ima_hash *h, int portable, uint8_t *d)
{
	struct job_evm e = { j->fd, &TT.evm, portable, 0, TT.xattr_ima };
	struct buf data = BUF_INIT(0);
	int r = evm_data(&e, &j->out, j->shown, &data);

	if (!r && (r = ima_mem_digest(h, data.p, data.len, d)))
		out_fail(&j->out, "%s: no implementation of %s here", j->shown, h->name);
	buf_free(&data);
	return r ? -1 : 0;
}


/* sign: security.ima first with -s (signed) or -d (a digest), as evmctl
 * does; then the EVM signature, 03 or with -o the portable 05. */
static void do_evm_sign(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST], *v;
	unsigned before = j->out.failed;
	size_t n;

	if (TT.imasig)
		do_sign(j);
	if (TT.imahash && j->out.failed == before)
		do_hash(j);
	if (j->out.failed != before || evm_digest(j, TT.hash, TT.portable, d))
		return;
	v = xmalloc(signer_max(TT.signer));
	out_info(&j->out, "hash(%s): ", TT.hash->name);
	out_hex(&j->out, 0, d, TT.hash->size, "\n");
	n = signer_sign(TT.signer, TT.portable ? EVM_XATTR_PORTABLE_DIGSIG : EVM_IMA_XATTR_DIGSIG,
			TT.hash, d, v, &j->out);
	if (!n) {
		out_fail(&j->out, "%s: not signed", j->shown);
	} else {
		out_info(&j->out, "evm/ima signature: %zu bytes\n", n - 1);
		out_hex(&j->out, 1, v, n, "\n");
		set_xattr(j, TT.xattr_evm, v, n);
	}
	free(v);
}

static void do_evm_verify(struct job *j)
{
	uint8_t d[IMA_MAX_DIGEST], *v = xmalloc(IMA_XATTR_MAX);
	struct sigv2 s;
	const char *why;
	ssize_t n;

	if ((n = fgetxattr(j->fd, TT.xattr_evm, v, IMA_XATTR_MAX)) < 0)
		out_fail(&j->out, "%s: %s: %s", j->shown, TT.xattr_evm,
			 errno == ENODATA ? "no such attribute" : strerror(errno));
	else if ((why = sigv2_parse(v, (size_t)n, &s)) ||
		 (s.type != EVM_IMA_XATTR_DIGSIG && s.type != EVM_XATTR_PORTABLE_DIGSIG))
		out_fail(&j->out, "%s: %s has %s", j->shown, TT.xattr_evm, why ? why : "no signature");
	else if (!evm_digest(j, s.hash, s.type == EVM_XATTR_PORTABLE_DIGSIG, d) &&
		 !verifier_check(TT.verifier, &s, d, j->shown, &j->out))
		out_info(&j->out, "%s: verification is OK\n", j->path);
	free(v);
}

/* The EVM key, as the kernel takes it: at most 128 bytes, zero-padded. */
#define EVM_KEY_MAX 128
static uint8_t evm_key[EVM_KEY_MAX];

static void load_hmac_key(void)
{
	int fd = open(TT.hmackey, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	size_t len;
	char *k;

	log_info("Reading to %s\n", TT.hmackey);
	if (fd < 0)
		die_errno("%s", str_esc(TT.hmackey, SIZE_MAX));
	if (!key_perms_ok(fd, TT.hmackey))
		exit(125);
	if (!(k = read_fd_max(fd, EVM_KEY_MAX, &len)))
		die("%s: %s", str_esc(TT.hmackey, SIZE_MAX),
		    errno == EFBIG ? "longer than 128 bytes: not an EVM key" : strerror(errno));
	close(fd);
	memcpy(evm_key, k, len);
	secret_free(k, len);
}

static void do_hmac(struct job *j)
{
	struct job_evm e = { j->fd, &TT.evm, 0, 1, TT.xattr_ima };
	const struct hash_alg *a = hash_alg(TT.hash->name);
	struct buf data = BUF_INIT(0);
	uint8_t v[1 + IMA_MAX_DIGEST];
	unsigned before = j->out.failed;

	if (TT.imasig)
		do_sign(j);
	if (TT.imahash && j->out.failed == before)
		do_hash(j);
	if (j->out.failed == before && !evm_data(&e, &j->out, j->shown, &data)) {
		if (!a || hmac_digest(a, evm_key, sizeof(evm_key), data.p, data.len, v + 1)) {
			out_fail(&j->out, "%s: no HMAC with %s here", j->shown, TT.hash->name);
		} else {
			v[0] = EVM_XATTR_HMAC;
			out_info(&j->out, "hmac: ");
			out_hex(&j->out, 0, v + 1, TT.hash->size, "\n");
			set_xattr(j, TT.xattr_evm, v, 1u + TT.hash->size);
		}
	}
	buf_free(&data);
}

/* ---- the pool's two ends ---- */

/* One read buffer a thread, for all its jobs, freed when it ends. */
static pthread_key_t buf_key;
static pthread_once_t buf_once = PTHREAD_ONCE_INIT;

static void buf_key_make(void)
{
	if (pthread_key_create(&buf_key, free))
		die("cannot make a thread key");
}

uint8_t *ima_thread_buf(void)
{
	uint8_t *buf;

	pthread_once(&buf_once, buf_key_make);
	if (!(buf = pthread_getspecific(buf_key))) {
		buf = xmalloc(READ_BLOCK);
		pthread_setspecific(buf_key, buf);
	}
	return buf;
}

/* Files go to the pool in batches: a hand-off costs a wake-up or two,
 * more than hashing a small file.  A batch closes at BATCH_FILES files or
 * BATCH_BYTES bytes. */
#define BATCH_FILES 32
#define BATCH_BYTES ((unsigned long long)4 << 20)
struct batch {
	struct job *j[BATCH_FILES];
	int n;
	unsigned long long bytes;
};

static void job_work(void *item, void *ctx)
{
	struct batch *b = item;
	uint8_t *buf = ima_thread_buf();

	(void)ctx;
	for (int i = 0; i < b->n; i++) {
		b->j[i]->buf = buf;
		file_fn(b->j[i]);
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* "imasign: 1234/20268 files, 120/1830 MB, 350 MB/s, ETA 5 s", at most
 * ten times a second. */
static void draw_progress(int force)
{
	double t = now(), el = t - TT.start, rate = el > 0 ? TT.done_bytes / el : 0;

	if (!force && t - TT.last_draw < 0.1)
		return;
	TT.last_draw = t;
	fprintf(stderr, "\r\033[K%s: %llu/%llu files, %.0f/%.0f MB, %.0f MB/s", applet_name(),
		TT.done_files, TT.total_files, TT.done_bytes / 1e6, TT.total_bytes / 1e6, rate / 1e6);
	if (rate > 0 && TT.total_bytes > TT.done_bytes)
		fprintf(stderr, ", ETA %.0f s", (TT.total_bytes - TT.done_bytes) / rate);
	fflush(stderr);
	TT.line_shown = 1;
}

static void one_done(struct job *j)
{
	out_flush(&j->out);
	if (TT.progress) {
		TT.done_files++;
		TT.done_bytes += j->size;
		if (isatty(2))
			draw_progress(0);
	}
	close(j->fd);
	buf_free(&j->out.b);
	free(j->path);
	free(j->shown);
	free(j);
}

static void job_done(void *item, void *ctx)
{
	struct batch *b = item;

	(void)ctx;
	for (int i = 0; i < b->n; i++)
		one_done(b->j[i]);
	free(b);
}

static struct batch *batch;

static void batch_submit(struct pool *pool)
{
	if (batch && batch->n)
		pool_submit(pool, batch);
	else
		free(batch);
	batch = NULL;
}

/* ---- walking ---- */

/* Each entry: a regular file is opened (never through a link, never a
 * device or FIFO opened) and handed to the pool; a directory is entered
 * with -r, else it is an error, as every other kind given by name is;
 * under -r other kinds are passed over, as evmctl does. */
static int visit(const struct dirtree_ent *e, void *arg)
{
	struct pool *pool = arg;
	struct stat st;
	struct job *j;
	int fd;

	if (TT.one_fs && e->st->st_dev != TT.start_dev)
		return DIRTREE_SKIP;
	if (S_ISDIR(e->st->st_mode)) {
		if (TT.recursive)
			return DIRTREE_CONTINUE;
		out_fail(NULL, "%s: is a directory (use -r)", str_esc(e->path, SIZE_MAX));
		return DIRTREE_SKIP;
	}
	if (!S_ISREG(e->st->st_mode)) {
		if (!e->depth)
			out_fail(NULL, "%s: not a regular file", str_esc(e->path, SIZE_MAX));
		return DIRTREE_CONTINUE;
	}
	TT.files++;
	fd = openat(e->dirfd, e->name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	if (fd < 0) {
		out_fail(NULL, "%s: %s", str_esc(e->path, SIZE_MAX), strerror(errno));
		return DIRTREE_CONTINUE;
	}
	/* Replaced since it was seen: not the file that was walked to. */
	if (fstat(fd, &st) < 0 || st.st_dev != e->st->st_dev || st.st_ino != e->st->st_ino) {
		out_fail(NULL, "%s: changed while being walked", str_esc(e->path, SIZE_MAX));
		close(fd);
		return DIRTREE_CONTINUE;
	}
	j = xzalloc(sizeof(*j));
	j->fd = fd;
	j->size = (unsigned long long)st.st_size;
	j->path = xstrdup(e->path);
	j->shown = xstrdup(str_esc(e->path, SIZE_MAX));
	buf_init(&j->out.b, 0);
	if (!batch)
		batch = xzalloc(sizeof(*batch));
	batch->j[batch->n++] = j;
	batch->bytes += j->size;
	if (batch->n == BATCH_FILES || batch->bytes >= BATCH_BYTES)
		batch_submit(pool);
	return DIRTREE_CONTINUE;
}

static int walk_error(const struct dirtree_ent *e, int err, void *arg)
{
	(void)arg;
	out_fail(NULL, "%s: %s", str_esc(e->path, SIZE_MAX),
		 err == ELOOP && e->st && S_ISDIR(e->st->st_mode) ? "a directory loop" : strerror(err));
	return DIRTREE_CONTINUE;
}

/* The progress line's totals: the regular files each_file will meet. */
static int count_visit(const struct dirtree_ent *e, void *arg)
{
	(void)arg;
	if (TT.one_fs && e->st->st_dev != TT.start_dev)
		return DIRTREE_SKIP;
	if (S_ISDIR(e->st->st_mode))
		return TT.recursive ? DIRTREE_CONTINUE : DIRTREE_SKIP;
	if (S_ISREG(e->st->st_mode)) {
		TT.total_files++;
		TT.total_bytes += (unsigned long long)e->st->st_size;
	}
	return DIRTREE_CONTINUE;
}

static int count_error(const struct dirtree_ent *e, int err, void *arg)
{
	(void)e, (void)err, (void)arg;
	return DIRTREE_CONTINUE;	/* said by the walk that does the work */
}

static void set_start_dev(const char *path)
{
	struct stat st;
	char *host;

	if (!TT.one_fs)
		return;
	host = root_file(path, ROOT_NOFOLLOW);
	TT.start_dev = host && !lstat(host, &st) ? st.st_dev : 0;
	free(host);
}

static int each_file(int argc, char **argv, void (*fn)(struct job *j))
{
	struct pool *pool;
	struct dirtree t = { DIRTREE_SORT, 0, visit, walk_error, NULL, 0, 0 };

	if (!argc)
		usage_error("%s: no FILE", applet_name());
	file_fn = fn;
	/* Choose every hash driver and the root now: the choices are cached,
	 * and the threads must find them made. */
	root_dir();
	pthread_once(&buf_once, buf_key_make);
	for (unsigned a = 0; a < 32; a++)
		if (ima_hash_by_algo(a))
			hash_alg(ima_hash_by_algo(a)->name);
	if (TT.progress) {
		struct dirtree c = { DIRTREE_SORT, 0, count_visit, count_error, NULL, 0, 0 };

		for (int i = 0; i < argc; i++) {
			set_start_dev(argv[i]);
			dirtree_walk(&c, argv[i]);
		}
		TT.start = now();
	}
	t.arg = pool = pool_new(TT.jobs, job_work, job_done, NULL);
	for (int i = 0; i < argc; i++) {
		set_start_dev(argv[i]);
		dirtree_walk(&t, argv[i]);
	}
	batch_submit(pool);
	pool_finish(pool);
	if (TT.progress) {
		double el = now() - TT.start;
		char *m = xasprintf("%s: %llu files, %.0f MB in %.1f s (%.0f files/s, %.0f MB/s), %u failed\n",
				    applet_name(), TT.done_files, TT.done_bytes / 1e6, el,
				    el > 0 ? TT.done_files / el : 0, el > 0 ? TT.done_bytes / 1e6 / el : 0,
				    TT.failed);

		emit(TO_ERROR, m, strlen(m));
		free(m);
	}
	if (TT.failed && (argc > 1 || TT.recursive)) {
		char *m = xasprintf("%s: %u failed (of %u regular files found)\n", applet_name(),
				    TT.failed, TT.files);

		emit(TO_ERROR, m, strlen(m));
		free(m);
	}
	return TT.failed ? 125 : 0;
}

/* ---- commands ---- */

static int cmd_ima_hash(int argc, char **argv)
{
	return each_file(argc - 1, argv + 1, do_hash);
}

static int cmd_ima_sign(int argc, char **argv)
{
	load_signer();
	return each_file(argc - 1, argv + 1, do_sign);
}

static int cmd_verity_digest(int argc, char **argv)
{
	return each_file(argc - 1, argv + 1, do_verity_digest);
}

/* Checking: the certificates loaded once; any failure is exit 1, as
 * evmctl's verification failures are. */
static int verify_files(int argc, char **argv, void (*fn)(struct job *j))
{
	TT.verifier = verifier_load(opts[O_KEY].arg ? opts[O_KEY].arg : DEFAULT_CERT);
	sandbox_reader(argv[0], SANDBOX_THREADS);
	each_file(argc - 1, argv + 1, fn);
	return TT.failed ? 1 : 0;
}

static int cmd_ima_verify(int argc, char **argv)
{
	return verify_files(argc, argv, do_verify);
}

/* The measurement list and the boot aggregate (imalist.c). */
static void list_opts(struct imalist_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->verbose = verbose;
	o->ignore_violations = opts[O_IGNORE_VIOLATIONS].seen;
	if (opts[O_VERIFY_BANK].seen) {
		o->verify_bank = opts[O_VERIFY_BANK].arg ? opts[O_VERIFY_BANK].arg : "sha256";
		if (!ima_bank_replayed(o->verify_bank))
			usage_error("--verify-bank: not a bank this imasign replays: %s",
				    str_esc(o->verify_bank, SHOWN_MAX));
	}
	memcpy(o->pcrs, TT.pcrs, sizeof(o->pcrs));
	o->npcrs = TT.npcrs;
	o->eventlog = opts[O_EVENTLOG].arg;
	o->jobs = TT.jobs;
}

static int cmd_ima_measurement(int argc, char **argv)
{
	struct imalist_opts o;
	int rc;

	(void)argc;
	list_opts(&o);
	if (opts[O_VERIFY_SIG].seen)
		o.keys = verifier_load(opts[O_KEY].arg ? opts[O_KEY].arg : DEFAULT_CERT);
	rc = ima_measurement_run(argv[1], &o);
	if (o.keys)
		verifier_free(o.keys);
	return rc;
}

static int cmd_attest(int argc, char **argv)
{
	struct imalist_opts o;
	int rc;

	(void)argc;
	list_opts(&o);
	if (opts[O_VERIFY_SIG].seen || opts[O_KEY].arg)
		o.keys = verifier_load(opts[O_KEY].arg ? opts[O_KEY].arg : DEFAULT_CERT);
	rc = ima_attest_run(argv[1], &o, opts[O_JSON].seen);
	if (o.keys)
		verifier_free(o.keys);
	return rc;
}

/* The running kernel's ima_template_fmt=, from /proc/cmdline (the first
 * one, as 6.1 takes it), in buf; NULL when it has none. */
static const char *cmdline_fmt(char *buf, size_t size)
{
	int fd = open("/proc/cmdline", O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, buf, size - 1);

	if (fd >= 0)
		close(fd);
	if (n <= 0)
		return NULL;
	buf[n] = 0;
	for (char *w = strtok(buf, " \n"); w; w = strtok(NULL, " \n"))
		if (!strncmp(w, "ima_template_fmt=", 17))
			return w + 17;
	return NULL;
}

static int cmd_policy(int argc, char **argv)
{
	const char *fmt = opts[O_TEMPLATE_FMT].arg, *why;
	static char cmdline[4096];

	(void)argc;
	if (!fmt && !root_dir())
		fmt = cmdline_fmt(cmdline, sizeof(cmdline));
	if (fmt && (why = ima_policy_template_fmt(fmt))) {
		if (opts[O_TEMPLATE_FMT].arg)
			usage_error("--template-fmt %s: %s", str_esc(fmt, SHOWN_MAX), why);
		log_info("/proc/cmdline: ima_template_fmt=%s: %s (the kernel took another template)\n", fmt, why);
	}
	if (!strcmp(argv[1], "check"))
		return ima_policy_check_run(argv[2]);
	if (!strcmp(argv[1], "load"))
		return ima_policy_load_run(argv[2]);
	usage_error("policy %s: not check or load", str_esc(argv[1], SHOWN_MAX));
}

static int cmd_eventlog(int argc, char **argv)
{
	(void)argc;
	return ima_eventlog_run(argv[1], TT.hash);
}

static int cmd_ima_binary_list(int argc, char **argv)
{
	return ima_binary_list_run(argv[1], argc > 2 ? argv[2] : NULL);
}

static int cmd_ima_boot_aggregate(int argc, char **argv)
{
	struct imalist_opts o;

	list_opts(&o);
	/* evmctl's operand: a (TPM 1.2) event log; 2.0's too here */
	if (argc > 1) {
		if (o.eventlog)
			usage_error("ima_boot_aggregate: an event log operand and --eventlog");
		o.eventlog = argv[1];
	}
	return ima_boot_aggregate_run(&o);
}

static int cmd_sign(int argc, char **argv)
{
	load_signer();
	return each_file(argc - 1, argv + 1, do_evm_sign);
}

static int cmd_verify(int argc, char **argv)
{
	return verify_files(argc, argv, do_evm_verify);
}

static int cmd_hmac(int argc, char **argv)
{
	if (TT.imasig)
		load_signer();
	load_hmac_key();
	return each_file(argc - 1, argv + 1, do_hmac);
}

static int cmd_ima_clear(int argc, char **argv)
{
	return each_file(argc - 1, argv + 1, do_clear);
}

static int cmd_ima_fix(int argc, char **argv)
{
	return each_file(argc - 1, argv + 1, do_fix);
}

/* A value security.ima may hold: a digest of a known hash's length, or a
 * v2 signature; anything else is refused, never written. */
static const char *ima_value_error(const uint8_t *v, size_t len)
{
	const struct ima_hash *h;
	struct sigv2 s;

	if (len && v[0] == IMA_XATTR_DIGEST)
		return len == 17 || len == 21 ? NULL : "a digest of neither md5 nor sha1 length";
	if (len && v[0] == IMA_XATTR_DIGEST_NG)
		return len < 2 || !(h = ima_hash_by_algo(v[1])) ? "a digest of an unknown hash"
		       : len != 2u + h->size ? "a digest of the wrong length" : NULL;
	return sigv2_parse(v, len, &s);
}

static int cmd_ima_setxattr(int argc, char **argv)
{
	const char *file, *sig;
	char *name = NULL;
	uint8_t *v;
	size_t len;
	const char *why;
	int fd, sfd;

	if (argc != (TT.sigfile ? 3 : 2))
		usage_error(TT.sigfile ? "ima_setxattr -f: needs SIGFILE FILE" : "ima_setxattr: needs FILE");
	file = argv[TT.sigfile ? 2 : 1];
	sig = TT.sigfile ? argv[1] : (name = sigfile_name(file));
	log_info("Reading to %s\n", sig);
	sfd = root_open(sig, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
	if (sfd < 0 || !(v = (uint8_t *)read_fd_max(sfd, IMA_XATTR_MAX, &len)))
		die("%s: %s", str_esc(sig, SIZE_MAX),
		    errno == EFBIG ? "larger than a signature" : strerror(errno));
	close(sfd);
	if ((why = ima_value_error(v, len)))
		die("%s: not a security.ima value: %s", str_esc(sig, SIZE_MAX), why);
	fd = root_open(file, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
	if (fd < 0)
		die_errno("%s", str_esc(file, SIZE_MAX));
	{
		struct job j = { .fd = fd, .path = (char *)file, .shown = (char *)str_esc(file, SIZE_MAX) };

		set_ima(&j, v, len);
		out_flush(&j.out);
		buf_free(&j.out.b);
	}
	close(fd);
	free(v);
	free(name);
	return TT.failed ? 125 : 0;
}

/* sign_hash: "DIGEST rest" lines (sha256sum's output) in, the same lines
 * with " 03<signature>" appended out. */
static int cmd_sign_hash(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	int lineno = 0, any = 0;
	uint8_t *v;

	if (argc > 1)
		usage_error("sign_hash: reads standard input, not %s", str_esc(argv[1], SHOWN_MAX));
	load_signer();
	v = xmalloc(signer_max(TT.signer));
	while ((len = getline(&line, &cap, stdin)) > 0) {
		uint8_t d[IMA_MAX_DIGEST];
		size_t n, hl;

		lineno++;
		if (len > HASH_LINE_MAX) {
			warn("standard input:%d: longer than %d bytes", lineno, HASH_LINE_MAX);
			break;
		}
		if (line[len - 1] == '\n')
			line[--len] = 0;
		if (TT.veritysig) {
			/* fsverity digest's "ALGO:HEX FILE", as evmctl 1.6 */
			size_t al = strcspn(line, ":"), sp = strcspn(line, " ");

			if (line[al] != ':' || strncmp(line, TT.hash->name, al) || strlen(TT.hash->name) != al ||
			    !line[sp] || sp != al + 1 + 2u * TT.hash->size) {
				warn("standard input:%d: not \"%s:DIGEST FILE\" (fsverity digest's line, %u hex digits)",
				     lineno, TT.hash->name, 2u * TT.hash->size);
				break;
			}
			if (hex_decode(line + al + 1, 2u * TT.hash->size, d)) {
				warn("standard input:%d: not a hex digest", lineno);
				break;
			}
			log_info("hash(%s): ", TT.hash->name);
			out_hex(NULL, 0, d, TT.hash->size, "\n");
			if (!(n = sign_verity(NULL, d, v)))
				break;
			goto signed_it;
		}
		hl = strcspn(line, ", \t");
		if (hl != 2u * TT.hash->size) {
			warn("standard input:%d: a %s digest is %u hex digits", lineno, TT.hash->name,
			     2u * TT.hash->size);
			break;
		}
		if (hex_decode(line, hl, d)) {
			warn("standard input:%d: not a hex digest", lineno);
			break;
		}
		log_info("hash(%s): ", TT.hash->name);
		out_hex(NULL, 0, d, TT.hash->size, "\n");
		if (!(n = signer_sign(TT.signer, EVM_IMA_XATTR_DIGSIG, TT.hash, d, v, NULL)))
			break;
signed_it:
		log_info("evm/ima signature: %zu bytes\n", n - 1);
		fwrite(line, 1, (size_t)len, stdout);
		putchar(' ');
		out_hex(NULL, 1, v, n, "\n");
		any = 1;
	}
	free(line);
	free(v);
	if (len > 0)
		return 125;	/* a line refused, said */
	if (!any)
		die("sign_hash: no digest on standard input");
	return 0;
}

/* import [CERT [KEYRING]]: the certificate into a kernel keyring as an
 * asymmetric key (IMA's _ima, EVM's _evm); its serial on stdout. */
static int cmd_import(int argc, char **argv)
{
	static const struct { const char *name; int32_t id; } special[] = {
		{ "@t", -1 }, { "@p", -2 }, { "@s", -3 }, { "@u", -4 }, { "@us", -5 }, { "@g", -6 },
	};
	const char *cert = argc > 1 ? argv[1] : DEFAULT_CERT, *ring = argc > 2 ? argv[2] : "@u";
	int32_t id = 0;
	uint32_t keyid;
	uint8_t *der;
	size_t len;
	long serial;

	if (ring[0] == '@') {
		for (size_t i = 0; i < ARRAY_SIZE(special); i++)
			if (!strcmp(ring, special[i].name))
				id = special[i].id;
		if (!id)
			usage_error("import: unknown keyring %s (@t @p @s @u @us @g or a number)",
				    str_esc(ring, SHOWN_MAX));
	} else {
		id = (int32_t)xstrtonum(ring, 1, INT32_MAX, "import: keyring");
	}
	log_info("Reading to %s\n", cert);
	if (cert_load_der(cert, &der, &len, &keyid))
		return 125;
	log_info("Importing public key %x from file %s into keyring %d\n", keyid, cert, id);
	serial = syscall(SYS_add_key, "asymmetric", NULL, der, len, id);
	free(der);
	if (serial < 0)
		die_errno("add_key %s into %s", str_esc(cert, SIZE_MAX), str_esc(ring, SHOWN_MAX));
	log_info("keyid: %ld\n", serial);
	printf("%ld\n", serial);
	return 0;
}

static int later(int argc, char **argv)
{
	(void)argc;
	die_status = 2;
	die("%s: not implemented yet in this imasign (v1 keys are deprecated upstream)", argv[0]);
}

/* A module command after an evmctl option: its options are sign-file's. */
static int module_late(int argc, char **argv)
{
	(void)argc;
	usage_error("%s: give the command first (after --root only): its options are sign-file's, "
		    "not evmctl's", argv[0]);
}

static int cmd_help(int argc, char **argv);

/* What each command keeps of its capabilities (docs/imasign.md's table):
 * security.ima and security.evm are set only with CAP_SYS_ADMIN; the
 * files, and an image's, may be anyone's (-f's FILE.sig, ima_binary_list's
 * OUT, a module signed in place). */
#define IMA_XATTRS (CAPS_FILES | CAP_BIT(CAP_SYS_ADMIN))
static const struct subcmd cmds[] = {
	{ "ima_sign", cmd_ima_sign, 0, -1, NULL, "[-f] [--veritysig] [-k KEY] [-p[PASS]] FILE...", IMA_XATTRS },
	{ "ima_verify", cmd_ima_verify, 0, -1, NULL, "[-f] [-k CERT[,CERT]...] FILE...", CAPS_READ },
	{ "ima_hash", cmd_ima_hash, 0, -1, NULL, "FILE...", IMA_XATTRS },
	{ "ima_setxattr", cmd_ima_setxattr, 0, -1, NULL, "[-f SIGFILE] FILE", IMA_XATTRS },
	{ "ima_clear", cmd_ima_clear, 0, -1, NULL, "[-t TYPES] FILE...", IMA_XATTRS },
	{ "ima_fix", cmd_ima_fix, 0, -1, NULL, "[-t TYPES] FILE...", IMA_XATTRS },
	{ "sign_hash", cmd_sign_hash, 0, -1, NULL, "[--veritysig] [-k KEY] [-p[PASS]]", CAPS_READ },
	{ "verity-digest", cmd_verity_digest, 0, -1, NULL, "[-a sha256|sha512] [--block-size N] [--salt HEX] FILE...", CAPS_READ },
	{ "sign", cmd_sign, 0, -1, NULL, "[-s|-d] [-o] [-k KEY] [-u[UUID]] FILE...", IMA_XATTRS },
	{ "verify", cmd_verify, 0, -1, NULL, "[-k CERT[,CERT]...] [-u[UUID]] FILE...", CAPS_READ },
	{ "hmac", cmd_hmac, 0, -1, NULL, "[-s|-d] [--hmackey FILE] FILE...", IMA_XATTRS },
	{ "import", cmd_import, 0, 2, NULL, "[CERT [KEYRING]]", CAPS_READ | CAP_BIT(CAP_SYS_ADMIN) },
	{ "sign-module", module_late, 0, -1, NULL, "HASH KEY CERT MODULE [DEST] (the command first)", CAPS_FILES },
	{ "verify-module", module_late, 0, -1, NULL, "[-k CERT[,CERT]...] MODULE... (the command first)", CAPS_READ },
	{ "genkey", module_late, 0, -1, NULL, "KEYFILE [DERCERT] (the command first)", CAPS_FILES },
	{ "convert", later, 0, -1, NULL, "(not yet)", CAPS_READ },
	{ "ima_measurement", cmd_ima_measurement, 1, 1, NULL,
	  "[--ignore-violations] [--verify-sig [-k CERT,...]] [--pcrs [ALGO,]FILE]... [--verify-bank[=ALGO]] LIST", CAPS_READ },
	{ "ima_boot_aggregate", cmd_ima_boot_aggregate, 0, 1, NULL, "[--pcrs ALGO,FILE]... [EVENT-LOG]", CAPS_READ },
	{ "ima_binary_list", cmd_ima_binary_list, 1, 2, NULL, "ASCII-LIST [OUT]", CAPS_FILES },
	{ "eventlog", cmd_eventlog, 1, 1, NULL, "[-a ALGO] EVENT-LOG", CAPS_READ },
	{ "policy", cmd_policy, 2, 2, NULL, "[--template-fmt FMT] check|load FILE", CAPS_READ },
	{ "attest", cmd_attest, 1, 1, NULL,
	  "[--ignore-violations] [-k CERT,...] [--pcrs ALGO,FILE]... [--eventlog LOG] [--json] LIST", CAPS_READ },
	{ "help", cmd_help, 0, 1, NULL, "[COMMAND]", CAPS_READ },
	SUBCMD_END
};

static struct subcmds table = { cmds, NULL, 0, NULL, NULL, NULL, 0 };

static int cmd_help(int argc, char **argv)
{
	if (argc < 2) {
		show_help(this_applet);
		return 0;
	}
	for (const struct subcmd *c = cmds; c->name; c++)
		if (!strcasecmp(c->name, argv[1])) {
			printf("usage: %s %s\n", c->name, c->usage);
			return 0;
		}
	die_status = 125;
	die("help: no such command: %s", str_esc(argv[1], SHOWN_MAX));
}

/* --veritysig, --block-size, --salt: the fs-verity parameters (-a the
 * hash), checked whenever given and whenever a command will use them. */
static void parse_verity(const char *cmd)
{
	struct verity_params *p = &TT.verity;
	const char *why;

	TT.veritysig = opts[O_VERITYSIG].seen;
	if (TT.veritysig && strcmp(cmd, "ima_sign") && strcmp(cmd, "sign_hash"))
		usage_error("--veritysig: only ima_sign and sign_hash sign fs-verity digests");
	p->h = !strcmp(TT.hash->name, "sha512") ? TT.hash : ima_hash_by_name("sha256");
	p->log_blocksize = 12;
	if (opts[O_BLOCK_SIZE].arg) {
		long long bs = xstrtonum(opts[O_BLOCK_SIZE].arg, 1024, 65536, "--block-size");

		if (bs & (bs - 1))
			usage_error("--block-size: not a power of 2: %lld", bs);
		for (p->log_blocksize = 10; 1ll << p->log_blocksize < bs; p->log_blocksize++)
			;
	}
	if (opts[O_SALT].arg) {
		const char *salt = opts[O_SALT].arg;
		size_t n = strlen(salt);

		if (n > 2 * VERITY_SALT_MAX || hex_decode(salt, n, p->salt))
			usage_error("--salt: not at most %d bytes in hex: %s", VERITY_SALT_MAX, str_esc(salt, SHOWN_MAX));
		p->saltlen = n / 2;
	}
	if (TT.veritysig || !strcmp(cmd, "verity-digest")) {
		p->h = TT.hash;
		if ((why = verity_params_check(p)))
			usage_error("-a %s: %s", TT.hash->name, why);
	}
}

/* What evmctl takes and this version does not: said, never ignored. */
static void refuse_unsupported(void)
{
	static const struct { int o; const char *why; } no[] = {
		{ O_RSA, "--rsa: v1 signatures are deprecated; this imasign makes v2 only" },
		{ O_IMMUTABLE, "-i: the immutable signature was never implemented by the kernel" },
		{ O_ENGINE, "--engine: OpenSSL engines are not supported" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(no); i++)
		if (opts[no[i].o].seen)
			usage_error("%s", no[i].why);
}

static void parse_type(const char *t)
{
	for (; *t; t++)
		switch (*t) {
		case 'f':
			break;
		case 'x':
			TT.fix_skip_both = 1;
			break;
		case 'm':
			TT.one_fs = 1;
			break;
		default:
			usage_error("-t: unknown type '%s' (f, x or m)", str_esc((char[]){ *t, 0 }, SHOWN_MAX));
		}
}

static void evm_number(int o, const char **dst)
{
	if (opts[o].arg) {
		xstrtonum(opts[o].arg, 0, o == O_INODE || o == O_INO ? (long long)INT64_MAX : 0xffffffffLL,
			  opts[o].lng);
		/* evmctl reads all of them in decimal, --mode too. */
		if (opts[o].arg[0] == '0' && opts[o].arg[1])
			usage_error("--%s: decimal, as evmctl reads it (not %s)", opts[o].lng,
				    str_esc(opts[o].arg, SHOWN_MAX));
		*dst = opts[o].arg;
	}
}

static void parse_evm_opts(void)
{
	struct evm_opts *e = &TT.evm;

	TT.imasig = opts[O_IMASIG].seen;
	TT.imahash = opts[O_IMAHASH].seen;
	TT.portable = opts[O_PORTABLE].seen;
	evm_number(O_INODE, &e->ino);
	evm_number(O_INO, &e->ino);
	evm_number(O_UID, &e->uid);
	evm_number(O_GID, &e->gid);
	evm_number(O_MODE, &e->mode);
	evm_number(O_GENERATION, &e->generation);
	e->selinux = opts[O_SELINUX].arg;
	e->caps_set = opts[O_CAPS].seen;
	e->caps = opts[O_CAPS].arg;
	e->smack = opts[O_SMACK].seen;
	e->msize = opts[O_M32].seen ? 32 : opts[O_M64].seen ? 64 : 0;
	if (opts[O_M32].seen && opts[O_M64].seen)
		usage_error("--m32 and --m64 together");
	if ((e->ima = opts[O_IMA].arg)) {
		size_t n = strlen(e->ima);
		uint8_t *v = xmalloc(n / 2 + 1);

		if (hex_decode(e->ima, n, v))
			usage_error("--ima: not hex: %s", str_esc(e->ima, SHOWN_MAX));
		e->ima_value = v;
		e->ima_len = n / 2;
	}
	if (opts[O_UUID].seen) {
		if (!opts[O_UUID].arg)
			e->no_uuid = 1;
		else if (evm_uuid_parse(opts[O_UUID].arg, e->uuid))
			usage_error("-u: not a UUID (8-4-4-4-12 hex digits): %s",
				    str_esc(opts[O_UUID].arg, SHOWN_MAX));
		else
			e->uuid_given = 1;
	}
	TT.hmackey = opts[O_HMACKEY].arg ? opts[O_HMACKEY].arg : "/etc/keys/evm-key-plain";
}

/* --pcrs may be given once a bank: each kept. */
static void collect_pcrs(struct opt *o, void *arg)
{
	(void)arg;
	if (o != &opts[O_PCRS])
		return;
	if (TT.npcrs == (int)ARRAY_SIZE(TT.pcrs))
		usage_error("--pcrs: more than %zu files", ARRAY_SIZE(TT.pcrs));
	TT.pcrs[TT.npcrs++] = o->arg;
}

/* The module commands, which have sign-file's options (not evmctl's):
 * the command first, after --root if it is given. */
static int module_cmd(int argc, char **argv, int *rc)
{
	int i = 1;

	while (i < argc && (!strncmp(argv[i], "--root=", 7) || (!strcmp(argv[i], "--root") && ++i < argc)))
		i++;
	if (i >= argc || (strcmp(argv[i], "sign-module") && strcmp(argv[i], "verify-module") &&
			  strcmp(argv[i], "genkey")))
		return 0;
	/* the command word to argv[1], the --root words after it */
	char *word = argv[i];

	memmove(argv + 2, argv + 1, (size_t)(i - 1) * sizeof(*argv));
	argv[1] = word;
	caps_keep(word, strcmp(word, "verify-module") ? CAPS_FILES : CAPS_READ);
	*rc = !strcmp(word, "sign-module")   ? modsign_sign(argc - 1, argv + 1)
	      : !strcmp(word, "verify-module") ? modsign_verify(argc - 1, argv + 1)
					       : modsign_genkey(argc - 1, argv + 1);
	return 1;
}

int imasign_main(int argc, char **argv)
{
	const struct subcmd *row;
	const char *algo;
	char *cmd;
	int rc;

	if (!strcmp(applet_name(), "sign-file")) {
		die_status = 1;
		caps_keep("sign-file", CAPS_FILES);
		return modsign_sign(argc, argv);
	}
	die_status = 125;
	if (module_cmd(argc, argv, &rc))
		return rc;
	opt_parse_each(&argc, &argv, opts, 0, collect_pcrs, NULL);
	if (opts[O_HELP_H].seen) {
		show_help(this_applet);
		return 0;
	}
	if (opts[O_VERSION].seen) {
		printf("evmctl %s (lsmbox imasign %s)\n", EVMCTL_VERSION, LSMBOX_VERSION);
		return 0;
	}
	refuse_unsupported();
	verbose = opts[O_VERBOSE].seen;
	algo = opts[O_ALGO].arg ? opts[O_ALGO].arg : "sha256";
	if (!(TT.hash = ima_hash_by_name(algo)))
		usage_error("-a: unknown hash algorithm: %s", str_esc(algo, SHOWN_MAX));
	TT.xattr_ima = opts[O_XATTR_USER].seen ? "user.ima" : "security.ima";
	TT.xattr_evm = opts[O_XATTR_USER].seen ? "user.evm" : "security.evm";
	TT.recursive = opts[O_RECURSIVE].seen;
	TT.print = opts[O_PRINT].seen;
	TT.sigfile = opts[O_SIGFILE].seen;
	parse_evm_opts();
	/* A person watching a terminal, with the output going elsewhere, gets
	 * a progress line and a summary instead of a line a file. */
	TT.progress = !opts[O_NO_PROGRESS].seen && !verbose &&
		      (opts[O_PROGRESS].seen || (isatty(2) && !isatty(1)));
	TT.jobs = opts[O_JOBS].arg ? (int)xstrtonum(opts[O_JOBS].arg, 1, POOL_MAX_JOBS, "-j")
				   : pool_cpus();
	if (opts[O_TYPE].arg)
		parse_type(opts[O_TYPE].arg);
	insecure_key_perms = opts[O_INSECURE_KEY_PERMS].seen;
	if (opts[O_PASS].seen)
		TT.pass = opts[O_PASS].arg ? opts[O_PASS].arg : (TT.pass_read = read_pass());
	else
		TT.pass = getenv("EVMCTL_KEY_PASSWORD");
	if (opts[O_KEYID].arg) {
		const char *s = opts[O_KEYID].arg;
		char *end;
		unsigned long id;

		errno = 0;
		id = strtoul(s, &end, 16);
		if (!*s || *end || errno || id == 0 || id > 0xffffffffUL || !isxdigit((unsigned char)*s))
			usage_error("--keyid: not a nonzero 32-bit hex number: %s", str_esc(s, SHOWN_MAX));
		TT.keyid = (uint32_t)id;
	}
	if (!argc) {
		show_help(this_applet);
		return 0;
	}
	/* evmctl matches command names whatever their case. */
	cmd = argv[0];
	for (char *c = cmd; *c; c++)
		*c = (char)tolower((unsigned char)*c);
	if (opts[O_JSON].seen && strcmp(cmd, "attest"))
		usage_error("--json: only attest writes JSON");
	if (opts[O_TEMPLATE_FMT].arg && strcmp(cmd, "policy"))
		usage_error("--template-fmt: only policy reads it");
	if (opts[O_EVENTLOG].arg && strcmp(cmd, "attest") && strcmp(cmd, "ima_boot_aggregate"))
		usage_error("--eventlog: only attest and ima_boot_aggregate read an event log");
	parse_verity(cmd);
	/* the command's capabilities dropped before the first file is read
	 * (subcmd_run would drop them after --keyid-from-cert's) */
	if ((row = subcmd_find(&table, cmd)))
		caps_keep(row->name, row->caps);
	if (opts[O_KEYID_FROM_CERT].arg && !(TT.keyid = cert_file_keyid(opts[O_KEYID_FROM_CERT].arg)))
		exit(125);
	return subcmd_run(&table, argc, argv);
}
