// SPDX-License-Identifier: Apache-2.0
/* keyctl.c: the kernel's keys and keyrings from the shell, a drop-in for
 * keyutils 1.6.3's keyctl (same commands, output bytes, messages, exit codes). */
/* applet: keyctl
 * summary: key and keyring management, as keyutils' keyctl
 * usage: keyctl COMMAND [ARG...]
 * requires: LIB_KEYUTILS
 * help:
 * Manage the kernel's keys and keyrings with the command syntax, output
 * bytes, messages and exit codes of keyutils 1.6.3's keyctl.  Running
 * keyctl with no command lists every command's arguments.
 *
 *   show [-x] [KEYRING]            the tree under KEYRING (default @s)
 *   add|padd [-x] TYPE DESC [DATA] KEYRING    add a key (padd: data on stdin)
 *   update|pupdate [-x] KEY [DATA] replace a key's payload
 *   newring NAME KEYRING           add a keyring
 *   request|request2|prequest2     look a key up, maybe calling request-key
 *   revoke|invalidate|clear KEY    revoke, invalidate, or empty a keyring
 *   link KEY KEYRING, unlink KEY [KEYRING], move [-f] KEY FROM TO
 *   search KEYRING TYPE DESC [DEST]
 *   read|pipe|print KEY            payload as hex dump, raw, or text
 *   list|rlist KEYRING             a keyring's keys, described or as IDs
 *   describe|rdescribe KEY [SEP]   a key's type, owner, permissions, name
 *   chown|chgrp KEY ID, setperm KEY MASK, timeout KEY SECS, security KEY
 *   session [-|NAME [PROG ARG...]], new_session [NAME], id KEY
 *   instantiate|pinstantiate|negate|reject    answer a key construction
 *   reap [-v], purge [-p] [-i] TYPE [DESC], purge -s TYPE DESC
 *   get_persistent KEYRING [UID], restrict_keyring KEYRING [TYPE [RESTR]]
 *   dh_compute, dh_compute_kdf, dh_compute_kdf_oi [-x]    Diffie-Hellman
 *   pkey_query|pkey_encrypt|pkey_decrypt|pkey_sign|pkey_verify  public keys
 *   supports [CAP|--raw]           what the kernel's key subsystem can do
 *   watch [-fFILTER] KEY, watch_session, watch_add, watch_rm, watch_sync
 *   --version, --test limits|limits2
 *
 * Keys: a number, @t @p @s @u @us @g @a (thread, process, session, user,
 * user session, group keyring, request authorisation key), %TYPE:NAME or
 * %:NAME (a keyring) for the first such key found from the session.
 *
 * Exit status: 0; 1 when the kernel refuses or a key is not found; 2 for a
 * bad command line; 3 for an unparsable key description or unknown
 * capability.  See docs/keyctl.md.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <keyutils.h>

#include "lsmbox.h"

/* The kernel's notification ABI (linux/watch_queue.h, whose linux/fcntl.h
 * clashes with glibc's <fcntl.h>). */
#define O_NOTIFICATION_PIPE		O_EXCL
#define IOC_WATCH_QUEUE_SET_SIZE	_IO('W', 0x60)
#define IOC_WATCH_QUEUE_SET_FILTER	_IO('W', 0x61)
#define PIPE_IOC_SYNC			_IO('W', 0x62)	/* proposed, not mainline */
#define WATCH_TYPE_META			0
#define WATCH_TYPE_KEY_NOTIFY		1
#define WATCH_META_REMOVAL_NOTIFICATION	0
#define WATCH_META_LOSS_NOTIFICATION	1
#define WATCH_INFO_LENGTH		0x0000007f
#define WATCH_INFO_ID			0x0000ff00
#define WATCH_INFO_ID__SHIFT		8
enum {
	NOTIFY_KEY_INSTANTIATED, NOTIFY_KEY_UPDATED, NOTIFY_KEY_LINKED, NOTIFY_KEY_UNLINKED,
	NOTIFY_KEY_CLEARED, NOTIFY_KEY_REVOKED, NOTIFY_KEY_INVALIDATED, NOTIFY_KEY_SETATTR,
};

struct watch_notification {
	uint32_t type:24, subtype:8;
	uint32_t info;
};

struct watch_notification_removal {
	struct watch_notification watch;
	uint64_t id;
};

struct key_notification {
	struct watch_notification watch;
	uint32_t key_id, aux;
};

struct watch_notification_type_filter {
	uint32_t type, info_filter, info_mask, subtype_filter[8];
};

struct watch_notification_filter {
	uint32_t nr_filters, reserved;
};

#define STDIN_MAX (1024 * 1024)		/* keyutils reads at most this much from stdin */
#define WATCH_QUEUE_SIZE 256		/* notification slots asked for */

/* A filter for one notification type; the kernel's struct ends in a flexible array. */
struct key_filter {
	struct watch_notification_filter head;
	struct watch_notification_type_filter type;
};

static struct {
	struct subcmds *set;		/* the table being dispatched on (lib/subcmd.c) */
	/* Our credentials, for the permissions list and show print. */
	bool have_creds;
	uid_t uid;
	gid_t gid, *groups;
	int ngroups;
	void *unhexed;			/* unhex's output, kept for the exit */
	/* show's tree: the indent for the current depth. */
	char indent[64];
	/* purge */
	const char *ptype, *pdesc;
	size_t ptype_len, pdesc_len;
	bool prefix, nocase;
	/* watch */
	struct key_filter filter;
	bool filtered, debug;
	volatile sig_atomic_t stop;
	pid_t pid_con, pid_cmd;
	key_serial_t session;
	int watch_fd;
} TT = { .pid_con = -1, .pid_cmd = -1 };

/* ---- dying as keyutils does: plain messages, no applet prefix ---- */

/* perror(what) and exit 1.  Standard output is not flushed first, so the
 * order of the two streams on one pipe is the same as keyutils'. */
static noreturn void fail_sys(const char *what)
{
	perror(what);
	die_exit(1);
}

static noreturn PRINTF(2, 3) void fail(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	die_exit(status);
}

static const char key_id_help[] =
	"\n"
	"Key/keyring ID:\n"
	"  <nnn>   numeric keyring ID\n"
	"  @t      thread keyring\n"
	"  @p      process keyring\n"
	"  @s      session keyring\n"
	"  @u      user keyring\n"
	"  @us     user default session keyring\n"
	"  @g      group keyring\n"
	"  @a      assumed request_key authorisation key\n"
	"\n"
	"<type> can be \"user\" for a user-defined keyring\n"
	"If you do this, prefix the description with \"<subtype>:\"\n";

/* Every usage line of the table being dispatched on, exit 2. */
static noreturn void format(void)
{
	fputs("Format:\n", stderr);
	subcmd_usage(TT.set, stderr);
	fputs(key_id_help, stderr);
	exit(2);
}

/* ---- arguments ---- */

/* A key ID as written, before the kernel is asked anything: a number or a
 * special keyring into *id (0), or %type:desc cut in place into *typep and
 * *descp (1: to be looked up). */
static int key_spec(char *arg, key_serial_t *id, char **typep, char **descp)
{
	static const struct { const char *name; key_serial_t id; } special[] = {
		{ "@t", KEY_SPEC_THREAD_KEYRING },
		{ "@p", KEY_SPEC_PROCESS_KEYRING },
		{ "@s", KEY_SPEC_SESSION_KEYRING },
		{ "@u", KEY_SPEC_USER_KEYRING },
		{ "@us", KEY_SPEC_USER_SESSION_KEYRING },
		{ "@g", KEY_SPEC_GROUP_KEYRING },
		{ "@a", KEY_SPEC_REQKEY_AUTH_KEY },
	};
	char *end, *type, *desc;

	if (arg[0] == '@') {
		for (size_t i = 0; i < ARRAY_SIZE(special); i++)
			if (!strcmp(arg, special[i].name)) {
				*id = special[i].id;
				return 0;
			}
		fail(2, "Unknown special key: '%s'\n", arg);
	}
	if (arg[0] == '%') {
		type = arg + 1;
		if (*type == ':') {
			desc = type + 1;
			type = "keyring";
		} else if (*type && (desc = strchr(type, ':'))) {
			*desc++ = '\0';
		} else {
			desc = "";
		}
		if (!*desc)
			fail(2, "Incorrect key-by-name spec\n");
		*typep = type;
		*descp = desc;
		return 1;
	}
	*id = (key_serial_t)strtoul(arg, &end, 0);
	if (*end)
		fail(2, "Unparsable key: '%s'\n", arg);
	return 0;
}

/* A key ID: a number, a special keyring, or %type:desc looked up from the session. */
static key_serial_t key_id(char *arg)
{
	char *type, *desc;
	key_serial_t id;

	if (!key_spec(arg, &id, &type, &desc))
		return id;
	id = find_key_by_type_and_desc(type, desc, 0);
	if (id == -1)
		fail(1, "Can't find '%s:%s'\n", type, desc);
	return id;
}

/* A number for `what` (uid, gid, permissions, timeout, error) in `base`. */
static unsigned long number(const char *arg, int base, const char *what)
{
	char *end;
	unsigned long n = strtoul(arg, &end, base);

	if (*end)
		fail(2, "Unparsable %s: '%s'\n", what, arg);
	return n;
}

/* Standard input, at most STDIN_MAX bytes, NUL-terminated (static: the
 * pages cost nothing until a command reads stdin). */
static char *read_stdin(size_t *lenp)
{
	static char buf[STDIN_MAX + 1];
	size_t n = 0;
	ssize_t r;

	while (n < STDIN_MAX && (r = read(0, buf + n, STDIN_MAX - n)) != 0) {
		if (r < 0)
			fail_sys("stdin");
		n += r;
	}
	buf[n] = '\0';
	*lenp = n;
	return buf;
}

/* With -x, turn the data from hex (whitespace between doublets allowed) into bytes. */
static void unhex(void **datap, size_t *lenp)
{
	const unsigned char *p = *datap, *end = p + *lenp;
	unsigned char *out, *q;

	if (!TT.set->flag || *lenp == 0)
		return;
	out = q = xmalloc(*lenp / 2 + 2);
	while (p < end) {
		if (isspace(*p)) {
			p++;
			continue;
		}
		if (end - p < 2)
			fail(1, "Short hex doublet\n");
		if (!isxdigit(p[0]) || !isxdigit(p[1]))
			fail(1, "Bad hex doublet\n");
		*q++ = (unsigned char)((isdigit(p[0]) ? p[0] - '0' : tolower(p[0]) - 'a' + 10) << 4 |
				       (isdigit(p[1]) ? p[1] - '0' : tolower(p[1]) - 'a' + 10));
		p += 2;
	}
	explicit_bzero(*datap, *lenp);
	*q = 0;
	TT.unhexed = out;
	*datap = out;
	*lenp = q - out;
}

static void wipe(void *p, size_t n)
{
	explicit_bzero(p, n);
}

/* A whole file, for the pkey commands: one read of its stat size. */
static void *slurp(const char *path, size_t *lenp)
{
	struct stat st;
	ssize_t r;
	void *p;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || fstat(fd, &st) < 0)
		fail_sys(path);
	if (!(p = malloc(st.st_size)))
		fail_sys("malloc");
	if ((r = read(fd, p, st.st_size)) < 0)
		fail_sys(path);
	if (r != st.st_size)
		fail(1, "%s: Short read\n", path);
	if (close(fd) < 0)
		fail_sys(path);
	*lenp = st.st_size;
	return p;
}

/* ---- output ---- */

/* "N bytes of data in WHAT:" and the bytes as hex, 4 to a group, 32 to a
 * line; the bytes are wiped as they go.  Like keyutils, at least one byte
 * is shown even when n is 0. */
static void hexdump(const char *what, unsigned char *p, int n)
{
	int col = 0;

	printf("%u bytes of data in %s:\n", n, what);
	do {
		if (col && col % 4 == 0)
			putchar(col % 32 == 0 ? '\n' : ' ');
		printf("%02hhx", *p);
		*p++ = 0;
		col++;
	} while (--n > 0);
	putchar('\n');
}

static void load_creds(void)
{
	if (TT.have_creds)
		return;
	TT.have_creds = true;
	TT.uid = geteuid();
	TT.gid = getegid();
	TT.ngroups = getgroups(0, NULL);
	if (TT.ngroups < 0)
		fail_sys("Unable to get UID/GID/#Groups\n");
	TT.groups = xzalloc((TT.ngroups + 1) * sizeof(gid_t));
	TT.ngroups = getgroups(TT.ngroups, TT.groups);
	if (TT.ngroups < 0)
		fail_sys("Unable to get Groups\n");
}

/* The permissions we hold on a key: possessor's plus the one class that
 * applies to us (owner, else group, else other), as "--alswrv". */
static void our_perms(char out[9], key_perm_t perm, uid_t uid, gid_t gid)
{
	unsigned p = (perm & KEY_POS_ALL) >> 24;
	bool in_group = false;

	load_creds();
	if (uid == TT.uid) {
		p |= (perm & KEY_USR_ALL) >> 16;
	} else {
		if (gid != (gid_t)-1) {
			in_group = gid == TT.gid;
			for (int i = 0; i < TT.ngroups && !in_group; i++)
				in_group = gid == TT.groups[i];
		}
		p |= in_group ? (perm & KEY_GRP_ALL) >> 8 : perm & KEY_OTH_ALL;
	}
	snprintf(out, 9, "--%c%c%c%c%c%c",
		 p & KEY_OTH_SETATTR ? 'a' : '-', p & KEY_OTH_LINK ? 'l' : '-',
		 p & KEY_OTH_SEARCH ? 's' : '-', p & KEY_OTH_WRITE ? 'w' : '-',
		 p & KEY_OTH_READ ? 'r' : '-', p & KEY_OTH_VIEW ? 'v' : '-');
}

/* A key's description "type;uid;gid;perm;desc", split; exit 3 if it isn't one. */
struct desc {
	int tlen;
	uid_t uid;
	gid_t gid;
	key_perm_t perm;
	const char *name;
};

static void parse_desc(key_serial_t key, const char *raw, struct desc *d)
{
	int pos = -1;

	d->tlen = -1;
	d->uid = 0;
	d->gid = 0;
	d->perm = 0;
	/* Three numbers but no ';' after them leave pos unset: no name. */
	if (sscanf(raw, "%*[^;]%n;%d;%d;%x;%n", &d->tlen, (int *)&d->uid, (int *)&d->gid,
		   &d->perm, &pos) != 3 || pos < 0)
		fail(3, "Unparsable description obtained for key %d\n", key);
	d->name = raw + pos;
}

/* One key of show's tree, then (for a keyring) its keys below it. */
static void tree(key_serial_t key, int depth, bool more, bool hex)
{
	char *raw, type[256], mask[9];
	int uid = 0, gid = 0, pos = 0, n, child;
	key_perm_t perm = 0;
	key_serial_t *keys;

	if (depth > 32)
		return;
	if (keyctl_describe_alloc(key, &raw) < 0) {
		printf("%d: key inaccessible (%m)\n", key);
		return;
	}
	type[0] = 0;
	if (sscanf(raw, "%255[^;];%d;%d;%x;%n", type, &uid, &gid, &perm, &pos) != 4)
		fail(3, "Unparsable description obtained for key %d\n", key);
	our_perms(mask, perm, uid, gid);
	printf(hex ? "0x%08x %s  %5d %5d  %s%s%s: %s\n" : "%10d %s  %5d %5d  %s%s%s: %s\n",
	       key, mask, uid, gid, TT.indent, depth ? "\\_ " : "", type, raw + pos);
	free(raw);
	if (strcmp(type, "keyring"))
		return;

	n = keyctl_read_alloc(key, (void **)&keys);
	if (n < 0)
		fail_sys("keyctl_read_alloc");
	n /= sizeof(key_serial_t);
	for (int i = 0; i < n; i++) {
		/* A child's prefix: the parent's, one column under the root,
		 * four below that; "|" under this key while it has more siblings. */
		child = depth ? depth + 4 : 1;
		memset(TT.indent + depth, ' ', child - depth);
		TT.indent[child] = 0;
		if (more)
			TT.indent[depth] = '|';
		tree(keys[i], child, i + 1 < n, hex);
	}
	free(keys);
}

/* A keyring's keys, or "keyring is empty" / nothing, as list and rlist want them. */
static int read_keyring(char *arg, key_serial_t **keysp)
{
	int n = keyctl_read_alloc(key_id(arg), (void **)keysp);

	if (n < 0)
		fail_sys("keyctl_read_alloc");
	return n / (int)sizeof(key_serial_t);
}

/* ---- commands ---- */

static int cmd_version(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("keyctl from %s (Built %s)\n", keyutils_version_string, keyutils_build_string);
	return 0;
}

static int cmd_id(int argc, char **argv)
{
	key_serial_t key = keyctl_get_keyring_ID(key_id(argv[0]), 0);

	(void)argc;
	if (key < 0)
		fail_sys("keyctl_get_keyring_ID");
	printf("%d\n", key);
	return 0;
}

static int cmd_show(int argc, char **argv)
{
	key_serial_t ring = argc ? key_id(argv[0]) : KEY_SPEC_SESSION_KEYRING;

	puts(argc ? "Keyring" : "Session Keyring");
	ring = keyctl_get_keyring_ID(ring, 0);
	if (ring == -1)
		fail_sys("Unable to dump key");
	TT.indent[0] = 0;
	tree(ring, 0, false, TT.set->flag);
	return 0;
}

static int print_id(long id, const char *what)
{
	if (id < 0)
		fail_sys(what);
	printf("%ld\n", id);
	return 0;
}

static int add(char *type, char *desc, void *data, size_t len, char *ring)
{
	key_serial_t dest = key_id(ring);
	long id = add_key(type, desc, data, len, dest);

	wipe(data, len);
	return print_id(id, "add_key");
}

static int cmd_add(int argc, char **argv)
{
	void *data = argv[2];
	size_t len = strlen(argv[2]);

	(void)argc;
	unhex(&data, &len);
	return add(argv[0], argv[1], data, len, argv[3]);
}

static int cmd_padd(int argc, char **argv)
{
	size_t len;
	void *data = read_stdin(&len);

	(void)argc;
	unhex(&data, &len);
	return add(argv[0], argv[1], data, len, argv[2]);
}

static int request(char *type, char *desc, char *info, char *ring)
{
	key_serial_t dest = ring ? key_id(ring) : 0;

	return print_id(request_key(type, desc, info, dest), "request_key");
}

static int cmd_request(int argc, char **argv)
{
	return request(argv[0], argv[1], NULL, argc > 2 ? argv[2] : NULL);
}

static int cmd_request2(int argc, char **argv)
{
	return request(argv[0], argv[1], argv[2], argc > 3 ? argv[3] : NULL);
}

static int cmd_prequest2(int argc, char **argv)
{
	size_t len;

	return request(argv[0], argv[1], read_stdin(&len), argc > 2 ? argv[2] : NULL);
}

static int update(key_serial_t key, void *data, size_t len)
{
	long r = keyctl_update(key, data, len);

	wipe(data, len);
	if (r < 0)
		fail_sys("keyctl_update");
	return 0;
}

static int cmd_update(int argc, char **argv)
{
	void *data = argv[1];
	size_t len = strlen(argv[1]);

	(void)argc;
	unhex(&data, &len);
	return update(key_id(argv[0]), data, len);
}

static int cmd_pupdate(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);
	size_t len;
	void *data = read_stdin(&len);

	(void)argc;
	unhex(&data, &len);
	return update(key, data, len);
}

static int cmd_newring(int argc, char **argv)
{
	key_serial_t dest = key_id(argv[1]);

	(void)argc;
	return print_id(add_key("keyring", argv[0], NULL, 0, dest), "add_key");
}

static int check(long r, const char *what)
{
	if (r < 0)
		fail_sys(what);
	return 0;
}

static int cmd_revoke(int argc, char **argv)
{
	(void)argc;
	return check(keyctl_revoke(key_id(argv[0])), "keyctl_revoke");
}

static int cmd_clear(int argc, char **argv)
{
	(void)argc;
	return check(keyctl_clear(key_id(argv[0])), "keyctl_clear");
}

static int cmd_invalidate(int argc, char **argv)
{
	(void)argc;
	return check(keyctl_invalidate(key_id(argv[0])), "keyctl_invalidate");
}

static int cmd_link(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	(void)argc;
	return check(keyctl_link(key, key_id(argv[1])), "keyctl_link");
}

static int unlink_one(key_serial_t parent, key_serial_t key, char *desc, int len, void *data)
{
	(void)desc, (void)len;
	return key == *(key_serial_t *)data && keyctl_unlink(key, parent) >= 0;
}

static int cmd_unlink(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	if (argc == 2)
		return check(keyctl_unlink(key, key_id(argv[1])), "keyctl_unlink");
	printf("%d links removed\n", recursive_session_key_scan(unlink_one, &key));
	return 0;
}

static int cmd_search(int argc, char **argv)
{
	key_serial_t ring = key_id(argv[0]);
	key_serial_t dest = argc > 3 ? key_id(argv[3]) : 0;

	return print_id(keyctl_search(ring, argv[1], argv[2], dest), "keyctl_search");
}

static int payload(char *arg, unsigned char **bufp)
{
	int n = keyctl_read_alloc(key_id(arg), (void **)bufp);

	if (n < 0)
		fail_sys("keyctl_read_alloc");
	return n;
}

static int cmd_read(int argc, char **argv)
{
	unsigned char *buf;
	int n = payload(argv[0], &buf);

	(void)argc;
	if (n == 0)
		puts("No data in key");
	else
		hexdump("key", buf, n);
	wipe(buf, n > 0 ? (size_t)n : 0);
	free(buf);
	return 0;
}

static int cmd_pipe(int argc, char **argv)
{
	unsigned char *buf;
	int n = payload(argv[0], &buf);

	(void)argc;
	if (n > 0 && write(1, buf, n) < 0)
		fail_sys("write");
	wipe(buf, n > 0 ? (size_t)n : 0);
	free(buf);
	return 0;
}

static int cmd_print(int argc, char **argv)
{
	unsigned char *buf;
	int n = payload(argv[0], &buf), i;

	(void)argc;
	for (i = 0; i < n && isprint(buf[i]); i++)
		;
	if (i == n) {
		printf("%s\n", (char *)buf);
	} else {
		fputs(":hex:", stdout);
		for (i = 0; i < n; i++)
			printf("%02hhx", buf[i]);
		putchar('\n');
	}
	wipe(buf, n > 0 ? (size_t)n : 0);
	free(buf);
	return 0;
}

static int cmd_list(int argc, char **argv)
{
	key_serial_t *keys;
	int n = read_keyring(argv[0], &keys);
	struct desc d;
	char *raw, mask[9];

	(void)argc;
	if (n == 0) {
		puts("keyring is empty");
		free(keys);
		return 0;
	}
	if (n == 1)
		puts("1 key in keyring:");
	else
		printf("%u keys in keyring:\n", n);
	for (int i = 0; i < n; i++) {
		if (keyctl_describe_alloc(keys[i], &raw) < 0) {
			printf("%9d: key inaccessible (%m)\n", keys[i]);
			continue;
		}
		parse_desc(keys[i], raw, &d);
		our_perms(mask, d.perm, d.uid, d.gid);
		printf("%9d: %s %5d %5d %*.*s: %s\n", keys[i], mask, (int)d.uid, (int)d.gid,
		       d.tlen, d.tlen, raw, d.name);
		free(raw);
	}
	free(keys);
	return 0;
}

static int cmd_rlist(int argc, char **argv)
{
	key_serial_t *keys;
	int n = read_keyring(argv[0], &keys);

	(void)argc;
	if (n <= 0)
		putchar('\n');
	for (int i = 0; i < n; i++)
		printf("%d%c", keys[i], i + 1 == n ? '\n' : ' ');
	free(keys);
	return 0;
}

static int cmd_describe(int argc, char **argv)
{
	static const char letters[] = "alswrv";
	key_serial_t key = key_id(argv[0]);
	char *raw, mask[25];
	struct desc d;

	(void)argc;
	if (keyctl_describe_alloc(key, &raw) < 0)
		fail_sys("keyctl_describe_alloc");
	parse_desc(key, raw, &d);
	/* All four classes, possessor first, each "alswrv" from bit 5 down. */
	for (int i = 0; i < 24; i++)
		mask[i] = d.perm & (1u << (31 - (i / 6) * 8 - (i % 6) - 2)) ? letters[i % 6] : '-';
	mask[24] = 0;
	printf("%9d: %s %5d %5d %*.*s: %s\n", key, mask, (int)d.uid, (int)d.gid,
	       d.tlen, d.tlen, raw, d.name);
	free(raw);
	return 0;
}

static int cmd_rdescribe(int argc, char **argv)
{
	key_serial_t key;
	char *raw;

	if (argc == 2 && !argv[1][0])
		format();
	key = key_id(argv[0]);
	if (keyctl_describe_alloc(key, &raw) < 0)
		fail_sys("keyctl_describe");
	if (argc == 2)
		for (char *q = raw; *q; q++)
			if (*q == ';')
				*q = argv[1][0];
	puts(raw);
	free(raw);
	return 0;
}

static int cmd_chown(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	(void)argc;
	return check(keyctl_chown(key, number(argv[1], 0, "uid"), -1), "keyctl_chown");
}

static int cmd_chgrp(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	(void)argc;
	return check(keyctl_chown(key, -1, number(argv[1], 0, "gid")), "keyctl_chown");
}

static int cmd_setperm(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	(void)argc;
	return check(keyctl_setperm(key, number(argv[1], 0, "permissions")), "keyctl_setperm");
}

/* Run PROG ARG... (no PROG: $SHELL, else /bin/sh); dies as keyutils if it can't. */
static noreturn void run(int argc, char **argv)
{
	const char *sh;

	if (argc == 0) {
		sh = getenv("SHELL");
		if (!sh)
			sh = "/bin/sh";
		execl(sh, sh, (char *)NULL);
		fail_sys(sh);
	}
	execvp(argv[0], argv);
	fail_sys(argv[0]);
}

static int cmd_session(int argc, char **argv)
{
	const char *name = NULL;
	key_serial_t ring;

	if (argc) {
		if (strcmp(argv[0], "-"))
			name = argv[0];
		argc--, argv++;
	}
	ring = keyctl_join_session_keyring(name);
	if (ring < 0)
		fail_sys("keyctl_join_session_keyring");
	fprintf(stderr, "Joined session keyring: %d\n", ring);
	run(argc, argv);
}

static int cmd_new_session(int argc, char **argv)
{
	if (keyctl_join_session_keyring(argc ? argv[0] : NULL) < 0)
		fail_sys("keyctl_join_session_keyring");
	if (keyctl_session_to_parent() < 0)
		fail_sys("keyctl_session_to_parent");
	return print_id(keyctl_get_keyring_ID(KEY_SPEC_SESSION_KEYRING, 0), "keyctl_get_keyring_ID");
}

static int instantiate(key_serial_t key, key_serial_t dest, void *data, size_t len)
{
	long r;

	unhex(&data, &len);
	r = keyctl_instantiate(key, data, len, dest);
	wipe(data, len);
	return check(r, "keyctl_instantiate");
}

static int cmd_instantiate(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);
	key_serial_t dest = key_id(argv[2]);

	(void)argc;
	return instantiate(key, dest, argv[1], strlen(argv[1]));
}

static int cmd_pinstantiate(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);
	key_serial_t dest = key_id(argv[1]);
	size_t len;
	void *data = read_stdin(&len);

	(void)argc;
	return instantiate(key, dest, data, len);
}

static int cmd_negate(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);
	unsigned long timeout = number(argv[1], 10, "timeout");

	(void)argc;
	return check(keyctl_negate(key, timeout, key_id(argv[2])), "keyctl_negate");
}

static int cmd_reject(int argc, char **argv)
{
	static const struct { const char *name; unsigned err; } named[] = {
		{ "rejected", EKEYREJECTED }, { "revoked", EKEYREVOKED }, { "expired", EKEYEXPIRED },
	};
	key_serial_t key = key_id(argv[0]);
	unsigned long timeout = number(argv[1], 10, "timeout");
	unsigned long err = ULONG_MAX;

	(void)argc;
	for (size_t i = 0; i < ARRAY_SIZE(named); i++)
		if (!strcmp(argv[2], named[i].name))
			err = named[i].err;
	if (err == ULONG_MAX)
		err = number(argv[2], 10, "error");
	/* keyutils names negate here too. */
	return check(keyctl_reject(key, timeout, err, key_id(argv[3])), "keyctl_negate");
}

static int cmd_timeout(int argc, char **argv)
{
	key_serial_t key = key_id(argv[0]);

	(void)argc;
	return check(keyctl_set_timeout(key, number(argv[1], 10, "timeout")), "keyctl_set_timeout");
}

static int cmd_security(int argc, char **argv)
{
	char *label;

	(void)argc;
	if (keyctl_get_security_alloc(key_id(argv[0]), &label) < 0)
		fail_sys("keyctl_getsecurity");
	puts(label);
	free(label);
	return 0;
}

/* reap: unlink the keys we cannot describe for any reason but permission. */
static int reap_one(key_serial_t parent, key_serial_t key, char *desc, int len, void *data)
{
	(void)desc, (void)data;
	if (len >= 0 || errno == EACCES)
		return 0;
	if (TT.set->flag)
		printf("Reap %d", key);
	if (keyctl_unlink(key, parent) < 0) {
		if (TT.set->flag)
			printf("... failed %m\n");
		return 0;
	}
	if (TT.set->flag)
		putchar('\n');
	return 1;
}

static int cmd_reap(int argc, char **argv)
{
	(void)argc, (void)argv;
	printf("%d keys reaped\n", recursive_session_key_scan(reap_one, NULL));
	return 0;
}

static int purge_type(key_serial_t parent, key_serial_t key, char *raw, int len, void *data)
{
	char *semi;

	(void)data;
	if (!parent || !raw || !(semi = memchr(raw, ';', len)))
		return 0;
	*semi = 0;
	return !strcmp(raw, TT.ptype) && keyctl_unlink(key, parent) >= 0;
}

static int purge_literal(key_serial_t parent, key_serial_t key, char *raw, int len, void *data)
{
	char *semi, *desc;
	size_t tlen, dlen;

	(void)data;
	if (!parent || !raw || !(semi = memchr(raw, ';', len)))
		return 0;
	tlen = semi - raw;
	if (tlen != TT.ptype_len || memcmp(raw, TT.ptype, tlen))
		return 0;
	/* The description follows the last ';'. */
	semi++;
	if (!(desc = memrchr(semi, ';', raw + len - semi)))
		return 0;
	desc++;
	dlen = raw + len - desc;
	if (TT.prefix ? dlen < TT.pdesc_len : dlen != TT.pdesc_len)
		return 0;
	if (TT.nocase ? strncasecmp(TT.pdesc, desc, TT.pdesc_len) : memcmp(TT.pdesc, desc, TT.pdesc_len))
		return 0;
	printf("%*.*s '%s'\n", (int)tlen, (int)tlen, raw, desc);
	return keyctl_unlink(key, parent) >= 0;
}

/* purge -s: in each keyring, unlink whatever the kernel's own search finds, until none. */
static int purge_search(key_serial_t parent, key_serial_t ring, char *raw, int len, void *data)
{
	int n = 0;

	(void)parent, (void)len, (void)data;
	if (!raw || strncmp(raw, "keyring;", 8))
		return 0;
	while (keyctl_unlink(keyctl_search(ring, TT.ptype, TT.pdesc, 0), ring) >= 0)
		n++;
	return n;
}

static int cmd_purge(int argc, char **argv)
{
	recursive_key_scanner_t fn;
	bool search = false;

	for (; argc > 0 && argv[0][0] == '-'; argc--, argv++) {
		switch (argv[0][1]) {
		case 's': search = true; break;
		case 'p': TT.prefix = true; break;
		case 'i': TT.nocase = true; break;
		default: format();
		}
	}
	if (argc < 1)
		format();
	TT.ptype = argv[0];
	TT.pdesc = argc > 1 ? argv[1] : NULL;
	TT.ptype_len = strlen(TT.ptype);
	TT.pdesc_len = TT.pdesc ? strlen(TT.pdesc) : 0;
	if (search) {
		if (argc != 2 || TT.prefix || TT.nocase)
			format();
		fn = purge_search;
	} else if (argc == 1) {
		if (TT.prefix || TT.nocase)
			format();
		fn = purge_type;
	} else if (argc == 2) {
		fn = purge_literal;
	} else {
		format();
	}
	printf("purged %d keys\n", recursive_session_key_scan(fn, NULL));
	return 0;
}

static int cmd_get_persistent(int argc, char **argv)
{
	key_serial_t dest = key_id(argv[0]);
	uid_t uid = argc > 1 ? (uid_t)number(argv[1], 0, "uid") : (uid_t)-1;

	return print_id(keyctl_get_persistent(uid, dest), "keyctl_get_persistent");
}

static int cmd_dh_compute(int argc, char **argv)
{
	key_serial_t priv = key_id(argv[0]), prime = key_id(argv[1]), base = key_id(argv[2]);
	void *buf;
	int n;

	(void)argc;
	n = keyctl_dh_compute_alloc(priv, prime, base, &buf);
	if (n < 0)
		fail_sys("keyctl_dh_compute_alloc");
	hexdump("result", buf, n);
	wipe(buf, (size_t)n);
	free(buf);
	return 0;
}

static int dh_kdf(char **argv, bool other_info)
{
	void *info = NULL;
	size_t infolen = 0;
	key_serial_t priv = key_id(argv[0]), prime = key_id(argv[1]), base = key_id(argv[2]);
	unsigned long len = strtoul(argv[3], NULL, 10);
	unsigned char *buf;
	long n;

	if (len == ULONG_MAX)
		fail_sys("dh_compute: cannot convert generated length value");
	/* One byte more, so that the dump of an empty result reads our memory. */
	if (!(buf = calloc(1, len + 1)))
		fail_sys("dh_compute: cannot allocate memory");
	if (other_info) {
		info = read_stdin(&infolen);
		unhex(&info, &infolen);
	}
	n = keyctl_dh_compute_kdf(priv, prime, base, argv[4], info, infolen, (char *)buf, len);
	if (info)
		wipe(info, infolen);
	if (n < 0)
		fail_sys("keyctl_dh_compute_kdf");
	hexdump("result", buf, n);
	wipe(buf, (size_t)n);
	free(buf);
	return 0;
}

static int cmd_dh_compute_kdf(int argc, char **argv)
{
	(void)argc;
	return dh_kdf(argv, false);
}

static int cmd_dh_compute_kdf_oi(int argc, char **argv)
{
	(void)argc;
	return dh_kdf(argv, true);
}

static int cmd_restrict_keyring(int argc, char **argv)
{
	key_serial_t ring = key_id(argv[0]);

	return check(keyctl_restrict_keyring(ring, argc > 1 ? argv[1] : NULL,
					     argc > 2 ? argv[2] : NULL), "keyctl_restrict_keyring");
}

/* The pkey commands: KEY PASS ... then k=v options, joined by spaces. */
struct pkey {
	key_serial_t key;
	char info[4096];
	struct keyctl_pkey_query q;
};

static void pkey_start(struct pkey *pk, int argc, char **argv, int fixed)
{
	size_t len = 0, n;

	for (int i = fixed; i < argc; i++) {
		n = strlen(argv[i]);
		if (!memchr(argv[i], '=', n))
			fail(2, "Option not in key=val form\n");
		if (n + 1 > sizeof(pk->info) - 1 - len)
			fail(2, "Too many info options\n");
		if (len)
			pk->info[len++] = ' ';
		memcpy(pk->info + len, argv[i], n);
		len += n;
	}
	pk->info[len] = 0;
	pk->key = key_id(argv[0]);
	if (strcmp(argv[1], "0"))
		fail(2, "Password passing is not yet supported\n");
}

static void pkey_query(struct pkey *pk)
{
	if (keyctl_pkey_query(pk->key, pk->info, &pk->q) < 0)
		fail_sys("keyctl_pkey_query");
}

static int cmd_pkey_query(int argc, char **argv)
{
	struct pkey pk;
	unsigned ops;

	pkey_start(&pk, argc, argv, 2);
	pkey_query(&pk);
	ops = pk.q.supported_ops;
	printf("key_size=%u\nmax_data_size=%u\nmax_sig_size=%u\nmax_enc_size=%u\n"
	       "max_dec_size=%u\nencrypt=%c\ndecrypt=%c\nsign=%c\nverify=%c\n",
	       pk.q.key_size, pk.q.max_data_size, pk.q.max_sig_size, pk.q.max_enc_size,
	       pk.q.max_dec_size, ops & KEYCTL_SUPPORTS_ENCRYPT ? 'y' : 'n',
	       ops & KEYCTL_SUPPORTS_DECRYPT ? 'y' : 'n', ops & KEYCTL_SUPPORTS_SIGN ? 'y' : 'n',
	       ops & KEYCTL_SUPPORTS_VERIFY ? 'y' : 'n');
	return 0;
}

enum pkey_op { PK_ENCRYPT, PK_DECRYPT, PK_SIGN };

static int pkey_op(int argc, char **argv, enum pkey_op op)
{
	static const char *const what[] = {
		"keyctl_pkey_encrypt", "keyctl_pkey_decrypt", "keyctl_pkey_sign",
	};
	struct pkey pk;
	size_t inlen, outlen;
	void *in, *out;
	long n;

	pkey_start(&pk, argc, argv, 3);
	in = slurp(argv[2], &inlen);
	pkey_query(&pk);
	/* The output buffers keyutils sizes them by (encrypt: max_dec_size). */
	outlen = op == PK_ENCRYPT ? pk.q.max_dec_size :
		 op == PK_DECRYPT ? pk.q.max_enc_size : pk.q.max_sig_size;
	if (!(out = malloc(outlen)))
		fail_sys("malloc");
	n = op == PK_ENCRYPT ? keyctl_pkey_encrypt(pk.key, pk.info, in, inlen, out, outlen) :
	    op == PK_DECRYPT ? keyctl_pkey_decrypt(pk.key, pk.info, in, inlen, out, outlen) :
			       keyctl_pkey_sign(pk.key, pk.info, in, inlen, out, outlen);
	if (n < 0)
		fail_sys(what[op]);
	if (fwrite(out, n, 1, stdout) != 1)
		fail_sys("stdout");
	free(in);
	free(out);
	return 0;
}

static int cmd_pkey_encrypt(int argc, char **argv)
{
	return pkey_op(argc, argv, PK_ENCRYPT);
}

static int cmd_pkey_decrypt(int argc, char **argv)
{
	return pkey_op(argc, argv, PK_DECRYPT);
}

static int cmd_pkey_sign(int argc, char **argv)
{
	return pkey_op(argc, argv, PK_SIGN);
}

static int cmd_pkey_verify(int argc, char **argv)
{
	struct pkey pk;
	size_t dlen, slen;
	void *data, *sig;

	pkey_start(&pk, argc, argv, 4);
	data = slurp(argv[2], &dlen);
	sig = slurp(argv[3], &slen);
	check(keyctl_pkey_verify(pk.key, pk.info, data, dlen, sig, slen), "keyctl_pkey_verify");
	free(data);
	free(sig);
	return 0;
}

static int cmd_move(int argc, char **argv)
{
	unsigned flags = KEYCTL_MOVE_EXCL;
	key_serial_t key, from;

	if (argc > 3 && !strcmp(argv[0], "-f")) {
		flags = 0;
		argc--, argv++;
	}
	if (argc != 3)
		format();
	key = key_id(argv[0]);
	from = key_id(argv[1]);
	return check(keyctl_move(key, from, key_id(argv[2]), flags), "keyctl_move");
}

static int cmd_supports(int argc, char **argv)
{
	static const struct { const char *name; unsigned char byte, mask; } caps[] = {
		{ "capabilities", 0, KEYCTL_CAPS0_CAPABILITIES },
		{ "persistent_keyrings", 0, KEYCTL_CAPS0_PERSISTENT_KEYRINGS },
		{ "dh_compute", 0, KEYCTL_CAPS0_DIFFIE_HELLMAN },
		{ "public_key", 0, KEYCTL_CAPS0_PUBLIC_KEY },
		{ "big_key_type", 0, KEYCTL_CAPS0_BIG_KEY },
		{ "key_invalidate", 0, KEYCTL_CAPS0_INVALIDATE },
		{ "restrict_keyring", 0, KEYCTL_CAPS0_RESTRICT_KEYRING },
		{ "move_key", 0, KEYCTL_CAPS0_MOVE },
		{ "ns_keyring_name", 1, KEYCTL_CAPS1_NS_KEYRING_NAME },
		{ "ns_key_tag", 1, KEYCTL_CAPS1_NS_KEY_TAG },
		{ "notify", 1, KEYCTL_CAPS1_NOTIFICATIONS },
	};
	unsigned char have[256] = { 0 };
	long len = keyctl_capabilities(have, sizeof(have));

	if (argc == 0) {
		for (size_t i = 0; i < ARRAY_SIZE(caps); i++)
			printf("have_%s=%c\n", caps[i].name, have[caps[i].byte] & caps[i].mask ? '1' : '0');
		return 0;
	}
	if (!strcmp(argv[0], "--raw")) {
		for (long i = 0; i < len && i < (long)sizeof(have); i++)
			printf("%02x", have[i]);
		putchar('\n');
	}
	for (size_t i = 0; i < ARRAY_SIZE(caps); i++)
		if (!strcmp(argv[0], caps[i].name))
			return have[caps[i].byte] & caps[i].mask ? 0 : 1;
	return 3;
}

/* ---- watching: the kernel's notification pipes ---- */

static void on_term(int sig)
{
	(void)sig;
	TT.stop = 1;
}

static void key_event(FILE *log, const struct key_notification *k)
{
	static const char *const names[] = {
		[NOTIFY_KEY_INSTANTIATED] = "inst", [NOTIFY_KEY_UPDATED] = "upd",
		[NOTIFY_KEY_LINKED] = "link", [NOTIFY_KEY_UNLINKED] = "unlk",
		[NOTIFY_KEY_CLEARED] = "clr", [NOTIFY_KEY_REVOKED] = "rev",
		[NOTIFY_KEY_INVALIDATED] = "inv", [NOTIFY_KEY_SETATTR] = "attr",
	};
	unsigned st = k->watch.subtype;

	if (st >= ARRAY_SIZE(names))
		return;
	if (st == NOTIFY_KEY_LINKED || st == NOTIFY_KEY_UNLINKED)
		fprintf(log, "%u %s %u\n", k->key_id, names[st], k->aux);
	else
		fprintf(log, "%u %s\n", k->key_id, names[st]);
}

/* The notifications of one read: key events to log, removals to gc.  1
 * when the watch itself went away (watch ID 1 removed). */
static int notes(FILE *log, FILE *gc, const unsigned char *buf, size_t got)
{
	const unsigned char *p, *end;
	union {
		struct watch_notification n;
		struct key_notification k;
		struct watch_notification_removal r;
		unsigned char raw[128];
	} m;
	size_t room, len;

	for (p = buf, end = buf + got; p < end; p += len) {
		room = end - p < 128 ? (size_t)(end - p) : 128;
		if (room < sizeof(m.n))
			fail(4, "Short message header: %zu\n", room);
		memcpy(&m, p, room);
		if (TT.debug)
			fprintf(stderr, "NOTIFY[%03zx]: ty=%06x sy=%02x i=%08x\n",
				(size_t)(p - buf), m.n.type, m.n.subtype, m.n.info);
		len = m.n.info & WATCH_INFO_LENGTH;
		if (len < sizeof(m.n) || len > room)
			fail(1, "Bad message length: %zu/%zu\n", len, room);
		if (m.n.type == WATCH_TYPE_KEY_NOTIFY) {
			if (len == sizeof(m.k))
				key_event(log, &m.k);
		} else if (m.n.type == WATCH_TYPE_META &&
			   m.n.subtype == WATCH_META_REMOVAL_NOTIFICATION) {
			fprintf(gc, "%u gc\n", len >= sizeof(m.r) ? (unsigned)m.r.id : 0u);
			if (((m.n.info & WATCH_INFO_ID) >> WATCH_INFO_ID__SHIFT) == 1)
				return 1;
		} else if (m.n.type == WATCH_TYPE_META &&
			   m.n.subtype == WATCH_META_LOSS_NOTIFICATION) {
			fputs("-- LOSS --\n", log);
		} else if (TT.debug) {
			fputs(m.n.type == WATCH_TYPE_META ? "other meta record\n" : "other type\n",
			      stderr);
		}
	}
	return 0;
}

/* Read notifications from fd until the watch goes away (watch ID 1 removed),
 * the pipe ends, or SIGTERM; events to log, removals to gc. */
static noreturn void consume(FILE *log, FILE *gc, int fd)
{
	unsigned char buf[433];
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	ssize_t got;

	setlinebuf(log);
	setlinebuf(gc);
	signal(SIGTERM, on_term);
	do {
		if (!TT.stop && poll(&pf, 1, -1) < 0) {
			if (errno == EINTR)
				continue;
			fail_sys("poll");
		}
		got = read(fd, buf, sizeof(buf));
		/* Nothing (left) to read: stop if told to, else poll again. */
		if (got < 0 && (errno == EAGAIN || errno == EINTR))
			continue;
		if (got < 0)
			fail_sys("read");
		if (got == 0) {
			puts("-- END --");
			exit(0);
		}
		if (TT.debug)
			fprintf(stderr, "read() = %zd\n", got);
		if (notes(log, gc, buf, got))
			exit(0);
	} while (!TT.stop);
	fputs("Monitoring terminated\n", log);
	if (gc != log)
		fputs("Monitoring terminated\n", gc);
	exit(0);
}

/* A notification pipe: where the kernel lacks them, pipe2 fails (ENOPKG). */
static int open_watch(void)
{
	int fds[2];

	if (pipe2(fds, O_NOTIFICATION_PIPE | O_NONBLOCK) < 0)
		fail_sys("pipe2");
	if (ioctl(fds[0], IOC_WATCH_QUEUE_SET_SIZE, WATCH_QUEUE_SIZE) < 0)
		fail_sys("/dev/watch_queue(size)");
	if (TT.filtered && ioctl(fds[0], IOC_WATCH_QUEUE_SET_FILTER, &TT.filter) < 0)
		fail_sys("/dev/watch_queue(filter)");
	return fds[0];
}

/* -fCHARS: only these key events (i p l n c r v s, in subtype order). */
static void parse_filter(const char *s)
{
	static const char subtypes[] = "iplncrvs";
	const char *c;

	TT.filtered = true;
	TT.filter.head.nr_filters = 1;
	TT.filter.type.type = WATCH_TYPE_KEY_NOTIFY;
	for (; *s; s++) {
		if (!(c = strchr(subtypes, *s)))
			fail(2, "Unknown filter character '%c'\n", *s);
		TT.filter.type.subtype_filter[0] |= 1u << (c - subtypes);
	}
}

/* getopt over the command's own argv (argv[-1] is its name, which getopt's
 * messages start with): -f FILTER, -d (debug), -n NAME. */
static void watch_opts(int *argcp, char ***argvp, const char *optstring, const char **name)
{
	int argc = *argcp + 1, opt;
	char **argv = *argvp - 1;

	optind = 1;
	while ((opt = getopt(argc, argv, optstring)) != -1) {
		switch (opt) {
		case 'f': parse_filter(optarg); break;
		case 'd': TT.debug = true; break;
		case 'n': *name = optarg; break;
		default: fail(2, "Unknown option\n");
		}
	}
	*argcp = argc - optind;
	*argvp = argv + optind;
}

static int cmd_watch(int argc, char **argv)
{
	key_serial_t key;
	int fd;

	watch_opts(&argc, &argv, "f:", NULL);
	if (argc != 1)
		format();
	key = key_id(argv[0]);
	fd = open_watch();
	if (keyctl_watch_key(key, fd, 1) < 0)
		fail_sys("keyctl_watch_key");
	consume(stdout, stdout, fd);
}

static int watch_set(char **argv, int id)
{
	int fd = atoi(argv[0]);

	return check(keyctl_watch_key(key_id(argv[1]), fd, id), "keyctl_watch_key");
}

static int cmd_watch_add(int argc, char **argv)
{
	(void)argc;
	return watch_set(argv, 2);
}

static int cmd_watch_rm(int argc, char **argv)
{
	(void)argc;
	return watch_set(argv, -1);
}

/* At exit of watch_session's parent: drop the watch, stop both children. */
static void watch_cleanup(void)
{
	pid_t me = getpid();
	int status;

	if (me == TT.pid_cmd || me == TT.pid_con)
		return;
	keyctl_watch_key(TT.session, TT.watch_fd, -1);
	if (TT.pid_cmd != -1) {
		kill(TT.pid_cmd, SIGTERM);
		waitpid(TT.pid_cmd, &status, 0);
	}
	if (TT.pid_con != -1) {
		kill(TT.pid_con, SIGTERM);
		waitpid(TT.pid_con, &status, 0);
	}
}

static FILE *open_log(const char *path)
{
	FILE *f = fopen(path, "a");
	int flags;

	if (!f)
		fail_sys(path);
	if ((flags = fcntl(fileno(f), F_GETFD)) < 0)
		fail_sys("F_GETFD");
	if (fcntl(fileno(f), F_SETFD, flags | FD_CLOEXEC) < 0)
		fail_sys("F_SETFD");
	return f;
}

static int exit_code(int status)
{
	return WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status) + 128;
}

static int cmd_watch_session(int argc, char **argv)
{
	const char *name = NULL;
	FILE *log, *gc;
	int fd, target, flags, status, e = 0, e2 = 0;
	sigset_t term, old;
	char num[16];
	pid_t pid;

	watch_opts(&argc, &argv, "+df:n:", &name);
	if (argc < 4)
		format();
	target = atoi(argv[2]);
	if (target < 3 || target > 9)
		fail(2, "The target fd must be between 3 and 9\n");

	fd = open_watch();
	if (fd != target) {
		if (dup2(fd, target) < 0)
			fail_sys("dup2");
		close(fd);
		fd = target;
	}
	TT.watch_fd = fd;
	atexit(watch_cleanup);
	/* The command inherits the queue on the fd it was told. */
	if ((flags = fcntl(fd, F_GETFD)) < 0)
		fail_sys("F_GETFD");
	if (fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) < 0)
		fail_sys("F_SETFD");
	log = open_log(argv[0]);
	gc = open_log(argv[1]);

	/* SIGTERM stays blocked in the consumer until its handler is in:
	 * a command that ends at once must not kill it half-started. */
	sigemptyset(&term);
	sigaddset(&term, SIGTERM);
	sigprocmask(SIG_BLOCK, &term, &old);
	fflush(stdout);
	if ((TT.pid_con = fork()) < 0)
		fail_sys("fork");
	if (TT.pid_con == 0) {
		TT.pid_cmd = TT.pid_con = -1;
		signal(SIGTERM, on_term);
		sigprocmask(SIG_SETMASK, &old, NULL);
		consume(log, gc, fd);
	}
	sigprocmask(SIG_SETMASK, &old, NULL);
	TT.session = keyctl_join_session_keyring(name);
	if (TT.session == -1)
		fail_sys("keyctl_join_session_keyring");
	if (keyctl_watch_key(TT.session, fd, 1) < 0)
		fail_sys("keyctl_watch_key/session");
	fprintf(stderr, "Joined session keyring: %d\n", TT.session);

	fflush(stdout);
	if ((TT.pid_cmd = fork()) < 0)
		fail_sys("fork");
	if (TT.pid_cmd == 0) {
		TT.pid_cmd = TT.pid_con = -1;
		snprintf(num, sizeof(num), "%u", fd);
		setenv("KEYCTL_WATCH_FD", num, 1);
		run(argc - 3, argv + 3);
	}
	close(fd);

	while ((pid = wait(&status)) != -1) {
		if (pid == TT.pid_cmd) {
			if (WIFSTOPPED(status)) {
				raise(WSTOPSIG(status));
				continue;
			}
			if (TT.pid_con != -1)
				kill(TT.pid_con, SIGTERM);
			e2 = exit_code(status);
			TT.pid_cmd = -1;
		} else if (pid == TT.pid_con) {
			if (TT.pid_cmd != -1)
				kill(TT.pid_cmd, SIGTERM);
			if (WIFEXITED(status) || WIFSIGNALED(status)) {
				e = exit_code(status);
				TT.pid_con = -1;
			}
		}
	}
	return e ? e : e2;
}

static int cmd_watch_sync(int argc, char **argv)
{
	int fd = atoi(argv[0]), count;

	(void)argc;
	if (ioctl(fd, PIPE_IOC_SYNC) == 0)
		return 0;
	if (errno != ENOTTY)
		fail_sys("ioctl(PIPE_IOC_SYNC)");
	/* No sync ioctl: wait for the reader to empty the pipe. */
	for (;;) {
		if (ioctl(fd, FIONREAD, &count) < 0)
			fail_sys("ioctl(FIONREAD)");
		if (count == 0)
			return 0;
		usleep(200 * 1000);
	}
}

/* ---- --test: the kernel's limits on type, description and payload sizes ---- */

static void test_fail(int *fails, const char *fmt, int i)
{
	putchar('\n');
	fprintf(stderr, fmt, i);
	++*fails;
}

static void test_enough(int fails)
{
	if (fails > 20)
		fail(1, "Aborting with too many failures\n");
}

static int test_limits(int argc, char **argv)
{
	static char buf[8192];
	int fails = 0;
	key_serial_t key;

	(void)argc, (void)argv;
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < (int)sizeof(buf); i++) {
		if (i % 32 == 0)
			printf(i ? "\nTEST SIZE %d" : "TEST SIZE %d", i);
		buf[i] = 0;
		putchar('.');
		/* Type names: 1-31 characters are unknown types, others invalid. */
		if (add_key(buf, "wibble", "a", 1, KEY_SPEC_THREAD_KEYRING) != -1)
			test_fail(&fails, "%d type unexpectedly succeeded\n", i);
		else if (errno != (i == 0 || i >= 32 ? EINVAL : ENODEV))
			test_fail(&fails, "%d type failed: %m\n", i);
		putchar('_');
		/* Descriptions: 1-4095 characters. */
		key = add_key("user", buf, "a", 1, KEY_SPEC_THREAD_KEYRING);
		if (key == -1) {
			if (i == 0 || i >= 4096) {
				if (errno != EINVAL)
					test_fail(&fails, "%d desc failed: %m\n", i);
			} else {
				test_fail(&fails, "%d desc wrong error: %m\n", i);
			}
		} else {
			if (i == 0 || i >= 4096)
				test_fail(&fails, "%d desc unexpectedly succeeded\n", i);
			if (keyctl_unlink(key, KEY_SPEC_THREAD_KEYRING) == -1)
				test_fail(&fails, "Unlink failed: %m\n", 0);
		}
		buf[i] = 'a';
		test_enough(fails);
	}
	putchar('\n');
	return fails ? 1 : 0;
}

static int test_limits2(int argc, char **argv)
{
	static char buf[1030 * 1024];
	int fails = 0;
	key_serial_t key;

	(void)argc, (void)argv;
	setvbuf(stdout, NULL, _IONBF, 0);
	memset(buf, 'a', sizeof(buf));
	for (int i = 0; i < (int)sizeof(buf); i++) {
		if (i % 2048 == 0)
			printf(i ? "\nTEST SIZE %7d " : "TEST SIZE %7d ", i);
		if (i % 64 == 0)
			putchar('.');
		/* user payloads: 1-32767 bytes (EDQUOT from going fast is no failure). */
		key = add_key("user", "a", buf, i, KEY_SPEC_THREAD_KEYRING);
		if (key == -1) {
			if (i == 0 || i > 32767) {
				if (errno != EINVAL)
					test_fail(&fails, "%d desc failed: %m\n", i);
			} else if (errno != EDQUOT) {
				test_fail(&fails, "%d desc wrong error: %m\n", i);
			}
		} else {
			if (i == 0 || i > 32767)
				test_fail(&fails, "%d desc unexpectedly succeeded\n", i);
			if (keyctl_unlink(key, KEY_SPEC_THREAD_KEYRING) == -1)
				test_fail(&fails, "Unlink failed: %m\n", 0);
		}
		test_enough(fails);
	}
	putchar('\n');
	return fails ? 1 : 0;
}

/* keyutils' refusals: no command or a wrong count prints the usage lines,
 * an unknown name its own unprefixed message; both exit 2. */
static __attribute__((__noreturn__)) void refuse(const struct subcmds *s, const char *unknown)
{
	if (unknown)
		fail(2, "Unknown %scommand\n", s->group[0] ? "test " : "");
	format();
}

static const struct subcmd test_commands[] = {
	{ "limits", test_limits, 0, 0, NULL, "", CAPS_READ },
	{ "limits2", test_limits2, 0, 0, NULL, "", CAPS_READ },
	SUBCMD_END
};

static int cmd_test(int argc, char **argv)
{
	static struct subcmds set = { test_commands, "--test ", SUBCMD_OPERANDS, NULL, NULL, refuse, 0 };

	TT.set = &set;
	return subcmd_run(&set, argc, argv);
}

/* The rows and usage lines of keyutils' own table, in its order, with the
 * capabilities each keeps (docs/keyctl.md's table).  The kernel asks root
 * for none to use keys as their permissions allow; CAP_SYS_ADMIN gives a
 * key's owner and permissions away, clears and invalidates the keyrings
 * that let root do so; CAP_SETUID reaches another user's persistent
 * keyring.  request, request2 and prequest2 keep CAP_SYS_ADMIN too: on
 * Linux 6.18 the kernel's call of /sbin/request-key fails with ENOENT for
 * a requester without it (keyutils' keyctl under setpriv as well).
 * CAP_DAC_READ_SEARCH is kept for the files some commands read
 * (-x data, pkey_* data files).  session and watch_session run the
 * caller's program and keep all. */
#define KEYS_ADMIN (CAPS_READ | CAP_BIT(CAP_SYS_ADMIN))
static const struct subcmd commands[] = {
	{ "--version", cmd_version, 0, -1, NULL, "", CAPS_READ },
	{ "add", cmd_add, 4, 4, "-x", "[-x] <type> <desc> <data> <keyring>", CAPS_READ },
	{ "chgrp", cmd_chgrp, 2, 2, NULL, "<key> <gid>", KEYS_ADMIN },
	{ "chown", cmd_chown, 2, 2, NULL, "<key> <uid>", KEYS_ADMIN },
	{ "clear", cmd_clear, 1, 1, NULL, "<keyring>", KEYS_ADMIN },
	{ "describe", cmd_describe, 1, 1, NULL, "<keyring>", CAPS_READ },
	{ "dh_compute", cmd_dh_compute, 3, 3, NULL, "<private> <prime> <base>", CAPS_READ },
	{ "dh_compute_kdf", cmd_dh_compute_kdf, 5, 5, NULL,
	  "<private> <prime> <base> <len> <hash_name>", CAPS_READ },
	{ "dh_compute_kdf_oi", cmd_dh_compute_kdf_oi, 5, 5, "-x",
	  "[-x] <private> <prime> <base> <len> <hash_name>", CAPS_READ },
	{ "get_persistent", cmd_get_persistent, 1, 2, NULL, "<keyring> [<uid>]", CAPS_READ | CAP_BIT(CAP_SETUID) },
	{ "id", cmd_id, 1, 1, NULL, "<key>", CAPS_READ },
	{ "instantiate", cmd_instantiate, 3, 3, "-x", "[-x] <key> <data> <keyring>", CAPS_READ },
	{ "invalidate", cmd_invalidate, 1, 1, NULL, "<key>", KEYS_ADMIN },
	{ "link", cmd_link, 2, 2, NULL, "<key> <keyring>", CAPS_READ },
	{ "list", cmd_list, 1, 1, NULL, "<keyring>", CAPS_READ },
	{ "move", cmd_move, 0, -1, NULL, "[-f] <key> <from_keyring> <to_keyring>", CAPS_READ },
	{ "negate", cmd_negate, 3, 3, NULL, "<key> <timeout> <keyring>", CAPS_READ },
	{ "new_session", cmd_new_session, 0, 1, NULL, "[<name>]", CAPS_READ },
	{ "newring", cmd_newring, 2, 2, NULL, "<name> <keyring>", CAPS_READ },
	{ "padd", cmd_padd, 3, 3, "-x", "[-x] <type> <desc> <keyring>", CAPS_READ },
	{ "pinstantiate", cmd_pinstantiate, 2, 2, "-x", "[-x] <key> <keyring>", CAPS_READ },
	{ "pipe", cmd_pipe, 1, 1, NULL, "<key>", CAPS_READ },
	{ "pkey_query", cmd_pkey_query, 2, -1, NULL, "<key> <pass> [k=v]*", CAPS_READ },
	{ "pkey_encrypt", cmd_pkey_encrypt, 3, -1, NULL, "<key> <pass> <datafile> [k=v]*", CAPS_READ },
	{ "pkey_decrypt", cmd_pkey_decrypt, 3, -1, NULL, "<key> <pass> <datafile> [k=v]*", CAPS_READ },
	{ "pkey_sign", cmd_pkey_sign, 3, -1, NULL, "<key> <pass> <datafile> [k=v]*", CAPS_READ },
	{ "pkey_verify", cmd_pkey_verify, 4, -1, NULL,
	  "<key> <pass> <datafile> <sigfile> [k=v]*", CAPS_READ },
	{ "prequest2", cmd_prequest2, 2, 3, NULL, "<type> <desc> [<dest_keyring>]", KEYS_ADMIN },
	{ "print", cmd_print, 1, 1, NULL, "<key>", CAPS_READ },
	{ "pupdate", cmd_pupdate, 1, 1, "-x", "[-x] <key>", CAPS_READ },
	{ "purge", cmd_purge, 0, -1, NULL, "<type>", CAPS_READ },
	{ "purge", NULL, 0, 0, NULL, "[-p] [-i] <type> <desc>" },
	{ "purge", NULL, 0, 0, NULL, "-s <type> <desc>" },
	{ "rdescribe", cmd_rdescribe, 1, 2, NULL, "<keyring> [sep]", CAPS_READ },
	{ "read", cmd_read, 1, 1, NULL, "<key>", CAPS_READ },
	{ "reap", cmd_reap, 0, 0, "-v", "[-v]", CAPS_READ },
	{ "reject", cmd_reject, 4, 4, NULL, "<key> <timeout> <error> <keyring>", CAPS_READ },
	{ "request", cmd_request, 2, 3, NULL, "<type> <desc> [<dest_keyring>]", KEYS_ADMIN },
	{ "request2", cmd_request2, 3, 4, NULL, "<type> <desc> <info> [<dest_keyring>]", KEYS_ADMIN },
	{ "restrict_keyring", cmd_restrict_keyring, 1, 3, NULL,
	  "<keyring> [<type> [<restriction>]]", CAPS_READ },
	{ "revoke", cmd_revoke, 1, 1, NULL, "<key>", CAPS_READ },
	{ "rlist", cmd_rlist, 1, 1, NULL, "<keyring>", CAPS_READ },
	{ "search", cmd_search, 3, 4, NULL, "<keyring> <type> <desc> [<dest_keyring>]", CAPS_READ },
	{ "security", cmd_security, 1, 1, NULL, "<key>", CAPS_READ },
	{ "session", cmd_session, 0, -1, NULL, "", 0 },
	{ "session", NULL, 0, 0, NULL, "- [<prog> <arg1> <arg2> ...]" },
	{ "session", NULL, 0, 0, NULL, "<name> [<prog> <arg1> <arg2> ...]" },
	{ "setperm", cmd_setperm, 2, 2, NULL, "<key> <mask>", KEYS_ADMIN },
	{ "show", cmd_show, 0, 1, "-x", "[-x] [<keyring>]", CAPS_READ },
	{ "supports", cmd_supports, 0, 1, NULL, "[<cap> | --raw]", CAPS_READ },
	{ "timeout", cmd_timeout, 2, 2, NULL, "<key> <timeout>", CAPS_READ },
	{ "unlink", cmd_unlink, 1, 2, NULL, "<key> [<keyring>]", CAPS_READ },
	{ "update", cmd_update, 2, 2, "-x", "[-x] <key> <data>", CAPS_READ },
	{ "watch", cmd_watch, 0, -1, NULL, "[-f<filters>] <key>", CAPS_READ },
	{ "watch_add", cmd_watch_add, 2, 2, NULL, "<fd> <key>", CAPS_READ },
	{ "watch_rm", cmd_watch_rm, 2, 2, NULL, "<fd> <key>", CAPS_READ },
	{ "watch_session", cmd_watch_session, 0, -1, NULL,
	  "[-f<filters>] [-n <name>] <notifylog> <gclog> <fd> <prog> [<arg1> <arg2> ...]", 0 },
	{ "watch_sync", cmd_watch_sync, 1, 1, NULL, "<fd>", CAPS_READ },
	{ "--test", cmd_test, 0, -1, NULL, "...", CAPS_READ },
	SUBCMD_END
};

int keyctl_main(int argc, char **argv)
{
	static struct subcmds set = { commands, "", SUBCMD_OPERANDS, NULL, NULL, refuse, 0 };

	TT.set = &set;
	return subcmd_run(&set, argc - 1, argv + 1);
}
