// SPDX-License-Identifier: GPL-2.0
/*
 * Module events (events/module/) and the work items' events
 * (events/workqueue/), generated from events/defs/module.h.
 *
 * workqueue_queue_work is handed a struct pool_workqueue, private to the
 * workqueue code: compat/members.h reads the members its record needs (the
 * pool's CPU, the workqueue's name) at the offsets the kernel's BTF gives
 * at load (lft_wq_setup(), the event's setup), and without BTF the event
 * is left out.
 */
#include <linux/module.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat/members.h"
#include "events/event.h"

#define LFT_EV_DEFS	"events/defs/module.h"
#define LFT_EV_NAME	lft_module
#include "events/generate.h"
