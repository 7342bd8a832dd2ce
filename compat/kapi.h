/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Kernel APIs whose spelling differs between the kernels lftrace builds
 * for, one spelling each, chosen from the headers at build time
 * (compat/conftest.sh's LFT_HAVE_* flags). Code elsewhere uses these and
 * never tests a kernel version.
 */
#ifndef LFT_COMPAT_KAPI_H
#define LFT_COMPAT_KAPI_H

#include <linux/fs.h>
#include <linux/rcupdate.h>
#include <linux/rethook.h>
#include <linux/slab.h>

#ifdef LFT_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

/*
 * Frees after an RCU-tasks-rude grace period: what lftrace's hooks read
 * with preemption off, from anywhere fentry is (idle and entry code
 * included). Kernels without the asynchronous API get compat/rcu.c's.
 */
#ifdef LFT_HAVE_CALL_RCU_TASKS_RUDE
static inline void lft_call_rude(struct rcu_head *head, rcu_callback_t func)
{
	call_rcu_tasks_rude(head, func);
}

static inline void lft_rude_barrier(void)
{
	rcu_barrier_tasks_rude();
}
#else
void lft_call_rude(struct rcu_head *head, rcu_callback_t func);
void lft_rude_barrier(void);
#endif

/*
 * A local the compiler must not zero (CONFIG_INIT_STACK_ALL_ZERO) because
 * the code sets what it reads: kernels whose compiler or headers lack the
 * attribute zero it, as any local.
 */
#ifndef __uninitialized
#define __uninitialized
#endif

/* A file that cannot seek. */
#ifdef LFT_HAVE_NO_LLSEEK
#define LFT_NO_LLSEEK	no_llseek
#else
#define LFT_NO_LLSEEK	NULL
#endif

/*
 * An inode_operations mkdir: LFT_MKDIR_OP(name) declares one. Later
 * kernels give it a struct mnt_idmap first; lftrace's does not use it.
 */
#ifdef LFT_HAVE_MNT_IDMAP
#define LFT_MKDIR_OP(name)						\
	int name(struct mnt_idmap *map, struct inode *dir,		\
		 struct dentry *dentry, umode_t mode)
#else
#define LFT_MKDIR_OP(name)						\
	int name(struct user_namespace *map, struct inode *dir,	\
		 struct dentry *dentry, umode_t mode)
#endif

/*
 * A new inode's times, all now: one call since 6.7 (the fields became
 * accessors), three fields before.
 */
static inline void lft_inode_init_times(struct inode *inode)
{
#ifdef LFT_HAVE_SIMPLE_INODE_INIT_TS
	simple_inode_init_ts(inode);
#else
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
#endif
}

static inline void *lft_kvrealloc(void *p, size_t oldsize, size_t newsize,
				  gfp_t gfp)
{
#ifdef LFT_HAVE_KVREALLOC_OLDSIZE
	return kvrealloc(p, oldsize, newsize, gfp);
#else
	return kvrealloc(p, newsize, gfp);
#endif
}

/*
 * A rethook handler's parameters: later kernels pass the return address
 * too. LFT_RETHOOK_HANDLER(name) declares one; lftrace's handlers do not
 * use the address.
 */
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
#define LFT_RETHOOK_HANDLER(name)					\
	void name(struct rethook_node *rn, void *data, struct pt_regs *regs)
#else
#define LFT_RETHOOK_HANDLER(name)					\
	void name(struct rethook_node *rn, void *data,			\
		  unsigned long ret_addr, struct pt_regs *regs)
#endif

/*
 * The flags of an ftrace record that only say what happened to the site
 * before (6.4+): a site the kernel traced once and let go is free again.
 */
#ifdef LFT_HAVE_FTRACE_FL_TOUCHED
#define LFT_FTRACE_FL_HISTORY	(FTRACE_FL_TOUCHED | FTRACE_FL_MODIFIED)
#else
#define LFT_FTRACE_FL_HISTORY	0
#endif

#endif /* LFT_COMPAT_KAPI_H */
