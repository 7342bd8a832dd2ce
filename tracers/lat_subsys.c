// SPDX-License-Identifier: GPL-2.0
/*
 * The latency tracers (wakeup, wakeup_rt, wakeup_dl, irqsoff, preemptoff,
 * preemptirqsoff) as one of lftrace's subsystems (core/subsys.c): they
 * register at load. The family's composition root: their common part
 * (latency.c) names none of them.
 */
#include "core/trace.h"
#include "tracers/latency.h"

static int lft_lat_subsys_init(void)
{
	int ret = lft_wakeup_init();

	return ret ? ret : lft_irqsoff_init();
}

struct lft_subsys lft_latency_subsys = {
	.name = "latency",
	.init = lft_lat_subsys_init,
};
