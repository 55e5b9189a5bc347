# SPDX-License-Identifier: Apache-2.0
# The credential and dumpability checks against real attaches: a target
# whose saved uid is root (real and effective 1000), and a non-dumpable one
# (PR_SET_DUMPABLE 0), each attached by uid 1000 without capabilities and by
# uid 1000 with CAP_SYS_PTRACE, at scope 0 (Yama adds nothing: the classic
# checks alone decide) and scope 1; check's prediction must match each.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
. /vm/tests/yama-ptrace/attach.lib
for s in 0 1; do
	ok "set $s" $Y set $s
	target S vm-probe ids $U $U 0 300
	target ND vm-probe undumpable $U 300
	wait_ready $S sleep $U || fail "scope $s: the saved-uid target did not start"
	wait_ready $ND sleep $U || fail "scope $s: the non-dumpable target did not start"
	is "scope $s: the target's saved uid is 0, and nothing else differs" "$U $U 0 $U $U $U" \
		awk '/^Uid:/ { u = $2 " " $3 " " $4 } /^Gid:/ { g = $2 " " $3 " " $4 } END { print u, g }' /proc/$S/status
	# The kernel leaves /proc/PID to the euid; the files in it are root's.
	is "scope $s: the non-dumpable target's /proc files are root's" "1000 0" \
		sh -c "echo \$(stat -c %u /proc/$ND /proc/$ND/stat)"
	attach "scope $s: unpriv attaches to a target whose saved uid is root" unpriv denied denied $S
	attach "scope $s: cap attaches to a target whose saved uid is root" cap allowed allowed $S
	attach "scope $s: unpriv attaches to a non-dumpable target" unpriv denied denied $ND
	attach "scope $s: cap attaches to a non-dumpable target" cap allowed allowed $ND
	kill $PIDS 2>/dev/null
	PIDS=
done
ok "back to 0" $Y set 0
