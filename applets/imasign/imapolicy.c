// SPDX-License-Identifier: Apache-2.0
/* imapolicy.c: IMA policy rules checked as Linux 6.1 parses them
 * (security/integrity/ima/ima_policy.c: ima_parse_rule, then
 * ima_validate_rule), for Debian 12's kernel configuration
 * (IMA_MEASURE_ASYMMETRIC_KEYS on, IMA_APPRAISE_MODSIG off), and loaded
 * into /sys/kernel/security/ima/policy one rule a write.
 *
 * A rule is words split on blanks: one action, then conditions, each at
 * most once (fsname=, permit_directio and the LSM ones excepted, as in the
 * kernel).  What the kernel takes only with a running kernel's state -- the
 * obj_ and subj_ conditions (an LSM that takes audit rules must know the
 * label), appraise_algos= (the kernel must have the hash), template= of a
 * format given at boot -- is said as such. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lsmbox.h"
#include "imasign.h"

#define RULE_MAX IMA_RULE_MAX
#define POLICY_MAX IMA_POLICY_MAX

enum { A_NONE, A_MEASURE, A_DONT_MEASURE, A_APPRAISE, A_DONT_APPRAISE, A_AUDIT, A_HASH, A_DONT_HASH };
enum fn { F_NONE, F_FILE, F_MMAP, F_BPRM, F_CREDS, F_POST_SETATTR, F_MODULE, F_FIRMWARE, F_KEXEC_KERNEL,
	  F_KEXEC_INITRAMFS, F_POLICY, F_KEXEC_CMDLINE, F_KEY, F_CRITICAL, F_SETXATTR };
/* the flags the kernel sets (IMA_*) */
enum {
	FL_FUNC = 1 << 0, FL_MASK = 1 << 1, FL_INMASK = 1 << 2, FL_FSMAGIC = 1 << 3, FL_FSNAME = 1 << 4,
	FL_FSUUID = 1 << 5, FL_UID = 1 << 6, FL_EUID = 1 << 7, FL_GID = 1 << 8, FL_EGID = 1 << 9,
	FL_FOWNER = 1 << 10, FL_FGROUP = 1 << 11, FL_PCR = 1 << 12, FL_DIGSIG = 1 << 13, FL_MODSIG = 1 << 14,
	FL_BLACKLIST = 1 << 15, FL_ALGOS = 1 << 16, FL_DIRECTIO = 1 << 17, FL_VERITY = 1 << 18,
	FL_KEYRINGS = 1 << 19, FL_LABEL = 1 << 20,
};

static const struct { const char *name; int fn; } funcs[] = {
	{ "FILE_CHECK", F_FILE }, { "PATH_CHECK", F_FILE }, { "MODULE_CHECK", F_MODULE },
	{ "FIRMWARE_CHECK", F_FIRMWARE }, { "FILE_MMAP", F_MMAP }, { "MMAP_CHECK", F_MMAP },
	{ "BPRM_CHECK", F_BPRM }, { "CREDS_CHECK", F_CREDS }, { "KEXEC_KERNEL_CHECK", F_KEXEC_KERNEL },
	{ "KEXEC_INITRAMFS_CHECK", F_KEXEC_INITRAMFS }, { "POLICY_CHECK", F_POLICY },
	{ "KEXEC_CMDLINE", F_KEXEC_CMDLINE }, { "KEY_CHECK", F_KEY }, { "CRITICAL_DATA", F_CRITICAL },
	{ "SETXATTR_CHECK", F_SETXATTR },
};

/* The kernel's hash_algo_name (hash_info.h) and, for appraise_algos=,
 * whether Debian's 6.1 kernel has each (built in or as a module): the
 * tiger and the 128/256/320-bit RIPEMD hashes left the kernel in 5.x;
 * Debian builds no SM3 (the rig: appraise_algos=sm3 refused). */
static const struct { const char *name; int have; } algos[] = {
	{ "md4", 1 }, { "md5", 1 }, { "sha1", 1 }, { "rmd160", 1 }, { "sha256", 1 }, { "sha384", 1 },
	{ "sha512", 1 }, { "sha224", 1 }, { "rmd128", 0 }, { "rmd256", 0 }, { "rmd320", 0 }, { "wp256", 1 },
	{ "wp384", 1 }, { "wp512", 1 }, { "tgr128", 0 }, { "tgr160", 0 }, { "tgr192", 0 }, { "sm3", 0 },
	{ "streebog256", 1 }, { "streebog512", 1 },
};

static const char *const templates[] = { "ima", "d|n", "ima-ng", "d-ng|n-ng", "ima-sig", "d-ng|n-ng|sig",
	"ima-ngv2", "d-ngv2|n-ng", "ima-sigv2", "d-ngv2|n-ng|sig", "ima-buf", "d-ng|n-ng|buf", "ima-modsig",
	"d-ng|n-ng|sig|d-modsig|modsig", "evm-sig",
	"d-ng|n-ng|evmsig|xattrnames|xattrlengths|xattrvalues|iuid|igid|imode" };

/* The format ima_template_fmt= gave at boot: 6.1 makes it the last of
 * its built-in templates (no name), which template= finds by format. */
static const char *boot_fmt;

/* 6.1's template fields (ima_template.c's supported_fields). */
static const char *const fields[] = { "d", "n", "d-ng", "d-ngv2", "n-ng", "sig", "buf", "d-modsig", "modsig",
	"evmsig", "iuid", "igid", "imode", "xattrnames", "xattrlengths", "xattrvalues" };
#define TEMPLATE_FIELDS_MAX 15	/* IMA_TEMPLATE_NUM_FIELDS_MAX */

const char *ima_policy_template_fmt(const char *fmt)
{
	size_t n = 0;

	/* template_desc_init_fields: at most 15 fields, each one it has */
	for (const char *f = fmt;; f += strcspn(f, "|") + 1) {
		size_t len = strcspn(f, "|"), i;

		for (i = 0; i < ARRAY_SIZE(fields) && (strlen(fields[i]) != len || strncmp(fields[i], f, len)); i++)
			;
		if (i == ARRAY_SIZE(fields))
			return "a template field the kernel does not have";
		if (++n > TEMPLATE_FIELDS_MAX)
			return "more than 15 template fields";
		if (!f[len])
			break;
	}
	boot_fmt = fmt;
	return NULL;
}

/* kstrtoul: an optional '+', then digits of base (16: an optional 0x),
 * nothing after but one newline; no overflow. */
static int kstrtoul(const char *s, int base, unsigned long long *v)
{
	unsigned long long n = 0;
	const char *p = s;

	if (*p == '+')
		p++;
	if (base == 16 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2]))
		p += 2;
	if (!*p)
		return -1;
	for (; *p; p++) {
		unsigned d;

		if (*p == '\n' && !p[1])
			break;
		if (isdigit((unsigned char)*p))
			d = (unsigned)(*p - '0');
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = (unsigned)(tolower((unsigned char)*p) - 'a' + 10);
		else
			return -1;
		if (n > (~0ULL - d) / (unsigned)base)
			return -1;
		n = n * (unsigned)base + d;
	}
	*v = n;
	return 0;
}

/* uuid_parse: 8-4-4-4-12 hex digits; the kernel's uuid_is_valid looks at
 * those 36 and not past them (the rig: a 37th character is taken) */
static int uuid_ok(const char *s)
{
	if (strlen(s) < 36)
		return 0;
	for (int i = 0; i < 36; i++)
		if ((i == 8 || i == 13 || i == 18 || i == 23) ? s[i] != '-' : !isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* keyrings= and label=: '|'-separated, no item empty */
static int opt_list_ok(const char *s)
{
	return *s && *s != '|' && s[strlen(s) - 1] != '|' && !strstr(s, "||");
}

/* One rule (a line, NUL-terminated, changed): NULL when the kernel takes
 * it, else why not; *note: what only the running kernel decides. */
const char *ima_rule_check(char *rule, const char **note)
{
	int action = A_NONE, fn = F_NONE;
	unsigned flags = 0, uid_set = 0, gid_set = 0, fowner_set = 0, fgroup_set = 0, lsm = 0;
	int have_fsmagic = 0, have_uuid = 0, have_keyrings = 0, have_label = 0, have_algos = 0, have_template = 0;
	char *p, *save = NULL;

	*note = NULL;
	for (p = strtok_r(rule, " \t", &save); p; p = strtok_r(NULL, " \t", &save)) {
		static const struct { const char *w; int a; } acts[] = {
			{ "measure", A_MEASURE }, { "dont_measure", A_DONT_MEASURE }, { "appraise", A_APPRAISE },
			{ "dont_appraise", A_DONT_APPRAISE }, { "audit", A_AUDIT }, { "hash", A_HASH },
			{ "dont_hash", A_DONT_HASH },
		};
		char *eq = strpbrk(p, "=<>"), *v = eq ? eq + 1 : NULL;
		size_t klen = eq ? (size_t)(eq - p) : strlen(p);
		char op = eq ? *eq : 0;
		unsigned long long n;
		int a = 0;

		for (size_t i = 0; i < ARRAY_SIZE(acts); i++)
			if (!strcmp(p, acts[i].w))
				a = acts[i].a;
		if (a) {
			if (action)
				return "a second action";
			action = a;
			continue;
		}
		if (!strcmp(p, "permit_directio")) {
			flags |= FL_DIRECTIO;
			continue;
		}
#define KEY(k) (klen == strlen(k) && !strncmp(p, k, klen))
		/* the kernel's %s: a value of one byte at least */
		if (!eq || !*v)
			return "a word that is no action nor condition (or a condition without its value)";
		if (op != '=' && !(KEY("uid") || KEY("euid") || KEY("gid") || KEY("egid") || KEY("fowner") ||
				   KEY("fgroup")))
			return "a condition that takes only '='";
		if (KEY("func")) {
			int f = 0;

			if (flags & FL_FUNC)
				return "a second func=";
			for (size_t i = 0; i < ARRAY_SIZE(funcs); i++)
				if (!strcmp(v, funcs[i].name))
					f = funcs[i].fn;
			if (!f)
				return "func=: not a hook the kernel has";
			fn = f;
			flags |= FL_FUNC;
		} else if (KEY("mask")) {
			const char *m = *v == '^' ? v + 1 : v;

			if (flags & (FL_MASK | FL_INMASK))
				return "a second mask=";
			if (strcmp(m, "MAY_EXEC") && strcmp(m, "MAY_WRITE") && strcmp(m, "MAY_READ") &&
			    strcmp(m, "MAY_APPEND"))
				return "mask=: not MAY_EXEC, MAY_WRITE, MAY_READ or MAY_APPEND (with '^' or not)";
			flags |= *v == '^' ? FL_INMASK : FL_MASK;
		} else if (KEY("fsmagic")) {
			if (have_fsmagic)
				return "a second fsmagic=";
			if (kstrtoul(v, 16, &n) < 0)
				return "fsmagic=: not a hexadecimal number";
			/* a magic of 0 is "none" to the kernel: a second one is taken */
			have_fsmagic = n != 0;
			flags |= FL_FSMAGIC;
		} else if (KEY("fsname")) {
			flags |= FL_FSNAME;
		} else if (KEY("fsuuid")) {
			if (have_uuid)
				return "a second fsuuid=";
			if (!uuid_ok(v))
				return "fsuuid=: not a UUID (8-4-4-4-12 hex digits first)";
			/* the null UUID is "none": a second one is taken */
			have_uuid = strcmp(v, "00000000-0000-0000-0000-000000000000") != 0;
			flags |= FL_FSUUID;
		} else if (KEY("uid") || KEY("euid") || KEY("gid") || KEY("egid") || KEY("fowner") || KEY("fgroup")) {
			int is_uid = KEY("uid") || KEY("euid"), is_gid = KEY("gid") || KEY("egid");
			unsigned *set = is_uid ? &uid_set : is_gid ? &gid_set : KEY("fowner") ? &fowner_set : &fgroup_set;

			if (*set)
				return is_uid ? "a second uid= or euid=" : is_gid ? "a second gid= or egid=" :
					"a second fowner= or fgroup=";
			if (kstrtoul(v, 10, &n) < 0 || n >= 0xffffffffULL)
				return "an id that is not a decimal number below 4294967295";
			*set = 1;
			flags |= KEY("uid") ? FL_UID : KEY("euid") ? FL_EUID : KEY("gid") ? FL_GID
			       : KEY("egid") ? FL_EGID : KEY("fowner") ? FL_FOWNER : FL_FGROUP;
		} else if (KEY("obj_user") || KEY("obj_role") || KEY("obj_type") || KEY("subj_user") ||
			   KEY("subj_role") || KEY("subj_type")) {
			lsm = 1;
			*note = "an obj_ or subj_ condition: taken only when an LSM that takes audit rules "
				"(SELinux, AppArmor for subj_type) knows the label";
		} else if (KEY("digest_type")) {
			if ((flags & FL_DIGSIG) || strcmp(v, "verity"))
				return flags & FL_DIGSIG ? "digest_type= after appraise_type=" : "digest_type=: only verity";
			flags |= FL_VERITY;
		} else if (KEY("appraise_type")) {
			if (!strcmp(v, "imasig")) {
				if (flags & FL_VERITY)
					return "appraise_type=imasig with digest_type=verity (sigv3 is the verity one)";
				flags |= FL_DIGSIG;
			} else if (!strcmp(v, "sigv3")) {
				if (!(flags & FL_VERITY))
					return "appraise_type=sigv3 without digest_type=verity before it";
				flags |= FL_DIGSIG;
			} else if (!strcmp(v, "imasig|modsig")) {
				return "appraise_type=imasig|modsig: the kernel has no IMA_APPRAISE_MODSIG";
			} else {
				return "appraise_type=: not imasig or sigv3";
			}
		} else if (KEY("appraise_flag")) {
			return "appraise_flag=: the kernel has no IMA_APPRAISE_MODSIG";
		} else if (KEY("appraise_algos")) {
			char *copy, *s2, *t;

			if (have_algos)
				return "a second appraise_algos=";
			copy = xstrdup(v);
			s2 = copy;
			while ((t = strsep(&s2, ","))) {
				size_t i;

				for (i = 0; i < ARRAY_SIZE(algos) && strcmp(algos[i].name, t); i++)
					;
				if (i == ARRAY_SIZE(algos) || !algos[i].have) {
					free(copy);
					return i == ARRAY_SIZE(algos) ? "appraise_algos=: a hash the kernel does not name"
								      : "appraise_algos=: a hash this kernel has not";
				}
			}
			free(copy);
			have_algos = 1;
			flags |= FL_ALGOS;
		} else if (KEY("pcr")) {
			char *end;
			long v2;

			errno = 0;
			v2 = strtol(*v == '+' ? v + 1 : v, &end, 10);
			if (!isdigit((unsigned char)(*v == '+' || *v == '-' ? v[1] : v[0])) || *end || errno ||
			    v2 < 0 || v2 >= 64)
				return "pcr=: not a number from 0 to 63";
			flags |= FL_PCR;
		} else if (KEY("template")) {
			size_t i;

			if (action != A_MEASURE)
				return "template= other than after measure";
			for (i = 0; i < ARRAY_SIZE(templates) && strcmp(templates[i], v); i++)
				;
			if (i == ARRAY_SIZE(templates) && !(boot_fmt && !strcmp(boot_fmt, v)))
				return boot_fmt ? "template=: not a template the kernel has, nor the format given at boot"
						: "template=: not a template the kernel has (a format given at boot with "
						  "ima_template_fmt= is one too: say it with --template-fmt)";
			if (have_template)
				return "a second template=";
			have_template = 1;
		} else if (KEY("keyrings")) {
			if (have_keyrings || !opt_list_ok(v))
				return have_keyrings ? "a second keyrings=" : "keyrings=: an empty name in the list";
			have_keyrings = 1;
			flags |= FL_KEYRINGS;
		} else if (KEY("label")) {
			if (have_label || !opt_list_ok(v))
				return have_label ? "a second label=" : "label=: an empty name in the list";
			have_label = 1;
			flags |= FL_LABEL;
		} else {
			return "a word that is no action nor condition";
		}
#undef KEY
	}
	/* ima_validate_rule */
	if (!action)
		return "no action (measure, dont_measure, appraise, dont_appraise, audit, hash, dont_hash)";
	if (action != A_MEASURE && (flags & FL_PCR))
		return "pcr= other than with measure";
	if (action != A_APPRAISE && (flags & (FL_DIGSIG | FL_ALGOS)))
		return "appraise_type= or appraise_algos= other than with appraise";
	switch (fn) {
	case F_NONE:
	case F_FILE:
	case F_MMAP:
	case F_BPRM:
	case F_CREDS:
	case F_POST_SETATTR:
	case F_FIRMWARE:
	case F_POLICY:
		if (flags & (FL_KEYRINGS | FL_LABEL))
			return "keyrings= or label= with a hook other than KEY_CHECK or CRITICAL_DATA";
		break;
	case F_MODULE:
	case F_KEXEC_KERNEL:
	case F_KEXEC_INITRAMFS:
		if (flags & (FL_KEYRINGS | FL_LABEL | FL_VERITY))
			return "keyrings=, label= or digest_type= with this hook";
		break;
	case F_KEXEC_CMDLINE:
		if (action != A_MEASURE && action != A_DONT_MEASURE)
			return "KEXEC_CMDLINE with an action other than measure or dont_measure";
		if (flags & ~(FL_FUNC | FL_FSMAGIC | FL_UID | FL_FOWNER | FL_FSUUID | FL_EUID | FL_PCR | FL_FSNAME |
			      FL_GID | FL_EGID | FL_FGROUP))
			return "a condition KEXEC_CMDLINE does not take";
		break;
	case F_KEY:
	case F_CRITICAL:
		if (action != A_MEASURE && action != A_DONT_MEASURE)
			return "KEY_CHECK or CRITICAL_DATA with an action other than measure or dont_measure";
		if (flags & ~(FL_FUNC | FL_UID | FL_GID | FL_PCR | (fn == F_KEY ? FL_KEYRINGS : FL_LABEL)) || lsm)
			return fn == F_KEY ? "a condition KEY_CHECK does not take (uid, gid, pcr, keyrings only)"
					   : "a condition CRITICAL_DATA does not take (uid, gid, pcr, label only)";
		break;
	case F_SETXATTR:
		if (action != A_APPRAISE)
			return "SETXATTR_CHECK with an action other than appraise";
		if (!(flags & FL_ALGOS))
			return "SETXATTR_CHECK without appraise_algos=";
		if (flags & ~(FL_FUNC | FL_ALGOS))
			return "a condition SETXATTR_CHECK does not take (appraise_algos only)";
		break;
	}
	if (action == A_APPRAISE && (flags & FL_VERITY) && !(flags & FL_DIGSIG))
		return "appraise with digest_type=verity without appraise_type=sigv3";
	return NULL;
}

/* The policy file's rules: each line a rule (a '#' first: a comment; an
 * empty line: nothing).  0 all taken, 1 one refused (said FILE:LINE), 125
 * the file unreadable. */
int ima_policy_check_run(const char *path)
{
	char *host = root_file(path, 0), *text, *line, *next;
	int fd = host ? open(host, O_RDONLY | O_CLOEXEC | O_NOCTTY) : -1, n = 0, bad = 0;

	free(host);
	if (fd < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		return 125;
	}
	text = xread_text_fd(fd, path, POLICY_MAX, NULL);
	close(fd);
	for (line = text; line && *line; line = next) {
		const char *why, *note;
		char *nl = strchr(line, '\n');

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = 0;
		n++;
		/* as the kernel: blanks, then '#' or nothing: not a rule */
		if (line[strspn(line, " \t")] == '#' || !line[strspn(line, " \t")])
			continue;
		if (strlen(line) > RULE_MAX) {
			warn("%s:%d: a rule longer than %d bytes (the kernel cuts a write there)", str_esc(path, SIZE_MAX),
			     n, RULE_MAX);
			bad = 1;
			continue;
		}
		why = ima_rule_check(line, &note);
		if (why) {
			warn("%s:%d: %s", str_esc(path, SIZE_MAX), n, why);
			bad = 1;
		} else if (note) {
			log_info("%s:%d: note: %s\n", path, n, note);
		}
	}
	free(text);
	return bad;
}

/* Each rule in a write of its own to the kernel's policy file (the first
 * the kernel refuses said, and the whole policy then not taken). */
int ima_policy_load_run(const char *path)
{
	char *text, *line, *next;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY), pfd, n = 0, rc = 0;
	const char *target = "/sys/kernel/security/ima/policy";

	if (root_dir()) {
		warn("%s", "policy load: --root: an image has no running kernel to load into");
		return 2;
	}
	if (fd < 0) {
		warn_errno("%s", str_esc(path, SIZE_MAX));
		return 125;
	}
	text = xread_text_fd(fd, path, POLICY_MAX, NULL);
	close(fd);
	if ((pfd = open(target, O_WRONLY | O_CLOEXEC)) < 0) {
		warn_errno("%s (IMA not in the kernel, securityfs not mounted, or a policy loaded already "
			   "by a kernel without IMA_WRITE_POLICY)", target);
		free(text);
		return 125;
	}
	for (line = text; line && *line; line = next) {
		char *nl = strchr(line, '\n');
		size_t len;

		next = nl ? nl + 1 : NULL;
		if (nl)
			*nl = 0;
		n++;
		if (line[strspn(line, " \t")] == '#' || !line[strspn(line, " \t")])
			continue;
		len = strlen(line);
		line[len] = '\n';	/* the kernel takes a rule to its newline */
		if (len + 1 > RULE_MAX || write(pfd, line, len + 1) != (ssize_t)(len + 1)) {
			if (len + 1 > RULE_MAX)
				errno = E2BIG;
			warn_errno("%s:%d: the kernel refused the rule (the policy is not loaded)", str_esc(path, SIZE_MAX), n);
			rc = 1;
			break;
		}
		line[len] = 0;
	}
	if (close(pfd) < 0 && !rc) {
		warn_errno("%s: the kernel did not take the policy", target);
		rc = 1;
	}
	free(text);
	return rc;
}
