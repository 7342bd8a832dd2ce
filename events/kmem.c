// SPDX-License-Identifier: GPL-2.0
/*
 * Memory allocation events (events/kmem/): records laid out, described and
 * printed as 6.1's. The gfp flag names, and the expressions of the print
 * fmt text that spell them out, come from the kernel's own headers through
 * the preprocessor, so they are the running kernel's (same build config).
 *
 * kmem_cache_alloc and kmem_cache_free read four members of struct
 * kmem_cache, whose layout is the allocator's own (slub_def.h cannot be
 * included outside mm/): their offsets come from the kernel's BTF at load,
 * and without BTF the two events are left out.
 */
#include <linux/btf.h>
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

struct lft_cache_alloc_rec {
	struct lft_entry ent;
	unsigned long call_site;
	const void *ptr;
	size_t bytes_req;
	size_t bytes_alloc;
	unsigned long gfp_flags;
	int node;
	bool accounted;
};

struct lft_cache_free_rec {
	struct lft_entry ent;
	unsigned long call_site;
	const void *ptr;
	u32 name;		/* __data_loc */
	char data[];
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

#define CA(type, member, sgn) F(struct lft_cache_alloc_rec, type, member, sgn)
static const struct lft_ev_field lft_cache_alloc_fields[] = {
	CA("unsigned long", call_site, 0),
	CA("const void *", ptr, 0),
	CA("size_t", bytes_req, 0),
	CA("size_t", bytes_alloc, 0),
	CA("unsigned long", gfp_flags, 0),
	CA("int", node, 1),
	CA("bool", accounted, 0),
};

static const struct lft_ev_field lft_cache_free_fields[] = {
	F(struct lft_cache_free_rec, "unsigned long", call_site, 0),
	F(struct lft_cache_free_rec, "const void *", ptr, 0),
	F(struct lft_cache_free_rec, "__data_loc char[]", name, 1),
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
		       (void *)r->call_site, lft_ev_p(r->ptr),
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

static void lft_cache_alloc_print(struct seq_buf *s, const void *data,
				  unsigned int len)
{
	const struct lft_cache_alloc_rec *r = data;

	/* The same text as kmalloc's: its record begins as this one does. */
	lft_kmalloc_common(s, data);
	seq_buf_printf(s, "%s", r->accounted ? "true" : "false");
}

static void lft_cache_free_print(struct seq_buf *s, const void *data,
				 unsigned int len)
{
	const struct lft_cache_free_rec *r = data;

	seq_buf_printf(s, "call_site=%pS ptr=%016lx name=%s",
		       (void *)r->call_site, lft_ev_p(r->ptr),
		       lft_ev_str(data, len, r->name));
}

static void lft_kfree_print(struct seq_buf *s, const void *data,
			    unsigned int len)
{
	const struct lft_kfree_rec *r = data;

	seq_buf_printf(s, "call_site=%pS ptr=%016lx", (void *)r->call_site,
		       lft_ev_p(r->ptr));
}

static void lft_page_alloc_print(struct seq_buf *s, const void *data,
				 unsigned int len)
{
	const struct lft_page_alloc_rec *r = data;

	seq_buf_printf(s, "page=%016lx pfn=0x%lx order=%d migratetype=%d gfp_flags=",
		       lft_ev_p((void *)lft_page_addr(r->pfn)), r->pfn != -1UL ? r->pfn : 0,
		       r->order, r->migratetype);
	lft_print_gfp(s, r->gfp_flags);
}

static void lft_page_free_print(struct seq_buf *s, const void *data,
				unsigned int len)
{
	const struct lft_page_free_rec *r = data;

	seq_buf_printf(s, "page=%016lx pfn=0x%lx order=%d",
		       lft_ev_p(pfn_to_page(r->pfn)), r->pfn, r->order);
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

/* struct kmem_cache's members the records take, found by lft_cache_setup(). */
static struct {
	int object_size, size, flags, name;
} lft_kc;

/* A member of the cache at a BTF offset, as type @t. */
#define lft_kc_get(t, s, m) (*(const t *)((const char *)(s) + lft_kc.m))

static void lft_cache_alloc_probe(void *data, unsigned long call_site,
				  const void *ptr, struct kmem_cache *s,
				  gfp_t gfp_flags, int node)
{
	bool acct = IS_ENABLED(CONFIG_MEMCG_KMEM) &&
		    ((gfp_flags & __GFP_ACCOUNT) ||
		     (lft_kc_get(unsigned int, s, flags) &
		      (__force unsigned int)SLAB_ACCOUNT));

	lft_ev_emit(data, struct lft_cache_alloc_rec, 0,
		r->call_site = call_site;
		r->ptr = ptr;
		r->bytes_req = lft_kc_get(unsigned int, s, object_size);
		r->bytes_alloc = lft_kc_get(unsigned int, s, size);
		r->gfp_flags = (__force unsigned long)gfp_flags;
		r->node = node;
		r->accounted = acct);
}

static void lft_cache_free_probe(void *data, unsigned long call_site,
				 const void *ptr, const struct kmem_cache *s)
{
	const char *name = lft_kc_get(char *, s, name);
	size_t len = strlen(name ?: "(null)") + 1;

	lft_ev_emit(data, struct lft_cache_free_rec, len,
		r->call_site = call_site;
		r->ptr = ptr;
		r->name = lft_ev_loc(offsetof(struct lft_cache_free_rec, data),
				     len);
		memcpy(r->data, name ?: "(null)", len));
}

static const char *lft_cache_setup(void)
{
	static const struct {
		const char *member;
		u16 kind;
		u32 size;
		int *off;
	} m[] = {
		{ "object_size", BTF_KIND_INT, 4, &lft_kc.object_size },
		{ "size", BTF_KIND_INT, 4, &lft_kc.size },
		{ "flags", BTF_KIND_INT, 4, &lft_kc.flags },
		{ "name", BTF_KIND_PTR, 8, &lft_kc.name },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(m); i++) {
		u32 size = m[i].size;
		int off = lft_btf_member("kmem_cache", m[i].member, m[i].kind,
					 &size);

		if (off < 0)
			return off == -EOPNOTSUPP ?
			       "no vmlinux BTF to find struct kmem_cache's members in" :
			       "struct kmem_cache is not as this event reads it";
		*m[i].off = off;
	}
	return NULL;
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
LFT_EVENT_SETUP("kmem", kmem_cache_alloc, lft_cache_alloc_probe,
		lft_cache_alloc_fields,
		LFT_ALLOC_FMT __stringify((void *)REC->call_site, REC->ptr, REC->bytes_req, REC->bytes_alloc, show_gfp_flags(REC->gfp_flags), REC->node, REC->accounted ? "true" : "false"),
		lft_cache_alloc_print, lft_cache_setup);
LFT_EVENT_SETUP("kmem", kmem_cache_free, lft_cache_free_probe,
		lft_cache_free_fields,
		"\"call_site=%pS ptr=%p name=%s\", (void *)REC->call_site, REC->ptr, __get_str(name)",
		lft_cache_free_print, lft_cache_setup);
LFT_EVENT("kmem", kfree, lft_kfree_probe, lft_kfree_fields, LFT_FREE_FMT,
	  lft_kfree_print);
LFT_EVENT("kmem", mm_page_free, lft_page_free_probe, lft_page_free_fields,
	  "\"page=%p pfn=0x%lx order=%d\", " __stringify(pfn_to_page(REC->pfn), REC->pfn, REC->order),
	  lft_page_free_print);
LFT_EVENT("kmem", mm_page_alloc, lft_page_alloc_probe, lft_page_alloc_fields,
	  "\"page=%p pfn=0x%lx order=%d migratetype=%d gfp_flags=%s\", " __stringify(REC->pfn != -1UL ? pfn_to_page(REC->pfn) : NULL, REC->pfn != -1UL ? REC->pfn : 0, REC->order, REC->migratetype, show_gfp_flags(REC->gfp_flags)),
	  lft_page_alloc_print);

struct lft_event *const lft_kmem_events[] = {
	&lft_ev_kmalloc, &lft_ev_kmem_cache_alloc, &lft_ev_kfree,
	&lft_ev_kmem_cache_free, &lft_ev_mm_page_free,
	&lft_ev_mm_page_alloc,
};
const unsigned int lft_kmem_nevents = ARRAY_SIZE(lft_kmem_events);
