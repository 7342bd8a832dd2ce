// SPDX-License-Identifier: GPL-2.0
/*
 * The events' registry: at load each static event (of the tables the
 * composition root, events/subsys.c, hands in; no provider is named here)
 * is bound to the kernel's tracepoint of its name (one log line and no
 * event when the kernel has none) and given its record type; dynamic events (kprobes, the kernel's
 * mirrored events) come and go later. An event's probe is registered while
 * any array has it enabled; it writes one record into each such array
 * (and, with the tp_printk parameter, prints it to the kernel log).
 *
 * Record types are ids tools hand to the kernel: perf, bpftrace and
 * libbpf read events/SYS/EVENT/id and open a PERF_TYPE_TRACEPOINT counter
 * with it. So an event the kernel also has takes the kernel's id (ev->kid),
 * and one only lftrace has takes an id the kernel's own allocator hands
 * out (register_trace_event() with type 0): the kernel gives it to no
 * other event while lftrace holds it, and perf finds no kernel event with
 * it (perf_trace_init() looks for a trace_event_call; a bare trace_event is
 * none), so a tool given it fails instead of counting another event.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/list_sort.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>
#include <linux/xarray.h>

#include "compat/events.h"
#include "compat/ksyms.h"
#include "core/trace.h"
#include "compat/btf.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "include/lft_test_export.h"

/*
 * Below it are lftrace's own entries' types (core/trace.h), the kernel's
 * __TRACE_LAST_TYPE on every kernel lftrace builds for, where the kernel
 * starts numbering its events.
 */
#define LFT_EV_FIRST_ID		20

/* Every event, in the order the events/ tree lists them (lft_lock). */
LIST_HEAD(lft_ev_list);
/* Record type -> event, for the printers (RCU). */
static DEFINE_XARRAY(lft_ev_ids);

/*
 * Triggers that need the record (a filter, or traceoff/stacktrace) see it
 * even when no buffer takes it (tracing off, the event soft-disabled): it
 * is then written here, one buffer per nesting level and CPU.
 */
#define LFT_EV_SCRATCH_NEST	4
#define LFT_EV_SCRATCH_SIZE	1024

struct lft_ev_scratch {
	int level;
	u64 buf[LFT_EV_SCRATCH_NEST][LFT_EV_SCRATCH_SIZE / 8];
};

/* Allocated at load: too big for a module's static per-CPU room. */
static struct lft_ev_scratch __percpu *lft_ev_scratch;

static void *lft_ev_scratch_get(unsigned int size, struct lft_rb_res *res)
{
	struct lft_ev_scratch *sc;
	int level;

	if (size > LFT_EV_SCRATCH_SIZE)
		return NULL;
	preempt_disable_notrace();
	sc = this_cpu_ptr(lft_ev_scratch);
	level = sc->level++;
	barrier();
	if (level >= LFT_EV_SCRATCH_NEST) {
		sc->level--;
		preempt_enable_notrace();
		return NULL;
	}
	res->cb = NULL;
	res->data = sc->buf[level];
	res->len = size;
	return res->data;
}

static void lft_ev_scratch_put(void)
{
	barrier();
	this_cpu_dec(lft_ev_scratch->level);
	preempt_enable_notrace();
}

/*
 * tp_printk: each record an event keeps is also printed to the kernel log,
 * as the kernel's output_printk() does, with the text "trace" shows after
 * the context columns. Probes run in any context and may not sleep or
 * allocate, so the line is made in a buffer of this CPU's, one per context
 * level (task, softirq, hardirq, NMI) so that an interrupt does not write
 * over the line it interrupted. A level already busy means printk() itself
 * (or what it calls) fired an event: that record is not printed, or each
 * line would print another without end.
 *
 * NMI is printed too: printk() stores from NMI into its lockless log and
 * leaves the consoles to an irq_work, and the printers take no lock (a
 * symbol's name is looked up under RCU, as NMI backtraces do).
 */
#define LFT_EV_PRINTK_LINE	1024	/* printk() keeps no more of a line */
#define LFT_EV_PRINTK_LEVELS	4

struct lft_ev_printk_buf {
	unsigned int busy;		/* levels whose line is being made */
	char line[LFT_EV_PRINTK_LEVELS][LFT_EV_PRINTK_LINE];
};

/* Allocated at load: too big for a module's static per-CPU room. */
static struct lft_ev_printk_buf __percpu *lft_ev_printk_bufs;

/*
 * printk() with no level, as the kernel's tp_printk line is printed: the
 * log's default level. Through vprintk(), since pr_*() each set a level.
 */
static __printf(1, 2) void lft_ev_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

/* Print @rec (@len bytes), a record about to be committed, to the log. */
static void lft_ev_printk(const void *rec, unsigned int len)
{
	unsigned int level = interrupt_context_level();
	struct lft_ev_printk_buf *b;
	struct seq_buf s;

	preempt_disable_notrace();
	b = this_cpu_ptr(lft_ev_printk_bufs);
	if (b->busy & BIT(level))
		goto out;
	/* An interrupt sets and clears its own bit before it returns. */
	b->busy |= BIT(level);
	barrier();
	/* One byte kept back for the NUL. */
	seq_buf_init(&s, b->line[level], LFT_EV_PRINTK_LINE - 1);
	/* Pointers hashed: the kernel's line has no array's hash-ptr. */
	if (lft_event_print(&s, rec, len, true)) {
		b->line[level][seq_buf_used(&s)] = '\0';
		lft_ev_log("%s", b->line[level]);
	}
	barrier();
	b->busy &= ~BIT(level);
out:
	preempt_enable_notrace();
}

/*
 * The slow paths: triggers, soft mode, pid lists, filters. Whatever
 * lft_ev_reserve() gave (ring or scratch), lft_ev_commit() sends here
 * when the event has any of those or the record is a scratch one.
 */
static void *lft_ev_reserve_slow(struct lft_ev_file *f, unsigned int size,
				 struct lft_rb_res *res,
				 const struct lft_entry *hdr)
{
	u8 mode = READ_ONCE(f->trig_mode);
	struct lft_array *tr = f->tr;
	struct lft_entry ctx, *ent = NULL;

	if (mode && !(mode & LFT_EV_TRIG_COND))
		lft_ev_trigger(f, NULL, 0);
	if (READ_ONCE(f->soft_disabled) && !(mode & LFT_EV_TRIG_COND))
		return NULL;
	/* Events about other tasks wait for the record to decide. */
	if (READ_ONCE(f->pid_check) && !f->ev->pid_offs[0] &&
	    lft_ev_pid_ignored(f))
		return NULL;
	if (hdr) {
		ctx = *hdr;
		ctx.type = f->ev->id;
	} else {
		lft_gen_ctx_dec(&ctx, f->ev->id);
	}
	if (!READ_ONCE(f->soft_disabled) && lft_array_writable(tr))
		ent = lft_trace_reserve_hdr(READ_ONCE(tr->rb), &ctx, ctx.type,
					    size, res);
	if (!ent && (mode & LFT_EV_TRIG_COND)) {
		ent = lft_ev_scratch_get(size, res);
		if (ent)
			*ent = ctx;
	}
	return ent;
}

/*
 * Inlined into lft_ev_commit() and lft_ev_commit_regs(), so that the stack
 * skips below count the same frames. @regs: a kprobe event's, for stacks
 * from the probed code (NULL for tracepoints).
 */
static __always_inline void lft_ev_commit_slow(struct lft_ev_file *f,
					       struct lft_rb_res *res,
					       struct pt_regs *regs)
{
	struct lft_filter *flt = rcu_dereference_sched(f->filter);
	u8 mode = READ_ONCE(f->trig_mode);
	struct lft_entry ctx = *(struct lft_entry *)res->data;
	unsigned int post = 0;

	if (mode & LFT_EV_TRIG_COND)
		post = lft_ev_trigger(f, res->data, res->len);
	if (!res->cb) {
		lft_ev_scratch_put();
	} else if ((flt && !lft_filter_match(flt, res->data, res->len)) ||
		   (READ_ONCE(f->pid_check) && f->ev->pid_offs[0] &&
		    lft_ev_pid_ignored(f) && !lft_ev_pid_rec_ok(f, res->data))) {
		lft_rb_discard(res);
	} else {
		if (unlikely(READ_ONCE(lft_tp_printk)))
			lft_ev_printk(res->data, res->len);
		/* lft_commit()'s caller and the probe: from the tracepoint. */
		if (regs)
			lft_commit_regs(f->tr, READ_ONCE(f->tr->rb), res, &ctx,
					regs);
		else
			lft_commit(f->tr, READ_ONCE(f->tr->rb), res, &ctx, 2);
	}
	if (post)
		lft_ev_trigger_post(f, post, regs);
}

/**
 * lft_ev_reserve() - room for an event's record in an array's buffer
 * @f: the event in that array
 * @size: the record's size
 * @res: for lft_ev_commit()
 *
 * Called from the event's probe; runs the triggers that act before the
 * record; fills the common header.
 *
 * Return: the record, or NULL when nothing is to be written.
 */
void *lft_ev_reserve(struct lft_ev_file *f, unsigned int size,
		     struct lft_rb_res *res)
{
	struct lft_array *tr = f->tr;

	if (unlikely(READ_ONCE(f->slow)))
		return lft_ev_reserve_slow(f, size, res, NULL);
	if (!lft_array_writable(tr))
		return NULL;
	/* The probe's own disabling of preemption is not the event's. */
	return lft_trace_reserve(READ_ONCE(tr->rb), f->ev->id, size, 1, res);
}
LFT_TEST_EXPORT(lft_ev_reserve);

/**
 * lft_ev_reserve_hdr() - lft_ev_reserve() with the common header given
 * @f: the event in an array
 * @size: the record's size
 * @res: for lft_ev_commit()
 * @hdr: the header to write but for its type (the event's): for a probe
 *	that has the event's context from elsewhere (perf's record) or
 *	counts it otherwise than lft_ev_reserve()
 *
 * Return: the record, or NULL when nothing is to be written.
 */
void *lft_ev_reserve_hdr(struct lft_ev_file *f, unsigned int size,
			 struct lft_rb_res *res, const struct lft_entry *hdr)
{
	struct lft_array *tr = f->tr;

	if (unlikely(READ_ONCE(f->slow)))
		return lft_ev_reserve_slow(f, size, res, hdr);
	if (!lft_array_writable(tr))
		return NULL;
	return lft_trace_reserve_hdr(READ_ONCE(tr->rb), hdr, f->ev->id, size,
				     res);
}

/**
 * lft_ev_commit() - keep a record lft_ev_reserve() gave, or drop it
 * @f: the event in that array
 * @res: from lft_ev_reserve()
 *
 * Runs the triggers that need the record, drops it when the event's
 * filter or pid lists say so, prints a kept one to the kernel log with
 * tp_printk, and adds the stack entries options/stacktrace and
 * options/userstacktrace ask for after it.
 */
noinline void lft_ev_commit(struct lft_ev_file *f, struct lft_rb_res *res)
{
	struct lft_array *tr = f->tr;
	struct lft_entry ctx;

	if (unlikely(!res->cb || READ_ONCE(f->slow))) {
		lft_ev_commit_slow(f, res, NULL);
		return;
	}
	if (unlikely(READ_ONCE(lft_tp_printk)))
		lft_ev_printk(res->data, res->len);
	if (likely(!lft_commit_stacks(tr))) {
		lft_rb_commit(res);
		lft_taskinfo_note();
		return;
	}
	/* Committed, the record may be overwritten: its header kept. */
	ctx = *(struct lft_entry *)res->data;
	/* Leave out the probe: the stack starts at the tracepoint. */
	lft_commit(tr, READ_ONCE(tr->rb), res, &ctx, 1);
}
LFT_TEST_EXPORT(lft_ev_commit);

/**
 * lft_ev_commit_regs() - lft_ev_commit() for a probe with registers
 * @f: the event in that array
 * @res: from lft_ev_reserve()
 * @regs: the probed code's registers
 *
 * For kprobe events: stack entries (options/stacktrace, the stacktrace
 * trigger) start at regs->ip's function, as the kernel's stacks of kprobe
 * events do, without lftrace's hook or probe frames.
 */
void lft_ev_commit_regs(struct lft_ev_file *f, struct lft_rb_res *res,
			struct pt_regs *regs)
{
	struct lft_array *tr = f->tr;
	struct lft_entry ctx;

	if (unlikely(!res->cb || READ_ONCE(f->slow))) {
		lft_ev_commit_slow(f, res, regs);
		return;
	}
	if (unlikely(READ_ONCE(lft_tp_printk)))
		lft_ev_printk(res->data, res->len);
	if (likely(!lft_commit_stacks(tr))) {
		lft_rb_commit(res);
		lft_taskinfo_note();
		return;
	}
	ctx = *(struct lft_entry *)res->data;
	lft_commit_regs(tr, READ_ONCE(tr->rb), res, &ctx, regs);
}

/**
 * lft_ev_slow_update() - recompute why @f's probe takes its slow path
 * @f: the event in an array (lft_lock held), after a change of its
 *	triggers, soft mode, pid lists or filter
 */
void lft_ev_slow_update(struct lft_ev_file *f)
{
	u8 slow = 0;

	if (f->trig_mode)
		slow |= LFT_EV_SLOW_TRIG;
	if (f->soft || f->soft_disabled)
		slow |= LFT_EV_SLOW_SOFT;
	if (f->pid_check)
		slow |= LFT_EV_SLOW_PID;
	if (rcu_access_pointer(f->filter))
		slow |= LFT_EV_SLOW_FILTER;
	WRITE_ONCE(f->slow, slow);
}

/* What an enabled event of @tr records for output: record-cmd/-tgid. */
static unsigned int lft_ev_taskinfo_want(struct lft_array *tr)
{
	unsigned long flags = READ_ONCE(tr->flags);

	return (flags & LFT_OPT_RECORD_CMD ? LFT_TI_CMDLINE : 0) |
	       (flags & LFT_OPT_RECORD_TGID ? LFT_TI_TGID : 0);
}

/* Make @f hold the task information references @want says. */
static int lft_ev_taskinfo_set(struct lft_ev_file *f, unsigned int want)
{
	unsigned int add = want & ~f->taskinfo, drop = f->taskinfo & ~want;
	int ret = 0;

	if (add) {
		ret = lft_taskinfo_start(add);
		if (!ret)
			f->taskinfo |= add;
	}
	if (drop) {
		lft_taskinfo_stop(drop);
		f->taskinfo &= ~drop;
	}
	return ret;
}

/* Put @f on its event's probe list (registering the probe if first). */
static int lft_ev_attach(struct lft_ev_file *f)
{
	struct lft_event *ev = f->ev;
	int ret;

	/* As the kernel does for events: the buffer at its full size. */
	ret = lft_array_expand(f->tr);
	if (ret)
		return ret;
	ret = lft_ev_taskinfo_set(f, lft_ev_taskinfo_want(f->tr));
	if (ret)
		return ret;
	if (!ev->users) {
		ret = ev->reg ? ev->reg(ev, true) :
		      tracepoint_probe_register(ev->tp, ev->probe, ev);
		if (ret) {
			lft_ev_taskinfo_set(f, 0);
			return ret;
		}
	}
	ret = ev->file_reg ? ev->file_reg(f, true) : 0;
	if (ret) {
		if (!ev->users && ev->reg)
			ev->reg(ev, false);
		lft_ev_taskinfo_set(f, 0);
		return ret;
	}
	ev->users++;
	list_add_tail_rcu(&f->node, &ev->active);
	f->enabled = true;
	f->was_enabled = true;
	return 0;
}

static void lft_ev_detach(struct lft_ev_file *f)
{
	struct lft_event *ev = f->ev;

	list_del_rcu(&f->node);
	f->enabled = false;
	if (ev->file_reg)
		ev->file_reg(f, false);
	if (!--ev->users) {
		if (ev->reg)
			ev->reg(ev, false);
		else
			tracepoint_probe_unregister(ev->tp, ev->probe, ev);
	}
	/*
	 * A probe may still be writing for this array: whoever frees @f or
	 * the array waits for it first (lft_event_remove(), the array's
	 * teardown), once for all the events it disabled; disabling
	 * "*:*" would otherwise wait a grace period per event.
	 */
	lft_ev_taskinfo_set(f, 0);
}

/**
 * lft_ev_taskinfo_option() - record-cmd or record-tgid changed
 * @tr: the array whose option it is (lft_lock held)
 *
 * As in 6.1, comms and tgids are recorded for an array's events while
 * they are enabled and the option is on: the enabled events follow.
 */
void lft_ev_taskinfo_option(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;
	struct lft_ev_file *f;

	if (!ea)
		return;
	list_for_each_entry(f, &ea->files, list)
		if (f->enabled &&
		    lft_ev_taskinfo_set(f, lft_ev_taskinfo_want(tr)))
			pr_warn("cannot record tgids: out of memory\n");
}

/**
 * lft_ev_enable() - enable or disable an event in an array
 * @f: the event in that array
 * @on: the new state
 *
 * Called with lft_lock held. As 6.1: in soft mode (triggers) disabling
 * keeps the probe and stops the records; a soft-enabled event stays
 * enabled when its soft mode ends.
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_ev_enable(struct lft_ev_file *f, bool on)
{
	int ret = 0;

	if (on) {
		WRITE_ONCE(f->soft_disabled, false);
		if (!f->enabled)
			ret = lft_ev_attach(f);
	} else {
		if (!f->soft && f->enabled)
			lft_ev_detach(f);
		WRITE_ONCE(f->soft_disabled, f->soft > 0);
	}
	lft_ev_slow_update(f);
	return ret;
}

/**
 * lft_ev_soft() - take or drop a soft-mode reference (a trigger's)
 * @f: the event in an array (lft_lock held)
 * @on: take (the probe is registered, records off unless enabled) or drop
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_ev_soft(struct lft_ev_file *f, bool on)
{
	int ret;

	if (on) {
		if (f->soft++ || f->enabled) {
			lft_ev_slow_update(f);
			return 0;
		}
		/* Slow first: the probe must see soft mode once attached. */
		WRITE_ONCE(f->soft_disabled, true);
		lft_ev_slow_update(f);
		ret = lft_ev_attach(f);
		if (ret) {
			f->soft--;
			WRITE_ONCE(f->soft_disabled, false);
			lft_ev_slow_update(f);
		}
		return ret;
	}
	if (--f->soft)
		return 0;
	if (f->soft_disabled && f->enabled)
		lft_ev_detach(f);
	WRITE_ONCE(f->soft_disabled, false);
	lft_ev_slow_update(f);
	return 0;
}

/**
 * lft_ev_soft_switch() - turn a soft-mode event's records on or off (a
 *	command's or trigger's action)
 * @f: the event in an array, in soft mode
 * @on: records on
 * @count: the command's count (-1: unlimited), taken only on a change
 *
 * Any context.
 */
void lft_ev_soft_switch(struct lft_ev_file *f, bool on, atomic_long_t *count)
{
	if (READ_ONCE(f->soft_disabled) == on && lft_count_take(count))
		WRITE_ONCE(f->soft_disabled, !on);
}

/**
 * lft_event_by_id() - the event whose records have type @id
 * @id: a record's type
 *
 * Called under rcu_read_lock() (or lft_lock): a dynamic event stays
 * valid until it is unlocked.
 *
 * Return: the event, or NULL.
 */
struct lft_event *lft_event_by_id(int id)
{
	return id >= LFT_EV_FIRST_ID ? xa_load(&lft_ev_ids, id) : NULL;
}

/* Whether the event being printed on this CPU hashes its pointers. */
static DEFINE_PER_CPU(bool, lft_ev_hash);

/**
 * lft_ev_hashing() - whether the line being printed hashes its pointers
 *
 * Called by printers, under lft_event_print().
 *
 * Return: options/hash-ptr of the array being read.
 */
bool lft_ev_hashing(void)
{
	return this_cpu_read(lft_ev_hash);
}

/**
 * lft_event_print() - "name: fields" for an event's record
 * @s: where to print
 * @rec: the record
 * @len: its length
 * @hash: hash pointers (options/hash-ptr)
 *
 * Return: false if @rec is no event's record (or too short for it).
 */
bool lft_event_print(struct seq_buf *s, const void *rec, unsigned int len,
		     bool hash)
{
	const struct lft_entry *ent = rec;
	unsigned int i, end = sizeof(*ent);
	struct lft_event *ev;
	bool ok = false;

	/* The printers read the flag on this CPU: stay on it. */
	preempt_disable();
	this_cpu_write(lft_ev_hash, hash);
	rcu_read_lock();
	ev = lft_event_by_id(ent->type);
	if (!ev)
		goto out;
	for (i = 0; i < ev->nfields; i++)
		end = max_t(unsigned int, end,
			    ev->fields[i].offset + ev->fields[i].size);
	if (len < end)
		goto out;
	if (!ev->own_name)
		seq_buf_printf(s, "%s: ", ev->name);
	ev->print(s, rec, len);
	seq_buf_printf(s, "\n");
	ok = true;
out:
	rcu_read_unlock();
	preempt_enable();
	return ok;
}

/* ------------------------------------------------------------- ids */

/*
 * What the kernel would print of a record with an id lftrace holds: its
 * buffers never have one (only lftrace writes such records, into its own).
 */
static enum print_line_t lft_ev_ktype_print(struct trace_iterator *iter,
					    int flags,
					    struct trace_event *event)
{
	return TRACE_TYPE_UNHANDLED;
}

/* All four set: register_trace_event() fills in the ones left NULL. */
static struct trace_event_functions lft_ev_ktype_funcs = {
	.trace = lft_ev_ktype_print,
	.raw = lft_ev_ktype_print,
	.hex = lft_ev_ktype_print,
	.binary = lft_ev_ktype_print,
};

/*
 * An id from the kernel's allocator for @ev, which has none of the
 * kernel's (or whose id is taken, see lft_ev_id_get()).
 */
static int lft_ev_ktype_get(struct lft_event *ev)
{
	struct trace_event *te;
	int id, ret;

	te = kzalloc(sizeof(*te), GFP_KERNEL);
	if (!te)
		return -ENOMEM;
	te->funcs = &lft_ev_ktype_funcs;
	id = register_trace_event(te);
	if (!id) {
		kfree(te);
		return -ENOSPC;
	}
	/* Not on a kernel lftrace builds for: it would be an entry's type. */
	if (WARN_ON_ONCE(id < LFT_EV_FIRST_ID))
		ret = -ENOSPC;
	else
		ret = xa_insert(&lft_ev_ids, id, ev, GFP_KERNEL);
	if (ret) {
		unregister_trace_event(te);
		kfree(te);
		/* Taken: an event lftrace keeps after the kernel freed its id. */
		return ret == -EBUSY ? -ENOSPC : ret;
	}
	ev->own_type = te;
	ev->id = id;
	return 0;
}

/*
 * Gives @ev its record type and maps the type to it (lft_lock held): the
 * kernel's id of the same event, else one from the kernel's allocator.
 */
static int lft_ev_id_get(struct lft_event *ev)
{
	struct lft_event *other;
	int ret;

	ev->own_type = NULL;
	if (ev->kid >= LFT_EV_FIRST_ID) {
		ret = xa_insert(&lft_ev_ids, ev->kid, ev, GFP_KERNEL);
		if (!ret) {
			ev->id = ev->kid;
			return 0;
		}
		if (ret != -EBUSY)
			return ret;
		/*
		 * Only an event kept after its module went (lft_event_orphan()
		 * lets its id go) or a kernel reusing an id could be there:
		 * the tree stays consistent, perf does not see this one.
		 */
		other = xa_load(&lft_ev_ids, ev->kid);
		pr_warn("event %s:%s: the kernel's id %u is %s:%s's here; it gets another\n",
			ev->system, ev->name, ev->kid,
			other ? other->system : "?", other ? other->name : "?");
	}
	return lft_ev_ktype_get(ev);
}

/*
 * Unmaps @ev's type (if still its) and gives back an id it took from the
 * kernel. After printers are done with @ev (a grace period after it left
 * the map, or none can run): the kernel may hand the id out again.
 */
static void lft_ev_id_put(struct lft_event *ev)
{
	xa_cmpxchg(&lft_ev_ids, ev->id, ev, NULL, GFP_KERNEL);
	if (ev->own_type) {
		unregister_trace_event(ev->own_type);
		kfree(ev->own_type);
		ev->own_type = NULL;
	}
}

/**
 * lft_event_orphan() - an event stays though the kernel dropped its own
 * @ev: an event with the kernel's id whose kernel event went (a module's,
 *	kept while a trigger or an open file holds it); lft_lock held
 *
 * The kernel may give its id to another event now: @ev lets it go, so that
 * the next event with it gets it (its records, if any are left, are no
 * longer printed as @ev's). @ev keeps its id in its files.
 */
void lft_event_orphan(struct lft_event *ev)
{
	if (ev->own_type)
		return;
	xa_cmpxchg(&lft_ev_ids, ev->id, ev, NULL, GFP_KERNEL);
	/* Nor is it listed where the kernel lists its id's new event. */
	ev->kid = 0;
	synchronize_rcu();
}

struct lft_ev_add_ctx {
	struct lft_event *ev;
	int ret;
};

static void lft_ev_add_one(struct lft_array *tr, void *data)
{
	struct lft_ev_add_ctx *c = data;
	struct lft_ev_file *f;

	if (!c->ret)
		c->ret = lft_ev_file_add(tr, c->ev);
	/* First in the array's list too, as in the registry. */
	f = c->ret ? NULL : lft_ev_file_find(tr, c->ev);
	if (f)
		list_move(&f->list, lft_ev_files_of(tr));
}

/* Events added after load, counted: the newest is listed first. */
static unsigned long lft_ev_seq;

/* ------------------------------------------------------------ order */

/*
 * The kernel lists events (available_events, set_event) in the order of
 * its array's event list: each event is added at its head as it comes,
 * while its registry (which lftrace walks) got them at its head too, in
 * the reverse order for those built in (added to the registry from the
 * section, then to the array from the registry) and in the same order
 * for modules' and dynamic events (added to both, one by one). So: events
 * of modules first, in registry order; then built-in ones, in the reverse
 * of it. lftrace's own dynamic events (kprobes) keep their place, newest
 * first, before all. An event of lftrace's own tracepoint goes where the
 * kernel lists its event of that name, if it has one.
 */
#define LFT_EV_OWN_MAX	8

struct lft_ev_order {
	struct xarray by_kid;
	long i;
	/* Events of lftrace's own tracepoints: ranked by the kernel's name. */
	struct lft_event *own[LFT_EV_OWN_MAX];
	unsigned int nown;
};

static int lft_ev_order_call(struct trace_event_call *call, void *data)
{
	struct lft_ev_order *o = data;
	struct lft_event *ev = xa_load(&o->by_kid, call->event.type);
	unsigned int j;

	for (j = 0; !ev && j < o->nown; j++)
		if (call->class && call->class->system &&
		    !strcmp(o->own[j]->system, call->class->system) &&
		    !strcmp(o->own[j]->name, trace_event_name(call)))
			ev = o->own[j];
	o->i++;
	if (ev)
		ev->rank = call->module ? o->i : LONG_MAX / 2 - o->i;
	return 0;
}

static int lft_ev_rank_order(const struct lft_event *a,
			     const struct lft_event *b)
{
	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

static int lft_ev_rank_cmp(void *priv, const struct list_head *a,
			   const struct list_head *b)
{
	return lft_ev_rank_order(list_entry(a, struct lft_event, list),
				 list_entry(b, struct lft_event, list));
}

static int lft_ev_file_rank_cmp(void *priv, const struct list_head *a,
				const struct list_head *b)
{
	return lft_ev_rank_order(list_entry(a, struct lft_ev_file, list)->ev,
				 list_entry(b, struct lft_ev_file, list)->ev);
}

static void lft_ev_order_one(struct lft_array *tr, void *data)
{
	list_sort(NULL, lft_ev_files_of(tr), lft_ev_file_rank_cmp);
}

/**
 * lft_events_order() - list every event where the kernel lists it
 *
 * Called with lft_lock held after events the kernel also has were added
 * (at load, as a module comes). Without memory the order stays as it was.
 */
void lft_events_order(void)
{
	struct lft_ev_order o = { .i = 0 };
	struct lft_event *ev;

	xa_init(&o.by_kid);
	list_for_each_entry(ev, &lft_ev_list, list) {
		if (ev->own_tp && o.nown < LFT_EV_OWN_MAX)
			o.own[o.nown++] = ev;
		if (ev->kid && xa_err(xa_store(&o.by_kid, ev->kid, ev,
					       GFP_KERNEL)))
			goto out;
	}
	lft_kev_for_each(lft_ev_order_call, &o);
	list_sort(NULL, &lft_ev_list, lft_ev_rank_cmp);
	lft_arrays_for_each(lft_ev_order_one, NULL);
out:
	xa_destroy(&o.by_kid);
}

static void lft_ev_del_one(struct lft_array *tr, void *data)
{
	struct lft_ev_file *f = lft_ev_file_find(tr, data);
	struct lft_ev_array *ea = tr->events;

	if (!f)
		return;
	if (f->was_enabled && ea)
		ea->clear_pending = true;
	lft_ev_file_del(f);
}

static void lft_ev_clear_pending(struct lft_array *tr, void *data)
{
	struct lft_ev_array *ea = tr->events;

	if (!ea || !ea->clear_pending)
		return;
	ea->clear_pending = false;
	if (data)
		lft_array_clear(tr, LFT_RB_ALL_CPUS);
}

/**
 * lft_events_removed() - after dynamic events were removed
 *
 * Empties the buffer of every array in which one of them had been
 * enabled, as 6.1 does (its records would otherwise outlive the event's
 * format). Called with lft_lock held.
 */
void lft_events_removed(void)
{
	lft_arrays_for_each(lft_ev_clear_pending, (void *)1);
}

struct lft_ev_retire_ctx {
	struct lft_event *ev;
	bool gone;
	bool ok;
};

static void lft_ev_retire_one(struct lft_array *tr, void *data)
{
	struct lft_ev_retire_ctx *c = data;
	struct lft_ev_file *f = lft_ev_file_find(tr, c->ev);

	if (f && c->ok && !lft_ev_file_retire(f, c->gone))
		c->ok = false;
}

/**
 * lft_event_add() - add a dynamic event
 * @ev: the event, filled in but for its id and lists
 *
 * Gives @ev a record type and its directory in every array. Called with
 * lft_lock held.
 *
 * Return: 0, -EEXIST when an event of that system and name exists, -ENOSPC
 * when no record type is free, or -ENOMEM.
 */
int lft_event_add(struct lft_event *ev)
{
	struct lft_ev_add_ctx c = { .ev = ev };
	struct lft_event *e;

	list_for_each_entry(e, &lft_ev_list, list)
		if (!strcmp(e->system, ev->system) && !strcmp(e->name, ev->name))
			return -EEXIST;
	c.ret = lft_ev_id_get(ev);
	if (c.ret)
		return c.ret;
	ev->users = 0;
	/* The newest first, as the kernel lists events made after boot. */
	lft_ev_seq++;
	ev->rank = -(long)lft_ev_seq;
	INIT_LIST_HEAD(&ev->active);
	list_add(&ev->list, &lft_ev_list);
	lft_arrays_for_each(lft_ev_add_one, &c);
	if (c.ret) {
		lft_arrays_for_each(lft_ev_del_one, ev);
		list_del(&ev->list);
		xa_cmpxchg(&lft_ev_ids, ev->id, ev, NULL, GFP_KERNEL);
		synchronize_rcu();
		lft_ev_id_put(ev);
	}
	return c.ret;
}

static void lft_ev_disable_one(struct lft_array *tr, void *data)
{
	struct lft_ev_file *f = lft_ev_file_find(tr, data);

	if (f && f->enabled)
		lft_ev_enable(f, false);
}

/**
 * lft_event_disable() - disable an event in every array
 * @ev: the event (lft_lock held)
 *
 * For an event whose source is going (a module's): where triggers hold
 * it in soft mode it stays registered, and lft_event_remove() refuses.
 */
void lft_event_disable(struct lft_event *ev)
{
	lft_arrays_for_each(lft_ev_disable_one, ev);
}

/**
 * lft_event_remove() - remove a dynamic event
 * @ev: an event lft_event_add() added
 *
 * Called with lft_lock held. On success no probe, file or printer uses
 * @ev any more: the caller may free it.
 *
 * Return: 0, or -EBUSY when an array has it enabled or a file of it is
 * open (nothing changed).
 */
int lft_event_remove(struct lft_event *ev)
{
	struct lft_ev_retire_ctx c = { .ev = ev, .gone = true, .ok = true };

	if (ev->users)
		return -EBUSY;
	lft_arrays_for_each(lft_ev_retire_one, &c);
	if (!c.ok) {
		c.gone = false;
		c.ok = true;
		lft_arrays_for_each(lft_ev_retire_one, &c);
		/* 6.1 then empties no buffer, even for earlier removals. */
		lft_arrays_for_each(lft_ev_clear_pending, NULL);
		return -EBUSY;
	}
	/* No probe is still on its files (lft_ev_detach()). */
	tracepoint_synchronize_unregister();
	lft_arrays_for_each(lft_ev_del_one, ev);
	list_del(&ev->list);
	xa_cmpxchg(&lft_ev_ids, ev->id, ev, NULL, GFP_KERNEL);
	/* Printers look types up under RCU; then the id may be reused. */
	synchronize_rcu();
	lft_ev_id_put(ev);
	return 0;
}

/* A generated event against the kernel's description of the same event. */
struct lft_ev_cmp {
	struct lft_event *ev;
	unsigned int i;
	bool differs;
};

static int lft_ev_cmp_field(const struct lft_kev_field *kf, void *data)
{
	struct lft_ev_cmp *c = data;
	const struct lft_ev_field *f;

	if (c->i >= c->ev->nfields) {
		c->differs = true;
		return 1;
	}
	f = &c->ev->fields[c->i++];
	if (strcmp(f->name, kf->name) || f->offset != kf->offset ||
	    f->size != kf->size || !f->is_signed != !kf->is_signed) {
		c->differs = true;
		return 1;
	}
	return 0;
}

static int lft_ev_cmp_call(struct trace_event_call *call, void *data)
{
	struct lft_ev_cmp *c = data;

	/* The tracepoint is built in (lft_tp_find()): so is its event. */
	if (call->module || !call->class || !call->class->system ||
	    strcmp(call->class->system, c->ev->system) ||
	    strcmp(trace_event_name(call), c->ev->name))
		return 0;
	c->ev->kid = call->event.type;
	lft_kev_fields(call, lft_ev_cmp_field, c);
	if (c->i != c->ev->nfields ||
	    (call->print_fmt && strcmp(call->print_fmt, c->ev->print_fmt)))
		c->differs = true;
	return 1;
}

/*
 * A generated event whose record or print fmt is not the kernel's (a later
 * kernel changed the event but not its prototype, which the BTF check
 * sees) is left out, and the kernel's own description of it is mirrored
 * instead (events/generic.c): the tree shows what this kernel has.
 */
static const char *lft_ev_kernel_differs(struct lft_event *ev)
{
	struct lft_ev_cmp c = { .ev = ev };

	if (lft_kev_init())
		return NULL;	/* nothing to compare with */
	lft_kev_for_each(lft_ev_cmp_call, &c);
	return c.differs ?
		"its record or print fmt is not this kernel's (its own description is used)" :
		NULL;
}

/*
 * Why a generated event of the kernel's tracepoint @ev->tp cannot be
 * served on this kernel, or NULL; *@checked says whether BTF checked its
 * prototype.
 */
static const char *lft_ev_kernel_check(struct lft_event *ev, bool *checked)
{
	const char *why;

	if (!ev->tp)
		return "this kernel has no such tracepoint";
	if (ev->proto) {
		why = lft_btf_tp_proto(ev->name, ev->proto, checked);
		if (why)
			return why;
	}
	return lft_ev_kernel_differs(ev);
}

/**
 * lft_events_init() - the registry at load, with the static events
 * @tables: the static events' tables, in the order the events/ tree lists
 *	them (events/subsys.c, the composition root, names them)
 * @ntables: how many
 *
 * Each event is bound to its tracepoint, checked and given its id; one
 * that cannot be is left out with one log line.
 *
 * Return: 0, or a negative errno (nothing is then registered).
 */
int lft_events_init(const struct lft_ev_table *const *tables,
		    unsigned int ntables)
{
	unsigned int t, i, nchecked = 0;
	int ret;

	lft_ev_scratch = alloc_percpu(struct lft_ev_scratch);
	/* Always: tp_printk may be turned on after load. */
	lft_ev_printk_bufs = alloc_percpu(struct lft_ev_printk_buf);
	if (!lft_ev_scratch || !lft_ev_printk_bufs) {
		free_percpu(lft_ev_scratch);
		free_percpu(lft_ev_printk_bufs);
		lft_ev_scratch = NULL;
		lft_ev_printk_bufs = NULL;
		return -ENOMEM;
	}
	for (t = 0; t < ntables; t++) {
		for (i = 0; i < tables[t]->n; i++) {
			struct lft_event *ev = tables[t]->events[i];
			const char *why = NULL;
			bool checked = false;

			if (ev->fields_of)
				ev->fields = ev->fields_of(&ev->nfields);
			/* Found again by lft_ev_kernel_differs(), if it can. */
			ev->kid = 0;
			/*
			 * lftrace's own source: nothing of the kernel's to
			 * check, and the kernel's event of the name, if any,
			 * is not this one (no kid).
			 */
			if (ev->own_tp) {
				ev->tp = ev->own_tp;
			} else {
				ev->tp = lft_tp_find(ev->name);
				why = lft_ev_kernel_check(ev, &checked);
			}
			nchecked += checked;
			if (!why && ev->setup)
				why = ev->setup();
			if (why) {
				pr_info("event %s:%s left out: %s\n",
					ev->system, ev->name, why);
				ev->tp = NULL;
				continue;
			}
			ret = lft_ev_id_get(ev);
			if (ret) {
				lft_events_exit();
				return ret;
			}
			INIT_LIST_HEAD(&ev->active);
			lft_ev_pid_fields(ev);
			list_add_tail(&ev->list, &lft_ev_list);
		}
	}
	if (nchecked)
		pr_info("%u tracepoint prototypes checked against the kernel's BTF\n",
			nchecked);
	return 0;
}

/* At unload: the arrays' events are off and gone. */
void lft_events_exit(void)
{
	struct lft_event *ev, *tmp;

	/* Before the kinds free their events: ids back to the kernel. */
	list_for_each_entry(ev, &lft_ev_list, list)
		lft_ev_id_put(ev);
	lft_dynev_exit();
	list_for_each_entry_safe(ev, tmp, &lft_ev_list, list)
		list_del(&ev->list);
	xa_destroy(&lft_ev_ids);
	/* Filters and triggers freed after a grace period. */
	rcu_barrier();
	free_percpu(lft_ev_scratch);
	lft_ev_scratch = NULL;
	free_percpu(lft_ev_printk_bufs);
	lft_ev_printk_bufs = NULL;
}
