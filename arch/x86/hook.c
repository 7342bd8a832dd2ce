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
#include <linux/static_call.h>
#include <linux/vmalloc.h>

#include "compat/kapi.h"
#include "arch/x86/internal.h"
#include "include/lft_test_export.h"

struct lft_hook_entry {
	unsigned long ip;
	unsigned long users;
};

struct lft_hook_table {
	struct rcu_head rcu;
	u8 order[LFT_FENTRY_SLOTS];	/* slots in calling order */
	unsigned int nr_order;
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

/*
 * One static call per user slot: the handler calls a user's entry point
 * directly (no retpoline), and knows the user only by its slot. A slot's
 * call is set before the slot can appear in any site's users.
 */
DEFINE_STATIC_CALL_NULL(lft_fentry_slot0, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot1, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot2, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot3, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot4, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot5, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot6, *(lft_fn_hit_t)NULL);
DEFINE_STATIC_CALL_NULL(lft_fentry_slot7, *(lft_fn_hit_t)NULL);
static_assert(LFT_FENTRY_SLOTS == 8);
/* A site's users are a bit per slot. */
static_assert(BITS_PER_TYPE(((struct lft_site *)0)->users) >= LFT_FENTRY_SLOTS);

/*
 * Three tests reach any slot: a switch compiles to a chain of compares
 * (no jump tables with retpolines) and took eleven instructions to reach
 * slot 0, the first user registered.
 */
static __always_inline void lft_hook_call(unsigned int slot, unsigned long ip,
					   unsigned long parent,
					   struct pt_regs *regs)
{
	if (slot < 4) {
		if (slot < 2) {
			if (!slot)
				static_call_cond(lft_fentry_slot0)(ip, parent, regs);
			else
				static_call_cond(lft_fentry_slot1)(ip, parent, regs);
		} else if (slot == 2) {
			static_call_cond(lft_fentry_slot2)(ip, parent, regs);
		} else {
			static_call_cond(lft_fentry_slot3)(ip, parent, regs);
		}
	} else if (slot < 6) {
		if (slot == 4)
			static_call_cond(lft_fentry_slot4)(ip, parent, regs);
		else
			static_call_cond(lft_fentry_slot5)(ip, parent, regs);
	} else if (slot == 6) {
		static_call_cond(lft_fentry_slot6)(ip, parent, regs);
	} else {
		static_call_cond(lft_fentry_slot7)(ip, parent, regs);
	}
}

/**
 * lft_hook_set_slot() - point a slot's call at a user's entry point
 * @slot: the slot
 * @hit: the entry point, or NULL (the slot calls nothing)
 *
 * Process context, with no lock of the hook's held (text is patched).
 */
void lft_hook_set_slot(int slot, lft_fn_hit_t hit)
{
	switch (slot) {
	case 0:
		static_call_update(lft_fentry_slot0, hit);
		break;
	case 1:
		static_call_update(lft_fentry_slot1, hit);
		break;
	case 2:
		static_call_update(lft_fentry_slot2, hit);
		break;
	case 3:
		static_call_update(lft_fentry_slot3, hit);
		break;
	case 4:
		static_call_update(lft_fentry_slot4, hit);
		break;
	case 5:
		static_call_update(lft_fentry_slot5, hit);
		break;
	case 6:
		static_call_update(lft_fentry_slot6, hit);
		break;
	case 7:
		static_call_update(lft_fentry_slot7, hit);
		break;
	}
}

static int lft_hook_cmp(const void *key, const void *elt)
{
	unsigned long ip = *(const unsigned long *)key;
	const struct lft_hook_entry *e = elt;

	return ip < e->ip ? -1 : ip > e->ip;
}

/* This context's counter (preemption off: the CPU stays). */
static __always_inline unsigned int *lft_guard_depth(void)
{
	unsigned int level = 0;

	/* Task context, the common case, takes one test (no level sum). */
	if (unlikely(preempt_count() & (NMI_MASK | HARDIRQ_MASK |
					SOFTIRQ_OFFSET)))
		level = interrupt_context_level();
	return &this_cpu_ptr(&lft_recursion)->depth[level];
}

/*
 * The guard's body, inlined into the entry handler (its hot path): raise
 * the context's counter @depth, or false when the context is nested too
 * deep. The entry handler keeps the address across its call; an interrupt
 * in between leaves its own context's counter as it found it.
 */
static __always_inline bool lft_guard_take(unsigned int *depth)
{
	if (unlikely(*depth >= 2)) {
		atomic_long_inc(&lft_hook_missed);
		return false;
	}
	(*depth)++;
	barrier();
	return true;
}

/**
 * lft_fentry_guard_enter() - enter the hook's per-context recursion guard
 *
 * With preemption off. The entry hook and return handlers share it, so
 * that what a handler runs is not traced or hooked in turn.
 *
 * Return: NULL (and the entry is counted as missed) when this context
 * is nested too deep already; else the context's counter, which
 * lft_fentry_guard_exit() takes, on the same CPU.
 */
unsigned int *lft_fentry_guard_enter(void)
{
	unsigned int *depth = lft_guard_depth();

	return lft_guard_take(depth) ? depth : NULL;
}

/* Every user of a site, in order (more than one user has sites). */
static noinline void lft_hook_call_all(unsigned long ip,
				       unsigned long parent_ip,
				       struct pt_regs *regs)
{
	struct lft_hook_table *t = READ_ONCE(lft_hook_table);
	struct lft_hook_entry *e;
	unsigned long users;
	unsigned int i;

	e = t ? bsearch(&ip, t->e, t->nr, sizeof(*e), lft_hook_cmp) : NULL;
	if (!e)
		return;
	users = e->users;
	for (i = 0; i < t->nr_order; i++)
		if (users & BIT(t->order[i]))
			lft_hook_call(t->order[i], ip, parent_ip, regs);
}

/*
 * Called by lft_fentry_tramp for every patched site. The guard's counter
 * address is kept across the call (about a dozen instructions fewer than
 * looking the context up again).
 */
void lft_fentry_entry(unsigned long ip, unsigned long parent_ip,
		      struct pt_regs *regs)
{
	unsigned int *depth;
	int user;

	if (unlikely(READ_ONCE(lft_hook_patcher) == current))
		return;
	preempt_disable_notrace();
	depth = lft_guard_depth();
	if (unlikely(!lft_guard_take(depth)))
		goto out;
	user = READ_ONCE(lft_hook_single);
	if (likely(user >= 0))
		lft_hook_call(user, ip, parent_ip, regs);
	else
		lft_hook_call_all(ip, parent_ip, regs);
	lft_fentry_guard_exit(depth);
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
LFT_TEST_EXPORT(lft_fentry_missed);

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
	t->nr_order = lft_slots_order(t->order);
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
		lft_call_rude(&old->rcu, lft_hook_free);
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
	lft_rude_barrier();
	kvfree(lft_hook_table);
	lft_hook_table = NULL;
	lft_hook_single = -1;
}
