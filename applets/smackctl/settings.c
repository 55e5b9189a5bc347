// SPDX-License-Identifier: Apache-2.0
/* settings.c: the smackfs files other than the rule list: values checked
 * as the kernel takes them (labels, numbers in range, cipso2 columns,
 * netlabel and ipv6host host lines), written in one write each, and read
 * back (the trailing NUL, newline or space dropped). */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <arpa/inet.h>

#include "smackctl.h"

/* A host label line as netlabel (IPv4) or ipv6host wants it, in *out;
 * NULL, or what is wrong (xmalloc'd).  The kernel reads IPv6 as eight
 * groups and knows no "::", so the address is written out in full; the
 * only option is -CIPSO for IPv4 (hosts that speak CIPSO) and -DELETE for
 * IPv6. */
char *smk_host_line(int v6, const char *addr, const char *label, char **out)
{
	const char *opt = v6 ? "-DELETE" : "-CIPSO", *file = v6 ? "ipv6host" : "netlabel", *e;
	const char *slash = strchr(addr, '/');
	size_t alen = slash ? (size_t)(slash - addr) : strlen(addr);
	char host[INET6_ADDRSTRLEN], *end;
	unsigned char a[16];
	long bits = v6 ? 128 : 32;

	if (label[0] == '-' && strcmp(label, opt))
		return xasprintf("%s: %s: the only option is %s", file, str_esc(label, SIZE_MAX), opt);
	if (label[0] != '-' && (e = smk_label_error(label, strlen(label))))
		return xasprintf("label '%s': %s", mem_esc(label, strnlen(label, LABEL_MAX), SIZE_MAX), e);
	/* No address is longer than host: a longer one is not an address. */
	if (alen >= sizeof(host) || (memcpy(host, addr, alen), host[alen] = 0,
				     inet_pton(v6 ? AF_INET6 : AF_INET, host, a) != 1))
		return xasprintf("%s: '%s' is not an IPv%d address%s", file, mem_esc(addr, alen, SIZE_MAX),
				 v6 ? 6 : 4,
				 !v6 && memchr(addr, ':', alen) ? " (IPv6 hosts go to ipv6host)"
				 : v6 && memchr(addr, '.', alen) ? " (IPv4 hosts go to netlabel)" : "");
	if (slash) {
		errno = 0;
		bits = strtol(slash + 1, &end, 10);
		if (errno || end == slash + 1 || *end || bits < 0 || bits > (v6 ? 128 : 32))
			return xasprintf("%s: prefix length '%s' is not in 0..%d", file,
					 str_esc(slash + 1, SIZE_MAX),
					 v6 ? 128 : 32);
	}
	if (!v6) {
		uint32_t h = (uint32_t)a[0] << 24 | a[1] << 16 | a[2] << 8 | a[3];

		h &= bits ? ~0u << (32 - bits) : 0;
		*out = xasprintf("%u.%u.%u.%u/%ld %s", h >> 24, h >> 16 & 255, h >> 8 & 255, h & 255,
				 bits, label);
		return NULL;
	}
	unsigned g[8];

	for (int i = 0; i < 8; i++)
		g[i] = (a[2 * i] << 8 | a[2 * i + 1]) & smk_v6_kept(bits, i);
	*out = xasprintf("%04x:%04x:%04x:%04x:%04x:%04x:%04x:%04x/%ld %s", g[0], g[1], g[2], g[3], g[4],
			 g[5], g[6], g[7], bits, label);
	return NULL;
}

/* The bits of IPv6 group i (0-7, as a number: 0x8000 its first bit) that
 * 6.1 keeps of a host under a /bits prefix (smk_write_net6addr).  A whole
 * group is kept or dropped; one the prefix cuts, m bits into it, the kernel
 * masks as a 16-bit number in the CPU's byte order with (1 << m) - 1, its
 * low bits.  On a little-endian machine (every one lsmbox is built for)
 * that is the mask byte-swapped: the first m bits only when m is 8; for
 * any other m, bits the prefix does not name. */
unsigned smk_v6_kept(long bits, int i)
{
	long m = bits - 16L * i;
	unsigned k;

	if (m >= 16)
		return 0xffff;
	if (m <= 0)
		return 0;
	k = (1u << m) - 1;
	return (k >> 8 | k << 8) & 0xffff;
}

/* The blank-separated fields of s, cut in place (NUL after each); the
 * first max in tok, the count of all returned. */
int smk_split_fields(char *s, char **tok, int max)
{
	int n = 0;

	for (;;) {
		s += strspn(s, " \t");
		if (!*s)
			return n;
		if (n < max)
			tok[n] = s;
		n++;
		s += strcspn(s, " \t");
		if (*s)
			*s++ = 0;
	}
}

/* What is wrong with line (NUL-terminated, not kept) of an image's list
 * file rel, as set writes them: cipso2 "LABEL LEVEL NCATS CAT..." (in
 * 4-column fields), netlabel and ipv6host "HOST/BITS LABEL|OPTION".  NULL
 * if it is right, else an xmalloc'd message. */
static char *list_line_error(const char *rel, const char *line)
{
	char *copy = xstrdup(line), *tok[2 + 2 + 184 + 1], *out = NULL, *e = NULL;
	int n = smk_split_fields(copy, tok, ARRAY_SIZE(tok));

	if (strcmp(rel, "cipso2")) {
		if (n != 2)
			e = xasprintf("%d field%s: %s holds HOST/BITS LABEL lines", n,
				      n == 1 ? "" : "s", rel);
		else
			e = smk_host_line(!strcmp(rel, "ipv6host"), tok[0], tok[1], &out);
		free(out);
		free(copy);
		return e;
	}
	if (n < 3 || n > (int)ARRAY_SIZE(tok) - 1) {
		e = xasprintf("%d field%s: cipso2 holds LABEL LEVEL NCATS CATEGORY... lines", n,
			      n == 1 ? "" : "s");
	} else if (smk_label_error(tok[0], strlen(tok[0]))) {
		e = xasprintf("'%s': %s", str_esc(tok[0], SIZE_MAX),
			      smk_label_error(tok[0], strlen(tok[0])));
	} else {
		for (int i = 1; i < n && !e; i++) {
			char *end;
			long v = strtol(tok[i], &end, 10);
			long lo = i == 1 ? 0 : i == 2 ? n - 3 : 1;
			long hi = i == 1 ? 255 : i == 2 ? n - 3 : 184;

			if (!(*end || end == tok[i] || v < lo || v > hi))
				continue;
			if (i == 2)
				e = xasprintf("category count '%s' is not the number of "
					      "categories (%d)", str_esc(tok[i], SIZE_MAX), n - 3);
			else
				e = xasprintf("%s '%s' is not in %ld-%ld",
					      i == 1 ? "level" : "category", str_esc(tok[i], SIZE_MAX), lo, hi);
		}
	}
	free(copy);
	return e;
}

/* Under a root, the lines of the image's list file rel (cipso2, netlabel,
 * ipv6host) that set could not have written, each said with FILE:LINE;
 * how many.  A command that merges into rel checks it first and writes
 * nothing (exit 2) if any: such a line is never carried on. */
int smk_list_errors(const char *rel)
{
	char *path, *text, *p;
	size_t len;
	int lineno = 0, bad = 0;

	if (!root_dir())
		return 0;
	p = text = smk_sfs_read(rel, &path, &len);
	while (p && *p) {
		char *nl = strchr(p, '\n'), *e;

		if (nl)
			*nl = 0;
		lineno++;
		if (*p && (e = list_line_error(rel, p))) {
			warn("%s:%d: %s", str_esc(path, SIZE_MAX), lineno, e);
			free(e);
			bad++;
		}
		p = nl ? nl + 1 : NULL;
	}
	if (bad)
		warn("%d error%s in %s; nothing written", bad, bad > 1 ? "s" : "", str_esc(path, SIZE_MAX));
	free(text);
	free(path);
	return bad;
}

/* The prefix length of a host line ("HOST/BITS ..."), -1 if none. */
static long line_bits(const char *line)
{
	const char *slash = memchr(line, '/', strcspn(line, " "));

	return slash ? strtol(slash + 1, NULL, 10) : -1;
}

/* Under a root, the image's copy of a list file (cipso2, netlabel,
 * ipv6host) with the line for val's first field (label, or host/bits)
 * replaced in place, as the kernel updates an entry, or val added: one
 * line an entry.  The kernel keeps its host lists longest prefix first, a
 * new entry after those of the same length, and shows no entry ipv6host's
 * -DELETE removed: so here. */
static char *merge_entry(const char *rel, const char *val, size_t *len)
{
	char *path, *old = smk_sfs_read(rel, &path, len), *p = old, *out, **v;
	size_t klen = strcspn(val, " "), n = 0, olen = 0, at;
	int hosts = strcmp(rel, "cipso2") != 0, found = -1;
	int del = hosts && strlen(val) > 8 && !strcmp(val + strlen(val) - 8, " -DELETE");

	/* One line an entry: a second line for val's key goes with the first. */
	v = xmalloc(((old ? *len : 0) / 2 + 2) * sizeof(*v));
	while (p && *p) {
		char *nl = strchr(p, '\n'), *line = p;

		if (nl)
			*nl = 0;
		p = nl ? nl + 1 : NULL;
		if (!*line)
			continue;
		if (strcspn(line, " ") == klen && !strncmp(line, val, klen)) {
			if (found >= 0)
				continue;
			found = (int)n;
		}
		v[n++] = line;
	}
	at = found >= 0 ? (size_t)found : n;
	if (found < 0 && hosts)
		for (at = 0; at < n && line_bits(v[at]) >= line_bits(val); at++)
			;
	/* The lines kept, val once, a newline each: no more than this. */
	out = xmalloc((old ? *len : 0) + strlen(val) + 3);
	for (size_t i = 0; i <= n; i++) {
		if (i == at && !del)
			olen += sprintf(out + olen, "%s\n", val);
		if (i < n && (int)i != found)
			olen += sprintf(out + olen, "%s\n", v[i]);
	}
	free(v);
	free(old);
	free(path);
	*len = olen;
	return out;
}

/* A label list (onlycap) as the kernel shows it once written: it keeps
 * the labels in the reverse of their order (each added at the head of its
 * list), each followed by a space; "-" clears it. */
static char *shown_list(const char *val, size_t *len)
{
	size_t n = strlen(val), o = 0;
	char *out = xmalloc(n + 2);

	if (!strcmp(val, "-"))
		n = 0;
	while (n) {
		size_t end = n, start;

		while (end && val[end - 1] == ' ')
			end--;
		for (start = end; start && val[start - 1] != ' '; start--)
			;
		if (end > start) {
			memcpy(out + o, val + start, end - start);
			o += end - start;
			out[o++] = ' ';
		}
		n = start;
	}
	out[o] = 0;
	*len = o;
	return out;
}

/* Write one value to a smackfs file in one write(2); under a root, replace
 * the file. */
/* where: "file:line" of a value from a config file, for the message when
 * the kernel refuses it. */
int smk_put_setting(const char *rel, const char *val, size_t len, const char *where)
{
	char *path = smk_sfs_path(rel);
	int fd, rc = 0;

	if (root_dir()) {
		char *merged = NULL;

		if (!strcmp(rel, "cipso2") || !strcmp(rel, "netlabel") || !strcmp(rel, "ipv6host"))
			val = merged = merge_entry(rel, val, &len);
		else if (!strcmp(rel, "onlycap"))
			val = merged = shown_list(val, &len);
		else if (!strcmp(rel, "unconfined") && !strcmp(val, "-"))
			len = 0;	/* cleared: the kernel shows nothing */
		if (smk_sfs_replace(path, val, len)) {
			warn_errno("%s", str_esc(path, SIZE_MAX));
			rc = -1;
		}
		free(merged);
	} else if ((fd = open(path, O_WRONLY)) < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		rc = -1;
	} else {
		if (write(fd, val, len) != (ssize_t)len) {
			if (where)
				warn_errno("%s: %s: the kernel refused \"%.*s\"", str_esc(path, SIZE_MAX), where,
					   (int)len, val);
			else
				warn_errno("%s: write \"%.*s\"", str_esc(path, SIZE_MAX), (int)len, val);
			rc = -1;
		}
		close(fd);
	}
	free(path);
	return rc;
}

/* A cipso.d line or set cipso2's "LABEL LEVEL [CAT...]" as cipso2 wants
 * it, in *out: 4-column fields with the category count added.  NULL, or
 * what is wrong (xmalloc'd) with *col its column in text (cut in place). */
char *smk_cipso_line(char *text, char **out, int *col)
{
	char *tok[2 + 184 + 1];
	int n = smk_split_fields(text, tok, ARRAY_SIZE(tok)), len;
	const char *e;

	*col = 1;
	if (n < 2 || n > 2 + 184)
		return xstrdup("a mapping is LABEL LEVEL [CATEGORY...] (at most 184)");
	if ((e = smk_label_error(tok[0], strlen(tok[0]))))
		return xasprintf("'%s': %s", str_esc(tok[0], SIZE_MAX), e);
	*out = xmalloc(strlen(tok[0]) + 4 * (size_t)n + 8);
	len = sprintf(*out, "%s ", tok[0]);
	for (int i = 1; i < n; i++) {
		char *end;
		long v = strtol(tok[i], &end, 10);
		long lo = i == 1 ? 0 : 1, hi = i == 1 ? 255 : 184;

		if (*end || end == tok[i] || v < lo || v > hi) {
			*col = (int)(tok[i] - text) + 1;
			free(*out);
			return xasprintf("%s '%s' is not in %ld-%ld", i == 1 ? "level" : "category",
					 str_esc(tok[i], SIZE_MAX), lo, hi);
		}
		len += sprintf(*out + len, "%-4ld", v);
		if (i == 1)
			len += sprintf(*out + len, "%-4d", n - 2);
	}
	return NULL;
}

/* ---- settings ---- */

static const struct setting settings[] = {
	{ "onlycap", V_LABELS, 0 }, { "relabel-self", V_LABELS, 0 },
	{ "unconfined", V_LABEL, 0 }, { "ambient", V_LABEL, 0 }, { "syslog", V_LABEL, 0 },
	{ "logging", V_INT, 3 }, { "ptrace", V_INT, 2 }, { "doi", V_INT, 4294967295 },
	{ "direct", V_INT, 255 }, { "mapped", V_INT, 255 },
	{ "cipso2", V_RAW, 0 }, { "netlabel", V_RAW, 0 }, { "ipv6host", V_RAW, 0 },
	{ "current", V_LABEL, 0 },
};

const struct setting *smk_find_setting(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(settings); i++)
		if (!strcmp(name, settings[i].name))
			return &settings[i];
	usage_error("unknown setting %s", str_esc(name, SIZE_MAX));
}

/* Under a root, the image's /proc/self/attr/current: each part may be a
 * link (self is one on a live /proc), resolved inside the root. */
char *smk_current_path(void)
{
	char *p = kfs_path(KFS_PROC, "self/attr/current");

	if (!root_dir())
		return p;
	free(p);
	return smk_host_path("/proc/self/attr/current");
}

/* What is wrong with v, the value of setting s as smackfs shows it (or an
 * image holds it); NULL if nothing, else xmalloc'd, with *line set. */
static char *setting_error(const struct setting *s, char *v, int *line)
{
	*line = 1;
	if (s->kind == V_INT) {
		char *end;
		long long n;

		errno = 0;
		n = strtoll(v, &end, 10);
		if (!isdigit((unsigned char)*v) || *end || errno ||
		    n < (!strcmp(s->name, "doi") ? 1 : 0) || n > s->max)
			return xasprintf("'%s' is not a number in %d..%ld", str_esc(v, SIZE_MAX),
					 !strcmp(s->name, "doi"), s->max);
		return NULL;
	}
	/* Empty is unset; "-" is what set writes to clear a list or unconfined. */
	if (s->kind == V_LABEL || s->kind == V_LABELS) {
		if (!*v || (!strcmp(v, "-") && strcmp(s->name, "ambient") &&
			    strcmp(s->name, "syslog")))
			return NULL;
		for (char *t = v; *t;) {
			size_t n = s->kind == V_LABELS ? strcspn(t, " ") : strlen(t);
			const char *e = smk_label_error(t, n);

			if (e)
				return xasprintf("'%s': %s", mem_esc(t, n, SIZE_MAX), e);
			t += n;
			t += strspn(t, " ");
		}
		return NULL;
	}
	/* The kernel shows its lists in a form of its own; an image holds them
	 * as set writes them, which merge_entry reads back. */
	if (!root_dir())
		return NULL;
	for (char *l = v, *nl; l; l = nl ? nl + 1 : NULL, ++*line) {
		char *e;

		if ((nl = strchr(l, '\n')))
			*nl = 0;
		e = *l ? list_line_error(s->name, l) : NULL;
		if (nl)
			*nl = '\n';
		if (e)
			return e;
	}
	return NULL;
}

/* A setting's value as text: the kernel's trailing NUL and newline dropped,
 * space-terminated lists trimmed, checked (a value smackfs could not show
 * stops the command, exit 2). */
char *smk_get_value(const struct setting *s)
{
	int cur = !strcmp(s->name, "current"), line;
	char *path = cur ? smk_current_path() : smk_sfs_path(s->name), *e;
	int fd = cur && root_dir() ? root_open("/proc/self/attr/current", O_RDONLY, 0)
				   : smk_sfs_open(path, O_RDONLY);
	size_t len;
	char *t;

	/* Bounded, and a NUL allowed: ambient and syslog end with one. */
	if (fd < 0 || !(t = read_fd(fd, &len))) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		if (fd >= 0)
			close(fd);
		free(path);
		return NULL;
	}
	close(fd);
	len = strnlen(t, len);
	while (len && (t[len - 1] == '\n' || t[len - 1] == ' '))
		len--;
	t[len] = 0;
	if ((e = setting_error(s, t, &line))) {
		/* The text and path freed first (str_esc keeps its own copy):
		 * a die() that is caught (the smack-settings fuzz target) would
		 * leave them on every input; only the message e goes with it. */
		const char *shown = str_esc(path, SIZE_MAX);

		free(t);
		free(path);
		die_input("%s:%d: %s", shown, line, e);
	}
	free(path);
	return t;
}

