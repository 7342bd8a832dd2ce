// SPDX-License-Identifier: GPL-2.0
/*
 * Module events (events/module/) and the work items' events
 * (events/workqueue/), generated from events/defs/module.h.
 *
 * workqueue_queue_work is handed a struct pool_workqueue, private to the
 * workqueue code: the four members its record needs (the pool's CPU, the
 * workqueue's name) are found in the kernel's BTF at load, and without BTF
 * the event is left out.
 */
#include <linux/btf.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat/btf.h"
#include "events/event.h"

/* Only ever pointed at: its layout comes from BTF. */
struct pool_workqueue;

/* Offsets in the workqueue code's structures, from lft_queue_setup(). */
static struct {
	int pwq_pool, pwq_wq, pool_cpu, wq_name;
} lft_wq;

static const char *lft_queue_setup(void)
{
	static const struct {
		const char *sname, *member;
		u16 kind;
		u32 size;
		int *off;
	} m[] = {
		{ "pool_workqueue", "pool", BTF_KIND_PTR, 8, &lft_wq.pwq_pool },
		{ "pool_workqueue", "wq", BTF_KIND_PTR, 8, &lft_wq.pwq_wq },
		{ "worker_pool", "cpu", BTF_KIND_INT, 4, &lft_wq.pool_cpu },
		{ "workqueue_struct", "name", BTF_KIND_ARRAY, 0,
		  &lft_wq.wq_name },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(m); i++) {
		u32 size = m[i].size;
		int off = lft_btf_member(m[i].sname, m[i].member, m[i].kind,
					 &size);

		if (off < 0)
			return off == -EOPNOTSUPP ?
			       "no vmlinux BTF to find struct pool_workqueue's members in" :
			       "struct pool_workqueue is not as this event reads it";
		*m[i].off = off;
	}
	return NULL;
}

/* The pointer at byte @off of @p. */
static const void *lft_wq_ptr(const void *p, int off)
{
	return *(const void *const *)((const char *)p + off);
}

/*
 * pwq->wq->name: the workqueue's name, an array the workqueue code always
 * ends with a NUL (it is written by vsnprintf()).
 */
static const char *lft_wq_name(const struct pool_workqueue *pwq)
{
	return (const char *)lft_wq_ptr(pwq, lft_wq.pwq_wq) + lft_wq.wq_name;
}

/* pwq->pool->cpu */
static int lft_wq_cpu(const struct pool_workqueue *pwq)
{
	return *(const int *)((const char *)lft_wq_ptr(pwq, lft_wq.pwq_pool) +
			      lft_wq.pool_cpu);
}

#define LFT_EV_DEFS	"events/defs/module.h"
#define LFT_EV_NAME	lft_module
#include "events/generate.h"
