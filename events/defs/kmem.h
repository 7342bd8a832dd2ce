/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Memory allocation events (events/kmem/), described for events/generate.h:
 * the records, format files and lines of 6.1. show_gfp_flags() is the
 * kernel's own (trace/events/mmflags.h), so the gfp names in the print fmt
 * and on the lines are the running kernel's. Listed in the order the
 * events/kmem/ directory has always had.
 */
LFT_TRACE_EVENT("kmem", kmalloc,
	LFT_PROTO(unsigned long call_site, const void *ptr, size_t bytes_req,
		  size_t bytes_alloc, gfp_t gfp_flags, int node),
	LFT_ARGS(call_site, ptr, bytes_req, bytes_alloc, gfp_flags, node),
	LFT_FIELDS(
		lft_field(unsigned long, call_site)
		lft_field(const void *, ptr)
		lft_field(size_t, bytes_req)
		lft_field(size_t, bytes_alloc)
		lft_field(unsigned long, gfp_flags)
		lft_field(int, node)
	),
	LFT_ASSIGN(
		__entry->call_site = call_site;
		__entry->ptr = ptr;
		__entry->bytes_req = bytes_req;
		__entry->bytes_alloc = bytes_alloc;
		__entry->gfp_flags = (__force unsigned long)gfp_flags;
		__entry->node = node;
	),
	LFT_PRINTK("call_site=%pS ptr=%p bytes_req=%zu bytes_alloc=%zu gfp_flags=%s node=%d accounted=%s",
		   (void *)__entry->call_site,
		   __entry->ptr,
		   __entry->bytes_req,
		   __entry->bytes_alloc,
		   show_gfp_flags(__entry->gfp_flags),
		   __entry->node,
		   (IS_ENABLED(CONFIG_MEMCG_KMEM) &&
		    (__entry->gfp_flags & (__force unsigned long)__GFP_ACCOUNT)) ? "true" : "false")
)

/* A class of its own only to name the setup that finds the cache's members. */
LFT_EVENT_CLASS(kmem_cache_alloc,
	LFT_PROTO(unsigned long call_site, const void *ptr,
		  struct kmem_cache *s, gfp_t gfp_flags, int node),
	LFT_ARGS(call_site, ptr, s, gfp_flags, node),
	LFT_FIELDS(
		lft_field(unsigned long, call_site)
		lft_field(const void *, ptr)
		lft_field(size_t, bytes_req)
		lft_field(size_t, bytes_alloc)
		lft_field(unsigned long, gfp_flags)
		lft_field(int, node)
		lft_field(bool, accounted)
	),
	LFT_ASSIGN(
		__entry->call_site = call_site;
		__entry->ptr = ptr;
		__entry->bytes_req = lft_kc_object_size(s);
		__entry->bytes_alloc = lft_kc_size(s);
		__entry->gfp_flags = (__force unsigned long)gfp_flags;
		__entry->node = node;
		__entry->accounted = lft_kc_accounted(s, gfp_flags);
	),
	LFT_PRINTK("call_site=%pS ptr=%p bytes_req=%zu bytes_alloc=%zu gfp_flags=%s node=%d accounted=%s",
		   (void *)__entry->call_site,
		   __entry->ptr,
		   __entry->bytes_req,
		   __entry->bytes_alloc,
		   show_gfp_flags(__entry->gfp_flags),
		   __entry->node,
		   __entry->accounted ? "true" : "false")
)

LFT_DEFINE_EVENT_CHECKED(kmem_cache_alloc, "kmem", kmem_cache_alloc,
			 lft_kc_setup)

LFT_TRACE_EVENT("kmem", kfree,
	LFT_PROTO(unsigned long call_site, const void *ptr),
	LFT_ARGS(call_site, ptr),
	LFT_FIELDS(
		lft_field(unsigned long, call_site)
		lft_field(const void *, ptr)
	),
	LFT_ASSIGN(
		__entry->call_site = call_site;
		__entry->ptr = ptr;
	),
	LFT_PRINTK("call_site=%pS ptr=%p",
		   (void *)__entry->call_site, __entry->ptr)
)

LFT_EVENT_CLASS(kmem_cache_free,
	LFT_PROTO(unsigned long call_site, const void *ptr,
		  const struct kmem_cache *s),
	LFT_ARGS(call_site, ptr, s),
	LFT_FIELDS(
		lft_field(unsigned long, call_site)
		lft_field(const void *, ptr)
		lft_string(name, lft_kc_name(s))
	),
	LFT_ASSIGN(
		__entry->call_site = call_site;
		__entry->ptr = ptr;
		lft_assign_str(name, lft_kc_name(s));
	),
	LFT_PRINTK("call_site=%pS ptr=%p name=%s",
		   (void *)__entry->call_site, __entry->ptr, __get_str(name))
)

LFT_DEFINE_EVENT_CHECKED(kmem_cache_free, "kmem", kmem_cache_free,
			 lft_kc_setup)

LFT_TRACE_EVENT("kmem", mm_page_free,
	LFT_PROTO(struct page *page, unsigned int order),
	LFT_ARGS(page, order),
	LFT_FIELDS(
		lft_field(unsigned long, pfn)
		lft_field(unsigned int, order)
	),
	LFT_ASSIGN(
		__entry->pfn = page_to_pfn(page);
		__entry->order = order;
	),
	LFT_PRINTK("page=%p pfn=0x%lx order=%d",
		   pfn_to_page(__entry->pfn),
		   __entry->pfn,
		   __entry->order)
)

LFT_TRACE_EVENT("kmem", mm_page_alloc,
	LFT_PROTO(struct page *page, unsigned int order, gfp_t gfp_flags,
		  int migratetype),
	LFT_ARGS(page, order, gfp_flags, migratetype),
	LFT_FIELDS(
		lft_field(unsigned long, pfn)
		lft_field(unsigned int, order)
		lft_field(unsigned long, gfp_flags)
		lft_field(int, migratetype)
	),
	LFT_ASSIGN(
		__entry->pfn = page ? page_to_pfn(page) : -1UL;
		__entry->order = order;
		__entry->gfp_flags = (__force unsigned long)gfp_flags;
		__entry->migratetype = migratetype;
	),
	LFT_PRINTK("page=%p pfn=0x%lx order=%d migratetype=%d gfp_flags=%s",
		   __entry->pfn != -1UL ? pfn_to_page(__entry->pfn) : NULL,
		   __entry->pfn != -1UL ? __entry->pfn : 0,
		   __entry->order,
		   __entry->migratetype,
		   show_gfp_flags(__entry->gfp_flags))
)
