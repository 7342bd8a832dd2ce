/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's uprobe API, whose spelling changed in 6.12: there
 * uprobe_register() returns the uprobe, and unregistering is two steps
 * (the consumer off, then a wait for running handlers); before, the uprobe
 * is named by inode and offset and uprobe_unregister() waits by itself.
 * One spelling here for events/uprobe.c (compat/conftest.sh says which).
 */
#ifndef LFT_COMPAT_UPROBE_H
#define LFT_COMPAT_UPROBE_H

#include <linux/err.h>
#include <linux/fs.h>
#include <linux/uprobes.h>

/**
 * struct lft_uprobe - a consumer registered at a place in a file
 * @uc: the consumer (handler, ret_handler)
 * @inode: the file
 * @offset: the place's offset in it
 * @up: the kernel's uprobe (6.12's handle)
 */
struct lft_uprobe {
	struct uprobe_consumer uc;
	struct inode *inode;
	loff_t offset;
#ifdef LFT_HAVE_UPROBE_HANDLE
	struct uprobe *up;
#endif
};

/* Register @u->uc at @u->inode + @u->offset; 0 or a negative errno. */
static inline int lft_uprobe_register(struct lft_uprobe *u, loff_t ref_ctr)
{
#ifdef LFT_HAVE_UPROBE_HANDLE
	u->up = uprobe_register(u->inode, u->offset, ref_ctr, &u->uc);
	return PTR_ERR_OR_ZERO(u->up);
#else
	return uprobe_register_refctr(u->inode, u->offset, ref_ctr, &u->uc);
#endif
}

/* Unregister it; on return no handler of it runs. */
static inline void lft_uprobe_unregister(struct lft_uprobe *u)
{
#ifdef LFT_HAVE_UPROBE_HANDLE
	uprobe_unregister_nosync(u->up, &u->uc);
	uprobe_unregister_sync();
#else
	uprobe_unregister(u->inode, u->offset, &u->uc);
#endif
}

#endif /* LFT_COMPAT_UPROBE_H */
