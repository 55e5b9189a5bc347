# SPDX-License-Identifier: Apache-2.0
# The rescue-shell SELinux tools (semodule-lite's stand-ins getenforce,
# setenforce, getsebool, setsebool, load_policy, sestatus) on Debian's 6.1
# kernel with SELinux, through the kernel's own selinuxfs: enforcement
# toggled before any policy (the kernel then allows everything), a small
# policy built here by Debian's secilc from the test fixture plus one
# boolean, loaded by our load_policy, and that boolean read and set.  The
# policy stays permissive: its few rules would deny the test itself.
# vm-kernel: debian
# vm-append: lsm=selinux selinux=1 security=selinux
# vm-carry: anchor:/usr/bin/secilc anchor:/usr/sbin/setsebool tests/semodule-lite/base.cil
. /vm/lib.sh
F=/sys/fs/selinux
for t in getenforce setenforce getsebool setsebool load_policy sestatus; do ln -s /bin/lsmbox /bin/$t; done
mkdir -p $F
mount -t selinuxfs selinuxfs $F 2>/dev/null
is "getenforce before a policy: Permissive" Permissive getenforce
ok "setenforce 1" setenforce 1
is "the kernel's enforce file says 1" 1 cat $F/enforce
is "getenforce: Enforcing" Enforcing getenforce
ok "setenforce Permissive" setenforce Permissive
is "the kernel's enforce file says 0" 0 cat $F/enforce
is "setenforce with a bad word: exit 1" 1 sh -c 'setenforce maybe 2>/dev/null; echo $?'

mkdir -p /etc/selinux/tiny/policy
printf 'SELINUX=permissive\nSELINUXTYPE=tiny\n' > /etc/selinux/config
# The kernel wants a process class with transition permissions, and the
# initial SIDs it labels with: each the fixture's one context.
c='(base_u base_r base_t ((s0) (s0)))'
{
	echo '(boolean vmtest false)'
	echo '(class process (transition dyntransition))'
	echo '(classorder (file process))'
	for s in security unlabeled fs file; do echo "(sid $s) (sidcontext $s $c)"; done
	echo '(sidorder (kernel security unlabeled fs file))'
	echo "(fsuse xattr ext4 $c) (genfscon proc / $c) (genfscon sysfs / $c)"
} > extra.cil
ok "secilc builds the fixture with a boolean and a process class" /vm/anchor/secilc -c "$(cat $F/policyvers)" \
	-o /etc/selinux/tiny/policy/policy.$(cat $F/policyvers) -f /dev/null /vm/top/tests/semodule-lite/base.cil extra.cil
ok "load_policy loads it" load_policy
has "sestatus: the loaded policy is tiny" "Loaded policy name:             tiny" sestatus
has "sestatus: permissive" "Current mode:                   permissive" sestatus
is "getsebool: the boolean as the policy set it" "vmtest --> off" getsebool vmtest
is "getsebool -a lists it" "vmtest --> off" getsebool -a
ok "setsebool vmtest on" setsebool vmtest on
is "the kernel's boolean file: active and pending 1" "1 1" cat $F/booleans/vmtest
is "getsebool: on" "vmtest --> on" getsebool vmtest
ok "setsebool vmtest=0 (the list form)" setsebool vmtest=0
is "the kernel's boolean file: 0 0" "0 0" cat $F/booleans/vmtest
is "setsebool of a boolean the policy lacks: exit 255, nothing set" 255 sh -c 'setsebool nope on 2>/dev/null; echo $?'
is "getsebool of one it lacks: exit 255" 255 sh -c 'getsebool nope 2>/dev/null; echo $?'
# Debian's setsebool (without -P) beside ours on the kernel's selinuxfs.
for args in "nope on" "vmtest=1 nope=0" "vmtest maybe" "vmtest=1 vmtest"; do
	is "setsebool $args: Debian's words and exit status" \
		"$(/vm/anchor/setsebool $args 2>&1; echo "exit $?")" sh -c "setsebool $args 2>&1; echo \"exit \$?\""
done
is "after those, vmtest is as it was" "0 0" cat $F/booleans/vmtest
ok "Debian's setsebool vmtest on" /vm/anchor/setsebool vmtest on
is "ours reads what it set" "vmtest --> on" getsebool vmtest
