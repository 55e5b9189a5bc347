// SPDX-License-Identifier: Apache-2.0
/* word.c: the lexical rules of TOMOYO 2.6 policy as Linux 6.1 applies them
 * (security/tomoyo/util.c, net/core/utils.c, lib/vsprintf.c): words and
 * their escapes, paths, domainnames, numbers and addresses.  Each function
 * takes exactly what the kernel takes, quirks included; check.c says where
 * a quirk deserves a warning. */
#include <string.h>

#include "tomoyo.h"

static bool blank(unsigned char c)
{
	return c && (c <= ' ' || c >= 127);
}

void tmy_normalize(char *line)
{
	unsigned char *s = (unsigned char *)line, *d = s;

	while (blank(*s))
		s++;
	while (*s) {
		if (d != (unsigned char *)line)
			*d++ = ' ';
		while (*s && !blank(*s))
			*d++ = *s++;
		while (blank(*s))
			s++;
	}
	*d = 0;
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

/* Dotted quad up to the delimiter '-' or the end: four fields of decimal
 * digits, each at most 255 (leading zeros and all), nothing else. */
static bool ip4(const char *s, const char **end)
{
	int fields = 0;

	for (;;) {
		unsigned v = 0, n = 0;

		/* The kernel keeps a digit count in bits above the value;
		 * only the low 16 bits are range-checked, and they hold v. */
		while (*s >= '0' && *s <= '9') {
			v = (v * 10 + (unsigned)(*s++ - '0')) & 0xffff;
			if (v > 255)
				return false;
			n++;
		}
		if (!n)
			return false;
		fields++;
		if (*s == '.') {
			if (fields == 4)
				return false;
			s++;
			continue;
		}
		if (*s && *s != '-' && *s != ':')
			return false;
		*end = s;
		return fields == 4 && *s != ':';
	}
}

/* IPv6 up to '-' or the end, as in6_pton reads it: groups of hex digits
 * split by ':' (a group takes digits while its value is below 0x1000, so
 * leading zeros are free), at most one "::", a dotted quad as the last 32
 * bits.  "::" itself takes one group's two bytes of the sixteen, so
 * "1:2:3:4:5:6:7::8" is refused; without "::" the groups fill all 16. */
static bool ip6(const char *s, const char **end)
{
	int d = 0;	/* bytes in6_pton has filled */
	bool gap = false;

	if (s[0] == ':') {
		if (s[1] != ':')
			return false;
		gap = true, d = 2, s += 2;
		if (!*s || *s == '-') {
			*end = s;
			return true;
		}
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
			if (!((gap && d + 4 < 16) || d + 4 == 16))
				return false;
			return ip4(g, end);
		}
		if (*s == ':') {
			if (d + 2 >= 16)
				return false;
			d += 2, s++;
			if (*s == ':') {
				if (gap)
					return false;
				gap = true, d += 2, s++;
				if (!*s || *s == '-')
					break;
			}
			continue;
		}
		if ((*s && *s != '-') || (!gap && d + 2 < 16))
			return false;
		break;
	}
	*end = s;
	return true;
}

bool tmy_address_ok(const char *tok)
{
	const char *e;

	if (!strchr(tok, ':')) {
		if (!ip4(tok, &e))
			goto v6;
		if (!*e)
			return true;
		return *e == '-' && ip4(e + 1, &e) && !*e;
	}
v6:
	if (!ip6(tok, &e))
		return false;
	if (!*e)
		return true;
	return *e == '-' && ip6(e + 1, &e) && !*e;
}
