# SPDX-License-Identifier: Apache-2.0
# tomoyo-edit pstree and query against Debian's 6.1 kernel with a policy
# active (our tomoyo-init run as the loader by the activation trigger, as in
# init.sh): a test program (a copy of busybox named cat, in a domain of its
# own whose profile enforces file opens) may read one file and not another.
# pstree shows a known process with the domain and profile the kernel gives
# it; with query watching, the kernel's decision on the forbidden read
# follows the answer: --reject denies it, --grant allows it, no match denies
# it after --timeout.  Its own boot (the append): the policy stays active.
# vm-kernel: debian
# vm-append: lsm=capability,tomoyo TOMOYO_trigger=/tmp/proc-trigger lsmbox_test=proc
. /vm/lib.sh
T=/sys/kernel/security/tomoyo
E="lsmbox tomoyo-edit"
P=/tmp/pt
mkdir -p /sbin /etc/tomoyo $P
ln -s /bin/lsmbox /sbin/tomoyo-init
cp /bin/busybox $P/cat
cp /bin/busybox $P/sleep
echo allowed > $P/allowed
echo secret > $P/secret
# Profile 3 learns everything but file opens, which it enforces.
cat > /etc/tomoyo/profile.conf <<'X'
PROFILE_VERSION=20150505
0-CONFIG={ mode=disabled }
3-CONFIG={ mode=learning grant_log=no reject_log=no }
3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=no }
X
cat > /etc/tomoyo/exception_policy.conf <<X
initialize_domain $P/cat from any
initialize_domain $P/sleep from any
X
cat > /etc/tomoyo/domain_policy.conf <<X
<kernel>
use_profile 0

<kernel> $P/cat
use_profile 3
file read $P/allowed

<kernel> $P/sleep
use_profile 3
X
printf '/bin/lsmbox\n' > /etc/tomoyo/manager.conf
printf '#!/bin/sh\nexit 0\n' > /tmp/proc-trigger
chmod 755 /tmp/proc-trigger
ok "the policy check passes" $E check /etc/tomoyo/profile.conf /etc/tomoyo/exception_policy.conf \
	/etc/tomoyo/domain_policy.conf
ok "exec the activation trigger (the kernel runs our tomoyo-init)" /tmp/proc-trigger
has "the policy is active" "yes" sh -c "dmesg | grep -q 'Mandatory Access Control activated' && echo yes"
is "the test program may read the allowed file" "allowed" $P/cat $P/allowed
is "and not the secret one (no supervisor: denied at once)" "denied" \
	sh -c "$P/cat $P/secret 2>/dev/null || echo denied"

# pstree: a known process, its domain and profile as the kernel says.
$P/sleep 60 &
sp=$!
sleep 1
exec 4<>$T/.process_status  # (fd 3 is the rig's report)
echo $sp >&4
read -r kernel_says <&4
exec 4>&-
is "the kernel puts the sleeper in its domain, profile 3" "$sp 3 <kernel> $P/sleep" echo "$kernel_says"
is "pstree shows it: profile, name, pid, domain" "3 sleep ($sp) <kernel> $P/sleep" \
	sh -c "$E pstree | sed -n 's/^ *\([0-9]*\)[ +-]* \(sleep ($sp) .*\)/\1 \2/p'"
is "pid 1 heads the tree, in <kernel>" "yes" \
	sh -c "$E pstree | head -n 1 | grep -q '^  0 [^ ]* (1) <kernel>\$' && echo yes"
is "the sleeper is drawn below its parent" "yes" \
	sh -c "$E pstree | grep -q '^  3 *+- sleep ($sp) ' && echo yes"
has "pstree --json has its object" \
	"{\"pid\":$sp,\"ppid\":$$,\"profile\":3,\"domain\":\"<kernel> $P/sleep\",\"name\":\"sleep\"}," \
	$E pstree --json
is "kernel threads only with -a" "0 1" sh -c "echo \$($E pstree | grep -c ' kthreadd (2) ') \$($E pstree -a | grep -c ' kthreadd (2) ')"
is "as many processes as /proc has user-space ones, give or take this pipe" "yes" \
	sh -c "n=\$($E pstree | wc -l); m=\$(ls -d /proc/[0-9]*/exe 2>/dev/null | while read e; do [ -e \$e ] && echo; done | wc -l); [ \$((n - m)) -le 3 ] && [ \$((m - n)) -le 3 ] && echo yes"
kill $sp

# Start query in the background and wait until it holds the query file
# open (the kernel asks only while a supervisor does).
watch() {	# OUT ARGS...
	_o=$1
	shift
	$E query "$@" > "$_o" 2> "$_o.err" &
	qp=$!
	for _i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		ls -l /proc/$qp/fd 2>/dev/null | grep -q 'tomoyo/query' && return 0
		sleep 0.2
	done
	return 1
}

ok "query --reject starts" watch rej.out --once --reject "file read $P/s\\*"
is "with --reject matching, the read is denied" "denied" sh -c "$P/cat $P/secret 2>/dev/null || echo denied"
wait $qp
is "query printed the question" "yes" \
	sh -c "grep -q '^Q	[0-9]*	0	[0-9]*	3	<kernel> $P/cat	file read $P/secret\$' rej.out && echo yes"
is "and its answer" "reject	--reject file read $P/s\\*" sh -c "sed -n 's/^A	[0-9]*	//p' rej.out"

ok "query --grant starts" watch gr.out --once --reject 'file write' --grant "file read/write $P/secret"
is "with --grant matching, the read is allowed" "secret" $P/cat $P/secret
wait $qp
is "the answer was grant" "grant	--grant file read/write $P/secret" sh -c "sed -n 's/^A	[0-9]*	//p' gr.out"
is "the grant was for that one access: without a supervisor, denied again" "denied" \
	sh -c "$P/cat $P/secret 2>/dev/null || echo denied"

ok "query with no matching pattern, --timeout 2, --json, starts" watch to.out --once --json --timeout 2 --grant 'file write'
is "no match: denied after the timeout, not before" "denied after 2 s or more" \
	sh -c "s=\$(date +%s); $P/cat $P/secret 2>/dev/null || { e=\$(date +%s); [ \$((e - s)) -ge 2 ] && echo 'denied after 2 s or more'; }"
wait $qp
is "the JSON answer" "\"answer\":\"reject\",\"why\":\"no answer in 2 s\"}" sh -c "grep -o '\"answer\":.*' to.out"
has "the JSON question" "\"acl\":\"file read $P/secret\"" sh -c "grep -o '\"acl\":\"[^\"]*\"' to.out"

printf 'r\ny\n' > keys
$E query --ask < keys > ask.out 2>/dev/null &
qp=$!
sleep 1
is "--ask: r (retry) makes the kernel ask again, then y allows" "secret" $P/cat $P/secret
kill $qp
wait $qp
is "the answers: retry, then grant (the retried question)" "retry	key r
grant	key y" sh -c "sed -n 's/^A	[0-9]*	//p' ask.out"
is "the retried question says retry 1" "1" sh -c "sed -n 's/^Q	[0-9]*	\([0-9]*\)	.*/\1/p' ask.out | tail -n 1"
