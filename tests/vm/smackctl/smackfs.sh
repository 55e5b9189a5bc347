# SPDX-License-Identifier: Apache-2.0
# The Smack kernel: smackfs mounts, lsmbox finds it, load2 takes a rule and
# access2 answers from it.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/lib.sh
F=/sys/fs/smackfs
is "lsm is smack" "capability,smack" cat /sys/kernel/security/lsm
ok "mount smackfs" mount -t smackfs smackfs $F
has "lsmbox --paths finds smackfs" "smackfs $F" lsmbox --paths
is "init runs with the floor label" _ cat /proc/self/attr/current
ok "load2 takes a rule" sh -c "printf 'a b rw' > $F/load2"
has "load2 lists it" "a b rw" cat $F/load2
is "access2: a may read b" 1 sh -c "exec 4<>$F/access2; printf 'a b r' >&4; head -c 1 <&4"
is "access2: a may not execute b" 0 sh -c "exec 4<>$F/access2; printf 'a b x' >&4; head -c 1 <&4"
# The kernel stops reading access letters at the first one it does not know:
# "c d xq" is taken, as "c d x".  smackctl must be the stricter one.
ok "load2 takes an unknown letter" sh -c "printf 'c d xq' > $F/load2"
has "and stops at it" "c d x" cat $F/load2
long=$(head -c 256 /dev/zero | tr '\0' L)
is "a 256-byte label is EINVAL" "vm-probe: write: Invalid argument
exit 1" sh -c "vm-probe write $F/load2 '$long b r' 2>&1; echo exit \$?"
is "a 255-byte label is taken" "exit 0" sh -c "vm-probe write $F/load2 '${long#L} b r' 2>&1; echo exit \$?"
