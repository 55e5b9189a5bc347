// SPDX-License-Identifier: Apache-2.0
/* parse.c: the grammar of apparmor_parser 3.0.8 (parser_yacc.y), one
 * function a nonterminal, over lex.c's tokens: a profile file is accepted
 * or refused where the anchor's LALR parser accepts or refuses its
 * syntax, and refused for what its grammar's actions check as they read:
 * profile names (as labels) and attachments, flags, variables set twice
 * or added to before they are set, an if on a boolean not set, owner and
 * deny where a rule takes neither, capability names, network families and
 * types, file modes as parse_mode reads them and the file rules' checks
 * of them, and through rule-misc.c and rule-mount.c the conditions and
 * permissions of dbus, signal, ptrace, unix and mount rules, rlimits and
 * change_profile's exec condition.  So far the parse only says yes or no:
 * the model it will hand on is the next slice's. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "aa.h"

struct p {
	struct aa_lex *lx;
	struct aa_token t;	/* the lookahead */
	/* What is read goes into pol: the profile being read is prof, its
	 * file rules go to *ents; nothing is kept while skip (the branch of
	 * an if not taken, read and checked all the same, and a prefix
	 * block are read into a profile of their own, then merged). */
	struct aa_policy *pol;
	struct aa_profile *prof;
	struct aa_entry **ents;
	/* File rules read since the innermost prefix block opened whose x
	 * has no qualifier (named transitions), which its end refuses. */
	int x_bare;
};

/* File permissions, one 14-bit half of apparmor_parser's mode (immunix.h):
 * what parse_mode makes of a mode word. */
enum {
	M_EXEC = 1 << 0, M_WRITE = 1 << 1, M_READ = 1 << 2, M_APPEND = 1 << 3, M_LINK = 1 << 4,
	M_LOCK = 1 << 5, M_MMAP = 1 << 6, M_PUX = 1 << 7, M_UNSAFE = 1 << 8, M_INHERIT = 1 << 9,
	M_MOD0 = 1 << 10, M_MOD1 = 1 << 11,
	M_MODIFIERS = 0xf << 10,
	M_EXEC_TYPE = M_UNSAFE | M_INHERIT | M_PUX | M_MODIFIERS,
	M_UNCONFINED = M_MOD0, M_PROFILE = M_MOD1, M_LOCAL = M_MOD0 | M_MOD1,
};

/* The mode word w as parse_sub_mode reads it: its bits, or -1 after a
 * message in the anchor's words at loc. */
static int mode_of(const char *w, const struct srcloc *loc)
{
	int mode = 0;

	for (const char *c = w; *c; c++) {
		char t = *c, next = c[1];
		int tm = 0;

	again:
		switch (t) {
		case 'r': mode |= M_READ; continue;
		case 'w':
			if ((mode & M_APPEND) && !(mode & M_WRITE))
				goto aw;
			mode |= M_WRITE | M_APPEND;
			continue;
		case 'a':
			if (mode & M_WRITE)
				goto aw;
			mode |= M_APPEND;
			continue;
		case 'l': mode |= M_LINK; continue;
		case 'k': mode |= M_LOCK; continue;
		case 'm': mode |= M_MMAP; continue;
		case 'x': mode |= M_EXEC; continue;
		case 'i':
			if (mode & M_MODIFIERS) {
				diag(loc, "%s", "Exec qualifier 'i' invalid, conflicting qualifier already specified");
				return -1;
			}
			mode |= M_INHERIT | M_EXEC;
			c++;	/* its x */
			continue;
		case 'u':
			tm = M_UNSAFE;
			/* fall through */
		case 'U':
			tm |= M_UNCONFINED | M_EXEC;
			break;
		case 'p':
		case 'c':
			tm = M_UNSAFE;
			/* fall through */
		case 'P':
		case 'C':
			tm |= (tolower((unsigned char)t) == 'p' ? M_PROFILE : M_LOCAL) | M_EXEC;
			if (tolower((unsigned char)next) == 'i' || tolower((unsigned char)next) == 'u') {
				tm |= tolower((unsigned char)next) == 'i' ? M_INHERIT : M_PUX;
				if ((mode & M_EXEC) && (mode & M_EXEC_TYPE) != (tm & M_EXEC_TYPE)) {
					diag(loc, "Exec qualifier '%.2s' invalid, conflicting qualifier already "
						  "specified", c);
					return -1;
				}
				mode |= tm;
				c += 2;	/* its second letter and x */
				continue;
			}
			break;
		default: {
			char lower = (char)tolower((unsigned char)t);

			if (lower != t && strchr("rwalimx", lower)) {
				/* upper case: the anchor warns and reads it lower */
				t = lower;
				goto again;
			}
			diag(loc, "Internal: unexpected mode character '%c' in input", t);
			return -1;
		}
		}
		/* u, U, p, P, c, C and their x */
		if ((mode & M_EXEC) && (mode & M_EXEC_TYPE) != (tm & M_EXEC_TYPE)) {
			diag(loc, "Exec qualifier '%c' invalid, conflicting qualifier already specified", t);
			return -1;
		}
		mode |= tm;
		c++;	/* its x */
	}
	return mode;
aw:
	diag(loc, "%s", "Conflict 'a' and 'w' perms are mutually exclusive.");
	return -1;
}

int aa_label_parse(const char *label, bool *stack, const char **ns, size_t *ns_len, const char **name)
{
	const char *l = label + (*label == '&'), *end;

	*stack = *label == '&';
	*ns = NULL;
	*ns_len = 0;
	if (*l == ':') {
		if (!(end = strchr(l + 1, ':')))
			return 1;
		*ns = l + 1;
		*ns_len = (size_t)(end - l - 1);
		l = end + 1 + 2 * !strncmp(end + 1, "//", 2);
	}
	*name = l;
	return *ns && !*ns_len ? 2 : !*l ? 3 : 0;
}

const char *aa_label_error(int rc)
{
	return rc == 1 ? "Namespace not terminated" : rc == 2 ? "Empty namespace" : "Empty named transition profile name";
}

/* A label with a namespace (:NS:NAME, :NS://NAME, after any &):
 * label_contains_ns. */
static bool label_ns(const char *l)
{
	const char *ns, *name;
	size_t n;
	bool stack;

	return !aa_label_parse(l, &stack, &ns, &n, &name) && ns;
}

/* @{NAME}, @NAME, ${NAME} or $NAME: NAME (process_var). */
static char *var_name(const char *v)
{
	size_t n = strlen(v + 1);

	if (v[1] == '{')
		return xstrndup(v + 2, n >= 2 ? n - 2 : 0);
	return xstrdup(v + 1);
}

/* The variables set so far, as the anchor's symbol table holds them:
 * one name space for @{SET} and ${BOOL} variables. */
struct aa_var *aa_var_find(struct aa_policy *pol, const char *name)
{
	for (int i = 0; i < pol->nvars; i++)
		if (!strcmp(pol->vars[i].name, name))
			return &pol->vars[i];
	return NULL;
}

static void value_add(struct aa_var *v, const char *value)
{
	struct aa_value *n = xmalloc(sizeof(*n));

	*n = (struct aa_value){ xstrdup(value), v->values };
	v->values = n;
}

static struct aa_var *var_new(struct p *p, const struct aa_token *at, int boolean)
{
	struct aa_policy *pol = p->pol;
	char *name = var_name(at->text);

	if (aa_var_find(pol, name)) {
		free(name);
		diag(&at->loc, "variable %s was previously declared", at->text);
		return NULL;
	}
	if (pol->nvars == 65536) {
		free(name);
		diag(&at->loc, "%s", "more than 65536 variables");
		return NULL;
	}
	XROOM(pol->vars, pol->nvars);
	pol->vars[pol->nvars] = (struct aa_var){ name, boolean, NULL, NULL, false };
	return &pol->vars[pol->nvars++];
}

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

/* id_or_var: TOK_ID | TOK_SET_VAR */
static bool id_or_var(const struct p *p)
{
	return is(p, AT_ID) || is(p, AT_SET_VAR);
}

static int want_id_or_var(struct p *p)
{
	return id_or_var(p) ? next(p) : bad(p, "a name or a variable");
}

/* id_or_var, its text kept in *out (which the caller frees, also after a
 * failure). */
static int take_id_or_var(struct p *p, char **out)
{
	if (id_or_var(p))
		*out = xstrdup(p->t.text);
	return want_id_or_var(p);
}

/* The values of a condition: VALUE+ into c. */
static int cond_values(struct p *p, struct aa_cond *c)
{
	if (!is(p, AT_VALUE))
		return bad(p, "a value");
	while (is(p, AT_VALUE)) {
		XROOM(c->v, c->n);
		c->v[c->n++] = xstrdup(p->t.text);
		if (next(p) < 0)
			return -1;
	}
	return 0;
}

/* opt_conds: cond*;  cond: CONDID [= VALUE | = ( values ) | in ( values )],
 * each put before those already in *out, as the anchor's list has them. */
static int opt_conds(struct p *p, struct aa_cond **out)
{
	while (is(p, AT_CONDID)) {
		struct aa_cond *c = xmalloc(sizeof(*c));

		*c = (struct aa_cond){ xstrdup(p->t.text), NULL, 0, false, p->t.loc, *out };
		*out = c;
		if (next(p) < 0)
			return -1;
		if (is(p, AT_EQUALS)) {
			c->eq = true;
			if (next(p) < 0)
				return -1;
			if (is(p, AT_VALUE)) {
				/* one value without parentheses */
				c->v = xmalloc(sizeof(*c->v));
				c->v[c->n++] = xstrdup(p->t.text);
				if (next(p) < 0)
					return -1;
			} else if (is(p, AT_OPENPAREN)) {
				if (next(p) < 0 || cond_values(p, c) < 0 || want(p, AT_CLOSEPAREN, "')'") < 0)
					return -1;
			} else {
				return bad(p, "a value or '('");
			}
		} else if (kw(p, "in")) {
			if (next(p) < 0 || want(p, AT_OPENPAREN, "'('") < 0 || cond_values(p, c) < 0 ||
			    want(p, AT_CLOSEPAREN, "')'") < 0)
				return -1;
		}
	}
	return 0;
}

/* opt_cond_list: [CONDLISTID = ( opt_conds )]: its name in *name (NULL
 * when there is none) and its conditions in *out. */
static int opt_cond_list(struct p *p, char **name, struct aa_cond **out)
{
	*name = NULL;
	if (!is(p, AT_CONDLISTID))
		return 0;
	*name = xstrdup(p->t.text);
	if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0 || want(p, AT_OPENPAREN, "'('") < 0 ||
	    opt_conds(p, out) < 0)
		return -1;
	return want(p, AT_CLOSEPAREN, "')'");
}

/* The permission words of a rule kind, one or a list in parentheses
 * (opt_dbus_perm, opt_net_perm, opt_signal_perm, opt_ptrace_perm): their
 * bits in *perms. */
static int opt_perms(struct p *p, const char *const *words, enum aa_kind k, uint32_t *perms)
{
	bool paren = is(p, AT_OPENPAREN);

	*perms = 0;
	if (paren && next(p) < 0)
		return -1;
	for (;;) {
		bool perm = is(p, AT_MODE) || (paren && is(p, AT_VALUE));
		int bits;

		for (int i = 0; words[i] && !perm; i++)
			perm = kw(p, words[i]);
		if (!perm)
			break;
		if ((bits = aa_perm_word(k, &p->t)) < 0 || next(p) < 0)
			return -1;
		*perms |= (uint32_t)bits;
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
static int profile_base(struct p *p, int kind);

/* A profile flag: its mode (1 enforce, 2 complain, 3 kill, 4
 * unconfined), or a path flag bit (<< 8), or audit (1 << 16); 0 when it
 * is none. */
static int flag_of(const char *v)
{
	static const char *const names[] = {
		"enforce", "complain", "kill", "unconfined", "audit", "chroot_relative",
		"namespace_relative", "mediate_deleted", "delegate_deleted", "attach_disconnected",
		"no_attach_disconnected", "chroot_attach", "chroot_no_attach",
	};

	for (int i = 0; i < (int)ARRAY_SIZE(names); i++)
		if (!strcmp(v, names[i]))
			return i < 4 ? i + 1 : i == 4 ? 1 << 16 : 1 << (8 + i - 5);
	return 0;
}

/* flags: [flags =] ( VALUE+ ), each a flag, none in conflict: the mode,
 * path flags and audit into prof. */
static int flags(struct p *p, struct aa_profile *prof)
{
	static const char *const modes[] = { "", "enforce", "complain", "kill", "unconfined" };
	/* pairs of path flags that exclude each other, as bit numbers */
	static const int excl[][2] = { { 0, 1 }, { 2, 3 }, { 4, 5 }, { 6, 7 } };
	static const char *const exmsg[] = {
		"chroot_relative conflicts with namespace_relative",
		"mediate_deleted conflicts with delegate_deleted",
		"attach_disconnected conflicts with no_attach_disconnected",
		"chroot_attach conflicts with chroot_no_attach",
	};
	int mode = 0, path = 0;

	if (is(p, AT_CONDID)) {
		if (strcmp(p->t.text, "flags")) {
			diag(&p->t.loc, "expected flags= got %s=", p->t.text);
			return -1;
		}
		if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0)
			return -1;
		if (!is(p, AT_OPENPAREN))
			return bad(p, "'('");
	}
	if (!is(p, AT_OPENPAREN))
		return 0;
	if (next(p) < 0)
		return -1;
	if (!is(p, AT_VALUE))
		return bad(p, "a value");
	while (is(p, AT_VALUE)) {
		int f = flag_of(p->t.text);

		if (!strcmp(p->t.text, "debug")) {
			diag(&p->t.loc, "%s", "Profile flag 'debug' is no longer valid.");
			return -1;
		}
		if (!f) {
			diag(&p->t.loc, "Invalid profile flag: %s.", p->t.text);
			return -1;
		}
		if (f < 8 && mode && f != mode) {
			diag(&p->t.loc, "Profile flag '%s' conflicts with '%s'", modes[mode], modes[f]);
			return -1;
		}
		if (f < 8)
			mode = f;
		else if (f < (1 << 16))
			path |= f >> 8;
		else
			prof->audit = true;
		for (int i = 0; i < (int)ARRAY_SIZE(excl); i++)
			if ((path >> excl[i][0] & 1) && (path >> excl[i][1] & 1)) {
				diag(&p->t.loc, "Profile flag %s", exmsg[i]);
				return -1;
			}
		if (next(p) < 0)
			return -1;
	}
	prof->mode = mode;
	prof->path_flags = (unsigned)path;
	return want(p, AT_CLOSEPAREN, "')'");
}

/* The anchor's order of profiles (and of a profile's hats and children):
 * those without a namespace first, then by namespace, then by name. */
static int prof_cmp(const struct aa_profile *a, const struct aa_profile *b)
{
	if (!a->ns != !b->ns)
		return a->ns ? 1 : -1;
	if (a->ns) {
		int c = strcmp(a->ns, b->ns);

		if (c)
			return c;
	}
	return strcmp(a->name, b->name);
}

/* add_entry_to_x_table: name's index in the profile's table of 12 (4-15),
 * the table taking name (freed when already there); 0, name freed, when
 * the table is full. */
static int xtable_add(struct aa_profile *prof, char *name)
{
	for (int i = 4; i < 16; i++) {
		if (!prof->xtable[i]) {
			prof->xtable[i] = name;
			return i;
		}
		if (!strcmp(prof->xtable[i], name)) {
			free(name);
			return i;
		}
	}
	free(name);
	return 0;
}

/* add_named_transition: the xtable index of an entry's -> NAME (3 for the
 * profile's own child, 4-15 a table entry), or 0 when the table is full. */
static int named_transition(struct aa_profile *prof, struct aa_entry *e)
{
	const uint32_t mods = AA_BOTH(AA_MODIFIERS);
	char *name = e->nt, *sub = strstr(e->nt, "//");

	e->nt = NULL;
	if (!label_ns(name)) {
		/* (the anchor compares the profile's name with the text from
		 * the "//" on: no name starts so, so that test always holds) */
		if (sub && strncmp(prof->name, sub, (size_t)(sub - name)) && !strcmp(sub + 2, e->name)) {
			free(name);
			return 3;
		}
		if ((e->mode & mods & AA_MODIFIERS) == (AA_MOD0 | AA_MOD1) ||
		    (e->mode & mods) >> AA_OTHER_SHIFT == (AA_MOD0 | AA_MOD1)) {
			char *full;

			if (!strcmp(name, e->name)) {
				free(name);
				return 3;
			}
			/* cx -> NAME: a child of this profile */
			full = xmalloc(strlen(prof->name) + strlen(name) + 3);
			sprintf(full, "%s//%s", prof->name, name);
			free(name);
			name = full;
		}
	}
	return xtable_add(prof, name);
}

static void entry_add(struct aa_profile *prof, const char *name, uint32_t mode)
{
	struct aa_entry *e = xmalloc(sizeof(*e));

	*e = (struct aa_entry){ .name = xstrdup(name), .mode = mode, .loc = prof->loc, .next = prof->entries };
	prof->entries = e;
}

uint32_t (*aa_net_table(struct aa_profile *prof))[4][AA_AF_MAX]
{
	if (!prof->net)
		prof->net = xzalloc(sizeof(*prof->net));
	return prof->net;
}

/* add_proc_access: the rules a profile needs to change its profile or hat
 * through rule (their modes only the owner's half, as the anchor's). */
void aa_proc_access(struct aa_profile *prof, const char *rule)
{
	entry_add(prof, "/proc/*/attr/apparmor/", AA_READ);
	entry_add(prof, "/sys/module/apparmor/parameters/enabled", AA_READ);
	entry_add(prof, rule, AA_WRITE);
}

/* post_process_file_entries, when a profile has been read: exec
 * transitions to their xtable index, and a change_profile's /proc rules. */
static int profile_done(struct aa_profile *prof)
{
	uint32_t cp = 0;

	for (struct aa_entry *e = prof->entries; e; e = e->next) {
		if (e->nt) {
			int n = named_transition(prof, e);
			uint32_t mode = 0;

			if (!n) {
				diag(&e->loc, "Profile %s has too many specified profile transitions.", prof->name);
				return -1;
			}
			if (e->mode & AA_EXEC)
				mode |= (uint32_t)n << 10;
			if (e->mode & AA_EXEC << AA_OTHER_SHIFT)
				mode |= (uint32_t)n << (10 + AA_OTHER_SHIFT);
			e->mode = (e->mode & ~AA_BOTH(AA_MODIFIERS)) | mode;
		}
		cp |= e->mode & AA_CHANGE_PROFILE;
	}
	if (cp)
		aa_proc_access(prof, "/proc/*/attr/{apparmor/,}{current,exec}");
	/* post_process_rule_entries: pivot_root's -> PROFILE to the table
	 * (add_entry_to_x_table: no child name made), its index in the
	 * exec bits' modifiers (pivot_root's permission is the exec bit) */
	for (struct aa_rule *r = prof->rules; r; r = r->next) {
		struct aa_mount *m = &r->u.mnt;
		int n;

		if (r->kind != AK_MOUNT || !m->trans)
			continue;
		n = xtable_add(prof, m->trans);
		m->trans = NULL;
		if (!n) {
			diag(&r->loc, "Profile %s has too many specified profile transitions.", prof->name);
			return -1;
		}
		/* (only pivot_root has one: its permission, 1, is the owner's
		 * exec bit; the other half's is never set) */
		m->allow |= (uint32_t)n << 10;
	}
	return 0;
}

void aa_entries_free(struct aa_entry *e)
{
	while (e) {
		struct aa_entry *next = e->next;

		free(e->name);
		free(e->link);
		free(e->nt);
		free(e);
		e = next;
	}
}

static void profile_free(struct aa_profile *prof)
{
	while (prof) {
		struct aa_profile *next = prof->next;

		free(prof->ns);
		free(prof->name);
		free(prof->attach);
		for (int i = 0; i < prof->naltnames; i++)
			free(prof->altnames[i]);
		free(prof->altnames);
		aa_conds_free(prof->xattrs);
		aa_entries_free(prof->entries);
		aa_rules_free(prof->rules);
		free(prof->net);
		for (int i = 0; i < 16; i++)
			free(prof->xtable[i]);
		profile_free(prof->children);
		free(prof);
		prof = next;
	}
}

void aa_policy_free(struct aa_policy *pol)
{
	free(pol->abi);
	profile_free(pol->profiles);
	for (int i = 0; i < pol->nvars; i++) {
		for (int k = 0; k < 2; k++) {
			struct aa_value *v = k ? pol->vars[i].expanded : pol->vars[i].values;

			while (v) {
				struct aa_value *next = v->next;

				free(v->v);
				free(v);
				v = next;
			}
		}
		free(pol->vars[i].name);
	}
	free(pol->vars);
	for (int i = 0; i < pol->nalias; i++)
		free(pol->alias[i]);
	free(pol->alias);
	*pol = (struct aa_policy){ 0 };
}

/* prof into the sorted list *l: 0, or -1 when one of its name is there. */
static int profile_insert(struct aa_profile **l, struct aa_profile *prof)
{
	int c = 1;

	while (*l && (c = prof_cmp(*l, prof)) < 0)
		l = &(*l)->next;
	if (!c)
		return -1;
	prof->next = *l;
	*l = prof;
	return 0;
}

static struct aa_entry **p_last(struct aa_entry **e)
{
	while (*e)
		e = &(*e)->next;
	return e;
}

static int rules(struct p *p);

/* add_hat_to_policy: a hat or child profile into outer's. */
static int add_child(struct aa_profile *outer, struct aa_profile *prof)
{
	prof->parent = outer;
	if (profile_insert(&outer->children, prof) < 0) {
		diag(&prof->loc, "Multiple definitions for hat %s in profile %s exist,bailing out.",
		     prof->name, outer->name);
		return -1;
	}
	return 0;
}

/* The rules of a block or an if's branch, up to its '}', read into a
 * profile of their own: NULL after a message. */
static struct aa_profile *sub_rules(struct p *p)
{
	struct aa_profile *outer = p->prof, *sub = xmalloc(sizeof(*sub));
	struct aa_entry **ents = p->ents;
	int rc;

	*sub = (struct aa_profile){ .name = xstrdup(outer->name) };
	p->prof = sub;
	p->ents = &sub->entries;
	rc = rules(p);
	p->prof = outer;
	p->ents = ents;
	if (rc < 0) {
		profile_free(sub);
		return NULL;
	}
	return sub;
}

/* merge_policy: what an if's branch taken adds to prof (its file rules,
 * capabilities, network table, audit flag, hats and children; the anchor
 * drops its class rules). */
static int merge(struct aa_profile *prof, struct aa_profile *sub)
{
	struct aa_entry **e = p_last(&prof->entries);
	int rc = 0;

	*e = sub->entries;
	sub->entries = NULL;
	prof->audit |= sub->audit;
	prof->cap_allow |= sub->cap_allow;
	prof->cap_audit |= sub->cap_audit;
	prof->cap_deny |= sub->cap_deny;
	prof->cap_quiet |= sub->cap_quiet;
	/* the network table, into the profile's only when it has one (the
	 * anchor drops it otherwise, and fails when the branch has none) */
	if (sub->net && prof->net)
		for (int k = 0; k < 4; k++)
			for (int af = 0; af < AA_AF_MAX; af++)
				(*prof->net)[k][af] |= (*sub->net)[k][af];
	while (sub->children && !rc) {
		struct aa_profile *c = sub->children;

		sub->children = c->next;
		rc = add_child(prof, c);
		if (rc < 0)
			profile_free(c);
	}
	profile_free(sub);
	return rc;
}

/* profile_base: ID [id_or_var] [cond_list] [flags] { rules }; kind:
 * 0 a bare name at the top, 1 after profile, 2 a hat. */
static int profile_base(struct p *p, int kind)
{
	const char *l, *ns;
	size_t ns_len;
	bool stack;
	int err;
	struct aa_profile *prof = xmalloc(sizeof(*prof)), *outer = p->prof;
	struct aa_entry **ents = p->ents;
	char *list = NULL;
	int bare, rc = -1;

	*prof = (struct aa_profile){ .kind = outer ? kind : 0, .loc = p->t.loc };
	if (kind == 2)
		prof->kind = 2;
	if (!is(p, AT_ID)) {
		bad(p, "a profile name");
		goto out;
	}
	/* parse_label on the name (the anchor says so once the profile is
	 * read; its verdict is the same said here). */
	if ((err = aa_label_parse(p->t.text, &stack, &ns, &ns_len, &l))) {
		diag(&p->t.loc, "%s: %s", aa_label_error(err), p->t.text);
		goto out;
	}
	if (ns)
		prof->ns = xstrndup(ns, ns_len);
	if (stack) {
		diag(&p->t.loc, "%s", "Profile names must begin with a '/' or a namespace");
		goto out;
	}
	if (!kind && *l != '/' && !ns) {
		diag(&p->t.loc, "%s", "Profile names must begin with a '/', namespace or keyword "
			"'profile' or 'hat'.");
		goto out;
	}
	prof->name = xstrdup(l);
	if (next(p) < 0)
		goto out;
	if (id_or_var(p)) {
		if (p->t.text[0] != '/' && strncmp(p->t.text, "@{", 2)) {
			diag(&p->t.loc, "%s", "Profile attachment must begin with a '/' or variable.");
			goto out;
		}
		prof->attach = xstrdup(p->t.text);
		if (next(p) < 0)
			goto out;
	}
	if (is(p, AT_CONDLISTID)) {
		if (strcmp(p->t.text, "xattrs")) {
			diag(&p->t.loc, "profile id: invalid conditional group %s=()", p->t.text);
			goto out;
		}
		if (kind == 2) {
			diag(&p->t.loc, "%s", "hat profiles can't use xattrs matches");
			goto out;
		}
	}
	/* Its rules are its own, not a prefix block's around it. */
	bare = p->x_bare;
	p->x_bare = 0;
	if (opt_cond_list(p, &list, &prof->xattrs) < 0 || flags(p, prof) < 0 ||
	    want(p, AT_OPEN, "'{'") < 0)
		goto out;
	p->prof = prof;
	p->ents = &prof->entries;
	if (rules(p) < 0)
		goto out;
	p->x_bare = bare;
	if (!is(p, AT_CLOSE)) {
		bad(p, "'}'");
		goto out;
	}
	if (profile_done(prof) < 0)
		goto out;
	if (outer ? add_child(outer, prof) < 0 : profile_insert(&p->pol->profiles, prof) < 0) {
		if (!outer)
			diag(&prof->loc, "Multiple definitions for profile %s exist,bailing out.", prof->name);
		goto out;
	}
	prof = NULL;
	rc = next(p);
out:
	p->prof = outer;
	p->ents = ents;
	free(list);
	profile_free(prof);
	return rc;
}

/* expr: not expr | BOOL_VAR | defined SET_VAR | defined BOOL_VAR: its
 * value in *v. */
static int expr(struct p *p, bool *v)
{
	bool not = false;
	struct aa_var *var;
	char *name;

	while (kw(p, "not")) {
		not = !not;
		if (next(p) < 0)
			return -1;
	}
	if (kw(p, "defined")) {
		if (next(p) < 0)
			return -1;
		if (!is(p, AT_SET_VAR) && !is(p, AT_BOOL_VAR))
			return bad(p, "a variable");
		name = var_name(p->t.text);
		var = aa_var_find(p->pol, name);
		free(name);
		/* a set variable, or any variable by ${NAME} */
		*v = not ^ (var && (is(p, AT_BOOL_VAR) || var->boolean < 0));
		return next(p);
	}
	if (is(p, AT_BOOL_VAR)) {
		name = var_name(p->t.text);
		var = aa_var_find(p->pol, name);
		free(name);
		if (!var || var->boolean < 0) {
			diag(&p->t.loc, "Unset boolean variable %s used in if-expression", p->t.text);
			return -1;
		}
		*v = not ^ (var->boolean > 0);
	}
	return want(p, AT_BOOL_VAR, "a boolean variable");
}

/* cond_rule: if expr { rules } [else { rules } | else cond_rule]: the
 * rules of the first branch taken merged into the profile. */
static int cond_rule(struct p *p)
{
	struct aa_profile *taken = NULL, *sub;
	bool v = false;

	for (;;) {
		bool last = false;

		/* at if */
		if (next(p) < 0 || expr(p, &v) < 0 || want(p, AT_OPEN, "'{'") < 0)
			goto fail;
		for (;;) {
			if (!(sub = sub_rules(p)))
				goto fail;
			if (v && !taken)
				taken = sub;
			else
				profile_free(sub);
			if (want(p, AT_CLOSE, "'}'") < 0)
				goto fail;
			if (last || !kw(p, "else"))
				return taken ? merge(p->prof, taken) : 0;
			if (next(p) < 0)
				goto fail;
			if (kw(p, "if"))
				break;
			if (want(p, AT_OPEN, "'{'") < 0)
				goto fail;
			v = last = true;
		}
	}
fail:
	profile_free(taken);
	return -1;
}

/* A file or link rule read (rules: rules opt_prefix rule): x needs a
 * qualifier unless denied or a named transition; a deny's x has none.
 * The prefix blocks around it check it again at their end. */
static int file_entry(struct p *p, int mode, bool nt, bool deny)
{
	if (!(mode & M_EXEC))
		return 0;
	if (deny && (mode & M_EXEC_TYPE)) {
		diag(&p->t.loc, "%s", "Invalid mode, in deny rules 'x' must not be preceded by exec "
			"qualifier 'i', 'p', or 'u'");
		return -1;
	}
	if (!deny && !(mode & M_EXEC_TYPE) && !nt) {
		diag(&p->t.loc, "%s", "Invalid mode, 'x' must be preceded by exec qualifier 'i', 'p', "
			"'c', or 'u'");
		return -1;
	}
	if (!deny && !(mode & M_EXEC_TYPE))
		p->x_bare++;
	return 0;
}

/* frule and file_rule_tail after opt_file and opt_exec_mode (exec_mode:
 * 0 none, 1 unsafe, 2 safe); deny: the rule's prefix had it.  The mode's
 * checks are the anchor's, in its order.  The rule in *out. */
static int frule(struct p *p, int exec_mode, bool deny, struct aa_entry **out)
{
	struct srcloc at = p->t.loc;
	char *path = NULL, *target = NULL;
	bool subset = false, link = false;
	int mode, rc = -1;

	if (is(p, AT_MODE)) {
		/* MODE [subset | <=] id_or_var [-> id_or_var] , */
		if ((mode = mode_of(p->t.text, &at)) < 0 || next(p) < 0)
			return -1;
		subset = kw(p, "subset") || is(p, AT_LE);
		if (take_if(p, subset) < 0)
			return -1;
		if (take_id_or_var(p, &path) < 0)
			goto out;
		if (is(p, AT_ARROW) && (next(p) < 0 || take_id_or_var(p, &target) < 0))
			goto out;
		if (end(p) < 0)
			goto out;
		if (subset && (mode & ~M_LINK)) {
			diag(&at, "%s", "subset can only be used with link rules.");
			goto out;
		}
		if (target && (mode & M_LINK) && (mode & M_EXEC)) {
			diag(&at, "%s", "link and exec perms conflict on a file rule using ->");
			goto out;
		}
		if (target && label_ns(target) && (mode & M_LINK)) {
			diag(&at, "%s", "link perms are not allowed on a named profile transition.");
			goto out;
		}
		link = mode & M_LINK;
	} else {
		/* id_or_var MODE [-> id_or_var] , */
		if (take_id_or_var(p, &path) < 0 || (!is(p, AT_MODE) && bad(p, "a mode")) ||
		    (mode = mode_of(p->t.text, &p->t.loc)) < 0 || next(p) < 0)
			goto out;
		if (id_or_var(p)) {
			/* file_rule_tail's "ID MODE ID": a missing comma */
			diag(&p->t.loc, "missing an end of line character? (entry: %s)", path);
			goto out;
		}
		if (is(p, AT_ARROW) && (next(p) < 0 || take_id_or_var(p, &target) < 0))
			goto out;
		if (end(p) < 0)
			goto out;
	}
	if (exec_mode && !(mode & M_EXEC)) {
		diag(&p->t.loc, "%s", "unsafe rule missing exec permissions");
		goto out;
	}
	/* unsafe marks the exec unsafe, safe takes that away */
	if (exec_mode == 1)
		mode |= M_UNSAFE;
	else if (exec_mode == 2)
		mode &= ~M_UNSAFE;
	if (file_entry(p, mode, target && !link, deny) < 0)
		goto out;
	*out = xmalloc(sizeof(**out));
	**out = (struct aa_entry){ .name = path, .mode = AA_BOTH(mode), .subset = subset, .loc = at };
	if (link)
		(*out)->link = target;
	else
		(*out)->nt = target;
	return 0;
out:
	free(path);
	free(target);
	return rc;
}

/* Capability names, in the kernel's order (bit n is the nth), as
 * apparmor_parser 3.0.8 knows them. */
static const char *const caps[] = {
	"chown", "dac_override", "dac_read_search", "fowner", "fsetid", "kill", "setgid", "setuid",
	"setpcap", "linux_immutable", "net_bind_service", "net_broadcast", "net_admin", "net_raw",
	"ipc_lock", "ipc_owner", "sys_module", "sys_rawio", "sys_chroot", "sys_ptrace", "sys_pacct",
	"sys_admin", "sys_boot", "sys_nice", "sys_resource", "sys_time", "sys_tty_config", "mknod",
	"lease", "audit_write", "audit_control", "setfcap", "mac_override", "mac_admin", "syslog",
	"wake_alarm", "block_suspend", "audit_read", "perfmon", "bpf", "checkpoint_restore",
};

int aa_cap_index(const char *name)
{
	for (int i = 0; i < (int)ARRAY_SIZE(caps); i++)
		if (!strcmp(name, caps[i]))
			return i;
	for (int i = 0; i < 64; i++)
		if (aa_kf.cap_names[i] && !strcmp(name, aa_kf.cap_names[i]))
			return i;
	return -1;
}

int aa_cap_backmap(int c)
{
	enum { SYS_ADMIN = 21, PERFMON = 38, CHECKPOINT_RESTORE = 40 };

	return c >= PERFMON && c <= CHECKPOINT_RESTORE && !(aa_kf.caps >> c & 1) ? SYS_ADMIN : c;
}

/* Address families and socket types a network rule names, as its
 * build's table (af_names.h and the mapped inet ones) has them: every
 * family with each basic type; inet with tcp, udp and icmp; inet6 with
 * tcp and udp. */
static const char *const families[] = {
	"unspec", "unix", "inet", "ax25", "ipx", "appletalk", "netrom", "bridge", "atmpvc", "x25",
	"inet6", "rose", "netbeui", "security", "key", "netlink", "packet", "ash", "econet", "atmsvc",
	"rds", "sna", "irda", "pppox", "wanpipe", "llc", "ib", "mpls", "can", "tipc", "bluetooth",
	"iucv", "rxrpc", "isdn", "phonet", "ieee802154", "caif", "alg", "nfc", "vsock", "kcm",
	"qipcrtr", "smc", "xdp", "mctp",
};

/* A class rule after the profile's others (rule_ents), with its prefix:
 * deny and audit, or deny (its perms quieted: audit = perms), or audit. */
static void rule_add(struct p *p, struct aa_rule *r, bool audit, bool deny, uint32_t perms)
{
	r->deny = deny;
	if (audit != deny)
		r->audit = perms;
	if (!p->prof->rules_end)
		p->prof->rules_end = &p->prof->rules;
	*p->prof->rules_end = r;
	p->prof->rules_end = &r->next;
}

/* The anchor's network table (network.c's network_mappings): each family
 * with each basic type, then the mapped names.  One entry a call of f
 * whose family (if fam) and type name (if type) match: how many. */
static int net_mappings(const char *fam, const char *type, void (*f)(void *, int, int), void *ctx)
{
	static const struct {
		const char *name;
		int type;
	} basic[] = { { "stream", 1 }, { "dgram", 2 }, { "seqpacket", 5 }, { "rdm", 4 }, { "raw", 3 },
		      { "packet", 10 } };
	static const struct {
		const char *fam, *name;
		int af, type;
	} mapped[] = {
		{ "inet", "raw", 2, 3 }, { "inet", "raw", 2, 3 }, { "inet", "raw", 2, 3 },
		{ "inet", "tcp", 2, 1 }, { "inet", "udp", 2, 2 }, { "inet", "icmp", 2, 3 },
		{ "inet6", "tcp", 10, 1 }, { "inet6", "udp", 10, 2 },
	};
	int n = 0;

	for (int i = 0; i < (int)ARRAY_SIZE(families); i++)
		for (size_t j = 0; j < ARRAY_SIZE(basic); j++)
			if ((!fam || !strcmp(fam, families[i])) && (!type || !strcmp(type, basic[j].name))) {
				/* AF_DECnet (12) has no name: the numbers skip it */
				f(ctx, i < 12 ? i : i + 1, basic[j].type);
				n++;
			}
	for (size_t j = 0; j < ARRAY_SIZE(mapped); j++)
		if ((!fam || !strcmp(fam, mapped[j].fam)) && (!type || !strcmp(type, mapped[j].name))) {
			f(ctx, mapped[j].af, mapped[j].type);
			n++;
		}
	return n;
}

struct net_ctx {
	struct p *p;
	bool audit, deny, count;
	struct srcloc at;
};

/* One network entry (type -1: every type) into the profile's table (and a
 * family unix one as a unix rule too, which the policy DB lowers back to
 * the table). */
static void net_add(void *arg, int af, int type)
{
	struct net_ctx *c = arg;
	struct aa_profile *prof = c->p->prof;
	uint32_t mask = type < 0 ? 0xffffffffu : 1u << type;

	if (c->count)
		return;
	if (af == 1) {
		struct aa_rule *r = xmalloc(sizeof(*r));

		*r = (struct aa_rule){ .kind = AK_UNIX, .deny = c->deny, .loc = c->at,
				       .audit = c->audit ? AA_NET_VALID : 0 };
		r->u.unix_ = (struct aa_unix){ AA_NET_VALID, type, NULL, NULL, NULL };
		rule_add(c->p, r, false, false, 0);
		r->deny = c->deny;
		r->audit = c->audit ? AA_NET_VALID : 0;
	}
	(*aa_net_table(prof))[c->deny ? 2 : 0][af] |= mask;
	if (c->audit != c->deny)
		(*prof->net)[c->deny ? 3 : 1][af] |= mask;
}

/* network [FAMILY | TYPE] , | network FAMILY TYPE , read: its entries
 * into the profile; 0, or -1 for an entry the table has not. */
static int network(struct p *p, const char *f, const char *t, bool audit, bool deny,
		   const struct srcloc *at)
{
	struct net_ctx c = { p, audit, deny, true, *at };

	if (!f) {
		c.count = false;
		for (int af = 0; af < AA_AF_MAX; af++)
			net_add(&c, af, -1);
		return 0;
	}
	if (t ? net_mappings(f, t, net_add, &c) : net_mappings(f, NULL, net_add, &c)) {
		c.count = false;
		t ? net_mappings(f, t, net_add, &c) : net_mappings(f, NULL, net_add, &c);
		return 0;
	}
	/* a type alone: each family that has it */
	if (!t && net_mappings(NULL, f, net_add, &c)) {
		c.count = false;
		net_mappings(NULL, f, net_add, &c);
		return 0;
	}
	diag(at, "%s", "Invalid network entry.");
	return -1;
}

/* owner (or user, other) before a rule that has no owner: the anchor's
 * words for each kind. */
static int prefix_owner(struct p *p)
{
	static const struct {
		const char *kw, *msg;
	} no[] = {
		{ "network", "owner prefix not allowed" },
		{ "mount", "owner prefix not allowed on mount rules" },
		{ "remount", "owner prefix not allowed on mount rules" },
		{ "umount", "owner prefix not allowed on mount rules" },
		{ "unmount", "owner prefix not allowed on mount rules" },
		{ "pivot_root", "owner prefix not allowed on mount rules" },
		{ "dbus", "owner prefix not allowed on dbus rules" },
		{ "signal", "owner prefix not allowed on signal rules" },
		{ "ptrace", "owner prefix not allowed on ptrace rules" },
		{ "unix", "owner prefix not allowed on unix rules" },
		{ "change_profile", "owner prefix not allowed on unix rules" },
		{ "capability", "owner prefix not allowed on capability rules" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(no); i++)
		if (kw(p, no[i].kw)) {
			/* the anchor says so when the rule is read */
			diag(&p->t.loc, "%s", no[i].msg);
			return -1;
		}
	return 0;
}

/* The permissions a class rule's audit prefix audits. */
static uint32_t class_perms(const struct aa_rule *r)
{
	switch (r->kind) {
	case AK_DBUS: return r->u.dbus.perms;
	case AK_SIGNAL: return r->u.sig.perms;
	case AK_PTRACE: return r->u.ptrace.perms;
	case AK_UNIX: return r->u.unix_.perms;
	default: return r->u.mnt.allow;
	}
}

/* dbus, unix: KW [perms] [conds] [peer=(conds)] , and signal, ptrace:
 * KW [perms] [conds] , each checked once read. */
static int class_rule(struct p *p, bool audit, bool deny)
{
	struct aa_rule *r;
	enum aa_kind k = kw(p, "dbus") ? AK_DBUS : kw(p, "unix") ? AK_UNIX :
			 kw(p, "signal") ? AK_SIGNAL : AK_PTRACE;
	static const char *const *const words[] = {
		[AK_DBUS] = dbus_words, [AK_UNIX] = net_words, [AK_SIGNAL] = signal_words,
		[AK_PTRACE] = ptrace_words,
	};
	struct srcloc at = p->t.loc;
	struct aa_cond *conds = NULL, *peer = NULL;
	char *group = NULL;
	uint32_t perms;
	int rc = -1;

	if (next(p) < 0 || opt_perms(p, words[k], k, &perms) < 0 || opt_conds(p, &conds) < 0)
		goto out;
	if ((k == AK_DBUS || k == AK_UNIX) && opt_cond_list(p, &group, &peer) < 0)
		goto out;
	if (end(p) < 0)
		goto out;
	if (group && strcmp(group, "peer")) {
		diag(&at, "%s rule: invalid conditional group %s=()", k == AK_DBUS ? "dbus" : "unix", group);
		goto out;
	}
	r = xmalloc(sizeof(*r));
	*r = (struct aa_rule){ .kind = k, .loc = at };
	switch (k) {
	case AK_DBUS:
		rc = aa_dbus_rule(&r->u.dbus, perms, conds, peer, &at);
		break;
	case AK_UNIX:
		rc = aa_unix_rule(&r->u.unix_, perms, conds, peer);
		break;
	case AK_SIGNAL:
		rc = aa_signal_rule(&r->u.sig, perms, conds);
		break;
	default:
		rc = aa_ptrace_rule(&r->u.ptrace, perms, conds);
		break;
	}
	if (rc == 0) {
		aa_rule_own(r);
		rule_add(p, r, audit, deny, class_perms(r));
		r = NULL;
	}
	free(r);
out:
	aa_conds_free(conds);
	aa_conds_free(peer);
	free(group);
	return rc;
}

/* set rlimit ID <= VALUE [ID] , after set: checked once read. */
static int rlimit(struct p *p)
{
	struct aa_token name = { 0 }, value = { 0 };
	char *unit = NULL;
	uint64_t v;
	int which, rc = -1;

	if (next(p) < 0)
		return -1;
	if (!is(p, AT_ID)) {
		bad(p, "a limit");
		goto out;
	}
	name = p->t;
	name.text = xstrdup(name.text);
	if (next(p) < 0 || want(p, AT_LE, "'<='") < 0)
		goto out;
	if (!is(p, AT_VALUE)) {
		bad(p, "a value");
		goto out;
	}
	value = p->t;
	value.text = xstrdup(value.text);
	if (next(p) < 0)
		goto out;
	if (is(p, AT_ID)) {
		unit = xstrdup(p->t.text);
		if (next(p) < 0)
			goto out;
	}
	if (end(p) == 0 && (rc = aa_rlimit(&name, &value, unit, &which, &v)) == 0) {
		p->prof->rlim_mask |= 1u << which;
		p->prof->rlim[which] = v;
	}
out:
	free(name.text);
	free(value.text);
	free(unit);
	return rc;
}

/* owner (1) or other (2): only that half of e's file permissions. */
static void owner_mask(struct aa_entry *e, int owner)
{
	const uint32_t shared = AA_ONEXEC | AA_CHANGE_PROFILE;

	if (owner == 1)
		e->mode &= AA_BASE | shared;
	else if (owner == 2)
		e->mode &= (uint32_t)AA_BASE << AA_OTHER_SHIFT | shared;
}

/* One statement of a profile's rules, the lookahead its first token. */
static int rule(struct p *p)
{
	if (kw(p, "abi")) {
		char *text;

		if (next(p) < 0)
			return -1;
		if (!is(p, AT_ID) && !is(p, AT_VALUE))
			return bad(p, "an abi name");
		/* the file must be there wherever the rule is; the first of
		 * the preamble's are the file's policy features */
		if (is(p, AT_ID) && !strcmp(p->t.text, "kernel")) {
			diag(&p->t.loc, "%s", "abi <kernel>: reading the running kernel's features is not "
				"implemented yet");
			return -1;
		}
		if (aa_lex_abi(p->lx, p->t.text, is(p, AT_ID), &text) < 0)
			return -1;
		if (text && !p->prof && !p->pol->abi)
			p->pol->abi = text;
		else
			free(text);
		return next(p) < 0 ? -1 : end(p);
	}
	if (is(p, AT_CARET) || is(p, AT_HAT) || is(p, AT_PROFILE)) {
		int kind = is(p, AT_PROFILE) ? 1 : 2;

		return next(p) < 0 ? -1 : profile_base(p, kind);
	}
	if (kw(p, "if"))
		return cond_rule(p);
	if (kw(p, "set")) {
		/* set rlimit ID <= VALUE [ID] , */
		if (next(p) < 0)
			return -1;
		if (!kw(p, "rlimit"))
			return bad(p, "'rlimit'");
		return rlimit(p);
	}
	/* opt_prefix: [audit] [allow | deny] [owner | user | other] */
	struct aa_entry *e = NULL;
	bool audit, deny;
	int owner, exec_mode;

	audit = kw(p, "audit");
	if (take_if(p, audit) < 0)
		return -1;
	deny = kw(p, "deny");
	if (take_if(p, kw(p, "allow") || deny) < 0)
		return -1;
	owner = kw(p, "owner") || kw(p, "user") ? 1 : kw(p, "other") ? 2 : 0;
	if (take_if(p, owner) < 0)
		return -1;
	if (owner && prefix_owner(p) < 0)
		return -1;
	if (is(p, AT_OPEN)) {
		int bare = p->x_bare;
		struct srcloc at = p->t.loc;
		struct aa_profile *sub;

		if (deny) {
			diag(&p->t.loc, "%s", "deny prefix not allowed");
			return -1;
		}
		p->x_bare = 0;
		if (next(p) < 0 || !(sub = sub_rules(p)))
			return -1;
		if (want(p, AT_CLOSE, "'}'") < 0) {
			profile_free(sub);
			return -1;
		}
		/* The block's rules again: here a named transition's bare x
		 * is refused too. */
		if (p->x_bare) {
			profile_free(sub);
			diag(&at, "%s", "Invalid mode, 'x' must be preceded by exec qualifier 'i', 'p', or 'u'");
			return -1;
		}
		p->x_bare = bare;
		/* only its file rules are kept, with the block's prefix */
		while ((e = sub->entries)) {
			sub->entries = e->next;
			owner_mask(e, owner);
			if (audit != e->deny)
				e->audit = e->mode & ~AA_BOTH(AA_EXEC_TYPE);
			e->next = *p->ents;
			*p->ents = e;
		}
		profile_free(sub);
		return 0;
	}
	if (kw(p, "network")) {
		/* network [FAMILY | TYPE] , | network FAMILY TYPE , */
		struct srcloc at = p->t.loc;
		char *f = NULL, *t = NULL;
		int rc;

		if (next(p) < 0)
			return -1;
		if (is(p, AT_ID)) {
			f = xstrdup(p->t.text);
			if (next(p) < 0)
				return free(f), -1;
			if (is(p, AT_ID)) {
				t = xstrdup(p->t.text);
				if (next(p) < 0)
					return free(f), free(t), -1;
			}
		}
		rc = end(p);
		if (rc == 0)
			rc = network(p, f, t, audit, deny, &at);
		free(f);
		free(t);
		return rc;
	}
	if (kw(p, "mount") || kw(p, "remount") || kw(p, "umount") || kw(p, "unmount") ||
	    kw(p, "pivot_root")) {
		enum aa_mnt_op op = kw(p, "mount") ? MNT_MOUNT : kw(p, "remount") ? MNT_REMOUNT :
				    kw(p, "pivot_root") ? MNT_PIVOT : MNT_UMOUNT;
		struct srcloc at = p->t.loc;
		struct aa_cond *src = NULL, *dst = NULL;
		char *id = NULL, *point = NULL, *trans = NULL;
		struct aa_mount m;
		int rc = -1;

		if (next(p) < 0 || opt_conds(p, &src) < 0)
			goto mount_out;
		if (is(p, AT_ID)) {
			id = xstrdup(p->t.text);
			if (next(p) < 0)
				goto mount_out;
		}
		if (op == MNT_MOUNT && is(p, AT_ARROW)) {
			if (next(p) < 0 || opt_conds(p, &dst) < 0)
				goto mount_out;
			if (!is(p, AT_ID)) {
				bad(p, "a mount point");
				goto mount_out;
			}
			point = xstrdup(p->t.text);
			if (next(p) < 0)
				goto mount_out;
		} else if (op == MNT_PIVOT && is(p, AT_ARROW)) {
			if (next(p) < 0 || take_id_or_var(p, &trans) < 0)
				goto mount_out;
		}
		if (end(p) < 0)
			goto mount_out;
		/* mount [SOURCE] [-> POINT]; the others: [POINT] */
		if (op == MNT_MOUNT)
			rc = aa_mount_rule(&m, op, src, id, dst, point, &at);
		else
			rc = aa_mount_rule(&m, op, src, NULL, NULL, id, &at);
		if (rc == 0) {
			struct aa_rule *r = xmalloc(sizeof(*r));

			m.trans = trans;
			*r = (struct aa_rule){ .kind = AK_MOUNT, .loc = at, .u.mnt = m };
			aa_rule_own(r);
			rule_add(p, r, audit, deny, m.allow);
		}
	mount_out:
		aa_conds_free(src);
		aa_conds_free(dst);
		free(id);
		free(point);
		free(trans);
		return rc;
	}
	if (kw(p, "dbus") || kw(p, "unix") || kw(p, "signal") || kw(p, "ptrace"))
		return class_rule(p, audit, deny);
	if (kw(p, "change_profile")) {
		/* change_profile [safe | unsafe] [ID] [-> id_or_var] , */
		struct srcloc at = p->t.loc;
		bool mode, unsafe;
		char *exec = NULL, *target = NULL;

		if (next(p) < 0)
			return -1;
		unsafe = kw(p, "unsafe");
		mode = kw(p, "safe") || unsafe;
		if (take_if(p, mode) < 0)
			return -1;
		if (is(p, AT_ID)) {
			exec = xstrdup(p->t.text);
			if (next(p) < 0)
				return free(exec), -1;
		}
		if (is(p, AT_ARROW) && (next(p) < 0 || take_id_or_var(p, &target) < 0))
			return free(exec), free(target), -1;
		if (end(p) < 0)
			return free(exec), free(target), -1;
		if (!exec && mode) {
			diag(&at, "%s", "Exec condition is required when unsafe or safe keywords are present");
		} else if (exec && exec[0] != '/' && strncmp(exec, "@{", 2)) {
			diag(&at, "%s", "Exec condition must begin with '/'.");
		} else {
			e = xmalloc(sizeof(*e));
			*e = (struct aa_entry){ .name = target ? target : xstrdup("**"), .link = exec,
						.mode = AA_CHANGE_PROFILE, .deny = deny, .loc = at };
			/* with an exec condition, exec bits (unsafe ones for
			 * unsafe) so that safe and unsafe rules conflict */
			if (exec)
				e->mode |= AA_BOTH(AA_EXEC) | (unsafe ? AA_BOTH(AA_UNSAFE) : 0);
			if (deny != audit)
				e->audit = e->mode;
			e->next = *p->ents;
			*p->ents = e;
			return 0;
		}
		free(exec);
		free(target);
		return -1;
	}
	if (kw(p, "capability")) {
		uint64_t set = 0;
		int c;

		if (next(p) < 0)
			return -1;
		while (is(p, AT_ID)) {
			if ((c = aa_cap_index(p->t.text)) < 0) {
				diag(&p->t.loc, "Invalid capability %s.", p->t.text);
				return -1;
			}
			set |= 1ull << aa_cap_backmap(c);
			if (next(p) < 0)
				return -1;
		}
		if (end(p) < 0)
			return -1;
		/* capability alone: every one */
		if (!set)
			set = ~0ull;
		if (deny) {
			p->prof->cap_deny |= set;
			if (!audit)
				p->prof->cap_quiet |= set;
		} else {
			p->prof->cap_allow |= set;
			if (audit)
				p->prof->cap_audit |= set;
		}
		return 0;
	}
	if (kw(p, "link")) {
		/* link [subset | <=] id_or_var -> id_or_var , */
		bool subset;
		char *from = NULL, *to = NULL;

		e = NULL;
		if (next(p) < 0)
			return -1;
		subset = kw(p, "subset") || is(p, AT_LE);
		if (take_if(p, subset) < 0)
			return -1;
		if (take_id_or_var(p, &from) < 0 || want(p, AT_ARROW, "'->'") < 0 ||
		    take_id_or_var(p, &to) < 0 || end(p) < 0)
			goto link_out;
		e = xmalloc(sizeof(*e));
		*e = (struct aa_entry){ .name = from, .link = to, .mode = AA_BOTH(M_LINK), .subset = subset,
					.loc = p->t.loc };
		goto add;
	link_out:
		free(from);
		free(to);
		return -1;
	}
	/* file_rule: file , | [file] [safe | unsafe] frule */
	if (kw(p, "file")) {
		if (next(p) < 0)
			return -1;
		if (is(p, AT_END_OF_RULE)) {
			/* file: everything, ix for exec, on every path */
			const int all = (M_EXEC | M_WRITE | M_READ | M_APPEND | M_LINK | M_LOCK | M_MMAP) |
					M_INHERIT;

			if (deny && file_entry(p, all, false, deny) < 0)
				return -1;
			e = xmalloc(sizeof(*e));
			*e = (struct aa_entry){ .name = xstrdup("/{**,}"), .mode = AA_BOTH(all), .loc = p->t.loc };
			if (next(p) < 0) {
				aa_entries_free(e);
				return -1;
			}
			goto add;
		}
	}
	exec_mode = kw(p, "unsafe") ? 1 : kw(p, "safe") ? 2 : 0;
	if (take_if(p, exec_mode) < 0)
		return -1;
	if (!is(p, AT_MODE) && !id_or_var(p))
		return bad(p, "a rule");
	if (frule(p, exec_mode, deny, &e) < 0)
		return -1;
add:
	e->deny = deny;
	owner_mask(e, owner);
	if (audit != deny)
		e->audit = e->mode & ~AA_BOTH(AA_EXEC_TYPE);
	e->next = *p->ents;
	*p->ents = e;
	return 0;
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

/* alias: alias FROM -> TO , */
static int alias(struct p *p)
{
	char *from = NULL;

	if (next(p) < 0)
		return -1;
	if (!is(p, AT_ID))
		return bad(p, "a path");
	from = xstrdup(p->t.text);
	if (next(p) < 0 || want(p, AT_ARROW, "'->'") < 0)
		return free(from), -1;
	if (!is(p, AT_ID)) {
		free(from);
		return bad(p, "a path");
	}
	p->pol->alias = xrealloc(p->pol->alias, (size_t)(p->pol->nalias + 2) * sizeof(char *));
	p->pol->alias[p->pol->nalias++] = from;
	p->pol->alias[p->pol->nalias++] = xstrdup(p->t.text);
	return next(p) < 0 ? -1 : end(p);
}

/* varassign: @{VAR} = VALUE+ | @{VAR} += VALUE+ */
static int set_var(struct p *p)
{
	struct aa_token v = p->t;
	struct aa_cond vals = { 0 };
	struct aa_var *sv;
	bool add;
	int rc = -1;

	v.text = xstrdup(v.text);
	if (next(p) < 0 || (!is(p, AT_EQUALS) && !is(p, AT_ADD_ASSIGN) && bad(p, "'=' or '+='")))
		goto out;
	add = is(p, AT_ADD_ASSIGN);
	if (next(p) < 0 || cond_values(p, &vals) < 0)
		goto out;
	if (add) {
		char *name = var_name(v.text);

		sv = aa_var_find(p->pol, name);
		free(name);
		if (!sv || sv->boolean >= 0) {
			diag(&v.loc, "variable %s was not previously declared, but is being "
				     "assigned additional values", v.text);
			goto out;
		}
	} else if (!(sv = var_new(p, &v, -1))) {
		goto out;
	}
	for (int i = 0; i < vals.n; i++)
		value_add(sv, vals.v[i]);
	rc = 0;
out:
	free(v.text);
	for (int i = 0; i < vals.n; i++)
		free(vals.v[i]);
	free(vals.v);
	return rc;
}

/* list: preamble profilelist */
static int list(struct p *p)
{
	/* preamble: alias, variables, abi */
	for (;;) {
		if (kw(p, "alias") || kw(p, "rewrite")) {
			if (alias(p) < 0)
				return -1;
		} else if (is(p, AT_SET_VAR)) {
			if (set_var(p) < 0)
				return -1;
		} else if (is(p, AT_BOOL_VAR)) {
			struct aa_token v = p->t;
			int b;

			v.text = xstrdup(v.text);
			if (next(p) < 0 || want(p, AT_EQUALS, "'='") < 0 ||
			    (!is(p, AT_VALUE) && bad(p, "a value")))
				return free(v.text), -1;
			b = !strcasecmp(p->t.text, "true") ? 1 : !strcasecmp(p->t.text, "false") ? 0 : -1;
			if (b < 0) {
				diag(&p->t.loc, "Invalid boolean assignment for (%s): %s is not true or false",
				     v.text, p->t.text);
				return free(v.text), -1;
			}
			if (!var_new(p, &v, b) || next(p) < 0)
				return free(v.text), -1;
			free(v.text);
		} else if (kw(p, "abi")) {
			if (rule(p) < 0)
				return -1;
		} else {
			break;
		}
	}
	/* the features this file's profiles are compiled for */
	aa_features_policy(p->pol->abi);
	/* profilelist: ([profile | hat] profile_base)* */
	while (!is(p, AT_EOF)) {
		int kind = is(p, AT_PROFILE) ? 1 : is(p, AT_CARET) || is(p, AT_HAT) ? 2 : 0;

		if (kind && next(p) < 0)
			return -1;
		if (profile_base(p, kind) < 0)
			return -1;
	}
	return 0;
}

int aa_parse(struct aa_lex *lx, struct aa_policy *pol)
{
	struct p p = { lx, { 0 }, pol, NULL, NULL, 0 };

	return next(&p) < 0 ? -1 : list(&p);
}
