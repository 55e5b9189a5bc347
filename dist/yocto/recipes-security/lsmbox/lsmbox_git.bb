# SPDX-License-Identifier: Apache-2.0
# lsmbox for Yocto / OpenEmbedded: the static multicall binary, built by
# our Makefile with the recipe's toolchain (docs/PACKAGING.md).
SUMMARY = "Linux security administration tools in one static binary"
DESCRIPTION = "Keys, AppArmor, SELinux modules, Smack, TOMOYO, IMA/EVM \
signatures and Yama in one statically linked multicall binary, each applet \
also a link named after it."
SECTION = "admin"
LICENSE = "Apache-2.0"
LIC_FILES_CHKSUM = "file://LICENSE;md5=3b83ef96387f14655fc854ddc3c6bd57"

# The source: the git tree this layer is part of (layer.conf's
# LSMBOX_TREE), its main branch as committed.  A release pins SRCREV, or
# points SRC_URI at a published repository.
SRC_URI = "git://${LSMBOX_TREE};protocol=file;branch=main"
SRCREV ?= "${AUTOREV}"
PV = "0.1+git${SRCPV}"
S = "${WORKDIR}/git"

# The Makefile knows three architectures (asm/ARCH/), whose names are
# Yocto's TARGET_ARCH names; not the kernel's (arm64, x86) that
# kernel-arch.bbclass exports as ARCH.  Built and tested with glibc only.
COMPATIBLE_HOST = "(x86_64|aarch64|arm)-.*-linux.*"
COMPATIBLE_HOST:libc-musl = "null"
LSMBOX_ARCH = "${TARGET_ARCH}"

# The configuration: one of the tree's config/NAME.conf (default, tiny),
# or a fragment of one's own: LSMBOX_CONFIG_FILE = "${WORKDIR}/mine.conf"
# with file://mine.conf in SRC_URI, and the PACKAGECONFIG its LIB_ lines
# need.
LSMBOX_CONFIG ??= "default"
LSMBOX_CONFIG_FILE ??= "${S}/config/${LSMBOX_CONFIG}.conf"

# The libraries a configuration links: their recipes, and the static
# libraries they install (the appends in this layer ask for those that
# are not built by default).
LSMBOX_LIBS_default = "openssl keyutils libcap libseccomp zlib libsepol bzip2"
LSMBOX_LIBS_tiny = "keyutils libcap"
PACKAGECONFIG ??= "${LSMBOX_LIBS_${LSMBOX_CONFIG}}"
PACKAGECONFIG[openssl] = ",,openssl"
PACKAGECONFIG[keyutils] = ",,keyutils"
PACKAGECONFIG[libcap] = ",,libcap"
PACKAGECONFIG[libseccomp] = ",,libseccomp"
PACKAGECONFIG[zlib] = ",,zlib"
PACKAGECONFIG[libsepol] = ",,libsepol"
PACKAGECONFIG[bzip2] = ",,bzip2"

# On the command line, where the Makefile's own settings and the
# environment give way: ARCH, and CC with its --sysroot (the Makefile
# sets CC from CROSS for another ARCH).  NODEPS=1: no Debian package
# check.  WERROR= (empty): another compiler's warnings do not stop the
# build.  No STRIP=1: Yocto strips, and keeps the debug info apart.
# MAN: the manual pages are made by lowdown on the build host, which
# oe-core does not have: LSMBOX_MAN = "1" where a layer gives
# lowdown-native (and add it to DEPENDS); they go to ${PN}-doc.
LSMBOX_MAN ?= "0"
EXTRA_OEMAKE = "ARCH=${LSMBOX_ARCH} CROSS=${TARGET_PREFIX} 'CC=${CC}' \
CONFIG_FILE=${LSMBOX_CONFIG_FILE} NODEPS=1 WERROR= MAN=${LSMBOX_MAN}"

# Stop before the build, saying why, where it could only fail or make a
# binary that cannot run: a 32-bit core older than ARMv7-A, or a library
# the configuration links without its .a in the sysroot.
lsmbox_check_target() {
	if [ "${LSMBOX_ARCH}" = arm ]; then
		a=$(${CC} -dM -E -x c /dev/null | sed -n 's/^#define __ARM_ARCH \([0-9]*\)$/\1/p')
		p=$(${CC} -dM -E -x c /dev/null | sed -n 's/^#define __ARM_ARCH_PROFILE \([0-9]*\)$/\1/p')
		[ "$p" = 65 ] && [ "$a" -ge 7 ] ||
			bbfatal "lsmbox: 32-bit ARM needs ARMv7-A or later (asm/arm/); this tune's compiler says __ARM_ARCH=$a __ARM_ARCH_PROFILE=$p ('A' is 65)"
	fi
	for l in $(sed -n 's/^LIB_\([A-Z0-9]*\)[ \t]*=[ \t]*y[ \t]*$/\1/p' ${LSMBOX_CONFIG_FILE} | tr A-Z a-z); do
		[ "$(${CC} -print-file-name=lib$l.a)" != "lib$l.a" ] ||
			bbfatal "lsmbox: no lib$l.a in the sysroot, and ${LSMBOX_CONFIG_FILE} links it (PACKAGECONFIG, DISABLE_STATIC: docs/PACKAGING.md)"
	done
}

do_compile() {
	lsmbox_check_target
	oe_runmake
}

do_install() {
	oe_runmake install DESTDIR=${D} PREFIX=${prefix} BINDIR=${bindir} MANDIR=${mandir} \
		COMPLDIR=${datadir}/bash-completion/completions
}
