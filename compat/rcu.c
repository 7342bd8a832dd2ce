// SPDX-License-Identifier: GPL-2.0
/*
 * Frees after an RCU-tasks-rude grace period on kernels that have only the
 * synchronous API (compat/kapi.h): callbacks are queued and a work item
 * waits for a grace period, then runs every callback queued before it
 * started waiting.
 */
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "compat/kapi.h"

#ifndef LFT_HAVE_CALL_RCU_TASKS_RUDE

static DEFINE_SPINLOCK(lft_rude_lock);
static struct rcu_head *lft_rude_head;

static void lft_rude_work_fn(struct work_struct *work)
{
	struct rcu_head *h, *next;
	unsigned long flags;

	spin_lock_irqsave(&lft_rude_lock, flags);
	h = lft_rude_head;
	lft_rude_head = NULL;
	spin_unlock_irqrestore(&lft_rude_lock, flags);
	if (!h)
		return;
	synchronize_rcu_tasks_rude();
	for (; h; h = next) {
		next = h->next;
		h->func(h);
	}
}

static DECLARE_WORK(lft_rude_work, lft_rude_work_fn);

/**
 * lft_call_rude() - call_rcu_tasks_rude(), on kernels without it
 * @head: in the object to free
 * @func: called with @head after a grace period, from a work item
 */
void lft_call_rude(struct rcu_head *head, rcu_callback_t func)
{
	unsigned long flags;

	head->func = func;
	spin_lock_irqsave(&lft_rude_lock, flags);
	head->next = lft_rude_head;
	lft_rude_head = head;
	spin_unlock_irqrestore(&lft_rude_lock, flags);
	schedule_work(&lft_rude_work);
}

/**
 * lft_rude_barrier() - rcu_barrier_tasks_rude(), on kernels without it:
 *	returns once every callback queued before it ran. Sleeps.
 */
void lft_rude_barrier(void)
{
	bool more;

	do {
		flush_work(&lft_rude_work);
		spin_lock_irq(&lft_rude_lock);
		more = lft_rude_head != NULL;
		spin_unlock_irq(&lft_rude_lock);
		if (more)
			schedule_work(&lft_rude_work);
	} while (more);
}

#endif /* !LFT_HAVE_CALL_RCU_TASKS_RUDE */
