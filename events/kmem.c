// SPDX-License-Identifier: GPL-2.0
/*
 * Memory allocation events (events/kmem/), generated from
 * events/defs/kmem.h. The gfp flag names, and the expressions of the print
 * fmt text that spell them out, come from the kernel's own headers through
 * the preprocessor, so they are the running kernel's (same build config).
 *
 * kmem_cache_alloc and kmem_cache_free read four members of struct
 * kmem_cache, whose layout is the allocator's own: compat/members.h reads
 * them at the offsets the kernel's BTF gives at load (lft_kc_setup(), the
 * events' setup), and without BTF the two events are left out.
 */
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "compat/members.h"
#include "events/event.h"

/*
 * kmem_cache_alloc's "accounted": charged to a memory cgroup, because the
 * caller asked or because the cache charges every object.
 */
static inline bool lft_kc_accounted(const struct kmem_cache *s, gfp_t gfp)
{
	return IS_ENABLED(CONFIG_MEMCG_KMEM) &&
	       ((gfp & __GFP_ACCOUNT) ||
		(lft_kc_flags(s) & (__force unsigned int)SLAB_ACCOUNT));
}

#define LFT_EV_DEFS	"events/defs/kmem.h"
#define LFT_EV_NAME	lft_kmem
#include "events/generate.h"
