// SPDX-License-Identifier: GPL-2.0
/*
 * Memory allocation events (events/kmem/): records laid out, described and
 * printed as 6.1's. The gfp flag names, and the expressions of the print
 * fmt text that spell them out, come from the kernel's own headers through
 * the preprocessor, so they are the running kernel's (same build config).
 *
 * Not here: kmem_cache_alloc and kmem_cache_free, whose records take
 * fields of struct kmem_cache, which is private to the slab allocator
 * (and laid out differently by each).
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "events/event.h"

struct lft_kmalloc_rec {
	struct lft_entry ent;
	unsigned long call_site;
	const void *ptr;
	size_t bytes_req;
	size_t bytes_alloc;
	unsigned long gfp_flags;
	int node;
};

struct lft_kfree_rec {
	struct lft_entry ent;
	unsigned long call_site;
	const void *ptr;
};

struct lft_page_alloc_rec {
	struct lft_entry ent;
	unsigned long pfn;
	unsigned int order;
	unsigned long gfp_flags;
	int migratetype;
};

struct lft_page_free_rec {
	struct lft_entry ent;
	unsigned long pfn;
	unsigned int order;
};

static const struct lft_ev_field lft_kmalloc_fields[] = {
	F(struct lft_kmalloc_rec, "unsigned long", call_site, 0),
	F(struct lft_kmalloc_rec, "const void *", ptr, 0),
	F(struct lft_kmalloc_rec, "size_t", bytes_req, 0),
	F(struct lft_kmalloc_rec, "size_t", bytes_alloc, 0),
	F(struct lft_kmalloc_rec, "unsigned long", gfp_flags, 0),
	F(struct lft_kmalloc_rec, "int", node, 1),
};

static const struct lft_ev_field lft_kfree_fields[] = {
	F(struct lft_kfree_rec, "unsigned long", call_site, 0),
	F(struct lft_kfree_rec, "const void *", ptr, 0),
};

static const struct lft_ev_field lft_page_alloc_fields[] = {
	F(struct lft_page_alloc_rec, "unsigned long", pfn, 0),
	F(struct lft_page_alloc_rec, "unsigned int", order, 0),
	F(struct lft_page_alloc_rec, "unsigned long", gfp_flags, 0),
	F(struct lft_page_alloc_rec, "int", migratetype, 1),
};

static const struct lft_ev_field lft_page_free_fields[] = {
	F(struct lft_page_free_rec, "unsigned long", pfn, 0),
	F(struct lft_page_free_rec, "unsigned int", order, 0),
};

/* ------------------------------------------------------------ printers */

static const struct lft_ev_flag lft_gfp_names[] = {
	__def_gfpflag_names __def_gfpflag_names_kasan
};

/**
 * lft_print_gfp() - gfp flags by name, as show_gfp_flags() prints them
 * @s: where to print
 * @flags: the flags
 *
 * Names joined by "|", composite masks first, what is left in hex; "none"
 * for zero.
 */
void lft_print_gfp(struct seq_buf *s, unsigned long flags)
{
	if (flags)
		lft_ev_print_flags(s, flags, lft_gfp_names,
				   ARRAY_SIZE(lft_gfp_names), "|");
	else
		seq_buf_printf(s, "none");
}

/* A struct page pointer as the kernel prints it: unhashed. */
static unsigned long lft_page_addr(unsigned long pfn)
{
	return pfn == -1UL ? 0 : (unsigned long)pfn_to_page(pfn);
}

static void lft_kmalloc_common(struct seq_buf *s,
			       const struct lft_kmalloc_rec *r)
{
	seq_buf_printf(s, "call_site=%pS ptr=%016lx bytes_req=%zu bytes_alloc=%zu gfp_flags=",
		       (void *)r->call_site, (unsigned long)r->ptr,
		       r->bytes_req, r->bytes_alloc);
	lft_print_gfp(s, r->gfp_flags);
	seq_buf_printf(s, " node=%d accounted=", r->node);
}

static void lft_kmalloc_print(struct seq_buf *s, const void *data,
			      unsigned int len)
{
	const struct lft_kmalloc_rec *r = data;
	bool acct = IS_ENABLED(CONFIG_MEMCG_KMEM) &&
		    (r->gfp_flags & (__force unsigned long)__GFP_ACCOUNT);

	lft_kmalloc_common(s, r);
	seq_buf_printf(s, "%s", acct ? "true" : "false");
}

static void lft_kfree_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	const struct lft_kfree_rec *r = data;

	seq_buf_printf(s, "call_site=%pS ptr=%016lx", (void *)r->call_site,
		       (unsigned long)r->ptr);
}

static void lft_page_alloc_print(struct seq_buf *s, const void *data,
				 unsigned int len)
{
	const struct lft_page_alloc_rec *r = data;

	seq_buf_printf(s, "page=%016lx pfn=0x%lx order=%d migratetype=%d gfp_flags=",
		       lft_page_addr(r->pfn), r->pfn != -1UL ? r->pfn : 0,
		       r->order, r->migratetype);
	lft_print_gfp(s, r->gfp_flags);
}

static void lft_page_free_print(struct seq_buf *s, const void *data,
				unsigned int len)
{
	const struct lft_page_free_rec *r = data;

	seq_buf_printf(s, "page=%016lx pfn=0x%lx order=%d",
		       (unsigned long)pfn_to_page(r->pfn), r->pfn, r->order);
}

/* -------------------------------------------------------------- probes */

static void lft_kmalloc_probe(void *data, unsigned long call_site,
			      const void *ptr, size_t bytes_req,
			      size_t bytes_alloc, gfp_t gfp_flags, int node)
{
	lft_ev_emit(data, struct lft_kmalloc_rec, 0,
		r->call_site = call_site;
		r->ptr = ptr;
		r->bytes_req = bytes_req;
		r->bytes_alloc = bytes_alloc;
		r->gfp_flags = (__force unsigned long)gfp_flags;
		r->node = node);
}

static void lft_kfree_probe(void *data, unsigned long call_site,
			    const void *ptr)
{
	lft_ev_emit(data, struct lft_kfree_rec, 0,
		r->call_site = call_site;
		r->ptr = ptr);
}

static void lft_page_alloc_probe(void *data, struct page *page,
				 unsigned int order, gfp_t gfp_flags,
				 int migratetype)
{
	lft_ev_emit(data, struct lft_page_alloc_rec, 0,
		r->pfn = page ? page_to_pfn(page) : -1UL;
		r->order = order;
		r->gfp_flags = (__force unsigned long)gfp_flags;
		r->migratetype = migratetype);
}

static void lft_page_free_probe(void *data, struct page *page,
				unsigned int order)
{
	lft_ev_emit(data, struct lft_page_free_rec, 0,
		r->pfn = page_to_pfn(page);
		r->order = order);
}

/* -------------------------------------------------------------- events */

/*
 * The print fmt texts: the format string, then the argument expressions
 * as the preprocessor spells them out (REC stands for the record).
 */
#define LFT_ALLOC_FMT "\"call_site=%pS ptr=%p bytes_req=%zu bytes_alloc=%zu gfp_flags=%s node=%d accounted=%s\", "
#define LFT_FREE_FMT "\"call_site=%pS ptr=%p\", (void *)REC->call_site, REC->ptr"

LFT_EVENT("kmem", kmalloc, lft_kmalloc_probe, lft_kmalloc_fields,
	  LFT_ALLOC_FMT __stringify((void *)REC->call_site, REC->ptr, REC->bytes_req, REC->bytes_alloc, show_gfp_flags(REC->gfp_flags), REC->node, (IS_ENABLED(CONFIG_MEMCG_KMEM) && (REC->gfp_flags & (__force unsigned long)__GFP_ACCOUNT)) ? "true" : "false"),
	  lft_kmalloc_print);
LFT_EVENT("kmem", kfree, lft_kfree_probe, lft_kfree_fields, LFT_FREE_FMT,
	  lft_kfree_print);
LFT_EVENT("kmem", mm_page_free, lft_page_free_probe, lft_page_free_fields,
	  "\"page=%p pfn=0x%lx order=%d\", " __stringify(pfn_to_page(REC->pfn), REC->pfn, REC->order),
	  lft_page_free_print);
LFT_EVENT("kmem", mm_page_alloc, lft_page_alloc_probe, lft_page_alloc_fields,
	  "\"page=%p pfn=0x%lx order=%d migratetype=%d gfp_flags=%s\", " __stringify(REC->pfn != -1UL ? pfn_to_page(REC->pfn) : NULL, REC->pfn != -1UL ? REC->pfn : 0, REC->order, REC->migratetype, show_gfp_flags(REC->gfp_flags)),
	  lft_page_alloc_print);

struct lft_event *const lft_kmem_events[] = {
	&lft_ev_kmalloc, &lft_ev_kfree, &lft_ev_mm_page_free,
	&lft_ev_mm_page_alloc,
};
const unsigned int lft_kmem_nevents = ARRAY_SIZE(lft_kmem_events);
