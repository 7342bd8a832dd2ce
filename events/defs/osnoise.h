/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The osnoise family's events (events/osnoise/), described for
 * events/generate.h: the records, format files and lines of 6.1's. Their
 * tracepoints are lftrace's own (core/own_tp.h), fired by lftrace's
 * osnoise and timerlat tracers (tracers/osn_*.c): on a kernel with its own
 * osnoise tracer, these take the place of the kernel's osnoise:* events in
 * lftrace's tree, which therefore shows what lftrace's tracers measured.
 */
LFT_EVENT_CLASS(thread_noise,
	LFT_PROTO(struct task_struct *t, u64 start, u64 duration),
	LFT_ARGS(t, start, duration),
	LFT_FIELDS(
		lft_array(char, comm, TASK_COMM_LEN)
		lft_field(u64, start)
		lft_field(u64, duration)
		lft_field(pid_t, pid)
	),
	LFT_ASSIGN(
		memcpy(__entry->comm, t->comm, TASK_COMM_LEN);
		__entry->pid = t->pid;
		__entry->start = start;
		__entry->duration = duration;
	),
	LFT_PRINTK("%8s:%d start %llu.%09u duration %llu ns",
		   __entry->comm, __entry->pid,
		   __print_ns_to_secs(__entry->start),
		   __print_ns_without_secs(__entry->start),
		   __entry->duration)
)
LFT_DEFINE_EVENT_OWN(thread_noise, "osnoise", thread_noise,
		     lft_osnoise_thread_noise)

LFT_EVENT_CLASS(softirq_noise,
	LFT_PROTO(int vector, u64 start, u64 duration),
	LFT_ARGS(vector, start, duration),
	LFT_FIELDS(
		lft_field(u64, start)
		lft_field(u64, duration)
		lft_field(int, vector)
	),
	LFT_ASSIGN(
		__entry->vector = vector;
		__entry->start = start;
		__entry->duration = duration;
	),
	LFT_PRINTK("%8s:%d start %llu.%09u duration %llu ns",
		   /* The kernel's format keeps the names: no enum map here. */
		   __print_symbolic(__entry->vector, { HI_SOFTIRQ, "HI" },
				    { TIMER_SOFTIRQ, "TIMER" },
				    { NET_TX_SOFTIRQ, "NET_TX" },
				    { NET_RX_SOFTIRQ, "NET_RX" },
				    { BLOCK_SOFTIRQ, "BLOCK" },
				    { IRQ_POLL_SOFTIRQ, "IRQ_POLL" },
				    { TASKLET_SOFTIRQ, "TASKLET" },
				    { SCHED_SOFTIRQ, "SCHED" },
				    { HRTIMER_SOFTIRQ, "HRTIMER" },
				    { RCU_SOFTIRQ, "RCU" }),
		   __entry->vector,
		   __print_ns_to_secs(__entry->start),
		   __print_ns_without_secs(__entry->start),
		   __entry->duration)
)
LFT_DEFINE_EVENT_OWN(softirq_noise, "osnoise", softirq_noise,
		     lft_osnoise_softirq_noise)

LFT_EVENT_CLASS(irq_noise,
	LFT_PROTO(int vector, const char *desc, u64 start, u64 duration),
	LFT_ARGS(vector, desc, start, duration),
	LFT_FIELDS(
		lft_field(u64, start)
		lft_field(u64, duration)
		lft_string(desc, desc)
		lft_field(int, vector)
	),
	LFT_ASSIGN(
		lft_assign_str(desc, desc);
		__entry->vector = vector;
		__entry->start = start;
		__entry->duration = duration;
	),
	LFT_PRINTK("%s:%d start %llu.%09u duration %llu ns",
		   __get_str(desc), __entry->vector,
		   __print_ns_to_secs(__entry->start),
		   __print_ns_without_secs(__entry->start),
		   __entry->duration)
)
LFT_DEFINE_EVENT_OWN(irq_noise, "osnoise", irq_noise, lft_osnoise_irq_noise)

LFT_EVENT_CLASS(nmi_noise,
	LFT_PROTO(u64 start, u64 duration),
	LFT_ARGS(start, duration),
	LFT_FIELDS(
		lft_field(u64, start)
		lft_field(u64, duration)
	),
	LFT_ASSIGN(
		__entry->start = start;
		__entry->duration = duration;
	),
	LFT_PRINTK("start %llu.%09u duration %llu ns",
		   __print_ns_to_secs(__entry->start),
		   __print_ns_without_secs(__entry->start),
		   __entry->duration)
)
LFT_DEFINE_EVENT_OWN(nmi_noise, "osnoise", nmi_noise, lft_osnoise_nmi_noise)

LFT_EVENT_CLASS(sample_threshold,
	LFT_PROTO(u64 start, u64 duration, u64 interference),
	LFT_ARGS(start, duration, interference),
	LFT_FIELDS(
		lft_field(u64, start)
		lft_field(u64, duration)
		lft_field(u64, interference)
	),
	LFT_ASSIGN(
		__entry->start = start;
		__entry->duration = duration;
		__entry->interference = interference;
	),
	LFT_PRINTK("start %llu.%09u duration %llu ns interference %llu",
		   __print_ns_to_secs(__entry->start),
		   __print_ns_without_secs(__entry->start),
		   __entry->duration, __entry->interference)
)
LFT_DEFINE_EVENT_OWN(sample_threshold, "osnoise", sample_threshold,
		     lft_osnoise_sample_threshold)
