/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Page reclaim events (events/vmscan/), described for events/generate.h:
 * the records, format files and lines of 6.1 (6.1 names the writepage
 * event mm_vmscan_write_folio). show_gfp_flags() is the kernel's own
 * (trace/events/mmflags.h); the reclaim flags are in events/vmscan.c.
 */
LFT_TRACE_EVENT("vmscan", mm_vmscan_kswapd_sleep,
	LFT_PROTO(int nid),
	LFT_ARGS(nid),
	LFT_FIELDS(
		lft_field(int, nid)
	),
	LFT_ASSIGN(
		__entry->nid = nid;
	),
	LFT_PRINTK("nid=%d", __entry->nid)
)

LFT_TRACE_EVENT("vmscan", mm_vmscan_kswapd_wake,
	LFT_PROTO(int nid, int zid, int order),
	LFT_ARGS(nid, zid, order),
	LFT_FIELDS(
		lft_field(int, nid)
		lft_field(int, zid)
		lft_field(int, order)
	),
	LFT_ASSIGN(
		__entry->nid = nid;
		__entry->zid = zid;
		__entry->order = order;
	),
	LFT_PRINTK("nid=%d order=%d",
		   __entry->nid,
		   __entry->order)
)

LFT_TRACE_EVENT("vmscan", mm_vmscan_wakeup_kswapd,
	LFT_PROTO(int nid, int zid, int order, gfp_t gfp_flags),
	LFT_ARGS(nid, zid, order, gfp_flags),
	LFT_FIELDS(
		lft_field(int, nid)
		lft_field(int, zid)
		lft_field(int, order)
		lft_field(unsigned long, gfp_flags)
	),
	LFT_ASSIGN(
		__entry->nid = nid;
		__entry->zid = zid;
		__entry->order = order;
		__entry->gfp_flags = (__force unsigned long)gfp_flags;
	),
	LFT_PRINTK("nid=%d order=%d gfp_flags=%s",
		   __entry->nid,
		   __entry->order,
		   show_gfp_flags(__entry->gfp_flags))
)

LFT_EVENT_CLASS(mm_vmscan_direct_reclaim_begin_template,
	LFT_PROTO(int order, gfp_t gfp_flags),
	LFT_ARGS(order, gfp_flags),
	LFT_FIELDS(
		lft_field(int, order)
		lft_field(unsigned long, gfp_flags)
	),
	LFT_ASSIGN(
		__entry->order = order;
		__entry->gfp_flags = (__force unsigned long)gfp_flags;
	),
	LFT_PRINTK("order=%d gfp_flags=%s",
		   __entry->order,
		   show_gfp_flags(__entry->gfp_flags))
)

LFT_DEFINE_EVENT(mm_vmscan_direct_reclaim_begin_template, "vmscan",
		 mm_vmscan_direct_reclaim_begin)

LFT_EVENT_CLASS(mm_vmscan_direct_reclaim_end_template,
	LFT_PROTO(unsigned long nr_reclaimed),
	LFT_ARGS(nr_reclaimed),
	LFT_FIELDS(
		lft_field(unsigned long, nr_reclaimed)
	),
	LFT_ASSIGN(
		__entry->nr_reclaimed = nr_reclaimed;
	),
	LFT_PRINTK("nr_reclaimed=%lu", __entry->nr_reclaimed)
)

LFT_DEFINE_EVENT(mm_vmscan_direct_reclaim_end_template, "vmscan",
		 mm_vmscan_direct_reclaim_end)

LFT_TRACE_EVENT("vmscan", mm_vmscan_write_folio,
	LFT_PROTO(struct folio *folio),
	LFT_ARGS(folio),
	LFT_FIELDS(
		lft_field(unsigned long, pfn)
		lft_field(int, reclaim_flags)
	),
	LFT_ASSIGN(
		__entry->pfn = folio_pfn(folio);
		__entry->reclaim_flags = lft_reclaim_flags(
						folio_is_file_lru(folio));
	),
	LFT_PRINTK("page=%p pfn=0x%lx flags=%s",
		   pfn_to_page(__entry->pfn),
		   __entry->pfn,
		   lft_show_reclaim_flags(__entry->reclaim_flags))
)
