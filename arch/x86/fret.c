// SPDX-License-Identifier: GPL-2.0
/*
 * Function returns through the kernel's rethook.
 *
 * The return address of a hooked function is swapped for the kernel's own
 * rethook trampoline, which the ORC unwinder knows: stack traces, perf
 * callchains and livepatch's reliable unwinding stay correct while frames
 * are hooked, and a task asleep in a hooked function when lftrace goes away
 * returns through kernel text (the handler is gone, so its node is simply
 * freed). A private return trampoline had neither property.
 *
 * The per-task shadow stack is rethook's list (task->rethooks): a frame's
 * depth is one more than that of the nearest frame hooked by lftrace's
 * current rethook. Nodes come from a fixed pool allocated when the first
 * user starts; an empty pool (or a context where RCU is not watching) is
 * counted as a miss and the frame is simply not hooked.
 */
#include <linux/mutex.h>
#include <linux/module.h>
#include <linux/rethook.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include <asm/ibt.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "compat/kapi.h"
#include "compat/ksyms.h"
#include "compat/rethook.h"
#include "include/lft_test_export.h"

struct lft_fret_node {
	struct rethook_node node;	/* first: the kernel frees nodes */
	lft_fret_fn_t fn;
	unsigned long func;
	u64 calltime;
	u64 out_at;		/* top frame: when its task was switched out */
	u64 subtime;		/* time of returned children (graph-time) */
	int depth;
	unsigned long data[LFT_FRET_DATA];	/* lft_fret_hook_save()'s */
};

/* The data of the node whose return function runs on this CPU. */
static DEFINE_PER_CPU(const unsigned long *, lft_fret_cur);

static struct rethook *lft_fret_rh;	/* READ_ONCE in the hooks */
static DEFINE_MUTEX(lft_fret_lock);
static int lft_fret_users;
static atomic_long_t lft_fret_misses;

/*
 * Traceable functions that the kernel's rethook calls on its return path,
 * outside any handler and so outside the hook's recursion guard: with
 * CONFIG_PROVE_RCU, rethook_get_handler()'s rcu_dereference_check()
 * calls rcu_read_lock_any_held(), which calls
 * rcu_lockdep_current_cpu_online(), in rethook_trampoline_handler() and
 * rethook_recycle(). A hooked return of either runs the trampoline,
 * which calls them again, and their returns are hooked again (a task
 * with hooked frames hooks every call under them): the trampoline
 * recursed until it overflowed the stack (106 nested trampolines on the
 * sanitize kernel's 32 KiB task stack, KASAN writes past its end). Their
 * returns are never hooked; kernels without them (PROVE_RCU off) have
 * nothing to deny (compat/ksyms.c resolves both as optional entries).
 */
static bool lft_fret_denied(unsigned long func)
{
	unsigned long a = (unsigned long)lft_ks.rcu_read_lock_any_held;
	unsigned long b = (unsigned long)lft_ks.rcu_lockdep_current_cpu_online;

	/* The site follows the function's ENDBR, if it has one. */
	return (a && func - a <= ENDBR_INSN_SIZE) ||
	       (b && func - b <= ENDBR_INSN_SIZE);
}

static LFT_RETHOOK_HANDLER(lft_fret_handler)
{
	struct lft_fret_node *n = container_of(rn, struct lft_fret_node, node);
	/* What the return function runs must not hook returns in turn. */
	unsigned int *depth = lft_fentry_guard_enter();
	const unsigned long *prev;

	if (!depth)
		return;
	/* An NMI's return function may run inside this one's. */
	prev = this_cpu_read(lft_fret_cur);
	this_cpu_write(lft_fret_cur, n->data);
	n->fn(n->func, n->depth, n->calltime, regs);
	this_cpu_write(lft_fret_cur, prev);
	lft_fentry_guard_exit(depth);
}

/**
 * lft_fret_data() - in a return function, what the entry saved
 *
 * Return: the LFT_FRET_DATA words lft_fret_hook_save() saved for the
 * returning frame (undefined for a frame hooked otherwise), or NULL
 * outside a return function.
 */
const unsigned long *lft_fret_data(void)
{
	return this_cpu_read(lft_fret_cur);
}

/*
 * The newest node from @p on that @rh hooked with return function @fn
 * (any, if NULL). Nodes of other rethooks (kretprobes) are skipped, and
 * so are other users': each user (function_graph, the profiler) counts
 * depths and children over its own frames only.
 */
static struct lft_fret_node *lft_fret_next(struct rethook *rh,
					   struct llist_node *p,
					   lft_fret_fn_t fn)
{
	for (; p; p = READ_ONCE(p->next)) {
		struct rethook_node *rn = container_of(p, struct rethook_node,
						       llist);
		struct lft_fret_node *n;

		if (rn->rethook != rh)
			continue;
		n = container_of(rn, struct lft_fret_node, node);
		if (!fn || n->fn == fn)
			return n;
	}
	return NULL;
}

/**
 * lft_fret_depth() - how many frames of the current task are hooked with
 *	@fn
 * @fn: the return function
 *
 * Return: the depth a frame hooked now with @fn would get.
 */
int lft_fret_depth(lft_fret_fn_t fn)
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);
	struct lft_fret_node *n;

	if (!rh)
		return 0;
	n = lft_fret_next(rh, READ_ONCE(current->rethooks.first), fn);
	return n ? n->depth + 1 : 0;
}
LFT_TEST_EXPORT(lft_fret_depth);

/**
 * lft_fret_under() - is a frame of the current task hooked with @fn?
 * @fn: the return function
 *
 * Return: true if one of the task's hooked frames will call @fn.
 */
bool lft_fret_under(lft_fret_fn_t fn)
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);

	return rh && lft_fret_next(rh, READ_ONCE(current->rethooks.first), fn);
}

/**
 * lft_fret_hook_at() - call @fn when the function being entered returns
 * @regs: the registers at the function's entry, as the fentry hook has them
 *	(regs->sp points at the return address)
 * @func: the function (passed back to @fn)
 * @calltime: passed back to @fn
 * @fn: what to call at the return
 * @depth: what lft_fret_depth(@fn) returned just now, in this same call of
 *	the entry hook (a caller that needed it already saves a second walk)
 *
 * Called from a fentry hook user, with preemption off.
 *
 * Return: the frame's depth (@depth), or -ENODEV (not started), -EPERM
 * (@func is called by rethook's own return path) or -ENOSPC (no node now:
 * counted as a miss).
 */
int lft_fret_hook_at(struct pt_regs *regs, unsigned long func, u64 calltime,
		     lft_fret_fn_t fn, int depth)
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);
	struct rethook_node *rn;
	struct lft_fret_node *n;

	if (!rh)
		return -ENODEV;
	if (unlikely(lft_fret_denied(func)))
		return -EPERM;
	rn = lft_rethook_get(rh);
	if (!rn) {
		atomic_long_inc(&lft_fret_misses);
		return -ENOSPC;
	}
	n = container_of(rn, struct lft_fret_node, node);
	n->fn = fn;
	n->func = func;
	n->calltime = calltime;
	n->out_at = 0;
	n->subtime = 0;
	n->depth = depth;
	lft_rethook_hook(rn, regs);
	return depth;
}

/**
 * lft_fret_hook() - lft_fret_hook_at() at the current depth
 * @regs: as for lft_fret_hook_at()
 * @func: passed back to @fn
 * @calltime: passed back to @fn
 * @fn: what to call at the return
 *
 * Return: as lft_fret_hook_at().
 */
int lft_fret_hook(struct pt_regs *regs, unsigned long func, u64 calltime,
		  lft_fret_fn_t fn)
{
	return lft_fret_hook_at(regs, func, calltime, fn, lft_fret_depth(fn));
}
LFT_TEST_EXPORT(lft_fret_hook);

/**
 * lft_fret_hook_save() - lft_fret_hook(), saving words for the return
 * @regs: as for lft_fret_hook_at()
 * @func: passed back to @fn
 * @fn: what to call at the return; lft_fret_data() gives it @data
 * @data: up to LFT_FRET_DATA words (a function's arguments, say)
 * @n: how many
 *
 * Return: as lft_fret_hook_at().
 */
int lft_fret_hook_save(struct pt_regs *regs, unsigned long func,
		       lft_fret_fn_t fn, const unsigned long *data,
		       unsigned int n)
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);
	struct lft_fret_node *node;
	struct rethook_node *rn;

	if (!rh)
		return -ENODEV;
	if (unlikely(lft_fret_denied(func)))
		return -EPERM;
	rn = lft_rethook_get(rh);
	if (!rn) {
		atomic_long_inc(&lft_fret_misses);
		return -ENOSPC;
	}
	node = container_of(rn, struct lft_fret_node, node);
	node->fn = fn;
	node->func = func;
	node->calltime = 0;
	node->out_at = 0;
	node->subtime = 0;
	node->depth = 0;
	n = min_t(unsigned int, n, LFT_FRET_DATA);
	memcpy(node->data, data, n * sizeof(*data));
	memset(node->data + n, 0, (LFT_FRET_DATA - n) * sizeof(*data));
	lft_rethook_hook(rn, regs);
	return 0;
}

/**
 * lft_fret_child_time() - pass a returning frame's time to its parent
 * @fn: the return function running (the caller)
 * @duration: the returning frame's time
 *
 * Called from a return function. Adds @duration to what the nearest frame
 * below the returning one hooked with @fn has spent in children.
 *
 * Return: what the returning frame's own children reported.
 */
u64 lft_fret_child_time(lft_fret_fn_t fn, u64 duration)
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);
	struct lft_fret_node *n, *parent;

	if (!rh)
		return 0;
	/*
	 * Until every return function ran, the frame is still listed, and
	 * newer frames are gone: the first node of @fn is the returning one.
	 */
	n = lft_fret_next(rh, READ_ONCE(current->rethooks.first), fn);
	if (!n)
		return 0;
	parent = lft_fret_next(rh, READ_ONCE(n->node.llist.next), fn);
	if (parent)
		parent->subtime += duration;
	return n->subtime;
}
LFT_TEST_EXPORT(lft_fret_child_time);

/**
 * lft_fret_sched_switch() - keep the time a task spends switched out from
 *	its hooked frames' durations
 * @prev: the task switched out (current)
 * @next: the task switched in
 * @now: the time, on the clock of the frames' calltimes
 * @left_out: which frames leave that time out, by their return function
 *	(called with preemption off), or NULL for all
 *
 * Called from the sched_switch tracepoint: @prev's newest frame notes
 * when it left; @next's frames (those @left_out picks) have their call
 * times moved forward by the time it was away. Neither task's list of
 * frames can change now.
 */
void lft_fret_sched_switch(struct task_struct *prev, struct task_struct *next,
			   u64 now, bool (*left_out)(lft_fret_fn_t fn))
{
	struct rethook *rh = READ_ONCE(lft_fret_rh);
	struct lft_fret_node *n;
	u64 away;

	if (!rh)
		return;
	n = lft_fret_next(rh, READ_ONCE(prev->rethooks.first), NULL);
	if (n)
		n->out_at = now;
	n = lft_fret_next(rh, READ_ONCE(next->rethooks.first), NULL);
	if (!n || !n->out_at)
		return;
	away = now - n->out_at;
	n->out_at = 0;
	for (; n; n = lft_fret_next(rh, READ_ONCE(n->node.llist.next), NULL))
		if (!left_out || left_out(n->fn))
			n->calltime += away;
}
LFT_TEST_EXPORT(lft_fret_sched_switch);

/**
 * lft_fret_missed() - frames not hooked for want of a node
 *
 * Return: the count since load.
 */
unsigned long lft_fret_missed(void)
{
	return atomic_long_read(&lft_fret_misses);
}
LFT_TEST_EXPORT(lft_fret_missed);

/**
 * lft_fret_start() - make return hooking available (one more user)
 * @nodes: the pool's size, if this is the first user: the most frames
 *	hooked at once, over all tasks (sleeping ones keep theirs)
 *
 * Return: 0, or -ENOMEM.
 */
int lft_fret_start(unsigned int nodes)
{
	struct rethook *rh;

	mutex_lock(&lft_fret_lock);
	if (lft_fret_users) {
		lft_fret_users++;
		mutex_unlock(&lft_fret_lock);
		return 0;
	}
	rh = lft_rethook_create(lft_fret_handler, sizeof(struct lft_fret_node),
				nodes);
	if (!rh) {
		mutex_unlock(&lft_fret_lock);
		return -ENOMEM;
	}
	if (lft_rethook_check(rh)) {
		lft_kcall(rethook_free)(rh);
		mutex_unlock(&lft_fret_lock);
		return -ENODEV;
	}
	lft_fret_users = 1;
	WRITE_ONCE(lft_fret_rh, rh);
	mutex_unlock(&lft_fret_lock);
	return 0;
}
LFT_TEST_EXPORT(lft_fret_start);

/**
 * lft_fret_stop() - one user fewer; the last one stops return hooking
 *
 * Frames still hooked return normally; their functions are no longer
 * called. Returns once no CPU can be hooking a frame or running a
 * return function.
 */
void lft_fret_stop(void)
{
	struct rethook *rh;

	mutex_lock(&lft_fret_lock);
	if (WARN_ON_ONCE(!lft_fret_users) || --lft_fret_users) {
		mutex_unlock(&lft_fret_lock);
		return;
	}
	rh = lft_fret_rh;
	WRITE_ONCE(lft_fret_rh, NULL);
	lft_kcall(rethook_stop)(rh);
	/* Hooks run with preemption off, also where RCU is not watching. */
	synchronize_rcu_tasks_rude();
	/* Return handlers run with preemption off. */
	synchronize_rcu();
	lft_kcall(rethook_free)(rh);
	mutex_unlock(&lft_fret_lock);
}
LFT_TEST_EXPORT(lft_fret_stop);
