# SPDX-License-Identifier: Apache-2.0
# lsmbox status on the Smack kernel: its object in status --json is what
# smackfs says, after a few rules and an onlycap are set.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/lib.sh
F=/sys/fs/smackfs
grep -q " $F smackfs " /proc/mounts || mount -t smackfs smackfs $F
printf 'StA StB rw\nStB StC r\n' > r
ok "status: two rules loaded" lsmbox smackctl load r
. /vm/tests/lsmbox/status.lib
is "status: smack is smackfs" \
	"\"smack\":{\"active\":true,\"rules\":$(wc -l < $F/load2),\"onlycap\":$(str $F/onlycap),\"ambient\":$(str $F/ambient)}" \
	field smack
ok "status: the rules loaded are counted" sh -c "[ $(wc -l < $F/load2) -ge 2 ]"
is "status: lsm is smack's" "\"lsm\":{\"order\":\"$(cat $S/lsm)\"}" field lsm
