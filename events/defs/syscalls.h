/* SPDX-License-Identifier: GPL-2.0 */
/*
 * System call events (events/raw_syscalls/), described for
 * events/generate.h: the records, format files and lines of 6.1.
 */
LFT_TRACE_EVENT("raw_syscalls", sys_enter,
	LFT_PROTO(struct pt_regs *regs, long id),
	LFT_ARGS(regs, id),
	LFT_FIELDS(
		lft_field(long, id)
		lft_array(unsigned long, args, 6)
	),
	LFT_ASSIGN(
		__entry->id = id;
		syscall_get_arguments(current, regs, __entry->args);
	),
	LFT_PRINTK("NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)", __entry->id,
		   __entry->args[0], __entry->args[1], __entry->args[2],
		   __entry->args[3], __entry->args[4], __entry->args[5])
)

LFT_TRACE_EVENT("raw_syscalls", sys_exit,
	LFT_PROTO(struct pt_regs *regs, long ret),
	LFT_ARGS(regs, ret),
	LFT_FIELDS(
		lft_field(long, id)
		lft_field(long, ret)
	),
	LFT_ASSIGN(
		__entry->id = syscall_get_nr(current, regs);
		__entry->ret = ret;
	),
	LFT_PRINTK("NR %ld = %ld", __entry->id, __entry->ret)
)
