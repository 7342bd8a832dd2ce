// SPDX-License-Identifier: GPL-2.0
/*
 * lftrace module entry: resolve what we need from the kernel, then build the
 * tree in lftracefs (core/fs.c). Unload removes everything load created.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/err.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/string.h>

#include "compat/kapi.h"
#include "compat/ftrace.h"
#include "compat/ksyms.h"
#include "arch/x86/fentry.h"
#include "core/trace.h"

/*
 * Name of the tree's entry in debugfs (an automount of lftracefs, kept for
 * the scripts that know the tree at /sys/kernel/debug/lftrace). Renaming
 * it lets lftrace be tried beside an existing entry, and lets tests check
 * that nothing hard-codes it.
 */
static char *debugfs_dir = "lftrace";
module_param(debugfs_dir, charp, 0444);
MODULE_PARM_DESC(debugfs_dir, "name of the tree's entry in debugfs (default: lftrace)");


/*
 * What sits above core, in the order it sets up (and the reverse, in which
 * it goes): each registers its tracers, files, options and function
 * commands with core (core/subsys.c). The function tracer's commands may
 * act on events, and its boot options may name them: events first.
 */
static struct lft_subsys *const lft_subsystems[] = {
	&lft_events_subsys,
	&lft_function_subsys,
	&lft_latency_subsys,
	&lft_hwlat_subsys,
	&lft_osnoise_subsys,
};

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
	if (!ret)
		ret = lft_ftrace_check_layout();
	if (ret)
		return ret;

	ret = lft_params_early();
	if (ret)
		return ret;
	ret = lft_stack_init();
	if (ret)
		return ret;
	ret = lft_cmdline_init();
	if (ret)
		goto out_stack;
	ret = lft_fentry_init();
	if (ret)
		goto out_cmdline;
	ret = lft_tracers_init();
	if (!ret)
		ret = lft_subsys_init(lft_subsystems, ARRAY_SIZE(lft_subsystems));
	if (ret)
		goto out_tracers;
	ret = lft_array_init(&lft_top, NULL);
	if (ret)
		goto out_tracers;
	ret = lft_fs_init(debugfs_dir);
	if (ret) {
		pr_err("cannot make the tree (debugfs entry '%s'): %d\n",
		       debugfs_dir, ret);
		goto out_array;
	}
	lft_top.dir = lft_fs_root();
	ret = lft_files_create(&lft_top);
	if (ret)
		goto out_tree;
	mutex_lock(&lft_lock);
	ret = lft_params_apply();
	mutex_unlock(&lft_lock);
	if (ret)
		goto out_params;
	/* Last: nothing can call lftrace_printk() before lftrace is live. */
	ret = lft_printk_init();
	if (ret)
		goto out_params;
	return 0;

out_params:
	lft_params_exit();
out_tree:
	lft_tracers_stop();
	lft_fs_exit();
	lft_file_refs_free();
	mutex_lock(&lft_lock);
	lft_subsys_array_free(&lft_top);
	mutex_unlock(&lft_lock);
out_array:
	mutex_lock(&lft_lock);
	lft_array_destroy(&lft_top);
	mutex_unlock(&lft_lock);
out_tracers:
	lft_tracers_exit();
	lft_taskinfo_exit();
	lft_fentry_exit();
	lft_rude_barrier();
out_cmdline:
	lft_cmdline_exit();
out_stack:
	lft_stack_exit();
	return ret;
}

/*
 * Files hold a module reference while open, so no reader or writer is
 * inside lftrace's file operations here: remove the tree, stop tracers,
 * then free the buffer.
 */
static void __exit lft_exit(void)
{
	lft_printk_exit();
	lft_params_exit();
	lft_instances_exit();
	lft_tracers_stop();
	lft_fs_exit();
	lft_file_refs_free();
	/*
	 * Events hold taskinfo references: off before taskinfo goes. Under
	 * lft_lock as an instance's teardown: nothing else can race here, but
	 * the state these free is lft_lock's (lockdep checks it).
	 */
	mutex_lock(&lft_lock);
	lft_subsys_array_free(&lft_top);
	mutex_unlock(&lft_lock);
	lft_taskinfo_exit();
	mutex_lock(&lft_lock);
	lft_array_destroy(&lft_top);
	mutex_unlock(&lft_lock);
	/* Every site unpatched, and no CPU left in the hook. */
	lft_fentry_exit();
	lft_tracers_exit();
	/* Deferred frees (old filter sets, hook tables) are ours to run. */
	lft_rude_barrier();
	lft_cmdline_exit();
	lft_stack_exit();
}

module_init(lft_init);
module_exit(lft_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace: ftrace reimplemented as a loadable module");
MODULE_VERSION(LFT_VERSION);
