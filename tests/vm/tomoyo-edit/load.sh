# SPDX-License-Identifier: Apache-2.0
# tomoyo-edit load and save against Debian's 6.1 kernel with TOMOYO (no
# policy loaded: every process is a manager): a policy directory goes in and
# reads back; save writes tomoyo-savepolicy's layout holding the kernel's
# own read of each file byte for byte; --no-check writes a line the kernel
# drops, and it is reported at its line;
# -f leaves exactly the new policy; the stand-in tomoyo-loadpolicy -df
# reaches the same state as load -f.  tomoyo-tools' own binaries are not in
# the guest (the rig carries tree files and keyctl only), so the states are
# compared with the kernel's read-back, not with theirs.
# vm-kernel: debian
# vm-append: lsm=capability,tomoyo
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
E="lsmbox tomoyo-edit"
mkdir p s
cat > p/profile.conf <<'X'
PROFILE_VERSION=20150505
0-COMMENT=-----Disabled Mode-----
0-CONFIG={ mode=disabled grant_log=no reject_log=yes }
1-COMMENT=-----Learning Mode-----
1-CONFIG={ mode=learning grant_log=no reject_log=yes }
X
cat > p/exception_policy.conf <<'X'
# comments and blank lines are not sent

initialize_domain /usr/sbin/sshd from any
path_group TMP /tmp/\*
acl_group 0 file read /etc/ld.so.cache
X
cat > p/domain_policy.conf <<'X'
<kernel>
use_profile 0

<kernel> /usr/sbin/sshd
use_profile 1
use_group 0
file read /etc/passwd
file write @TMP
file execute /bin/sh
misc env PATH
X
printf '/usr/sbin/tomoyo-loadpolicy\n' > p/manager.conf
printf 'Memory used by policy: 0\n' > p/stat.conf
# The last line without its newline: load adds one.
printf 'misc env HOME' >> p/domain_policy.conf

ok "load a policy directory" $E load p
has "the domain is in" "<kernel> /usr/sbin/sshd" cat $T/domain_policy
has "the last line (no newline in the file) is in" "misc env HOME" cat $T/domain_policy
has "use_profile 1 took" "use_profile 1" cat $T/domain_policy
has "the exception line is in" "initialize_domain /usr/sbin/sshd from any" cat $T/exception_policy
has "profile 1 is in" "1-COMMENT=-----Learning Mode-----" cat $T/profile
has "the manager is in" "/usr/sbin/tomoyo-loadpolicy" cat $T/manager

ok "save into a directory" $E save s
for k in domain_policy exception_policy profile manager; do
	ok "saved $k.conf is the kernel's read, byte for byte" cmp s/$k.conf $T/$k
	is "s/$k.conf links to policy/current/$k.conf" "policy/current/$k.conf" readlink s/$k.conf
done
is "policy/current names the stamp directory" yes sh -c \
	'readlink s/policy/current | grep -qx "[0-9][0-9]-[0-9][0-9]-[0-9][0-9]\.[0-9][0-9]:[0-9][0-9]:[0-9][0-9]/" && echo yes'
ok "save again" $E save s
is "previous is the first save" "$(ls s/policy | grep -v -e current -e previous | head -n 1)/" readlink s/policy/previous
is "current is the second" "$(ls s/policy | grep -v -e current -e previous | tail -n 1)/" readlink s/policy/current

# (The policy memory quota cannot prove the read-back here: before a
# policy is activated, the kernel panics "MAC Initialization failed." when
# it runs out of it, tomoyo_warn_oom.  init.sh does it after activation.)
printf '<kernel> /usr/sbin/sshd\nfile read /etc/group\n' > q.conf
ok "--line-by-line" $E load --line-by-line -t d q.conf
has "its line is in" "file read /etc/group" cat $T/domain_policy

printf '<kernel> /usr/sbin/sshd\nfile read /a\\101\n' > bad.conf
is "a line the kernel would drop: nothing written" \
	"1" sh -c "$E load -t d bad.conf >/dev/null 2>&1; echo \$?"
is "--no-check writes it, the kernel drops it, and that is reported at its line" \
	"1 1" sh -c "out=\$($E load --no-check -t d bad.conf 2>&1); echo \$? \$(printf '%s\n' \"\$out\" | grep -c '^tomoyo-edit: bad.conf:2: ')"
# Added lines are proven by selecting each domain written: a line the
# kernel prints merged with another goes to the models, which take it; a
# line under a domain the kernel refused is not taken for the same line in
# another domain.
printf '<kernel> /usr/sbin/sshd\nfile read /m\nfile write /m\n' > merge.conf
ok "lines the kernel merges into one: proven" $E load -t d merge.conf
has "the kernel holds them merged" "file read/write /m" cat $T/domain_policy
printf '<kernel> /usr/sbin/sshd\nfile read /etc/passwd\n<kernel> relative\nfile read /etc/passwd\n' > other.conf
is "--no-check: a line under a domain the kernel refused is reported at its line, though another domain has it" \
	"1 1" sh -c "out=\$($E load --no-check -t d other.conf 2>&1); echo \$? \$(printf '%s\n' \"\$out\" | grep -c '^tomoyo-edit: other.conf:4: ')"
awk 'BEGIN { print "<kernel> /usr/sbin/big"; for (i = 0; i < 1000; i++) printf "file read /big/%04d\n", i }' > big.conf
ok "a domain whose block takes more than one read (20 KiB)" $E load -t d big.conf
is "all its lines are in" 1000 sh -c "grep -c '^file read /big/' $T/domain_policy"
printf '<kernel> /usr/sbin/sshd\nuse_profile 9\n' > p9.conf
is "use_profile of a profile neither loaded nor in the kernel: refused" "1" \
	sh -c "$E load -t d p9.conf >/dev/null 2>&1; echo \$?"

# -f: what the kernel holds and the new policy lacks is deleted.
printf '<kernel>\nuse_profile 0\n\n<kernel> /usr/sbin/sshd\nuse_profile 1\nfile read /etc/passwd\n' > new.conf
printf 'initialize_domain /usr/sbin/sshd from any\n' > newe.conf
ok "load -f a smaller domain policy" $E load -f -t d new.conf
is "the kernel holds exactly the new domain policy (as check -p says a fresh kernel would)" \
	"$($E check -p -t d new.conf)" cat $T/domain_policy
ok "load -f a smaller exception policy" $E load -f -t e newe.conf
is "the kernel holds exactly the new exception policy (the built-in lines deleted too)" \
	"initialize_domain /usr/sbin/sshd from any" cat $T/exception_policy

# The stand-in tomoyo-loadpolicy -df reaches the state load -f did.
ln -s /bin/lsmbox tomoyo-loadpolicy
ln -s /bin/lsmbox tomoyo-savepolicy
ok "load p/domain_policy.conf with load -f" $E load -f -t d p/domain_policy.conf
cat $T/domain_policy > ours
ok "load -f the small one again" $E load -f -t d new.conf
ok "tomoyo-loadpolicy -df < p/domain_policy.conf" sh -c "./tomoyo-loadpolicy -df < p/domain_policy.conf"
# (Compared sorted: where a deleted entry is revived in place or added at
# the end depends on whether the kernel's garbage collector has freed it.)
cat $T/domain_policy > theirs
is "the same kernel state as load -f" "$($E sort -t d ours)" $E sort -t d theirs
is "tomoyo-savepolicy -d prints the kernel's domain policy" "$(cat $T/domain_policy)" ./tomoyo-savepolicy -d

# A line naming a namespace the kernel lacks makes it, even a delete of
# nothing; from then on the kernel writes the namespace before every
# exception line.  load's check of what the kernel took compares both
# ways of writing (a fuzz finding: it had said the kernel took nothing).
printf 'delete <lsmbox-ns> path_group NOSUCH /a\n' > ns.conf
ok "load a delete in a new namespace: the kernel's read-back agrees" $E load -t e ns.conf
is "the kernel now writes <kernel> before its lines" "<kernel> initialize_domain /usr/sbin/sshd from any" \
	cat $T/exception_policy
printf 'path_group LSMBOX_G /b\n' > ns2.conf
ok "a line without a namespace after that: checked as <kernel>'s" $E load -t e ns2.conf
is "it is in" 1 sh -c "grep -c '^<kernel> path_group LSMBOX_G /b' $T/exception_policy"
# The kernel makes a namespace at the first line that names it, even a
# line it then refuses, and writes its namespaces in that order; a later
# name matches the first namespace whose name begins so.  check -p's print
# follows that order (a fuzz finding: it had put a namespace made by a
# refused line after the ones of later lines).
printf '<lsmbox-a> no_such_keyword\n<lsmbox-a>> path_group g /x\n<lsmbox-a> path_group G /y\n' > nsorder.conf
$E load --no-check -t e nsorder.conf > /dev/null 2>&1
is "check -p writes the namespaces in the kernel's order" \
	"$(grep lsmbox-a $T/exception_policy)" sh -c "$E check -p -t e nsorder.conf 2>/dev/null | grep lsmbox-a"
