// SPDX-License-Identifier: Apache-2.0
/* lsmbox_test.c: a kernel module that does nothing but say it was loaded,
 * for the module-signing kernel (config/kernel/modsig.config): the rig
 * signs it with imasign sign-module and the kernel, with
 * CONFIG_MODULE_SIG_FORCE, loads it only when that signature verifies.
 * (Its licence is not one the kernel knows: loading it taints the kernel,
 * which the test does not mind.) */
#include <linux/module.h>
#include <linux/init.h>

static int __init lsmbox_test_init(void)
{
	pr_info("lsmbox_test: loaded\n");
	return 0;
}

static void __exit lsmbox_test_exit(void)
{
}

module_init(lsmbox_test_init);
module_exit(lsmbox_test_exit);
MODULE_LICENSE("Apache-2.0");
MODULE_DESCRIPTION("lsmbox's module-signing test module");
