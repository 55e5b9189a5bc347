/* SPDX-License-Identifier: Apache-2.0 */
/* fuzz.h: what the libFuzzer targets of tests/fuzz/ share.  A target is
 * tests/fuzz/NAME.c; it may #include "../../applets/FILE.c" first, to call
 * that file's static parsers (the Makefile then links every object but
 * that file's), then this.  Its seed corpus is tests/fuzz/NAME/, its
 * regressions tests/fuzz/regress/NAME/ (each an input that once crashed
 * or hung, replayed by make check).  scripts/fuzz runs them. */
#ifndef LSMBOX_FUZZ_H
#define LSMBOX_FUZZ_H

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"

#ifndef LSMBOX_FUZZ
#error "fuzz targets are built with FUZZ=1"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The fds from fuzz_fd_mark() up that a caught die left open: closed,
 * but for those open when the first target ran (libFuzzer's own).  A
 * die() exits in lsmbox, taking its files with it; in a target that
 * catches thousands a second they would run out (EMFILE), and every
 * later input would die at its first open. */
static int fuzz_fd_start[64], fuzz_fd_nstart = -1;

static inline int fuzz_fd_listed(int fd)
{
	for (int i = 0; i < fuzz_fd_nstart; i++)
		if (fuzz_fd_start[i] == fd)
			return 1;
	return 0;
}

static inline void fuzz_fd_scan(int lo, int record)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;

	if (!d)
		abort();	/* no /proc: the targets need it */
	while ((e = readdir(d))) {
		int fd = atoi(e->d_name);

		if (e->d_name[0] == '.' || fd == dirfd(d) || fd < lo)
			continue;
		if (record && fuzz_fd_nstart < 64)
			fuzz_fd_start[fuzz_fd_nstart++] = fd;
		else if (!record && !fuzz_fd_listed(fd))
			close(fd);
	}
	closedir(d);
}

/* The lowest fd free now: what the statement opens is at or above it. */
static inline int fuzz_fd_mark(void)
{
	int fd;

	if (fuzz_fd_nstart < 0) {
		fuzz_fd_nstart = 0;
		fuzz_fd_scan(3, 1);
	}
	if ((fd = fcntl(0, F_DUPFD_CLOEXEC, 0)) < 0 && (fd = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		abort();
	close(fd);
	return fd;
}

/* After the statement (and after a caught die's fds are closed), the fd
 * that was lowest free must be free again: else the statement leaked it,
 * a finding (abort: libFuzzer keeps the input). */
static inline void fuzz_fd_check(int lo, const char *stmt)
{
	if (fuzz_fd_mark() > lo) {
		fprintf(stderr, "fuzz: fd %d left open by %s\n", lo, stmt);
		abort();
	}
}

/* Run stmt; a die() in it comes back here instead of exiting, and the
 * files it opened and did not close are closed (what it allocated is
 * lost: the targets run with -detect_leaks=0); either way, an fd it
 * leaves open is a finding (fuzz_fd_check). */
#define FUZZ_TRY(stmt) \
	do { \
		jmp_buf fuzz_jb_; \
		int fuzz_lo_ = fuzz_fd_mark(); \
		if (!setjmp(fuzz_jb_)) { \
			die_catch = &fuzz_jb_; \
			stmt; \
		} else { \
			fuzz_fd_scan(fuzz_lo_, 0); \
		} \
		die_catch = NULL; \
		fuzz_fd_check(fuzz_lo_, #stmt); \
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


/* The imasign rig's fixtures (tests/vm/imasign/fixtures) of the tree the
 * target was built in: its binary is build/DIR/fuzz/NAME.  Elsewhere the
 * path names nothing, and the targets run with fewer keys. */
static inline const char *fuzz_rig_fixtures(void)
{
	static char dir[4096];
	char *s;
	ssize_t n;

	if (!*dir) {
		n = readlink("/proc/self/exe", dir, sizeof(dir) - 64);
		dir[n > 0 ? n : 0] = 0;
		for (int i = 0; i < 4 && (s = strrchr(dir, '/')); i++)
			*s = 0;
		strcat(dir, "/tests/vm/imasign/fixtures");
	}
	return dir;
}

/* A tree from the input, for the readers of directories: a record a
 * line, PATH, a tab, then the file's text with "\n" for newlines (no tab:
 * PATH is a directory).  PATH is up to 8 parts of [a-z0-9_.-] joined by
 * '/', none of them empty, "." or "..": nothing is made outside top.
 * Others are passed over.  Made under top, a mkdtemp template (filled
 * in); fuzz_tree_remove takes it all away. */
static inline void fuzz_tree_record(const char *top, const char *rec, size_t n)
{
	const char *tab = memchr(rec, '\t', n);
	size_t plen = tab ? (size_t)(tab - rec) : n;
	char path[512], *p;
	int parts = 1;
	FILE *f;

	if (!plen || plen > 200)
		return;
	for (size_t i = 0, start = 0; i <= plen; i++) {
		char c = i < plen ? rec[i] : '/';

		if (c == '/') {	/* the part rec[start, i) */
			size_t len = i - start;

			if (!len || (rec[start] == '.' && (len == 1 || (len == 2 && rec[start + 1] == '.'))))
				return;
			if (i < plen)
				parts++;
			start = i + 1;
		} else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
			     c == '-')) {
			return;
		}
	}
	if (parts > 8)
		return;
	snprintf(path, sizeof(path), "%s/%.*s", top, (int)plen, rec);
	for (p = path + strlen(top) + 1; (p = strchr(p, '/')); p++) {	/* the directories above */
		*p = 0;
		mkdir(path, 0755);
		*p = '/';
	}
	if (!tab) {
		mkdir(path, 0755);
		return;
	}
	if (!(f = fopen(path, "w")))
		return;
	for (const char *s = tab + 1; s < rec + n; s++) {
		if (*s == '\\' && s + 1 < rec + n && s[1] == 'n') {
			fputc('\n', f);
			s++;
		} else {
			fputc(*s, f);
		}
	}
	fclose(f);
}

static inline void fuzz_tree(char *top, const uint8_t *data, size_t size)
{
	const char *s = (const char *)data, *end = s + size;

	if (!mkdtemp(top))
		abort();
	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		fuzz_tree_record(top, s, n);
		s += n + 1;
	}
}

static inline int fuzz_rm_one(const char *p, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(p);
}

static inline void fuzz_tree_remove(const char *top)
{
	nftw(top, fuzz_rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
