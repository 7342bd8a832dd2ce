// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise tracer, as 6.1's: on each CPU of osnoise/cpus a thread
 * osnoise/N reads the clock in a loop for runtime_us of every period_us,
 * with interrupts and preemption on, so that whatever else the CPU runs
 * shows as a gap between two reads. A gap of at least tracing_thresh (5 us
 * when 0) is noise: osnoise:sample_threshold says when, how long, and how
 * many interferences the tracepoints counted meanwhile (none: "hw"). Each
 * sample ends with an ftrace/osnoise record: runtime, total noise, the
 * longest gap, and the counts of hw noises and of the NMIs, irqs, softirqs
 * and threads that interfered.
 */
#include <linux/kthread.h>
#include <linux/ktime.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include "core/own_tp.h"
#include "tracers/osnoise.h"

/* The measure of one sample; 0 or -1 when a clock went backwards. */
static int lft_osn_sample(struct lft_osn_cpu *c)
{
	unsigned long opts = READ_ONCE(lft_osn_cfg.options);
	bool irq_off = opts & BIT(LFT_OSN_IRQ_DISABLE);
	bool preempt_off = !irq_off && (opts & BIT(LFT_OSN_PREEMPT_DISABLE));
	u64 runtime = READ_ONCE(lft_osn_cfg.runtime_us) * NSEC_PER_USEC;
	u64 stop_in = READ_ONCE(lft_osn_cfg.stop_us) * NSEC_PER_USEC;
	u64 thresh = READ_ONCE(lft_tracing_thresh) ? : 5000;
	u64 start, now, last, last_n, n, sum = 0, total = 0, last_total = 0;
	s64 gap, max_gap = 0;
	struct lft_osn_win base[4];
	unsigned int hw = 0;
	u64 stop_total;
	int ret = 0;

	c->pid = current->pid;
	base[0] = c->nmi;
	base[1] = c->irq;
	base[2] = c->softirq;
	base[3] = c->thread;
	if (irq_off)
		local_irq_disable();
	if (preempt_off)
		preempt_disable();
	/* Before any probe (an NMI's too) counts for this sample. */
	WRITE_ONCE(c->sampling, true);
	barrier();
	start = lft_osn_now();
	last_n = lft_osn_safe_time(c, &last);
	do {
		n = lft_osn_safe_time(c, &now);
		gap = now - last;
		if (gap < 0) {
			lft_osn_taint("negative noise!");
			ret = -1;
			break;
		}
		total = now - start;
		if (total < last_total) {
			lft_osn_taint("total overflow!");
			break;
		}
		last_total = total;
		if (gap >= thresh) {
			u64 interference = n - last_n;

			if (gap > max_gap)
				max_gap = gap;
			if (!interference)
				hw++;
			sum += gap;
			trace_lft_osnoise_sample_threshold(last, gap,
							   interference);
			if (stop_in && gap > stop_in)
				lft_osn_stop_tracing();
		}
		/*
		 * A PREEMPT_RCU grace period cannot end on a CPU that never
		 * leaves this loop (nohz_full, tick stopped): report a
		 * quiescent state, as the kernel's tracer does.
		 */
		if (IS_ENABLED(CONFIG_PREEMPT_RCU)) {
			if (!irq_off)
				local_irq_disable();
			rcu_momentary_eqs();
			if (!irq_off)
				local_irq_enable();
		}
		if (!irq_off && !preempt_off)
			cond_resched();
		last = now;
		last_n = n;
	} while (total < runtime && !kthread_should_stop());
	barrier();
	WRITE_ONCE(c->sampling, false);
	barrier();
	if (preempt_off)
		preempt_enable();
	if (irq_off)
		local_irq_enable();
	if (ret)
		return ret;
	lft_osn_write_osnoise(div_u64(sum, NSEC_PER_USEC),
			      div_u64(total, NSEC_PER_USEC),
			      div_u64(max_gap, NSEC_PER_USEC), hw, base, c);
	lft_osn_new_max(max_gap);
	stop_total = READ_ONCE(lft_osn_cfg.stop_total_us);
	if (stop_total && div_u64(sum, NSEC_PER_USEC) > stop_total)
		lft_osn_stop_tracing();
	return 0;
}

/* Until the next period: period_us - runtime_us (none: just yield). */
static void lft_osn_sleep(void)
{
	u64 gap = READ_ONCE(lft_osn_cfg.period_us) -
		  READ_ONCE(lft_osn_cfg.runtime_us);
	ktime_t wake;

	/* runtime == period, or a race with the two files' writes. */
	if ((s64)gap <= 0) {
		cond_resched_tasks_rcu_qs();
		return;
	}
	wake = ktime_add_us(ktime_get(), gap);
	__set_current_state(TASK_INTERRUPTIBLE);
	while (schedule_hrtimeout_range(&wake, 0, HRTIMER_MODE_ABS))
		if (kthread_should_stop())
			break;
}

/**
 * lft_osnoise_main() - the osnoise/N thread
 * @arg: unused
 *
 * Return: 0, when stopped.
 */
int lft_osnoise_main(void *arg)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);

	while (!kthread_should_stop()) {
		lft_osn_sample(c);
		lft_osn_sleep();
	}
	return 0;
}

/*
 * The kernel's column header (PREEMPT_RT 6.1's with the lazy columns),
 * "%%" and all: the kernel puts it, it does not format it.
 */
static void lft_osn_print_header(struct lft_print_iter *it, struct lft_rb *rb,
				 struct seq_buf *s, int cpu)
{
	if (READ_ONCE(lft_osn_tainted))
		seq_buf_printf(s, "# osnoise is tainted!\n");
#ifdef LFT_HAVE_PREEMPT_LAZY
	seq_buf_printf(s, "%s",
		"#                                _-------=> irqs-off\n"
		"#                               / _------=> need-resched\n"
		"#                              | / _-----=> need-resched-lazy\n"
		"#                              || / _----=> hardirq/softirq\n"
		"#                              ||| / _---=> preempt-depth\n"
		"#                              |||| / _--=> preempt-lazy-depth\n"
		"#                              ||||| / _-=> migrate-disable\n"
		"#                              |||||| /                                               MAX\n"
		"#                              ||||| /                                             SINGLE      Interference counters:\n"
		"#                              |||||||               RUNTIME      NOISE  %% OF CPU  NOISE    +-----------------------------+\n"
		"#           TASK-PID      CPU# |||||||   TIMESTAMP    IN US       IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n"
		"#              | |         |   |||||||      |           |             |    |            |      |      |      |      |      |\n");
#else
	seq_buf_printf(s, "%s",
		"#                                _-----=> irqs-off\n"
		"#                               / _----=> need-resched\n"
		"#                              | / _---=> hardirq/softirq\n"
		"#                              || / _--=> preempt-depth\n"
		"#                              ||| / _-=> migrate-disable                         MAX\n"
		"#                              |||| /     delay                                   SINGLE      Interference counters:\n"
		"#                              |||||               RUNTIME      NOISE  %% OF CPU  NOISE    +-----------------------------+\n"
		"#           TASK-PID      CPU# |||||   TIMESTAMP    IN US       IN US  AVAILABLE  IN US     HW    NMI    IRQ   SIRQ THREAD\n"
		"#              | |         |   |||||      |           |             |    |            |      |      |      |      |      |\n");
#endif
}

static int lft_osnoise_init(struct lft_array *tr)
{
	return lft_osn_attach(tr, false);
}

/*
 * tracing_on 0 stops the array's part in the workload (the last one's
 * threads go), 1 starts it again, as the kernel's tracer does.
 */
static void lft_osnoise_start(struct lft_array *tr)
{
	if (lft_osn_attach(tr, false))
		pr_err("lftrace: osnoise: error starting osnoise tracer\n");
}

static struct lft_tracer lft_osnoise_tracer = {
	.name = "osnoise",
	.init = lft_osnoise_init,
	.reset = lft_osn_detach,
	.start = lft_osnoise_start,
	.stop = lft_osn_detach,
	.print_header = lft_osn_print_header,
	.allow_instances = true,
};

/**
 * lft_osnoise_register() - make the osnoise tracer selectable
 *
 * Return: 0 or the registry's error.
 */
int lft_osnoise_register(void)
{
	return lft_tracer_register(&lft_osnoise_tracer);
}
