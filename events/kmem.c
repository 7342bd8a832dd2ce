// SPDX-License-Identifier: GPL-2.0
/*
 * Memory allocation events (events/kmem/), generated from
 * events/defs/kmem.h. The gfp flag names, and the expressions of the print
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
#include <linux/tracepoint.h>
#include <trace/events/mmflags.h>

#include "compat/btf.h"
#include "events/event.h"

/* struct kmem_cache's members the records take, found by lft_cache_setup(). */
static struct {
	int object_size, size, flags, name;
} lft_kc;

/* A member of the cache at a BTF offset, as type @t. */
#define lft_kc_get(t, s, m) (*(const t *)((const char *)(s) + lft_kc.m))

/* The cache's name, for kmem_cache_free's string. */
static inline const char *lft_kc_name(const struct kmem_cache *s)
{
	return lft_kc_get(char *, s, name);
}

/*
 * kmem_cache_alloc's "accounted": charged to a memory cgroup, because the
 * caller asked or because the cache charges every object.
 */
static inline bool lft_kc_accounted(const struct kmem_cache *s, gfp_t gfp)
{
	return IS_ENABLED(CONFIG_MEMCG_KMEM) &&
	       ((gfp & __GFP_ACCOUNT) ||
		(lft_kc_get(unsigned int, s, flags) &
		 (__force unsigned int)SLAB_ACCOUNT));
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

#define LFT_EV_DEFS	"events/defs/kmem.h"
#define LFT_EV_NAME	lft_kmem
#include "events/generate.h"
