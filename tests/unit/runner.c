// SPDX-License-Identifier: Apache-2.0
/* runner.c: runs every registered unit test in its own child process and
 * ends with "N passed, N failed".  Arguments, if any, select tests by name. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lsmbox.h"
#include "unit.h"

static struct unit_test *tests;
static char tmpdir[64];

void unit_register(struct unit_test *t)
{
	t->next = tests;
	tests = t;
}

void unit_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	_exit(1);
}

const char *unit_tmpdir(void)
{
	return tmpdir;
}

static char *slurp(FILE *f)
{
	char *buf;
	size_t len;

	rewind(f);
	buf = read_fd(fileno(f), &len);
	fclose(f);
	return buf;
}

struct child run_child(void (*fn)(void *), void *arg)
{
	FILE *out = tmpfile(), *err = tmpfile();
	struct child c = { 0 };
	int st;
	pid_t pid;

	if (!out || !err)
		unit_fail(__FILE__, __LINE__, "tmpfile: %s", strerror(errno));
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		dup2(fileno(out), 1);
		dup2(fileno(err), 2);
		fn(arg);
		fflush(NULL);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) < 0)
		unit_fail(__FILE__, __LINE__, "fork: %s", strerror(errno));
	c.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	c.out = slurp(out);
	c.err = slurp(err);
	return c;
}

void child_free(struct child *c)
{
	free(c->out);
	free(c->err);
}

static int selected(const struct unit_test *t, int argc, char **argv)
{
	if (argc < 2)
		return 1;
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], t->name))
			return 1;
	return 0;
}

/* Registration order is the constructors' order; sort by file, then name. */
static int cmp_test(const void *a, const void *b)
{
	const struct unit_test *x = *(struct unit_test *const *)a, *y = *(struct unit_test *const *)b;
	int c = strcmp(x->file, y->file);

	return c ? c : strcmp(x->name, y->name);
}

/* Under SAN=1: tests build their expected strings with xasprintf and never
 * free them, and a child's exit status is part of what they check, so leak
 * reports at exit would turn a pass into a failure; leaks in lib/ are
 * caught by the shell tests of the sanitizer build of lsmbox. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

int main(int argc, char **argv)
{
	struct unit_test **list;
	size_t n = 0, i;
	int passed = 0, failed = 0;

	for (struct unit_test *t = tests; t; t = t->next)
		n++;
	list = xmalloc(n * sizeof(*list));
	n = 0;
	for (struct unit_test *t = tests; t; t = t->next)
		list[n++] = t;
	qsort(list, n, sizeof(*list), cmp_test);

	for (i = 0; i < n; i++) {
		struct unit_test *t = list[i];
		int st;
		pid_t pid;

		if (!selected(t, argc, argv))
			continue;
		snprintf(tmpdir, sizeof(tmpdir), "/tmp/lsmbox-unit.XXXXXX");
		if (!mkdtemp(tmpdir)) {
			perror("mkdtemp");
			return 1;
		}
		fflush(NULL);
		pid = fork();
		if (pid == 0) {
			t->fn();
			fflush(NULL);
			_exit(0);
		}
		waitpid(pid, &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			printf("PASS: unit: %s\n", t->name);
			passed++;
		} else {
			if (WIFSIGNALED(st))
				printf("FAIL: unit: %s (killed by signal %d)\n", t->name, WTERMSIG(st));
			else
				printf("FAIL: unit: %s\n", t->name);
			failed++;
		}
		fflush(stdout);
		{
			char *cmd = xasprintf("rm -rf '%s'", tmpdir);

			if (system(cmd) != 0)
				fprintf(stderr, "unit: could not remove %s\n", tmpdir);
			free(cmd);
		}
	}
	free(list);
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
