// SPDX-License-Identifier: GPL-2.0
/*
 * Scheduler events (events/sched/), generated from events/defs/sched.h.
 */
#include <linux/binfmts.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "events/event.h"

/*
 * What sched_switch records of the previous task's state, as 6.1 does: a
 * preempted task is running whatever its state says, so it gets the bit
 * past the reported ones; otherwise the one bit of its reported state.
 */
static long lft_switch_state(bool preempt, unsigned int state,
			     struct task_struct *p)
{
	unsigned int idx;

	if (preempt)
		return TASK_REPORT_MAX;
	if (state == TASK_IDLE)
		idx = fls(TASK_REPORT_IDLE);
	else if (state == TASK_RTLOCK_WAIT)
		idx = fls(TASK_UNINTERRUPTIBLE);
	else
		idx = fls((state | p->exit_state) & TASK_REPORT);
	return idx ? 1L << (idx - 1) : 0;
}

#define LFT_EV_DEFS	"events/defs/sched.h"
#define LFT_EV_NAME	lft_sched
#include "events/generate.h"
