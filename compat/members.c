// SPDX-License-Identifier: GPL-2.0
/*
 * The offsets compat/members.h reads private structures at, found in the
 * kernel's BTF (compat/btf.c) when the events that read them are bound
 * (their setup, at load). Nothing is guessed: a member missing, or of
 * another kind or size than it is read as, leaves its events out.
 */
#include <linux/btf.h>
#include <linux/kernel.h>

#include "compat/btf.h"
#include "compat/members.h"

struct lft_kc_offsets lft_kc;
struct lft_wq_offsets lft_wq;

/* A member to find: in struct @sname, of BTF kind @kind and size @size. */
struct lft_member {
	const char *sname, *member;
	u16 kind;
	u32 size;
	int *off;
};

/*
 * Each member's offset into its *@off. Return: NULL, or why not: @nobtf
 * without BTF, @other when a member is not there or not as read.
 */
static const char *lft_members_find(const struct lft_member *m, size_t n,
				    const char *nobtf, const char *other)
{
	size_t i;

	for (i = 0; i < n; i++) {
		u32 size = m[i].size;
		int off = lft_btf_member(m[i].sname, m[i].member, m[i].kind,
					 &size);

		if (off < 0)
			return off == -EOPNOTSUPP ? nobtf : other;
		*m[i].off = off;
	}
	return NULL;
}

/**
 * lft_kc_setup() - find struct kmem_cache's members (lft_kc)
 *
 * Process context (the first BTF lookup parses the kernel's BTF).
 *
 * Return: NULL, or why the events that read a cache cannot run.
 */
const char *lft_kc_setup(void)
{
	static const struct lft_member m[] = {
		{ "kmem_cache", "object_size", BTF_KIND_INT, 4,
		  &lft_kc.object_size },
		{ "kmem_cache", "size", BTF_KIND_INT, 4, &lft_kc.size },
		{ "kmem_cache", "flags", BTF_KIND_INT, 4, &lft_kc.flags },
		{ "kmem_cache", "name", BTF_KIND_PTR, 8, &lft_kc.name },
	};

	return lft_members_find(m, ARRAY_SIZE(m),
				"no vmlinux BTF to find struct kmem_cache's members in",
				"struct kmem_cache is not as this event reads it");
}

/**
 * lft_wq_setup() - find struct pool_workqueue's members, and those of the
 *	structures it points to (lft_wq)
 *
 * Process context (the first BTF lookup parses the kernel's BTF).
 *
 * Return: NULL, or why the events that read a pool_workqueue cannot run.
 */
const char *lft_wq_setup(void)
{
	static const struct lft_member m[] = {
		{ "pool_workqueue", "pool", BTF_KIND_PTR, 8, &lft_wq.pwq_pool },
		{ "pool_workqueue", "wq", BTF_KIND_PTR, 8, &lft_wq.pwq_wq },
		{ "worker_pool", "cpu", BTF_KIND_INT, 4, &lft_wq.pool_cpu },
		{ "workqueue_struct", "name", BTF_KIND_ARRAY, 0,
		  &lft_wq.wq_name },
	};

	return lft_members_find(m, ARRAY_SIZE(m),
				"no vmlinux BTF to find struct pool_workqueue's members in",
				"struct pool_workqueue is not as this event reads it");
}
