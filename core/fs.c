// SPDX-License-Identifier: GPL-2.0
/*
 * lftracefs: a filesystem of lftrace's own for its tree, with tracefs's
 * lockdown rule. In debugfs the tree was refused under integrity lockdown
 * (what Secure Boot turns on), and absent with debugfs=off; tracefs closes
 * only at confidentiality, and so does lftracefs (core/fs.h).
 *
 * One superblock, made at load by an internal mount, holds the tree; every
 * mount shows it: /sys/kernel/lftrace (the module mounts it there, as
 * systemd mounts tracefs at /sys/kernel/tracing), an automount under
 * debugfs where debugfs exists (as the kernel keeps debug/tracing), and
 * any "mount -t lftracefs nodev DIR".
 *
 * Unload must stay possible while it is mounted somewhere, as it was in
 * debugfs: a mount does not pin the module. So nothing a superblock that
 * outlives the module can reach is the module's: its type is allocated
 * (and kept when a mount is left at unload), its super, dentry and
 * directory operations are the kernel's plain ones, and unload empties
 * the tree, gives removed directories the kernel's operations back and
 * makes removed files bad inodes. A mount left behind is an empty
 * directory.
 *
 * Files: the inode's operations are an open of ours that checks lockdown
 * and that the file is still there, then hands the file to its own
 * operations (replace_fops()), so reads and writes cost nothing more.
 * What a removal waits for is kept by inode number, not in the inode: an
 * open may reach a removed inode at any later time.
 *
 * That open's operations have no owner: the kernel takes the owner's
 * reference before calling them (fops_get()), which fails once rmmod has
 * begun, and warns for each open of a file still in the tree then
 * (WARN_ON(!f->f_op) in do_dentry_open()). They live in the type, which
 * outlives the module while a mount or an open under way holds the
 * superblock; unload makes every file a bad inode and points their open
 * at the kernel's bad-inode open for whoever read them before. Whoever
 * read ours calls it right away (no sleep between), and is counted once
 * inside: an RCU Tasks grace period, no open counted, and another grace
 * period (for the last instructions after the count) and none is left in
 * our code.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/fs_context.h>
#include <linux/fsnotify.h>
#include <linux/kmemleak.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/wait_bit.h>
#include <linux/workqueue.h>
#include <linux/xarray.h>
#include <uapi/linux/magic.h>
#include <uapi/linux/mount.h>

#include "compat/kapi.h"
#include "compat/ksyms.h"
#include "core/fs.h"

/* The type, its name and files' open: outlive the module while mounted. */
struct lft_fs_type {
	struct file_system_type type;
	char name[sizeof(LFT_FS_TYPE)];
	const struct file_operations open_fops;	/* .open: lft_fs_set_open() */
};

static struct lft_fs_type *lft_fs;
static bool lft_fs_registered;
static struct vfsmount *lft_fs_mnt;
static struct dentry *lft_fs_debugfs;
static bool lft_fs_sysfs;

/* ------------------------------------------------------------ files */

/* A file's own operations, and the opens of it under way. */
struct lft_fs_file {
	const struct file_operations *fops;
	atomic_t users;		/* 1 while it is in the tree, +1 per open */
};

static DEFINE_XARRAY(lft_fs_files);	/* by inode number */
/* The kernel's open of a bad inode (-EIO): files' open after unload. */
static int (*lft_fs_bad_open)(struct inode *inode, struct file *file);
/* Calls of lft_fs_open() under way (see the top). */
static atomic_t lft_fs_opening = ATOMIC_INIT(0);
static atomic_long_t lft_fs_ino = ATOMIC_LONG_INIT(1);	/* the root's */

static int lft_fs_open_file(struct inode *inode, struct file *file)
{
	const struct file_operations *fops;
	struct lft_fs_file *lf;
	int ret = security_locked_down(LOCKDOWN_TRACEFS);

	if (ret)
		return ret;
	xa_lock(&lft_fs_files);
	lf = xa_load(&lft_fs_files, inode->i_ino);
	if (lf)
		atomic_inc(&lf->users);
	xa_unlock(&lft_fs_files);
	if (!lf)
		return -ENODEV;
	fops = fops_get(lf->fops);
	if (fops) {
		replace_fops(file, fops);
		ret = fops->open ? fops->open(inode, file) : 0;
	} else {
		ret = -ENODEV;
	}
	if (atomic_dec_and_test(&lf->users))
		wake_up_var(&lf->users);
	return ret;
}

typedef int (*lft_fs_open_t)(struct inode *inode, struct file *file);

/*
 * The files' open, in the type: allocated, so writable, and const to all
 * but this (set at load, and at unload to the kernel's bad-inode open).
 */
static void lft_fs_set_open(lft_fs_open_t open)
{
	WRITE_ONCE(*(lft_fs_open_t *)&lft_fs->open_fops.open, open);
}

static int lft_fs_open(struct inode *inode, struct file *file)
{
	int ret;

	atomic_inc(&lft_fs_opening);
	ret = lft_fs_open_file(inode, file);
	if (atomic_dec_and_test(&lft_fs_opening))
		wake_up_var(&lft_fs_opening);
	return ret;
}

/* Removal of one entry, its children gone (parent locked). */
static void lft_fs_victim(struct dentry *d)
{
	struct inode *inode = d_inode(d);
	struct lft_fs_file *lf;

	if (d_is_dir(d)) {
		/* Its mkdir/rmdir, if any, were ours. */
		inode->i_op = &simple_dir_inode_operations;
		return;
	}
	lf = xa_erase(&lft_fs_files, inode->i_ino);
	if (!lf)
		return;
	if (!atomic_dec_and_test(&lf->users))
		wait_var_event(&lf->users, !atomic_read(&lf->users));
	kfree(lf);
	/* An open that reaches it later fails in the kernel's code. */
	make_bad_inode(inode);
	if (!lft_fs_bad_open)
		lft_fs_bad_open = inode->i_fop->open;
}

/* ------------------------------------------------------------- tree */

/* The entries at the top, which unload removes (the root itself stays). */
struct lft_fs_top {
	struct list_head list;
	struct dentry *d;
};

static LIST_HEAD(lft_fs_tops);
static DEFINE_MUTEX(lft_fs_top_lock);

/**
 * lft_fs_root() - the tree's top directory
 *
 * Return: the root of lftracefs' superblock.
 */
struct dentry *lft_fs_root(void)
{
	return lft_fs_mnt->mnt_root;
}

static struct dentry *lft_fs_start(const char *name, struct dentry *parent,
				   struct lft_fs_top **top)
{
	struct dentry *d;

	*top = NULL;
	if (!lft_fs_mnt)
		return ERR_PTR(-ENODEV);
	if (!parent)
		parent = lft_fs_mnt->mnt_root;
	if (parent == lft_fs_mnt->mnt_root) {
		*top = kmalloc(sizeof(**top), GFP_KERNEL);
		if (!*top)
			return ERR_PTR(-ENOMEM);
	}
	inode_lock(d_inode(parent));
	d = lookup_one_len(name, parent, strlen(name));
	if (!IS_ERR(d) && d_really_is_positive(d)) {
		dput(d);
		d = ERR_PTR(-EEXIST);
	}
	if (IS_ERR(d)) {
		inode_unlock(d_inode(parent));
		kfree(*top);
	}
	return d;
}

static struct dentry *lft_fs_end(struct dentry *d, struct lft_fs_top *top)
{
	inode_unlock(d_inode(d->d_parent));
	if (top) {
		top->d = d;
		mutex_lock(&lft_fs_top_lock);
		list_add_tail(&top->list, &lft_fs_tops);
		mutex_unlock(&lft_fs_top_lock);
	}
	/* The lookup's reference keeps it in the tree until its removal. */
	return d;
}

static struct dentry *lft_fs_fail(struct dentry *d, struct lft_fs_top *top)
{
	inode_unlock(d_inode(d->d_parent));
	dput(d);
	kfree(top);
	return ERR_PTR(-ENOMEM);
}

static struct inode *lft_fs_inode(struct super_block *sb, umode_t mode)
{
	struct inode *inode = new_inode(sb);

	if (inode) {
		inode->i_ino = atomic_long_inc_return(&lft_fs_ino);
		inode->i_mode = mode;
		lft_inode_init_times(inode);
	}
	return inode;
}

/**
 * lft_fs_create_dir_ops() - make a directory with inode operations of its own
 * @name: its name
 * @parent: where (NULL: the top)
 * @iops: its operations (their lookup simple_lookup), NULL for the plain ones
 *
 * Return: its dentry, or an ERR_PTR (-EEXIST when the name is taken).
 */
struct dentry *lft_fs_create_dir_ops(const char *name, struct dentry *parent,
				     const struct inode_operations *iops)
{
	struct lft_fs_top *top;
	struct dentry *d = lft_fs_start(name, parent, &top);
	struct inode *inode;

	if (IS_ERR(d))
		return d;
	inode = lft_fs_inode(d->d_sb, S_IFDIR | 0755);
	if (!inode)
		return lft_fs_fail(d, top);
	inode->i_op = iops ? iops : &simple_dir_inode_operations;
	inode->i_fop = &simple_dir_operations;
	inc_nlink(inode);
	d_instantiate(d, inode);
	inc_nlink(d_inode(d->d_parent));
	fsnotify_mkdir(d_inode(d->d_parent), d);
	return lft_fs_end(d, top);
}

/**
 * lft_fs_create_dir() - make a directory
 * @name: its name
 * @parent: where (NULL: the top)
 *
 * Return: its dentry, or an ERR_PTR.
 */
struct dentry *lft_fs_create_dir(const char *name, struct dentry *parent)
{
	return lft_fs_create_dir_ops(name, parent, NULL);
}

/**
 * lft_fs_create_file() - make a file
 * @name: its name
 * @mode: its permissions
 * @parent: where (NULL: the top)
 * @data: its inode's i_private
 * @fops: its operations, which an open of it gets after lftracefs' checks
 *
 * Return: its dentry, or an ERR_PTR.
 */
struct dentry *lft_fs_create_file(const char *name, umode_t mode,
				  struct dentry *parent, void *data,
				  const struct file_operations *fops)
{
	struct lft_fs_file *lf = kmalloc(sizeof(*lf), GFP_KERNEL);
	struct lft_fs_top *top;
	struct inode *inode;
	struct dentry *d;

	if (!lf)
		return ERR_PTR(-ENOMEM);
	lf->fops = fops;
	atomic_set(&lf->users, 1);
	d = lft_fs_start(name, parent, &top);
	if (IS_ERR(d)) {
		kfree(lf);
		return d;
	}
	inode = lft_fs_inode(d->d_sb, S_IFREG | (mode & 07777));
	if (inode && xa_insert(&lft_fs_files, inode->i_ino, lf, GFP_KERNEL)) {
		iput(inode);
		inode = NULL;
	}
	if (!inode) {
		kfree(lf);
		return lft_fs_fail(d, top);
	}
	inode->i_fop = &lft_fs->open_fops;
	inode->i_private = data;
	d_instantiate(d, inode);
	fsnotify_create(d_inode(d->d_parent), d);
	return lft_fs_end(d, top);
}

/**
 * lft_fs_remove() - remove an entry and everything under it
 * @dentry: what lft_fs_create_*() returned (NULL or an ERR_PTR: nothing)
 *
 * Waits for the opens of its files that are under way; later ones fail.
 */
void lft_fs_remove(struct dentry *dentry)
{
	struct lft_fs_top *top;

	if (IS_ERR_OR_NULL(dentry))
		return;
	if (lft_fs_mnt && dentry->d_parent == lft_fs_mnt->mnt_root) {
		mutex_lock(&lft_fs_top_lock);
		list_for_each_entry(top, &lft_fs_tops, list) {
			if (top->d == dentry) {
				list_del(&top->list);
				kfree(top);
				break;
			}
		}
		mutex_unlock(&lft_fs_top_lock);
	}
	simple_recursive_removal(dentry, lft_fs_victim);
}

static void lft_fs_remove_all(void)
{
	struct lft_fs_top *top;

	for (;;) {
		mutex_lock(&lft_fs_top_lock);
		top = list_first_entry_or_null(&lft_fs_tops, struct lft_fs_top,
					       list);
		if (top)
			list_del(&top->list);
		mutex_unlock(&lft_fs_top_lock);
		if (!top)
			break;
		simple_recursive_removal(top->d, lft_fs_victim);
		kfree(top);
	}
}

/* ------------------------------------------------------ the type */

/*
 * The type's lock classes: lockdep takes keys in allocated memory only
 * once registered (a static type's are in the kernel's image).
 */
static void lft_fs_keys(struct file_system_type *t, bool add)
{
	struct lock_class_key *keys[] = {
		&t->s_lock_key, &t->s_umount_key, &t->s_vfs_rename_key,
		&t->i_lock_key, &t->i_mutex_key, &t->invalidate_lock_key,
		&t->i_mutex_dir_key,
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(keys); i++) {
		if (add)
			lockdep_register_key(keys[i]);
		else
			lockdep_unregister_key(keys[i]);
	}
	for (i = 0; i < SB_FREEZE_LEVELS; i++) {
		if (add)
			lockdep_register_key(&t->s_writers_key[i]);
		else
			lockdep_unregister_key(&t->s_writers_key[i]);
	}
}

static int lft_fs_fill_super(struct super_block *sb, struct fs_context *fc)
{
	static const struct tree_descr none[] = { { "" } };
	int ret = simple_fill_super(sb, TRACEFS_MAGIC, none);

	/* The kernel's plain operations (see the top): none of ours. */
	if (!ret)
		d_inode(sb->s_root)->i_mode = S_IFDIR | 0700;	/* tracefs' */
	return ret;
}

static int lft_fs_get_tree(struct fs_context *fc)
{
	return get_tree_single(fc, lft_fs_fill_super);
}

static const struct fs_context_operations lft_fs_context_ops = {
	.get_tree = lft_fs_get_tree,
};

static int lft_fs_init_fs_context(struct fs_context *fc)
{
	fc->ops = &lft_fs_context_ops;
	return 0;
}

/* debugfs' lftrace entry: a mount of the tree, made when looked up. */
static struct vfsmount *lft_fs_automount(struct dentry *mntpt, void *data)
{
	struct vfsmount *mnt;

	if (!try_module_get(THIS_MODULE))
		return ERR_PTR(-ENODEV);
	mnt = vfs_submount(mntpt, &lft_fs->type, LFT_FS_TYPE, NULL);
	module_put(THIS_MODULE);
	if (!IS_ERR(mnt))
		mntget(mnt);	/* finish_automount() takes one */
	return mnt;
}

/*
 * /sys/kernel/lftrace, mounted in the loader's namespace where sysfs is
 * at /sys. Not mounting it is no error: "mount -t lftracefs" still works.
 */
static int lft_fs_mount_sysfs(void)
{
	struct path path;
	int ret = sysfs_create_mount_point(kernel_kobj, LFT_FS_SYSFS);

	if (ret) {
		pr_err("cannot make /sys/kernel/%s: %d\n", LFT_FS_SYSFS, ret);
		return ret;
	}
	lft_fs_sysfs = true;
	if (!lft_ks.path_mount)
		return 0;
	if (kern_path("/sys/kernel/" LFT_FS_SYSFS, LOOKUP_DIRECTORY, &path))
		return 0;
	if (path.dentry->d_sb->s_magic == SYSFS_MAGIC) {
		ret = lft_kcall(path_mount)(LFT_FS_TYPE, &path, LFT_FS_TYPE,
					    MS_NOSUID | MS_NODEV | MS_NOEXEC |
					    MS_RELATIME, NULL);
		if (ret)
			pr_warn("cannot mount at /sys/kernel/%s: %d\n",
				LFT_FS_SYSFS, ret);
	}
	path_put(&path);
	return 0;
}

/*
 * Unmount what lftrace mounted: removing the debugfs entry and the sysfs
 * directory, and then looking the name up, detach the mounts on them in
 * every namespace (d_invalidate()). In a kernel thread, whose last
 * reference to a mount goes in a work item and not at its return to user
 * space (which would come after unload).
 */
static void lft_fs_detach(struct work_struct *work)
{
	struct path path;

	debugfs_remove(lft_fs_debugfs);
	lft_fs_debugfs = NULL;
	if (lft_fs_sysfs) {
		sysfs_remove_mount_point(kernel_kobj, LFT_FS_SYSFS);
		lft_fs_sysfs = false;
		if (!kern_path("/sys/kernel/" LFT_FS_SYSFS, 0, &path))
			path_put(&path);
	}
}

/**
 * lft_fs_init() - register lftracefs, make its tree and mount it
 * @debugfs_name: the name of its automount in debugfs' root
 *
 * Return: 0, -EEXIST when @debugfs_name is taken in debugfs, or an errno.
 */
int lft_fs_init(const char *debugfs_name)
{
	struct dentry *d;
	int ret;

	lft_fs = kzalloc(sizeof(*lft_fs), GFP_KERNEL);
	if (!lft_fs)
		return -ENOMEM;
	lft_fs_keys(&lft_fs->type, true);
	strscpy(lft_fs->name, LFT_FS_TYPE, sizeof(lft_fs->name));
	lft_fs->type.name = lft_fs->name;
	lft_fs->type.owner = THIS_MODULE;
	lft_fs->type.init_fs_context = lft_fs_init_fs_context;
	lft_fs->type.kill_sb = kill_litter_super;
	lft_fs_set_open(lft_fs_open);	/* no owner: see the top */
	ret = register_filesystem(&lft_fs->type);
	if (ret)
		goto fail;
	lft_fs_registered = true;
	lft_fs_mnt = kern_mount(&lft_fs->type);
	if (IS_ERR(lft_fs_mnt)) {
		ret = PTR_ERR(lft_fs_mnt);
		lft_fs_mnt = NULL;
		goto fail;
	}
	/*
	 * The superblock took a module reference: dropped, so that a mount
	 * does not keep lftrace loaded (see the top). Unload clears the
	 * type's owner before the superblock can go.
	 */
	module_put(THIS_MODULE);
	d = debugfs_create_automount(debugfs_name, NULL, lft_fs_automount,
				     NULL);
	if (IS_ERR(d) && PTR_ERR(d) == -EEXIST) {
		ret = -EEXIST;
		goto fail;
	}
	/* Other errors: no debugfs (debugfs=off), and no entry there. */
	lft_fs_debugfs = IS_ERR(d) ? NULL : d;
	ret = lft_fs_mount_sysfs();
	if (!ret)
		return 0;
fail:
	lft_fs_exit();
	return ret;
}

/**
 * lft_fs_exit() - empty the tree, unmount it where lftrace mounted it,
 *	unregister lftracefs
 *
 * A mount made by someone else stays, empty; so does the type it needs.
 */
void lft_fs_exit(void)
{
	struct work_struct work;
	struct super_block *sb;
	int i;

	if (lft_fs_mnt)
		lft_fs_remove_all();
	/* Every file is a bad inode now: the rest get the kernel's open. */
	lft_fs_set_open(lft_fs_bad_open);
	INIT_WORK_ONSTACK(&work, lft_fs_detach);
	schedule_work(&work);
	flush_work(&work);
	destroy_work_on_stack(&work);
	/*
	 * Opens, and automounts through debugfs (which take a module
	 * reference before they can sleep), that read our functions before:
	 * out of our code (see the top).
	 */
	synchronize_rcu_tasks();
	wait_var_event(&lft_fs_opening, !atomic_read(&lft_fs_opening));
	synchronize_rcu_tasks();
	if (lft_fs_registered)
		unregister_filesystem(&lft_fs->type);
	lft_fs_registered = false;
	if (lft_fs_mnt) {
		sb = lft_fs_mnt->mnt_sb;
		/* The mounts detached above go in a work item. */
		for (i = 0; i < 100 && atomic_read(&sb->s_active) > 1; i++)
			msleep(20);
		/* No mount can be under way: each pins the module. */
		lft_fs->type.owner = NULL;
		kern_unmount(lft_fs_mnt);
		lft_fs_mnt = NULL;
	}
	/* Was ours the last reference? Then the superblock is gone. */
	if (hlist_empty(&lft_fs->type.fs_supers)) {
		lft_fs_keys(&lft_fs->type, false);
		kfree(lft_fs);
	} else {
		pr_info("%s is still mounted elsewhere: left empty\n",
			LFT_FS_TYPE);
		kmemleak_not_leak(lft_fs);
	}
	lft_fs = NULL;
}
