// SPDX-License-Identifier: GPL-2.0
/*
 * System call events (events/raw_syscalls/): records laid out, described
 * and printed as 6.1's.
 */
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <asm/syscall.h>

#include "events/event.h"

struct lft_sys_enter_rec {
	struct lft_entry ent;
	long id;
	unsigned long args[6];
};

struct lft_sys_exit_rec {
	struct lft_entry ent;
	long id;
	long ret;
};

static const struct lft_ev_field lft_sys_enter_fields[] = {
	LFT_EV_FIELD(struct lft_sys_enter_rec, "long", id, "id", 1),
	LFT_EV_FIELD(struct lft_sys_enter_rec, "unsigned long", args,
		     "args[6]", 0),
};

static const struct lft_ev_field lft_sys_exit_fields[] = {
	LFT_EV_FIELD(struct lft_sys_exit_rec, "long", id, "id", 1),
	LFT_EV_FIELD(struct lft_sys_exit_rec, "long", ret, "ret", 1),
};

static void lft_sys_enter_print(struct seq_buf *s, const void *data,
				unsigned int len)
{
	const struct lft_sys_enter_rec *r = data;

	seq_buf_printf(s, "NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)", r->id,
		       r->args[0], r->args[1], r->args[2], r->args[3],
		       r->args[4], r->args[5]);
}

static void lft_sys_exit_print(struct seq_buf *s, const void *data,
			       unsigned int len)
{
	const struct lft_sys_exit_rec *r = data;

	seq_buf_printf(s, "NR %ld = %ld", r->id, r->ret);
}

static void lft_sys_enter_probe(void *data, struct pt_regs *regs, long id)
{
	lft_ev_emit(data, struct lft_sys_enter_rec, 0,
		r->id = id;
		syscall_get_arguments(current, regs, r->args));
}

static void lft_sys_exit_probe(void *data, struct pt_regs *regs, long ret)
{
	lft_ev_emit(data, struct lft_sys_exit_rec, 0,
		r->id = syscall_get_nr(current, regs);
		r->ret = ret);
}

LFT_EVENT("raw_syscalls", sys_enter, lft_sys_enter_probe,
	  lft_sys_enter_fields,
	  "\"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, REC->args[0], REC->args[1], REC->args[2], REC->args[3], REC->args[4], REC->args[5]",
	  lft_sys_enter_print);
LFT_EVENT("raw_syscalls", sys_exit, lft_sys_exit_probe, lft_sys_exit_fields,
	  "\"NR %ld = %ld\", REC->id, REC->ret", lft_sys_exit_print);

struct lft_event *const lft_syscalls_events[] = {
	&lft_ev_sys_enter, &lft_ev_sys_exit,
};
const unsigned int lft_syscalls_nevents = ARRAY_SIZE(lft_syscalls_events);
