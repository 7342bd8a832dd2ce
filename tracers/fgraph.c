// SPDX-License-Identifier: GPL-2.0
/*
 * The graph hooks: an entry record when a traced function is entered, a
 * return record (with call and return times) when it returns, through
 * lftrace's fentry hook and the kernel's rethook (arch/x86/fret.c), into
 * each array registered (up to LFT_GRAPH_SLOTS at once). function_graph
 * registers with them for its array, the top level or an instance; a
 * latency tracer with display-graph and function-trace for its window,
 * with a gate, as the kernel's tracers register their fgraph_ops. What
 * all arrays share (set_graph_function, set_graph_notrace,
 * max_graph_depth, sleep time) is tracers/fgraph_files.c's.
 *
 * Which calls are recorded into an array:
 *   set_ftrace_filter/notrace  the array's (tracers/fn_array.c): the hooks
 *                              patch the union of the arrays' selections
 *   set_graph_function         only calls nested under these: a call is
 *                              recorded if the task has a frame hooked for
 *                              the array already, or the function is
 *                              listed (the hooked frames are exactly the
 *                              recorded ones)
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
/* Arrays recorded into at once (upstream's fgraph_array holds 16 too). */
#define LFT_GRAPH_SLOTS		16


/*
 * One array the hooks record into: function_graph's (the top level's or
 * an instance's) or a latency tracer's window. Each slot has return
 * functions of its own, so a frame's return goes to the array that
 * recorded its entry, and depths, set_graph_function's nesting and
 * set_graph_notrace's markers count that array's frames only (fret.c
 * tells frames apart by return function): a frame several arrays record
 * is hooked once for each. Upstream keeps one shadow-stack entry with a
 * bitmap of its fgraph_ops instead; lftrace's frames are rethook nodes,
 * which the kernel chains for one return already (kretprobes do).
 *
 * @tr: the array, NULL while the slot is free (READ_ONCE in the hooks; a
 *	frame hooked before its array went returns into nothing)
 * @gate: a latency tracer's window, or NULL for function_graph
 * @thresh: tracing_thresh was set when function_graph started here
 * @ret: the slot's return function
 * @nt_fn: the slot's set_graph_notrace marker
 */
struct lft_graph_slot {
	struct lft_array *tr;
	lft_fn_gate_t gate;
	bool thresh;
	lft_fret_fn_t ret;
	lft_fret_fn_t nt_fn;
};

static struct lft_graph_slot lft_graph_slots[LFT_GRAPH_SLOTS];
/* Bit per slot in use (READ_ONCE in the hooks; lft_lock for changes). */
static unsigned long lft_graph_active;
/* The slot in use while it is the only one, else NULL (the hot path's). */
static struct lft_graph_slot *lft_graph_one;
/* Where the search for a free slot starts: a freed slot is reused last. */
static unsigned int lft_graph_next;

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

/* @irqs_on: the handler turned interrupts off; its record shows them as
 * the traced code had them (the kernel's records take the saved flags).
 */
static __always_inline void lft_graph_ret_one(struct lft_graph_slot *s,
					      unsigned long func, int depth,
					      u64 calltime, bool irqs_on,
					      unsigned long retval)
{
	struct lft_array *tr = READ_ONCE(s->tr);
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
	gate = READ_ONCE(s->gate);
	/* A latency tracer's window may have closed since the call. */
	if (gate && !gate(tr, func, 0))
		return;
	if (s->thresh && now - calltime < READ_ONCE(lft_tracing_thresh))
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
static __always_inline bool lft_graph_irqs_save(struct lft_graph_slot *s,
						unsigned long *flags)
{
	if (READ_ONCE(s->gate))
		return false;
	local_irq_save(*flags);
	return true;
}

static __always_inline void lft_graph_ret(struct lft_graph_slot *s,
					  unsigned long func, int depth,
					  u64 calltime, struct pt_regs *regs)
{
	unsigned long flags;
	bool off = lft_graph_irqs_save(s, &flags);
	u8 *busy = lft_graph_busy_enter();

	if (busy) {
		lft_graph_ret_one(s, func, depth, calltime,
				  off && !irqs_disabled_flags(flags), regs->ax);
		lft_graph_busy_exit(busy);
	}
	if (off)
		local_irq_restore(flags);
}

/*
 * Each slot's return function and set_graph_notrace marker. No stack
 * canary (the reservation inlined here holds no buffer). The markers
 * name their slot so that no two are folded into one function.
 */
#define LFT_GRAPH_SLOT_FNS(i)						\
static __no_stack_protector void lft_graph_ret_##i(unsigned long func,	\
						   int depth, u64 calltime, \
						   struct pt_regs *regs)	\
{									\
	lft_graph_ret(&lft_graph_slots[i], func, depth, calltime, regs);\
}									\
static void lft_graph_nt_##i(unsigned long func, int depth,		\
			     u64 calltime, struct pt_regs *regs)	\
{									\
	barrier_data(&lft_graph_slots[i]);				\
}

LFT_GRAPH_SLOT_FNS(0)
LFT_GRAPH_SLOT_FNS(1)
LFT_GRAPH_SLOT_FNS(2)
LFT_GRAPH_SLOT_FNS(3)
LFT_GRAPH_SLOT_FNS(4)
LFT_GRAPH_SLOT_FNS(5)
LFT_GRAPH_SLOT_FNS(6)
LFT_GRAPH_SLOT_FNS(7)
LFT_GRAPH_SLOT_FNS(8)
LFT_GRAPH_SLOT_FNS(9)
LFT_GRAPH_SLOT_FNS(10)
LFT_GRAPH_SLOT_FNS(11)
LFT_GRAPH_SLOT_FNS(12)
LFT_GRAPH_SLOT_FNS(13)
LFT_GRAPH_SLOT_FNS(14)
LFT_GRAPH_SLOT_FNS(15)

#define LFT_GRAPH_SLOT(i) { .ret = lft_graph_ret_##i, .nt_fn = lft_graph_nt_##i }

static struct lft_graph_slot lft_graph_slots[LFT_GRAPH_SLOTS] = {
	LFT_GRAPH_SLOT(0), LFT_GRAPH_SLOT(1), LFT_GRAPH_SLOT(2),
	LFT_GRAPH_SLOT(3), LFT_GRAPH_SLOT(4), LFT_GRAPH_SLOT(5),
	LFT_GRAPH_SLOT(6), LFT_GRAPH_SLOT(7), LFT_GRAPH_SLOT(8),
	LFT_GRAPH_SLOT(9), LFT_GRAPH_SLOT(10), LFT_GRAPH_SLOT(11),
	LFT_GRAPH_SLOT(12), LFT_GRAPH_SLOT(13), LFT_GRAPH_SLOT(14),
	LFT_GRAPH_SLOT(15),
};

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

/* Do @tr's set_ftrace_filter and set_ftrace_notrace select @ip? */
static bool lft_graph_tr_wants(struct lft_array *tr, unsigned long ip)
{
	struct lft_fn_array *fa = READ_ONCE(tr->fn);

	if (!fa || (!lft_fn_filter_empty(&fa->filter) &&
		    !lft_fn_filter_has(&fa->filter, ip)))
		return false;
	return !lft_fn_filter_has(&fa->exclude, ip);
}

/*
 * @tr: @s's array, writable; @irqs_on: as for lft_graph_ret_one();
 * @shared: other slots are in use, so the hook's sites are the union of
 * their arrays' filters.
 */
static __always_inline void lft_graph_hit_one(struct lft_graph_slot *s,
					      struct lft_array *tr,
					      bool shared, unsigned long ip,
					      unsigned long parent_ip,
					      struct pt_regs *regs,
					      bool irqs_on)
{
	struct lft_graph_ent_entry *ent;
	struct lft_fn_array *fa;
	unsigned int max = READ_ONCE(lft_fgraph_max_depth);
	struct lft_rb_res res __uninitialized;
	lft_fn_gate_t gate = READ_ONCE(s->gate);
	struct lft_rb *rb;
	unsigned long fl;
	int depth;
	u64 now;

	/* The call only when a pid set is in use: a shorter hot path. */
	fa = READ_ONCE(tr->fn);
	if (fa && unlikely(fa->pid_filtered) && !lft_fn_pid_allowed(tr))
		return;
	if (shared && !lft_graph_tr_wants(tr, ip))
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
		if (lft_fret_under(s->nt_fn))
			return;
		if (lft_fn_filter_has(&lft_fgraph_notrace, ip)) {
			lft_fret_hook(regs, ip, 0, s->nt_fn);
			return;
		}
	}
	depth = lft_fret_depth(s->ret);
	if (max && depth >= max)
		return;
	if (!depth && !lft_fn_filter_empty(&lft_fgraph_filter) &&
	    !lft_fn_filter_has(&lft_fgraph_filter, ip))
		return;
	now = sched_clock();
	depth = lft_fret_hook_at(regs, ip, now, s->ret, depth);
	if (depth < 0 || s->thresh)
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

/* @tr: @s's array, writable (lft_graph_slot_tr()). */
static __always_inline void lft_graph_hit_slot(struct lft_graph_slot *s,
					       struct lft_array *tr,
					       bool shared, unsigned long ip,
					       unsigned long parent_ip,
					       struct pt_regs *regs)
{
	unsigned long flags;
	bool off = lft_graph_irqs_save(s, &flags);
	u8 *busy = lft_graph_busy_enter();

	if (busy) {
		lft_graph_hit_one(s, tr, shared, ip, parent_ip, regs,
				  off && !irqs_disabled_flags(flags));
		lft_graph_busy_exit(busy);
	}
	if (off)
		local_irq_restore(flags);
}

/*
 * Slot @s's array if it may be written now, else NULL. Nothing is
 * recorded or hooked for an array that may not (tracing_on 0, a reader's
 * pause, a CPU outside tracing_cpumask), so the hook tests this before it
 * turns interrupts off and takes its guard, which cost it more than the
 * test (make bench-graph's tracing_on=0 rows).
 */
static __always_inline struct lft_array *
lft_graph_slot_tr(struct lft_graph_slot *s)
{
	struct lft_array *tr = READ_ONCE(s->tr);

	return tr && lft_array_writable(tr) ? tr : NULL;
}

/*
 * The only slot's work on a call, out of line: lft_graph_hit() tests
 * lft_graph_slot_tr() with no frame of its own (no register saved) and
 * jumps here. No canary.
 */
static noinline __no_stack_protector void
lft_graph_hit_only(unsigned long ip, unsigned long parent_ip,
		   struct pt_regs *regs, struct lft_graph_slot *s,
		   struct lft_array *tr)
{
	lft_graph_hit_slot(s, tr, false, ip, parent_ip, regs);
}

/* Several arrays have the hooks: each in turn, by its own filters. */
static noinline __no_stack_protector void
lft_graph_hit_all(unsigned long mask, unsigned long ip,
		  unsigned long parent_ip, struct pt_regs *regs)
{
	struct lft_graph_slot *s;
	struct lft_array *tr;
	unsigned int i;

	for_each_set_bit(i, &mask, LFT_GRAPH_SLOTS) {
		s = &lft_graph_slots[i];
		tr = lft_graph_slot_tr(s);
		if (tr)
			lft_graph_hit_slot(s, tr, true, ip, parent_ip, regs);
	}
}

/*
 * The hook's entry point: preemption is off, any context. One array is
 * the common case, and it has the hook's sites to itself: no filter
 * lookup, no loop. No canary.
 */
static __no_stack_protector void lft_graph_hit(unsigned long ip,
					       unsigned long parent_ip,
					       struct pt_regs *regs)
{
	struct lft_graph_slot *s = READ_ONCE(lft_graph_one);
	struct lft_array *tr;
	unsigned long mask;

	if (likely(s)) {
		tr = lft_graph_slot_tr(s);
		if (tr)
			lft_graph_hit_only(ip, parent_ip, regs, s, tr);
		return;
	}
	mask = READ_ONCE(lft_graph_active);
	if (mask)
		lft_graph_hit_all(mask, ip, parent_ip, regs);
}

/* Before kprobe events: their return probes then fire inside its frame. */
static struct lft_fentry_ops lft_graph_fentry = {
	.hit = lft_graph_hit,
	.order = 50,
};

/* ----------------------------------------------------------- the users */

/* The slot recording into @tr, or NULL (lft_lock held). */
static struct lft_graph_slot *lft_graph_slot_of(struct lft_array *tr)
{
	unsigned int i;

	for_each_set_bit(i, &lft_graph_active, LFT_GRAPH_SLOTS)
		if (lft_graph_slots[i].tr == tr)
			return &lft_graph_slots[i];
	return NULL;
}

/* The sites: the union of what the arrays recorded into select. */
static bool lft_graph_want(unsigned long ip, void *data)
{
	unsigned long mask = READ_ONCE(lft_graph_active);
	unsigned int i;

	for_each_set_bit(i, &mask, LFT_GRAPH_SLOTS) {
		struct lft_array *tr = READ_ONCE(lft_graph_slots[i].tr);

		if (tr && lft_graph_tr_wants(tr, ip))
			return true;
	}
	return false;
}

static int lft_graph_repatch(void)
{
	return lft_fentry_update(&lft_graph_fentry, lft_graph_active ?
				 lft_graph_want : NULL, NULL);
}

/* set_ftrace_filter/notrace of an array changed (lft_lock held). */
static int lft_graph_filter_changed(struct lft_array *tr)
{
	return lft_graph_slot_of(tr) ? lft_graph_repatch() : 0;
}

static struct lft_fn_user lft_graph_fn_user = {
	.filter_changed = lft_graph_filter_changed,
};

/* At load: the hooks follow their arrays' set_ftrace_filter/notrace. */
void lft_fgraph_init(void)
{
	lft_fn_user_register(&lft_graph_fn_user);
}

/* A free slot, the one after the last taken first (lft_lock held). */
static int lft_graph_slot_find(void)
{
	unsigned int i, n;

	for (n = 0; n < LFT_GRAPH_SLOTS; n++) {
		i = (lft_graph_next + n) % LFT_GRAPH_SLOTS;
		if (!(lft_graph_active & BIT(i)) && !lft_graph_slots[i].tr)
			return i;
	}
	return -1;
}

/*
 * Publish the slots in use (lft_lock held). The only one becomes the hot
 * path's once the sites are its own (after lft_graph_repatch()): until
 * then each array's filters are tested on every hit.
 */
static void lft_graph_active_set(unsigned long mask)
{
	WRITE_ONCE(lft_graph_one, NULL);
	WRITE_ONCE(lft_graph_active, mask);
}

static void lft_graph_one_set(void)
{
	unsigned long mask = lft_graph_active;

	if (hweight_long(mask) == 1)
		WRITE_ONCE(lft_graph_one, &lft_graph_slots[__ffs(mask)]);
}

/*
 * Take slot @s out of the hooks (lft_lock held); frames it hooked still
 * return into it, and find no array there.
 */
static void lft_graph_slot_drop(struct lft_graph_slot *s)
{
	lft_graph_active_set(lft_graph_active & ~BIT(s - lft_graph_slots));
	WRITE_ONCE(s->tr, NULL);
	lft_graph_repatch();
	lft_graph_one_set();
}

/* Start the hooks for @tr: function_graph's (@gate NULL) or a window's. */
static int lft_graph_start(struct lft_array *tr, lft_fn_gate_t gate)
{
	struct lft_graph_slot *s;
	int i, ret;

	/* One user per array, as one tracer per array. */
	if (lft_graph_slot_of(tr))
		return -EBUSY;
	/* As the kernel's register_ftrace_graph() with its array full. */
	i = lft_graph_slot_find();
	if (i < 0)
		return -ENOSPC;
	s = &lft_graph_slots[i];
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
	s->thresh = !gate && READ_ONCE(lft_tracing_thresh) != 0;
	WRITE_ONCE(s->gate, gate);
	WRITE_ONCE(s->tr, tr);
	lft_graph_active_set(lft_graph_active | BIT(i));
	lft_graph_next = (i + 1) % LFT_GRAPH_SLOTS;
	ret = lft_graph_repatch();
	if (!ret) {
		lft_graph_one_set();
		return 0;
	}
	lft_graph_slot_drop(s);
	/* The hooks may have seen the slot: let them leave it first. */
	synchronize_rcu_tasks_rude();
	WRITE_ONCE(s->gate, NULL);
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
 * lft_fgraph_sleep_any_left_out() - is sleep-time off anywhere?
 *
 * In the top level (whose value the profiler's frames follow) or in an
 * array the hooks record into. Preemption off (the sched_switch probe).
 *
 * Return: true if some frame may leave its time switched out.
 */
bool lft_fgraph_sleep_any_left_out(void)
{
	unsigned long active = READ_ONCE(lft_graph_active);
	struct lft_array *tr;
	unsigned int i;

	if (!(READ_ONCE(lft_top.flags) & LFT_OPT_SLEEP_TIME))
		return true;
	for_each_set_bit(i, &active, LFT_GRAPH_SLOTS) {
		tr = READ_ONCE(lft_graph_slots[i].tr);
		if (tr && !(READ_ONCE(tr->flags) & LFT_OPT_SLEEP_TIME))
			return true;
	}
	return false;
}

/**
 * lft_fgraph_sleep_left_out() - does a frame leave its time switched out?
 * @fn: the frame's return function
 *
 * It does with sleep-time off in the array whose slot @fn is (each
 * array's own, as upstream's since 6.19; one value for all on 6.12, whose
 * arrays then all hold it: core/options.c); a frame of another user (not
 * a slot's) follows the top level's. Preemption off (the sched_switch
 * probe; a slot's array stays until the hooks and the probe have left it).
 *
 * Return: true to move the frame's call time past the time away.
 */
bool lft_fgraph_sleep_left_out(lft_fret_fn_t fn)
{
	struct lft_array *tr = &lft_top;
	unsigned int i;

	for (i = 0; i < LFT_GRAPH_SLOTS; i++) {
		if (lft_graph_slots[i].ret != fn)
			continue;
		tr = READ_ONCE(lft_graph_slots[i].tr);
		if (!tr)
			return false;
		break;
	}
	return !(READ_ONCE(tr->flags) & LFT_OPT_SLEEP_TIME);
}

/**
 * lft_fgraph_register() - graph records into an array
 * @tr: the array (lft_lock held): the top level or an instance
 * @gate: NULL for function_graph; or a latency tracer's window, which
 *	says per call and per return whether it is inside
 *
 * Several arrays can have graph records at once (function_graph in
 * instances, upstream's since 6.11), each for the functions its own
 * set_ftrace_filter and set_ftrace_notrace select, all under the top
 * level's set_graph_function, set_graph_notrace and max_graph_depth (as
 * upstream's, which has these at the top level only), with depths and
 * nesting counted over the array's own frames. A window (display-graph
 * with function-trace) gets entries and returns instead of function
 * entries, as the kernel's fgraph_ops of these tracers; a window
 * registered already stays as it is.
 *
 * Return: 0, -EBUSY while another user (function_graph or a window) has
 * the hooks for @tr, -ENOSPC while LFT_GRAPH_SLOTS arrays have them, or
 * another errno.
 */
int lft_fgraph_register(struct lft_array *tr, lft_fn_gate_t gate)
{
	struct lft_graph_slot *s = lft_graph_slot_of(tr);

	if (gate && s && s->gate == gate)
		return 0;
	return lft_graph_start(tr, gate);
}

/**
 * lft_fgraph_unregister() - undo lft_fgraph_register(), if it succeeded
 * @tr: the array (lft_lock held)
 *
 * Returns once no CPU records into @tr through the hooks (an instance
 * may be freed next).
 */
void lft_fgraph_unregister(struct lft_array *tr)
{
	struct lft_graph_slot *s = lft_graph_slot_of(tr);

	if (!s)
		return;
	lft_graph_slot_drop(s);
	lft_fn_forks_follow(tr, false);
	lft_fgraph_sleep_stop();
	/* Waits until no CPU can be in the hooks or the probe... */
	lft_fret_stop();
	/* ...which it skips while other users keep return hooking on. */
	synchronize_rcu_tasks_rude();
	WRITE_ONCE(s->gate, NULL);
	s->thresh = false;
	lft_taskinfo_stop(LFT_TI_CMDLINE);
}
