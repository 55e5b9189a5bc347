# SPDX-License-Identifier: Apache-2.0
# apparmor_parser -D rule-exprs (standard error) cut to what aa-compile
# writes so far, both sides put through it: every glob converted and every
# rule made, but mount rules (their expressions start with the class byte
# \x07), which go with the globs written before them; each rule keeps its
# expression, " deny", and (0xPERMS/AUDIT), not the anchor's tree.
/^aare: / { buf = buf $0 "\n"; next }
/^rule: / {
	if ($0 ~ /^rule: \\x07/) { buf = ""; next }
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
