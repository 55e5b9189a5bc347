// SPDX-License-Identifier: Apache-2.0
/* smackctl.c: Smack rules, labels, access checks and settings, on the live
 * kernel through smackfs or on an image tree (--root), where smackfs files are
 * plain files holding what the kernel would show.  The declaration and the
 * command line; the stages are in the files smackctl.h names. */
/* applet: smackctl
 * summary: Smack rules, labels, access checks and settings
 * usage: smackctl [--root DIR] load [--clear] [--legacy] FILE|DIR|-...
 * usage: smackctl [--root DIR] check FILE|DIR|-...
 * usage: smackctl [--root DIR] rules [--subject LABEL] [--json]
 * usage: smackctl [--root DIR] apply [--config DIR] [--allow-empty]
 * usage: smackctl [--root DIR] clean
 * usage: smackctl [--root DIR] status [--json]
 * usage: smackctl [--root DIR] test
 * usage: smackctl [--root DIR] access [-v] [--self-rules FILE|--self] SUBJECT OBJECT ACCESS
 * usage: smackctl access --offline --rules FILE|DIR [-v] [--self-rules FILE] SUBJECT OBJECT ACCESS
 * usage: smackctl [--root DIR] access [--offline --rules FILE|DIR] --batch FILE|-
 * usage: smackctl [--root DIR] change-rule SUBJECT OBJECT ALLOW DENY
 * usage: smackctl [--root DIR] revoke-subject LABEL
 * usage: smackctl [--root DIR] label [-a L] [-e L] [-m L] [-t] [-A] [-E] [-M] [-T] [-D] [-r] [-L] [--json] [PATH...]
 * usage: smackctl [--root DIR] get NAME
 * usage: smackctl [--root DIR] set NAME VALUE...
 * usage: smackctl run [--relabel-self 'LABEL...'] [--rules FILE] [--ipin L] [--ipout L] LABEL CMD [ARG...]
 * compat: chsmack smackaccess smackload smackcipso
 * help:
 *   load FILE|DIR|-  parse rule files (a directory: its regular files in
 *                name order, dot files skipped), check every line, then load
 *                them; on any error nothing is loaded.  A line is
 *                "SUBJECT OBJECT ACCESS" (sets the rule) or
 *                "SUBJECT OBJECT ALLOW DENY" (changes it); ACCESS letters
 *                are rwxatlb in either case, '-' is a placeholder; empty
 *                lines and lines starting with # or ; are skipped.
 *                --clear: load the same pairs with no access; --legacy:
 *                through the old 24-column load file (used anyway when the
 *                kernel has no load2)
 *   check FILES      parse only; print the merged rules as they would load
 *   rules            the kernel's rules (load2), --subject to pick one subject,
 *                --json: [{"subject","object","access"}...]
 *   apply            as smack-utils' smackctl apply: clean, then load
 *                DIR/accesses.d, DIR/cipso.d, DIR/netlabel.d and DIR/onlycap
 *                (DIR: --config, default /etc/smack under the root); all are
 *                parsed before anything is written; missing ones are skipped,
 *                but a missing DIR, or no rule in accesses.d, is refused
 *                unless --allow-empty
 *   clean            give every loaded rule no access (rules cannot be deleted)
 *   status           smackfs, the LSM list, rule count and settings; --json;
 *                under --root whether Smack is active is unknown
 *   test             exit 0 if Smack is the active LSM, else 2 (smack-utils)
 *   access S O A     may S access O for A (access2)?  Prints 1 or 0; exit 0
 *                allowed, 1 denied.  --offline --rules: answer from rule
 *                files with the kernel's built-in rules; -v: say why;
 *                --batch: one "S O A" query a line, one 1 or 0 a line out;
 *                --self-rules FILE: as for a process holding these
 *                per-process rules (load-self2, which only restrict),
 *                --self: this process's own (run --rules gave them)
 *   change-rule S O ALLOW DENY  rule becomes (old | ALLOW) & ~DENY
 *   revoke-subject L every rule of subject L gets no access
 *   label PATH...    without -a/-e/-m/-t/-A/-E/-M/-T/-D print the labels
 *                (security.SMACK64*), of the entries of . without PATH, as
 *                chsmack does; -a access, -e exec, -m mmap label,
 *                -t transmute (directories); -A -E -M -T remove one, -D all;
 *                -r recurse, -L follow symbolic links.  Under --root every
 *                PATH is taken inside DIR, as after chroot.  --json: the listing as
 *                [{"path","access","execute","mmap","transmute"}...]
 *   get NAME, set NAME VALUE  smackfs settings: onlycap, unconfined (- clears),
 *                ambient, syslog, logging (0-3), ptrace (0-2), doi, direct,
 *                mapped (0-255), cipso2 (LABEL LEVEL [CAT...]), netlabel
 *                (IPV4[/BITS] LABEL|-CIPSO), ipv6host (IPV6[/BITS] LABEL|-DELETE,
 *                "::" allowed); get only: relabel-self, current (the label
 *                and relabel list this process inherited)
 *   run LABEL CMD    run CMD with the Smack label LABEL; --relabel-self: and
 *                with the labels (space-separated) it may switch to once
 *                without privilege; --rules FILE: and with FILE's
 *                "SUBJECT OBJECT ACCESS" rules as its own (load-self2:
 *                they only take away, from CMD and what it starts)
 *                --ipin L, --ipout L: the sockets systemd passed
 *                (LISTEN_FDS) labelled as SmackLabelIPIn=/IPOut= do
 *
 * As chsmack (label's options, -d, and no PATH: the entries of "."),
 * smackaccess (SUBJECT OBJECT ACCESS), smackload ([-c] [PATH]) and
 * smackcipso ([PATH]): smack-utils' options, output and exit status (1 for
 * any failure, also where smack-utils exits 0), with the checks above.
 *
 * Labels are 1-255 bytes of 0x21-0x7e other than / " \ ', not starting with
 * '-'.  The kernel silently truncates bad labels and stops at unknown access
 * letters; smackctl rejects both.
 *
 * Exit status: 0 done (access: allowed), 1 failed (access: denied), 2 bad
 * usage, bad input or (access) an error.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <arpa/inet.h>
#include <unistd.h>

#include "config.h"
#include "smackctl.h"

struct smk_globals smk;

static void parse_or_die(struct ruleset *rs, int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		smk_parse_source(rs, argv[i]);
	diag_fail(0, "; nothing loaded");
}

static int cmd_load(int argc, char **argv)
{
	enum { O_CLEAR, O_LEGACY, O_N };
	struct opt o[] = { [O_CLEAR] = { 'c', "clear", 0 }, [O_LEGACY] = { 0, "legacy", 0 }, [O_N] = OPT_END };

	opt_parse_n(&argc, &argv, o, 0, 1, -1, "load: no rule file (FILE, DIR or -)");
	TT.legacy = o[O_LEGACY].seen;
	parse_or_die(&TT.rs, argc, argv);
	if (o[O_CLEAR].seen)
		smk_rs_clear(&TT.rs);
	return smk_load_ruleset(&TT.rs) ? 1 : 0;
}

static int cmd_check(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, -1, "check: no rule file (FILE, DIR or -)");
	sandbox_reader("check", 0);
	parse_or_die(&TT.rs, argc, argv);
	for (size_t i = 0; i < TT.rs.n; i++) {
		struct rule *r = &TT.rs.r[i];
		char a[8], d[8];

		if (r->set)
			printf("%s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, a));
		else
			printf("%s %s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, a),
			       smk_access_str(r->deny, d));
	}
	return 0;
}

/* "k":"v" (null for no v), after a comma unless it is the first. */
void smk_json_str(const char *k, const char *v, int comma)
{
	printf("%s\"%s\":", comma ? "," : "", k);
	json_quote(v);
}

static int cmd_rules(int argc, char **argv)
{
	enum { O_SUBJECT, O_JSON, O_N };
	struct opt o[] = { [O_SUBJECT] = { 's', "subject", OPT_ARG }, [O_JSON] = { 0, "json", 0 },
			   [O_N] = OPT_END };
	struct ruleset k = { 0 };
	char acc[8];
	int n = 0;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	if (o[O_SUBJECT].arg)
		smk_check_label(o[O_SUBJECT].arg, "subject");
	smk_kernel_rules(&k, 1);
	if (o[O_JSON].seen)
		putchar('[');
	for (size_t i = 0; i < k.n; i++) {
		struct rule *r = &k.r[i];

		if (!r->allow || (o[O_SUBJECT].arg && strcmp(o[O_SUBJECT].arg, r->subj)))
			continue;
		if (!o[O_JSON].seen) {
			printf("%s %s %s\n", r->subj, r->obj, smk_access_str(r->allow, acc));
			continue;
		}
		printf("%s{", n++ ? "," : "");
		smk_json_str("subject", r->subj, 0);
		smk_json_str("object", r->obj, 1);
		smk_json_str("access", smk_access_str(r->allow, acc), 1);
		putchar('}');
	}
	if (o[O_JSON].seen)
		printf("]\n");
	smk_rs_free(&k);
	return 0;
}

static int cmd_clean(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 0, NULL);
	return smk_clean_all() ? 1 : 0;
}

static int cmd_change_rule(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 4, 4, "change-rule: needs SUBJECT OBJECT ALLOW DENY");
	smk_check_label(argv[0], "subject");
	smk_check_label(argv[1], "object");
	unsigned a = smk_xaccess(argv[2], "allow"), d = smk_xaccess(argv[3], "deny");

	smk_rs_add(&TT.rs, argv[0], argv[1], a, d, 0, "command line", 0);
	return smk_load_ruleset(&TT.rs) ? 1 : 0;
}

static int cmd_revoke(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, 1, "revoke-subject: needs one LABEL");
	smk_check_label(argv[0], "label");
	if (root_dir()) {
		struct ruleset k = { 0 };

		smk_kernel_rules(&k, 1);
		for (size_t i = 0; i < k.n; i++)
			if (!strcmp(k.r[i].subj, argv[0]))
				k.r[i].allow = 0;
		smk_root_write_rules(&k);
		smk_rs_free(&k);
		return 0;
	}
	return smk_put_setting("revoke-subject", argv[0], strlen(argv[0]), NULL) ? 1 : 0;
}

static int cmd_get(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 1, 1, "get: needs NAME");
	char *v = smk_get_value(smk_find_setting(argv[0]));

	if (!v)
		return 1;
	printf("%s\n", v);
	free(v);
	return 0;
}

static int cmd_set(int argc, char **argv)
{
	const struct setting *s;
	char *val;
	int rc;

	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, OPTP_STOP, 2, -1, "set: needs NAME VALUE");
	s = smk_find_setting(argv[0]);
	/* Both belong to the process that writes them, which here would be
	 * this one, about to exit. */
	if (!strcmp(s->name, "current") || !strcmp(s->name, "relabel-self"))
		usage_error("set %s: it applies only to the process that sets it: use "
			    "smackctl run [--relabel-self 'LABEL...'] LABEL CMD", s->name);
	if (s->kind != V_LABELS && s->kind != V_RAW && argc != 2)
		usage_error("set %s: takes one value", s->name);

	if (s->kind == V_INT) {
		long long v = xstrtonum(argv[1], !strcmp(s->name, "doi") ? 1 : 0, s->max, s->name);

		val = xasprintf("%lld", v);
	} else if (s->kind == V_LABEL) {
		/* The kernel clears unconfined when given a label it cannot take. */
		if (strcmp(s->name, "unconfined") || strcmp(argv[1], "-"))
			smk_check_label(argv[1], s->name);
		val = xstrdup(argv[1]);
	} else if (s->kind == V_LABELS) {
		val = xstrdup("");
		for (int i = 1; i < argc; i++) {
			char *n;

			if (!(argc == 2 && !strcmp(argv[1], "-")))
				smk_check_label(argv[i], s->name);
			n = xasprintf("%s%s%s", val, *val ? " " : "", argv[i]);
			free(val);
			val = n;
		}
	} else if (!strcmp(s->name, "cipso2")) {
		char *joined = xstrdup(argv[1]);

		for (int i = 2; i < argc; i++) {
			char *n = xasprintf("%s %s", joined, argv[i]);

			free(joined);
			joined = n;
		}
		int col;
		char *e = smk_cipso_line(joined, &val, &col);

		if (e)
			usage_error("cipso2: %s", e);
		free(joined);
	} else {
		if (argc != 3)
			usage_error("set %s: needs ADDRESS[/BITS] LABEL", s->name);
		int v6 = !strcmp(s->name, "ipv6host");
		char *e = smk_host_line(v6, argv[1], argv[2], &val);
		long bits = strchr(argv[1], '/') ? strtol(strchr(argv[1], '/') + 1, NULL, 10) : 128;

		if (e)
			usage_error("%s", e);
		/* A prefix that cuts a group off a byte boundary: 6.1 keeps other
		 * bits than the prefix names (smk_v6_kept). */
		if (v6 && bits % 8 && argv[2][0] != '-')
			warn("ipv6host: /%ld ends inside group %ld: Linux 6.1 keeps its bits %04x, not the "
			     "first %ld (%04x): it holds %s", bits, bits / 16 + 1,
			     smk_v6_kept(bits, (int)(bits / 16)), bits % 16,
			     (0xffffu << (16 - bits % 16)) & 0xffff, val);
	}
	if (s->kind == V_RAW && smk_list_errors(s->name)) {
		free(val);
		exit(2);
	}
	rc = smk_put_setting(s->name, val, strlen(val), NULL) ? 1 : 0;
	free(val);
	return rc;
}

/* Write val to this process's own file (attr/current, relabel-self). */
static void put_self(char *path, const char *val)
{
	int fd = xopen(path, O_WRONLY);

	if (write(fd, val, strlen(val)) != (ssize_t)strlen(val))
		die_errno("%s: %s", str_esc(path, SIZE_MAX), str_esc(val, SIZE_MAX));
	close(fd);
	free(path);
}

/* At most this many sockets are taken from LISTEN_FDS. */
#define LISTEN_FDS_MAX 4096

/* The sockets passed as systemd passes them (LISTEN_FDS of them from fd 3,
 * for this process: LISTEN_PID, when set), each given the labels its
 * packets carry in and out, as SmackLabelIPIn= and SmackLabelIPOut= give
 * them: security.SMACK64IPIN and IPOUT set on the socket (fsetxattr). */
static void label_sockets(const char *in, const char *out)
{
	const char *n = getenv("LISTEN_FDS"), *pid = getenv("LISTEN_PID");
	char *end;
	long fds;

	if (!n)
		usage_error("run --ipin/--ipout: no LISTEN_FDS: no sockets were passed");
	if (pid && (strtol(pid, &end, 10) != (long)getpid() || *end || end == pid))
		die("LISTEN_PID is %s, not this process (%d): the sockets are not for it",
		    str_esc(pid, SIZE_MAX), (int)getpid());
	errno = 0;
	fds = strtol(n, &end, 10);
	if (errno || *end || end == n || fds < 1 || fds > LISTEN_FDS_MAX)
		die_input("LISTEN_FDS '%s' is not a count of sockets (1-%d)", str_esc(n, SIZE_MAX),
			  LISTEN_FDS_MAX);
	for (int fd = 3; fd < 3 + fds; fd++) {
		struct stat st;

		if (fstat(fd, &st) || !S_ISSOCK(st.st_mode))
			die("fd %d (LISTEN_FDS=%ld) is not a socket", fd, fds);
		if (in && fsetxattr(fd, "security.SMACK64IPIN", in, strlen(in), 0))
			die_errno("fd %d: security.SMACK64IPIN", fd);
		if (out && fsetxattr(fd, "security.SMACK64IPOUT", out, strlen(out), 0))
			die_errno("fd %d: security.SMACK64IPOUT", fd);
	}
}

/* Per-process rules into this process's list (load-self2: no privilege
 * needed, CMD inherits them), then read back: each rule must be there with
 * its access (one of none is not shown), or CMD does not run. */
static int load_self(struct ruleset *rs)
{
	char **lines = xmalloc((rs->n + 1) * sizeof(*lines)), acc[8], *path, *t;
	const struct rule **from = xmalloc((rs->n + 1) * sizeof(*from));
	struct ruleset k = { 0 };
	size_t len;
	int rc;

	for (size_t i = 0; i < rs->n; i++) {
		from[i] = &rs->r[i];
		lines[i] = xasprintf("%s %s %s\n", rs->r[i].subj, rs->r[i].obj,
				     smk_access_str(rs->r[i].allow, acc));
	}
	rc = smk_write_lines("load-self2", lines, from, rs->n);
	for (size_t i = 0; i < rs->n; i++)
		free(lines[i]);
	free(lines);
	free(from);
	if (rc)
		return rc;
	if (!(t = smk_sfs_read("load-self2", &path, &len)))
		die_errno("%s", str_esc(path, SIZE_MAX));
	smk_parse_rules(&k, smk_keep_name(path), t, len, 1);
	diag_fail(0, " in %s", str_esc(path, SIZE_MAX));
	free(t);
	for (size_t i = 0; i < rs->n && !rc; i++) {
		const struct rule *r = &rs->r[i];
		int s = htab_find(&k.lab, r->subj), o = htab_find(&k.lab, r->obj);
		const struct rule *got = s < 0 || o < 0 ? NULL : smk_rs_find(&k, (uint32_t)s, (uint32_t)o);
		unsigned have = got ? got->allow : 0;

		if (have != r->allow) {
			char want[8];

			warn("%s: %s:%d: the kernel holds \"%s %s %s\", not \"%s\"", str_esc(path, SIZE_MAX),
			     str_esc(r->file, SIZE_MAX), r->line, r->subj, r->obj, smk_access_str(have, acc),
			     smk_access_str(r->allow, want));
			rc = -1;
		}
	}
	smk_rs_free(&k);
	return rc;
}

/* The label first, then the relabel-self list (writing it needs
 * CAP_MAC_ADMIN, which the new label must still pass onlycap with); CMD
 * inherits both. */
static int cmd_run(int argc, char **argv)
{
	enum { O_RELABEL_SELF, O_RULES, O_IPIN, O_IPOUT, O_N };
	struct opt o[] = { [O_RELABEL_SELF] = { 0, "relabel-self", OPT_ARG },
			   [O_RULES] = { 0, "rules", OPT_ARG }, [O_IPIN] = { 0, "ipin", OPT_ARG },
			   [O_IPOUT] = { 0, "ipout", OPT_ARG }, [O_N] = OPT_END };
	char *list = NULL;

	opt_parse(&argc, &argv, o, OPTP_STOP | OPTP_NO_ROOT);
	/* An image has no processes: run labels this one on the running kernel. */
	if (root_dir())
		usage_error("run: --root does not apply: "
			    "run labels a process of the running kernel");
	/* Counted by hand: the refusal of --root comes first. */
	if (argc < 2)
		usage_error("run: needs LABEL CMD");
	smk_check_label(argv[0], "label");
	if (!strcmp(argv[0], "*") || !strcmp(argv[0], "@"))
		usage_error("a process cannot have the label %s", argv[0]);
	if (o[O_RELABEL_SELF].arg) {
		list = xstrdup("");
		for (char *c = xstrdup(o[O_RELABEL_SELF].arg), *save, *t = strtok_r(c, " ", &save); t;
		     t = strtok_r(NULL, " ", &save)) {
			char *n = xasprintf("%s%s%s", list, *list ? " " : "", t);

			smk_check_label(t, "relabel-self");
			free(list);
			list = n;
		}
		if (!*list)
			usage_error("--relabel-self: no label");
	}
	for (int i = O_IPIN; i <= O_IPOUT; i++)
		if (o[i].arg)
			smk_check_label(o[i].arg, i == O_IPIN ? "--ipin" : "--ipout");
	/* Every per-process rule is checked before the process is touched. */
	if (o[O_RULES].arg) {
		smk_parse_self(&TT.self, o[O_RULES].arg);
		diag_fail(0, "; nothing run");
	}
	/* The sockets first: CAP_MAC_ADMIN may not count under the new label
	 * (onlycap). */
	if (o[O_IPIN].arg || o[O_IPOUT].arg)
		label_sockets(o[O_IPIN].arg, o[O_IPOUT].arg);
	put_self(smk_current_path(), argv[0]);
	if (list)
		put_self(smk_sfs_path("relabel-self"), list);
	if (o[O_RULES].arg && load_self(&TT.self))
		exit(1);
	execvp(argv[1], argv + 1);
	die_status = errno == ENOENT ? 127 : 126;
	die_errno("%s", str_esc(argv[1], SIZE_MAX));
}

/* Smack is active when securityfs' lsm list names it; without securityfs,
 * a live smackfs says so.  -1 under a root: an image has no running kernel,
 * and the one it boots decides (as yama-ptrace says). */
static int smack_active(void)
{
	char *p, *lsm;
	int on;

	if (root_dir())
		return -1;
	if (!kfs_dir(KFS_SECURITYFS, NULL))
		return kfs_dir(KFS_SMACKFS, NULL) != NULL;
	p = kfs_path(KFS_SECURITYFS, "lsm");
	lsm = read_file(p, NULL);
	free(p);
	if (!lsm)
		return kfs_dir(KFS_SMACKFS, NULL) != NULL;
	on = strstr(lsm, "smack") != NULL;
	free(lsm);
	return on;
}

static int cmd_status(int argc, char **argv)
{
	enum { O_JSON, O_N };
	struct opt o[] = { [O_JSON] = { 0, "json", 0 }, [O_N] = OPT_END };
	static const char *const shown[] = { "onlycap", "ambient", "logging", "ptrace",
					     "doi", "direct", "mapped", "unconfined", "syslog" };
	const char *why, *dir;
	struct ruleset k = { 0 };
	size_t nrules = 0;
	char *vals[ARRAY_SIZE(shown)] = { 0 };
	int active, rc = 0;

	opt_parse_n(&argc, &argv, o, 0, 0, 0, NULL);
	dir = kfs_dir(KFS_SMACKFS, &why);
	if (dir) {
		smk_kernel_rules(&k, 0);
		for (size_t i = 0; i < k.n; i++)
			nrules += k.r[i].allow != 0;
		smk_rs_free(&k);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++) {
			char *p = smk_sfs_path(shown[i]);

			/* One that is there but cannot be read is said, and shown as absent. */
			if (smk_sfs_exists(p) && !(vals[i] = smk_get_value(smk_find_setting(shown[i]))))
				rc = 1;
			free(p);
		}
	}
	active = smack_active();
	if (o[O_JSON].seen) {
		printf("{");
		smk_json_str("smackfs", dir, 0);
		printf(",\"active\":%s", active < 0 ? "null" : active ? "true" : "false");
		printf(",\"rules\":%zu", nrules);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
			smk_json_str(shown[i], vals[i], 1);
		printf("}\n");
	} else {
		/* smack-utils' first line, which scripts test for. */
		if (dir && root_dir())
			printf("smackfs: %s (image)\n", dir);
		else if (dir)
			printf("SmackFS is mounted to %s/\n", dir);
		else
			printf("SmackFS is not mounted.\nsmackfs: %s\n", why);
		printf("smack: %s\n", active < 0 ? "unknown (offline: the booted kernel decides)"
				       : active ? "active" : "not active");
		if (dir)
			printf("rules: %zu\n", nrules);
		for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
			if (vals[i])
				printf("%s: %s\n", shown[i], vals[i]);
	}
	for (size_t i = 0; i < ARRAY_SIZE(shown); i++)
		free(vals[i]);
	return rc;
}

/* smack-utils' "smackctl test": 0 when Smack is the active LSM, else 2. */
static int cmd_test(int argc, char **argv)
{
	opt_parse_n(&argc, &argv, (struct opt[]){ OPT_END }, 0, 0, 0, NULL);
	return smack_active() > 0 ? 0 : 2;
}

/* Each command parses its own options and counts (opt_parse_n), having
 * kept only the capabilities it names (docs/smackctl.md's table):
 * smackfs' writes need CAP_MAC_ADMIN; an image's files (--root) any
 * owner's; a label, Smack's xattr, CAP_MAC_ADMIN and, on a file its label
 * may not write, CAP_MAC_OVERRIDE, and where Smack is not the kernel's
 * (an image labelled on a build host) CAP_SYS_ADMIN, as any security.*
 * xattr.  `run` keeps all: the program it runs is the caller's. */
static const struct subcmd commands[] = {
	{ "load", cmd_load, 0, -1, NULL, "", SMACK_WRITES },
	{ "check", cmd_check, 0, -1, NULL, "", CAPS_READ },
	{ "rules", cmd_rules, 0, -1, NULL, "", CAPS_READ },
	{ "apply", smk_cmd_apply, 0, -1, NULL, "", SMACK_WRITES },
	{ "clean", cmd_clean, 0, -1, NULL, "", SMACK_WRITES },
	{ "clear", cmd_clean, 0, -1, NULL, "", SMACK_WRITES },
	{ "status", cmd_status, 0, -1, NULL, "", CAPS_READ },
	{ "access", smk_cmd_access, 0, -1, NULL, "", CAPS_READ },
	{ "change-rule", cmd_change_rule, 0, -1, NULL, "", SMACK_WRITES },
	{ "revoke-subject", cmd_revoke, 0, -1, NULL, "", SMACK_WRITES },
	{ "label", smk_cmd_label, 0, -1, NULL, "", SMACK_LABELS },
	{ "get", cmd_get, 0, -1, NULL, "", CAPS_READ },
	{ "set", cmd_set, 0, -1, NULL, "", SMACK_WRITES },
	{ "run", cmd_run, 0, -1, NULL, "", 0 },
	{ "test", cmd_test, 0, -1, NULL, "", CAPS_READ },
	SUBCMD_END
};

int smackctl_main(int argc, char **argv)
{
	struct subcmds set = { commands, NULL, 0, "no command (see --help)", NULL, NULL, 0 };
	int status;

	if (smk_standin(argc, argv, &status))
		return status;

	enum { O_VERSION, O_HELP, O_N };
	struct opt o[] = { [O_VERSION] = { 'v', "version", 0 }, [O_HELP] = { 'h', NULL, 0 },
			   [O_N] = OPT_END };

	/* smack-utils' smackctl takes -v (its version) and -h (its usage). */
	opt_parse(&argc, &argv, o, OPTP_STOP);
	if (o[O_VERSION].seen) {
		printf("smackctl (lsmbox) version %s\n", LSMBOX_VERSION);
		return 0;
	}
	if (o[O_HELP].seen) {
		show_help(this_applet);
		return 0;
	}
	return subcmd_run(&set, argc, argv);
}

