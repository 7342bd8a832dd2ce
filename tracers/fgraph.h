/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The graph hooks (tracers/fgraph.c): graph entries and returns into one
 * array at a time, for function_graph or a latency tracer's window; and
 * sleep time, for them and the profiler.
 */
#ifndef LFT_TRACERS_FGRAPH_H
#define LFT_TRACERS_FGRAPH_H

#include "arch/x86/fret.h"
#include "tracers/fn_array.h"

/* Also set by the boot parameters (tracers/fn_subsys.c), at load. */
extern struct lft_fn_filter lft_fgraph_filter, lft_fgraph_notrace;
extern unsigned int lft_fgraph_max_depth;

void lft_fgraph_init(void);
int lft_fgraph_register(struct lft_array *tr, lft_fn_gate_t gate);
void lft_fgraph_unregister(struct lft_array *tr);
int lft_fgraph_files_create(struct lft_array *tr);
void lft_fgraph_files_free(void);
int lft_fgraph_sleep_start(void);
void lft_fgraph_sleep_stop(void);
bool lft_fgraph_sleep_any_left_out(void);
bool lft_fgraph_sleep_left_out(lft_fret_fn_t fn);

#endif /* LFT_TRACERS_FGRAPH_H */
