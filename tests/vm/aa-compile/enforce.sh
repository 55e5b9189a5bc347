# SPDX-License-Identifier: Apache-2.0
# Enforcement, first slice (issue 23: the rest to come): a program
# confined by exec attachment is allowed what its file rules allow (read,
# write, append, deny rules, globs, owner) and exec rules (ix inherits the
# profile; a program with no exec rule is not run), with aa-compile's
# policy loaded and then with apparmor_parser's: the kernel's answers the
# same both ways, and the ones the rules say.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: anchor:/usr/sbin/apparmor_parser
. /vm/lib.sh
A=/sys/kernel/security/apparmor
REF=/vm/anchor/apparmor_parser
mkdir -p /tmp/enf/ix /tmp/enf/no /tmp/data/sub/deep
cp /bin/busybox /tmp/enf/busybox
cp /bin/busybox /tmp/enf/ix/busybox
cp /bin/busybox /tmp/enf/no/busybox
for f in r w a rw denied none sub/x sub/deep/y; do echo data > /tmp/data/$f; done
cat > enf.profile <<'EOP'
/tmp/enf/busybox {
  /tmp/enf/busybox mr,
  /tmp/enf/ix/busybox mrix,
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
}
EOP
# verdicts: each operation by the confined program, allow or deny
verdicts() {
	for c in "cat /tmp/data/r" "cat /tmp/data/w" "cat /tmp/data/rw" "cat /tmp/data/none" "cat /tmp/data/denied" \
		"cat /tmp/data/sub/deep/y" "sh -c 'echo x > /tmp/data/w'" "sh -c 'echo x > /tmp/data/r'" \
		"sh -c 'echo x >> /tmp/data/a'" "sh -c 'echo x > /tmp/data/a'" "sh -c 'echo x > /tmp/data/rw'" \
		"sh -c 'echo x > /tmp/data/sub/x'" "sh -c 'echo x > /tmp/data/sub/deep/y'" \
		"sh -c '/tmp/enf/ix/busybox cat /tmp/data/r'" "sh -c '/tmp/enf/ix/busybox cat /tmp/data/denied'" \
		"sh -c '/tmp/enf/no/busybox cat /tmp/data/r'"; do
		if eval "/tmp/enf/busybox $c" > /dev/null 2>&1; then echo "allow: $c"; else echo "deny: $c"; fi
	done
}
ok "apparmor: the profile, compiled by aa-compile, loaded" lsmbox aa-compile -r enf.profile
is "apparmor: the program confined by it" "/tmp/enf/busybox (enforce)" /tmp/enf/busybox cat /proc/self/attr/current
verdicts > ours.v
ok "apparmor: the profile, compiled by apparmor_parser, loaded" $REF -r enf.profile
verdicts > anchor.v
is "apparmor: the kernel's answers the same with either compiler's policy" "" sh -c "diff ours.v anchor.v"
# (/tmp/data/w is readable through /tmp/data/*; an append-only rule does
# not let busybox sh's >> open the file: the kernel asks for more than
# append there, with either compiler's policy)
is "apparmor: and they are what the rules say" "allow: cat /tmp/data/r
allow: cat /tmp/data/w
allow: cat /tmp/data/rw
allow: cat /tmp/data/none
deny: cat /tmp/data/denied
allow: cat /tmp/data/sub/deep/y
allow: sh -c 'echo x > /tmp/data/w'
deny: sh -c 'echo x > /tmp/data/r'
deny: sh -c 'echo x >> /tmp/data/a'
deny: sh -c 'echo x > /tmp/data/a'
allow: sh -c 'echo x > /tmp/data/rw'
allow: sh -c 'echo x > /tmp/data/sub/x'
deny: sh -c 'echo x > /tmp/data/sub/deep/y'
allow: sh -c '/tmp/enf/ix/busybox cat /tmp/data/r'
deny: sh -c '/tmp/enf/ix/busybox cat /tmp/data/denied'
deny: sh -c '/tmp/enf/no/busybox cat /tmp/data/r'" cat ours.v
ok "apparmor: removed" lsmbox aa-compile -R enf.profile
is "apparmor: none left at the end" "" cat $A/profiles
