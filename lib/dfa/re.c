// SPDX-License-Identifier: Apache-2.0
/* re.c: libapparmor_re's regex syntax (its parse.y grammar and regex_lex
 * escapes, read from apparmor 3.0.8, not copied) parsed straight into
 * Glushkov positions: each leaf becomes a position, each concatenation
 * and loop adds its followpos edges, so no syntax tree is kept. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"
#include "dfa-int.h"

/* Parentheses nest at most this deep (apparmor_parser's own {} limit is
 * 50); deeper is a syntax error, not a stack overflow. */
#define RE_DEPTH_MAX 1000

void iv_push(struct ivec *v, uint32_t x)
{
	if (v->n == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 8;
		v->v = xrealloc(v->v, v->cap * sizeof(*v->v));
	}
	v->v[v->n++] = x;
}

void iv_free(struct ivec *v)
{
	free(v->v);
	memset(v, 0, sizeof(*v));
}

void frag_free(struct frag *f)
{
	iv_free(&f->first);
	iv_free(&f->last);
}

void dfa_seterr(struct dfa_err *e, int code, int rule, const char *fmt, ...)
{
	va_list ap;

	e->code = code;
	e->rule = rule;
	e->rule2 = -1;
	va_start(ap, fmt);
	vsnprintf(e->msg, sizeof(e->msg), fmt, ap);
	va_end(ap);
}

/* Tokens: T_CHAR for a literal byte, else the operator byte itself. */
enum { T_END = -1, T_CHAR = 256 };
struct tok {
	int t;
	uint8_t c;
	size_t off;
};

struct parser {
	struct dfa_rules *r;
	struct tok *tok;
	size_t ntok, i, cap;	/* cap: tok's room, doubled as it fills */
	int depth;
	int exact;
	struct dfa_err *err;
	int failed;
};

/* lib.c's chrtoi: a digit's value in base, or -1. */
static int digit(uint8_t c, int base)
{
	int v = -1;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'z')
		v = (c | 0x20) - 'a' + 10;
	return v < base ? v : -1;
}

/* lib.c's strntol: at most n digits, stopping before the value would pass
 * 255; *i moves past those taken; -1 when there are none. */
static int number(const uint8_t *s, size_t len, size_t *i, int base, int n)
{
	int val = 0, d, got = 0;

	while (n-- && *i < len && (d = digit(s[*i], base)) >= 0 && val * base + d <= 255) {
		val = val * base + d;
		(*i)++;
		got = 1;
	}
	return got ? val : -1;
}

/* lib.c's str_escseq after a backslash: the byte meant and *i past the
 * sequence, or -1 for a sequence it does not know (then the backslash is
 * a literal and lexing goes on at the byte after it, as regex_lex does). */
static int escape(const uint8_t *s, size_t len, size_t *i)
{
	size_t j = *i;
	int c, v;

	if (j >= len)
		return -1;		/* a trailing backslash: itself */
	c = s[j++];
	if (c >= '0' && c <= '7') {
		j--;
		v = number(s, len, &j, 8, 3);
		*i = j;
		return v;
	}
	switch (c) {
	case '\\': case '"':
		v = c;
		break;
	case 'd':
		v = number(s, len, &j, 10, 3);
		break;
	case 'x':
		v = number(s, len, &j, 16, 2);
		break;
	case 'a': v = '\a'; break;
	case 'e': v = 033; break;
	case 'f': v = '\f'; break;
	case 'n': v = '\n'; break;
	case 'r': v = '\r'; break;
	case 't': v = '\t'; break;
	default:
		v = c && strchr("*+.|^$-[](){}", c) ? c : -1;
	}
	if (v >= 0)
		*i = j;
	return v;
}

static int lex(struct parser *p, const uint8_t *s, size_t len, size_t base)
{
	for (size_t i = 0; i < len;) {
		struct tok t = { T_CHAR, s[i], base + i };
		int v;

		switch (s[i++]) {
		case 0:
			dfa_seterr(p->err, DFA_ESYNTAX, -1, "NUL byte in a rule (write \\x00)");
			p->err->off = t.off;
			return -1;
		case '*': case '+': case '.': case '|': case '^': case '-':
		case '[': case ']': case '(': case ')':
			t.t = t.c;
			break;
		case '\\':
			v = escape(s, len, &i);
			t.c = v < 0 ? '\\' : (uint8_t)v;
			break;
		}
		/* doubled, not grown by a constant: a copy a step is
		 * quadratic where realloc cannot grow in place (ASan's
		 * never does), and a 1 MiB name is a million tokens */
		if (p->ntok == p->cap) {
			p->cap = p->cap ? 2 * p->cap : 64;
			p->tok = xrealloc(p->tok, p->cap * sizeof(*p->tok));
		}
		p->tok[p->ntok++] = t;
	}
	return 0;
}

static const struct tok end_tok = { T_END, 0, 0 };

static const struct tok *peek(struct parser *p)
{
	return p->i < p->ntok ? &p->tok[p->i] : &end_tok;
}

static void syntax(struct parser *p, const char *what)
{
	const struct tok *t = peek(p);

	if (p->failed)
		return;
	p->failed = 1;
	if (t->t == T_END)
		dfa_seterr(p->err, DFA_ESYNTAX, -1, "%s at the end", what);
	else
		dfa_seterr(p->err, DFA_ESYNTAX, -1, "%s at '%s'", what,
			   mem_esc((const char *)&t->c, 1, 4));
	p->err->off = t->t == T_END ? (p->ntok ? p->tok[p->ntok - 1].off + 1 : 0) : t->off;
}

static void frag_leaf(struct parser *p, struct frag *f, uint32_t kind, int minlen, int oob)
{
	uint32_t pos = rules_add_pos(p->r, kind);

	memset(f, 0, sizeof(*f));
	iv_push(&f->first, pos);
	iv_push(&f->last, pos);
	f->minlen = minlen;
	f->oob = oob;
}

static void frag_set(struct parser *p, struct frag *f, const struct bset *s, int minlen, int oob)
{
	frag_leaf(p, f, rules_add_set(p->r, s), minlen, oob);
}

static void frag_byte(struct parser *p, struct frag *f, uint8_t c)
{
	struct bset s = { { 0 } };

	bset_add(&s, c);
	frag_set(p, f, &s, 1, 0);
}

static void iv_cat(struct ivec *d, const struct ivec *s)
{
	for (size_t i = 0; i < s->n; i++)
		iv_push(d, s->v[i]);
}

/* a then b, into a; b freed.  min_match_len stops at a piece that
 * "contains oob" (CatNode::min_match_len). */
static void frag_cat(struct parser *p, struct frag *a, struct frag *b)
{
	rules_add_edges(p->r, &a->last, &b->first);
	if (a->nullable)
		iv_cat(&a->first, &b->first);
	if (b->nullable) {
		iv_cat(&b->last, &a->last);
	}
	iv_free(&a->last);
	a->last = b->last;
	b->last = (struct ivec){ 0 };
	if (!a->oob)
		a->minlen += b->minlen;
	a->oob |= b->oob;
	a->nullable &= b->nullable;
	frag_free(b);
}

static void frag_alt(struct frag *a, struct frag *b)
{
	iv_cat(&a->first, &b->first);
	iv_cat(&a->last, &b->last);
	a->nullable |= b->nullable;
	if (b->minlen < a->minlen)
		a->minlen = b->minlen;
	a->oob |= b->oob;
	frag_free(b);
}

static void parse_regex(struct parser *p, struct frag *f);

/* A byte of a bracket expression: cset_char, plus ']' and '-' first
 * (cset_char1) or '^' later (cset_charN). */
static int cset_byte(struct parser *p, int first)
{
	const struct tok *t = peek(p);

	switch (t->t) {
	case T_CHAR: case '[': case '*': case '+': case '.': case '|': case '(': case ')':
		break;
	case ']': case '-':
		if (!first)
			return -1;
		break;
	case '^':
		if (first)
			return -1;
		break;
	default:
		return -1;
	}
	p->i++;
	return t->c;
}

static void add_range(struct bset *s, int a, int b)
{
	if (a > b) {
		int t = a;

		a = b;
		b = t;
	}
	for (int c = a; c <= b; c++)
		bset_add(s, (unsigned)c);
}

/* After "[", "[^" or "[^^": the bytes up to and including "]". */
static int parse_cset(struct parser *p, struct bset *s, int first)
{
	for (;;) {
		int a = cset_byte(p, first), b;

		if (a < 0)
			break;
		first = 0;
		if (peek(p)->t == '-') {
			p->i++;
			b = cset_byte(p, 0);
			if (b < 0) {
				syntax(p, "bad range in [...]");
				return -1;
			}
			add_range(s, a, b);
		} else {
			bset_add(s, (unsigned)a);
		}
	}
	if (first || peek(p)->t != ']') {
		syntax(p, first ? "empty [...]" : "unterminated [...]");
		return -1;
	}
	p->i++;
	return 0;
}

/* term: '.', a literal, [...], [^...], [^^...], or (regex). */
static int parse_term(struct parser *p, struct frag *f)
{
	const struct tok *t = peek(p);
	struct bset s = { { 0 } };
	int neg = 0;

	switch (t->t) {
	case '.':
		p->i++;
		p->exact = 0;
		memset(&s, 0xff, sizeof(s));
		frag_set(p, f, &s, 0, 0);	/* AnyCharNode: min_match_len 0 */
		return 0;
	case T_CHAR: case '^': case '-': case ']':
		p->i++;
		frag_byte(p, f, t->c);
		return 0;
	case '(':
		if (p->depth >= RE_DEPTH_MAX) {
			syntax(p, "parentheses nested too deep");
			return -1;
		}
		p->i++;
		p->depth++;
		parse_regex(p, f);
		p->depth--;
		if (p->failed || peek(p)->t != ')') {
			syntax(p, "missing ')'");
			frag_free(f);
			return -1;
		}
		p->i++;
		return 0;
	case '[':
		p->i++;
		p->exact = 0;
		if (peek(p)->t == '^') {
			p->i++;
			neg = 1;
			if (peek(p)->t == '^') {
				p->i++;
				bset_add(&s, '^');
				if (parse_cset(p, &s, 0) < 0)
					return -1;
				goto negated;
			}
		}
		if (parse_cset(p, &s, 1) < 0)
			return -1;
		if (!neg) {
			frag_set(p, f, &s, 1, 0);
			return 0;
		}
negated:
		for (int i = 0; i < 4; i++)
			s.w[i] = ~s.w[i];
		frag_set(p, f, &s, 1, 1);	/* NotCharSetNode "contains oob" */
		return 0;
	}
	return 1;	/* no term here */
}

/* terms0: zero or more terms, each with at most one '*' or '+'. */
static void parse_terms(struct parser *p, struct frag *f)
{
	memset(f, 0, sizeof(*f));
	f->nullable = 1;
	for (;;) {
		struct frag t;
		int r = parse_term(p, &t);

		if (r)
			return;
		if (peek(p)->t == '*' || peek(p)->t == '+') {
			rules_add_edges(p->r, &t.last, &t.first);
			p->exact = 0;
			if (peek(p)->t == '*') {
				t.nullable = 1;
				t.minlen = 0;
			}
			p->i++;
		}
		frag_cat(p, f, &t);
	}
}

/* regex: terms0 ('|' terms0)*, an empty branch matching the empty string. */
static void parse_regex(struct parser *p, struct frag *f)
{
	parse_terms(p, f);
	while (!p->failed && peek(p)->t == '|') {
		struct frag b;

		p->i++;
		parse_terms(p, &b);
		frag_alt(f, &b);
	}
}

/* One part: its tokens, then regex to the end. */
static int parse_part(struct parser *p, const char *s, size_t len, struct frag *f)
{
	p->ntok = p->i = 0;
	if (lex(p, (const uint8_t *)s, len, 0) < 0)
		return -1;
	parse_regex(p, f);
	if (!p->failed && peek(p)->t != T_END)
		syntax(p, peek(p)->t == ')' ? "unmatched ')'" : "unexpected operator");
	if (p->failed) {
		frag_free(f);
		return -1;
	}
	return 0;
}

int re_parse(struct dfa_rules *r, int n, const char *const *parts, const size_t *lens,
	     int oob, struct frag *f, int *exact, struct dfa_err *err)
{
	struct parser p = { .r = r, .err = err, .exact = 1 };
	int ret = 0;

	memset(f, 0, sizeof(*f));
	for (int i = 0; i < n; i++) {
		struct frag part, sep;

		if (parse_part(&p, parts[i], lens[i], &part) < 0) {
			if (n > 1)
				snprintf(err->msg + strlen(err->msg), sizeof(err->msg) - strlen(err->msg),
					 " (part %d)", i + 1);
			frag_free(f);
			ret = DFA_ESYNTAX;
			break;
		}
		if (i == 0) {
			*f = part;
			continue;
		}
		if (oob)
			frag_leaf(&p, &sep, POS_OOB, 0, 1);
		else
			frag_byte(&p, &sep, 0);
		frag_cat(&p, f, &sep);
		frag_cat(&p, f, &part);
	}
	free(p.tok);
	*exact = p.exact;
	return ret;
}
