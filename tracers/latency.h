/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the latency tracers (wakeup*, irqsoff, preemptoff, preemptirqsoff)
 * share: their setup of an array, the reporting rule, the max trace kept
 * in the snapshot buffer, and the entries they write (tracers/latency.c).
 */
#ifndef LFT_TRACERS_LATENCY_H
#define LFT_TRACERS_LATENCY_H

#include "core/trace.h"
#include "tracers/fn_array.h"

struct task_struct;

int lft_lat_begin(struct lft_array *tr, bool pause);
void lft_lat_end(struct lft_array *tr);
bool lft_lat_report(struct lft_array *tr, u64 delta);
void lft_lat_update(struct lft_array *tr, struct task_struct *tsk, int cpu,
		    bool one_cpu, u64 start, unsigned long crit_start,
		    unsigned long crit_end);
void lft_lat_fn(struct lft_array *tr, unsigned long ip,
		unsigned long parent_ip, const struct lft_entry *ctx);
void *lft_lat_reserve(struct lft_array *tr, unsigned int size, u16 type,
		      const struct lft_entry *ctx, struct lft_rb_res *res);
void lft_lat_commit(struct lft_rb_res *res);
void lft_lat_stack(struct lft_array *tr, const struct lft_entry *ctx,
		   int skip);

/* function-trace: functions inside the window (tracers/fn_hook.c). */
void lft_lat_fn_switch(struct lft_array *tr, lft_fn_gate_t gate, bool on);
void lft_lat_hooks_start(struct lft_array *tr, lft_fn_gate_t gate);
void lft_lat_hooks_stop(struct lft_array *tr);

/* display-graph (lat_graph.c; the window's hooks: tracers/fgraph.c) */
void lft_lat_graph_mark(struct lft_array *tr, unsigned long ip,
			const struct lft_entry *ctx);
bool lft_lat_print_entry(struct lft_print_iter *it, struct seq_buf *s,
			 const struct lft_rb_entry *e, const void *data);
void lft_lat_print_header(struct lft_print_iter *it, struct lft_rb *rb,
			  struct seq_buf *s, int cpu);

/* wakeup.c, irqsoff.c: for the family's root (lat_subsys.c) */
int lft_wakeup_init(void);
int lft_irqsoff_init(void);

/* irqsoff_sampled.c: where the kernel has no irq/preempt tracepoints */
int lft_sampled_start(struct lft_array *tr, unsigned int type);
void lft_sampled_stop(void);
void lft_sampled_note(struct lft_array *tr, struct seq_buf *s);

/* Which sections the irqsoff family times (the kernel's trace_type). */
#define LFT_LAT_IRQS		BIT(0)
#define LFT_LAT_PREEMPT		BIT(1)

#endif /* LFT_TRACERS_LATENCY_H */
