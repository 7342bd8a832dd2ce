// SPDX-License-Identifier: GPL-2.0
/*
 * The static events' registry: at load each event is bound to the kernel's
 * tracepoint of its name (one log line and no event when the kernel has
 * none) and given its record type, from 20 up as the kernel numbers its
 * dynamic types. An event's probe is registered while any array has it
 * enabled; it writes one record into each such array.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/slab.h>
#include <linux/tracepoint.h>

#include "core/ksyms.h"
#include "core/trace.h"
#include "events/event.h"

#define LFT_EV_FIRST_ID		20

static struct lft_event **lft_events;	/* those bound, in table order */
static unsigned int lft_nevents;

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
	{ lft_net_events, &lft_net_nevents },
	{ lft_block_events, &lft_block_nevents },
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
 * lft_ev_print_flags() - a flags field by name, as __print_flags() shows it
 * @s: where to print
 * @value: the field
 * @table: the names, tried in order
 * @n: how many
 * @sep: printed between names
 *
 * Each name whose mask is wholly in what is left of @value is printed and
 * its bits taken out; bits no name claims follow as one "0x%lx". Zero
 * prints nothing: events that show something else for it say so in their
 * own printers, as their print fmt does.
 */
void lft_ev_print_flags(struct seq_buf *s, unsigned long value,
			const struct lft_ev_flag *table, unsigned int n,
			const char *sep)
{
	const char *pre = "";
	unsigned int i;

	for (i = 0; i < n && value; i++) {
		if ((value & table[i].mask) != table[i].mask)
			continue;
		seq_buf_printf(s, "%s%s", pre, table[i].name);
		pre = sep;
		value &= ~table[i].mask;
	}
	if (value)
		seq_buf_printf(s, "%s0x%lx", pre, value);
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
		/* As the kernel does for events: the buffer at its full size. */
		ret = lft_array_expand(f->tr);
		if (ret)
			return ret;
		ret = lft_taskinfo_start(LFT_TI_CMDLINE);
		if (ret)
			return ret;
		if (!ev->users) {
			ret = tracepoint_probe_register(ev->tp, ev->probe, ev);
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
	if (!--ev->users)
		tracepoint_probe_unregister(ev->tp, ev->probe, ev);
	/* No probe may still be writing for this array when it goes. */
	tracepoint_synchronize_unregister();
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	return 0;
}

/**
 * lft_event_by_id() - the event whose records have type @id
 * @id: a record's type
 *
 * Return: the event, or NULL.
 */
struct lft_event *lft_event_by_id(int id)
{
	unsigned int i = id - LFT_EV_FIRST_ID;

	return id >= LFT_EV_FIRST_ID && i < lft_nevents ? lft_events[i] : NULL;
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
	struct lft_event *ev = lft_event_by_id(ent->type);
	unsigned int i, end = sizeof(*ent);

	if (!ev)
		return false;
	for (i = 0; i < ev->nfields; i++)
		end = max_t(unsigned int, end,
			    ev->fields[i].offset + ev->fields[i].size);
	if (len < end)
		return false;
	seq_buf_printf(s, "%s: ", ev->name);
	ev->print(s, rec, len);
	seq_buf_printf(s, "\n");
	return true;
}

/**
 * lft_events_count() - how many events this kernel has
 *
 * Return: the count.
 */
unsigned int lft_events_count(void)
{
	return lft_nevents;
}

/**
 * lft_event_nth() - an event by its index
 * @i: below lft_events_count()
 *
 * Return: the event.
 */
struct lft_event *lft_event_nth(unsigned int i)
{
	return lft_events[i];
}

int lft_events_init(void)
{
	unsigned int t, i, n = 0;

	for (t = 0; t < ARRAY_SIZE(lft_ev_tables); t++)
		n += *lft_ev_tables[t].n;
	lft_events = kcalloc(n, sizeof(*lft_events), GFP_KERNEL);
	if (!lft_events)
		return -ENOMEM;
	for (t = 0; t < ARRAY_SIZE(lft_ev_tables); t++) {
		for (i = 0; i < *lft_ev_tables[t].n; i++) {
			struct lft_event *ev = lft_ev_tables[t].table[i];
			const char *why = NULL;

			ev->tp = lft_tp_find(ev->name);
			if (!ev->tp)
				why = "this kernel has no such tracepoint";
			else if (ev->setup)
				why = ev->setup();
			if (why) {
				pr_info("event %s:%s left out: %s\n",
					ev->system, ev->name, why);
				ev->tp = NULL;
				continue;
			}
			INIT_LIST_HEAD(&ev->active);
			ev->id = LFT_EV_FIRST_ID + lft_nevents;
			lft_events[lft_nevents++] = ev;
		}
	}
	return 0;
}

void lft_events_exit(void)
{
	kfree(lft_events);
	lft_events = NULL;
	lft_nevents = 0;
}
