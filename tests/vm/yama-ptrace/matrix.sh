# SPDX-License-Identifier: Apache-2.0
# The attach matrix for ptrace_scope 0, 1 and 2: for each, an unprivileged,
# a CAP_SYS_PTRACE and a root tracer attach to a child, a non-child and
# targets that declared a ptracer with yama-ptrace allow, and check's
# prediction must match the kernel's answer.  Scope 3 is sticky: sticky.sh.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
. /vm/tests/yama-ptrace/attach.lib
has "status: Yama is active" "yama: active" $Y status
has "status: the LSM list is shown" "lsm: $(cat /sys/kernel/security/lsm)" $Y status
for s in 0 1 2; do
	ok "set $s" $Y set $s
	is "ptrace_scope reads $s" $s cat /proc/sys/kernel/yama/ptrace_scope
	is "status --json says $s" "\"value\":$s" sh -c "$Y status --json | grep -o '\"value\":[0-9]*' | head -n 1"
	matrix $s
done
# The kernel's own log line for a denial (scope 1, unrelated target).
$Y set 1
target T vm-probe as $U sleep 300
wait_ready $T sleep $U
vm-probe as $U $Y check --try $T > /dev/null 2>&1
has "a Yama denial is logged" yes sh -c "dmesg | grep -q 'ptrace attach of \"sleep 300\"\\[$T\\] was attempted by' && echo yes"
kill $T
is "an unprivileged set is refused" "1 1" sh -c "vm-probe as $U $Y set 0 2>/dev/null; echo \$? \$(cat /proc/sys/kernel/yama/ptrace_scope)"
is "allow of a nonexistent PID" "2" sh -c "$Y allow 99999 -- true 2>/dev/null; echo \$?"
ok "back to 0" $Y set 0
