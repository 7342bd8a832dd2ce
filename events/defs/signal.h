/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Signal events (events/signal/), described for events/generate.h: the
 * records, format files and lines of 6.1. Read once per generated product.
 */
LFT_TRACE_EVENT("signal", signal_generate,
	LFT_PROTO(int sig, struct kernel_siginfo *info,
		  struct task_struct *task, int group, int result),
	LFT_ARGS(sig, info, task, group, result),
	LFT_FIELDS(
		lft_field(int, sig)
		lft_field(int, errno)
		lft_field(int, code)
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(pid_t, pid)
		lft_field(int, group)
		lft_field(int, result)
	),
	LFT_ASSIGN(
		__entry->sig = sig;
		lft_siginfo(info, &__entry->errno, &__entry->code);
		memcpy(__entry->comm, task->comm, TASK_COMM_LEN);
		__entry->pid = task->pid;
		__entry->group = group;
		__entry->result = result;
	),
	LFT_PRINTK("sig=%d errno=%d code=%d comm=%s pid=%d grp=%d res=%d",
		   __entry->sig, __entry->errno, __entry->code,
		   __entry->comm, __entry->pid, __entry->group,
		   __entry->result)
)

LFT_TRACE_EVENT("signal", signal_deliver,
	LFT_PROTO(int sig, struct kernel_siginfo *info,
		  struct k_sigaction *ka),
	LFT_ARGS(sig, info, ka),
	LFT_FIELDS(
		lft_field(int, sig)
		lft_field(int, errno)
		lft_field(int, code)
		lft_field(unsigned long, sa_handler)
		lft_field(unsigned long, sa_flags)
	),
	LFT_ASSIGN(
		__entry->sig = sig;
		lft_siginfo(info, &__entry->errno, &__entry->code);
		__entry->sa_handler = (unsigned long)ka->sa.sa_handler;
		__entry->sa_flags = ka->sa.sa_flags;
	),
	LFT_PRINTK("sig=%d errno=%d code=%d sa_handler=%lx sa_flags=%lx",
		   __entry->sig, __entry->errno, __entry->code,
		   __entry->sa_handler, __entry->sa_flags)
)
