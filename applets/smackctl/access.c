// SPDX-License-Identifier: Apache-2.0
/* access.c: access queries, from the kernel (access2) or offline from
 * rule files in smk_access()'s order, one at a time or as a batch. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "smackctl.h"

/*
 * Offline, the rule set is the kernel's view after loading it into an
 * empty rule list: every label a rule names is known, even when the rule
 * grants nothing.  A query costs two lookups in the label table and one in
 * the pair table, with no string compare but the label's own. */

/* smk_access() in the kernel's order for two known labels: allowed or not,
 * and why (for -v). */
static const char *decide(const struct ruleset *p, uint32_t s, uint32_t o, unsigned req,
			  int *allowed)
{
	const struct rule *r;
	unsigned may;

	*allowed = 0;
	if (s == L_STAR)
		return "subject * may access nothing";
	*allowed = 1;
	if (o == L_WEB || s == L_WEB)
		return "label @ is accessible to and from everything";
	if (o == L_STAR)
		return "object * is accessible to everything";
	if (s == o)
		return "subject and object are the same label";
	if ((req & (A_R | A_X)) == req || (req & A_L) == req) {
		if (o == L_FLOOR)
			return "object _ may be read, executed or locked by anyone";
		if (s == L_HAT)
			return "subject ^ may read, execute or lock anything";
	}
	r = smk_rs_find(p, s, o);
	may = r ? r->allow : 0;
	if (!may) {
		*allowed = 0;
		return "no rule";
	}
	/* smk_access_entry(): write access implies lock. */
	if (may & A_W)
		may |= A_L;
	if ((req & may) != req) {
		*allowed = 0;
		return "the rule does not grant all of it";
	}
	return "a rule grants it";
}

static int offline_answer(const struct ruleset *p, const char *s, size_t sl, const char *o,
			  size_t ol, unsigned req, const char **why)
{
	int si = htab_find_n(&p->lab, s, sl), oi = htab_find_n(&p->lab, o, ol);
	int allowed;

	if (si < 0 || oi < 0) {
		*why = "a label the kernel does not know (no rule names it)";
		return 0;
	}
	*why = decide(p, (uint32_t)si, (uint32_t)oi, req, &allowed);
	return allowed;
}

/* The kernel's answer through an access2 transaction: 1 or 0. */
static int kernel_answer(const char *s, size_t sl, const char *o, size_t ol, const char *a,
			 size_t al)
{
	char *path = smk_sfs_path("access2"), *req, buf[8];
	int fd = open(path, O_RDWR);
	ssize_t n;

	if (fd < 0)
		die_errno("%s", str_esc(path, SIZE_MAX));
	req = xasprintf("%.*s %.*s %.*s", (int)sl, s, (int)ol, o, al ? (int)al : 1,
			al ? a : "-");
	if (write(fd, req, strlen(req)) != (ssize_t)strlen(req))
		die_errno("%s: write \"%s\"", str_esc(path, SIZE_MAX), req);
	n = read(fd, buf, sizeof(buf));
	close(fd);
	free(req);
	free(path);
	if (n < 1 || (buf[0] != '0' && buf[0] != '1'))
		die("access2: no answer");
	return buf[0] == '1';
}

/* One query's fields, not NUL-terminated (a batch is answered in place). */
struct query {
	const char *f[3];
	size_t len[3];
};

/* The labels and letters of q, checked as smk_check_label and smk_xaccess do, with
 * "file:line" in front when the query comes from a batch (file not NULL). */
static unsigned check_query(const char *file, int line, const struct query *q)
{
	static const char *const what[] = { "subject", "object" };
	const char *e;
	size_t bad;
	int v;

	if (!file) {	/* the command line's: whole strings */
		smk_check_label(q->f[0], what[0]);
		smk_check_label(q->f[1], what[1]);
		return smk_xaccess(q->f[2], "access");
	}
	for (int i = 0; i < 2; i++)
		if ((e = smk_label_error(q->f[i], q->len[i])))
			die("%s:%d: %s '%s': %s", str_esc(file, SIZE_MAX), line, what[i],
			    mem_esc(q->f[i], q->len[i], SIZE_MAX), e);
	if ((v = smk_parse_access(q->f[2], q->len[2], &bad)) < 0)
		die("%s:%d: access '%s': '%s' is not an access letter (rwxatlb or -)", str_esc(file, SIZE_MAX),
		    line, mem_esc(q->f[2], q->len[2], SIZE_MAX), mem_esc(&q->f[2][bad], 1, SIZE_MAX));
	return (unsigned)v;
}

/* The kernel's second look (smk_tskacc): what the global rules allow, a
 * per-process rule for the pair (TT.self) may restrict, never widen; no
 * such rule leaves it.  Write implies lock here too. */
static int self_allows(const char *s, size_t sl, const char *o, size_t ol, unsigned req)
{
	const struct rule *r;
	int si, oi;
	unsigned may;

	if (!TT.has_self || (si = htab_find_n(&TT.self.lab, s, sl)) < 0 ||
	    (oi = htab_find_n(&TT.self.lab, o, ol)) < 0 ||
	    !(r = smk_rs_find(&TT.self, (uint32_t)si, (uint32_t)oi)))
		return 1;
	may = r->allow & A_W ? r->allow | A_L : r->allow;
	return (req & may) == req;
}

/* Answer one query on stdout (buffered: a batch of a million queries is a
 * few writes), the reason on stderr with -v. */
static int one_query(const struct ruleset *p, const struct query *q, int verbose,
		     const char *file, int line)
{
	unsigned want = check_query(file, line, q);
	const char *why = NULL;
	int r = p ? offline_answer(p, q->f[0], q->len[0], q->f[1], q->len[1], want, &why)
		  : kernel_answer(q->f[0], q->len[0], q->f[1], q->len[1], q->f[2], q->len[2]);

	if (r && !self_allows(q->f[0], q->len[0], q->f[1], q->len[1], want)) {
		r = 0;
		why = "a per-process rule (load-self) does not grant all of it";
	}

	putchar('0' + r);
	putchar('\n');
	if (verbose && why) {
		fflush(stdout);
		fprintf(stderr, "%.*s %.*s %.*s: %s: %s\n", (int)q->len[0], q->f[0], (int)q->len[1],
			q->f[1], (int)q->len[2], q->f[2], r ? "allowed" : "denied", why);
	}
	return r;
}

/* One query from whole strings (checked: a bad one is a usage error),
 * answered on stdout as 1 or 0; the answer. */
int smk_query(const struct ruleset *p, const char *subj, const char *obj, const char *acc)
{
	struct query q = { { subj, obj, acc }, { strlen(subj), strlen(obj), strlen(acc) } };

	return one_query(p, &q, 0, NULL, 0);
}

/* The queries of one line (s to end, no newline); 0 if it has none.
 * Fields are split at white space as in rule files, so a CRLF line ends
 * in a blank, not in a bad access letter. */
static int batch_line(const struct ruleset *p, const char *s, const char *end, int verbose,
		      const char *name, int lineno)
{
	struct query q;
	int n = 0;

	for (;;) {
		while (s < end && isspace((unsigned char)*s))
			s++;
		if (s == end)
			break;
		const char *t = s;

		while (s < end && !isspace((unsigned char)*s))
			s++;
		if (n < 3) {
			q.f[n] = t;
			q.len[n] = s - t;
		}
		n++;
	}
	if (!n)
		return 0;
	if (n != 3)
		die("%s:%d: a query is SUBJECT OBJECT ACCESS", str_esc(name, SIZE_MAX), lineno);
	return one_query(p, &q, verbose, name, lineno), 1;
}

/* A batch: one "S O A" a line, empty lines skipped, answers in order.  The
 * input is read in blocks; from a pipe or terminal the answers so far are
 * flushed before each read, so that a coprocess gets each one.  A batch may
 * go on for ever, but a line may not: one that fills the buffer (far more
 * than two 255-byte labels and seven letters) is an error. */
static void batch(const struct ruleset *p, const char *file, int verbose)
{
	/* one buffer for the process, never freed: a bad line dies, and a
	 * die() caught (the fuzz target) must not leave one behind each time */
	static char *buf;
	size_t cap = BATCH_LINE_MAX, have = 0;
	char *name = strcmp(file, "-") ? smk_host_path(file) : xstrdup("-");
	int fd = strcmp(file, "-") ? root_open(file, O_RDONLY, 0) : 0, lineno = 0;
	struct stat st;
	int stream;

	if (fd < 0)
		die_errno("%s", str_esc(name, SIZE_MAX));
	if (!buf)
		buf = xmalloc(cap);
	stream = !fstat(fd, &st) && !S_ISREG(st.st_mode);

	for (;;) {
		ssize_t n;
		char *s = buf, *nl;

		if (have == cap)
			die("%s:%d: a line longer than %zu bytes", str_esc(name, SIZE_MAX), lineno + 1, cap);
		if (stream)
			fflush(stdout);
		n = read(fd, buf + have, cap - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die_errno("%s", fd ? str_esc(name, SIZE_MAX) : "standard input");
		if (n == 0)
			break;
		have += (size_t)n;
		while ((nl = memchr(s, '\n', buf + have - s))) {
			batch_line(p, s, nl, verbose, name, ++lineno);
			s = nl + 1;
		}
		have -= (size_t)(s - buf);
		memmove(buf, s, have);
	}
	if (have)
		batch_line(p, buf, buf + have, verbose, name, ++lineno);
	if (fd)
		close(fd);
	free(name);
}

int smk_cmd_access(int argc, char **argv)
{
	enum { O_OFFLINE, O_RULES, O_VERBOSE, O_BATCH, O_SELF_RULES, O_SELF, O_N };
	struct opt o[] = { [O_OFFLINE] = { 0, "offline", 0 }, [O_RULES] = { 0, "rules", OPT_ARG },
			   [O_VERBOSE] = { 'v', "verbose", 0 }, [O_BATCH] = { 0, "batch", OPT_ARG },
			   [O_SELF_RULES] = { 0, "self-rules", OPT_ARG }, [O_SELF] = { 0, "self", 0 },
			   [O_N] = OPT_END };
	struct ruleset *p = NULL;
	int rc = 0;

	die_status = 2;
	opt_parse(&argc, &argv, o, 0);
	if (argc != (o[O_BATCH].arg ? 0 : 3))
		usage_error(o[O_BATCH].arg ? "access --batch: no other operands"
				     : "access: needs SUBJECT OBJECT ACCESS");
	if (o[O_SELF].seen && (o[O_SELF_RULES].seen || o[O_OFFLINE].seen || o[O_RULES].seen || root_dir()))
		usage_error("access --self: this process's own rules, on the running kernel only "
			    "(--self-rules FILE for others)");
	/* This process's per-process rules, as the kernel shows them. */
	if (o[O_SELF].seen) {
		char *path, *t;
		size_t len;

		if (!(t = smk_sfs_read("load-self2", &path, &len)))
			die_errno("%s", str_esc(path, SIZE_MAX));
		smk_parse_rules(&TT.self, smk_keep_name(path), t, len, 1);
		diag_fail(0, " in %s", str_esc(path, SIZE_MAX));
		free(t);
		TT.has_self = 1;
	}
	/* offline, from rule files or the image's: nothing but reading */
	if (o[O_OFFLINE].seen || o[O_RULES].seen || root_dir())
		sandbox_reader("access", 0);
	if (o[O_OFFLINE].seen || o[O_RULES].seen) {
		if (!o[O_RULES].arg)
			usage_error("access --offline needs --rules FILE|DIR");
		char *list = xstrdup(o[O_RULES].arg), *save;

		for (char *t = strtok_r(list, ":", &save); t; t = strtok_r(NULL, ":", &save))
			smk_parse_source(&TT.rs, t);
		free(list);
		diag_fail(0, " in the rules");
		/* Change lines apply to an empty kernel: what they allow is what is left. */
		p = &TT.rs;
	} else if (root_dir()) {
		smk_kernel_rules(&TT.rs, 1);
		p = &TT.rs;
	}
	if (o[O_SELF_RULES].arg) {
		smk_parse_self(&TT.self, o[O_SELF_RULES].arg);
		diag_fail(0, " in the per-process rules");
		TT.has_self = 1;
	}
	if (p)
		smk_rs_builtins(p);
	if (o[O_BATCH].arg) {
		batch(p, o[O_BATCH].arg, o[O_VERBOSE].seen);
	} else {
		struct query q;

		for (int i = 0; i < 3; i++) {
			q.f[i] = argv[i];
			q.len[i] = strlen(argv[i]);
		}
		rc = one_query(p, &q, o[O_VERBOSE].seen, NULL, 0) ? 0 : 1;
	}
	return rc;
}

