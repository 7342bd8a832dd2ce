/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Members of structures private to some kernel code, which tracepoints
 * hand lftrace's static events: SLUB's struct kmem_cache (kmem_cache_alloc
 * and kmem_cache_free; slub_def.h cannot be included outside mm/) and the
 * workqueue code's struct pool_workqueue (workqueue_queue_work). No layout
 * is written here: each member's offset is found in the kernel's BTF at
 * load, its kind and size checked (compat/members.c), and the readers
 * below read at those offsets. Without BTF, or with a member not as read
 * here, the setup says why and the events are left out.
 */
#ifndef LFT_COMPAT_MEMBERS_H
#define LFT_COMPAT_MEMBERS_H

#include <linux/types.h>

struct kmem_cache;
/* Only ever pointed at: its layout comes from BTF. */
struct pool_workqueue;

/**
 * struct lft_kc_offsets - where struct kmem_cache's members lie
 * @object_size: the size an object was asked with (unsigned int)
 * @size: the size an object takes (unsigned int)
 * @flags: the cache's flags (slab_flags_t, an unsigned int)
 * @name: the cache's name (a pointer)
 */
struct lft_kc_offsets {
	int object_size, size, flags, name;
};

/**
 * struct lft_wq_offsets - where the workqueue code's members lie
 * @pwq_pool: struct pool_workqueue's pool (a pointer)
 * @pwq_wq: struct pool_workqueue's wq (a pointer)
 * @pool_cpu: struct worker_pool's cpu (an int)
 * @wq_name: struct workqueue_struct's name (an array of char)
 */
struct lft_wq_offsets {
	int pwq_pool, pwq_wq, pool_cpu, wq_name;
};

extern struct lft_kc_offsets lft_kc;
extern struct lft_wq_offsets lft_wq;

const char *lft_kc_setup(void);
const char *lft_wq_setup(void);

/* What lies at byte @off of @p, as type @t (read through a const @t *). */
#define lft_member_at(t, p, off) (*(const t *)((const char *)(p) + (off)))

/* The cache's object size as asked, and as taken. */
static inline unsigned int lft_kc_object_size(const struct kmem_cache *s)
{
	return lft_member_at(unsigned int, s, lft_kc.object_size);
}

static inline unsigned int lft_kc_size(const struct kmem_cache *s)
{
	return lft_member_at(unsigned int, s, lft_kc.size);
}

static inline unsigned int lft_kc_flags(const struct kmem_cache *s)
{
	return lft_member_at(unsigned int, s, lft_kc.flags);
}

static inline const char *lft_kc_name(const struct kmem_cache *s)
{
	return lft_member_at(char *, s, lft_kc.name);
}

/*
 * pwq->wq->name: the workqueue's name, an array the workqueue code always
 * ends with a NUL (it is written by vsnprintf()).
 */
static inline const char *lft_wq_name(const struct pool_workqueue *pwq)
{
	return lft_member_at(char *, pwq, lft_wq.pwq_wq) + lft_wq.wq_name;
}

/* pwq->pool->cpu */
static inline int lft_wq_cpu(const struct pool_workqueue *pwq)
{
	return lft_member_at(int, lft_member_at(void *, pwq, lft_wq.pwq_pool),
			     lft_wq.pool_cpu);
}

#endif /* LFT_COMPAT_MEMBERS_H */
