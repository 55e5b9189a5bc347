# SPDX-License-Identifier: Apache-2.0
# mkapplets.awk: turn the applets' declaration comments into the dispatch table.
# A declaration is one comment in applets/NAME.c (or applets/NAME/NAME.c):
#   /* applet: NAME
#    * summary: one line for "lsmbox --help"
#    * usage: NAME [OPTION]... ARG      (one or more usage lines)
#    * stub: yes                         (not implemented yet: help and the
#    *                                    lsmbox --help line say so, no link)
#    * requires: LIB_X...                (the libraries it links against: a
#    *                                    config that builds it must say LIB_X = y)
#    * compat: NAME...                   (stand-in names: the anchor tools'
#    *                                    names it also answers to as argv[0])
#    * multiplexer: only                 (run only as "lsmbox NAME": a name too
#    *                                    generic for a link, as audit, status)
#    * help:
#    * free text to the end of the comment, printed by "NAME --help"
#    */
# -v libs='crypto keyutils ...' names the libraries a requires: line may name
# (the Makefile's lib_names).  Output (stdout): with -v part=mains, one
# prototype NAME_main per applet (for lsmbox.h); with -v part=requires, one
# "NAME:LIB_X" line per library an applet requires (for the Makefile's check);
# with -v part=compat, "NAME APPLET" per stand-in name (make install);
# otherwise the table, sorted by name (for lib/main.c): a row per applet, and
# one per compat name that runs the same main with the same summary, help and
# stub, its compat_for naming the applet (real applets' rows leave it out:
# NULL).  A compat name that is an applet's, or is given twice, is an error
# at its compat: line.

function fail(msg) {
	fail_at(FILENAME, FNR, msg)
}

function fail_at(f, line, msg) {
	printf "%s:%d: %s\n", f, line, msg > "/dev/stderr"
	failed = 1
	exit 1
}

# Escapes for a C string, char by char: awks disagree on "\\" in gsub replacements.
function cstr(s,    out, c, i) {
	out = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "\\" || c == "\"") out = out "\\"
		out = out c
	}
	return out
}

function finish_decl() {
	if (summary[n] == "") fail("applet " name[n] ": no summary: line")
	if (nusage[n] == 0) fail("applet " name[n] ": no usage: line")
	sub(/(\\n)+$/, "", help[n])
	state = 0
}

BEGIN {
	nl = split(libs, l, " ")
	for (i = 1; i <= nl; i++) known["LIB_" toupper(l[i])] = 1
}

FNR == 1 {
	if (state) fail("declaration not closed")
	file = FILENAME
	sub(/^.*\//, "", file)
	sub(/\.c$/, "", file)
}

state == 0 && /^\/\* applet: / {
	n++
	name[n] = $3
	decl_file[n] = FILENAME
	decl_line[n] = FNR
	if (name[n] != file) fail("applet " name[n] " is declared in a file named for " file)
	if (name[n] !~ /^[a-z][a-z0-9-]*$/) fail("bad applet name: " name[n])
	for (i = 1; i < n; i++)
		if (name[i] == name[n]) fail("applet " name[n] " declared twice")
	state = 1
	next
}

state && /^ \*\/[ \t]*$/ {
	finish_decl()
	next
}

state {
	line = $0
	if (line !~ /^ \*( |$)/) fail("declaration lines start with \" * \"")
	sub(/^ \* ?/, "", line)
}

state == 1 {
	if (line ~ /^summary: /) {
		sub(/^summary: /, "", line)
		summary[n] = line
	} else if (line ~ /^usage: /) {
		sub(/^usage: /, "", line)
		usage[n, ++nusage[n]] = line
	} else if (line ~ /^multiplexer: /) {
		if (line != "multiplexer: only") fail("multiplexer: takes only only")
		muxonly[n] = 1
	} else if (line ~ /^stub: /) {
		if (line != "stub: yes") fail("stub: takes only yes")
		stub[n] = 1
	} else if (line ~ /^requires: /) {
		nw = split(substr(line, 11), words, " ")
		if (nw == 0) fail("requires: names no library")
		for (w = 1; w <= nw; w++) {
			if (!(words[w] in known)) fail("requires: unknown library " words[w])
			requires[n] = requires[n] " " words[w]
		}
	} else if (line ~ /^compat: /) {
		nw = split(substr(line, 9), words, " ")
		if (nw == 0) fail("compat: names no name")
		for (w = 1; w <= nw; w++) {
			c = words[w]
			if (c !~ /^[a-z][a-z0-9_.-]*$/) fail("bad compat name: " c)
			# Those names are the multiplexer's (lib/main.c): never dispatched.
			if (c ~ /^lsmbox/) fail("compat name " c ": lsmbox* names are the multiplexer's")
			if (c in compat_of) fail("compat name " c " given twice (" compat_file[c] ":" compat_line[c] ")")
			compat_of[c] = n
			ncompat_of[n]++
			compat_file[c] = FILENAME
			compat_line[c] = FNR
			ncompat++
			cname[ncompat] = c
		}
	} else if (line == "help:") {
		state = 2
	} else if (line != "") {
		fail("unknown declaration line: " line)
	}
	next
}

state == 2 {
	help[n] = help[n] cstr(line) "\\n"
	next
}

END {
	if (failed) exit 1
	if (state) { FNR = 0; fail("declaration not closed") }
	# Here, not at the compat: line: the applet may be declared in a later file.
	for (i = 1; i <= n; i++)
		if (muxonly[i] && ncompat_of[i]) fail_at(decl_file[i], decl_line[i], "applet " name[i] ": multiplexer: only, yet has compat names")
	for (i = 1; i <= n; i++)
		if (name[i] in compat_of) {
			c = name[i]
			fail_at(compat_file[c], compat_line[c], "compat name " c " is an applet's name")
		}
	if (part == "requires") {
		for (i = 1; i <= n; i++) {
			nw = split(requires[i], words, " ")
			for (w = 1; w <= nw; w++) print name[i] ":" words[w]
		}
		exit 0
	}
	# With -v part=compat: "NAME APPLET", a line per stand-in name (make
	# install's COMPAT=1 links and manual pages).
	if (part == "compat") {
		for (k = 1; k <= ncompat; k++) print cname[k] " " name[compat_of[cname[k]]]
		exit 0
	}
	# Rows 1..n are the applets, n+1..n+ncompat the compat names, each with
	# its applet's index in real[].
	for (i = 1; i <= n; i++) {
		row[i] = name[i]
		real[i] = i
	}
	for (k = 1; k <= ncompat; k++) {
		row[n + k] = cname[k]
		real[n + k] = compat_of[cname[k]]
	}
	nrows = n + ncompat
	# Insertion sort by name: a handful of rows.
	for (i = 1; i <= nrows; i++) order[i] = i
	for (i = 2; i <= nrows; i++) {
		k = order[i]
		for (j = i - 1; j >= 1 && row[order[j]] > row[k]; j--) order[j + 1] = order[j]
		order[j + 1] = k
	}
	print "/* Generated by scripts/mkapplets.awk from the applets' declarations; do not edit. */"
	for (i = 1; i <= n; i++) {
		fn = name[i]
		gsub(/-/, "_", fn)
		fname[i] = fn "_main"
		if (part == "mains") print "int " fname[i] "(int argc, char **argv);"
	}
	if (part == "mains") exit 0
	print "const struct applet applets[] = {"
	for (o = 1; o <= nrows; o++) {
		r = order[o]
		i = real[r]
		text = "Usage: " cstr(usage[i, 1]) "\\n"
		for (u = 2; u <= nusage[i]; u++) text = text "       " cstr(usage[i, u]) "\\n"
		if (help[i] != "") text = text "\\n" help[i] "\\n"
		if (stub[i]) text = text "\\n" cstr(name[i]) " is not implemented yet: every command exits 2.\\n"
		# A stand-in name's row ends with its applet's name (compat_for).
		# A multiplexer-only applet's row ends with 1 (mux_only), after a NULL
		# compat_for (it has no stand-in names: they would be links).
		printf "\t{ \"%s\", %s,\n\t  \"%s%s\",\n\t  \"%s\", %d%s%s },\n", row[r], fname[i],
		       cstr(summary[i]), stub[i] ? " (not implemented yet)" : "", text, stub[i] ? 1 : 0,
		       (r > n) ? ", \"" name[i] "\"" : "", muxonly[i] ? ", NULL, 1" : ""
	}
	print "};"
	print "const size_t napplets = " nrows ";"
}
