# SPDX-License-Identifier: Apache-2.0
# keyctl's key notifications against the anchor, on the Smack kernel, whose
# config fragment turns on the watch queue and key notifications that
# Debian's kernel lacks: watch, watch_session, watch_add, watch_rm and
# watch_sync for real.  The consumer logs what it read when the command
# ends; each command sleeps a second at its end so that both sides' logs
# are complete.  (Removing the session's own watch would end the consumer
# and, with it, the command: a race, so no case does.)
# vm-kernel: smack
# vm-append: VM_SCRIPT_TIMEOUT=200
# vm-carry: keyutils
. /vm/lib.sh
. /vm/tests/keyctl/vm.lib

is "this kernel has key notifications" "have_notify=1" sh -c "$KD_ANCHOR supports | grep have_notify"
kdiff "supports on a kernel with notifications" 'keyctl supports; keyctl supports notify; echo $?'
kdiff "watch_session: a key's life in the notify log" \
	'rm -f nlog glog; keyctl watch_session -n kdw nlog glog 9 sh -c "k=\$(keyctl add user a b @s); keyctl update \$k c; keyctl watch_add 9 \$k; keyctl update \$k d; keyctl revoke \$k; keyctl watch_rm 9 \$k; keyctl unlink \$k @s; sleep 1"; echo "status $?"; cat nlog; echo ==; cat glog'
kdiff "watch_session with a filter: only link and unlink" \
	'rm -f nlog glog; keyctl watch_session -fln -n kdf nlog glog 8 sh -c "r=\$(keyctl newring r @s); k=\$(keyctl add user a b \$r); keyctl watch_add 8 \$r; keyctl update \$k c; keyctl unlink \$k \$r; keyctl clear \$r; sleep 1"; echo "status $?"; cat nlog'
kdiff "watch_session: the command's status, a bad fd" \
	'rm -f nlog glog; keyctl watch_session nlog glog 9 sh -c "exit 3"; echo "status $?"; keyctl watch_session nlog glog 2 true; echo "status $?"'
# A command that ends at once must not race the consumer's start: its
# status, 20 times over (once, this gave 143: SIGTERM before the handler).
kdiff "watch_session: a command that ends at once, 20 times" \
	'rm -f nlog glog; i=0; while [ \$i -lt 20 ]; do keyctl watch_session nlog glog 9 sh -c "exit 3" 2>/dev/null; echo "status $?"; i=\$((i + 1)); done | sort | uniq -c'
kdiff "watch_sync inside watch_session" \
	'rm -f nlog glog; keyctl watch_session nlog glog 9 sh -c "keyctl add user s v @s > /dev/null; keyctl watch_sync 9; echo sync \$?"; echo "status $?"'
kdiff "watch_add and watch_rm: a missing key, twice, not watched, outside a session" \
	'rm -f nlog glog; keyctl watch_session nlog glog 9 sh -c "k=\$(keyctl add user w v @s); keyctl watch_add 9 2147483647; keyctl watch_rm 9 \$k; keyctl watch_add 9 \$k; keyctl watch_add 9 \$k; keyctl watch_rm 9 \$k; keyctl watch_rm 9 \$k; sleep 1; true"; keyctl watch_add 0 @s'
kdiff "watch: a keyring's events on stdout until it goes" \
	'rm -f wlog werr; r=$(keyctl newring r @s); (keyctl watch $r > wlog 2> werr; echo "watch status $?" >> wlog) & sleep 1; k=$(keyctl add user x y $r); keyctl update $k z; keyctl clear $r; keyctl invalidate $r; sleep 2; cat wlog werr'
kdiff "watch with bad filters" 'keyctl watch -fZ @s; keyctl watch -f: @s; keyctl watch 0'
kd_cleanup
