// SPDX-License-Identifier: Apache-2.0
/* features.c: a kernel features file (apparmor_parser's -M, the text
 * aa-features-abi writes: NAME { ... } nested, words inside) and what it
 * says aa-compile should write: the ABI version in each record's header,
 * the classes of the policy DB, the old network table, xattr attachment.
 *
 * A feature is looked up as libapparmor 3.0.8 looks it up, by walking the
 * text rather than by parsing it, because files users have are not always
 * well formed (Debian's own abi/kernel-5.4-vanilla has a stray "}") and
 * what the anchor makes of them is what a script expects: at the top level
 * a name is searched from the text's start; a name below it from just
 * after the "{" its parent ended at.  The search matches the name's
 * characters one after another outside any nested braces, a mismatch
 * starting the name over from the next character (so "aab" is not found
 * in "aaab"); the match must be followed by a brace, a space or the end;
 * a "}" closing more than was opened, or a byte over 0x7f, ends the search
 * not found.  So after a stray "}" no later top-level name is seen. */
#include <ctype.h>
#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "aa.h"

/* Debian 12's 6.1 kernel, what aa-compile wrote for before -M was read. */
struct aa_kfeat aa_kf = {
	.abi = 7, .netv8 = true, .mount = true, .signal = true, .ptrace = true, .stack = true,
	.xattr = true, .oob = true, .caps = (1ull << 41) - 1,
};

/* One name (n bytes) from *s on; at top level or just inside a "{". */
static bool walk_one(const char **s, const char *name, size_t n, bool top)
{
	const char *c = *s;
	unsigned depth = 0;
	size_t i = 0;

	if (!top) {
		if (*c != '{')
			return false;
		c++;
	}
	for (; *c && i < n; c++) {
		if ((unsigned char)*c > 0x7f)
			return false;
		if (*c == '{') {
			depth++;
		} else if (*c == '}') {
			if (!depth)
				return false;
			depth--;
		}
		i = !depth && *c == name[i] ? i + 1 : 0;
	}
	if (i != n || !(*c == '{' || *c == '}' || !*c || isspace((unsigned char)*c)))
		return false;
	while (*c && *c != '{' && *c != '}') {
		if ((unsigned char)*c > 0x7f)
			return false;
		c++;
	}
	*s = c;
	return true;
}

/* Where PATH's walk ends (at a brace or the end), or NULL. */
static const char *lookup(const char *text, const char *path)
{
	const char *s = text;
	bool top = true;

	if (!*path || *path == '/')
		return NULL;
	while (*path) {
		size_t n = strcspn(path, "/");

		if (n) {
			if (!walk_one(&s, path, n, top))
				return NULL;
			top = false;
		}
		path += n + (path[n] == '/');
	}
	return top ? NULL : s;
}

bool aa_features_has(const char *text, const char *path)
{
	return lookup(text, path) != NULL;
}

/* The capabilities a features file names (caps/mask: names by their
 * numbers, from 0, up to 64).  The kernel's (file given): those
 * apparmor_parser knows at the same number are the kernel's, one it knows
 * at another number is ignored, said.  A name it does not know is a
 * capability at its number from then on (the kernel's, in the kernel's
 * file; the first name at a number kept). */
static void cap_names(const char *file, const char *text)
{
	const char *s = lookup(text, "caps/mask");
	int n = 0;

	if (!s || *s++ != '{')
		return;
	for (;;) {
		size_t len;
		int known;
		char *name;

		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '{' || *s == '}' || n == 64)
			return;
		for (len = 0; s[len] && s[len] != '{' && s[len] != '}' && !isspace((unsigned char)s[len]); len++)
			;
		name = xstrndup(s, len);
		known = aa_cap_index(name);
		if (known < 0 && !aa_kf.cap_names[n]) {
			aa_kf.cap_names[n] = name;
			name = NULL;
			known = n;
		}
		if (file && known == n)
			aa_kf.caps |= 1ull << n;
		else if (file && known >= 0)
			warn("%s: feature capability '%s:%d' does not equal expected %d. Ignoring ...", file, name,
			     n, known);
		free(name);
		s += len;
		n++;
	}
}

static char *kernel_text, *pinned_text;

/* A features directory (apparmorfs's features, or a copy) as libapparmor
 * makes it text: each entry but dot files in name order, "NAME {", a
 * file's bytes or a directory's entries the same way, "}\n"; symbolic
 * links followed.  0, or -1 (errno; EFBIG past the bound). */
static int dir_text(int dfd, struct buf *b, int depth)
{
	DIR *d = fdopendir(dfd);
	char **names;
	int n, rc = 0;

	if (!d) {
		close(dfd);
		return -1;
	}
	n = aa_dir_names(d, 4096, &names);
	if (n < 0) {
		closedir(d);
		errno = EFBIG;
		return -1;
	}
	for (int i = 0; !rc && i < n; i++) {
		struct stat st;
		int fd;

		if (names[i][0] == '.')
			continue;
		if (fstatat(dirfd(d), names[i], &st, 0) < 0) {
			rc = -1;
			break;
		}
		buf_printf(b, "%s {", names[i]);
		if (S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)) {
			fd = openat(dirfd(d), names[i], O_RDONLY | O_CLOEXEC | (S_ISDIR(st.st_mode) ? O_DIRECTORY : 0));
			if (fd < 0) {
				rc = -1;
			} else if (S_ISDIR(st.st_mode)) {
				if (depth == 16) {
					close(fd);
					errno = ELOOP;
					rc = -1;
				} else {
					rc = dir_text(fd, b, depth + 1);
				}
			} else {
				size_t len;
				char *t = read_fd_max(fd, AA_FEATURES_MAX, &len);

				close(fd);
				if (!t)
					rc = -1;
				else
					buf_put(b, t, strlen(t));
				free(t);
			}
		}
		buf_put_str(b, "}\n");
		if (!rc && (b->err || b->len > AA_FEATURES_MAX)) {
			errno = EFBIG;
			rc = -1;
		}
	}
	aa_names_free(names, n);
	closedir(d);
	return rc;
}

static char *load(const char *file)
{
	char *text = NULL;
	struct stat st;
	int fd = open(file, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) < 0) {
		warn("%s: %s", file, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	if (S_ISDIR(st.st_mode)) {
		struct buf b = BUF_INIT(0);

		if (dir_text(fd, &b, 0) < 0 || buf_put_u8(&b, 0) < 0) {
			warn("%s: %s", file, errno == EFBIG ? "over 1 MiB of features (or 4096 entries)" : strerror(errno));
			buf_free(&b);
			return NULL;
		}
		return (char *)b.p;
	}
	text = read_fd_max(fd, AA_FEATURES_MAX, NULL);
	close(fd);
	if (!text)
		warn("%s: unreadable, or over %d bytes", file, AA_FEATURES_MAX);
	return text;
}

/* MurmurHash3's 32-bit x86 function, the hash libapparmor names a
 * features text by (its aa_features_id; seed 5381). */
static uint32_t murmur3_32(const uint8_t *p, size_t n, uint32_t h)
{
	const uint32_t c1 = 0xcc9e2d51, c2 = 0x1b873593;
	uint32_t k;
	size_t i;

	for (i = 0; i + 4 <= n; i += 4) {
		k = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24;
		k *= c1;
		k = k << 15 | k >> 17;
		k *= c2;
		h ^= k;
		h = h << 13 | h >> 19;
		h = h * 5 + 0xe6546b64;
	}
	k = 0;
	switch (n & 3) {
	case 3:
		k ^= (uint32_t)p[i + 2] << 16;
		/* fall through */
	case 2:
		k ^= (uint32_t)p[i + 1] << 8;
		/* fall through */
	case 1:
		k ^= p[i];
		k *= c1;
		k = k << 15 | k >> 17;
		k *= c2;
		h ^= k;
	}
	h ^= (uint32_t)n;
	h ^= h >> 16;
	h *= 0x85ebca6b;
	h ^= h >> 13;
	h *= 0xc2b2ae35;
	h ^= h >> 16;
	return h;
}

int aa_cache_features(const char *dir)
{
	char *f = xasprintf("%s/.features", dir), *text;
	struct stat st;
	int rc;

	if (stat(f, &st) < 0) {
		free(f);
		return -1;
	}
	text = load(f);
	free(f);
	if (!text)
		return -1;
	rc = !strcmp(text, kernel_text);
	free(text);
	return rc;
}

char *aa_cache_dir(const char *loc)
{
	char id[9], *dir, **names;
	long max = -1;
	DIR *d;
	int n, rc;

	snprintf(id, sizeof(id), "%08x", murmur3_32((const uint8_t *)kernel_text, strlen(kernel_text), 5381));
	dir = xasprintf("%s/%s.0", loc, id);
	if ((rc = aa_cache_features(dir)) == 1 || (rc < 0 && errno == ENOENT))
		return dir;
	free(dir);
	if (rc < 0)
		return NULL;
	/* another kernel's features at ID.0: the ID.N that has these, or
	 * one past the highest N */
	if (!(d = opendir(loc)))
		return NULL;
	n = aa_dir_names(d, 65536, &names);
	closedir(d);
	for (int i = 0; i < n; i++) {
		char *end;
		long k;

		if (strncmp(names[i], id, 8) || names[i][8] != '.')
			continue;
		dir = xasprintf("%s/%s", loc, names[i]);
		if ((rc = aa_cache_features(dir)) == 1 || (rc < 0 && errno == ENOENT)) {
			aa_names_free(names, n);
			return dir;
		}
		free(dir);
		k = strtol(names[i] + 9, &end, 10);
		if (end == names[i] + 9 || k == LONG_MAX) {
			aa_names_free(names, n);
			errno = EINVAL;
			return NULL;
		}
		if (k > max)
			max = k;
	}
	if (n > 0)
		aa_names_free(names, n);
	return xasprintf("%s/%s.%ld", loc, id, max + 1);
}

int aa_features_write(const char *path)
{
	return write_file_atomic(path, kernel_text, strlen(kernel_text), 0644);
}

const char *aa_features_kernel_text(void)
{
	return kernel_text;
}

int aa_features_kernel(const char *file)
{
	free(kernel_text);
	if (!(kernel_text = load(file)))
		return -1;
	aa_kf.caps = 0;
	cap_names(file, kernel_text);
	return 0;
}

/* The features apparmor_parser 3.0.8 gives policy that declares no abi
 * when nothing pins them (no -M, --policy-features or parser.conf
 * policy-features=): its built-in default.  They are those of
 * abi/3.0 without network_v8 (so that network rules are not enforced
 * by a kernel that has it: old policy keeps working) and without
 * domain/attach_conditions; "domain" closes after "version", leaving
 * the names after it at the top level (domain/stack is not found) and a
 * stray "}" before "policy".  A kernel feature is taken only when both
 * name it, so these decide what such policy is compiled with. */
static const char default_abi[] =
	"query {label {multi_transaction {yes\n}\ndata {yes\n}\nperms {allow deny audit quiet\n}\n}\n}\n"
	"dbus {mask {acquire send receive\n}\n}\n"
	"signal {mask {hup int quit ill trap abrt bus fpe kill usr1 segv usr2 pipe alrm term stkflt chld cont "
	"stop stp ttin ttou urg xcpu xfsz vtalrm prof winch io pwr sys emt lost\n}\n}\n"
	"ptrace {mask {read trace\n}\n}\n"
	"caps {mask {chown dac_override dac_read_search fowner fsetid kill setgid setuid setpcap "
	"linux_immutable net_bind_service net_broadcast net_admin net_raw ipc_lock ipc_owner sys_module "
	"sys_rawio sys_chroot sys_ptrace sys_pacct sys_admin sys_boot sys_nice sys_resource sys_time "
	"sys_tty_config mknod lease audit_write audit_control setfcap mac_override mac_admin syslog "
	"wake_alarm block_suspend audit_read perfmon bpf\n}\n}\n"
	"rlimit {mask {cpu fsize data stack core rss nproc nofile memlock as locks sigpending msgqueue "
	"nice rtprio rttime\n}\n}\n"
	"capability {0xffffff\n}\n"
	"namespaces {pivot_root {no\n}\nprofile {yes\n}\n}\n"
	"mount {mask {mount umount pivot_root\n}\n}\n"
	"network {af_unix {yes\n}\naf_mask {unspec unix inet ax25 ipx appletalk netrom bridge atmpvc x25 "
	"inet6 rose netbeui security key netlink packet ash econet atmsvc rds sna irda pppox wanpipe llc "
	"ib mpls can tipc bluetooth iucv rxrpc isdn phonet ieee802154 caif alg nfc vsock kcm qipcrtr smc "
	"xdp\n}\n}\n"
	"file {mask {create read write exec append mmap_exec link lock\n}\n}\n"
	"domain {version {1.2\n}\n}\n"
	"computed_longest_left {yes\n}\npost_nnp_subset {yes\n}\nfix_binfmt_elf_mmap {yes\n}\n"
	"stack {yes\n}\nchange_profile {yes\n}\nchange_onexec {yes\n}\nchange_hatv {yes\n}\n"
	"change_hat {yes\n}\n}\n"
	"policy {set_load {yes\n}\nversions {v8 {yes\n}\nv7 {yes\n}\nv6 {yes\n}\nv5 {yes\n}\n}\n}\n";

int aa_features_pin(const char *file)
{
	free(pinned_text);
	pinned_text = file ? load(file) : xstrdup(default_abi);
	return pinned_text ? 0 : -1;
}

void aa_features_policy(const char *abi)
{
	const char *k = kernel_text, *p = abi ? abi : pinned_text;

	if (!k)
		return;
	if (!p)
		p = k;
#define BOTH(path) (aa_features_has(k, path) && aa_features_has(p, path))
	aa_kf.abi = aa_features_has(k, "policy/versions/v7") ? 7 : aa_features_has(k, "policy/versions/v6") ? 6 : 5;
	aa_kf.network = BOTH("network");
	aa_kf.netv8 = BOTH("network_v8");
	aa_kf.af_unix = BOTH("network/af_unix");
	aa_kf.mount = BOTH("mount");
	aa_kf.dbus = BOTH("dbus");
	aa_kf.signal = BOTH("signal");
	aa_kf.ptrace = BOTH("ptrace");
	aa_kf.stack = BOTH("domain/stack");
	aa_kf.xattr = BOTH("domain/attach_conditions/xattr");
	aa_kf.oob = aa_features_has(k, "policy/outofband");
	aa_kf.diff_encode = aa_features_has(k, "policy/diff_encode");
	aa_kf.set_load = aa_features_has(k, "policy/set_load");
#undef BOTH
	cap_names(NULL, p);
}
