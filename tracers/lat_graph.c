// SPDX-License-Identifier: GPL-2.0
/*
 * options/display-graph for the latency tracers, as in 6.1: the window is
 * recorded and shown as function_graph shows a trace.
 *
 *  - with function-trace, the functions inside the window are recorded
 *    as graph entries and returns (the window's hooks are fgraph.c's,
 *    gated by the tracer's window);
 *  - the tracers' own marks (where a section starts and stops, the wakeup
 *    and the switch) are a graph entry and its return at depth 0, one
 *    time for both: a leaf of no duration;
 *  - "trace" prints with the graph printer and header, with the kernel's
 *    fixed columns for these tracers (time since the max trace began,
 *    CPU, task, duration) whatever the funcgraph-* options say; function
 *    entries (recorded before the option changed) and stacks keep their
 *    own lines, other entries (the wakeup tracers' switch lines) are
 *    comments.
 *
 * The tracers restart their hooks and start a fresh window when the
 * option changes while they run (wakeup.c, irqsoff.c).
 */
#include <linux/sched/clock.h>

#include "tracers/graph_print.h"
#include "tracers/latency.h"

/* The kernel's GRAPH_TRACER_FLAGS of trace_irqsoff.c, trace_sched_wakeup.c */
#define LFT_LAT_GRAPH_COLUMNS	(LFT_GRAPH_REL_TIME | LFT_OPT_GRAPH_CPU | \
				 LFT_OPT_GRAPH_PROC | LFT_OPT_GRAPH_DURATION)

/**
 * lft_lat_graph_mark() - a tracer's mark as a graph entry and return
 * @tr: the array
 * @ip: the function marked
 * @ctx: the context header to give both
 */
void lft_lat_graph_mark(struct lft_array *tr, unsigned long ip,
			const struct lft_entry *ctx)
{
	struct lft_graph_ent_entry *ent;
	struct lft_graph_ret_entry *ret;
	struct lft_rb_res res;
	u64 now = sched_clock();

	ent = lft_lat_reserve(tr, sizeof(*ent), LFT_TRACE_GRAPH_ENT, ctx, &res);
	if (ent) {
		ent->func = ip;
		ent->depth = 0;
		lft_lat_commit(&res);
	}
	ret = lft_lat_reserve(tr, sizeof(*ret), LFT_TRACE_GRAPH_RET, ctx, &res);
	if (!ret)
		return;
	ret->func = ip;
	ret->depth = 0;
	ret->overrun = 0;
	ret->calltime = now;
	ret->rettime = now;
	lft_lat_commit(&res);
}

/**
 * lft_lat_print_entry() - a latency tracer's line, graph style or not
 * @it: the reader
 * @s: where to print
 * @e: the entry's time, CPU and length
 * @data: the entry
 *
 * Return: false to leave the entry to the core (display-graph off, or a
 * function entry or a stack).
 */
bool lft_lat_print_entry(struct lft_print_iter *it, struct seq_buf *s,
			 const struct lft_rb_entry *e, const void *data)
{
	if (!(READ_ONCE(it->tr->flags) & LFT_OPT_DISPLAY_GRAPH))
		return false;
	return lft_graph_print_flags(it, s, e, data, LFT_LAT_GRAPH_COLUMNS);
}

/**
 * lft_lat_print_header() - a latency tracer's header, graph style or not
 * @it: the reader
 * @rb: the buffer shown
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 */
void lft_lat_print_header(struct lft_print_iter *it, struct lft_rb *rb,
			  struct seq_buf *s, int cpu)
{
	if (READ_ONCE(it->tr->flags) & LFT_OPT_DISPLAY_GRAPH)
		lft_graph_header_flags(it, rb, s, cpu, LFT_LAT_GRAPH_COLUMNS);
	else
		lft_print_default_header(it, rb, s, cpu);
}
