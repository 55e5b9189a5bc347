# SPDX-License-Identifier: Apache-2.0
# IMA's sigv3 in the real kernel (Debian's 6.1, ima_appraise=enforce): on
# an ext4 filesystem with fs-verity, a script signed by imasign ima_sign
# --veritysig (the fs-verity digest computed by imasign, before fs-verity
# is enabled) runs once fs-verity is enabled on it with the same
# parameters; one never enabled, one changed between signing and enabling,
# one carrying a v2 (file data) signature, and one enabled with another
# salt than it was signed with are refused by appraisal.  The kernel's own
# fs-verity digest (fsverity measure) equals imasign verity-digest's, and
# the measurement list's ima-sigv2 record of the script (a verity: digest
# and our signature) is verified by imasign attest.  The policy appraises
# only files owned by uid 1001.  A boot of its own (ima_template= sets it
# apart from appraise.sh's): Debian's kernel takes one policy a boot.
# vm-kernel: debian
# vm-append: lsm=integrity ima_appraise=enforce ima_hash=sha256 ima_template=ima-sigv2
# vm-modules: loop ext4
# vm-carry: anchor:/sbin/mkfs.ext4 anchor:/usr/bin/fsverity
. /vm/lib.sh
. /vm/tests/imasign/appraise.lib
F=/vm/tests/imasign/fixtures
I="lsmbox imasign"
S=/sys/kernel/security/ima
ok "an ext4 image with fs-verity" /vm/anchor/mkfs.ext4 -q -F -O verity -b 4096 img 8M
mkdir mnt
ok "mounted" mount -o loop img mnt
for f in good nover changed v2 salted; do
	printf '#!/bin/sh\necho %s ran\n' $f > mnt/$f.sh
done
chmod 755 mnt/*.sh
ok "ima_sign --veritysig good.sh" $I ima_sign --veritysig --key $F/ima.key mnt/good.sh
ok "ima_sign --veritysig nover.sh" $I ima_sign --veritysig --key $F/ima.key mnt/nover.sh
ok "ima_sign --veritysig changed.sh" $I ima_sign --veritysig --key $F/ima.key mnt/changed.sh
echo 'echo tampered' >> mnt/changed.sh
ok "ima_sign (v2, file data) v2.sh" $I ima_sign --key $F/ima.key mnt/v2.sh
ok "ima_sign --veritysig --salt 0102 salted.sh" $I ima_sign --veritysig --salt 0102 --key $F/ima.key mnt/salted.sh
ok "ima_verify: good.sh's sigv3 verifies here, fs-verity not enabled yet" $I ima_verify --key $F/ima.der mnt/good.sh
for f in good changed v2; do
	ok "fsverity enable $f.sh" /vm/anchor/fsverity enable mnt/$f.sh
done
ok "fsverity enable salted.sh with another salt (0103)" /vm/anchor/fsverity enable --salt=0103 mnt/salted.sh
is "the kernel's fs-verity digest is imasign verity-digest's" \
	"$($I verity-digest mnt/good.sh)" /vm/anchor/fsverity measure mnt/good.sh
is "and with a salt" "$(/vm/anchor/fsverity measure mnt/salted.sh | cut -d' ' -f1)" \
	sh -c "$I verity-digest --salt 0103 mnt/salted.sh | cut -d' ' -f1"
chown 1001 mnt/*.sh
KR=$(lsmbox keyctl newring _ima @s)
ok "import the certificate into _ima" $I import $F/ima.der $KR
ok "load the policy (digest_type=verity, appraise_type=sigv3)" sh -c "printf '%s\n' \
	'measure func=BPRM_CHECK fowner=1001 digest_type=verity template=ima-sigv2' \
	'appraise func=BPRM_CHECK fowner=1001 digest_type=verity appraise_type=sigv3' > $S/policy"
is "the sigv3-signed script with fs-verity runs" "good ran" ./mnt/good.sh
refused ./mnt/nover.sh "signed, fs-verity never enabled: refused"
refused ./mnt/changed.sh "changed between signing and enabling: refused"
refused ./mnt/v2.sh "a v2 signature of file data where sigv3 is required: refused"
refused ./mnt/salted.sh "enabled with another salt than it was signed with: refused"
has "the list has good.sh's verity: digest (ima-sigv2)" "yes" \
	sh -c "grep -q 'ima-sigv2 verity:sha256:.* $PWD/mnt/good.sh 0603' $S/ascii_runtime_measurements && echo yes"
# the refused scripts were measured before appraisal refused them: their
# records carry what the kernel read (the digest of the file as it is
# now, the signature made before), and attest must say so of each
cp $S/binary_runtime_measurements list
$I attest -k $F/ima.der list > attest.out
is "attest: good.sh's sigv3 signature verifies (no FAIL names it)" "0" sh -c "grep '^FAIL: entry' attest.out | grep -c /good.sh; true"
has "attest: changed.sh's signature is bad" "1" sh -c "grep '^FAIL: entry' attest.out | grep -c '/changed.sh): bad signature'; true"
has "attest: salted.sh's signature is bad" "1" sh -c "grep '^FAIL: entry' attest.out | grep -c '/salted.sh): bad signature'; true"
has "attest: v2.sh's type 03 signature over its verity: digest is refused" "1" \
	sh -c "grep '^FAIL: entry' attest.out | grep -c '/v2.sh): a type 03 signature over an fs-verity digest'; true"
has "attest: four signatures checked, the three above bad (nover.sh, with no fs-verity digest, was not measured)" \
	"FAIL: 4 signatures checked, 3 did not verify" cat attest.out
