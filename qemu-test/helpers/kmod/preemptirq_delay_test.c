// SPDX-License-Identifier: GPL-2.0
/*
 * A stand-in for the kernel's preemptirq_delay_test module, which the
 * kernel's ftracetest (preemptirq/irqsoff_tracer.tc) loads to make a
 * critical section of known length. Debian does not build the kernel's
 * (it needs the kernel's own latency tracers), so the guest gets this one:
 * same name and parameters, so that the unmodified test can modprobe it.
 *
 * Loading it runs, in a kthread, burst_size sections with interrupts or
 * preemption off ("irq", "preempt", or "alternate" between them), each
 * busy for delay microseconds; the load returns once they are done, as the
 * kernel's does, so that the test reads the trace right after modprobe.
 */
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/irqflags.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

static ulong delay = 100;
module_param(delay, ulong, 0444);
MODULE_PARM_DESC(delay, "length of each section in microseconds");

static char test_mode[12] = "irq";
module_param_string(test_mode, test_mode, sizeof(test_mode), 0444);
MODULE_PARM_DESC(test_mode, "irq, preempt or alternate");

static uint burst_size = 1;
module_param(burst_size, uint, 0444);
MODULE_PARM_DESC(burst_size, "sections in a row (at most 10)");

static int cpu_affinity = -1;
module_param(cpu_affinity, int, 0444);
MODULE_PARM_DESC(cpu_affinity, "CPU to run on (-1: any)");

static DECLARE_COMPLETION(pid_done);
static struct task_struct *pid_thread_task;

/*
 * Spin, not sleep: the point is a section that cannot be left. The time
 * comes from the clocksource itself: under QEMU the TSC is often unstable
 * and sched_clock() then counts jiffies, which stand still with interrupts
 * off (the spin would never end).
 */
static noinline void pid_spin(void)
{
	u64 until = ktime_get_mono_fast_ns() + (u64)delay * NSEC_PER_USEC;

	while (ktime_get_mono_fast_ns() < until && !kthread_should_stop())
		cpu_relax();
}

static noinline void pid_irqs_off(void)
{
	unsigned long flags;

	local_irq_save(flags);
	pid_spin();
	local_irq_restore(flags);
}

static noinline void pid_preempt_off(void)
{
	preempt_disable();
	pid_spin();
	preempt_enable();
}

static int pid_thread(void *unused)
{
	uint i, n = min_t(uint, burst_size, 10);

	if (cpu_affinity >= 0 && cpu_online(cpu_affinity))
		set_cpus_allowed_ptr(current, cpumask_of(cpu_affinity));
	for (i = 0; i < n; i++) {
		bool irq = !strcmp(test_mode, "irq") ||
			   (!strcmp(test_mode, "alternate") && !(i & 1));

		if (irq)
			pid_irqs_off();
		else
			pid_preempt_off();
	}
	complete(&pid_done);
	/* Stay until unload, so that kthread_stop() has a task to stop. */
	while (!kthread_should_stop()) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule();
		__set_current_state(TASK_RUNNING);
	}
	return 0;
}

static int __init pid_init(void)
{
	if (strcmp(test_mode, "irq") && strcmp(test_mode, "preempt") &&
	    strcmp(test_mode, "alternate"))
		return -EINVAL;
	pid_thread_task = kthread_run(pid_thread, NULL, "%s_test", test_mode);
	if (IS_ERR(pid_thread_task))
		return PTR_ERR(pid_thread_task);
	wait_for_completion(&pid_done);
	return 0;
}

static void __exit pid_exit(void)
{
	kthread_stop(pid_thread_task);
}

module_init(pid_init);
module_exit(pid_exit);
MODULE_DESCRIPTION("lftrace tests: a critical section of known length");
MODULE_LICENSE("GPL");
