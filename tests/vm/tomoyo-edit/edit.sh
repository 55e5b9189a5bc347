# SPDX-License-Identifier: Apache-2.0
# tomoyo-edit's editing commands on the live kernel (Debian's 6.1 with
# TOMOYO, no policy loaded: every process is a manager): domains, show,
# add, delete, exception, profile, mode, manager, and the stand-ins
# tomoyo-setprofile and tomoyo-setlevel, each checked by the kernel's own
# read of its files, not by ours.  A boot of its own.
# vm-kernel: debian
# vm-append: lsm=tomoyo lsmbox_test=edit
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
E="lsmbox tomoyo-edit"
block() { awk -v d="$1" '$0 == d { on = 1 } on { print } on && /^$/ { n++; if (n == 2) exit }' $T/domain_policy; }

has "domains: <kernel> with profile 0" "  0 <kernel>" $E domains
ok "add: two ACLs into a new domain" $E add '<kernel> /t/a' 'file read /etc/passwd' 'file write /etc/passwd'
has "the kernel holds them merged" "file read/write /etc/passwd" block '<kernel> /t/a'
is "show: that domain's block as the kernel prints it" "$(block '<kernel> /t/a')" $E show '<kernel> /t/a'
$E add '<kernel> /t/bad' 'file frob /x' > out 2>&1; rc=$?
is "add: a line the kernel would drop: exit 1" 1 echo $rc
has "add: ... named" "tomoyo-edit: (command line):2: unknown file operation: 'frob'" cat out
ok "add: ... and nothing written (no domain /t/bad)" sh -c "! grep -qx '<kernel> /t/bad' $T/domain_policy"
ok "delete: one operation" $E delete '<kernel> /t/a' 'file write /etc/passwd'
has "the kernel holds the rest" "file read /etc/passwd" block '<kernel> /t/a'
ok "delete: the domain" $E delete '<kernel> /t/a'
ok "... gone" sh -c "! grep -qx '<kernel> /t/a' $T/domain_policy"
is "show: a domain that is not there: exit 1" 1 sh -c "$E show '<kernel> /t/none' >/dev/null; echo \$?"
ok "exception add" $E exception add 'path_group TMP /tmp/\*'
has "exception show" 'path_group TMP /tmp/\*' $E exception show
ok "exception delete" $E exception delete 'path_group TMP /tmp/\*'
ok "... gone" sh -c "! grep -qF 'path_group TMP' $T/exception_policy"
ok "profile set" $E profile set 1 'COMMENT=learn' 'CONFIG={ mode=learning }'
has "the kernel's profile 1" "1-CONFIG={ mode=learning grant_log=yes reject_log=yes }" cat $T/profile
ok "mode N" $E mode 3 enforcing
has "profile 3 enforcing" "3-CONFIG={ mode=enforcing grant_log=yes reject_log=yes }" cat $T/profile
ok "add a domain to move" $E add '<kernel> /t/b' 'file read /etc/hosts'
ok "mode DOMAIN learning: to the lowest learning profile" $E mode '<kernel> /t/b' learning
has "it uses profile 1" "use_profile 1" block '<kernel> /t/b'
is "mode DOMAIN permissive with no such profile: exit 1" 1 sh -c "$E mode '<kernel> /t/b' permissive 2>/dev/null; echo \$?"
ok "manager add" $E manager add /usr/sbin/tomoyo-test-manager
has "manager show" /usr/sbin/tomoyo-test-manager $E manager show
ok "domains --json" sh -c "$E domains --json | grep -q '\"domain\": \"<kernel> /t/b\", \"profile\": 1,'"
ln -s /bin/lsmbox tomoyo-setprofile
ln -s /bin/lsmbox tomoyo-setlevel
ok "add a child domain" $E add '<kernel> /t/b /bin/sh' 'file read /etc/shells'
is "tomoyo-setprofile -r: the domain and its descendants, said" "$(printf '3 <kernel> /t/b\n3 <kernel> /t/b /bin/sh')" ./tomoyo-setprofile -r 3 '<kernel> /t/b'
has "... the kernel holds it" "use_profile 3" block '<kernel> /t/b /bin/sh'
is "tomoyo-setprofile: exact names only without -r" "3 <kernel> /t/b" ./tomoyo-setprofile 3 '<kernel> /t/b'
is "tomoyo-setlevel NAME=VALUE: the lines that begin so" "2-COMMENT=two" ./tomoyo-setlevel '2-COMMENT=two'
is "tomoyo-setlevel: the status title first" "<<< Access Control Status >>>" sh -c "./tomoyo-setlevel | head -n 1"
