// SPDX-License-Identifier: GPL-2.0
/*
 * Committing entries, and the kernel stack entry (options/stacktrace) that
 * may follow one. Stacks are taken into per-CPU scratch buffers, one per
 * nesting level (task, softirq, hardirq, NMI), because a stack on the
 * stack of a deeply nested context is too big, and then copied into an
 * entry of exactly the size needed.
 */
#include <linux/percpu.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/stacktrace.h>

#include "compat/behave.h"
#include "compat/ksyms.h"
#include "core/trace.h"

#define LFT_STACK_NEST	4

struct lft_stack_scratch {
	int level;
	unsigned long calls[LFT_STACK_NEST][LFT_STACK_MAX];
};

/*
 * Allocated at load: 2 KB of static per-CPU data is a quarter of the
 * kernel's reserve for every module's (core/printk.c's buffers too).
 */
static struct lft_stack_scratch __percpu *lft_stack_scratch;

/**
 * lft_stack_init() - allocate the stack records' per-CPU scratch
 *
 * At load, before any tracer or event can record a stack.
 *
 * Return: 0 or -ENOMEM.
 */
int lft_stack_init(void)
{
	lft_stack_scratch = alloc_percpu(struct lft_stack_scratch);
	return lft_stack_scratch ? 0 : -ENOMEM;
}

/**
 * lft_stack_exit() - free the scratch
 *
 * At unload, once no tracer or event records (every hook and probe gone,
 * their grace periods waited).
 */
void lft_stack_exit(void)
{
	free_percpu(lft_stack_scratch);
	lft_stack_scratch = NULL;
}

/**
 * lft_stack_record() - write the current kernel stack as a stack entry
 * @tr: the array
 * @rb: its buffer the previous entry went to
 * @ctx: the context header of the entry the stack belongs to
 * @skip: innermost frames to leave out (beyond this function's own)
 *
 * Any context. Nothing is written when the nesting is too deep.
 */
noinline void lft_stack_record(struct lft_array *tr, struct lft_rb *rb,
			       const struct lft_entry *ctx, int skip)
{
	lft_stack_record_from(tr, rb, ctx, skip + 1, 0, 0);
}

/*
 * The worker of the lft_stack_record*() functions, inlined so that their
 * callers' skip counts hold. With @regs, the stack is the probed code's,
 * from regs->ip, as the kernel takes it for kprobe events: nothing of
 * the hook or the probe machinery shows.
 */
static __always_inline void lft_stack_save(struct lft_array *tr,
					   struct lft_rb *rb,
					   const struct lft_entry *ctx,
					   int skip, unsigned long from,
					   unsigned long to,
					   struct pt_regs *regs)
{
	struct lft_stack_scratch *sc;
	struct lft_stack_entry *ent;
	struct lft_rb_res res;
	unsigned int nr, first = 0;
	int level;

	preempt_disable_notrace();
	sc = this_cpu_ptr(lft_stack_scratch);
	level = sc->level++;
	barrier();
	if (level >= LFT_STACK_NEST)
		goto out;
	if (regs)
		nr = lft_kcall(stack_trace_save_regs)(regs, sc->calls[level],
						  LFT_STACK_MAX, 0);
	else
		nr = stack_trace_save(sc->calls[level], LFT_STACK_MAX, skip);
	while (from && first < nr && (sc->calls[level][first] < from ||
					 sc->calls[level][first] >= to))
		first++;
	if (first == nr)
		first = 0;	/* not found: keep it all */
	else if (from && LFT_STACK_TRAMP_MARK)
		sc->calls[level][first] = LFT_STACK_TRAMP;
	nr -= first;
	ent = lft_trace_reserve_hdr(rb, ctx, LFT_TRACE_STACK,
				    struct_size(ent, caller, nr), &res);
	if (ent) {
		ent->size = nr;
		memcpy(ent->caller, sc->calls[level] + first, nr * sizeof(long));
		lft_rb_commit(&res);
	}
out:
	barrier();
	sc->level--;
	preempt_enable_notrace();
}

/**
 * lft_stack_record_from() - write the current stack, from a given frame
 * @tr: the array
 * @rb: its buffer the previous entry went to
 * @ctx: the context header of the entry the stack belongs to
 * @skip: innermost frames to leave out
 * @from: if not 0, also leave out the frames before the first one in
 *	[@from, @to) (hooks pass the trampoline's code, which inlining
 *	cannot move)
 * @to: see @from
 */
noinline void lft_stack_record_from(struct lft_array *tr, struct lft_rb *rb,
				    const struct lft_entry *ctx, int skip,
				    unsigned long from, unsigned long to)
{
	lft_stack_save(tr, rb, ctx, skip, from, to, NULL);
}

/**
 * lft_stack_record_regs() - write the stack of the code a probe stopped
 * @tr: the array
 * @rb: its buffer the previous entry went to
 * @ctx: the context header of the entry the stack belongs to
 * @regs: the probed code's registers (a kprobe's, or lftrace's hooks')
 *
 * Any context. The first frame is regs->ip's function, as the kernel's
 * stacks of kprobe events start.
 */
void lft_stack_record_regs(struct lft_array *tr, struct lft_rb *rb,
			   const struct lft_entry *ctx, struct pt_regs *regs)
{
	lft_stack_save(tr, rb, ctx, 0, 0, 0, regs);
}

static DEFINE_PER_CPU(int, lft_ustack_busy);

/*
 * options/userstacktrace: the current task's user stack (up to 8 frames,
 * as the kernel keeps) after an entry. Walking it may fault: never in NMI,
 * and never recursively (the fault path may hit traced events).
 */
static void lft_ustack_record(struct lft_rb *rb, const struct lft_entry *ctx)
{
	struct lft_ustack_entry *ent;
	struct lft_rb_res res;

	if (in_nmi())
		return;
	preempt_disable_notrace();
	if (__this_cpu_read(lft_ustack_busy))
		goto out;
	__this_cpu_inc(lft_ustack_busy);
	ent = lft_trace_reserve_hdr(rb, ctx, LFT_TRACE_USER_STACK, sizeof(*ent),
				    &res);
	if (ent) {
		ent->tgid = current->tgid;
		memset(ent->caller, 0, sizeof(ent->caller));
		lft_kcall(stack_trace_save_user)(ent->caller, LFT_USTACK_MAX);
		lft_rb_commit(&res);
	}
	__this_cpu_dec(lft_ustack_busy);
out:
	preempt_enable_notrace();
}

/**
 * lft_commit() - commit an entry and what the options add after it
 * @tr: the array written to
 * @rb: the buffer the entry was reserved in
 * @res: the reservation
 * @ctx: the entry's context header
 * @skip: for the stack entry, frames between the caller of lft_commit()
 *	and the first frame to show
 */
noinline void lft_commit(struct lft_array *tr, struct lft_rb *rb,
			 struct lft_rb_res *res, const struct lft_entry *ctx,
			 int skip)
{
	unsigned long flags = READ_ONCE(tr->flags);

	lft_rb_commit(res);
	lft_taskinfo_note();
	/*
	 * Not a tail call (the user stack follows): this frame is on the
	 * stack too, and left out with the caller's.
	 */
	if (unlikely(flags & LFT_OPT_STACKTRACE))
		lft_stack_record(tr, rb, ctx, skip + 2);
	/* As 6.1: events get a user stack, lftrace_printk() lines not. */
	if (unlikely(flags & LFT_OPT_USERSTACK) &&
	    ctx->type != LFT_TRACE_PRINT && ctx->type != LFT_TRACE_BPRINT)
		lft_ustack_record(rb, ctx);
}

/**
 * lft_commit_regs() - lft_commit() for a probe that has the probed code's
 *	registers
 * @tr: the array written to
 * @rb: the buffer the entry was reserved in
 * @res: the reservation
 * @ctx: the entry's context header
 * @regs: the registers: a stack entry starts at regs->ip (kprobe events)
 */
void lft_commit_regs(struct lft_array *tr, struct lft_rb *rb,
		     struct lft_rb_res *res, const struct lft_entry *ctx,
		     struct pt_regs *regs)
{
	unsigned long flags = READ_ONCE(tr->flags);

	lft_rb_commit(res);
	lft_taskinfo_note();
	if (unlikely(flags & LFT_OPT_STACKTRACE))
		lft_stack_record_regs(tr, rb, ctx, regs);
	if (unlikely(flags & LFT_OPT_USERSTACK))
		lft_ustack_record(rb, ctx);
}
