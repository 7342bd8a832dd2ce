// SPDX-License-Identifier: GPL-2.0
/*
 * The latency tracers' common part. Like the kernel's, they record into
 * the live buffer all the time and, when a latency is to be reported,
 * swap it (or one CPU of it) with the snapshot buffer, which becomes the
 * max trace that "trace" shows. The max trace starts where the latency
 * did: older entries a swap brought along are skipped when read.
 */
#include <linux/cred.h>
#include <linux/sched.h>
#include <linux/uidgid.h>

#include "tracers/fgraph.h"
#include "tracers/fn_hook.h"
#include "tracers/latency.h"

/* Options a latency tracer forces on, and puts back at reset. */
#define LFT_LAT_FORCED	(LFT_OPT_OVERWRITE | LFT_OPT_LATENCY_FMT)

/**
 * lft_lat_begin() - set an array up for a latency tracer
 * @tr: the array (lft_lock held)
 * @pause: also force pause-on-trace (the irqsoff family does)
 *
 * Forces overwrite and latency-format (non-overwrite mode would keep the
 * oldest entries, not the window), allocates the buffer for the max trace
 * and zeroes tracing_max_latency, as the kernel's tracers do.
 *
 * Return: 0 or -ENOMEM.
 */
int lft_lat_begin(struct lft_array *tr, bool pause)
{
	unsigned long force = LFT_LAT_FORCED |
			      (pause ? LFT_OPT_PAUSE_ON_TRACE : 0);
	unsigned long b;
	int ret;

	if (!tr->snap) {
		ret = lft_snapshot_alloc(tr);
		if (ret)
			return ret;
	} else {
		lft_rb_reset(tr->snap);
	}
	tr->lat_saved = tr->flags & force;
	tr->lat_forced = force;
	for (b = force; b; b &= b - 1)
		lft_option_set(tr, b & -b, true);
	tr->max_latency = 0;
	memset(&tr->lat, 0, sizeof(tr->lat));
	return 0;
}

/**
 * lft_lat_end() - undo lft_lat_begin() (lft_lock held)
 * @tr: the array
 *
 * The forced options go back to what they were, and the max trace's buffer
 * is freed, as the kernel frees it when a tracer without one takes over.
 */
void lft_lat_end(struct lft_array *tr)
{
	unsigned long b;

	for (b = tr->lat_forced; b; b &= b - 1)
		lft_option_set(tr, b & -b, tr->lat_saved & (b & -b));
	tr->lat_forced = 0;
	/* A reader of "trace" may still walk it; it goes with the next one. */
	if (!tr->iter_readers)
		lft_snapshot_free(tr);
}

/**
 * lft_lat_report() - is @delta to be reported?
 * @tr: the array
 * @delta: the latency, ns
 *
 * Return: with tracing_thresh set, whether @delta reaches it; otherwise
 * whether it beats tracing_max_latency.
 */
bool lft_lat_report(struct lft_array *tr, u64 delta)
{
	unsigned long thresh = READ_ONCE(lft_tracing_thresh);

	if (thresh)
		return delta >= thresh;
	return delta > READ_ONCE(tr->max_latency);
}

/**
 * lft_lat_update() - make the live trace the max trace
 * @tr: the array
 * @tsk: the task the latency belongs to
 * @cpu: the CPU it was measured on
 * @one_cpu: swap only @cpu's buffer (irqsoff), not all of them (wakeup)
 * @start: when the latency began: the max trace starts there
 * @crit_start: where the section began (irqsoff family), or 0
 * @crit_end: where it ended
 *
 * Interrupts off. Nothing happens while the array is paused (a reader of
 * "trace" with pause-on-trace), as in the kernel.
 */
void lft_lat_update(struct lft_array *tr, struct task_struct *tsk, int cpu,
		    bool one_cpu, u64 start, unsigned long crit_start,
		    unsigned long crit_end)
{
	struct lft_lat_info *l = &tr->lat;
	struct lft_rb *snap = READ_ONCE(tr->snap);

	if (READ_ONCE(tr->stop_count) || !snap)
		return;
	if (one_cpu)
		lft_rb_swap_cpu(tr->rb, snap, cpu);
	else
		lft_snapshot_swap(tr);
	tr->max_time_start = start;
	l->latency_ns = tr->max_latency;
	l->cpu = cpu;
	l->critical_start = crit_start;
	l->critical_end = crit_end;
	lft_comm_copy(l->comm, tsk);
	l->pid = tsk->pid;
	/* current's creds need no RCU: the irq hooks run outside of it. */
	l->uid = from_kuid(&init_user_ns, tsk == current ? current_uid() :
			   task_uid(tsk));
	l->nice = task_nice(tsk);
	l->policy = tsk->policy;
	l->rt_priority = tsk->rt_priority;
	lft_cmdline_record(tsk, false);
}

/**
 * lft_lat_fn() - write a function entry (the tracers mark their points so)
 *	or, with display-graph, a graph entry and its return
 * @tr: the array
 * @ip: the function
 * @parent_ip: its caller
 * @ctx: the context header to give it
 */
void lft_lat_fn(struct lft_array *tr, unsigned long ip,
		unsigned long parent_ip, const struct lft_entry *ctx)
{
	struct lft_fn_entry *ent;
	struct lft_rb_res res;

	if (READ_ONCE(tr->flags) & LFT_OPT_DISPLAY_GRAPH) {
		lft_lat_graph_mark(tr, ip, ctx);
		return;
	}
	ent = lft_lat_reserve(tr, sizeof(*ent), LFT_TRACE_FN, ctx, &res);
	if (!ent)
		return;
	ent->ip = ip;
	ent->parent_ip = parent_ip;
	lft_lat_commit(&res);
}

/**
 * lft_lat_reserve() - room for an entry of a latency tracer
 * @tr: the array
 * @size: the entry's size
 * @type: its type
 * @ctx: its context header
 * @res: the reservation, for lft_lat_commit()
 *
 * Return: the entry, its header filled in, or NULL (not recording, full).
 */
void *lft_lat_reserve(struct lft_array *tr, unsigned int size, u16 type,
		      const struct lft_entry *ctx, struct lft_rb_res *res)
{
	if (!lft_array_writable(tr))
		return NULL;
	return lft_trace_reserve_hdr(READ_ONCE(tr->rb), ctx, type, size, res);
}

/**
 * lft_lat_commit() - commit what lft_lat_reserve() gave
 * @res: the reservation
 */
void lft_lat_commit(struct lft_rb_res *res)
{
	lft_rb_commit(res);
	lft_taskinfo_note();
}

/**
 * lft_lat_stack() - write the current stack
 * @tr: the array
 * @ctx: the context header to give it
 * @skip: innermost frames to leave out, beyond the caller's
 */
noinline void lft_lat_stack(struct lft_array *tr,
			    const struct lft_entry *ctx, int skip)
{
	if (lft_array_writable(tr))
		lft_stack_record(tr, READ_ONCE(tr->rb), ctx, skip + 1);
}

/**
 * lft_lat_hooks_start() - trace the functions inside a latency window
 * @tr: the array the tracer runs in (lft_lock held)
 * @gate: says, per call, whether the function is inside the window
 *
 * With function-trace on: function entries, or with display-graph graph
 * entries and returns. A failed start leaves the window timed without
 * functions, as the kernel's tracers do (display-graph while
 * function_graph runs elsewhere: the hooks are taken).
 */
void lft_lat_hooks_start(struct lft_array *tr, lft_fn_gate_t gate)
{
	if (!(tr->flags & LFT_OPT_FUNC_TRACE))
		return;
	if (tr->flags & LFT_OPT_DISPLAY_GRAPH)
		lft_fgraph_register(tr, gate);
	else
		lft_fn_hook_start(tr, gate);
}

/* Undo lft_lat_hooks_start(), whichever hooks it started (lft_lock held). */
void lft_lat_hooks_stop(struct lft_array *tr)
{
	lft_fn_hook_stop(tr);
	lft_fgraph_unregister(tr);
}

/**
 * lft_lat_fn_switch() - function-trace on or off for a latency tracer
 * @tr: the array it runs in (lft_lock held)
 * @gate: says, per call, whether the function is inside the window
 * @on: the option's new value
 *
 * Either way is idempotent (the hooks know whether they run).
 */
void lft_lat_fn_switch(struct lft_array *tr, lft_fn_gate_t gate, bool on)
{
	if (on)
		lft_lat_hooks_start(tr, gate);
	else
		lft_lat_hooks_stop(tr);
}
