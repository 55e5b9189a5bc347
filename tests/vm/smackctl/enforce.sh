# SPDX-License-Identifier: Apache-2.0
# A process relabelled by smackctl run is allowed and denied by the kernel
# as the rules and the file's label (set by smackctl label on tmpfs) say.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib
secret_file
mkdir m/dir
ok "label a file" $S label -a Secret m/file
is "the label reads back" 'm/file access="Secret"' $S label m/file
ok "transmute on a directory" $S label -t -a Secret m/dir
is "both read back" 'm/dir access="Secret" transmute="TRUE"' $S label m/dir
is "transmute on a file is refused" "smackctl: m/file: transmute: not a directory" sh -c "$S label -t m/file 2>&1; true"
is "exec label * is refused" "exit 2" sh -c "$S label -e '*' m/file 2>/dev/null; echo exit \$?"
is "run sets the label" User $S run User cat /proc/self/attr/current
# uid 1000 has no CAP_MAC_OVERRIDE: only the rules decide.
as_user() { $S run User vm-probe as 1000 "$@"; }
is "no rule: read denied" "denied" sh -c "$S run User vm-probe as 1000 cat m/file >/dev/null 2>&1 && echo allowed || echo denied"
$S change-rule User Secret r -
is "rule r: read allowed" secret as_user cat m/file
is "rule r: write denied" denied sh -c "$S run User vm-probe as 1000 sh -c 'echo x >> m/file' 2>/dev/null && echo allowed || echo denied"
is "access agrees" "1
0" sh -c "$S access User Secret r; $S access User Secret w; true"
# ">>" opens with O_APPEND: Smack wants a as well as w.
$S change-rule User Secret wa -
is "change-rule wa: append allowed" allowed sh -c "$S run User vm-probe as 1000 sh -c 'echo x >> m/file' && echo allowed || echo denied"
$S revoke-subject User
is "revoked: read denied" denied sh -c "$S run User vm-probe as 1000 cat m/file >/dev/null 2>&1 && echo allowed || echo denied"
ok "label -D drops all" $S label -D m/file
is "floor label object: read allowed again" "secret
x" as_user cat m/file
umount m
umount $F
