# SPDX-License-Identifier: Apache-2.0
# IMA policy rules: the kernel's verdict on every rule of
# tests/imasign/fixtures/ima-policy-corpus ("+" taken, "-" refused) and
# imasign policy check's the same.  Each "-" rule is written alone (the
# kernel refuses the write, and the policy file stays for the next);
# then the "+" rules go in through imasign policy load, one rule a write:
# the kernel takes them all (an appraise rule only for files of uid 4242,
# nothing the rig runs) and, having no IMA_WRITE_POLICY, removes the file.
# vm-kernel: debian
# vm-append: ima_hash=sha256
# vm-carry: tests/imasign/fixtures/ima-policy-corpus
. /vm/lib.sh
S=/sys/kernel/security/ima
C=/vm/top/tests/imasign/fixtures/ima-policy-corpus
: > kernel.bad
: > good.pol
while IFS='	' read -r v rule; do
	if [ "$v" = - ]; then
		if vm-probe write $S/policy "$rule
" 2> /dev/null; then echo "taken, marked refused: $rule" >> kernel.bad; fi
	else
		printf '%s\n' "$rule" >> good.pol
	fi
done < $C
is "the kernel refuses every rule the corpus marks refused" "" cat kernel.bad
ok "the kernel takes every rule marked taken, one rule a write (imasign policy load)" lsmbox imasign policy load good.pol
ok "the policy loaded: the kernel removed its policy file" test ! -e $S/policy
: > ours.bad
while IFS='	' read -r v rule; do
	printf '%s\n' "$rule" > one.pol
	if lsmbox imasign policy check one.pol 2> /dev/null; then got=+; else got=-; fi
	[ "$got" = "$v" ] || echo "ours $got, the kernel $v: $rule" >> ours.bad
done < $C
is "imasign policy check gives the kernel's verdict on every rule" "" cat ours.bad
is "policy load with no policy file left: said, exit 125" "125" sh -c "lsmbox imasign policy load good.pol 2> /dev/null; echo \$?"
