# SPDX-License-Identifier: Apache-2.0
# aa-status through argv[0] (and aa-compile status) beside Debian's
# aa-status 3.0.8 in the same boot, on the same kernel state: no policy,
# then profiles in enforce and complain mode with processes confined by
# them (attached by their executable's name, or by a profile of another
# name), and one unconfined that has a profile of its name (started before
# its profile was loaded): every option's output and exit status, the
# JSON and the pretty JSON byte for byte.  Then enforce, complain and
# disable (aa-enforce, ... through argv[0]) reloading what they change.
# vm-kernel: debian
# vm-append: lsm=apparmor
# vm-carry: aa-profiles anchor:/usr/sbin/aa-status
. /vm/lib.sh
A=/sys/kernel/security/apparmor
REF=/vm/anchor/aa-status
ln -s /bin/lsmbox /tmp/aa-status
OURS=/tmp/aa-status

# same WHAT ARGS...: our output and status, then the anchor's (its usage's
# first line names the program as called: left out)
same() {
	_what=$1
	shift
	$REF "$@" > a.out 2> a.err
	_ra=$?
	$OURS "$@" > b.out 2> b.err
	_rb=$?
	sed -i '1s/^Usage: .* \[OPTIONS\]$/Usage: NAME [OPTIONS]/' a.out b.out
	is "aa-status $_what: as the anchor's (exit $_ra)" "$(cat a.out a.err; echo "exit $_ra")" \
		sh -c "cat b.out b.err; echo exit $_rb"
}
# (--help: lsmbox's help for the applet; tests/aa-compile-status.test)
OPTS="--verbose -v --profiled --enforced --complaining --kill --special-unconfined --process-mixed --enabled -h --bogus"
options() {
	for o in "" $OPTS "--json --verbose" $2; do
		# shellcheck disable=SC2086
		same "$1: ${o:-(none)}" $o
	done
}

is "apparmor: no profiles loaded yet" "" cat $A/profiles
options "no policy"
# no policy: the anchor writes no JSON (and --pretty-json exits 2); ours
# writes the empty lists with the anchor's status
is "aa-status --json, no policy: nothing from the anchor, exit 0" "exit 0" sh -c "$REF --json; echo exit \$?"
is "aa-status --json, no policy: the empty lists, exit 0" '{"version": "2", "profiles": {}, "processes": {}}
exit 0' sh -c "$OURS --json; echo exit \$?"
is "aa-status --pretty-json, no policy: nothing from the anchor, exit 2" "exit 2" sh -c "$REF --pretty-json; echo exit \$?"
is "aa-status --pretty-json, no policy: the empty lists laid out, exit 2" "$(printf '{\n\t"version":\t"2",\n\t"profiles":\t{\n\t},\n\t"processes":\t{\n\t}\n}\nexit 2')" \
	sh -c "$OURS --pretty-json; echo exit \$?"

# the executables: busybox as sleep in four directories
for d in enf cmp unc named; do
	mkdir -p /tmp/st/$d
	cp /bin/busybox /tmp/st/$d/sleep
done
/tmp/st/unc/sleep 600 &
u=$!
cat > st.profiles <<'EOF'
/tmp/st/enf/sleep {
  file,
  signal,
}
/tmp/st/cmp/sleep flags=(complain) {
  file,
  signal,
}
/tmp/st/unc/sleep {
  file,
  signal,
}
profile st-named /tmp/st/named/sleep {
  file,
  signal,
}
EOF
ok "apparmor: the status profiles loaded" lsmbox aa-compile -r st.profiles
/tmp/st/enf/sleep 600 &
e1=$!
/tmp/st/enf/sleep 600 &
e2=$!
/tmp/st/cmp/sleep 600 &
c=$!
/tmp/st/named/sleep 600 &
n=$!
# --loaded: the kernel's profile tree, and a namespace's profile in it (a
# named profile's attachment the kernel shows as <unknown>: the records
# apparmor_parser writes do not carry its text)
printf 'profile :st-ns:inner /tmp/st/inner {\n  file,\n}\n' > ns.profile

ok "apparmor: a profile in namespace st-ns loaded" lsmbox aa-compile -r ns.profile
is "aa-compile --loaded: every profile, its mode and attachment, by namespace then name" \
	"$(printf '/tmp/st/cmp/sleep\tcomplain\t/tmp/st/cmp/sleep\n/tmp/st/enf/sleep\tenforce\t/tmp/st/enf/sleep\n/tmp/st/unc/sleep\tenforce\t/tmp/st/unc/sleep\nst-named\tenforce\t<unknown>\n:st-ns://inner\tenforce\t<unknown>')" \
	sh -c "lsmbox aa-compile --loaded | cut -f1-3"
is "aa-compile --loaded: the kernel's hash of each" \
	"$(for d in $A/policy/profiles/*/; do printf '%s\t%s\n' "$(cat $d/name)" "$(cat $d/sha1)"; done | sort)" \
	sh -c "lsmbox aa-compile --loaded | grep -v '^:' | cut -f1,4 | sort"
is "aa-compile --loaded --json: five, one in a namespace" "5 1" \
	sh -c "lsmbox aa-compile --loaded --json > l.json; echo \$(grep -o '\"name\":' l.json | wc -l) \$(grep -o '\"namespace\": \"st-ns\"' l.json | wc -l)"
ok "apparmor: the namespace's profile removed" lsmbox aa-compile -R ns.profile
rmdir $A/policy/namespaces/st-ns 2> /dev/null
is "apparmor: the sleepers confined as meant" "/tmp/st/enf/sleep (enforce) /tmp/st/cmp/sleep (complain) st-named (enforce) unconfined" \
	sh -c "echo \$(cat /proc/$e1/attr/current /proc/$c/attr/current /proc/$n/attr/current /proc/$u/attr/current)"
options "four profiles, five processes"
# processes in more than one mode: the anchor's JSON lacks the ", " before
# each mode's first executable after the first (so its --pretty-json
# cannot parse it: exit 42, nothing written); ours has it
is "aa-status --json, processes in three modes: the anchor's with its missing separators put in" \
	"$($REF --json | sed 's/}]"/}], "/g')" $OURS --json
is "aa-status --pretty-json, processes in three modes: the anchor's fails (exit 42)" "exit 42" \
	sh -c "$REF --pretty-json; echo exit \$?"
is "aa-status --pretty-json, processes in three modes: ours, exit 0, the five processes" "0 5" \
	sh -c "$OURS --pretty-json > p.out; echo \$? \$(grep -c '\"pid\":' p.out)"
is "aa-compile status --profiled: 4" "4" lsmbox aa-compile status --profiled
# processes in enforce mode only: both JSONs byte for byte
kill $c $u
wait $c $u 2> /dev/null
same "enforce processes only: --json" --json
same "enforce processes only: --pretty-json" --pretty-json
is "aa-compile status --json: aa-status's" "$($REF --json)" lsmbox aa-compile status --json

kill $e1 $e2 $n
wait $e1 $e2 $n 2> /dev/null
ok "apparmor: the status profiles removed" lsmbox aa-compile -R st.profiles

# mode changes, each reloaded: usr.bin.man and its hats
mode() { grep -E '^(/usr/bin/man|man_filter|man_groff) ' $A/profiles | sed 's/.* (\(.*\))$/\1/' | sort | uniq -c | awk '{ printf "%s %s ", $2, $1 }'; }
ok "apparmor: usr.bin.man loaded" lsmbox aa-compile -r /etc/apparmor.d/usr.bin.man
is "apparmor: in enforce mode" "enforce 3 " mode
is "aa-compile complain usr.bin.man: said" "Setting /etc/apparmor.d/usr.bin.man to complain mode." lsmbox aa-compile complain usr.bin.man
is "apparmor: ... reloaded in complain mode" "complain 3 " mode
ln -s /bin/lsmbox /tmp/aa-enforce
ln -s /bin/lsmbox /tmp/aa-disable
is "aa-disable /usr/bin/man (a program): said" "Disabling /usr/bin/man." /tmp/aa-disable /usr/bin/man
# modes_link: the modes, and the link in disable/
modes_link() { echo $(mode) $(readlink /etc/apparmor.d/disable/usr.bin.man || echo none); }
is "apparmor: ... removed from the kernel, the link made" "/etc/apparmor.d/usr.bin.man" modes_link
is "aa-enforce usr.bin.man: said" "Setting /etc/apparmor.d/usr.bin.man to enforce mode." /tmp/aa-enforce usr.bin.man
is "apparmor: ... loaded again in enforce mode, the link gone" "enforce 3 none" modes_link
is "apparmor: the file with no flags again (Debian's is in enforce mode)" "0" sh -c "grep -c 'flags=' /etc/apparmor.d/usr.bin.man; true"
ok "apparmor: usr.bin.man removed" lsmbox aa-compile -R /etc/apparmor.d/usr.bin.man
is "apparmor: none left at the end" "" cat $A/profiles
