# SPDX-License-Identifier: Apache-2.0
# The kernel's crypto API through lsmbox: the AF_ALG providers against the
# vector files and OpenSSL (crypto-test, inside the VM), crypto_user's
# table against /proc/crypto, a priority change the kernel acts on,
# template instances made and removed, the rng, and the refusals.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
# vm-modules: af_alg algif_hash algif_skcipher algif_aead algif_rng crypto_user sha256_ssse3
# vm-carry: crypto-test
. /vm/lib.sh

# crypto-test's own verdict, all of it in the log when it is not clean.
ctest() {
	crypto-test /vm/vectors "$@" > ct.out 2>&1
	rc=$?
	cat ct.out
	[ "$rc" = 0 ] && ! grep -q '^NOT RUN\|^FAIL' ct.out && tail -n 1 ct.out | grep -q ' passed, 0 failed$'
}

# 5 hashes x (kat, diff) + 4 skciphers and gcm x (kat, diff, bad-input).
ok "AF_ALG: every afalg driver against the vectors and OpenSSL" ctest afalg
is "AF_ALG: all 25 checks ran" "25 passed, 0 failed" tail -n 1 ct.out

# Every driver the kernel now has for these names, each by its own name.
lsmbox cryptobench kernel list > list.out
for n in sha256 'cbc(aes)' 'ctr(aes)' 'xts(aes)' 'gcm(aes)'; do
	for d in $(awk -v n="$n" '$2 == n && $8 == "no" { print $3 }' list.out); do
		ok "AF_ALG: the kernel's $d by name" ctest "afalg:$d"
	done
done
# Template instances by the name that makes them: the kernel's C.
for d in 'cbc(aes-generic)' 'ctr(aes-generic)' 'xts(ecb(aes-generic))' 'gcm_base(ctr(aes-generic),ghash-generic)'; do
	ok "AF_ALG: $d, made on demand" ctest "afalg:$d"
done
is "AF_ALG: a kernel driver that does not exist" "FAIL: crypto: afalg:no-such-driver: No such file or directory" \
	sh -c 'crypto-test /vm/vectors afalg:no-such-driver | grep "^FAIL"'

# The netlink table is /proc/crypto's, row for row.
ok "crypto_user: the list equals /proc/crypto's" sh -c \
	'lsmbox cryptobench kernel list > nl && lsmbox cryptobench kernel list --proc > pc && cmp nl pc && [ $(wc -l < nl) -gt 20 ]'
# And every field show prints is /proc/crypto's line for that driver.
showcheck() {
	for d in $(awk 'NR > 1 { print $3 }' nl); do
		lsmbox cryptobench kernel show "$d" > s.out || { echo "show $d failed"; return 1; }
		# The first block of /proc/crypto with that driver.
		awk -v d="$d" 'BEGIN { RS = "" } { for (i = 1; i <= NF; i++) if ($i == "driver" && $(i + 2) == d) { print; exit } }' \
			/proc/crypto > p1.out
		awk 'NF' s.out | while IFS= read -r l; do
			grep -qxF -- "$l" p1.out || { echo "$d: '$l' not in /proc/crypto"; cat p1.out; exit 1; }
		done || return 1
	done
}
ok "crypto_user: show's fields are /proc/crypto's, for every driver" showcheck

# Raising a driver's priority makes it the one a new AF_ALG socket gets:
# while the socket is open, that driver's refcnt is up and no other's.
refs() { lsmbox cryptobench kernel list | awk '$2 == "sha256" && $8 == "no" { print $3, $5 }'; }
drivers=$(awk '$2 == "sha256" && $8 == "no" { print $3 }' nl)
is "priority: sha256 has several drivers to choose from" yes \
	sh -c "[ $(echo $drivers | wc -w) -ge 3 ] && echo yes || echo 'only: $drivers'"
for d in $drivers; do
	p0=$(lsmbox cryptobench kernel show "$d" | awk '$1 == "priority" { print $3 }')
	lsmbox cryptobench kernel set-priority "$d" 5000
	refs > r0
	vm-probe afalg hash sha256 -- sh -c 'lsmbox cryptobench kernel list' |
		awk '$2 == "sha256" && $8 == "no" { print $3, $5 }' > r1
	is "priority: $d at 5000 is the one sha256 binds to" "$d" \
		sh -c "awk 'NR == FNR { r[\$1] = \$2; next } \$2 != r[\$1] { print \$1 }' r0 r1"
	is "priority: $d shows 5000" "priority     : 5000" sh -c "lsmbox cryptobench kernel show $d | grep ^priority"
	lsmbox cryptobench kernel set-priority "$d" "$p0"
done

# Template instances: made on request, removed, and the refusals.
lsmbox cryptobench kernel list | awk '$2 == "cmac(aes)"' > before
ok "template: no cmac(aes) yet" test ! -s before
ok "template: add cmac(aes)" lsmbox cryptobench kernel add 'cmac(aes)'
inst=$(lsmbox cryptobench kernel list | awk '$2 == "cmac(aes)" { print $3; exit }')
ok "template: cmac(aes) is listed ($inst)" test -n "$inst"
is "template: adding it again" "cryptobench: kernel add: 'cmac(aes)' is there already
exit 1" sh -c "lsmbox cryptobench kernel add 'cmac(aes)' 2>&1; echo exit \$?"
ok "template: del $inst" lsmbox cryptobench kernel del "$inst"
is "template: gone" "" sh -c "lsmbox cryptobench kernel list | awk '\$3 == \"$inst\"'"
is "template: a core driver cannot be removed" "cryptobench: kernel del: 'aes-generic' is not a template instance (only those can be removed)
exit 1" sh -c 'lsmbox cryptobench kernel del aes-generic 2>&1; echo exit $?'
is "template: nothing to make of a bad name" "cryptobench: kernel add: the kernel cannot make 'nosuch(aes)' (no such algorithm or template)
exit 1" sh -c "lsmbox cryptobench kernel add 'nosuch(aes)' 2>&1; echo exit \$?"
is "show: an unknown name" "cryptobench: kernel show: no algorithm or driver 'nosuch' in the kernel
exit 1" sh -c 'lsmbox cryptobench kernel show nosuch 2>&1; echo exit $?'

# Not root: the table reads, changes are refused with the reason.
ok "non-root: list works" vm-probe as 1000 lsmbox cryptobench kernel list
is "non-root: set-priority is refused" "cryptobench: kernel set-priority sha256-generic: Operation not permitted (changing the kernel's table needs CAP_NET_ADMIN)
exit 1" sh -c 'vm-probe as 1000 lsmbox cryptobench kernel set-priority sha256-generic 300 2>&1; echo exit $?'
is "non-root: add is refused" "cryptobench: kernel add cmac(aes): Operation not permitted (changing the kernel's table needs CAP_NET_ADMIN)
exit 1" sh -c "vm-probe as 1000 lsmbox cryptobench kernel add 'cmac(aes)' 2>&1; echo exit \$?"

# The rng: as many bytes as asked, not the same twice.
is "rng: 100 bytes of stdrng" 100 sh -c 'lsmbox cryptobench kernel rng stdrng 100 | wc -c'
ok "rng: two draws differ" sh -c '[ "$(lsmbox cryptobench kernel rng stdrng 32 | od -An -tx1)" != "$(lsmbox cryptobench kernel rng stdrng 32 | od -An -tx1)" ]'

# cryptobench measures the kernel's drivers beside ours, by name.
lsmbox cryptobench --kernel --algo sha256,aes-128-cbc-enc --sizes 4096 --seconds 0.02 --runs 1 > bench.out
ok "bench: a row per kernel sha256 driver" sh -c "for d in $(echo $drivers); do grep -q \"^sha256 *afalg:\$d \" bench.out || exit 1; done"
ok "bench: our generic row beside them" grep -q '^sha256 *sha256-generic ' bench.out
ok "bench: LSMBOX_CRYPTO=afalg picks the kernel" sh -c 'LSMBOX_CRYPTO=afalg lsmbox cryptobench --list | grep -q "cbc-aes-afalg .* picked"'

# A kernel without the modules (and no modprobe to bring them back).
echo /bin/false > /proc/sys/kernel/modprobe
rmmod crypto_user
is "no crypto_user: list says what to load" "cryptobench: kernel list: this kernel has no crypto_user netlink interface (CONFIG_CRYPTO_USER: modprobe crypto_user)
exit 1" sh -c 'lsmbox cryptobench kernel list 2>&1; echo exit $?'
ok "no crypto_user: --proc still reads /proc/crypto" sh -c 'lsmbox cryptobench kernel list --proc | grep -q " sha256-generic "'
rmmod algif_rng algif_aead algif_skcipher algif_hash af_alg
is "no AF_ALG: --kernel says what to load" "cryptobench: --kernel: this kernel has no AF_ALG sockets (CONFIG_CRYPTO_USER_API: modprobe af_alg)
exit 1" sh -c 'lsmbox cryptobench --kernel --algo sha256 2>&1; echo exit $?'
is "no AF_ALG: the afalg drivers are absent, not picked" "absent" \
	sh -c 'LSMBOX_CRYPTO=afalg lsmbox cryptobench --list | awk "\$3 == \"sha256-afalg\" { print \$6 }"'
echo /bin/modprobe > /proc/sys/kernel/modprobe

# The measuring runs under the seccomp allow-list with AF_ALG sockets of
# its own (SANDBOX_AFALG): the kernel's drivers (--kernel), hashes and
# skciphers, small and spliced (64 KiB and up) input, nothing refused.
is "cryptobench --kernel under the allow-list: exit 0, nothing refused" "0" sh -c \
	'LSMBOX_SECCOMP=log lsmbox cryptobench --kernel --algo sha256,aes-128-cbc-enc,aes-128-gcm --sizes 64,70000 --seconds 0.02 --runs 1 > bench.out 2> bench.err; echo $?; grep refused bench.err || true'
is "the kernel's drivers were measured" "y" sh -c 'grep -q "afalg:" bench.out && echo y'
held() {	# CMD...: CMD's Seccomp field while it is held writing into a pipe
	mkfifo held
	"$@" > held &
	pid=$!
	exec 4< held
	n=0
	while [ "$(cat /proc/$pid/wchan 2>/dev/null)" != pipe_write ] && [ $n -lt 400 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	sed -n 's/^Seccomp:[[:space:]]*//p' /proc/$pid/status
	kill $pid
	exec 4<&-
	wait $pid 2>/dev/null
	rm -f held
}
is "cryptobench: Seccomp 2 while it measures" 2 held lsmbox cryptobench --kernel --algo sha256 --sizes 16,16,16,16,16,16,16,16 --seconds 10 --runs 64 --json
