# SPDX-License-Identifier: Apache-2.0
# apparmor_parser -D rule-exprs (standard error) cut to what aa-compile
# writes, both sides put through it: every glob converted and every rule
# made; each rule keeps its expression, " deny", and (0xPERMS/AUDIT), not
# the anchor's tree.
/^aare: / { buf = buf $0 "\n"; next }
/^rule: / {
	printf "%s", buf
	buf = ""
	line = $0
	if (index(line, "  ->  "))
		sub(/  ->  .*$/, "", line)
	else
		sub(/( deny)? \(0x[0-9a-f]*\/[0-9a-f]*\)$/, "", line)
	# an appended rule (an xattr condition) has no permissions
	if ($0 !~ / \(0x[0-9a-f]*\/[0-9a-f]*\)(<|$)/) {
		print line
		next
	}
	d = ($0 ~ / deny \(0x[0-9a-f]*\/[0-9a-f]*\)(<|$)/) ? " deny" : ""
	m = $0
	sub(/^.* \(0x/, "(0x", m)
	sub(/\)(<.*)?$/, ")", m)
	print line d " " m
}
