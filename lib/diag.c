// SPDX-License-Identifier: Apache-2.0
/* diag.c: diagnostics that name a place in an input file and are counted,
 * so that a parser reports every error in one run and then refuses once. */
#include <stdio.h>
#include <stdint.h>

#include "lsmbox.h"

static int errors;

void diag(const struct srcloc *loc, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (loc->col)
		warn("%s:%d:%d: %s", str_esc(loc->file, SIZE_MAX), loc->line, loc->col, msg);
	else
		warn("%s:%d: %s", str_esc(loc->file, SIZE_MAX), loc->line, msg);
	errors++;
}

int diag_count(void)
{
	return errors;
}

void diag_fail(int since, const char *fmt, ...)
{
	int n = errors - since;
	char what[512];
	va_list ap;

	if (n <= 0)
		return;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	die_status = 2;
	die("%d error%s%s", n, n > 1 ? "s" : "", what);
}
