// SPDX-License-Identifier: GPL-2.0
/*
 * lft_sample: a module using lftrace's API (include/lftrace.h), the way a
 * driver would use trace_printk(). Actions are writes to files under
 * /sys/kernel/debug/lft_sample/:
 *
 *   printk   lftrace_printk() and lftrace_puts() from this task, then
 *            lftrace_printk() from hardirq context (an irq_work)
 *   onoff    lftrace_off(), a printk that must be dropped, lftrace_on();
 *            "result" then reads "off=0 on=1" (what lftrace_is_on() said)
 *   dump     lftrace_dump(LFTRACE_DUMP_ALL) to the console
 *   snapshot lftrace_snapshot() from hardirq context
 */
#include <linux/debugfs.h>
#include <linux/irq_work.h>
#include <linux/module.h>
#include <linux/preempt.h>

#include "include/lftrace.h"

static struct dentry *dir;
static struct irq_work work;
static bool work_ran;
static char result[32];

static void lft_sample_irq(struct irq_work *w)
{
	lftrace_printk("lft_sample: in hardirq=%d\n", !!in_hardirq());
	WRITE_ONCE(work_ran, true);
}

static ssize_t lft_sample_printk(struct file *f, const char __user *u,
				 size_t n, loff_t *pos)
{
	int spin;

	lftrace_printk("lft_sample: %d %s 0x%lx %c\n", 42, "str", 0xabcUL,
		       'z');
	lftrace_puts("lft_sample: puts\n");
	WRITE_ONCE(work_ran, false);
	preempt_disable();
	irq_work_queue(&work);		/* a self-IPI: runs right away */
	for (spin = 0; spin < 1000000 && !READ_ONCE(work_ran); spin++)
		cpu_relax();
	preempt_enable();
	irq_work_sync(&work);
	return n;
}

static ssize_t lft_sample_onoff(struct file *f, const char __user *u,
				size_t n, loff_t *pos)
{
	bool off, on;

	lftrace_off();
	off = lftrace_is_on();
	lftrace_printk("lft_sample: written while off\n");
	lftrace_on();
	on = lftrace_is_on();
	snprintf(result, sizeof(result), "off=%d on=%d\n", off, on);
	return n;
}

static ssize_t lft_sample_dump(struct file *f, const char __user *u,
			       size_t n, loff_t *pos)
{
	lftrace_dump(LFTRACE_DUMP_ALL);
	return n;
}

static void lft_sample_snap_irq(struct irq_work *w)
{
	lftrace_snapshot();
	WRITE_ONCE(work_ran, true);
}

static ssize_t lft_sample_snapshot(struct file *f, const char __user *u,
				   size_t n, loff_t *pos)
{
	struct irq_work snap = IRQ_WORK_INIT_HARD(lft_sample_snap_irq);
	int spin;

	WRITE_ONCE(work_ran, false);
	preempt_disable();
	irq_work_queue(&snap);
	for (spin = 0; spin < 1000000 && !READ_ONCE(work_ran); spin++)
		cpu_relax();
	preempt_enable();
	irq_work_sync(&snap);
	return n;
}

static ssize_t lft_sample_result(struct file *f, char __user *u, size_t n,
				 loff_t *pos)
{
	return simple_read_from_buffer(u, n, pos, result, strlen(result));
}

#define LFT_SAMPLE_FOPS(fn, op) \
	static const struct file_operations fn##_fops = { \
		.owner = THIS_MODULE, .op = fn, .llseek = noop_llseek, }

LFT_SAMPLE_FOPS(lft_sample_printk, write);
LFT_SAMPLE_FOPS(lft_sample_onoff, write);
LFT_SAMPLE_FOPS(lft_sample_dump, write);
LFT_SAMPLE_FOPS(lft_sample_snapshot, write);
LFT_SAMPLE_FOPS(lft_sample_result, read);

static int __init lft_sample_init(void)
{
	/* In hard interrupt context on PREEMPT_RT too. */
	work = IRQ_WORK_INIT_HARD(lft_sample_irq);
	dir = debugfs_create_dir("lft_sample", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	debugfs_create_file("printk", 0200, dir, NULL, &lft_sample_printk_fops);
	debugfs_create_file("onoff", 0200, dir, NULL, &lft_sample_onoff_fops);
	debugfs_create_file("dump", 0200, dir, NULL, &lft_sample_dump_fops);
	debugfs_create_file("snapshot", 0200, dir, NULL,
			    &lft_sample_snapshot_fops);
	debugfs_create_file("result", 0400, dir, NULL, &lft_sample_result_fops);
	return 0;
}

static void __exit lft_sample_exit(void)
{
	debugfs_remove(dir);
	irq_work_sync(&work);
}

module_init(lft_sample_init);
module_exit(lft_sample_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace API sample: lftrace_printk() and friends");
