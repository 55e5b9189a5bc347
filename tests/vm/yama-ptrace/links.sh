# SPDX-License-Identifier: Apache-2.0
# The fs.protected_* link restrictions: set-links writes what status and
# /proc/sys then read, refuses what the kernel would, and the setting works.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
Y="lsmbox yama-ptrace"
F=/proc/sys/fs
orig="symlinks=$(cat $F/protected_symlinks) hardlinks=$(cat $F/protected_hardlinks) fifos=$(cat $F/protected_fifos) regular=$(cat $F/protected_regular)"
get() { echo $(cat $F/protected_symlinks $F/protected_hardlinks $F/protected_fifos $F/protected_regular); }
for v in "0 0 0 0" "1 1 2 2" "0 1 1 0" "1 0 0 1"; do
	set -- $v
	ok "set-links $v" $Y set-links symlinks=$1 hardlinks=$2 fifos=$3 regular=$4
	is "/proc/sys reads $v" "$v" get
	is "status reads $v" "$v" sh -c "$Y status | sed -n 's/^fs.protected_[a-z]*: \([0-9]\).*/\1/p' | tr '\n' ' ' | sed 's/ \$//'"
done
ok "long names too" $Y set-links fs.protected_fifos=2 protected_regular=2
is "/proc/sys reads them" "1 0 2 2" get
is "out of range: nothing written" "2 1 0 2 2" sh -c "$Y set-links fifos=0 hardlinks=2 2>/dev/null; echo \$? \$(cat $F/protected_symlinks $F/protected_hardlinks $F/protected_fifos $F/protected_regular)"
# protected_symlinks at work: in a sticky world-writable directory, even root
# may not follow another user's symlink.
d=$(mktemp -d /tmp/links.XXXXXX)
chmod 1777 $d
echo hello > $d/file
vm-probe as 1000 ln -s $d/file $d/link
$Y set-links symlinks=1
is "symlinks=1: root may not follow uid 1000's link" refused sh -c "cat $d/link 2>/dev/null || echo refused"
$Y set-links symlinks=0
is "symlinks=0: it may" hello cat $d/link
ok "restore $orig" $Y set-links $orig
