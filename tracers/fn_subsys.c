// SPDX-License-Identifier: GPL-2.0
/*
 * The tracers of lftrace's fentry hook (function, function_graph, the
 * stack tracer, the profiler, function commands) as one of lftrace's
 * subsystems (core/subsys.c), and their composition root: the one file
 * that names them all, none of them naming another (qemu-test/calls). Its
 * part in load and unload, and its boot options, applied before the
 * tracer of ftrace= starts:
 *
 *   ftrace_filter=F[,F]        set_ftrace_filter at load
 *   ftrace_notrace=F[,F]       set_ftrace_notrace at load
 *   ftrace_graph_filter=F[,F]  set_graph_function at load
 *   ftrace_graph_notrace=F[,F] set_graph_notrace at load
 *   ftrace_graph_max_depth=N   max_graph_depth at load
 *   stacktrace                 start the stack tracer at load
 *   stacktrace_filter=F[,F]    the stack tracer's functions
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/moduleparam.h>

#include "core/trace.h"
#include "tracers/fgraph.h"
#include "tracers/fn_array.h"
#include "tracers/fn_filter.h"
#include "tracers/fn_hook.h"
#include "tracers/function.h"
#include "tracers/graph.h"
#include "tracers/profile.h"
#include "tracers/stack_tracer.h"

static char *ftrace_filter;
module_param(ftrace_filter, charp, 0444);
MODULE_PARM_DESC(ftrace_filter, "functions to trace, comma-separated (as ftrace_filter=)");

static char *ftrace_notrace;
module_param(ftrace_notrace, charp, 0444);
MODULE_PARM_DESC(ftrace_notrace, "functions not to trace (as ftrace_notrace=)");

static char *ftrace_graph_filter;
module_param(ftrace_graph_filter, charp, 0444);
MODULE_PARM_DESC(ftrace_graph_filter, "set_graph_function at load (as ftrace_graph_filter=)");

static char *ftrace_graph_notrace;
module_param(ftrace_graph_notrace, charp, 0444);
MODULE_PARM_DESC(ftrace_graph_notrace, "set_graph_notrace at load (as ftrace_graph_notrace=)");

static uint ftrace_graph_max_depth;
module_param(ftrace_graph_max_depth, uint, 0444);
MODULE_PARM_DESC(ftrace_graph_max_depth, "max_graph_depth at load (as ftrace_graph_max_depth=)");

static bool stacktrace;
module_param(stacktrace, bool, 0444);
MODULE_PARM_DESC(stacktrace, "start the stack tracer at load (as stacktrace)");

static char *stacktrace_filter;
module_param(stacktrace_filter, charp, 0444);
MODULE_PARM_DESC(stacktrace_filter, "the stack tracer's functions (as stacktrace_filter=)");

/* A function filter from a parameter; a word matching nothing fails. */
static int lft_fn_boot_filter(struct lft_fn_filter *f, const char *text,
			      const char *param)
{
	int ret;

	if (!text || !*text)
		return 0;
	ret = lft_fn_filter_apply(f, text);
	if (ret)
		pr_err("%s: '%s' does not name traceable functions (%d)\n",
		       param, text, ret);
	return ret;
}

static int lft_fn_boot(enum lft_boot_stage stage)
{
	struct lft_fn_array *fa = lft_top.fn;
	int ret;

	if (stage != LFT_BOOT_BEFORE_TRACER)
		return 0;
	ret = lft_fn_boot_filter(&fa->filter, ftrace_filter, "ftrace_filter");
	if (!ret)
		ret = lft_fn_boot_filter(&fa->exclude, ftrace_notrace,
					 "ftrace_notrace");
	if (!ret)
		ret = lft_fn_boot_filter(&lft_fgraph_filter, ftrace_graph_filter,
					 "ftrace_graph_filter");
	if (!ret)
		ret = lft_fn_boot_filter(&lft_fgraph_notrace, ftrace_graph_notrace,
					 "ftrace_graph_notrace");
	if (ret)
		return ret;
	lft_fgraph_max_depth = ftrace_graph_max_depth;
	if (stacktrace || stacktrace_filter) {
		ret = lft_stack_tracer_start(stacktrace_filter);
		if (ret)
			pr_err("cannot start the stack tracer (stacktrace_filter '%s'): %d\n",
			       stacktrace_filter ? stacktrace_filter : "", ret);
	}
	return ret;
}

/* What runs without being the current tracer of an array. */
static void lft_fn_subsys_stop(void)
{
	lft_stack_tracer_stop();
	lft_profile_stop();
}

/*
 * The parts register with the arrays' function state (tracers/fn_array.c)
 * in the order their files follow set_ftrace_filter's and they follow its
 * changes: the function hook, the function tracer, the stack tracer, the
 * profiler, the graph hooks. Then the tracers, in the order
 * available_tracers lists them.
 */
static int lft_fn_subsys_init(void)
{
	int ret = lft_fn_arrays_init();

	if (ret)
		return ret;
	lft_fn_hook_init();
	ret = lft_function_init();
	if (ret)
		goto out;
	lft_stack_tracer_init();
	lft_profile_init();
	lft_fgraph_init();
	ret = lft_tracer_register(&lft_graph_tracer);
	if (!ret)
		ret = lft_fn_cmds_init();
	if (!ret)
		return 0;
out:
	lft_fn_arrays_exit();
	return ret;
}

static void lft_fn_subsys_exit(void)
{
	lft_fn_cmds_exit();
	lft_fn_arrays_exit();
	lft_stack_tracer_free();
	lft_profile_free();
}

struct lft_subsys lft_function_subsys = {
	.name = "function",
	.init = lft_fn_subsys_init,
	.stop = lft_fn_subsys_stop,
	.exit = lft_fn_subsys_exit,
	.boot = lft_fn_boot,
	/* Its commands may hold other parts' objects: they go first. */
	.array_free = lft_fn_probes_free,
};
