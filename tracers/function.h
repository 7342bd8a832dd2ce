/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The function tracer (tracers/function.c) and the parts of its family
 * that are its own: function commands, the filter files' listings.
 */
#ifndef LFT_TRACERS_FUNCTION_H
#define LFT_TRACERS_FUNCTION_H

#include "core/trace.h"

struct lft_fn_filter;

extern struct lft_tracer lft_function_tracer;
int lft_function_init(void);

/* fn_probes.c: which function commands run on which functions. */
void lft_fn_probes_setup(struct lft_array *tr, struct lft_fn_filter *f);
void lft_fn_probes_free(struct lft_array *tr);

/* fn_cmds.c: traceon, stacktrace, snapshot, dump and the like. */
int lft_fn_cmds_init(void);
void lft_fn_cmds_exit(void);

/* fn_files.c: available_filter_functions, enabled_functions. */
int lft_fn_files_create(struct lft_array *tr);

#endif /* LFT_TRACERS_FUNCTION_H */
