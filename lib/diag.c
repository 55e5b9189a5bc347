// SPDX-License-Identifier: Apache-2.0
/* diag.c: diagnostics that name a place in an input file and are counted,
 * so that a parser reports every error in one run and then refuses once. */
#include <stdio.h>
#include <stdint.h>

#include "lsmbox.h"

static int errors;

void (*diag_sink)(int sev, const struct srcloc *loc, const char *msg);

static void vdiag(int sev, const struct srcloc *loc, const char *fmt, va_list ap)
{
	char msg[512];

	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (diag_sink)
		diag_sink(sev, loc, msg);
	else if (loc->col)
		warn("%s:%d:%d: %s", str_esc(loc->file, SIZE_MAX), loc->line, loc->col, msg);
	else
		warn("%s:%d: %s", str_esc(loc->file, SIZE_MAX), loc->line, msg);
}

void diag(const struct srcloc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(DIAG_ERROR, loc, fmt, ap);
	va_end(ap);
	errors++;
}

void diag_warn(const struct srcloc *loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag(DIAG_WARNING, loc, fmt, ap);
	va_end(ap);
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
