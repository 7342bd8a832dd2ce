// SPDX-License-Identifier: GPL-2.0
/*
 * The function_graph tracer: entries and returns of the traced functions,
 * at the top level and in instances, several at once (upstream's since
 * 6.11; lftrace's on 6.1 too). The records are the graph hooks'
 * (tracers/fgraph.c), which it registers with while it runs, with no
 * window; their files (max_graph_depth, set_graph_function,
 * set_graph_notrace) come with the tracer at the top level, and apply to
 * every array, as upstream's; the lines are the graph printer's
 * (tracers/graph_print.c).
 */
#include "core/trace.h"
#include "tracers/fgraph.h"
#include "tracers/graph.h"
#include "tracers/graph_print.h"

static int lft_graph_init(struct lft_array *tr)
{
	return lft_fgraph_register(tr, NULL);
}

static int lft_graph_array_init(struct lft_array *tr)
{
	return tr->name ? 0 : lft_fgraph_files_create(tr);
}

static void lft_graph_array_free(struct lft_array *tr)
{
	if (!tr->name)
		lft_fgraph_files_free();
}

struct lft_tracer lft_graph_tracer = {
	.name = "function_graph",
	.init = lft_graph_init,
	.reset = lft_fgraph_unregister,
	.array_init = lft_graph_array_init,
	.array_free = lft_graph_array_free,
	.print_entry = lft_graph_print_entry,
	.print_header = lft_graph_print_header,
	.allow_instances = true,
};
