# SPDX-License-Identifier: Apache-2.0
# lsmbox links libkeyutils.a: meta-oe's recipe builds it unless NO_ARLIB=1,
# which it passes; the .a goes to keyutils-staticdev, nothing else changes.
EXTRA_OEMAKE:remove = "NO_ARLIB=1"
