// SPDX-License-Identifier: Apache-2.0
/* parse.c: the grammar of apparmor_parser 3.0.8 (parser_yacc.y), one
 * function a nonterminal, over lex.c's tokens: a profile file is accepted
 * or refused where the anchor's LALR parser accepts or refuses its
 * syntax.  The meaning of what is read (flag and capability names, modes,
 * conditions, variables) is checked by the passes after this one, which
 * are not written yet; so far the parse only says yes or no. */
#include <stdlib.h>
#include <string.h>

#include "aa.h"

struct p {
	struct aa_lex *lx;
	struct aa_token t;	/* the lookahead */
};

static int next(struct p *p)
{
	return aa_lex_next(p->lx, &p->t);
}

static const char *tok_name(const struct aa_token *t)
{
	static const char *const names[] = {
		[AT_EOF] = "end of file", [AT_ID] = "a name", [AT_VALUE] = "a value",
		[AT_MODE] = "a mode", [AT_OPEN] = "'{'", [AT_CLOSE] = "'}'", [AT_OPENPAREN] = "'('",
		[AT_CLOSEPAREN] = "')'", [AT_END_OF_RULE] = "','", [AT_EQUALS] = "'='",
		[AT_ADD_ASSIGN] = "'+='", [AT_ARROW] = "'->'", [AT_CARET] = "'^'", [AT_COLON] = "':'",
		[AT_LE] = "'<='", [AT_SET_VAR] = "a variable", [AT_BOOL_VAR] = "a boolean variable",
		[AT_HAT] = "'hat'", [AT_PROFILE] = "'profile'", [AT_CONDID] = "a condition",
		[AT_CONDLISTID] = "a condition list", [AT_KEYWORD] = "a keyword",
	};

	return names[t->t];
}

static int bad(struct p *p, const char *want)
{
	if (p->t.t == AT_KEYWORD || p->t.t == AT_ID)
		diag(&p->t.loc, "syntax error, unexpected '%s', expecting %s", p->t.text, want);
	else
		diag(&p->t.loc, "syntax error, unexpected %s, expecting %s", tok_name(&p->t), want);
	return -1;
}

static bool is(const struct p *p, enum aa_tok t)
{
	return p->t.t == t;
}

static bool kw(const struct p *p, const char *word)
{
	return p->t.t == AT_KEYWORD && !strcmp(p->t.text, word);
}

/* The lookahead must be t: taken, or a message. */
static int want(struct p *p, enum aa_tok t, const char *what)
{
	return is(p, t) ? next(p) : bad(p, what);
}

static int take_if(struct p *p, bool yes)
{
	return yes ? next(p) : 0;
}

/* valuelist: TOK_VALUE+ */
static int valuelist(struct p *p)
{
	if (!is(p, AT_VALUE))
		return bad(p, "a value");
	while (is(p, AT_VALUE))
		if (next(p) < 0)
			return -1;
	return 0;
}

/* id_or_var: TOK_ID | TOK_SET_VAR */
static bool id_or_var(const struct p *p)
{
	return is(p, AT_ID) || is(p, AT_SET_VAR);
}

static int want_id_or_var(struct p *p)
{
	return id_or_var(p) ? next(p) : bad(p, "a name or a variable");
}

/* opt_conds: cond*;  cond: CONDID [= VALUE | = ( values ) | in ( values )] */
static int opt_conds(struct p *p)
{
	while (is(p, AT_CONDID)) {
		if (next(p) < 0)
			return -1;
		if (is(p, AT_EQUALS)) {
			if (next(p) < 0)
				return -1;
			if (is(p, AT_VALUE)) {
				if (next(p) < 0)
					return -1;
			} else if (is(p, AT_OPENPAREN)) {
				if (next(p) < 0 || valuelist(p) < 0 || want(p, AT_CLOSEPAREN, "')'") < 0)
					return -1;
			} else {
				return bad(p, "a value or '('");
			}
		} else if (kw(p, "in")) {
			if (next(p) < 0 || want(p, AT_OPENPAREN, "'('") < 0 || valuelist(p) < 0 ||
			    want(p, AT_CLOSEPAREN, "')'") < 0)
				return -1;
		}
	}
	return 0;
}

/* opt_cond_list: [CONDLISTID = ( opt_conds )] */
static int opt_cond_list(struct p *p)
{
	if (!is(p, AT_CONDLISTID))
		return 0;
	if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0 || want(p, AT_OPENPAREN, "'('") < 0 ||
	    opt_conds(p) < 0)
		return -1;
	return want(p, AT_CLOSEPAREN, "')'");
}

/* The permission words of a rule kind, one or a list in parentheses:
 * opt_dbus_perm, opt_net_perm, opt_signal_perm, opt_ptrace_perm. */
static int opt_perms(struct p *p, const char *const *words)
{
	bool paren = is(p, AT_OPENPAREN);

	if (paren && next(p) < 0)
		return -1;
	for (;;) {
		bool perm = is(p, AT_MODE) || (paren && is(p, AT_VALUE));

		for (int i = 0; words[i] && !perm; i++)
			perm = kw(p, words[i]);
		if (!perm)
			break;
		if (next(p) < 0)
			return -1;
		if (!paren)
			return 0;
	}
	return paren ? want(p, AT_CLOSEPAREN, "')'") : 0;
}

static const char *const dbus_words[] = { "bind", "send", "receive", "read", "write", "eavesdrop", NULL };
static const char *const net_words[] = { "create", "bind", "listen", "accept", "connect", "shutdown",
					 "getattr", "setattr", "getopt", "setopt", "send", "receive",
					 "read", "write", NULL };
static const char *const signal_words[] = { "send", "receive", "read", "write", NULL };
static const char *const ptrace_words[] = { "trace", "tracedby", "read", "write", "readby", NULL };

static int end(struct p *p)
{
	return want(p, AT_END_OF_RULE, "','");
}

static int rules(struct p *p);
static int profile_base(struct p *p);

/* flags: [CONDID =] ( VALUE+ ) */
static int flags(struct p *p)
{
	if (is(p, AT_CONDID)) {
		if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0)
			return -1;
		if (!is(p, AT_OPENPAREN))
			return bad(p, "'('");
	}
	if (!is(p, AT_OPENPAREN))
		return 0;
	if (next(p) < 0 || valuelist(p) < 0)
		return -1;
	return want(p, AT_CLOSEPAREN, "')'");
}

/* profile_base: ID [id_or_var] [cond_list] [flags] { rules } */
static int profile_base(struct p *p)
{
	if (want(p, AT_ID, "a profile name") < 0)
		return -1;
	if (id_or_var(p) && next(p) < 0)
		return -1;
	if (opt_cond_list(p) < 0 || flags(p) < 0 || want(p, AT_OPEN, "'{'") < 0 || rules(p) < 0)
		return -1;
	return want(p, AT_CLOSE, "'}'");
}

/* expr: not expr | BOOL_VAR | defined SET_VAR | defined BOOL_VAR */
static int expr(struct p *p)
{
	while (kw(p, "not"))
		if (next(p) < 0)
			return -1;
	if (kw(p, "defined")) {
		if (next(p) < 0)
			return -1;
		if (!is(p, AT_SET_VAR) && !is(p, AT_BOOL_VAR))
			return bad(p, "a variable");
		return next(p);
	}
	return want(p, AT_BOOL_VAR, "a boolean variable");
}

/* cond_rule: if expr { rules } [else { rules } | else cond_rule] */
static int cond_rule(struct p *p)
{
	for (;;) {
		if (next(p) < 0 || expr(p) < 0 || want(p, AT_OPEN, "'{'") < 0 || rules(p) < 0 ||
		    want(p, AT_CLOSE, "'}'") < 0)
			return -1;
		if (!kw(p, "else"))
			return 0;
		if (next(p) < 0)
			return -1;
		if (kw(p, "if"))
			continue;
		if (want(p, AT_OPEN, "'{'") < 0 || rules(p) < 0)
			return -1;
		return want(p, AT_CLOSE, "'}'");
	}
}

/* frule and file_rule_tail after opt_file and opt_exec_mode. */
static int frule(struct p *p)
{
	if (is(p, AT_MODE)) {
		/* MODE [subset | <=] id_or_var [-> id_or_var] , */
		if (next(p) < 0 || take_if(p, kw(p, "subset") || is(p, AT_LE)) < 0 || want_id_or_var(p) < 0)
			return -1;
	} else {
		/* id_or_var MODE [-> id_or_var] , */
		char *entry = id_or_var(p) ? xstrdup(p->t.text) : NULL;

		if (want_id_or_var(p) < 0 || want(p, AT_MODE, "a mode") < 0) {
			free(entry);
			return -1;
		}
		if (id_or_var(p)) {
			/* file_rule_tail's "ID MODE ID": a missing comma */
			diag(&p->t.loc, "missing an end of line character? (entry: %s)", entry);
			free(entry);
			return -1;
		}
		free(entry);
	}
	if (is(p, AT_ARROW) && (next(p) < 0 || want_id_or_var(p) < 0))
		return -1;
	return end(p);
}

/* One statement of a profile's rules, the lookahead its first token. */
static int rule(struct p *p)
{
	if (kw(p, "abi")) {
		if (next(p) < 0)
			return -1;
		if (!is(p, AT_ID) && !is(p, AT_VALUE))
			return bad(p, "an abi name");
		return next(p) < 0 ? -1 : end(p);
	}
	if (is(p, AT_CARET) || is(p, AT_HAT) || is(p, AT_PROFILE))
		return next(p) < 0 ? -1 : profile_base(p);
	if (kw(p, "if"))
		return cond_rule(p);
	if (kw(p, "set")) {
		/* set rlimit ID <= VALUE [ID] , */
		if (next(p) < 0)
			return -1;
		if (!kw(p, "rlimit"))
			return bad(p, "'rlimit'");
		if (next(p) < 0 || want(p, AT_ID, "a limit") < 0 || want(p, AT_LE, "'<='") < 0 ||
		    want(p, AT_VALUE, "a value") < 0 || take_if(p, is(p, AT_ID)) < 0)
			return -1;
		return end(p);
	}
	/* opt_prefix: [audit] [allow | deny] [owner | user | other] */
	if (take_if(p, kw(p, "audit")) < 0 || take_if(p, kw(p, "allow") || kw(p, "deny")) < 0 ||
	    take_if(p, kw(p, "owner") || kw(p, "user") || kw(p, "other")) < 0)
		return -1;
	if (is(p, AT_OPEN)) {
		if (next(p) < 0 || rules(p) < 0)
			return -1;
		return want(p, AT_CLOSE, "'}'");
	}
	if (kw(p, "network")) {
		if (next(p) < 0 || take_if(p, is(p, AT_ID)) < 0 || take_if(p, is(p, AT_ID)) < 0)
			return -1;
		return end(p);
	}
	if (kw(p, "mount") || kw(p, "remount") || kw(p, "umount") || kw(p, "unmount") ||
	    kw(p, "pivot_root")) {
		bool mount = kw(p, "mount"), pivot = kw(p, "pivot_root");

		if (next(p) < 0 || opt_conds(p) < 0 || take_if(p, is(p, AT_ID)) < 0)
			return -1;
		if (mount && is(p, AT_ARROW)) {
			if (next(p) < 0 || opt_conds(p) < 0 || want(p, AT_ID, "a mount point") < 0)
				return -1;
		} else if (pivot && is(p, AT_ARROW)) {
			if (next(p) < 0 || want_id_or_var(p) < 0)
				return -1;
		}
		return end(p);
	}
	if (kw(p, "dbus") || kw(p, "unix")) {
		bool dbus = kw(p, "dbus");

		if (next(p) < 0 || opt_perms(p, dbus ? dbus_words : net_words) < 0 || opt_conds(p) < 0 ||
		    opt_cond_list(p) < 0)
			return -1;
		return end(p);
	}
	if (kw(p, "signal") || kw(p, "ptrace")) {
		bool sig = kw(p, "signal");

		if (next(p) < 0 || opt_perms(p, sig ? signal_words : ptrace_words) < 0 || opt_conds(p) < 0)
			return -1;
		return end(p);
	}
	if (kw(p, "change_profile")) {
		/* change_profile [safe | unsafe] [ID] [-> id_or_var] , */
		if (next(p) < 0 || take_if(p, kw(p, "safe") || kw(p, "unsafe")) < 0 ||
		    take_if(p, is(p, AT_ID)) < 0)
			return -1;
		if (is(p, AT_ARROW) && (next(p) < 0 || want_id_or_var(p) < 0))
			return -1;
		return end(p);
	}
	if (kw(p, "capability")) {
		if (next(p) < 0)
			return -1;
		while (is(p, AT_ID))
			if (next(p) < 0)
				return -1;
		return end(p);
	}
	if (kw(p, "link")) {
		/* link [subset | <=] id_or_var -> id_or_var , */
		if (next(p) < 0 || take_if(p, kw(p, "subset") || is(p, AT_LE)) < 0 || want_id_or_var(p) < 0 ||
		    want(p, AT_ARROW, "'->'") < 0 || want_id_or_var(p) < 0)
			return -1;
		return end(p);
	}
	/* file_rule: file , | [file] [safe | unsafe] frule */
	if (kw(p, "file")) {
		if (next(p) < 0)
			return -1;
		if (is(p, AT_END_OF_RULE))
			return next(p);
	}
	if (take_if(p, kw(p, "safe") || kw(p, "unsafe")) < 0)
		return -1;
	if (!is(p, AT_MODE) && !id_or_var(p))
		return bad(p, "a rule");
	return frule(p);
}

/* rules: statements until '}' */
static int rules(struct p *p)
{
	while (!is(p, AT_CLOSE)) {
		if (is(p, AT_EOF))
			return bad(p, "'}'");
		if (rule(p) < 0)
			return -1;
	}
	return 0;
}

/* list: preamble profilelist */
static int list(struct p *p)
{
	/* preamble: alias, variables, abi */
	for (;;) {
		if (kw(p, "alias") || kw(p, "rewrite")) {
			if (next(p) < 0 || want(p, AT_ID, "a path") < 0 || want(p, AT_ARROW, "'->'") < 0 ||
			    want(p, AT_ID, "a path") < 0 || end(p) < 0)
				return -1;
		} else if (is(p, AT_SET_VAR)) {
			if (next(p) < 0)
				return -1;
			if (!is(p, AT_EQUALS) && !is(p, AT_ADD_ASSIGN))
				return bad(p, "'=' or '+='");
			if (next(p) < 0 || valuelist(p) < 0)
				return -1;
		} else if (is(p, AT_BOOL_VAR)) {
			if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0 || want(p, AT_VALUE, "a value") < 0)
				return -1;
		} else if (kw(p, "abi")) {
			if (rule(p) < 0)
				return -1;
		} else {
			break;
		}
	}
	/* profilelist: ([profile | hat] profile_base)* */
	while (!is(p, AT_EOF)) {
		if ((is(p, AT_PROFILE) || is(p, AT_CARET) || is(p, AT_HAT)) && next(p) < 0)
			return -1;
		if (profile_base(p) < 0)
			return -1;
	}
	return 0;
}

int aa_parse(struct aa_lex *lx)
{
	struct p p = { lx, { 0 } };

	if (next(&p) < 0)
		return -1;
	return list(&p);
}
