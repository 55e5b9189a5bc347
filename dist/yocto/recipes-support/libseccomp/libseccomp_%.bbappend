# SPDX-License-Identifier: Apache-2.0
# lsmbox links libseccomp.a: the distribution's --disable-static
# (DISABLE_STATIC) left out, the .a goes to libseccomp-staticdev.
DISABLE_STATIC = ""
