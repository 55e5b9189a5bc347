# SPDX-License-Identifier: Apache-2.0
# Socket labels for a socket-activated service: smackctl run --ipin/--ipout
# labels the listening socket passed with LISTEN_FDS (as systemd's
# SmackLabelIPIn=/IPOut=), the kernel lets an unprivileged client connect
# only with write access to IPIN and from IPOUT to it, and the client sees
# IPOUT as its peer's label (SO_PEERSEC); label on the socket's path
# decides who may reach it at all.
# vm-kernel: smack
# vm-append: lsm=smack
. /vm/tests/smackctl/vm.lib
chmod 755 .

# stop: the service, if it is still waiting (a test failed), then reaped
stop() {
	kill %1 2>/dev/null
	wait
}

# serve NAME ARGS...: a service on socket NAME (made as systemd would, by
# the caller, before the service's label), started through smackctl run
serve() {
	_s=$1
	shift
	vm-probe listen "$_s" $S run "$@" Srv vm-probe serve > "$_s.out" 2>&1 &
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		[ -S "$_s" ] && break
		sleep 1
	done
	chmod 777 "$_s"
}

serve s0
is "without --ipout the peer label is the socket's maker's (_), not Srv's" "peer _
hello" vm-probe connect s0
stop
serve s1 --ipin SrvIn --ipout SrvOut
is "with --ipout the client sees it as its peer's label (SO_PEERSEC)" "peer SrvOut
hello" vm-probe connect s1
stop
is "the service saw the client's label" "peer _" cat s1.out

# An unprivileged client (uid 1000, no CAP_MAC_OVERRIDE) labelled Client.
client() { $S run Client vm-probe as 1000 vm-probe connect "$1" > /dev/null 2>&1 && echo connected || echo refused; }
serve s2 --ipin SrvIn --ipout SrvOut
ok "label -a on the socket's path" $S label -a SockPath s2
is "the path's label reads back" 's2 access="SockPath"' $S label s2
is "no rule to the path: the client may not connect" refused client s2
printf 'Client SockPath w\n' | $S load -
is "a rule to the path but none to IPIN (SrvIn): refused" refused client s2
printf 'Client SrvIn w\n' | $S load -
is "and to SrvIn, but none back from IPOUT (SrvOut) to Client: refused" refused client s2
printf 'SrvOut Client w\n' | $S load -
is "with both: connected" connected client s2
stop
is "the service saw Client" "peer Client" sh -c "grep peer s2.out"

is "run --ipin with no LISTEN_FDS: exit 2" "exit 2" sh -c "$S run --ipin In Srv true 2>/dev/null; echo exit \$?"
is "run --ipin when fd 3 is a file: exit 1, nothing run" "exit 1" \
	sh -c "LISTEN_FDS=1 $S run --ipin In Srv echo ran 3</dev/null 2>/dev/null; echo exit \$?"
$S clean
umount $F
