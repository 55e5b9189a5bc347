# SPDX-License-Identifier: Apache-2.0
# Every smackfs setting get and set takes, on the Smack kernel: each
# number's limits on both sides (smackctl refuses what is past them, exit
# 2, and so does the kernel when written directly), each label setting's
# 255 and 256 bytes, the read-only ones refused by set, and the defaults
# put back at the end.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib

# NAME LOW HIGH: LOW and HIGH taken and read back, one past each refused by
# smackctl (the value left) and by the kernel itself
for k in logging:0:3 ptrace:0:2 direct:0:255 mapped:0:255 doi:1:4294967295; do
	n=${k%%:*} r=${k#*:}
	lo=${r%%:*} hi=${r#*:}
	before=$($S get $n)
	is "set $n $hi (its highest)" "$hi" sh -c "$S set $n $hi && $S get $n"
	is "set $n $((hi + 1)) is refused, exit 2" "exit 2
$hi" sh -c "$S set $n $((hi + 1)) 2>/dev/null; echo exit \$?; $S get $n"
	is "the kernel refuses $n $((hi + 1)) too" refused \
		sh -c "vm-probe write $F/$n $((hi + 1)) 2>/dev/null && echo taken || echo refused"
	is "set $n $lo (its lowest)" "$lo" sh -c "$S set $n $lo && $S get $n"
	is "set $n $((lo - 1)) is refused, exit 2" "exit 2
$lo" sh -c "$S set $n -- $((lo - 1)) 2>/dev/null; echo exit \$?; $S get $n"
	is "the kernel refuses $n $((lo - 1)) too" refused \
		sh -c "vm-probe write $F/$n $((lo - 1)) 2>/dev/null && echo taken || echo refused"
	ok "$n back to $before" $S set $n "$before"
done
is "the defaults read as 6.1 sets them" "logging 1
ptrace 0
direct 250
mapped 251
doi 3" sh -c "for n in logging ptrace direct mapped doi; do echo \$n \$($S get \$n); done"

# Label settings: 255 bytes taken, 256 refused by both.
l255=$(head -c 255 /dev/zero | tr '\0' L)
for n in ambient syslog unconfined; do
	before=$($S get $n)
	is "set $n to a 255-byte label" "$l255" sh -c "$S set $n $l255 && $S get $n"
	is "set $n to 256 bytes is refused, exit 2" "exit 2" sh -c "$S set $n ${l255}L 2>/dev/null; echo exit \$?"
	if [ $n = unconfined ]; then
		# 6.1 takes a label it cannot import for unconfined as a clear
		is "the kernel takes 256 bytes for unconfined as a clear" "taken" \
			sh -c "vm-probe write $F/$n ${l255}L 2>/dev/null && echo taken || echo refused; $S get $n"
	else
		is "the kernel refuses 256 bytes for $n too" refused \
			sh -c "vm-probe write $F/$n ${l255}L 2>/dev/null && echo taken || echo refused"
	fi
	is "set $n to a label with / is refused (the kernel would keep what is before it)" "exit 2" \
		sh -c "$S set $n a/b 2>/dev/null; echo exit \$?"
	case $n in
	unconfined) ok "unconfined cleared" $S set unconfined - ;;
	*) ok "$n back to $before" $S set $n "$before" ;;
	esac
done
is "syslog unset reads as *, ambient as _" "*
_" sh -c "$S get syslog; $S get ambient"

# onlycap: a list; relabel-self and current: this process's, read only.
# (with _, this shell's label, so that it keeps CAP_MAC_ADMIN to clear it)
is "onlycap _ A reads back reversed, as 6.1 keeps it" "A _" sh -c "$S set onlycap _ A && $S get onlycap"
mkdir -p img/sys/fs/smackfs
is "an image holds the same" "A _" sh -c "$S --root img set onlycap _ A && $S --root img get onlycap"
ok "onlycap - clears it" $S set onlycap -
is "onlycap is empty" "" $S get onlycap
is "relabel-self reads (empty)" "" $S get relabel-self
is "set relabel-self points to run, exit 2" "exit 2" sh -c "$S set relabel-self X 2>/dev/null; echo exit \$?"
is "current is this process's label" "_" $S get current
is "set current points to run, exit 2" "exit 2" sh -c "$S set current X 2>/dev/null; echo exit \$?"
umount $F
