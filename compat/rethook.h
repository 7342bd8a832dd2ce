/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The entry half of the kernel's rethook, done inline: taking a node from
 * a rethook's pool and hooking a frame with it. rethook_try_get() and
 * rethook_hook() are two calls (and arch_rethook_prepare() a third) on
 * every hooked entry for a few loads and stores; the return half (the
 * trampoline, its handler, recycling nodes) stays the kernel's, since the
 * unwinder knows its trampoline. What is done here must match what that
 * return half expects:
 *   - the pool is the one rethook_recycle() puts nodes back in: a freelist
 *     before rethook moved onto objpool (6.7), an objpool after; both are
 *     inline in the kernel's headers, so the same code runs on both sides;
 *   - a hooked node holds the frame's return address and the stack
 *     pointer at the entry (the address of that return address), which the
 *     trampoline's handler compares with its own, and heads the task's
 *     rethooks list.
 * lft_rethook_check() tries both on a new rethook (lft_fret_start()): a
 * kernel where they do not hold is refused there, not at a return.
 */
#ifndef LFT_COMPAT_RETHOOK_H
#define LFT_COMPAT_RETHOOK_H

#include <linux/llist.h>
#include <linux/rethook.h>
#include <linux/sched.h>

#include "compat/ksyms.h"

/**
 * lft_rethook_get() - a free node of @rh's pool, as rethook_try_get()
 * @rh: the rethook
 *
 * Preemption off. NULL when @rh is stopped, RCU is not watching (its
 * nodes are freed through RCU once it stops) or the pool is empty.
 */
static __always_inline struct rethook_node *lft_rethook_get(struct rethook *rh)
{
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	struct freelist_node *fn;
#endif

	if (unlikely(!rcu_access_pointer(rh->handler)))
		return NULL;
	if (unlikely(!rcu_is_watching()))
		return NULL;
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	fn = freelist_try_get(&rh->pool);
	return fn ? container_of(fn, struct rethook_node, freelist) : NULL;
#else
	return objpool_pop(&rh->pool);
#endif
}

/**
 * lft_rethook_put() - give @rn back to @rh's pool, as rethook_recycle()
 *	does for a node while @rh runs
 * @rn: a node from lft_rethook_get(), not hooked
 * @rh: its rethook
 *
 * Preemption off.
 */
static __always_inline void lft_rethook_put(struct rethook_node *rn,
					    struct rethook *rh)
{
#ifdef LFT_HAVE_RETHOOK_ADD_NODE
	freelist_add(&rn->freelist, &rh->pool);
#else
	objpool_push(rn, &rh->pool);
#endif
}

/**
 * lft_rethook_hook() - hook the frame being entered with @rn, as
 *	rethook_hook()
 * @rn: a node from lft_rethook_get()
 * @regs: the registers at the function's entry (regs->sp points at the
 *	return address)
 *
 * The function then returns to the kernel's rethook trampoline, which
 * calls @rn's handler and returns to the saved address.
 */
static __always_inline void lft_rethook_hook(struct rethook_node *rn,
					     struct pt_regs *regs)
{
	unsigned long *ret = (unsigned long *)regs->sp;

	rn->ret_addr = *ret;
	rn->frame = regs->sp;
	*ret = (unsigned long)lft_ks.arch_rethook_trampoline;
	__llist_add(&rn->llist, &current->rethooks);
}

int lft_rethook_check(struct rethook *rh);

#endif /* LFT_COMPAT_RETHOOK_H */
