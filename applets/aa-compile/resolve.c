// SPDX-License-Identifier: Apache-2.0
/* resolve.c: what apparmor_parser 3.0.8 does to each profile between the
 * parse and the regular expressions (parser_policy.c's post_process_
 * profile): the change_hat rules, set variables expanded into the names
 * of the profile and its file rules (parser_variable.c, with the symbol
 * table's own expansion of variables in variables, parser_symtab.c), alias
 * rules (parser_alias.c), and the file rules sorted and merged
 * (parser_merge.c).  Where the anchor's
 * order decides what is written (the order of a variable's values in the
 * alternation it becomes), it is kept: its lists put each new value first.
 *
 * Bounds: a variable's values are cut at 4096 bytes as the anchor cuts
 * them; a variable of more than 16384 values, all variables' values over
 * 64 MiB, or a name longer than 1 MiB once expanded, are refused. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "aa.h"

enum { MAX_VALUE = 4096, MAX_VALUES = 16384, MAX_EXPANDED = 64 << 20, MAX_NAME = 1 << 20 };

/* A reference @{NAME} in s: prefix, name and suffix (split_out_var). */
struct split {
	char *prefix, *var, *suffix;
};

static void split_free(struct split *sp)
{
	free(sp->prefix);
	free(sp->var);
	free(sp->suffix);
}

/* The first unescaped @{NAME} of s whose name is a letter then letters,
 * digits or _: 1 and its parts, 0 when there is none, -1 after a message
 * for an empty name. */
static int split_var(const char *s, struct split *sp)
{
	bool esc = false;

	for (const char *c = s; *c; c++) {
		if (*c == '\\') {
			esc = !esc;
			continue;
		}
		if (*c == '@' && !esc && c[1] == '{') {
			const char *e = c + 2;

			while (*e && *e != '}' && (e == c + 2 ? isalpha((unsigned char)*e) :
						   *e == '_' || isalnum((unsigned char)*e)))
				e++;
			if (*e == '}') {
				if (e == c + 2) {
					warn("%s", "Empty variable name found!");
					return -1;
				}
				sp->prefix = xstrndup(s, (size_t)(c - s));
				sp->var = xstrndup(c + 2, (size_t)(e - c - 2));
				sp->suffix = xstrdup(e + 1);
				return 1;
			}
		}
		esc = false;
	}
	return 0;
}

static void values_free(struct aa_value *v)
{
	while (v) {
		struct aa_value *next = v->next;

		free(v->v);
		free(v);
		v = next;
	}
}

/* add_to_set: v (cut at 4096 bytes) first in *l. */
static void value_push(struct aa_value **l, const char *v)
{
	struct aa_value *n = xmalloc(sizeof(*n));

	*n = (struct aa_value){ xstrndup(v, MAX_VALUE), *l };
	*l = n;
}

/* __expand_variable: var's values with the variables in them expanded,
 * into var->expanded; 0, or -1 after a message. */
static int expand_var(struct aa_policy *pol, struct aa_var *var)
{
	struct aa_value *expanded = NULL;
	int n = 0, rc = -1;

	if (var->boolean >= 0) {
		warn("Referenced variable %s is a boolean used in set context", var->name);
		return -1;
	}
	if (var->expanded)
		return 0;
	var->expanding = true;
	for (struct aa_value *v = var->values; v; v = v->next) {
		struct aa_value *work = NULL;

		value_push(&work, v->v);
		while (work) {
			struct aa_value *t = work;
			struct split sp = { 0 };
			struct aa_var *ref;
			int r;

			work = t->next;
			t->next = NULL;
			r = split_var(t->v, &sp);
			if (r <= 0) {
				pol->expanded_bytes += strlen(t->v) + 1;
				if (r < 0 || ++n > MAX_VALUES || pol->expanded_bytes > MAX_EXPANDED) {
					if (r == 0)
						warn("Variable @{%s} has more than %d values, or all variables "
						     "more than %d MiB of them", var->name, MAX_VALUES,
						     MAX_EXPANDED >> 20);
					values_free(t);
					values_free(work);
					goto out;
				}
				t->next = expanded;
				expanded = t;
				continue;
			}
			ref = aa_var_find(pol, sp.var);
			if (ref && ref->expanding)
				warn("Variable @{%s} is referenced recursively (by @{%s})", sp.var, var->name);
			else if (!ref)
				warn("Variable @{%s} references undefined variable @{%s}", var->name, sp.var);
			if (!ref || ref->expanding || expand_var(pol, ref) < 0) {
				split_free(&sp);
				values_free(t);
				values_free(work);
				goto out;
			}
			for (struct aa_value *x = ref->expanded; x; x = x->next) {
				char *s = xasprintf("%s%s%s", sp.prefix, x->v, sp.suffix);

				value_push(&work, s);
				free(s);
			}
			split_free(&sp);
			values_free(t);
		}
	}
	var->expanded = expanded;
	expanded = NULL;
	rc = 0;
out:
	values_free(expanded);
	var->expanding = false;
	return rc;
}

/* trim_trailing_slash */
static void trim_slashes(struct buf *b)
{
	while (b->len && b->p[b->len - 1] == '/')
		b->len--;
}

/* expand_entry_variables: every variable in *name replaced by its value,
 * or its values as an alternation {a,b,...} (a slash the prefix ends
 * with or the suffix starts with taken from each value); 0, or -1 after
 * a message. */
static int expand_name(struct aa_policy *pol, char **name, const struct srcloc *at)
{
	struct split sp;
	int r;

	if (!*name)
		return 0;
	while ((r = split_var(*name, &sp)) > 0) {
		struct aa_var *var = aa_var_find(pol, sp.var);
		struct aa_value *v;
		struct buf b = BUF_INIT(MAX_NAME);
		bool lead, trail;

		if (!var || var->boolean >= 0) {
			if (!var)
				diag(at, "Found reference to variable %s, but is never declared", sp.var);
			else
				diag(at, "Found reference to set variable %s, but declared boolean", sp.var);
			split_free(&sp);
			return -1;
		}
		if (expand_var(pol, var) < 0) {
			diag(at, "failure expanding variable %s", sp.var);
			split_free(&sp);
			return -1;
		}
		v = var->expanded;
		buf_put_str(&b, sp.prefix);
		if (!v->next) {
			buf_put_str(&b, v->v);
		} else {
			lead = *sp.prefix && sp.prefix[strlen(sp.prefix) - 1] == '/';
			trail = *sp.suffix == '/';
			for (; v; v = v->next) {
				const char *s = v->v;

				buf_put_u8(&b, v == var->expanded ? '{' : ',');
				while (lead && *s == '/')
					s++;
				buf_put_str(&b, s);
				/* the anchor trims what it has written so far (its
				 * '{' stops that) */
				if (trail)
					trim_slashes(&b);
			}
			buf_put_u8(&b, '}');
		}
		buf_put_str(&b, sp.suffix);
		buf_put_u8(&b, 0);
		split_free(&sp);
		if (b.err) {
			buf_free(&b);
			diag(at, "a name longer than %d bytes once its variables are expanded", MAX_NAME);
			return -1;
		}
		free(*name);
		*name = (char *)b.p;
	}
	return r;
}

/* A class rule's expand_variables: the names in it, some of them with
 * their slashes filtered. */
static int expand_rule(struct aa_policy *pol, struct aa_rule *r)
{
	const struct srcloc *at = &r->loc;
	char **names[6] = { NULL };
	bool filter[6] = { false };
	int n = 0;

	switch (r->kind) {
	case AK_DBUS: {
		struct aa_dbus *d = &r->u.dbus;

		names[n++] = &d->bus;
		names[n++] = &d->name;
		names[n++] = &d->label;
		filter[n] = true;
		names[n++] = &d->path;
		names[n++] = &d->interface;
		names[n++] = &d->member;
		break;
	}
	case AK_SIGNAL:
		names[n++] = &r->u.sig.peer;
		break;
	case AK_PTRACE:
		names[n++] = &r->u.ptrace.peer;
		break;
	case AK_UNIX:
		names[n++] = &r->u.unix_.peer_label;
		filter[n] = true;
		names[n++] = &r->u.unix_.addr;
		filter[n] = true;
		names[n++] = &r->u.unix_.peer_addr;
		break;
	case AK_MOUNT: {
		struct aa_mount *m = &r->u.mnt;

		filter[n] = true;
		names[n++] = &m->mnt_point;
		filter[n] = true;
		names[n++] = &m->device;
		names[n++] = &m->trans;
		break;
	}
	default:
		break;
	}
	for (int i = 0; i < n; i++) {
		if (expand_name(pol, names[i], at) < 0)
			return -1;
		if (filter[i])
			aa_filter_slashes(*names[i]);
	}
	/* then a mount's fstypes and options */
	for (int k = 0; r->kind == AK_MOUNT && k < 2; k++)
		for (char **v = k ? r->u.mnt.opts : r->u.mnt.fstype; v && *v; v++)
			if (expand_name(pol, v, at) < 0)
				return -1;
	return 0;
}

static int alias_cmp(const void *a, const void *b)
{
	const char *const *x = a, *const *y = b;
	int c = strcmp(x[0], y[0]);

	return c ? c : strcmp(x[1], y[1]);
}

/* The alias rules by from, then to; one of two the same dropped, with the
 * anchor's words. */
static void alias_sort(struct aa_policy *pol)
{
	int n = 0;

	if (pol->aliases_sorted || !pol->nalias)
		return;
	pol->aliases_sorted = true;
	qsort(pol->alias, (size_t)pol->nalias / 2, 2 * sizeof(char *), alias_cmp);
	for (int i = 0; i < pol->nalias; i += 2) {
		if (n && !alias_cmp(&pol->alias[n - 2], &pol->alias[i])) {
			warn("'%s' is already defined", pol->alias[i]);
			free(pol->alias[i]);
			free(pol->alias[i + 1]);
			continue;
		}
		pol->alias[n++] = pol->alias[i];
		pol->alias[n++] = pol->alias[i + 1];
	}
	pol->nalias = n;
}

/* TO and what follows FROM in s, when s starts with FROM (do_alias). */
static char *alias_of(const char *from, const char *to, const char *s)
{
	size_t n = strlen(from);

	return s && !strncmp(from, s, n) ? xasprintf("%s%s", to, s + n) : NULL;
}

/* replace_profile_aliases: for each alias in order, an alternative name
 * for the attachment (or the name) it starts, and a copy of each file
 * rule whose path or link target it starts (none of change_profile's),
 * put after the rule. */
static void aliases(struct aa_policy *pol, struct aa_profile *prof)
{
	alias_sort(pol);
	for (int i = 0; i < pol->nalias; i += 2) {
		const char *from = pol->alias[i], *to = pol->alias[i + 1];
		char *alt = alias_of(from, to, prof->attach ? prof->attach : prof->name);

		if (alt) {
			prof->altnames = xrealloc(prof->altnames,
						  (size_t)(prof->naltnames + 1) * sizeof(*prof->altnames));
			memmove(prof->altnames + 1, prof->altnames, (size_t)prof->naltnames * sizeof(*prof->altnames));
			prof->altnames[0] = alt;
			prof->naltnames++;
		}
	}
	for (int i = 0; i < pol->nalias; i += 2) {
		const char *from = pol->alias[i], *to = pol->alias[i + 1];

		for (struct aa_entry *e = prof->entries; e; e = e->next) {
			char *name, *link;
			struct aa_entry *dup;

			if ((e->mode & (AA_ONEXEC | AA_CHANGE_PROFILE)) || e->alias_made)
				continue;
			name = alias_of(from, to, e->name);
			link = alias_of(from, to, e->link);
			if (!name && !link)
				continue;
			/* copy_cod_entry: not the subset flag */
			dup = xmalloc(sizeof(*dup));
			*dup = (struct aa_entry){ name ? name : xstrdup(e->name),
						  link ? link : e->link ? xstrdup(e->link) : NULL,
						  e->nt ? xstrdup(e->nt) : NULL, e->mode, e->audit, e->deny,
						  false, true, e->loc, e->next };
			e->next = dup;
		}
	}
}

/* The profile's name as hname gives it: its parents' names and its own,
 * joined by //. */
static void hname(const struct aa_profile *prof, struct buf *b)
{
	if (prof->parent) {
		hname(prof->parent, b);
		buf_put_str(b, "//");
	}
	buf_put_str(b, prof->name);
}

/* escape_re: the profile's name with { } [ ] * ? escaped, for
 * @{profile_name}. */
static char *escape_re(const char *s)
{
	struct buf b = BUF_INIT(0);

	for (; *s; s++) {
		if (*s == '\\') {
			buf_put(&b, s, s[1] ? 2 : 1);
			if (s[1])
				s++;
			continue;
		}
		if (strchr("{}[]*?", *s))
			buf_put_u8(&b, '\\');
		buf_put_u8(&b, (uint8_t)*s);
	}
	buf_put_u8(&b, 0);
	return (char *)b.p;
}

/* file_comp: entries without a link first; then by link, subset (set
 * first), allow before deny, and name. */
static int entry_cmp(const struct aa_entry *a, const struct aa_entry *b)
{
	int c;

	if (!a->link != !b->link)
		return a->link ? 1 : -1;
	if (a->link) {
		if ((c = strcmp(a->link, b->link)))
			return c;
		if (a->subset != b->subset)
			return b->subset - a->subset;
	}
	if (a->deny != b->deny)
		return a->deny ? 1 : -1;
	return strcmp(a->name, b->name);
}

static int entry_qcmp(const void *a, const void *b)
{
	return entry_cmp(*(struct aa_entry *const *)a, *(struct aa_entry *const *)b);
}

/* is_merged_x_consistent: two rules' exec types agree in each half. */
static bool x_consistent(uint32_t a, uint32_t b)
{
	for (int sh = 0; sh <= AA_OTHER_SHIFT; sh += AA_OTHER_SHIFT) {
		uint32_t x = (uint32_t)AA_EXEC << sh, t = (uint32_t)AA_EXEC_TYPE << sh;

		if ((a & x) && (b & x) && (a & t) != (b & t))
			return false;
	}
	return true;
}

/* profile_merge_rules: the file rules sorted, those of one path (and link
 * target, subset and deny) merged into one. */
static int merge_entries(struct aa_profile *prof)
{
	struct aa_entry **v, *e;
	size_t n = 0, i;

	for (e = prof->entries; e; e = e->next)
		n++;
	if (n < 2)
		return 0;
	v = xmalloc(n * sizeof(*v));
	for (e = prof->entries, i = 0; e; e = e->next)
		v[i++] = e;
	/* equal keys are merged next, so qsort's order among them is
	 * never seen */
	qsort(v, n, sizeof(*v), entry_qcmp);
	for (i = 0; i + 1 < n; i++)
		v[i]->next = v[i + 1];
	v[n - 1]->next = NULL;
	prof->entries = v[0];
	free(v);
	for (e = prof->entries; e->next;) {
		struct aa_entry *next = e->next;

		if (entry_cmp(e, next)) {
			e = next;
			continue;
		}
		if (!x_consistent(e->mode, next->mode)) {
			diag(&next->loc, "profile %s: has merged rule %s with conflicting x modifiers",
			     prof->name, e->name);
			return -1;
		}
		e->mode |= next->mode;
		e->audit |= next->audit;
		e->next = next->next;
		next->next = NULL;
		aa_entries_free(next);
	}
	return 0;
}

int aa_resolve_profile(struct aa_policy *pol, struct aa_profile *prof)
{
	struct aa_var *pn;
	struct buf b = BUF_INIT(0);
	char *esc;
	int rc = 0;

	/* profile_add_hat_rules: a hat, or a profile with hats, may change
	 * hat through /proc */
	if (prof->kind == 2 || prof->children)
		aa_proc_access(prof, "/proc/[0-9]*/attr/{apparmor/,}current");
	if (expand_name(pol, &prof->name, &prof->loc) < 0 ||
	    expand_name(pol, &prof->attach, &prof->loc) < 0)
		return -1;
	/* @{profile_name}: this profile's, for its own rules */
	if (aa_var_find(pol, "profile_name")) {
		diag(&prof->loc, "%s", "variable @{profile_name} was previously declared");
		return -1;
	}
	hname(prof, &b);
	buf_put_u8(&b, 0);
	esc = escape_re((char *)b.p);
	buf_free(&b);
	XROOM(pol->vars, pol->nvars);
	pn = &pol->vars[pol->nvars++];
	*pn = (struct aa_var){ xstrdup("profile_name"), -1, NULL, NULL, false };
	value_push(&pn->values, esc);
	free(esc);
	for (struct aa_entry *e = prof->entries; e && !rc; e = e->next)
		if (expand_name(pol, &e->name, &e->loc) < 0 || expand_name(pol, &e->link, &e->loc) < 0)
			rc = -1;
	for (struct aa_rule *r = prof->rules; r && !rc; r = r->next)
		rc = expand_rule(pol, r);
	pn = &pol->vars[--pol->nvars];
	free(pn->name);
	values_free(pn->values);
	values_free(pn->expanded);
	if (rc < 0)
		return -1;
	aliases(pol, prof);
	return merge_entries(prof);
}

