// SPDX-License-Identifier: GPL-2.0
/*
 * The function hook: one entry per call of a traced function,
 * "func <-parent", into each array that has it started, from lftrace's
 * own fentry hook (arch/x86). The function tracer starts it for its
 * arrays; a latency tracer with function-trace for its own, gated by its
 * window, as the kernel's latency tracers register an ftrace_ops of
 * their own.
 *
 * The hook patches the union of what the arrays it records into want
 * (tracers/fn_array.c); when it records into more than one, each array's
 * filters are checked on every hit. Those tests are here, in the hook's
 * own unit, where the compiler keeps its hot path as short as it was;
 * the graph hooks and the profiler ask them too.
 *
 * Options: func_stack_trace (a stack entry after each function),
 * func-args (upstream's: the argument registers in each entry),
 * function-fork (children of set_ftrace_pid tasks are traced too, and
 * exiting tasks leave the sets).
 */
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "compat/kapi.h"
#include "arch/x86/fentry.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "tracers/fn_array.h"
#include "tracers/fn_hook.h"

/* The arrays the hook records into, as the hook sees them. */
struct lft_fn_active {
	struct rcu_head rcu;
	int n;
	struct lft_array *tr[];
};

static struct lft_fn_active __rcu *lft_fn_active;
static int lft_fn_nr_active;		/* under lft_lock */
/* The arrays other hooks record into, for function-fork (lft_fn_forks_follow). */
static struct lft_fn_active __rcu *lft_fn_forks;
static int lft_fn_nr_forks;		/* under lft_lock */

static bool lft_fn_array_wants(struct lft_fn_array *fa, unsigned long ip)
{
	if (!lft_fn_filter_empty(&fa->filter) &&
	    !lft_fn_filter_has(&fa->filter, ip))
		return false;
	return !lft_fn_filter_has(&fa->exclude, ip);
}

/* Does the current task pass an array's pid filters? */
static bool lft_fn_pid_ok(struct lft_fn_array *fa)
{
	struct lft_pidset *p = rcu_dereference_raw(fa->pids);
	struct lft_pidset *np = rcu_dereference_raw(fa->notrace_pids);

	if (p && !lft_pidset_has(p, current->pid))
		return false;
	return !(np && lft_pidset_has(np, current->pid));
}

/*
 * func_stack_trace: the stack after the function's entry, from the
 * trampoline on, as the kernel's starts at its own, with the function
 * entry's header (the same flags, as the kernel's). Out of line, the
 * header passed by value: the hot path keeps it in registers.
 */
static noinline void lft_fn_stack(struct lft_array *tr, struct lft_rb *rb,
				  struct lft_entry hdr)
{
	lft_stack_record_from(tr, rb, &hdr, 0,
			      (unsigned long)lft_fentry_tramp,
			      (unsigned long)lft_fentry_tramp_end);
}

/*
 * func-args: the entry in upstream's newest layout, with the argument
 * registers (out of line: the default path stays as short as it was).
 */
static noinline void lft_fn_record_args(struct lft_array *tr,
					struct lft_rb *rb, unsigned long ip,
					unsigned long parent_ip,
					struct pt_regs *regs)
{
	struct lft_fn_args_entry *ent;
	struct lft_rb_res res __uninitialized;
	const size_t len = sizeof(*ent) + LFT_FN_NARGS * sizeof(long);

	ent = lft_trace_reserve(rb, LFT_TRACE_FN, len, 1, &res);
	if (!ent)
		return;
	ent->ip = ip;
	ent->parent_ip = parent_ip;
	ent->args[0] = regs->di;
	ent->args[1] = regs->si;
	ent->args[2] = regs->dx;
	ent->args[3] = regs->cx;
	ent->args[4] = regs->r8;
	ent->args[5] = regs->r9;
	if (unlikely(READ_ONCE(tr->flags) & LFT_OPT_FUNC_STACK)) {
		struct lft_entry hdr = ent->ent;

		lft_rb_commit(&res);
		lft_taskinfo_note();
		lft_fn_stack(tr, rb, hdr);
		return;
	}
	lft_rb_commit(&res);
	lft_taskinfo_note();
}

/*
 * A record with an option's extras (func-args, func_stack_trace), out of
 * line: the default path stays as short as it was.
 */
static noinline void lft_fn_record_opt(struct lft_array *tr,
				       struct lft_rb *rb, unsigned long ip,
				       unsigned long parent_ip,
				       struct pt_regs *regs)
{
	struct lft_fn_entry *ent;
	struct lft_rb_res res;

	/* A latency tracer's window (a gate) records no arguments. */
	if ((READ_ONCE(tr->flags) & LFT_OPT_FUNC_ARGS) &&
	    !((struct lft_fn_array *)tr->fn)->gate) {
		lft_fn_record_args(tr, rb, ip, parent_ip, regs);
		return;
	}
	ent = lft_trace_reserve(rb, LFT_TRACE_FN, sizeof(*ent), 1, &res);
	if (!ent)
		return;
	ent->ip = ip;
	ent->parent_ip = parent_ip;
	if (READ_ONCE(tr->flags) & LFT_OPT_FUNC_STACK) {
		/* Committed, the record may be overwritten: its header kept. */
		struct lft_entry hdr = ent->ent;

		lft_rb_commit(&res);
		lft_taskinfo_note();
		lft_fn_stack(tr, rb, hdr);
		return;
	}
	lft_rb_commit(&res);
	lft_taskinfo_note();
}

/*
 * The default record, built in registers and written with one call (the
 * ring buffer's reservation, copy and commit together, a tail call from
 * the hook). The header's fields are read out one by one, so that the
 * compiler keeps them in registers (x86: little-endian words). The task
 * is noted first: preemption is off, so the next context switch here,
 * which records it, comes after the write (a record the buffer drops
 * notes a task needlessly, no more).
 */
static __always_inline void lft_fn_write(struct lft_rb *rb, unsigned long ip,
					 unsigned long parent_ip)
{
	struct lft_entry e;
	unsigned int flags;
	u64 hdr;

	BUILD_BUG_ON(offsetof(struct lft_entry, flags) != 2 ||
		     offsetof(struct lft_entry, preempt_count) != 3 ||
		     offsetof(struct lft_entry, pid) != 4 ||
		     offsetof(struct lft_fn_entry, ip) != LFT_ENT_BODY ||
		     sizeof(struct lft_fn_entry) != LFT_ENT_BODY + 16);
	/* The hook disabled preemption once above the traced code. */
	flags = lft_gen_ctx_pc(&e, LFT_TRACE_FN, preempt_count() - 1);
	hdr = LFT_TRACE_FN | (u64)(flags & 0xff) << 16 |
	      (u64)e.preempt_count << 24 | (u64)(u32)e.pid << 32;
	lft_taskinfo_note();
#ifdef LFT_HAVE_PREEMPT_LAZY
	lft_rb_write4(rb, hdr, e.preempt_lazy_count, ip, parent_ip);
#else
	lft_rb_write3(rb, hdr, ip, parent_ip);
#endif
}

/* One array's record of a call (its filters already passed). */
static __always_inline void lft_fn_record(struct lft_array *tr,
					  unsigned long ip,
					  unsigned long parent_ip,
					  struct pt_regs *regs)
{
	struct lft_rb *rb;

	if (!lft_array_writable(tr))
		return;
	rb = READ_ONCE(tr->rb);
	if (unlikely(READ_ONCE(tr->flags) &
		     (LFT_OPT_FUNC_ARGS | LFT_OPT_FUNC_STACK))) {
		lft_fn_record_opt(tr, rb, ip, parent_ip, regs);
		return;
	}
	lft_fn_write(rb, ip, parent_ip);
}

/* Does @fa let this call through: its filters (when shared), pids, gate? */
static __always_inline bool lft_fn_pass(struct lft_array *tr,
					struct lft_fn_array *fa, bool shared,
					unsigned long ip, unsigned long parent_ip)
{
	if (shared && !lft_fn_array_wants(fa, ip))
		return false;
	if (unlikely(fa->pid_filtered) && !lft_fn_pid_ok(fa))
		return false;
	return !fa->gate || fa->gate(tr, ip, parent_ip);
}

/* Several arrays have the hook: each checks its own filters. */
static noinline __no_stack_protector void
lft_function_hit_all(struct lft_fn_active *act, unsigned long ip,
		     unsigned long parent_ip, struct pt_regs *regs)
{
	struct lft_array *tr;
	int i;

	for (i = 0; i < act->n; i++) {
		tr = act->tr[i];
		if (lft_fn_pass(tr, tr->fn, true, ip, parent_ip))
			lft_fn_record(tr, ip, parent_ip, regs);
	}
}

/* The one array has pid filters or a gate: they are asked first. */
static noinline __no_stack_protector void
lft_function_hit_one(struct lft_array *tr, unsigned long ip,
		     unsigned long parent_ip, struct pt_regs *regs)
{
	if (lft_fn_pass(tr, tr->fn, false, ip, parent_ip))
		lft_fn_record(tr, ip, parent_ip, regs);
}

/*
 * The hook's entry point: preemption is off, any context. One array
 * running the tracer is the common case, and it has the hook's sites to
 * itself: no filter lookup, no loop. The reservation on its stack holds
 * no buffer to overrun: no stack canary (five instructions a call).
 */
static __no_stack_protector void lft_function_hit(unsigned long ip,
						  unsigned long parent_ip,
						  struct pt_regs *regs)
{
	struct lft_fn_active *act = rcu_dereference_raw(lft_fn_active);
	struct lft_fn_array *fa;
	struct lft_array *tr;

	if (unlikely(!act))
		return;
	if (unlikely(act->n != 1)) {
		lft_function_hit_all(act, ip, parent_ip, regs);
		return;
	}
	tr = act->tr[0];
	fa = tr->fn;
	/* Calls on the fast path would cost it a frame: tail calls only. */
	if (unlikely(fa->pid_filtered || fa->gate)) {
		lft_function_hit_one(tr, ip, parent_ip, regs);
		return;
	}
	lft_fn_record(tr, ip, parent_ip, regs);
}

/* First at a shared site: the function line precedes what others do there. */
static struct lft_fentry_ops lft_fn_fentry = {
	.hit = lft_function_hit,
	.order = 0,
};

/**
 * lft_fn_pid_allowed() - does the current task pass @tr's set_ftrace_pid
 *	and set_ftrace_notrace_pid?
 * @tr: the array (any context)
 *
 * Return: true when it does, or when @tr has no function state yet.
 */
bool lft_fn_pid_allowed(struct lft_array *tr)
{
	struct lft_fn_array *fa = READ_ONCE(tr->fn);

	return !fa || !fa->pid_filtered || lft_fn_pid_ok(fa);
}

/**
 * lft_fn_top_wants() - do the top level's set_ftrace_filter and
 *	set_ftrace_notrace select @ip?
 * @ip: the function (any context)
 *
 * The graph hooks and the profiler patch what this selects.
 *
 * Return: true when they do.
 */
bool lft_fn_top_wants(unsigned long ip)
{
	struct lft_fn_array *fa = READ_ONCE(lft_top.fn);

	return fa && lft_fn_array_wants(fa, ip);
}

static bool lft_fn_want(unsigned long ip, void *data)
{
	struct lft_fn_active *act = rcu_dereference_raw(lft_fn_active);
	int i;

	for (i = 0; act && i < act->n; i++)
		if (lft_fn_array_wants(act->tr[i]->fn, ip))
			return true;
	return false;
}

static void lft_fn_active_free(struct rcu_head *rcu)
{
	kfree(container_of(rcu, struct lft_fn_active, rcu));
}

/*
 * Publish a set of arrays (lft_lock held): @set is lft_fn_active, those
 * the hook records into, or lft_fn_forks, those whose pid sets follow
 * forks while another hook (the graph's) records into them.
 */
static int lft_fn_publish_set(struct lft_fn_active __rcu **set,
			      struct lft_array *add, struct lft_array *remove)
{
	struct lft_fn_active *old, *act;
	int i, n = 0;

	old = rcu_dereference_protected(*set, lockdep_is_held(&lft_lock));
	act = kzalloc(struct_size(act, tr, (old ? old->n : 0) + 1), GFP_KERNEL);
	if (!act && add)
		return -ENOMEM;
	if (!act) {
		/*
		 * A removal cannot fail: in place, the last one moved into
		 * its slot (a reader may see it twice; the array itself is
		 * freed only after a grace period).
		 */
		for (i = 0; old && i < old->n && old->tr[i] != remove; i++)
			;
		if (!old || i == old->n)
			return old ? old->n : 0;
		WRITE_ONCE(old->tr[i], old->tr[old->n - 1]);
		if (old->n == 1) {
			rcu_assign_pointer(*set, NULL);
			lft_call_rude(&old->rcu, lft_fn_active_free);
			return 0;
		}
		WRITE_ONCE(old->n, old->n - 1);
		return old->n;
	}
	for (i = 0; old && i < old->n; i++)
		if (old->tr[i] != remove)
			act->tr[n++] = old->tr[i];
	if (add)
		act->tr[n++] = add;
	act->n = n;
	rcu_assign_pointer(*set, n ? act : NULL);
	if (!n)
		kfree(act);
	if (old)
		lft_call_rude(&old->rcu, lft_fn_active_free);
	return n;
}

/* Publish the arrays the hook records into (lft_lock held). */
static int lft_fn_publish(struct lft_array *add, struct lft_array *remove)
{
	int n = lft_fn_publish_set(&lft_fn_active, add, remove);

	if (n < 0)
		return n;
	lft_fn_nr_active = n;
	return 0;
}

/* Patch what the running arrays want now. lft_lock held. */
static int lft_fn_repatch(void)
{
	return lft_fentry_update(&lft_fn_fentry,
				 lft_fn_nr_active ? lft_fn_want : NULL, NULL);
}

/* An array's set_ftrace_filter/notrace changed (lft_lock held). */
static int lft_fn_hook_filter_changed(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	return fa->active ? lft_fn_repatch() : 0;
}

/* ---------------------------------------------------------- fork, exit */

static struct tracepoint *lft_tp_fork, *lft_tp_free;

/* function-fork: a child of a filtered task is filtered alike. */
static void lft_fn_fork_set(struct lft_fn_active *act,
			    struct task_struct *parent,
			    struct task_struct *child)
{
	int i;

	for (i = 0; act && i < act->n; i++) {
		struct lft_fn_array *fa = act->tr[i]->fn;
		struct lft_pidset *p = rcu_dereference_raw(fa->pids);
		struct lft_pidset *np = rcu_dereference_raw(fa->notrace_pids);

		if (!(READ_ONCE(act->tr[i]->flags) & LFT_OPT_FUNC_FORK))
			continue;
		if (lft_pidset_has(p, parent->pid))
			lft_pidset_change(p, child->pid, true);
		if (lft_pidset_has(np, parent->pid))
			lft_pidset_change(np, child->pid, true);
	}
}

static void lft_fn_fork(void *data, struct task_struct *parent,
			struct task_struct *child)
{
	lft_fn_fork_set(rcu_dereference_raw(lft_fn_active), parent, child);
	lft_fn_fork_set(rcu_dereference_raw(lft_fn_forks), parent, child);
}

static void lft_fn_free_set(struct lft_fn_active *act,
			    struct task_struct *task)
{
	int i;

	for (i = 0; act && i < act->n; i++) {
		struct lft_fn_array *fa = act->tr[i]->fn;

		if (!(READ_ONCE(act->tr[i]->flags) & LFT_OPT_FUNC_FORK))
			continue;
		lft_pidset_change(rcu_dereference_raw(fa->pids), task->pid,
				  false);
		lft_pidset_change(rcu_dereference_raw(fa->notrace_pids),
				  task->pid, false);
	}
}

static void lft_fn_free_task(void *data, struct task_struct *task)
{
	lft_fn_free_set(rcu_dereference_raw(lft_fn_active), task);
	lft_fn_free_set(rcu_dereference_raw(lft_fn_forks), task);
}

static void lft_fn_fork_probes(bool on)
{
	if (!lft_tp_fork || !lft_tp_free)
		return;
	if (on) {
		tracepoint_probe_register(lft_tp_fork, lft_fn_fork, NULL);
		tracepoint_probe_register(lft_tp_free, lft_fn_free_task, NULL);
	} else {
		tracepoint_probe_unregister(lft_tp_fork, lft_fn_fork, NULL);
		tracepoint_probe_unregister(lft_tp_free, lft_fn_free_task, NULL);
	}
}

/* ---------------------------------------------------------- the users */

static int lft_fn_init(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;
	int ret;

	ret = lft_taskinfo_start(LFT_TI_CMDLINE);
	if (ret)
		return ret;
	ret = lft_fn_publish(tr, NULL);
	if (ret)
		goto out_taskinfo;
	fa->active = true;
	/* The latency header's CPU#, as the kernel's function tracer notes it. */
	WRITE_ONCE(tr->trace_cpu, raw_smp_processor_id());
	ret = lft_fn_repatch();
	if (ret)
		goto out_active;
	if (lft_fn_nr_active + lft_fn_nr_forks == 1)
		lft_fn_fork_probes(true);
	return 0;
out_active:
	fa->active = false;
	lft_fn_publish(NULL, tr);
	lft_fn_repatch();
out_taskinfo:
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	return ret;
}

static void lft_fn_reset(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	fa->active = false;
	lft_fn_publish(NULL, tr);
	lft_fn_repatch();
	if (!lft_fn_nr_active && !lft_fn_nr_forks)
		lft_fn_fork_probes(false);
	lft_taskinfo_stop(LFT_TI_CMDLINE);
}

/**
 * lft_fn_hook_start() - record the functions called into an array
 * @tr: the array (lft_lock held)
 * @gate: NULL (the function tracer), or a latency tracer's window: called
 *	per function, false leaves it out
 *
 * Idempotent: an array the hook records into already stays as it is.
 *
 * Return: 0 or an errno (nothing started).
 */
int lft_fn_hook_start(struct lft_array *tr, lft_fn_gate_t gate)
{
	struct lft_fn_array *fa = tr->fn;
	int ret;

	if (fa->active)
		return 0;
	fa->gate = gate;
	ret = lft_fn_init(tr);
	if (ret)
		fa->gate = NULL;
	return ret;
}

/**
 * lft_fn_hook_stop() - undo lft_fn_hook_start(), if it started
 * @tr: the array (lft_lock held)
 */
void lft_fn_hook_stop(struct lft_array *tr)
{
	struct lft_fn_array *fa = tr->fn;

	if (!fa->active)
		return;
	lft_fn_reset(tr);
	/* The hook may still run the gate: it stays valid (static code). */
	fa->gate = NULL;
}

/**
 * lft_fn_forks_follow() - function-fork for an array another hook records
 *	into
 * @tr: the array (lft_lock held), whose set_ftrace_pid the graph hooks
 *	test through lft_fn_pid_allowed()
 * @on: true when that hook starts on @tr, false when it stops
 *
 * With function-fork set, @tr's pid sets take in the children of their
 * tasks and let exiting tasks go, as for the function tracer's arrays
 * (the kernel's fork probe serves every tracer of an array).
 *
 * Return: 0 or -ENOMEM (nothing changed); 0 always when @on is false.
 */
int lft_fn_forks_follow(struct lft_array *tr, bool on)
{
	int n = lft_fn_publish_set(&lft_fn_forks, on ? tr : NULL,
				   on ? NULL : tr);

	if (n < 0)
		return n;
	if (!lft_fn_nr_active && !lft_fn_nr_forks && n)
		lft_fn_fork_probes(true);
	else if (!lft_fn_nr_active && lft_fn_nr_forks && !n)
		lft_fn_fork_probes(false);
	lft_fn_nr_forks = n;
	return 0;
}

static struct lft_fn_user lft_fn_hook_user = {
	.filter_changed = lft_fn_hook_filter_changed,
};

/* At load: function-fork's tracepoints; the filters' changes followed. */
void lft_fn_hook_init(void)
{
	lft_tp_fork = lft_tp_find("sched_process_fork");
	lft_tp_free = lft_tp_find("sched_process_free");
	lft_fn_user_register(&lft_fn_hook_user);
}
