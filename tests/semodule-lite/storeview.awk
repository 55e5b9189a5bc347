# SPDX-License-Identifier: Apache-2.0
# storeview.awk: tests/semodule-lite.test's view of a libsemanage store, the
# same whoever wrote it.  Input: find's "TYPE MODE SIZE MTIME INODE PATH"
# lines of the store directory (-v dir), sorted by PATH; -v sums: sha256sum's lines of
# each cil and hll as stored; -v cache: "STORED-SHA UNPACKED-SHA" lines kept
# between calls, so that each content is unpacked once a run, not once a
# view; -v commit: commit_num's number.
function unpacked(p,	h, cmd, r) {
	if (!(p in stored))
		return "-"
	h = stored[p]
	if (!(h in unpack)) {
		cmd = "f='" dir "/" p "'; if [ \"$(head -c 3 \"$f\")\" = BZh ]; then bzip2 -dc \"$f\"; else cat \"$f\"; fi | sha256sum"
		cmd | getline r
		close(cmd)
		unpack[h] = substr(r, 1, 16)
		print h, unpack[h] >> cache
	}
	return unpack[h]
}
BEGIN {
	while ((getline l < cache) > 0) {
		split(l, a, " ")
		unpack[a[1]] = a[2]
	}
	close(cache)
	while ((getline l < sums) > 0)
		stored[substr(l, 67)] = substr(l, 1, 64)
	close(sums)
}
{
	type = $1; mode = $2; path = $6; size[path] = $3
	n = split(path, c, "/")
	if (type == "d" && n <= 2)
		print "dir " path
	if (path == "active/commit_num")
		head = head "commit_num " commit " (" $3 " bytes)\n"
	if (c[1] == "active" && c[2] == "modules" && c[3] ~ /^[0-9]+$/) {
		if (n == 4 && type == "d") {
			mods[++nmods] = path
			has[c[4]] = 1
		} else if (n == 5 && c[5] != "cil" && c[5] != "hll" && c[5] != "lang_ext")
			tail = tail "stray " path "\n"
	}
	if (c[1] == "active" && c[2] == "modules" && c[3] == "disabled" && n == 4)
		marker[++nmarkers] = c[4]
	if ((type == "d" && mode != "700") || (type == "f" && mode != "600"))
		modes = modes "mode " mode " " path "\n"
}
END {
	printf "%s", head
	for (i = 1; i <= nmods; i++) {
		p = mods[i]
		split(p, c, "/")
		lang = "no-lang_ext"
		if ((getline l < (dir "/" p "/lang_ext")) > 0)
			lang = l
		close(dir "/" p "/lang_ext")
		# a newline or anything after the extension shows
		if ((p "/lang_ext") in size && size[p "/lang_ext"] != length(lang))
			lang = lang "(" size[p "/lang_ext"] " bytes)"
		state = "enabled"
		for (j = 1; j <= nmarkers; j++)
			if (marker[j] == c[4])
				state = "disabled"
		print "module " c[3] "/" c[4] " " lang " " state " cil=" unpacked(p "/cil") " hll=" unpacked(p "/hll")
	}
	printf "%s", tail
	for (j = 1; j <= nmarkers; j++)
		if (!(marker[j] in has))
			print "marker " marker[j] " without a module"
	printf "%s", modes
}
