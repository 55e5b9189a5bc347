# SPDX-License-Identifier: Apache-2.0
# Debian's kernel booted with SELinux (no policy loaded, so permissive):
# the LSM list, selinuxfs, and lsmbox finding it.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,selinux,integrity selinux=1 security=selinux
. /vm/lib.sh
is "lsm lists selinux" "lockdown,capability,yama,selinux" cat /sys/kernel/security/lsm
ok "mount selinuxfs" mount -t selinuxfs selinuxfs /sys/fs/selinux
has "lsmbox --paths finds selinuxfs" "selinuxfs /sys/fs/selinux" lsmbox --paths
is "no policy loaded: permissive" 0 cat /sys/fs/selinux/enforce
ok "selinuxfs has load and policyvers" test -e /sys/fs/selinux/load -a -e /sys/fs/selinux/policyvers
