# SPDX-License-Identifier: Apache-2.0
# The same sequences through tomoyo-tools 2.6.1 (Debian's binaries, carried
# with their libraries) and through tomoyo-edit's stand-ins give the same
# kernel state.  One boot holds both: tomoyo-tools works in namespace <A>,
# ours in <B>, on the same policy text with the namespace changed, and the
# kernel's read of the two namespaces must be the same but for the name.
# Sequence: load exception policy, profile and domain policy (-e, -p, -d),
# tomoyo-setprofile -r, a second domain policy loaded over the first with
# -df (replace), then tomoyo-setlevel.  Its own boot.
# vm-kernel: debian
# vm-append: lsm=tomoyo lsmbox_test=anchor
# vm-carry: anchor:/usr/sbin/tomoyo-loadpolicy anchor:/usr/sbin/tomoyo-setprofile anchor:/usr/sbin/tomoyo-setlevel
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
mkdir ours
for n in tomoyo-loadpolicy tomoyo-setprofile tomoyo-setlevel; do ln -s /bin/lsmbox ours/$n; done
A=/vm/anchor
ns() { sed "s/<NS>/<$1>/g"; }
cat > exc.t <<'X'
<NS> initialize_domain /usr/sbin/sshd from any
<NS> aggregator /usr/bin/\* /usr/bin/any
<NS> path_group TMP /tmp/\*
<NS> acl_group 1 file read /etc/ld.so.cache
X
cat > prof.t <<'X'
<NS> PROFILE_VERSION=20150505
<NS> 0-CONFIG={ mode=disabled }
<NS> 1-CONFIG={ mode=learning }
<NS> 3-CONFIG={ mode=enforcing grant_log=no }
X
cat > dom1.t <<'X'
<NS>
use_profile 0

<NS> /usr/sbin/sshd
use_profile 1
use_group 1
file read /etc/ssh/sshd_config
file read/write @TMP
network inet stream bind 0.0.0.0 22
misc env PATH

<NS> /usr/sbin/sshd /bin/sh
use_profile 1
file execute /bin/ls exec.realpath="/bin/ls"
file read /etc/passwd
X
cat > dom2.t <<'X'
<NS>
use_profile 0

<NS> /usr/sbin/sshd
use_profile 3
use_group 1
file read /etc/ssh/sshd_config
network inet stream bind 0.0.0.0 22
file read /etc/motd

<NS> /usr/sbin/cron
use_profile 1
file read /etc/crontab
X
run() {	# DIR NS: the sequence through the tools in DIR, in namespace NS
	ns $2 < exc.t | $1/tomoyo-loadpolicy -e &&
	ns $2 < prof.t | $1/tomoyo-loadpolicy -p &&
	ns $2 < dom1.t | $1/tomoyo-loadpolicy -d &&
	$1/tomoyo-setprofile -r 3 "<$2> /usr/sbin/sshd" > /dev/null &&
	ns $2 < dom2.t | $1/tomoyo-loadpolicy -df &&
	$1/tomoyo-setlevel "<$2> 1-COMMENT=learn" > /dev/null
}
ok "the sequence through tomoyo-tools in <A>" run $A A
ok "the sequence through ours in <B>" run ours B
# A namespace's part of a file, the name made NS.
part() { grep "^<$2>" $T/$1 | sed "s/<$2>/<NS>/g"; }
dpart() {	# the domain blocks of namespace NS
	awk -v ns="<$1>" 'index($0, "<") == 1 { on = index($0, ns) == 1 } on' $T/domain_policy | sed "s/<$1>/<NS>/g"
}
is "exception policy: the same in both" "$(part exception_policy A)" part exception_policy B
is "profiles: the same in both" "$(part profile A)" part profile B
is "domain policy: the same in both" "$(dpart A)" dpart B
has "and it is the second policy (replace worked: no /bin/sh domain)" "<NS> /usr/sbin/cron" dpart B
ok "... the first policy's child domain is gone" sh -c "! dpart B | grep -qx '<NS> /usr/sbin/sshd /bin/sh'"
