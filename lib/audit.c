// SPDX-License-Identifier: Apache-2.0
/* audit.c: the findings of the offline checks that every applet offers
 * "lsmbox audit", and the runner.  Each check runs in a child process of
 * its own, so that the applet code it reuses may die() or keep globals
 * as it does when run alone; what it reports (audit_report, and every
 * diag, warn or die of the code it calls, through diag_sink) comes back
 * over a pipe as one record a line.  Up to N children run at once; their
 * results are handed back in the checks' order, whatever finished first. */
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lsmbox.h"

struct audit_opts audit_opt;

/* ---- in the child: reporting ---- */

static const char *todo_now;	/* for what diag and warn report */
static int warn_sev = AUDIT_WARNING;

void audit_todo(const char *todo)
{
	todo_now = todo;
}

void audit_warn_sev(int sev)
{
	warn_sev = sev;
}

/* A path as the image sees it: the root's prefix taken off. */
static const char *image_path(const char *file)
{
	const char *r = root_dir();
	size_t n = r ? strlen(r) : 0;

	if (file && n && !strncmp(file, r, n) && (file[n] == '/' || !file[n]))
		return file[n] ? file + n : "/";
	return file;
}

/* One record: RS, then severity, line, column, file, what to do and the
 * message, each field escaped (str_esc: no control byte is left in it,
 * so neither separator nor newline) and cut by US, then a newline; one
 * write(2), on standard error, which the parent reads. */
static void put_record(int sev, const char *file, int line, int col, const char *todo,
		       const char *msg)
{
	struct buf b = BUF_INIT(AUDIT_RECORD_MAX);

	buf_printf(&b, "\x1e%d\x1f%d\x1f%d\x1f", sev, line, col);
	if (file)
		buf_put_str(&b, str_esc(image_path(file), AUDIT_FIELD_MAX));
	buf_put_u8(&b, 0x1f);
	if (todo)
		buf_put_str(&b, str_esc(todo, AUDIT_FIELD_MAX));
	buf_put_u8(&b, 0x1f);
	buf_put_str(&b, str_esc(msg, AUDIT_FIELD_MAX));
	buf_put_u8(&b, '\n');
	if (!b.err)
		write_all(2, b.p, b.len);
	buf_free(&b);
}

static void sink(int sev, const struct srcloc *loc, const char *msg)
{
	if (sev == DIAG_FATAL)
		sev = AUDIT_ERROR;
	else if (sev == DIAG_WARNING && !loc)
		sev = warn_sev;
	put_record(sev, loc ? loc->file : NULL, loc ? loc->line : 0, loc ? loc->col : 0, todo_now,
		   msg);
}

void audit_report(int sev, const char *file, int line, const char *todo, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	put_record(sev, file, line, 0, todo ? todo : todo_now, msg);
}

int audit_try(void (*fn)(void *), void *arg)
{
	jmp_buf jb, *outer = die_catch;
	int died = 0;

	die_catch = &jb;
	if (setjmp(jb))
		died = 1;
	else
		fn(arg);
	die_catch = outer;
	return died ? -1 : 0;
}

/* ---- the target kernel's configuration ---- */

/* Lines that are not CONFIG_X=V said before a file is taken for what it is. */
#define KCONFIG_ERRORS_MAX 20

static struct htab kc_names;
static char **kc_vals;
static const char *kc_file;

/* sym = v (NULL: not set); a later line wins, as in Kconfig. */
static int kc_set(const char *sym, const char *v)
{
	int n = htab_count(&kc_names), id = htab_intern(&kc_names, sym);

	if (id < 0)
		return -1;
	if (id == n)
		XROOM(kc_vals, id);
	else
		free(kc_vals[id]);
	kc_vals[id] = v ? xstrdup(v) : NULL;
	return 0;
}

void audit_kconfig_read(const char *path, const char *shown)
{
	size_t len;
	int fd = root_open(path, O_RDONLY | O_CLOEXEC, 0), lineno = 0, bad = diag_count();
	char *text, *p, *l;

	if (fd < 0)
		die_errno("%s", shown);
	text = p = xread_text_fd(fd, shown, READ_MAX, &len);
	close(fd);
	while ((l = next_line(&p))) {
		char *eq, *v;

		lineno++;
		l = str_trim(l);
		if (!*l)
			continue;
		if (*l == '#') {
			/* "# CONFIG_X is not set": known, not set. */
			if (!strncmp(l, "# CONFIG_", 9) && (v = strstr(l, " is not set")) && !v[11]) {
				*v = 0;
				if (kc_set(l + 2, NULL) < 0)
					break;
			}
			continue;
		}
		if (strncmp(l, "CONFIG_", 7) || !(eq = strchr(l, '=')) || eq == l + 7) {
			/* A file of nothing else is not a config: a few are said. */
			if (diag_count() - bad == KCONFIG_ERRORS_MAX)
				break;
			diag(&(struct srcloc){ shown, lineno, 0 }, "not CONFIG_NAME=VALUE: '%s'",
			     str_esc(l, SHOWN_MAX));
			continue;
		}
		*eq = 0;
		v = eq + 1;
		if (*v == '"' && strlen(v) >= 2 && v[strlen(v) - 1] == '"') {
			v++;
			v[strlen(v) - 1] = 0;
		}
		if (kc_set(l, v) < 0)
			break;
	}
	free(text);
	if (l && diag_count() - bad == KCONFIG_ERRORS_MAX)
		diag_fail(bad, " in %s (stopped there: not a kernel config)", shown);
	if (l)
		die("%s: more than %d symbols", shown, HTAB_MAX);
	diag_fail(bad, " in %s", shown);
	kc_file = xstrdup(shown);
}

const char *audit_kconfig_file(void)
{
	return kc_file;
}

void audit_kconfig_free(void)
{
	for (int i = 0; i < htab_count(&kc_names); i++)
		free(kc_vals[i]);
	free(kc_vals);
	kc_vals = NULL;
	htab_free(&kc_names);
	memset(&kc_names, 0, sizeof(kc_names));
	free((char *)kc_file);
	kc_file = NULL;
}

const char *audit_kconfig(const char *sym)
{
	int id = htab_find(&kc_names, sym);

	return id < 0 || (size_t)id >= (size_t)htab_count(&kc_names) ? NULL : kc_vals[id];
}

/* The LSMs that take part in a 6.1 kernel's exclusive choice: the first of
 * them in CONFIG_LSM that is built is the one active. */
static const char *const exclusive[] = { "selinux", "smack", "apparmor" };
static const char *const lsm_sym[][2] = {
	{ "selinux", "CONFIG_SECURITY_SELINUX" }, { "smack", "CONFIG_SECURITY_SMACK" },
	{ "apparmor", "CONFIG_SECURITY_APPARMOR" }, { "tomoyo", "CONFIG_SECURITY_TOMOYO" },
	{ "yama", "CONFIG_SECURITY_YAMA" }, { "integrity", "CONFIG_INTEGRITY" },
	{ "lockdown", "CONFIG_SECURITY_LOCKDOWN_LSM" }, { "landlock", "CONFIG_SECURITY_LANDLOCK" },
	{ "loadpin", "CONFIG_SECURITY_LOADPIN" }, { "safesetid", "CONFIG_SECURITY_SAFESETID" },
	{ "bpf", "CONFIG_BPF_LSM" },
};

static int is_exclusive(const char *lsm, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(exclusive); i++)
		if (strlen(exclusive[i]) == n && !strncmp(exclusive[i], lsm, n))
			return 1;
	return 0;
}

static int built(const char *lsm, size_t n)
{
	for (size_t i = 0; i < ARRAY_SIZE(lsm_sym); i++)
		if (strlen(lsm_sym[i][0]) == n && !strncmp(lsm_sym[i][0], lsm, n)) {
			const char *v = audit_kconfig(lsm_sym[i][1]);

			return v && !strcmp(v, "y");
		}
	return 0;
}

int audit_lsm_state(const char *lsm, const char **shadow)
{
	const char *list = audit_kconfig("CONFIG_LSM"), *p;
	size_t want = strlen(lsm);
	int first_excl = 1;

	if (shadow)
		*shadow = NULL;
	if (!kc_file)
		return AUDIT_LSM_UNKNOWN;
	if (!built(lsm, want))
		return AUDIT_LSM_NOT_BUILT;
	if (!list)
		return AUDIT_LSM_ACTIVE;	/* no CONFIG_LSM: the kernel's default order */
	for (p = list; *p;) {
		size_t n = strcspn(p, ",");

		if (n == want && !strncmp(p, lsm, n))
			return is_exclusive(lsm, want) && !first_excl ? AUDIT_LSM_SHADOWED
								       : AUDIT_LSM_ACTIVE;
		if (is_exclusive(p, n) && built(p, n) && first_excl) {
			first_excl = 0;
			if (shadow) {
				static char name[32];

				snprintf(name, sizeof(name), "%.*s", (int)(n < 31 ? n : 31), p);
				*shadow = name;
			}
		}
		p += n;
		if (*p)
			p++;
	}
	return AUDIT_LSM_NOT_LISTED;
}

void audit_lsm_report(const char *lsm, const char *has, const char *file)
{
	const char *sh;

	switch (audit_lsm_state(lsm, &sh)) {
	case AUDIT_LSM_NOT_BUILT:
		audit_report(AUDIT_WARNING, file, 0,
			     "build the kernel with it, or drop the policy from the image",
			     "the image has %s, but its kernel (%s) is built without %s: never used",
			     has, audit_kconfig_file(), lsm);
		break;
	case AUDIT_LSM_NOT_LISTED:
		audit_report(AUDIT_WARNING, file, 0,
			     "add it to CONFIG_LSM, or boot with lsm= naming it",
			     "the image has %s, but %s is not in the kernel's CONFIG_LSM: not active unless lsm= names it",
			     has, lsm);
		break;
	case AUDIT_LSM_SHADOWED:
		audit_report(AUDIT_WARNING, file, 0,
			     "put it before the other in CONFIG_LSM, or boot with lsm= naming it",
			     "the image has %s, but %s comes after %s in the kernel's CONFIG_LSM: only one of them is active, %s",
			     has, lsm, sh, sh);
		break;
	default:
		break;
	}
}

/* ---- in the parent: the runner ---- */

struct child {
	pid_t pid;
	int fd;
	size_t idx;
	struct buf out;
	int cut;	/* it said more than AUDIT_OUTPUT_MAX */
};

static const struct audit_check *running;

const struct audit_check *audit_running(void)
{
	return running;
}

static noreturn void child_run(const struct audit_check *c, int wfd)
{
	jmp_buf jb;
	int null = open("/dev/null", O_RDWR | O_CLOEXEC);

	signal(SIGPIPE, SIG_DFL);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 || dup2(wfd, 2) < 0)
		_exit(AUDIT_EXIT_SETUP);
	running = c;
	diag_sink = sink;
	die_catch = &jb;
	if (setjmp(jb))
		_exit(AUDIT_EXIT_DIED);
	c->run();
	fflush(stdout);
	_exit(0);
}

/* A finding into r: a child's (child 1) only up to AUDIT_FINDINGS_MAX,
 * then counted; the runner's own (a check killed or failed) always, so
 * that an error of the runner's is never counted away with them. */
static void add_finding(struct audit_result *r, int child, int sev, const char *file, int line,
			int col, const char *todo, const char *msg)
{
	struct audit_finding *f;

	if (child && r->n >= AUDIT_FINDINGS_MAX) {
		r->dropped++;
		return;
	}
	XROOM(r->f, r->n);
	f = &r->f[r->n++];
	f->sev = sev;
	f->file = file && *file ? xstrdup(file) : NULL;
	f->line = line;
	f->col = col;
	f->todo = todo && *todo ? xstrdup(todo) : NULL;
	f->msg = xstrdup(msg);
}

/* A line or column number of a record: 0 (none) unless it is one. */
static int place(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	return errno || *end || end == s || v < 0 || v > INT_MAX ? 0 : (int)v;
}

/* The child's records (and anything else it wrote to standard error, a
 * warning of its own) into r. */
static void parse_output(struct audit_result *r, struct child *ch)
{
	char *p, *l;

	buf_put_u8(&ch->out, 0);	/* room is kept for it (read_child) */
	p = (char *)ch->out.p;
	while ((l = next_line(&p))) {
		char *f[6];
		int k = 0;

		if (!*l)
			continue;
		if (*l != 0x1e) {
			add_finding(r, 1, AUDIT_WARNING, NULL, 0, 0, NULL, str_esc(l, AUDIT_FIELD_MAX));
			continue;
		}
		f[k++] = l + 1;
		while (k < 6 && (l = strchr(f[k - 1], 0x1f))) {
			*l = 0;
			f[k++] = l + 1;
		}
		if (k < 6 || f[0][0] < '0' || f[0][0] > '0' + AUDIT_ERROR || f[0][1]) {
			add_finding(r, 1, AUDIT_ERROR, NULL, 0, 0, NULL, "a check's report does not parse");
			continue;
		}
		add_finding(r, 1, f[0][0] - '0', f[3], place(f[1]), place(f[2]), f[4], f[5]);
	}
	r->cut = ch->cut;
}

static void finish_child(struct audit_result *r, struct child *ch)
{
	char msg[128];
	int st;

	while (waitpid(ch->pid, &st, 0) < 0)
		if (errno != EINTR)
			die_errno("waitpid");
	close(ch->fd);
	parse_output(r, ch);
	buf_free(&ch->out);
	if (WIFSIGNALED(st)) {
		r->status = AUDIT_CRASHED;
		snprintf(msg, sizeof(msg), "the check was killed by signal %d (%s): what it had not reached was not checked",
			 WTERMSIG(st), strsignal(WTERMSIG(st)));
		add_finding(r, 0, AUDIT_ERROR, NULL, 0, 0, "report this as a bug of lsmbox", msg);
	} else if (WEXITSTATUS(st) == AUDIT_EXIT_DIED) {
		r->status = AUDIT_STOPPED;
	} else if (WEXITSTATUS(st)) {
		r->status = AUDIT_CRASHED;
		snprintf(msg, sizeof(msg), "the check ended with status %d", WEXITSTATUS(st));
		add_finding(r, 0, AUDIT_ERROR, NULL, 0, 0, "report this as a bug of lsmbox", msg);
	}
}

/* Read what is there; 1 at its end. */
static int read_child(struct child *ch)
{
	char tmp[65536];
	ssize_t n = read(ch->fd, tmp, sizeof(tmp));

	if (n < 0)
		return errno == EINTR || errno == EAGAIN ? 0 : 1;
	if (n == 0)
		return 1;
	if (ch->out.len + (size_t)n + 1 > AUDIT_OUTPUT_MAX)
		ch->cut = 1;
	else
		buf_put(&ch->out, tmp, n);
	return 0;
}

int audit_run(const struct audit_check *const *checks, size_t n, int jobs,
	      void (*done)(struct audit_result *r, void *arg), void *arg)
{
	struct audit_result *res = xzalloc((n ? n : 1) * sizeof(*res));
	struct child *ch = xzalloc((jobs > 0 ? jobs : 1) * sizeof(*ch));
	struct pollfd *pfd = xzalloc((jobs > 0 ? jobs : 1) * sizeof(*pfd));
	size_t next = 0, out = 0;
	int nrun = 0;

	if (jobs < 1)
		jobs = 1;
	fflush(NULL);
	while (out < n) {
		while (nrun < jobs && next < n) {
			int p[2];
			struct child *c = &ch[nrun];

			if (pipe2(p, O_CLOEXEC) < 0)
				die_errno("pipe");
			if ((c->pid = fork()) < 0)
				die_errno("fork");
			if (!c->pid)
				child_run(checks[next], p[1]);
			close(p[1]);
			c->fd = p[0];
			c->idx = next;
			c->cut = 0;
			buf_init(&c->out, AUDIT_OUTPUT_MAX);
			res[next].check = checks[next];
			next++;
			nrun++;
		}
		for (int i = 0; i < nrun; i++)
			pfd[i] = (struct pollfd){ ch[i].fd, POLLIN, 0 };
		if (nrun && poll(pfd, nrun, -1) < 0 && errno != EINTR)
			die_errno("poll");
		for (int i = 0; i < nrun; i++) {
			if (!(pfd[i].revents & (POLLIN | POLLHUP | POLLERR)) || !read_child(&ch[i]))
				continue;
			finish_child(&res[ch[i].idx], &ch[i]);
			res[ch[i].idx].finished = 1;
			ch[i] = ch[--nrun];
			pfd[i] = pfd[nrun];
			i--;
		}
		while (out < n && res[out].finished)
			done(&res[out++], arg);
	}
	free(pfd);
	free(ch);
	free(res);
	return 0;
}

void audit_result_free(struct audit_result *r)
{
	for (size_t i = 0; i < r->n; i++) {
		free(r->f[i].file);
		free(r->f[i].todo);
		free(r->f[i].msg);
	}
	free(r->f);
	r->f = NULL;
	r->n = 0;
}
