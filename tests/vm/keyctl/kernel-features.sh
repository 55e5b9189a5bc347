# SPDX-License-Identifier: Apache-2.0
# keyctl against the anchor (keyutils 1.6.3, carried in) inside Debian's 6.1
# kernel: what the host's kernel may lack (DH, pkcs8 private keys, encrypted
# keys, persistent keyrings), through the same differential harness as
# tests/keyctl.test (kdiff.lib), plus absolute checks of the DH values.
# The fixtures were made once on the host: rsa-pkcs8.der by openssl genpkey
# (RSA 2048) and pkcs8 -topk8 -outform DER; rsa-x509.der by openssl req -x509
# -subj "/CN=lsmbox keyctl test" -set_serial 1; msg.sha256 and msg.sig by
# openssl dgst -sha256 (-binary, -sign) of msg; the dh-* files from RFC 3526's
# group 5 prime, g = 2, and private values sha256("lsmbox keyctl dh a"/"b"),
# the expected results computed with Python's pow() and SP800-56A's KDF.
# The cases take about 80 s under TCG, init's default is 120 s a script: the
# kernel hands VM_SCRIPT_TIMEOUT on the command line to init's environment.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb VM_SCRIPT_TIMEOUT=400
# vm-modules: pkcs8_key_parser
# vm-carry: keyutils
. /vm/lib.sh
. /vm/tests/keyctl/vm.lib

# side a|o SCRIPT: one side's plain output, for the absolute checks.
side() {
	(cd "$KD_DIR/w" && PATH=$KD_DIR/$1:$PATH "$KD_ANCHOR" session - sh -c "$2" 2> /dev/null)
}
has() { "$KD_ANCHOR" supports "$1"; }

kdiff "supports on this kernel" 'keyctl supports; keyctl supports --raw'
kdiff "add, show, list, describe on this kernel" \
	'r=$(keyctl newring r @s); keyctl add user a 1 $r >/dev/null; keyctl add logon l:x 2 @s >/dev/null; keyctl show; keyctl show -x; keyctl list $r; keyctl describe $r'
kdiff "session and new_session" 'keyctl session - keyctl rdescribe @s; keyctl new_session kd >/dev/null; keyctl rdescribe @s'
kdiff "timeout, expiry, reap -v" \
	'k=$(keyctl add user t v @s); keyctl timeout $k 1; sleep 2; keyctl read $k; keyctl show; keyctl reap -v'
kdiff "revoke, purge, invalidate" \
	'k=$(keyctl add user r v @s); keyctl revoke $k; keyctl print $k; keyctl add user p 1 @s >/dev/null; keyctl purge user; keyctl purge -s user p; j=$(keyctl add user i v @s); keyctl invalidate $j'
kdiff "request without /sbin/request-key" 'keyctl request2 user nosuch-kd info; keyctl request user nosuch-kd'
kdiff "move and restrict_keyring" \
	'k=$(keyctl add user m v @s); r=$(keyctl newring r @s); keyctl move $k @s $r; keyctl restrict_keyring $r; keyctl add user x y $r; keyctl list $r'
kdiff "nobody: possession and refusals" \
	'k=$(keyctl add user k v @s); nobody keyctl print $k; keyctl setperm $k 0x01000000; nobody keyctl print $k; nobody keyctl chown $k 65534; nobody keyctl get_persistent @s 0; nobody keyctl rdescribe @u'

## Persistent keyrings
if has persistent_keyrings; then
	kdiff "get_persistent" \
		'a=$(keyctl get_persistent @s); b=$(keyctl get_persistent @s 0); [ "$a" = "$b" ] && echo same; keyctl rdescribe $a; keyctl list @s | sed "s/^ *[0-9]*: //"; keyctl add user pk v $a > /dev/null; keyctl list $a | sed "s/^ *[0-9]*: //"; keyctl clear $a'
	kdiff "get_persistent of another uid, into a user key" \
		'keyctl get_persistent @s 65534 > /dev/null; keyctl list @s | sed "s/^ *[0-9]*: //"; k=$(keyctl add user k v @s); keyctl get_persistent $k'
else
	fail "persistent keyrings" "the anchor says this kernel lacks them: $("$KD_ANCHOR" supports 2>&1)"
fi

## Diffie-Hellman, RFC 3526 group 5 (1536-bit MODP), g = 2
DH='p=$(keyctl add -x user dh:p "$(cat dh-prime.hex)" @s); g=$(keyctl add -x user dh:g 02 @s); a=$(keyctl add -x user dh:a "$(cat dh-a.hex)" @s); b=$(keyctl add -x user dh:b "$(cat dh-b.hex)" @s); B=$(keyctl add -x user dh:B "$(keyctl dh_compute $b $p $g | sed 1d)" @s);'
if has dh_compute; then
	for s in a o; do
		[ $s = a ] && who=anchor || who=ours
		is "dh_compute ($who): g^a mod p" "$(cat "$KD_DIR/w/dh-pub-a.txt")" \
			side $s "$DH keyctl dh_compute \$a \$p \$g"
		is "dh_compute ($who): the shared secret (g^b)^a mod p" "$(cat "$KD_DIR/w/dh-shared.txt")" \
			side $s "$DH keyctl dh_compute \$a \$p \$B"
		is "dh_compute_kdf ($who): sha256, 48 bytes" "$(cat "$KD_DIR/w/dh-kdf.txt")" \
			side $s "$DH keyctl dh_compute_kdf \$a \$p \$B 48 sha256"
		is "dh_compute_kdf_oi ($who): other info \"lsmbox\"" "$(cat "$KD_DIR/w/dh-kdf-oi.txt")" \
			side $s "$DH printf lsmbox | keyctl dh_compute_kdf_oi \$a \$p \$B 32 sha256"
	done
	kdiff "dh_compute: public value and shared secret" \
		"$DH"' keyctl dh_compute $a $p $g; keyctl dh_compute $a $p $B; keyctl dh_compute $b $p $g'
	kdiff "dh_compute: both sides agree on the secret" \
		"$DH"' A=$(keyctl add -x user dh:A "$(keyctl dh_compute $a $p $g | sed 1d)" @s); keyctl dh_compute $a $p $B > s1; keyctl dh_compute $b $p $A > s2; cmp s1 s2 && echo agreed'
	kdiff "dh_compute_kdf: lengths and hashes" \
		"$DH"' keyctl dh_compute_kdf $a $p $B 32 sha256; keyctl dh_compute_kdf $a $p $B 100 sha512; keyctl dh_compute_kdf $a $p $B 16 sha1'
	kdiff "dh_compute_kdf_oi and -x" \
		"$DH"' printf lsmbox | keyctl dh_compute_kdf_oi $a $p $B 32 sha256; printf 6c736d626f78 | keyctl dh_compute_kdf_oi -x $a $p $B 32 sha256; printf zz | keyctl dh_compute_kdf_oi -x $a $p $B 32 sha256'
	kdiff "dh_compute_kdf: a bad hash, length 0, a huge length" \
		"$DH"' keyctl dh_compute_kdf $a $p $B 32 nosuchhash; keyctl dh_compute_kdf $a $p $B 0 sha256; keyctl dh_compute_kdf $a $p $B 100000 sha256; keyctl dh_compute_kdf $a $p $B x sha256'
	kdiff "dh_compute: a keyring, a logon key, a missing key as operands" \
		"$DH"' r=$(keyctl newring r @s); keyctl dh_compute $r $p $g; l=$(keyctl add logon dh:l x @s); keyctl dh_compute $a $l $g; keyctl dh_compute $a $p 2147483647'
	kdiff "dh_compute: a zero base, a base of p" \
		"$DH"' z=$(keyctl add -x user dh:z 00 @s); keyctl dh_compute $a $p $z; keyctl dh_compute $a $p $p'
else
	fail "dh_compute" "the anchor says this kernel lacks it"
fi

## Encrypted keys (trusted keys are not in this kernel)
ENC='m=$(keyctl add user kmk "$(printf %032d 1)" @s);'
kdiff "encrypted: new, its shape, a reload gives it back" \
	"$ENC"' e=$(keyctl add encrypted ek "new user:kmk 32" @s); keyctl describe $e; keyctl print $e | cut -d" " -f1-3; keyctl pipe $e | wc -c; b=$(keyctl pipe $e); f=$(keyctl add encrypted ek2 "load $b" @s); [ "$(keyctl pipe $f)" = "$b" ] && echo reloaded'
kdiff "encrypted: ecryptfs format" \
	"$ENC"' keyctl add encrypted notahexname "new ecryptfs user:kmk 64" @s; e=$(keyctl add encrypted 0123456789abcdef "new ecryptfs user:kmk 64" @s); keyctl print $e | cut -d" " -f1-3'
kdiff "encrypted: bad master keys, lengths, formats" \
	"$ENC"' keyctl add encrypted e1 "new user:nosuch 32" @s; keyctl add encrypted e2 "new trusted:kmk 32" @s; keyctl add encrypted e3 "new user:kmk 31" @s; keyctl add encrypted e4 "new bogus user:kmk 32" @s; keyctl add encrypted e5 "old user:kmk 32" @s; keyctl add encrypted e6 "load 00" @s'
kdiff "encrypted: update to a new master key" \
	"$ENC"' n=$(keyctl add user kmk2 "$(printf %032d 2)" @s); e=$(keyctl add encrypted ek "new user:kmk 32" @s); keyctl update $e "update user:kmk2"; keyctl print $e | cut -d" " -f1-3; keyctl update $e "update user:nosuch"'
kdiff "encrypted: read as a hex dump has the right length" \
	"$ENC"' e=$(keyctl add encrypted ek "new user:kmk 32" @s); keyctl read $e | head -n 1'
kdiff "trusted keys are not in this kernel" 'keyctl add trusted t "new 32" @s'

## big_key
if has big_key_type; then
	kdiff "big_key: a large value, read back" \
		'k=$(head -c 100000 /dev/zero | tr "\0" b | keyctl padd big_key big @s); keyctl describe $k; keyctl pipe $k | wc -c; keyctl rdescribe $k'
	kdiff "big_key: a small value" 'k=$(keyctl add big_key small tiny @s); keyctl print $k; keyctl read $k'
else
	pass "big_key: this kernel has no big_key type (Debian 6.1: BIG_KEYS needs CRYPTO_LIB_CHACHA20POLY1305=y, it is m)"
	kdiff "big_key: absent" 'keyctl add big_key big v @s; keyctl supports big_key_type'
fi

## Asymmetric keys: the x509 certificate and its pkcs8 private key
X='c=$(keyctl padd asymmetric "" @s < rsa-x509.der); p=$(keyctl padd asymmetric rsapriv @s < rsa-pkcs8.der);'
kdiff "asymmetric: x509 and pkcs8 added, described" \
	"$X"' keyctl padd asymmetric "" @s < rsa-pkcs8.der; keyctl describe $c; keyctl describe $p; keyctl rdescribe $p; keyctl show | sed 1,2d | cut -c11-'
kdiff "pkey_query: public and private" \
	"$X"' keyctl pkey_query $c 0; keyctl pkey_query $p 0 enc=pkcs1 hash=sha256; keyctl pkey_query $p 0 enc=raw'
kdiff "pkey_sign with the private key is openssl's signature" \
	"$X"' keyctl pkey_sign $p 0 msg.sha256 enc=pkcs1 hash=sha256 > sig; cmp sig msg.sig && echo same-signature; wc -c < sig'
kdiff "pkey_verify: good, bad, with the private key" \
	"$X"' keyctl pkey_verify $c 0 msg.sha256 msg.sig enc=pkcs1 hash=sha256; echo good=$?; keyctl pkey_verify $p 0 msg.sha256 msg.sig enc=pkcs1 hash=sha256; echo good=$?; keyctl pkey_verify $c 0 msg.sha256 plain enc=pkcs1 hash=sha256; keyctl pkey_verify $c 0 plain msg.sig enc=pkcs1 hash=sha256'
kdiff "pkey_encrypt with the certificate, pkey_decrypt with the private key" \
	"$X"' keyctl pkey_encrypt $c 0 plain enc=pkcs1 > ct; wc -c < ct; keyctl pkey_decrypt $p 0 ct enc=pkcs1; keyctl pkey_encrypt $p 0 plain enc=pkcs1 > ct2; keyctl pkey_decrypt $p 0 ct2 enc=pkcs1'
kdiff "pkey_*: refusals" \
	"$X"' keyctl pkey_sign $c 0 msg.sha256 enc=pkcs1 hash=sha256; keyctl pkey_decrypt $c 0 msg.sig enc=pkcs1; keyctl pkey_sign $p 0 msg.sha256 enc=pkcs1 hash=nosuch; keyctl pkey_sign $p 0 msg.sha256 enc=bogus; keyctl pkey_sign $p 0 msg.sha256 enc=pkcs1 hash=sha256 extra; keyctl pkey_decrypt $p 0 plain enc=pkcs1'
kdiff "pkey_encrypt: data too large, empty" \
	"$X"' head -c 300 /dev/zero > big; keyctl pkey_encrypt $c 0 big enc=pkcs1; : > empty; keyctl pkey_encrypt $c 0 empty enc=pkcs1 | wc -c'
kdiff "asymmetric: bad data, a key by name, restrict_keyring key_or_keyring" \
	"$X"' echo junk | keyctl padd asymmetric "" @s; keyctl padd asymmetric mycert @s < rsa-x509.der > /dev/null; keyctl describe %asymmetric:mycert; r=$(keyctl newring r @s); keyctl restrict_keyring $r asymmetric key_or_keyring:$c; keyctl padd asymmetric "" $r < rsa-x509.der > /dev/null; keyctl add user u v $r; keyctl rlist $r | wc -w'

## Notifications (no CONFIG_WATCH_QUEUE in Debian 6.1)
kdiff "watch, watch_add, watch_rm, watch_sync, watch_session" \
	'keyctl watch @s; keyctl watch_add 0 @s; keyctl watch_rm 0 @s; keyctl watch_sync 0; keyctl watch_session n g 5 true; keyctl watch -fz @s' ''

kd_cleanup
