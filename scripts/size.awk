# SPDX-License-Identifier: Apache-2.0
# size.awk: what each applet and each library adds to lsmbox, from the
# linker map (-Wl,-Map) of the final link, after --gc-sections.
# Counts the bytes of kept input sections that the stripped file carries
# (code, read-only data, data, unwind tables); .bss takes no file space and
# is shown apart.  Usage: awk -v applets='a b' -f size.awk lsmbox.map

function owner(f,    m) {
	if (f ~ /\/obj\/applets\//) {
		m = f
		sub(/^.*\/obj\/applets\//, "", m)
		sub(/[\/.].*$/, "", m)
		return "applet " m
	}
	if (f ~ /\/obj\/lib\//) return "lsmbox lib/"
	if (f ~ /\/obj\/crypto\//) return "lsmbox crypto/"
	if (f ~ /\/obj\/asm\//) return "lsmbox asm/"
	if (f ~ /libcrypto\.a\(/) return "libcrypto (OpenSSL)"
	if (f ~ /libkeyutils\.a\(/) return "libkeyutils"
	if (f ~ /libcap\.a\(/) return "libcap"
	if (f ~ /libseccomp\.a\(/) return "libseccomp"
	if (f ~ /libz\.a\(/) return "zlib"
	if (f ~ /libsepol\.a\(/) return "libsepol"
	if (f ~ /libbz2\.a\(/) return "libbz2"
	if (f ~ /lib(c|m|pthread|dl|rt|resolv)\.a\(/) return "glibc"
	if (f ~ /libgcc|crt[^\/]*\.o$/) return "gcc runtime"
	return "other (linker)"
}

function add(sec, size, f,    who) {
	if (outsec ~ /^\.(debug|comment|gnu\.warning|note\.GNU-stack|stab)/ || outsec == "/DISCARD/")
		return
	who = owner(f)
	if (outsec ~ /^\.t?bss/ || sec == "COMMON")
		bss[who] += size
	else
		bytes[who] += size
	seen[who] = 1
}

/^Linker script and memory map/ { inmap = 1; next }
!inmap { next }

/^[^ ]/ { outsec = $1; pending = ""; next }

$1 == "*fill*" && $3 ~ /^0x/ { bytes["padding"] += strtonum_($3); seen["padding"] = 1; next }
$1 == "*fill*" && $2 ~ /^0x/ && NF == 3 { bytes["padding"] += strtonum_($3); seen["padding"] = 1; next }

/^ [^ ]/ && NF == 1 { pending = $1; next }

/^ [^ ]/ && $2 ~ /^0x/ && $3 ~ /^0x/ && NF >= 4 { add($1, strtonum_($3), $4); pending = ""; next }

pending != "" && $1 ~ /^0x/ && $2 ~ /^0x/ && NF >= 3 { add(pending, strtonum_($2), $3); pending = ""; next }

{ pending = "" }

# POSIX awk has no hex conversion.
function strtonum_(s,    i, c, v) {
	v = 0
	s = tolower(s)
	sub(/^0x/, "", s)
	for (i = 1; i <= length(s); i++) {
		c = index("0123456789abcdef", substr(s, i, 1))
		v = v * 16 + c - 1
	}
	return v
}

END {
	n = split(applets, list, " ")
	for (i = 1; i <= n; i++) seen["applet " list[i]] = 1
	printf "%-24s %10s %10s\n", "part", "bytes", "bss"
	for (i = 1; i <= n; i++) {
		w = "applet " list[i]
		printf "%-24s %10d %10d\n", w, bytes[w], bss[w]
		tb += bytes[w]; ts += bss[w]; done[w] = 1
	}
	split("lsmbox lib/|lsmbox crypto/|lsmbox asm/|libcrypto (OpenSSL)|libkeyutils|libcap|libseccomp|zlib|libsepol|libbz2|glibc|gcc runtime|other (linker)|padding", rest, "|")
	for (i = 1; i in rest; i++) {
		w = rest[i]
		if (!seen[w]) continue
		printf "%-24s %10d %10d\n", w, bytes[w], bss[w]
		tb += bytes[w]; ts += bss[w]
	}
	printf "%-24s %10d %10d\n", "total (sections)", tb, ts
}
