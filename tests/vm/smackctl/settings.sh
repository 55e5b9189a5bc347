# SPDX-License-Identifier: Apache-2.0
# What the kernel does with the settings smackctl writes: relabel-self lets an
# unprivileged process take a label once, unconfined (a bring-up kernel)
# lets a label past every rule, ipv6host entries written from "::" forms,
# the old 24-column load file, and a Tizen-sized policy loaded with apply
# whose access2 answers match the offline model's.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib
secret_file
is "test: Smack is the active LSM (smack-utils' exit 0)" "exit 0" sh -c "$S test; echo exit \$?"
has "status starts as smack-utils' does" "SmackFS is mounted to /sys/fs/smackfs/" $S status
$S label -a Secret m/file
$S change-rule Other Secret r -
# reads LABEL: uid 1000 labelled LABEL tries to read m/file; "allowed" or
# "denied".  (Nothing opened for writing: /dev/null is the floor's, and
# writing to _ takes a rule.)
reads() {
	$S run "$1" vm-probe as 1000 sh -c "cat m/file 2>&1 | grep -q secret && echo allowed || echo denied"
}
is "User may not read the Secret file" denied reads User
is "Other may" allowed reads Other
is "without relabel-self uid 1000 cannot become Other" \
	"smackctl: /proc/self/attr/current: Other: Operation not permitted" \
	sh -c "$S run User vm-probe as 1000 $S run Other true 2>&1; true"
is "run --relabel-self: CMD inherits the list" "A
Other" sh -c "$S run --relabel-self 'Other A' User $S get relabel-self | tr ' ' '\n' | sort"
is "with relabel-self Other, uid 1000 becomes Other and reads" "Other allowed" \
	$S run --relabel-self Other User vm-probe as 1000 $S run Other sh -c \
		'printf "%s " $(lsmbox smackctl get current); cat m/file | grep -q secret && echo allowed'
is "relabel-self is spent by one use" \
	"smackctl: /proc/self/attr/current: A: Operation not permitted" \
	sh -c "$S run --relabel-self 'Other A' User vm-probe as 1000 $S run Other $S run A true 2>&1; true"
is "set relabel-self is refused: it would die with smackctl" "exit 2" \
	sh -c "$S set relabel-self Other 2>/dev/null; echo exit \$?"

# unconfined: the label the bring-up kernel lets past the rules.
is "unconfined is empty at boot" "" $S get unconfined
ok "set unconfined User" $S set unconfined User
is "unconfined reads back" User $S get unconfined
is "an unconfined User reads the Secret file" allowed reads User
ok "set unconfined - clears it" $S set unconfined -
is "cleared" "" $S get unconfined
is "User is confined again" denied reads User

# ipv6host: smackctl writes the eight groups the kernel reads.
ok "ipv6host fe80::1/64" $S set ipv6host fe80::1/64 Lan
ok "ipv6host ::1" $S set ipv6host ::1 Loop
# The kernel keeps the prefix: the host bits are masked off.
has "the kernel shows the /64 entry" "fe80:0000:0000:0000:0000:0000:0000:0000/64 Lan" $S get ipv6host
has "and the host entry" "0000:0000:0000:0000:0000:0000:0000:0001/128 Loop" $S get ipv6host
ok "ipv6host -DELETE" $S set ipv6host ::1 -DELETE
is "the deleted entry is gone" 0 sh -c "$S get ipv6host | grep -c Loop; true"
is "IPv4 in ipv6host is refused before the kernel" "exit 2" \
	sh -c "$S set ipv6host 10.0.0.1 X 2>/dev/null; echo exit \$?"
ok "netlabel without /BITS" $S set netlabel 192.168.7.1 Host
has "the kernel shows it as /32" "192.168.7.1/32 Host" $S get netlabel

# A prefix that ends inside a group: what 6.1 really keeps (it masks the
# group as a number in the CPU's byte order), and the same sets on an
# image (--root) must hold what the kernel shows, line for line and in its
# order (longest prefix first).
mkdir -p img/sys/fs/smackfs
$S --root img set ipv6host fe80::1/64 Lan	# the entries set live above
$S --root img set netlabel 192.168.7.1 Host
for e in 2001:db8::ffff:ffff:ffff:ffff/68:Odd 2001:db8::ffff:ffff:ffff:ffff/72:Half \
	::ffff/127:Near ffff::/1:One 2001:db8:1::/48:Site 10.0.0.0/8:Ten; do
	a=${e%:*} l=${e##*:}
	case $a in
	*.*) k=netlabel ;;
	*) k=ipv6host ;;
	esac
	$S set $k "$a" "$l" 2>/dev/null
	$S --root img set $k "$a" "$l" 2>/dev/null
done
has "6.1 keeps 0f00 of group 5 under /68 (not f000)" "2001:0db8:0000:0000:0f00:0000:0000:0000/68 Odd" $S get ipv6host
has "and ff00 under /72" "2001:0db8:0000:0000:ff00:0000:0000:0000/72 Half" $S get ipv6host
has "and ff7f of the last group under /127" "0000:0000:0000:0000:0000:0000:0000:ff7f/127 Near" $S get ipv6host
has "and 0100 of the first under /1" "0100:0000:0000:0000:0000:0000:0000:0000/1 One" $S get ipv6host
is "set says so for /68" "smackctl: ipv6host: /68 ends inside group 5: Linux 6.1 keeps its bits 0f00, not the first 4 (f000): it holds 2001:0db8:0000:0000:0f00:0000:0000:0000/68 Odd" \
	sh -c "$S set ipv6host 2001:db8::ffff:ffff:ffff:ffff/68 Odd 2>&1"
# (the kernel's lists filtered to this script's entries: others in the same
# boot leave theirs, and netlabel entries cannot be removed)
is "an image's ipv6host holds what the kernel shows, in its order" \
	"$($S get ipv6host | grep -E ' (Lan|Odd|Half|Near|One|Site)$')" cat img/sys/fs/smackfs/ipv6host
is "an image's netlabel too" "$($S get netlabel | grep -E ' (Host|Ten)$')" cat img/sys/fs/smackfs/netlabel

# The 24-column load file, as on kernels before load2.
printf 'Leg Obj rwx\nLeg Obj2 rwxatl\n' > leg
ok "load --legacy" $S load --legacy leg
is "the rules are in" "Leg Obj rwx
Leg Obj2 rwxatl" sh -c "$S rules --subject Leg | sort"
has "the load file shows them" "Leg Obj rwx" cat $F/load
has "rules --json" '{"subject":"Leg","object":"Obj","access":"rwx"}' sh -c "$S rules --json --subject Leg | tr -d '[]' | sed 's/},{/}\\n{/g'"
printf 'Leg Obj r\nLegacyLabelLongerThan23Bytes Obj r\n' > leg2
is "a label over 23 bytes is refused before any write" "smackctl: leg2:2: load takes labels of at most 23 bytes
exit 2
Leg Obj rwx" sh -c "$S load --legacy leg2 2>&1; echo exit \$?; $S rules --subject Leg | grep 'Obj '"
printf 'Leg Obj r -\n' > chg
is "a change line cannot go through load" "smackctl: chg:1: load cannot change a rule (it has no change-rule)
exit 2" sh -c "$S load --legacy chg 2>&1; echo exit \$?"

# A Tizen-sized policy through apply, checked rule by rule and query by query.
mkdir -p etc
sh /vm/tests/smackctl/ruleset etc 1990 3000
ok "apply the 40,000-rule policy" $S apply --config etc
is "every rule is loaded" "" sh -c "$S check etc/accesses.d > want; $S rules > got; sort want > a; sort got > b; diff a b | head -5"
is "the kernel has one rule a pair, as many as the files name" "$(wc -l < want)" sh -c "wc -l < got"
$S access --batch etc/queries > kernel.out
$S access --offline --rules etc/accesses.d --batch etc/queries > offline.out
is "3,000 queries: the kernel and offline agree on each" "" \
	sh -c "paste -d' ' etc/queries kernel.out offline.out | awk '\$4 != \$5' | head -5"
is "both answers occur" 2 sh -c "sort -u kernel.out | wc -l"
umount m
umount $F
