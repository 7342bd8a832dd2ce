// SPDX-License-Identifier: GPL-2.0
/*
 * The stack tracer: on every traced function's entry, how deep is the
 * task's stack? The deepest stack seen is kept with the size of each
 * frame, as the kernel's stack tracer does:
 *
 *   stack_tracer_enabled  1 starts it (the kernel's switch is the sysctl
 *                         /proc/sys/kernel/stack_tracer_enabled, not ours)
 *   stack_max_size        the deepest stack in bytes; "echo 0" resets it
 *   stack_trace           that stack, one line per frame: depth at the
 *                         frame, the frame's size, the function
 *   stack_trace_filter    which functions to check (set_ftrace_filter's
 *                         grammar; empty: all)
 *
 * Depths are measured where the function was entered: from the return
 * address the fentry call pushed up to the top of the task's stack.
 * Interrupt stacks are not followed (as in the kernel), nor NMIs.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/ptrace.h>
#include <linux/rcupdate.h>
#include <linux/sched/task_stack.h>
#include <linux/seq_file.h>
#include <linux/stacktrace.h>

#include "arch/x86/fentry.h"
#include "core/trace.h"
#include "tracers/fn_array.h"
#include "tracers/fn_filter.h"
#include "tracers/stack_tracer.h"

#define LFT_STACK_ENTRIES	64

static DEFINE_RAW_SPINLOCK(lft_stk_lock);
static unsigned long lft_stk_max;		/* bytes */
static unsigned long lft_stk_dump[LFT_STACK_ENTRIES];
static unsigned int lft_stk_index[LFT_STACK_ENTRIES];
static unsigned int lft_stk_nr;
static bool lft_stk_enabled;			/* under lft_lock */
static struct lft_fn_filter lft_stk_filter;
/* Set while a CPU is in the tracer: what it calls must not come back in. */
static DEFINE_PER_CPU(int, lft_stk_busy);

/* A new deepest stack: record its frames and their depths. */
static void lft_stack_check(unsigned long ip, unsigned long *slot)
{
	unsigned long size, flags, *p, *top, *start;
	unsigned int i, x, n;

	top = (unsigned long *)(((unsigned long)slot & ~(THREAD_SIZE - 1)) +
				THREAD_SIZE);
	size = (top - slot) * sizeof(long);
	if (size <= READ_ONCE(lft_stk_max))
		return;
	if (!object_is_on_stack(slot) || in_nmi() || !rcu_is_watching())
		return;
	raw_spin_lock_irqsave(&lft_stk_lock, flags);
	if (size <= lft_stk_max)
		goto out;
	WRITE_ONCE(lft_stk_max, size);
	n = stack_trace_save(lft_stk_dump, ARRAY_SIZE(lft_stk_dump), 0);
	/* Leave out the tracer's own frames: start at the function. */
	for (i = 0; i < n && lft_stk_dump[i] != ip; i++)
		;
	if (i == n)
		i = 0;
	/* Find each return address on the stack; its depth is its slot's. */
	x = 0;
	start = slot;
	while (i < n) {
		bool found = false;

		lft_stk_index[x] = size;
		for (p = start; p < top && i < n; p++) {
			if (READ_ONCE_NOCHECK(*p) != lft_stk_dump[i])
				continue;
			lft_stk_dump[x] = lft_stk_dump[i++];
			size = lft_stk_index[x++] = (top - p) * sizeof(long);
			found = true;
			start = p + 1;
		}
		if (!found)
			i++;
	}
	lft_stk_nr = x;
out:
	raw_spin_unlock_irqrestore(&lft_stk_lock, flags);
}

/* The hook's entry point: preemption is off. */
static void lft_stack_hit(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs)
{
	if (this_cpu_inc_return(lft_stk_busy) == 1)
		/* The slot of the return address into the function (ip + 5). */
		lft_stack_check(ip + MCOUNT_INSN_SIZE,
				(unsigned long *)(regs->sp - sizeof(long)));
	this_cpu_dec(lft_stk_busy);
}

static struct lft_fentry_ops lft_stack_fentry = {
	.hit = lft_stack_hit,
	.order = 10,
};

static bool lft_stack_want(unsigned long ip, void *data)
{
	return lft_fn_filter_empty(&lft_stk_filter) ||
	       lft_fn_filter_has(&lft_stk_filter, ip);
}

/* Start or stop (lft_lock held). */
static int lft_stack_set(bool on)
{
	int ret = lft_fentry_update(&lft_stack_fentry, on ? lft_stack_want : NULL,
				    NULL);

	if (!ret)
		lft_stk_enabled = on;
	return ret;
}

static int lft_stack_filter_changed(struct lft_fn_filter *f)
{
	return lft_stk_enabled ? lft_stack_set(true) : 0;
}

/* ---------------------------------------------------------------- files */

static void *lft_stk_start(struct seq_file *m, loff_t *pos)
	__acquires(&lft_stk_lock)
{
	/* The CPU reading must not take the lock again from the hook. */
	preempt_disable();
	this_cpu_inc(lft_stk_busy);
	local_irq_disable();
	raw_spin_lock(&lft_stk_lock);
	if (!*pos)
		return SEQ_START_TOKEN;
	return *pos - 1 < lft_stk_nr ? &lft_stk_dump[*pos - 1] : NULL;
}

static void *lft_stk_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return *pos - 1 < lft_stk_nr ? &lft_stk_dump[*pos - 1] : NULL;
}

static void lft_stk_stop(struct seq_file *m, void *v)
	__releases(&lft_stk_lock)
{
	raw_spin_unlock(&lft_stk_lock);
	local_irq_enable();
	this_cpu_dec(lft_stk_busy);
	preempt_enable();
}

static int lft_stk_show(struct seq_file *m, void *v)
{
	long i;
	unsigned int size;

	if (v == SEQ_START_TOKEN) {
		seq_printf(m, "        Depth    Size   Location    (%u entries)\n"
			   "        -----    ----   --------\n", lft_stk_nr);
		if (!READ_ONCE(lft_stk_enabled) && !lft_stk_max)
			seq_puts(m, "#\n"
				 "#  Stack tracer disabled\n"
				 "#\n"
				 "# To enable it, echo 1 > stack_tracer_enabled, or load\n"
				 "# lftrace with stacktrace=1\n"
				 "#\n");
		return 0;
	}
	i = (unsigned long *)v - lft_stk_dump;
	size = i + 1 == lft_stk_nr ? lft_stk_index[i] :
	       lft_stk_index[i] - lft_stk_index[i + 1];
	seq_printf(m, "%3ld) %8u   %5u   %pS\n", i, lft_stk_index[i], size,
		   (void *)lft_stk_dump[i]);
	return 0;
}

static const struct seq_operations lft_stk_seq_ops = {
	.start = lft_stk_start,
	.next = lft_stk_next,
	.stop = lft_stk_stop,
	.show = lft_stk_show,
};

static int lft_stk_open(struct inode *inode, struct file *file)
{
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	ret = seq_open(file, &lft_stk_seq_ops);
	if (ret)
		lft_release(inode, file);
	return ret;
}

static int lft_stk_release(struct inode *inode, struct file *file)
{
	seq_release(inode, file);
	return lft_release(inode, file);
}

static const struct file_operations lft_stk_trace_fops = {
	.owner = THIS_MODULE,
	.open = lft_stk_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = lft_stk_release,
};

static ssize_t lft_stk_num_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos, unsigned long val)
{
	char buf[24];
	int n = snprintf(buf, sizeof(buf), "%lu\n", val);

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t lft_stk_max_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return lft_stk_num_read(file, ubuf, cnt, ppos, READ_ONCE(lft_stk_max));
}

static ssize_t lft_stk_max_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	unsigned long val, flags;
	int ret = kstrtoul_from_user(ubuf, cnt, 10, &val);

	if (ret)
		return ret;
	preempt_disable();
	this_cpu_inc(lft_stk_busy);
	raw_spin_lock_irqsave(&lft_stk_lock, flags);
	WRITE_ONCE(lft_stk_max, val);
	raw_spin_unlock_irqrestore(&lft_stk_lock, flags);
	this_cpu_dec(lft_stk_busy);
	preempt_enable();
	*ppos += cnt;
	return cnt;
}

static const struct file_operations lft_stk_max_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_stk_max_read,
	.write = lft_stk_max_write,
	.release = lft_release,
	.llseek = default_llseek,
};

static ssize_t lft_stk_en_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return lft_stk_num_read(file, ubuf, cnt, ppos,
				READ_ONCE(lft_stk_enabled));
}

static ssize_t lft_stk_en_write(struct file *file, const char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	return lft_write_switch(ubuf, cnt, ppos, &lft_stk_enabled,
				lft_stack_set);
}

static const struct file_operations lft_stk_en_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_stk_en_read,
	.write = lft_stk_en_write,
	.release = lft_release,
	.llseek = default_llseek,
};

/* Its files, the top level's only, after set_ftrace_filter's. */
static int lft_stack_tracer_create(struct lft_array *tr)
{
	struct lft_file_ref *ref;

	if (tr->name)
		return 0;
	ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	if (!ref)
		return -ENOMEM;
	lft_fn_filter_init(&lft_stk_filter, "stack_trace_filter");
	lft_stk_filter.changed = lft_stack_filter_changed;
	lft_fs_create_file("stack_trace", 0440, tr->dir, ref,
			   &lft_stk_trace_fops);
	lft_fs_create_file("stack_max_size", 0640, tr->dir, ref,
			   &lft_stk_max_fops);
	lft_fs_create_file("stack_tracer_enabled", 0640, tr->dir, ref,
			   &lft_stk_en_fops);
	return lft_fn_filter_create(&lft_stk_filter, tr->dir, tr);
}

static struct lft_fn_user lft_stack_fn_user = {
	.array_init = lft_stack_tracer_create,
};

/* At load: its files come with the top level's function state. */
void lft_stack_tracer_init(void)
{
	lft_fn_user_register(&lft_stack_fn_user);
}

/**
 * lft_stack_tracer_start() - start it with a filter (boot parameters)
 * @filter: stacktrace_filter's value, or NULL
 *
 * Called with lft_lock held. Return: 0 or a negative errno.
 */
int lft_stack_tracer_start(const char *filter)
{
	int ret = filter ? lft_fn_filter_apply(&lft_stk_filter, filter) : 0;

	return ret ? ret : lft_stack_set(true);
}

/* At unload, before the hook goes (lft_lock not held). */
void lft_stack_tracer_stop(void)
{
	mutex_lock(&lft_lock);
	if (lft_stk_enabled)
		lft_stack_set(false);
	mutex_unlock(&lft_lock);
}

/* After the hook is gone. */
void lft_stack_tracer_free(void)
{
	/* Nothing to free if the load failed before the files were made. */
	if (lft_stk_filter.name)
		lft_fn_filter_free(&lft_stk_filter);
}
