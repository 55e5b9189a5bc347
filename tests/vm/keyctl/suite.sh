# SPDX-License-Identifier: Apache-2.0
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
note() { echo "note: $*"; }
# The initramfs has busybox and the carried anchor only: a case that needs
# another tool says so and does not run (it is not counted as passed).
need() { command -v "$1" > /dev/null 2>&1 || { note "$3: needs $1, not in the VM"; return 1; }; }
. /vm/tests/keyctl/vm.lib
. /vm/tests/keyctl/cases.lib
kd_cleanup
