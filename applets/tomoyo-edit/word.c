// SPDX-License-Identifier: Apache-2.0
/* word.c: the lexical rules of TOMOYO 2.6 policy as Linux 6.1 applies them
 * (security/tomoyo/util.c, net/core/utils.c, lib/vsprintf.c): words and
 * their escapes, paths, domainnames, numbers and addresses.  Each function
 * takes exactly what the kernel takes, quirks included; check.c says where
 * a quirk deserves a warning. */
#include <stdio.h>
#include <string.h>

#include "lsmbox.h"
#include "tomoyo.h"

static bool blank(unsigned char c)
{
	return c && (c <= ' ' || c >= 127);
}

void tmy_normalize(char *line)
{
	unsigned char *s = (unsigned char *)line, *d;

	/* The normal part (words split by single spaces) stays in place. */
	while (*s && !blank(*s)) {
		s++;
		if (*s == ' ' && s[1] && !blank(s[1]))
			s++;
	}
	for (d = s; *s;) {
		while (blank(*s))
			s++;
		if (!*s)
			break;
		if (d != (unsigned char *)line)
			*d++ = ' ';
		while (*s && !blank(*s))
			*d++ = *s++;
	}
	*d = 0;
}

bool tmy_next_line(const char **pp, const char *end, char **b, size_t *cap)
{
	const char *nl;
	size_t len;

	if (*pp >= end)
		return false;
	nl = memchr(*pp, '\n', (size_t)(end - *pp));
	len = (size_t)((nl ? nl : end) - *pp);
	if (len + 1 > *cap) {
		*cap = len + 1 > 2 * *cap ? len + 1 : 2 * *cap;
		*b = xrealloc(*b, *cap);
	}
	memcpy(*b, *pp, len);
	(*b)[len] = 0;
	*pp = nl ? nl + 1 : end;
	tmy_normalize(*b);
	return true;
}

static bool odigit(char c)
{
	return c >= '0' && c <= '7';
}

bool tmy_word_ok(const char *s, size_t len)
{
	const char *start = s, *end = s + len;
	int wild = TMY_MAX_WILDCARDS;
	bool in_rep = false;

	if (!len)
		return false;
	while (s < end) {
		unsigned char c = *s++;

		if (c != '\\') {
			/* Raw bytes must be printable; no '/' inside \{ \}. */
			if (c <= ' ' || c >= 127 || (in_rep && c == '/'))
				return false;
			continue;
		}
		if (s == end)
			return false;
		c = *s++;
		if (c >= '0' && c <= '3') {
			unsigned v;

			if (end - s < 2 || !odigit(s[0]) || !odigit(s[1]))
				return false;
			v = (c - '0') << 6 | (s[0] - '0') << 3 | (s[1] - '0');
			s += 2;
			/* \ooo only for what may not appear raw. */
			if (v > ' ' && v < 127)
				return false;
			continue;
		}
		if (strchr("\\+?xa-", c) && c)
			continue;
		if (!strchr("*@$XA{}", c) || !c || wild-- == 0)
			return false;
		if (c == '{') {
			/* "/\{": the byte before the backslash is a '/'. */
			if (s - 3 < start || s[-3] != '/')
				return false;
			in_rep = true;
		} else if (c == '}') {
			/* "\}/": the kernel looks one byte past the word, which
			 * is a blank or the end there, never '/'. */
			if (s == end || *s != '/' || !in_rep)
				return false;
			in_rep = false;
		}
	}
	return !in_rep;
}

bool tmy_path_ok(const char *s, size_t len)
{
	const char *slash = memchr(s, '/', len), *dot = memchr(s, '.', len);

	return slash && (!dot || slash < dot) && tmy_word_ok(s, len);
}

bool tmy_ns_ok(const char *s)
{
	size_t len = strcspn(s, " ");

	return s[0] == '<' && len >= 2 && s[len - 1] == '>' && tmy_word_ok(s + 1, len - 2);
}

bool tmy_domain_ok(const char *s)
{
	const char *p, *sp;

	if (!tmy_ns_ok(s))
		return false;
	p = strchr(s, ' ');
	if (!p)
		return true;
	for (p++; (sp = strchr(p, ' ')); p = sp + 1)
		if (!tmy_path_ok(p, sp - p))
			return false;
	return tmy_path_ok(p, strlen(p));
}

/* The length of the part before the first wildcard, counting \\ and
 * \ooo as constant (tomoyo_const_part_length). */
static size_t const_len(const char *s)
{
	size_t n = 0;

	for (;;) {
		if (!*s)
			return n;
		if (*s != '\\') {
			n++, s++;
			continue;
		}
		if (s[1] == '\\') {
			n += 2, s += 2;
			continue;
		}
		if (s[1] >= '0' && s[1] <= '3' && odigit(s[2]) && odigit(s[3])) {
			n += 4, s += 4;
			continue;
		}
		return n;
	}
}

bool tmy_word_patterned(const char *s)
{
	return const_len(s) < strlen(s);
}

static int digit_val(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c |= 0x20;
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	return 99;
}

/* simple_strtoul(s, &end, base) for base 8, 10 or 16. */
static unsigned long strtoul_k(const char *s, const char **end, unsigned base)
{
	unsigned long v = 0;

	if (base == 16 && s[0] == '0' && (s[1] | 0x20) == 'x')
		s += 2;
	for (; digit_val(*s) < (int)base; s++)
		v = v * base + digit_val(*s);
	*end = s;
	return v;
}

enum tmy_base tmy_ulong(unsigned long *v, const char **sp)
{
	const char *s = *sp, *e;
	enum tmy_base b = TMY_DEC;
	unsigned base = 10;

	if (s[0] == '0' && (s[1] | 0x20) == 'x')
		b = TMY_HEX, base = 16, s += 2;
	else if (s[0] == '0' && odigit(s[1]))
		b = TMY_OCT, base = 8, s++;
	*v = strtoul_k(s, &e, base);
	if (e == s)
		return TMY_BAD;
	*sp = e;
	return b;
}

bool tmy_number_ok(const char *tok, unsigned long *hi)
{
	unsigned long lo, v;

	if (!tmy_ulong(&lo, &tok))
		return false;
	v = lo;
	if (*tok) {
		if (*tok++ != '-' || !tmy_ulong(&v, &tok) || *tok || v < lo)
			return false;
	}
	if (hi)
		*hi = v;
	return true;
}

bool tmy_scan_u32(const char *s, unsigned int *v)
{
	unsigned long long n = 0;

	while (*s == ' ')
		s++;
	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++)
		n = n * 10 + (unsigned)(*s - '0');
	*v = (unsigned int)n;
	return true;
}

bool tmy_scan_eq_u32(const char *s, unsigned int *v)
{
	return *s == '=' && tmy_scan_u32(s + 1, v);
}

/* Dotted quad up to the delimiter '-' or the end: four fields of decimal
 * digits, each at most 255 (leading zeros and all), nothing else. */
static bool ip4(const char *s, const char **end, unsigned char *out)
{
	int fields = 0;

	for (;;) {
		unsigned v = 0, n = 0;

		while (*s >= '0' && *s <= '9') {
			v = v * 10 + (unsigned)(*s++ - '0');
			if (v > 255)
				return false;
			n++;
		}
		if (!n)
			return false;
		out[fields++] = (unsigned char)v;
		if (*s == '.') {
			if (fields == 4)
				return false;
			s++;
			continue;
		}
		if (*s && *s != '-')
			return false;
		*end = s;
		return fields == 4;
	}
}

/* IPv6 up to '-' or the end, as in6_pton reads it: groups of hex digits
 * split by ':' (a group takes digits while its value is below 0x1000, so
 * leading zeros are free), at most one "::", a dotted quad as the last 32
 * bits.  "::" itself takes one group's two bytes of the sixteen, so
 * "1:2:3:4:5:6:7::8" is refused; without "::" the groups fill all 16. */
static bool ip6(const char *s, const char **end, unsigned char *out)
{
	unsigned char b[16];
	int d = 0, gap = -1;	/* bytes in6_pton has filled; where "::" is */

	if (s[0] == ':') {
		if (s[1] != ':')
			return false;
		gap = 0, d = 2, s += 2;
		if (!*s || *s == '-')
			goto done;
	}
	for (;;) {
		const char *g = s;
		unsigned w = 0;
		int n = 0;

		if (d >= 16)
			return false;
		while (digit_val(*s) < 16 && (n == 0 || w < 0x1000))
			w = w << 4 | (unsigned)digit_val(*s++), n++;
		if (!n)
			return false;
		if (*s == '.') {
			/* The quad fills the last 4 bytes, or fewer before "::". */
			if (!((gap >= 0 && d + 4 < 16) || d + 4 == 16) || !ip4(g, &s, b + d))
				return false;
			d += 4;
			break;
		}
		b[d++] = (unsigned char)(w >> 8);
		b[d++] = (unsigned char)w;
		if (*s == ':') {
			if (d >= 16)
				return false;
			s++;
			if (*s == ':') {
				if (gap >= 0)
					return false;
				gap = d;
				d += 2, s++;
				if (!*s || *s == '-')
					break;
			}
			continue;
		}
		if ((*s && *s != '-') || (gap < 0 && d < 16))
			return false;
		break;
	}
done:
	if (out) {
		/* The bytes after "::" go to the end; zeros between. */
		int tail = gap < 0 ? 0 : d - (gap + 2);

		memset(out, 0, 16);
		memcpy(out, b, gap < 0 ? 16 : (size_t)gap);
		if (gap >= 0)
			memcpy(out + 16 - tail, b + gap + 2, (size_t)tail);
	}
	*end = s;
	return true;
}

/* The address or range in tok: false if the kernel refuses it. */
static bool address(const char *tok, unsigned char ip[2][16], bool *v6)
{
	const char *e;

	*v6 = false;
	if (!strchr(tok, ':')) {
		if (ip4(tok, &e, ip[0])) {
			if (!*e) {
				memcpy(ip[1], ip[0], 4);
				return true;
			}
			return *e == '-' && ip4(e + 1, &e, ip[1]) && !*e;
		}
	}
	*v6 = true;
	if (!ip6(tok, &e, ip[0]))
		return false;
	if (!*e) {
		memcpy(ip[1], ip[0], 16);
		return true;
	}
	return *e == '-' && ip6(e + 1, &e, ip[1]) && !*e;
}

bool tmy_address_ok(const char *tok)
{
	unsigned char ip[2][16];
	bool v6;

	return address(tok, ip, &v6);
}

/* %pI6c: lower-case hex, the first longest run of two or more zero
 * groups as "::", the last 32 bits dotted for a v4-mapped or ISATAP
 * address. */
static void ip6_fmt(const unsigned char *a, char *out, size_t n)
{
	int g[8], best = -1, bestlen = 1, i, len;
	bool v4 = (!memcmp(a, "\0\0\0\0\0\0\0\0\0\0\xff\xff", 12)) ||
		  ((a[8] | 0x02) == 0x02 && a[9] == 0 && a[10] == 0x5e && a[11] == 0xfe);
	int ng = v4 ? 6 : 8;
	size_t o = 0;

	for (i = 0; i < 8; i++)
		g[i] = a[2 * i] << 8 | a[2 * i + 1];
	for (i = 0; i < ng; i += len ? len : 1) {
		for (len = 0; i + len < ng && !g[i + len]; len++)
			;
		if (len > bestlen)
			best = i, bestlen = len;
	}
	out[0] = 0;
	for (i = 0; i < ng; i++) {
		if (i == best) {
			o += (size_t)snprintf(out + o, n - o, "::");
			i += bestlen - 1;
			continue;
		}
		o += (size_t)snprintf(out + o, n - o, "%s%x", i && i != best + bestlen ? ":" : "",
				      g[i]);
	}
	if (v4)
		snprintf(out + o, n - o, "%s%u.%u.%u.%u", best + bestlen == ng ? "" : ":", a[12],
			 a[13], a[14], a[15]);
}

void tmy_address_fmt(const char *tok, char *out, size_t n)
{
	unsigned char ip[2][16];
	bool v6;
	char a[64], b[64];

	out[0] = 0;
	if (!address(tok, ip, &v6))
		return;
	if (!v6) {
		snprintf(a, sizeof(a), "%u.%u.%u.%u", ip[0][0], ip[0][1], ip[0][2], ip[0][3]);
		snprintf(b, sizeof(b), "%u.%u.%u.%u", ip[1][0], ip[1][1], ip[1][2], ip[1][3]);
		if (!memcmp(ip[0], ip[1], 4))
			snprintf(out, n, "%s", a);
		else
			snprintf(out, n, "%s-%s", a, b);
		return;
	}
	ip6_fmt(ip[0], a, sizeof(a));
	ip6_fmt(ip[1], b, sizeof(b));
	if (!memcmp(ip[0], ip[1], 16))
		snprintf(out, n, "%s", a);
	else
		snprintf(out, n, "%s-%s", a, b);
}

/* One number of a union as the kernel prints it back: in the base it
 * was written in. */
static size_t number_fmt1(char *out, size_t n, unsigned long v, enum tmy_base b)
{
	return (size_t)snprintf(out, n, b == TMY_HEX ? "0x%lX" : b == TMY_OCT ? "0%lo" : "%lu", v);
}

void tmy_number_fmt(const char *tok, char *out, size_t n)
{
	unsigned long lo, hi;
	enum tmy_base bl, bh;
	size_t o;

	out[0] = 0;
	if (!(bl = tmy_ulong(&lo, &tok)))
		return;
	hi = lo, bh = bl;
	if (*tok == '-') {
		tok++;
		bh = tmy_ulong(&hi, &tok);
	}
	o = number_fmt1(out, n, lo, bl);
	if ((lo != hi || bl != bh) && o < n) {
		o += (size_t)snprintf(out + o, n - o, "-");
		if (o < n)
			number_fmt1(out + o, n - o, hi, bh);
	}
}

/* "\ooo" for a byte at s (after its backslash): three octal digits, the
 * first 0-3. */
static bool octal3(const char *s)
{
	return s[0] >= '0' && s[0] <= '3' && odigit(s[1]) && odigit(s[2]);
}

static bool alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool xdigit(char c)
{
	return digit_val(c) < 16;
}

/* One component of name [f, fe) against one of pattern [p, pe), without
 * "\-": the kernel's tomoyo_file_matches_pattern2.  Both are in the
 * escaped form: "\\" and "\ooo" in the name are one character each. */
static bool comp_match(const char *f, const char *fe, const char *p, const char *pe)
{
	while (f < fe && p < pe) {
		char c = *f, w;
		int run;

		if (*p != '\\') {
			if (*f++ != *p++)
				return false;
			continue;
		}
		w = p[1];
		p += 2;
		switch (w) {
		case '?':	/* one character, an escaped one too, not '/' */
			if (c == '/')
				return false;
			if (c == '\\') {
				if (f[1] == '\\')
					f++;
				else if (octal3(f + 1))
					f += 3;
				else
					return false;
			}
			f++;
			continue;
		case '\\':
			if (c != '\\' || f[1] != '\\')
				return false;
			f += 2;
			continue;
		case '+':
		case 'x':
		case 'a':
			if (!(w == '+' ? c >= '0' && c <= '9' : w == 'x' ? xdigit(c) : alpha(c)))
				return false;
			f++;
			continue;
		case '*':
		case '@':	/* any run (for \@ without a '.'), \ooo whole */
			for (const char *g = f;; g++) {
				if (comp_match(g, fe, p, pe))
					return true;
				if (g == fe || (*g == '.' && w == '@'))
					return false;
				if (*g == '\\') {
					if (g[1] == '\\')
						g++;
					else if (octal3(g + 1))
						g += 3;
					else
						return false;
				}
			}
		case '$':
		case 'X':
		case 'A':	/* one or more digits, hex digits, letters */
			for (run = 0; f + run < fe && (w == '$' ? f[run] >= '0' && f[run] <= '9'
						       : w == 'X' ? xdigit(f[run]) : alpha(f[run]));
			     run++)
				;
			for (int i = 1; i <= run; i++)
				if (comp_match(f + i, fe, p, pe))
					return true;
			return false;
		default:	/* \ooo: the same escape in the name */
			if (w >= '0' && w <= '3' && c == '\\' && octal3(f + 1) &&
			    !strncmp(f + 1, p - 1, 3)) {
				f += 4;
				p += 2;
				continue;
			}
			return false;
		}
	}
	while (p + 1 < pe && p[0] == '\\' && (p[1] == '*' || p[1] == '@'))
		p += 2;
	return f == fe && p == pe;
}

/* A component with "\-": it matches the part before the first "\-" and
 * none of the parts after (tomoyo_file_matches_pattern). */
static bool comp_match_sub(const char *f, const char *fe, const char *p, const char *pe)
{
	const char *part = p;
	bool first = true;

	for (const char *q = p; q + 1 < pe; q++) {
		if (q[0] != '\\')
			continue;
		if (q[1] != '-') {
			q++;
			continue;
		}
		if (comp_match(f, fe, part, q) != first)
			return false;
		first = false;
		part = q + 2;
		q++;
	}
	return comp_match(f, fe, part, pe) == first;
}

/* Component by component; "\{X\}/" takes one or more components that
 * match X (tomoyo_path_matches_pattern2). */
static bool path_match(const char *f, const char *p)
{
	while (*f && *p) {
		const char *fe = strchrnul(f, '/'), *pe = strchrnul(p, '/');

		if (p[0] == '\\' && p[1] == '{') {
			if (pe <= p + 3 || *pe != '/' || pe[-1] != '}' || pe[-2] != '\\')
				return false;
			for (;;) {
				if (!comp_match_sub(f, fe, p + 2, pe - 2) || !*fe)
					return false;
				f = fe + 1;
				if (path_match(f, pe + 1))
					return true;
				fe = strchr(f, '/');
				if (!fe)
					return false;
			}
		}
		if (!comp_match_sub(f, fe, p, pe))
			return false;
		f = *fe ? fe + 1 : fe;
		p = *pe ? pe + 1 : pe;
	}
	while (p[0] == '\\' && (p[1] == '*' || p[1] == '@'))
		p += 2;
	return !*f && !*p;
}

bool tmy_path_matches(const char *name, const char *pattern)
{
	size_t n = const_len(pattern), fl = strlen(name), pl = strlen(pattern);

	if (n == pl)
		return !strcmp(name, pattern);
	/* A directory ("/" last) only matches a directory. */
	if ((fl && name[fl - 1] == '/') != (pl && pattern[pl - 1] == '/'))
		return false;
	return !strncmp(name, pattern, n) && path_match(name + n, pattern + n);
}
