/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftracefs: the filesystem lftrace's tree lives in (core/fs.c).
 *
 * The contract for the code that builds the tree:
 * - Entries are made under a parent dentry (NULL: the tree's top) and stay
 *   until lft_fs_remove() or unload; what a file's @data points at must
 *   live until its removal returns.
 * - A file's open goes through lftracefs first: refused while the kernel
 *   is locked down for tracing (LOCKDOWN_TRACEFS, as tracefs; never
 *   debugfs' integrity-level rule), and once its removal has begun. Then
 *   the file is the caller's @fops alone: reads, writes, poll and splice
 *   cost what they would on tracefs.
 * - lft_fs_remove() waits for the opens of its files that are under way,
 *   as debugfs_remove() did: an open must not wait for what its remover
 *   holds.
 * - A directory may have inode operations of its own (mkdir/rmdir): they
 *   are the kernel's plain ones again once it is removed.
 */
#ifndef LFT_CORE_FS_H
#define LFT_CORE_FS_H

#include <linux/fs.h>

/* The filesystem's type name (mount -t lftracefs nodev DIR). */
#define LFT_FS_TYPE	"lftracefs"
/* Where the module mounts it: /sys/kernel/lftrace. */
#define LFT_FS_SYSFS	"lftrace"

int lft_fs_init(const char *debugfs_name);
void lft_fs_exit(void);
struct dentry *lft_fs_root(void);

struct dentry *lft_fs_create_dir(const char *name, struct dentry *parent);
struct dentry *lft_fs_create_dir_ops(const char *name, struct dentry *parent,
				     const struct inode_operations *iops);
struct dentry *lft_fs_create_file(const char *name, umode_t mode,
				  struct dentry *parent, void *data,
				  const struct file_operations *fops);
void lft_fs_remove(struct dentry *dentry);

#endif /* LFT_CORE_FS_H */
