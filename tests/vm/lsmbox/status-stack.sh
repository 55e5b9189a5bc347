# SPDX-License-Identifier: Apache-2.0
# lsmbox status on Debian's kernel with AppArmor, TOMOYO, Yama and IMA
# stacked (the boot of lsm-stack.sh): each subsystem's object in
# status --json is what its own files say.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
S=/sys/kernel/security
# Two profiles, one enforcing and one complaining, so that the counts are not all 0.
printf 'profile st-enforce /usr/bin/st-e { }\nprofile st-complain /usr/bin/st-c flags=(complain) { }\n' > p
ok "status: two profiles loaded" lsmbox aa-compile -r p
m0=$(cat $S/ima/runtime_measurements_count)
. /vm/tests/lsmbox/status.lib
m1=$(cat $S/ima/runtime_measurements_count)

is "status: lsm is the kernel's list" "\"lsm\":{\"order\":\"$(cat $S/lsm)\"}" field lsm

P=$S/apparmor/profiles
c() { grep -c " ($1)\$" $P; }
is "status: apparmor is its profiles file" \
	"\"apparmor\":{\"active\":true,\"profiles\":$(wc -l < $P),\"enforce\":$(c enforce),\"complain\":$(c complain),\"kill\":$(c kill),\"unconfined\":$(c unconfined),\"user\":$(c user)}" \
	field apparmor
ok "status: the two loaded are counted" sh -c "[ $(c enforce) -ge 1 ] && [ $(c complain) -ge 1 ]"

T=$S/tomoyo
np=$(sed -n 's/^\(<[^ ]*> \)\{0,1\}\([0-9]\{1,\}\)-.*/\2/p' $T/profile | sort -un | wc -l)
byp=$(awk '/^use_profile [0-9]+$/ { c[$2]++ } END { for (k in c) print k, c[k] }' $T/domain_policy |
	sort -n | awk '{ printf ",\"profile_%s\":%s", $1, $2 }')
is "status: tomoyo is its profile and domain_policy" \
	"\"tomoyo\":{\"active\":true,\"profiles\":$np,\"domains\":$(grep -c '^<' $T/domain_policy)$byp}" field tomoyo

sc=$(cat /proc/sys/kernel/yama/ptrace_scope)
names="classic restricted admin-only no-attach"
is "status: yama is ptrace_scope" \
	"\"yama\":{\"active\":true,\"ptrace_scope\":\"$(echo $names | cut -d' ' -f$((sc + 1)))\"}" field yama

# Measurements grow while the test runs: what status said lies between.
m=$(field ima | sed -n 's/.*"measurements":\([0-9]*\).*/\1/p')
ok "status: ima's measurements as the count file, between before and after ($m0 <= $m <= $m1)" \
	sh -c "[ -n '$m' ] && [ $m0 -le '$m' ] && [ '$m' -le $m1 ]"
pl=$(wc -l < $S/ima/policy 2>/dev/null || echo null)
rv() { field ima | sed -n 's/.*"policy_rules":\([0-9a-z]*\).*"violations":\([0-9]*\).*/\1 \2/p'; }
is "status: ima's policy rules and violations as its files" "$pl $(cat $S/ima/violations)" rv
ev=$(cat $S/evm)
is "status: evm is its file" \
	"\"evm\":{\"active\":$([ "$ev" -gt 0 ] && echo true || echo false),\"state\":$ev,\"hmac\":$([ $((ev & 1)) = 1 ] && echo true || echo false),\"x509\":$([ $((ev & 2)) = 2 ] && echo true || echo false)}" \
	field evm
is "status: lockdown is the bracketed mode" \
	"\"lockdown\":{\"mode\":\"$(sed 's/.*\[\(.*\)\].*/\1/' $S/lockdown)\"}" field lockdown
ses() { printf '%s\n' "$J" | grep -o '"session":"[^"]*"' | cut -d'"' -f4; }
is "status: the session keyring as keyctl describes it" "$(lsmbox keyctl rdescribe @s | sed 's/.*;//')" ses
off() { printf '%s\n' "$J" | grep -oE '"(selinux|smack)":\{[^}]*\}' | tr '\n' ' '; }
is "status: not active: selinux, smack" '"selinux":{"active":false} "smack":{"active":false} ' off
