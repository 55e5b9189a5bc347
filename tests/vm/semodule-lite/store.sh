# SPDX-License-Identifier: Apache-2.0
# semodule-lite's store on Debian's 6.1 kernel with SELinux: a store made
# and changed by ours alone (no libsemanage, no secilc), each commit's
# policy rebuilt by ours and loaded into the kernel because the store is
# the running system's (SELINUXTYPE), and the kernel's own answer for each
# module's type: selinuxfs' context file takes a context only when the
# loaded policy has its type.  The policy stays permissive: its few rules
# would deny the test itself.  A boot of its own (enforcing=0 sets it
# apart from tools.sh's), since a policy it leaves loaded would change
# what tools.sh finds before its own.  Then setsebool -P: the kernel's
# value, the store's booleans.local and the policy installed, beside
# Debian's setsebool 3.4 (carried in with its libraries) on the same
# store, and the value a policy loaded afresh starts with.
# vm-kernel: debian
# vm-append: lsm=selinux selinux=1 security=selinux enforcing=0
# vm-carry: tests/semodule-lite/base.cil anchor:/usr/sbin/setsebool anchor:/usr/sbin/setfiles anchor:/usr/sbin/sefcontext_compile
. /vm/lib.sh
F=/sys/fs/selinux
mkdir -p $F
mount -t selinuxfs selinuxfs $F 2>/dev/null
mkdir -p /etc/selinux /var/lib/selinux
printf 'SELINUX=permissive\nSELINUXTYPE=tiny\n' > /etc/selinux/config
printf 'module-store = direct\nexpand-check = 0\nusepasswd = false\n' > /etc/selinux/semanage.conf
# What the kernel wants of a policy beyond the fixture: a process class,
# the initial SIDs it labels with, and labelling for the filesystems.
c='(base_u base_r base_t ((s0) (s0)))'
{
	echo '(class process (transition dyntransition))'
	echo '(classorder (file process))'
	for s in security unlabeled fs file; do echo "(sid $s) (sidcontext $s $c)"; done
	echo '(sidorder (kernel security unlabeled fs file))'
	echo "(fsuse xattr ext4 $c) (genfscon proc / $c) (genfscon sysfs / $c)"
} > kernel.cil
printf '(type vmmod_t)\n(roletype base_r vmmod_t)\n' > vmmod.cil
# valid TYPE: whether the loaded policy takes base_u:base_r:TYPE (and s0
# when it is MLS: a CIL policy is not unless it says so).
valid() {
	_l=
	[ "$(cat $F/mls)" = 1 ] && _l=:s0
	printf 'base_u:base_r:%s%s' "$1" "$_l" > $F/context 2>/dev/null && echo yes || echo no
}

is "before any policy: permissive" Permissive lsmbox getenforce
ok "install the base and the kernel's part, rebuilt and loaded (the running store)" \
	lsmbox semodule-lite -i /vm/top/tests/semodule-lite/base.cil kernel.cil
has "the policy file ours wrote for the kernel's version" "policy.$(cat $F/policyvers)" ls /etc/selinux/tiny/policy
has "sestatus: the loaded policy is tiny" "Loaded policy name:             tiny" lsmbox sestatus
is "base_t is in the loaded policy" yes valid base_t
is "a type no module has is not" no valid nosuch_t
is "vmmod_t is not yet" no valid vmmod_t
ok "install a module: rebuilt and loaded" lsmbox semodule-lite -i vmmod.cil
is "vmmod_t is in the loaded policy now" yes valid vmmod_t
is "-l lists three modules" "base kernel vmmod" sh -c 'lsmbox semodule-lite -l | tr "\n" " " | sed "s/ \$//"'
ok "disable it with -n: rebuilt, not loaded" lsmbox semodule-lite -n -d vmmod
is "with -n the kernel still has vmmod_t" yes valid vmmod_t
ok "load_policy loads what ours rebuilt" lsmbox load_policy
is "after load_policy vmmod_t is gone" no valid vmmod_t
ok "enable it and rebuild with -B" lsmbox semodule-lite -e vmmod
is "enabled and loaded again: vmmod_t" yes valid vmmod_t
ok "-R loads the policy as it is" lsmbox semodule-lite -R
is "still vmmod_t after -R" yes valid vmmod_t
ok "remove it: rebuilt and loaded" lsmbox semodule-lite -r vmmod
is "removed: vmmod_t gone from the kernel" no valid vmmod_t
is "a module that does not compile: exit 1" 1 sh -c 'printf "(allow nosuch_t self (file (read)))\n" > bad.cil; lsmbox semodule-lite -i bad.cil 2>/dev/null; echo $?'
is "and the kernel's policy is as it was: base_t there" yes valid base_t
is "and the store lists what it did: base kernel" "base kernel" sh -c 'lsmbox semodule-lite -l | tr "\n" " " | sed "s/ \$//"'

# ---- setsebool -P ----
printf '(boolean vmb false)\n(booleanif vmb (true (allow base_t self (file (read)))))\n' > vmbool.cil
ok "install a module with a boolean" lsmbox semodule-lite -i vmbool.cil
is "the kernel has it off" "0 0" cat $F/booleans/vmb
S=/var/lib/selinux/tiny/active
P=/etc/selinux/tiny/policy/policy.$(cat $F/policyvers)
ok "setsebool -P vmb on (ours)" lsmbox setsebool -P vmb on
is "the kernel's value: on" "1 1" cat $F/booleans/vmb
has "booleans.local keeps it" "vmb=1" cat $S/booleans.local
ok "the installed policy is the store's policy.kern" cmp $S/policy.kern $P
# Debian's setsebool -N -P and ours, each from the same store and kernel.
# libsemanage's commit runs setfiles -c and sefcontext_compile from /sbin.
mkdir -p /sbin
ln -sf /vm/anchor/setfiles /sbin/setfiles
ln -sf /vm/anchor/sefcontext_compile /sbin/sefcontext_compile
cp -a /var/lib/selinux/tiny /tmp/store.0
cp -a /etc/selinux/tiny /tmp/etc.0
ok "Debian's setsebool -N -P vmb=0" /vm/anchor/setsebool -V -N -P vmb=0
is "the anchor made it off in the kernel" "0 0" cat $F/booleans/vmb
cp $S/booleans.local /tmp/anchor.local
cp $S/policy.kern /tmp/anchor.kern
cp $P /tmp/anchor.installed
rm -rf /var/lib/selinux/tiny /etc/selinux/tiny
cp -a /tmp/store.0 /var/lib/selinux/tiny
cp -a /tmp/etc.0 /etc/selinux/tiny
lsmbox setsebool vmb on
ok "ours: setsebool -N -P vmb=0 on the same store" lsmbox setsebool -N -P vmb=0
is "ours made it off in the kernel" "0 0" cat $F/booleans/vmb
ok "booleans.local: the anchor's bytes" cmp /tmp/anchor.local $S/booleans.local
ok "policy.kern: the anchor's bytes" cmp /tmp/anchor.kern $S/policy.kern
ok "the installed policy: the anchor's bytes" cmp /tmp/anchor.installed $P
ok "the anchor reads ours: setsebool -N -P vmb=1" /vm/anchor/setsebool -N -P vmb=1
has "and writes vmb=1" "vmb=1" cat $S/booleans.local
# A policy loaded where the kernel had no vmb starts with the store's
# value: a second store without the module, loaded, then tiny again.
ok "a second store, other, without vmbool" lsmbox semodule-lite -n -s other -i /vm/top/tests/semodule-lite/base.cil kernel.cil
sed -i 's/^SELINUXTYPE=.*/SELINUXTYPE=other/' /etc/selinux/config
ok "load other" lsmbox load_policy
is "other has no vmb" no sh -c "test -e $F/booleans/vmb && echo yes || echo no"
sed -i 's/^SELINUXTYPE=.*/SELINUXTYPE=tiny/' /etc/selinux/config
ok "load tiny again" lsmbox load_policy
is "vmb starts on: the value setsebool -P kept" "1 1" cat $F/booleans/vmb
is "getsebool says so" "vmb --> on" lsmbox getsebool vmb
