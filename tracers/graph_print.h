/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The graph printer (tracers/graph_print.c): graph entries and returns as
 * function_graph prints them, and as the latency tracers print their
 * windows with display-graph.
 */
#ifndef LFT_TRACERS_GRAPH_PRINT_H
#define LFT_TRACERS_GRAPH_PRINT_H

#include "core/trace.h"

/*
 * The printer's columns and marks: function_graph's options, and one that
 * is no option (bit 62: never in an array's flags), the latency tracers'
 * time since the max trace began.
 */
#define LFT_GRAPH_OPT_COLUMNS	(LFT_OPT_GRAPH_ABSTIME | LFT_OPT_GRAPH_CPU | \
				 LFT_OPT_GRAPH_PROC | LFT_OPT_GRAPH_DURATION | \
				 LFT_OPT_GRAPH_OVERHEAD | LFT_OPT_GRAPH_IRQS | \
				 LFT_OPT_GRAPH_TAIL | LFT_OPT_GRAPH_OVERRUN | \
				 LFT_OPT_LATENCY_FMT)
#define LFT_GRAPH_REL_TIME	BIT(62)

bool lft_graph_print_flags(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data,
			   unsigned long fl);
void lft_graph_header_flags(struct lft_print_iter *it, struct lft_rb *rb,
			    struct seq_buf *s, int cpu, unsigned long fl);
bool lft_graph_print_entry(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data);
void lft_graph_print_header(struct lft_print_iter *it, struct lft_rb *rb,
			    struct seq_buf *s, int cpu);

#endif /* LFT_TRACERS_GRAPH_PRINT_H */
