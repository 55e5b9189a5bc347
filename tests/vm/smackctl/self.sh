# SPDX-License-Identifier: Apache-2.0
# Per-process rules (load-self2) through smackctl run --rules: the kernel
# restricts the child (and what it starts) and nobody else, never grants
# more than the global rules, and access --self answers as it does.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib
secret_file
$S label -a Obj m/file
printf 'User Obj rwa\n' | $S load -
# uid 1000 has no CAP_MAC_OVERRIDE: only the rules decide.
try() {	# try RULES-FILE|- CMD...: allowed or denied, as User and uid 1000
	_r=$1
	shift
	if [ "$_r" = - ]; then
		$S run User vm-probe as 1000 "$@" >/dev/null 2>&1
	else
		$S run --rules "$_r" User vm-probe as 1000 "$@" >/dev/null 2>&1
	fi && echo allowed || echo denied
}
is "no per-process rule: append allowed" allowed try - sh -c 'echo x >> m/file'
printf 'User Obj r\n' > ro
is "--rules 'User Obj r': append denied" denied try ro sh -c 'echo x >> m/file'
is "and read allowed" allowed try ro cat m/file
is "what CMD starts inherits them" denied try ro sh -c "sh -c 'echo x >> m/file'"
is "nobody else is restricted: append allowed again" allowed try - sh -c 'echo x >> m/file'
printf 'User Obj rwxa\nUser Else rwxa\n' > wide
printf 'User Other r\n' | $S load -
is "a per-process rule never adds: Else has no global rule" denied sh -c \
	"$S label -a Else m/file && $S run --rules wide User vm-probe as 1000 cat m/file >/dev/null 2>&1 && echo allowed || echo denied"
$S label -a Obj m/file
printf 'User Obj -\n' > none
is "--rules 'User Obj -': read denied too" denied try none cat m/file
is "the child holds its rules in load-self2 (a rule of no access is not shown)" "User Obj r" \
	$S run --rules ro User cat $F/load-self2
is "this shell holds none" "" cat $F/load-self2
is "access --self in the child: the kernel's answer for it" "1
0
exit 1" $S run --rules ro User sh -c "$S access --self User Obj r; $S access --self User Obj a; echo exit \$?"
is "access without --self: the global rules (access2)" "1" $S run --rules ro User $S access User Obj a
is "access --self-rules from outside gives the same answer" "0" sh -c "$S access --self-rules ro User Obj a; true"
printf 'User Obj r x\n' > chg
is "--rules with a change line: exit 2, nothing run" "exit 2" \
	sh -c "$S run --rules chg User echo ran 2>/dev/null; echo exit \$?"
is "a missing rules file: exit 1, nothing run" "exit 1" \
	sh -c "$S run --rules nothere User echo ran 2>/dev/null; echo exit \$?"
$S clean
umount m
umount $F
