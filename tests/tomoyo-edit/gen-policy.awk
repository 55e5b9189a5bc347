# SPDX-License-Identifier: Apache-2.0
# gen-policy.awk: a domain policy of N distinct ACLs of every common kind
# (file paths with wildcards and conditions, numbers, inet and unix sockets,
# env), 40 a domain, the domains named "<kernel> P/usr/sbin/daemonD".  For
# the benchmarks (scripts/bench-tomoyo, tests/vm/tomoyo-edit/load.bench).
#   awk -v N=20000 -v P=/a -f gen-policy.awk
BEGIN {
	for (n = 0; n < N; n++) {
		d = int(n / 40); i = n % 40; r = i % 8
		if (i == 0) printf "%s<kernel> %s/usr/sbin/daemon%d\nuse_profile 1\n\n", n ? "\n" : "", P, d
		if (r == 0) printf "file read /usr/share/app%d/data/file%d.conf\n", d, i
		else if (r == 1) printf "file read/write /var/lib/app%d/\\*.db%d task.uid=%d\n", d, i, 1000 + i
		else if (r == 2) printf "file create /tmp/app%d-\\$.tmp%d 0600\n", d, i
		else if (r == 3) printf "network inet stream connect 10.%d.%d.1 %d\n", d % 256, i, 1024 + i
		else if (r == 4) printf "file execute /usr/bin/tool%d-%d exec.realpath=\"/usr/bin/tool%d-%d\" exec.argv[0]=\"tool%d\"\n", d, i, d, i, i
		else if (r == 5) printf "file ioctl /dev/tty%d 0x5401-0x54%02d\n", d, i + 2
		else if (r == 6) printf "network unix stream connect /run/app%d/sock%d\n", d, i
		else printf "misc env APP%d_VAR%d\n", d, i
	}
	print ""
}
