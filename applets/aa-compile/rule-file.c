// SPDX-License-Identifier: Apache-2.0
/* rule-file.c: a profile's attachment and file rules as the DFA rules
 * apparmor_parser 3.0.8 makes of them (parser_regex.c's
 * process_profile_name_xmatch and process_dfa_entry): each glob through
 * glob.c, ix giving m, link pairs (the link's path, a NUL, its target),
 * change_profile's three rules (its target; any exec; any exec, a NUL,
 * the target), deny rules without their link bits.  What the anchor's
 * -D rule-exprs writes is written the same way to out->dump (the
 * expression tree aside), so the two can be compared. */
#include <stdlib.h>
#include <string.h>

#include "aa.h"

int aa_glob_add(const char *glob, int kind, struct buf *re, int *first, struct aa_rules_out *out,
		const struct srcloc *at)
{
	int type = aa_glob(glob, kind, re, first, at);

	if (out->dump) {
		fprintf(out->dump, "aare: %s   ->   ", glob);
		fwrite(re->p, 1, re->len, out->dump);
		fputc('\n', out->dump);
	}
	return re->err ? -1 : type;
}

int aa_glob_out(const char *glob, int kind, struct buf *re, int *first, struct aa_rules_out *out,
		const struct srcloc *at)
{
	int type;

	buf_reset(re);
	type = aa_glob_add(glob, kind, re, first, out, at);
	buf_put_u8(re, 0);
	return re->err ? -1 : type;
}

/* add_rule and add_rule_vec: n parts joined by NUL. */
int aa_rule_out(struct aa_rules_out *out, const char *const *parts, int n, bool deny, uint32_t perms,
		uint32_t audit, const struct srcloc *at)
{
	if (out->dump) {
		fputs("rule: ", out->dump);
		for (int i = 0; i < n; i++)
			fprintf(out->dump, "%s%s", i ? "\\x00" : "", parts[i]);
		fprintf(out->dump, "%s (0x%x/%x)\n", deny ? " deny" : "", perms, audit);
	}
	return out->rule ? out->rule(out->ctx, parts, n, deny, perms, audit, at) : 0;
}

int aa_xmatch(struct aa_profile *prof, struct aa_rules_out *out)
{
	struct buf re = BUF_INIT(0);
	const char *local = prof->name;
	char *name;
	int type, first, rc = 0;

	/* the attachment, or the name after its last // */
	for (const char *t; (t = strstr(local, "//"));)
		local = t + 2;
	name = xstrdup(prof->attach ? prof->attach : local);
	aa_filter_slashes(name);
	type = aa_glob_out(name, AA_GLOB_DEFAULT, &re, &first, out, &prof->loc);
	if (type < 0) {
		diag(&prof->loc, "Invalid profile name '%s' - bad regular expression", name);
		rc = -1;
	} else if (type == 0 && !prof->attach && !prof->xattrs && !prof->naltnames) {
		/* a plain name: no attachment DFA */
	} else {
		rc = aa_rule_out(out, (const char *[]){ (const char *)re.p }, 1, false, AA_EXEC, 0, &prof->loc);
		/* and the names its aliases give it */
		for (int i = 0; !rc && i < prof->naltnames; i++) {
			aa_filter_slashes(prof->altnames[i]);
			if (aa_glob_out(prof->altnames[i], AA_GLOB_DEFAULT, &re, &first, out, &prof->loc) < 0)
				rc = -1;
			else
				rc = aa_rule_out(out, (const char *[]){ (const char *)re.p }, 1, false, AA_EXEC, 0,
						 &prof->loc);
		}
		/* each xattr condition (last written first): a NUL, then its
		 * value (any, "**", without one), after an out-of-band step;
		 * none for a kernel without both (the conditions ignored, the
		 * DFA made all the same) */
		for (const struct aa_cond *c = aa_xattrs(prof); !rc && c; c = c->next) {
			buf_reset(&re);
			buf_put_str(&re, "\\x00");
			if (aa_glob_add(c->eq && c->n ? c->v[0] : "**", AA_GLOB_NULL, &re, &first, out, &c->loc) < 0 ||
			    buf_put_u8(&re, 0) < 0) {
				rc = -1;
				break;
			}
			if (out->dump)
				fprintf(out->dump, "rule: %s\n", (const char *)re.p);
			if (out->append)
				rc = out->append(out->ctx, (const char *)re.p, &c->loc);
		}
	}
	free(name);
	buf_free(&re);
	return rc;
}

/* A change_profile target for a kernel that does not stack: parse_label
 * on its expression (its errors first, as the anchor's), a stacked target
 * refused; its namespace and name cut apart in place (v[0], v[1]) or its
 * name alone.  How many parts, or -1. */
static int label_parts(char *re, const char **v, const struct srcloc *at)
{
	const char *ns, *name;
	size_t ns_len;
	bool stack;
	int err = aa_label_parse(re, &stack, &ns, &ns_len, &name);

	if (err) {
		diag(at, "%s: %s", aa_label_error(err), re);
		return -1;
	}
	if (stack) {
		diag(at, "The current kernel does not support stacking of named transitions: %s", re);
		return -1;
	}
	if (!ns) {
		v[0] = re;
		return 1;
	}
	re[ns - re + ns_len] = 0;
	v[0] = ns;
	v[1] = name;
	return 2;
}

/* process_dfa_entry */
static int entry(struct aa_entry *e, struct aa_rules_out *out)
{
	const uint32_t link = AA_BOTH(AA_LINK), cp = e->mode & AA_CHANGE_PROFILE;
	struct buf re = BUF_INIT(0), lre = BUF_INIT(0);
	int first, rc = -1;

	if (!cp)
		aa_filter_slashes(e->name);
	if (aa_glob_out(e->name, AA_GLOB_DEFAULT, &re, &first, out, &e->loc) < 0)
		goto out;
	/* ix gives m */
	if (e->mode & AA_INHERIT << AA_OTHER_SHIFT)
		e->mode |= AA_MMAP << AA_OTHER_SHIFT;
	if (e->mode & AA_INHERIT)
		e->mode |= AA_MMAP;
	/* a deny's link bit is left to the pair below: both halves of a
	 * link must match */
	if (e->deny) {
		if ((e->mode & ~link) && !cp &&
		    aa_rule_out(out, (const char *[]){ (char *)re.p }, 1, true, e->mode & ~(link | AA_CHANGE_PROFILE),
			 e->audit & ~(link | AA_CHANGE_PROFILE), &e->loc) < 0)
			goto out;
	} else if (!cp && aa_rule_out(out, (const char *[]){ (char *)re.p }, 1, false, e->mode, e->audit, &e->loc) < 0) {
		goto out;
	}
	if (e->mode & link) {
		/* the link's subset test bit, from the owner's link bit */
		uint32_t perms = e->mode & link, subset = perms << 1 & AA_LOCK;
		const char *target = "/[^/].*";

		if (e->link) {
			aa_filter_slashes(e->link);
			if (aa_glob_out(e->link, AA_GLOB_DEFAULT, &lre, &first, out, &e->loc) < 0)
				goto out;
			target = (const char *)lre.p;
			if (e->subset)
				perms |= subset;
		} else {
			perms |= subset;
		}
		if (aa_rule_out(out, (const char *[]){ (char *)re.p, target }, 2, e->deny, perms, e->audit & link, &e->loc) < 0)
			goto out;
	}
	if (cp) {
		/* the exec condition, or any exec; then the target: whole where
		 * the kernel stacks, else its namespace and name as two parts */
		const char *any = "/[^/\\x00][^\\x00]*", *v[3] = { any, (char *)re.p, NULL };
		uint32_t onexec = AA_ONEXEC;
		int n = 1;

		if (!aa_kf.stack && (n = label_parts((char *)re.p, v + 1, &e->loc)) < 0)
			goto out;

		if (e->link) {
			if (aa_glob_out(e->link, AA_GLOB_DEFAULT, &lre, &first, out, &e->loc) < 0)
				goto out;
			v[0] = any = (const char *)lre.p;
		}
		if (aa_rule_out(out, v + 1, n, e->deny, AA_CHANGE_PROFILE | onexec, 0, &e->loc) < 0 ||
		    aa_rule_out(out, &any, 1, e->deny, onexec, 0, &e->loc) < 0)
			goto out;
		onexec |= e->mode & (AA_BOTH(AA_EXEC) | AA_BOTH(AA_UNSAFE));
		if (aa_rule_out(out, v, n + 1, e->deny, onexec, 0, &e->loc) < 0)
			goto out;
	}
	rc = 0;
out:
	buf_free(&re);
	buf_free(&lre);
	return rc;
}

int aa_file_rules(struct aa_profile *prof, struct aa_rules_out *out)
{
	for (struct aa_entry *e = prof->entries; e; e = e->next)
		if (entry(e, out) < 0)
			return -1;
	return 0;
}
