// SPDX-License-Identifier: Apache-2.0
/* check.c: the verdict Linux 6.1's TOMOYO gives one policy line, worked
 * out offline.  The kernel drops a line it cannot parse and still reports
 * success, so this is the only place a bad line is caught: each function
 * follows the kernel's writer for its kind of line (security/tomoyo/
 * common.c, file.c, network.c, environ.c, condition.c, domain.c, group.c)
 * and takes exactly what it takes.  What the kernel takes but not as
 * written (a part of an operation it skips, words it ignores) is a
 * warning; TOMOYO 1.8/AKARI syntax gets its own message. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

#define LINE_MAX_CHECK	65536

/* A line being taken apart, as struct tomoyo_acl_param's data is. */
struct cur {
	struct tmy_check *c;
	char *p;
};

static bool fail(struct cur *u, const char *why, const char *tok)
{
	size_t n = sizeof(u->c->bad);

	u->c->why = why;
	/* A long token is cut, and says so. */
	if (snprintf(u->c->bad, n, "%s", tok ? tok : "") >= (int)n)
		memcpy(u->c->bad + n - 4, "...", 4);
	return false;
}

static void warnf(struct tmy_check *c, const char *fmt, const char *a, const char *b)
{
	size_t n = sizeof(c->warn[0]);
	char *w;

	if (c->nwarn == (int)(sizeof(c->warn) / sizeof(c->warn[0])))
		return;
	w = c->warn[c->nwarn++];
	if (snprintf(w, n, fmt, a, b ? b : "") >= (int)n)
		memcpy(w + n - 4, "...", 4);
}

/* tomoyo_assign_namespace: the first namespace whose name begins with the
 * len bytes at name (so "<k" finds <kernel>), else a new one if the name
 * is good.  NULL when the kernel finds and makes none. */
static const char *namespace(struct tmy_check *c, const char *name, size_t len)
{
	for (int i = 0; i < c->nns; i++)
		if (!strncmp(name, c->ns[i], len))
			return c->ns[i];
	if (len >= TMY_NAME_MAX - 10 || !tmy_ns_ok(name))
		return NULL;
	XROOM(c->ns, c->nns);
	c->ns[c->nns] = xstrndup(name, len);
	return c->ns[c->nns++];
}

/* The taken line's text parts grow here, bounded: a line longer than
 * TMY_TEXT_MAX in its printed form is refused (the kernel's own buffers
 * would take it; no real policy comes near). */
static void add(char **s, size_t *len, size_t *cap, const char *p, size_t n)
{
	if (*len + n + 1 > *cap) {
		size_t c = *cap ? *cap : 256;

		while (c < *len + n + 1)
			c *= 2;
		*s = xrealloc(*s, c);
		*cap = c;
	}
	memcpy(*s + *len, p, n);
	*len += n;
	(*s)[*len] = 0;
}

static void put(struct cur *u, const char *p)
{
	struct tmy_line *l = &u->c->line;

	if (!u->c->verdict_only)
		add(&l->t, &l->tlen, &l->tcap, p, strlen(p));
}

static void put_a(struct cur *u, const char *p)
{
	struct tmy_line *l = &u->c->line;

	if (!u->c->verdict_only)
		add(&l->a, &l->alen, &l->acap, p, strlen(p));
}

/* tomoyo_read_token: up to the next space, which is cut. */
static char *token(struct cur *u)
{
	char *t = u->p, *sp = strchr(t, ' ');

	if (sp) {
		*sp = 0;
		u->p = sp + 1;
	} else {
		u->p = t + strlen(t);
	}
	return t;
}

static bool starts(char **p, const char *word)
{
	size_t n = strlen(word);

	if (strncmp(*p, word, n))
		return false;
	*p += n;
	return true;
}

static bool word_ok(const char *s)
{
	return tmy_word_ok(s, strlen(s));
}

static bool path_ok(const char *s)
{
	return tmy_path_ok(s, strlen(s));
}

/* "@group": a group name that is a word (tomoyo_get_group). */
static bool group_name(struct cur *u)
{
	char *g;

	u->p++;
	g = token(u);
	if (!word_ok(g))
		return fail(u, "bad group name", g);
	put(u, " @");
	put(u, g);
	return true;
}

/* A group's own name in its definition (tomoyo_write_group). */
static bool def_group_name(struct cur *u, int kind)
{
	char *g = token(u);

	if (!word_ok(g))
		return fail(u, "bad group name", g);
	u->c->line.what = TW_GROUP;
	u->c->line.n = kind;
	put_a(u, g);
	return true;
}

/* tomoyo_parse_name_union */
static bool name_union(struct cur *u, const char *what)
{
	char *t;

	if (*u->p == '@')
		return group_name(u);
	t = token(u);
	if (!*t)
		return fail(u, what, "");
	if (!word_ok(t))
		return fail(u, what, t);
	put(u, " ");
	put(u, t);
	return true;
}

static void put_number(struct cur *u, const char *tok)
{
	char n[128];

	if (u->c->verdict_only)
		return;
	tmy_number_fmt(tok, n, sizeof(n));
	put(u, n);
}

/* tomoyo_parse_number_union */
static bool number_union(struct cur *u, const char *what, unsigned long *hi)
{
	char *t;

	if (*u->p == '@') {
		if (hi)
			*hi = 0;
		return group_name(u);
	}
	t = token(u);
	if (!tmy_number_ok(t, hi))
		return fail(u, what, t);
	put(u, " ");
	put_number(u, t);
	return true;
}

/* tomoyo_permstr: keyword found in the operation word at its start or
 * after a '/'. */
static bool permstr(const char *op, const char *kw)
{
	const char *p = strstr(op, kw);

	return p && (p == op || p[-1] == '/');
}

/* The parts of op that are not exactly one of kw[]: the kernel skips
 * them (or takes them as a keyword they contain, as "readx" for read). */
static void extra_ops(struct tmy_check *c, const char *op, const char *const *kw, int n,
		      const char *cls)
{
	for (const char *p = op; *p;) {
		size_t len = strcspn(p, "/");
		int i;

		for (i = 0; i < n && (strncmp(p, kw[i], len) || kw[i][len]); i++)
			;
		if (i == n && len) {
			char part[128];

			snprintf(part, sizeof(part), "%.*s", (int)(len < 127 ? len : 127), p);
			warnf(c, "operation '%s' is not a %s operation: the kernel skips it", part, cls);
		}
		p += len + !!p[len];
	}
}

static const char *const path_ops[] = {
	"execute", "read", "write", "append", "unlink", "getattr", "rmdir",
	"truncate", "symlink", "chroot", "unmount",
};
static const char *const path2_ops[] = { "link", "rename", "pivot_root" };
static const char *const pn_ops[] = {
	"create", "mkdir", "mkfifo", "mksock", "ioctl", "chmod", "chown", "chgrp",
};
static const char *const mkdev_ops[] = { "mkblock", "mkchar" };
static const char *const mount_ops[] = { "mount" };
static const char *const sock_ops[] = { "bind", "listen", "connect", "send" };
#define N(a) ((int)(sizeof(a) / sizeof((a)[0])))

static const char *const cond_words[] = {
	"task.uid", "task.euid", "task.suid", "task.fsuid", "task.gid", "task.egid",
	"task.sgid", "task.fsgid", "task.pid", "task.ppid", "exec.argc", "exec.envc",
	"socket", "symlink", "file", "block", "directory", "char", "fifo",
	"setuid", "setgid", "sticky", "owner_read", "owner_write", "owner_execute",
	"group_read", "group_write", "group_execute", "others_read", "others_write",
	"others_execute", "exec.realpath", "symlink.target",
	"path1.uid", "path1.gid", "path1.ino", "path1.major", "path1.minor",
	"path1.perm", "path1.type", "path1.dev_major", "path1.dev_minor",
	"path2.uid", "path2.gid", "path2.ino", "path2.major", "path2.minor",
	"path2.perm", "path2.type", "path2.dev_major", "path2.dev_minor",
	"path1.parent.uid", "path1.parent.gid", "path1.parent.ino", "path1.parent.perm",
	"path2.parent.uid", "path2.parent.gid", "path2.parent.ino", "path2.parent.perm",
};

static int cmp_word(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* A condition keyword (tomoyo_condition_keyword), by binary search in a
 * sorted copy of the table. */
static bool cond_word(const char *w)
{
	static const char *sorted[N(cond_words)];

	if (!sorted[0]) {
		memcpy(sorted, cond_words, sizeof(sorted));
		qsort(sorted, N(cond_words), sizeof(*sorted), cmp_word);
	}
	return bsearch(&w, sorted, N(cond_words), sizeof(*sorted), cmp_word) != NULL;
}

/* tomoyo_get_dqword: "..." around nothing or a word. */
static bool dqword(const char *s)
{
	size_t n = strlen(s);

	if (n < 2 || s[0] != '"' || s[n - 1] != '"')
		return false;
	return n == 2 || tmy_word_ok(s + 1, n - 2);
}

/* One "left=right" or "left!=right" of tomoyo_get_condition, printed
 * back as the kernel prints it (numbers in their base); grant_log is kept
 * apart: the kernel prints it last. */
static bool condition(struct cur *u, char *w, const char **grant_log)
{
	char *eq = strchr(w, '='), *left = w, *right;
	bool is_not;

	u->c->cls = TMY_COND;
	if (!eq || eq == w)
		return fail(u, "bad condition (LEFT=RIGHT or LEFT!=RIGHT)", w);
	is_not = eq[-1] == '!';
	if (!is_not && eq[1] == '=')
		return fail(u, "bad condition ('==')", w);
	right = eq + 1;
	*(is_not ? eq - 1 : eq) = 0;
	if (!strcmp(left, "grant_log")) {
		if (is_not || *grant_log || (strcmp(right, "yes") && strcmp(right, "no")))
			return fail(u, "bad grant_log= (once, yes or no)", right);
		*grant_log = right;
		return true;
	}
	put(u, " ");
	if (!strncmp(left, "exec.argv[", 10)) {
		const char *p = left + 10;
		unsigned long v;

		if (tmy_ulong(&v, &p) != TMY_DEC || *p++ != ']' || *p)
			return fail(u, "bad exec.argv[N] (N decimal)", left);
		if (!dqword(right))
			return fail(u, "bad exec.argv[] value (\"WORD\")", right);
		put(u, left);
		put(u, is_not ? "!=" : "=");
		put(u, right);
		return true;
	}
	if (!strncmp(left, "exec.envp[\"", 11)) {
		char *name = left + 11;
		size_t n = strlen(name);

		if (n < 2 || name[n - 1] != ']' || name[n - 2] != '"')
			return fail(u, "bad exec.envp[\"NAME\"]", left);
		name[n - 2] = 0;
		if (!word_ok(name))
			return fail(u, "bad exec.envp[\"NAME\"]", name);
		if (strcmp(right, "NULL") && !dqword(right))
			return fail(u, "bad exec.envp[] value (\"WORD\" or NULL)", right);
		put(u, "exec.envp[\"");
		put(u, name);
		put(u, is_not ? "\"]!=" : "\"]=");
		put(u, right);
		return true;
	}
	if (!cond_word(left)) {
		if (*left == '@' || !tmy_number_ok(left, NULL))
			return fail(u, "bad condition", left);
		put_number(u, left);
	} else {
		put(u, left);
	}
	put(u, is_not ? "!=" : "=");
	if (!strcmp(left, "exec.realpath") || !strcmp(left, "symlink.target")) {
		if (*right == '@' && !word_ok(right + 1))
			return fail(u, "bad group name", right + 1);
		if (*right != '@' && !dqword(right))
			return fail(u, "bad condition value (\"WORD\" or @GROUP)", right);
		put(u, right);
		return true;
	}
	if (cond_word(right)) {
		put(u, right);
		return true;
	}
	if (*right == '@') {
		if (!word_ok(right + 1))
			return fail(u, "bad group name", right + 1);
		put(u, right);
		return true;
	}
	if (!tmy_number_ok(right, NULL))
		return fail(u, "bad condition value", right);
	put_number(u, right);
	return true;
}

/* tomoyo_get_domainname: a domainname runs while the words after it are
 * paths; the rest stays for the conditions. */
static bool domainname(struct cur *u, const char *what)
{
	char *start = u->p, *p = start;

	while (*p) {
		char *w;

		if (*p++ != ' ')
			continue;
		w = p;
		if (tmy_path_ok(w, strcspn(w, " ")))
			continue;
		p[-1] = 0;
		break;
	}
	u->p = p;
	if (tmy_domain_ok(start))
		return true;
	u->c->cls = TMY_DOMNAME;
	return fail(u, what, start);
}

/* What follows an ACL's arguments (tomoyo_update_domain): a transition
 * preference (file execute only), then conditions. */
static bool tail(struct cur *u, bool execute_only)
{
	bool transit = false;
	const char *to = "", *grant_log = NULL;

	if (!*u->p)
		return true;
	if (*u->p == '<') {
		to = u->p;
		if (!domainname(u, "bad domainname"))
			return false;
		transit = true;
		put(u, " ");
		put(u, to);
	} else {
		size_t n = strcspn(u->p, " ");
		char save = u->p[n];

		u->p[n] = 0;
		transit = tmy_path_ok(u->p, n) || !strcmp(u->p, "keep") ||
			  !strcmp(u->p, "initialize") || !strcmp(u->p, "reset") ||
			  !strcmp(u->p, "child") || !strcmp(u->p, "parent");
		u->p[n] = save;
		if (transit) {
			to = token(u);
			put(u, " ");
			put(u, to);
		}
	}
	while (*u->p)
		if (!condition(u, token(u), &grant_log))
			return false;
	if (transit && !execute_only) {
		u->c->cls = TMY_COND;
		return fail(u, strchr(to, '=') ? "bad condition (a path: taken for a domain "
			    "transition, which only follows 'file execute PATH')"
			    : "a domain transition only follows 'file execute PATH'", to);
	}
	if (grant_log) {
		put(u, " grant_log=");
		put(u, grant_log);
	}
	return true;
}

static void set_acl(struct cur *u, enum tmy_acl acl, unsigned perm)
{
	u->c->line.what = TW_ACL;
	u->c->line.acl = acl;
	u->c->line.perm = perm;
}

/* The operations of class kw[] named in op, as bits in kw's order: the
 * kernel's substring rule (permstr). */
static unsigned perms(const char *op, const char *const *kw, int n)
{
	unsigned perm = 0;

	for (int i = 0; i < n; i++)
		if (permstr(op, kw[i]))
			perm |= 1u << i;
	return perm;
}

static const char *const *const classes[] = { path_ops, path2_ops, pn_ops, mkdev_ops, mount_ops };
static const int nclass[] = { N(path_ops), N(path2_ops), N(pn_ops), N(mkdev_ops), 1 };

/* When op is whole keywords of one class joined by '/', that class and
 * its bits, as permstr would find them (no keyword of a class begins with
 * one of an earlier class, so none of those is found); else -1. */
static int exact_class(const char *op, unsigned *perm)
{
	int cls = -1;

	*perm = 0;
	for (const char *p = op;;) {
		size_t len = strcspn(p, "/");
		int c, i = 0;

		for (c = 0; c < N(classes); c++) {
			for (i = 0; i < nclass[c] && (classes[c][i][0] != *p ||
						      strncmp(p, classes[c][i], len) ||
						      classes[c][i][len]); i++)
				;
			if (i < nclass[c])
				break;
		}
		if (c == N(classes) || (cls >= 0 && c != cls))
			return -1;
		cls = c;
		*perm |= 1u << i;
		if (!p[len])
			return cls;
		p += len + 1;
	}
}

static bool file_acl(struct cur *u)
{
	struct tmy_check *c = u->c;
	char *op = token(u);
	unsigned perm;
	int cls = exact_class(op, &perm);

	/* The kernel's order: the first class with a keyword in op wins, the
	 * rest of op is skipped (a warning). */
	if (cls < 0) {
		for (cls = 0; cls < N(classes); cls++)
			if ((perm = perms(op, classes[cls], nclass[cls])))
				break;
		if (cls == N(classes))
			return fail(u, "unknown file operation", op);
		extra_ops(c, op, classes[cls], nclass[cls],
			  (const char *const[]){ "path", "two-path", "path-and-number", "device",
						 "mount" }[cls]);
	}
	switch (cls) {
	case 0:
		set_acl(u, TA_PATH, perm);
		return name_union(u, "bad path") && tail(u, perm == 1);
	case 1:
		set_acl(u, TA_PATH2, perm);
		return name_union(u, "bad path") && name_union(u, "bad second path") &&
		       tail(u, false);
	case 2:
		set_acl(u, TA_NUMBER, perm);
		return name_union(u, "bad path") && number_union(u, "bad number", NULL) &&
		       tail(u, false);
	case 3:
		set_acl(u, TA_MKDEV, perm);
		return name_union(u, "bad path") && number_union(u, "bad mode", NULL) &&
		       number_union(u, "bad major number", NULL) &&
		       number_union(u, "bad minor number", NULL) && tail(u, false);
	default:
		set_acl(u, TA_MOUNT, 1);
		return name_union(u, "bad device") && name_union(u, "bad directory") &&
		       name_union(u, "bad filesystem type") &&
		       number_union(u, "bad mount flags", NULL) && tail(u, false);
	}
}

static const char *const protos[] = { "stream", "dgram", "raw", "seqpacket" };

void tmy_acl_head(const struct tmy_line *l, unsigned perm, struct buf *out)
{
	static const char *const *const ops[] = {
		[TA_PATH] = path_ops, [TA_PATH2] = path2_ops, [TA_NUMBER] = pn_ops,
		[TA_MKDEV] = mkdev_ops, [TA_INET] = sock_ops, [TA_UNIX] = sock_ops,
	};
	static const int nops[] = {
		[TA_PATH] = N(path_ops), [TA_PATH2] = N(path2_ops), [TA_NUMBER] = N(pn_ops),
		[TA_MKDEV] = N(mkdev_ops), [TA_INET] = N(sock_ops), [TA_UNIX] = N(sock_ops),
	};
	int first = 1;

	switch (l->acl) {
	case TA_MOUNT:
		buf_put_str(out, "file mount");
		return;
	case TA_ENV:
		buf_put_str(out, "misc env");
		return;
	case TA_TASK:
		buf_put_str(out, "task manual_domain_transition");
		return;
	case TA_INET:
	case TA_UNIX:
		buf_printf(out, "network %s %s ", l->acl == TA_INET ? "inet" : "unix",
			   protos[l->proto]);
		break;
	default:
		buf_put_str(out, "file ");
	}
	for (int i = 0; i < nops[l->acl]; i++)
		if (perm & 1u << i) {
			buf_printf(out, "%s%s", first ? "" : "/", ops[l->acl][i]);
			first = 0;
		}
}

static bool proto(struct cur *u, enum tmy_acl acl)
{
	char *pr = token(u), *op = token(u);
	unsigned perm = 0;
	int i;

	for (i = 0; i < N(protos) && strcmp(pr, protos[i]); i++)
		;
	if (i == N(protos))
		return fail(u, "unknown protocol (stream, dgram, raw, seqpacket)", pr);
	for (int j = 0; j < N(sock_ops); j++)
		if (permstr(op, sock_ops[j]))
			perm |= 1u << j;
	if (!perm)
		return fail(u, "unknown network operation (bind, listen, connect, send)", op);
	extra_ops(u->c, op, sock_ops, N(sock_ops), "network");
	set_acl(u, acl, perm);
	u->c->line.proto = i;
	return true;
}

static bool inet_acl(struct cur *u)
{
	unsigned long hi;

	if (!proto(u, TA_INET))
		return false;
	if (*u->p == '@') {
		if (!group_name(u))
			return false;
	} else {
		char *a = token(u), ip[128];

		if (!tmy_address_ok(a))
			return fail(u, "bad IP address", a);
		if (!u->c->verdict_only) {
			tmy_address_fmt(a, ip, sizeof(ip));
			put(u, " ");
			put(u, ip);
		}
	}
	if (!number_union(u, "bad port", &hi))
		return false;
	if (hi > 65535)
		return fail(u, "port above 65535", "");
	return tail(u, false);
}

static bool unix_acl(struct cur *u)
{
	return proto(u, TA_UNIX) && name_union(u, "bad socket path") && tail(u, false);
}

static bool misc_acl(struct cur *u)
{
	char *e;

	if (!starts(&u->p, "env "))
		return fail(u, "unknown misc keyword (env)", u->p);
	e = token(u);
	if (!word_ok(e) || strchr(e, '='))
		return fail(u, "bad environment variable name", e);
	set_acl(u, TA_ENV, 1);
	put(u, " ");
	put(u, e);
	return tail(u, false);
}

static bool foreign_line(struct cur *u, const char *line);

static bool task_acl(struct cur *u)
{
	char *d;

	if (!foreign_line(u, u->p - 5))
		return false;
	if (!starts(&u->p, "manual_domain_transition "))
		return fail(u, "not in mainline TOMOYO 2.6 (only task manual_domain_transition)",
			    u->p);
	d = u->p;
	set_acl(u, TA_TASK, 1);
	if (!domainname(u, "bad domainname"))
		return false;
	put(u, " ");
	put(u, d);
	return tail(u, false);
}

/* Keywords of TOMOYO 1.8 / AKARI / ccs-patch and of 2.2-2.5 that 6.1's
 * parser has no notion of: named, so a policy moved from them is fixed. */
static const char *const foreign[] = {
	"task auto_domain_transition", "task auto_execute_handler", "task denied_execute_handler",
	"ipc signal", "capability ", "network inet stream accept", "network inet dgram recv",
	"network inet raw recv", "file_pattern ", "allow_", "deny_autobind", "deny_rewrite",
	"ignore_global", "quota_exceeded_", "use_profile_", "misc env_",
};

static bool foreign_line(struct cur *u, const char *line)
{
	for (int i = 0; i < N(foreign); i++)
		if (!strncmp(line, foreign[i], strlen(foreign[i])))
			return fail(u, "TOMOYO 1.8/AKARI or pre-2.6 syntax, not in mainline TOMOYO 2.6",
				    foreign[i]);
	if (!strncmp(line, "network inet ", 13) &&
	    (strstr(line, " accept ") || strstr(line, " recv ")))
		return fail(u, "TOMOYO 1.8/AKARI syntax (accept/recv), not in mainline TOMOYO 2.6",
			    "");
	return true;
}

/* tomoyo_write_domain2: one ACL line. */
static bool acl(struct cur *u)
{
	char *line = u->p;

	if (starts(&u->p, "file "))
		return file_acl(u);
	if (starts(&u->p, "network inet "))
		return inet_acl(u);
	if (starts(&u->p, "network unix "))
		return unix_acl(u);
	if (starts(&u->p, "misc "))
		return misc_acl(u);
	if (starts(&u->p, "task "))
		return task_acl(u);
	if (!foreign_line(u, line))
		return false;
	return fail(u, "unknown keyword", strtok(line, " "));
}

/* tomoyo_write_domain */
static bool domain_line(struct cur *u, bool del)
{
	struct tmy_check *c = u->c;
	char *p = u->p;
	bool sel = !del && starts(&p, "select ");
	unsigned int n;

	if (sel && !strncmp(p, "domain=", 7)) {
		/* tomoyo_select_domain: a domain that exists, else none. */
		c->domain = tmy_ns_ok(p + 7);
		c->line.what = TW_SELECT;
		put_a(u, p + 7);
		return c->domain || fail(u, "bad domainname", p + 7);
	}
	if (sel && (!strncmp(p, "pid=", 4) || !strncmp(p, "global-pid=", 11) ||
		    !strncmp(p, "Q=", 2))) {
		c->domain = true;
		c->line.what = TW_SELECT;
		return true;
	}
	if (*p == '<') {
		if (del) {
			/* tomoyo_delete_domain takes any name, and leaves no
			 * domain selected. */
			c->domain = false;
			if (!tmy_domain_ok(p))
				warnf(c, "'%s' is not a domainname: deletes nothing%s", p, NULL);
			c->line.what = TW_DOMAIN;
			put_a(u, p);
			return true;
		}
		c->domain = strlen(p) < TMY_NAME_MAX && tmy_domain_ok(p) &&
			    namespace(c, p, strcspn(p, " "));
		if (!c->domain)
			c->cls = TMY_DOMNAME;
		if (!c->domain)
			return fail(u, strlen(p) >= TMY_NAME_MAX ? "domainname too long (4086 bytes or more)"
				    : "bad domainname", p);
		c->line.what = sel ? TW_SELECT : TW_DOMAIN;
		put_a(u, p);
		return true;
	}
	if (!c->domain)
		return fail(u, "no domain selected (the line before did not name one the kernel took)",
			    "");
	if (*p == 'f' || *p == 'n' || *p == 'm')	/* file, network, misc */
		return acl(u);
	if (!strncmp(p, "use_profile", 11) && tmy_scan_u32(p + 11, &n) && n < TMY_MAX_PROFILES) {
		if (strspn(p + 11, " 0123456789") != strlen(p + 11))
			warnf(c, "the kernel reads use_profile %s and ignores the rest%s",
			      p + 12, NULL);
		c->line.what = TW_USE_PROFILE;
		c->line.n = (int)n;
		return true;
	}
	if (!strncmp(p, "use_group", 9) && tmy_scan_u32(p + 9, &n) && n < TMY_MAX_GROUPS) {
		c->line.what = TW_USE_GROUP;
		c->line.n = (int)n;
		return true;
	}
	if (!strncmp(p, "quota_exceeded", 14) || !strncmp(p, "transition_failed", 17)) {
		c->line.what = TW_FLAG;
		c->line.n = p[0] == 't';
		return true;
	}
	if (!strncmp(p, "use_profile ", 12) || !strncmp(p, "use_group ", 10))
		return fail(u, "out of range (0 to 255)", strchr(p, ' ') + 1);
	return acl(u);
}

static bool transition(struct cur *u, int type, int keep)
{
	char *prog = u->p, *from = strstr(prog, " from "), *dom = NULL;

	if (from) {
		*from = 0;
		dom = from + 6;
	} else if (keep) {
		dom = prog;
		prog = NULL;
	}
	if (prog && strcmp(prog, "any") && !path_ok(prog))
		return fail(u, "bad program (a path or any)", prog);
	if (dom && strcmp(dom, "any") && !tmy_domain_ok(dom) && !path_ok(dom))
		return fail(u, "bad 'from' (a domainname, a program or any)", dom);
	u->c->line.what = TW_TRANSITION;
	u->c->line.n = type;
	put(u, prog ? prog : "any");
	put(u, " from ");
	put(u, dom ? dom : "any");
	return true;
}

/* tomoyo_write_exception, after the namespace. */
static bool exception_line(struct cur *u)
{
	static const struct { const char *kw; int keep; } tc[] = {
		{ "no_reset_domain ", 0 }, { "reset_domain ", 0 },
		{ "no_initialize_domain ", 0 }, { "initialize_domain ", 0 },
		{ "no_keep_domain ", 1 }, { "keep_domain ", 1 },
	};
	char *line = u->p;

	if (starts(&u->p, "aggregator ")) {
		char *orig = token(u), *agg = token(u);

		if (!word_ok(orig))
			return fail(u, "bad original name", orig);
		if (!path_ok(agg))
			return fail(u, "bad aggregated name", agg);
		if (tmy_word_patterned(agg))
			return fail(u, "the aggregated name may not hold wildcards", agg);
		if (*u->p)
			warnf(u->c, "the kernel ignores '%s'%s", u->p, NULL);
		u->c->line.what = TW_AGGREGATOR;
		put(u, orig);
		put(u, " ");
		put(u, agg);
		return true;
	}
	for (int i = 0; i < N(tc); i++)
		if (starts(&u->p, tc[i].kw))
			return transition(u, i, tc[i].keep);
	if (starts(&u->p, "path_group ")) {
		char *m;

		if (!def_group_name(u, 0))
			return false;
		/* tomoyo_write_group takes any member, even none. */
		m = token(u);
		if (!word_ok(m))
			warnf(u->c, "path_group member '%s' is not a word: the kernel takes it, "
			      "but no path will ever match it%s", m, NULL);
		put(u, " ");
		put(u, m);
		if (*u->p)
			warnf(u->c, "the kernel ignores '%s'%s", u->p, NULL);
		return true;
	}
	if (starts(&u->p, "number_group ")) {
		if (!def_group_name(u, 1))
			return false;
		if (*u->p == '@')
			return fail(u, "a group may not hold a group", u->p);
		if (!number_union(u, "bad number", NULL))
			return false;
		if (*u->p)
			warnf(u->c, "the kernel ignores '%s'%s", u->p, NULL);
		return true;
	}
	if (starts(&u->p, "address_group ")) {
		char *a;

		char ip[128];

		if (!def_group_name(u, 2))
			return false;
		if (*u->p == '@')
			return fail(u, "a group may not hold a group", u->p);
		a = token(u);
		if (!tmy_address_ok(a))
			return fail(u, "bad IP address", a);
		tmy_address_fmt(a, ip, sizeof(ip));
		put(u, " ");
		put(u, ip);
		if (*u->p)
			warnf(u->c, "the kernel ignores '%s'%s", u->p, NULL);
		return true;
	}
	if (starts(&u->p, "acl_group ")) {
		const char *p = u->p;
		unsigned long g = 0;

		/* simple_strtoul into an unsigned int: no digits read as 0,
		 * 2^32 as 0; then the space. */
		while (*p >= '0' && *p <= '9')
			g = g * 10 + (unsigned long)(*p++ - '0');
		if ((unsigned int)g >= TMY_MAX_GROUPS || *p != ' ')
			return fail(u, "bad acl_group number (0 to 255)", token(u));
		u->p = (char *)p + 1;
		u->c->line.group = true;
		u->c->line.n = (int)(unsigned int)g;
		return acl(u);
	}
	if (!foreign_line(u, line))
		return false;
	return fail(u, "unknown keyword", strtok(line, " "));
}

static const char *const modes[] = { "disabled", "learning", "permissive", "enforcing" };

/* tomoyo_write_profile, after the namespace. */
static bool profile_line(struct cur *u)
{
	static const char *const mac[] = {
		"execute", "open", "create", "unlink", "getattr", "mkdir", "rmdir", "mkfifo",
		"mksock", "truncate", "symlink", "mkblock", "mkchar", "link", "rename", "chmod",
		"chown", "chgrp", "ioctl", "chroot", "mount", "unmount", "pivot_root",
		"inet_stream_bind", "inet_stream_listen", "inet_stream_connect",
		"inet_dgram_bind", "inet_dgram_send", "inet_raw_bind", "inet_raw_send",
		"unix_stream_bind", "unix_stream_listen", "unix_stream_connect",
		"unix_dgram_bind", "unix_dgram_send", "unix_seqpacket_bind",
		"unix_seqpacket_listen", "unix_seqpacket_connect", "env",
	};
	char *p = u->p, *eq, *name;
	unsigned long n = 0;
	unsigned int v;

	if (!strncmp(p, "PROFILE_VERSION=", 16) && tmy_scan_u32(p + 16, &v)) {
		if (v != 20150505 && v != 20110903)
			warnf(u->c, "PROFILE_VERSION=%s: the kernel stops at boot unless it is "
			      "20150505 (or 20110903)%s", p + 16, NULL);
		u->c->line.what = TW_VERSION;
		u->c->line.n = (int)v;
		return true;
	}
	while (*p >= '0' && *p <= '9')
		n = n * 10 + (unsigned long)(*p++ - '0');
	if (*p != '-')
		return fail(u, "not a profile line (N-KEY=VALUE or PROFILE_VERSION=N)", u->p);
	if ((unsigned int)n >= TMY_MAX_PROFILES)
		return fail(u, "profile number out of range (0 to 255)", u->p);
	name = p + 1;
	eq = strchr(name, '=');
	if (!eq)
		return fail(u, "no '=' (N-KEY=VALUE)", name);
	*eq = 0;
	u->c->line.what = TW_PROFILE;
	u->c->line.n = (int)(unsigned int)n;
	put_a(u, name);
	put(u, eq + 1);
	if (!strcmp(name, "COMMENT") || !strcmp(name, "PREFERENCE"))
		return true;
	if (!strcmp(name, "CONFIG"))
		goto value;
	if (strncmp(name, "CONFIG::", 8))
		return fail(u, "unknown profile key (COMMENT, PREFERENCE, CONFIG, CONFIG::...)", name);
	name += 8;
	if (!strcmp(name, "file") || !strcmp(name, "network") || !strcmp(name, "misc"))
		goto value;
	for (int i = 0; i < N(mac); i++) {
		const char *cat = i < 23 ? "file" : i < 38 ? "network" : "misc";
		size_t cl = strlen(cat);

		if (!strncmp(name, cat, cl) && name[cl] == ':' && name[cl + 1] == ':' &&
		    !strcmp(name + cl + 2, mac[i]))
			goto value;
	}
	return fail(u, "unknown CONFIG:: category or function", name);
value:
	if (!strstr(eq + 1, "use_default")) {
		bool any = false;

		for (int i = 0; i < N(modes); i++)
			any |= strstr(eq + 1, modes[i]) != NULL;
		if (!any && !strstr(eq + 1, "grant_log") && !strstr(eq + 1, "reject_log"))
			warnf(u->c, "'%s' sets nothing (no mode=, grant_log= or reject_log=)%s",
			      eq + 1, NULL);
	}
	return true;
}

/* tomoyo_write_manager */
static bool manager_line(struct cur *u)
{
	if (!strcmp(u->p, "manage_by_non_root")) {
		u->c->line.what = TW_NONROOT;
		return true;
	}
	if (tmy_domain_ok(u->p) || word_ok(u->p)) {
		u->c->line.what = TW_MANAGER;
		put_a(u, u->p);
		return true;
	}
	return fail(u, "not a program path, a domainname or manage_by_non_root", u->p);
}

const char *tmy_kind_name(enum tmy_kind k)
{
	static const char *const names[] = { "domain_policy", "exception_policy", "profile",
					     "manager" };
	return names[k];
}

void tmy_check_init(struct tmy_check *c, enum tmy_kind kind)
{
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->ns = xmalloc(sizeof(*c->ns));
	c->ns[c->nns++] = xstrdup("<kernel>");
}

void tmy_check_free(struct tmy_check *c)
{
	free(c->line.a);
	free(c->line.t);
	for (int i = 0; i < c->nns; i++)
		free(c->ns[i]);
	free(c->ns);
	c->ns = NULL;
	c->nns = 0;
}


/* How many of the first len bytes of s, in whole 8-byte words, are all
 * printable ASCII (' ' to '~'): those need no byte-by-byte look.  In a
 * word of such bytes neither x - 0x20.. nor x + 0x01.. borrows or carries
 * across a byte or sets a byte's top bit; any other byte sets its own top
 * bit in one of them (below 0x20 in the first, 0x7f to 0x9f in the second,
 * 0xa0 and above in the first), whatever comes in from the byte below. */
static size_t plain_prefix(const char *s, size_t len)
{
	const uint64_t ones = 0x0101010101010101ull, tops = 0x8080808080808080ull;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t x;

		memcpy(&x, s + i, 8);
		if (((x - 0x20 * ones) | (x + ones)) & tops)
			break;
	}
	return i;
}

bool tmy_check_line(struct tmy_check *c, const char *line, size_t len)
{
	char buf[LINE_MAX_CHECK], *p;
	struct cur u = { c, buf };
	bool del;

	c->why = NULL;
	c->cls = TMY_ARG;
	c->bad[0] = 0;
	c->line.what = TW_NONE;
	c->line.del = c->line.group = false;
	c->line.ns = c->ns[0];
	c->line.n = c->line.proto = 0;
	c->line.perm = 0;
	c->line.alen = c->line.tlen = 0;
	add(&c->line.a, &c->line.alen, &c->line.acap, "", 0);
	add(&c->line.t, &c->line.tlen, &c->line.tcap, "", 0);
	c->nwarn = 0;
	if (memchr(line, 0, len)) {
		u.c->why = "a NUL byte: the kernel reads the line only up to it";
		return false;
	}
	if (len >= sizeof(buf)) {
		u.c->why = "line too long (64 KiB or more)";
		return false;
	}
	memcpy(buf, line, len);
	buf[len] = 0;
	for (size_t i = plain_prefix(buf, len); i < len; i++)
		if ((unsigned char)buf[i] >= 127 || ((unsigned char)buf[i] < ' ' &&
						     buf[i] != '\t' && buf[i] != '\r')) {
			char o[8];

			snprintf(o, sizeof(o), "\\%03o", (unsigned char)buf[i]);
			warnf(c, "a raw byte %s: the kernel reads it as a space%s", o, NULL);
			break;
		}
	tmy_normalize(buf);
	if (!*buf || *buf == '#')
		return true;
	if (!strcmp(buf, "reset")) {
		c->domain = false;
		c->line.what = TW_RESET;
		return true;
	}
	if (c->kind != TMY_PROFILE && !strcmp(buf, "select transition_only"))
		return true;
	p = buf;
	del = starts(&p, "delete ");
	c->line.del = del;
	u.p = p;
	if (c->kind == TMY_EXCEPTION || c->kind == TMY_PROFILE) {
		if (*u.p == '<') {
			char *sp = strchr(u.p, ' ');
			const char *ns;

			if (sp)
				*sp = 0;
			ns = sp ? namespace(c, u.p, sp - u.p) : NULL;
			if (!ns) {
				u.c->cls = TMY_NS;
				return fail(&u, "bad namespace (<NAME> then a space)", u.p);
			}
			if (strcmp(ns, u.p))
				warnf(c, "the kernel takes '%s' as the namespace %s (the first whose "
				      "name begins so)", u.p, ns);
			c->line.ns = ns;
			u.p = sp + 1;
		}
	}
	switch (c->kind) {
	case TMY_DOMAIN:
		return domain_line(&u, del);
	case TMY_EXCEPTION:
		return exception_line(&u);
	case TMY_PROFILE:
		return profile_line(&u);
	default:
		return manager_line(&u);
	}
}

/* Whole files: the verdict on each line, to a reporter. */

#define LINE_BUF ((size_t)128 << 10)	/* a line longer than this is refused */
/* Errors a check reports before it gives up on the input: no policy has
 * that many, and an endless pipe of junk lines would otherwise take hours
 * (256 MiB of "y" lines: 134 million messages). */
#define CHECK_ERRORS_MAX 10000


/* A check of one file: the checker, the line count, the tally, where the
 * verdicts go. */
struct run {
	struct tmy_check c;
	int line;
	struct tmy_tally *t;
	tmy_report_fn *report;
	void *arg;
};

static void run_start(struct run *r, enum tmy_kind kind, struct tmy_tally *t, tmy_report_fn *report,
		      void *arg)
{
	tmy_check_init(&r->c, kind);
	r->c.verdict_only = true;
	r->line = 0;
	r->t = t;
	r->report = report;
	r->arg = arg;
}

static void run_one(struct run *r, const char *p, size_t len, bool last)
{
	bool ok;

	if (last && r->t->whole_lines)
		return;
	ok = tmy_check_line(&r->c, p, len);
	r->line++;
	r->t->lines++;
	r->t->errors += !ok;
	r->t->warnings += r->c.nwarn;
	r->report(&r->c, r->line, ok, last, r->arg);
	if (r->t->errors > CHECK_ERRORS_MAX) {
		die_status = 2;
		die("more than %d errors: the rest is not checked", CHECK_ERRORS_MAX);
	}
}

/* The complete lines in [p, end), and at eof the last one too; where the
 * rest begins. */
static const char *run_lines(struct run *r, const char *p, const char *end, bool eof)
{
	const char *nl;

	while (p < end && ((nl = memchr(p, '\n', (size_t)(end - p))) || eof)) {
		run_one(r, p, (size_t)((nl ? nl : end) - p), !nl);
		p = nl ? nl + 1 : end;
	}
	return p;
}

/* Every line of text through check.c; each verdict to report(). */
void tmy_check_text(const char *text, size_t len, enum tmy_kind kind, struct tmy_tally *t,
		       tmy_report_fn *report, void *arg)
{
	struct run r;

	run_start(&r, kind, t, report, arg);
	run_lines(&r, text, text + len, true);
	tmy_check_free(&r.c);
}

/* The same from fd, a block at a time: memory stays bounded however large
 * the file, and time too: past TMY_TEXT_MAX bytes in all (no policy is
 * that large; an endless pipe or /dev/zero would never end) it is bad
 * input, exit 2.  A line that fills the block is refused (the kernel
 * takes no line of 64 KiB or more either) and passed over. */
void tmy_check_fd(int fd, const char *name, enum tmy_kind kind, struct tmy_tally *t,
		     tmy_report_fn *report, void *arg)
{
	struct run r;
	char *buf = xmalloc(LINE_BUF);
	size_t have = 0, total = 0;
	bool eof = false, skip = false;

	run_start(&r, kind, t, report, arg);
	while (!eof || have) {
		const char *p = buf, *end;
		ssize_t n = read(fd, buf + have, LINE_BUF - have);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			die_status = 2;
			die_errno("%s", name);
		}
		if ((total += (size_t)n) > TMY_TEXT_MAX) {
			die_status = 2;
			die("%s: larger than %zu bytes", name, TMY_TEXT_MAX);
		}
		eof = n == 0;
		have += (size_t)n;
		end = buf + have;
		if (skip) {	/* the rest of a line too long */
			const char *nl = memchr(p, '\n', have);

			skip = !nl && !eof;
			p = nl ? nl + 1 : end;
		}
		p = run_lines(&r, p, end, eof);
		if (p == buf && have == LINE_BUF) {
			run_one(&r, buf, LINE_BUF, false);
			skip = true;
			p = end;
		}
		have = (size_t)(end - p);
		memmove(buf, p, have);
		if (eof)
			break;
	}
	free(buf);
	tmy_check_free(&r.c);
}

void tmy_report(struct tmy_check *c, int line, bool ok, bool last, void *arg)
{
	const char *name = arg;

	for (int i = 0; i < c->nwarn; i++)
		warn("%s:%d: warning: %s", name, line, c->warn[i]);
	if (!ok)
		warn("%s:%d: %s%s%s%s", name, line, c->why, c->bad[0] ? ": '" : "", c->bad,
		     c->bad[0] ? "'" : "");
	if (last)
		warn("%s:%d: warning: no newline at the end: the kernel never reads such a "
		     "last line (tomoyo-edit load adds one)", name, line);
}
