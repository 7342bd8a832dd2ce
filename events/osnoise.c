// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise family's events (events/osnoise/), generated from
 * events/defs/osnoise.h on lftrace's own tracepoints (core/own_tp.h).
 */
#include <linux/interrupt.h>
#include <linux/math64.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "core/own_tp.h"
#include "events/event.h"

#define LFT_EV_DEFS	"events/defs/osnoise.h"
#define LFT_EV_NAME	lft_osnoise
#include "events/generate.h"
