# SPDX-License-Identifier: Apache-2.0
# aa-compile's kernel operations in Debian's 6.1 kernel, beside Debian's
# apparmor_parser run in the same boot: the running kernel's features
# (apparmorfs's directory) and /etc/apparmor/parser.conf's policy
# features; -r, -a, -R of Debian's profiles (a profile and its hats in one
# write: the kernel has policy/set_load), as apparmor_parser -r/-a/-R
# with its words and statuses where the kernel refuses; -N.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: aa-profiles anchor:/usr/sbin/apparmor_parser
. /vm/lib.sh
A=/sys/kernel/security/apparmor
REF=/vm/anchor/apparmor_parser
ln -s /bin/lsmbox /tmp/apparmor_parser
OURS=/tmp/apparmor_parser
is "apparmor: the kernel has it, with set_load" "yes" cat $A/features/policy/set_load

# The running kernel's features: the same policy as Debian's file (which
# is this kernel's), the anchor's too.
: > differ
for f in /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping /etc/apparmor.d/usr.sbin.dnsmasq; do
	$REF -Q -K -S "$f" > a.bin 2> a.err || echo "${f##*/}: anchor: $(tail -n 1 a.err)" >> differ
	lsmbox aa-compile -Q -S "$f" > b.bin 2> b.err || echo "${f##*/}: ours: $(tail -n 1 b.err)" >> differ
	lsmbox aa-compile -Q -S -M /usr/share/apparmor-features/features "$f" > c.bin 2> /dev/null
	cmp -s a.bin b.bin || echo "${f##*/}: not the anchor's" >> differ
	cmp -s b.bin c.bin || echo "${f##*/}: not Debian's file's" >> differ
done
is "apparmor: with the running kernel's features, three profiles as the anchor's and as -M Debian's file" "" cat differ
# the running kernel's features text as libapparmor makes it of the
# directory: the same hash, so the same policy cache directory
is "apparmor: --print-cache-dir as the anchor's (the features directory's text hashed alike)" \
	"$($REF --print-cache-dir 2>/dev/null)" lsmbox aa-compile --print-cache-dir

# -r: the profiles and their hats listed, in enforce mode; each profile's
# raw data (the write it came in) what apparmor_parser -S writes for it
# where the file has no hats (one record, one write).
ok "apparmor: -r usr.bin.man and bin.ping" $OURS -r /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping
list() { sed 's/ (enforce)$/ e/; s/ (complain)$/ c/' $A/profiles | sort; }
is "apparmor: listed with their hats, in their modes (ping complain)" \
	"$(printf '/usr/bin/man e\nman_filter e\nman_groff e\nping c')" list
is "apparmor: the names are those apparmor_parser -N gives" \
	"$($REF -N /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping 2>/dev/null | sort)" \
	sh -c "sed 's/ ([a-z]*)\$//' $A/profiles | sort"
# the kernel's hash of each profile (its record): ours, then the anchor's
# sha [man]: the kernel's hash of each (of usr.bin.man's alone)
sha() { for n in /usr/bin/man man_filter man_groff ${1:-ping}; do
	[ "$n" = man ] && continue
	d=$(grep -lx -- "$n" $A/policy/profiles/*/name | head -n 1)
	echo "$n $(cat "${d%/name}/sha1")"
done; }
sha > ours.sha
# -a of a profile there: the kernel's EEXIST in the anchor's words and status
$REF -a /etc/apparmor.d/bin.ping > /dev/null 2> a.err
ra=$?
sed 's/^[^:]*: //' a.err > a.msg
is "apparmor: -a of a loaded profile: refused, as the anchor (the kernel's own line aside)" "$ra
$(cat a.msg)" sh -c "lsmbox aa-compile -a /etc/apparmor.d/bin.ping 2> e; echo \$?; grep -v '^aa-compile: the kernel: ' e | sed 's/^aa-compile: //'"
# ... and the kernel's line about it, from its log
is "apparmor: -a of a loaded profile: the kernel's reason, from its log" \
	'apparmor="STATUS" operation="profile_replace" info="profile can not be replaced" error=-17' \
	sh -c "grep '^aa-compile: the kernel: ' e | grep -o 'apparmor=\"STATUS\" operation=\"profile_replace\" info=\"profile can not be replaced\" error=-17'"
is "apparmor: that was exit 239 (256 less EEXIST)" "239" echo $ra
$REF -r /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping 2> /dev/null
is "apparmor: the kernel's hash of each profile the same after the anchor's -r" "$(cat ours.sha)" sha
# -R: removed, hats with them; again: ENOENT as the anchor says it
ok "apparmor: -R" $OURS -R /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping
is "apparmor: none left" "0" sh -c "wc -l < $A/profiles"
$REF -R /etc/apparmor.d/bin.ping > /dev/null 2> a.err
ra=$?
sed 's/^[^:]*: //' a.err > a.msg
is "apparmor: -R of a profile not there: refused, as the anchor (the kernel's own line aside)" "$ra
$(cat a.msg)" sh -c "lsmbox aa-compile -R /etc/apparmor.d/bin.ping 2> e; echo \$?; grep -v '^aa-compile: the kernel: ' e | sed 's/^aa-compile: //'"
# -a: added
ok "apparmor: -a" lsmbox aa-compile -a /etc/apparmor.d/bin.ping
is "apparmor: listed" "ping c" list
ok "apparmor: -R again" lsmbox aa-compile -R /etc/apparmor.d/bin.ping

# A profile and its child in one write: the kernel keeps that write as
# each one's raw data (the same bytes); a kernel without policy/set_load
# (this one's features without it, copied) gets a record a write.
# raw NAME: the sha1 of the raw data of the profile NAME (a child's dir
# is in its parent's profiles/, its name file the child's own name), or
# "none"
raw() {
	d=$(find $A/policy/profiles -name name | while read -r f; do [ "$(cat "$f")" = "${1##*//}" ] && echo "$f"; done | head -n 1)
	if [ -z "$d" ]; then
		echo none
	else
		sha1sum < "${d%/name}/raw_data" | cut -d' ' -f1
	fi
}
ok "apparmor: -r dnsmasq (a child profile)" lsmbox aa-compile -r /etc/apparmor.d/usr.sbin.dnsmasq
is "apparmor: the profile and its child have one raw data (one write)" "$(raw dnsmasq)" raw dnsmasq//libvirt_leaseshelper
ok "apparmor: -R it" lsmbox aa-compile -R /etc/apparmor.d/usr.sbin.dnsmasq
cp -R $A/features feat
rm feat/policy/set_load
ok "apparmor: -r dnsmasq, a record a write (features without set_load)" \
	lsmbox aa-compile -r -M feat /etc/apparmor.d/usr.sbin.dnsmasq
is "apparmor: both listed" "$(printf 'dnsmasq c\ndnsmasq//libvirt_leaseshelper c')" list
r1=$(raw dnsmasq)
r2=$(raw dnsmasq//libvirt_leaseshelper)
is "apparmor: each its own raw data (two writes)" "differ" sh -c "[ '$r1' != '$r2' ] && [ $r1 != none ] && [ $r2 != none ] && echo differ"
ok "apparmor: -R it again" lsmbox aa-compile -R /etc/apparmor.d/usr.sbin.dnsmasq

# aa-complain's and aa-disable's links in the base: forced to complain
# (the header's flag), skipped
mkdir -p base/force-complain base/disable
ln -s /etc/apparmor.d/usr.bin.man base/force-complain/usr.bin.man
ln -s /etc/apparmor.d/bin.ping base/disable/bin.ping
ok "apparmor: -r with a base whose force-complain/ has usr.bin.man" \
	lsmbox aa-compile -q -r -b base -I /etc/apparmor.d /etc/apparmor.d/usr.bin.man /etc/apparmor.d/bin.ping
is "apparmor: its profiles in complain mode, the disabled one not loaded" \
	"$(printf '/usr/bin/man c\nman_filter c\nman_groff c')" list
ok "apparmor: -R it again" lsmbox aa-compile -R /etc/apparmor.d/usr.bin.man

# every profile Debian ships, a directory a call, as apparmor.service's
# job calls apparmor_parser (without the cache, below)
ok "apparmor: -r /etc/apparmor.d" $OURS -r -- /etc/apparmor.d
# The policy cache, as apparmor.service's job uses it: written by the
# first call, every entry read by the next, ours and the anchor's each
# reading the other's; the kernel's hash of every profile the same as
# after a compile; an entry made stale by an include compiled again; one
# the kernel refuses compiled again, or with --skip-bad-cache-rebuild not.
# (the anchor's compiles are slow under TCG: it only reads entries here;
# tests/aa-compile-cache.test compares what each writes)
C=/var/cache/apparmor/$(lsmbox aa-compile --print-cache-dir -L . | sed 's,^\./,,')
mkdir -p /var/cache
rm -rf /var/cache/apparmor
hashes() { for d in $A/policy/profiles/*/; do echo "$(cat $d/name) $(cat $d/sha1)"; done | sort; }
hashes > compiled.sha
ok "apparmor: cache: apparmor.service's call, written" $OURS --write-cache --quiet --replace -- /etc/apparmor.d
n=$(ls $C | wc -l)
is "apparmor: cache: an entry for each of the files (over 20), .features beside them" "yes .features" \
	sh -c "[ $n -gt 20 ] && echo yes \$(ls -A $C | grep '^\\.')"
is "apparmor: cache: the kernel's hashes as after the compile" "$(cat compiled.sha)" hashes
is "apparmor: cache: ours reads every entry it wrote" "$n" \
	sh -c "$OURS -k --write-cache --replace -- /etc/apparmor.d 2>&1 | grep -c '^apparmor_parser: Cache hit: '"
is "apparmor: cache: the kernel's hashes the same after the hits" "$(cat compiled.sha)" hashes
is "apparmor: cache: the anchor reads every entry we wrote" "$n" \
	sh -c "$REF -k --write-cache --replace -- /etc/apparmor.d 2>&1 | grep -c '^Cache hit: '"
is "apparmor: cache: the kernel's hashes the same after the anchor's hits" "$(cat compiled.sha)" hashes
echo '# changed' >> /etc/apparmor.d/local/usr.bin.man
is "apparmor: cache: usr.bin.man's local include changed: its entry missed, the rest hits" "1 $((n - 1))" \
	sh -c "$OURS -k --write-cache --replace -- /etc/apparmor.d 2> k.out; echo \$(grep -c 'Cache miss: /etc/apparmor.d/usr.bin.man' k.out) \$(grep -c 'Cache hit' k.out)"
is "apparmor: cache: ... and written again: all hits" "$n" \
	sh -c "$OURS -k --replace -- /etc/apparmor.d 2>&1 | grep -c 'Cache hit'"
is "apparmor: cache: the kernel's hashes the same" "$(cat compiled.sha)" hashes
# an entry cut after its header: the kernel refuses it
cp $C/usr.bin.man man.good
head -c 40 man.good > $C/usr.bin.man
touch -r man.good $C/usr.bin.man
cp -p $C/usr.bin.man man.bad
# (the kernel's log takes 10 audit lines in 5 s: after the loads above,
# a pause, so that its line about the refusal is written)
sleep 6
$REF -k --skip-bad-cache-rebuild -r /etc/apparmor.d/usr.bin.man > /dev/null 2> a.err
ra=$?
sleep 6
is "apparmor: cache: an entry the kernel refuses, --skip-bad-cache-rebuild: the anchor's words and status" \
	"$ra $(grep -v '^Cache' a.err)" sh -c "$OURS --skip-bad-cache-rebuild -r /etc/apparmor.d/usr.bin.man 2> e; echo \$? \$(grep -v '^apparmor_parser: the kernel: ' e | sed 's/^apparmor_parser: //')"
is "apparmor: cache: ... the kernel's reason, from its log" "yes" \
	sh -c "grep -q '^apparmor_parser: the kernel: .*apparmor=\"STATUS\" info=\"[^\"]*\" error=-' e && echo yes"
is "apparmor: cache: ... an error the kernel gives (not 0)" "yes" sh -c "[ $ra -gt 0 ] && echo yes"
is "apparmor: cache: ... then compiled again, loaded, the entry written again" "0 same" \
	sh -c "$OURS -W -r /etc/apparmor.d/usr.bin.man 2>/dev/null; echo \$? \$(cmp -s $C/usr.bin.man man.good && echo same)"
is "apparmor: cache: the kernel's hashes the same" "$(cat compiled.sha)" hashes
# (no cache for the scripts after this one in the boot)
rm -rf /var/cache/apparmor

ok "apparmor: -r the extra profiles" $OURS -r /usr/share/apparmor/extra-profiles
$REF -N /usr/share/apparmor/extra-profiles /etc/apparmor.d 2> /dev/null | sort -u > names
is "apparmor: the kernel lists every name -N gives, and no other" "$(sed 's/$/ e/' names)" \
	sh -c "sed 's/ ([a-z]*)\$//' $A/profiles | sort | sed 's/\$/ e/'"
is "apparmor: -N gives the anchor's names" "$(cat names)" \
	sh -c "lsmbox aa-compile -N /usr/share/apparmor/extra-profiles /etc/apparmor.d | sort -u"

# -R of /etc/apparmor.d's (each there: the extra profiles of the same
# names replaced them): the extra profiles of other names left
$REF -N /etc/apparmor.d 2> /dev/null | sort -u > etc.names
$REF -N /usr/share/apparmor/extra-profiles 2> /dev/null | sort -u > extra.names
ok "apparmor: -R /etc/apparmor.d" $OURS -R /etc/apparmor.d
is "apparmor: the extra profiles of other names left, no other" "$(grep -vxF -f etc.names extra.names)" \
	sh -c "sed 's/ ([a-z]*)\$//' $A/profiles | sort"
# (and the rest removed by name, for the next script in this boot)
sed 's/ ([a-z]*)$//; s,^\(:[^:]*:\)//,\1,' $A/profiles | grep -v // > rest
while read -r name; do
	printf '%s' "$name" > $A/.remove
done < rest
is "apparmor: none left at the end" "" cat $A/profiles
