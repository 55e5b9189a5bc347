// SPDX-License-Identifier: Apache-2.0
/* err.c: messages that start with the applet's name, and the ways to die.
 * Keep the anchors' exact wording where scripts parse it; this only adds the prefix. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lsmbox.h"

const struct applet *this_applet;
int die_status = 1;

jmp_buf *die_catch;

noreturn void die_exit(int status)
{
	if (die_catch)
		longjmp(*die_catch, 1);
	exit(status);
}

/* A multiplexer-only applet is "lsmbox NAME", as it is run. */
const char *applet_name(void)
{
	static char mux[64];

	if (this_applet && this_applet->mux_only) {
		snprintf(mux, sizeof(mux), "lsmbox %s", this_applet->name);
		return mux;
	}
	return this_applet ? this_applet->name : "lsmbox";
}

static void vmsg_sev(int sev, int err, const char *fmt, va_list ap)
{
	if (diag_sink) {
		char msg[1024];
		int n = vsnprintf(msg, sizeof(msg), fmt, ap);

		if (err && n >= 0 && (size_t)n < sizeof(msg))
			snprintf(msg + n, sizeof(msg) - n, ": %s", strerror(err));
		diag_sink(sev, NULL, msg);
		return;
	}
	fflush(stdout);
	fprintf(stderr, "%s: ", applet_name());
	vfprintf(stderr, fmt, ap);
	if (err)
		fprintf(stderr, ": %s", strerror(err));
	fputc('\n', stderr);
}

static void vmsg(int err, const char *fmt, va_list ap)
{
	vmsg_sev(DIAG_WARNING, err, fmt, ap);
}

void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg(0, fmt, ap);
	va_end(ap);
}

void warn_errno(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg(err, fmt, ap);
	va_end(ap);
}

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg_sev(DIAG_FATAL, 0, fmt, ap);
	va_end(ap);
	die_exit(die_status);
}

void die_errno(const char *fmt, ...)
{
	int err = errno;
	va_list ap;

	va_start(ap, fmt);
	vmsg_sev(DIAG_FATAL, err, fmt, ap);
	va_end(ap);
	die_exit(die_status);
}

int usage_status = 2;
int usage_shows_help;

void usage_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmsg_sev(DIAG_FATAL, 0, fmt, ap);
	va_end(ap);
	/* A sink has the message; the pointer to --help is for a person. */
	if (diag_sink)
		die_exit(usage_status);
	if (usage_shows_help)
		show_help(this_applet);
	else
		fprintf(stderr, "Try '%s --help' for more information.\n", applet_name());
	die_exit(usage_status);
}

void not_implemented(void)
{
	fprintf(stderr, "%s: not implemented yet\n", applet_name());
	exit(2);
}

void show_help(const struct applet *a)
{
	fputs(a->help, stdout);
}
