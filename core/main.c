// SPDX-License-Identifier: GPL-2.0
/*
 * lftrace module entry: resolve what we need from the kernel, then build the
 * tree under debugfs. Unload removes everything load created.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/debugfs.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/string.h>

#include "core/ksyms.h"

/*
 * Name of our directory under debugfs. Renaming it lets lftrace be tried
 * beside an existing tree, and lets tests check that nothing hard-codes it.
 */
static char *debugfs_dir = "lftrace";
module_param(debugfs_dir, charp, 0444);
MODULE_PARM_DESC(debugfs_dir, "name of the directory under debugfs (default: lftrace)");

static struct dentry *lft_root;

static bool lft_dir_name_valid(const char *name)
{
	return name && *name && !strchr(name, '/') &&
	       strcmp(name, ".") && strcmp(name, "..") &&
	       strlen(name) < NAME_MAX;
}

static int __init lft_init(void)
{
	int ret;

	if (!lft_dir_name_valid(debugfs_dir)) {
		pr_err("invalid debugfs_dir '%s'\n",
		       debugfs_dir ? debugfs_dir : "");
		return -EINVAL;
	}

	ret = lft_ksyms_init();
	if (ret)
		return ret;

	lft_root = debugfs_create_dir(debugfs_dir, NULL);
	if (IS_ERR(lft_root)) {
		ret = PTR_ERR(lft_root);
		pr_err("cannot create debugfs directory '%s': %d\n",
		       debugfs_dir, ret);
		return ret;
	}
	return 0;
}

static void __exit lft_exit(void)
{
	debugfs_remove(lft_root);
}

module_init(lft_init);
module_exit(lft_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace: ftrace reimplemented as a loadable module");
