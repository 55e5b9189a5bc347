# SPDX-License-Identifier: Apache-2.0
# IMA appraisal of ECDSA signatures in the real kernel: the modsig kernel
# (config/kernel/modsig.config: IMA appraisal, CONFIG_CRYPTO_ECDSA, which
# Debian's kernel lacks) booted with ima_appraise=enforce.  Scripts signed
# by imasign ima_sign with a P-256 key (sha256) and a P-384 key (sha384),
# and one with the RSA key, run; one changed after signing, one signed by
# a key the kernel is not given, and one whose signature names the P-256
# key but was made by the P-384 one are refused.  The certificates go
# into the _ima keyring the process finds (the kernel is built without a
# trusted .ima: the test keys are signed by no built-in key).  The list's
# ima-sig records are checked by attest.  The keys are test-only
# (fixtures/README).
# vm-kernel: modsig
# vm-append: ima_appraise=enforce ima_hash=sha256
. /vm/lib.sh
. /vm/tests/imasign/appraise.lib
F=/vm/tests/imasign/fixtures
I="lsmbox imasign"
S=/sys/kernel/security/ima
mkdir t
for f in p256 p384 rsa bad other forged; do
	printf '#!/bin/sh\necho %s ran\n' $f > t/$f.sh
done
chmod 755 t/*.sh
ok "ima_sign p256.sh with the P-256 key" $I ima_sign -a sha256 --key $F/ec256.key t/p256.sh
ok "ima_sign p384.sh with the P-384 key" $I ima_sign -a sha384 --key $F/ec384.key t/p384.sh
ok "ima_sign rsa.sh with the RSA key" $I ima_sign --key $F/ima.key t/rsa.sh
ok "ima_sign bad.sh with the P-256 key" $I ima_sign --key $F/ec256.key t/bad.sh
echo 'echo tampered' >> t/bad.sh
ok "ima_sign other.sh with a key the kernel is not given" $I ima_sign --key $F/other.key t/other.sh
id256=$($I ima_sign -n --key $F/ec256.key t/forged.sh 2> /dev/null | cut -c7-14)
ok "ima_sign forged.sh by the P-384 key, naming the P-256 key's id" $I ima_sign --keyid $id256 --key $F/ec384.key t/forged.sh
ok "ima_verify here first: the three good ones" $I ima_verify --key $F/ec256.der,$F/ec384.der,$F/ima.der t/p256.sh t/p384.sh t/rsa.sh
chown 1000 t/*.sh
KR=$(lsmbox keyctl newring _ima @s)
for c in ec256 ec384 ima; do
	ok "import $c.der into _ima" $I import $F/$c.der $KR
done
ok "load the policy" sh -c "printf '%s\n' 'measure func=BPRM_CHECK fowner=1000 template=ima-sig' \
	'appraise func=BPRM_CHECK fowner=1000 appraise_type=imasig' > $S/policy"
is "the P-256-signed script runs" "p256 ran" ./t/p256.sh
is "the P-384-signed script runs" "p384 ran" ./t/p384.sh
is "the RSA-signed script runs" "rsa ran" ./t/rsa.sh
refused ./t/bad.sh "an ECDSA-signed script changed after signing is refused"
refused ./t/other.sh "a script signed by a key the kernel is not given is refused"
refused ./t/forged.sh "a P-384 signature naming the P-256 key is refused"
cp $S/binary_runtime_measurements list
$I attest -k $F/ec256.der,$F/ec384.der,$F/ima.der list > attest.out
has "attest: six signatures in the list, three bad" "FAIL: 6 signatures checked, 3 did not verify" cat attest.out
is "attest: the bad ones are bad.sh, other.sh and forged.sh" "bad
forged
other" sh -c "sed -n 's,^FAIL: entry [0-9]* (.*/t/\([a-z]*\)\.sh): .*,\1,p' attest.out | sort"
