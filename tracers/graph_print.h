/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The graph printer (tracers/graph_print.c): graph entries and returns as
 * function_graph prints them, and as the latency tracers print their
 * windows with display-graph; and its records' layouts
 * (tracers/graph_rec.c).
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
				 LFT_OPT_LATENCY_FMT | LFT_OPT_GRAPH_RETVAL | \
				 LFT_OPT_GRAPH_RETVAL_HEX | \
				 LFT_OPT_GRAPH_RETADDR)
#define LFT_GRAPH_REL_TIME	BIT(62)

/**
 * struct lft_graph_call - a graph entry, whatever its layout
 * @ent: its header
 * @func: the function
 * @depth: its depth
 * @has_retaddr: a funcgraph-retaddr entry: @retaddr is set
 * @has_args: funcgraph-args' registers: @args are set
 * @retaddr: where the call returns to
 * @args: the argument registers at the call
 */
struct lft_graph_call {
	struct lft_entry ent;
	unsigned long func;
	int depth;
	bool has_retaddr;
	bool has_args;
	unsigned long retaddr;
	unsigned long args[LFT_FN_NARGS];
};

/**
 * struct lft_graph_rv - a graph return, whatever its layout
 * @ent: its header
 * @func: the function
 * @depth: its depth
 * @overrun: frames not hooked, over all tasks
 * @calltime: when it was called
 * @rettime: when it returned
 * @has_retval: funcgraph-retval's layout: @retval is set
 * @retval: the value returned
 */
struct lft_graph_rv {
	struct lft_entry ent;
	unsigned long func;
	int depth;
	unsigned int overrun;
	u64 calltime, rettime;
	bool has_retval;
	unsigned long retval;
};

bool lft_graph_call_read(const struct lft_rb_entry *e, const void *data,
			 struct lft_graph_call *c);
bool lft_graph_rv_read(const struct lft_rb_entry *e, const void *data,
		       struct lft_graph_rv *r);
void lft_graph_call_name(struct seq_buf *s, const struct lft_graph_call *c);
void lft_graph_retaddr(struct lft_print_iter *it, struct seq_buf *s,
		       unsigned long addr);
void lft_graph_retval(struct seq_buf *s, unsigned long retval,
		      unsigned long fl);

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
