// SPDX-License-Identifier: GPL-2.0
/*
 * The function tracer: one entry per call of a traced function,
 * "func <-parent", in any array (the top level and each instance). The
 * entries are the function hook's (tracers/fn_hook.c), which it starts
 * for its arrays, under each array's set_ftrace_filter, set_ftrace_notrace,
 * set_ftrace_pid and set_ftrace_notrace_pid (tracers/fn_array.c).
 *
 * It makes every array's function state with the array, whatever the
 * array runs, and adds its own files to it: the commands
 * set_ftrace_filter takes (fn_probes.c), available_filter_functions and
 * enabled_functions (fn_files.c).
 */
#include "core/trace.h"
#include "tracers/fn_array.h"
#include "tracers/fn_hook.h"
#include "tracers/function.h"

static int lft_fn_init(struct lft_array *tr)
{
	return lft_fn_hook_start(tr, NULL);
}

/*
 * After the array's filter files; the stack tracer's and the profiler's
 * follow (they register later).
 */
static int lft_fn_array_files(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	lft_fn_probes_setup(tr, &fa->filter);
	return lft_fn_files_create(tr);
}

static struct lft_fn_user lft_fn_tracer_user = {
	.array_init = lft_fn_array_files,
};

struct lft_tracer lft_function_tracer = {
	.name = "function",
	.init = lft_fn_init,
	.reset = lft_fn_hook_stop,
	.array_init = lft_fn_array_create,
	.array_free = lft_fn_array_free,
	.allow_instances = true,
};

/* At load, after the function hook registered with the arrays' state. */
int lft_function_init(void)
{
	lft_fn_user_register(&lft_fn_tracer_user);
	return lft_tracer_register(&lft_function_tracer);
}
