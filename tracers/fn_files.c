// SPDX-License-Identifier: GPL-2.0
/*
 * available_filter_functions (every function the function tracer can
 * trace, in address order, "name" or "name [module]") and
 * enabled_functions (those lftrace has patched now, with how many of its
 * users want each and the trampoline they go through). Top level only,
 * as in the kernel. Both list the site table a piece at a time.
 */
#include <linux/kallsyms.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "arch/x86/fentry.h"
#include "core/trace.h"
#include "tracers/function.h"


struct lft_fn_list {
	bool enabled;			/* enabled_functions */
	struct lft_site_info si;
	char name[KSYM_SYMBOL_LEN];
};

static void *lft_fn_list_at(struct seq_file *m, loff_t *pos)
{
	struct lft_fn_list *l = m->private;
	long idx = lft_sites_next(*pos, l->enabled, &l->si);

	if (idx < 0)
		return NULL;
	*pos = idx;
	return &l->si;
}

static void *lft_fn_list_start(struct seq_file *m, loff_t *pos)
{
	return lft_fn_list_at(m, pos);
}

static void *lft_fn_list_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return lft_fn_list_at(m, pos);
}

static void lft_fn_list_stop(struct seq_file *m, void *v)
{
}

static int lft_fn_list_show(struct seq_file *m, void *v)
{
	struct lft_fn_list *l = m->private;
	struct lft_site_info *si = v;

	seq_printf(m, "%s", si->name);
	if (l->enabled)
		seq_printf(m, " (%d)      \ttramp: %pS (%pS)",
			   hweight32(si->users), si->tramp,
			   lft_fentry_entry);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations lft_fn_list_ops = {
	.start = lft_fn_list_start,
	.next = lft_fn_list_next,
	.stop = lft_fn_list_stop,
	.show = lft_fn_list_show,
};

static int lft_fn_list_open(struct inode *inode, struct file *file,
			    bool enabled)
{
	struct lft_fn_list *l;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	l = __seq_open_private(file, &lft_fn_list_ops, sizeof(*l));
	if (!l) {
		lft_release(inode, file);
		return -ENOMEM;
	}
	l->enabled = enabled;
	l->si.name = l->name;
	return 0;
}

static int lft_avail_open(struct inode *inode, struct file *file)
{
	return lft_fn_list_open(inode, file, false);
}

static int lft_enabled_open(struct inode *inode, struct file *file)
{
	return lft_fn_list_open(inode, file, true);
}

static int lft_fn_list_release(struct inode *inode, struct file *file)
{
	seq_release_private(inode, file);
	return lft_release(inode, file);
}

static const struct file_operations lft_avail_fops = {
	.owner = THIS_MODULE,
	.open = lft_avail_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = lft_fn_list_release,
};

static const struct file_operations lft_enabled_fops = {
	.owner = THIS_MODULE,
	.open = lft_enabled_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = lft_fn_list_release,
};

int lft_fn_files_create(struct lft_array *tr)
{
	struct lft_file_ref *ref;

	if (tr->name)
		return 0;
	ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	if (!ref)
		return -ENOMEM;
	lft_fs_create_file("available_filter_functions", 0440, tr->dir, ref,
			   &lft_avail_fops);
	lft_fs_create_file("enabled_functions", 0440, tr->dir, ref,
			   &lft_enabled_fops);
	return 0;
}
