// SPDX-License-Identifier: GPL-2.0
/*
 * lft_testmod: kernel-side actions the e2e tests need and userspace cannot
 * do by itself. Each action is a write to a file under
 * /sys/kernel/debug/lft_testmod/.
 *
 *   warn   any write triggers a WARN(): proves the harness fails a run
 *          whose kernel log shows a warning
 */
#include <linux/debugfs.h>
#include <linux/module.h>

static struct dentry *lft_testmod_dir;

static ssize_t lft_testmod_warn_write(struct file *file, const char __user *buf,
				      size_t count, loff_t *ppos)
{
	WARN(1, "lft_testmod: warning requested by a test\n");
	return count;
}

static const struct file_operations lft_testmod_warn_fops = {
	.owner = THIS_MODULE,
	.write = lft_testmod_warn_write,
	.llseek = noop_llseek,
};

static int __init lft_testmod_init(void)
{
	lft_testmod_dir = debugfs_create_dir("lft_testmod", NULL);
	if (IS_ERR(lft_testmod_dir))
		return PTR_ERR(lft_testmod_dir);
	debugfs_create_file("warn", 0200, lft_testmod_dir, NULL,
			    &lft_testmod_warn_fops);
	return 0;
}

static void __exit lft_testmod_exit(void)
{
	debugfs_remove(lft_testmod_dir);
}

module_init(lft_testmod_init);
module_exit(lft_testmod_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace e2e test helper");
