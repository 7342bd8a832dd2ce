// SPDX-License-Identifier: GPL-2.0
/*
 * Timer events (events/timer/), generated from events/defs/timer.h.
 */
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/timer.h>

#include "events/event.h"

#define LFT_EV_DEFS	"events/defs/timer.h"
#define LFT_EV_NAME	lft_timer
#include "events/generate.h"
