# SPDX-License-Identifier: Apache-2.0
# Debian's 6.1 kernel loads the policy aa-compile writes for the corners
# of tests/aa-compile/exprs (mount rules among them; and for the features
# of Debian's abi/kernel-5.4-vanilla and abi/3.0) and for every profile
# Debian ships (compiled on the host: "vm-carry: aa-debian"): each file
# written whole to .replace in one write, as libapparmor writes it.  The
# corners are removed again; then every profile apparmor_parser -N names
# in Debian's (one name once: a profile in two files is replaced by the
# second) is in the kernel's list, and nothing else; then each is removed
# again through .remove.  (Enforcement itself is issue 23's.)
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: aa-debian
. /vm/lib.sh
A=/sys/kernel/security/apparmor
is "apparmor: the kernel has it" "yes" sh -c "[ -w $A/.replace ] && echo yes"

# corners DIR WHAT: every policy file in DIR through .replace (their
# names overlap: each file replaces the last's), then every profile the
# kernel lists removed (:NS://NAME is :NS:NAME)
corners() {
	: > refused
	n=0
	for f in "$1"/*.bin; do
		n=$((n + 1))
		dd if="$f" of=$A/.replace bs=4M 2> err || echo "${f##*/}: $(tail -n 1 err)" >> refused
	done
	is "apparmor: every corner$2 taken by .replace ($n files)" "" cat refused
	is "apparmor: over 9 corners$2" "many" sh -c "[ $n -gt 9 ] && echo many"
	sed 's/ ([a-z]*)$//; s,^\(:[^:]*:\)//,\1,' $A/profiles | grep -v // > corners
	while read -r name; do
		printf '%s' "$name" > $A/.remove
	done < corners
	is "apparmor: the corners$2 removed again" "0" sh -c "wc -l < $A/profiles"
}
corners /vm/aa/corners ""
# the corners compiled for older kernels' features: the 6.1 kernel takes
# ABI 5 records and policy DB rules of classes it does not mediate
for a in kernel-5.4-vanilla 3.0; do
	corners /vm/aa/corners-$a " for abi/$a"
done

: > refused
n=0
# /etc/apparmor.d's after the extra profiles: where both have a profile,
# the installed one is the one listed last
for f in /vm/aa/usr/share/apparmor/extra-profiles/*.bin /vm/aa/etc/apparmor.d/*.bin; do
	n=$((n + 1))
	# dd: the whole file in one write(2) (a policy is one write)
	dd if="$f" of=$A/.replace bs=4M 2> err || echo "${f##*/}: $(tail -n 1 err)" >> refused
done
is "apparmor: every policy file taken by .replace ($n files)" "" cat refused
is "apparmor: over 140 files" "many" sh -c "[ $n -gt 140 ] && echo many"
: > missing
while read -r name; do
	awk -v n="$name" 'substr($0, 1, length(n) + 2) == n " (" { f = 1 } END { exit !f }' $A/profiles ||
		echo "$name" >> missing
done < /vm/aa/names
is "apparmor: every profile named is in the kernel's list ($(wc -l < /vm/aa/names) names)" "" cat missing
is "apparmor: the list has no other" "$(wc -l < /vm/aa/names)" sh -c "wc -l < $A/profiles"
is "apparmor: every one in enforce or complain mode" "" \
	sh -c "grep -v ' (enforce)\$' $A/profiles | grep -v ' (complain)\$'; true"
# a profile's removal takes its hats and children with it
: > kept
while read -r name; do
	case $name in *//*) continue ;; esac
	printf '%s' "$name" > $A/.remove 2> /dev/null || echo "$name" >> kept
done < /vm/aa/names
is "apparmor: each removed again" "0" sh -c "cat kept; wc -l < $A/profiles"
