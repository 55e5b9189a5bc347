# SPDX-License-Identifier: Apache-2.0
# lsmbox links libbz2.a: the distribution's --disable-static
# (DISABLE_STATIC) left out, the .a goes to bzip2-staticdev.
DISABLE_STATIC = ""
