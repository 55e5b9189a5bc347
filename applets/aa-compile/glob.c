// SPDX-License-Identifier: Apache-2.0
/* glob.c: AppArmor's globs as the regular expressions of the DFA engine,
 * written as apparmor_parser 3.0.8 writes them (parser_regex.c's
 * convert_aaregex_to_pcre and filter_slashes), so that the expressions
 * and the anchor's -D rule-exprs can be compared byte for byte:
 *   *   -> [^/\x00]*        one path element, or part of one
 *   **  -> [^\x00]*         any number of them
 *   ?   -> [^/\x00]         one character of an element
 *   {a,b} -> (a|b)          nested to 49 levels
 *   [...] kept; . + | ( ) ^ $ escaped; \ escapes as the anchor keeps them
 * A * or ** that is a whole element (after a /, before a / or the end)
 * must match one character at least: [^/\x00] before it.  The null kind
 * (for xattr values) lets / and NUL be matched: [^/] and .* */
#include <ctype.h>
#include <string.h>

#include "aa.h"

void aa_filter_slashes(char *path)
{
	char *s = path, *d = path;
	bool slash = false;

	if (!path || strlen(path) < 2)
		return;
	/* a leading // (not ///) is kept: a name space of its own */
	if (s[0] == '/' && s[1] == '/' && s[2] != '/')
		s += 2, d += 2;
	for (; *s; s++) {
		if (*s == '/' && slash)
			continue;
		slash = *s == '/';
		*d++ = *s;
	}
	*d = 0;
}

/* A digit's value in base, or -1. */
static int digit(char c, int base)
{
	int v = isdigit((unsigned char)c) ? c - '0' :
		isalpha((unsigned char)c) ? tolower((unsigned char)c) - 'a' + 10 : -1;

	return v < base ? v : -1;
}

/* At most n digits of base while the value stays under 256: how many. */
static int digits(const char *s, int base, int n)
{
	int i, v = 0;

	for (i = 0; i < n && digit(s[i], base) >= 0; i++) {
		if (v * base + digit(s[i], base) > 255)
			break;
		v = v * base + digit(s[i], base);
	}
	return i;
}

/* The length of a valid escape sequence at s (after its backslash), as
 * the anchor's str_escseq takes them, or 0. */
static int escape_len(const char *s)
{
	int n;

	if (*s >= '0' && *s <= '7')
		return digits(s, 8, 3);
	switch (*s) {
	case 'd':
		return (n = digits(s + 1, 10, 3)) ? n + 1 : 0;
	case 'x':
		return (n = digits(s + 1, 16, 2)) ? n + 1 : 0;
	case '\\': case '"': case 'a': case 'e': case 'f': case 'n': case 'r': case 't':
		return 1;
	}
	return 0;
}

int aa_glob(const char *glob, int kind, struct buf *out, int *first, const struct srcloc *at)
{
	enum { MAX_DEPTH = 50 };
	const bool null = kind == AA_GLOB_NULL;
	const char *s = glob;
	size_t start = out->len;
	int type = 0, group = 0, count[MAX_DEPTH] = { 0 };
	bool esc = false, cls = false;
	const char *why = NULL;

	*first = 0;
#define SPECIAL() do { if (!*first) *first = (int)(s - glob); } while (0)
	for (; *s && !why; s++) {
		char c = *s;

		if (c == '\\' && !esc) {
			esc = true;
			continue;
		}
		switch (c) {
		case '\\':
			buf_put_str(out, "\\\\");
			break;
		case '*':
			if (esc) {
				buf_put_str(out, "\\*");
				break;
			}
			if (out->len > start && out->p[out->len - 1] == '/') {
				const char *t = s;

				while (*t == '*')
					t++;
				/* a whole path element: at least one character */
				if (*t == '/' || !*t)
					buf_put_str(out, null ? "[^/]" : "[^/\\x00]");
			}
			SPECIAL();
			if (s[1] == '*') {
				type = !s[2] && !type ? 1 : 2;
				buf_put_str(out, null ? ".*" : "[^\\x00]*");
				s++;
			} else {
				type = 2;
				buf_put_str(out, null ? "[^/]*" : "[^/\\x00]*");
			}
			break;
		case '?':
			if (esc) {
				buf_put_u8(out, '?');
				break;
			}
			SPECIAL();
			type = 2;
			buf_put_str(out, null ? "[^/]" : "[^/\\x00]");
			break;
		case '[':
			if (esc) {
				buf_put_str(out, "\\[");
				break;
			}
			SPECIAL();
			cls = true;
			type = 2;
			buf_put_u8(out, '[');
			break;
		case ']':
			if (esc) {
				buf_put_str(out, "\\]");
				break;
			}
			if (!cls)
				why = "Regex grouping error: Invalid close ], no matching open [ detected";
			cls = false;
			buf_put_u8(out, ']');
			break;
		case '{':
			if (esc) {
				buf_put_str(out, "\\{");
			} else if (cls) {
				buf_put_u8(out, '{');
			} else {
				SPECIAL();
				if (++group >= MAX_DEPTH) {
					why = "Regex grouping error: Exceeded maximum nesting of {}";
					break;
				}
				count[group] = 0;
				type = 2;
				buf_put_u8(out, '(');
			}
			break;
		case '}':
			if (esc) {
				buf_put_str(out, "\\}");
			} else if (cls) {
				buf_put_u8(out, '}');
			} else {
				if (!count[group])
					why = "Regex grouping error: Invalid number of items between {}";
				if (--group < 0) {
					if (!why)
						why = "Regex grouping error: Invalid close }, no matching open { "
						      "detected";
					group = 0;
				}
				buf_put_u8(out, ')');
			}
			break;
		case ',':
			if (esc && cls)
				buf_put_str(out, "\\,");
			else if (!esc && group && !cls) {
				count[group]++;
				buf_put_u8(out, '|');
			} else {
				buf_put_u8(out, ',');
			}
			break;
		case '^':
		case '$':
			if (!cls)
				buf_put_u8(out, '\\');
			buf_put_u8(out, (uint8_t)c);
			break;
		case '.': case '+': case '|': case '(': case ')':
			buf_put_u8(out, '\\');
			/* fall through */
		default:
			if (esc) {
				int n = escape_len(s);

				/* a valid escape kept for the engine; a needless
				 * one dropped (the anchor warns) */
				if (n) {
					buf_put_u8(out, '\\');
					buf_put(out, s, (size_t)n);
					s += n - 1;
				} else {
					buf_put_u8(out, (uint8_t)c);
				}
			} else {
				buf_put_u8(out, (uint8_t)c);
			}
			break;
		}
		esc = false;
	}
#undef SPECIAL
	if (!why && (group > 0 || cls))
		why = "Regex grouping error: Unclosed grouping or character class, expecting close }";
	if (!why && esc)
		why = "Regex error: trailing '\\' escape character";
	if (why) {
		diag(at, "%s", why);
		diag(at, "Unable to parse input line '%s'", glob);
		return -1;
	}
	return out->err ? -1 : type;
}
