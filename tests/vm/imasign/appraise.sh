# SPDX-License-Identifier: Apache-2.0
# IMA appraisal in the real kernel (Debian's, ima_appraise=enforce): a
# script signed by imasign runs; one changed after signing, an unsigned
# one, one with only a digest and one signed by a key the kernel was not
# given are refused.  The certificate goes into the _ima keyring with
# imasign import, as IMA finds it on a kernel without
# CONFIG_INTEGRITY_TRUSTED_KEYRING (request_key from the session of the
# process that runs the file); the policy appraises only files owned
# by uid 1000, so nothing else the rig runs is touched.  The keys are
# test-only (fixtures/README).  ECDSA (Debian's kernel has no
# CONFIG_CRYPTO_ECDSA): ecdsa.sh, on the rig's modsig kernel.  EVM: not
# here yet.
# vm-kernel: debian
# vm-append: lsm=integrity ima_appraise=enforce ima_hash=sha256
. /vm/lib.sh
. /vm/tests/imasign/appraise.lib
F=/vm/tests/imasign/fixtures
I="lsmbox imasign"
mkdir t
for f in good bad unsigned hashonly other; do
	printf '#!/bin/sh\necho %s ran\n' $f > t/$f.sh
done
chmod 755 t/*.sh
ok "ima_sign good.sh" $I ima_sign --key $F/ima.key t/good.sh
ok "ima_sign bad.sh" $I ima_sign --key $F/ima.key t/bad.sh
echo 'echo tampered' >> t/bad.sh
ok "ima_hash hashonly.sh" $I ima_hash t/hashonly.sh
ok "ima_sign other.sh with a key the kernel is not given" $I ima_sign --key $F/other.key t/other.sh
chown 1000 t/*.sh
ok "ima_verify: good.sh verifies here too" $I ima_verify --key $F/ima.der t/good.sh
KR=$(lsmbox keyctl newring _ima @s)
ok "import the certificate into _ima" $I import $F/ima.der $KR
has "the kernel finds it by the key id our signatures name" \
	"$(lsmbox keyctl search $KR asymmetric id:$($I ima_sign -n --key $F/ima.key t/good.sh 2>/dev/null | cut -c7-14))" \
	lsmbox keyctl rlist $KR
ok "load the appraisal policy" sh -c "printf 'measure func=BPRM_CHECK fowner=1000 template=ima-sig\nappraise func=BPRM_CHECK fowner=1000 appraise_type=imasig\n' > /sys/kernel/security/ima/policy"
is "the signed script runs" "good ran" ./t/good.sh
refused ./t/bad.sh "a script changed after signing is refused"
refused ./t/unsigned.sh "an unsigned script is refused"
refused ./t/hashonly.sh "a script with only a digest is refused (appraise_type=imasig)"
refused ./t/other.sh "a script signed by another key is refused"
has "the measurement list holds good.sh with our signature (ima-sig)" "yes" \
	sh -c "grep -q 'good.sh 030204' /sys/kernel/security/ima/ascii_runtime_measurements && echo yes"
