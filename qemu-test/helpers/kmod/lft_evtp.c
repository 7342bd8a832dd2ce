// SPDX-License-Identifier: GPL-2.0
/*
 * lft_evtp: a module with an event of its own (lft_evtp:lft_evtp_hit), for
 * the issue 16 prototype's module-event checks; never part of lftrace.
 *
 *   echo N > /sys/module/lft_evtp/parameters/hit   fires the event N times
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

#define CREATE_TRACE_POINTS
#include "lft_evtp_trace.h"

static int lft_evtp_set_hit(const char *val, const struct kernel_param *kp)
{
	int i, n, ret = kstrtoint(val, 0, &n);

	if (ret)
		return ret;
	for (i = 0; i < n; i++)
		trace_lft_evtp_hit(i, current->comm);
	return 0;
}

static const struct kernel_param_ops lft_evtp_hit_ops = {
	.set = lft_evtp_set_hit,
};
module_param_cb(hit, &lft_evtp_hit_ops, NULL, 0200);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("lftrace test helper: a module with its own trace event");
