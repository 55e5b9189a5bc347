// SPDX-License-Identifier: Apache-2.0
/* aa-profile: AppArmor profile text as `aa-compile -Q -o` compiles a file
 * (one_file: the scanner with its includes, the grammar and the rules'
 * checks, each profile resolved, its DFAs built and its records written,
 * the -D rule-exprs dump too), for fixed kernel features given as -M
 * gives them, with --dfa-memory 64 (the default 1 GiB is the fuzz runs'
 * resident limit).  Under --root: a tree made once in a temporary
 * directory (tunables, abstractions, abi files), so that an include never
 * reads the host's /etc/apparmor.d. */
#include "../../applets/aa-compile/aa-compile.c"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);

/* Every class aa-compile writes for (network before network_v8: a name
 * is not found after a longer one it starts), so that an abi rule can
 * take each away; not diff_encode, which it refuses. */
#define CAPS "chown dac_override dac_read_search fowner fsetid kill setgid setuid setpcap " \
	"linux_immutable net_bind_service net_broadcast net_admin net_raw ipc_lock ipc_owner " \
	"sys_module sys_rawio sys_chroot sys_ptrace sys_pacct sys_admin sys_boot sys_nice " \
	"sys_resource sys_time sys_tty_config mknod lease audit_write audit_control setfcap " \
	"mac_override mac_admin syslog wake_alarm block_suspend audit_read perfmon bpf"
static const char kernel_features[] =
	"caps {mask {" CAPS " checkpoint_restore\n}\n}\n"
	"dbus {mask {acquire send receive\n}\n}\n"
	"signal {mask {hup int quit kill usr1 usr2 term\n}\n}\n"
	"ptrace {mask {read trace\n}\n}\n"
	"mount {mask {mount umount pivot_root\n}\n}\n"
	"network {af_unix {yes\n}\naf_mask {unspec unix inet inet6 netlink packet\n}\n}\n"
	"network_v8 {af_mask {unspec unix inet inet6 netlink packet\n}\n}\n"
	"file {mask {create read write exec append mmap_exec link lock\n}\n}\n"
	"domain {attach_conditions {xattr {yes\n}\n}\nstack {yes\n}\nchange_profile {yes\n}\n}\n"
	"policy {outofband {0x000001\n}\nset_load {yes\n}\n"
	"versions {v8 {yes\n}\nv7 {yes\n}\nv6 {yes\n}\nv5 {yes\n}\n}\n}\n";

/* The image: a path under the root, its text (NULL: a directory). */
static const struct {
	const char *path, *text;
} tree[] = {
	{ "features", kernel_features },
	{ "etc", NULL },
	{ "etc/apparmor.d", NULL },
	{ "etc/apparmor.d/abi", NULL },
	{ "etc/apparmor.d/abi/3.0", "caps {mask {" CAPS "\n}\n}\ndbus {mask {send receive\n}\n}\n"
				    "signal {mask {hup kill\n}\n}\nptrace {mask {read trace\n}\n}\n"
				    "mount {mask {mount umount\n}\n}\nnetwork {af_unix {yes\n}\n}\n"
				    "domain {stack {yes\n}\n}\n" },
	{ "etc/apparmor.d/abi/kernel-6.1", "caps {mask {chown kill\n}\n}\nsignal {mask {hup\n}\n}\n"
					   "ptrace {mask {read\n}\n}\nmount {mask {mount\n}\n}\n"
					   "network_v8 {af_mask {inet\n}\n}\ndomain {attach_conditions "
					   "{xattr {yes\n}\n}\nstack {yes\n}\n}\n" },
	{ "etc/apparmor.d/tunables", NULL },
	{ "etc/apparmor.d/tunables/global", "include <tunables/home>\n@{PROC}=/proc/\n"
					    "@{pid}={[1-9],[1-9][0-9]*}\n" },
	{ "etc/apparmor.d/tunables/home", "@{HOMEDIRS}=/home/\n@{HOME}=@{HOMEDIRS}/*/ /root/\n"
					  "include if exists <tunables/home.d>\n" },
	{ "etc/apparmor.d/tunables/home.d", NULL },
	{ "etc/apparmor.d/tunables/home.d/site", "@{HOMEDIRS}+=/srv/home/\n" },
	{ "etc/apparmor.d/abstractions", NULL },
	{ "etc/apparmor.d/abstractions/base", "  /etc/ld.so.cache r,\n  /{usr/,}lib{,32,64}/** mr,\n"
					      "  signal (receive) peer=unconfined,\n" },
	{ "etc/apparmor.d/abstractions/nameservice", "  include <abstractions/base>\n  /etc/hosts r,\n"
						     "  network inet dgram,\n" },
	{ "etc/apparmor.d/local", NULL },
};

static char root[] = "/tmp/lsmbox-fuzz-aa.XXXXXX";
static const char *dirs[] = { "/etc/apparmor.d" };
static struct aa_kfeat kf0;	/* the features once -M is read */

static void unmake(void)
{
	for (size_t i = ARRAY_SIZE(tree); i-- > 0;) {
		char *p = xasprintf("%s/%s", root, tree[i].path);

		if (tree[i].text)
			unlink(p);
		else
			rmdir(p);
		free(p);
	}
	rmdir(root);
}

/* aa-compile --root IMAGE -Q -D rule-exprs --dfa-memory 64 -M IMAGE/features,
 * as aa_parser_main sets it up (no cache, nothing loaded). */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static char kf[64];

	(void)argc;
	(void)argv;
	if (!mkdtemp(root))
		die_errno("mkdtemp");
	atexit(unmake);
	for (size_t i = 0; i < ARRAY_SIZE(tree); i++) {
		char *p = xasprintf("%s/%s", root, tree[i].path);

		if (tree[i].text ? write_file_atomic(p, tree[i].text, strlen(tree[i].text), 0644) : mkdir(p, 0755))
			die_errno("%s", p);
		free(p);
	}
	root_set(root);
	TT.dirs = dirs;
	TT.ndirs = 1;
	TT.base = dirs[0];
	TT.rule_exprs = true;
	TT.dfa_mem = (size_t)64 << 20;
	snprintf(kf, sizeof(kf), "%s/features", root);
	TT.kernel_features = TT.policy_features = kf;
	if (compile_setup())
		die("%s: not taken", kf);
	kf0 = aa_kf;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[32];
	int fd = fuzz_file(data, size, path);

	if (fd < 0)
		return 0;
	/* an abi rule's capability names stay in aa_kf: the next input
	 * starts from -M's */
	for (int i = 0; i < 64; i++)
		if (aa_kf.cap_names[i] != kf0.cap_names[i])
			free(aa_kf.cap_names[i]);
	aa_kf = kf0;
	FUZZ_TRY(one_file(path));
	TT.out.len = 0;
	close(fd);
	return 0;
}
