// SPDX-License-Identifier: GPL-2.0
/*
 * The tracers' function commands (core/fn_cmd.h), "func:cmd[:count]":
 *
 *   traceon, traceoff   turn tracing on/off when func is hit (a count
 *                       limits how many times the state is changed)
 *   stacktrace          record a stack trace when func is hit
 *   snapshot            take a snapshot when func is hit
 *   dump                dump the buffer (all CPUs) once; a count is
 *                       ignored
 *   cpudump             dump this CPU's buffer, at every hit (as 6.1)
 */
#include <linux/kernel.h>

#include "core/fn_cmd.h"
#include "core/trace.h"
#include "include/lftrace.h"
#include "tracers/function.h"

/*
 * A counted command's turn: a count left above zero is taken. The
 * stacktrace command's only stops at zero (an empty count field, -1, goes
 * on for ever), as in the kernel.
 */
static bool lft_cmd_take(struct lft_fn_cmd_entry *e, bool forever)
{
	long c = atomic_long_read(&e->count);

	do {
		if (!c || (c < 0 && !forever))
			return false;
	} while (!atomic_long_try_cmpxchg(&e->count, &c, c - 1));
	return true;
}

/*
 * "func:cmd[:N]": with a count field (even an empty one, unlimited) the
 * counted form; a removal's is not read.
 */
static int lft_cmd_parse_count(struct lft_fn_cmd_entry *e, char *arg,
			       bool remove)
{
	e->counted = !!arg;
	if (!arg || remove)
		return 0;
	return lft_fn_cmd_count(e, arg, 0);
}

static void lft_cmd_traceonoff(struct lft_fn_cmd_entry *e, bool on)
{
	/* A count is taken only when the state changes. */
	if (lft_array_on(e->tr) != on &&
	    (!e->counted || lft_cmd_take(e, false)))
		lft_array_set_on(e->tr, on);
}

static void lft_cmd_traceon(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	lft_cmd_traceonoff(e, true);
}

static void lft_cmd_traceoff(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	lft_cmd_traceonoff(e, false);
}

static void lft_cmd_stacktrace(struct lft_fn_cmd_entry *e,
			       struct pt_regs *regs)
{
	struct lft_entry ctx;

	/* 6.1's counted one waits for the top level's tracing_on. */
	if (e->counted && !lft_array_on(&lft_top))
		return;
	if ((!e->counted || lft_cmd_take(e, true)) &&
	    lft_array_writable(e->tr)) {
		lft_gen_ctx_dec(&ctx, LFT_TRACE_STACK);
		/*
		 * From the traced function (regs->ip is past its call to the
		 * trampoline), as the kernel's command starts.
		 */
		lft_stack_record_regs(e->tr, READ_ONCE(e->tr->rb), &ctx, regs);
	}
}

/* As the kernel: the command allocates the buffer, before any match. */
static int lft_cmd_snapshot_parse(struct lft_fn_cmd_entry *e, char *arg,
				  bool remove)
{
	int ret = lft_cmd_parse_count(e, arg, remove);

	return ret || remove ? ret : lft_snapshot_alloc(e->tr);
}

static void lft_cmd_snapshot(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	if (!e->counted || lft_cmd_take(e, false))
		lft_array_snapshot(e->tr);
}

/* dump takes no count but dumps once. */
static int lft_cmd_dump_parse(struct lft_fn_cmd_entry *e, char *arg,
			      bool remove)
{
	e->counted = true;
	atomic_long_set(&e->count, 1);
	return 0;
}

static void lft_cmd_dump(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	if (lft_cmd_take(e, false))
		lftrace_dump(LFTRACE_DUMP_ALL);
}

/*
 * 6.1's cpudump is never counted, whatever its comment says: it dumps at
 * every hit, and as each dump turns tracing off, the later ones find
 * little to print.
 */
static int lft_cmd_cpudump_parse(struct lft_fn_cmd_entry *e, char *arg,
				 bool remove)
{
	e->counted = false;
	return 0;
}

static void lft_cmd_cpudump(struct lft_fn_cmd_entry *e, struct pt_regs *regs)
{
	lftrace_dump(LFTRACE_DUMP_ORIG);
}

static struct lft_fn_cmd lft_tracer_cmds[] = {
	{ .name = "traceon", .parse = lft_cmd_parse_count,
	  .fire = lft_cmd_traceon },
	{ .name = "traceoff", .parse = lft_cmd_parse_count,
	  .fire = lft_cmd_traceoff },
	{ .name = "stacktrace", .parse = lft_cmd_parse_count,
	  .fire = lft_cmd_stacktrace },
	{ .name = "snapshot", .parse = lft_cmd_snapshot_parse,
	  .fire = lft_cmd_snapshot },
	{ .name = "dump", .parse = lft_cmd_dump_parse, .fire = lft_cmd_dump },
	{ .name = "cpudump", .parse = lft_cmd_cpudump_parse,
	  .fire = lft_cmd_cpudump },
};

int lft_fn_cmds_init(void)
{
	return lft_fn_cmd_register(lft_tracer_cmds, ARRAY_SIZE(lft_tracer_cmds));
}

void lft_fn_cmds_exit(void)
{
	lft_fn_cmd_unregister(lft_tracer_cmds, ARRAY_SIZE(lft_tracer_cmds));
}
