// SPDX-License-Identifier: GPL-2.0
/*
 * The handler the trampoline calls, and its view of which users want which
 * sites.
 *
 * When one user has sites, every patched site is its (the common case: the
 * function tracer) and the handler calls it directly. When several do, the
 * handler looks the site up in a sorted table of (address, users) and calls
 * each. The table is replaced, never changed in place, and old tables are
 * freed after an RCU-tasks-rude grace period: the handler runs with
 * preemption off, also where RCU is not watching (idle, entry code).
 *
 * Recursion: a per-CPU depth per context (task, softirq, hardirq, NMI)
 * lets one nested entry through (an interrupt that arrives before its
 * context is accounted looks like recursion for a moment, as the kernel's
 * ftrace also allows for) and drops deeper ones, counting them.
 */
#include <linux/bsearch.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "arch/x86/internal.h"

struct lft_hook_entry {
	unsigned long ip;
	unsigned long users;
};

struct lft_hook_table {
	struct rcu_head rcu;
	unsigned long nr;
	struct lft_hook_entry e[];
};

static struct lft_hook_table *lft_hook_table;
static int lft_hook_single = -1;	/* the only user with sites, or -1 */

struct lft_recursion {
	unsigned int depth[4];
};

static DEFINE_PER_CPU(struct lft_recursion, lft_recursion);
static atomic_long_t lft_hook_missed;

/*
 * The task patching sites: what it runs (text_poke and the code it calls,
 * more and more of it patched as it goes) is not traced, which would only
 * record lftrace's own work and slow it down.
 */
struct task_struct *lft_hook_patcher;

/* The KUnit suite's handler, set while it has sites. */
static lft_fn_hit_t lft_hook_test_hit;

static void lft_hook_call(int user, unsigned long ip, unsigned long parent,
			  struct pt_regs *regs)
{
	switch (user) {
	case LFT_FN_FUNCTION:
		lft_function_hit(ip, parent, regs);
		break;
	case LFT_FN_STACK:
		lft_stack_hit(ip, parent, regs);
		break;
	case LFT_FN_PROBE:
		lft_probe_hit(ip, parent, regs);
		break;
	case LFT_FN_PROFILE:
		lft_profile_hit(ip, parent, regs);
		break;
	case LFT_FN_GRAPH:
		lft_graph_hit(ip, parent, regs);
		break;
	case LFT_FN_KPROBE:
		lft_kprobe_hit(ip, parent, regs);
		break;
	case LFT_FN_TEST: {
		lft_fn_hit_t hit = READ_ONCE(lft_hook_test_hit);

		if (hit)
			hit(ip, parent, regs);
		break;
	}
	}
}

static int lft_hook_cmp(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	const struct lft_hook_entry *e = elt;

	return ip < e->ip ? -1 : ip > e->ip;
}

/**
 * lft_fentry_guard_enter() - enter the hook's per-context recursion guard
 *
 * With preemption off. The entry hook and return handlers share it, so
 * that what a handler runs is not traced or hooked in turn.
 *
 * Return: false (and the entry is counted as missed) when this context
 * is nested too deep already; else true, and lft_fentry_guard_exit() must
 * follow.
 */
bool lft_fentry_guard_enter(void)
{
	unsigned int *depth;

	depth = &this_cpu_ptr(&lft_recursion)->depth[interrupt_context_level()];
	if (unlikely(*depth >= 2)) {
		atomic_long_inc(&lft_hook_missed);
		return false;
	}
	(*depth)++;
	barrier();
	return true;
}

/**
 * lft_fentry_guard_exit() - leave the guard lft_fentry_guard_enter() let in
 */
void lft_fentry_guard_exit(void)
{
	barrier();
	this_cpu_ptr(&lft_recursion)->depth[interrupt_context_level()]--;
}

/* Called by lft_fentry_tramp for every patched site. */
void lft_fentry_entry(unsigned long ip, unsigned long parent_ip,
		      struct pt_regs *regs)
{
	struct lft_hook_table *t;
	struct lft_hook_entry *e;
	int user;

	if (unlikely(READ_ONCE(lft_hook_patcher) == current))
		return;
	preempt_disable_notrace();
	if (unlikely(!lft_fentry_guard_enter()))
		goto out;
	user = READ_ONCE(lft_hook_single);
	if (likely(user >= 0)) {
		lft_hook_call(user, ip, parent_ip, regs);
	} else {
		t = READ_ONCE(lft_hook_table);
		e = t ? bsearch(&ip, t->e, t->nr, sizeof(*e), lft_hook_cmp) : NULL;
		if (e) {
			unsigned long users = e->users;

			for_each_set_bit(user, &users, LFT_FN_NR_USERS)
				lft_hook_call(user, ip, parent_ip, regs);
		}
	}
	lft_fentry_guard_exit();
out:
	preempt_enable_notrace();
}

/**
 * lft_fentry_missed() - how many entries recursion protection dropped
 *
 * Return: the count since load.
 */
unsigned long lft_fentry_missed(void)
{
	return atomic_long_read(&lft_hook_missed);
}
EXPORT_SYMBOL_GPL(lft_fentry_missed);

/**
 * lft_fentry_test_start() - call a handler at the sites it wants
 * @want: which sites (asked for every site, and for modules loaded later)
 * @hit: called at each, with preemption off, as the tracers' entry points
 *
 * For lftrace's KUnit suite: the hook's own behaviour (ip, parent,
 * recursion, patching) tested without a tracer on top. Only one handler
 * at a time.
 *
 * Return: 0, -EBUSY if a handler is set, or -ENOMEM.
 */
int lft_fentry_test_start(lft_fn_want_t want, lft_fn_hit_t hit)
{
	int ret;

	if (cmpxchg(&lft_hook_test_hit, NULL, hit))
		return -EBUSY;
	ret = lft_fentry_update(LFT_FN_TEST, want, NULL);
	if (ret)
		lft_fentry_test_stop();
	return ret;
}
EXPORT_SYMBOL_GPL(lft_fentry_test_start);

/**
 * lft_fentry_test_stop() - unhook the handler of lft_fentry_test_start()
 *
 * Returns once no CPU can be in the handler any more, so its module may go.
 */
void lft_fentry_test_stop(void)
{
	lft_fentry_update(LFT_FN_TEST, NULL, NULL);
	WRITE_ONCE(lft_hook_test_hit, NULL);
	synchronize_rcu_tasks_rude();
}
EXPORT_SYMBOL_GPL(lft_fentry_test_stop);

static void lft_hook_free(struct rcu_head *rcu)
{
	kvfree(container_of(rcu, struct lft_hook_table, rcu));
}

/**
 * lft_hook_publish() - give the handler the current users of every site
 *
 * Called with lft_sites_lock held, before and after patching: before, the
 * table must already list the sites about to be patched. A site patched
 * but no longer listed (being unpatched) calls nobody.
 *
 * Return: 0 or -ENOMEM (the old table stays).
 */
int lft_hook_publish(void)
{
	struct lft_hook_table *t, *old;
	unsigned long i, n = 0, all = 0;
	bool stale = false;
	int single = -1;

	for (i = 0; i < lft_nr_sites; i++)
		if (lft_sites[i].users)
			n++;
	t = kvmalloc(struct_size(t, e, n), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->nr = 0;
	for (i = 0; i < lft_nr_sites; i++) {
		if (!lft_sites[i].users) {
			/* Still patched, about to be released: calls nobody. */
			stale |= lft_sites[i].patched;
			continue;
		}
		t->e[t->nr].ip = lft_sites[i].ip;
		t->e[t->nr].users = lft_sites[i].users;
		all |= lft_sites[i].users;
		t->nr++;
	}
	if (hweight_long(all) == 1 && !stale)
		single = __ffs(all);
	old = lft_hook_table;
	/* The table first: a multi-user handler may look at it at once. */
	WRITE_ONCE(lft_hook_table, t);
	/* Pairs with the handler reading single, then the table. */
	smp_wmb();
	WRITE_ONCE(lft_hook_single, single);
	if (old)
		call_rcu_tasks_rude(&old->rcu, lft_hook_free);
	return 0;
}

/*
 * At unload, once no site is patched: wait for every CPU to have left the
 * trampoline and the handlers (preempted tasks too), then free the table.
 */
void lft_hook_exit(void)
{
	synchronize_rcu_tasks_rude();
	synchronize_rcu_tasks();
	rcu_barrier_tasks_rude();
	kvfree(lft_hook_table);
	lft_hook_table = NULL;
	lft_hook_single = -1;
}
