// SPDX-License-Identifier: GPL-2.0
/*
 * set_event_pid and set_event_notrace_pid: an array's events are recorded
 * only for the tasks the first lists (when it lists any) and never for
 * those the second lists. As in 6.1, a scheduler event also counts the
 * tasks it is about: sched_switch is kept when its previous or next task
 * is traced, a wakeup when the woken task is. With options/event-fork,
 * children of listed tasks join the lists and leave them when freed.
 */
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/tracepoint.h>

#include "compat/kapi.h"
#include "compat/ksyms.h"
#include "events/event.h"

/* The events about other tasks, and the fields naming those tasks. */
static const struct {
	const char *event;
	const char *fields[2];
} lft_ev_pid_events[] = {
	{ "sched_switch", { "prev_pid", "next_pid" } },
	{ "sched_wakeup", { "pid" } },
	{ "sched_wakeup_new", { "pid" } },
	{ "sched_waking", { "pid" } },
};

static struct tracepoint *lft_tp_fork, *lft_tp_free;

/**
 * lft_ev_pid_fields() - note the fields of @ev that name the tasks it is
 *	about (sched_switch's, the wakeups')
 * @ev: a static event being bound
 */
void lft_ev_pid_fields(struct lft_event *ev)
{
	unsigned int i, j, k;

	if (strcmp(ev->system, "sched"))
		return;
	for (i = 0; i < ARRAY_SIZE(lft_ev_pid_events); i++) {
		if (strcmp(lft_ev_pid_events[i].event, ev->name))
			continue;
		for (j = 0; j < 2 && lft_ev_pid_events[i].fields[j]; j++)
			for (k = 0; k < ev->nfields; k++)
				if (!strcmp(ev->fields[k].name,
					    lft_ev_pid_events[i].fields[j]))
					ev->pid_offs[j] = ev->fields[k].offset;
	}
}

static bool lft_ev_pid_ignores(struct lft_ev_array *ea, pid_t pid)
{
	struct lft_pidset *p = rcu_dereference_raw(ea->pids);
	struct lft_pidset *np = rcu_dereference_raw(ea->notrace_pids);

	return (p && !lft_pidset_has(p, pid)) || lft_pidset_has(np, pid);
}

/**
 * lft_ev_pid_ignored() - whether the pid lists leave out the current task
 * @f: the event in an array whose lists are set
 *
 * Return: true to record nothing, unless the record names a task that
 * lft_ev_pid_rec_ok() accepts.
 */
bool lft_ev_pid_ignored(struct lft_ev_file *f)
{
	return lft_ev_pid_ignores(f->tr->events, current->pid);
}

/**
 * lft_ev_pid_rec_ok() - whether a record names a task the lists trace
 * @f: the event in an array
 * @rec: its record
 *
 * Return: true to keep the record.
 */
bool lft_ev_pid_rec_ok(struct lft_ev_file *f, const void *rec)
{
	const struct lft_event *ev = f->ev;
	unsigned int i;

	for (i = 0; i < 2 && ev->pid_offs[i]; i++)
		if (!lft_ev_pid_ignores(f->tr->events,
					*(const pid_t *)(rec + ev->pid_offs[i])))
			return true;
	return false;
}

/* event-fork: a child of a listed task is listed alike, until freed. */
static void lft_ev_pid_fork(void *data, struct task_struct *parent,
			    struct task_struct *child)
{
	struct lft_ev_array *ea = data;
	struct lft_pidset *p = rcu_dereference_raw(ea->pids);
	struct lft_pidset *np = rcu_dereference_raw(ea->notrace_pids);

	if (!(READ_ONCE(ea->tr->flags) & LFT_OPT_EVENT_FORK))
		return;
	if (lft_pidset_has(p, parent->pid))
		lft_pidset_change(p, child->pid, true);
	if (lft_pidset_has(np, parent->pid))
		lft_pidset_change(np, child->pid, true);
}

static void lft_ev_pid_free(void *data, struct task_struct *task)
{
	struct lft_ev_array *ea = data;

	if (!(READ_ONCE(ea->tr->flags) & LFT_OPT_EVENT_FORK))
		return;
	lft_pidset_change(rcu_dereference_raw(ea->pids), task->pid, false);
	lft_pidset_change(rcu_dereference_raw(ea->notrace_pids), task->pid,
			  false);
}

static void lft_ev_pid_probes(struct lft_ev_array *ea, bool on)
{
	if (ea->fork_probes == on || !lft_tp_fork || !lft_tp_free)
		return;
	if (on) {
		if (tracepoint_probe_register(lft_tp_fork, lft_ev_pid_fork, ea))
			return;
		if (tracepoint_probe_register(lft_tp_free, lft_ev_pid_free,
					      ea)) {
			tracepoint_probe_unregister(lft_tp_fork,
						    lft_ev_pid_fork, ea);
			return;
		}
	} else {
		tracepoint_probe_unregister(lft_tp_fork, lft_ev_pid_fork, ea);
		tracepoint_probe_unregister(lft_tp_free, lft_ev_pid_free, ea);
		tracepoint_synchronize_unregister();
	}
	ea->fork_probes = on;
}

/* After a pid list changed (lft_lock held): tell the probes. */
static void lft_ev_pid_changed(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;
	bool on = rcu_access_pointer(ea->pids) ||
		  rcu_access_pointer(ea->notrace_pids);
	struct lft_ev_file *f;

	lft_ev_for_each_in(f, tr) {
		WRITE_ONCE(f->pid_check, on);
		lft_ev_slow_update(f);
	}
	lft_ev_pid_probes(ea, on);
}

/**
 * lft_ev_pid_files() - an array's set_event_pid and set_event_notrace_pid
 * @tr: the array (lft_lock held), its events set up
 *
 * Return: 0 or -ENOMEM.
 */
int lft_ev_pid_files(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;
	int ret;

	if (!lft_tp_fork) {
		lft_tp_fork = lft_tp_find("sched_process_fork");
		lft_tp_free = lft_tp_find("sched_process_free");
	}
	ea->tr = tr;
	ret = lft_pid_file_create("set_event_pid", tr, &ea->pids,
				  lft_ev_pid_changed);
	if (!ret)
		ret = lft_pid_file_create("set_event_notrace_pid", tr,
					  &ea->notrace_pids,
					  lft_ev_pid_changed);
	return ret;
}

/**
 * lft_ev_pid_free_all() - drop an array's pid lists
 * @tr: the array, its events off (lft_lock held)
 */
void lft_ev_pid_free_all(struct lft_array *tr)
{
	struct lft_ev_array *ea = tr->events;

	lft_ev_pid_probes(ea, false);
	/* Probes are gone; the sets' own frees wait for RCU-tasks-rude. */
	lft_rude_barrier();
	lft_pidset_free(&ea->pids);
	lft_pidset_free(&ea->notrace_pids);
}
