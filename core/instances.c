// SPDX-License-Identifier: GPL-2.0
/*
 * instances/: "mkdir instances/foo" creates a trace array of its own
 * (buffer, options, tracer, files), "rmdir" removes it (EBUSY while any of
 * its files is open). The instances directory has inode operations of
 * ours. Like tracefs, they drop the directory locks while creating or
 * removing the files (lftracefs takes them itself); lft_lock serializes
 * the rest.
 *
 * lft_fs_remove() waits for the opens under way in the
 * files it removes, and those may be waiting for lft_lock, which rmdir
 * holds. So an instance is removed only when none of its files is open,
 * and it is marked dying first: lft_open_check() looks at that without
 * lft_lock, and every open of its files calls it before taking lft_lock,
 * so opens under way fail (ENODEV) instead of waiting. The same holds
 * while mkdir builds the tree: its files cannot be opened before it is
 * complete.
 *
 * An instance's struct stays allocated until unload (its buffer does not):
 * a file being opened just as the instance goes may still look at it.
 */
#include <linux/fs.h>
#include <linux/namei.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat/kapi.h"
#include "core/trace.h"

static LIST_HEAD(lft_instances);
static struct dentry *lft_instances_dir;

static struct lft_array *lft_instance_find(const char *name)
{
	struct lft_array *tr;

	list_for_each_entry(tr, &lft_instances, list)
		if (!strcmp(tr->name, name))
			return tr;
	return NULL;
}

static int lft_instance_new(const char *name)
{
	struct lft_array *tr;
	char *n;
	int ret;

	mutex_lock(&lft_lock);
	ret = -EEXIST;
	if (lft_instance_find(name))
		goto out;
	ret = -ENOMEM;
	tr = lft_kzalloc_kept(sizeof(*tr));
	n = lft_kzalloc_kept(strlen(name) + 1);
	if (!tr || !n)
		goto out;
	strcpy(n, name);
	tr->name = n;
	ret = lft_array_init(tr, NULL);
	if (ret)
		goto out;
	tr->dying = true;
	/*
	 * As the kernel: the top level's options (but the forks followed,
	 * lftrace_printk's destination, the markers' copies) and clock; full
	 * size once the top level's buffer has been expanded.
	 */
	tr->flags = lft_top.flags & ~LFT_OPT_ZEROED;
	lft_rb_set_overwrite(tr->rb, tr->flags & LFT_OPT_OVERWRITE);
	lft_array_set_clock(tr, lft_rb_get_clock(lft_top.rb));
	ret = lft_top.expanded ? lft_array_expand(tr) : 0;
	if (ret)
		goto out_destroy;
	tr->dir = lft_fs_create_dir(name, lft_instances_dir);
	if (IS_ERR(tr->dir)) {
		ret = PTR_ERR(tr->dir);
		goto out_destroy;
	}
	ret = lft_files_create(tr);
	if (ret) {
		lft_fs_remove(tr->dir);
		goto out_destroy;
	}
	list_add(&tr->list, &lft_instances);
	lft_array_revive(tr);
	mutex_unlock(&lft_lock);
	return 0;

out_destroy:
	lft_array_destroy(tr);
out:
	mutex_unlock(&lft_lock);
	return ret;
}

/*
 * Tear down an instance that is off the list, dying, with no file open.
 * lft_lock held.
 */
static void lft_instance_destroy(struct lft_array *tr)
{
	if (tr->tracer->reset)
		tr->tracer->reset(tr);
	tr->tracer = &lft_nop_tracer;
	lft_fs_remove(tr->dir);
	lft_array_destroy(tr);
}

static int lft_instance_rm(const char *name)
{
	struct lft_array *tr;
	int ret = 0;

	mutex_lock(&lft_lock);
	tr = lft_instance_find(name);
	if (!tr)
		ret = -ENODEV;
	else if (!lft_array_retire(tr))
		ret = -EBUSY;
	if (!ret) {
		list_del(&tr->list);
		lft_instance_destroy(tr);
	}
	mutex_unlock(&lft_lock);
	return ret;
}

static LFT_MKDIR_OP(lft_instances_mkdir)
{
	char *name = kstrdup(dentry->d_name.name, GFP_KERNEL);
	int ret;

	if (!name)
		return -ENOMEM;
	/* lftracefs locks the directory itself to create the files. */
	inode_unlock(dir);
	ret = lft_instance_new(name);
	inode_lock(dir);
	kfree(name);
	return ret;
}

static int lft_instances_rmdir(struct inode *dir, struct dentry *dentry)
{
	char *name = kstrdup(dentry->d_name.name, GFP_KERNEL);
	int ret;

	if (!name)
		return -ENOMEM;
	inode_unlock(dir);
	inode_unlock(d_inode(dentry));
	ret = lft_instance_rm(name);
	inode_lock_nested(dir, I_MUTEX_PARENT);
	inode_lock(d_inode(dentry));
	kfree(name);
	return ret;
}

static const struct inode_operations lft_instances_iops = {
	.lookup = simple_lookup,
	.mkdir = lft_instances_mkdir,
	.rmdir = lft_instances_rmdir,
};

int lft_instances_create(struct dentry *parent)
{
	lft_instances_dir = lft_fs_create_dir_ops("instances", parent,
						  &lft_instances_iops);
	return PTR_ERR_OR_ZERO(lft_instances_dir);
}

/**
 * lft_arrays_for_each() - call @fn for the top level and every instance
 * @fn: the function
 * @data: passed to it
 *
 * Called with lft_lock held.
 */
void lft_arrays_for_each(void (*fn)(struct lft_array *tr, void *data),
			 void *data)
{
	struct lft_array *tr;

	fn(&lft_top, data);
	list_for_each_entry(tr, &lft_instances, list)
		fn(tr, data);
}

/* At unload: no file is open (each holds a module reference). */
void lft_instances_exit(void)
{
	struct lft_array *tr, *tmp;

	mutex_lock(&lft_lock);
	list_for_each_entry_safe(tr, tmp, &lft_instances, list) {
		lft_array_retire(tr);
		list_del(&tr->list);
		lft_instance_destroy(tr);
	}
	mutex_unlock(&lft_lock);
}
