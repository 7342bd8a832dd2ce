// SPDX-License-Identifier: GPL-2.0
/*
 * The scheduler's events (events/sched/): records laid out, described and
 * printed as 6.1's, from lftrace's own probes on the kernel's tracepoints.
 */
#include <linux/binfmts.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "events/event.h"

/* ------------------------------------------------------------- records */

struct lft_sched_switch_rec {
	struct lft_entry ent;
	char prev_comm[TASK_COMM_LEN];
	pid_t prev_pid;
	int prev_prio;
	long prev_state;
	char next_comm[TASK_COMM_LEN];
	pid_t next_pid;
	int next_prio;
};

/* sched_wakeup, sched_waking, sched_wakeup_new */
struct lft_sched_wakeup_rec {
	struct lft_entry ent;
	char comm[TASK_COMM_LEN];
	pid_t pid;
	int prio;
	int target_cpu;
};

struct lft_sched_migrate_rec {
	struct lft_entry ent;
	char comm[TASK_COMM_LEN];
	pid_t pid;
	int prio;
	int orig_cpu;
	int dest_cpu;
};

struct lft_sched_fork_rec {
	struct lft_entry ent;
	char parent_comm[TASK_COMM_LEN];
	pid_t parent_pid;
	char child_comm[TASK_COMM_LEN];
	pid_t child_pid;
};

struct lft_sched_exec_rec {
	struct lft_entry ent;
	u32 filename;		/* __data_loc: length << 16 | offset */
	pid_t pid;
	pid_t old_pid;
	char data[];
};

/* sched_process_exit, sched_process_free, sched_process_wait */
struct lft_sched_task_rec {
	struct lft_entry ent;
	char comm[TASK_COMM_LEN];
	pid_t pid;
	int prio;
};

struct lft_sched_runtime_rec {
	struct lft_entry ent;
	char comm[TASK_COMM_LEN];
	pid_t pid;
	u64 runtime;
	u64 vruntime;
};

/* -------------------------------------------------------------- fields */

#define COMM(rec, member) LFT_EV_FIELD(rec, "char", member, #member "[16]", 1)

static const struct lft_ev_field lft_switch_fields[] = {
	COMM(struct lft_sched_switch_rec, prev_comm),
	F(struct lft_sched_switch_rec, "pid_t", prev_pid, 1),
	F(struct lft_sched_switch_rec, "int", prev_prio, 1),
	F(struct lft_sched_switch_rec, "long", prev_state, 1),
	COMM(struct lft_sched_switch_rec, next_comm),
	F(struct lft_sched_switch_rec, "pid_t", next_pid, 1),
	F(struct lft_sched_switch_rec, "int", next_prio, 1),
};

static const struct lft_ev_field lft_wakeup_fields[] = {
	COMM(struct lft_sched_wakeup_rec, comm),
	F(struct lft_sched_wakeup_rec, "pid_t", pid, 1),
	F(struct lft_sched_wakeup_rec, "int", prio, 1),
	F(struct lft_sched_wakeup_rec, "int", target_cpu, 1),
};

static const struct lft_ev_field lft_migrate_fields[] = {
	COMM(struct lft_sched_migrate_rec, comm),
	F(struct lft_sched_migrate_rec, "pid_t", pid, 1),
	F(struct lft_sched_migrate_rec, "int", prio, 1),
	F(struct lft_sched_migrate_rec, "int", orig_cpu, 1),
	F(struct lft_sched_migrate_rec, "int", dest_cpu, 1),
};

static const struct lft_ev_field lft_fork_fields[] = {
	COMM(struct lft_sched_fork_rec, parent_comm),
	F(struct lft_sched_fork_rec, "pid_t", parent_pid, 1),
	COMM(struct lft_sched_fork_rec, child_comm),
	F(struct lft_sched_fork_rec, "pid_t", child_pid, 1),
};

static const struct lft_ev_field lft_exec_fields[] = {
	F(struct lft_sched_exec_rec, "__data_loc char[]", filename, 1),
	F(struct lft_sched_exec_rec, "pid_t", pid, 1),
	F(struct lft_sched_exec_rec, "pid_t", old_pid, 1),
};

static const struct lft_ev_field lft_task_fields[] = {
	COMM(struct lft_sched_task_rec, comm),
	F(struct lft_sched_task_rec, "pid_t", pid, 1),
	F(struct lft_sched_task_rec, "int", prio, 1),
};

static const struct lft_ev_field lft_runtime_fields[] = {
	COMM(struct lft_sched_runtime_rec, comm),
	F(struct lft_sched_runtime_rec, "pid_t", pid, 1),
	F(struct lft_sched_runtime_rec, "u64", runtime, 0),
	F(struct lft_sched_runtime_rec, "u64", vruntime, 0),
};

/* ------------------------------------------------------------ printers */

/* The task states sched_switch reports, one bit each, as 6.1 names them. */
#define LFT_STATE_MASK		0xff
#define LFT_STATE_PREEMPTED	0x100

static void lft_switch_print(struct seq_buf *s, const void *data,
			     unsigned int len)
{
	static const struct lft_ev_flag names[] = {
		{ 0x01, "S" }, { 0x02, "D" }, { 0x04, "T" }, { 0x08, "t" },
		{ 0x10, "X" }, { 0x20, "Z" }, { 0x40, "P" }, { 0x80, "I" },
	};
	const struct lft_sched_switch_rec *r = data;
	unsigned long st = r->prev_state & LFT_STATE_MASK;

	seq_buf_printf(s, "prev_comm=%.16s prev_pid=%d prev_prio=%d prev_state=",
		       r->prev_comm, r->prev_pid, r->prev_prio);
	if (st)
		lft_ev_print_flags(s, st, names, ARRAY_SIZE(names), "|");
	else
		seq_buf_printf(s, "R");
	seq_buf_printf(s, "%s ==> next_comm=%.16s next_pid=%d next_prio=%d",
		       r->prev_state & LFT_STATE_PREEMPTED ? "+" : "",
		       r->next_comm, r->next_pid, r->next_prio);
}

static void lft_wakeup_print(struct seq_buf *s, const void *data,
			     unsigned int len)
{
	const struct lft_sched_wakeup_rec *r = data;

	seq_buf_printf(s, "comm=%.16s pid=%d prio=%d target_cpu=%03d",
		       r->comm, r->pid, r->prio, r->target_cpu);
}

static void lft_migrate_print(struct seq_buf *s, const void *data,
			      unsigned int len)
{
	const struct lft_sched_migrate_rec *r = data;

	seq_buf_printf(s, "comm=%.16s pid=%d prio=%d orig_cpu=%d dest_cpu=%d",
		       r->comm, r->pid, r->prio, r->orig_cpu, r->dest_cpu);
}

static void lft_fork_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_sched_fork_rec *r = data;

	seq_buf_printf(s, "comm=%.16s pid=%d child_comm=%.16s child_pid=%d",
		       r->parent_comm, r->parent_pid, r->child_comm,
		       r->child_pid);
}

static void lft_exec_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_sched_exec_rec *r = data;

	seq_buf_printf(s, "filename=%s pid=%d old_pid=%d",
		       lft_ev_str(data, len, r->filename), r->pid, r->old_pid);
}

static void lft_task_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_sched_task_rec *r = data;

	seq_buf_printf(s, "comm=%.16s pid=%d prio=%d", r->comm, r->pid,
		       r->prio);
}

static void lft_runtime_print(struct seq_buf *s, const void *data,
			      unsigned int len)
{
	const struct lft_sched_runtime_rec *r = data;

	seq_buf_printf(s, "comm=%.16s pid=%d runtime=%llu [ns] vruntime=%llu [ns]",
		       r->comm, r->pid, r->runtime, r->vruntime);
}

/* -------------------------------------------------------------- probes */

/* What sched_switch records of the previous task's state, as 6.1. */
static long lft_switch_state(bool preempt, unsigned int state,
			     struct task_struct *p)
{
	unsigned int idx;

	if (preempt)
		return LFT_STATE_PREEMPTED;
	if (state == TASK_IDLE)
		idx = fls(TASK_REPORT_IDLE);
	else if (state == TASK_RTLOCK_WAIT)
		idx = fls(TASK_UNINTERRUPTIBLE);
	else
		idx = fls((state | p->exit_state) & TASK_REPORT);
	return idx ? 1L << (idx - 1) : 0;
}

static void lft_sched_switch_probe(void *data, bool preempt,
				   struct task_struct *prev,
				   struct task_struct *next,
				   unsigned int prev_state)
{
	lft_ev_emit(data, struct lft_sched_switch_rec, 0,
		memcpy(r->prev_comm, prev->comm, TASK_COMM_LEN);
		r->prev_pid = prev->pid;
		r->prev_prio = prev->prio;
		r->prev_state = lft_switch_state(preempt, prev_state, prev);
		memcpy(r->next_comm, next->comm, TASK_COMM_LEN);
		r->next_pid = next->pid;
		r->next_prio = next->prio);
}

static void lft_sched_wakeup_probe(void *data, struct task_struct *p)
{
	lft_ev_emit(data, struct lft_sched_wakeup_rec, 0,
		memcpy(r->comm, p->comm, TASK_COMM_LEN);
		r->pid = p->pid;
		r->prio = p->prio;
		r->target_cpu = task_cpu(p));
}

static void lft_sched_migrate_probe(void *data, struct task_struct *p,
				    int dest_cpu)
{
	lft_ev_emit(data, struct lft_sched_migrate_rec, 0,
		memcpy(r->comm, p->comm, TASK_COMM_LEN);
		r->pid = p->pid;
		r->prio = p->prio;
		r->orig_cpu = task_cpu(p);
		r->dest_cpu = dest_cpu);
}

static void lft_sched_fork_probe(void *data, struct task_struct *parent,
				 struct task_struct *child)
{
	lft_ev_emit(data, struct lft_sched_fork_rec, 0,
		memcpy(r->parent_comm, parent->comm, TASK_COMM_LEN);
		r->parent_pid = parent->pid;
		memcpy(r->child_comm, child->comm, TASK_COMM_LEN);
		r->child_pid = child->pid);
}

static void lft_sched_exec_probe(void *data, struct task_struct *p,
				 pid_t old_pid, struct linux_binprm *bprm)
{
	size_t len = strlen(bprm->filename) + 1;

	lft_ev_emit(data, struct lft_sched_exec_rec, len,
		r->filename = lft_ev_loc(sizeof(*r), len);
		memcpy(r->data, bprm->filename, len);
		r->pid = p->pid;
		r->old_pid = old_pid);
}

static void lft_sched_task_probe(void *data, struct task_struct *p)
{
	lft_ev_emit(data, struct lft_sched_task_rec, 0,
		memcpy(r->comm, p->comm, TASK_COMM_LEN);
		r->pid = p->pid;
		r->prio = p->prio);
}

/* sched_process_wait: the waiting task, and the pid it waits for. */
static void lft_sched_wait_probe(void *data, struct pid *pid)
{
	lft_ev_emit(data, struct lft_sched_task_rec, 0,
		memcpy(r->comm, current->comm, TASK_COMM_LEN);
		r->pid = pid_nr(pid);
		r->prio = current->prio);
}

static void lft_sched_runtime_probe(void *data, struct task_struct *p,
				    u64 runtime, u64 vruntime)
{
	lft_ev_emit(data, struct lft_sched_runtime_rec, 0,
		memcpy(r->comm, p->comm, TASK_COMM_LEN);
		r->pid = p->pid;
		r->runtime = runtime;
		r->vruntime = vruntime);
}

/* -------------------------------------------------------------- events */

#define LFT_SCHED_EVENT(ev, probe_fn, flds, fmt, print_fn)		\
	LFT_EVENT("sched", ev, probe_fn, flds, fmt, print_fn)

#define LFT_WAKEUP_FMT "\"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, REC->prio, REC->target_cpu"
#define LFT_TASK_FMT "\"comm=%s pid=%d prio=%d\", REC->comm, REC->pid, REC->prio"
/* The report mask (0x7f), its idle bit (0x80) and preempted bit (0x100). */
#define LFT_RM "(((0x00000000 | 0x00000001 | 0x00000002 | 0x00000004 | 0x00000008 | 0x00000010 | 0x00000020 | 0x00000040) + 1) << 1)"

LFT_SCHED_EVENT(sched_switch, lft_sched_switch_probe, lft_switch_fields,
	"\"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s next_pid=%d next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, (REC->prev_state & (" LFT_RM " - 1)) ? __print_flags(REC->prev_state & (" LFT_RM " - 1), \"|\", { 0x00000001, \"S\" }, { 0x00000002, \"D\" }, { 0x00000004, \"T\" }, { 0x00000008, \"t\" }, { 0x00000010, \"X\" }, { 0x00000020, \"Z\" }, { 0x00000040, \"P\" }, { 0x00000080, \"I\" }) : \"R\", REC->prev_state & " LFT_RM " ? \"+\" : \"\", REC->next_comm, REC->next_pid, REC->next_prio",
	lft_switch_print);
LFT_SCHED_EVENT(sched_wakeup, lft_sched_wakeup_probe, lft_wakeup_fields,
		LFT_WAKEUP_FMT, lft_wakeup_print);
LFT_SCHED_EVENT(sched_waking, lft_sched_wakeup_probe, lft_wakeup_fields,
		LFT_WAKEUP_FMT, lft_wakeup_print);
LFT_SCHED_EVENT(sched_wakeup_new, lft_sched_wakeup_probe, lft_wakeup_fields,
		LFT_WAKEUP_FMT, lft_wakeup_print);
LFT_SCHED_EVENT(sched_migrate_task, lft_sched_migrate_probe,
		lft_migrate_fields,
		"\"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", REC->comm, REC->pid, REC->prio, REC->orig_cpu, REC->dest_cpu",
		lft_migrate_print);
LFT_SCHED_EVENT(sched_process_fork, lft_sched_fork_probe, lft_fork_fields,
		"\"comm=%s pid=%d child_comm=%s child_pid=%d\", REC->parent_comm, REC->parent_pid, REC->child_comm, REC->child_pid",
		lft_fork_print);
LFT_SCHED_EVENT(sched_process_exec, lft_sched_exec_probe, lft_exec_fields,
		"\"filename=%s pid=%d old_pid=%d\", __get_str(filename), REC->pid, REC->old_pid",
		lft_exec_print);
LFT_SCHED_EVENT(sched_process_exit, lft_sched_task_probe, lft_task_fields,
		LFT_TASK_FMT, lft_task_print);
LFT_SCHED_EVENT(sched_process_free, lft_sched_task_probe, lft_task_fields,
		LFT_TASK_FMT, lft_task_print);
LFT_SCHED_EVENT(sched_process_wait, lft_sched_wait_probe, lft_task_fields,
		LFT_TASK_FMT, lft_task_print);
/* Text for tools, not a format for C: 6.1 has "%Lu" ("\x4c" is 'L'). */
LFT_SCHED_EVENT(sched_stat_runtime, lft_sched_runtime_probe,
		lft_runtime_fields,
		"\"comm=%s pid=%d runtime=%\x4cu [ns] vruntime=%\x4cu [ns]\", REC->comm, REC->pid, (unsigned long long)REC->runtime, (unsigned long long)REC->vruntime",
		lft_runtime_print);

struct lft_event *const lft_sched_events[] = {
	&lft_ev_sched_switch, &lft_ev_sched_wakeup, &lft_ev_sched_waking,
	&lft_ev_sched_wakeup_new, &lft_ev_sched_migrate_task,
	&lft_ev_sched_process_fork, &lft_ev_sched_process_exec,
	&lft_ev_sched_process_exit, &lft_ev_sched_process_free,
	&lft_ev_sched_process_wait, &lft_ev_sched_stat_runtime,
};
const unsigned int lft_sched_nevents = ARRAY_SIZE(lft_sched_events);
