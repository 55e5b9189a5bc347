# SPDX-License-Identifier: Apache-2.0
# Enforcement of file rules: a program confined by exec attachment is
# allowed what its file rules allow and denied the rest — read, write,
# append, deny rules, globs, owner, exec (ix inherits the profile; a
# program with no exec rule is not run), mmap of executable pages, locks
# and hard links (the l permission, link rules, subset) — with
# aa-compile's policy loaded and then with apparmor_parser's: the kernel's
# answers the same both ways, and the ones the rules say (enforce.lib).
# domain.sh and mediate.sh do the same for exec transitions, hats and
# change_onexec, and for capabilities, signals, ptrace, sockets and mount.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: anchor:/usr/sbin/apparmor_parser
. /vm/lib.sh
. /vm/tests/aa-compile/enforce.lib
A=/sys/kernel/security/apparmor
mkdir -p /tmp/enf/ix /tmp/enf/no /tmp/data/sub/deep
cp /bin/busybox /tmp/enf/busybox
cp /bin/busybox /tmp/enf/ix/busybox
cp /bin/busybox /tmp/enf/no/busybox
cp /bin/vm-probe /tmp/enf/probe
cat > enf.profile <<'EOP'
/tmp/enf/busybox {
  /tmp/enf/busybox mr,
  /tmp/enf/ix/busybox mrix,
  /tmp/enf/probe mrix,
  /dev/null rw,
  /proc/*/attr/{,apparmor/}current r,
  /tmp/data/r r,
  /tmp/data/w w,
  /tmp/data/a a,
  /tmp/data/rw rw,
  /tmp/data/* r,
  deny /tmp/data/denied r,
  /tmp/data/sub/** r,
  owner /tmp/data/sub/x w,
  /tmp/data/lib mr,
  /tmp/data/lk rk,
  /tmp/data/lkw rwk,
  /tmp/data/l1 l,
  /tmp/data/l4 rwl,
  link subset /tmp/data/l3 -> /tmp/data/**,
  link /tmp/data/l5 -> /tmp/data/rw,
  link /tmp/data/l6 -> /tmp/data/rw,
}
EOP
# (/tmp/data/* lets every file there be read.  sh's >> opens with O_CREAT,
# which asks for create as well as append: an append-only rule does not
# give it, and the probe's O_APPEND open without O_CREAT shows a alone.)
cat > cases <<'EOC'
/tmp/enf/busybox cat /tmp/data/r
/tmp/enf/busybox cat /tmp/data/w
/tmp/enf/busybox cat /tmp/data/rw
/tmp/enf/busybox cat /tmp/data/none
/tmp/enf/busybox cat /tmp/data/denied
/tmp/enf/busybox cat /tmp/data/sub/deep/y
/tmp/enf/busybox sh -c 'echo x > /tmp/data/w'
/tmp/enf/busybox sh -c 'echo x > /tmp/data/r'
/tmp/enf/busybox sh -c 'echo x >> /tmp/data/a'
/tmp/enf/busybox sh -c 'echo x > /tmp/data/a'
/tmp/enf/busybox sh -c 'echo x > /tmp/data/rw'
/tmp/enf/busybox sh -c 'echo x > /tmp/data/sub/x'
/tmp/enf/busybox sh -c 'echo x > /tmp/data/sub/deep/y'
/tmp/enf/busybox sh -c '/tmp/enf/ix/busybox cat /tmp/data/r'
/tmp/enf/busybox sh -c '/tmp/enf/ix/busybox cat /tmp/data/denied'
/tmp/enf/busybox sh -c '/tmp/enf/no/busybox cat /tmp/data/r'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa label'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/a a'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/a ac'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/r a'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa mmap /tmp/data/lib'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa mmap /tmp/data/r'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/lk r'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/lkw w'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/r r'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l1'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l2'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/rw /tmp/data/l3'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l4'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l5'
/tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/rw /tmp/data/l6'
EOC
reset() {
	rm -f /tmp/data/l[1-6]
	for f in r w a rw denied none lib lk lkw sub/x sub/deep/y; do echo data > /tmp/data/$f; done
}
reset
ok "apparmor: the profile, compiled by aa-compile, loaded" lsmbox aa-compile -r enf.profile
is "apparmor: the program confined by it" "/tmp/enf/busybox (enforce)" /tmp/enf/busybox cat /proc/self/attr/current
ok "apparmor: removed" lsmbox aa-compile -R enf.profile
both "file rules" enf.profile "allow: /tmp/enf/busybox cat /tmp/data/r => data
allow: /tmp/enf/busybox cat /tmp/data/w => data
allow: /tmp/enf/busybox cat /tmp/data/rw => data
allow: /tmp/enf/busybox cat /tmp/data/none => data
deny: /tmp/enf/busybox cat /tmp/data/denied
allow: /tmp/enf/busybox cat /tmp/data/sub/deep/y => data
allow: /tmp/enf/busybox sh -c 'echo x > /tmp/data/w'
deny: /tmp/enf/busybox sh -c 'echo x > /tmp/data/r'
deny: /tmp/enf/busybox sh -c 'echo x >> /tmp/data/a'
deny: /tmp/enf/busybox sh -c 'echo x > /tmp/data/a'
allow: /tmp/enf/busybox sh -c 'echo x > /tmp/data/rw'
allow: /tmp/enf/busybox sh -c 'echo x > /tmp/data/sub/x'
deny: /tmp/enf/busybox sh -c 'echo x > /tmp/data/sub/deep/y'
allow: /tmp/enf/busybox sh -c '/tmp/enf/ix/busybox cat /tmp/data/r' => data
deny: /tmp/enf/busybox sh -c '/tmp/enf/ix/busybox cat /tmp/data/denied'
deny: /tmp/enf/busybox sh -c '/tmp/enf/no/busybox cat /tmp/data/r'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa label' => /tmp/enf/busybox (enforce)
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/a a'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/a ac'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa open /tmp/data/r a'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa mmap /tmp/data/lib'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa mmap /tmp/data/r'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/lk r'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/lkw w'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa lock /tmp/data/r r'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l1'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l2'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/rw /tmp/data/l3'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l4'
deny: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/r /tmp/data/l5'
allow: /tmp/enf/busybox sh -c '/tmp/enf/probe aa link /tmp/data/rw /tmp/data/l6'"
is "apparmor: none left at the end" "" cat $A/profiles
