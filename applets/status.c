// SPDX-License-Identifier: Apache-2.0
/* status.c: lsmbox status: the live system's security state on one screen,
 * read from the kernel's own files (securityfs, selinuxfs, smackfs,
 * /proc/sys), the session's keyrings and lsmbox's crypto registry. */
/* applet: status
 * summary: the live system's security state on one screen
 * usage: lsmbox status [--root DIR] [--json]
 * multiplexer: only
 * help:
 * One line a subsystem, from the kernel's own files: the active LSMs in
 * their order; AppArmor's profiles by mode; SELinux's mode and policy
 * version; Smack's rule count, onlycap and ambient label; TOMOYO's
 * profiles and its domains by profile; Yama's ptrace scope; IMA's policy
 * rules, measurements and violations; EVM's state; lockdown; the
 * session's keyrings; and which crypto driver lsmbox picks for each
 * algorithm.  A subsystem that is not active says so; a value the kernel
 * does not show (a file not there or not readable) is "-" (null in JSON).
 *
 *   --json       one JSON object: a member per subsystem (docs/status.md)
 *   --root DIR   read the kernel's files as found under DIR (a copy of
 *                them, as the tests make); keyrings are then not shown
 *
 * Exit status: 0, 1 when securityfs is not mounted (and not under --root),
 * 2 for bad usage.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsmbox.h"
#include "config.h"
#include "crypto.h"
#if CFG_LIB_KEYUTILS
#include <keyutils.h>
#endif

/* What is shown: items in order, grouped by subsystem. */
enum { V_NULL, V_NUM, V_STR, V_BOOL };
struct item {
	const char *sys, *key;
	int kind;
	long long num;
	char *str;
};

static struct {
	struct item *v;
	size_t n;
	char *lsm;		/* the kernel's list, ",a,b," for lookups; NULL: unknown */
	const char *sec;	/* securityfs, or NULL */
} TT;

static void put(const char *sys, const char *key, int kind, long long num, const char *str)
{
	XROOM(TT.v, TT.n);
	TT.v[TT.n++] = (struct item){ sys, key, kind, num, str ? xstrdup(str) : NULL };
}

static void put_num(const char *sys, const char *key, long long v)
{
	put(sys, key, V_NUM, v, NULL);
}

static void put_str(const char *sys, const char *key, const char *s)
{
	put(sys, key, s ? V_STR : V_NULL, 0, s);
}

/* A kernel file (small: a value, a list): its text, or NULL. */
static char *kread(const char *dir, const char *rel, size_t max)
{
	char *p, *t = NULL;
	int fd;

	if (!dir)
		return NULL;
	p = xasprintf("%s/%s", dir, rel);
	if ((fd = open(p, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) >= 0) {
		t = read_fd_max(fd, max, NULL);
		close(fd);
	}
	free(p);
	return t;
}

/* A number a kernel file holds, or -1. */
static long long knum(const char *dir, const char *rel)
{
	char *t = kread(dir, rel, 64), *end;
	long long v = -1;

	if (t) {
		errno = 0;
		v = strtoll(str_trim(t), &end, 0);
		if (errno || *end || end == str_trim(t) || v < 0)
			v = -1;
		free(t);
	}
	return v;
}

static void put_knum(const char *sys, const char *key, const char *dir, const char *rel)
{
	long long v = knum(dir, rel);

	if (v < 0)
		put(sys, key, V_NULL, 0, NULL);
	else
		put_num(sys, key, v);
}

/* Lines of a kernel file (a policy, a profile list), or -1. */
static long long klines(const char *dir, const char *rel)
{
	char *t = kread(dir, rel, READ_MAX), *p;
	long long n = 0;

	if (!t)
		return -1;
	for (p = t; *p; p++)
		n += *p == '\n';
	n += p > t && p[-1] != '\n';
	free(t);
	return n;
}

static int active(const char *lsm)
{
	char *want = xasprintf(",%s,", lsm);
	int r = TT.lsm && strstr(TT.lsm, want);

	free(want);
	return r;
}

static void lsm_list(void)
{
	char *t = kread(TT.sec, "lsm", 4096);

	put_str("lsm", "order", t ? str_trim(t) : NULL);
	if (t)
		TT.lsm = xasprintf(",%s,", str_trim(t));
	free(t);
}

/* apparmorfs' profiles: "NAME (MODE)" a line. */
static void apparmor(void)
{
	static const char *const modes[] = { "enforce", "complain", "kill", "unconfined", "user" };
	long long count[ARRAY_SIZE(modes)] = { 0 }, total = 0;
	char *dir, *t, *p, *l;

	put("apparmor", "active", V_BOOL, active("apparmor"), NULL);
	if (!active("apparmor"))
		return;
	dir = TT.sec ? xasprintf("%s/apparmor", TT.sec) : NULL;
	t = kread(dir, "profiles", READ_MAX);
	free(dir);
	if (!t) {
		put_str("apparmor", "profiles", NULL);
		return;
	}
	for (p = t; (l = next_line(&p));) {
		char *open = strrchr(l, '(');

		if (!*l)
			continue;
		total++;
		for (size_t i = 0; open && i < ARRAY_SIZE(modes); i++)
			if (!strncmp(open + 1, modes[i], strlen(modes[i])) &&
			    open[1 + strlen(modes[i])] == ')')
				count[i]++;
	}
	free(t);
	put_num("apparmor", "profiles", total);
	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		put_num("apparmor", modes[i], count[i]);
}

static void selinux(void)
{
	const char *dir = kfs_dir(KFS_SELINUXFS, NULL);
	long long e;

	put("selinux", "active", V_BOOL, active("selinux"), NULL);
	if (!active("selinux"))
		return;
	e = knum(dir, "enforce");
	put_str("selinux", "mode", e < 0 ? NULL : e ? "enforcing" : "permissive");
	put_knum("selinux", "policyvers", dir, "policyvers");
	put_knum("selinux", "mls", dir, "mls");
	put_knum("selinux", "deny_unknown", dir, "deny_unknown");
}

static void smack(void)
{
	const char *dir = kfs_dir(KFS_SMACKFS, NULL);
	long long n;
	char *t;

	put("smack", "active", V_BOOL, active("smack"), NULL);
	if (!active("smack"))
		return;
	n = klines(dir, "load2");
	if (n < 0)
		put_str("smack", "rules", NULL);
	else
		put_num("smack", "rules", n);
	t = kread(dir, "onlycap", 4096);
	put_str("smack", "onlycap", t ? str_trim(t) : NULL);
	free(t);
	t = kread(dir, "ambient", 512);
	put_str("smack", "ambient", t ? str_trim(t) : NULL);
	free(t);
}

/* TOMOYO: the profiles defined ("N-..." lines of profile), and the domains
 * of domain_policy with the profile each uses. */
static void tomoyo(void)
{
	static char keys[256][16];
	char *dir, *t, *p, *l, used[256] = { 0 }, def[256] = { 0 };
	long long domains = 0, byprof[256] = { 0 };
	int nprof = 0;

	put("tomoyo", "active", V_BOOL, active("tomoyo"), NULL);
	if (!active("tomoyo"))
		return;
	dir = TT.sec ? xasprintf("%s/tomoyo", TT.sec) : NULL;
	if ((t = kread(dir, "profile", READ_MAX))) {
		for (p = t; (l = next_line(&p));) {
			unsigned long n;
			char *end;

			if (*l == '<')	/* a namespace's: "<kernel> 0-..." */
				l += strcspn(l, " ") + !!l[strcspn(l, " ")];
			n = strtoul(l, &end, 10);
			if (end != l && *end == '-' && n < 256 && !def[n]) {
				def[n] = 1;
				nprof++;
			}
		}
		free(t);
		put_num("tomoyo", "profiles", nprof);
	} else {
		put_str("tomoyo", "profiles", NULL);
	}
	if ((t = kread(dir, "domain_policy", READ_MAX))) {
		for (p = t; (l = next_line(&p));) {
			unsigned long n;
			char *end;

			if (*l == '<')
				domains++;
			else if (!strncmp(l, "use_profile ", 12) &&
				 (n = strtoul(l + 12, &end, 10)) < 256 && !*end && end != l + 12) {
				byprof[n]++;
				used[n] = 1;
			}
		}
		free(t);
		put_num("tomoyo", "domains", domains);
		for (int i = 0; i < 256; i++)
			if (used[i]) {
				snprintf(keys[i], sizeof(keys[i]), "profile_%d", i);
				put_num("tomoyo", keys[i], byprof[i]);
			}
	} else {
		put_str("tomoyo", "domains", NULL);
	}
	free(dir);
}

static void yama(void)
{
	static const char *const scope[] = { "classic", "restricted", "admin-only", "no-attach" };
	long long v;

	put("yama", "active", V_BOOL, active("yama"), NULL);
	if (!active("yama"))
		return;
	v = knum(kfs_dir(KFS_PROCSYS, NULL), "kernel/yama/ptrace_scope");
	put_str("yama", "ptrace_scope", v >= 0 && v <= 3 ? scope[v] : NULL);
}

static void integrity(void)
{
	char *dir = TT.sec ? xasprintf("%s/ima", TT.sec) : NULL, *t, *b = NULL;
	/* IMA is not in the LSM list (integrity has no hooks of its own to
	 * list): its measurement count says it runs. */
	int ima = knum(dir, "runtime_measurements_count") >= 0;
	long long n;

	put("ima", "active", V_BOOL, ima, NULL);
	if (ima) {
		n = klines(dir, "policy");
		if (n < 0)
			put_str("ima", "policy_rules", NULL);
		else
			put_num("ima", "policy_rules", n);
		put_knum("ima", "measurements", dir, "runtime_measurements_count");
		put_knum("ima", "violations", dir, "violations");
	}
	free(dir);
	/* securityfs evm: the initialised bits (1 HMAC key, 2 X.509 keys,
	 * 0x80000000 setup done), 0 when EVM is off. */
	n = knum(TT.sec, "evm");
	put("evm", "active", V_BOOL, n > 0, NULL);
	if (n >= 0) {
		put_num("evm", "state", n);
		put("evm", "hmac", V_BOOL, !!(n & 1), NULL);
		put("evm", "x509", V_BOOL, !!(n & 2), NULL);
	}
	/* lockdown: "[none] integrity confidentiality", the bracketed one in force */
	t = kread(TT.sec, "lockdown", 256);
	if (t && (b = strchr(t, '[')) && strchr(b, ']'))
		*strchr(b, ']') = 0;
	put_str("lockdown", "mode", t && b ? b + 1 : NULL);
	free(t);
}

static void keyrings(void)
{
#if CFG_LIB_KEYUTILS
	static const struct {
		const char *key;
		key_serial_t id;
	} rings[] = { { "session", KEY_SPEC_SESSION_KEYRING }, { "user", KEY_SPEC_USER_KEYRING } };

	if (root_dir()) {
		put_str("keyrings", "session", NULL);
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(rings); i++) {
		key_serial_t id = keyctl_get_keyring_ID(rings[i].id, 0);
		void *keys = NULL;
		long n = id < 0 ? -1 : keyctl_read_alloc(id, &keys);
		char *desc = NULL, *name;

		free(keys);
		if (id < 0 || keyctl_describe_alloc(id, &desc) < 0) {
			put_str("keyrings", rings[i].key, NULL);
			continue;
		}
		/* "type;uid;gid;perm;description" */
		name = strrchr(desc, ';');
		put_str("keyrings", rings[i].key, name ? name + 1 : desc);
		put_num("keyrings", i ? "user_keys" : "session_keys", n < 0 ? 0 : n / (long)sizeof(key_serial_t));
		free(desc);
	}
#else
	put_str("keyrings", "session", NULL);
#endif
}

static void crypto(void)
{
	const struct crypto_alg **all;
	size_t n = crypto_all(&all);

	for (size_t i = 0; i < n; i++) {
		const struct crypto_alg *a = crypto_find(all[i]->type, all[i]->name);

		if (a == all[i])
			put_str("crypto", a->name, a->driver);
	}
}

static void print_json(void)
{
	const char *sys = NULL;

	putchar('{');
	for (size_t i = 0; i < TT.n; i++) {
		const struct item *it = &TT.v[i];

		if (!sys || strcmp(sys, it->sys))
			printf("%s\"%s\":{", sys ? "}," : "", it->sys);
		else
			putchar(',');
		sys = it->sys;
		json_quote(it->key);
		putchar(':');
		if (it->kind == V_NUM)
			printf("%lld", it->num);
		else if (it->kind == V_BOOL)
			fputs(it->num ? "true" : "false", stdout);
		else
			json_quote(it->kind == V_STR ? it->str : NULL);
	}
	printf("%s}\n", sys ? "}" : "");
}

static void print_text(void)
{
	const char *sys = NULL;
	int items = 0;

	for (size_t i = 0; i < TT.n; i++) {
		const struct item *it = &TT.v[i];

		if (!sys || strcmp(sys, it->sys)) {
			printf("%s%s:", sys ? "\n" : "", it->sys);
			items = 0;
		}
		sys = it->sys;
		if (!strcmp(it->key, "active")) {
			if (!it->num)
				printf("%s not active", items++ ? "," : "");
			continue;
		}
		printf("%s %s ", items++ ? "," : "", it->key);
		if (it->kind == V_NUM)
			printf("%lld", it->num);
		else if (it->kind == V_BOOL)
			fputs(it->num ? "yes" : "no", stdout);
		else
			fputs(it->kind == V_STR ? str_esc(it->str, SIZE_MAX) : "-", stdout);
	}
	if (sys)
		putchar('\n');
}

int status_main(int argc, char **argv)
{
	enum { O_JSON, O_N };
	struct opt o[] = { [O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END };
	const char *why;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	TT.sec = kfs_dir(KFS_SECURITYFS, &why);
	if (!TT.sec && !root_dir())
		die("%s", why);
	lsm_list();
	apparmor();
	selinux();
	smack();
	tomoyo();
	yama();
	integrity();
	keyrings();
	crypto();
	if (o[O_JSON].seen)
		print_json();
	else
		print_text();
	return 0;
}
