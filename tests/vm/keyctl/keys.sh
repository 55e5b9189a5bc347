# SPDX-License-Identifier: Apache-2.0
# The keys syscalls in Debian's kernel: add, read, /proc/keys, revoke, and a
# persistent keyring (which this machine's own kernel may lack).
# vm-kernel: debian
# vm-append: lsm=lockdown,capability,yama,apparmor,tomoyo,integrity apparmor=1 ima_policy=tcb
. /vm/lib.sh
id=$(vm-probe key add user rig-k1 value-1 @s)
ok "add_key user returns an id" test "${id:-0}" -gt 0
is "keyctl read" value-1 vm-probe key read "$id"
ok "/proc/keys lists it" sh -c "grep -q ' user  *rig-k1: 7\$' /proc/keys"
ok "keyctl revoke" vm-probe key revoke "$id"
is "read after revoke fails" "vm-probe: keyctl_read: Key has been revoked
exit 1" sh -c "vm-probe key read $id 2>&1; echo exit \$?"
p=$(vm-probe key persistent)
ok "persistent keyring" test "${p:-0}" -gt 0
ok "persistent keyring in /proc/keys" sh -c "grep -q ' keyring  *_persistent.0: ' /proc/keys"
