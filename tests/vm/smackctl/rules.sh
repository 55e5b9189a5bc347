# SPDX-License-Identifier: Apache-2.0
# smackctl against the Smack kernel: load/rules/clean/apply round trips
# (batched load2 writes, change-rule, the errors the kernel never sees),
# revoke-subject, settings, and access2 versus the offline model.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib

printf 'Sub Obj rwx\nSub Obj2 r-x-tl\n# a comment\n\nA B RWXATL\nSub Obj3 a\nSub Obj3 r -\n' > one
is "load then rules shows the merged rules" "A B rwxatl
Sub Obj rwx
Sub Obj2 rxtl
Sub Obj3 ra" sh -c "$S load one && $S rules | grep -e '^Sub ' -e '^A ' | sort"
is "rules --subject picks one subject" "A B rwxatl" $S rules --subject A
printf 'Sub Obj r\nSub Nope rq\n' > bad
is "a bad letter: file:line:col and nothing loaded" "smackctl: bad:2:11: 'q' is not an access letter (rwxatlb or -)
smackctl: 1 error; nothing loaded
exit 2
Sub Obj rwx" sh -c "$S load bad 2>&1; echo exit \$?; $S rules --subject Sub | grep 'Obj '"
ok "change-rule adds and removes" $S change-rule Sub Obj a x
is "change-rule result" "Sub Obj rwa" sh -c "$S rules --subject Sub | grep 'Obj '"
ok "revoke-subject" $S revoke-subject Sub
is "revoked rules are gone from load2" "" $S rules --subject Sub

# Many rules go in few writes: 3000 rules with 60-byte labels, every one read back.
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "subj%056d obj%057d rw\n", i % 50, i }' > many
ok "load 3000 rules" $S load many
is "all 3000 are in load2" 3000 sh -c "$S rules | grep -c '^subj0'"
is "status counts them" "rules: 3001" sh -c "$S status | grep '^rules:'"
ok "clean" $S clean
is "nothing left after clean" "" $S rules
ok "load --clear takes the same file" $S load --clear many

# apply: /etc/smack as smack-utils and systemd lay it out.
mkdir -p etc/accesses.d etc/cipso.d
printf 'Web Data rw\n' > etc/accesses.d/10-web
printf 'Web Data -\nWeb Log a\n' > etc/accesses.d/20-more
printf 'Secret 3 2 5 19\n' > etc/cipso.d/secret
printf '# who may administer\n_\nAdmin\n' > etc/onlycap
$S load one
is "apply cleans first, then loads the files in name order" "Web Log a" \
	sh -c "$S apply --config etc && $S rules"
has "apply wrote cipso2" "Secret   3/2,5,19" cat $F/cipso2
is "apply wrote onlycap (the kernel lists it last first)" "Admin _" $S get onlycap
ok "clear onlycap" $S set onlycap -
is "onlycap is empty" "" $S get onlycap

# A write the kernel refuses (onlycap leaves root unprivileged) is named by
# file and line; a process labelled Admin then clears onlycap again.  No
# rule is left, so that apply below gets as far as cipso2.
ok "clean before onlycap" $S clean
mkdir -p refused/accesses.d refused/cipso.d
printf 'Refused 4 1\n' > refused/cipso.d/map
$S run Admin sh -c 'while [ ! -e go ]; do sleep 1; done; lsmbox smackctl set onlycap -' > admin.out 2>&1 &
# It must be relabelled before onlycap leaves root unprivileged.
admin=$!
for i in 1 2 3 4 5 6 7 8 9 10; do
	[ "$(tr -d '\0' < /proc/$admin/attr/current 2>/dev/null)" = Admin ] && break
	sleep 1
done
$S set onlycap Admin
is "a rule the kernel refuses is named by file and line, exit 1" \
	'smackctl: /sys/fs/smackfs/load2: one:1: the kernel refused "Sub Obj rwx": Operation not permitted
exit 1' sh -c "$S load one 2>&1; echo exit \$?"
is "apply: a cipso2 mapping the kernel refuses is named by file and line, exit 1" \
	'smackctl: /sys/fs/smackfs/cipso2: refused/cipso.d/map:1: the kernel refused "Refused 4   1   1   ": Operation not permitted
exit 1' sh -c "$S apply --allow-empty --config refused 2>&1; echo exit \$?"
touch go
wait
is "the Admin process says nothing" "" cat admin.out
is "onlycap cleared by the Admin process" "" $S get onlycap
ok "set netlabel" $S set netlabel 10.1.0.0/16 Net
has "netlabel reads back" "10.1.0.0/16 Net" $S get netlabel
ok "set cipso2" $S set cipso2 Top 5 1 7
has "cipso2 reads back" "Top   5/1,7" $S get cipso2
has "status --json on the live kernel" '"active":true' sh -c "$S status --json | tr , '\n'"
for k in logging:2 ptrace:1 direct:200 mapped:201 doi:7 ambient:Amb; do
	is "set ${k%%:*}" "${k#*:}" sh -c "$S set ${k%%:*} ${k#*:} && $S get ${k%%:*}"
done
is "set logging 4 is refused before the kernel" "exit 2" sh -c "$S set logging 4 2>/dev/null; echo exit \$?"
$S set ambient _
$S set logging 1

# access2 and the offline model agree on random queries over a random rule
# set, with the built-in labels among subjects and objects.
awk -v seed=$$ 'BEGIN {
	srand(seed); n = split("_ ^ * ? @ L0 L1 L2 L3 L4 L5 L6 L7 L8 L9", lab, " ")
	split("r w x a t l b", acc, " ")
	for (i = 0; i < 120; i++) {
		a = ""; for (j = 1; j <= 7; j++) if (rand() < 0.35) a = a acc[j]
		if (a == "") a = "-"
		printf "%s %s %s\n", lab[int(rand() * n) + 1], lab[int(rand() * n) + 1], a
	}
	for (i = 0; i < 5; i++) printf "L%d L%d -\n", i, i + 5
}' > rand.rules
awk -v seed=$$ 'BEGIN {
	srand(seed + 1); n = split("_ ^ * ? @ L0 L1 L2 L3 L4 L5 L6 L7 L8 L9", lab, " ")
	split("r w x a t l b", acc, " ")
	for (i = 0; i < 4000; i++) {
		a = ""; for (j = 1; j <= 7; j++) if (rand() < 0.25) a = a acc[j]
		if (a == "") a = "-"
		printf "%s %s %s\n", lab[int(rand() * n) + 1], lab[int(rand() * n) + 1], a
	}
}' > rand.queries
$S clean
ok "load the random rules" $S load rand.rules
$S access --batch rand.queries > kernel.out
$S access --offline --rules rand.rules --batch rand.queries > offline.out
is "4000 queries answered by the kernel" 4000 sh -c "wc -l < kernel.out"
is "kernel and offline agree on every query" "" sh -c "paste -d' ' rand.queries kernel.out offline.out | awk '\$4 != \$5' | head -5"
is "some allowed, some denied" "2" sh -c "sort -u kernel.out | wc -l"
is "access exit status: allowed 0, denied 1" "1
exit 0
0
exit 1" sh -c "$S access L1 L1 r; echo exit \$?; $S access '*' L1 r; echo exit \$?"
$S clean
umount $F
