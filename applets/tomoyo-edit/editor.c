// SPDX-License-Identifier: Apache-2.0
/* editor.c: tomoyo-edit edit, tomoyo-editpolicy's screens and keys in plain
 * ANSI escapes (no terminfo: a serial console will do).  The model prints
 * the lines shown; each change is checked, then sent to the kernel (and
 * read back) or to the offline directory's model, saved on quit. */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <termios.h>
#include <unistd.h>

#include "lsmbox.h"
#include "tomoyo.h"

enum screen { S_DOMAIN, S_ACL, S_EXCEPTION, S_PROFILE, S_MANAGER };

static const char *const titles[] = {
	[S_DOMAIN] = "<<< Domain Transition Editor >>>", [S_ACL] = "<<< Domain Policy Editor >>>",
	[S_EXCEPTION] = "<<< Exception Policy Editor >>>", [S_PROFILE] = "<<< Profile Editor >>>",
	[S_MANAGER] = "<<< Manager Policy Editor >>>",
};
static const enum tmy_kind kind_of_screen[] = {
	[S_DOMAIN] = TMY_DOMAIN, [S_ACL] = TMY_DOMAIN, [S_EXCEPTION] = TMY_EXCEPTION,
	[S_PROFILE] = TMY_PROFILE, [S_MANAGER] = TMY_MANAGER,
};

/* A row of the screen: what is shown, what a search or a delete names. */
struct row {
	char *text;	/* the entry (domain screen: the domainname) */
	int profile;	/* domain screen: use_profile, -1 none */
	int depth;	/* domain screen: programs after the namespace */
	bool sel;
};

static struct {
	const char *dir;	/* NULL: the kernel */
	bool readonly, changed;
	struct tmy_policy *pol[TMY_KINDS];
	enum screen screen;
	char *domain;		/* the ACL screen's domain */
	struct row *rows;
	int n, cur, top, nsel;
	int height, width;
	char status[512];
	char *find;
	struct termios saved;
	bool raw;
	int err_fd, cap_fd;	/* stderr kept while it is captured */
	unsigned char in[256];	/* keys read, not yet taken */
	size_t inlen, inpos;
} E = { .err_fd = -1, .cap_fd = -1 };

static volatile sig_atomic_t resized;

/* Keys beyond bytes. */
enum { K_UP = 0x100, K_DOWN, K_LEFT, K_RIGHT, K_PGUP, K_PGDN, K_HOME, K_END, K_ESC, K_EOF };

static void out(const void *p, size_t n)
{
	const char *s = p;

	while (n) {
		ssize_t w = write(1, s, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return;
		s += w, n -= (size_t)w;
	}
}

/* Messages of the code below us (diag, warn) go to a memory file while the
 * screen is up, to become the status line. */
static void capture_begin(void)
{
	fflush(stderr);
	E.cap_fd = memfd_create("tomoyo-edit", MFD_CLOEXEC);
	if (E.cap_fd < 0)
		return;
	E.err_fd = dup(2);
	dup2(E.cap_fd, 2);
}

/* What was captured (a new string, "" for nothing); stderr given back. */
static char *capture_end(void)
{
	char *t = xstrdup("");
	off_t len;

	if (E.cap_fd < 0)
		return t;
	fflush(stderr);
	dup2(E.err_fd, 2);
	close(E.err_fd);
	E.err_fd = -1;
	len = lseek(E.cap_fd, 0, SEEK_CUR);
	if (len > 0) {
		free(t);
		t = xmalloc((size_t)len + 1);
		len = pread(E.cap_fd, t, (size_t)len, 0);
		t[len > 0 ? len : 0] = 0;
	}
	close(E.cap_fd);
	E.cap_fd = -1;
	return t;
}

static void term_restore(void)
{
	if (E.raw) {
		static const char bye[] = "\033[m\033[?25h\033[2J\033[H\033[?1049l";

		out(bye, sizeof(bye) - 1);
		tcsetattr(0, TCSAFLUSH, &E.saved);
		E.raw = false;
	}
}

/* At exit (a die() among them): the terminal as it was, then the message
 * that was captured. */
static void at_exit(void)
{
	char *t = E.cap_fd >= 0 ? capture_end() : NULL;

	term_restore();
	if (t && *t)
		fputs(t, stderr);
	free(t);
}

static void on_signal(int sig)
{
	static const char bye[] = "\033[m\033[?25h\033[2J\033[H\033[?1049l";

	if (E.raw) {
		if (write(1, bye, sizeof(bye) - 1) < 0) {
			/* nothing to do: the terminal modes matter more */
		}
		tcsetattr(0, TCSAFLUSH, &E.saved);
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void on_winch(int sig)
{
	(void)sig;
	resized = 1;
}

static void term_size(void)
{
	struct winsize ws;

	E.height = 24, E.width = 80;
	if (!ioctl(1, TIOCGWINSZ, &ws) && ws.ws_row && ws.ws_col)
		E.height = ws.ws_row, E.width = ws.ws_col;
	if (E.height < 4)
		E.height = 4;
	if (E.width < 20)
		E.width = 20;
}

static void term_raw(void)
{
	struct termios t;
	struct sigaction sa = { .sa_handler = on_signal };
	static const int sigs[] = { SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE };
	static const char hello[] = "\033[?1049h\033[?25l";

	if (tcgetattr(0, &E.saved) < 0)
		die_errno("edit: the terminal's modes");
	atexit(at_exit);
	for (size_t i = 0; i < ARRAY_SIZE(sigs); i++)
		sigaction(sigs[i], &sa, NULL);
	sa.sa_handler = on_winch;	/* no SA_RESTART: read() returns to redraw */
	sigaction(SIGWINCH, &sa, NULL);
	t = E.saved;
	t.c_iflag &= ~(tcflag_t)(BRKINT | ICRNL | INPCK | ISTRIP | IXON);
	t.c_oflag &= ~(tcflag_t)OPOST;
	t.c_cflag |= CS8;
	t.c_lflag &= ~(tcflag_t)(ECHO | ICANON | IEXTEN | ISIG);
	t.c_cc[VMIN] = 1;
	t.c_cc[VTIME] = 0;
	if (tcsetattr(0, TCSAFLUSH, &t) < 0)
		die_errno("edit: the terminal's modes");
	E.raw = true;
	out(hello, sizeof(hello) - 1);
	term_size();
}

/* The next byte: -1 at end of input, -2 when wait_ms passed with none
 * (wait_ms < 0: wait for one), -3 when the window changed size. */
static int next_byte(int wait_ms)
{
	if (E.inpos == E.inlen) {
		ssize_t n;

		if (wait_ms >= 0) {
			struct pollfd p = { 0, POLLIN, 0 };

			if (poll(&p, 1, wait_ms) <= 0)
				return -2;
		}
		n = read(0, E.in, sizeof(E.in));
		if (n < 0 && errno == EINTR)
			return resized ? -3 : -2;
		if (n <= 0)
			return -1;
		E.inlen = (size_t)n, E.inpos = 0;
	}
	return E.in[E.inpos++];
}

/* A key: a byte, or an escape sequence of the arrows and paging keys
 * (xterm's and the Linux console's). */
static int getkey(void)
{
	int c, d, e;

	do {
		if (resized)
			return 0;
		c = next_byte(-1);
	} while (c == -2);
	if (c == -3)
		return 0;
	if (c == -1)
		return K_EOF;
	if (c != 0x1b)
		return c;
	d = next_byte(50);
	if (d != '[' && d != 'O')
		return K_ESC;
	e = next_byte(50);
	switch (e) {
	case 'A': return K_UP;
	case 'B': return K_DOWN;
	case 'C': return K_RIGHT;
	case 'D': return K_LEFT;
	case 'H': return K_HOME;
	case 'F': return K_END;
	}
	if (e >= '0' && e <= '9') {
		int n = e - '0', f;

		while ((f = next_byte(50)) >= '0' && f <= '9')
			n = n * 10 + f - '0';
		if (f == '~')
			switch (n) {
			case 1: case 7: return K_HOME;
			case 4: case 8: return K_END;
			case 5: return K_PGUP;
			case 6: return K_PGDN;
			}
	}
	return K_ESC;
}

/* Loading: the model of each kind from the kernel or the directory. */

static struct tmy_policy *read_kind(enum tmy_kind k)
{
	struct tmy_policy *p = tmy_policy_new(k);
	char *text, *name = NULL;
	size_t len;

	if (E.dir) {
		text = tmy_store_read(E.dir, k, &name, &len);
		if (!text) {
			die_status = 2;
			die("edit: %s: no %s.conf (nor policy/current/%s.conf)",
			    str_esc(E.dir, SIZE_MAX), tmy_kind_name(k), tmy_kind_name(k));
		}
	} else {
		text = tmy_kernel_read(tmy_kind_name(k), &len);
	}
	tmy_policy_add(p, text, len, name ? str_esc(name, SIZE_MAX) : tmy_kind_name(k));
	free(text);
	free(name);
	return p;
}

static void rows_free(void)
{
	for (int i = 0; i < E.n; i++)
		free(E.rows[i].text);
	free(E.rows);
	E.rows = NULL;
	E.n = E.nsel = 0;
}

static void row_add(const char *text, size_t len)
{
	struct row *r;

	E.rows = xrealloc(E.rows, (E.n + 1) * sizeof(*E.rows));
	r = &E.rows[E.n++];
	r->text = xstrndup(text, len);
	r->profile = -1;
	r->depth = 0;
	r->sel = false;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct row *)a)->text, ((const struct row *)b)->text);
}

/* The screen's rows from the model's print.  Domains sort into a tree:
 * a space sorts before any byte of a word, so children follow parents. */
static void rows_build(void)
{
	struct buf b = BUF_INIT(0);
	const char *p, *end, *nl;
	bool in_domain = false;

	rows_free();
	tmy_policy_print(E.pol[kind_of_screen[E.screen]], &b);
	for (p = (char *)b.p, end = p + b.len; p < end; p = nl + 1) {
		size_t len;

		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		len = nl - p;
		if (!len)
			continue;
		if (E.screen == S_DOMAIN) {
			if (*p == '<') {
				row_add(p, len);
				for (size_t i = 0; i < len; i++)
					E.rows[E.n - 1].depth += p[i] == ' ';
			} else if (E.n && len > 12 && !strncmp(p, "use_profile ", 12)) {
				E.rows[E.n - 1].profile = atoi(p + 12);
			}
		} else if (E.screen == S_ACL) {
			if (*p == '<')
				in_domain = len == strlen(E.domain) && !memcmp(p, E.domain, len);
			else if (in_domain && strncmp(p, "use_profile ", 12))
				row_add(p, len);
		} else {
			row_add(p, len);
		}
	}
	buf_free(&b);
	if (E.screen == S_DOMAIN)
		qsort(E.rows, E.n, sizeof(*E.rows), by_name);
	if (E.cur >= E.n)
		E.cur = E.n - 1;
	if (E.cur < 0)
		E.cur = 0;
}

/* Drawing: the whole screen, one write. */

static int list_height(void)
{
	return E.height - 4;
}

static void put_clipped(struct buf *b, const char *s, int width)
{
	for (int i = 0; s[i] && i < width; i++)
		buf_put_u8(b, (unsigned char)s[i] < 0x20 || (unsigned char)s[i] >= 0x7f ? '?' : s[i]);
}

static void draw(const char *prompt, const char *input)
{
	struct buf b = BUF_INIT(0);
	char line[1024];
	int h = list_height(), w = E.width - 1;
	const char *unit = E.screen == S_DOMAIN ? E.n == 1 ? "domain" : "domains"
				   : E.n == 1 ? "entry" : "entries";

	if (E.cur < E.top)
		E.top = E.cur;
	if (E.cur >= E.top + h)
		E.top = E.cur - h + 1;
	if (E.top < 0)
		E.top = 0;
	buf_put_str(&b, "\033[?25l\033[H\033[m");
	snprintf(line, sizeof(line), "%s      %d %s", titles[E.screen], E.n, unit);
	if (E.nsel)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " (%d selected)", E.nsel);
	snprintf(line + strlen(line), sizeof(line) - strlen(line), "   '?' for help%s",
		 E.readonly ? "   [read-only]" : "");
	put_clipped(&b, line, w);
	buf_put_str(&b, "\033[K\r\n\033[K\r\n");
	if (E.screen == S_ACL)
		put_clipped(&b, E.domain, w);
	else if (E.screen == S_DOMAIN && E.n)
		put_clipped(&b, E.rows[E.cur].text, w);
	buf_put_str(&b, "\033[K\r\n");
	for (int i = 0; i < h; i++) {
		int r = E.top + i;

		if (r < E.n) {
			const struct row *x = &E.rows[r];

			if (E.screen == S_DOMAIN) {
				const char *last = x->depth ? strrchr(x->text, ' ') + 1 : x->text;

				snprintf(line, sizeof(line), "%c%5d: %3d %*s%s", x->sel ? '&' : ' ', r,
					 x->profile, 4 * x->depth + 4, "", last);
				if (x->profile < 0)
					memcpy(line + 8, "  ?", 3);
			} else {
				snprintf(line, sizeof(line), "%c%5d: %s", x->sel ? '&' : ' ', r, x->text);
			}
			if (r == E.cur)
				buf_put_str(&b, "\033[7m");
			put_clipped(&b, line, w);
			buf_put_str(&b, "\033[m");
		}
		buf_put_str(&b, "\033[K\r\n");
	}
	if (prompt) {
		size_t pl = strlen(prompt), il = strlen(input);
		int room = w - (int)pl;

		put_clipped(&b, prompt, w);
		if (room > 0)
			put_clipped(&b, il > (size_t)room ? input + il - room : input, room);
		buf_put_str(&b, "\033[K\033[?25h");
	} else {
		put_clipped(&b, E.status, w);
		buf_put_str(&b, "\033[K");
	}
	out(b.p, b.len);
	buf_free(&b);
}

/* A page of n lines on a cleared screen (as many as it holds); the key
 * pressed then. */
static int page(const char *const *lines, size_t n)
{
	struct buf b = BUF_INIT(0);

	buf_put_str(&b, "\033[?25l\033[H\033[m\033[2J");
	for (size_t i = 0; i < n && (int)i < E.height; i++) {
		put_clipped(&b, lines[i], E.width - 1);
		buf_put_str(&b, "\r\n");
	}
	out(b.p, b.len);
	buf_free(&b);
	return getkey();
}

static void help(void)
{
	static const char *const lines[] = {
		"Commands available for this screen are:",
		"",
		"q          Quit this editor (an offline directory is saved).",
		"r          Refresh to the latest information.",
		"f          Find first.  n  Find next.  p  Find previous.",
		"w          Switch to selected screen.",
		"Space      Invert selection state of an entry at the cursor position.",
		"a          Add an entry (checked before it is written).",
		"d          Delete the selected entries.",
		"s          Set the profile of the selected domains (domain screen).",
		"Enter      The ACLs of the domain at the cursor (domain screen).",
		"Arrow-keys and PageUp/PageDown/Home/End keys for scroll.",
		"",
		"Press any key to escape from this help.",
	};

	page(lines, ARRAY_SIZE(lines));
}

/* A line read on the status line; NULL when cancelled (Esc, ^C, ^G). */
static char *prompt(const char *what)
{
	struct buf in = BUF_INIT(8192);

	buf_put_u8(&in, 0);
	for (;;) {
		int k;

		draw(what, (char *)in.p);
		k = getkey();
		if (!k) {
			resized = 0;
			term_size();
			continue;
		}
		if (k == '\r' || k == '\n')
			break;
		if (k == K_ESC || k == 3 || k == 7 || k == K_EOF) {
			buf_free(&in);
			return NULL;
		}
		if ((k == 127 || k == 8) && in.len > 1) {
			in.len--;
			in.p[in.len - 1] = 0;
		} else if (k == 21) {
			in.len = 1;
			in.p[0] = 0;
		} else if (k >= 0x20 && k < 0x7f) {
			in.p[in.len - 1] = (char)k;
			buf_put_u8(&in, 0);
		}
	}
	return (char *)in.p;
}

static bool yes(const char *question)
{
	for (;;) {
		int k;

		draw(question, "");
		k = getkey();
		if (k == 'y' || k == 'Y')
			return true;
		if (k && k != K_UP && k != K_DOWN)
			return false;
	}
}

static void status(const char *fmt, ...) PRINTF(1, 2);
static void status(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(E.status, sizeof(E.status), fmt, ap);
	va_end(ap);
}

/* The first line of a message, without "tomoyo-edit: ". */
static void status_from(const char *msg)
{
	const char *p = msg, *nl;

	if (!strncmp(p, "tomoyo-edit: ", 13))
		p += 13;
	nl = strchr(p, '\n');
	status("%.*s", (int)(nl ? nl - p : (ptrdiff_t)strlen(p)), p);
}

/* Is the line one the kernel takes (after the domain line, for a domain's
 * line)?  If not, the status line says why. */
static bool line_ok(enum tmy_kind k, const char *domain, const char *line)
{
	struct tmy_check c;
	bool ok = true;

	tmy_check_init(&c, k);
	if (domain)
		tmy_check_line(&c, domain, strlen(domain));
	if (!tmy_check_line(&c, line, strlen(line))) {
		ok = false;
		if (c.bad[0])
			status("refused: %s: '%s'", c.why, c.bad);
		else
			status("refused: %s", c.why);
	} else if (c.nwarn) {
		status("warning: %s", c.warn[0]);
	}
	tmy_check_free(&c);
	return ok;
}

/* Lines of kind k (each ending in a newline) into the policy: the offline
 * model, or the kernel at once, then read back.  false: the status line
 * says what the kernel did not take. */
static bool send(enum tmy_kind k, const char *text)
{
	struct tmy_src src = { "edit", text, strlen(text) };
	char *before, *msg;
	size_t blen;
	int missing, rc;

	E.changed = true;
	if (E.dir) {
		capture_begin();
		missing = tmy_policy_add(E.pol[k], text, src.len, "edit");
		msg = capture_end();
		if (missing)
			status_from(msg);
		free(msg);
		return !missing;
	}
	capture_begin();
	before = tmy_kernel_read(tmy_kind_name(k), &blen);
	rc = tmy_kernel_write(k, &src, 0);
	missing = rc ? 0 : tmy_kernel_verify(k, before, blen, &src, 1);
	msg = capture_end();
	free(before);
	if (rc || missing)
		status_from(*msg ? msg : "the kernel did not take the line");
	free(msg);
	tmy_policy_free(E.pol[k]);
	E.pol[k] = read_kind(k);
	return !rc && !missing;
}

static void refuse_readonly(void)
{
	status("read-only: nothing is changed (started with --readonly)");
}

static void do_add(void)
{
	enum tmy_kind k = kind_of_screen[E.screen];
	const char *dom = E.screen == S_ACL ? E.domain : NULL;
	char *line, *text;

	if (E.readonly)
		return refuse_readonly();
	line = prompt(E.screen == S_DOMAIN ? "Enter new domain> " : "Enter new entry> ");
	if (!line)
		return;
	tmy_normalize(line);
	status("%s", "");
	if (!*line) {
		free(line);
		return;
	}
	if (line_ok(k, dom, line)) {
		text = dom ? xasprintf("%s\n%s\n", dom, line) : xasprintf("%s\n", line);
		if (send(k, text) && !E.status[0])
			status("added: %s", line);
		free(text);
		rows_build();
		for (int i = 0; i < E.n; i++)
			if (!strcmp(E.rows[i].text, line))
				E.cur = i;
	}
	free(line);
}

static void do_delete(void)
{
	enum tmy_kind k = kind_of_screen[E.screen];
	struct buf b = BUF_INIT(0);
	char q[96];

	if (E.readonly)
		return refuse_readonly();
	if (E.screen == S_PROFILE)
		return status("profiles cannot be deleted (the kernel has no way to): change them "
			      "with a (add) instead");
	if (!E.nsel)
		return status("nothing selected (Space selects)");
	snprintf(q, sizeof(q), "Delete %d selected %s? ('Y'es/'N'o)", E.nsel,
		 E.screen == S_DOMAIN ? (E.nsel > 1 ? "domains" : "domain")
				      : (E.nsel > 1 ? "entries" : "entry"));
	if (!yes(q)) {
		status("%s", "");
		return;
	}
	status("%s", "");
	for (int i = 0; i < E.n; i++) {
		if (!E.rows[i].sel)
			continue;
		if (E.screen == S_ACL)
			buf_printf(&b, "%s\n", E.domain);
		buf_printf(&b, "delete %s\n", E.rows[i].text);
	}
	buf_put_u8(&b, 0);
	if (send(k, (char *)b.p))
		status("deleted %d", E.nsel);
	buf_free(&b);
	rows_build();
}

static void do_profile(void)
{
	struct buf b = BUF_INIT(0);
	char *s, *end;
	long n;
	int count = 0;

	if (E.readonly)
		return refuse_readonly();
	s = prompt("Enter profile number> ");
	if (!s)
		return;
	errno = 0;
	n = strtol(s, &end, 10);
	if (!*s || *end || errno || n < 0 || n >= TMY_MAX_PROFILES) {
		status("not a profile number (0-255): %s", s);
		free(s);
		return;
	}
	free(s);
	status("%s", "");
	for (int i = 0; i < E.n; i++)
		if (E.rows[i].sel || (!E.nsel && i == E.cur)) {
			buf_printf(&b, "%s\nuse_profile %ld\n", E.rows[i].text, n);
			count++;
		}
	if (!count) {
		buf_free(&b);
		return;
	}
	buf_put_u8(&b, 0);
	if (send(TMY_DOMAIN, (char *)b.p))
		status("profile %ld for %d domain%s", n, count, count > 1 ? "s" : "");
	buf_free(&b);
	rows_build();
}

/* From the row after (dir 1) or before (dir -1) `from`, the next one
 * holding E.find. */
static void do_find(int from, int dir)
{
	if (!E.find)
		return status("nothing to find: f first");
	for (int i = from; i >= 0 && i < E.n; i += dir)
		if (strstr(E.rows[i].text, E.find)) {
			E.cur = i;
			status("%s", "");
			return;
		}
	status("not found: %s", E.find);
}

static void set_screen(enum screen s)
{
	E.screen = s;
	E.cur = E.top = 0;
	rows_build();
}

static void switch_screen(void)
{
	static const char *const menu[] = {
		"Press one of below keys to switch window.",
		"",
		"e     <<< Exception Policy Editor >>>",
		"d     <<< Domain Transition Editor >>>",
		"a     <<< Domain Policy Editor >>> (the domain at the cursor)",
		"p     <<< Profile Editor >>>",
		"m     <<< Manager Policy Editor >>>",
		"q     Quit this editor.",
	};

	switch (page(menu, ARRAY_SIZE(menu))) {
	case 'e': case 'E': set_screen(S_EXCEPTION); break;
	case 'd': case 'D': set_screen(S_DOMAIN); break;
	case 'p': case 'P': set_screen(S_PROFILE); break;
	case 'm': case 'M': set_screen(S_MANAGER); break;
	case 'a': case 'A':
		if (E.domain)
			set_screen(S_ACL);
		break;
	case 'q': case 'Q':
		E.in[0] = 'q', E.inlen = 1, E.inpos = 0;	/* quit as q does */
		break;
	}
}

static void refresh(void)
{
	if (!E.dir)
		for (int k = 0; k < TMY_KINDS; k++) {
			tmy_policy_free(E.pol[k]);
			E.pol[k] = read_kind(k);
		}
	rows_build();
	status("%s", "");
}

static int save_dir(void)
{
	char *text[TMY_KINDS];
	size_t len[TMY_KINDS];
	int rc;

	for (int k = 0; k < TMY_KINDS; k++) {
		struct buf b = BUF_INIT(0);

		tmy_policy_print(E.pol[k], &b);
		buf_put_u8(&b, 0);
		text[k] = (char *)b.p;
		len[k] = b.len - 1;
	}
	rc = tmy_store_save(E.dir, text, len, false);
	for (int k = 0; k < TMY_KINDS; k++)
		free(text[k]);
	return rc;
}

/* The keys, as tomoyo-editpolicy's. */
static void loop(void)
{
	for (;;) {
		int k, h = list_height();

		draw(NULL, NULL);
		k = getkey();
		if (k != 0 && k != K_UP && k != K_DOWN && k != K_PGUP && k != K_PGDN &&
		    k != K_HOME && k != K_END && k != ' ')
			status("%s", "");
		switch (k) {
		case 0:
			resized = 0;
			term_size();
			break;
		case K_EOF:
		case 'q': case 'Q':
			return;
		case K_UP: if (E.cur > 0) E.cur--; break;
		case K_DOWN: if (E.cur < E.n - 1) E.cur++; break;
		case K_PGUP: E.cur = E.cur > h ? E.cur - h : 0; break;
		case K_PGDN: E.cur = E.cur + h < E.n ? E.cur + h : E.n - 1; break;
		case K_HOME: E.cur = 0; break;
		case K_END: E.cur = E.n - 1; break;
		case ' ':
			if (E.n) {
				E.rows[E.cur].sel = !E.rows[E.cur].sel;
				E.nsel += E.rows[E.cur].sel ? 1 : -1;
				if (E.cur < E.n - 1)
					E.cur++;
			}
			break;
		case '\r': case '\n':
			if (E.screen == S_DOMAIN && E.n) {
				free(E.domain);
				E.domain = xstrdup(E.rows[E.cur].text);
				set_screen(S_ACL);
			}
			break;
		case 'w': case 'W': switch_screen(); break;
		case 'a': case 'A': do_add(); break;
		case 'd': case 'D': do_delete(); break;
		case 's': case 'S':
			if (E.screen == S_DOMAIN)
				do_profile();
			break;
		case 'f': case 'F': {
			char *s = prompt("Search> ");

			if (s && *s) {
				free(E.find);
				E.find = s;
				do_find(0, 1);
			} else {
				free(s);
			}
			break;
		}
		case 'n': case 'N': do_find(E.cur + 1, 1); break;
		case 'p': case 'P': do_find(E.cur - 1, -1); break;
		case 'r': case 'R': refresh(); break;
		case '?': help(); break;
		}
		if (E.cur >= E.n)
			E.cur = E.n - 1;
		if (E.cur < 0)
			E.cur = 0;
	}
}

int tmy_cmd_edit(int argc, char **argv)
{
	struct opt o[] = { { 0, "readonly", 0 }, OPT_END };
	int rc = 0;

	opt_parse_n(&argc, &argv, o, 0, 0, 1, NULL);
	E.readonly = o[0].seen;
	E.dir = argc ? argv[0] : NULL;
	if (!isatty(0) || !isatty(1)) {
		die_status = 2;
		die("edit: not a terminal: the editor needs one on standard input and output "
		    "(in scripts: check, load, save)");
	}
	if (!E.dir)
		free(tmy_kernel_path("."));	/* dies saying how to boot with TOMOYO */
	for (int k = 0; k < TMY_KINDS; k++)
		E.pol[k] = read_kind(k);
	if (diag_count()) {
		die_status = 1;
		die("edit: %d line%s the kernel would drop: fix %s first (tomoyo-edit check)",
		    diag_count(), diag_count() > 1 ? "s" : "", E.dir ? E.dir : "the policy");
	}
	term_raw();
	set_screen(S_DOMAIN);
	loop();
	term_restore();
	if (E.dir && !E.readonly && E.changed) {
		rc = save_dir();
		printf("%s saved\n", E.dir);
	}
	rows_free();
	free(E.domain);
	free(E.find);
	for (int k = 0; k < TMY_KINDS; k++)
		tmy_policy_free(E.pol[k]);
	return rc;
}
