// SPDX-License-Identifier: GPL-2.0
/*
 * wakeup, wakeup_rt and wakeup_dl: how long the highest-priority task
 * woken (wakeup_rt: only RT and deadline tasks; wakeup_dl: only deadline
 * tasks) waits between its wakeup and running. They need nothing but the
 * scheduler's tracepoints, so they work on every kernel, including
 * distribution kernels built without the kernel's own latency tracers.
 *
 * One of them runs at a time, in one array, as in the kernel. The window
 * opens at sched_wakeup (or sched_wakeup_new) of a task that beats the one
 * being watched and the task running, and closes when the task is switched
 * in; sched_migrate_task follows it to its CPU, whose functions
 * function-trace records meanwhile.
 *
 * While tracing_on is 0 no window opens or is reported, the rule of the
 * kernel's irqsoff family (its wakeup tracer has none): a window then
 * writes no records, and reporting it would swap that empty trace in over
 * the max trace the user stopped tracing to read. ftracetest's
 * tracer/wakeup.tc reads it so, and under TCG a wakeup after its
 * "echo 0 > tracing_on" often beat the max it had just recorded.
 */
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/sched/deadline.h>
#include <linux/sched/rt.h>
#include <linux/sched/task.h>
#include <linux/spinlock.h>
#include <linux/tracepoint.h>

#include "compat/ksyms.h"
#include "tracers/latency.h"

static struct lft_array *lft_wk_tr;	/* the array it runs in */
static bool lft_wk_on;			/* probes may act */
static bool lft_wk_rt, lft_wk_dl;	/* which tracer */

/* The window, under lft_wk_lock. */
static DEFINE_RAW_SPINLOCK(lft_wk_lock);
static struct task_struct *lft_wk_task;
static unsigned int lft_wk_prio = -1;	/* unsigned: -1 is beaten by all */
static bool lft_wk_tracing_dl;		/* a deadline task is watched */
static int lft_wk_cpu;
static int lft_wk_cur_cpu;		/* where the task is now */
static u64 lft_wk_start;

static DEFINE_PER_CPU(int, lft_wk_busy);

enum { LFT_WK_WAKEUP, LFT_WK_NEW, LFT_WK_SWITCH, LFT_WK_MIGRATE, LFT_WK_NR };
static struct tracepoint *lft_wk_tp[LFT_WK_NR];
static const char *const lft_wk_tp_names[LFT_WK_NR] = {
	"sched_wakeup", "sched_wakeup_new", "sched_switch",
	"sched_migrate_task",
};

/* Drop the watched task (lft_wk_lock held). */
static void lft_wk_forget(void)
{
	lft_wk_cpu = -1;
	lft_wk_prio = -1;
	lft_wk_tracing_dl = false;
	if (lft_wk_task)
		put_task_struct(lft_wk_task);
	lft_wk_task = NULL;
}

/* A wakeup or context-switch entry (the kernel's ctx_switch_entry). */
static void lft_wk_ctx(struct lft_array *tr, u16 type, struct task_struct *a,
		       struct task_struct *b, const struct lft_entry *ctx)
{
	struct lft_ctx_entry *ent;
	struct lft_rb_res res;

	ent = lft_lat_reserve(tr, sizeof(*ent), type, ctx, &res);
	if (!ent)
		return;
	ent->prev_pid = a->pid;
	ent->prev_prio = a->prio;
	ent->prev_state = task_state_index(a);
	ent->next_pid = b->pid;
	ent->next_prio = b->prio;
	ent->next_state = task_state_index(b);
	ent->next_cpu = task_cpu(b);
	lft_lat_commit(&res);
}

/* Is a wakeup of @p not for this tracer (or beaten by the watched one)? */
static bool lft_wk_ignore(struct task_struct *p)
{
	if (lft_wk_tracing_dl || (lft_wk_dl && !dl_task(p)) ||
	    (lft_wk_rt && !dl_task(p) && !rt_task(p)))
		return true;
	return !dl_task(p) && ((unsigned int)p->prio >= lft_wk_prio ||
			       p->prio >= current->prio);
}

static void lft_wk_wakeup(void *data, struct task_struct *p)
{
	struct lft_array *tr = READ_ONCE(lft_wk_tr);
	struct lft_entry ctx;
	unsigned long flags;

	if (!READ_ONCE(lft_wk_on) || !tr)
		return;
	lft_cmdline_record(p, false);
	lft_cmdline_record(current, false);
	if (lft_wk_ignore(p) || !lft_array_on(tr))
		return;
	if (this_cpu_inc_return(lft_wk_busy) != 1)
		goto out;
	lft_gen_ctx(&ctx, 0);
	raw_spin_lock_irqsave(&lft_wk_lock, flags);
	/* It may have lost a race with another CPU's wakeup. */
	if (!READ_ONCE(lft_wk_on) || lft_wk_tracing_dl ||
	    (!dl_task(p) && (unsigned int)p->prio >= lft_wk_prio))
		goto out_unlock;
	lft_wk_forget();
	lft_wk_cpu = task_cpu(p);
	WRITE_ONCE(lft_wk_cur_cpu, lft_wk_cpu);
	lft_wk_prio = p->prio;
	/* A deadline task is followed until it runs, whatever wakes next. */
	lft_wk_tracing_dl = dl_task(p);
	get_task_struct(p);
	WRITE_ONCE(lft_wk_task, p);
	lft_wk_start = lft_rb_now(READ_ONCE(tr->rb));
	lft_wk_ctx(tr, LFT_TRACE_WAKE, current, p, &ctx);
	lft_lat_stack(tr, &ctx, 0);
	/* The kernel's CALLER_ADDR1/2: 0 on kernels without frame pointers. */
	lft_lat_fn(tr, 0, 0, &ctx);
out_unlock:
	raw_spin_unlock_irqrestore(&lft_wk_lock, flags);
out:
	this_cpu_dec(lft_wk_busy);
}

static void lft_wk_switch(void *data, bool preempt, struct task_struct *prev,
			  struct task_struct *next, unsigned int prev_state)
{
	struct lft_array *tr = READ_ONCE(lft_wk_tr);
	struct lft_entry ctx;
	unsigned long flags;
	u64 delta;

	lft_cmdline_record(prev, false);
	if (!READ_ONCE(lft_wk_on) || !tr)
		return;
	/* Pairs with the lock's release in the wakeup that set the task. */
	smp_rmb();
	if (next != READ_ONCE(lft_wk_task))
		return;
	if (this_cpu_inc_return(lft_wk_busy) != 1)
		goto out;
	raw_spin_lock_irqsave(&lft_wk_lock, flags);
	if (!READ_ONCE(lft_wk_on) || next != lft_wk_task)
		goto out_unlock;
	lft_gen_ctx(&ctx, 0);
	lft_lat_fn(tr, _RET_IP_, 0, &ctx);
	lft_wk_ctx(tr, LFT_TRACE_CTX, prev, next, &ctx);
	lft_lat_stack(tr, &ctx, 0);
	delta = lft_rb_now(READ_ONCE(tr->rb)) - lft_wk_start;
	if (!lft_array_on(tr) || !lft_lat_report(tr, delta))
		goto out_unlock;
	if (!READ_ONCE(tr->stop_count)) {
		WRITE_ONCE(tr->max_latency, delta);
		lft_lat_update(tr, lft_wk_task, lft_wk_cpu, false, lft_wk_start,
			       0, 0);
	}
out_unlock:
	lft_wk_forget();
	raw_spin_unlock_irqrestore(&lft_wk_lock, flags);
out:
	this_cpu_dec(lft_wk_busy);
}

static void lft_wk_migrate(void *data, struct task_struct *p, int dest_cpu)
{
	if (p == READ_ONCE(lft_wk_task))
		WRITE_ONCE(lft_wk_cur_cpu, dest_cpu);
}

/* function-trace: the functions run on the watched task's CPU. */
static bool lft_wk_fn_gate(struct lft_array *tr, unsigned long ip,
			   unsigned long parent_ip)
{
	return READ_ONCE(lft_wk_task) &&
	       raw_smp_processor_id() == READ_ONCE(lft_wk_cur_cpu) &&
	       !this_cpu_read(lft_wk_busy);
}

/* Forget the window and empty the live buffer. */
static void lft_wk_reset(struct lft_array *tr)
{
	unsigned long flags;

	lft_array_clear(tr, LFT_RB_ALL_CPUS);
	raw_spin_lock_irqsave(&lft_wk_lock, flags);
	lft_wk_forget();
	raw_spin_unlock_irqrestore(&lft_wk_lock, flags);
}

static void *const lft_wk_probes[LFT_WK_NR] = {
	lft_wk_wakeup, lft_wk_wakeup, lft_wk_switch, lft_wk_migrate,
};

static void lft_wk_unregister(int n)
{
	while (n--)
		tracepoint_probe_unregister(lft_wk_tp[n], lft_wk_probes[n],
					    NULL);
}

static int lft_wk_start_tracer(struct lft_array *tr, bool rt, bool dl)
{
	int i, ret;

	if (lft_wk_tr)
		return -EBUSY;
	ret = lft_lat_begin(tr, false);
	if (ret)
		return ret;
	lft_wk_rt = rt;
	lft_wk_dl = dl;
	WRITE_ONCE(lft_wk_tr, tr);
	for (i = 0; i < LFT_WK_NR; i++) {
		ret = tracepoint_probe_register(lft_wk_tp[i], lft_wk_probes[i],
						NULL);
		if (ret)
			break;
	}
	if (ret) {
		lft_wk_unregister(i);
		goto fail;
	}
	lft_wk_reset(tr);
	/* Without function-trace the window still works: no error. */
	lft_lat_hooks_start(tr, lft_wk_fn_gate);
	ret = lft_taskinfo_start(LFT_TI_CMDLINE);
	if (ret)
		goto fail_probes;
	/* The window's state is reset before the probes may act. */
	smp_wmb();
	WRITE_ONCE(lft_wk_on, true);
	return 0;
fail_probes:
	lft_lat_hooks_stop(tr);
	lft_wk_unregister(LFT_WK_NR);
fail:
	tracepoint_synchronize_unregister();
	WRITE_ONCE(lft_wk_tr, NULL);
	lft_lat_end(tr);
	return ret;
}

static void lft_wk_stop_tracer(struct lft_array *tr)
{
	WRITE_ONCE(lft_wk_on, false);
	lft_lat_hooks_stop(tr);
	lft_wk_unregister(LFT_WK_NR);
	tracepoint_synchronize_unregister();
	lft_wk_reset(tr);
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	WRITE_ONCE(lft_wk_tr, NULL);
	lft_lat_end(tr);
}

/*
 * function-trace; display-graph: as the kernel, the hooks restart for the
 * new kind of record and a fresh window begins (the live buffer and
 * tracing_max_latency cleared), so that no window mixes both kinds.
 */
static void lft_wk_option(struct lft_array *tr, unsigned long bit, bool on)
{
	if (bit == LFT_OPT_FUNC_TRACE) {
		lft_lat_fn_switch(tr, lft_wk_fn_gate, on);
	} else if (bit == LFT_OPT_DISPLAY_GRAPH) {
		lft_lat_hooks_stop(tr);
		lft_wk_reset(tr);
		WRITE_ONCE(tr->max_latency, 0);
		lft_lat_hooks_start(tr, lft_wk_fn_gate);
	}
}

static int lft_wakeup_start(struct lft_array *tr)
{
	return lft_wk_start_tracer(tr, false, false);
}

static int lft_wakeup_rt_start(struct lft_array *tr)
{
	return lft_wk_start_tracer(tr, true, false);
}

static int lft_wakeup_dl_start(struct lft_array *tr)
{
	return lft_wk_start_tracer(tr, false, true);
}

#define LFT_WAKEUP_TRACER(nm, start)					\
	{ .name = nm, .init = start, .reset = lft_wk_stop_tracer,	\
	  .option_changed = lft_wk_option, .print_max = true,		\
	  .print_entry = lft_lat_print_entry,				\
	  .print_header = lft_lat_print_header,				\
	  .allow_instances = true }

static struct lft_tracer lft_wakeup_tracers[] = {
	LFT_WAKEUP_TRACER("wakeup", lft_wakeup_start),
	LFT_WAKEUP_TRACER("wakeup_rt", lft_wakeup_rt_start),
	LFT_WAKEUP_TRACER("wakeup_dl", lft_wakeup_dl_start),
};

/**
 * lft_wakeup_init() - register the wakeup tracers
 *
 * Left out, with a log line, when a scheduler tracepoint is missing.
 *
 * Return: 0 or the registry's error.
 */
int lft_wakeup_init(void)
{
	int i, ret;

	for (i = 0; i < LFT_WK_NR; i++) {
		lft_wk_tp[i] = lft_tp_find(lft_wk_tp_names[i]);
		if (!lft_wk_tp[i]) {
			pr_info("lftrace: no %s tracepoint: no wakeup tracers\n",
				lft_wk_tp_names[i]);
			return 0;
		}
	}
	for (i = 0; i < ARRAY_SIZE(lft_wakeup_tracers); i++) {
		ret = lft_tracer_register(&lft_wakeup_tracers[i]);
		if (ret)
			return ret;
	}
	return 0;
}
