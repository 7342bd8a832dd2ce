// SPDX-License-Identifier: GPL-2.0
/*
 * Every other event the kernel has, from the kernel's own descriptions.
 *
 * At load, and as each module with events comes, every tracepoint and
 * syscall event of the kernel (compat/events.c walks them) that lftrace
 * has no generated probe for becomes an lftrace event: same system, name,
 * id, fields and print fmt, so its format file is the kernel's.
 * Docs: docs/events-generic.md (the options measured, and why these).
 *
 *   kernel tracepoint --(perf's probe builds the kernel's record)--> perf
 *     --(our overflow handler, one counter per CPU while enabled)-->
 *     copy into each enabling array's ring buffer, header ours
 *   reader --> the kernel's own output function for the event, on a
 *     copy of the record typed with the kernel's id --> the kernel's line
 *
 * Syscall events are captured by their own probes (generic_syscalls.c);
 * the others by an in-kernel perf counter (PERF_TYPE_TRACEPOINT, raw
 * samples): the one exported way to receive the record the kernel builds
 * for any event, from any context, beside the kernel's own tracing and
 * other perf users. Its cost is perf's fixed part (about 500 instructions
 * an event); a BPF program attached to the event through perf that
 * returns 0 drops the record for every perf user, lftrace included.
 * Events that refuse sampling counters (irq_vectors:irq_work_exit) are
 * left to a generated probe.
 *
 * Record: perf pads the kernel's length to 8n + 4 bytes; the length kept
 * is the kernel's (fixed part, plus each dynamic field's), and the
 * header's preempt count is the kernel's own record's (perf takes it
 * inside the tracepoint's own preempt_disable()).
 *
 * Output: the kernel's output function prints into a trace_iterator of
 * ours (one per CPU and nesting level, so that tp_printk from a probe
 * may interrupt a reader). With no trace_array given, pointers are always
 * hashed and syscall events print without options/verbose.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>
#include <linux/trace_events.h>
#include <linux/trace_seq.h>
#include <linux/tracepoint.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include "compat/events.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/generic.h"

/**
 * struct lft_gev - a kernel event mirrored as an lftrace event
 * @ev: the lftrace event (its fields point into @fields)
 * @call: the kernel's event; NULL once its module went
 * @mod: its module, NULL for the kernel's own
 * @kid: the kernel's record type (the output function checks it)
 * @pc_dec: the kernel's own record counts one preempt level less than
 *	perf's (tracepoint events; see lft_gev_pc_dec())
 * @fixed: the record's fixed size, as the kernel's struct
 * @nloc: how many dynamic fields (__data_loc, __rel_loc) follow in @locs
 * @cnt: while enabled, its perf counters (lft_gev_reg())
 * @node: in lft_gevs
 * @locs: the dynamic fields' offsets, after @fields
 * @fields: the fields after the common ones, then the strings
 */
struct lft_gev {
	struct lft_event ev;
	struct trace_event_call *call;
	struct module *mod;
	u16 kid;
	bool pc_dec;
	u16 fixed;
	u16 nloc;
	u16 fmt_len;	/* of the output function's format, in print_fmt */
	struct lft_gev_counters *cnt;
	struct list_head node;
	u16 *locs;
	struct lft_ev_field fields[];
};

/* Every lft_gev, also those left over from a module that went (lft_lock). */
static LIST_HEAD(lft_gevs);
static bool lft_gev_on;

/* ------------------------------------------------------------- build */

struct lft_gev_size {
	unsigned int nfields, nloc, strings, end, align;
};

static bool lft_gev_is_loc(const char *type)
{
	return str_has_prefix(type, "__data_loc") ||
	       str_has_prefix(type, "__rel_loc");
}

/* How long the field's name and type are as lftrace keeps them. */
static int lft_gev_measure(const struct lft_kev_field *f, void *data)
{
	struct lft_gev_size *sz = data;
	const char *arr = strchr(f->type, '[');
	unsigned int elem = f->size;

	sz->nfields++;
	/* Name, "[]" when the array has no length, type, NULs. */
	sz->strings += strlen(f->name) + 3 + strlen(f->type) + 1;
	sz->end = max_t(unsigned int, sz->end, f->offset + f->size);
	if (lft_gev_is_loc(f->type)) {
		sz->nloc++;
		return 0;
	}
	if (arr && f->len)
		elem = f->size / f->len;
	/* The kernel's struct is aligned to its widest scalar member. */
	if (elem == 8)
		sz->align = 8;
	return 0;
}

struct lft_gev_fill {
	struct lft_gev *g;
	unsigned int i;
	char *str;
};

static char *lft_gev_strcpy(struct lft_gev_fill *c, const char *s, size_t n)
{
	char *p = c->str;

	memcpy(p, s, n);
	p[n] = '\0';
	c->str += n + 1;
	return p;
}

/*
 * The kernel's "char[16]" named "comm" is lftrace's type "char", name
 * "comm", count 16; an array of no given length is named "comm[]", as the
 * format file shows both. __data_loc types stay whole.
 */
static int lft_gev_fill(const struct lft_kev_field *f, void *data)
{
	struct lft_gev_fill *c = data;
	struct lft_gev *g = c->g;
	struct lft_ev_field *out = &g->fields[c->i++];
	const char *arr = strchr(f->type, '[');
	char name[64];

	if (lft_gev_is_loc(f->type) || !arr) {
		out->type = lft_gev_strcpy(c, f->type, strlen(f->type));
		out->name = lft_gev_strcpy(c, f->name, strlen(f->name));
	} else {
		out->type = lft_gev_strcpy(c, f->type, arr - f->type);
		if (f->len) {
			out->name = lft_gev_strcpy(c, f->name, strlen(f->name));
			out->count = f->len;
		} else {
			snprintf(name, sizeof(name), "%s[]", f->name);
			out->name = lft_gev_strcpy(c, name, strlen(name));
		}
	}
	out->offset = f->offset;
	out->size = f->size;
	out->is_signed = !!f->is_signed;
	if (lft_gev_is_loc(f->type))
		g->locs[g->nloc++] = f->offset;
	return 0;
}

/*
 * Perf takes the header's preempt count inside the tracepoint's own
 * preempt_disable(); the kernel's record for a tracepoint event counts
 * without it. Syscall events are the exception on Debian's 6.1: its
 * ftrace_syscall_enter() and _exit() disable preemption once more
 * themselves, so the kernel's record shows perf's count.
 */
static bool lft_gev_pc_dec(struct trace_event_call *call)
{
	return strcmp(call->class->system, "syscalls") != 0;
}

static void lft_gev_print(struct seq_buf *s, const void *rec,
			  unsigned int len);
static int lft_gev_reg(struct lft_event *ev, bool on);

/*
 * The length of the format the output function prints with: print_fmt's
 * first quoted string (its closing quote is the first one not escaped).
 */
static size_t lft_gev_fmt_len(const char *print_fmt)
{
	const char *p = print_fmt;

	if (*p++ != '"')
		return strlen(print_fmt);
	for (; *p && *p != '"'; p++)
		if (*p == '\\' && p[1])
			p++;
	return p - print_fmt - 1;
}

/* A new lft_gev for @call (event_mutex held: @call is alive). */
static struct lft_gev *lft_gev_new(struct trace_event_call *call)
{
	struct lft_gev_size sz = { .align = 4 };
	struct lft_gev_fill c;
	const char *sys = call->class->system, *name = trace_event_name(call);
	struct lft_gev *g;
	size_t size;

	lft_kev_fields(call, lft_gev_measure, &sz);
	/* Syscall records end in an array of unsigned long. */
	if (!strcmp(sys, "syscalls"))
		sz.align = 8;
	sz.strings += strlen(sys) + 1 + strlen(name) + 1;
	size = struct_size(g, fields, sz.nfields) +
	       sz.nloc * sizeof(u16) + sz.strings;
	g = kzalloc(size, GFP_KERNEL);
	if (!g)
		return NULL;
	g->locs = (u16 *)&g->fields[sz.nfields];
	c = (struct lft_gev_fill) { .g = g, .str = (char *)&g->locs[sz.nloc] };
	lft_kev_fields(call, lft_gev_fill, &c);
	g->ev.system = lft_gev_strcpy(&c, sys, strlen(sys));
	g->ev.name = lft_gev_strcpy(&c, name, strlen(name));
	g->ev.fields = g->fields;
	g->ev.nfields = sz.nfields;
	g->ev.print_fmt = call->print_fmt;
	g->fmt_len = min_t(size_t, lft_gev_fmt_len(call->print_fmt), U16_MAX);
	g->ev.print = lft_gev_print;
	g->ev.own_name = true;
	g->ev.reg = lft_gev_reg;
	g->call = call;
	g->mod = call->module;
	g->kid = call->event.type;
	g->ev.kid = g->kid;
	g->pc_dec = lft_gev_pc_dec(call);
	g->fixed = ALIGN(max_t(unsigned int, sz.end, sizeof(struct lft_entry)),
			 sz.align);
	return g;
}

/* Events a counter can serve, of which lftrace has no other. */
static bool lft_gev_wanted(struct trace_event_call *call)
{
	if (call->flags & (TRACE_EVENT_FL_DYNAMIC | TRACE_EVENT_FL_KPROBE |
			   TRACE_EVENT_FL_UPROBE | TRACE_EVENT_FL_EPROBE |
			   TRACE_EVENT_FL_CUSTOM | TRACE_EVENT_FL_IGNORE_ENABLE))
		return false;
	if (!call->class || !call->class->reg || !call->print_fmt ||
	    !call->event.funcs || !call->event.funcs->trace)
		return false;
	/* It refuses sampling counters (irq_work_exit): not ours to serve. */
	if (call->perf_perm)
		return false;
	return strcmp(call->class->system, "ftrace") != 0;
}

struct lft_gev_walk {
	struct module *mod;	/* only its events (NULL: all) */
	struct list_head new;
	int ret;
};

static int lft_gev_collect(struct trace_event_call *call, void *data)
{
	struct lft_gev_walk *w = data;
	struct lft_gev *g;

	if ((w->mod && call->module != w->mod) || !lft_gev_wanted(call))
		return 0;
	g = lft_gev_new(call);
	if (!g)
		return -ENOMEM;
	list_add_tail(&g->node, &w->new);
	return 0;
}

static void lft_gev_free(struct lft_gev *g)
{
	kfree(g);
}

/*
 * Adds the kernel's events (of @mod only, if not NULL) to the registry and
 * to every array; lft_lock held. Those lftrace has a generated event for
 * are dropped here (-EEXIST).
 */
static int lft_gev_add(struct module *mod)
{
	struct lft_gev_walk w = { .mod = mod, .new = LIST_HEAD_INIT(w.new) };
	struct lft_gev *g, *tmp;
	unsigned int n = 0;
	int ret;

	ret = lft_kev_for_each(lft_gev_collect, &w);
	list_for_each_entry_safe(g, tmp, &w.new, node) {
		list_del(&g->node);
		if (!ret) {
			int err = lft_event_add(&g->ev);

			if (!err) {
				list_add_tail(&g->node, &lft_gevs);
				if (!strcmp(g->ev.system, "syscalls"))
					lft_gsc_bind(&g->ev, g->call);
				n++;
				continue;
			}
			if (err != -EEXIST)
				ret = err;
		}
		lft_gev_free(g);
	}
	if (n && !mod)
		pr_info("%u of the kernel's events mirrored\n", n);
	if (n)
		lft_events_order();
	return ret;
}

/* ----------------------------------------------------------- capture */

/* The kernel's length of record @rec: its fixed part and dynamic data. */
static unsigned int lft_gev_len(const struct lft_gev *g, const void *rec,
				unsigned int size)
{
	unsigned int len = g->fixed, i;

	for (i = 0; i < g->nloc; i++)
		len += *(const u32 *)(rec + g->locs[i]) >> 16;
	return min(len, size);
}

/* Perf's overflow handler: the kernel's record, into each array. */
static void lft_gev_overflow(struct perf_event *pe,
			     struct perf_sample_data *data,
			     struct pt_regs *regs)
{
	struct lft_gev *g = pe->overflow_handler_context;
	const struct perf_raw_record *raw = data->raw;
	const struct lft_entry *src;
	struct lft_entry hdr;
	struct lft_ev_file *f;
	unsigned int len;

	if (!raw || raw->frag.size < sizeof(*src))
		return;
	src = raw->frag.data;
	len = lft_gev_len(g, src, raw->frag.size);
	/* The context is the event's, from perf's header, not the handler's. */
	hdr = *src;
	if (g->pc_dec && (hdr.preempt_count & 0xf))
		hdr.preempt_count--;
	lft_ev_for_each_file(f, &g->ev) {
		struct lft_rb_res res __uninitialized;
		struct lft_entry *ent = lft_ev_reserve_hdr(f, len, &res, &hdr);

		if (!ent)
			continue;
		memcpy(ent + 1, src + 1, len - sizeof(*ent));
		lft_ev_commit(f, &res);
	}
}

/*
 * An enabled event's counters, one per online CPU.
 *
 * Perf takes a reference on the event's module for each counter, which
 * would keep "rmmod" from working while the event is enabled, where the
 * kernel's own tracing lets the module go and its events with it. So the
 * references are given back once a counter exists and taken again just
 * before it is released: the module's going notifier (ours runs before
 * the kernel removes the event) releases what is left.
 *
 * Perf waits for the tracepoint's readers when an event's last counter
 * goes, holding event_mutex: disabling "*:*" waits for a thousand grace
 * periods one after the other, whoever waits. So the caller does not:
 * each event's counters are released by a work item of their own (a
 * module's events, few, go at once); until then they are still attached
 * but write nothing (the event has no enabled file left). The queue is
 * ordered: work items side by side only queued on event_mutex, hundreds
 * of workers each blocked past the hung-task limit (ftracetest under
 * CI), while one worker that takes them in turn lets the kernel's own
 * users of event_mutex in between them.
 * Whoever frees an lft_gev, the handler's context, flushes them first.
 */
struct lft_gev_counters {
	struct work_struct work;
	struct module *mod;
	struct perf_event *pe[];
};

static struct workqueue_struct *lft_gev_wq;

static void lft_gev_release_now(struct lft_gev_counters *c)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!c->pe[cpu])
			continue;
		__module_get(c->mod);
		perf_event_release_kernel(c->pe[cpu]);
	}
	kfree(c);
}

static void lft_gev_release_work(struct work_struct *work)
{
	lft_gev_release_now(container_of(work, struct lft_gev_counters, work));
}

/*
 * Let @g's counters go (lft_lock held): soon for the kernel's own events,
 * now for a module's, whose references the release takes for a moment
 * (an "rmmod" right after disabling must not find them taken).
 */
static void lft_gev_release(struct lft_gev *g)
{
	struct lft_gev_counters *c = g->cnt;

	if (!c)
		return;
	g->cnt = NULL;
	if (c->mod) {
		lft_gev_release_now(c);
		return;
	}
	INIT_WORK(&c->work, lft_gev_release_work);
	queue_work(lft_gev_wq, &c->work);
}

/*
 * The event's reg hook (lft_lock held): counters while any array has it
 * enabled. The caller waits for the tracepoint's readers after
 * unregistering, before the arrays can go.
 */
static int lft_gev_reg(struct lft_event *ev, bool on)
{
	struct lft_gev *g = container_of(ev, struct lft_gev, ev);
	struct perf_event_attr attr = {
		.type = PERF_TYPE_TRACEPOINT,
		.size = sizeof(attr),
		.config = g->kid,
		.sample_period = 1,
		/* PERIOD: counts passed with the event never throttle it. */
		.sample_type = PERF_SAMPLE_RAW | PERF_SAMPLE_PERIOD,
	};
	struct lft_gev_counters *c;
	int cpu;

	if (!on) {
		lft_gev_release(g);
		return 0;
	}
	if (!g->call)
		return -ENODEV;
	c = kzalloc(struct_size(c, pe, nr_cpu_ids), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->mod = g->mod;
	for_each_online_cpu(cpu) {
		struct perf_event *pe;

		pe = perf_event_create_kernel_counter(&attr, cpu, NULL,
						      lft_gev_overflow, g);
		if (IS_ERR(pe)) {
			lft_gev_release_now(c);
			return PTR_ERR(pe);
		}
		c->pe[cpu] = pe;
		module_put(c->mod);
	}
	g->cnt = c;
	return 0;
}

/* ------------------------------------------------------------ output */

#define LFT_GEV_NEST	4
/* Formats up to half this print with pointers unhashed (lft_gev_print()). */
#define LFT_GEV_FMT	1024

struct lft_gev_out {
	struct trace_iterator iter;
	char fmt[LFT_GEV_FMT];
	u64 rec[PAGE_SIZE / sizeof(u64)];
};

struct lft_gev_cpu {
	int level;
	struct lft_gev_out out[LFT_GEV_NEST];
};

static struct lft_gev_cpu **lft_gev_cpus;
/* The output functions' tr with options/hash-ptr off (NULL: always hash). */
static struct trace_array *lft_gev_unhashed;

/*
 * An event's line, by the kernel's output function, which checks the
 * record's type: a copy typed with the kernel's id (the record's own but
 * where that id was taken, lft_ev_id_get()). Called by lft_event_print(),
 * under RCU and with preemption off: a module's event that went has no
 * call any more, and its module's text stays until a grace period after.
 */
static void lft_gev_print(struct seq_buf *s, const void *rec,
			  unsigned int len)
{
	const struct lft_entry *ent = rec;
	struct lft_event *ev = lft_event_by_id(ent->type);
	struct lft_gev *g = container_of(ev, struct lft_gev, ev);
	struct trace_event_call *call = READ_ONCE(g->call);
	struct lft_gev_cpu *c = lft_gev_cpus[smp_processor_id()];
	struct trace_iterator *iter;
	struct lft_gev_out *o;
	unsigned int n;
	int level;

	if (!call || len > sizeof(o->rec)) {
		seq_buf_printf(s, "%s: (no output)", ev->name);
		return;
	}
	level = c->level++;
	barrier();
	if (level >= LFT_GEV_NEST) {
		seq_buf_printf(s, "%s: (nested)", ev->name);
		goto out;
	}
	o = &c->out[level];
	memcpy(o->rec, rec, len);
	((struct trace_entry *)o->rec)->type = g->kid;
	iter = &o->iter;
	iter->ent = (struct trace_entry *)o->rec;
	iter->ent_size = len;
	/*
	 * Room for the %s check's copies of the format. With a tr (hash-ptr
	 * off: "%p" made "%px", at most twice as long) the kernel would grow
	 * a buffer too short with krealloc(): this one is never too short.
	 */
	iter->fmt = o->fmt;
	iter->fmt_size = sizeof(o->fmt);
	iter->tr = !lft_ev_hashing() && g->fmt_len * 2 + 4 <= sizeof(o->fmt) ?
		   lft_gev_unhashed : NULL;
	trace_seq_init(&iter->seq);
	trace_seq_init(&iter->tmp_seq);
	call->event.funcs->trace(iter, 0, &call->event);
	n = trace_seq_used(&iter->seq);
	while (n && iter->seq.buffer[n - 1] == '\n')
		n--;
	seq_buf_printf(s, "%.*s", n, iter->seq.buffer);
out:
	barrier();
	c->level--;
}

static void lft_gev_out_free(void)
{
	int cpu;

	kfree(lft_gev_unhashed);
	lft_gev_unhashed = NULL;
	if (!lft_gev_cpus)
		return;
	for_each_possible_cpu(cpu)
		vfree(lft_gev_cpus[cpu]);
	kfree(lft_gev_cpus);
	lft_gev_cpus = NULL;
}

static int lft_gev_out_alloc(void)
{
	int cpu;

	lft_gev_unhashed = lft_kev_unhashed_tr_alloc();
	lft_gev_cpus = kcalloc(nr_cpu_ids, sizeof(*lft_gev_cpus), GFP_KERNEL);
	if (!lft_gev_cpus) {
		lft_gev_out_free();
		return -ENOMEM;
	}
	for_each_possible_cpu(cpu) {
		lft_gev_cpus[cpu] = vzalloc(sizeof(struct lft_gev_cpu));
		if (!lft_gev_cpus[cpu]) {
			lft_gev_out_free();
			return -ENOMEM;
		}
	}
	return 0;
}

/* ----------------------------------------------------------- modules */

/*
 * A module's events leave with it, enabled or not (see lft_gev_release()):
 * the counters go first, then each array's files. An event another
 * event's trigger holds (soft mode), or whose files are open, cannot
 * leave lftrace's tree yet: it stays without its call (no capture, no
 * output; enabling it fails) and goes at unload.
 */
static void lft_gev_module_going(struct module *mod)
{
	struct lft_gev *g, *tmp;
	LIST_HEAD(going);

	list_for_each_entry_safe(g, tmp, &lft_gevs, node) {
		if (g->mod != mod || !g->call)
			continue;
		list_move_tail(&g->node, &going);
		WRITE_ONCE(g->call, NULL);
		g->ev.print_fmt = "";
		lft_event_disable(&g->ev);
		lft_gev_release(g);
	}
	/* No counter is left to call a handler with one of them. */
	flush_workqueue(lft_gev_wq);
	list_for_each_entry_safe(g, tmp, &going, node) {
		list_del(&g->node);
		if (!lft_event_remove(&g->ev)) {
			lft_gev_free(g);
			continue;
		}
		/* Another module may come at the same address. */
		g->mod = NULL;
		/* And the kernel may give its event's id to another. */
		lft_event_orphan(&g->ev);
		list_add_tail(&g->node, &lft_gevs);
	}
	/* Printers that saw a call are done before its text goes. */
	synchronize_rcu();
}

/* Called for both blocks: each acts on its own state only. */
static int lft_gev_module_notify(struct module *mod, unsigned long state)
{
	if (!mod->num_trace_events)
		return NOTIFY_DONE;
	mutex_lock(&lft_lock);
	if (state == MODULE_STATE_COMING && lft_gev_add(mod))
		pr_warn("the events of module %s are not all mirrored\n",
			mod->name);
	else if (state == MODULE_STATE_GOING)
		lft_gev_module_going(mod);
	mutex_unlock(&lft_lock);
	return NOTIFY_OK;
}

static int lft_gev_coming(struct notifier_block *nb, unsigned long state,
			  void *data)
{
	return state == MODULE_STATE_COMING ?
	       lft_gev_module_notify(data, state) : NOTIFY_DONE;
}

static int lft_gev_going(struct notifier_block *nb, unsigned long state,
			 void *data)
{
	return state == MODULE_STATE_GOING ?
	       lft_gev_module_notify(data, state) : NOTIFY_DONE;
}

/*
 * The kernel's own notifier (priority 1) adds a module's events to its
 * list when it comes and takes them off when it goes: ours look after
 * it for the first and before it for the second.
 */
static struct notifier_block lft_gev_coming_nb = {
	.notifier_call = lft_gev_coming,
	.priority = 0,
};

static struct notifier_block lft_gev_going_nb = {
	.notifier_call = lft_gev_going,
	.priority = 2,
};

/* -------------------------------------------------------------- load */

/**
 * lft_gev_init() - mirror the kernel's events, and follow its modules'
 *
 * At load, after lftrace's own events are registered, before any array
 * exists. A kernel whose events cannot be read leaves lftrace with its
 * own (compat/events.c says why).
 *
 * Return: 0 or a negative errno.
 */
int lft_gev_init(void)
{
	int ret;

	if (!IS_ENABLED(CONFIG_PERF_EVENTS) || lft_kev_init())
		return 0;
	lft_gev_wq = alloc_ordered_workqueue("lftrace_events", 0);
	if (!lft_gev_wq)
		return -ENOMEM;
	ret = lft_gev_out_alloc();
	if (ret) {
		destroy_workqueue(lft_gev_wq);
		lft_gev_wq = NULL;
		return ret;
	}
	ret = register_module_notifier(&lft_gev_coming_nb);
	if (!ret) {
		ret = register_module_notifier(&lft_gev_going_nb);
		if (ret)
			unregister_module_notifier(&lft_gev_coming_nb);
	}
	if (ret) {
		lft_gev_out_free();
		destroy_workqueue(lft_gev_wq);
		lft_gev_wq = NULL;
		return ret;
	}
	lft_gev_on = true;
	mutex_lock(&lft_lock);
	ret = lft_gev_add(NULL);
	mutex_unlock(&lft_lock);
	if (ret)
		lft_gev_stop();
	return ret;
}

/**
 * lft_gev_stop() - stop following the kernel's modules (at unload, before
 *	the arrays go)
 */
void lft_gev_stop(void)
{
	if (!lft_gev_on)
		return;
	unregister_module_notifier(&lft_gev_going_nb);
	unregister_module_notifier(&lft_gev_coming_nb);
	lft_gev_on = false;
}

/**
 * lft_gev_exit() - free what lft_gev_init() made (at unload, after the
 *	arrays and the registry are gone)
 */
void lft_gev_exit(void)
{
	struct lft_gev *g, *tmp;

	lft_gev_stop();
	/*
	 * Every counter released, and every handler that found one on the
	 * tracepoint's list done, before the handlers' contexts go.
	 */
	if (lft_gev_wq) {
		destroy_workqueue(lft_gev_wq);
		lft_gev_wq = NULL;
	}
	tracepoint_synchronize_unregister();
	list_for_each_entry_safe(g, tmp, &lft_gevs, node) {
		list_del(&g->node);
		lft_gev_free(g);
	}
	lft_gev_out_free();
}
