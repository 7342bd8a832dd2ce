// SPDX-License-Identifier: GPL-2.0
/*
 * lftrace's own tracepoints (core/own_tp.h): defined here, below the parts
 * that fire them and the events that serve them.
 */
#include "core/own_tp.h"

DEFINE_TRACE(lft_osnoise_thread_noise,
	TP_PROTO(struct task_struct *t, u64 start, u64 duration),
	TP_ARGS(t, start, duration));
DEFINE_TRACE(lft_osnoise_softirq_noise,
	TP_PROTO(int vector, u64 start, u64 duration),
	TP_ARGS(vector, start, duration));
DEFINE_TRACE(lft_osnoise_irq_noise,
	TP_PROTO(int vector, const char *desc, u64 start, u64 duration),
	TP_ARGS(vector, desc, start, duration));
DEFINE_TRACE(lft_osnoise_nmi_noise,
	TP_PROTO(u64 start, u64 duration),
	TP_ARGS(start, duration));
DEFINE_TRACE(lft_osnoise_sample_threshold,
	TP_PROTO(u64 start, u64 duration, u64 interference),
	TP_ARGS(start, duration, interference));
