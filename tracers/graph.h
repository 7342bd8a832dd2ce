/* SPDX-License-Identifier: GPL-2.0 */
/* The function_graph tracer (tracers/graph.c), for the family's root. */
#ifndef LFT_TRACERS_GRAPH_H
#define LFT_TRACERS_GRAPH_H

#include "core/trace.h"

extern struct lft_tracer lft_graph_tracer;

#endif /* LFT_TRACERS_GRAPH_H */
