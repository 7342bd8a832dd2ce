// SPDX-License-Identifier: GPL-2.0
/*
 * The events' registry: at load each static event is bound to the kernel's
 * tracepoint of its name (one log line and no event when the kernel has
 * none) and given its record type, from 20 up as the kernel numbers its
 * dynamic types; dynamic events (kprobes) come and go later and take the
 * first free type. An event's probe is registered while any array has it
 * enabled; it writes one record into each such array.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/slab.h>
#include <linux/tracepoint.h>
#include <linux/xarray.h>

#include "core/ksyms.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/kprobe.h"

#define LFT_EV_FIRST_ID		20
#define LFT_EV_LAST_ID		0xffff

/* Every event, in the order the events/ tree lists them (lft_lock). */
LIST_HEAD(lft_ev_list);
/* Record type -> event, for the printers (RCU). */
static DEFINE_XARRAY_ALLOC(lft_ev_ids);

static const struct {
	struct lft_event *const *table;
	const unsigned int *n;
} lft_ev_tables[] = {
	{ lft_sched_events, &lft_sched_nevents },
	{ lft_irq_events, &lft_irq_nevents },
	{ lft_signal_events, &lft_signal_nevents },
	{ lft_timer_events, &lft_timer_nevents },
	{ lft_syscalls_events, &lft_syscalls_nevents },
	{ lft_kmem_events, &lft_kmem_nevents },
	{ lft_vmscan_events, &lft_vmscan_nevents },
	{ lft_module_events, &lft_module_nevents },
};

/**
 * lft_ev_reserve() - room for an event's record in an array's buffer
 * @f: the event in that array
 * @size: the record's size
 * @res: for lft_ev_commit()
 *
 * Called from the event's probe; fills the common header.
 *
 * Return: the record, or NULL when the array takes nothing now.
 */
void *lft_ev_reserve(struct lft_ev_file *f, unsigned int size,
		     struct lft_rb_res *res)
{
	struct lft_array *tr = f->tr;
	struct lft_entry ctx, *ent;

	if (!lft_array_writable(tr))
		return NULL;
	/* The probe runs with preemption off: not the event's own count. */
	lft_gen_ctx_dec(&ctx, f->ev->id);
	ent = lft_rb_reserve(READ_ONCE(tr->rb), size, res);
	if (ent)
		*ent = ctx;
	return ent;
}

/**
 * lft_ev_commit() - make a record lft_ev_reserve() gave visible
 * @f: the event in that array
 * @res: from lft_ev_reserve()
 */
void lft_ev_commit(struct lft_ev_file *f, struct lft_rb_res *res)
{
	lft_rb_commit(res);
	lft_taskinfo_note();
}

/**
 * lft_ev_enable() - enable or disable an event in an array
 * @f: the event in that array
 * @on: the new state
 *
 * Called with lft_lock held.
 *
 * Return: 0 or a negative errno (nothing changed).
 */
int lft_ev_enable(struct lft_ev_file *f, bool on)
{
	struct lft_event *ev = f->ev;
	int ret;

	if (f->enabled == on)
		return 0;
	if (on) {
		ret = lft_taskinfo_start(LFT_TI_CMDLINE);
		if (ret)
			return ret;
		if (!ev->users) {
			ret = ev->reg ? ev->reg(ev, true) :
			      tracepoint_probe_register(ev->tp, ev->probe, ev);
			if (ret) {
				lft_taskinfo_stop(LFT_TI_CMDLINE);
				return ret;
			}
		}
		ev->users++;
		list_add_tail_rcu(&f->node, &ev->active);
		f->enabled = true;
		return 0;
	}
	list_del_rcu(&f->node);
	f->enabled = false;
	if (!--ev->users) {
		if (ev->reg)
			ev->reg(ev, false);
		else
			tracepoint_probe_unregister(ev->tp, ev->probe, ev);
	}
	/* No probe may still be writing for this array when it goes. */
	tracepoint_synchronize_unregister();
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	return 0;
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

/**
 * lft_event_print() - "name: fields" for an event's record
 * @s: where to print
 * @rec: the record
 * @len: its length
 *
 * Return: false if @rec is no event's record (or too short for it).
 */
bool lft_event_print(struct seq_buf *s, const void *rec, unsigned int len)
{
	const struct lft_entry *ent = rec;
	unsigned int i, end = sizeof(*ent);
	struct lft_event *ev;
	bool ok = false;

	rcu_read_lock();
	ev = lft_event_by_id(ent->type);
	if (!ev)
		goto out;
	for (i = 0; i < ev->nfields; i++)
		end = max_t(unsigned int, end,
			    ev->fields[i].offset + ev->fields[i].size);
	if (len < end)
		goto out;
	seq_buf_printf(s, "%s: ", ev->name);
	ev->print(s, rec, len);
	seq_buf_printf(s, "\n");
	ok = true;
out:
	rcu_read_unlock();
	return ok;
}

struct lft_ev_add_ctx {
	struct lft_event *ev;
	int ret;
};

static void lft_ev_add_one(struct lft_array *tr, void *data)
{
	struct lft_ev_add_ctx *c = data;

	if (!c->ret)
		c->ret = lft_ev_file_add(tr, c->ev);
}

static void lft_ev_del_one(struct lft_array *tr, void *data)
{
	struct lft_ev_file *f = lft_ev_file_find(tr, data);

	if (f)
		lft_ev_file_del(f);
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
	u32 id;

	list_for_each_entry(e, &lft_ev_list, list)
		if (!strcmp(e->system, ev->system) && !strcmp(e->name, ev->name))
			return -EEXIST;
	c.ret = xa_alloc(&lft_ev_ids, &id, ev,
			 XA_LIMIT(LFT_EV_FIRST_ID, LFT_EV_LAST_ID), GFP_KERNEL);
	if (c.ret)
		return c.ret == -EBUSY ? -ENOSPC : c.ret;
	ev->id = id;
	ev->users = 0;
	INIT_LIST_HEAD(&ev->active);
	list_add_tail(&ev->list, &lft_ev_list);
	lft_arrays_for_each(lft_ev_add_one, &c);
	if (c.ret) {
		lft_arrays_for_each(lft_ev_del_one, ev);
		list_del(&ev->list);
		xa_erase(&lft_ev_ids, id);
		synchronize_rcu();
	}
	return c.ret;
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
		return -EBUSY;
	}
	lft_arrays_for_each(lft_ev_del_one, ev);
	list_del(&ev->list);
	xa_erase(&lft_ev_ids, ev->id);
	/* Printers look types up under RCU. */
	synchronize_rcu();
	return 0;
}

int lft_events_init(void)
{
	unsigned int t, i;
	int ret;

	for (t = 0; t < ARRAY_SIZE(lft_ev_tables); t++) {
		for (i = 0; i < *lft_ev_tables[t].n; i++) {
			struct lft_event *ev = lft_ev_tables[t].table[i];
			u32 id;

			ev->tp = lft_tp_find(ev->name);
			if (!ev->tp) {
				pr_info("event %s:%s left out: this kernel has no such tracepoint\n",
					ev->system, ev->name);
				continue;
			}
			ret = xa_alloc(&lft_ev_ids, &id, ev,
				       XA_LIMIT(LFT_EV_FIRST_ID,
						LFT_EV_LAST_ID), GFP_KERNEL);
			if (ret) {
				lft_events_exit();
				return ret;
			}
			INIT_LIST_HEAD(&ev->active);
			ev->id = id;
			list_add_tail(&ev->list, &lft_ev_list);
		}
	}
	return 0;
}

/* At unload: the arrays' events are off and gone. */
void lft_events_exit(void)
{
	struct lft_event *ev, *tmp;

	lft_kp_exit();
	list_for_each_entry_safe(ev, tmp, &lft_ev_list, list)
		list_del(&ev->list);
	xa_destroy(&lft_ev_ids);
}
