# SPDX-License-Identifier: Apache-2.0
# The measurement list of the real kernel (Debian's 6.1, a TPM 2.0 from
# swtpm, a policy that measures programs, files of uids 1234 and 1235 and
# keys): imasign ima_measurement replays it against the TPM's PCRs read
# from sysfs, as evmctl 1.4 does from the same PCRs written to files; the
# boot aggregate from PCRs 0-9 is the list's first record; every record
# shown as the kernel's ASCII list has it, and that list made binary again
# is the binary one byte for byte; attest checks it all against the TPM;
# a changed PCR, a changed record
# and a signature by a key not given each fail and are said.
# vm-kernel: debian
# vm-append: ima_template_fmt=d-ngv2|n-ng|sig|iuid|imode
# vm-tpm: yes
# vm-carry: anchor:/usr/bin/evmctl
. /vm/lib.sh
S=/sys/kernel/security/ima
T=/sys/class/tpm/tpm0
F=/vm/tests/imasign/fixtures
REF=/vm/anchor/evmctl
mkdir -p /tmp/m
for f in a b s o; do echo "file $f" > /tmp/m/$f; done
ok "a file signed with the key given" lsmbox imasign ima_sign --key $F/ima.key /tmp/m/s
ok "a file signed with another key" lsmbox imasign ima_sign --key $F/other.key /tmp/m/o
chown 1234 /tmp/m/a /tmp/m/s /tmp/m/o
chown 1235 /tmp/m/b
# template= may name the format given at boot (ima_template_fmt=): the
# kernel takes it and no other field list; policy check reads the boot's
# from /proc/cmdline on the live system, as the kernel has it
printf '%s\n' 'measure func=FILE_CHECK mask=MAY_READ fowner=1236 template=d-ng|n-ng|iuid' > other.pol
if vm-probe write $S/policy "$(cat other.pol)
" 2> /dev/null; then fail "the kernel takes a template= format that is not the boot's" ""; else pass "the kernel refuses a template= format that is not the boot's"; fi
is "policy check refuses it too" \
	"imasign: other.pol:1: template=: not a template the kernel has, nor the format given at boot
1" sh -c "lsmbox imasign policy check other.pol 2>&1; echo \$?"
printf '%s\n' 'measure func=BPRM_CHECK template=ima-ng' \
	'measure func=FILE_CHECK mask=MAY_READ fowner=1234 template=ima-sig' \
	'measure func=FILE_CHECK mask=MAY_READ fowner=1235' 'measure func=KEY_CHECK template=ima-buf' \
	'measure func=FILE_CHECK mask=MAY_READ fowner=1236 template=d-ngv2|n-ng|sig|iuid|imode' > list.pol
ok "policy check takes the policy, template= the boot's format among it" lsmbox imasign policy check list.pol
ok "the policy loaded (the kernel takes it too)" sh -c "cat list.pol > $S/policy"
for f in a b s o; do cat /tmp/m/$f > /dev/null; done
exec 7>> /tmp/m/a
cat /tmp/m/a > /dev/null
exec 7>&-
is "a violation (read while open for writing) counted" "1" cat $S/violations
is "the live list, the TPM's sysfs PCRs: matched (--ignore-violations)" \
	"Matched per TPM bank calculated digest(s)." sh -c "lsmbox imasign ima_measurement --ignore-violations $S/binary_runtime_measurements 2>&1"
is "without --ignore-violations: the violation makes it fail, exit 1" \
	"Failed to match per TPM bank or SHA1 padded TPM digest(s).
1" sh -c "lsmbox imasign ima_measurement $S/binary_runtime_measurements 2>&1; echo \$?"
# a snapshot: the list and the PCRs, read with nothing measured between
cp $S/binary_runtime_measurements bin
cp $S/ascii_runtime_measurements asc
for b in sha1 sha256; do
	for i in $(seq 0 10); do printf 'PCR-%02d %s\n' $i $(cat $T/pcr-$b/$i); done > pcrs-$b
done
P="--pcrs sha1,pcrs-sha1 --pcrs sha256,pcrs-sha256"
is "the snapshot: matched, as evmctl matches it" \
	"$($REF ima_measurement --ignore-violations $P bin 2>&1 | grep -v 'keyfile\|unprocessed\|Failed to stat\|^key ')" \
	sh -c "lsmbox imasign ima_measurement --ignore-violations $P bin 2>&1"
is "every record as the kernel's ASCII list shows it" "$(cat asc)" \
	sh -c "lsmbox imasign -v ima_measurement --ignore-violations $P bin 2>&1 | grep '^10 '"
is "the kernel's ASCII list made binary is its binary list, byte for byte" "same" \
	sh -c "lsmbox imasign ima_binary_list asc | cmp - bin && echo same"
is "the boot aggregate (sysfs PCRs 0-9) is the list's first record" \
	"sha256:$(head -n 1 asc | cut -d' ' -f4 | cut -d: -f3)" sh -c "lsmbox imasign ima_boot_aggregate | grep sha256"
is "the boot aggregate as evmctl computes it from the same PCRs" "$($REF ima_boot_aggregate $P 2>/dev/null)" \
	lsmbox imasign ima_boot_aggregate $P
sed 's/^\(PCR-10 \)./\10/' pcrs-sha256 > bad256
cmp -s bad256 pcrs-sha256 && sed 's/^\(PCR-10 \)./\11/' pcrs-sha256 > bad256
is "a changed PCR-10: no match, exit 1" "Failed to match per TPM bank or SHA1 padded TPM digest(s).
1" sh -c "lsmbox imasign ima_measurement --ignore-violations --pcrs sha1,pcrs-sha1 --pcrs sha256,bad256 bin 2>&1; echo \$?"
sed 's|/tmp/m/s|/tmp/m/z|' bin > changed
has "a changed record: its number said" "changed: entry 6: the template digest is not the SHA-1 of its data" \
	sh -c "lsmbox imasign ima_measurement --ignore-violations $P changed 2>&1; true"
is "a changed record: exit 1" "1" sh -c "lsmbox imasign ima_measurement --ignore-violations $P changed > /dev/null 2>&1; echo \$?"
has "--verify-sig: the signature by another key said" "imasign: /tmp/m/o: verification failed: no key with key id $(lsmbox imasign ima_sign -n --key $F/other.key /tmp/m/o 2>/dev/null | cut -c7-14)" \
	sh -c "lsmbox imasign ima_measurement --ignore-violations --verify-sig -k $F/ima.der $P bin 2>&1; true"
is "--verify-sig: exit 1 (evmctl: 0)" "1 0" sh -c "lsmbox imasign ima_measurement --ignore-violations --verify-sig -k $F/ima.der $P bin > /dev/null 2>&1; a=\$?; $REF ima_measurement --ignore-violations --verify-sig -k $F/ima.der $P bin > /dev/null 2>&1; echo \$a \$?"
has "attest, the live list, the TPM's PCRs from sysfs, both keys: attested" "$S/binary_runtime_measurements: attested" \
	lsmbox imasign attest --ignore-violations -k $F/ima.der,$F/other.der $S/binary_runtime_measurements
has "attest: the boot aggregate checked against PCRs 0-9" \
	"ok: entry 1: the boot aggregate is sha256:$(head -n 1 asc | cut -d' ' -f4 | cut -d: -f3); PCRs 0-9 give $(head -n 1 asc | cut -d' ' -f4 | cut -d: -f3)" \
	lsmbox imasign attest --ignore-violations $S/binary_runtime_measurements
is "attest: a changed PCR-10 explained, exit 1" "1 1" sh -c "lsmbox imasign attest --ignore-violations --pcrs sha1,pcrs-sha1 --pcrs sha256,bad256 bin > out; echo \$? \$(grep -c '^FAIL: sha256 PCR-10: the TPM holds' out)"
is "--verify-sig with both keys: exit 0" "0" sh -c "lsmbox imasign ima_measurement --ignore-violations --verify-sig -k $F/ima.der,$F/other.der $P bin > /dev/null 2>&1; echo \$?"
