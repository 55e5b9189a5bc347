/* SPDX-License-Identifier: Apache-2.0 */
/* unit.h: the C unit-test runner's interface.  TEST(name) { ... } registers a
 * test; each runs in its own child process, so one that exits or crashes
 * fails alone.  CHECK* stop the test at the first failure. */
#ifndef UNIT_H
#define UNIT_H

#include <stddef.h>

struct unit_test {
	const char *name;
	const char *file;
	void (*fn)(void);
	struct unit_test *next;
};

void unit_register(struct unit_test *t);
void unit_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4), __noreturn__));

#define TEST(name)							\
	static void test_##name(void);					\
	static struct unit_test ut_##name = { #name, __FILE__, test_##name, NULL }; \
	__attribute__((constructor)) static void reg_##name(void)	\
	{								\
		unit_register(&ut_##name);				\
	}								\
	static void test_##name(void)

#define CHECK(c)							\
	do {								\
		if (!(c))						\
			unit_fail(__FILE__, __LINE__, "%s", #c);	\
	} while (0)

#define CHECK_INT(a, b)							\
	do {								\
		long long a_ = (a), b_ = (b);				\
		if (a_ != b_)						\
			unit_fail(__FILE__, __LINE__, "%s == %lld, want %lld", #a, a_, b_); \
	} while (0)

#define CHECK_STR(a, b)							\
	do {								\
		const char *a_ = (a), *b_ = (b);			\
		if (!a_ || !b_ || strcmp(a_, b_))			\
			unit_fail(__FILE__, __LINE__, "%s == \"%s\", want \"%s\"", #a, \
				  a_ ? a_ : "(null)", b_ ? b_ : "(null)"); \
	} while (0)

/* Runs fn(arg) in a child with stdout and stderr captured; the result holds
 * how it ended (exit status, or 128+signal) and what it printed. */
struct child {
	int status;
	char *out;
	char *err;
};
struct child run_child(void (*fn)(void *), void *arg);
void child_free(struct child *c);

/* A fresh empty directory for the test; removed by the runner afterwards. */
const char *unit_tmpdir(void);

#endif
