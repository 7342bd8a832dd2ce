/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's own tracepoints: where a part of lftrace makes something that
 * the events show, as the kernel's tracers fire theirs (the osnoise family
 * fires these; events/osnoise.c serves them as the osnoise:* events).
 * Neither side names the other: both name the tracepoint. They are bare
 * tracepoints (no trace event of the kernel's), so the kernel's tree does
 * not see them, and they do not clash with the kernel's own osnoise:*
 * tracepoints on kernels that have the osnoise tracer.
 */
#ifndef LFT_CORE_OWN_TP_H
#define LFT_CORE_OWN_TP_H

#include <linux/tracepoint.h>
#include <linux/types.h>

struct task_struct;

/* A thread ran on the CPU a workload measures: from @start, @duration ns. */
DECLARE_TRACE(lft_osnoise_thread_noise,
	TP_PROTO(struct task_struct *t, u64 start, u64 duration),
	TP_ARGS(t, start, duration));

/* A softirq (vector @vector) did. */
DECLARE_TRACE(lft_osnoise_softirq_noise,
	TP_PROTO(int vector, u64 start, u64 duration),
	TP_ARGS(vector, start, duration));

/* An interrupt (@vector: its irq or x86 vector, @desc its name) did. */
DECLARE_TRACE(lft_osnoise_irq_noise,
	TP_PROTO(int vector, const char *desc, u64 start, u64 duration),
	TP_ARGS(vector, desc, start, duration));

/* An NMI handler did. */
DECLARE_TRACE(lft_osnoise_nmi_noise,
	TP_PROTO(u64 start, u64 duration),
	TP_ARGS(start, duration));

/* A gap the workload saw reached the threshold (with @interference counted). */
DECLARE_TRACE(lft_osnoise_sample_threshold,
	TP_PROTO(u64 start, u64 duration, u64 interference),
	TP_ARGS(start, duration, interference));

#endif /* LFT_CORE_OWN_TP_H */
