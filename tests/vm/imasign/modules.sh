# SPDX-License-Identifier: Apache-2.0
# Module signatures in a kernel that demands them (config/kernel/modsig:
# CONFIG_MODULE_SIG_FORCE, trusting the test keys of
# config/kernel/modsig.d/fixtures): a module signed by imasign sign-module
# with either key (RSA, whose signature is byte for byte sign-file's, and
# ECDSA P-384) loads; unsigned, signed by a key the kernel does not trust,
# or with a byte of the module or of the signature changed it does not; a
# signed module is not signed again, but anew with --replace.
# vm-kernel: modsig
# vm-carry: config/kernel/modsig.d/fixtures
. /vm/lib.sh
K=/vm/top/config/kernel/modsig.d/fixtures
M=/vm/kernel/lsmbox_test.ko
I="lsmbox imasign"
ok "the module built against this kernel is here" test -s $M
lsmbox imasign genkey --bits 2048 other.pem > /dev/null 2>&1
loads() {	# NAME FILE: insmod FILE works, then the module is removed
	if insmod "$2" 2> err; then
		rmmod lsmbox_test
		pass "$1"
	else
		fail "$1" "$(cat err)"
	fi
}
refused() {	# NAME FILE WHAT: insmod FILE fails with WHAT in its message
	if insmod "$2" 2> err; then
		rmmod lsmbox_test
		fail "$1" "it loaded"
	elif grep -q "$3" err; then
		pass "$1"
	else
		fail "$1" "not '$3': $(cat err)"
	fi
}
refused "unsigned: refused (CONFIG_MODULE_SIG_FORCE)" $M "Key was rejected\|Required key not available\|Operation not permitted"
ok "signed with the RSA key" $I sign-module sha256 $K/lsmbox-rsa.pem $K/lsmbox-rsa.pem $M rsa.ko
loads "signed with the RSA key (the kernel's MODULE_SIG_KEY): loaded" rsa.ko
is "the kernel logged the module's own line" "1" sh -c "dmesg | grep -c 'lsmbox_test: loaded'"
ok "signed with the ECDSA P-384 key, sha384" $I sign-module sha384 $K/lsmbox-ec.pem $K/lsmbox-ec.pem $M ec.ko
loads "signed with the ECDSA key (CONFIG_SYSTEM_TRUSTED_KEYS): loaded" ec.ko
ok "signed with the RSA key, -k (signer by key identifier)" $I sign-module -k sha512 $K/lsmbox-rsa.pem $K/lsmbox-rsa.pem $M kid.ko
loads "signed with -k: loaded" kid.ko
ok "signed with a key the kernel does not trust" $I sign-module sha256 other.pem other.pem $M other.ko
refused "signed with a key the kernel does not trust: refused" other.ko "Required key not available\|Key was rejected"
cp rsa.ko flip.ko
printf 'X' | dd of=flip.ko bs=1 seek=4096 conv=notrunc 2> /dev/null
refused "a byte of the module changed after signing: refused" flip.ko "Key was rejected\|Bad message"
cp rsa.ko flipsig.ko
n=$(($(stat -c %s rsa.ko) - 28 - 12 - 10))
printf 'X' | dd of=flipsig.ko bs=1 seek=$n conv=notrunc 2> /dev/null
refused "a byte of the signature changed: refused" flipsig.ko "Key was rejected\|Bad message"
cp rsa.ko twice.ko
is "a signed module: imasign refuses to sign it again" "1" sh -c "$I sign-module sha256 $K/lsmbox-rsa.pem $K/lsmbox-rsa.pem twice.ko 2> /dev/null; echo \$?"
ok "--replace: signed anew, loads" sh -c "$I sign-module --replace sha256 $K/lsmbox-rsa.pem $K/lsmbox-rsa.pem twice.ko && insmod twice.ko && rmmod lsmbox_test"
is "verify-module with the kernel's certificate" "verified:       yes" sh -c "$I verify-module -k $K/lsmbox-rsa.pem rsa.ko | grep ^verified"
