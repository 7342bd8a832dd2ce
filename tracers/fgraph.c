// SPDX-License-Identifier: GPL-2.0
/*
 * The graph hooks: an entry record when a traced function is entered, a
 * return record (with call and return times) when it returns, through
 * lftrace's fentry hook and the kernel's rethook (arch/x86/fret.c), into
 * one array at a time. function_graph registers with them for the top
 * level; a latency tracer with display-graph and function-trace for its
 * window, with a gate, as the kernel's tracers register their fgraph_ops.
 * Sleep time (the sched_switch probe that leaves a task's time switched
 * out of its frames) is here too, for them and the profiler.
 *
 * Which calls are recorded:
 *   set_ftrace_filter/notrace  which functions are patched at all (the
 *                              top level's, tracers/fn_array.c)
 *   set_graph_function         only calls nested under these: a call is
 *                              recorded if the task has a hooked frame
 *                              already, or the function is listed (the
 *                              hooked frames are exactly the recorded ones)
 *   set_graph_notrace          these and everything under them are not:
 *                              their frame is hooked with a marker return
 *   max_graph_depth            calls deeper than this are not
 *   set_ftrace_pid             as for the function tracer
 *   tracing_thresh             only returns that took at least this long
 *                              are recorded, and no entries (as 6.1;
 *                              function_graph's only)
 *   funcgraph-irqs off         calls in hardirq context are not
 *                              (function_graph's only)
 *   a gate                     a latency tracer's: calls and returns
 *                              outside its window are not
 * Records have the kernel's layouts and type numbers, for trace-cmd. Call
 * and return times are sched_clock()'s whatever trace_clock is (the kernel
 * times them with its "local" clock too), so durations are in ns; with
 * sleep-time off, a task's time switched out is left out of its frames.
 */
#include <linux/kallsyms.h>
#include <linux/sched/clock.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "tracers/fgraph.h"
#include "tracers/fn_array.h"
#include "tracers/fn_hook.h"
#include "tracers/fn_filter.h"

/* Frames hooked at once over all tasks (sleeping ones keep theirs). */
#define LFT_GRAPH_NODES		32768

static struct lft_array *lft_graph_tr;		/* READ_ONCE in the hooks */
struct lft_fn_filter lft_fgraph_filter;		/* set_graph_function */
struct lft_fn_filter lft_fgraph_notrace;	/* set_graph_notrace */
unsigned int lft_fgraph_max_depth;		/* 0: no limit */
static bool lft_graph_thresh;			/* tracing_thresh at start */
static bool lft_graph_files;			/* the filters were set up */
/* A latency tracer's window (display-graph), or NULL for function_graph. */
static lft_fn_gate_t lft_graph_gate;

/*
 * The hook's guard lets one nested entry through per context, so what the
 * graph's own handlers call would be recorded: the ring buffer's wake-up of
 * a reader raises an irq_work, and arch_irq_work_raise() is traceable (it
 * showed as a child of each traced call under trace-cmd, whose readers
 * wait). Nothing is recorded while a handler of ours runs in the same
 * context on this CPU, as the kernel's graph tracer records nothing while
 * its own handler runs.
 */
struct lft_graph_busy {
	u8 ctx[4];
};

static DEFINE_PER_CPU(struct lft_graph_busy, lft_graph_busy);

static __always_inline u8 *lft_graph_busy_enter(void)
{
	u8 *busy = &this_cpu_ptr(&lft_graph_busy)->ctx[interrupt_context_level()];

	if (*busy)
		return NULL;
	*busy = 1;
	barrier();
	return busy;
}

static __always_inline void lft_graph_busy_exit(u8 *busy)
{
	barrier();
	*busy = 0;
}

static void lft_graph_notrace_ret(unsigned long func, int depth, u64 calltime,
				  struct pt_regs *regs)
{
}

/*
 * @irqs_on: the handler turned interrupts off; its record shows them as
 * the traced code had them (the kernel's records take the saved flags).
 */
/*
 * funcgraph-retval on: the return in upstream's layout, with the value
 * (out of line: the default path stays as it was).
 */
static noinline void lft_graph_ret_retval(struct lft_rb *rb,
					  unsigned long func, int depth,
					  u64 calltime, u64 now, bool irqs_on,
					  unsigned long retval)
{
	struct lft_graph_retv_entry *r;
	struct lft_rb_res res __uninitialized;

	r = lft_trace_reserve_at(rb, LFT_TRACE_GRAPH_RET, sizeof(*r), 1, &res,
				 now);
	if (!r)
		return;
	if (irqs_on)
		r->ent.flags &= ~LFT_FLAG_IRQS_OFF;
	r->func = func;
	r->retval = retval;
	r->depth = depth;
	r->overrun = lft_fret_missed();
	r->calltime = calltime;
	r->rettime = now;
	lft_rb_commit(&res);
}

static void lft_graph_ret_one(unsigned long func, int depth, u64 calltime,
			      bool irqs_on, unsigned long retval)
{
	struct lft_array *tr = READ_ONCE(lft_graph_tr);
	struct lft_graph_ret_entry *r;
	struct lft_rb_res res __uninitialized;
	struct lft_rb *rb;
	lft_fn_gate_t gate;
	u64 now = sched_clock();

	if (!tr || !lft_array_writable(tr))
		return;
	/* Returned on another CPU, whose clock may be a little behind. */
	if ((s64)(now - calltime) < 0)
		now = calltime;
	gate = READ_ONCE(lft_graph_gate);
	/* A latency tracer's window may have closed since the call. */
	if (gate && !gate(tr, func, 0))
		return;
	if (lft_graph_thresh && now - calltime < READ_ONCE(lft_tracing_thresh))
		return;
	rb = READ_ONCE(tr->rb);
	/* function_graph's option; the latency tracers' windows have none. */
	if (unlikely(READ_ONCE(tr->flags) & LFT_OPT_GRAPH_RETVAL) && !gate) {
		lft_graph_ret_retval(rb, func, depth, calltime, now, irqs_on,
				     retval);
		lft_taskinfo_note();
		return;
	}
	r = lft_trace_reserve_at(rb, LFT_TRACE_GRAPH_RET, sizeof(*r), 1, &res,
				 now);
	if (!r)
		return;
	if (irqs_on)
		r->ent.flags &= ~LFT_FLAG_IRQS_OFF;
	r->func = func;
	r->depth = depth;
	/* Frames not hooked for want of a node, over all tasks. */
	r->overrun = lft_fret_missed();
	r->calltime = calltime;
	r->rettime = now;
	lft_rb_commit(&res);
	/* Under tracing_thresh returns are the only lines: name their task. */
	lft_taskinfo_note();
}

/*
 * function_graph's handlers run with interrupts off, as the kernel's do:
 * an interrupt landing in one (the irq_work that its own ring buffer
 * commit raises for a waiting reader lands there by construction) found
 * this context busy at irq_enter_rcu() and at irq_exit_rcu()'s return,
 * which run at the interrupted context's level, and lost those records:
 * an irq_exit_rcu() entry without its return (perf ftrace -G showed it).
 * The latency tracers' windows (a gate) leave them on: their gates look
 * at the interrupt state of the traced code.
 */
static __always_inline bool lft_graph_irqs_save(unsigned long *flags)
{
	if (READ_ONCE(lft_graph_gate))
		return false;
	local_irq_save(*flags);
	return true;
}

/* No stack canary (the reservation inlined here holds no buffer). */
static __no_stack_protector void lft_graph_ret(unsigned long func, int depth,
					       u64 calltime,
					       struct pt_regs *regs)
{
	unsigned long flags;
	bool off = lft_graph_irqs_save(&flags);
	u8 *busy = lft_graph_busy_enter();

	if (busy) {
		lft_graph_ret_one(func, depth, calltime,
				  off && !irqs_disabled_flags(flags), regs->ax);
		lft_graph_busy_exit(busy);
	}
	if (off)
		local_irq_restore(flags);
}

/*
 * funcgraph-retaddr or funcgraph-args on: the entry in upstream's newest
 * layout, the return address (the caller's, where this call returns)
 * first in args[] of a retaddr entry, the argument registers after it.
 */
static noinline void lft_graph_ent_extra(struct lft_rb *rb, unsigned long ip,
					 unsigned long parent_ip,
					 struct pt_regs *regs, int depth,
					 u64 now, bool irqs_on,
					 unsigned long fl)
{
	struct lft_graph_args_entry *ent;
	struct lft_rb_res res __uninitialized;
	int type = LFT_TRACE_GRAPH_ENT;
	unsigned int n = 0;

	BUILD_BUG_ON(sizeof(struct lft_graph_args_entry) !=
		     sizeof(struct lft_graph_retaddr_entry));
	if (fl & LFT_OPT_GRAPH_RETADDR) {
		type = LFT_TRACE_GRAPH_RETADDR;
		n = 1;
	}
	if (fl & LFT_OPT_GRAPH_ARGS)
		n += LFT_FN_NARGS;
	ent = lft_trace_reserve_at(rb, type, sizeof(*ent) + n * sizeof(long),
				   0, &res, now);
	if (!ent)
		return;
	if (irqs_on)
		ent->ent.flags &= ~LFT_FLAG_IRQS_OFF;
	ent->func = ip;
	ent->depth = depth;
	n = 0;
	if (fl & LFT_OPT_GRAPH_RETADDR)
		ent->args[n++] = parent_ip;
	if (fl & LFT_OPT_GRAPH_ARGS) {
		ent->args[n++] = regs->di;
		ent->args[n++] = regs->si;
		ent->args[n++] = regs->dx;
		ent->args[n++] = regs->cx;
		ent->args[n++] = regs->r8;
		ent->args[n++] = regs->r9;
	}
	lft_rb_commit(&res);
}

/* @irqs_on: as for lft_graph_ret_one(). */
static void lft_graph_hit_one(unsigned long ip, unsigned long parent_ip,
			      struct pt_regs *regs, bool irqs_on)
{
	struct lft_array *tr = READ_ONCE(lft_graph_tr);
	struct lft_graph_ent_entry *ent;
	unsigned int max = READ_ONCE(lft_fgraph_max_depth);
	struct lft_rb_res res __uninitialized;
	lft_fn_gate_t gate = READ_ONCE(lft_graph_gate);
	struct lft_rb *rb;
	unsigned long fl;
	int depth;
	u64 now;

	if (!tr || !lft_array_writable(tr) || !lft_fn_pid_allowed(tr))
		return;
	/* funcgraph-irqs is function_graph's: latency tracers ignore it. */
	if (gate) {
		if (!gate(tr, ip, parent_ip))
			return;
	} else if (!(READ_ONCE(tr->flags) & LFT_OPT_GRAPH_IRQS) &&
		   in_hardirq()) {
		return;
	}
	if (!lft_fn_filter_empty(&lft_fgraph_notrace)) {
		if (lft_fret_under(lft_graph_notrace_ret))
			return;
		if (lft_fn_filter_has(&lft_fgraph_notrace, ip)) {
			lft_fret_hook(regs, ip, 0, lft_graph_notrace_ret);
			return;
		}
	}
	depth = lft_fret_depth(lft_graph_ret);
	if (max && depth >= max)
		return;
	if (!depth && !lft_fn_filter_empty(&lft_fgraph_filter) &&
	    !lft_fn_filter_has(&lft_fgraph_filter, ip))
		return;
	now = sched_clock();
	depth = lft_fret_hook_at(regs, ip, now, lft_graph_ret, depth);
	if (depth < 0 || lft_graph_thresh)
		return;
	rb = READ_ONCE(tr->rb);
	fl = READ_ONCE(tr->flags) & (LFT_OPT_GRAPH_RETADDR | LFT_OPT_GRAPH_ARGS);
	if (unlikely(fl) && !gate) {
		lft_graph_ent_extra(rb, ip, parent_ip, regs, depth, now,
				    irqs_on, fl);
		lft_taskinfo_note();
		return;
	}
	/*
	 * The kernel's entries count the preemption its hook disabled, its
	 * returns do not: the same flags as its lines.
	 */
	ent = lft_trace_reserve_at(rb, LFT_TRACE_GRAPH_ENT, sizeof(*ent), 0,
				   &res, now);
	if (!ent)
		return;
	if (irqs_on)
		ent->ent.flags &= ~LFT_FLAG_IRQS_OFF;
	ent->func = ip;
	ent->depth = depth;
	lft_rb_commit(&res);
	lft_taskinfo_note();
}

/* The hook's entry point: preemption is off, any context. No canary. */
static __no_stack_protector void lft_graph_hit(unsigned long ip,
					       unsigned long parent_ip,
					       struct pt_regs *regs)
{
	unsigned long flags;
	bool off = lft_graph_irqs_save(&flags);
	u8 *busy = lft_graph_busy_enter();

	if (busy) {
		lft_graph_hit_one(ip, parent_ip, regs,
				  off && !irqs_disabled_flags(flags));
		lft_graph_busy_exit(busy);
	}
	if (off)
		local_irq_restore(flags);
}

/* Before kprobe events: their return probes then fire inside its frame. */
static struct lft_fentry_ops lft_graph_fentry = {
	.hit = lft_graph_hit,
	.order = 50,
};

/* ---------------------------------------------------------- sleep time */

static struct tracepoint *lft_graph_switch_tp;
static int lft_graph_sleep_users;		/* lft_lock */

static void lft_graph_switch(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next, unsigned int prev_state)
{
	if (READ_ONCE(lft_top.flags) & LFT_OPT_SLEEP_TIME)
		return;
	lft_fret_sched_switch(prev, next, sched_clock());
}

/**
 * lft_fgraph_sleep_start() - honour sleep-time for hooked frames
 *
 * For the graph hooks and the profiler, between lft_fret_start() and
 * lft_fret_stop(); called with lft_lock held.
 *
 * Return: 0 or a negative errno.
 */
int lft_fgraph_sleep_start(void)
{
	int ret;

	if (lft_graph_sleep_users++)
		return 0;
	if (!lft_graph_switch_tp)
		lft_graph_switch_tp = lft_tp_find("sched_switch");
	ret = lft_graph_switch_tp ?
	      tracepoint_probe_register(lft_graph_switch_tp, lft_graph_switch,
					NULL) : -ENOENT;
	if (ret)
		lft_graph_sleep_users--;
	return ret;
}

/**
 * lft_fgraph_sleep_stop() - balance lft_fgraph_sleep_start()
 *
 * The probe may still run until the caller's lft_fret_stop() returns.
 */
void lft_fgraph_sleep_stop(void)
{
	if (!--lft_graph_sleep_users)
		tracepoint_probe_unregister(lft_graph_switch_tp,
					    lft_graph_switch, NULL);
}

/* ----------------------------------------------------------- the users */

static bool lft_graph_want(unsigned long ip, void *data)
{
	return lft_fn_top_wants(ip);
}

static int lft_graph_repatch(void)
{
	return lft_fentry_update(&lft_graph_fentry, lft_graph_tr ? lft_graph_want :
				 NULL, NULL);
}

/* set_ftrace_filter/notrace of an array changed (lft_lock held). */
static int lft_graph_filter_changed(struct lft_array *tr)
{
	return !tr->name && lft_graph_tr ? lft_graph_repatch() : 0;
}

static struct lft_fn_user lft_graph_fn_user = {
	.filter_changed = lft_graph_filter_changed,
};

/* At load: the hooks follow the top level's set_ftrace_filter/notrace. */
void lft_fgraph_init(void)
{
	lft_fn_user_register(&lft_graph_fn_user);
}

/* Start the hooks for @tr: function_graph's (@gate NULL) or a window's. */
static int lft_graph_start(struct lft_array *tr, lft_fn_gate_t gate)
{
	int ret;

	/* One user at a time, as the kernel's register_ftrace_graph(). */
	if (lft_graph_tr)
		return -EBUSY;
	ret = lft_taskinfo_start(LFT_TI_CMDLINE);
	if (ret)
		return ret;
	ret = lft_fret_start(LFT_GRAPH_NODES);
	if (ret)
		goto out_taskinfo;
	ret = lft_fgraph_sleep_start();
	if (ret)
		goto out_fret;
	/* Its set_ftrace_pid follows forks with function-fork, as the hook's. */
	ret = lft_fn_forks_follow(tr, true);
	if (ret)
		goto out_sleep;
	/* tracing_thresh is function_graph's filter, not the windows'. */
	lft_graph_thresh = !gate && READ_ONCE(lft_tracing_thresh) != 0;
	WRITE_ONCE(lft_graph_gate, gate);
	WRITE_ONCE(lft_graph_tr, tr);
	ret = lft_graph_repatch();
	if (!ret)
		return 0;
	WRITE_ONCE(lft_graph_tr, NULL);
	lft_graph_repatch();
	WRITE_ONCE(lft_graph_gate, NULL);
	lft_fn_forks_follow(tr, false);
out_sleep:
	lft_fgraph_sleep_stop();
out_fret:
	lft_fret_stop();
out_taskinfo:
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	return ret;
}

/**
 * lft_fgraph_register() - graph records into an array
 * @tr: the array (lft_lock held)
 * @gate: NULL for function_graph; or a latency tracer's window, which
 *	says per call and per return whether it is inside
 *
 * A window (display-graph with function-trace) gets entries and returns
 * instead of function entries, for the functions set_ftrace_filter
 * selects, under set_graph_function, set_graph_notrace and
 * max_graph_depth, as the kernel's fgraph_ops of these tracers; a window
 * registered already stays as it is.
 *
 * Return: 0, or -EBUSY while another user (function_graph or a window)
 * has the hooks, or another errno.
 */
int lft_fgraph_register(struct lft_array *tr, lft_fn_gate_t gate)
{
	if (gate && lft_graph_tr == tr && lft_graph_gate == gate)
		return 0;
	return lft_graph_start(tr, gate);
}

/**
 * lft_fgraph_unregister() - undo lft_fgraph_register(), if it succeeded
 * @tr: the array (lft_lock held)
 */
void lft_fgraph_unregister(struct lft_array *tr)
{
	if (lft_graph_tr != tr)
		return;
	WRITE_ONCE(lft_graph_tr, NULL);
	lft_graph_repatch();
	lft_fn_forks_follow(tr, false);
	lft_fgraph_sleep_stop();
	/* Waits until no CPU can be in the hooks or the probe. */
	lft_fret_stop();
	WRITE_ONCE(lft_graph_gate, NULL);
	lft_taskinfo_stop(LFT_TI_CMDLINE);
}

/* ------------------------------------------------------------- files */

static ssize_t lft_graph_depth_read(struct file *file, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%u\n",
			  READ_ONCE(lft_fgraph_max_depth));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t lft_graph_depth_write(struct file *file,
				     const char __user *ubuf, size_t cnt,
				     loff_t *ppos)
{
	unsigned int val;
	int ret = kstrtouint_from_user(ubuf, cnt, 10, &val);

	if (ret)
		return ret;
	WRITE_ONCE(lft_fgraph_max_depth, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations lft_graph_depth_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_graph_depth_read,
	.write = lft_graph_depth_write,
	.release = lft_release,
	.llseek = default_llseek,
};

/**
 * lft_fgraph_files_create() - max_graph_depth, set_graph_function and
 *	set_graph_notrace
 * @tr: the top level (lft_lock held): the hooks are one for all arrays
 *
 * Return: 0 or -ENOMEM (lft_fgraph_files_free() cleans up).
 */
int lft_fgraph_files_create(struct lft_array *tr)
{
	struct lft_file_ref *ref;
	int ret;

	ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	if (!ref)
		return -ENOMEM;
	lft_fn_filter_init(&lft_fgraph_filter, "set_graph_function");
	lft_fn_filter_init(&lft_fgraph_notrace, "set_graph_notrace");
	lft_fgraph_notrace.exclude = true;
	lft_graph_files = true;
	lft_fs_create_file("max_graph_depth", 0640, tr->dir, ref,
			   &lft_graph_depth_fops);
	ret = lft_fn_filter_create(&lft_fgraph_filter, tr->dir, tr);
	if (!ret)
		ret = lft_fn_filter_create(&lft_fgraph_notrace, tr->dir, tr);
	return ret;
}

/* Undo lft_fgraph_files_create() (lft_lock held). */
void lft_fgraph_files_free(void)
{
	/* Nothing to free when a failed load never got to the files. */
	if (!lft_graph_files)
		return;
	lft_fn_filter_free(&lft_fgraph_filter);
	lft_fn_filter_free(&lft_fgraph_notrace);
	lft_graph_files = false;
}
