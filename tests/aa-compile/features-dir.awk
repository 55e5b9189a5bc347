# SPDX-License-Identifier: Apache-2.0
# features-dir.awk -v dir=DIR FILE: a kernel features file made the
# directory tree apparmorfs has (NAME { VALUE } a file holding VALUE,
# NAME { ... } with names inside a directory), as tests/aa-compile-features.test
# needs to give -M a directory.
function tree(path,    name, rest, j, k, f) {
	while (pos <= n) {
		while (pos <= n && substr(t, pos, 1) ~ /[ \t\n]/)
			pos++
		if (pos > n)
			return
		if (substr(t, pos, 1) == "}") {
			pos++
			return
		}
		name = ""
		while (pos <= n && substr(t, pos, 1) !~ /[ \t\n{}]/)
			name = name substr(t, pos++, 1)
		while (pos <= n && substr(t, pos, 1) ~ /[ \t\n]/)
			pos++
		if (substr(t, pos, 1) != "{") {
			print "features-dir.awk: no { after " name > "/dev/stderr"
			exit 1
		}
		pos++
		rest = substr(t, pos)
		j = index(rest, "}")
		k = index(rest, "{")
		if (k == 0 || j < k) {
			f = path "/" name
			printf "%s", substr(rest, 1, j - 1) > f
			close(f)
			pos += j
		} else {
			system("mkdir -p '" path "/" name "'")
			tree(path "/" name)
		}
	}
}
{ t = t $0 "\n" }
END {
	n = length(t)
	pos = 1
	system("mkdir -p '" dir "'")
	tree(dir)
}
