# SPDX-License-Identifier: Apache-2.0
# tomoyo-edit as tomoyo-init, run by Debian's 6.1 kernel itself as its
# policy loader (/sbin/tomoyo-init, a link to lsmbox) when the activation
# trigger is executed: it loads /etc/tomoyo, runs tomoyo-post-init, and the
# policy it leaves does not stop the machine although a domain uses a
# profile the profile file does not define (the kernel panics "STOP!" on
# that after its loader has run, whatever the loader said) and a line in
# it is one the kernel drops.  Then, the policy active, a line the kernel
# drops without a word (the policy memory quota spent) is reported by the
# read-back of load.  Its own boot: the policy is active after it.
# vm-kernel: debian
# vm-append: lsm=capability,tomoyo TOMOYO_trigger=/tmp/tomoyo-trigger
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
mkdir -p /sbin /etc/tomoyo
ln -s /bin/lsmbox /sbin/tomoyo-init
printf 'PROFILE_VERSION=20150505\n0-COMMENT=x\n0-CONFIG={ mode=disabled }\n' > /etc/tomoyo/profile.conf
printf '<kernel>\nuse_profile 0\n\n<kernel> /bin/x\nuse_profile 5\nfile read /etc/a\nfile read /a\\101\n' \
	> /etc/tomoyo/domain_policy.conf
printf 'initialize_domain /bin/x from any\n' > /etc/tomoyo/exception_policy.conf
printf '/bin/lsmbox\n' > /etc/tomoyo/manager.conf
printf 'Memory used by policy: 0\n' > /etc/tomoyo/stat.conf
printf '#!/bin/sh\necho ran > /tmp/post-init-ran\n' > /etc/tomoyo/tomoyo-post-init
printf '#!/bin/sh\nexit 0\n' > /tmp/tomoyo-trigger
chmod 755 /etc/tomoyo/tomoyo-post-init /tmp/tomoyo-trigger
ok "the kernel had not activated TOMOYO" sh -c "! dmesg | grep -q 'Mandatory Access Control activated'"
ok "exec the activation trigger" /tmp/tomoyo-trigger
has "the kernel ran our loader" "yes" sh -c "dmesg | grep -q 'Calling /sbin/tomoyo-init to load policy' && echo yes"
has "and activated the policy without stopping" "yes" sh -c "dmesg | grep -q 'Mandatory Access Control activated' && echo yes"
has "profile 5 was made (disabled) for the domain that uses it" \
	"5-COMMENT=undefined: made disabled by tomoyo-init" cat $T/profile
has "the domain policy is in" "file read /etc/a" cat $T/domain_policy
has "the domain keeps use_profile 5" "use_profile 5" sh -c "sed -n '/^<kernel> \/bin\/x\$/,/^\$/p' $T/domain_policy"
has "the exception policy is in" "initialize_domain /bin/x from any" cat $T/exception_policy
has "the manager is in" "/bin/lsmbox" cat $T/manager
is "tomoyo-post-init ran" "ran" cat /tmp/post-init-ran

# Active now: writers must be managers (uid 0 and /bin/lsmbox, listed).
E="lsmbox tomoyo-edit"
printf '<kernel> /bin/x\nfile read /quota/test\n' > q.conf
ok "set the policy memory quota to 1 byte" sh -c "echo 'Memory used by policy: 1' | $E load -t stat -"
is "a line the kernel dropped (quota) is reported by the read-back" \
	"tomoyo-edit: q.conf:2: the kernel did not take: file read /quota/test
tomoyo-edit: 1 line not in the kernel after the load
1" sh -c "$E load -t d q.conf 2>&1; echo \$?"
ok "lift the quota" sh -c "echo 'Memory used by policy: 0' | $E load -t stat -"
ok "the line goes in now" $E load -t d q.conf
has "and is there" "file read /quota/test" cat $T/domain_policy
ok "a writer that is not a manager is refused (busybox sh)" sh -c "! echo 'file read /b' > $T/exception_policy"
