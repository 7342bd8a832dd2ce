// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise family's records: each goes to every array running a
 * tracer of the family (the kernel's instances list), where tracing is on
 * and the CPU traced; and what a stop threshold does to those arrays.
 * Writers hold preemption off (one level, which the records do not show)
 * and read the list under RCU.
 */
#include <linux/rculist.h>
#include <linux/sched.h>

#include "tracers/osnoise.h"

/**
 * lft_osn_write_osnoise() - an osnoise sample's ftrace/osnoise record
 * @noise: its total noise, us
 * @runtime: its length, us
 * @max_sample: its longest single noise, us
 * @hw: how many of its noises had no interference counted
 * @base: the NMI, irq, softirq and thread windows' counts at its start
 * @c: the CPU's state, with the counts at its end
 */
void lft_osn_write_osnoise(u64 noise, u64 runtime, u64 max_sample,
			   unsigned int hw, const struct lft_osn_win *base,
			   const struct lft_osn_cpu *c)
{
	struct lft_osn_inst *i;

	preempt_disable_notrace();
	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list) {
		struct lft_osnoise_entry *e;
		struct lft_rb_res res;

		if (!lft_array_writable(i->tr))
			continue;
		e = lft_trace_reserve(READ_ONCE(i->tr->rb), LFT_TRACE_OSNOISE,
				      sizeof(*e), 1, &res);
		if (!e)
			continue;
		e->noise = noise;
		e->runtime = runtime;
		e->max_sample = max_sample;
		e->hw_count = hw;
		e->nmi_count = c->nmi.count - base[0].count;
		e->irq_count = c->irq.count - base[1].count;
		e->softirq_count = c->softirq.count - base[2].count;
		e->thread_count = c->thread.count - base[3].count;
		lft_rb_commit(&res);
		lft_taskinfo_note_now();
	}
	rcu_read_unlock();
	preempt_enable_notrace();
}

/**
 * lft_osn_write_timerlat() - a timerlat activation's ftrace/timerlat record
 * @seq: the activation's number on its CPU
 * @context: 0 for the irq's latency, 1 for the thread's
 * @latency: ns past the timer's expiry
 */
void lft_osn_write_timerlat(unsigned int seq, int context, u64 latency)
{
	struct lft_osn_inst *i;

	preempt_disable_notrace();
	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list) {
		struct lft_timerlat_entry *e;
		struct lft_rb_res res;

		if (!lft_array_writable(i->tr))
			continue;
		e = lft_trace_reserve(READ_ONCE(i->tr->rb), LFT_TRACE_TIMERLAT,
				      sizeof(*e), 1, &res);
		if (!e)
			continue;
		e->seqnum = seq;
		e->context = context;
		e->timer_latency = latency;
		lft_rb_commit(&res);
		lft_taskinfo_note_now();
	}
	rcu_read_unlock();
	preempt_enable_notrace();
}

/**
 * lft_osn_write_stack() - the stack timerlat's irq saved, as a stack
 *	record of the thread's
 * @c: the CPU's state, which holds it
 */
void lft_osn_write_stack(const struct lft_osn_cpu *c)
{
	unsigned int size = c->nr_stack * sizeof(unsigned long);
	struct lft_osn_inst *i;

	preempt_disable_notrace();
	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list) {
		struct lft_stack_entry *e;
		struct lft_rb_res res;

		if (!lft_array_writable(i->tr))
			continue;
		e = lft_trace_reserve(READ_ONCE(i->tr->rb), LFT_TRACE_STACK,
				      sizeof(*e) + size, 1, &res);
		if (!e)
			continue;
		e->size = c->nr_stack;
		memcpy(e->caller, c->stack, size);
		lft_rb_commit(&res);
		lft_taskinfo_note_now();
	}
	rcu_read_unlock();
	preempt_enable_notrace();
}

/* A print record in @tr, as the kernel's trace_array_printk_buf(). */
static void lft_osn_print(struct lft_array *tr, unsigned long ip,
			  const char *text)
{
	size_t len = strlen(text);
	struct lft_print_entry *e;
	struct lft_rb_res res;

	e = lft_trace_reserve(READ_ONCE(tr->rb), LFT_TRACE_PRINT,
			      sizeof(*e) + len + 1, 1, &res);
	if (!e)
		return;
	e->ip = ip;
	memcpy(e->buf, text, len + 1);
	lft_rb_commit(&res);
	lft_taskinfo_note_now();
}

/* Set by lft_osn_taint(), for good: osnoise's header says so. */
bool lft_osn_tainted;

/**
 * lft_osn_taint() - a measure that cannot be (a clock went backwards)
 * @msg: what, as a print record in each array tracing
 *
 * As the kernel's tracer, the osnoise header says "osnoise is tainted!"
 * from then on, until lftrace is unloaded. Any context.
 */
void lft_osn_taint(const char *msg)
{
	struct lft_osn_inst *i;

	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list)
		if (lft_array_writable(i->tr))
			lft_osn_print(i->tr, _THIS_IP_, msg);
	rcu_read_unlock();
	WRITE_ONCE(lft_osn_tainted, true);
}

/**
 * lft_osn_stop_why() - tracing stops for a threshold, or an exception
 * @why: the exception (a user workload left its CPU), or NULL for a
 *	threshold
 *
 * Each array says where (and why) and stops tracing (the workload goes on,
 * writing nothing), as the kernel's; with PANIC_ON_STOP the kernel
 * panics. Any context.
 */
void lft_osn_stop_why(const char *why)
{
	struct lft_osn_inst *i;
	char msg[96];

	preempt_disable_notrace();
	if (why)
		snprintf(msg, sizeof(msg),
			 "stop tracing hit on cpu %d due to exception: %s\n",
			 smp_processor_id(), why);
	else
		snprintf(msg, sizeof(msg), "stop tracing hit on cpu %d\n",
			 smp_processor_id());
	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list) {
		if (!lft_array_writable(i->tr))
			continue;
		lft_osn_print(i->tr, _THIS_IP_, msg);
		if (READ_ONCE(lft_osn_cfg.options) & BIT(LFT_OSN_PANIC_ON_STOP))
			panic("tracer hit stop condition on CPU %d\n",
			      smp_processor_id());
		lft_array_set_on(i->tr, false);
	}
	rcu_read_unlock();
	preempt_enable_notrace();
}

/**
 * lft_osn_stop_tracing() - a stop threshold was hit: lft_osn_stop_why()
 */
void lft_osn_stop_tracing(void)
{
	lft_osn_stop_why(NULL);
}

/**
 * lft_osn_new_max() - tracing_max_latency follows the longest noise or
 *	latency, in the arrays tracing now
 * @latency: ns
 */
void lft_osn_new_max(u64 latency)
{
	struct lft_osn_inst *i;

	rcu_read_lock();
	list_for_each_entry_rcu(i, &lft_osn_insts, list)
		if (lft_array_on(i->tr) && READ_ONCE(i->tr->max_latency) < latency)
			WRITE_ONCE(i->tr->max_latency, latency);
	rcu_read_unlock();
}
