/* SPDX-License-Identifier: GPL-2.0 */
/* The function tracer's per-array state (tracers/function.c). */
#ifndef LFT_TRACERS_FUNCTION_H
#define LFT_TRACERS_FUNCTION_H

#include "tracers/fn_filter.h"

struct lft_pidset;

/**
 * struct lft_fn_array - an array's function tracing state and files
 * @filter: set_ftrace_filter (and its commands, tracers/fn_probes.c)
 * @exclude: set_ftrace_notrace
 * @pids: set_ftrace_pid (NULL: every task)
 * @notrace_pids: set_ftrace_notrace_pid
 * @pid_filtered: either pid set is in use (a quick test for the hook)
 * @active: the array runs the function tracer
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
	bool (*gate)(struct lft_array *tr, unsigned long ip,
		     unsigned long parent_ip);
	struct lft_array *tr;
};

extern struct lft_tracer lft_function_tracer;
int lft_function_init(void);
void lft_function_exit(void);

/* fn_probes.c: which function commands run on which functions. */
void lft_fn_probes_setup(struct lft_array *tr, struct lft_fn_filter *f);
void lft_fn_probes_free(struct lft_array *tr);

/* fn_cmds.c: traceon, stacktrace, snapshot, dump and the like. */
int lft_fn_cmds_init(void);
void lft_fn_cmds_exit(void);

/* fn_filter.c: the functions a glob names, sorted; -EINVAL for none. */
int lft_fn_filter_match(char *glob, unsigned long **ips, unsigned long *n);

/* stack_tracer.c */
int lft_stack_tracer_create(struct lft_array *tr);
int lft_stack_tracer_start(const char *filter);
void lft_stack_tracer_stop(void);
void lft_stack_tracer_free(void);

/* Does the top level's set_ftrace_filter/notrace select @ip? */
bool lft_fn_top_wants(unsigned long ip);
bool lft_fn_pid_allowed(struct lft_array *tr);

/* profile.c: function_profile_enabled and trace_stat/ */
int lft_profile_create(struct lft_array *tr);
int lft_profile_filter_changed(void);
void lft_profile_stop(void);
void lft_profile_free(void);

/* fn_files.c: available_filter_functions, enabled_functions. */
int lft_fn_files_create(struct lft_array *tr);

#endif /* LFT_TRACERS_FUNCTION_H */
