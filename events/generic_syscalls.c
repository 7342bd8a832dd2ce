// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's syscalls:sys_enter_* and sys_exit_* events (690 of Debian
 * 6.1's 1,318), mirrored by events/generic.c, captured without perf.
 *
 * Their records need no event-specific code: the kernel describes each
 * syscall event with a public struct syscall_metadata (its number and
 * argument count), and every enter record is the common header, the
 * number and that many arguments, every exit record the header, the
 * number and the return value. So one probe on each of the raw syscall
 * tracepoints (sys_enter, sys_exit), registered while any syscall event
 * is enabled, looks the syscall up in a table and writes the record as
 * the kernel's ftrace_syscall_enter() and _exit() do: 32-bit syscalls
 * left out, the header's preempt count that of the probe (the kernel's
 * syscall probes disable preemption once more than a tracepoint's).
 * Measured (make bench-events): the perf path costs about 250
 * instructions an event more.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/ftrace.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/trace_events.h>
#include <linux/tracepoint.h>
#include <asm/syscall.h>
#include <asm/unistd.h>
#include <trace/syscall.h>

#include "compat/ksyms.h"
#include "core/trace.h"
#include "events/event.h"
#include "events/generic.h"

/* The kernel's struct syscall_trace_enter and _exit. */
struct lft_gsc_enter {
	struct lft_entry ent;
	int nr;
	unsigned long args[];
};

struct lft_gsc_exit {
	struct lft_entry ent;
	int nr;
	long ret;
};

/* What one syscall has: its events, and its enter record's arguments. */
struct lft_gsc {
	struct lft_event *enter;
	struct lft_event *exit;
	const char *name;
	unsigned int nb_args;
};

static struct lft_gsc lft_gsc_table[NR_syscalls];
/* Probe registrations (lft_lock): enabled enter and exit events. */
static unsigned int lft_gsc_users[2];
static struct tracepoint *lft_gsc_tp[2];

static int lft_gsc_nr(struct pt_regs *regs)
{
#ifdef ARCH_TRACE_IGNORE_COMPAT_SYSCALLS
	if (unlikely(arch_trace_is_compat_syscall(regs)))
		return -1;
#endif
	return syscall_get_nr(current, regs);
}

static void lft_gsc_enter_probe(void *data, struct pt_regs *regs, long id)
{
	int nr = lft_gsc_nr(regs);
	unsigned long args[6];
	struct lft_ev_file *f;
	struct lft_entry hdr;
	struct lft_event *ev;
	unsigned int n, size;

	if (nr < 0 || nr >= NR_syscalls)
		return;
	ev = READ_ONCE(lft_gsc_table[nr].enter);
	if (!ev || list_empty(&ev->active))
		return;
	n = lft_gsc_table[nr].nb_args;
	size = sizeof(struct lft_gsc_enter) + n * sizeof(unsigned long);
	lft_gen_ctx_pc(&hdr, 0, preempt_count());
	syscall_get_arguments(current, regs, args);
	lft_ev_for_each_file(f, ev) {
		struct lft_gsc_enter *rec;
		struct lft_rb_res res __uninitialized;

		rec = lft_ev_reserve_hdr(f, size, &res, &hdr);
		if (!rec)
			continue;
		rec->nr = nr;
		memcpy(rec->args, args, n * sizeof(args[0]));
		lft_ev_commit(f, &res);
	}
}

static void lft_gsc_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	int nr = lft_gsc_nr(regs);
	struct lft_ev_file *f;
	struct lft_entry hdr;
	struct lft_event *ev;

	if (nr < 0 || nr >= NR_syscalls)
		return;
	ev = READ_ONCE(lft_gsc_table[nr].exit);
	if (!ev || list_empty(&ev->active))
		return;
	lft_gen_ctx_pc(&hdr, 0, preempt_count());
	lft_ev_for_each_file(f, ev) {
		struct lft_gsc_exit *rec;
		struct lft_rb_res res __uninitialized;

		rec = lft_ev_reserve_hdr(f, sizeof(*rec), &res, &hdr);
		if (!rec)
			continue;
		rec->nr = nr;
		rec->ret = syscall_get_return_value(current, regs);
		lft_ev_commit(f, &res);
	}
}

static void *const lft_gsc_probes[2] = {
	lft_gsc_enter_probe, lft_gsc_exit_probe,
};

/*
 * The event's reg hook (lft_lock held): the raw tracepoint's probe while
 * any enter (or exit) event is enabled. The caller waits for the probes
 * before an array can go.
 */
static int lft_gsc_reg(struct lft_event *ev, bool on)
{
	unsigned int i = strncmp(ev->name, "sys_exit_", 9) == 0;
	int ret = 0;

	if (on && !lft_gsc_users[i])
		ret = tracepoint_probe_register(lft_gsc_tp[i],
						lft_gsc_probes[i], NULL);
	else if (!on && lft_gsc_users[i] == 1)
		tracepoint_probe_unregister(lft_gsc_tp[i], lft_gsc_probes[i],
					    NULL);
	if (!ret)
		lft_gsc_users[i] += on ? 1 : -1;
	return ret;
}

/**
 * lft_gsc_bind() - serve a syscall event with the probes of this file
 * @ev: lftrace's event for @call, before it is added
 * @call: the kernel's syscalls:sys_enter_* or sys_exit_* event
 *
 * Called with lft_lock held, once @ev is added, before any array can
 * enable it. Syscall events are the kernel's own, never a module's: they
 * stay bound until lftrace goes.
 *
 * Return: true when @ev's reg hook is now this file's; false to leave the
 * event to the general path (its syscall is not in the table).
 */
bool lft_gsc_bind(struct lft_event *ev, struct trace_event_call *call)
{
	struct syscall_metadata *meta = call->data;
	struct lft_gsc *s;

	if (!meta || meta->syscall_nr < 0 || meta->syscall_nr >= NR_syscalls ||
	    meta->nb_args > 6)
		return false;
	if (!lft_gsc_tp[0]) {
		lft_gsc_tp[0] = lft_tp_find("sys_enter");
		lft_gsc_tp[1] = lft_tp_find("sys_exit");
	}
	if (!lft_gsc_tp[0] || !lft_gsc_tp[1])
		return false;
	s = &lft_gsc_table[meta->syscall_nr];
	s->name = meta->name;
	if (call == meta->enter_event) {
		s->enter = ev;
		s->nb_args = meta->nb_args;
	} else if (call == meta->exit_event) {
		s->exit = ev;
	} else {
		return false;
	}
	ev->reg = lft_gsc_reg;
	return true;
}

/**
 * lft_gsc_name() - a syscall's name as the kernel's syscall metadata has it
 * @nr: the syscall's number
 *
 * Return: "sys_read" and the like, or NULL for a syscall without events.
 */
const char *lft_gsc_name(long nr)
{
	if (nr < 0 || nr >= NR_syscalls)
		return NULL;
	return READ_ONCE(lft_gsc_table[nr].name);
}
