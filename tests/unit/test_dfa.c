// SPDX-License-Identifier: Apache-2.0
/* test_dfa.c: lib/dfa: the regex syntax and its escapes, vector rules and
 * the out-of-band separator, accept words as apparmor merges them,
 * minimal state counts, packing read back through the independent reader
 * (verify.c) and matched both ways, each kernel check of a bad blob, the
 * caps on both sides, a random differential test against a backtracking
 * matcher, and the cost of a realistic rule set (printed, not asserted). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "lsmbox.h"
#include "dfa/dfa.h"
#include "unit.h"

/* ---- helpers ---- */

static struct dfa_rules *rules_of(unsigned flags, const char *const *re)
{
	struct dfa_rules *r = dfa_rules_new(flags);

	for (int i = 0; re[i]; i++)
		if (dfa_add_rule(r, re[i], strlen(re[i]), 0, 1u << (i % 8), 0))
			unit_fail(__FILE__, __LINE__, "rule %s: %s", re[i], dfa_rules_err(r)->msg);
	return r;
}

static struct dfa *build(struct dfa_rules *r, unsigned flags)
{
	struct dfa_opts o = { flags, 0, 0 };
	struct dfa *d;
	int ret = dfa_build(r, &o, &d);

	if (ret)
		unit_fail(__FILE__, __LINE__, "build: %d %s", ret, dfa_rules_err(r)->msg);
	return d;
}

static struct dfa *build1(const char *re)
{
	const char *v[] = { re, NULL };
	struct dfa_rules *r = rules_of(0, v);
	struct dfa *d = build(r, 0);

	dfa_rules_free(r);
	return d;
}

static uint32_t acc(const struct dfa *d, const void *s, size_t len)
{
	return dfa_accept(d, dfa_match(d, 1, s, len));
}

#define ACC(d, lit) acc((d), (lit), sizeof(lit) - 1)

/* Pack d (with or without EC), read it back, and check that the tables
 * walk every string of strs to the same state with the same words. */
static void check_packed(const struct dfa *d, const char *const *strs, const size_t *lens, int n)
{
	for (int ec = 0; ec < 2; ec++) {
		struct buf b = BUF_INIT(0);
		struct dfa_blob t;
		const char *why = NULL;
		struct dfa_err err;

		CHECK_INT(dfa_pack(d, ec ? DFA_PACK_EC : 0, &b, &err), 0);
		CHECK_INT(b.len % 8, 0);
		if (dfa_blob_unpack(b.p, b.len, &t, &why))
			unit_fail(__FILE__, __LINE__, "unpack: %s", why);
		CHECK_INT(t.nstates, dfa_nstates(d));
		CHECK(ec ? t.ec != NULL : t.ec == NULL);
		for (uint32_t s = 0; s < t.nstates; s++) {
			CHECK(s < 2 ? t.accept[s] == 0 : t.accept[s] == dfa_accept(d, (int)s));
			CHECK(s < 2 ? t.accept2[s] == 0 : t.accept2[s] == dfa_accept2(d, (int)s));
			for (int c = 0; c < 256; c++)
				if (dfa_blob_next(&t, s, (uint8_t)c) != (unsigned)dfa_next(d, (int)s, c))
					unit_fail(__FILE__, __LINE__, "state %u byte %d: %u, want %d", s, c,
						  dfa_blob_next(&t, s, (uint8_t)c), dfa_next(d, (int)s, c));
			if (s && dfa_blob_oob(&t, s) != (unsigned)dfa_next(d, (int)s, DFA_OOB))
				unit_fail(__FILE__, __LINE__, "state %u oob", s);
		}
		for (int i = 0; i < n; i++)
			CHECK_INT(dfa_blob_match(&t, 1, strs[i], lens[i]),
				  dfa_match(d, 1, strs[i], lens[i]));
		dfa_blob_free(&t);
		buf_free(&b);
	}
}

/* ---- the syntax ---- */

struct ka {
	const char *re;
	const char *yes[8], *no[8];
};

static const struct ka known[] = {
	{ "abc", { "abc" }, { "ab", "abcd", "", "abd" } },
	{ "a*", { "", "a", "aaaa" }, { "b", "ab" } },
	{ "a+", { "a", "aa" }, { "", "b" } },
	{ "ab*c", { "ac", "abbbc" }, { "abb", "bc" } },
	{ "(ab)+", { "ab", "abab" }, { "", "aba" } },
	{ "a|bc", { "a", "bc" }, { "abc", "b", "" } },
	{ "a|", { "a", "" }, { "aa" } },
	{ "|a", { "a", "" }, { "b" } },
	{ "a||b", { "a", "b", "" }, { "ab" } },
	{ "(a|)b", { "ab", "b" }, { "a" } },
	{ "()", { "" }, { "a" } },
	{ "()*a", { "a" }, { "" } },
	{ "", { "" }, { "a" } },
	{ "|", { "" }, { "|" } },
	{ ".", { "a", "\n", "\xff", "." }, { "", "ab" } },
	{ "a.c", { "abc", "a.c", "a/c" }, { "ac" } },
	{ "[abc]", { "a", "b", "c" }, { "d", "" } },
	{ "[^abc]", { "d", "\xff", "^" }, { "a", "c", "" } },
	{ "[a-c]x", { "ax", "bx", "cx" }, { "dx", "-x" } },
	{ "[c-a]", { "a", "b", "c" }, { "d" } },		/* a reversed range is swapped */
	{ "[]a]", { "]", "a" }, { "b" } },
	{ "[-a]", { "-", "a" }, { "b" } },
	{ "[a^]", { "a", "^" }, { "b" } },
	{ "[^]a]", { "b" }, { "]", "a" } },
	{ "[^^a]", { "b" }, { "^", "a" } },		/* "[^^...]": not '^' or ... */
	{ "[^^]", { "a" }, { "^" } },
	{ "[--a]", { "-", ".", "0", "a" }, { ",", "b" } },	/* '-' to 'a' */
	{ "[]-a]", { "]", "^", "a" }, { "\\", "b" } },
	{ "[a-^]", { "^", "_", "`", "a" }, { "]", "b" } },	/* '^' ends a range too */
	{ "[*+.|()[]", { "*", "+", ".", "|", "(", ")", "[" }, { "a" } },
	{ "^a-b]", { "^a-b]" }, { "a" } },		/* ^ - ] are literals outside [] */
	{ "a$?{}", { "a$?{}" }, { "a" } },			/* not operators here */
	{ "\\x41\\x4a\\x4A", { "AJJ" }, { "x41" } },
	{ "\\101\\1010", { "AA0" }, { "A" } },			/* at most 3 octal digits */
	{ "\\777", { "?7" }, { "\xff" } },			/* stops before passing 255 */
	{ "\\400", { " 0" }, { "\x00" } },
	{ "\\d65\\d256", { "A\x19" "6" }, { "A" } },		/* \d: up to 3 decimal digits */
	{ "\\d", { "\\d" }, { "d" } },				/* bad escapes keep the backslash */
	{ "\\x", { "\\x" }, { "x" } },
	{ "\\xg", { "\\xg" }, { "g" } },
	{ "\\q\\/", { "\\q\\/" }, { "q/" } },
	{ "\\x*", { "\\", "\\xxx" }, { "x" } },		/* ...and what follows is lexed anew */
	{ "a\\", { "a\\" }, { "a" } },				/* a trailing backslash is itself */
	{ "\\*\\+\\.\\|\\^\\$\\-\\[\\]\\(\\)\\{\\}", { "*+.|^$-[](){}" }, { "" } },
	{ "\\\\\\\"", { "\\\"" }, { "\\" } },
	{ "\\a\\e\\f\\n\\r\\t", { "\a\033\f\n\r\t" }, { "aefnrt" } },
	{ "[\\]]", { "]" }, { "\\" } },
	{ "[\\x30-\\x32]", { "0", "1", "2" }, { "3", "x" } },
	{ "/usr/[^/\\x00]*", { "/usr/", "/usr/lib" }, { "/usr/lib/x" } },
	{ "/a/[^\\x00]*", { "/a/", "/a/b/c" }, { "/b" } },
};

TEST(dfa_known_answers)
{
	for (size_t i = 0; i < ARRAY_SIZE(known); i++) {
		const struct ka *k = &known[i];
		struct dfa *d = build1(k->re);

		for (int j = 0; j < 8 && k->yes[j]; j++)
			if (!acc(d, k->yes[j], strlen(k->yes[j])))
				unit_fail(__FILE__, __LINE__, "/%s/ should match \"%s\"", k->re,
					  str_esc(k->yes[j], SIZE_MAX));
		for (int j = 0; j < 8 && k->no[j]; j++)
			if (acc(d, k->no[j], strlen(k->no[j])))
				unit_fail(__FILE__, __LINE__, "/%s/ should not match \"%s\"", k->re,
					  str_esc(k->no[j], SIZE_MAX));
		check_packed(d, k->yes, (size_t[]){ 0 }, 0);
		dfa_free(d);
	}
}

/* NUL comes in through escapes: \x00, \0, \000, \d0. */
TEST(dfa_nul_escapes)
{
	const char *res[] = { "a\\x00b", "a\\0b", "a\\000b", "a\\d0b", "a\\00b" };

	for (size_t i = 0; i < ARRAY_SIZE(res); i++) {
		struct dfa *d = build1(res[i]);

		CHECK(ACC(d, "a\0b"));
		CHECK(!ACC(d, "ab"));
		CHECK(!ACC(d, "a0b"));
		dfa_free(d);
	}
}

TEST(dfa_syntax_errors)
{
	static const struct {
		const char *re;
		size_t off;
	} bad[] = {
		{ "a**", 2 }, { "a*+", 2 }, { "*a", 0 }, { "+", 0 }, { "(a", 2 }, { "a)", 1 },
		{ ")", 0 }, { "[a", 2 }, { "[]", 2 }, { "[a-]", 3 }, { "[--]", 3 },
		{ "[^^-x]", 3 }, { "[^]", 3 }, { "[^", 2 }, { "a|*", 2 }, { "[a-b-c]", 4 },
		{ "(*)", 1 }, { "[]-]", 3 },
	};
	struct dfa_rules *r = dfa_rules_new(0);
	char deep[2 * 1001 + 2];

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int ret = dfa_add_rule(r, bad[i].re, strlen(bad[i].re), 0, 1, 0);

		if (ret != DFA_ESYNTAX)
			unit_fail(__FILE__, __LINE__, "/%s/ parsed", bad[i].re);
		CHECK_INT(dfa_rules_err(r)->code, DFA_ESYNTAX);
		CHECK_INT(dfa_rules_err(r)->rule, 0);
		if (dfa_rules_err(r)->off != bad[i].off)
			unit_fail(__FILE__, __LINE__, "/%s/: error at %zu, want %zu (%s)", bad[i].re,
				  dfa_rules_err(r)->off, bad[i].off, dfa_rules_err(r)->msg);
	}
	/* A raw NUL is refused; an escaped one is not. */
	CHECK_INT(dfa_add_rule(r, "a\0b", 3, 0, 1, 0), DFA_ESYNTAX);
	CHECK(strstr(dfa_rules_err(r)->msg, "NUL"));
	CHECK_INT(dfa_rules_err(r)->off, 1);
	/* Nesting: 1000 deep parses, 1001 does not. */
	memset(deep, '(', 1000);
	memset(deep + 1000, ')', 1000);
	CHECK_INT(dfa_add_rule(r, deep, 2000, 0, 1, 0), 0);
	memset(deep, '(', 1001);
	memset(deep + 1001, ')', 1001);
	CHECK_INT(dfa_add_rule(r, deep, 2002, 0, 1, 0), DFA_ESYNTAX);
	CHECK(strstr(dfa_rules_err(r)->msg, "deep"));
	/* Failed rules left nothing behind: one rule, matching "". */
	CHECK_INT(dfa_rules_count(r), 1);
	{
		struct dfa *d = build(r, 0);

		CHECK_INT(dfa_nstates(d), 2);
		CHECK_INT(dfa_accept(d, 1), 1);
		dfa_free(d);
	}
	/* A bad part of a vector names the part. */
	{
		const char *parts[] = { "a", "(" };
		size_t lens[] = { 1, 1 };

		CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 2, parts, lens, 0), DFA_ESYNTAX);
		CHECK(strstr(dfa_rules_err(r)->msg, "(part 2)"));
		CHECK_INT(dfa_rules_err(r)->rule, 1);
		CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 0, parts, lens, 0), DFA_EINVAL);
	}
	dfa_rules_free(r);
}

/* ---- vectors and the out-of-band symbol ---- */

TEST(dfa_vectors)
{
	const char *parts[] = { "a*", "b", "[^\\x00]*" };
	size_t lens[] = { 2, 1, 8 };
	struct dfa_rules *r = dfa_rules_new(0);
	struct dfa *d;
	int s;

	CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 3, parts, lens, 0), 0);
	CHECK_INT(dfa_add_rule_vec(r, 0, 2, 0, 2, parts, lens, 1), 0);
	d = build(r, 0);
	/* NUL separators */
	CHECK_INT(ACC(d, "aa\0b\0xyz"), 1);
	CHECK_INT(ACC(d, "\0b\0"), 1);
	CHECK_INT(ACC(d, "aab\0x"), 0);
	CHECK_INT(ACC(d, "aa\0b"), 0);
	/* out-of-band: only the symbol, never a byte */
	s = dfa_match(d, 1, "aa", 2);
	s = dfa_next(d, s, DFA_OOB);
	CHECK(s != 0);
	CHECK_INT(dfa_accept(d, dfa_match(d, s, "b", 1)), 2);
	CHECK_INT(dfa_next(d, dfa_match(d, 1, "aa", 2), 0xff), 0);
	CHECK_INT(dfa_next(d, 1, DFA_OOB), dfa_next(d, dfa_match(d, 1, "a", 1), DFA_OOB));
	CHECK_INT(dfa_next(d, dfa_match(d, 1, "b", 1), DFA_OOB), 0);
	{
		const char *strs[] = { "aa\0b\0x", "\0b\0", "aab" };
		size_t sl[] = { 6, 3, 3 };

		check_packed(d, strs, sl, 3);
	}
	/* The header says out-of-band; the start's base carries the flag. */
	{
		struct buf b = BUF_INIT(0);
		struct dfa_blob t;

		CHECK_INT(dfa_pack(d, 0, &b, NULL), 0);
		CHECK_INT(dfa_blob_unpack(b.p, b.len, &t, NULL), 0);
		CHECK_INT(t.flags, 2);
		CHECK(t.base[1] & 0x20000000u);
		dfa_blob_free(&t);
		buf_free(&b);
	}
	dfa_free(d);
	dfa_rules_free(r);
}

/* ---- accept words ---- */

#define X_IX	(DFA_USER_EXEC | 0x200u)	/* exec + inherit */
#define X_PX	(DFA_USER_EXEC | 0x800u)	/* exec + profile */
#define X_UX	(DFA_USER_EXEC | 0x400u)	/* exec + unconfined */
#define R	4u
#define W	2u

static uint32_t acc_of(unsigned flags, int n, const char *const *re, const int *deny,
		       const uint32_t *perms, const char *path, int *err)
{
	struct dfa_rules *r = dfa_rules_new(flags);
	struct dfa *d;
	uint32_t a = 0;

	for (int i = 0; i < n; i++)
		CHECK_INT(dfa_add_rule(r, re[i], strlen(re[i]), deny[i], perms[i], 0), 0);
	*err = dfa_build(r, NULL, &d);
	if (!*err) {
		a = dfa_accept(d, dfa_match(d, 1, path, strlen(path)));
		dfa_free(d);
	} else {
		CHECK(strstr(dfa_rules_err(r)->msg, "conflicting x modifiers"));
	}
	dfa_rules_free(r);
	return a;
}

TEST(dfa_perms_deny_audit_quiet)
{
	const char *re[] = { "/a[^/\\x00]*", "/ab", "/a[^/\\x00]*", "/q" };
	int deny[] = { 0, 1, 0, 1 };
	uint32_t perms[] = { R | W, W, 0x40, W }, audit[] = { R, W | R, 0x80 | 0x40, W };
	struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
	struct dfa *d;

	for (int i = 0; i < 4; i++)
		CHECK_INT(dfa_add_rule(r, re[i], strlen(re[i]), deny[i], perms[i], audit[i]), 0);
	d = build(r, 0);
	/* deny beats allow; quiet keeps only what is denied */
	CHECK_INT(ACC(d, "/ab"), R | 0x40);
	CHECK_INT(dfa_accept2(d, dfa_match(d, 1, "/ab", 3)),
		  DFA_PACK_AUDIT_CTL(R | 0x40, W));
	CHECK_INT(ACC(d, "/ac"), R | W | 0x40);
	/* audit bit 7 (0x80) is outside what PACK_AUDIT_CTL keeps */
	CHECK_INT(dfa_accept2(d, dfa_match(d, 1, "/ac", 3)), R | 0x40);
	CHECK_INT(ACC(d, "/b"), 0);
	/* a quiet deny alone: allow 0 but accept2 set, so not the dead state */
	CHECK_INT(ACC(d, "/q"), 0);
	CHECK_INT(dfa_accept2(d, dfa_match(d, 1, "/q", 2)), W << 7);
	CHECK(dfa_match(d, 1, "/q", 2) != 0);
	dfa_free(d);
	dfa_rules_free(r);
	CHECK_INT(DFA_PACK_AUDIT_CTL(0xffffffffu, 0), 0x1fc07f);
	CHECK_INT(DFA_PACK_AUDIT_CTL(0, 0x4001), (0x4001u << 7));
}

TEST(dfa_perms_exec)
{
	int err;

	/* Two globs that exec differently in one state: the error. */
	{
		const char *re[] = { "/bin/[^/\\x00]*", "/bin/l[^/\\x00]*" };
		int deny[] = { 0, 0 };
		uint32_t perms[] = { X_IX | R, X_PX }, audit[] = { 0, 0 };
		struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
		struct dfa *d;

		for (int i = 0; i < 2; i++)
			CHECK_INT(dfa_add_rule(r, re[i], strlen(re[i]), deny[i], perms[i], audit[i]), 0);
		CHECK_INT(dfa_build(r, NULL, &d), DFA_ECONFLICT);
		CHECK_INT(dfa_rules_err(r)->code, DFA_ECONFLICT);
		CHECK_INT(dfa_rules_err(r)->rule, 1);
		CHECK_INT(dfa_rules_err(r)->rule2, 0);
		CHECK_STR(dfa_rules_err(r)->msg, "profile has merged rule with conflicting x modifiers");
		dfa_rules_free(r);
		/* policydb mode merges them as bits */
		CHECK_INT(acc_of(0, 2, re, deny, perms, "/bin/ls", &err), X_IX | X_PX | R);
		CHECK_INT(err, 0);
		/* the same exec type twice is no conflict */
		perms[1] = X_IX | W;
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err),
			  X_IX | R | W);
		CHECK_INT(err, 0);
		/* other half: conflict there too */
		perms[0] = X_IX << DFA_OTHER_SHIFT;
		perms[1] = X_PX << DFA_OTHER_SHIFT;
		acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err);
		CHECK_INT(err, DFA_ECONFLICT);
		/* the halves are apart: ix for the owner, px for others is fine */
		perms[0] = X_IX;
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err),
			  X_IX | (X_PX << DFA_OTHER_SHIFT));
		CHECK_INT(err, 0);
	}
	/* An exact match's exec type overrides a glob's. */
	{
		const char *re[] = { "/bin/[^/\\x00]*", "/bin/ls" };
		int deny[] = { 0, 0 };
		uint32_t perms[] = { X_IX | R, X_PX };

		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_PX | R);
		CHECK_INT(err, 0);
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/cat", &err), X_IX | R);
		/* policydb mode: exact's type still replaces (apparmor does not gate it) */
		CHECK_INT(acc_of(0, 2, re, deny, perms, "/bin/ls", &err), X_PX | R);
		/* two exact rules that disagree conflict */
		re[0] = "/bin/ls";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), 0);
		CHECK_INT(err, DFA_ECONFLICT);
		/* an escaped byte keeps a rule exact; a one-byte [] does not */
		re[0] = "/bin/[l]s";
		re[1] = "/bin/\\x6cs";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_PX | R);
		re[0] = "/bin/ls";
		re[1] = "/bin/[l]s";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_IX | R);
		CHECK_INT(err, 0);
		re[1] = "/bin/ls+";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_IX | R);
		re[1] = "/bin/l(s)*";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_IX | R);
		re[1] = "/bin/l.";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_IX | R);
		re[1] = "/bin/l[^x]";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_IX | R);
		re[1] = "/bin/(ls|xx)";	/* alternation alone keeps it exact */
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), 0);
		CHECK_INT(err, DFA_ECONFLICT);
		re[0] = "/bin/[^/\\x00]*";
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), X_PX | R);
	}
	/* Denying exec denies the exec type too (file DFAs). */
	{
		const char *re[] = { "/bin/ls", "/bin/ls" };
		int deny[] = { 0, 1 };
		uint32_t perms[] = { X_UX | R, DFA_USER_EXEC };

		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err), R);
		CHECK_INT(acc_of(0, 2, re, deny, perms, "/bin/ls", &err), R | 0x400u);
		perms[0] = (X_UX | R) << DFA_OTHER_SHIFT;
		perms[1] = DFA_OTHER_EXEC;
		CHECK_INT(acc_of(DFA_RULES_FILE, 2, re, deny, perms, "/bin/ls", &err),
			  R << DFA_OTHER_SHIFT);
	}
}

/* Rules with one perm share one accept; a deny rule's exactness is moot. */
TEST(dfa_perms_shared)
{
	const char *re[] = { "/a", "/b", "/c", "/d" };
	struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
	struct dfa *d;

	for (int i = 0; i < 3; i++)
		CHECK_INT(dfa_add_rule(r, re[i], 2, 0, R, 0), 0);
	CHECK_INT(dfa_add_rule(r, re[3], 2, 1, R, 0), 0);
	d = build(r, 0);
	CHECK_INT(dfa_nstates(d), 4);	/* dead, start, "/", the accepting end */
	CHECK_INT(ACC(d, "/a"), R);
	CHECK_INT(ACC(d, "/c"), R);
	/* denied, nothing quiet: words 0, so the same as the dead state */
	CHECK_INT(dfa_match(d, 1, "/d", 2), 0);
	dfa_free(d);
	dfa_rules_free(r);
}

/* ---- minimisation ---- */

static int states_of(const char *const *re, unsigned flags)
{
	struct dfa_rules *r = rules_of(0, re);
	struct dfa *d = build(r, flags);
	int n = dfa_nstates(d);

	dfa_free(d);
	dfa_rules_free(r);
	return n;
}

TEST(dfa_minimal_counts)
{
	/* The dragon book's (a|b)*abb: 4 states, and the dead one. */
	CHECK_INT(states_of((const char *[]){ "(a|b)*abb", NULL }, 0), 5);
	/* (a|b)*a(a|b)(a|b): 2^3 states, and the dead one. */
	CHECK_INT(states_of((const char *[]){ "(a|b)*a(a|b)(a|b)", NULL }, 0), 9);
	CHECK_INT(states_of((const char *[]){ "(a|b)*a(a|b)(a|b)(a|b)(a|b)", NULL }, 0), 33);
	CHECK_INT(states_of((const char *[]){ "a*", NULL }, 0), 2);
	/* Common suffixes are shared before the construction (the positions
	 * of bc merge); x(ab)*a and ya(ba)* reach equal sets of words through
	 * different positions, which only minimisation merges. */
	CHECK_INT(states_of((const char *[]){ "abc|xbc", NULL }, DFA_NO_MINIMIZE), 5);
	CHECK_INT(states_of((const char *[]){ "abc|xbc", NULL }, 0), 5);
	CHECK_INT(states_of((const char *[]){ "x(ab)*a|ya(ba)*", NULL }, DFA_NO_MINIMIZE), 6);
	CHECK_INT(states_of((const char *[]){ "x(ab)*a|ya(ba)*", NULL }, 0), 4);
	/* ...unless their words differ (rules_of gives each rule its own bit). */
	CHECK_INT(states_of((const char *[]){ "abc", "xbc", NULL }, 0), 8);
	/* A rule that matches nothing: state 1 is a copy of the dead state. */
	CHECK_INT(states_of((const char *[]){ "[^\\x00-\\xff]", NULL }, 0), 2);
	CHECK_INT(states_of((const char *[]){ NULL }, 0), 2);
	/* Globs: "/a/[^/]*" and "/a/[^\0]*" stay apart from each other. */
	CHECK_INT(states_of((const char *[]){ "/a/[^/\\x00]*", "/a/[^\\x00]*", NULL }, 0), 6);
}

/* Every pair of states tells apart, by a naive Moore refinement here. */
static void check_minimal(const struct dfa *d)
{
	int n = dfa_nstates(d), changed = 1, *cls = xmalloc((size_t)n * sizeof(int));
	int *ncls = xmalloc((size_t)n * sizeof(int));

	for (int i = 0; i < n; i++)
		cls[i] = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (dfa_accept(d, i) == dfa_accept(d, j) && dfa_accept2(d, i) == dfa_accept2(d, j)) {
				cls[i] = cls[j];
				break;
			} else {
				cls[i] = i;
			}
	while (changed) {
		changed = 0;
		for (int i = 0; i < n; i++) {
			ncls[i] = i;
			for (int j = 0; j < i; j++) {
				int same = cls[i] == cls[j];

				for (int c = -1; c < 256 && same; c++)
					same = cls[dfa_next(d, i, c)] == cls[dfa_next(d, j, c)];
				if (same) {
					ncls[i] = ncls[j];
					break;
				}
			}
		}
		for (int i = 0; i < n; i++)
			if (ncls[i] != cls[i])
				changed = 1;
		memcpy(cls, ncls, (size_t)n * sizeof(int));
	}
	/* state 1 may be a copy of 0 (a start that matches nothing) */
	for (int i = 0; i < n; i++)
		for (int j = 0; j < i; j++)
			if (cls[i] == cls[j] && !(i == 1 && j == 0))
				unit_fail(__FILE__, __LINE__, "states %d and %d are equivalent", j, i);
	free(cls);
	free(ncls);
}

/* ---- a random differential test against a backtracking matcher ---- */

enum { N_CHAR, N_ANY, N_SET, N_NSET, N_EPS, N_CAT, N_ALT, N_STAR, N_PLUS };
struct node {
	int t;
	uint8_t c;
	const char *set;	/* N_SET, N_NSET */
	struct node *a, *b;
};

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static unsigned rnd(unsigned n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)(rng % n);
}

static const char alpha[] = "ab/\n";

static struct node *gen(int depth)
{
	struct node *n = xzalloc(sizeof(*n));
	unsigned k = depth > 0 ? rnd(12) : rnd(5);

	switch (k) {
	case 0: case 1: case 2:
		n->t = N_CHAR;
		n->c = (uint8_t)alpha[rnd(4)];
		break;
	case 3:
		n->t = rnd(3) ? N_SET : N_NSET;
		n->set = (const char *[]){ "a", "ab", "/", "b\n" }[rnd(4)];
		break;
	case 4:
		n->t = rnd(4) ? N_CHAR : (rnd(2) ? N_ANY : N_EPS);
		n->c = 'a';
		break;
	case 5: case 6: case 7:
		n->t = N_CAT;
		break;
	case 8: case 9:
		n->t = N_ALT;
		break;
	case 10:
		n->t = N_STAR;
		break;
	default:
		n->t = N_PLUS;
	}
	if (n->t >= N_CAT)
		n->a = gen(depth - 1);
	if (n->t == N_CAT || n->t == N_ALT)
		n->b = gen(depth - 1);
	return n;
}

static void emit(struct buf *b, const struct node *n)
{
	switch (n->t) {
	case N_CHAR:
		if (n->c == '\n')
			buf_put_str(b, "\\n");
		else
			buf_put_u8(b, n->c);
		break;
	case N_ANY:
		buf_put_str(b, ".");
		break;
	case N_EPS:
		buf_put_str(b, "()");
		break;
	case N_SET: case N_NSET:
		buf_printf(b, "[%s", n->t == N_NSET ? "^" : "");
		for (const char *s = n->set; *s; s++)
			buf_put_str(b, *s == '\n' ? "\\n" : (char[]){ *s, 0 });
		buf_put_str(b, "]");
		break;
	case N_CAT:
		emit(b, n->a);
		emit(b, n->b);
		break;
	case N_ALT:
		buf_put_str(b, "(");
		emit(b, n->a);
		buf_put_str(b, "|");
		emit(b, n->b);
		buf_put_str(b, ")");
		break;
	default:
		buf_put_str(b, "(");
		emit(b, n->a);
		buf_put_str(b, n->t == N_STAR ? ")*" : ")+");
	}
}

/* The ends reachable from each start in `from` (bit i: position i). */
static uint32_t ends(const struct node *n, const uint8_t *s, int len, uint32_t from)
{
	uint32_t out = 0, cur, next;

	switch (n->t) {
	case N_EPS:
		return from;
	case N_CHAR: case N_ANY: case N_SET: case N_NSET:
		for (int i = 0; i < len; i++) {
			int ok;

			if (!(from >> i & 1))
				continue;
			if (n->t == N_CHAR)
				ok = s[i] == n->c;
			else if (n->t == N_ANY)
				ok = 1;
			else
				ok = (strchr(n->set, s[i]) != NULL && s[i]) == (n->t == N_SET);
			if (ok)
				out |= 1u << (i + 1);
		}
		return out;
	case N_CAT:
		return ends(n->b, s, len, ends(n->a, s, len, from));
	case N_ALT:
		return ends(n->a, s, len, from) | ends(n->b, s, len, from);
	default:
		/* one or more rounds of a; star adds the starts themselves */
		cur = ends(n->a, s, len, from);
		out = cur;
		while (cur) {
			next = ends(n->a, s, len, cur) & ~out;
			out |= next;
			cur = next;
		}
		return n->t == N_STAR ? out | from : out;
	}
}

static void free_node(struct node *n)
{
	if (!n)
		return;
	free_node(n->a);
	free_node(n->b);
	free(n);
}

TEST(dfa_random_differential)
{
	int trials = 2000, strings = 150, matched = 0;

	for (int t = 0; t < trials; t++) {
		int nr = 1 + (int)rnd(3);
		struct node *tree[3];
		struct buf re[3];
		struct dfa_rules *r = dfa_rules_new(0);
		struct dfa *d, *dn;
		char *strs[150];
		size_t lens[150];

		for (int i = 0; i < nr; i++) {
			buf_init(&re[i], 0);
			tree[i] = gen(4);
			emit(&re[i], tree[i]);
			if (dfa_add_rule(r, (char *)re[i].p, re[i].len, 0, 1u << i, 0))
				unit_fail(__FILE__, __LINE__, "rule %.*s: %s", (int)re[i].len,
					  (char *)re[i].p, dfa_rules_err(r)->msg);
		}
		d = build(r, 0);
		dn = build(r, DFA_NO_MINIMIZE);
		CHECK(dfa_nstates(d) <= dfa_nstates(dn));
		for (int k = 0; k < strings; k++) {
			int len = (int)rnd(9);
			uint32_t want = 0;

			strs[k] = xmalloc(10);
			for (int i = 0; i < len; i++)
				strs[k][i] = alpha[rnd(4)];
			lens[k] = (size_t)len;
			for (int i = 0; i < nr; i++)
				if (ends(tree[i], (uint8_t *)strs[k], len, 1) >> len & 1)
					want |= 1u << i;
			matched += want != 0;
			if (acc(d, strs[k], lens[k]) != want || acc(dn, strs[k], lens[k]) != want)
				unit_fail(__FILE__, __LINE__, "trial %d: %.*s on \"%s\": %u/%u, want %u", t,
					  (int)re[0].len, (char *)re[0].p, str_esc(strs[k], SIZE_MAX),
					  acc(d, strs[k], lens[k]), acc(dn, strs[k], lens[k]), want);
		}
		if (t % 8 == 0) {
			check_packed(d, (const char *const *)strs, lens, strings);
			check_minimal(d);
		}
		for (int k = 0; k < strings; k++)
			free(strs[k]);
		for (int i = 0; i < nr; i++) {
			buf_free(&re[i]);
			free_node(tree[i]);
		}
		dfa_free(d);
		dfa_free(dn);
		dfa_rules_free(r);
	}
	/* not a test of nothing: a good share of the strings match */
	fprintf(stderr, "dfa: random: %d of %d strings matched some rule\n", matched,
		trials * strings);
	CHECK(matched > trials * strings / 20);
}

/* ---- min_match_len ---- */

TEST(dfa_min_match_len)
{
	static const struct {
		const char *re;
		int len;
	} mm[] = {
		{ "/usr/bin/a[^/\\x00]*", 10 }, { "abc", 3 }, { "a.c", 2 },	/* '.' counts 0 */
		{ "a[^b]cd", 2 },	/* nothing after [^...] counts */
		{ "a[bc]d", 3 }, { "ab*c", 2 }, { "a(bc)+d", 4 }, { "a|bcd", 1 }, { "()", 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(mm); i++) {
		struct dfa *d = build1(mm[i].re);

		if (dfa_min_match_len(d) != mm[i].len)
			unit_fail(__FILE__, __LINE__, "/%s/: %d, want %d", mm[i].re,
				  dfa_min_match_len(d), mm[i].len);
		dfa_free(d);
	}
	/* Over rules, the least; an out-of-band part stops the count. */
	{
		const char *parts[] = { "/ab", "xyz" };
		size_t lens[] = { 3, 3 };
		struct dfa_rules *r = dfa_rules_new(0);
		struct dfa *d;

		CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 2, parts, lens, 1), 0);
		d = build(r, 0);
		CHECK_INT(dfa_min_match_len(d), 3);
		dfa_free(d);
		CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 2, parts, lens, 0), 0);
		CHECK_INT(dfa_add_rule(r, "/abcdefgh", 9, 0, 1, 0), 0);
		d = build(r, 0);
		CHECK_INT(dfa_min_match_len(d), 3);
		dfa_free(d);
		dfa_rules_free(r);
		r = dfa_rules_new(0);
		CHECK_INT(dfa_add_rule_vec(r, 0, 1, 0, 2, parts, lens, 0), 0);
		d = build(r, 0);
		CHECK_INT(dfa_min_match_len(d), 7);	/* NUL separators count */
		dfa_free(d);
		dfa_rules_free(r);
	}
}

/* ---- caps, both sides ---- */

TEST(dfa_construction_caps)
{
	const char *re = "(a|b)*a(a|b)(a|b)(a|b)(a|b)(a|b)";
	struct dfa_rules *r = dfa_rules_new(0);
	struct dfa_opts o = { 0, 0, 0 };
	struct dfa *d;
	size_t built, mem;

	CHECK_INT(dfa_add_rule(r, re, strlen(re), 0, 1, 0), 0);
	CHECK_INT(dfa_build(r, &o, &d), 0);
	built = dfa_stats(d)->built;
	mem = dfa_stats(d)->mem;
	CHECK(built >= 64);
	dfa_free(d);
	o.max_states = built;			/* exactly enough */
	CHECK_INT(dfa_build(r, &o, &d), 0);
	CHECK_INT(dfa_nstates(d), 65);
	dfa_free(d);
	o.max_states = built - 1;		/* one short */
	d = (struct dfa *)&o;
	CHECK_INT(dfa_build(r, &o, &d), DFA_ESTATES);
	CHECK(d == NULL);
	CHECK_INT(dfa_rules_err(r)->code, DFA_ESTATES);
	CHECK(strstr(dfa_rules_err(r)->msg, "too complex"));
	/* the rule that made the states named: the only one */
	CHECK_INT(dfa_rules_err(r)->rule, 0);
	CHECK(strstr(dfa_rules_err(r)->msg, "; this rule is in "));
	o.max_states = 0;
	o.max_mem = mem;			/* the peak: enough */
	CHECK_INT(dfa_build(r, &o, &d), 0);
	dfa_free(d);
	o.max_mem = 4096;			/* far too little */
	CHECK_INT(dfa_build(r, &o, &d), DFA_EMEM);
	CHECK_INT(dfa_rules_err(r)->code, DFA_EMEM);
	CHECK_INT(dfa_rules_err(r)->rule, -1);	/* before any state */
	/* The rules are still usable after a failed build. */
	CHECK_INT(dfa_build(r, NULL, &d), 0);
	CHECK_INT(ACC(d, "abaaaa"), 1);
	dfa_free(d);
	dfa_rules_free(r);
}

/* The followpos limit: "(a|b|...|j)*" makes 10 x 10 pairs, and 10 more
 * to the accept position; a refused rule leaves nothing behind. */
TEST(dfa_edge_limit)
{
	const char *re = "(a|b|c|d|e|f|g|h|i|j)*";
	struct dfa_rules *r = dfa_rules_new(0);
	struct dfa *d;

	dfa_rules_limit(r, 110);
	CHECK_INT(dfa_add_rule(r, re, strlen(re), 0, 1, 0), 0);
	dfa_rules_free(r);
	r = dfa_rules_new(0);
	dfa_rules_limit(r, 109);
	CHECK_INT(dfa_add_rule(r, re, strlen(re), 0, 1, 0), DFA_EMEM);
	CHECK_INT(dfa_rules_err(r)->code, DFA_EMEM);
	CHECK(strstr(dfa_rules_err(r)->msg, "too complex"));
	CHECK_INT(dfa_rules_count(r), 0);
	CHECK_INT(dfa_add_rule(r, "/x", 2, 0, 2, 0), 0);	/* still usable */
	CHECK_INT(dfa_add_rule(r, "(a*)*", 5, 0, 2, 0), 0);
	d = build(r, 0);
	CHECK_INT(ACC(d, "/x"), 2);
	CHECK_INT(ACC(d, "aaa"), 2);
	CHECK_INT(ACC(d, "a/x"), 0);
	dfa_free(d);
	dfa_rules_free(r);
}

/* append_rule (xattr conditions): every rule goes on, optionally, with an
 * out-of-band step and the appended expression, keeping its permissions;
 * a second append goes on from the first's end only. */
TEST(dfa_append)
{
	struct dfa_rules *r = dfa_rules_new(0);
	struct dfa *d;
	int s;

	CHECK_INT(dfa_append_rule(r, "x", 1, 1), 0);	/* nothing to append to */
	CHECK_INT(dfa_add_rule(r, "/a", 2, 0, 1, 0), 0);
	CHECK_INT(dfa_add_rule(r, "/b", 2, 0, 2, 0), 0);
	CHECK_INT(dfa_append_rule(r, "\\x00v", 5, 1), 0);
	CHECK_INT(dfa_append_rule(r, "\\x00w*", 6, 1), 0);
	CHECK_INT(dfa_add_rule(r, "/c", 2, 0, 4, 0), DFA_EINVAL);	/* not after */
	CHECK_INT(dfa_append_rule(r, "(", 1, 1), DFA_ESYNTAX);	/* refused, rolled back */
	d = build(r, 0);
	CHECK_INT(ACC(d, "/a"), 1);
	CHECK_INT(ACC(d, "/b"), 2);
	s = dfa_next(d, dfa_match(d, 1, "/a", 2), DFA_OOB);
	s = dfa_match(d, s, "\0v", 2);
	/* the appended piece is shared: every rule's permissions after it */
	CHECK_INT(dfa_accept(d, s), 3);
	CHECK_INT(dfa_accept(d, dfa_match(d, dfa_next(d, s, DFA_OOB), "\0ww", 3)), 3);
	/* the second only after the first */
	s = dfa_next(d, dfa_match(d, 1, "/b", 2), DFA_OOB);
	CHECK_INT(dfa_accept(d, dfa_match(d, s, "\0w", 2)), 0);
	CHECK_INT(dfa_next(d, dfa_match(d, 1, "/c", 2), DFA_OOB), 0);
	dfa_free(d);
	dfa_rules_free(r);
}

/* Past the kernel's states, the rule in the most of them is named: the
 * long literal (rule 1), not the short one before it. */
TEST(dfa_kernel_state_blame)
{
	size_t L = DFA_KERNEL_STATES_MAX;
	char *s = xmalloc(L);
	struct dfa_rules *r = dfa_rules_new(0);
	struct buf b = BUF_INIT(0);
	struct dfa_err err;
	struct dfa *d;

	memset(s, 'a', L);
	CHECK_INT(dfa_add_rule(r, "b", 1, 0, 2, 0), 0);
	CHECK_INT(dfa_add_rule(r, s, L, 0, 1, 0), 0);
	d = build(r, 0);
	CHECK_INT(dfa_pack(d, 0, &b, &err), DFA_ETOOBIG);
	CHECK_INT(err.rule, 1);
	CHECK(strstr(err.msg, "before minimising: this one"));
	dfa_free(d);
	dfa_rules_free(r);
	buf_free(&b);
	free(s);
}

/* A literal of L bytes has L + 2 states: 65534 pack, 65535 do not. */
TEST(dfa_kernel_state_limit)
{
	size_t L = DFA_KERNEL_STATES_MAX - 2;
	char *s = xmalloc(L + 2);
	struct buf b = BUF_INIT(0);
	struct dfa_err err;

	memset(s, 'a', L + 1);
	for (int extra = 0; extra < 2; extra++) {
		struct dfa_rules *r = dfa_rules_new(0);
		struct dfa *d;

		CHECK_INT(dfa_add_rule(r, s, L + (size_t)extra, 0, 1, 0), 0);
		d = build(r, 0);
		CHECK_INT(dfa_nstates(d), DFA_KERNEL_STATES_MAX + extra);
		buf_reset(&b);
		if (!extra) {
			struct dfa_blob t;

			CHECK_INT(dfa_pack(d, 0, &b, &err), 0);
			CHECK_INT(dfa_blob_unpack(b.p, b.len, &t, NULL), 0);
			CHECK_INT(dfa_blob_match(&t, 1, s, L), (unsigned)DFA_KERNEL_STATES_MAX - 1);
			CHECK_INT(t.accept[DFA_KERNEL_STATES_MAX - 1], 1);
			CHECK_INT(dfa_blob_match(&t, 1, s, L + 1), 0);
			dfa_blob_free(&t);
		} else {
			CHECK_INT(dfa_pack(d, 0, &b, &err), DFA_ETOOBIG);
			CHECK_INT(err.code, DFA_ETOOBIG);
			CHECK(strstr(err.msg, "65535"));
			CHECK_INT(err.rule, 0);
			CHECK_INT(b.len, 0);
		}
		dfa_free(d);
		dfa_rules_free(r);
	}
	free(s);
	buf_free(&b);
}

/* A full output buffer is an error, not a short blob. */
TEST(dfa_pack_buffer_full)
{
	struct dfa *d = build1("/a/b");
	struct buf b = BUF_INIT(100);
	struct dfa_err err;

	CHECK_INT(dfa_pack(d, 0, &b, &err), DFA_EMEM);
	CHECK_INT(err.code, DFA_EMEM);
	CHECK(b.err);
	buf_free(&b);
	dfa_free(d);
}

/* ---- the packed layout ---- */

/* What apparmor_parser 3.0.8 writes for one rule (-Q -K -S, the file DFA
 * of "profile t { /a r, }" has the same shape): header, table order, sizes,
 * padding. */
TEST(dfa_pack_layout)
{
	struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
	struct dfa *d;
	struct buf b = BUF_INIT(0);
	const uint8_t *p;

	CHECK_INT(dfa_add_rule(r, "/a", 2, 0, R, 0), 0);
	d = build(r, 0);
	CHECK_INT(dfa_nstates(d), 4);
	CHECK_INT(dfa_pack(d, 0, &b, NULL), 0);
	p = b.p;
	CHECK(!memcmp(p, "\x1b\x5e\x78\x3d\0\0\0\x18", 8));
	CHECK(!memcmp(p + 12, "\0\0notflex\0\0", 12));	/* flags 0, name "" */
	/* ACCEPT: id 1, width 4, 4 entries, the last R */
	CHECK(!memcmp(p + 24, "\0\x01\0\x04\0\0\0\0\0\0\0\x04", 12));
	CHECK_INT(p[24 + 12 + 15], R);
	/* ACCEPT2 at 24 + 32, then BASE (id 2), DEF (id 4), NXT (id 8), CHK (id 3) */
	CHECK(!memcmp(p + 56, "\0\x07\0\x04", 4));
	CHECK(!memcmp(p + 88, "\0\x02\0\x04", 4));
	CHECK(!memcmp(p + 120, "\0\x04\0\x02\0\0\0\0\0\0\0\x04", 12));
	CHECK(!memcmp(p + 144, "\0\x08\0\x02", 4));
	/* next/check: 2 + 1 transitions, padded up to 256 */
	CHECK_INT(p[144 + 10] << 8 | p[144 + 11], 256);
	CHECK_INT(b.len, 144 + 2 * ((12 + 512 + 7) & ~7u));
	/* th_ssize is the whole blob */
	CHECK_INT((uint32_t)p[8] << 24 | p[9] << 16 | p[10] << 8 | p[11], b.len);
	/* EC: one more table, id 5, width 1, 256 entries, after ACCEPT2 */
	buf_reset(&b);
	CHECK_INT(dfa_pack(d, DFA_PACK_EC, &b, NULL), 0);
	p = b.p;
	CHECK(!memcmp(p + 88, "\0\x05\0\x01\0\0\0\0\0\0\x01\0", 12));
	buf_free(&b);
	dfa_free(d);
	dfa_rules_free(r);
}

/* The file DFA of a profile written for this test (36 rules: globs, **,
 * alternations, owner, exact and glob exec modifiers, deny, audit, a link
 * pair), as apparmor_parser 3.0.8 turns it into rules (-D rule-exprs);
 * its blob from apparmor_parser -Q -K -S -M (Debian's 6.1 features) is
 * 9976 bytes with hash_mem 0xbca84b504000d552.  Ours must be the same bytes. */
static const struct {
	int deny;
	uint32_t perms, audit;
	const char *re;
} golden[] = {
	{ 0, 0x904241, 0x0, "/bin/(ba|da|)sh" },
	{ 0, 0x3800e, 0x0, "/dev/tty[0-9][^/\\x00]*" },
	{ 0, 0x3800e, 0x0, "/dev/(null|zero|full)" },
	{ 0, 0x10004, 0x0, "/etc/golden/[^/\\x00][^\\x00]*" },
	{ 0, 0x3800e, 0x0, "/etc/golden/[^/\\x00]*\\.conf" },
	{ 0, 0x10004, 0x10004, "/etc/golden/audited" },
	{ 0, 0x1e, 0x0, "/home/[^/\\x00][^/\\x00]*/\\.cache/golden/(|[^\\x00]*)" },
	{ 0, 0x30, 0x0, "/home/[^/\\x00][^/\\x00]*/\\.cache/golden/(|[^\\x00]*)\\x00/[^/].*" },
	{ 0, 0xe, 0x0, "/home/[^/\\x00][^/\\x00]*/\\.config/golden/" },
	{ 0, 0x2e, 0x0, "/home/[^/\\x00][^/\\x00]*/\\.config/golden/[^/\\x00][^\\x00]*" },
	{ 0, 0x20008, 0x0, "/home/[^/\\x00][^/\\x00]*/golden-[^/\\x00]\\.log" },
	{ 0, 0x904241, 0x0, "/opt/golden/[^/\\x00][^\\x00]*/bin/[^/\\x00][^\\x00]*" },
	{ 0, 0x4, 0x0, "/proc/[^/\\x00][^/\\x00]*/attr/apparmor/" },
	{ 0, 0x2, 0x0, "/proc/[0-9][^/\\x00]*/attr/(apparmor/|)current" },
	{ 0, 0x10004, 0x0, "/proc/[0-9][^/\\x00]*/status" },
	{ 0, 0x10004, 0x0, "/proc/sys/kernel/(hostname|osrelease)" },
	{ 0, 0x3800e, 0x0, "/run/golden/golden\\.sock" },
	{ 0, 0x10004, 0x0, "/srv/golden/[^/\\x00][^\\x00]*/[^/\\x00]*\\.(png|jpg|svg)" },
	{ 0, 0x4, 0x0, "/sys/module/apparmor/parameters/enabled" },
	{ 0, 0x7801e, 0x0, "/tmp/golden\\.[^/\\x00]*" },
	{ 0, 0x40030, 0x0, "/tmp/golden\\.[^/\\x00]*\\x00/[^/].*" },
	{ 0, 0x914245, 0x0, "/usr/bin/env" },
	{ 0, 0x2004801, 0x0, "/usr/bin/golden-[^/\\x00]*" },
	{ 0, 0x904241, 0x0, "/usr/bin/golden-helper" },
	{ 0, 0x3004c01, 0x0, "/usr/bin/golden-tool" },
	{ 0, 0x1404501, 0x0, "/usr/lib/golden/bin/[^/\\x00][^/\\x00]*" },
	{ 0, 0x10004, 0x0, "/usr/share/golden/(icons|themes|locale)/[^/\\x00][^\\x00]*" },
	{ 0, 0x3800e, 0x0, "/var/lib/golden/[0-9][0-9][^/\\x00]*/state" },
	{ 0, 0x2800a, 0x0, "/var/log/golden/[^/\\x00]*\\.log" },
	{ 0, 0x110044, 0x0, "/(|usr/)lib(|32|64)/golden/[^/\\x00][^\\x00]*" },
	{ 0, 0x110044, 0x0, "/(|usr/)lib(|32|64)/golden/[^/\\x00]*\\.so[^/\\x00]*" },
	{ 1, 0x2800a, 0x0, "/etc/golden/secret[^/\\x00]*" },
	{ 1, 0x3800e, 0x3800e, "/etc/shadow" },
	{ 1, 0x4001, 0x4001, "/usr/bin/golden-evil" },
	{ 0, 0x40010, 0x0, "/tmp/golden-link" },
	{ 0, 0x40010, 0x0, "/tmp/golden-link\\x00/tmp/golden\\.[^/\\x00]*" },
};

TEST(dfa_golden_apparmor_parser)
{
	struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
	struct buf b = BUF_INIT(0);
	struct dfa *d;

	for (size_t i = 0; i < ARRAY_SIZE(golden); i++)
		CHECK_INT(dfa_add_rule(r, golden[i].re, strlen(golden[i].re), golden[i].deny,
				       golden[i].perms, golden[i].audit), 0);
	d = build(r, 0);
	CHECK_INT(dfa_nstates(d), 441);
	CHECK_INT(dfa_min_match_len(d), 7);
	CHECK_INT(dfa_pack(d, 0, &b, NULL), 0);
	CHECK_INT(b.len, 9976);
	CHECK(hash_mem(b.p, b.len) == 0xbca84b504000d552ull);
	/* what some paths get */
	CHECK_INT(ACC(d, "/etc/golden/a/b") & R, R);
	CHECK_INT(ACC(d, "/etc/shadow") & (R | W), 0);
	CHECK_INT(ACC(d, "/usr/bin/golden-helper") & 0x3fffu, 0x241u);	/* ix: exact wins */
	CHECK_INT(ACC(d, "/usr/bin/golden-x") & DFA_USER_EXEC, DFA_USER_EXEC);
	CHECK_INT(ACC(d, "/usr/bin/golden-evil") & DFA_USER_EXEC, 0);
	dfa_free(d);
	dfa_rules_free(r);
	buf_free(&b);
}

/* ---- the reader: each refusal of the kernel ---- */

struct tspec {
	int id, width;
	uint32_t n;
	const uint32_t *v;	/* NULL: zeros */
};

/* A blob of the given tables; hflags in the header. */
static void mkblob(struct buf *b, uint16_t hflags, const struct tspec *t, int nt)
{
	buf_reset(b);
	buf_put_u32be(b, DFA_BLOB_MAGIC);
	buf_put_u32be(b, 24);
	buf_put_u32be(b, 0);
	buf_put_u16be(b, hflags);
	buf_put(b, "notflex", 8);
	buf_pad(b, 2, 0);
	for (int i = 0; i < nt; i++) {
		buf_put_u16be(b, (uint16_t)t[i].id);
		buf_put_u16be(b, (uint16_t)t[i].width);
		buf_put_u32be(b, 0);
		buf_put_u32be(b, t[i].n);
		for (uint32_t k = 0; k < t[i].n; k++) {
			uint32_t v = t[i].v ? t[i].v[k] : 0;

			if (t[i].width == 4)
				buf_put_u32be(b, v);
			else if (t[i].width == 2)
				buf_put_u16be(b, (uint16_t)v);
			else
				buf_put_u8(b, (uint8_t)v);
		}
		buf_align(b, 8, 0);
	}
}

static const char *refusal(struct buf *b)
{
	struct dfa_blob t;
	const char *why = NULL;

	if (!dfa_blob_unpack(b->p, b->len, &t, &why)) {
		dfa_blob_free(&t);
		return NULL;
	}
	CHECK(why != NULL);
	return why;
}

#define REFUSED(b, text) do {							\
		const char *w_ = refusal(b);					\
		if (!w_ || !strstr(w_, text))					\
			unit_fail(__FILE__, __LINE__, "want \"%s\", got \"%s\"", text, \
				  w_ ? w_ : "(accepted)");			\
	} while (0)

TEST(dfa_verify_refusals)
{
	struct buf b = BUF_INIT(0);
	uint32_t base[2] = { 0, 0 }, def[2] = { 0, 0 }, nxt[300] = { 0 }, chk[300] = { 0 };
	struct tspec ok[] = {
		{ 1, 4, 2, NULL }, { 7, 4, 2, NULL }, { 2, 4, 2, base }, { 4, 2, 2, def },
		{ 8, 2, 256, nxt }, { 3, 2, 256, chk },
	};
	struct tspec t[8];

	mkblob(&b, 0, ok, 6);
	CHECK(refusal(&b) == NULL);
	/* the header */
	b.len = 15;
	REFUSED(&b, "shorter than");
	mkblob(&b, 0, ok, 6);
	b.p[0] ^= 1;
	REFUSED(&b, "magic");
	mkblob(&b, 0, ok, 6);
	buf_set_u32be(&b, 4, (uint32_t)b.len + 1);
	REFUSED(&b, "header size");
	mkblob(&b, 4, ok, 6);
	REFUSED(&b, "header flags");
	mkblob(&b, 0x8000, ok, 6);
	REFUSED(&b, "header flags");
	/* a table's own header */
	mkblob(&b, 0, ok, 6);
	b.len -= 8;				/* CHK cut short */
	REFUSED(&b, "runs past the end");
	mkblob(&b, 0, ok, 1);
	b.len = 24 + 11;
	REFUSED(&b, "cut short");
	memcpy(t, ok, sizeof(ok));
	t[0].id = 0;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "id is out of range");
	t[0].id = 10;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "id is out of range");
	t[0].id = 6;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "META");
	t[0].id = 9;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "unknown table id");
	memcpy(t, ok, sizeof(ok));
	t[0].width = 3;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "bad element width");
	t[0].width = 8;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "bad element width");
	memcpy(t, ok, sizeof(ok));
	t[0].n = 0;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "no entries");
	/* wrong widths, each table */
	{
		static const struct {
			int i, w;
			const char *msg;
		} ww[] = {
			{ 0, 2, "ACCEPT table is not 32" }, { 1, 2, "ACCEPT2 table is not 32" },
			{ 2, 2, "BASE table is not 32" }, { 3, 4, "DEF table is not 16" },
			{ 4, 4, "NXT table is not 16" }, { 5, 1, "CHK table is not 16" },
		};

		for (size_t i = 0; i < ARRAY_SIZE(ww); i++) {
			memcpy(t, ok, sizeof(ok));
			t[ww[i].i].width = ww[i].w;
			mkblob(&b, 0, t, 6);
			REFUSED(&b, ww[i].msg);
		}
		memcpy(t, ok, sizeof(ok));
		t[6] = (struct tspec){ 5, 2, 256, NULL };
		mkblob(&b, 0, t, 7);
		REFUSED(&b, "EC table is not 8");
	}
	/* duplicates, missing tables, lengths that disagree */
	memcpy(t, ok, sizeof(ok));
	t[6] = ok[3];
	mkblob(&b, 0, t, 7);
	REFUSED(&b, "DEF table appears twice");
	for (int miss = 0; miss < 6; miss++) {
		static const char *const what[] = {
			"ACCEPT table is missing", "ACCEPT2 table is missing", "required table",
			"required table", "required table", "required table",
		};
		int k = 0;

		for (int i = 0; i < 6; i++)
			if (i != miss)
				t[k++] = ok[i];
		mkblob(&b, 0, t, 5);
		REFUSED(&b, what[miss]);
	}
	memcpy(t, ok, sizeof(ok));
	t[0].n = 3;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "ACCEPT and BASE differ");
	memcpy(t, ok, sizeof(ok));
	t[1].n = 1;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "ACCEPT2 and BASE differ");
	memcpy(t, ok, sizeof(ok));
	t[3].n = 1;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "DEF and BASE differ");
	memcpy(t, ok, sizeof(ok));
	t[5].n = 255;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "NXT and CHK differ");
	memcpy(t, ok, sizeof(ok));
	t[6] = (struct tspec){ 5, 1, 255, NULL };
	mkblob(&b, 0, t, 7);
	REFUSED(&b, "EC table does not have 256");
	t[6].n = 256;
	mkblob(&b, 0, t, 7);
	CHECK(refusal(&b) == NULL);
	/* states and entries out of range */
	memcpy(t, ok, sizeof(ok));
	def[1] = 2;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "default state is out of range");
	def[1] = 1;
	mkblob(&b, 0, t, 6);
	CHECK(refusal(&b) == NULL);
	nxt[200] = 2;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "NXT entry is out of range");
	nxt[200] = 1;
	chk[255] = 2;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "CHK entry is out of range");
	chk[255] = 1;
	mkblob(&b, 0, t, 6);
	CHECK(refusal(&b) == NULL);
	/* base + 255 < len(NXT): 0 is the last base that fits 256 entries */
	base[1] = 1;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "base + 255");
	t[4].n = t[5].n = 257;
	mkblob(&b, 0, t, 6);
	CHECK(refusal(&b) == NULL);
	base[1] = 2;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "base + 255");
	/* flag bits */
	base[1] = 0x40000000u;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "invalid flag bits");
	base[1] = 0x01000000u;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "invalid flag bits");
	base[1] = 0x20000001u;			/* out-of-band: needs the header flag */
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "out-of-band state without");
	mkblob(&b, 2, t, 6);
	CHECK(refusal(&b) == NULL);
	base[1] = 0x20000000u;			/* ...and a base of at least 1 */
	mkblob(&b, 2, t, 6);
	REFUSED(&b, "base 0");
	base[1] = 0x80000000u;			/* diff-encode: needs the header flag */
	def[1] = 0;
	mkblob(&b, 0, t, 6);
	REFUSED(&b, "diff-encoded state without");
	mkblob(&b, 1, t, 6);
	CHECK(refusal(&b) == NULL);
	def[1] = 1;				/* a diff-encode self loop */
	mkblob(&b, 1, t, 6);
	REFUSED(&b, "loop");
	base[0] = 0x80000000u;			/* 0 -> 1 -> 0 */
	def[0] = 1;
	def[1] = 0;
	mkblob(&b, 1, t, 6);
	REFUSED(&b, "loop");
	buf_free(&b);
}

/* The matcher follows diff-encoded defaults, maps bytes through EC, and
 * takes the out-of-band slot below base. */
TEST(dfa_verify_matching)
{
	struct buf b = BUF_INIT(0);
	/* 4 states; 2 is diff-encoded against 3, which sends 'a' to 1 */
	uint32_t base[4] = { 0, 0, 0x80000000u | 10, 3 | 0x20000000u }, def[4] = { 0, 2, 3, 0 };
	uint32_t nxt[300] = { 0 }, chk[300] = { 0 }, ec[256] = { 0 };
	struct tspec t[] = {
		{ 1, 4, 4, NULL }, { 7, 4, 4, NULL }, { 2, 4, 4, base }, { 4, 2, 4, def },
		{ 8, 2, 300, nxt }, { 3, 2, 300, chk }, { 5, 1, 256, ec },
	};
	struct dfa_blob d;

	nxt[10 + 'b'] = 1;		/* state 2: 'b' -> 1 */
	chk[10 + 'b'] = 2;
	nxt[3 + 'a'] = 1;		/* state 3: 'a' -> 1, out-of-band -> 2 */
	chk[3 + 'a'] = 3;
	nxt[3 - 1] = 2;
	chk[3 - 1] = 3;
	mkblob(&b, 3, t, 6);
	CHECK_INT(dfa_blob_unpack(b.p, b.len, &d, NULL), 0);
	CHECK_INT(dfa_blob_next(&d, 2, 'b'), 1);
	CHECK_INT(dfa_blob_next(&d, 2, 'a'), 1);	/* through 3 */
	CHECK_INT(dfa_blob_next(&d, 2, 'c'), 0);	/* through 3, then its default */
	CHECK_INT(dfa_blob_next(&d, 1, 'x'), 2);	/* plain default */
	CHECK_INT(dfa_blob_oob(&d, 3), 2);
	CHECK_INT(dfa_blob_oob(&d, 1), 0);		/* no flag: no match */
	CHECK_INT(dfa_blob_match(&d, 0, "ab", 2), 0);
	CHECK_INT(dfa_blob_match(&d, 1, "xb", 2), 1);
	dfa_blob_free(&d);
	/* EC: every byte is class 'a' */
	for (int i = 0; i < 256; i++)
		ec[i] = 'a';
	mkblob(&b, 3, t, 7);
	CHECK_INT(dfa_blob_unpack(b.p, b.len, &d, NULL), 0);
	CHECK_INT(dfa_blob_next(&d, 3, 'z'), 1);
	dfa_blob_free(&d);
	buf_free(&b);
}

/* ---- a realistic rule set: states and time, printed ---- */

/* Variables as Debian's tunables set them, enough for the abstractions. */
static const char *const vars[][2] = {
	{ "HOME", "{/home/*/,/root/}" }, { "HOMEDIRS", "/home/" }, { "PROC", "/proc/" },
	{ "run", "{/run/,/var/run/}" }, { "sys", "/sys/" }, { "multiarch", "*-linux-gnu*" },
	{ "pid", "{[1-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9]}" },
	{ "pids", "{[1-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9]}" },
	{ "tid", "{[1-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9]}" },
	{ "uid", "{[0-9],[1-9][0-9],[1-9][0-9][0-9],[1-9][0-9][0-9][0-9]}" },
	{ "user_share_dirs", "/home/*/.local/share/" }, { "etc_ro", "{/etc/,/usr/etc/}" },
	{ "etc_rw", "/etc/" }, { "user_cache_dirs", "/home/*/.cache/" },
	{ "user_config_dirs", "/home/*/.config/" }, { "XDG_CONFIG_HOME", ".config" },
	{ "XDG_DATA_HOME", ".local/share" }, { "XDG_CACHE_HOME", ".cache" },
	{ "HEX", "[0-9a-fA-F]" }, { "hex", "[0-9a-f]" }, { "int", "[0-9]*" },
	{ "MOUNTS", "/mnt/" }, { "desktop", "{/usr/share/,/usr/local/share/}" },
};

/* AppArmor glob to libapparmor_re regex, as parser_regex.c does it:
 * ** any bytes but NUL, * and ? within a component, {a,b} alternation. */
static int glob_to_re(const char *g, struct buf *out)
{
	struct buf x = BUF_INIT(0);
	int cls = 0, depth = 0;

	/* variables first */
	for (const char *p = g; *p;) {
		if (p[0] == '@' && p[1] == '{') {
			const char *e = strchr(p, '}');
			size_t i;

			if (!e)
				return -1;
			for (i = 0; i < ARRAY_SIZE(vars); i++)
				if (strlen(vars[i][0]) == (size_t)(e - p - 2) &&
				    !strncmp(p + 2, vars[i][0], (size_t)(e - p - 2)))
					break;
			if (i == ARRAY_SIZE(vars)) {
				buf_free(&x);
				return -1;
			}
			buf_put_str(&x, vars[i][1]);
			p = e + 1;
		} else {
			buf_put_u8(&x, (uint8_t)*p++);
		}
	}
	buf_put_u8(&x, 0);
	for (const char *p = (char *)x.p; *p; p++) {
		switch (*p) {
		case '*':
			if (cls) {
				buf_put_u8(out, '*');
				break;
			}
			if (out->len && out->p[out->len - 1] == '/') {
				const char *s = p;

				while (*s == '*')
					s++;
				if (*s == '/' || !*s)
					buf_put_str(out, "[^/\\x00]");
			}
			if (p[1] == '*') {
				buf_put_str(out, "[^\\x00]*");
				p++;
			} else {
				buf_put_str(out, "[^/\\x00]*");
			}
			break;
		case '?':
			buf_put_str(out, cls ? "?" : "[^/\\x00]");
			break;
		case '[':
			cls = 1;
			buf_put_u8(out, '[');
			break;
		case ']':
			cls = 0;
			buf_put_u8(out, ']');
			break;
		case '{':
			depth++;
			buf_put_u8(out, '(');
			break;
		case '}':
			depth--;
			buf_put_u8(out, ')');
			break;
		case ',':
			buf_put_u8(out, depth && !cls ? '|' : ',');
			break;
		case '.': case '+': case '|': case '(': case ')': case '^': case '$':
			if (!cls)
				buf_put_u8(out, '\\');
			buf_put_u8(out, (uint8_t)*p);
			break;
		case '\\':
			if (p[1]) {
				buf_put_u8(out, '\\');
				buf_put_u8(out, (uint8_t)*++p);
			}
			break;
		default:
			buf_put_u8(out, (uint8_t)*p);
		}
	}
	buf_free(&x);
	return depth ? -1 : 0;
}

static uint32_t mode_bits(const char *m, int owner)
{
	uint32_t v = 0;

	for (; *m; m++)
		switch (*m) {
		case 'r': v |= R; break;
		case 'w': v |= W; break;
		case 'a': v |= 8; break;
		case 'l': v |= 0x10; break;
		case 'k': v |= 0x20; break;
		case 'm': v |= 0x40; break;
		case 'x': v |= X_IX; break;	/* one exec type for all: no conflicts */
		}
	return owner ? v : v | v << DFA_OTHER_SHIFT;
}

/* Path rules of /etc/apparmor.d/abstractions (if installed), then
 * synthetic ones in the same shapes, up to n. */
static int realistic_rules(struct dfa_rules *r, int n)
{
	const char *const shapes[] = {
		"/usr/share/%s/** r", "/{,usr/}lib{,32,64}/%s/** mr", "@{HOME}/.config/%s/* rw",
		"/etc/%s/{,**} r", "@{PROC}/@{pid}/%s r", "/{,var/}run/%s/*.sock rw",
		"owner @{HOME}/.cache/%s/** rwk", "/usr/{,local/}bin/%s ix",
	};
	FILE *ls = popen("cat /etc/apparmor.d/abstractions/* 2>/dev/null", "r");
	char line[4096], path[4096], mode[64];
	int got = 1, k = 1;
	struct buf re = BUF_INIT(0);

	CHECK_INT(glob_to_re("/usr/share/app0/**", &re), 0);
	CHECK_INT(dfa_add_rule(r, (char *)re.p, re.len, 0, R, 0), 0);

	while (ls && got < n && fgets(line, sizeof(line), ls)) {
		char *p = str_trim(line);
		int owner = 0, deny = 0;

		if (!strncmp(p, "owner ", 6))
			owner = 1, p += 6;
		if (!strncmp(p, "deny ", 5))
			deny = 1, p += 5;
		if ((*p != '/' && *p != '@') || sscanf(p, "%4095s %63[a-zA-Z],", path, mode) != 2)
			continue;
		if (path[strlen(path) - 1] == ',')
			continue;
		buf_reset(&re);
		if (glob_to_re(path, &re) < 0)
			continue;
		if (!dfa_add_rule(r, (char *)re.p, re.len, deny, mode_bits(mode, owner), 0))
			got++;
	}
	if (ls)
		pclose(ls);
	while (got < n) {
		char name[64];
		const char *shape = shapes[k % ARRAY_SIZE(shapes)];

		snprintf(name, sizeof(name), "app%d", k++);
		snprintf(line, sizeof(line), shape, name);
		sscanf(line + (strncmp(line, "owner ", 6) ? 0 : 6), "%4095s %63s", path, mode);
		buf_reset(&re);
		CHECK_INT(glob_to_re(path, &re), 0);
		CHECK_INT(dfa_add_rule(r, (char *)re.p, re.len, 0,
				       mode_bits(mode, !strncmp(line, "owner ", 6)), 0), 0);
		got++;
	}
	buf_free(&re);
	return got;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

TEST(dfa_realistic_cost)
{
	static const int sizes[] = { 500, 2000 };

	for (size_t i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
		struct dfa *d;
		struct buf b = BUF_INIT(0);
		struct dfa_blob t;
		double t0, t1, t2;
		int n = realistic_rules(r, sizes[i]);

		t0 = now();
		CHECK_INT(dfa_build(r, NULL, &d), 0);
		t1 = now();
		CHECK_INT(dfa_pack(d, 0, &b, NULL), 0);
		t2 = now();
		CHECK_INT(dfa_blob_unpack(b.p, b.len, &t, NULL), 0);
		CHECK(ACC(d, "/usr/share/app0/x/y") & R);
		CHECK_INT(dfa_blob_match(&t, 1, "/usr/share/app0/x/y", 19),
			  dfa_match(d, 1, "/usr/share/app0/x/y", 19));
		fprintf(stderr, "dfa: %d rules: %zu states built, %d after minimisation, "
			"%d classes, %.0f ms build, %.0f ms pack, %zu bytes, %zu KiB working memory\n",
			n, dfa_stats(d)->built, dfa_nstates(d), dfa_stats(d)->classes,
			(t1 - t0) * 1e3, (t2 - t1) * 1e3, b.len, dfa_stats(d)->mem >> 10);
		dfa_blob_free(&t);
		buf_free(&b);
		dfa_free(d);
		dfa_rules_free(r);
	}
}

/* Alternation- and glob-heavy rules do not explode: each of 300 names
 * under {,usr/}lib{,32,64}, with ** and a * in the last component. */
TEST(dfa_glob_heavy_cost)
{
	struct dfa_rules *r = dfa_rules_new(DFA_RULES_FILE);
	struct buf re = BUF_INIT(0);
	struct dfa_opts o = { 0, 0, (size_t)64 << 20 };
	struct dfa *d;
	double t0;

	for (int i = 0; i < 300; i++) {
		char g[256];

		snprintf(g, sizeof(g), "/{,usr/}{,local/}lib{,32,64}/{x86_64-linux-gnu/,}lib%d*.so{,.*} mr",
			 i);
		*strchr(g, ' ') = 0;
		buf_reset(&re);
		CHECK_INT(glob_to_re(g, &re), 0);
		CHECK_INT(dfa_add_rule(r, (char *)re.p, re.len, 0, R | 0x40, 0), 0);
		snprintf(g, sizeof(g), "/**/share/doc%d/**", i);
		buf_reset(&re);
		CHECK_INT(glob_to_re(g, &re), 0);
		CHECK_INT(dfa_add_rule(r, (char *)re.p, re.len, 0, R, 0), 0);
	}
	t0 = now();
	CHECK_INT(dfa_build(r, &o, &d), 0);
	CHECK(dfa_stats(d)->built < 1000);	/* Note [merging positions] in build.c */
	fprintf(stderr, "dfa: 600 glob-heavy rules: %zu states built, %d after minimisation, "
		"%.0f ms\n", dfa_stats(d)->built, dfa_nstates(d), (now() - t0) * 1e3);
	CHECK_INT(ACC(d, "/usr/lib64/lib7.so.1") & (R | 0x40), R | 0x40);
	CHECK_INT(ACC(d, "/a/b/share/doc12/x") & R, R);
	CHECK_INT(ACC(d, "/usr/lib64/lib7/x.so"), 0);
	dfa_free(d);
	dfa_rules_free(r);
	buf_free(&re);
}
