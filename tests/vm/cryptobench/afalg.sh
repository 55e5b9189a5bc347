# SPDX-License-Identifier: Apache-2.0
# AF_ALG and crypto_user as modules of Debian's kernel: after they load,
# sockets of each type open and give the standards' answers; the drivers
# behind gcm(aes) and stdrng come in through the kernel's own modprobe call.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
# vm-modules: af_alg algif_hash algif_skcipher algif_aead algif_rng crypto_user
. /vm/lib.sh
# FIPS 180-4, example "abc".
is "hash sha256(abc)" ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad \
	sh -c 'printf abc | vm-probe afalg hash sha256'
# RFC 4231, test case 2.
is "hash hmac(sha256), RFC 4231 case 2" 5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843 \
	sh -c "printf 'what do ya want for nothing?' | vm-probe afalg hash 'hmac(sha256)' 4a656665"
# NIST SP 800-38A F.2.1, first block.
is "skcipher cbc(aes), SP 800-38A F.2.1" 7649abac8119b246cee98e9b12e9197d \
	sh -c "printf '\153\301\276\342\056\100\237\226\351\075\176\021\163\223\027\052' |
		vm-probe afalg skcipher 'cbc(aes)' 2b7e151628aed2a6abf7158809cf4f3c 000102030405060708090a0b0c0d0e0f"
is "aead gcm(aes) binds" bound vm-probe afalg aead 'gcm(aes)'
is "rng stdrng binds" bound vm-probe afalg rng stdrng
ok "gcm was loaded on demand" grep -q '^gcm ' /proc/modules
is "an unknown algorithm is ENOENT" "vm-probe: bind: No such file or directory
exit 1" sh -c 'vm-probe afalg hash no-such-alg 2>&1; echo exit $?'
ok "crypto_user is loaded" grep -q '^crypto_user ' /proc/modules
