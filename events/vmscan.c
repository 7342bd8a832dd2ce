// SPDX-License-Identifier: GPL-2.0
/*
 * Page reclaim events (events/vmscan/), generated from
 * events/defs/vmscan.h.
 */
#include <linux/mm.h>
#include <linux/mm_inline.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "events/event.h"

/*
 * The reclaim flags of mm_vmscan_write_folio, whose values and names are
 * ABI (the print fmt and the lines show them); the kernel defines them in
 * its vmscan trace header, which only mm/ can include.
 */
#define LFT_WB_ANON	0x0001u
#define LFT_WB_FILE	0x0002u
#define LFT_WB_MIXED	0x0010u
#define LFT_WB_SYNC	0x0004u
#define LFT_WB_ASYNC	0x0008u

/* What the kernel records for a folio written: its LRU, and always async. */
#define lft_reclaim_flags(file)						\
	(((file) ? LFT_WB_FILE : LFT_WB_ANON) | LFT_WB_ASYNC)

/*
 * The flags by name. Laid out token for token as the print fmt text shows
 * them (the generator stringifies it), so keep the spacing.
 */
#define lft_show_reclaim_flags(flags)				\
	(flags) ? __print_flags(flags, "|",			\
		{LFT_WB_ANON, "RECLAIM_WB_ANON"},		\
		{LFT_WB_FILE, "RECLAIM_WB_FILE"},		\
		{LFT_WB_MIXED, "RECLAIM_WB_MIXED"},		\
		{LFT_WB_SYNC, "RECLAIM_WB_SYNC"},		\
		{LFT_WB_ASYNC, "RECLAIM_WB_ASYNC"}		\
		) : "RECLAIM_WB_NONE"

#define LFT_EV_DEFS	"events/defs/vmscan.h"
#define LFT_EV_NAME	lft_vmscan
#include "events/generate.h"
