# SPDX-License-Identifier: Apache-2.0
# smack-utils' chsmack, smackload, smackaccess and smackcipso through lsmbox's
# argv[0] links, against the Smack kernel: each invocation of their manual
# pages, its output and exit status, and the kernel's state after it
# (load2, access2, cipso2 read back); a failed write exits 1 (smack-utils
# exits 0), and no smackfs is said as smack-utils says it.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib

for n in chsmack smackload smackaccess smackcipso; do
	ln -sf "$(command -v lsmbox)" $n
done
$S clean

printf 'Sub Obj rwx\nSub Obj2 r-x-tl\nSub Obj3 rw ---t\nA B RWXATL\n' > rules
is "smackload FILE: exit 0, nothing printed" "" ./smackload rules
is "the kernel holds the merged rules" "A B rwxatl
Sub Obj rwx
Sub Obj2 rxtl
Sub Obj3 rw" sh -c "$S rules | grep -e '^Sub ' -e '^A ' | sort"
is "smackload from stdin: a change (4 fields) goes to change-rule" "Sub Obj rwa" \
	sh -c "printf 'Sub Obj a x\n' | ./smackload && $S rules --subject Sub | grep 'Obj '"
mkdir -p d
printf 'D1 O r\n' > d/b
printf 'D1 O w\nD2 O x\n' > d/a
is "smackload DIR: the later file wins" "D1 O r
D2 O x" sh -c "./smackload d && $S rules | grep '^D' | sort"

is "smackaccess: allowed is 1, exit 0" "1
exit 0" sh -c "./smackaccess Sub Obj rw; echo exit \$?"
is "smackaccess: denied is 0, exit 0" "0
exit 0" sh -c "./smackaccess Sub Obj2 w; echo exit \$?"
is "smackaccess: write implies lock, as the kernel answers" "1" ./smackaccess Sub Obj l
is "smackaccess: object _ may be read by a known label" "1" ./smackaccess Sub _ r
is "smackaccess: a label the kernel does not know is 0" "0" ./smackaccess Nobody Obj r
is "smackaccess: a bad label, exit 1" "smackaccess: input values are invalid.
exit 1" sh -c "./smackaccess 'S/x' Obj r 2>&1; echo exit \$?"

is "smackload -c: the file's pairs lose their access" "" \
	sh -c "./smackload -c rules && $S rules | grep -e '^Sub ' -e '^A ' || :"
is "and smackaccess says so" "0" ./smackaccess Sub Obj r
printf 'Good One r\nBad One rwq\n' > bad
is "smackload: a bad line: exit 1, nothing loaded" "smackload: bad:2:11: 'q' is not an access letter (rwxatlb or -)
smackload: 1 error; nothing loaded
exit 1" sh -c "./smackload bad 2>&1; echo exit \$?; $S rules | grep '^Good ' || :"

printf 'Secret 3 2 5 19\nTop 200\n' > cipso
is "smackcipso FILE: exit 0" "" ./smackcipso cipso
has "cipso2 holds Secret" "Secret   3/2,5,19" cat $F/cipso2
has "cipso2 holds Top" "Top 200" cat $F/cipso2
is "smackcipso from stdin replaces a mapping" "Secret   4/7" \
	sh -c "printf 'Secret 4 7\n' | ./smackcipso && grep '^Secret ' $F/cipso2"
is "smackcipso: level 256 is refused before the kernel sees it, exit 1" "smackcipso: -:1:8: level '256' is not in 0-255
smackcipso: 1 error; nothing loaded
exit 1
Secret   4/7" sh -c "printf 'Secret 256\n' | ./smackcipso 2>&1; echo exit \$?; grep '^Secret ' $F/cipso2"

# A write that fails exits 1 (smack-utils prints "Applying rules failed."
# and exits 0): uid 1000 may not write load2 or cipso2.
printf 'User Obj r\n' > urules
chmod 644 urules cipso
chmod 755 .
is "smackload as uid 1000: the write fails, exit 1" "exit 1" \
	sh -c "vm-probe as 1000 ./smackload urules >/dev/null 2>&1; echo exit \$?"
is "and nothing was loaded" "" sh -c "$S rules | grep '^User ' || :"
is "smackcipso as uid 1000: exit 1" "exit 1" \
	sh -c "vm-probe as 1000 ./smackcipso cipso >/dev/null 2>&1; echo exit \$?"
is "smackaccess as uid 1000 (access2 is for all): 1" "1" vm-probe as 1000 ./smackaccess D1 O r

# chsmack on a tmpfs: the kernel takes (and checks) Smack's xattrs.
secret_file
mkdir m/dir
is "chsmack -a: the kernel holds the label" 'm/file access="Lab"' sh -c "./chsmack -a Lab m/file && ./chsmack m/file"
is "chsmack -t on a directory (made with the creator's label, _), -e on a file" 'm/dir access="_" transmute="TRUE"
m/file access="Lab" execute="Ex"' sh -c "./chsmack -t m/dir && ./chsmack -e Ex m/file && ./chsmack m/dir m/file"
is "chsmack -e '*': refused before the kernel (which refuses it too), exit 1" "exec: '*' cannot be an exec label.
exit 1" sh -c "./chsmack -e '*' m/file 2>&1; echo exit \$?"
is "chsmack -r -D -a: one label left on the tree" 'm access="Tree"
m/dir access="Tree"
m/file access="Tree"' sh -c "./chsmack -r -D -a Tree m && ./chsmack -r m"
is "chsmack as uid 1000 (no CAP_MAC_ADMIN): EPERM, exit 1 (chsmack exits 0)" "exit 1" \
	sh -c "vm-probe as 1000 ./chsmack -a Other m/file >/dev/null 2>&1; echo exit \$?"
is "the label is unchanged" 'm/file access="Tree"' ./chsmack m/file
umount m

$S clean
umount $F
is "no smackfs: smackload says so, exit 1" "SmackFS is not mounted.
exit 1" sh -c "./smackload rules 2>&1 | head -n 1; ./smackload rules 2>/dev/null; echo exit \$?"
is "no smackfs: smackaccess, exit 1" "smackaccess: input values are invalid.
exit 1" sh -c "./smackaccess Sub Obj r 2>&1 | tail -n 1; ./smackaccess Sub Obj r 2>/dev/null; echo exit \$?"
