# SPDX-License-Identifier: Apache-2.0
# Debian's AppArmor boot job run whole: /lib/apparmor/apparmor.systemd
# (what apparmor.service starts), sourcing rc.apparmor.functions, with
# /sbin/apparmor_parser and /usr/sbin/aa-status lsmbox's links, and again
# with Debian's tools in their place: the same messages and exit status,
# the same profiles loaded in the same modes and the same cache written;
# reload reading the cache; status through aa-status --verbose; stop; a
# profile that does not compile makes the job fall back to one parser a
# file (xargs -P "$(getconf _NPROCESSORS_ONLN)"), where it fails alone;
# the backup files the job skips.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: aa-profiles anchor:/usr/sbin/apparmor_parser anchor:/usr/sbin/aa-status anchor:/usr/bin/getconf
. /vm/lib.sh
A=/sys/kernel/security/apparmor
J=/lib/apparmor/apparmor.systemd
C=/var/cache/apparmor
mkdir -p /sbin /usr/sbin /usr/bin $C
ln -sf /vm/anchor/getconf /usr/bin/getconf
export PATH=/usr/sbin:/usr/bin:/sbin:/bin
use() {
	if [ $1 = ours ]; then
		ln -sf /bin/lsmbox /sbin/apparmor_parser
		ln -sf /bin/lsmbox /usr/sbin/aa-status
	else
		ln -sf /vm/anchor/apparmor_parser /sbin/apparmor_parser
		ln -sf /vm/anchor/aa-status /usr/sbin/aa-status
	fi
}
# job ACTION WHO [TAG]: the job's standard output and exit status in
# WHO.TAG (TAG: ACTION by default), its standard error in WHO.TAG.err, the
# profiles loaded after it in WHO.TAG.p (sorted), the cache's files in
# WHO.TAG.c.
job() {
	use $2
	_t=${3:-$1}
	$J $1 > $2.$_t 2> $2.$_t.err
	echo "exit $?" >> $2.$_t
	sort $A/profiles > $2.$_t.p
	(cd $C && find . -type f | sort) > $2.$_t.c
}
same() {
	is "boot job: $1: the same output and exit status with either" "$(cat anchor.$1)" cat ours.$1
	is "boot job: $1: the same profiles loaded, in the same modes" "$(cat anchor.$1.p)" cat ours.$1.p
	is "boot job: $1: the same cache files" "$(cat anchor.$1.c)" cat ours.$1.c
}
is "getconf _NPROCESSORS_ONLN (the fallback's xargs -P)" "$(grep -c ^processor /proc/cpuinfo)" getconf _NPROCESSORS_ONLN

# start into a kernel with no policy, empty cache: compile, load, write
rm -rf $C/*
job start ours
is "boot job: start: its messages, exit 0" "Starting AppArmor
Loading AppArmor profiles 
exit 0" cat ours.start
is "boot job: start: nothing on standard error" "" cat ours.start.err
has "boot job: start: Debian's profiles loaded (man among them)" "/usr/bin/man (enforce)" cat ours.start.p
ok "boot job: start: the cache written" test -s ours.start.c
job stop ours
is "boot job: stop: every profile removed" "" cat ours.stop.p
rm -rf $C/*
job start anchor
job stop anchor
same start
same stop

# reload with the cache the anchor wrote: read, not compiled
job reload ours
job reload anchor
same reload
is "boot job: reload: its messages, exit 0" "Restarting AppArmor
Reloading AppArmor profiles 
exit 0" cat ours.reload
is "boot job: reload from the cache: the profiles start loaded" "$(cat ours.start.p)" cat ours.reload.p
job status ours
job status anchor
is "boot job: status (aa-status --verbose): as the anchor's" "$(cat anchor.status)" cat ours.status

# a profile that does not compile, and files the job skips
printf '/usr/bin/broken {\n  /etc/passwd rz,\n}\n' > /etc/apparmor.d/zz-broken
for f in usr.bin.skip.dpkg-old usr.bin.skip2~ usr.bin.skip3.rpmsave; do
	printf '/usr/bin/%s {\n  /etc/hostname r,\n}\n' $f > /etc/apparmor.d/$f
done
job reload ours broken
job reload anchor broken
same broken
has "boot job: reload with a broken profile: the job says so" "Error: At least one profile failed to load" cat ours.broken
has "boot job: reload with a broken profile: exit 1" "exit 1" cat ours.broken
is "boot job: reload with a broken profile: the others loaded, the skipped files not" "$(cat ours.start.p)" cat ours.broken.p
rm -f /etc/apparmor.d/zz-broken /etc/apparmor.d/usr.bin.skip*
job stop ours
is "boot job: stop: none left at the end" "" cat $A/profiles
