/* SPDX-License-Identifier: Apache-2.0 */
/* dfa.h: AppArmor's regex-to-DFA engine.  Rules (libapparmor_re's regex
 * syntax, with permission words) go in; a minimised DFA and the kernel's
 * flex table set come out.  verify.c reads such a table set back the way
 * the kernel does, as an oracle that shares no code with the builder.
 * Semantics follow apparmor 3.0.8's libapparmor_re; README.md says where
 * and why this engine differs. */
#ifndef LSMBOX_DFA_H
#define LSMBOX_DFA_H

#include <stddef.h>
#include <stdint.h>

struct buf;

/* A file DFA's permission word (apparmor immunix.h): two 14-bit halves,
 * the owner ("user") half at bit 0 and the other half at bit 14, each
 * with exec at bit 0 and the exec type (how to exec: px, cx, ux, ix,
 * unsafe, index of a named transition) in bits 7-13. */
#define DFA_X_EXEC		(1u << 0)	/* AA_MAY_EXEC */
#define DFA_X_TYPE		0x3f80u		/* PUX, UNSAFE, INHERIT, MOD_0..3 */
#define DFA_OTHER_SHIFT		14
#define DFA_USER_EXEC		DFA_X_EXEC
#define DFA_OTHER_EXEC		(DFA_X_EXEC << DFA_OTHER_SHIFT)
#define DFA_USER_EXEC_TYPE	DFA_X_TYPE
#define DFA_OTHER_EXEC_TYPE	(DFA_X_TYPE << DFA_OTHER_SHIFT)
#define DFA_ALL_EXEC_TYPE	(DFA_USER_EXEC_TYPE | DFA_OTHER_EXEC_TYPE)
/* accept2: audit and quiet masks packed as other-quiet:other-audit:
 * user-quiet:user-audit, 7 bits each (immunix.h PACK_AUDIT_CTL). */
#define DFA_PACK_AUDIT_CTL(audit, quiet) \
	(((audit) & 0x1fc07fu) | (((quiet) & 0x1fc07fu) << 7))

/* The out-of-band symbol: a transition no input byte can take, which
 * separates the parts of a vector rule added with oob set. */
#define DFA_OOB		(-1)

/* Kernel format limits: 16-bit state numbers (apparmor_parser refuses
 * 65535 states or more) and a 24-bit base index. */
#define DFA_KERNEL_STATES_MAX	65534
#define DFA_KERNEL_BASE_MAX	0xffffffu

/* Error codes; functions return 0 or one of these. */
enum {
	DFA_ESYNTAX = -1,	/* a rule does not parse */
	DFA_ECONFLICT = -2,	/* rules with conflicting x modifiers meet in a state */
	DFA_ESTATES = -3,	/* construction passed its state cap */
	DFA_EMEM = -4,		/* construction passed its memory cap */
	DFA_ETOOBIG = -5,	/* too big for the kernel's table format */
	DFA_EINVAL = -6,	/* a bad argument */
};

/* What went wrong, for the caller to report with the rule's location. */
struct dfa_err {
	int code;		/* one of DFA_E*, 0 for none */
	int rule;		/* index of a rule concerned (in the order added), or -1 */
	int rule2;		/* the other rule of a conflict, or -1 */
	size_t off;		/* syntax errors: byte offset in the rule (its part) */
	char msg[224];
};

/* Rules, added one by one, then built into a DFA. */
struct dfa_rules;
#define DFA_RULES_FILE	1u	/* a file (or xmatch) DFA: exec modifiers merge as
				 * hfa.cc's filedfa mode; else policydb mode */

/**
 * dfa_rules_new - an empty rule set
 * @flags: DFA_RULES_FILE or 0
 *
 * Returns: the rule set (allocation failure dies, as xmalloc).
 */
struct dfa_rules *dfa_rules_new(unsigned flags);
void dfa_rules_free(struct dfa_rules *r);

/**
 * dfa_add_rule - add one rule
 * @r: the rule set
 * @re: the regex, @len bytes (libapparmor_re syntax; NUL and other bytes
 *      come in through escapes such as \x00, \000, \d0; a raw NUL byte is
 *      a syntax error)
 * @deny: a deny rule (its perms deny, its audit word is the quiet mask)
 * @perms: permission bits
 * @audit: audit bits (quiet bits for a deny rule)
 *
 * A rule with no '*', '+', '.' or bracket expression is an exact match,
 * whose exec type overrides a glob's in a file DFA.
 * Returns: 0, or DFA_ESYNTAX with dfa_rules_err() filled in (DFA_EMEM past
 * the followpos limit, dfa_rules_limit); a rule that fails leaves the set
 * as it was.
 */
int dfa_add_rule(struct dfa_rules *r, const char *re, size_t len, int deny,
		 uint32_t perms, uint32_t audit);

/**
 * dfa_add_rule_vec - add a rule matching @n parts in sequence
 * @parts, @lens: the parts' regexes and lengths
 * @oob: join parts with the out-of-band symbol (DFA_OOB) instead of a NUL
 *
 * As add_rule_vec in aare_rules.cc (link pairs, mount and dbus rules).
 * Returns: as dfa_add_rule; DFA_EINVAL for @n < 1.
 */
int dfa_add_rule_vec(struct dfa_rules *r, int deny, uint32_t perms, uint32_t audit,
		     int n, const char *const *parts, const size_t *lens, int oob);

/**
 * dfa_append_rule - let every rule so far go on, optionally, with @re
 * @oob: the separator before it: the out-of-band symbol, or else a NUL
 *
 * As aare_rules' append_rule with a separator and its permissions kept
 * (xattr attachment conditions): what matched before still matches, and
 * so does it followed by the separator and @re, with the permissions of
 * every rule (one piece after them all, as the anchor shares its tree).  A
 * second append goes on from the first's @re, not from the rules.  Nothing
 * to append to: 0, nothing done.  No dfa_add_rule after an append
 * (DFA_EINVAL).
 * Returns: as dfa_add_rule.
 */
int dfa_append_rule(struct dfa_rules *r, const char *re, size_t len, int oob);

/* Followpos pairs (a position and one that may follow it) are stored per
 * rule set; a rule is a product of its pieces' ends and starts, so
 * "(a|b|...)*" with n branches makes n^2.  A rule that would pass the
 * limit is refused with DFA_EMEM before it takes the memory.  0: the default. */
#define DFA_EDGES_DEFAULT	((size_t)1 << 24)
void dfa_rules_limit(struct dfa_rules *r, size_t max_edges);

/* The last error of dfa_add_rule, dfa_add_rule_vec or dfa_build. */
const struct dfa_err *dfa_rules_err(const struct dfa_rules *r);
int dfa_rules_count(const struct dfa_rules *r);

/* dfa_build options.  Zeroed fields take the defaults. */
struct dfa_opts {
	unsigned flags;
	size_t max_states;	/* construction cap on states before minimisation */
	size_t max_mem;		/* construction cap on working memory, in bytes */
};
#define DFA_NO_MINIMIZE		1u	/* keep the subset construction's states (tests) */
#define DFA_BUILD_STATES_DEFAULT	(1u << 21)
#define DFA_BUILD_MEM_DEFAULT		((size_t)1 << 30)

/* Counters for reports and tests. */
struct dfa_stats {
	size_t built;		/* states made by the subset construction, the dead one included */
	size_t states;		/* states after minimisation and pruning, 0 and 1 included */
	int classes;		/* byte classes of the rule set */
	size_t mem;		/* peak working memory counted against max_mem */
};

/* A built DFA.  State 0 is the dead (non-matching) state and state 1 the
 * start; the rest are numbered breadth first from the start, the default
 * (most bytes) target first, then the out-of-band one, then by byte. */
struct dfa;

/**
 * dfa_build - build the DFA of all rules added
 * @r: the rules (kept; more may be added and built again)
 * @o: options, or NULL for the defaults
 * @out: the DFA, on success
 *
 * Construction is a position-set (followpos) subset construction over the
 * rule set's byte classes, after interchangeable positions are merged (so
 * that **-heavy rule sets do not explode), then Hopcroft minimisation by
 * (accept, accept2), then a breadth-first renumbering that drops
 * unreachable states.  The packed result is apparmor_parser's, byte for
 * byte, for the rule sets tested (README.md).
 * Returns: 0, or DFA_ECONFLICT, DFA_ESTATES, DFA_EMEM with dfa_rules_err()
 * filled in; no cap is met by being killed for memory.
 */
int dfa_build(struct dfa_rules *r, const struct dfa_opts *o, struct dfa **out);
void dfa_free(struct dfa *d);

int dfa_nstates(const struct dfa *d);
const struct dfa_stats *dfa_stats(const struct dfa *d);
/* The permission words of a state: accept is the allow mask, accept2 is
 * DFA_PACK_AUDIT_CTL(audit, quiet & deny).  The true values, also for the
 * start state, whose packed words are 0 (as apparmor_parser writes them). */
uint32_t dfa_accept(const struct dfa *d, int state);
uint32_t dfa_accept2(const struct dfa *d, int state);
/* The state after symbol c (0-255, or DFA_OOB) from state; 0 stays 0. */
int dfa_next(const struct dfa *d, int state, int c);
/* The state after the len bytes at s, from state. */
int dfa_match(const struct dfa *d, int state, const void *s, size_t len);
/* The length of the shortest match as libapparmor_re's min_match_len
 * computes it (xmatch priority), quirks included: '.' counts 0, and
 * nothing after a [^...] or an out-of-band separator counts.  0 for no rules. */
int dfa_min_match_len(const struct dfa *d);

/**
 * dfa_pack - append the DFA as the kernel's flex table set
 * @d: the DFA
 * @flags: DFA_PACK_EC to map bytes through an equivalence-class table
 * @out: where the blob goes (big-endian, 8-byte multiple, starting at an
 *       8-aligned offset of the caller's choosing)
 * @err: filled in on failure, or NULL
 *
 * Tables ACCEPT, ACCEPT2, [EC], BASE, DEF, NXT, CHK, comb-compressed by
 * apparmor_parser's first-fit so that every base + 255 < len(NXT).
 * Returns: 0; DFA_ETOOBIG past DFA_KERNEL_STATES_MAX states or a 24-bit
 * base; DFA_EMEM when out is full (out->err set).
 */
#define DFA_PACK_EC	1u
int dfa_pack(const struct dfa *d, unsigned flags, struct buf *out, struct dfa_err *err);

/* verify.c: the kernel's reader (security/apparmor/match.c of Linux 6.1:
 * aa_dfa_unpack, verify_table_headers, verify_dfa with paranoid_load), and
 * its matcher.  Independent of everything above. */
struct dfa_blob {
	uint16_t flags;		/* th_flags: 1 diff-encode, 2 out-of-band */
	uint32_t nstates, ntrans;
	const uint32_t *accept, *accept2, *base;
	const uint16_t *def, *next, *check;
	const uint8_t *ec;	/* NULL when there is no EC table */
	void *mem;
};
#define DFA_BLOB_MAGIC	0x1B5E783Du

/**
 * dfa_blob_unpack - check and read a table set as the 6.1 kernel does
 * @p, @len: the blob (the kernel reads it from an 8-aligned address)
 * @b: filled in on success; free with dfa_blob_free
 * @why: on failure, why the kernel would refuse it
 *
 * Returns: 0, or -1 for a blob the kernel rejects.
 */
int dfa_blob_unpack(const void *p, size_t len, struct dfa_blob *b, const char **why);
void dfa_blob_free(struct dfa_blob *b);
/* One step on byte c (through EC when present), following diff-encoded
 * defaults: the kernel's aa_dfa_next. */
unsigned dfa_blob_next(const struct dfa_blob *b, unsigned state, uint8_t c);
/* The out-of-band step: 0 from a state without the out-of-band flag
 * (aa_dfa_outofband_transition). */
unsigned dfa_blob_oob(const struct dfa_blob *b, unsigned state);
/* len bytes from state; 0 stays 0 (aa_dfa_match_len). */
unsigned dfa_blob_match(const struct dfa_blob *b, unsigned state, const void *s, size_t len);

#endif
