# SPDX-License-Identifier: Apache-2.0
# apparmor_parser -D rule-exprs (standard error) cut to what aa-compile
# writes so far: the attachment's and the file rules' globs and the rules
# made of them.  Both sides go through it (ours writes no trees).  The policy DB's rules (their expressions start with a
# class byte: \d, \x or (\x) go, with the globs written before them; each
# rule keeps its expression, " deny", and (0xPERMS/AUDIT), not the tree.
/^aare: / { buf = buf $0 "\n"; next }
/^rule: / {
	if ($0 ~ /^rule: (\\[xd]|\(\\x)/) { buf = ""; next }
	printf "%s", buf
	buf = ""
	line = $0
	if (index(line, "  ->  "))
		sub(/  ->  .*$/, "", line)
	else
		sub(/( deny)? \(0x[0-9a-f]*\/[0-9a-f]*\)$/, "", line)
	d = ($0 ~ / deny \(0x[0-9a-f]*\/[0-9a-f]*\)(<|$)/) ? " deny" : ""
	m = $0
	sub(/^.* \(0x/, "(0x", m)
	sub(/\)(<.*)?$/, ")", m)
	print line d " " m
}
