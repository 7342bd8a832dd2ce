// SPDX-License-Identifier: GPL-2.0
/*
 * Trace arrays: a ring buffer plus the settings its files show. Like the
 * kernel, the top-level buffer starts at its minimum size and is expanded
 * to the full size when a tracer is first set or its size is written.
 */
#include <linux/hardirq.h>
#include <linux/irqflags.h>
#include <linux/security.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>

#include "compat/ksyms.h"
#include "core/trace.h"

DEFINE_MUTEX(lft_lock);
struct lft_array lft_top;

/**
 * lft_gen_ctx() - fill an entry's header for the current context
 * @ent: the entry
 * @type: its type
 *
 * Return: the flags byte (also stored in @ent).
 */
unsigned int lft_gen_ctx(struct lft_entry *ent, u16 type)
{
	return lft_gen_ctx_pc(ent, type, preempt_count());
}

/**
 * lft_gen_ctx_dec() - lft_gen_ctx() for a hook that disabled preemption
 * @ent: the entry
 * @type: its type
 *
 * The preemption depth shown is that of the traced code, as the kernel's
 * function tracer shows it.
 *
 * Return: the flags byte.
 */
unsigned int lft_gen_ctx_dec(struct lft_entry *ent, u16 type)
{
	return lft_gen_ctx_pc(ent, type, preempt_count() - 1);
}

int lft_array_init(struct lft_array *tr, struct dentry *parent)
{
	int cpu;

	INIT_LIST_HEAD(&tr->marker_copy);
	INIT_LIST_HEAD(&tr->errs);
	tr->cpu_size = kcalloc(nr_cpu_ids, sizeof(*tr->cpu_size), GFP_KERNEL);
	if (!zalloc_cpumask_var(&tr->cpumask, GFP_KERNEL)) {
		kfree(tr->cpu_size);
		return -ENOMEM;
	}
	cpumask_copy(tr->cpumask, cpu_possible_mask);
	/* Unexpanded: the smallest ring, as the kernel boots with. */
	tr->rb = lft_rb_alloc(1, true);
	if (!tr->cpu_size || !tr->rb) {
		lft_array_destroy(tr);
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu)
		tr->cpu_size[cpu] = lft_rb_size(tr->rb, cpu);
	/* Like the kernel: per-CPU clocks that drift apart do not merge. */
	if (!lft_kcall(sched_clock_stable)())
		lft_rb_set_clock(tr->rb, LFT_RB_CLOCK_GLOBAL);
	tr->tracing_on = true;
	tr->flags = LFT_OPT_DEFAULTS;
	tr->buffer_percent = 50;
	tr->tracer = &lft_nop_tracer;
	return 0;
}

void lft_array_destroy(struct lft_array *tr)
{
	/* Nothing writes into it from elsewhere any more. */
	lft_printk_array_gone(tr);
	lft_marker_array_gone(tr);
	lft_subsys_array_free(tr);
	lft_tracers_array_free(tr);
	lft_err_clear(tr);
	lft_snapshot_free(tr);
	if (tr->rb) {
		WRITE_ONCE(tr->dying, true);
		lft_rb_wake_all(tr->rb);
	}
	lft_rb_free(tr->rb);
	tr->rb = NULL;
	kfree(tr->cpu_size);
	tr->cpu_size = NULL;
	free_cpumask_var(tr->cpumask);
}

/**
 * lft_array_resize() - set the buffer size of one or all CPUs
 * @tr: the array
 * @size: bytes per CPU
 * @cpu: a CPU or LFT_RB_ALL_CPUS
 *
 * Called with lft_lock held. The buffer counts as expanded afterwards.
 * While a reader of trace or snapshot walks the buffers (which it does in
 * place), they keep their size: -EBUSY, as the kernel says.
 *
 * Return: 0 or a negative errno (nothing changed on failure).
 */
int lft_array_resize(struct lft_array *tr, unsigned long size, int cpu)
{
	int ret, c;

	if (tr->iter_readers)
		return -EBUSY;
	ret = lft_rb_resize(tr->rb, size, cpu);
	if (ret)
		return ret;
	/* The snapshot keeps the shape of the buffer it swaps with. */
	if (tr->snap && lft_rb_resize(tr->snap, size, cpu))
		lft_snapshot_free(tr);
	/* What the ring really holds (whole pages), as the kernel shows. */
	for_each_possible_cpu(c)
		if (cpu == LFT_RB_ALL_CPUS || c == cpu)
			tr->cpu_size[c] = lft_rb_size(tr->rb, c);
	tr->expanded = true;
	return 0;
}

/**
 * lft_array_set_subbuf() - change the size of the buffer's sub-buffers
 * @tr: the array (lft_lock held)
 * @order: sub-buffers of 2^@order pages (buffer_subbuf_size_kb)
 *
 * The buffer and its snapshot get sub-buffers of the new size, about as
 * many bytes as they held, and lose their events, as the kernel's. A
 * snapshot that cannot follow is dropped (as lft_array_resize() does).
 * buffer_size_kb keeps showing what was asked for, as the kernel's.
 *
 * Return: 0, -EBUSY while a reader walks the buffer, -EINVAL, -ENOMEM
 * (nothing changed).
 */
int lft_array_set_subbuf(struct lft_array *tr, unsigned int order)
{
	int ret;

	if (tr->iter_readers)
		return -EBUSY;
	ret = lft_rb_set_order(tr->rb, order);
	if (ret)
		return ret;
	if (tr->snap && lft_rb_set_order(tr->snap, order))
		lft_snapshot_free(tr);
	return 0;
}

/* Grow the buffer to its full size the first time it is needed. */
int lft_array_expand(struct lft_array *tr)
{
	if (tr->expanded)
		return 0;
	return lft_array_resize(tr, lft_buf_size, LFT_RB_ALL_CPUS);
}

/* The buffer records when tracing_on says so and no reader pauses it. */
static void lft_array_sync_record(struct lft_array *tr)
{
	if (READ_ONCE(tr->tracing_on) && !tr->stop_count)
		lft_rb_record_on(tr->rb);
	else
		lft_rb_record_off(tr->rb);
}

void lft_array_set_on(struct lft_array *tr, bool on)
{
	WRITE_ONCE(tr->tracing_on, on);
	lft_array_sync_record(tr);
}

/* pause-on-trace: readers of "trace" stop recording while open. */
void lft_array_pause(struct lft_array *tr, bool pause)
{
	mutex_lock(&lft_lock);
	WRITE_ONCE(tr->stop_count, tr->stop_count + (pause ? 1 : -1));
	lft_array_sync_record(tr);
	mutex_unlock(&lft_lock);
}

/* tracing_on */
bool lft_array_on(struct lft_array *tr)
{
	return READ_ONCE(tr->tracing_on);
}


/**
 * lft_write_switch() - a write to an on/off file: 0, or any other number
 * @ubuf: what was written
 * @cnt: its length
 * @ppos: the file position
 * @cur: the state now (read under lft_lock)
 * @set: switches it, with lft_lock held, only when it changes
 *
 * Return: @cnt, or the errno of the parse or of @set.
 */
ssize_t lft_write_switch(const char __user *ubuf, size_t cnt, loff_t *ppos,
			 const bool *cur, int (*set)(bool on))
{
	unsigned long val;
	int ret = kstrtoul_from_user(ubuf, cnt, 10, &val);

	if (ret)
		return ret;
	mutex_lock(&lft_lock);
	if (!!val != *cur)
		ret = set(val);
	mutex_unlock(&lft_lock);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

/*
 * An array's open files and its dying mark. Not lft_lock: an open must
 * learn that its array is going without waiting for the remover, which
 * holds lft_lock while lftracefs waits for the opens under way.
 */
static DEFINE_SPINLOCK(lft_open_lock);

/*
 * Every file's open: refused while the kernel is locked down for tracing,
 * as tracefs does, and while its array is being made or removed; an open
 * file holds a reference on its array (i_private starts with the array).
 * Opens call it before anything that takes lft_lock.
 */
int lft_open_check(struct inode *inode, struct file *file)
{
	int ret = security_locked_down(LOCKDOWN_TRACEFS);
	struct lft_array *tr;

	if (ret || !inode->i_private)
		return ret;
	tr = *(struct lft_array **)inode->i_private;
	spin_lock(&lft_open_lock);
	if (tr->dying)
		ret = -ENODEV;
	else
		tr->ref++;
	spin_unlock(&lft_open_lock);
	return ret;
}

/* Every file's release (after lft_open_check() succeeded). */
int lft_release(struct inode *inode, struct file *file)
{
	struct lft_array *tr;

	if (!inode->i_private)
		return 0;
	tr = *(struct lft_array **)inode->i_private;
	spin_lock(&lft_open_lock);
	tr->ref--;
	spin_unlock(&lft_open_lock);
	return 0;
}

/**
 * lft_array_retire() - mark an array dying unless a file of it is open
 * @tr: the array
 *
 * Once it returns true no open of the array's files succeeds, so its
 * files can be removed even with lft_lock held: the opens under way fail
 * without taking it.
 *
 * Return: true when marked, false when a file is open.
 */
bool lft_array_retire(struct lft_array *tr)
{
	bool ok;

	spin_lock(&lft_open_lock);
	ok = !tr->ref;
	if (ok)
		tr->dying = true;
	spin_unlock(&lft_open_lock);
	return ok;
}

/**
 * lft_array_revive() - let an array's files be opened again
 * @tr: an array marked dying while it was being made
 */
void lft_array_revive(struct lft_array *tr)
{
	spin_lock(&lft_open_lock);
	tr->dying = false;
	spin_unlock(&lft_open_lock);
}

/*
 * Sleep until the array's buffer has data for @cpu (@percent as in
 * lft_rb_wait()). Return: 0 to look again (also after a snapshot swapped
 * the buffer, which wakes waiters), -ENODEV when the array goes away,
 * -ERESTARTSYS on a signal.
 */
int lft_array_wait(struct lft_array *tr, int cpu, int percent)
{
	lft_rb_wait(READ_ONCE(tr->rb), cpu, percent);
	if (READ_ONCE(tr->dying))
		return -ENODEV;
	/*
	 * Checked even when the wait did not sleep: a reader told "there is
	 * data" that it then cannot format must still be killable, and not
	 * spin in the kernel.
	 */
	if (signal_pending(current))
		return -ERESTARTSYS;
	cond_resched();
	return 0;
}

/* Set the clock of an array's buffer and of its snapshot. lft_lock held. */
int lft_array_set_clock(struct lft_array *tr, enum lft_rb_clock clock)
{
	if (tr->snap)
		lft_rb_set_clock(tr->snap, clock);
	return lft_rb_set_clock(tr->rb, clock);
}

/*
 * Empty the buffer (one CPU, or all). Emptying all of it also restarts the
 * time latency-format output counts from, as the kernel does.
 */
void lft_array_clear(struct lft_array *tr, int cpu)
{
	if (cpu != LFT_RB_ALL_CPUS) {
		lft_rb_reset_cpu(tr->rb, cpu);
		return;
	}
	lft_rb_reset(tr->rb);
	tr->time_start = lft_rb_now(tr->rb);
}

/* "echo > trace": empty what "trace" shows (a latency tracer's max trace). */
void lft_array_clear_shown(struct lft_array *tr, int cpu)
{
	mutex_lock(&lft_lock);
	if (!tr->tracer->print_max)
		lft_array_clear(tr, cpu);
	else if (tr->snap && cpu == LFT_RB_ALL_CPUS)
		lft_rb_reset(tr->snap);
	else if (tr->snap)
		lft_rb_reset_cpu(tr->snap, cpu);
	mutex_unlock(&lft_lock);
}
