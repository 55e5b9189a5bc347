# keyctl's host suite (the cases of tests/keyctl.test, in cases.lib) inside
# Debian's 6.1 kernel, against the anchor carried in: the same command
# sequences meet another kernel's key subsystem, with asymmetric keys and a
# pkcs8 parser.  Its own boot (the keyctl.suite word on the command line
# keeps it apart from kernel-features.sh), so the boot's time limit is its own.
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 keyctl.suite VM_SCRIPT_TIMEOUT=290
# vm-modules: pkcs8_key_parser
# vm-carry: keyutils
. /vm/lib.sh
KD_ANCHOR=/vm/anchor/keyctl
KD_OURS=/bin/lsmbox
KD_AS="vm-probe as 65534"
kd_pass() { pass "$1"; }
kd_fail() { fail "$1" "$2"; }
note() { echo "note: $*"; }
# The initramfs has busybox and the carried anchor only: a case that needs
# another tool says so and does not run (it is not counted as passed).
need() { command -v "$1" > /dev/null 2>&1 || { note "$3: needs $1, not in the VM"; return 1; }; }
. /vm/tests/keyctl/kdiff.lib
if ! "$KD_ANCHOR" --version > /dev/null 2>&1; then
	fail "the anchor runs" "$("$KD_ANCHOR" --version 2>&1)"
	exit 0
fi
kd_setup || { fail "kd_setup" "cannot make the harness's directory"; exit 0; }
cp /vm/tests/keyctl/fixtures/* "$KD_DIR/w/"
. /vm/tests/keyctl/cases.lib
kd_cleanup
