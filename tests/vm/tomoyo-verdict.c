// SPDX-License-Identifier: Apache-2.0
/* tomoyo-verdict.c: vm-probe's "tomoyo-verdict" (see probe.c): asks the
 * running kernel's TOMOYO which lines of a policy corpus it takes, through
 * the securityfs files and nothing else, so that the verdicts recorded in
 * tests/tomoyo-edit/corpus/ are the kernel's and not lsmbox's.
 *
 *   vm-probe tomoyo-verdict [-p] domain|exception|manager CORPUS
 *
 * CORPUS holds "V<TAB>LINE" cases (V "+": the kernel takes LINE, "-": it
 * drops it), "#" comments, "## NAME" lines that start a section, and blank
 * lines.  Without -p, for each section, "pass NAME (N cases)" or
 * "fail NAME (M of N differ)" and then one line per differing case,
 * "  recorded V, kernel V: LINE".  With -p, CORPUS again with each V the
 * kernel's: the way to regenerate it.  On stderr either way, "note: LINE:
 * ..." where the two signals below disagree.
 *
 * Method (the rig loads no policy, so every process is a manager):
 * - domain, LINE starting with "<": a domainname; taken iff
 *   "select domain=LINE" (LINE's blanks squeezed as the kernel does) then
 *   finds that domain.
 * - domain, any other LINE: written into a fresh domain
 *   "<kernel> /lsmbox-corpus/N"; taken iff that domain reads back different.
 *   When it does not, once more into a fresh domain set to "use_profile 1"
 *   beforehand, so that "use_profile 0" shows.
 * - exception, manager: the whole file is read before and after; taken iff
 *   it differs; "delete LINE" then undoes it.
 * - For all but domainnames, a second signal: stat's "Policy update:" counter
 *   moves iff the kernel's handler for the line returned success.  A line
 *   that changes nothing read back but whose handler succeeded counts as
 *   taken (the manager's manage_by_non_root: a flag no file shows); each
 *   disagreement is a note.  Domainnames have no such signal: their handler
 *   succeeds whatever the name. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TOMOYO "/sys/kernel/security/tomoyo/"

int tomoyo_verdict(int argc, char **argv);

static void die(const char *what)
{
	fprintf(stderr, "vm-probe: tomoyo-verdict: %s: %s\n", what, strerror(errno));
	exit(1);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die("realloc");
	return p;
}

/* One line, A then B, with its newline, in one write(2): the kernel acts on
 * a line only when its newline arrives. */
static void put(int fd, const char *a, const char *b)
{
	size_t la = strlen(a), lb = b ? strlen(b) : 0;
	char *s = xrealloc(NULL, la + lb + 1);

	memcpy(s, a, la);
	memcpy(s + la, b, lb);
	s[la + lb] = '\n';
	if (write(fd, s, la + lb + 1) != (ssize_t)(la + lb + 1))
		die("write");
	free(s);
}

/* Everything fd has to say, up to the read that returns 0. */
static char *drain(int fd)
{
	size_t cap = 16384, n = 0;
	char *p = xrealloc(NULL, cap);
	ssize_t r;

	while ((r = read(fd, p + n, cap - n - 1)) > 0) {
		n += r;
		if (cap - n < 4096)
			p = xrealloc(p, cap *= 2);
	}
	if (r < 0)
		die("read");
	p[n] = '\0';
	return p;
}

static char *slurp(const char *name)
{
	int fd = open(name, O_RDONLY);
	char *p;

	if (fd < 0)
		die(name);
	p = drain(fd);
	close(fd);
	return p;
}

static unsigned long updates(void)
{
	char *s = slurp(TOMOYO "stat"), *p = strstr(s, "Policy update:");
	unsigned long n;

	if (!p) {
		errno = EPROTO;
		die(TOMOYO "stat has no \"Policy update:\"");
	}
	n = strtoul(p + strlen("Policy update:"), NULL, 10);
	free(s);
	return n;
}

/* The kernel's view of a line's blanks: runs of bytes <= 0x20 or >= 0x7f are
 * one space, none at either end.  OUT has room for IN. */
static void squeeze(const char *in, char *out)
{
	char *o = out;
	int gap = 0;

	for (; *in; in++) {
		unsigned char c = *in;

		if (c <= ' ' || c >= 127) {
			gap = o != out;
			continue;
		}
		if (gap)
			*o++ = ' ';
		gap = 0;
		*o++ = c;
	}
	*o = '\0';
}

static struct {
	int fd;			/* the policy file, O_RDWR */
	const char *file;
	unsigned serial;	/* of the domains this run makes */
	int domain;
} K;

static void note(const char *line, const char *what)
{
	fprintf(stderr, "note: %s: %s\n", line, what);
}

/* A domain's block as "select domain=" prints it. */
static char *domain_block(const char *name)
{
	put(K.fd, "select domain=", name);
	return drain(K.fd);
}

static int domain_acl_once(const char *line, int seed, unsigned long *u0, unsigned long *u1)
{
	char name[64], *before, *after;
	int changed;

	snprintf(name, sizeof(name), "<kernel> /lsmbox-corpus/%u", ++K.serial);
	put(K.fd, name, NULL);
	if (seed)
		put(K.fd, "use_profile 1", NULL);
	before = domain_block(name);
	if (!strstr(before, "\nuse_profile ")) {
		errno = EPROTO;
		die("a fresh domain did not read back");
	}
	/* The select above also made it the domain that lines go to. */
	*u0 = updates();
	put(K.fd, line, NULL);
	*u1 = updates();
	after = domain_block(name);
	changed = strcmp(before, after) != 0;
	free(before);
	free(after);
	return changed;
}

static int domain_name(const char *line)
{
	char *name = xrealloc(NULL, strlen(line) + 1), *out, *nl;
	int found;

	squeeze(line, name);
	put(K.fd, line, NULL);
	out = domain_block(name);
	/* "# select domain=..." alone when there is no such domain. */
	nl = strchr(out, '\n');
	found = nl && nl[1];
	free(out);
	free(name);
	return found;
}

static int file_line(int wfd, const char *line, unsigned long *u0, unsigned long *u1)
{
	char *before = slurp(K.file), *after, *again;
	int changed;

	*u0 = updates();
	put(wfd, line, NULL);
	*u1 = updates();
	after = slurp(K.file);
	changed = strcmp(before, after) != 0;
	if (changed || *u1 != *u0) {
		put(wfd, "delete ", line);
		again = slurp(K.file);
		if (strcmp(again, before))
			note(line, "\"delete\" of it did not restore the file");
		free(again);
	}
	free(before);
	free(after);
	return changed;
}

/* Whether the kernel takes LINE. */
static int verdict(const char *line)
{
	unsigned long u0, u1, v0, v1;
	int changed, ok;

	if (K.domain && line[0] == '<')
		return domain_name(line);
	if (K.domain) {
		changed = domain_acl_once(line, 0, &u0, &u1);
		if (!changed)
			changed = domain_acl_once(line, 1, &v0, &v1);
	} else {
		changed = file_line(K.fd, line, &u0, &u1);
	}
	ok = u1 != u0;
	if (changed && !ok)
		note(line, "read back changed, but stat counted no policy update");
	if (!changed && ok)
		note(line, "stat counted a policy update, but nothing read back changed");
	return changed || ok;
}

struct section {
	char *name;
	unsigned cases, differ;
	char *detail;
	size_t len;
};

static void section_end(struct section *s, int print)
{
	if (!print && s->cases) {
		if (s->differ)
			printf("fail %s (%u of %u differ)\n%s", s->name, s->differ, s->cases,
			       s->detail ? s->detail : "");
		else
			printf("pass %s (%u cases)\n", s->name, s->cases);
	}
	free(s->name);
	free(s->detail);
	memset(s, 0, sizeof(*s));
}

static void section_add(struct section *s, char recorded, char kernel, const char *line)
{
	size_t n = strlen(line) + 40;

	s->detail = xrealloc(s->detail, s->len + n);
	s->len += snprintf(s->detail + s->len, n, "  recorded %c, kernel %c: %s\n",
			   recorded, kernel, line);
}

int tomoyo_verdict(int argc, char **argv)
{
	int print = 0, wfd = -1;
	struct section s = { 0 };
	char *l = NULL, path[128];
	size_t cap = 0;
	ssize_t len;
	unsigned lineno = 0;
	FILE *f;

	if (argc > 0 && !strcmp(argv[0], "-p")) {
		print = 1;
		argc--, argv++;
	}
	if (argc != 2)
		return 2;
	if (!strcmp(argv[0], "domain"))
		K.domain = 1;
	else if (strcmp(argv[0], "exception") && strcmp(argv[0], "manager"))
		return 2;
	snprintf(path, sizeof(path), TOMOYO "%s%s", argv[0], K.domain ||
		 !strcmp(argv[0], "exception") ? "_policy" : "");
	K.file = path;
	f = fopen(argv[1], "r");
	if (!f)
		die(argv[1]);
	if (K.domain) {
		K.fd = open(path, O_RDWR);
		if (K.fd < 0)
			die(path);
		if (!verdict("file read /lsmbox-corpus/sanity")) {
			errno = EPERM;
			die("the kernel takes not even \"file read /a\": policy loaded, or not a manager?");
		}
	} else {
		K.fd = wfd = open(path, O_WRONLY);
		if (wfd < 0)
			die(path);
		/* The first namespace other than <kernel> makes the exception
		 * file print every line with its namespace: have one from the
		 * start, so that a case making the first does not look like a
		 * change. */
		if (!strcmp(argv[0], "exception"))
			put(wfd, "<lsmbox-corpus> -", NULL);
	}
	s.name = strdup("(before any section)");
	while ((len = getline(&l, &cap, f)) >= 0) {
		char kernel;

		lineno++;
		if (len && l[len - 1] == '\n')
			l[--len] = '\0';
		if (!strncmp(l, "## ", 3)) {
			section_end(&s, print);
			s.name = strdup(l + 3);
		}
		if (l[0] == '#' || !l[0]) {
			if (print)
				printf("%s\n", l);
			continue;
		}
		if ((l[0] != '+' && l[0] != '-') || l[1] != '\t') {
			fprintf(stderr, "vm-probe: tomoyo-verdict: %s:%u: not \"+|-<TAB>LINE\"\n",
				argv[1], lineno);
			return 1;
		}
		kernel = verdict(l + 2) ? '+' : '-';
		s.cases++;
		if (kernel != l[0]) {
			s.differ++;
			section_add(&s, l[0], kernel, l + 2);
		}
		if (print)
			printf("%c\t%s\n", kernel, l + 2);
	}
	section_end(&s, print);
	fclose(f);
	free(l);
	return fflush(stdout) != 0;
}
