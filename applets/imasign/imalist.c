// SPDX-License-Identifier: Apache-2.0
/* imalist.c: IMA's runtime measurement list, as the 6.1 kernel writes
 * binary_runtime_measurements, read back, its template hashes checked and
 * its PCR extends replayed per bank against the TPM's PCRs (evmctl 1.4's
 * ima_measurement), and the boot aggregate computed from PCRs
 * (ima_boot_aggregate).
 *
 * A record, in the host's byte order: u32 PCR, the 20-byte SHA-1 template
 * digest (all zero for a violation), u32 name length, the template's name,
 * then for every template but "ima" u32 length and the template data: each
 * field as u32 length and bytes.  "ima" has no length: a 20-byte digest,
 * u32 length and a file name of up to 255 bytes, hashed as the digest and
 * the name zero-padded to 256 bytes.  The template digest of a bank is
 * that bank's hash of the template data; the kernel extends the PCR with
 * it (a violation with all 0xff), or, for a bank whose hash it cannot
 * compute, with the SHA-1 digest zero-padded (evmctl's "padded" banks).
 *
 * Nothing read is trusted: every length is checked against what is left
 * before it is used, a name and the list have bounds, and a record that
 * does not parse ends the walk with its number and why. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lsmbox.h"
#include "imasign.h"

/* The list is read whole; a list past this is refused (a million
 * records of a long path and a signature are under 1 GiB). */
#define LIST_MAX ((size_t)1 << 30)
#define NAME_MAX_IMA 255		/* TCG_EVENT_NAME_LEN_MAX */
#define TEMPLATE_NAME_MAX 255
#define NUM_PCRS 24
#define MAX_BANKS 4
#define TPM12_PCRS "/sys/class/tpm/tpm0/pcrs"

/* A violation's template digest, and what a boot without a TPM records. */
static const uint8_t zero20[20];

/* A field of a template (ima_template.c's supported_fields). */
enum fkind { F_D, F_N, F_DNG, F_DNGV2, F_NNG, F_SIG, F_BUF, F_DMODSIG, F_MODSIG, F_EVMSIG, F_XNAMES,
	     F_XLENS, F_XVALUES, F_IUID, F_IGID, F_IMODE };
static const char *const field_ids[] = { "d", "n", "d-ng", "d-ngv2", "n-ng", "sig", "buf", "d-modsig", "modsig",
					 "evmsig", "xattrnames", "xattrlengths", "xattrvalues", "iuid", "igid",
					 "imode" };

/* The templates the kernel defines, by name; any other name is its own
 * field list ("d-ng|n-ng|sig", as ima_template_fmt= makes them). */
static const struct { const char *name, *fmt; } templates[] = {
	{ "ima", "d|n" },
	{ "ima-ng", "d-ng|n-ng" },
	{ "ima-sig", "d-ng|n-ng|sig" },
	{ "ima-ngv2", "d-ngv2|n-ng" },
	{ "ima-sigv2", "d-ngv2|n-ng|sig" },
	{ "ima-buf", "d-ng|n-ng|buf" },
	{ "ima-modsig", "d-ng|n-ng|sig|d-modsig|modsig" },
	{ "evm-sig", "d-ng|n-ng|evmsig|xattrnames|xattrlengths|xattrvalues|iuid|igid|imode" },
};

#define MAX_FIELDS 16
struct field {
	enum fkind kind;
	const uint8_t *p;
	uint32_t len;
};

struct record {
	unsigned long num;	/* from 1 */
	uint32_t pcr;
	const uint8_t *digest;	/* 20 bytes */
	char name[TEMPLATE_NAME_MAX + 1];
	const uint8_t *data;	/* as hashed */
	size_t len;
	uint8_t ima_data[20 + NAME_MAX_IMA + 1];	/* "ima": digest, padded name */
	struct field f[MAX_FIELDS];
	int nf;
	/* hash_record's: the SHA-1 of the data, and each bank's hash of it */
	uint8_t sha1[20];
	uint8_t bd[MAX_BANKS][IMA_MAX_DIGEST];
};

/* A list, whole (LIST_MAX at most, the image's under --root); NULL after
 * saying why. */
static char *read_list(const char *path, size_t *lenp)
{
	return bounded_read(path, LIST_MAX, "", 1, lenp);
}

/* The field list of a template name: the kinds into k, their count; -1
 * with *why for a name that is neither a template nor a list of fields. */
static int template_fields(const char *name, enum fkind *k, const char **why)
{
	const char *fmt = name, *s;
	int n = 0;

	for (size_t i = 0; i < ARRAY_SIZE(templates); i++)
		if (!strcmp(name, templates[i].name))
			fmt = templates[i].fmt;
	for (s = fmt; *s;) {
		size_t len = strcspn(s, "|");
		size_t i;

		for (i = 0; i < ARRAY_SIZE(field_ids); i++)
			if (strlen(field_ids[i]) == len && !strncmp(s, field_ids[i], len))
				break;
		if (i == ARRAY_SIZE(field_ids) || n == MAX_FIELDS) {
			*why = n == MAX_FIELDS ? "a template of more than 16 fields"
					       : "a template name that is no template nor field list";
			return -1;
		}
		k[n++] = (enum fkind)i;
		s += len;
		if (*s == '|' && *++s == 0) {
			*why = "a template field list ending in '|'";
			return -1;
		}
	}
	if (!n) {
		*why = "an empty template name";
		return -1;
	}
	return n;
}

static uint32_t get32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* One record from *pp (end at end): 1, 0 at the end of the list, -1 with
 * *why.  The "ima" template's data is made in r->ima_data. */
static int next_record(const uint8_t **pp, const uint8_t *end, struct record *r, const char **why)
{
	const uint8_t *p = *pp;
	enum fkind kinds[MAX_FIELDS];
	uint32_t name_len;

	if (p == end)
		return 0;
	if ((size_t)(end - p) < 28) {
		*why = "a record cut short in its header";
		return -1;
	}
	r->pcr = get32(p);
	r->digest = p + 4;
	name_len = get32(p + 24);
	p += 28;
	if (r->pcr >= NUM_PCRS) {
		*why = "a PCR number past 23";
		return -1;
	}
	if (!name_len || name_len > TEMPLATE_NAME_MAX || name_len > (size_t)(end - p)) {
		*why = name_len ? "a template name longer than 255 bytes or than what is left"
				: "an empty template name";
		return -1;
	}
	memcpy(r->name, p, name_len);
	r->name[name_len] = 0;
	p += name_len;
	if (strlen(r->name) != name_len) {
		*why = "a template name with a NUL byte";
		return -1;
	}
	if ((r->nf = template_fields(r->name, kinds, why)) < 0)
		return -1;
	if (!strcmp(r->name, "ima")) {
		uint32_t n;

		if ((size_t)(end - p) < 24 || (n = get32(p + 20)) > NAME_MAX_IMA || n > (size_t)(end - p - 24)) {
			*why = "an \"ima\" record cut short, or its name longer than 255 bytes";
			return -1;
		}
		memset(r->ima_data, 0, sizeof(r->ima_data));
		memcpy(r->ima_data, p, 20);
		memcpy(r->ima_data + 20, p + 24, n);
		r->data = r->ima_data;
		r->len = sizeof(r->ima_data);
		r->f[0] = (struct field){ F_D, p, 20 };
		r->f[1] = (struct field){ F_N, p + 24, n };
		*pp = p + 24 + n;
		return 1;
	}
	if ((size_t)(end - p) < 4 || get32(p) > (size_t)(end - p - 4)) {
		*why = "template data longer than what is left of the list";
		return -1;
	}
	r->len = get32(p);
	r->data = p + 4;
	*pp = p + 4 + r->len;
	p = r->data;
	for (int i = 0; i < r->nf; i++) {
		uint32_t len;

		if ((size_t)(r->data + r->len - p) < 4 || (len = get32(p)) > (size_t)(r->data + r->len - p - 4)) {
			*why = "a template field longer than its template's data";
			return -1;
		}
		r->f[i] = (struct field){ kinds[i], p + 4, len };
		p += 4 + len;
	}
	if (p != r->data + r->len) {
		*why = "template data left over after its template's fields";
		return -1;
	}
	return 1;
}

static void put_hex(struct buf *b, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_printf(b, "%02x", p[i]);
}

/* A field as the kernel's ascii_runtime_measurements shows it. */
static void show_field(struct buf *b, const struct field *f)
{
	size_t n = strnlen((const char *)f->p, f->len);

	switch (f->kind) {
	case F_DNG:
	case F_DNGV2:
	case F_DMODSIG:
		/* "ALGO:" NUL DIGEST (d-ngv2: "ima:ALGO:" or "verity:ALGO:");
		 * without a NUL, the bytes */
		if (n < f->len) {
			buf_put(b, f->p, n);
			put_hex(b, f->p + n + 1, f->len - n - 1);
		} else {
			put_hex(b, f->p, f->len);
		}
		break;
	case F_N:
	case F_NNG:
	case F_XNAMES:
		buf_put(b, f->p, n);
		break;
	case F_IUID:
	case F_IGID:
	case F_IMODE:
		if (f->len == 4)
			buf_printf(b, "%u", get32(f->p));
		else if (f->len == 2)
			buf_printf(b, "%u", (unsigned)(f->p[0] | f->p[1] << 8));
		else
			put_hex(b, f->p, f->len);
		break;
	default:
		put_hex(b, f->p, f->len);
		break;
	}
}

/* ---- the ASCII list back to binary ----
 *
 * ascii_runtime_measurements shows a record as "PCR DIGEST TEMPLATE" and
 * its fields, each after one space (an empty field is nothing): d-ng and
 * d-modsig as "ALGO:HEX", d-ngv2 as "ima:ALGO:HEX", names as they are,
 * iuid and igid (4 bytes) and imode (2 bytes) in decimal, the others in
 * hex.  Made binary again, each record's SHA-1 must be the digest the line
 * shows (a violation's is zero): so a name the kernel showed changed is
 * found, never written. */
static int ascii_field(struct buf *b, enum fkind k, const char *t, size_t n, const char **why)
{
	size_t start = b->len;
	const char *colon;
	uint32_t len;

	buf_put(b, "\0\0\0\0", 4);
	switch (k) {
	case F_DNG:
	case F_DNGV2:
	case F_DMODSIG:
		if (!n)
			break;
		colon = memrchr(t, ':', n);
		if (!colon) {
			*why = "a digest field that is not ALGO:HEX";
			return -1;
		}
		buf_put(b, t, (size_t)(colon + 1 - t));
		buf_put_u8(b, 0);
		n -= (size_t)(colon + 1 - t);
		t = colon + 1;
		goto hex;
	case F_N:
	case F_XNAMES:
		buf_put(b, t, n);
		break;
	case F_NNG:
		buf_put(b, t, n);
		buf_put_u8(b, 0);
		break;
	case F_IUID:
	case F_IGID:
	case F_IMODE: {
		unsigned long v = 0;

		if (!n)
			break;
		for (size_t i = 0; i < n; i++) {
			if (!isdigit((unsigned char)t[i]) || v > 0xffffffffUL / 10) {
				*why = "a uid, gid or mode field that is not a decimal number";
				return -1;
			}
			v = v * 10 + (unsigned long)(t[i] - '0');
		}
		if (v > 0xffffffffUL || (k == F_IMODE && v > 0xffff)) {
			*why = "a uid, gid or mode field out of its range";
			return -1;
		}
		uint8_t le[4] = { (uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

		buf_put(b, le, k == F_IMODE ? 2 : 4);
		break;
	}
	default:
	hex:
		if (n % 2) {
			*why = "a hex field of an odd number of digits";
			return -1;
		}
		for (size_t i = 0; i < n; i += 2) {
			uint8_t byte;

			if (hex_decode(t + i, 2, &byte) < 0) {
				*why = "a hex field with a digit that is not hex";
				return -1;
			}
			buf_put_u8(b, byte);
		}
		break;
	}
	len = (uint32_t)(b->len - start - 4);
	memcpy(b->p + start, &len, 4);
	return 0;
}
static int is_hex(const char *t, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)t[i]))
			return 0;
	return 1;
}

/* An ASCII list (len bytes at text, which is changed) into out, the
 * binary list the kernel wrote; 0, or -1 after "NAME:LINE: why". */
static int ascii_list(const char *name, char *text, size_t len, struct buf *out)
{
	char *line = text, *end = text + len;
	const char *why = NULL;
	int n = 0;

	while (line < end) {
		char *nl = memchr(line, '\n', (size_t)(end - line)), *tok[3 + MAX_FIELDS + 1], *t;
		enum fkind kinds[MAX_FIELDS];
		uint8_t digest[20], d[20];
		unsigned long pcr;
		size_t start = out->len, data;
		int nt = 0, nf;

		n++;
		if (!nl) {
			why = "the last line has no newline (the list cut short?)";
			break;
		}
		*nl = 0;
		if (memchr(line, 0, (size_t)(nl - line))) {
			why = "a NUL byte";
			break;
		}
		/* fields after one space each; the name of "ima" may hold more,
		 * and the last token takes the rest of the line */
		for (t = line;; nt++) {
			tok[nt] = t;
			if (nt + 1 == (int)ARRAY_SIZE(tok) || !(t = strchr(t, ' ')))
				break;
			*t++ = 0;
		}
		nt++;
		if (nt < 4 || strspn(tok[0], "0123456789") != strlen(tok[0]) || strlen(tok[0]) > 2 ||
		    (pcr = strtoul(tok[0], NULL, 10)) >= NUM_PCRS || strlen(tok[1]) != 40 || !is_hex(tok[1], 40) ||
		    strlen(tok[2]) > TEMPLATE_NAME_MAX) {
			why = "not \"PCR DIGEST TEMPLATE FIELD...\" (a PCR up to 23, a 40-digit SHA-1)";
			break;
		}
		hex_decode(tok[1], 40, digest);
		if ((nf = template_fields(tok[2], kinds, &why)) < 0)
			break;
		{
			uint32_t v = (uint32_t)pcr, l = (uint32_t)strlen(tok[2]);

			buf_put(out, &v, 4);
			buf_put(out, digest, 20);
			buf_put(out, &l, 4);
			buf_put(out, tok[2], l);
		}
		if (!strcmp(tok[2], "ima")) {
			/* d and n: the name is the rest of the line */
			uint8_t padded[20 + NAME_MAX_IMA + 1] = { 0 };
			size_t nl_len;
			uint32_t l;

			if (nt < 5 || strlen(tok[3]) != 40 || !is_hex(tok[3], 40)) {
				why = "an \"ima\" record that is not \"d n\"";
				break;
			}
			for (int i = 5; i < nt; i++)
				tok[i][-1] = ' ';
			nl_len = strlen(tok[4]);
			if (nl_len > NAME_MAX_IMA) {
				why = "an \"ima\" record's name longer than 255 bytes";
				break;
			}
			hex_decode(tok[3], 40, padded);
			memcpy(padded + 20, tok[4], nl_len);
			l = (uint32_t)nl_len;
			buf_put(out, padded, 20);
			buf_put(out, &l, 4);
			buf_put(out, tok[4], nl_len);
			ima_mem_digest(ima_hash_by_name("sha1"), padded, sizeof(padded), d);
		} else {
			uint32_t l;

			if (nt - 3 != nf) {
				why = "a number of fields that is not its template's (a name with a space in it?)";
				break;
			}
			buf_put(out, "\0\0\0\0", 4);
			data = out->len;
			for (int i = 0; i < nf; i++)
				if (ascii_field(out, kinds[i], tok[3 + i], strlen(tok[3 + i]), &why) < 0)
					break;
			if (why)
				break;
			l = (uint32_t)(out->len - data);
			memcpy(out->p + data - 4, &l, 4);
			ima_mem_digest(ima_hash_by_name("sha1"), out->p + data, l, d);
		}
		if (memcmp(digest, zero20, 20) && memcmp(digest, d, 20)) {
			why = "its fields made binary are not what its digest was taken of (a name shown changed?)";
			break;
		}
		(void)start;
		line = nl + 1;
	}
	if (!why && out->err)
		why = "made binary, larger than the bound of a list";
	if (why) {
		warn("%s:%d: %s", str_esc(name, SIZE_MAX), n, why);
		return -1;
	}
	return 0;
}

/* ima_binary_list: the ASCII list made binary, to OUT (written whole) or
 * standard output. */
int ima_binary_list_run(const char *in, const char *out_path)
{
	size_t len;
	char *text = read_list(in, &len);
	struct buf b = BUF_INIT(LIST_MAX);
	int rc = 125;

	if (!text)
		return 125;
	if (ascii_list(in, text, len, &b) == 0) {
		if (!out_path) {
			xwrite_all(1, b.p, b.len, "standard output");
			rc = 0;
		} else {
			char *o = root_file(out_path, 0);

			/* a file the user names, live: /dev/stdout or a
			 * FIFO is written to; in an image, always a file */
			if (!o || (root_dir() ? write_file_atomic : write_file_out)(o, b.p, b.len, 0644) < 0)
				warn_errno("%s", str_esc(out_path, SIZE_MAX));
			else
				rc = 0;
			free(o);
		}
	}
	buf_free(&b);
	free(text);
	return rc;
}

/* A bank: a hash and the PCRs replayed with it, and those read. */
struct bank {
	const struct ima_hash *h;
	uint8_t pcr[NUM_PCRS][IMA_MAX_DIGEST];	/* replayed with the bank's hash */
	uint8_t padded[NUM_PCRS][IMA_MAX_DIGEST];	/* replayed with SHA-1 padded */
	uint8_t tpm[NUM_PCRS][IMA_MAX_DIGEST];
	uint32_t have;		/* the PCRs read: a bit each */
	int matched, padded_matched;	/* 0, or the record number it matched at */
	/* --eventlog: the PCRs it extends, those it gave (not read
	 * elsewhere), those that are not what was read, and its values */
	uint32_t log_used, from_log, log_bad;
	uint8_t logpcr[NUM_PCRS][IMA_MAX_DIGEST];
};

/* A list (binary, or ASCII made binary: an ASCII list starts with a PCR's
 * digits, a binary one with a PCR number's low byte, 0 to 23), whole;
 * NULL after saying why. */
static uint8_t *load_list(const char *path, size_t *lenp)
{
	uint8_t *list = (uint8_t *)read_list(path, lenp);
	struct buf b = BUF_INIT(LIST_MAX);

	if (!list || !*lenp || !isdigit(list[0]))
		return list;
	if (ascii_list(path, (char *)list, *lenp, &b) < 0) {
		buf_free(&b);
		free(list);
		return NULL;
	}
	free(list);
	*lenp = b.len;
	return b.p;
}

/* A record's hashes of its data: SHA-1 (its template digest, if right)
 * and each bank's (its extend). */
static void hash_record(struct record *r, const struct bank *banks, int nb)
{
	ima_mem_digest(ima_hash_by_name("sha1"), r->data, r->len, r->sha1);
	for (int i = 0; i < nb; i++)
		if (banks[i].h->size == 20 && !strcmp(banks[i].h->name, "sha1"))
			memcpy(r->bd[i], r->sha1, 20);
		else
			ima_mem_digest(banks[i].h, r->data, r->len, r->bd[i]);
}

/* A record's extend in every bank (its hashes made by hash_record), as
 * the kernel's, and as the SHA-1 digest zero-padded: a violation (a zero digest) as all 0xff, or as
 * zeros unless ignore_violations, so that a list with violations fails. */
static void replay(struct bank *banks, int nb, const struct record *r, int ignore_violations)
{

	for (int i = 0; i < nb; i++) {
		struct bank *b = &banks[i];
		uint8_t d[IMA_MAX_DIGEST] = { 0 }, pd[IMA_MAX_DIGEST] = { 0 };

		if (!memcmp(r->digest, zero20, 20)) {
			memset(d, ignore_violations ? 0xff : 0, b->h->size);
			memset(pd, ignore_violations ? 0xff : 0, 20);
		} else {
			memcpy(d, r->bd[i], b->h->size);
			memcpy(pd, r->digest, 20);
		}
		ima_pcr_extend(b->h, b->pcr[r->pcr], d);
		ima_pcr_extend(b->h, b->padded[r->pcr], pd);
	}
}

/* A --pcrs file: "PCR-NN HEX" lines, NN from 00 to 23, HEX the bank's
 * digest, or the lines of a TPM 1.2 sysfs "pcrs" file ("PCR-NN: " and the
 * digest's bytes in hex, each followed by a space); blank lines and
 * nothing else.  0, or -1 after FILE:LINE: why. */
static int read_pcrs(const char *path, struct bank *b)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	char *text, *line, *next;
	struct stat st;
	int n = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		warn("%s: not a regular file", str_esc(path, SIZE_MAX));
		return -1;
	}
	text = xread_text_fd(fd, path, 64 << 10, NULL);
	close(fd);
	for (line = text; line && *line; line = next) {
		char *e = strchr(line, '\n');
		unsigned pcr;
		int used;

		next = e ? e + 1 : NULL;
		if (e)
			*e = 0;
		n++;
		if (e && e > line && e[-1] == '\r')
			e[-1] = 0;
		if (!*line)
			continue;
		/* a TPM 1.2 "pcrs" file's line: "PCR-NN: 3A 3F ..." */
		if (!strncmp(line, "PCR-", 4) && line[4] && line[5] && line[6] == ':') {
			char *w = line + 6;

			*w++ = ' ';
			for (char *r = w; *r; r++)
				if (*r != ' ')
					*w++ = *r;
			*w = 0;
		}
		if (sscanf(line, "PCR-%2u %n", &pcr, &used) != 1 || !isdigit((unsigned char)line[4]) ||
		    !isdigit((unsigned char)line[5]) || line[6] != ' ' || pcr >= NUM_PCRS ||
		    strlen(line + used) != 2 * (size_t)b->h->size ||
		    hex_decode(line + used, 2 * (size_t)b->h->size, b->tpm[pcr]) < 0) {
			warn("%s:%d: not \"PCR-NN HEX\" (or a TPM 1.2 pcrs file's \"PCR-NN: XX XX ...\") with "
			     "NN 00 to 23 and a %s digest in hex", str_esc(path, SIZE_MAX), n, b->h->name);
			free(text);
			return -1;
		}
		b->have |= 1u << pcr;
	}
	free(text);
	return 0;
}

/* The running kernel's TPM 2.0 PCRs of a bank (/sys/class/tpm/tpm0/pcr-ALG/N,
 * 5.12 and later): 0 when all 24 were read, -1 when the bank is not there. */
static int read_sysfs_pcrs(struct bank *b)
{
	for (int i = 0; i < NUM_PCRS; i++) {
		char path[80], hex[2 * IMA_MAX_DIGEST + 2];
		ssize_t n;
		int fd;

		snprintf(path, sizeof(path), "/sys/class/tpm/tpm0/pcr-%s/%d", b->h->name, i);
		if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
			return -1;
		n = read(fd, hex, sizeof(hex));
		close(fd);
		if (n != 2 * b->h->size + 1 || hex_decode(hex, 2 * (size_t)b->h->size, b->tpm[i]) < 0)
			return -1;
		b->have |= 1u << i;
	}
	return 0;
}

int ima_bank_replayed(const char *name)
{
	return !strcmp(name, "sha1") || !strcmp(name, "sha256") || !strcmp(name, "sha384") || !strcmp(name, "sha512");
}

static unsigned long log_events;	/* of the --eventlog read */

/* --eventlog: its replay into the banks (n of them so far, those of
 * --pcrs; without any, each bank of the log of a hash imasign replays is
 * made from the log): PCRs 0-9 and
 * any other it extends; one not given takes the log's value, one given
 * is compared with it.  The bank count, or -1 after saying why. */
static int merge_log(const char *path, struct bank *banks, int n)
{
	struct evlog *log = xmalloc(sizeof(*log));
	int add = !n;

	if (evlog_read(path, log) < 0) {
		free(log);
		return -1;
	}
	log_events = log->events;
	for (int k = 0; k < log->nbanks; k++) {
		const struct evlog_bank *lb = &log->bank[k];
		struct bank *b = NULL;

		if (!lb->h || !ima_bank_replayed(lb->h->name))
			continue;
		for (int j = 0; j < n; j++)
			if (banks[j].h == lb->h)
				b = &banks[j];
		if (!b && !add)
			continue;
		if (!b) {
			b = &banks[n++];
			memset(b, 0, sizeof(*b));
			b->h = lb->h;
		}
		b->log_used = lb->used;
		for (int i = 0; i < NUM_PCRS; i++) {
			if (!(b->log_used >> i & 1))
				continue;
			memcpy(b->logpcr[i], lb->pcr[i], b->h->size);
			if (b->have >> i & 1) {
				if (memcmp(b->tpm[i], lb->pcr[i], b->h->size))
					b->log_bad |= 1u << i;
			} else {
				memcpy(b->tpm[i], lb->pcr[i], b->h->size);
				b->have |= 1u << i;
				b->from_log |= 1u << i;
			}
		}
	}
	free(log);
	return n;
}

/* The banks: those of --pcrs files (ALGO,FILE; FILE alone: sha1; host
 * paths, like the keys: the PCRs are the verifier's, not the image's),
 * and of an --eventlog (merge_log), else the TPM's sysfs PCRs of sha1 and
 * sha256 -- on the live system only: under --root the TPM of the machine
 * we run on says nothing of the image.  The count, or -1 after saying
 * why. */
static int load_banks(const struct imalist_opts *o, struct bank *banks)
{
	int n = 0;

	for (int i = 0; i < o->npcrs; i++) {
		const char *comma = strchr(o->pcrs[i], ','), *path = comma ? comma + 1 : o->pcrs[i];
		char *alg = comma ? xstrndup(o->pcrs[i], (size_t)(comma - o->pcrs[i])) : xstrdup("sha1");
		const struct ima_hash *h = ima_hash_by_name(alg);
		int j;

		if (!h || !ima_bank_replayed(alg)) {
			warn("--pcrs %s: not a bank of PCRs this imasign replays (sha1, sha256, sha384, "
			     "sha512)", str_esc(alg, SHOWN_MAX));
			free(alg);
			return -1;
		}
		free(alg);
		for (j = 0; j < n && banks[j].h != h; j++)
			;
		if (j == n) {
			memset(&banks[n], 0, sizeof(banks[n]));
			banks[n++].h = h;
		}
		if (read_pcrs(path, &banks[j]) < 0)
			return -1;
	}
	if (o->eventlog)
		return merge_log(o->eventlog, banks, n);
	if (o->npcrs)
		return n;
	if (root_dir()) {
		warn("%s", "no PCRs: under --root give them with --pcrs ALGO,FILE (this machine's TPM is "
		     "not the image's)");
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		memset(&banks[n], 0, sizeof(banks[n]));
		banks[n].h = ima_hash_by_name(i ? "sha256" : "sha1");
		if (read_sysfs_pcrs(&banks[n]) == 0)
			n++;
	}
	/* a TPM 1.2 shows its (SHA-1) PCRs in one file */
	if (!n && !access(TPM12_PCRS, R_OK)) {
		memset(&banks[n], 0, sizeof(banks[n]));
		banks[n].h = ima_hash_by_name("sha1");
		if (read_pcrs(TPM12_PCRS, &banks[n]) < 0)
			return -1;
		n++;
	}
	return n;
}

/* A bank's PCRs that the list extended, replayed this far, all equal to
 * the TPM's (those the list never extended are not looked at; one not
 * read is zero, which no replay gives). */
static int bank_matches(const struct bank *b, uint8_t (*pcr)[IMA_MAX_DIGEST], uint32_t used)
{
	if (!used)
		return 0;
	for (int i = 0; i < NUM_PCRS; i++)
		if ((used >> i & 1) && memcmp(pcr[i], b->tpm[i], b->h->size))
			return 0;
	return 1;
}

/* After a record: each bank's replay, and its SHA-1-padded one, matched
 * at this record if not before (a bank with matched < 0 is not looked at). */
static void note_matches(struct bank *banks, int nb, uint32_t used, unsigned long num)
{
	for (int i = 0; i < nb; i++) {
		struct bank *b = &banks[i];

		if (!b->matched && bank_matches(b, b->pcr, used))
			b->matched = (int)num;
		if (!b->padded_matched && bank_matches(b, b->padded, used))
			b->padded_matched = (int)num;
	}
}

/* A record's template digest (not a violation's) that is not the SHA-1 of
 * its data: 1, the SHA-1 in d; else 0. */
static int digest_wrong(const struct record *r, uint8_t d[20])
{
	if (!memcmp(r->digest, zero20, 20))
		return 0;
	memcpy(d, r->sha1, 20);
	return memcmp(d, r->digest, 20) != 0;
}

/* The list and the banks it is replayed in: the bank count, or -1 after
 * saying why (nothing left allocated). */
static int open_list(const char *path, const struct imalist_opts *o, uint8_t **list, size_t *len,
		     struct bank *banks)
{
	int nb;

	if (!(*list = load_list(path, len)))
		return -1;
	if ((nb = load_banks(o, banks)) < 0) {
		free(*list);
		*list = NULL;
	}
	return nb;
}

/* A record's signature (its sig field, when not empty), to be checked
 * with the certificates over the file digest of its d-ng or d-ngv2
 * field, as the kernel appraised it (an fs-verity one over the hash of
 * IMA's file id): 0 none, 2 ready (in p), -1 not a signature of this
 * record (why in why).  The file name goes into file (NAME_MAX_IMA + 1
 * bytes). */
struct sigprep {
	struct sigv2 s;
	const uint8_t *digest;		/* the record's, or id */
	uint8_t id[IMA_MAX_DIGEST];
};

static int sig_prep(const struct record *r, struct sigprep *p, char *file, char *why, size_t wsz)
{
	const struct field *sig = NULL, *dig = NULL, *name = NULL;
	const char *bad, *algo_end;
	size_t n;
	int verity;

	for (int i = 0; i < r->nf; i++) {
		if (r->f[i].kind == F_SIG)
			sig = &r->f[i];
		else if (r->f[i].kind == F_DNG || r->f[i].kind == F_DNGV2)
			dig = &r->f[i];
		else if (r->f[i].kind == F_NNG)
			name = &r->f[i];
	}
	n = name ? strnlen((const char *)name->p, name->len) : 0;
	if (n > NAME_MAX_IMA)
		n = NAME_MAX_IMA;
	memcpy(file, name ? (const char *)name->p : "", n);
	file[n] = 0;
	if (!sig || !sig->len)
		return 0;
	if ((bad = sigv2_parse(sig->p, sig->len, &p->s))) {
		snprintf(why, wsz, "%s", bad);
		return -1;
	}
	/* the digest: after "ALGO:" (d-ngv2: "ima:ALGO:") and its NUL */
	n = dig ? strnlen((const char *)dig->p, dig->len) : 0;
	algo_end = dig && n < dig->len ? (const char *)dig->p + n : NULL;
	if (!algo_end || dig->len - n - 1 != p->s.hash->size || n < strlen(p->s.hash->name) + 1 ||
	    strncmp(algo_end - strlen(p->s.hash->name) - 1, p->s.hash->name, strlen(p->s.hash->name))) {
		snprintf(why, wsz, "the signature's hash (%s) is not the file digest's", p->s.hash->name);
		return -1;
	}
	/* d-ngv2's "verity:ALGO:" is an fs-verity digest: signed (sigv3) as
	 * the hash of IMA's file id, and by a type 06 signature only */
	verity = dig->kind == F_DNGV2 && n >= 7 && !memcmp(dig->p, "verity:", 7);
	if (verity != (p->s.type == IMA_VERITY_DIGSIG)) {
		snprintf(why, wsz, verity ? "a type %02x signature over an fs-verity digest"
				   : "an fs-verity signature (type %02x) over a digest of file data", p->s.type);
		return -1;
	}
	if (verity && ima_file_id_hash(IMA_VERITY_DIGSIG, p->s.hash, dig->p + n + 1, p->id)) {
		snprintf(why, wsz, "no implementation of %s here", p->s.hash->name);
		return -1;
	}
	p->digest = verity ? p->id : dig->p + n + 1;
	return 2;
}

/* verifier_check's v for a prepared signature: 1 verified, -1 not (why). */
static int sig_done(int v, const struct sigv2 *s, char *why, size_t wsz)
{
	if (!v)
		return 1;
	if (v < 0)
		snprintf(why, wsz, "no key with key id %08x", s->keyid);
	else
		snprintf(why, wsz, "bad signature (key id %08x, %s)", s->keyid, s->hash->name);
	return -1;
}

/* The records of a list, read a window at a time; each window's records
 * are hashed (hash_record) and, with keys, their signatures checked by
 * `jobs` threads first (an RSA verify costs more than all else done with
 * a record), then handed out one by one, each with its result, so that
 * the replay and what is said stay in the list's order.  Two windows: the
 * threads work on the next while the caller replays this one.  A window
 * goes to the pool in as many chunks as the pool holds (4 a thread), so
 * that submitting the next one hands all of this one back. */
#define WINDOW 1024

struct sigres {
	int v;				/* 0 none, 1 verified, -1 not (why) */
	char file[NAME_MAX_IMA + 1], why[128];
};

struct win {
	struct record *rec;		/* WINDOW of them */
	struct sigres *res;		/* with keys */
	int n;				/* records in it */
	int chunks, back;		/* given to the pool, handed back */
};

struct reader {
	const uint8_t *p, *end;
	struct verifier *keys;
	const struct bank *banks;
	int nb;
	struct pool *pool;
	int chunk;			/* records a pool item */
	struct win win[2];
	int cur, i;			/* win[cur] is being read, from rec[i] */
	int stop;			/* next_record's 0 or -1, once met */
	const char *why;
	unsigned long num;		/* the last record read's number */
	struct record last;		/* where it stopped: num only */
};

struct sigchunk {
	struct reader *rd;
	struct win *w;
	int from, to;
};

/* A chunk's records hashed; their signatures prepared, then checked at
 * once (verifier_check_batch: several RSA ones at a time). */
static void sigchunk_work(void *item, void *ctx)
{
	struct sigchunk *c = item;
	struct reader *rd = c->rd;
	struct win *w = c->w;
	int size = c->to - c->from;
	struct sigprep *prep = xmalloc((size_t)size * sizeof(*prep));
	struct sigv2 *sv = xmalloc((size_t)size * sizeof(*sv));
	const uint8_t **dg = xmalloc((size_t)size * sizeof(*dg));
	const char **fl = xmalloc((size_t)size * sizeof(*fl));
	int *res = xmalloc((size_t)size * sizeof(*res)), *idx = xmalloc((size_t)size * sizeof(*idx));
	size_t n = 0;

	(void)ctx;
	for (int i = c->from; i < c->to; i++) {
		hash_record(&w->rec[i], rd->banks, rd->nb);
		if (rd->keys) {
			struct sigres *s = &w->res[i];
			struct sigprep *p = &prep[i - c->from];

			if ((s->v = sig_prep(&w->rec[i], p, s->file, s->why, sizeof(s->why))) == 2) {
				idx[n] = i;
				sv[n] = p->s;
				dg[n] = p->digest;
				fl[n++] = s->file;
			}
		}
	}
	if (n)
		verifier_check_batch(rd->keys, n, sv, dg, fl, res);
	for (size_t k = 0; k < n; k++) {
		struct sigres *s = &w->res[idx[k]];

		s->v = sig_done(res[k], &sv[k], s->why, sizeof(s->why));
	}
	free(prep);
	free(sv);
	free(dg);
	free(fl);
	free(res);
	free(idx);
}

static void sigchunk_done(void *item, void *ctx)
{
	struct sigchunk *c = item;

	(void)ctx;
	c->w->back++;
	free(item);
}

/* The next window of the list into w, given to the pool. */
static void fill(struct reader *rd, struct win *w)
{
	w->n = w->chunks = w->back = 0;
	while (rd->stop > 0 && w->n < WINDOW) {
		struct record *x = &w->rec[w->n];

		x->num = ++rd->num;
		if ((rd->stop = next_record(&rd->p, rd->end, x, &rd->why)) <= 0)
			break;
		w->n++;
	}
	for (int i = 0; i < w->n; i += rd->chunk) {
		struct sigchunk *c = xmalloc(sizeof(*c));

		*c = (struct sigchunk){ rd, w, i, i + rd->chunk < w->n ? i + rd->chunk : w->n };
		w->chunks++;
		pool_submit(rd->pool, c);
	}
	if (w->n < WINDOW)	/* the last: nothing comes to push it out */
		pool_flush(rd->pool);
}

static void reader_init(struct reader *rd, const uint8_t *list, size_t len, const struct bank *banks, int nb,
			const struct imalist_opts *o)
{
	int jobs = o->jobs < 1 ? 1 : o->jobs > POOL_MAX_JOBS ? POOL_MAX_JOBS : o->jobs;

	memset(rd, 0, sizeof(*rd));
	rd->banks = banks;
	rd->nb = nb;
	rd->p = list;
	rd->end = list + len;
	rd->keys = o->keys;
	rd->stop = 1;			/* not met yet */
	rd->chunk = WINDOW / (4 * jobs) ? WINDOW / (4 * jobs) : 1;
	rd->pool = pool_new(jobs, sigchunk_work, sigchunk_done, NULL);
	for (int k = 0; k < 2; k++) {
		rd->win[k].rec = xmalloc(WINDOW * sizeof(*rd->win[k].rec));
		if (rd->keys)
			rd->win[k].res = xmalloc(WINDOW * sizeof(*rd->win[k].res));
	}
	fill(rd, &rd->win[0]);
	fill(rd, &rd->win[1]);
	if (rd->win[0].back != rd->win[0].chunks)
		pool_flush(rd->pool);
}

static void reader_free(struct reader *rd)
{
	pool_finish(rd->pool);
	for (int k = 0; k < 2; k++) {
		free(rd->win[k].rec);
		free(rd->win[k].res);
	}
}

/* The next record in *r (the window's, valid until the next call; its
 * signature's result in *res with keys): 1; else next_record's 0 or -1
 * (*why), (*r)->num the number it stopped at. */
static int reader_next(struct reader *rd, const struct record **r, const struct sigres **res, const char **why)
{
	struct win *w = &rd->win[rd->cur];

	if (rd->i == w->n) {
		/* this one is read: it takes the one after next, which hands
		 * the next one back whole */
		if (w->n)
			fill(rd, w);
		rd->cur = !rd->cur;
		rd->i = 0;
		w = &rd->win[rd->cur];
		if (w->back != w->chunks)
			pool_flush(rd->pool);
		if (!w->n) {
			rd->last.num = rd->num;
			*r = &rd->last;
			*why = rd->why;
			return rd->stop;
		}
	}
	*r = &w->rec[rd->i];
	*res = rd->keys ? &w->res[rd->i] : NULL;
	rd->i++;
	return 1;
}

/* --verify-sig in ima_measurement: 1 when the record's signature did not
 * verify (said), else 0. */
static int check_sig(const struct sigres *s)
{
	if (s->v >= 0)
		return 0;
	warn("%s: verification failed: %s", str_esc(s->file, SIZE_MAX), s->why);
	return 1;
}

static void log_hex(const char *prefix, const uint8_t *p, size_t n)
{
	struct buf b = BUF_INIT(0);

	for (size_t i = 0; i < n; i++)
		buf_printf(&b, "%02x", p[i]);
	buf_put_u8(&b, 0);
	log_info("%s%s\n", prefix, (char *)b.p);
	buf_free(&b);
}

int ima_measurement_run(const char *path, const struct imalist_opts *o)
{
	struct bank *banks = xzalloc(MAX_BANKS * sizeof(*banks));
	struct reader rd;
	const struct record *r = NULL;
	const char *why = NULL;
	size_t len;
	uint8_t *list;
	uint32_t used = 0;
	int nb, rc, bad_digest = 0, done = 0, bad_sigs = 0;

	if ((nb = open_list(path, o, &list, &len, banks)) < 0) {
		free(banks);
		return 125;
	}
	for (int i = 0; i < nb; i++)
		if (o->verify_bank && strcmp(banks[i].h->name, o->verify_bank))
			banks[i].matched = banks[i].padded_matched = -1;	/* not looked at */
	reader_init(&rd, list, len, banks, nb, o);
	for (;;) {
		const struct sigres *sr;
		uint8_t d[20];

		if (reader_next(&rd, &r, &sr, &why) <= 0)
			break;
		used |= 1u << r->pcr;
		/* the template digest (SHA-1) the kernel wrote */
		if (digest_wrong(r, d)) {
			log_info("%s: entry %lu: the template digest is not the SHA-1 of its data\n", path, r->num);
			bad_digest = 1;
		}
		replay(banks, nb, r, o->ignore_violations);
		if (o->verbose) {
			struct buf s = BUF_INIT(0);

			buf_printf(&s, "%u ", r->pcr);
			for (int i = 0; i < 20; i++)
				buf_printf(&s, "%02x", r->digest[i]);
			buf_printf(&s, " %s", r->name);
			for (int i = 0; i < r->nf; i++) {
				buf_put_u8(&s, ' ');
				show_field(&s, &r->f[i]);
			}
			buf_put_u8(&s, 0);
			log_info("%s\n", (char *)s.p);
			buf_free(&s);
		}
		if (sr)
			bad_sigs += check_sig(sr);
		/* the list may go on past the PCRs read: compare after each */
		note_matches(banks, nb, used, r->num);
		done = 1;
		for (int i = 0; i < nb; i++)
			if (!banks[i].matched)
				done = 0;
		if (done && nb)
			break;
	}
	if (why) {
		warn("%s: entry %lu: %s", str_esc(path, SIZE_MAX), r->num, why);
		reader_free(&rd);
		free(list);
		free(banks);
		return 125;
	}
	rc = 1;
	if (!nb) {
		log_info("Failed to read any TPM PCRs\n");
	} else {
		int all = 1, all_padded = 1;

		for (int i = 0; i < nb; i++) {
			struct bank *b = &banks[i];

			if (b->matched < 0)
				continue;
			if (b->matched <= 0)
				all = 0;
			if (b->matched <= 0 && b->padded_matched <= 0)
				all_padded = 0;
			if (o->verbose)
				for (int j = 0; j < NUM_PCRS; j++) {
					char prefix[64];

					if (!(used >> j & 1))
						continue;
					snprintf(prefix, sizeof(prefix), "%s: PCRAgg  %d: ", b->h->name, j);
					log_hex(prefix, b->matched > 0 || b->padded_matched <= 0 ? b->pcr[j] : b->padded[j],
						b->h->size);
					snprintf(prefix, sizeof(prefix), "%s: TPM PCR-%d: ", b->h->name, j);
					log_hex(prefix, b->tpm[j], b->h->size);
					if (b->matched > 0 || b->padded_matched > 0)
						log_info("%s PCR-%d: succeed at entry %d\n", b->h->name, j,
							 b->matched > 0 ? b->matched : b->padded_matched);
					else
						log_info("%s: PCRAgg %d does not match TPM PCR-%d\n", b->h->name, j, j);
				}
		}
		if (all) {
			log_info("Matched per TPM bank calculated digest(s).\n");
			rc = 0;
		} else if (all_padded) {
			log_info("Matched SHA1 padded TPM digest(s).\n");
			rc = 0;
		} else {
			log_info("Failed to match per TPM bank or SHA1 padded TPM digest(s).\n");
		}
	}
	if (bad_digest) {
		log_info("Failed to verify template data digest.\n");
		rc = 1;
	}
	if (bad_sigs) {
		log_info("%s: %d signature%s of the list did not verify\n", path, bad_sigs, bad_sigs == 1 ? "" : "s");
		rc = 1;
	}
	reader_free(&rd);
	free(list);
	free(banks);
	return rc;
}

int ima_boot_aggregate_run(const struct imalist_opts *o)
{
	struct bank *banks = xzalloc(MAX_BANKS * sizeof(*banks));
	int nb = load_banks(o, banks);

	if (nb <= 0) {
		if (!nb)
			warn("%s", "no PCRs: give --pcrs ALGO,FILE, or run where /sys/class/tpm/tpm0 has them");
		free(banks);
		return 125;
	}
	for (int i = 0; i < nb; i++) {
		struct bank *b = &banks[i];
		/* the kernel's ima_calc_boot_aggregate: PCRs 0-7 for SHA-1,
		 * 0-9 for the other banks (5.8 and later) */
		int npcr = strcmp(b->h->name, "sha1") ? 10 : 8;
		uint8_t in[10 * IMA_MAX_DIGEST], d[IMA_MAX_DIGEST];
		char hex[2 * IMA_MAX_DIGEST + 1];

		if ((b->have & ((1u << npcr) - 1)) != (1u << npcr) - 1) {
			warn("%s PCRs: PCR-00 to PCR-%02d are needed", b->h->name, npcr - 1);
			free(banks);
			return 125;
		}
		for (int j = 0; j < npcr; j++)
			memcpy(in + (size_t)j * b->h->size, b->tpm[j], b->h->size);
		ima_mem_digest(b->h, in, (size_t)npcr * b->h->size, d);
		for (int j = 0; j < b->h->size; j++)
			snprintf(hex + 2 * j, 3, "%02x", d[j]);
		printf("%s:%s\n", b->h->name, hex);
	}
	free(banks);
	return 0;
}

/* ---- attest: everything a verifier checks, in one run, explained ----
 *
 * Every record parsed and its template digest checked; the boot aggregate
 * (the first record, boot_aggregate) against the PCRs of its bank; the
 * replay of every PCR the list extends, in every bank read, against the
 * TPM (after each record: the list may run past the PCRs read); with -k
 * every signature.  Each check says ok or why not in words (which entry,
 * which PCR, what was expected, what was found); exit 1 when any fails,
 * a bad signature included.  --json: the same as one object. */
struct finding {
	struct buf text;	/* "ok: ..." / "FAIL: ..." lines */
	struct buf json;	/* the JSON members after "checks": [ */
	int failed, n;
};

PRINTF(3, 4) static void found(struct finding *f, int ok, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	buf_printf(&f->text, "%s: %s\n", ok ? "ok" : "FAIL", s);
	if (!ok)
		f->failed++;
	free(s);
}

static void hexs(char *out, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		snprintf(out + 2 * i, 3, "%02x", p[i]);
}

static void json_str(struct buf *b, const char *s)
{
	buf_put_u8(b, '"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			buf_printf(b, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			buf_printf(b, "\\u%04x", c);
		else
			buf_put_u8(b, c);
	}
	buf_put_u8(b, '"');
}

static void json_check(struct finding *f, const char *kind, int ok, const char *detail)
{
	buf_printf(&f->json, "%s\n    {\"check\": ", f->n++ ? "," : "");
	json_str(&f->json, kind);
	buf_printf(&f->json, ", \"ok\": %s, \"detail\": ", ok ? "true" : "false");
	json_str(&f->json, detail);
	buf_put_u8(&f->json, '}');
}

PRINTF(4, 5) static void check(struct finding *f, const char *kind, int ok, const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		die("out of memory");
	va_end(ap);
	found(f, ok, "%s", s);
	json_check(f, kind, ok, s);
	free(s);
}

/* "0-7", "0-7,14": a set of PCRs. */
static void pcr_set(char *out, size_t sz, uint32_t m)
{
	size_t n = 0;

	out[0] = 0;
	for (int i = 0; i < NUM_PCRS && n < sz; i++) {
		int j = i;

		if (!(m >> i & 1))
			continue;
		while (j + 1 < NUM_PCRS && (m >> (j + 1) & 1))
			j++;
		n += (size_t)snprintf(out + n, sz - n, j > i ? "%s%d-%d" : "%s%d", n ? "," : "", i, j);
		i = j;
	}
}

/* attest --eventlog: per bank, the log's replay against the PCRs given,
 * or said to be the log's own, checked by nothing. */
static void log_checks(struct finding *f, const struct bank *banks, int nb)
{
	for (int i = 0; i < nb; i++) {
		const struct bank *b = &banks[i];
		char set[80];

		if (!b->log_used)
			continue;
		for (int j = 0; j < NUM_PCRS; j++)
			if (b->log_bad >> j & 1) {
				char hl[2 * IMA_MAX_DIGEST + 1], ht[2 * IMA_MAX_DIGEST + 1];

				hexs(hl, b->logpcr[j], b->h->size);
				hexs(ht, b->tpm[j], b->h->size);
				check(f, "event-log", 0, "%s PCR-%02d: the event log's %lu events replay to %s; the PCRs "
				      "given hold %s", b->h->name, j, log_events, hl, ht);
			}
		if (b->log_bad)
			continue;
		if (b->log_used & ~b->from_log) {
			pcr_set(set, sizeof(set), b->log_used & ~b->from_log);
			check(f, "event-log", 1, "%s PCRs %s: the event log's %lu events replay to the PCRs given",
			      b->h->name, set, log_events);
		}
		if (b->from_log) {
			pcr_set(set, sizeof(set), b->from_log);
			check(f, "event-log", 1, "%s PCRs %s: taken from the event log (%lu events), not checked "
			      "against a TPM's", b->h->name, set, log_events);
		}
	}
}

int ima_attest_run(const char *path, const struct imalist_opts *o, int json)
{
	struct bank *banks = xzalloc(MAX_BANKS * sizeof(*banks));
	struct finding f = { BUF_INIT(0), BUF_INIT(0), 0, 0 };
	struct reader rd;
	const struct record *r = NULL;
	const char *why = NULL;
	size_t len;
	uint8_t *list;
	uint32_t used = 0;
	unsigned long entries = 0, violations = 0, bad_digests = 0, sigs = 0, bad_sigs = 0;
	int nb, boot_seen = 0;

	if ((nb = open_list(path, o, &list, &len, banks)) < 0) {
		free(banks);
		return 125;
	}
	reader_init(&rd, list, len, banks, nb, o);
	for (;;) {
		const struct sigres *sr;
		uint8_t d[20];

		if (reader_next(&rd, &r, &sr, &why) <= 0)
			break;
		entries++;
		used |= 1u << r->pcr;
		if (!memcmp(r->digest, zero20, 20)) {
			violations++;
		} else if (digest_wrong(r, d)) {
			char a[41], b[41];

			hexs(a, r->digest, 20);
			hexs(b, d, 20);
			check(&f, "template-digest", 0, "entry %lu (%s): the template digest is %s, its data's SHA-1 is %s",
			      r->num, r->name, a, b);
			bad_digests++;
		}
		/* the boot aggregate: the first record of that name */
		if (!boot_seen && r->nf >= 2 && (r->f[1].kind == F_NNG || r->f[1].kind == F_N) &&
		    r->f[1].len >= 14 && !memcmp(r->f[1].p, "boot_aggregate", 14)) {
			const struct field *dg = &r->f[0];
			size_t n = strnlen((const char *)dg->p, dg->len);
			const struct ima_hash *h = NULL;
			const char *alg;

			boot_seen = 1;
			if (dg->kind == F_D) {
				h = ima_hash_by_name("sha1");
				n = (size_t)-1;
			} else if (n < dg->len && n >= 2) {
				/* "ALGO:" or "ima:ALGO:" */
				char tmp[32];
				size_t k = n - 1;

				while (k > 0 && dg->p[k - 1] != ':')
					k--;
				if (n - 1 - k < sizeof(tmp)) {
					memcpy(tmp, dg->p + k, n - 1 - k);
					tmp[n - 1 - k] = 0;
					h = ima_hash_by_name(tmp);
				}
			}
			alg = h ? h->name : "an unknown hash";
			/* a "d" field is the whole digest: 20 bytes in a list the
			 * kernel wrote, else not one (never read past) */
			if (!h || (n == (size_t)-1 ? dg->len : dg->len - n - 1) != h->size) {
				check(&f, "boot-aggregate", 0, "entry %lu: the boot aggregate's digest is not ALGO:HEX of %s",
				      r->num, alg);
			} else {
				const uint8_t *got = n == (size_t)-1 ? dg->p : dg->p + n + 1;
				struct bank *b = NULL;
				char hg[2 * IMA_MAX_DIGEST + 1], hw[2 * IMA_MAX_DIGEST + 1];

				for (int i = 0; i < nb; i++)
					if (banks[i].h == h)
						b = &banks[i];
				hexs(hg, got, h->size);
				if (!memcmp(got, zero20, h->size < 20 ? h->size : 20) && !got[h->size - 1]) {
					check(&f, "boot-aggregate", 0,
					      "entry %lu: the boot aggregate is zero: the kernel found no TPM at boot",
					      r->num);
				} else if (!b) {
					check(&f, "boot-aggregate", 0,
					      "entry %lu: the boot aggregate is %s, and no %s PCRs were given to check it",
					      r->num, h->name, h->name);
				} else {
					int npcr = strcmp(h->name, "sha1") ? 10 : 8;
					uint8_t in[10 * IMA_MAX_DIGEST], want[IMA_MAX_DIGEST];

					for (int j = 0; j < npcr; j++)
						memcpy(in + (size_t)j * h->size, b->tpm[j], h->size);
					ima_mem_digest(h, in, (size_t)npcr * h->size, want);
					hexs(hw, want, h->size);
					if ((b->have & ((1u << npcr) - 1)) != (1u << npcr) - 1)
						check(&f, "boot-aggregate", 0,
						      "entry %lu: %s PCR-00 to PCR-%02d are needed to check the boot "
						      "aggregate", r->num, h->name, npcr - 1);
					else
						check(&f, "boot-aggregate", !memcmp(got, want, h->size),
						      "entry %lu: the boot aggregate is %s:%s; PCRs 0-%d give %s", r->num,
						      h->name, hg, npcr - 1, hw);
				}
			}
		}
		replay(banks, nb, r, o->ignore_violations);
		note_matches(banks, nb, used, r->num);
		if (sr) {
			if (sr->v)
				sigs++;
			if (sr->v < 0) {
				bad_sigs++;
				check(&f, "signature", 0, "entry %lu (%s): %s", r->num, sr->file, sr->why);
			}
		}
	}
	if (why) {
		warn("%s: entry %lu: %s", str_esc(path, SIZE_MAX), r->num, why);
		reader_free(&rd);
		free(list);
		free(banks);
		buf_free(&f.text);
		buf_free(&f.json);
		return 125;
	}
	check(&f, "template-digests", !bad_digests, "%lu entries, %lu violations, %lu template digests wrong",
	      entries, violations, bad_digests);
	if (!boot_seen)
		check(&f, "boot-aggregate", 0, "no boot_aggregate record: the list does not start at boot");
	if (!nb)
		check(&f, "pcrs", 0, "no PCRs to replay against: give --pcrs ALGO,FILE, or run where the TPM's are "
		      "in /sys/class/tpm/tpm0");
	for (int i = 0; i < nb; i++) {
		struct bank *b = &banks[i];

		if (o->verify_bank && strcmp(b->h->name, o->verify_bank))
			continue;
		for (int j = 0; j < NUM_PCRS; j++) {
			char hr[2 * IMA_MAX_DIGEST + 1], ht[2 * IMA_MAX_DIGEST + 1];

			if (!(used >> j & 1))
				continue;
			if (!(b->have >> j & 1)) {
				check(&f, "pcr", 0, "%s PCR-%02d: no value to compare the list's replay with (give it "
				      "with --pcrs)", b->h->name, j);
				continue;
			}
			hexs(ht, b->tpm[j], b->h->size);
			if (b->matched > 0) {
				check(&f, "pcr", 1, "%s PCR-%02d: the TPM's value is the list's replay to entry %d of %lu%s",
				      b->h->name, j, b->matched, entries,
				      (unsigned long)b->matched < entries ? " (the rest measured after the PCRs were read)" : "");
			} else if (b->padded_matched > 0 && strcmp(b->h->name, "sha1")) {
				/* (for SHA-1 the padded replay is the list's own
				 * digests: the template digest check speaks) */
				check(&f, "pcr", 1, "%s PCR-%02d: the TPM's value is the list's replay with SHA-1 digests "
				      "zero-padded, to entry %d (a kernel that could not compute %s)", b->h->name, j,
				      b->padded_matched, b->h->name);
			} else {
				hexs(hr, b->pcr[j], b->h->size);
				check(&f, "pcr", 0, "%s PCR-%02d: the TPM holds %s; the list's %lu entries replay to %s, "
				      "and no shorter part of it to the TPM's value%s", b->h->name, j, ht, entries, hr,
				      violations && !o->ignore_violations ? " (the list has violations: "
									    "--ignore-violations extends them as the kernel does)" : "");
			}
		}
	}
	if (o->keys)
		check(&f, "signatures", !bad_sigs, "%lu signatures checked, %lu did not verify", sigs, bad_sigs);
	if (o->eventlog)
		log_checks(&f, banks, nb);
	if (json) {
		buf_put_u8(&f.json, 0);
		printf("{\n  \"list\": ");
		json_quote(path);
		printf(",\n  \"entries\": %lu,\n  \"violations\": %lu,\n  \"result\": \"%s\",\n  \"checks\": [%s\n  ]\n}\n",
		       entries, violations, f.failed ? "fail" : "pass", (char *)f.json.p);
	} else {
		buf_put_u8(&f.text, 0);
		fputs((char *)f.text.p, stdout);
		printf("%s: %s\n", path, f.failed ? "FAILED" : "attested");
	}
	reader_free(&rd);
	free(list);
	free(banks);
	buf_free(&f.text);
	buf_free(&f.json);
	return f.failed ? 1 : 0;
}

int ima_eventlog_run(const char *path, const struct ima_hash *h)
{
	struct evlog *log = xmalloc(sizeof(*log));
	const struct evlog_bank *b = NULL;

	if (evlog_read(path, log) < 0) {
		free(log);
		return 125;
	}
	for (int k = 0; k < log->nbanks; k++)
		if (log->bank[k].h == h)
			b = &log->bank[k];
	if (!b) {
		warn("%s: no %s bank in the event log", str_esc(path, SIZE_MAX), h->name);
		free(log);
		return 125;
	}
	for (int i = 0; i < NUM_PCRS; i++)
		if (b->used >> i & 1) {
			char hex[2 * IMA_MAX_DIGEST + 1];

			hexs(hex, b->pcr[i], h->size);
			printf("PCR-%02d %s\n", i, hex);
		}
	free(log);
	return 0;
}
