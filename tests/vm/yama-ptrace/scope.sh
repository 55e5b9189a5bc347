# SPDX-License-Identifier: Apache-2.0
# Yama in Debian's kernel: ptrace_scope reads, and writes that the kernel
# allows take effect (3 is left to yama-ptrace's own tests: it is sticky).
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
P=/proc/sys/kernel/yama/ptrace_scope
# 0, where upstream starts at 1: Debian's kernel patches Yama to start off
# (seen here, 6.1.0-57-amd64); an admin or sysctl.d turns it on.
is "ptrace_scope starts at Debian's 0" 0 cat $P
for s in 1 2 0; do
	ok "set ptrace_scope $s" sh -c "echo $s > $P"
	is "ptrace_scope reads $s" $s cat $P
done
is "out of range is refused" "refused" sh -c "echo 4 > $P 2>/dev/null && echo taken || echo refused"
