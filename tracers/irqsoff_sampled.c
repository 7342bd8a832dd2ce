// SPDX-License-Identifier: GPL-2.0
/*
 * The irqsoff family's sampled mode, for kernels without the irq and
 * preempt tracepoints (Debian's: local_irq_disable() and preempt_disable()
 * are inline there and call nothing). Each CPU runs a hard hrtimer every
 * LFT_SAMPLE_US:
 *
 * - interrupts: a tick can only run once interrupts are back on, so a late
 *   tick means they were off. A section of length L that holds a tick's
 *   expiry makes it late by more than L - period and at most L, and the
 *   interrupted instruction is where they came back on ("ended at"); where
 *   they went off is not seen. Ticks that find the idle task do not count:
 *   it halts with interrupts on, so a late one means the CPU did not run.
 * - preemption: each tick looks at the count of the code it interrupted.
 *   The section lasted at most from the last tick that saw preemption on
 *   before it to the first that saw it on again (what is reported: a late
 *   tick makes it loose, never short) and at least from the first tick
 *   that saw it off to the last (stated in the header). The lower bound is
 *   not what is reported: both its ticks fall inside the section, so each
 *   tick the host delays shortens it (a 500 ms section measured 491 ms
 *   under a loaded TCG host), and a latency tracer must not report a
 *   section shorter than it was. The idle task (always preempt-off) does
 *   not count.
 *
 * Nothing here is presented as exact: the latency header says which mode
 * measured the max and its error bound.
 */
#include <linux/cpu.h>
#include <linux/hrtimer.h>
#include <asm/irq_regs.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/sched.h>

#include "tracers/latency.h"

#define LFT_SAMPLE_US	100
#define LFT_SAMPLE_NS	(LFT_SAMPLE_US * NSEC_PER_USEC)

struct lft_smp_cpu {
	struct hrtimer timer;
	bool in_section;		/* preemption seen off */
	u64 first, last;		/* the first and last ticks that saw it */
	u64 prev_on;			/* the last tick that saw it on */
	unsigned long first_ip;
};

static DEFINE_PER_CPU(struct lft_smp_cpu, lft_smp_cpu);
static struct lft_array *lft_smp_tr;
static unsigned int lft_smp_type;
static bool lft_smp_running;
static DEFINE_RAW_SPINLOCK(lft_smp_lock);
static bool lft_smp_max_irqs;		/* the max is an irqs-off section */
/* The max's other bound: irqs, an upper one; preemption, a lower one. */
static u64 lft_smp_max_bound;

/*
 * Report a section of @delta ns that began at @start, with @bound the
 * header's other bound (lock taken here).
 */
static void lft_smp_report(struct lft_array *tr, u64 delta, u64 bound,
			   u64 start, unsigned long ip, bool irqs,
			   const struct lft_entry *ctx)
{
	raw_spin_lock(&lft_smp_lock);
	if (!lft_lat_report(tr, delta))
		goto out;
	lft_lat_fn(tr, ip, 0, ctx);
	lft_lat_stack(tr, ctx, 0);
	if (READ_ONCE(tr->stop_count))
		goto out;
	WRITE_ONCE(tr->max_latency, delta);
	lft_smp_max_irqs = irqs;
	lft_smp_max_bound = bound;
	lft_lat_update(tr, current, raw_smp_processor_id(), true, start, 0,
		       ip);
out:
	raw_spin_unlock(&lft_smp_lock);
}

static void lft_smp_preempt(struct lft_array *tr, struct lft_smp_cpu *c,
			    struct pt_regs *regs, u64 now,
			    const struct lft_entry *ctx)
{
	/* The interrupted code's count: this handler added HARDIRQ_OFFSET. */
	bool off = (preempt_count() - HARDIRQ_OFFSET) &&
		   !is_idle_task(current) && !user_mode(regs);

	if (off && !c->in_section) {
		c->in_section = true;
		c->first = now;
		c->last = now;
		c->first_ip = instruction_pointer(regs);
		lft_lat_fn(tr, c->first_ip, 0, ctx);
		return;
	}
	if (off) {
		c->last = now;
		return;
	}
	if (c->in_section) {
		/* No tick saw it on before: it began before the tracer. */
		u64 from = c->prev_on ? : c->first;

		c->in_section = false;
		if (lft_lat_report(tr, now - from))
			lft_smp_report(tr, now - from, c->last - c->first,
				       from, c->first_ip, false, ctx);
	}
	c->prev_on = now;
}

static enum hrtimer_restart lft_smp_tick(struct hrtimer *t)
{
	struct lft_smp_cpu *c = container_of(t, struct lft_smp_cpu, timer);
	struct lft_array *tr = READ_ONCE(lft_smp_tr);
	struct pt_regs *regs = get_irq_regs();
	ktime_t kt = ktime_get();
	s64 late = ktime_to_ns(ktime_sub(kt, hrtimer_get_expires(t)));
	struct lft_entry ctx;
	u64 now;

	if (!READ_ONCE(lft_smp_running) || !tr)
		return HRTIMER_NORESTART;
	if (!regs || !lft_array_writable(tr))
		goto out;
	now = lft_rb_now(READ_ONCE(tr->rb));
	lft_gen_ctx(&ctx, 0);
	/*
	 * A tick that finds the idle task was halted with interrupts on: if
	 * it is late, the CPU itself did not run (a hypervisor's doing), as
	 * the kernel's tracers stop the clock around the halt.
	 */
	if ((lft_smp_type & LFT_LAT_IRQS) && late > 0 && !user_mode(regs) &&
	    !is_idle_task(current) && lft_lat_report(tr, late))
		lft_smp_report(tr, late, late + LFT_SAMPLE_NS, now - late,
			       instruction_pointer(regs), true, &ctx);
	if (lft_smp_type & LFT_LAT_PREEMPT)
		lft_smp_preempt(tr, c, regs, now, &ctx);
out:
	/*
	 * The next tick is a period after this one ends, not after it began:
	 * where a tick costs about a period (an emulated CPU on a busy host),
	 * ticks due at once would otherwise keep the CPU in this handler.
	 */
	hrtimer_set_expires(t, ktime_add_ns(ktime_get(), LFT_SAMPLE_NS));
	return HRTIMER_RESTART;
}

static void lft_smp_start_cpu(void *info)
{
	struct lft_smp_cpu *c = this_cpu_ptr(&lft_smp_cpu);

	hrtimer_start(&c->timer, ns_to_ktime(LFT_SAMPLE_NS),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

/**
 * lft_sampled_start() - start sampling on every online CPU
 * @tr: the array (lft_lock held)
 * @type: LFT_LAT_IRQS and/or LFT_LAT_PREEMPT
 *
 * Return: 0.
 */
int lft_sampled_start(struct lft_array *tr, unsigned int type)
{
	int cpu;

	lft_smp_type = type;
	lft_smp_max_irqs = false;
	for_each_possible_cpu(cpu) {
		struct lft_smp_cpu *c = per_cpu_ptr(&lft_smp_cpu, cpu);

		hrtimer_init(&c->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		c->timer.function = lft_smp_tick;
		c->in_section = false;
		c->prev_on = 0;
	}
	WRITE_ONCE(lft_smp_tr, tr);
	WRITE_ONCE(lft_smp_running, true);
	/* CPUs that come online later are not sampled: said in the README. */
	cpus_read_lock();
	on_each_cpu(lft_smp_start_cpu, NULL, 1);
	cpus_read_unlock();
	return 0;
}

/* Stop sampling; no tick runs once this returns. */
void lft_sampled_stop(void)
{
	int cpu;

	WRITE_ONCE(lft_smp_running, false);
	for_each_possible_cpu(cpu)
		hrtimer_cancel(&per_cpu_ptr(&lft_smp_cpu, cpu)->timer);
	WRITE_ONCE(lft_smp_tr, NULL);
}

/**
 * lft_sampled_note() - the latency header's lines on how the max was measured
 * @tr: the array
 * @s: where to print
 */
void lft_sampled_note(struct lft_array *tr, struct seq_buf *s)
{
	unsigned long us = tr->lat.latency_ns / NSEC_PER_USEC;
	unsigned long bound = lft_smp_max_bound / NSEC_PER_USEC;

	if (lft_smp_max_irqs) {
		seq_buf_printf(s, "#  => ended at:   ");
		lft_print_sym(s, tr->lat.critical_end, 0);
		seq_buf_printf(s, "\n");
		seq_buf_printf(s, "#  sampled (no irq_disable/irq_enable tracepoints, or irqsoff_sampled=1): interrupts\n");
		seq_buf_printf(s, "#  were off for at least %lu us and less than %lu us (a tick every %d us\n",
			       us, bound, LFT_SAMPLE_US);
		seq_buf_printf(s, "#  came late); where they went off is not seen\n#\n");
		return;
	}
	seq_buf_printf(s, "#  => first seen: ");
	lft_print_sym(s, tr->lat.critical_end, 0);
	seq_buf_printf(s, "\n");
	seq_buf_printf(s, "#  sampled (no preempt_disable/preempt_enable tracepoints, or irqsoff_sampled=1):\n");
	seq_buf_printf(s, "#  preemption was off for at most %lu us and at least %lu us (ticks every %d us\n",
		       us, bound, LFT_SAMPLE_US);
	seq_buf_printf(s, "#  saw it on around it, and off from first to last)\n#\n");
}
