// SPDX-License-Identifier: Apache-2.0
/* proc.c: tomoyo-edit's commands on live processes: pstree (each process's
 * profile and domain, from /proc and TOMOYO's .process_status) and query
 * (the supervisor that answers the kernel's enforcing-mode questions). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

/* Processes are the running kernel's: an image has none. */
static void refuse_root(const char *cmd, const char *what)
{
	if (root_dir())
		usage_error("%s: %s the running kernel's: --root (or LSMBOX_ROOT) is refused",
			    cmd, what);
}

/* ---- pstree ---- */

struct task {
	unsigned pid, ppid;
	int profile;
	int domain;		/* id in the domain table */
	char name[72];		/* comm, encoded as TOMOYO words are */
	bool done;
};

struct ps {
	struct task *t;
	size_t n, cap;
	struct htab domains;
	int procfd;		/* /proc, or the --from directory */
	int statusfd;		/* .process_status; -1 with --from */
	bool all;
};

/* The comm as tomoyo-pstree shows it: printable ASCII but the backslash as
 * is, "\\" for a backslash, \ooo for every other byte.  status escapes
 * a backslash and a newline ("\\", "\n"); other bytes come raw. */
static void encode_name(const char *s, size_t len, char *out, size_t cap)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 5 < cap; i++) {
		unsigned char c = s[i];

		if (c == '\\' && i + 1 < len) {
			c = s[++i] == 'n' ? '\n' : (unsigned char)s[i];
			if (c == '\\') {
				out[o++] = '\\', out[o++] = '\\';
				continue;
			}
		}
		if (c > ' ' && c < 127 && c != '\\') {
			out[o++] = c;
		} else {
			o += snprintf(out + o, cap - o, "\\%03o", c);
		}
	}
	out[o] = 0;
}

/* /proc/PID/status: Name and PPid; false when the process is gone. */
static bool read_status(int dirfd, const char *pid, struct task *t)
{
	char *rel = xasprintf("%s/status", pid), buf[4096];
	int fd = openat(dirfd, rel, O_RDONLY | O_CLOEXEC);
	ssize_t n;
	bool name = false, ppid = false;

	free(rel);
	if (fd < 0)
		return false;
	n = read_all(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = 0;
	for (char *l = buf, *nl; *l; l = nl + 1) {
		nl = strchr(l, '\n');
		if (!nl)
			break;
		if (!strncmp(l, "Name:\t", 6)) {
			encode_name(l + 6, nl - l - 6, t->name, sizeof(t->name));
			name = true;
		} else if (!strncmp(l, "PPid:\t", 6)) {
			char *end;
			unsigned long v = strtoul(l + 6, &end, 10);

			if (end != nl || end == l + 6 || v > 0xffffffffUL)
				return false;
			t->ppid = v;
			ppid = true;
		}
	}
	return name && ppid;
}

/* The kernel's reply for pid: "PID PROFILE DOMAIN" (no newline), empty
 * when the process is gone.  Returns the domain (in reply), or NULL. */
static const char *parse_reply(char *reply, unsigned pid, int *profile)
{
	char *p = reply, *end;
	unsigned long v;

	v = strtoul(p, &end, 10);
	if (end == p || *end != ' ' || v != pid)
		return NULL;
	p = end + 1;
	v = strtoul(p, &end, 10);
	if (end == p || *end != ' ' || v >= TMY_MAX_PROFILES)
		return NULL;
	*profile = (int)v;
	p = end + 1;
	if (*p != '<' || strchr(p, '\n'))
		return NULL;
	return p;
}

/* The reply for pid: a write and reads on the one open file (the kernel
 * answers the last pid written), or the recorded reply with --from. */
static char *ask_pid(struct ps *ps, const char *pid)
{
	struct buf b = BUF_INIT(64 << 10);
	char chunk[8192];
	ssize_t n;
	int fd;

	if (ps->statusfd < 0) {
		char *rel = xasprintf("%s/process_status", pid);

		fd = openat(ps->procfd, rel, O_RDONLY | O_CLOEXEC);
		free(rel);
		if (fd < 0)
			return NULL;
	} else {
		char *line = xasprintf("%s\n", pid);

		n = write_all(ps->statusfd, line, strlen(line));
		free(line);
		if (n < 0)
			die_errno(".process_status: writing");
		fd = ps->statusfd;
	}
	while ((n = read(fd, chunk, sizeof(chunk))) > 0)
		buf_put(&b, chunk, n);
	if (fd != ps->statusfd)
		close(fd);
	if (n < 0 || b.err) {
		buf_free(&b);
		return NULL;
	}
	buf_put_u8(&b, 0);
	return (char *)b.p;
}

static void add_task(struct ps *ps, const char *pid)
{
	struct task t = { 0 };
	const char *domain;
	char *end, *reply;
	unsigned long v = strtoul(pid, &end, 10);

	if (*end || !v || v > 0xffffffffUL || *pid < '1' || *pid > '9')
		return;
	t.pid = v;
	if (!ps->all) {
		/* A kernel thread (and a zombie) has no exe: tomoyo-pstree's test. */
		char *rel = xasprintf("%s/exe", pid), l[8];
		ssize_t r = readlinkat(ps->procfd, rel, l, sizeof(l));

		free(rel);
		if (r <= 0)
			return;
	}
	if (!read_status(ps->procfd, pid, &t))
		return;		/* gone */
	reply = ask_pid(ps, pid);
	if (!reply)
		return;
	domain = parse_reply(reply, t.pid, &t.profile);
	if (domain) {
		t.domain = htab_intern(&ps->domains, domain);
		if (t.domain < 0)
			die("more than %d domains", HTAB_MAX);
		if (ps->n == ps->cap) {
			ps->cap = ps->cap ? ps->cap * 2 : 256;
			ps->t = xrealloc(ps->t, ps->cap * sizeof(*ps->t));
		}
		ps->t[ps->n++] = t;
	}
	free(reply);
}

static int by_pid(const void *a, const void *b)
{
	const struct task *x = a, *y = b;

	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

static int by_ppid(const void *a, const void *b)
{
	const struct task *x = *(struct task *const *)a, *y = *(struct task *const *)b;

	if (x->ppid != y->ppid)
		return x->ppid < y->ppid ? -1 : 1;
	return x->pid < y->pid ? -1 : x->pid > y->pid;
}

static void print_task(const struct ps *ps, struct task *t, int depth)
{
	printf("%3d", t->profile);
	for (int j = 0; j < depth - 1; j++)
		fputs("    ", stdout);
	if (depth)
		fputs("  +-", stdout);
	printf(" %s (%u) %s\n", t->name, t->pid, htab_str(&ps->domains, t->domain));
	t->done = true;
}

/* tomoyo-pstree's picture: pid 1 and its descendants as a tree (children in
 * pid order), then every other process alone, in pid order. */
static void print_tree(struct ps *ps)
{
	struct task **kids = xmalloc((ps->n + 1) * sizeof(*kids));
	struct { struct task *t; int depth; } *stack = xmalloc((ps->n + 1) * sizeof(*stack));
	size_t sp = 0;

	for (size_t i = 0; i < ps->n; i++)
		kids[i] = &ps->t[i];
	qsort(kids, ps->n, sizeof(*kids), by_ppid);
	for (size_t i = 0; i < ps->n; i++)
		if (ps->t[i].pid == 1)
			stack[sp++].t = &ps->t[i], stack[0].depth = 0;
	while (sp) {
		struct task *t = stack[--sp].t;
		int depth = stack[sp].depth;
		size_t lo = 0, hi = ps->n;

		if (t->done)
			continue;	/* a loop through a reused pid */
		print_task(ps, t, depth);
		/* Its children: the run of kids with ppid t->pid, pushed last
		 * first so that the lowest pid comes out first. */
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (kids[mid]->ppid < t->pid)
				lo = mid + 1;
			else
				hi = mid;
		}
		hi = lo;
		while (hi < ps->n && kids[hi]->ppid == t->pid)
			hi++;
		while (hi > lo) {
			struct task *c = kids[--hi];

			if (!c->done && c != t) {
				stack[sp].t = c;
				stack[sp++].depth = depth + 1;
				if (sp > ps->n)
					die("pstree: the tree has a loop");
			}
		}
	}
	for (size_t i = 0; i < ps->n; i++)
		if (!ps->t[i].done)
			print_task(ps, &ps->t[i], 0);
	free(stack);
	free(kids);
}

static void print_json(const struct ps *ps)
{
	putchar('[');
	for (size_t i = 0; i < ps->n; i++) {
		const struct task *t = &ps->t[i];

		printf("%s\n{\"pid\":%u,\"ppid\":%u,\"profile\":%d,\"domain\":", i ? "," : "", t->pid,
		       t->ppid, t->profile);
		json_quote(htab_str(&ps->domains, t->domain));
		printf(",\"name\":");
		json_quote(t->name);
		putchar('}');
	}
	printf("\n]\n");
}

int tmy_cmd_pstree(int argc, char **argv)
{
	enum { P_ALL, P_JSON, P_FROM, P_N };
	struct opt o[] = { [P_ALL] = { 'a', "all", 0 }, [P_JSON] = { 0, "json", 0 },
			   [P_FROM] = { 0, "from", OPT_ARG }, [P_N] = OPT_END };
	struct ps ps = { .statusfd = -1 };
	DIR *d;
	struct dirent *e;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	ps.all = o[P_ALL].seen;
	if (o[P_FROM].arg) {
		/* Recorded: DIR/PID/status, DIR/PID/exe, DIR/PID/process_status
		 * (the kernel's reply; missing: the process was gone). */
		ps.procfd = open(o[P_FROM].arg, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (ps.procfd < 0) {
			die_status = 2;
			die_errno("%s", str_esc(o[P_FROM].arg, SIZE_MAX));
		}
	} else {
		char *proc;

		refuse_root("pstree", "processes are");
		ps.statusfd = tmy_kernel_open(".process_status", O_RDWR);
		proc = kfs_path(KFS_PROC, ".");
		ps.procfd = open(proc, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (ps.procfd < 0)
			die_errno("%s", str_esc(proc, SIZE_MAX));
		free(proc);
	}
	htab_init(&ps.domains, 0);
	d = fdopendir(dup(ps.procfd));
	if (!d)
		die_errno("reading the process list");
	while ((e = readdir(d)))
		add_task(&ps, e->d_name);
	closedir(d);
	if (!ps.n)
		die("pstree: no process could be read");
	qsort(ps.t, ps.n, sizeof(*ps.t), by_pid);
	if (o[P_JSON].seen)
		print_json(&ps);
	else
		print_tree(&ps);
	if (ps.statusfd >= 0)
		close(ps.statusfd);
	close(ps.procfd);
	htab_free(&ps.domains);
	free(ps.t);
	if (fflush(stdout))
		die_errno("stdout");
	return 0;
}

/* ---- query ---- */

#define Q_LINE_MAX	((size_t)128 << 10)	/* the kernel's records are far shorter */

enum answer { A_GRANT = 1, A_REJECT = 2, A_RETRY = 3 };
static const char *const answer_name[] = { "", "grant", "reject", "retry" };

struct pattern {
	enum answer a;
	const char *text;
};

static struct {
	struct pattern *pat;
	int npat;
	int qfd;		/* query, or the --from file */
	bool from, json, ask, tty, once;
	long timeout;		/* seconds; -1: none */
	struct buf in;		/* what was read and not yet taken as questions */
	bool in_eof;		/* stdin (--ask) ended */
	struct termios saved;
	bool raw;
	int malformed, handled;
	time_t alive;		/* the last keep-alive */
} Q;

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* A question: the kernel's four lines. */
struct question {
	unsigned serial, retry;
	unsigned long pid;
	int profile;
	char mode[16];
	const char *header, *domain, *acl;
	const char *bad;	/* why it is malformed, or NULL */
	bool has_serial;
};

/* ---- matching ---- */

static int split_words(char *s, char **w, int max)
{
	int n = 0;

	for (char *t = strtok(s, " "); t; t = strtok(NULL, " "))
		if (n < max)
			w[n++] = t;
		else
			return -1;
	return n;
}

/* The operation word: the word after the keyword, or network's fourth. */
static int op_index(const char *keyword)
{
	return !strcmp(keyword, "network") ? 3 : 1;
}

static bool op_matches(const char *op, const char *pat)
{
	size_t n = strlen(op);

	for (const char *p = pat;; ) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - p) : strlen(p);

		if (len == n && !strncmp(p, op, n))
			return true;
		if (!slash)
			return false;
		p = slash + 1;
	}
}

/* Does the ACL line match the pattern, word by word (a shorter pattern
 * leaves the rest free)? */
static bool acl_matches(const char *acl, const char *pattern)
{
	char *a = xstrdup(acl), *p = xstrdup(pattern), *aw[64], *pw[64];
	int na = split_words(a, aw, 64), np = split_words(p, pw, 64), op;
	bool ok = na >= 0 && np > 0 && np <= na;

	op = ok ? op_index(pw[0]) : 0;
	for (int i = 0; ok && i < np; i++) {
		if (i == 0)
			ok = !strcmp(aw[0], pw[0]);
		else if (i == op)
			ok = op_matches(aw[i], pw[i]);
		else
			ok = tmy_path_matches(aw[i], pw[i]);
	}
	free(a);
	free(p);
	return ok;
}

static void check_pattern(const char *opt, const char *pattern)
{
	char *p = xstrdup(pattern), *w[64];
	int n = split_words(p, w, 64);

	if (n <= 0)
		usage_error("query: %s '%s': an empty pattern", opt, str_esc(pattern, SHOWN_MAX));
	if (n < 0 || strchr(pattern, '\t') || strchr(pattern, '\n'))
		usage_error("query: %s '%s': not an ACL line", opt, str_esc(pattern, SHOWN_MAX));
	for (int i = 1; i < n; i++)
		if (i != op_index(w[0]) && !tmy_word_ok(w[i], strlen(w[i])))
			usage_error("query: %s '%s': '%s' is not a TOMOYO word", opt,
				    str_esc(pattern, SHOWN_MAX), str_esc(w[i], SHOWN_MAX));
	free(p);
}

/* ---- parsing ---- */

/* A whole decimal number that fits max, at *sp; *sp moves past it. */
static bool num(const char **sp, unsigned long max, unsigned long *v)
{
	const char *s = *sp;
	unsigned long x = 0;

	if (*s < '0' || *s > '9')
		return false;
	for (; *s >= '0' && *s <= '9'; s++) {
		if (x > (max - (*s - '0')) / 10)
			return false;
		x = x * 10 + (*s - '0');
	}
	*sp = s;
	*v = x;
	return true;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < ' ' || (unsigned char)*s >= 127)
			return false;
	return true;
}

/* "Q<serial>-<retry>" then the audit record's three lines: the header,
 * the domain, the ACL.  lines[] point into the text; nlines how many. */
static void parse_question(struct question *q, char **lines, int nlines)
{
	const char *s = lines[0], *h;
	unsigned long v;

	memset(q, 0, sizeof(*q));
	q->profile = -1;
	q->header = q->domain = q->acl = "";
	if (*s++ != 'Q' || !num(&s, 0xffffffffUL, &v) || *s++ != '-') {
		q->bad = "no Q<serial>-<retry> line";
		return;
	}
	q->serial = v;
	q->has_serial = true;
	if (!num(&s, 0xffff, &v) || *s) {
		q->bad = "a bad Q<serial>-<retry> line";
		return;
	}
	q->retry = v;
	if (nlines < 4) {
		q->bad = "fewer than the record's three lines";
		return;
	}
	q->header = lines[1];
	q->domain = lines[2];
	q->acl = lines[3];
	if (*q->header != '#' || !printable(q->header)) {
		q->bad = "a bad header line";
		return;
	}
	h = strstr(q->header, " profile=");
	if (!h || (h += 9, !num(&h, TMY_MAX_PROFILES - 1, &v))) {
		q->bad = "no profile= in the header";
		return;
	}
	q->profile = (int)v;
	h = strstr(q->header, " mode=");
	if (!h) {
		q->bad = "no mode= in the header";
		return;
	}
	h += 6;
	for (size_t i = 0; *h && *h != ' ' && i < sizeof(q->mode) - 1; i++)
		q->mode[i] = *h++;
	h = strstr(q->header, " (global-pid=");
	if (!h || (h += 13, !num(&h, 0xffffffffUL, &q->pid)) || *h != ')') {
		q->bad = "no (global-pid=N) in the header";
		return;
	}
	if (*q->domain != '<' || !printable(q->domain) || !tmy_domain_ok(q->domain)) {
		q->bad = "a bad domain line";
		return;
	}
	if (!*q->acl || !printable(q->acl) || *q->acl == ' ') {
		q->bad = "a bad ACL line";
		return;
	}
}

/* ---- output ---- */

static void say_question(const struct question *q)
{
	if (Q.json) {
		printf("{\"type\":\"question\",\"serial\":");
		if (q->has_serial)
			printf("%u,\"retry\":%u", q->serial, q->retry);
		else
			printf("null,\"retry\":null");
		printf(",\"pid\":%lu,\"profile\":%d,\"mode\":", q->pid, q->profile);
		json_quote(q->mode);
		printf(",\"domain\":");
		json_quote(q->domain);
		printf(",\"acl\":");
		json_quote(q->acl);
		printf(",\"header\":");
		json_quote(q->header);
		printf("}\n");
	} else {
		char sr[24] = "-\t-";

		if (q->has_serial)
			snprintf(sr, sizeof(sr), "%u\t%u", q->serial, q->retry);
		printf("Q\t%s\t%lu\t%d\t%s\t%s\n", sr, q->pid, q->profile,
		       str_esc(q->domain, SIZE_MAX), str_esc(q->acl, SIZE_MAX));
	}
	fflush(stdout);
}

static void say_answer(const struct question *q, enum answer a, const char *why)
{
	if (Q.json) {
		printf("{\"type\":\"answer\",\"serial\":");
		if (q->has_serial)
			printf("%u", q->serial);
		else
			printf("null");
		printf(",\"answer\":%s%s%s,\"why\":", a ? "\"" : "", a ? answer_name[a] : "null",
		       a ? "\"" : "");
		json_quote(why);
		printf("}\n");
	} else {
		char sr[12] = "-";

		if (q->has_serial)
			snprintf(sr, sizeof(sr), "%u", q->serial);
		printf("A\t%s\t%s\t%s\n", sr, a ? answer_name[a] : "none", str_esc(why, SIZE_MAX));
	}
	fflush(stdout);
}

/* ---- the kernel ---- */

static void keep_alive(bool now)
{
	time_t t = time(NULL);

	/* Any write to query restarts the kernel's 10 s wait of every question;
	 * an empty line is no answer. */
	if (Q.from || (!now && t == Q.alive))
		return;
	Q.alive = t;
	if (write(Q.qfd, "\n", 1) < 0 && errno == EPERM) {
		die("query: not a policy manager: add this program (or its domain) to the "
		    "manager file to answer the kernel's questions");
	}
}

static void send_answer(const struct question *q, enum answer a)
{
	char line[32];

	if (Q.from)
		return;
	snprintf(line, sizeof(line), "A%u=%d\n", q->serial, (int)a);
	if (write_all(Q.qfd, line, strlen(line)) < 0)
		die_errno("query: writing the answer %s", str_esc(line, SIZE_MAX));
}

static void show_policy(const struct question *q)
{
	char *path = tmy_kernel_path("domain_policy"), *sel, chunk[8192];
	int fd = open(path, O_RDWR | O_CLOEXEC);
	ssize_t n;

	if (fd < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		free(path);
		return;
	}
	sel = xasprintf("select Q=%u\n", q->serial);
	if (write_all(fd, sel, strlen(sel)) >= 0)
		while ((n = read(fd, chunk, sizeof(chunk))) > 0) {
			fwrite(chunk, 1, n, stderr);
			keep_alive(false);
		}
	free(sel);
	free(path);
	close(fd);
}

/* ---- the terminal ---- */

static void tty_restore(void)
{
	if (Q.raw)
		tcsetattr(0, TCSANOW, &Q.saved);
	Q.raw = false;
}

static void tty_raw(void)
{
	struct termios t;

	if (!Q.tty || Q.raw || tcgetattr(0, &Q.saved))
		return;
	t = Q.saved;
	t.c_lflag &= ~(ICANON | ECHO);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (!tcsetattr(0, TCSANOW, &t))
		Q.raw = true;
}

/* One key (a byte of stdin; white space skipped), waiting at most until
 * deadline (0: no limit), keeping the kernel waiting meanwhile: the key,
 * 0 at the deadline, EOF at the end of input or on a signal. */
static int read_key(time_t deadline)
{
	for (;;) {
		struct pollfd p = { 0, POLLIN, 0 };
		unsigned char c;
		ssize_t n;
		int r;

		if (stop)
			return EOF;
		if (deadline && time(NULL) >= deadline)
			return 0;
		keep_alive(false);
		r = poll(&p, 1, 1000);
		if (r <= 0)
			continue;
		n = read(0, &c, 1);
		if (n == 0) {
			Q.in_eof = true;
			return EOF;
		}
		if (n < 0) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			Q.in_eof = true;
			return EOF;
		}
		if (c > ' ')
			return c;
	}
}

/* Wait until deadline, keeping the kernel waiting; false on a signal. */
static bool wait_until(time_t deadline)
{
	while (!stop && time(NULL) < deadline) {
		keep_alive(false);
		poll(NULL, 0, 200);
	}
	return !stop;
}

/* ---- one question ---- */

static void answer(const struct question *q, enum answer a, const char *why)
{
	send_answer(q, a);
	say_answer(q, a, why);
}

static void handle(char **lines, int nlines)
{
	struct question q;
	time_t deadline;

	Q.handled++;
	parse_question(&q, lines, nlines);
	say_question(&q);
	if (q.bad) {
		char *why = xasprintf("malformed: %s", q.bad);

		Q.malformed++;
		warn("query: a question the kernel should not ask (%s): %s", q.bad,
		     str_esc(lines[0], SHOWN_MAX));
		if (q.has_serial)
			answer(&q, A_REJECT, why);	/* never a grant */
		else
			say_answer(&q, 0, why);		/* no serial to answer; the kernel rejects at its timeout */
		free(why);
		return;
	}
	for (int i = 0; i < Q.npat; i++)
		if (acl_matches(q.acl, Q.pat[i].text)) {
			char *why = xasprintf("--%s %s", answer_name[Q.pat[i].a], Q.pat[i].text);

			answer(&q, Q.pat[i].a, why);
			free(why);
			return;
		}
	deadline = Q.timeout >= 0 ? time(NULL) + Q.timeout : 0;
	if (Q.ask && !Q.in_eof) {
		tty_raw();
		for (;;) {
			int c;

			fprintf(stderr, "%s\n%s\n%s\nAllow? ('y'es/'n'o/'r'etry/'s'how policy): ",
				q.header, q.domain, q.acl);
			fflush(stderr);
			c = read_key(deadline);
			if (c > 0)
				fprintf(stderr, "%c\n", c);
			else
				fputc('\n', stderr);
			if (c == 'y' || c == 'Y' || c == 'n' || c == 'N' || c == 'r' || c == 'R') {
				char why[8];
				enum answer a = (c | 0x20) == 'y' ? A_GRANT :
						(c | 0x20) == 'n' ? A_REJECT : A_RETRY;

				snprintf(why, sizeof(why), "key %c", c | 0x20);
				tty_restore();
				answer(&q, a, why);
				return;
			}
			if (c == 's' || c == 'S') {
				if (Q.from)
					fprintf(stderr, "(no kernel policy with --from)\n");
				else
					show_policy(&q);
				continue;
			}
			if (c <= 0)
				break;
		}
		tty_restore();
	} else if (deadline && !Q.from && !Q.ask) {
		wait_until(deadline);
	}
	if (Q.ask && Q.in_eof && !stop) {
		answer(&q, A_REJECT, "no answer: end of input");
		return;
	}
	if (stop) {
		answer(&q, A_REJECT, "no answer: stopped");
	} else if (Q.timeout > 0) {
		char why[48];

		snprintf(why, sizeof(why), "no answer in %ld s", Q.timeout);
		answer(&q, A_REJECT, why);
	} else {
		answer(&q, A_REJECT, "no pattern matched");
	}
}

static bool is_qline(const char *l)
{
	return l[0] == 'Q' && l[1] >= '0' && l[1] <= '9';
}

/* The questions whole in Q.in taken off and handled.  A question is four
 * lines and a NUL as the kernel writes it (the NUL may be missing in a
 * recorded file), or fewer when a NUL or the next "Q<digit>" line comes
 * first; at the end of
 * input (eof), or past Q_LINE_MAX, what is there is taken as it is.  A line
 * before a question that is not one is reported and dropped. */
static void take_questions(bool eof)
{
	while (Q.in.len && !stop && !(Q.once && Q.handled)) {
		char *p, *end, *l, *lines[4];
		bool whole = false;
		int n = 0;

		if ((eof || Q.in.len >= Q_LINE_MAX) && Q.in.p[Q.in.len - 1] != '\n' &&
		    buf_put_u8(&Q.in, '\n') < 0)
			die("query: a question too long");
		p = (char *)Q.in.p;
		end = p + Q.in.len;
		if (!*p) {
			/* The kernel ends each question with a NUL. */
			l = p + 1;
			goto consume;
		}
		if (*p != 'Q') {
			char *nl = memchr(p, '\n', end - p);

			if (!nl)
				return;
			*nl = 0;
			Q.malformed++;
			warn("query: not a question, dropped: %s", str_esc(p, SHOWN_MAX));
			l = nl + 1;
			goto consume;
		}
		for (l = p; n < 4; ) {
			char *nl = memchr(l, '\n', end - l);

			if (!nl)
				break;
			if (n && is_qline(l)) {
				whole = true;	/* the next question: this one is short */
				break;
			}
			lines[n++] = l;
			l = nl + 1;
			if (l < end && !*l) {
				whole = true;	/* its NUL: the kernel's end of a question */
				break;
			}
		}
		if (n == 4)
			whole = true;
		if (!whole && !eof && Q.in.len < Q_LINE_MAX)
			return;		/* the rest is still to come */
		for (int i = 0; i < n; i++)
			*strchr(lines[i], '\n') = 0;
		handle(lines, n);
consume:
		memmove(Q.in.p, l, end - l);
		Q.in.len = end - l;
	}
}

/* --grant and --reject may come many times: taken off argv in their order
 * (the first that matches decides) before the one parser sees the rest. */
static void take_patterns(int *argcp, char **argv)
{
	int o = 1;

	for (int i = 1; i < *argcp; i++) {
		const char *a = argv[i], *v = NULL;
		enum answer ans = 0;

		if (!strcmp(a, "--")) {
			while (i < *argcp)
				argv[o++] = argv[i++];
			break;
		}
		if (!strncmp(a, "--grant", 7))
			ans = A_GRANT, v = a + 7;
		else if (!strncmp(a, "--reject", 8))
			ans = A_REJECT, v = a + 8;
		if (ans && (*v == '=' || !*v)) {
			if (!*v && ++i >= *argcp)
				usage_error("query: option %s needs a pattern", a);
			Q.pat = xrealloc(Q.pat, (Q.npat + 1) * sizeof(*Q.pat));
			Q.pat[Q.npat].a = ans;
			Q.pat[Q.npat++].text = *v ? v + 1 : argv[i];
			check_pattern(ans == A_GRANT ? "--grant" : "--reject", Q.pat[Q.npat - 1].text);
			continue;
		}
		argv[o++] = argv[i];
	}
	argv[o] = NULL;
	*argcp = o;
}

int tmy_cmd_query(int argc, char **argv)
{
	enum { O_ONCE, O_TIMEOUT, O_JSON, O_ASK, O_FROM, O_N };
	struct opt o[] = { [O_ONCE] = { 0, "once", 0 }, [O_TIMEOUT] = { 0, "timeout", OPT_ARG },
			   [O_JSON] = { 0, "json", 0 }, [O_ASK] = { 0, "ask", 0 },
			   [O_FROM] = { 0, "from", OPT_ARG }, [O_N] = OPT_END };
	struct sigaction sa = { 0 };
	char chunk[16384];
	bool zero = false;

	take_patterns(&argc, argv);
	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	Q.once = o[O_ONCE].seen;
	Q.json = o[O_JSON].seen;
	Q.tty = isatty(0);
	Q.ask = o[O_ASK].seen || (Q.tty && !o[O_FROM].arg);
	Q.timeout = o[O_TIMEOUT].arg ? (long)xstrtonum(o[O_TIMEOUT].arg, 0, 86400, "--timeout") :
		    Q.ask ? -1 : 0;
	buf_init(&Q.in, Q_LINE_MAX * 4);
	if (o[O_FROM].arg) {
		/* Recorded questions: each answered as it would be, nothing sent. */
		Q.from = true;
		if (!strcmp(o[O_FROM].arg, "-") && Q.ask)
			usage_error("query: --ask reads the answers from stdin: --from - cannot too");
		Q.qfd = !strcmp(o[O_FROM].arg, "-") ? 0 : open(o[O_FROM].arg, O_RDONLY | O_CLOEXEC);
		if (Q.qfd < 0) {
			die_status = 2;
			die_errno("%s", str_esc(o[O_FROM].arg, SIZE_MAX));
		}
	} else {
		refuse_root("query", "the questions are");
		Q.qfd = tmy_kernel_open("query", O_RDWR);
		keep_alive(true);	/* EPERM here: not a manager */
	}
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	if (!Q.from && isatty(2))
		fprintf(stderr, "Watching %s for questions; Ctrl-C ends.\n", "query");
	while (!stop) {
		struct pollfd p = { Q.qfd, POLLIN, 0 };
		ssize_t n;

		if (!Q.from && poll(&p, 1, 1000) <= 0)
			continue;
		/* One read gives one question when the buffer holds it whole. */
		n = read(Q.qfd, chunk, sizeof(chunk));
		if (n < 0) {
			if (errno == EINTR)
				continue;
			die_errno("query: reading");
		}
		if (n == 0) {
			if (Q.from) {
				take_questions(true);
				break;
			}
			/* Past the last question: the kernel starts over at the
			 * next read; a second empty read in a row waits a little. */
			if (zero)
				poll(NULL, 0, 50);
			zero = true;
			continue;
		}
		zero = false;
		if (buf_put(&Q.in, chunk, n) < 0)
			die("query: a question too long");
		take_questions(false);
		if (Q.once && Q.handled)
			break;
	}
	tty_restore();
	buf_free(&Q.in);
	free(Q.pat);
	if (Q.qfd > 0)
		close(Q.qfd);
	return Q.malformed ? 1 : 0;
}
