# SPDX-License-Identifier: Apache-2.0
# TOMOYO's learning cycle with tomoyo-edit alone, in Debian's 6.1 kernel:
# tomoyo-init (a link to lsmbox, the kernel's loader) loads a policy at
# activation in which a program's domain is in learning mode; the program
# runs (reads a file and a temporary one); `learned` turns what the kernel
# recorded into an enforcing policy (the temporary name made a pattern
# with --temp); that is loaded; then the kernel lets the program do what
# it learned (the file, any temporary name alike) and refuses what it did
# not.  The program is a copy of busybox named cat, so that its domain is
# "<kernel> /tmp/cat" (initialize_domain).  Its own boot: the policy is
# active after it.
# vm-kernel: debian
# vm-append: lsm=capability,tomoyo TOMOYO_trigger=/tmp/tomoyo-trigger lsmbox_test=learn
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
E="lsmbox tomoyo-edit"
D='<kernel> /tmp/cat'
mkdir -p /sbin /etc/tomoyo /tmp/t
ln -s /bin/lsmbox /sbin/tomoyo-init
cp /bin/busybox /tmp/cat
printf 'PROFILE_VERSION=20150505\n0-CONFIG={ mode=disabled }\n1-CONFIG={ mode=learning }\n3-CONFIG={ mode=enforcing }\n' \
	> /etc/tomoyo/profile.conf
printf '<kernel>\nuse_profile 0\n\n%s\nuse_profile 1\n' "$D" > /etc/tomoyo/domain_policy.conf
printf 'initialize_domain /tmp/cat from any\n' > /etc/tomoyo/exception_policy.conf
printf '/bin/lsmbox\n' > /etc/tomoyo/manager.conf
printf '#!/bin/sh\nexit 0\n' > /tmp/tomoyo-trigger
chmod 755 /tmp/tomoyo-trigger
block() { awk -v d="$D" '$0 == d { on = 1 } on { print } on && /^$/ { n++; if (n == 2) exit }' $T/domain_policy; }
echo allowed > /etc/a.txt
echo secret > /etc/b.txt
ok "activate: the kernel runs our tomoyo-init" /tmp/tomoyo-trigger
has "the policy is active" "yes" sh -c "dmesg | grep -q 'Mandatory Access Control activated' && echo yes"

# Learning: the program reads a file and a temporary file.
echo tmp > /tmp/t/tmp.AbC123
is "learning mode: the program reads a file" "allowed" /tmp/cat /etc/a.txt
is "... and a temporary one" "tmp" /tmp/cat /tmp/t/tmp.AbC123
rm /tmp/t/tmp.AbC123
has "the kernel recorded the read" "file read /etc/a.txt" block

# learned: the record made an enforcing policy.
ok "learned --temp -P 3" sh -c "$E learned --temp -P 3 '$D' > learned.conf"
has "it enforces" "use_profile 3" cat learned.conf
has "it keeps the file" "file read /etc/a.txt" cat learned.conf
has "the temporary name is a pattern" 'file read /tmp/t/\*' cat learned.conf
ok "what learning recorded goes (the domain deleted)" $E delete "$D"
ok "the learned policy is loaded (checked, read back)" $E load -t d learned.conf
has "the kernel holds the pattern" 'file read /tmp/t/\*' block

# Enforcing: what was learned is allowed, the rest refused.
is "enforcing: the learned file is read" "allowed" /tmp/cat /etc/a.txt
echo tmp2 > /tmp/t/tmp.Zz9
is "enforcing: another temporary name, through the pattern" "tmp2" /tmp/cat /tmp/t/tmp.Zz9
/tmp/cat /etc/b.txt > out 2>&1; rc=$?
is "enforcing: a file it never read is refused" 1 echo $rc
has "... by the kernel (EPERM)" "cat: can't open '/etc/b.txt': Operation not permitted" cat out
ok "the kernel counted a violation in enforcing mode" sh -c "grep -q 'violation in enforcing mode: *[1-9]' $T/stat || { cat $T/stat; false; }"
