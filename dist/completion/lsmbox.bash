# SPDX-License-Identifier: Apache-2.0
# lsmbox.bash: bash completion (bash-completion 2.x; zsh through bashcompinit)
# for lsmbox, its applets and their stand-in names, called as `lsmbox APPLET`,
# `APPLET` or a stand-in name (chsmack, semodule, ...).
#
# Subcommands, options and what their arguments are come from the binary
# itself: `APPLET --help` (and keyctl's command list) parsed once a shell
# session, so nothing here lists them again to rot.  Live values are read
# where the applets find them: key ids in /proc/keys, Smack labels in
# smackfs's load2, AppArmor profiles in securityfs, SELinux modules in the
# store's directory, each under --root DIR when the line has one (where
# `lsmbox --paths` says the interfaces are).  A Tab runs only lsmbox's
# --help, --list and --paths and reads files: nothing slow, nothing written.

typeset -gA _lsmbox_cache

# The parser of a --help text (-v applet=NAME; -v top=1 for lsmbox itself).
# Each line it prints says one thing:
#   C CMD            CMD is a subcommand
#   S CMD SUB        SUB is a subcommand of CMD (cryptobench kernel list)
#   O CTX OPT ARG    OPT is an option in CTX (a CMD, CMD/SUB, or * for any);
#                    ARG names its argument (FILE, DIR, LABEL...), - none
#   P CTX WORD...    the operands of CTX in order, as the usage writes them
#                    (. for the applet without a subcommand)
#   V KEY NAME       NAME is a special key name (keyctl's @s, ...)
#   M                the applet runs only as `lsmbox APPLET` (audit, status)
# A usage line names the operands; help rows indented by two ("  load
# FILE|DIR|-  parse rule files...", "  -k, --key FILE  private key")
# name options, and subcommands that have no usage line of their own.
_lsmbox_parse='
function strip_ph(t) {
	while (match(t, /<[A-Za-z_0-9]+>/))
		t = substr(t, 1, RSTART - 1) toupper(substr(t, RSTART + 1, RLENGTH - 2)) substr(t, RSTART + RLENGTH)
	return t
}
# split s into tk[] on blanks outside brackets; returns the count
function split_tokens(s, tk,    n, i, c, depth, cur) {
	n = 0; depth = 0; cur = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "[") depth++
		else if (c == "]" && depth > 0) depth--
		if ((c == " " || c == "\t") && depth == 0) {
			if (cur != "") tk[++n] = cur
			cur = ""
		} else cur = cur c
	}
	if (cur != "") tk[++n] = cur
	return n
}
function is_opt(t) { return t ~ /^--?[A-Za-z0-9]/ }
function is_ph(t) { return t ~ /^\[?[A-Z][A-Z0-9_]*([|,.=\[\]A-Za-z0-9_-]*)$/ && t !~ /^[A-Z][a-z]/ }
function emit(line) { if (!(line in seen)) { seen[line] = 1; out[++nout] = line } }
# an option token as written: -x, --long, --long[=V], -l[KIND], -dpk, -fFILTER
function add_opt(ctx, t, arg,    k) {
	sub(/^[(]+/, "", t); sub(/[).,;:]+$/, "", t)
	sub(/\[?=.*$/, "", t); sub(/\[.*$/, "", t)
	if (t ~ /^-[a-z][A-Z]+$/) t = substr(t, 1, 2)
	if (t ~ /^-[a-z][a-z]+$/) {
		for (k = 2; k <= length(t); k++) add_opt(ctx, "-" substr(t, k, 1), "")
		return
	}
	if (t !~ /^--?[A-Za-z0-9][-A-Za-z0-9_]*$/) return
	if (!((ctx, t) in oarg)) { oname[++nopt] = ctx SUBSEP t; oarg[ctx, t] = "-" }
	if (arg != "" && arg != "-" && oarg[ctx, t] == "-") oarg[ctx, t] = arg
}
# a [...] group or a bare token in a usage-like line
function scan(s, ctxs, nctx, stage, where,    tk, n, i, t, inner, itk, m, k, alts, na, a) {
	n = split_tokens(s, tk)
	for (i = 1; i <= n; i++) {
		t = tk[i]
		if (t == "|") {
			if (top) stage = 0
			# "exception show | add|delete LINE...": more words of the command
			if (stage == 2) { for (k = 1; k <= nbase; k++) ctxs[k] = base[k]; nctx = nbase; stage = 1 }
			continue
		}
		if (t ~ /^\[/ && t ~ /\](\.\.\.)?$/) {
			inner = t; sub(/^\[/, "", inner); sub(/\](\.\.\.)?$/, "", inner)
			m = split_tokens(inner, itk)
			if (is_opt(itk[1])) {
				# [--opt ARG], [-a L], [--vs openssl], [--a|--b|...], [-dpk]
				na = split(itk[1], alts, "|")
				for (a = 1; a <= na; a++) {
					if (alts[a] == "...") continue
					for (k = 1; k <= nctx; k++) add_opt(ctxs[k], alts[a], (m == 2 && na == 1) ? opt_arg(ctxs[k], itk[2]) : "")
				}
				continue
			}
			if (itk[1] == "--" || itk[1] ~ /^OPTION/) continue
			for (k = 1; k <= nctx; k++) add_pos(pctx(ctxs[k], stage), t, where)
			continue
		}
		if (is_opt(t)) {
			# lsmbox itself: "--list [--compat] | --install ...": each a command
			if (top && stage == 0) { nctx = set_cmds(t, ctxs); mark(ctxs[1], where); stage = 1; continue }
			if (i < n && t !~ /[,;:]$/ && is_ph(tk[i + 1]) && !is_opt(tk[i + 1])) {
				for (k = 1; k <= nctx; k++) add_opt(ctxs[k], t, opt_arg(ctxs[k], tk[i + 1]))
				i++
			} else
				for (k = 1; k <= nctx; k++) add_opt(ctxs[k], t, "")
			continue
		}
		if (t ~ /^[a-z][a-z0-9_-]*(\|[a-z][a-z0-9_-]*)*$/ && stage < 2 && !(stage == 1 && npos_here)) {
			if (stage == 0) {
				nctx = set_cmds(t, ctxs); stage = 1
				for (k = 1; k <= nctx; k++) { base[k] = ctxs[k]; mark(ctxs[k], where) }
				nbase = nctx
				continue
			}
			# a second word: a subcommand (kernel list)
			nctx = set_subs(t, ctxs, nctx, where); stage = 2; continue
		}
		if (t ~ /^(COMMAND|MODE|OPTION)/ && stage == 0) { nctx = 1; ctxs[1] = "*"; stage = 1; continue }
		if (t == "--") continue
		for (k = 1; k <= nctx; k++) add_pos(pctx(ctxs[k], stage), t, where)
		npos_here = 1
	}
	return stage
}
function opt_arg(ctx, a,   alts, na, k, keep) {
	# FILE|--self: the alternatives that are options are options of their own
	na = split(a, alts, "|"); keep = ""
	for (k = 1; k <= na; k++)
		if (is_opt(alts[k])) add_opt(ctx, alts[k], "")
		else keep = keep (keep == "" ? "" : "|") alts[k]
	gsub(/["\047]/, "", keep); sub(/[).,;:]+$/, "", keep)
	return keep == "" ? "-" : keep
}
function set_cmds(t, ctxs,   alts, na, k) {
	na = split(t, alts, "|")
	for (k = 1; k <= na; k++) { emit("C " alts[k]); ctxs[k] = alts[k]; iscmd[alts[k]] = 1 }
	return na
}
function pctx(ctx, stage) { return (stage == 0 && ctx == "*") ? "." : ctx }
function mark(ctx, where) { if (where == "u") hasu[ctx] = 1 }
function set_subs(t, ctxs, nctx, where,   alts, na, k, j, m) {
	na = split(t, alts, "|"); m = 0
	for (j = 1; j <= nctx; j++)
		for (k = 1; k <= na; k++) { emit("S " ctxs[j] " " alts[k]); nctxs[++m] = ctxs[j] "/" alts[k] }
	for (j = 1; j <= m; j++) { ctxs[j] = nctxs[j]; mark(ctxs[j], where) }
	return m
}
function add_pos(ctx, t, where,    w, n, k) {
	gsub(/["\047]/, "", t)
	if (t ~ /^\[/ && index(t, " ")) {
		gsub(/[\[\]]/, "", t)
		n = split(t, w, " ")
		for (k = 1; k <= n; k++) if (w[k] != "|" && !is_opt(w[k])) add_pos(ctx, "[" w[k] "]", where)
		return
	}
	# "diff|sort|select|learned ...": said elsewhere
	if (t == "...") { if (where == "u") unknown[ctx] = 1; return }
	if (where == "u") { posu[ctx] = posu[ctx] " " t; hasu[ctx] = 1 }
	else { posr[ctx] = posr[ctx] " " t; hasr[ctx] = 1 }
}
function usage_line(s,    ctxs, n, k, best) {
	sub(/^ +/, "", s)
	if (s !~ "^(lsmbox )?" applet "( |$)") return
	if (!top && s ~ /^lsmbox /) emit("M")
	if (!top) sub("^(lsmbox )?" applet " ?", "", s)
	else sub(/^lsmbox ?/, "", s)
	ctxs[1] = "*"; npos_here = 0
	# positionals of a later usage line of the same command win only when more
	delete posu_tmp
	for (k in posu) posu_tmp[k] = posu[k]
	for (k in posu) posu[k] = ""
	scan(s, ctxs, 1, 0, "u")
	for (k in posu_tmp) if (split(posu_tmp[k], best, " ") >= split(posu[k], best, " ")) posu[k] = posu_tmp[k]
}
# the left column of a row: text before a run of two blanks
function left(s) { sub(/^ +/, "", s); if (match(s, /  /)) s = substr(s, 1, RSTART - 1); return s }
function option_row(s, ctx,    items, n, k, tk, m, arg, lastarg) {
	s = left(s); gsub(/ \/ /, ", ", s)
	n = split(s, items, ", ")
	lastarg = ""
	for (k = n; k >= 1; k--) {
		m = split_tokens(items[k], tk)
		if (!is_opt(tk[1])) { n = k - 1; lastarg = ""; continue }
		arg = (m >= 2 && is_ph(tk[2])) ? opt_arg(ctx, tk[2]) : ""
		# "-k, --key FILE": the short spelling takes the argument of the long
		if (arg == "" && tk[1] ~ /^-[A-Za-z]$/) arg = lastarg
		add_opt(ctx, tk[1], arg)
		lastarg = (tk[1] ~ /^--/) ? arg : ""
	}
}
function command_row(s,    items, n, k, ctxs, w) {
	s = left(s)
	n = split(s, items, ", ")
	para = ""
	for (k = 1; k <= n; k++) {
		if (is_opt(items[k])) { option_row("  " items[k], "*"); continue }
		if (items[k] !~ /^[a-z]/) break
		ctxs[1] = "*"; npos_here = 0
		scan(items[k], ctxs, 1, 0, "r")
		w = items[k]; sub(/[ |].*/, "", w)
		if (para == "") para = w
	}
}
function prose(s, ctx,    tk, n, i, t) {
	n = split_tokens(s, tk)
	for (i = 1; i <= n; i++) {
		t = tk[i]
		if (t ~ /^\[/) { t = substr(t, 2); sub(/\](\.\.\.)?[).,;:]*$/, "", t); prose(t, ctx); continue }
		if (!is_opt(t)) continue
		if (i < n && t !~ /[,;:)]$/ && is_ph(tk[i + 1])) { add_opt(ctx, t, opt_arg(ctx, tk[i + 1])); i++ }
		else add_opt(ctx, t, "")
	}
}
BEGIN { inusage = 0; para = ""; blank = 1 }
{ $0 = strip_ph($0) }
/^Usage: / { inusage = 1; usage_line(substr($0, 8)); next }
inusage && /^       [^ ]/ { usage_line($0); next }
{ inusage = 0 }
# the Format list of keyctl with no command: "  keyctl CMD ARGS"
$0 ~ "^  " applet " " { usage_line($0); next }
# the special key names it lists: "  @s      session keyring"
/^  @[a-z]+ / { emit("V KEY " $1); next }
/^$/ { blank = 1; para = ""; next }
{
	match($0, /^ */); ind = RLENGTH
	if (ind == 0) {
		w = $1; sub(/[,:]$/, "", w)
		if (blank) para = (w in iscmd) ? w : ""
		if (para != "") prose($0, para)
		if ($0 ~ /--root/) add_opt("*", "--root", "DIR")
	} else if (top) {
	} else if (ind <= 4 && $0 ~ /^ +-/) {
		option_row($0, (ind > 2 && para != "") ? para : "*")
	} else if (ind == 2 && $0 ~ /^  [a-z]/) {
		command_row($0)
		prose(substr($0, length(left($0)) + 3), para)
	} else if (para != "") {
		prose($0, para)
	}
	blank = 0
}
END {
	for (k = 1; k <= nout; k++) print out[k]
	# An option of every command is not said again for one (smackctl
	# label: "Under --root every PATH..."): not one of its stand-in name
	for (k = 1; k <= nopt; k++) {
		split(oname[k], f, SUBSEP)
		if (f[1] == "*" || !(("*", f[2]) in oarg)) print "O " f[1] " " f[2] " " oarg[f[1], f[2]]
	}
	for (c in hasu) if (!(c in unknown)) print "P " c posu[c]
	for (c in hasr) if (!(c in hasu) || (c in unknown)) print "P " c posr[c]
}
'

# Where the words stand (spec lines first, a \001 line, then "N CMD OPT..."
# for a stand-in name that is CMD of its applet with options OPT of its own,
# "W WORD" for each word before the one completed, "X CUR").  Prints
# W WORD (offer it), T PLACEHOLDER OPTION (offer what PLACEHOLDER names, as
# the argument of OPTION, or - for an operand), G OPTION VALUE (an option
# given on the line) and the V lines.
_lsmbox_decide='
BEGIN { spec = 1 }
spec && $0 == "\001" { spec = 0; next }
spec {
	if ($1 == "C") { iscmd[$2] = 1; cmds[++ncmd] = $2 }
	else if ($1 == "S") { issub[$2, $3] = 1; subs[$2] = subs[$2] " " $3 }
	else if ($1 == "O") add_opt($2, $3, $4)
	else if ($1 == "P") { haspos[$2] = 1; p = $0; sub(/^P [^ ]+ ?/, "", p); pos[$2] = p }
	else if ($1 == "V") vals[++nval] = $0
	next
}
function add_opt(ctx, o, a) {
	if (!((ctx, o) in oarg)) olist[ctx] = olist[ctx] " " o
	oarg[ctx, o] = a
}
# A stand-in name has the options of its subcommand, not the applet-wide ones
$1 == "N" { cmd = $2; standin = 1; for (i = 3; i <= NF; i++) add_opt($2, $i, "-"); next }
$1 == "W" { w[++nw] = substr($0, 3); next }
$1 == "X" { cur = substr($0, 3); next }
# What option o takes here: a mention in prose ("under --root") says "-"
function argof(o) {
	if (((ctx, o) in oarg) && oarg[ctx, o] != "-") return oarg[ctx, o]
	if (((cmd, o) in oarg) && oarg[cmd, o] != "-") return oarg[cmd, o]
	if (("*", o) in oarg) return oarg["*", o]
	return "-"
}
function offer(list,    n, k, x) {
	n = split(list, x, " ")
	for (k = 1; k <= n; k++) if (index(x[k], cur) == 1) print "W " x[k]
}
function operand(key, idx,    n, p, tok, alt, na, k) {
	n = split(pos[key], p, " ")
	if (idx <= n) tok = p[idx]
	else if (n && p[n] ~ /(\.\.\.\]?|\*)$/) tok = p[n]
	else return
	# "[...]": the one before it, again
	for (k = idx > n ? n : idx; tok == "[...]" && k > 1; ) tok = p[--k]
	gsub(/[][]/, "", tok); sub(/(\.\.\.|\*)$/, "", tok)
	na = split(tok, alt, "|")
	for (k = 1; k <= na; k++) {
		if (alt[k] ~ /^[A-Z]/) { print "T " alt[k] " -"; typed = 1 }
		# lower-case words among alternatives are words to type: any|none
		else if (na > 1 && alt[k] ~ /^[a-z][a-z0-9_-]*$/ && index(alt[k], cur) == 1) print "W " alt[k]
	}
}
END {
	top = ncmd && cmds[1] ~ /^-/
	ctx = cmd
	for (i = 1; i <= nw; i++) {
		t = w[i]
		if (!ddash && t == "--") { ddash = 1; continue }
		if (cmd == "" && npos == 0 && (t in iscmd)) { cmd = ctx = t; continue }
		if (!ddash && t ~ /^-./) {
			o = t; sub(/=.*/, "", o)
			if (index(t, "=")) print "G " o " " substr(t, index(t, "=") + 1)
			else if (argof(o) != "-") {
				if (i == nw) { pending = argof(o); popt = o }
				else print "G " o " " w[++i]
			}
			continue
		}
		if (ctx == cmd && cmd != "" && npos == 0 && ((cmd, t) in issub)) { ctx = cmd "/" t; continue }
		npos++
	}
	if (pending != "") {
		n = split(pending, alt, "|")
		for (k = 1; k <= n; k++)
			if (alt[k] ~ /^[A-Z]/) { print "T " alt[k] " " popt; typed = 1 }
			else if (alt[k] ~ /^[a-z]/ && index(alt[k], cur) == 1) print "W " alt[k]
	} else if (cur ~ /^-/ && !ddash) {
		if (top && cmd == "") {
			for (k = 1; k <= ncmd; k++) if (index(cmds[k], cur) == 1) print "W " cmds[k]
		} else {
			if (ctx != cmd) offer(olist[ctx])
			if (cmd != "") offer(olist[cmd])
			if (!standin) offer(olist["*"])
		}
	} else if (cmd == "") {
		if (!top && npos == 0)
			for (k = 1; k <= ncmd; k++) if (index(cmds[k], cur) == 1) print "W " cmds[k]
		if ("." in haspos) operand(".", npos + 1)
		# only options, then (semodule-lite, lsmbox audit)
		else if (!ncmd) offer(olist["*"])
	} else if (ctx == cmd && subs[cmd] != "" && npos == 0) {
		offer(subs[cmd])
	} else if (ctx in haspos) operand(ctx, npos + 1)
	else if (cmd in haspos) operand(cmd, npos + 1)
	else if ("*" in haspos) operand("*", npos + 1)
	else { print "T FILE -"; typed = 1 }
	if (typed) for (k = 1; k <= nval; k++) print vals[k]
}
'

# _lsmbox_bin WORD: REPLY is the file WORD runs (a path as typed, else the
# first on $PATH); 1 when there is none.
_lsmbox_bin() {
	local w=$1 rest d
	case $w in
	"~/"*) w=$HOME/${w#"~/"} ;;
	esac
	case $w in
	*/*)
		[[ -f $w && -x $w ]] || return 1
		REPLY=$w
		return 0 ;;
	esac
	rest=$PATH:
	while [[ -n $rest ]]; do
		d=${rest%%:*}
		rest=${rest#*:}
		if [[ -f ${d:-.}/$w && -x ${d:-.}/$w ]]; then
			REPLY=${d:-.}/$w
			return 0
		fi
	done
	return 1
}

# _lsmbox_run BIN ARG...: BIN as lsmbox (not as the link's name), quietly.
_lsmbox_run() {
	(exec -a lsmbox "$@") 2>/dev/null </dev/null
}

# _lsmbox_cached BIN WHAT: REPLY is the text WHAT (list, compat, or an
# applet's spec), computed once a session for each binary.
_lsmbox_cached() {
	local key="$1|$2"
	if [[ -z ${_lsmbox_cache[$key]+set} ]]; then
		case $2 in
		list) _lsmbox_cache[$key]=$(exec -a lsmbox "$1" --list 2>/dev/null </dev/null) ;;
		compat) _lsmbox_cache[$key]=$(exec -a lsmbox "$1" --list --compat 2>/dev/null </dev/null) ;;
		lsmbox) _lsmbox_cache[$key]=$(_lsmbox_run "$1" --help | awk -v applet=lsmbox -v top=1 "$_lsmbox_parse") ;;
		# keyctl with no command lists every command with its arguments
		keyctl) _lsmbox_cache[$key]=$({ _lsmbox_run "$1" keyctl --help; (exec -a lsmbox "$1" keyctl 2>&1 >/dev/null </dev/null); } |
			awk -v applet=keyctl "$_lsmbox_parse") ;;
		*) _lsmbox_cache[$key]=$(_lsmbox_run "$1" "$2" --help | awk -v applet="$2" "$_lsmbox_parse") ;;
		esac
	fi
	REPLY=${_lsmbox_cache[$key]}
}

# _lsmbox_standin NAME: REPLY is what stand-in name NAME is of its applet:
# "CMD [OPT...]" (that subcommand, with options of its own), "." (the applet
# whole), or empty (its own syntax: file names).
_lsmbox_standin() {
	case $1 in
	chsmack) REPLY="label -d" ;;
	smackaccess) REPLY=access ;;
	smackload) REPLY="load -c" ;;
	aa-status) REPLY=status ;;
	aa-enforce) REPLY=enforce ;;
	aa-complain) REPLY=complain ;;
	aa-disable) REPLY=disable ;;
	sign-file) REPLY=sign-module ;;
	apparmor_parser | evmctl | semodule) REPLY=. ;;
	*) REPLY= ;;
	esac
}

# _lsmbox_kind APPLET PLACEHOLDER OPTION: REPLY is the kind of value that
# PLACEHOLDER (as the argument of OPTION, or - for an operand) stands for.
_lsmbox_kind() {
	case $1:$2:$3 in
	lsmbox:APPLET:*) REPLY=applet ;;
	keyctl:KEY:* | keyctl:*KEYRING:*) REPLY=key ;;
	keyctl:TYPE:*) REPLY=keytype ;;
	smackctl:LABEL*:* | smackctl:L:* | smackctl:SUBJECT:* | smackctl:OBJECT:*) REPLY=label ;;
	aa-compile:PROGRAM:*) REPLY=profile ;;
	semodule-lite:NAME:-[edrE] | semodule-lite:NAME:--enable | semodule-lite:NAME:--disable | \
	semodule-lite:NAME:--remove | semodule-lite:NAME:--extract) REPLY=module ;;
	*:DIR:* | *:DIR\[*) REPLY=dir ;;
	*:CMD:* | *:PROG:*) REPLY=command ;;
	*FILE*:* | *:PATH:* | *CERT*:* | *:KEY:* | *:MODULE:* | *:LIST:* | *LOG:* | \
	*:ASCII:* | *:OUT:* | *:OLD:* | *:NEW:* | *:RAWSIG:* | *:DEST:*) REPLY=file ;;
	*) REPLY= ;;
	esac
}

# _lsmbox_dir BIN ROOT NAME: REPLY is where `lsmbox --paths` finds kernel
# interface NAME (smackfs, securityfs...), under ROOT when not empty.
_lsmbox_dir() {
	local n d
	if [[ -n $2 ]]; then
		set -- "$(exec -a lsmbox "$1" --paths --root "$2" 2>/dev/null </dev/null)" "$3"
	else
		set -- "$(exec -a lsmbox "$1" --paths 2>/dev/null </dev/null)" "$3"
	fi
	while read -r n d; do
		if [[ $n == "$2" && -n $d && $d != - ]]; then
			REPLY=$d
			return 0
		fi
	done <<< "$1"
	return 1
}

# The live values, each added to the caller's vals: read by the shell, no
# process for each.
# _lsmbox_labels BIN ROOT: the subjects and objects of smackfs's load2.
_lsmbox_labels() {
	local s o _
	_lsmbox_dir "$1" "$2" smackfs && [[ -r $REPLY/load2 ]] || return 0
	while read -r s o _; do
		[[ -n $_ ]] && vals+=("$s" "$o")
	done < "$REPLY/load2"
}

# _lsmbox_profiles BIN ROOT: the loaded AppArmor profiles ("NAME (MODE)").
_lsmbox_profiles() {
	local l
	_lsmbox_dir "$1" "$2" securityfs && [[ -r $REPLY/apparmor/profiles ]] || return 0
	while IFS= read -r l; do
		vals+=("${l% (*)}")
	done < "$REPLY/apparmor/profiles"
}

# Key ids as keyctl prints them (decimal); /proc/keys has them in hex.
_lsmbox_keys() {
	local id _
	[[ -r /proc/keys ]] || return 0
	while read -r id _; do
		[[ $id == *[!0-9a-f]* || -z $id ]] || vals+=($((16#$id)))
	done < /proc/keys
}

# Key types: the kernel's usual ones, and those of the keys there are.
_lsmbox_keytypes() {
	local t _
	vals+=(user keyring logon big_key asymmetric)
	[[ -r /proc/keys ]] || return 0
	while read -r _ _ _ _ _ _ _ t _; do
		vals+=("$t")
	done < /proc/keys
}

# _lsmbox_modules ROOT STORE STOREPATH: the modules in the store, read
# from its directory (semodule-lite -l would lock the store, and may wait).
_lsmbox_modules() {
	local r=${1%/} st=$2 sp=${3:-/var/lib/selinux} k v d
	if [[ -z $st && -r $r/etc/selinux/config ]]; then
		while IFS='=' read -r k v; do
			[[ $k == SELINUXTYPE ]] && st=${v//\"/}
		done < "$r/etc/selinux/config"
	fi
	[[ -n $st ]] || return 0
	for d in "$r$sp/$st"/active/modules/[0-9]*/*; do
		[[ -d $d ]] && vals+=("${d##*/}")
	done
}

# cur, prev, words, cword (and split) of the caller, with --opt=VALUE and
# words with colons kept whole.
_lsmbox_words() {
	if [[ -n ${BASH_VERSION-} ]] && type _init_completion >/dev/null 2>&1; then
		_init_completion -s -n =: || return 1
	else
		words=("${COMP_WORDS[@]}")
		cword=$COMP_CWORD
		cur=${words[cword]}
		prev=${words[cword - 1]}
		split=false
		if [[ $cur == --*=* ]]; then
			prev=${cur%%=*}
			cur=${cur#*=}
			split=true
		fi
	fi
}

_lsmbox_complete() {
	local cur prev words cword split=false
	local bin name applet= preset= spec line ph opt root= store= spath= i=1 v files= dirs= quote=1
	local -a offer=() vals=() kinds=() special=()
	local -A seen=()
	COMPREPLY=()
	_lsmbox_words || return 0
	_lsmbox_bin "${words[0]}" || return 0
	bin=$REPLY
	name=${words[0]##*/}
	if [[ $name == lsmbox ]]; then
		if ((cword > 1)) && [[ ${words[1]} != -* ]]; then
			name=${words[1]}
			i=2
		else
			applet=lsmbox
		fi
	fi
	if [[ -z $applet ]]; then
		_lsmbox_cached "$bin" list
		if [[ $'\n'$REPLY$'\n' == *$'\n'"$name"$'\n'* ]]; then
			applet=$name
		else
			_lsmbox_cached "$bin" compat
			while read -r v line; do
				[[ $v == "$name" ]] && applet=$line
			done <<< "$REPLY"
			[[ -n $applet ]] || return 0
			_lsmbox_standin "$name"
			preset=$REPLY
			if [[ -z $preset ]]; then
				_lsmbox_filenames
				return 0
			fi
			[[ $preset == . ]] && preset=
		fi
	fi
	_lsmbox_cached "$bin" "$applet"
	spec=$REPLY
	# A link named status or audit runs nothing.
	[[ $i == 1 && $'\n'$spec$'\n' == *$'\n'M$'\n'* ]] && return 0
	v=$spec$'\n\001\n'
	[[ -n $preset ]] && v+="N $preset"$'\n'
	while ((i < cword)); do
		v+="W ${words[i]}"$'\n'
		((i++))
	done
	[[ $split == true ]] && v+="W $prev"$'\n'
	v+="X $cur"
	while IFS= read -r line; do
		case $line in
		"W "*) offer+=("${line#W }") ;;
		"T "*) kinds+=("${line#T }") ;;
		"V "*) special+=("${line#V * }") ;;
		"G --root "*) root=${line#G * } ;;
		# semodule-lite: the policy root, the store and where stores are
		"G -p "* | "G --path "*) [[ $applet == semodule-lite ]] && root=${line#G * } ;;
		"G -s "* | "G --store "*) store=${line#G * } ;;
		"G -S "* | "G --store-path "*) spath=${line#G * } ;;
		esac
	done <<< "$(awk "$_lsmbox_decide" <<< "$v")"
	: "${root:=${LSMBOX_ROOT-}}"
	for v in "${offer[@]}"; do
		[[ -n ${seen[$v]+set} ]] || { seen[$v]=1; COMPREPLY+=("$v"); }
	done
	for line in "${kinds[@]}"; do
		ph=${line%% *}
		opt=${line#* }
		_lsmbox_kind "$applet" "$ph" "$opt"
		case $REPLY in
		file) files=1 ;;
		dir) dirs=1 ;;
		command) while IFS= read -r v; do vals+=("$v"); done <<< "$(compgen -c -- "$cur")" ;;
		applet)
			_lsmbox_cached "$bin" list
			while read -r v; do vals+=("$v"); done <<< "$REPLY"
			if [[ -n $cur ]]; then
				_lsmbox_cached "$bin" compat
				while read -r v line; do vals+=("$v"); done <<< "$REPLY"
			fi ;;
		label) _lsmbox_labels "$bin" "$root" ;;
		profile)
			files=1
			_lsmbox_profiles "$bin" "$root" ;;
		key)
			vals+=("${special[@]}")
			_lsmbox_keys ;;
		keytype) _lsmbox_keytypes ;;
		module) _lsmbox_modules "$root" "$store" "$spath" ;;
		esac
	done
	[[ -n $files ]] && quote=
	for v in "${vals[@]}"; do
		[[ $v == "$cur"* && -z ${seen[$v]+set} ]] || continue
		seen[$v]=1
		if [[ -n $quote ]]; then
			printf -v v '%q' "$v"
			COMPREPLY+=("$v")
		else
			COMPREPLY+=("$v")
		fi
	done
	if [[ -n $files ]]; then
		_lsmbox_filenames
	elif [[ -n $dirs ]]; then
		_lsmbox_filenames -d
	fi
	if [[ -n ${BASH_VERSION-} ]] && type __ltrim_colon_completions >/dev/null 2>&1; then
		__ltrim_colon_completions "$cur"
	fi
	return 0
}

# _lsmbox_filenames [-d]: file (or directory) names for cur, added.
_lsmbox_filenames() {
	if [[ -n ${BASH_VERSION-} ]] && type _filedir >/dev/null 2>&1; then
		_filedir "$@"
	else
		local f
		while IFS= read -r f; do
			[[ -n $f ]] && COMPREPLY+=("$f")
		done <<< "$(compgen "${1:--f}" -- "$cur")"
		type compopt >/dev/null 2>&1 && compopt -o filenames 2>/dev/null
	fi
}

# Every name that runs this lsmbox: lsmbox, the applets' links, the
# stand-in names' links.  A name that runs another program (keyutils'
# keyctl, bash-completion's getsebool) keeps its own completion.
_lsmbox_register() {
	local b n _
	complete -F _lsmbox_complete lsmbox
	_lsmbox_bin lsmbox || return 0
	b=$REPLY
	_lsmbox_cached "$b" list
	n=$REPLY
	_lsmbox_cached "$b" compat
	while read -r n _; do
		[[ -n $n && $n != lsmbox ]] && _lsmbox_bin "$n" && [[ $REPLY -ef $b ]] &&
			complete -F _lsmbox_complete "$n"
	done <<< "$n"$'\n'"$REPLY"
	return 0
}
_lsmbox_register
