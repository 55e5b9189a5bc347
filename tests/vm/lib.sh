# SPDX-License-Identifier: Apache-2.0
# lib.sh: what a VM test script (tests/vm/APPLET/NAME.sh) may use, after
# tests/testing.sh but checked by exit status and output:
#   ok NAME CMD...             passes when CMD exits 0
#   is NAME EXPECTED CMD...    passes when CMD's standard output is EXPECTED
#   has NAME LINE CMD...       passes when CMD's output has the exact line LINE
#   fail NAME WHY              a failure that is not a command's
# Each check becomes a "@vm pass|fail SCRIPT: NAME" line on fd 3, which
# tests/vm/init sends to the host; the command's output follows a failure.
# Scripts run as root in a fresh directory under /tmp, one process each.

_report() {
	echo "@vm $1 $VM_TEST: $2" >&3
	[ -n "${3:-}" ] && printf '%s\n' "$3" | sed 's/^/@vm log   /' >&3
	echo "$1: $2"
}

pass() { _report pass "$1"; }
fail() { _report fail "$1" "${2:-}"; }

ok() {
	_n=$1
	shift
	if _out=$("$@" 2>&1); then
		pass "$_n"
	else
		fail "$_n" "exit $? from: $*
$_out"
	fi
}

is() {
	_n=$1 _want=$2
	shift 2
	_out=$("$@" 2>/tmp/.stderr)
	_rc=$?
	if [ "$_rc" = 0 ] && [ "$_out" = "$_want" ]; then
		pass "$_n"
	else
		fail "$_n" "from: $* (exit $_rc)
expected: $_want
got:      $_out
$(cat /tmp/.stderr)"
	fi
}

has() {
	_n=$1 _line=$2
	shift 2
	_out=$("$@" 2>&1)
	_st=$?
	# The line alone is not enough: a command that prints it and then fails failed.
	if [ $_st != 0 ]; then
		fail "$_n" "exit $_st from: $*
$_out"
	elif printf '%s\n' "$_out" | grep -qxF -- "$_line"; then
		pass "$_n"
	else
		fail "$_n" "no line '$_line' in the output of: $*
$_out"
	fi
}
