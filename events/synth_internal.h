/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A synthetic event as synth.c keeps it, and its kind's operations:
 * between synth.c and synth_kunit.c (KUnit's helpers, built only for
 * kernels with KUnit). Hist actions see synth.h alone.
 */
#ifndef LFT_EVENTS_SYNTH_INTERNAL_H
#define LFT_EVENTS_SYNTH_INTERNAL_H

#include <linux/list.h>
#include <linux/types.h>

#include "events/dynevent.h"
#include "events/event.h"
#include "events/synth.h"

/**
 * struct lft_synth_event - a synthetic event
 * @ev: its event in the registry
 * @dyn: its line in dynamic_events
 * @list: in lft_synth_list
 * @def: its definition: name and fields
 * @evf: its fields as the format file shows them
 * @offs: each field's place in the record
 * @fixed: the record's bytes before the dynamic arrays' data
 * @ref: the hist actions naming it (lft_synth_get()); it stays while any
 */
struct lft_synth_event {
	struct lft_event ev;
	struct lft_dynev dyn;
	struct list_head list;
	struct lft_synth_def def;
	struct lft_ev_field *evf;
	u16 *offs;
	unsigned int fixed;
	int ref;
};

extern struct lft_dynev_ops lft_synth_dynev_ops;

#endif /* LFT_EVENTS_SYNTH_INTERNAL_H */
