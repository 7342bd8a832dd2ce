// SPDX-License-Identifier: GPL-2.0
/*
 * The snapshot buffer: a second buffer of the same shape, swapped with the
 * live one in O(1) (the array's buffer pointer changes; writers pick it up
 * with their next event, and one already under way finishes in the buffer
 * it started in). The snapshot file allocates, swaps, clears and frees it;
 * lftrace_snapshot() swaps from any context.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/rcupdate.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#include "core/trace.h"
#include "include/lftrace.h"

/* Serializes swaps (from any context) against allocation and freeing. */
static DEFINE_RAW_SPINLOCK(lft_snap_lock);

/*
 * A buffer like the array's: same sizes, clock and mode, unless it has one
 * (whose contents, a snapshot taken, stay). lft_lock held.
 */
int lft_snapshot_alloc(struct lft_array *tr)
{
	struct lft_rb *rb;
	unsigned long flags;
	int cpu, ret;

	if (tr->snap)
		return 0;
	rb = lft_rb_alloc(1, tr->flags & LFT_OPT_OVERWRITE);
	if (!rb)
		return -ENOMEM;
	/* Pages of the array's size first: then as many of them. */
	ret = lft_rb_set_order(rb, lft_rb_order(tr->rb));
	if (ret) {
		lft_rb_free(rb);
		return ret;
	}
	for_each_possible_cpu(cpu) {
		ret = lft_rb_resize(rb, tr->cpu_size[cpu], cpu);
		if (ret) {
			lft_rb_free(rb);
			return ret;
		}
	}
	ret = lft_rb_set_clock(rb, lft_rb_get_clock(tr->rb));
	if (ret) {
		lft_rb_free(rb);
		return ret;
	}
	raw_spin_lock_irqsave(&lft_snap_lock, flags);
	tr->snap = rb;
	raw_spin_unlock_irqrestore(&lft_snap_lock, flags);
	return 0;
}

/* Drop the snapshot buffer. lft_lock held. */
void lft_snapshot_free(struct lft_array *tr)
{
	struct lft_rb *rb;
	unsigned long flags;

	/* Read under the lock: a trigger may swap until it is NULL. */
	raw_spin_lock_irqsave(&lft_snap_lock, flags);
	rb = tr->snap;
	tr->snap = NULL;
	raw_spin_unlock_irqrestore(&lft_snap_lock, flags);
	if (!rb)
		return;
	/* A writer that loaded it before the last swap may still be in it. */
	synchronize_rcu();
	lft_rb_free(rb);
}

/* Swap the live and snapshot buffers (lft_snap_lock held): the old one. */
static struct lft_rb *lft_snapshot_swap_locked(struct lft_array *tr)
{
	struct lft_rb *old = NULL;

	if (tr->snap) {
		old = tr->rb;
		/* The buffer that goes live records as the array says. */
		if (lft_array_on(tr) && !tr->stop_count)
			lft_rb_record_on(tr->snap);
		else
			lft_rb_record_off(tr->snap);
		WRITE_ONCE(tr->rb, tr->snap);
		tr->snap = old;
	}
	return old;
}

/* After a swap: what the kernel's snapshot does beside it. */
static void lft_snapshot_swapped(struct lft_rb *old)
{
	/* As the kernel's snapshot does: the taker's comm is remembered. */
	lft_cmdline_record(current, false);
	/*
	 * Waiters on the old buffer look again at the new one. Deferred: the
	 * wakeup tracers swap from inside sched_switch, under the runqueue lock.
	 */
	if (old) {
		preempt_disable();
		lft_rb_wake_all_deferred(old);
		preempt_enable();
	}
}

/* Swap the live and snapshot buffers; any context. */
void lft_snapshot_swap(struct lft_array *tr)
{
	struct lft_rb *old;
	unsigned long flags;

	raw_spin_lock_irqsave(&lft_snap_lock, flags);
	old = lft_snapshot_swap_locked(tr);
	raw_spin_unlock_irqrestore(&lft_snap_lock, flags);
	lft_snapshot_swapped(old);
}

/**
 * lft_snapshot_swap_if() - swap if a condition holds, checked under the
 *	swaps' lock (the kernel's conditional snapshot, for hist actions)
 * @tr: the array
 * @cond: decides (and records why), with no other swap under way
 * @arg: for @cond
 *
 * Any context. Without a snapshot buffer, nothing is checked or swapped.
 *
 * Return: true if it swapped.
 */
bool lft_snapshot_swap_if(struct lft_array *tr, bool (*cond)(void *arg),
			  void *arg)
{
	struct lft_rb *old = NULL;
	unsigned long flags;

	raw_spin_lock_irqsave(&lft_snap_lock, flags);
	if (tr->snap && cond(arg))
		old = lft_snapshot_swap_locked(tr);
	raw_spin_unlock_irqrestore(&lft_snap_lock, flags);
	if (!old)
		return false;
	lft_snapshot_swapped(old);
	return true;
}

/**
 * lftrace_snapshot() - take a snapshot: swap the live and snapshot buffers
 *
 * Callable from any context. Without a snapshot buffer (echo 1 > snapshot
 * allocates one), it says so in the trace and turns tracing off, as
 * tracing_snapshot() does.
 */
void lftrace_snapshot(void)
{
	lft_array_snapshot(&lft_top);
}
EXPORT_SYMBOL_GPL(lftrace_snapshot);

/**
 * lft_array_snapshot() - take a snapshot of an array, from any context
 * @tr: the array
 *
 * Without a snapshot buffer, the top level says so in its trace, and
 * tracing stops, as the kernel does.
 */
void lft_array_snapshot(struct lft_array *tr)
{
	if (!READ_ONCE(tr->snap)) {
		if (tr == &lft_top) {
			lftrace_puts("*** SNAPSHOT NOT ALLOCATED ***\n");
			lftrace_puts("*** stopping trace here!   ***\n");
		}
		lft_array_set_on(tr, false);
		return;
	}
	lft_snapshot_swap(tr);
}

/* echo 0 (free), 1 (allocate and swap), anything else (clear). */
ssize_t lft_snapshot_write(struct file *file, const char __user *ubuf,
			   size_t cnt, loff_t *ppos)
{
	struct lft_file_ref *ref = file->f_inode->i_private;
	struct lft_array *tr = ref->tr;
	unsigned long val;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 10, &val);
	if (ret)
		return ret;
	mutex_lock(&lft_lock);
	/* A latency tracer owns the snapshot buffer: its max trace. */
	if (tr->tracer->print_max) {
		mutex_unlock(&lft_lock);
		return -EBUSY;
	}
	switch (val) {
	case 0:
		if (ref->cpu != LFT_RB_ALL_CPUS)
			ret = -EINVAL;
		else if (tr->iter_readers)
			ret = -EBUSY;	/* an open trace/snapshot may walk it */
		else
			lft_snapshot_free(tr);
		break;
	case 1:
		/* Swapping one CPU's buffer is not offered (as on Debian). */
		if (ref->cpu != LFT_RB_ALL_CPUS) {
			ret = -EINVAL;
			break;
		}
		ret = lft_snapshot_alloc(tr);	/* keeps one it has */
		if (!ret)
			lft_snapshot_swap(tr);
		break;
	default:
		if (tr->snap && ref->cpu == LFT_RB_ALL_CPUS)
			lft_rb_reset(tr->snap);
		else if (tr->snap)
			lft_rb_reset_cpu(tr->snap, ref->cpu);
		break;
	}
	mutex_unlock(&lft_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

bool lft_snapshot_has_data(struct lft_array *tr, struct lft_rb *rb, int cpu)
{
	if (!rb)
		return false;
	return cpu == LFT_RB_ALL_CPUS ? !lft_rb_empty(rb) :
	       !lft_rb_empty_cpu(rb, cpu);
}

/* What an empty or freed snapshot file shows. */
void lft_snapshot_help(struct lft_array *tr, struct seq_buf *s, int cpu)
{
	seq_buf_printf(s, "# tracer: %s\n#\n", tr->tracer->name);
	seq_buf_printf(s, "#\n# * Snapshot is %s *\n#\n",
		       READ_ONCE(tr->snap) ? "allocated" : "freed");
	seq_buf_printf(s, "# Snapshot commands:\n");
	if (cpu == LFT_RB_ALL_CPUS)
		seq_buf_printf(s, "%s",
			       "# echo 0 > snapshot : Clears and frees snapshot buffer\n"
			       "# echo 1 > snapshot : Allocates snapshot buffer, if not already allocated.\n"
			       "#                      Takes a snapshot of the main buffer.\n");
	else
		seq_buf_printf(s, "%s",
			       "# echo 0 > snapshot : Invalid for per_cpu snapshot file.\n"
			       "# echo 1 > snapshot : Not supported with this kernel.\n"
			       "#                     Must use main snapshot file to allocate.\n");
	seq_buf_printf(s, "%s",
		       cpu == LFT_RB_ALL_CPUS ?
		       "# echo 2 > snapshot : Clears snapshot buffer (but does not allocate or free)\n" :
		       "# echo 2 > snapshot : Clears this cpu's snapshot buffer (but does not allocate)\n");
	seq_buf_printf(s, "%s",
		       "#                      (Doesn't have to be '2' works with any number that\n"
		       "#                       is not a '0' or '1')\n");
}
