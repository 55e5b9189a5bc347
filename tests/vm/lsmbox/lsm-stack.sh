# SPDX-License-Identifier: Apache-2.0
# Debian's kernel with AppArmor, TOMOYO and Yama stacked and IMA measuring:
# the LSMs asked for are the ones running, and each one's securityfs is there.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
S=/sys/kernel/security
is "lsm lists the stack asked for" "lockdown,capability,yama,apparmor,tomoyo" cat $S/lsm
# Each LSM named in lsm= (integrity has no hooks, so it is not listed).
for m in $(sed -n 's/.*lsm=\([^ ]*\).*/\1/p' /proc/cmdline | tr , ' '); do
	[ "$m" = integrity ] && continue
	has "lsm has $m" "$m" sh -c "tr , '\n' < $S/lsm"
done
has "lsmbox --paths finds securityfs" "securityfs $S" lsmbox --paths
ok "apparmor securityfs" test -e $S/apparmor/.load -a -e $S/apparmor/profiles
is "apparmor enabled" Y cat /sys/module/apparmor/parameters/enabled
ok "tomoyo securityfs" test -e $S/tomoyo/domain_policy -a -e $S/tomoyo/exception_policy
ok "ima securityfs" test -e $S/ima/policy -a -e $S/ima/ascii_runtime_measurements
# ima_policy=tcb measures from boot: the first entry is the boot aggregate.
is "ima measured the boot aggregate" boot_aggregate sh -c "head -n 1 $S/ima/ascii_runtime_measurements | awk '{ print \$NF }'"
ok "evm securityfs" test -e $S/evm
