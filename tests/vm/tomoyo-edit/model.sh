# SPDX-License-Identifier: Apache-2.0
# tomoyo-edit's policy model against Debian's 6.1 kernel: what
# `tomoyo-edit check -p` says the kernel will read back after a policy is
# written must be what the kernel reads back, byte for byte.  The inputs
# are every line of the corpus the kernel takes (tests/tomoyo-edit/corpus:
# each domain line in a domain of its own, the exception and manager lines
# in their order, with their deletes and namespaces) and a profile that
# takes every path of the profile writer (tests/tomoyo-edit/model).  The
# lines go in with cat, not lsmbox: only the prediction is ours.  A boot
# of its own (the append differs from corpus.sh's): no other script's
# policy may be there.
# vm-kernel: debian
# vm-append: lsm=tomoyo lsmbox_test=model
# vm-carry: tests/tomoyo-edit/corpus tests/tomoyo-edit/model
. /vm/lib.sh
C=/vm/top/tests/tomoyo-edit/corpus
M=/vm/top/tests/tomoyo-edit/model
T=/sys/kernel/security/tomoyo
# The corpus lines the kernel takes ("+"), comments left out.
taken() {
	awk -F'\t' '/^#/ || NF < 2 || $1 != "+" { next }
		{ l = substr($0, index($0, "\t") + 1); if (l !~ /^[ \t]*#/) print l }' "$1"
}

# The profile first, then the manager and exception policy: the
# namespaces of each file are then the only ones besides <kernel> when it
# is read (profile's <ns1> has no exception lines), and the domain policy
# makes none.
cat $M/profile.conf > $T/profile
lsmbox tomoyo-edit check -p -t p $M/profile.conf > profile.want 2> profile.err
cat $T/profile > profile.got
if cmp -s profile.want profile.got; then
	pass "profile: the kernel reads back what check -p says"
else
	fail "profile: the kernel reads back what check -p says" "$(diff profile.want profile.got | head -40)"
fi

taken $C/manager.txt > manager.in
cat manager.in > $T/manager
lsmbox tomoyo-edit check -p -t m manager.in > manager.want 2> manager.err
ok "manager: the kernel reads back what check -p says" cmp manager.want $T/manager

taken $C/exception.txt > exception.in
cat exception.in > $T/exception_policy
lsmbox tomoyo-edit check -p -t e exception.in > exception.want 2> exception.err
cat $T/exception_policy > exception.got
if cmp -s exception.want exception.got; then
	pass "exception_policy: the kernel reads back what check -p says ($(wc -l < exception.got) lines)"
else
	fail "exception_policy: the kernel reads back what check -p says" "$(diff exception.want exception.got | head -40)"
fi

# Each taken domain-policy line in a domain /model/N of its own; domain
# header cases as they are (they are domains themselves).
taken $C/domain.txt | awk '/^</ { print; next } { print "<kernel> /model/" NR; print }' > domain.in
cat domain.in > $T/domain_policy
lsmbox tomoyo-edit check -p -t d domain.in > domain.want 2> domain.err
# The kernel's read holds the rig's own domains too: only the blocks of
# domains the input names are compared, in the kernel's order.
awk '/^</ { print }' domain.in | sort -u > names
blocks() {	# FILE: the blocks of the domains in names
	awk 'FNR == NR { want[$0] = 1; next }
		/^</ && !inblk { on = ($0 in want) }
		on { print }
		/^</ { inblk = 1 } /^$/ { n++; if (n == 2) { n = 0; inblk = 0 } }' names "$1"
}
cat $T/domain_policy > domain.all
blocks domain.all > domain.got
blocks domain.want > domain.cmp
if cmp -s domain.cmp domain.got; then
	pass "domain_policy: the kernel reads back what check -p says ($(grep -c '^<' domain.got) domains)"
else
	fail "domain_policy: the kernel reads back what check -p says" "$(diff domain.cmp domain.got | head -40)"
fi
