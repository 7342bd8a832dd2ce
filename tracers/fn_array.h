/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracers' per-array state (tracers/fn_array.c): every
 * array's set_ftrace_filter, set_ftrace_notrace, set_ftrace_pid and
 * set_ftrace_notrace_pid. The hooks that follow them (the function hook,
 * the graph hooks, the profiler) and whoever adds files beside them
 * register a struct lft_fn_user; fn_array.c names none of them.
 */
#ifndef LFT_TRACERS_FN_ARRAY_H
#define LFT_TRACERS_FN_ARRAY_H

#include "core/trace.h"
#include "tracers/fn_filter.h"

/* A latency tracer's window: is this call (or return) inside it? */
typedef bool (*lft_fn_gate_t)(struct lft_array *tr, unsigned long ip,
			      unsigned long parent_ip);

/**
 * struct lft_fn_array - an array's function tracing state and files
 * @filter: set_ftrace_filter (and its commands, tracers/fn_probes.c)
 * @exclude: set_ftrace_notrace
 * @pids: set_ftrace_pid (NULL: every task)
 * @notrace_pids: set_ftrace_notrace_pid
 * @pid_filtered: either pid set is in use (a quick test for the hook)
 * @active: the function hook (fn_hook.c) records into the array
 * @gate: a latency tracer's: is this call inside its window?
 * @tr: the array
 */
struct lft_fn_array {
	struct lft_fn_filter filter;
	struct lft_fn_filter exclude;
	struct lft_pidset __rcu *pids;
	struct lft_pidset __rcu *notrace_pids;
	bool pid_filtered;
	bool active;
	lft_fn_gate_t gate;
	struct lft_array *tr;
};

/**
 * struct lft_fn_user - what follows the arrays' function state
 * @array_init: a new array's filter and pid files exist: make the user's
 *	own beside them (lft_lock held); users are called in the order they
 *	registered, which is the order of the files
 * @filter_changed: @tr's set_ftrace_filter or set_ftrace_notrace changed
 *	(lft_lock held): patch what follows it again
 * @list: registry link
 *
 * Either callback may be NULL.
 */
struct lft_fn_user {
	int (*array_init)(struct lft_array *tr);
	int (*filter_changed)(struct lft_array *tr);
	struct list_head list;
};

void lft_fn_user_register(struct lft_fn_user *u);
int lft_fn_arrays_init(void);
void lft_fn_arrays_exit(void);
int lft_fn_array_create(struct lft_array *tr);
void lft_fn_array_free(struct lft_array *tr);

#endif /* LFT_TRACERS_FN_ARRAY_H */
