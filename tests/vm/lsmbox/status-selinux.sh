# SPDX-License-Identifier: Apache-2.0
# lsmbox status on Debian's kernel booted with SELinux (the boot of
# lsm-selinux.sh): its object in status --json is what selinuxfs says.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,selinux,integrity selinux=1 security=selinux
. /vm/lib.sh
F=/sys/fs/selinux
grep -q " $F selinuxfs " /proc/mounts || mount -t selinuxfs selinuxfs $F
. /vm/tests/lsmbox/status.lib
e=$(cat $F/enforce)
is "status: selinux is selinuxfs" \
	"\"selinux\":{\"active\":true,\"mode\":\"$([ "$e" = 1 ] && echo enforcing || echo permissive)\",\"policyvers\":$(num $F/policyvers),\"mls\":$(num $F/mls),\"deny_unknown\":$(num $F/deny_unknown)}" \
	field selinux
off() { printf '%s\n' "$J" | grep -oE '"(apparmor|smack|tomoyo)":\{[^}]*\}' | tr '\n' ' '; }
is "status: not active: apparmor, smack, tomoyo" \
	'"apparmor":{"active":false} "smack":{"active":false} "tomoyo":{"active":false} ' off
