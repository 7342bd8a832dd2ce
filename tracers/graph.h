/* SPDX-License-Identifier: GPL-2.0 */
/* The function_graph tracer (graph.c) and its printer (graph_print.c). */
#ifndef LFT_TRACERS_GRAPH_H
#define LFT_TRACERS_GRAPH_H

#include "core/trace.h"

/* LFT_TRACE_GRAPH_ENT: the kernel's struct ftrace_graph_ent_entry. */
struct lft_graph_ent_entry {
	struct lft_entry ent;
	unsigned long func;
	int depth;
} __packed;

/* LFT_TRACE_GRAPH_RET: the kernel's struct ftrace_graph_ret_entry. */
struct lft_graph_ret_entry {
	struct lft_entry ent;
	unsigned long func;
	int depth;
	unsigned int overrun;
	unsigned long long calltime;
	unsigned long long rettime;
} __packed;

struct lft_fn_filter;

extern struct lft_tracer lft_graph_tracer;
/* Also set by the boot parameters (core/params.c), at load. */
extern struct lft_fn_filter lft_graph_filter, lft_graph_notrace;
extern unsigned int lft_graph_max_depth;
int lft_graph_filter_changed(void);
int lft_graph_sleep_start(void);
void lft_graph_sleep_stop(void);

bool lft_graph_print_entry(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data);
void lft_graph_print_header(struct lft_print_iter *it, struct lft_rb *rb,
			    struct seq_buf *s, int cpu);

#endif /* LFT_TRACERS_GRAPH_H */
