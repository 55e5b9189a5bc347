# SPDX-License-Identifier: Apache-2.0
# gen-corpus.awk: one profile file of generated edge cases for
# tests/aa-compile-equiv.test: awk -v seed=N -v nprof=N -f gen-corpus.awk.
# Variables (several values, nested, in alternations), globs (* ** ? [..]
# [^..] {..} nested and empty alternatives, escapes), every file
# permission and exec mode with and without a named target, the
# qualifiers, hats and child profiles.  The numbers come from our own
# generator (not awk's rand, which mawk and gawk do differently), so a
# seed gives the same file everywhere.

function rnd(n) {
	# a 31-bit linear congruential generator
	state = (state * 1103515245 + 12345) % 2147483648
	return int(state / 65536) % n
}

function pick(list,    a, n) {
	n = split(list, a, "|")
	return a[rnd(n) + 1]
}

function segment() {
	return pick("a|bin|lib64|usr|*|**|?|[a-c]|[^x]|{a,b}|{a,{b,c}}|{,x}|x*y|@{V2}|\\*|f?o|[0-9]*|{x,y}z*|.conf|**.so")
}

function path(    p, n, i) {
	p = pick("/|/|/|@{V1}/|@{HOME}/|/{usr/,}")
	n = rnd(4) + 1
	for (i = 0; i < n; i++)
		p = p (i ? "/" : "") segment()
	return p pick("||||/|/**|/*")
}

function rule(k,    q, m, t) {
	q = pick("||||audit |owner |audit owner |allow |")
	m = pick("r|w|rw|rwk|a|l|m|mr|rl|ix|px|Px|cx|Cx|ux|Ux|pix|Pix|cix|Cix|mrix|rPx|k|wl|x")
	if (m == "x") {
		q = "deny "
	} else if (m !~ /x/ && rnd(6) == 0) {
		q = pick("deny |deny owner |audit deny ")
	}
	t = ""
	if (m ~ /[pc]i?x|[PC]i?x/ && rnd(3) == 0)
		t = " -> " pick("foo|/usr/bin/other|kid|@{V3}|:ns:bar")
	if (m ~ /[cC]/ && t ~ /other|ns/)
		t = " -> kid"
	# a rule's exec mode tied to its place, so two rules of one path
	# rarely conflict (both sides refuse when they do)
	return "  " q path() "x" k " " m t ","
}

BEGIN {
	state = seed + 1
	print "# generated: seed " seed
	print "@{V1}=/one /two"
	print "@{V2}=x y{z,w}"
	print "@{V3}=/v3/@{V2}"
	print "@{HOME}=/home/*/ /root/"
	for (p = 0; p < nprof; p++) {
		print ""
		attach = pick("|/usr/bin/g" p "|/opt/g" p "/**|/usr/{s,}bin/g" p "*|@{V1}/g" p)
		print "profile g" seed "_" p (attach == "" ? "" : " " attach) " " pick("|flags=(complain) |flags=(attach_disconnected) |") "{"
		n = rnd(12) + 1
		for (i = 0; i < n; i++)
			print rule(i)
		if (rnd(3) == 0) {
			print "  ^hat" p " {"
			print rule(100)
			print "  }"
		}
		if (rnd(3) == 0) {
			print "  profile kid {"
			print rule(200)
			print "  }"
		}
		print "}"
	}
}
