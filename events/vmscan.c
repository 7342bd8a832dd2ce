// SPDX-License-Identifier: GPL-2.0
/*
 * Page reclaim events (events/vmscan/): records laid out, described and
 * printed as 6.1's (6.1 names the writepage event mm_vmscan_write_folio).
 */
#include <linux/mm.h>
#include <linux/mm_inline.h>
#include <linux/stringify.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "events/event.h"

struct lft_nid_rec {
	struct lft_entry ent;
	int nid;
};

struct lft_kswapd_wake_rec {
	struct lft_entry ent;
	int nid;
	int zid;
	int order;
};

struct lft_kswapd_rec {
	struct lft_entry ent;
	int nid;
	int zid;
	int order;
	unsigned long gfp_flags;
};

struct lft_reclaim_begin_rec {
	struct lft_entry ent;
	int order;
	unsigned long gfp_flags;
};

struct lft_reclaim_end_rec {
	struct lft_entry ent;
	unsigned long nr_reclaimed;
};

struct lft_write_folio_rec {
	struct lft_entry ent;
	unsigned long pfn;
	int reclaim_flags;
};

static const struct lft_ev_field lft_sleep_fields[] = {
	F(struct lft_nid_rec, "int", nid, 1),
};

static const struct lft_ev_field lft_wake_fields[] = {
	F(struct lft_kswapd_wake_rec, "int", nid, 1),
	F(struct lft_kswapd_wake_rec, "int", zid, 1),
	F(struct lft_kswapd_wake_rec, "int", order, 1),
};

static const struct lft_ev_field lft_wakeup_fields[] = {
	F(struct lft_kswapd_rec, "int", nid, 1),
	F(struct lft_kswapd_rec, "int", zid, 1),
	F(struct lft_kswapd_rec, "int", order, 1),
	F(struct lft_kswapd_rec, "unsigned long", gfp_flags, 0),
};

static const struct lft_ev_field lft_begin_fields[] = {
	F(struct lft_reclaim_begin_rec, "int", order, 1),
	F(struct lft_reclaim_begin_rec, "unsigned long", gfp_flags, 0),
};

static const struct lft_ev_field lft_end_fields[] = {
	F(struct lft_reclaim_end_rec, "unsigned long", nr_reclaimed, 0),
};

static const struct lft_ev_field lft_write_fields[] = {
	F(struct lft_write_folio_rec, "unsigned long", pfn, 0),
	F(struct lft_write_folio_rec, "int", reclaim_flags, 1),
};

static void lft_sleep_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	seq_buf_printf(s, "nid=%d", ((const struct lft_nid_rec *)data)->nid);
}

static void lft_wake_print(struct seq_buf *s, const void *data,
			   unsigned int len)
{
	const struct lft_kswapd_wake_rec *r = data;

	seq_buf_printf(s, "nid=%d order=%d", r->nid, r->order);
}

static void lft_wakeup_print(struct seq_buf *s, const void *data,
			     unsigned int len)
{
	const struct lft_kswapd_rec *r = data;

	seq_buf_printf(s, "nid=%d order=%d gfp_flags=", r->nid, r->order);
	lft_print_gfp(s, r->gfp_flags);
}

static void lft_begin_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	const struct lft_reclaim_begin_rec *r = data;

	seq_buf_printf(s, "order=%d gfp_flags=", r->order);
	lft_print_gfp(s, r->gfp_flags);
}

static void lft_end_print(struct seq_buf *s, const void *data,
			  unsigned int len)
{
	seq_buf_printf(s, "nr_reclaimed=%lu",
		       ((const struct lft_reclaim_end_rec *)data)->nr_reclaimed);
}

static void lft_write_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	static const struct lft_ev_flag names[] = {
		{ 0x1, "RECLAIM_WB_ANON" }, { 0x2, "RECLAIM_WB_FILE" },
		{ 0x10, "RECLAIM_WB_MIXED" }, { 0x4, "RECLAIM_WB_SYNC" },
		{ 0x8, "RECLAIM_WB_ASYNC" },
	};
	const struct lft_write_folio_rec *r = data;

	seq_buf_printf(s, "page=%016lx pfn=0x%lx flags=",
		       lft_ev_p(pfn_to_page(r->pfn)), r->pfn);
	/* An int field: __print_flags() takes it as a long, sign and all. */
	if (r->reclaim_flags)
		lft_ev_print_flags(s, (long)r->reclaim_flags, names,
				   ARRAY_SIZE(names), "|");
	else
		seq_buf_printf(s, "RECLAIM_WB_NONE");
}

static void lft_sleep_probe(void *data, int nid)
{
	lft_ev_emit(data, struct lft_nid_rec, 0, r->nid = nid);
}

static void lft_wake_probe(void *data, int nid, int zid, int order)
{
	lft_ev_emit(data, struct lft_kswapd_wake_rec, 0,
		r->nid = nid;
		r->zid = zid;
		r->order = order);
}

static void lft_wakeup_probe(void *data, int nid, int zid, int order,
			     gfp_t gfp_flags)
{
	lft_ev_emit(data, struct lft_kswapd_rec, 0,
		r->nid = nid;
		r->zid = zid;
		r->order = order;
		r->gfp_flags = (__force unsigned long)gfp_flags);
}

static void lft_begin_probe(void *data, int order, gfp_t gfp_flags)
{
	lft_ev_emit(data, struct lft_reclaim_begin_rec, 0,
		r->order = order;
		r->gfp_flags = (__force unsigned long)gfp_flags);
}

static void lft_end_probe(void *data, unsigned long nr_reclaimed)
{
	lft_ev_emit(data, struct lft_reclaim_end_rec, 0,
		r->nr_reclaimed = nr_reclaimed);
}

static void lft_write_probe(void *data, struct folio *folio)
{
	lft_ev_emit(data, struct lft_write_folio_rec, 0,
		r->pfn = folio_pfn(folio);
		r->reclaim_flags = (folio_is_file_lru(folio) ? 0x2 : 0x1) | 0x8);
}

LFT_EVENT("vmscan", mm_vmscan_kswapd_sleep, lft_sleep_probe,
	  lft_sleep_fields, "\"nid=%d\", REC->nid", lft_sleep_print);
LFT_EVENT("vmscan", mm_vmscan_kswapd_wake, lft_wake_probe, lft_wake_fields,
	  "\"nid=%d order=%d\", REC->nid, REC->order", lft_wake_print);
LFT_EVENT("vmscan", mm_vmscan_wakeup_kswapd, lft_wakeup_probe,
	  lft_wakeup_fields,
	  "\"nid=%d order=%d gfp_flags=%s\", " __stringify(REC->nid, REC->order, show_gfp_flags(REC->gfp_flags)),
	  lft_wakeup_print);
LFT_EVENT("vmscan", mm_vmscan_direct_reclaim_begin, lft_begin_probe,
	  lft_begin_fields,
	  "\"order=%d gfp_flags=%s\", " __stringify(REC->order, show_gfp_flags(REC->gfp_flags)),
	  lft_begin_print);
LFT_EVENT("vmscan", mm_vmscan_direct_reclaim_end, lft_end_probe,
	  lft_end_fields, "\"nr_reclaimed=%lu\", REC->nr_reclaimed",
	  lft_end_print);
LFT_EVENT("vmscan", mm_vmscan_write_folio, lft_write_probe, lft_write_fields,
	  "\"page=%p pfn=0x%lx flags=%s\", " __stringify(pfn_to_page(REC->pfn), REC->pfn) ", (REC->reclaim_flags) ? __print_flags(REC->reclaim_flags, \"|\", {0x0001u, \"RECLAIM_WB_ANON\"}, {0x0002u, \"RECLAIM_WB_FILE\"}, {0x0010u, \"RECLAIM_WB_MIXED\"}, {0x0004u, \"RECLAIM_WB_SYNC\"}, {0x0008u, \"RECLAIM_WB_ASYNC\"} ) : \"RECLAIM_WB_NONE\"",
	  lft_write_print);

struct lft_event *const lft_vmscan_events[] = {
	&lft_ev_mm_vmscan_kswapd_sleep, &lft_ev_mm_vmscan_kswapd_wake,
	&lft_ev_mm_vmscan_wakeup_kswapd, &lft_ev_mm_vmscan_direct_reclaim_begin,
	&lft_ev_mm_vmscan_direct_reclaim_end, &lft_ev_mm_vmscan_write_folio,
};
const unsigned int lft_vmscan_nevents = ARRAY_SIZE(lft_vmscan_events);
