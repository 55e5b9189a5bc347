# SPDX-License-Identifier: Apache-2.0
# testing.sh: the shell test vocabulary, after toybox's tests:
#   testing NAME COMMAND EXPECTED [INFILE [STDIN]]
# runs COMMAND (through eval, in the file's scratch directory) with the text
# STDIN on its standard input and INFILE written to ./input, and passes when
# its standard output is exactly EXPECTED.  EXPECTED, INFILE and STDIN take
# printf %b escapes (\n).  Append "; echo \$?" to check an exit status and
# "2>&1" to check messages.  Standard error is shown when a test fails.
#
# fail_test NAME WHY     counts a failure that is not a wrong output (a
#                        missing component: WHY says what to install)
# need CMD PACKAGE NAME  true if CMD exists, else fails test NAME saying so
# note TEXT              a line for the reader, counted as nothing
# built APPLET [WHAT]    true if APPLET is in this build, else says that WHAT
#                        (default: the rest of this file) is skipped and counts
#                        one skip: "built keyctl || return 0"

testing() {
	_name="$TEST_FILE: $1"
	printf '%b' "${4:-}" > input
	printf '%b' "$3" > "$WORK/expected"
	printf '%b' "${5:-}" | (eval "$2") > "$WORK/actual" 2> "$WORK/stderr"
	if cmp -s "$WORK/expected" "$WORK/actual"; then
		echo "PASS: $_name"
		echo P >> "$RESULTS"
	else
		echo "FAIL: $_name"
		echo "  command: $2"
		diff -u "$WORK/expected" "$WORK/actual" | sed '1,2d; s/^/  /'
		if [ -s "$WORK/stderr" ]; then
			echo "  stderr:"
			sed 's/^/    /' "$WORK/stderr"
		fi
		echo F >> "$RESULTS"
	fi
}

fail_test() {
	echo "FAIL: $TEST_FILE: $1: $2"
	echo F >> "$RESULTS"
}

need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	fail_test "$3" "needs $1: install the Debian package $2 (make check installs it as root)"
	return 1
}

note() {
	echo "NOTE: $TEST_FILE: $*"
}

built() {
	printf '%s\n' $BUILT | grep -qxF "$1" && return 0
	echo "SKIP: $TEST_FILE: ${2:-the rest of this file}: $1 not in this build"
	echo S >> "$RESULTS"
	return 1
}
