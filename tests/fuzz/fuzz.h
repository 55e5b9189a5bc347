/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz.h: what the libFuzzer targets of tests/fuzz/ share.  A target is
 * tests/fuzz/NAME.c; it may #include "../../applets/FILE.c" first, to call
 * that file's static parsers (the Makefile then links every object but
 * that file's), then this.  Its seed corpus is tests/fuzz/NAME/, its
 * regressions tests/fuzz/regress/NAME/ (each an input that once crashed
 * or hung, replayed by make check).  scripts/fuzz runs them. */
#ifndef LSMBOX_FUZZ_H
#define LSMBOX_FUZZ_H

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lsmbox.h"

#ifndef LSMBOX_FUZZ
#error "fuzz targets are built with FUZZ=1"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Run stmt; a die() in it comes back here instead of exiting (what was
 * allocated before it is lost: the targets run with -detect_leaks=0). */
#define FUZZ_TRY(stmt) \
	do { \
		jmp_buf fuzz_jb_; \
		if (!setjmp(fuzz_jb_)) { \
			die_catch = &fuzz_jb_; \
			stmt; \
		} \
		die_catch = NULL; \
	} while (0)

/* The input as a file, for the readers that take a path: a memfd, named
 * "/dev/fd/N" in path; its fd (close it after), or -1. */
static inline int fuzz_file(const uint8_t *data, size_t size, char path[32])
{
	int fd = memfd_create("fuzz", MFD_CLOEXEC);
	size_t off = 0;

	if (fd < 0)
		return -1;
	while (off < size) {
		ssize_t n = write(fd, data + off, size - off);

		if (n <= 0) {
			close(fd);
			return -1;
		}
		off += (size_t)n;
	}
	lseek(fd, 0, SEEK_SET);
	snprintf(path, 32, "/dev/fd/%d", fd);
	return fd;
}

#endif
