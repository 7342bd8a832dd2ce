// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt events (events/irq/, events/irq_vectors/), generated from
 * events/defs/irq.h.
 */
#include <linux/interrupt.h>
#include <linux/string.h>

#include "events/event.h"

#define LFT_EV_DEFS	"events/defs/irq.h"
#define LFT_EV_NAME	lft_irq
#include "events/generate.h"
