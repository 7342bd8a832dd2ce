// SPDX-License-Identifier: GPL-2.0
/*
 * The timerlat tracer, as 6.1's: on each CPU of osnoise/cpus a SCHED_FIFO
 * 95 thread timerlat/N arms an absolute, pinned, hard-irq hrtimer every
 * timerlat_period_us and sleeps. The timer's handler records how late it
 * ran (ftrace/timerlat, context irq) and wakes the thread, which records
 * how late it ran (context thread), both against the timer's expiry on
 * CLOCK_MONOTONIC. Meanwhile the osnoise:* events say what delayed the
 * thread (the irq, softirq and thread windows open from the timer's irq).
 *
 * Thresholds: an irq latency of at least stop_tracing_us, or a thread
 * latency of at least stop_tracing_total_us, stops tracing; a thread
 * latency of at least print_stack adds the stack the irq saw (also when
 * the irq stops tracing, if print_stack is not above stop_tracing_us).
 */
#include <linux/hrtimer.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/stacktrace.h>
#include <uapi/linux/sched/types.h>

#include "tracers/osnoise.h"

#define LFT_TL_PRIO	95

static void lft_tl_save_stack(struct lft_osn_cpu *c)
{
	c->nr_stack = stack_trace_save(c->stack, LFT_OSN_STACK, 0);
}

/**
 * lft_tl_dump_stack() - the stack the irq saved, as a record, when the
 *	latency reaches print_stack
 * @c: the CPU's state
 * @us: the thread's latency
 */
void lft_tl_dump_stack(struct lft_osn_cpu *c, u64 us)
{
	u64 at = READ_ONCE(lft_osn_cfg.print_stack);

	if (at && at <= us)
		lft_osn_write_stack(c);
}

static enum hrtimer_restart lft_tl_irq(struct hrtimer *timer)
{
	struct lft_osn_cpu *c = container_of(timer, struct lft_osn_cpu, timer);
	u64 now = ktime_to_ns(hrtimer_cb_get_time(timer));
	u64 stop_us = READ_ONCE(lft_osn_cfg.stop_us);
	u64 diff;

	/* From here the osnoise:* events count what delays the thread. */
	c->tracing_thread = true;
	c->thread.arrival = lft_osn_now();
	/*
	 * What delays the thread is what runs from this irq on: the thread
	 * window starts where the irq's did (a softirq this irq interrupted
	 * takes the irq's start, and hands its own to the thread: it is
	 * the last to unwind). On PREEMPT_RT softirqs are threads.
	 */
	if (!IS_ENABLED(CONFIG_PREEMPT_RT) && c->softirq.start) {
		c->thread.start = c->softirq.start;
		c->softirq.start = c->irq.start;
	} else {
		c->thread.start = c->irq.start;
	}
	diff = now - c->abs_period;
	c->count++;
	lft_osn_write_timerlat(c->count, 0, diff);
	if (stop_us && div_u64(diff, NSEC_PER_USEC) >= stop_us) {
		if (stop_us <= READ_ONCE(lft_osn_cfg.print_stack)) {
			lft_tl_save_stack(c);
			lft_tl_dump_stack(c, div_u64(diff, NSEC_PER_USEC));
		}
		lft_osn_stop_tracing();
		lft_osn_new_max(diff);
		wake_up_process(c->task);
		return HRTIMER_NORESTART;
	}
	wake_up_process(c->task);
	if (READ_ONCE(lft_osn_cfg.print_stack))
		lft_tl_save_stack(c);
	return HRTIMER_NORESTART;
}

/**
 * lft_tl_timer_init() - the CPU's timer, for its workload (on that CPU)
 * @c: the CPU's state
 */
void lft_tl_timer_init(struct lft_osn_cpu *c)
{
	c->count = 0;
	c->tracing_thread = false;
	hrtimer_init(&c->timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	c->timer.function = lft_tl_irq;
}

/**
 * lft_tl_wait() - arm the timer for the next period not yet past, and
 *	sleep until it wakes the workload
 * @c: the CPU's state
 * @user: a user workload (a signal ends its wait), else a kernel thread
 *	(kthread_stop() does)
 *
 * Return: 0, or -EINTR when the wait ended early for a signal or a stop.
 */
int lft_tl_wait(struct lft_osn_cpu *c, bool user)
{
	u64 rel = READ_ONCE(lft_osn_cfg.timerlat_period_us) * NSEC_PER_USEC;
	u64 now = ktime_to_ns(hrtimer_cb_get_time(&c->timer));

	do {
		c->abs_period += rel;
	} while (now > c->abs_period);
	set_current_state(TASK_INTERRUPTIBLE);
	hrtimer_start(&c->timer, ns_to_ktime(c->abs_period),
		      HRTIMER_MODE_ABS_PINNED_HARD);
	/* A stop that came before the state was set must not wait a period. */
	if (user ? signal_pending(current) : kthread_should_stop()) {
		__set_current_state(TASK_RUNNING);
		return -EINTR;
	}
	schedule();
	return 0;
}

/**
 * lft_timerlat_main() - the timerlat/N thread
 * @arg: unused
 *
 * Return: 0, when stopped.
 */
int lft_timerlat_main(void *arg)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);
	struct sched_attr attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_FIFO,
		.sched_priority = LFT_TL_PRIO,
	};
	u64 now, diff, stop_total;

	/* As cyclictest is used; the thread stays its CPU's either way. */
	sched_setattr_nocheck(current, &attr);
	lft_tl_timer_init(c);
	c->task = current;
	c->pid = current->pid;
	c->abs_period = ktime_to_ns(hrtimer_cb_get_time(&c->timer));
	lft_tl_wait(c, false);
	WRITE_ONCE(c->sampling, true);
	while (!kthread_should_stop()) {
		now = ktime_to_ns(hrtimer_cb_get_time(&c->timer));
		diff = now - c->abs_period;
		lft_osn_write_timerlat(c->count, 1, diff);
		lft_osn_new_max(diff);
		lft_tl_dump_stack(c, div_u64(diff, NSEC_PER_USEC));
		c->tracing_thread = false;
		stop_total = READ_ONCE(lft_osn_cfg.stop_total_us);
		if (stop_total && div_u64(diff, NSEC_PER_USEC) >= stop_total)
			lft_osn_stop_tracing();
		lft_tl_wait(c, false);
	}
	hrtimer_cancel(&c->timer);
	WRITE_ONCE(c->sampling, false);
	return 0;
}

/* The kernel's column header (PREEMPT_RT 6.1's with the lazy columns). */
static void lft_tl_print_header(struct lft_print_iter *it, struct lft_rb *rb,
				struct seq_buf *s, int cpu)
{
#ifdef LFT_HAVE_PREEMPT_LAZY
	seq_buf_printf(s, "%s",
		"#                                _-------=> irqs-off\n"
		"#                               / _------=> need-resched\n"
		"#                              | / _-----=> need-resched-lazy\n"
		"#                              || / _----=> hardirq/softirq\n"
		"#                              ||| / _---=> preempt-depth\n"
		"#                              |||| / _--=> preempt-lazy-depth\n"
		"#                              ||||| / _-=> migrate-disable\n"
		"#                              |||||| /\n"
		"#                              |||||||             ACTIVATION\n"
		"#           TASK-PID      CPU# |||||||   TIMESTAMP    ID            CONTEXT                LATENCY\n"
		"#              | |         |   |||||||      |         |                  |                       |\n");
#else
	seq_buf_printf(s, "%s",
		"#                                _-----=> irqs-off\n"
		"#                               / _----=> need-resched\n"
		"#                              | / _---=> hardirq/softirq\n"
		"#                              || / _--=> preempt-depth\n"
		"#                              ||| / _-=> migrate-disable\n"
		"#                              |||| /     delay\n"
		"#                              |||||            ACTIVATION\n"
		"#           TASK-PID      CPU# |||||   TIMESTAMP   ID            CONTEXT                 LATENCY\n"
		"#              | |         |   |||||      |         |                  |                       |\n");
#endif
}

static int lft_timerlat_init(struct lft_array *tr)
{
	return lft_osn_attach(tr, true);
}

/*
 * tracing_on 0 stops the array's part in the workload (the last one's
 * threads go), 1 starts it again, as the kernel's tracer does.
 */
static void lft_timerlat_start(struct lft_array *tr)
{
	if (lft_osn_attach(tr, true))
		pr_err("lftrace: osnoise: error starting timerlat tracer\n");
}

static struct lft_tracer lft_timerlat_tracer = {
	.name = "timerlat",
	.init = lft_timerlat_init,
	.reset = lft_osn_detach,
	.start = lft_timerlat_start,
	.stop = lft_osn_detach,
	.print_header = lft_tl_print_header,
	.allow_instances = true,
};

/**
 * lft_timerlat_register() - make the timerlat tracer selectable
 *
 * Return: 0 or the registry's error.
 */
int lft_timerlat_register(void)
{
	return lft_tracer_register(&lft_timerlat_tracer);
}
