# SPDX-License-Identifier: Apache-2.0
# Enforcement of the other classes of rule: capabilities (allowed, not
# given, denied), signals (sent by the confined program to peers by label
# and set, received by it), ptrace (trace and read, the tracer's rule and
# the tracee's), sockets (network rules by family and type, a unix socket
# bound to a path; a unix rule, which this kernel cannot mediate finer,
# taken as a network rule for its type) and mount (fstype, flags, bind,
# umount), with aa-compile's policy loaded and then with
# apparmor_parser's: the kernel's answers the same both ways, and the ones
# the rules say (enforce.lib).
# The profiles declare abi/3.0; policy that declares none, with nothing
# pinning its features, is compiled by both for apparmor_parser's built-in
# ABI, which has no network_v8: its network rules are not enforced.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: aa-profiles anchor:/usr/sbin/apparmor_parser
. /vm/lib.sh
. /vm/tests/aa-compile/enforce.lib
A=/sys/kernel/security/apparmor
for d in cap sig sig2 pt2; do
	mkdir -p /tmp/med/$d
	cp /bin/busybox /tmp/med/$d/busybox
done
for d in pt pt3 net unix mnt; do
	mkdir -p /tmp/med/$d
	cp /bin/vm-probe /tmp/med/$d/probe
done
mkdir -p /tmp/mnt/ok /tmp/mnt/no /tmp/mnt/ro /tmp/mnt/b /tmp/mnt/src
cat > med.profile <<'EOP'
abi <abi/3.0>,
/tmp/med/cap/busybox {
  /tmp/med/cap/busybox mr,
  /dev/null rw,
  /tmp/med/f rw,
  /tmp/med/node w,
  capability chown,
  deny capability sys_admin,
}
/tmp/med/sig/busybox {
  /tmp/med/sig/busybox mr,
  /dev/null rw,
  signal (send) set=(term) peer=unconfined,
  signal (send) set=(usr1) peer=/tmp/med/sig2/busybox,
  signal (receive) set=(hup kill) peer=unconfined,
}
/tmp/med/sig2/busybox {
  /tmp/med/sig2/busybox mr,
  signal (receive),
}
/tmp/med/pt/probe {
  /tmp/med/pt/probe mr,
  /proc/*/environ r,
  ptrace (read) peer=unconfined,
  ptrace (trace) peer=/tmp/med/pt2/busybox,
}
/tmp/med/pt2/busybox {
  /tmp/med/pt2/busybox mr,
  ptrace (tracedby) peer=/tmp/med/pt/probe,
  signal (receive) peer=unconfined,
}
/tmp/med/pt3/probe {
  /tmp/med/pt3/probe mr,
  /proc/*/environ r,
  ptrace (trace) peer=/tmp/med/pt2/busybox,
}
/tmp/med/net/probe {
  /tmp/med/net/probe mr,
  network unix stream,
  network inet dgram,
  /tmp/med/sock w,
}
/tmp/med/unix/probe {
  /tmp/med/unix/probe mr,
  unix (create, bind) type=dgram,
}
/tmp/med/mnt/probe {
  /tmp/med/mnt/probe mr,
  capability sys_admin,
  mount fstype=tmpfs -> /tmp/mnt/ok/,
  mount options=(ro) fstype=tmpfs -> /tmp/mnt/ro/,
  mount options=(bind) /tmp/mnt/src/ -> /tmp/mnt/b/,
  umount /tmp/mnt/ok/,
}
EOP
# sig SIG: the confined program sends SIG to an unconfined sleep.
sig() {
	sleep 30 &
	_p=$!
	/tmp/med/sig/busybox kill -$1 $_p
	_r=$?
	kill -9 $_p
	wait $_p
	return $_r
}
# psig SIG: the same to a sleep confined by /tmp/med/sig2/busybox.
psig() {
	/tmp/med/sig2/busybox sleep 30 &
	_p=$!
	confined $_p || return 2
	/tmp/med/sig/busybox kill -$1 $_p
	_r=$?
	kill -9 $_p
	wait $_p
	return $_r
}
# rsig SIG: the unconfined shell sends SIG to the confined program.
rsig() {
	/tmp/med/sig/busybox sleep 30 &
	_p=$!
	confined $_p || return 2
	kill -$1 $_p
	_r=$?
	kill -9 $_p
	wait $_p
	return $_r
}
# pt TRACER PEER: TRACER (pt, pt3 or unconfined) attaches to a sleep that
# is unconfined or confined by /tmp/med/pt2/busybox; ptread the same
# reading its environment (a ptrace read).
pt() {
	if [ $2 = unconfined ]; then sleep 30 & else /tmp/med/pt2/busybox sleep 30 & fi
	_p=$!
	[ $2 = unconfined ] || confined $_p || return 2
	if [ $1 = unconfined ]; then vm-probe aa ptrace $_p; else /tmp/med/$1/probe aa ptrace $_p; fi
	_r=$?
	kill -9 $_p
	wait $_p
	return $_r
}
ptread() {
	sleep 30 &
	_p=$!
	/tmp/med/$1/probe aa open /proc/$_p/environ r
	_r=$?
	kill -9 $_p
	wait $_p
	return $_r
}
cat > cases <<'EOC'
/tmp/med/cap/busybox chown 1 /tmp/med/f
/tmp/med/cap/busybox mknod /tmp/med/node c 1 3
/tmp/med/cap/busybox hostname lsmbox-enforce
/tmp/med/cap/busybox cat /tmp/med/f
sig TERM
sig USR1
sig HUP
psig TERM
psig USR1
rsig HUP
rsig USR2
pt pt unconfined
pt pt pt2
pt pt3 pt2
pt unconfined pt2
ptread pt
ptread pt3
/tmp/med/net/probe aa socket unix stream
/tmp/med/net/probe aa socket unix dgram
/tmp/med/net/probe aa socket inet dgram
/tmp/med/net/probe aa socket inet stream
/tmp/med/net/probe aa socket inet6 dgram
/tmp/med/net/probe aa socket unix stream /tmp/med/sock
/tmp/med/net/probe aa socket unix stream /tmp/med/sock2
/tmp/med/unix/probe aa socket unix dgram
/tmp/med/unix/probe aa socket unix stream
/tmp/med/unix/probe aa socket inet dgram
/tmp/med/mnt/probe aa mount none /tmp/mnt/ok tmpfs
/tmp/med/mnt/probe aa mount none /tmp/mnt/no tmpfs
/tmp/med/mnt/probe aa mount none /tmp/mnt/ok ramfs
/tmp/med/mnt/probe aa mount none /tmp/mnt/ro tmpfs ro
/tmp/med/mnt/probe aa mount none /tmp/mnt/ro tmpfs
/tmp/med/mnt/probe aa mount /tmp/mnt/src /tmp/mnt/b none bind
/tmp/med/mnt/probe aa mount /tmp/mnt/src /tmp/mnt/no none bind
/tmp/med/mnt/probe aa umount /tmp/mnt/ok
/tmp/med/mnt/probe aa umount /tmp/mnt/ro
EOC
reset() {
	echo data > /tmp/med/f
	chown 0 /tmp/med/f
	rm -f /tmp/med/node /tmp/med/sock /tmp/med/sock2
	for m in ok no ro b ok no ro b; do umount /tmp/mnt/$m 2> /dev/null; done
}
both "capabilities, signals, ptrace, sockets, mount" med.profile "allow: /tmp/med/cap/busybox chown 1 /tmp/med/f
deny: /tmp/med/cap/busybox mknod /tmp/med/node c 1 3
deny: /tmp/med/cap/busybox hostname lsmbox-enforce
allow: /tmp/med/cap/busybox cat /tmp/med/f => data
allow: sig TERM
deny: sig USR1
deny: sig HUP
deny: psig TERM
allow: psig USR1
allow: rsig HUP
deny: rsig USR2
deny: pt pt unconfined
allow: pt pt pt2
deny: pt pt3 pt2
allow: pt unconfined pt2
allow: ptread pt
deny: ptread pt3
allow: /tmp/med/net/probe aa socket unix stream
deny: /tmp/med/net/probe aa socket unix dgram
allow: /tmp/med/net/probe aa socket inet dgram
deny: /tmp/med/net/probe aa socket inet stream
deny: /tmp/med/net/probe aa socket inet6 dgram
allow: /tmp/med/net/probe aa socket unix stream /tmp/med/sock
deny: /tmp/med/net/probe aa socket unix stream /tmp/med/sock2
allow: /tmp/med/unix/probe aa socket unix dgram
deny: /tmp/med/unix/probe aa socket unix stream
deny: /tmp/med/unix/probe aa socket inet dgram
allow: /tmp/med/mnt/probe aa mount none /tmp/mnt/ok tmpfs
deny: /tmp/med/mnt/probe aa mount none /tmp/mnt/no tmpfs
deny: /tmp/med/mnt/probe aa mount none /tmp/mnt/ok ramfs
allow: /tmp/med/mnt/probe aa mount none /tmp/mnt/ro tmpfs ro
deny: /tmp/med/mnt/probe aa mount none /tmp/mnt/ro tmpfs
allow: /tmp/med/mnt/probe aa mount /tmp/mnt/src /tmp/mnt/b none bind
deny: /tmp/med/mnt/probe aa mount /tmp/mnt/src /tmp/mnt/no none bind
allow: /tmp/med/mnt/probe aa umount /tmp/mnt/ok
deny: /tmp/med/mnt/probe aa umount /tmp/mnt/ro"
cat > old.profile <<'EOP'
/tmp/med/net/probe {
  /tmp/med/net/probe mr,
  network unix stream,
  /tmp/med/sock w,
}
EOP
cat > cases <<'EOC'
/tmp/med/net/probe aa socket unix stream
/tmp/med/net/probe aa socket unix dgram
/tmp/med/net/probe aa socket inet stream
/tmp/med/net/probe aa socket unix stream /tmp/med/sock
/tmp/med/net/probe aa socket unix stream /tmp/med/sock2
EOC
AAOPTS=--config-file=/dev/null both "no abi, nothing pinned: network rules not enforced" old.profile "allow: /tmp/med/net/probe aa socket unix stream
allow: /tmp/med/net/probe aa socket unix dgram
allow: /tmp/med/net/probe aa socket inet stream
allow: /tmp/med/net/probe aa socket unix stream /tmp/med/sock
deny: /tmp/med/net/probe aa socket unix stream /tmp/med/sock2"
is "apparmor: none left at the end" "" cat $A/profiles
