# SPDX-License-Identifier: Apache-2.0
# dist/buildroot as a BR2_EXTERNAL tree: its one package.
include $(sort $(wildcard $(BR2_EXTERNAL_LSMBOX_PATH)/package/*/*.mk))
