# SPDX-License-Identifier: Apache-2.0
# The seccomp allow-list of the commands that only read, in Debian's
# kernel: smackctl check and tomoyo-edit check run under it (Seccomp 2 in
# /proc/PID/status while each waits writing into a pipe no one reads),
# with no capability but CAP_DAC_READ_SEARCH;
# a call outside it is refused, named under LSMBOX_SECCOMP=log.  The
# refusals one by one are the unit tests'; here the kernel is the real one.
# vm-kernel: debian
# vm-carry: unit-tests
. /vm/lib.sh
# enough output to fill a pipe (64 KiB): 3,000 rules
i=0
while [ $i -lt 3000 ]; do
	echo "subject$i object$i rwxat"
	i=$((i + 1))
done > /tmp/rules
# and 3,000 domains, 40,000 queries (two bytes of answer each)
sed 's|^subject\([0-9]*\) .*|<kernel> /usr/bin/program\1|' /tmp/rules > /tmp/domain
for n in 1 2 3 4 5 6 7 8 9 10 11 12 13; do cat /tmp/rules; done | head -n 40000 > /tmp/queries
# seccomp_of CMD...: CMD's CapEff and Seccomp fields while it is held writing
seccomp_of() {
	mkfifo /tmp/held
	"$@" > /tmp/held &
	pid=$!
	exec 4< /tmp/held	# opened, never read: the writer fills the pipe and waits
	n=0
	while [ "$(cat /proc/$pid/wchan 2>/dev/null)" != pipe_write ] && [ $n -lt 200 ]; do
		sleep 0.05
		n=$((n + 1))
	done
	sed -n 's/^\(Seccomp\|CapEff\):[[:space:]]*//p' /proc/$pid/status | tr '\n' ' '
	kill $pid
	exec 4<&-
	wait $pid 2>/dev/null
	rm -f /tmp/held
}
is "the kernel has seccomp filters" "y" sh -c "grep -q Seccomp_filters /proc/self/status && echo y"
is "smackctl check: under the allow-list" "0000000000000004 2 " seccomp_of lsmbox smackctl check /tmp/rules
is "smackctl access --offline: under it" "0000000000000004 2 " seccomp_of lsmbox smackctl access --offline --rules /tmp/rules --batch /tmp/queries
is "tomoyo-edit check: under it" "0000000000000004 2 " seccomp_of lsmbox tomoyo-edit check -p -t domain /tmp/domain
# --root: openat2 answers ENOSYS under the filter; the jail walks the
# path itself and still keeps a link inside the image
mkdir -p /tmp/img/etc/smack/accesses.d
head -n 1 /tmp/rules > /tmp/img/etc/smack/accesses.d/r
ln -s /etc/smack/accesses.d /tmp/img/rd
is "smackctl --root check: an absolute link resolved in the image under the filter" \
	"subject0 object0 rwxat" lsmbox smackctl --root /tmp/img check rd
is "the refusals and the capability drops, each in this kernel (unit tests)" "16 passed, 0 failed" sh -c \
	"unit-tests caps_keep_masks caps_keep_dies_when_refused seccomp_afalg_refuses_other_sockets seccomp_afalg_allows_its_sockets caps_limit_keeps_only_what_is_named seccomp_allows_reading_and_computing seccomp_refuses_a_socket seccomp_refuses_an_open_for_writing seccomp_refuses_writing_an_existing_file seccomp_refuses_any_open_without_open_ro seccomp_refuses_other_ioctls seccomp_refuses_unlink seccomp_log_names_the_call seccomp_unknown_mode_is_a_usage_error seccomp_threads_but_no_process seccomp_no_threads_without_the_flag | tail -n 1"
