// SPDX-License-Identifier: GPL-2.0
/*
 * lft_latency: critical sections of a known length, for the latency
 * tracers' tests. Each is a write to a file under
 * /sys/kernel/debug/lft_latency/:
 *
 *   irqsoff     writing N (1..100000) runs, in the writer's context,
 *               lft_lat_irqs_section(N): local_irq_save(), a busy wait of
 *               at least N us by both ktime_get_ns() and sched_clock()
 *               (the trace clock "local"), local_irq_restore()
 *   preemptoff  writing N runs lft_lat_preempt_section(N): the same
 *               between preempt_disable() and preempt_enable()
 *
 * Anything else is refused with -EINVAL. The section functions are noinline
 * and called through pointers so that they keep their names: the irqsoff
 * family's "=> started at:" and "=> ended at:" lines name them.
 */
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/timekeeping.h>

#define LFT_LAT_MAX_US 100000

static struct dentry *lft_lat_dir;
static u64 lft_lat_sink;

/*
 * Busy-wait until at least @us microseconds have passed by ktime and by
 * sched_clock(): under QEMU the two can disagree by a few percent, and the
 * tracers' clock ("local") is the latter. Most of the wait is spent here,
 * between clock reads, rather than in the clock functions: the sampled
 * preemptoff names the function its first tick lands in, and with
 * -icount a tick lands at an exact instruction (the clocks' own, when
 * the loop did little else).
 */
static __always_inline void lft_lat_spin(unsigned int us)
{
	u64 ns = (u64)us * NSEC_PER_USEC;
	u64 start = ktime_get_ns(), sc_start = sched_clock();
	u64 now, sc_now;
	int i;

	do {
		for (i = 0; i < 64; i++)
			cpu_relax();
		now = ktime_get_ns();
		sc_now = sched_clock();
	} while (now - start < ns || sc_now - sc_start < ns);
	WRITE_ONCE(lft_lat_sink, now - start);
}

static noinline void lft_lat_irqs_section(unsigned int us)
{
	unsigned long flags;

	local_irq_save(flags);
	lft_lat_spin(us);
	local_irq_restore(flags);
}

static noinline void lft_lat_preempt_section(unsigned int us)
{
	preempt_disable();
	lft_lat_spin(us);
	preempt_enable();
}

static void (*lft_lat_irqs_ptr)(unsigned int us) = lft_lat_irqs_section;
static void (*lft_lat_preempt_ptr)(unsigned int us) = lft_lat_preempt_section;

static ssize_t lft_lat_write(const char __user *buf, size_t count,
			     void (*section)(unsigned int us))
{
	unsigned int us;
	int ret = kstrtouint_from_user(buf, count, 10, &us);

	if (ret)
		return ret;
	if (us < 1 || us > LFT_LAT_MAX_US)
		return -EINVAL;
	section(us);
	return count;
}

static ssize_t lft_lat_irqsoff_write(struct file *file,
				     const char __user *buf, size_t count,
				     loff_t *ppos)
{
	return lft_lat_write(buf, count, READ_ONCE(lft_lat_irqs_ptr));
}

static ssize_t lft_lat_preemptoff_write(struct file *file,
					const char __user *buf, size_t count,
					loff_t *ppos)
{
	return lft_lat_write(buf, count, READ_ONCE(lft_lat_preempt_ptr));
}

static const struct file_operations lft_lat_irqsoff_fops = {
	.owner = THIS_MODULE,
	.write = lft_lat_irqsoff_write,
	.llseek = noop_llseek,
};

static const struct file_operations lft_lat_preemptoff_fops = {
	.owner = THIS_MODULE,
	.write = lft_lat_preemptoff_write,
	.llseek = noop_llseek,
};

static int __init lft_lat_init(void)
{
	lft_lat_dir = debugfs_create_dir("lft_latency", NULL);
	if (IS_ERR(lft_lat_dir))
		return PTR_ERR(lft_lat_dir);
	debugfs_create_file("irqsoff", 0200, lft_lat_dir, NULL,
			    &lft_lat_irqsoff_fops);
	debugfs_create_file("preemptoff", 0200, lft_lat_dir, NULL,
			    &lft_lat_preemptoff_fops);
	return 0;
}

static void __exit lft_lat_exit(void)
{
	debugfs_remove(lft_lat_dir);
}

module_init(lft_lat_init);
module_exit(lft_lat_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace e2e test helper: critical sections of known length");
