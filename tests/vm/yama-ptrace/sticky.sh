# SPDX-License-Identifier: Apache-2.0
# ptrace_scope 3: nothing may attach, not even root, and the kernel refuses
# every other value until reboot.  Its own boot (the command line differs
# from the other scripts'), since no later test could lower it.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1
. /vm/lib.sh
. /vm/tests/yama-ptrace/attach.lib
has "set 3 warns that it cannot be undone" \
	"yama-ptrace: warning: ptrace_scope 3 cannot be undone without a reboot: no process, not even root, may attach" \
	$Y set 3
is "ptrace_scope reads 3" 3 cat /proc/sys/kernel/yama/ptrace_scope
has "status says no-attach" \
	"kernel.yama.ptrace_scope: 3 no-attach (no process may attach, not even root; sticky until reboot)" $Y status
is "status --json says locked" '"locked":true' sh -c "$Y status --json | grep -o '\"locked\":[a-z]*'"
matrix 3
is "set 1 fails with the kernel's EINVAL" \
	"yama-ptrace: cannot lower kernel.yama.ptrace_scope from 3 to 1: 3 (no-attach) stays until reboot; the kernel says: Invalid argument
1" sh -c "$Y set 1 2>&1; echo \$?"
is "the kernel itself refuses it" refused sh -c "echo 0 > /proc/sys/kernel/yama/ptrace_scope 2>/dev/null && echo taken || echo refused"
is "still 3" 3 cat /proc/sys/kernel/yama/ptrace_scope
ok "set 3 again is accepted" $Y set 3
