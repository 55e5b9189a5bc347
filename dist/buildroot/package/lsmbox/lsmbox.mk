# SPDX-License-Identifier: Apache-2.0
# lsmbox for Buildroot: our Makefile, run with Buildroot's toolchain and
# flags; docs/PACKAGING.md tells how to add dist/buildroot as a BR2_EXTERNAL.

LSMBOX_VERSION = 0.1
# The tree that holds this BR2_EXTERNAL, copied (rsync) as it is; a local.mk
# can name another (LSMBOX_OVERRIDE_SRCDIR).
LSMBOX_SITE = $(BR2_EXTERNAL_LSMBOX_PATH)/../..
LSMBOX_SITE_METHOD = local
# What a make there left behind is not source: build/ holds objects made by
# another compiler, which make would take as up to date.
LSMBOX_OVERRIDE_SRCDIR_RSYNC_EXCLUSIONS = --exclude=/build --exclude=/lsmbox
LSMBOX_LICENSE = Apache-2.0
LSMBOX_LICENSE_FILES = LICENSE

# The Makefile's CONFIG= or CONFIG_FILE=, and the libraries that
# configuration links (its LIB_ lines); Config.in selects the same.
LSMBOX_DEPENDENCIES = keyutils libcap
ifeq ($(BR2_PACKAGE_LSMBOX_CONFIG_TINY),y)
LSMBOX_CONFIG = CONFIG=tiny
else
LSMBOX_DEPENDENCIES += openssl libseccomp zlib libsepol bzip2
ifeq ($(BR2_PACKAGE_LSMBOX_CONFIG_CUSTOM),y)
LSMBOX_CONFIG = CONFIG_FILE=$(call qstrip,$(BR2_PACKAGE_LSMBOX_CONFIG_FILE))
else
LSMBOX_CONFIG = CONFIG=default
endif
endif

# ARCH: the Makefile's name, asm/ARCH/; Buildroot's names for the three
# architectures Config.in allows are the same.  It goes on the command
# line: the Makefile reads ARCH from the environment otherwise.  CC: the
# Makefile sets CC from CROSS for another ARCH; the command line's wins.
# NODEPS=1: no Debian package check.  WERROR= (empty): another compiler's
# warnings do not stop the build.  No STRIP=1: Buildroot strips the target.
# MAN=0: no manual pages (lowdown would be needed on the host, and
# Buildroot's target-finalize drops usr/share/man anyway).
LSMBOX_MAKE_OPTS = \
	$(LSMBOX_CONFIG) \
	ARCH=$(call qstrip,$(BR2_ARCH)) \
	CROSS="$(TARGET_CROSS)" \
	CC="$(TARGET_CC)" \
	NODEPS=1 \
	WERROR= \
	MAN=0

define LSMBOX_BUILD_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) $(TARGET_CONFIGURE_OPTS) -C $(@D) $(LSMBOX_MAKE_OPTS)
endef

define LSMBOX_INSTALL_TARGET_CMDS
	$(TARGET_MAKE_ENV) $(MAKE) $(TARGET_CONFIGURE_OPTS) -C $(@D) $(LSMBOX_MAKE_OPTS) \
		install DESTDIR=$(TARGET_DIR) PREFIX=/usr
endef

$(eval $(generic-package))
