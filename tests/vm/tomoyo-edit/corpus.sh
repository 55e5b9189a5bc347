# SPDX-License-Identifier: Apache-2.0
# The TOMOYO policy-line corpus (tests/tomoyo-edit/corpus/{domain,exception,
# manager}.txt) against Debian's 6.1 kernel: every line's recorded verdict
# ("+" taken, "-" silently dropped) must be the kernel's.  One check per
# corpus section; a failure lists each differing line with both verdicts.
# The oracle is vm-probe tomoyo-verdict (tests/vm/tomoyo-verdict.c: method
# there), not lsmbox.  TOMOYO alone and no policy loaded: every process is
# a manager, and nothing else shares this boot's policy.
#
# To regenerate the verdicts from the kernel:
#   LSMBOX_VM_APPEND=TOMOYO_CORPUS_PRINT=1 make -s check-vm NODEPS=1 \
#       VM_TESTS=tests/vm/tomoyo-edit/corpus.sh > out
# prints, in one deliberate failure, each corpus file with the kernel's
# verdicts, indented by four spaces after a "=== FILE" line, with the
# oracle's "note:" lines among them; then, for each FILE,
#   awk -v f=domain.txt '/^    === /{on = $2 == f; next}
#       on && /^    / && !/^    note: /{sub(/^    /, ""); print}' out
# is the file again.  A whole run takes about 10 s under TCG.
# vm-kernel: debian
# vm-append: lsm=tomoyo
# vm-carry: tests/tomoyo-edit/corpus
. /vm/lib.sh
C=/vm/top/tests/tomoyo-edit/corpus
ok "tomoyo is the running LSM" grep -qw tomoyo /sys/kernel/security/lsm
ok "tomoyo's policy files are there" test -e /sys/kernel/security/tomoyo/domain_policy

if [ -n "${TOMOYO_CORPUS_PRINT:-}" ]; then
	for k in domain exception manager; do
		echo "=== $k.txt"
		vm-probe tomoyo-verdict -p $k $C/$k.txt 2>&1
	done > print.out
	fail "printed the kernel's verdicts (TOMOYO_CORPUS_PRINT)" "$(cat print.out)"
	exit 0
fi

# Each "pass NAME (...)" or "fail NAME (...)" line of the oracle, with the
# lines that follow it, becomes one check.
check() {
	[ -n "$head" ] || return 0
	case $head in
	pass\ *) pass "$k: ${head#pass }" ;;
	*) fail "$k: ${head#fail }" "$detail" ;;
	esac
}
for k in domain exception manager; do
	if ! vm-probe tomoyo-verdict $k $C/$k.txt > $k.out 2> $k.err; then
		fail "$k: the oracle failed" "$(cat $k.out $k.err)"
		continue
	fi
	head= detail=
	while IFS= read -r l; do
		case $l in
		"pass "* | "fail "*)
			check
			head=$l detail=
			;;
		*) detail="$detail${detail:+
}$l" ;;
		esac
	done < $k.out
	check
	# The kernel's own remarks (tomoyo-verdict.c), shown but not judged.
	sed 's/^/# /' $k.err
done
