# SPDX-License-Identifier: Apache-2.0
# lsmbox: one statically linked multicall binary for Linux security administration.
#   make                    install missing build packages (as root), build ./lsmbox
#   make check              install test packages, run every test: "N passed, N failed"
#   make CONFIG=tiny        build the configuration in config/tiny.conf
#   make CONFIG_FILE=PATH   build the configuration in PATH (into build/BASENAME-ARCH/)
#   make ARCH=aarch64|arm   cross-build (Debian's cross gcc, arm64/armhf static libraries)
#   make check SAN=1        the same suite on an ASan+UBSan build (dynamically linked)
#   make check-vm           only the real-kernel tests (tests/vm/), VM_TESTS=SCRIPT... to pick
#   make size               stripped size, and what each applet and library adds
#   make bench              cryptobench, ours beside OpenSSL, into docs/BENCHMARKS.md
#   make bench-smackctl     Smack policy load and offline access benchmark [ROUNDS=N]
#   make bench-tomoyo       tomoyo-edit check and load beside tomoyo-tools, into
#                           docs/BENCHMARKS.md [ROUNDS=N]
#   make bench-imasign      imasign beside evmctl on a 20,000-file tree, into
#                           docs/BENCHMARKS.md
#   make bench-imasign-list imasign ima_measurement beside evmctl on a list of
#                           100,000 signed records, into docs/BENCHMARKS.md [ROUNDS=N]
#   make bench-semodule     semodule-lite beside semodule on copies of the refpolicy
#                           store (-B, -i, -l), into docs/BENCHMARKS.md [ROUNDS=N]
#   make bench-aa           aa-compile beside apparmor_parser on Debian's profiles,
#                           into docs/BENCHMARKS.md [ROUNDS=N]
#   make bench-aa-boot      apparmor.service's boot job (cold and warm cache) by
#                           both, in one VM boot, into docs/BENCHMARKS.md [ROUNDS=N]
#   make fuzz               each libFuzzer target of tests/fuzz/ (clang, ASan+UBSan),
#                           figures into docs/FUZZING.md [FUZZ_SECONDS=60] [FUZZ_TARGETS=...]
#   make mutate             plant each mutation of tests/mutations/*.list, report
#                           killed/survived and the score [MUTATE=LIST...] [ONLY=ID,...]
#   make man                the manual pages, from docs/*.md (also part of make)
#   make install [DESTDIR=] [PREFIX=/usr/local] [BINDIR=PREFIX/bin]
#                           [MANDIR=PREFIX/share/man] [COMPAT=1] [MAN=0]
#                           [COMPLDIR=PREFIX/share/bash-completion/completions]:
#                           lsmbox, its links, pages and completion, unstripped, as
#                           distributions expect (their packaging strips);
#                           STRIP=1 or make install-strip strips with install -s;
#                           COMPAT=1 adds the stand-in names (chsmack, ...)
#   make uninstall          the same variables: removes lsmbox, the links to it
#                           and its manual pages
#   make clean
# WERROR= (empty) stops treating warnings as errors; NODEPS=1 skips the package check.
# The same commit builds the same bytes anywhere (tests/repro.test);
# SOURCE_DATE_EPOCH is the one date a build may use.

# CONFIG_FILE=PATH takes a configuration from outside config/ (its build
# directory is named after the file).
ifneq ($(CONFIG_FILE),)
CONFIG ?= $(basename $(notdir $(CONFIG_FILE)))
endif
CONFIG ?= default
HOST_ARCH := $(shell uname -m)
ARCH ?= $(HOST_ARCH)
# The kernel's names for two of ours (kernel-arch.bbclass exports them in
# a Yocto recipe's environment) would build without asm/ and say so in
# --version: refused, not taken.
ifneq ($(filter arm64 x86,$(ARCH)),)
$(error ARCH=$(ARCH) is the kernel's name: lsmbox takes uname -m's (x86_64, aarch64, arm))
endif
# Another ARCH is a cross build with Debian's cross compiler and the
# target's multiarch static libraries (config/deps/build-ARCH.list).
ifneq ($(ARCH),$(HOST_ARCH))
CROSS_aarch64 := aarch64-linux-gnu-
CROSS_arm := arm-linux-gnueabihf-
CROSS ?= $(CROSS_$(ARCH))
ifeq ($(CROSS),)
$(error no cross compiler known for ARCH=$(ARCH): set CROSS=PREFIX-)
endif
CC := $(CROSS)gcc
endif
SAN ?=
WERROR ?= 1
PREFIX ?= /usr/local
VERSION := 0.1

conf := $(or $(CONFIG_FILE),config/$(CONFIG).conf)
ifeq ($(wildcard $(conf)),)
$(error no such configuration: $(conf))
endif
include $(conf)

# FUZZ=1 (used by make fuzz and make check): clang, libFuzzer's coverage,
# ASan and UBSan, into build/CONFIG-ARCH-fuzz.
FUZZ ?=
ifneq ($(FUZZ),)
CC := clang
endif
BUILD := build/$(CONFIG)-$(ARCH)$(if $(FUZZ),-fuzz,$(if $(SAN),-san))
GEN := $(BUILD)/gen

# Applets: applets/NAME.c, or applets/NAME/*.c with NAME.c as the front door.
# Each is built when its config line APPLET_NAME (upper case, '-' as '_') is y.
cfgname = $(shell echo '$(2)_$(1)' | tr 'a-z-' 'A-Z_')
# Every list that feeds the link or a generated header is sorted: the
# order of the link is the binary's layout, and $(wildcard) is unsorted in
# GNU make 3.82 to 4.2 (a reproducible build, docs/ARCHITECTURE.md).
applet_names := $(sort $(basename $(notdir $(wildcard applets/*.c))) \
		       $(notdir $(patsubst %/,%,$(dir $(wildcard applets/*/*.c)))))
enabled := $(foreach a,$(applet_names),$(if $(filter y,$($(call cfgname,$(a),APPLET))),$(a)))
applet_srcs := $(foreach a,$(enabled),$(sort $(wildcard applets/$(a).c applets/$(a)/*.c)))
decl_srcs := $(foreach a,$(enabled),$(wildcard applets/$(a).c applets/$(a)/$(a).c))

# Libraries, each on when its LIB_ line is y: static archives from Debian's -dev packages.
# A static link takes them in this order, so a library goes before those it
# needs: sepol and bz2 need only libc, and nothing here needs them.
lib_names := crypto keyutils cap seccomp z sepol bz2
libs := $(foreach l,$(lib_names),$(if $(filter y,$($(call cfgname,$(l),LIB))),-l$(l)))
# An applet's declaration names the libraries it needs ("requires: LIB_X"):
# a configuration that builds it without them stops here, not at link time.
mkapplets = awk -v libs='$(lib_names)' $(1) -f scripts/mkapplets.awk $(decl_srcs)
applet_requires := $(if $(decl_srcs),$(shell $(call mkapplets,-v part=requires)))
$(foreach r,$(applet_requires),$(if $(filter y,$($(lastword $(subst :, ,$(r))))),,\
  $(error $(subst :, requires ,$(r)) = y ($(conf)))))

# Crypto kernels: asm/ARCH/NAME.S, all built when CRYPTO_ASM is y, except
# those whose CRYPTO_NAME is n.  Each built one is CFG_ASM_NAME in config.h,
# which its glue in crypto/ARCH/ tests before registering drivers.
asm_names := $(sort $(basename $(notdir $(wildcard asm/$(ARCH)/*.S))))
asm_on := $(if $(filter y,$(CRYPTO_ASM)),$(foreach k,$(asm_names),$(if $(filter n,$($(call cfgname,$(k),CRYPTO))),,$(k))))
asm_srcs := $(foreach k,$(asm_on),asm/$(ARCH)/$(k).S)
asm_defs := $(foreach k,$(asm_on),$(call cfgname,$(k),ASM))

# lib/ holds topical files, and a subject with several files its own
# folder, lib/SUBJECT/*.c (one level), built into every binary alike.
lib_srcs := $(sort $(filter-out lib/main.c,$(wildcard lib/*.c lib/*/*.c)))
crypto_srcs := $(sort $(wildcard crypto/*.c crypto/$(ARCH)/*.c))
unit_srcs := $(sort $(wildcard tests/unit/*.c))

obj = $(patsubst %,$(BUILD)/obj/%.o,$(basename $(1)))
core_objs := $(call obj,$(lib_srcs) $(crypto_srcs) $(asm_srcs))
lsmbox_objs := $(call obj,lib/main.c $(applet_srcs)) $(core_objs)
unit_objs := $(call obj,$(unit_srcs)) $(core_objs)

# The same commit builds the same binary anywhere (tests/repro.test): the
# debug info and __FILE__ name sources relative to the tree ("."), not where
# it was unpacked; __DATE__ and __TIME__ are errors (-Wdate-time).  The one
# date a build may embed is SOURCE_DATE_EPOCH (reproducible-builds.org),
# given to the compiler: unset, the last commit's time in a git tree, else
# 2026-01-01 (1767225600); found once, when a recipe first needs it.
SOURCE_DATE_EPOCH ?= $(eval SOURCE_DATE_EPOCH := $(or $(shell git log -1 --format=%ct 2>/dev/null),1767225600))$(SOURCE_DATE_EPOCH)
OPTFLAGS ?= -O2
CFLAGS_BASE := -std=gnu11 $(OPTFLAGS) -g -Wall -Wextra -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wno-missing-field-initializers \
	-ffunction-sections -fdata-sections -D_GNU_SOURCE -Ilib -Icrypto -I$(GEN) -MMD -MP \
	-ffile-prefix-map=$(CURDIR)=. -Wdate-time
LDFLAGS_BASE := -Wl,--gc-sections -Wl,-Map=$(BUILD)/lsmbox.map
ifneq ($(WERROR),)
CFLAGS_BASE += -Werror
endif
ifneq ($(FUZZ),)
CFLAGS_BASE += -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer \
	-DLSMBOX_FUZZ
LDFLAGS_BASE += -fsanitize=fuzzer,address,undefined
LINK := dynamic
else ifneq ($(SAN),)
CFLAGS_BASE += -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
LDFLAGS_BASE += -fsanitize=address,undefined
LINK := dynamic
else
LDFLAGS_BASE += -static
LINK := static
endif
override CFLAGS := $(CFLAGS_BASE) $(CFLAGS)
override LDFLAGS := $(LDFLAGS_BASE) $(LDFLAGS)

.PHONY: all man deps deps-check check check-vm fuzz fuzz-build fuzz-targets bench bench-aa bench-aa-boot bench-audit bench-smackctl bench-imasign bench-imasign-list bench-tomoyo bench-semodule size install install-strip uninstall deb mutate clean FORCE
.DEFAULT_GOAL := all

all: $(if $(SAN),$(BUILD)/lsmbox,lsmbox man)

deps:
	@scripts/deps build

deps-check: deps
	@scripts/deps check
	@scripts/deps-src

# ./lsmbox is a copy of the last non-sanitizer build, whatever its configuration.
lsmbox: $(BUILD)/lsmbox FORCE
	@cmp -s $< $@ || cp $< $@

# The linker's stderr goes through scripts/ldwarn, which drops only the notes
# we understand and fails on any other when WERROR is set.
link = $(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(1) $(libs) 2> $@.ld || { cat $@.ld >&2; exit 1; }; \
	WERROR=$(WERROR) scripts/ldwarn $@.ld

$(BUILD)/lsmbox: $(lsmbox_objs) scripts/ldwarn
	$(call link,$(lsmbox_objs))

# crypto-test: every crypto driver against tests/vectors/ and OpenSSL; it
# always links libcrypto (the reference), whatever LIB_CRYPTO says.
crypto_test_objs := $(call obj,tests/crypto/crypto-test.c) $(core_objs)
ct_map := -Wl,-Map=$(BUILD)/crypto-test.map
$(BUILD)/crypto-test: $(crypto_test_objs) scripts/ldwarn
	$(call link,$(crypto_test_objs) $(ct_map) $(if $(filter -lcrypto,$(libs)),,-lcrypto))

# aa-policy-diff: two AppArmor binary policies read as the 6.1 kernel reads
# them and compared DFA by DFA (tests/aa-compile/policy-diff.c).
$(BUILD)/aa-policy-diff: $(call obj,tests/aa-compile/policy-diff.c) $(core_objs) scripts/ldwarn
	$(call link,$(call obj,tests/aa-compile/policy-diff.c) $(core_objs))

# sign-file-ref: the kernel's own scripts/sign-file, built from Debian's
# linux-source-6.1 (its two files only), the anchor imasign sign-module is
# compared with (tests/imasign-modsign.test).  libcrypto, dynamic.
KSRC_TAR := /usr/src/linux-source-6.1.tar.xz
$(BUILD)/sign-file-ref: | deps
	@mkdir -p $(BUILD)/sign-file-src
	@test -f $(KSRC_TAR) || { echo "$@: needs $(KSRC_TAR): install the Debian package linux-source-6.1" >&2; exit 1; }
	tar -xJf $(KSRC_TAR) -C $(BUILD)/sign-file-src linux-source-6.1/scripts/sign-file.c \
		linux-source-6.1/scripts/ssl-common.h
	$(CC) -O2 -w -o $@ $(BUILD)/sign-file-src/linux-source-6.1/scripts/sign-file.c -lcrypto

# Fuzz targets: tests/fuzz/NAME.c, each a libFuzzer LLVMFuzzerTestOneInput
# that may #include "../../applets/FILE.c" (or lib/FILE.c) to reach that
# file's static parsers: the target is linked with every other object of
# the binary.
# Built with FUZZ=1 (make fuzz-build does that); run by scripts/fuzz.
fuzz_names := $(sort $(basename $(notdir $(wildcard tests/fuzz/*.c))))
fuzz_incl = $(shell sed -n -e 's|^\#include "\.\./\.\./\(applets/.*\.c\)"|\1|p' \
	-e 's|^\#include "\.\./\.\./\(lib/.*\.c\)"|\1|p' tests/fuzz/$(1).c)
fuzz_bins := $(foreach f,$(fuzz_names),$(BUILD)/fuzz/$(f))
define fuzz_rule
$(BUILD)/fuzz/$(1): $(call obj,tests/fuzz/$(1).c) $(filter-out $(call obj,$(call fuzz_incl,$(1))),$(call obj,$(applet_srcs)) $(core_objs)) \
		scripts/ldwarn
	@mkdir -p $$(@D)
	$$(call link,$(call obj,tests/fuzz/$(1).c) \
		$(filter-out $(call obj,$(call fuzz_incl,$(1))),$(call obj,$(applet_srcs)) $(core_objs)))
endef
ifneq ($(FUZZ),)
$(foreach f,$(fuzz_names),$(eval $(call fuzz_rule,$(f))))
fuzz-targets: $(fuzz_bins)
endif
FUZZ_DIR := build/$(CONFIG)-$(ARCH)-fuzz/fuzz
fuzz-build: deps-check
	@$(MAKE) --no-print-directory FUZZ=1 SAN= NODEPS=1 fuzz-targets

# fuzz: every target FUZZ_SECONDS (default 60) after its regressions, the
# figures summed into docs/FUZZING.md (scripts/fuzz-report).
fuzz: fuzz-build
	@FUZZ_DIR=$(abspath $(FUZZ_DIR)) scripts/fuzz -r -t $(or $(FUZZ_SECONDS),60) $(FUZZ_TARGETS); \
	 rc=$$?; scripts/fuzz-report build/fuzz-log.tsv docs/FUZZING.md && exit $$rc

unit_map := -Wl,-Map=$(BUILD)/unit-tests.map
$(BUILD)/unit-tests: $(unit_objs) scripts/ldwarn
	$(call link,$(unit_objs) $(unit_map))

$(BUILD)/obj/%.o: %.c | deps $(GEN)/config.h $(GEN)/applets.h
	@mkdir -p $(@D)
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/obj/%.o: %.S | deps $(GEN)/config.h
	@mkdir -p $(@D)
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) $(CC) $(CFLAGS) -c -o $@ $<

# The configuration as C macros: CFG_X for each "X = y" line.
$(GEN)/config.h: $(conf) Makefile $(wildcard asm/$(ARCH)/*.S)
	@mkdir -p $(@D)
	@{ echo '/* Generated from $(conf); do not edit. */'; \
	   echo '#define LSMBOX_VERSION "$(VERSION)"'; \
	   echo '#define CFG_NAME "$(CONFIG)"'; \
	   echo '#define CFG_ARCH "$(ARCH)"'; \
	   sed -n 's/^\([A-Z][A-Z0-9_]*\)[ \t]*=[ \t]*y[ \t]*$$/#define CFG_\1 1/p' $(conf); \
	   for d in $(asm_defs); do echo "#define CFG_$$d 1"; done; } > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@	# unchanged, nothing recompiles
	@rm -f $@.tmp

$(GEN)/applets.h: $(decl_srcs) scripts/mkapplets.awk $(conf)
	@mkdir -p $(@D)
	$(call mkapplets) > $@.tmp
	@mv $@.tmp $@
	@$(call mkapplets,-v part=mains) > $(GEN)/applet-mains.h.tmp
	@cmp -s $(GEN)/applet-mains.h.tmp $(GEN)/applet-mains.h || \
	 mv $(GEN)/applet-mains.h.tmp $(GEN)/applet-mains.h
	@rm -f $(GEN)/applet-mains.h.tmp

# The real-kernel tests boot a static lsmbox: with SAN=1 (a dynamic build)
# they carry the plain static build of the same sources.
VM_LSMBOX := build/$(CONFIG)-$(ARCH)/lsmbox
VM_CRYPTO_TEST := build/$(CONFIG)-$(ARCH)/crypto-test
VM_UNIT_TESTS := build/$(CONFIG)-$(ARCH)/unit-tests
ifneq ($(SAN),)
$(VM_LSMBOX) $(VM_CRYPTO_TEST) $(VM_UNIT_TESTS): FORCE
	@$(MAKE) --no-print-directory SAN= $@
endif

# vm-probe: the rig's own static helper (tests/vm/probe.c, the TOMOYO
# corpus oracle it calls, tests/vm/tomoyo-verdict.c, and the AppArmor
# operations, tests/vm/aa-probe.c), libc only.
$(BUILD)/vm-probe: tests/vm/probe.c tests/vm/tomoyo-verdict.c tests/vm/aa-probe.c | deps
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra $(if $(WERROR),-Werror) -static -o $@ $^

vm_env = LSMBOX=$(abspath $(VM_LSMBOX)) VM_PROBE=$(abspath $(BUILD)/vm-probe) \
	 VM_CRYPTO_TEST=$(abspath $(VM_CRYPTO_TEST)) VM_UNIT_TESTS=$(abspath $(VM_UNIT_TESTS))

# On x86-64, make check also cross-builds for AArch64 and 32-bit ARM and
# runs those builds under qemu-user (tests/check, tests/cross.test).
ifeq ($(ARCH)-$(HOST_ARCH),x86_64-x86_64)
CROSS_DIR := build/$(CONFIG)-aarch64
ARM_DIR := build/$(CONFIG)-arm
cross-builds: deps-check
	@$(MAKE) --no-print-directory ARCH=aarch64 SAN= NODEPS=1 $(CROSS_DIR)/lsmbox $(CROSS_DIR)/crypto-test
	@$(MAKE) --no-print-directory ARCH=arm SAN= NODEPS=1 $(ARM_DIR)/lsmbox $(ARM_DIR)/crypto-test
.PHONY: cross-builds
endif

check: deps-check $(if $(SAN),,lsmbox) $(BUILD)/lsmbox $(BUILD)/unit-tests $(BUILD)/crypto-test $(BUILD)/aa-policy-diff \
		$(BUILD)/sign-file-ref fuzz-build \
		$(VM_LSMBOX) $(VM_CRYPTO_TEST) $(VM_UNIT_TESTS) $(BUILD)/vm-probe $(if $(CROSS_DIR),cross-builds)
	@LSMBOX=$(abspath $(BUILD)/lsmbox) UNIT=$(abspath $(BUILD)/unit-tests) \
	 CRYPTO_TEST=$(abspath $(BUILD)/crypto-test) AA_POLICY_DIFF=$(abspath $(BUILD)/aa-policy-diff) \
	 SIGN_FILE_REF=$(abspath $(BUILD)/sign-file-ref) \
	 AARCH64_DIR=$(if $(CROSS_DIR),$(abspath $(CROSS_DIR))) ARM_DIR=$(if $(ARM_DIR),$(abspath $(ARM_DIR))) \
	 LSMBOX_LINK=$(LINK) LSMBOX_CONFIG=$(CONFIG) LSMBOX_APPLETS='$(enabled)' \
	 LSMBOX_SAN=$(SAN) VM_LSMBOX=$(abspath $(VM_LSMBOX)) VM_PROBE=$(abspath $(BUILD)/vm-probe) \
	 VM_CRYPTO_TEST=$(abspath $(VM_CRYPTO_TEST)) VM_UNIT_TESTS=$(abspath $(VM_UNIT_TESTS)) \
	 FUZZ_DIR=$(abspath $(FUZZ_DIR)) \
	 tests/check

check-vm: deps-check $(VM_LSMBOX) $(VM_CRYPTO_TEST) $(VM_UNIT_TESTS) $(BUILD)/vm-probe
	@$(vm_env) tests/vm/run $(VM_TESTS)

# bench: cryptobench, ours beside OpenSSL, written to docs/BENCHMARKS.md
# (the blocks the other bench-NAME targets write are kept: every
# <!-- bench-NAME --> ... <!-- /bench-NAME --> block).
# On x86-64 it also counts the ARM builds' instructions under qemu-user.
bench: lsmbox $(if $(CROSS_DIR),cross-builds)
	scripts/bench ./lsmbox $(if $(CROSS_DIR),$(CROSS_DIR)/crypto-test $(ARM_DIR)/crypto-test) > docs/BENCHMARKS.md.tmp
	@# sections of the old page the new one does not write (another CPU
	@# class's, the bench-* targets'), kept
	@sed -n 's/^<!-- \(bench-[a-z0-9_-]*\) -->$$/\1/p' docs/BENCHMARKS.md.tmp > docs/BENCHMARKS.md.new
	@awk 'NR == FNR { new[$$0] = 1; next } \
	     /^<!-- bench-[a-z0-9_-]* -->$$/ { n = $$2; keep = !(n in new) } \
	     keep { print } \
	     /^<!-- \/bench-[a-z0-9_-]* -->$$/ { keep = 0 }' docs/BENCHMARKS.md.new docs/BENCHMARKS.md > docs/BENCHMARKS.md.keep
	@rm -f docs/BENCHMARKS.md.new
	@if [ -s docs/BENCHMARKS.md.keep ]; then { echo; cat docs/BENCHMARKS.md.keep; } >> docs/BENCHMARKS.md.tmp; fi
	@rm -f docs/BENCHMARKS.md.keep
	@mv docs/BENCHMARKS.md.tmp docs/BENCHMARKS.md
	@echo "bench: wrote docs/BENCHMARKS.md"
	@# the README's ratios, a row a class, from those sections
	scripts/bench-readme docs/BENCHMARKS.md README.md

# bench-imasign: imasign beside evmctl 1.4 on the same tree (RSA, ECDSA,
# hashing); replaces the imasign block of docs/BENCHMARKS.md.
bench-imasign: deps-check lsmbox
	LSMBOX=$(abspath lsmbox) scripts/bench-imasign

# bench-imasign-list: ima_measurement --verify-sig beside evmctl 1.4 on a
# generated list of 100,000 signed records; replaces its block of
# docs/BENCHMARKS.md.
bench-imasign-list: deps-check lsmbox
	LSMBOX=$(abspath lsmbox) ROUNDS=$(or $(ROUNDS),3) scripts/bench-imasign-list

# bench-tomoyo: tomoyo-edit check beside tomoyo-checkpolicy on a generated
# policy, and load beside tomoyo-loadpolicy in the rig; replaces the tomoyo
# block of docs/BENCHMARKS.md.
bench-tomoyo: deps-check lsmbox $(VM_LSMBOX) $(BUILD)/vm-probe
	@$(vm_env) ROUNDS=$(or $(ROUNDS),5) HOST_LSMBOX=$(abspath lsmbox) scripts/bench-tomoyo

# bench-semodule: semodule-lite beside semodule 3.4 on two scratch copies of
# selinux-policy-default's store (-B, -i, -l, -lfull: time, CPU, peak RSS,
# the issue's targets); replaces the semodule block of docs/BENCHMARKS.md.
bench-semodule: deps-check lsmbox
	@ROUNDS=$(or $(ROUNDS),3) LSMBOX=$(abspath lsmbox) scripts/bench-semodule

# bench-aa: aa-compile beside apparmor_parser 3.0.8 on every profile Debian
# ships (time, peak RSS, output bytes); replaces the aa block of
# docs/BENCHMARKS.md.
bench-aa: deps-check lsmbox
	@ROUNDS=$(or $(ROUNDS),3) LSMBOX=$(abspath lsmbox) scripts/bench-aa

# bench-audit: lsmbox audit -j 1 and -j 2 over a Debian-like image (Debian's
# AppArmor profiles, 20,000 files signed for IMA, selinux-policy-default's
# store) beside the anchors' checks of it in a shell loop; replaces the
# audit block of docs/BENCHMARKS.md.
bench-audit: deps-check lsmbox
	@ROUNDS=$(or $(ROUNDS),3) LSMBOX=$(abspath lsmbox) scripts/bench-audit

# bench-aa-boot: apparmor.service's boot-time job (every profile in
# /etc/apparmor.d, cold and warm cache) by aa-compile and apparmor_parser
# in one Debian VM boot; replaces the aa-boot block of docs/BENCHMARKS.md.
bench-aa-boot: deps-check $(VM_LSMBOX) $(BUILD)/vm-probe
	@$(vm_env) scripts/bench-aa-boot $(ROUNDS)

# bench-smackctl: Smack policy load (smackctl apply beside one write per
# rule, in the Smack VM) and offline access checks; prints, writes nothing.
bench-smackctl: deps-check $(VM_LSMBOX) $(BUILD)/vm-probe
	@$(vm_env) scripts/bench-smackctl $(ROUNDS)

size: $(BUILD)/lsmbox
	@strip -o $(BUILD)/lsmbox.stripped $(BUILD)/lsmbox
	@printf 'stripped size of %s: %s bytes\n' $(BUILD)/lsmbox "$$(wc -c < $(BUILD)/lsmbox.stripped)"
	@awk -v applets='$(enabled)' -f scripts/size.awk $(BUILD)/lsmbox.map

# Manual pages (docs/PACKAGING.md): lsmbox's and each applet's, made from
# docs/NAME.md by scripts/mkman (lowdown) into $(BUILD)/man/man1/, and a
# ".so" page for each stand-in name, naming its applet's, into
# $(BUILD)/man-compat/man1/.  A page's name is its doc's title's:
# "# lsmbox audit(1)" is lsmbox-audit.1.  Stubs have none.  MAN=0 builds
# and installs none (an image builder without lowdown: docs/PACKAGING.md).
MAN ?= 1
stub_applets = $(foreach a,$(enabled),$(if $(shell grep -l '^ \* stub: yes' \
	$(wildcard applets/$(a).c applets/$(a)/$(a).c)),$(a)))
man_docs = docs/lsmbox.md $(foreach a,$(filter-out $(stub_applets),$(enabled)),docs/$(a).md)
compat_names = $(if $(decl_srcs),$(shell $(call mkapplets,-v part=compat)))
# "NAME APPLET ..." of the applets that are not stubs; the names alone.
compat_pairs = $(shell echo '$(compat_names)' | xargs -n 2 | \
	awk -v stubs=' $(stub_applets) ' 'index(stubs, " " $$2 " ") == 0 { print $$1, $$2 }')
compat_links = $(shell echo '$(compat_pairs)' | xargs -n 2 | cut -d' ' -f1)
man: $(if $(filter 0,$(MAN)),,$(BUILD)/man/.made)
$(BUILD)/man/.made: $(man_docs) scripts/mkman scripts/mkapplets.awk $(decl_srcs) $(conf) | deps
	@rm -rf $(BUILD)/man $(BUILD)/man-compat
	@mkdir -p $(BUILD)/man/man1 $(BUILD)/man-compat/man1
	@set -e; for d in $(man_docs); do \
		p=$$(sed -n '2{s/^# //; s/(.*//; s/ /-/g; p; q}' $$d); \
		SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) VERSION=$(VERSION) scripts/mkman $$d > $(BUILD)/man/man1/$$p.1; \
	done
	@set -e; echo '$(compat_pairs)' | xargs -n 2 | while read n a; do \
		printf '.so man1/%s.1\n' "$$a" > $(BUILD)/man-compat/man1/$$n.1; \
	done
	@touch $@

# make install: BINDIR/lsmbox, unstripped (a distribution's packaging strips
# it and keeps the debug info apart), and a link to it, "lsmbox", for every
# applet built except stubs (declared "stub: yes") and those run only as
# "lsmbox NAME" ("multiplexer: only"); a name taken by a directory, or any
# failing step, fails the install.  STRIP=1 (make install-strip) strips with
# install -s and the target's strip; only 1 does: packaging systems set
# STRIP=PROGRAM in the environment, and theirs is to strip or not.
# The manual pages go to MANDIR/man1, 0644.  COMPAT=1 also installs each
# stand-in name (chsmack, semodule, ...) as a link and a page: the anchor
# tools' names, taken only when asked (docs/PACKAGING.md).
# The bash completion (dist/completion/lsmbox.bash) goes to
# COMPLDIR/lsmbox, with a link to it for each name linked in BINDIR:
# bash-completion loads a command's completion by the command's name.
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
COMPLDIR ?= $(PREFIX)/share/bash-completion/completions
bindir = $(DESTDIR)$(BINDIR)
mandir = $(DESTDIR)$(MANDIR)
compldir = $(DESTDIR)$(COMPLDIR)
COMPAT ?=
# They name places on the system that runs lsmbox, DESTDIR aside.
ifneq ($(filter install install-strip uninstall,$(MAKECMDGOALS)),)
$(foreach v,BINDIR MANDIR COMPLDIR,$(if $(filter /%,$($(v))),,$(error $(v)=$($(v)) is not an absolute path)))
endif
stubs = $(foreach a,$(enabled),$(if $(shell grep -l '^ \* \(stub: yes\|multiplexer: only\)' \
	$(wildcard applets/$(a).c applets/$(a)/$(a).c)),$(a)))
INSTALL ?= install
install: lsmbox man
	$(INSTALL) -D -m 0755 $(if $(filter 1,$(STRIP)),-s --strip-program=$(CROSS)strip) lsmbox "$(bindir)/lsmbox"
	$(INSTALL) -D -m 0644 dist/completion/lsmbox.bash "$(compldir)/lsmbox"
	@set -e; for a in $(filter-out $(stubs),$(enabled)) $(if $(filter 1,$(COMPAT)),$(compat_links)); do \
		for d in "$(bindir)" "$(compldir)"; do \
			if [ -d "$$d/$$a" ] && [ ! -L "$$d/$$a" ]; then \
				echo "install: $$d/$$a is a directory" >&2; exit 1; \
			fi; \
			echo "ln -sfn lsmbox $$d/$$a"; ln -sfn lsmbox "$$d/$$a"; \
		done; \
	done
ifneq ($(MAN),0)
	$(INSTALL) -d "$(mandir)/man1"
	$(INSTALL) -m 0644 $(BUILD)/man/man1/*.1 $(if $(filter 1,$(COMPAT)),$(BUILD)/man-compat/man1/*.1) "$(mandir)/man1"
endif

install-strip:
	@$(MAKE) --no-print-directory install STRIP=1

# make uninstall: what make install made, known by what it is, whatever the
# configuration: BINDIR/lsmbox and every symbolic link in BINDIR to it (its
# target "lsmbox" or BINDIR/lsmbox: lsmbox --install's links too, which
# would be left dangling); in MANDIR/man1 each page whose header says
# "lsmbox VERSION" "lsmbox manual", and each ".so" page naming one of them;
# in COMPLDIR, lsmbox's completion and each link to it.
# A file of another package named like an applet or a page is left alone.
# No directory is removed: BINDIR may well have been there
# before (/usr/local/bin is, empty, on a new system).  Nothing installed is
# said, and is no error: uninstalling twice succeeds.
uninstall:
	@set -e; found=; \
	for l in "$(bindir)"/*; do \
		[ -L "$$l" ] || continue; \
		case $$(readlink "$$l") in lsmbox|'$(BINDIR)/lsmbox') ;; *) continue ;; esac; \
		echo "rm -f $$l"; rm -f "$$l"; found=1; \
	done; \
	if [ -e "$(bindir)/lsmbox" ] || [ -L "$(bindir)/lsmbox" ]; then \
		echo "rm -f $(bindir)/lsmbox"; rm -f "$(bindir)/lsmbox"; found=1; \
	fi; \
	[ -n "$$found" ] || echo "uninstall: nothing of lsmbox in $(bindir)"
	@set -e; found=; \
	for c in "$(compldir)"/*; do \
		[ -L "$$c" ] && [ "$$(readlink "$$c")" = lsmbox ] || continue; \
		echo "rm -f $$c"; rm -f "$$c"; found=1; \
	done; \
	if [ -f "$(compldir)/lsmbox" ] && sed -n 2p "$(compldir)/lsmbox" | grep -q '^# lsmbox\.bash: '; then \
		echo "rm -f $(compldir)/lsmbox"; rm -f "$(compldir)/lsmbox"; found=1; \
	fi; \
	[ -n "$$found" ] || echo "uninstall: no completion of lsmbox in $(compldir)"
	@set -e; found=; ours=; \
	for p in "$(mandir)"/man1/*.1; do \
		[ -f "$$p" ] && [ ! -L "$$p" ] || continue; \
		head -n 1 "$$p" | grep -q '^\.TH "[^"]*" "1" "[^"]*" "lsmbox [^"]*" "lsmbox manual"$$' || continue; \
		ours="$$ours $${p##*/}"; \
	done; \
	for p in "$(mandir)"/man1/*.1; do \
		[ -f "$$p" ] || continue; \
		case " $$ours " in \
		*" $${p##*/} "*) ;; \
		*) case $$(head -c 256 "$$p") in ".so man1/"*) ;; *) continue ;; esac; \
		   t=$$(head -n 1 "$$p"); t=$${t#.so man1/}; \
		   case " $$ours " in *" $$t "*) ;; *) continue ;; esac ;; \
		esac; \
		echo "rm -f $$p"; rm -f "$$p"; found=1; \
	done; \
	[ -n "$$found" ] || echo "uninstall: no manual page of lsmbox in $(mandir)/man1"

# make deb: build/deb/lsmbox_VERSION_DEBARCH.deb and lsmbox-compat's, from
# what make install puts in a stage (scripts/mkdeb, docs/PACKAGING.md).
DEB_DIR := build/deb
DEB_MAINTAINER ?= lsmbox maintainers <maintainers@lsmbox.invalid>
deb: lsmbox man
	@rm -rf $(BUILD)/deb-stage
	@$(MAKE) --no-print-directory install DESTDIR=$(abspath $(BUILD)/deb-stage) PREFIX=/usr \
		BINDIR=/usr/bin MANDIR=/usr/share/man COMPLDIR=/usr/share/bash-completion/completions \
		COMPAT= MAN=1 STRIP= >/dev/null
	@ARCH=$(ARCH) VERSION=$(VERSION) SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) LIBS='$(libs)' \
		COMPAT_NAMES='$(compat_pairs)' CROSS=$(CROSS) DEB_MAINTAINER='$(DEB_MAINTAINER)' \
		scripts/mkdeb $(BUILD)/deb-stage $(DEB_DIR)
	@rm -rf $(BUILD)/deb-stage

# Not part of check: each mutation rebuilds and reruns its tests.
mutate: deps-check lsmbox
	@scripts/mutate $(if $(ONLY),-o $(ONLY)) $(MUTATE)

clean:
	rm -rf build lsmbox

FORCE:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
