/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function hook (tracers/fn_hook.c): function entries into the arrays
 * that start it, the function tracer's and the latency tracers' windows.
 */
#ifndef LFT_TRACERS_FN_HOOK_H
#define LFT_TRACERS_FN_HOOK_H

#include "tracers/fn_array.h"

void lft_fn_hook_init(void);
int lft_fn_hook_start(struct lft_array *tr, lft_fn_gate_t gate);
void lft_fn_hook_stop(struct lft_array *tr);
/* The hook's tests of an array's filters, for the graph hooks, profiler. */
bool lft_fn_pid_allowed(struct lft_array *tr);
bool lft_fn_top_wants(unsigned long ip);
int lft_fn_forks_follow(struct lft_array *tr, bool on);

#endif /* LFT_TRACERS_FN_HOOK_H */
