// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rb life cycle: allocation for every possible CPU (so CPU hotplug
 * needs nothing), resize and reset (with the CPU's writers quiesced),
 * per-CPU swap with a second buffer (snapshots), settings and statistics.
 */
#include <linux/gfp.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/rcupdate.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>

#include "include/lft_test_export.h"
#include "ringbuf/internal.h"

/*
 * A ring's memory is asked for by users (buffer_size_kb) and may be more
 * than the machine has: it fails quietly, without the OOM killer.
 */
#define LFT_RB_GFP	(GFP_KERNEL | __GFP_RETRY_MAYFAIL | __GFP_NOWARN)

/*
 * A data page of 2^@order system pages, zeroed; compound, so that its
 * order is known from the page alone when it is freed (read pages trade
 * places with ring pages).
 */
void *lft_rb_data_alloc(int node, unsigned int order)
{
	struct page *pg;

	pg = alloc_pages_node(node, LFT_RB_GFP | __GFP_ZERO |
			      (order ? __GFP_COMP : 0), order);
	return pg ? page_address(pg) : NULL;
}

void lft_rb_data_free(void *data)
{
	if (data)
		free_pages((unsigned long)data,
			   compound_order(virt_to_page(data)));
}

struct lft_rb_page *lft_rb_page_alloc(int cpu, unsigned int order)
{
	struct lft_rb_page *p;

	p = kzalloc_node(sizeof(*p), LFT_RB_GFP, cpu_to_node(cpu));
	if (!p)
		return NULL;
	p->data = lft_rb_data_alloc(cpu_to_node(cpu), order);
	if (!p->data) {
		kfree(p);
		return NULL;
	}
	return p;
}

void lft_rb_page_free(struct lft_rb_page *p)
{
	if (!p)
		return;
	lft_rb_data_free(p->data);
	kfree(p);
}

/* Make @p an empty page for ring slot @idx. */
void lft_rb_page_reset(struct lft_rb_page *p, unsigned int idx)
{
	local_set(&p->write, 0);
	local_set(&p->entries, 0);
	local_set(&p->bytes, 0);
	local_set(&p->data->commit, 0);
	p->data->time_stamp = 0;
	p->seq = 0;
	p->wnext = NULL;
	p->idx = idx;
}

/*
 * Pages of @data bytes for @size bytes, at least 2. As the kernel's ring
 * buffer computes it, rounding up wraps for sizes within a page of
 * ULONG_MAX (they get the minimum).
 */
static unsigned long lft_rb_size_to_pages(unsigned long size,
					  unsigned int data)
{
	return max_t(unsigned long, 2, DIV_ROUND_UP(size, data));
}

/*
 * May @add more pages be asked for? Not when the machine obviously lacks
 * them (the kernel's ring buffer checks the same), nor beyond what a ring
 * can count.
 */
static bool lft_rb_pages_available(unsigned long nr, unsigned long add)
{
	return nr <= UINT_MAX && add <= si_mem_available();
}

/*
 * While a user task allocates a ring, the OOM killer should pick it if
 * memory runs out all the same (another task may take what was there),
 * and a fatal signal stops it.
 */
static bool lft_rb_alloc_begin(void)
{
	bool user = current->mm;

	if (user)
		set_current_oom_origin();
	return user;
}

static void lft_rb_alloc_end(bool user)
{
	if (user)
		clear_current_oom_origin();
}

static bool lft_rb_alloc_stop(bool user)
{
	return user && fatal_signal_pending(current);
}

/* Writer and reader state for a ring whose pages are all empty. */
static void lft_rb_cpu_start(struct lft_rb_cpu *cb)
{
	struct lft_rb_page *t = LFT_RB_SLOT_PAGE(cb->slots[0]);

	t->seq = 1;
	cb->page_seq = 1;
	cb->tail = t;
	cb->commit_page = t;
	cb->commit_seq = 1;
	cb->slots[0] = (unsigned long)t | LFT_RB_SLOT_TAIL;
	local64_set(&cb->write_stamp, LFT_RB_STAMP_DIRTY);
	local_set(&cb->entries, 0);
	local_set(&cb->bytes, 0);
	local_set(&cb->overrun, 0);
	local_set(&cb->overrun_bytes, 0);
	local_set(&cb->commit_overrun, 0);
	local_set(&cb->dropped, 0);
	lft_rb_page_reset(cb->reader, 0);
	lft_rb_reader_init(cb);
}

static void lft_rb_cpu_free(struct lft_rb_cpu *cb)
{
	unsigned int i;

	if (!cb)
		return;
	irq_work_sync(&cb->work);
	irq_work_sync(&cb->lazy_work);
	if (cb->slots)
		for (i = 0; i < cb->nr_pages; i++)
			lft_rb_page_free(LFT_RB_SLOT_PAGE(cb->slots[i]));
	lft_rb_page_free(cb->reader);
	kvfree(cb->slots);
	kfree(cb);
}

static struct lft_rb_cpu *lft_rb_cpu_alloc(struct lft_rb *rb, int cpu,
					   unsigned long nr, unsigned int order,
					   bool user)
{
	struct lft_rb_cpu *cb;
	unsigned int i;

	if (!lft_rb_pages_available(nr, nr))
		return NULL;
	cb = kzalloc_node(sizeof(*cb), GFP_KERNEL, cpu_to_node(cpu));
	if (!cb)
		return NULL;
	cb->rb = rb;
	cb->cpu = cpu;
	cb->order = order;
	cb->data_size = lft_rb_order_data(order);
	raw_spin_lock_init(&cb->reader_lock);
	init_irq_work(&cb->work, lft_rb_irq_work);
	cb->lazy_work = IRQ_WORK_INIT_LAZY(lft_rb_irq_work_lazy);
	cb->slots = kvzalloc_node(array_size(nr, sizeof(*cb->slots)),
				  LFT_RB_GFP, cpu_to_node(cpu));
	if (!cb->slots)
		goto fail;
	for (i = 0; i < nr; i++) {
		struct lft_rb_page *p = lft_rb_page_alloc(cpu, order);

		if (!p || lft_rb_alloc_stop(user)) {
			lft_rb_page_free(p);
			goto fail;
		}
		/* Memory's fast path never yields: thousands of pages can. */
		cond_resched();
		cb->nr_pages = i + 1;
		p->idx = i;
		cb->slots[i] = (unsigned long)p;
	}
	cb->reader = lft_rb_page_alloc(cpu, order);
	if (!cb->reader)
		goto fail;
	lft_rb_cpu_start(cb);
	return cb;
fail:
	lft_rb_cpu_free(cb);
	return NULL;
}

/**
 * lft_rb_alloc() - create a buffer
 * @size: bytes of event data per CPU (rounded up to whole pages, min 2)
 * @overwrite: when full, overwrite the oldest events (true) or drop new ones
 *
 * One ring is allocated for every possible CPU. The clock is "local".
 *
 * Return: the buffer, or NULL when memory is short.
 */
struct lft_rb *lft_rb_alloc(unsigned long size, bool overwrite)
{
	unsigned long nr = lft_rb_size_to_pages(size, LFT_RB_DATA_SIZE);
	struct lft_rb *rb;
	bool user;
	int cpu;

	rb = kzalloc(sizeof(*rb), GFP_KERNEL);
	if (!rb)
		return NULL;
	rb->cpus = alloc_percpu(struct lft_rb_cpu *);
	if (!rb->cpus) {
		kfree(rb);
		return NULL;
	}
	rb->overwrite = overwrite;
	rb->clock_id = LFT_RB_CLOCK_LOCAL;
	rb->clock = lft_rb_clock_fn(LFT_RB_CLOCK_LOCAL);
	mutex_init(&rb->resize_lock);
	init_waitqueue_head(&rb->waitq);
	user = lft_rb_alloc_begin();
	for_each_possible_cpu(cpu) {
		*per_cpu_ptr(rb->cpus, cpu) = lft_rb_cpu_alloc(rb, cpu, nr, 0,
							      user);
		if (!*per_cpu_ptr(rb->cpus, cpu)) {
			lft_rb_alloc_end(user);
			lft_rb_free(rb);
			return NULL;
		}
	}
	lft_rb_alloc_end(user);
	return rb;
}
LFT_TEST_EXPORT(lft_rb_alloc);

/**
 * lft_rb_free() - free a buffer
 * @rb: the buffer, or NULL
 *
 * The caller guarantees no writer or reader uses it any more (after
 * lft_rb_wake_all() and an RCU grace period for writers).
 */
void lft_rb_free(struct lft_rb *rb)
{
	int cpu;

	if (!rb)
		return;
	for_each_possible_cpu(cpu)
		lft_rb_cpu_free(*per_cpu_ptr(rb->cpus, cpu));
	free_percpu(rb->cpus);
	kfree(rb);
}
LFT_TEST_EXPORT(lft_rb_free);

/*
 * Stop a CPU's writers: new ones drop (counted), and running ones (they
 * run with preemption off) are gone after the grace period.
 */
static void lft_rb_quiesce(struct lft_rb_cpu *cb)
{
	atomic_inc(&cb->record_disabled);
	synchronize_rcu();
	WARN_ON_ONCE(local_read(&cb->committing) || local_read(&cb->moving));
}

static void lft_rb_unquiesce(struct lft_rb_cpu *cb)
{
	atomic_dec(&cb->record_disabled);
}

/*
 * Rebuild a quiesced ring with @nr slots, from the pages in @pool (the old
 * ring's pages and any new ones; @npool of them). Unread pages are kept,
 * newest first, in seq order ending at the tail; when they do not fit, the
 * oldest are dropped and counted as overrun. Pages left over go back into
 * @pool for freeing. Called with the reader lock held.
 */
static void lft_rb_rebuild(struct lft_rb_cpu *cb, unsigned long *slots,
			   unsigned int nr, struct lft_rb_page **pool,
			   unsigned int *npool)
{
	struct lft_rb_page *t = cb->tail, *p;
	unsigned int keep, i, j, n = 0, k;
	u64 first;

	/*
	 * Unread ring pages have consecutive seqs up to t->seq, and
	 * the tail is kept, unless the reader holds it: then the ring holds
	 * nothing unread and the writer goes on to slot 0.
	 */
	if (t == cb->reader) {
		keep = 0;
		t->idx = nr - 1;
	} else {
		/* Overwritten seqs below T - (N - 1) are not in the ring. */
		first = max(cb->reader_seq, t->seq >= cb->nr_pages ?
			    t->seq - cb->nr_pages + 1 : 1);
		keep = t->seq >= first ? t->seq - first + 1 : 0;
		keep = clamp(keep, 1U, nr);
	}
	first = t->seq - keep + 1;

	/* Sort the kept pages into slots 0..keep-1 by seq. */
	for (i = 0; i < *npool; i++) {
		p = pool[i];
		if (p->seq && p->seq >= cb->reader_seq && p->seq < first) {
			/* Unread, but no room: lost to the shrink. */
			local_add(local_read(&p->entries), &cb->overrun);
			local_add(local_read(&p->bytes), &cb->overrun_bytes);
		}
		if (keep && p->seq >= first && p->seq <= t->seq) {
			k = p->seq - first;
			p->idx = k;
			slots[k] = (unsigned long)p;
			pool[i] = NULL;
		}
	}
	if (keep) {
		slots[keep - 1] |= LFT_RB_SLOT_TAIL;
		/*
		 * Readers find pages by seq arithmetic, which holds only if
		 * nothing older than the kept pages is wanted: the seqs below
		 * "first" were overwritten (and counted) or dropped just now.
		 */
		cb->reader_seq = max(cb->reader_seq, first);
	}

	/* Fill the rest with emptied pages. */
	for (i = keep, j = 0; i < nr; i++) {
		while (!pool[j])
			j++;
		lft_rb_page_reset(pool[j], i);
		slots[i] = (unsigned long)pool[j];
		pool[j] = NULL;
	}
	/* Compact what is left for the caller to free. */
	for (i = 0; i < *npool; i++)
		if (pool[i])
			pool[n++] = pool[i];
	*npool = n;
	cb->slots = slots;
	cb->nr_pages = nr;
}

/* A CPU's new ring, made before any CPU's ring changes. */
struct lft_rb_resize_plan {
	unsigned long *slots;
	struct lft_rb_page **pool;	/* the new pages at [old, nr) */
	unsigned int nr, old;
};

static void lft_rb_plan_free(struct lft_rb_resize_plan *pl)
{
	unsigned int i;

	if (pl->pool)
		for (i = pl->old; i < pl->nr; i++) {
			lft_rb_page_free(pl->pool[i]);
			cond_resched();
		}
	kvfree(pl->pool);
	kvfree(pl->slots);
	pl->pool = NULL;
	pl->slots = NULL;
}

/* Allocate what a CPU's ring needs to hold @nr pages. */
static int lft_rb_plan(struct lft_rb_cpu *cb, unsigned long nr,
		       struct lft_rb_resize_plan *pl, bool user)
{
	unsigned int old = cb->nr_pages, i;

	if (nr == old)
		return 0;
	if (nr > old && !lft_rb_pages_available(nr, nr - old))
		return -ENOMEM;
	pl->old = old;
	pl->nr = nr;
	pl->slots = kvzalloc_node(array_size(nr, sizeof(*pl->slots)),
				  LFT_RB_GFP, cpu_to_node(cb->cpu));
	pl->pool = kvcalloc(max(pl->nr, old), sizeof(*pl->pool), LFT_RB_GFP);
	if (!pl->slots || !pl->pool)
		goto fail;
	for (i = old; i < pl->nr; i++) {
		pl->pool[i] = lft_rb_page_alloc(cb->cpu, cb->order);
		if (!pl->pool[i] || lft_rb_alloc_stop(user))
			goto fail;
		cond_resched();
	}
	return 0;
fail:
	lft_rb_plan_free(pl);
	return -ENOMEM;
}

/* Put a planned ring in place of a CPU's ring, and free what is left. */
static void lft_rb_plan_apply(struct lft_rb_cpu *cb,
			      struct lft_rb_resize_plan *pl)
{
	unsigned int old = cb->nr_pages, npool = max(pl->nr, old), i;
	unsigned long *old_slots, flags;

	lft_rb_quiesce(cb);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	old_slots = cb->slots;
	for (i = 0; i < old; i++)
		pl->pool[i] = LFT_RB_SLOT_PAGE(old_slots[i]);
	lft_rb_rebuild(cb, pl->slots, pl->nr, pl->pool, &npool);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	lft_rb_unquiesce(cb);

	for (i = 0; i < npool; i++) {
		lft_rb_page_free(pl->pool[i]);
		cond_resched();
	}
	kvfree(pl->pool);
	kvfree(old_slots);
	pl->pool = NULL;
	pl->slots = NULL;
}

/**
 * lft_rb_resize() - change the size of one or all CPUs' rings
 * @rb: the buffer
 * @size: bytes of event data per CPU (whole pages, min 2)
 * @cpu: a CPU, or LFT_RB_ALL_CPUS
 *
 * Safe while writers write: each CPU's writers are paused for the change
 * (their events are counted as dropped). Unread events are kept, except
 * the oldest when shrinking below them (counted as overrun). Every ring's
 * memory is had before any ring changes; more than the machine obviously
 * has is not asked for, and a fatal signal stops the allocation. Sleeps.
 *
 * A ring being walked by an iterator is not resized (its pages would go
 * under it): -EBUSY, as the kernel's ring buffer says. The caller keeps
 * iterators from starting while a resize of the same buffer runs.
 *
 * Return: 0, -EINVAL for a bad @cpu, -EBUSY, -ENOMEM (nothing changed).
 */
int lft_rb_resize(struct lft_rb *rb, unsigned long size, int cpu)
{
	unsigned long nr;
	struct lft_rb_resize_plan *plans;
	unsigned long add = 0;
	int c, ret = 0;
	bool user;

	if (cpu != LFT_RB_ALL_CPUS &&
	    (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu)))
		return -EINVAL;
	plans = kcalloc(nr_cpu_ids, sizeof(*plans), GFP_KERNEL);
	if (!plans)
		return -ENOMEM;
	mutex_lock(&rb->resize_lock);
	/* Every ring's pages are of the buffer's order (resize_lock held). */
	nr = lft_rb_size_to_pages(size, lft_rb_order_data(rb->order));
	/*
	 * The CPUs' growth is asked for all together, not each one's alone:
	 * rings that take what the machine has leave it reclaiming.
	 */
	for_each_possible_cpu(c) {
		struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, c);

		if (cpu != LFT_RB_ALL_CPUS && c != cpu)
			continue;
		if (atomic_read(&cb->iters))
			ret = -EBUSY;
		if (nr > cb->nr_pages)
			add += nr - cb->nr_pages;
	}
	if (!ret && !lft_rb_pages_available(nr, add))
		ret = -ENOMEM;
	if (ret) {
		mutex_unlock(&rb->resize_lock);
		kfree(plans);
		return ret;
	}
	user = lft_rb_alloc_begin();
	for_each_possible_cpu(c) {
		if (cpu != LFT_RB_ALL_CPUS && c != cpu)
			continue;
		ret = lft_rb_plan(lft_rb_cpu_buf(rb, c), nr, &plans[c], user);
		if (ret)
			break;
		cond_resched();
	}
	lft_rb_alloc_end(user);
	for_each_possible_cpu(c) {
		if (!plans[c].slots)
			continue;
		if (ret)
			lft_rb_plan_free(&plans[c]);
		else
			lft_rb_plan_apply(lft_rb_cpu_buf(rb, c), &plans[c]);
	}
	mutex_unlock(&rb->resize_lock);
	kfree(plans);
	return ret;
}
LFT_TEST_EXPORT(lft_rb_resize);

/**
 * lft_rb_size() - bytes of event data a CPU's ring holds
 * @rb: the buffer
 * @cpu: a possible CPU
 *
 * Return: the ring's page count times the data bytes of a page.
 */
unsigned long lft_rb_size(struct lft_rb *rb, int cpu)
{
	struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, cpu);

	return (unsigned long)cb->nr_pages * cb->data_size;
}
LFT_TEST_EXPORT(lft_rb_size);

/* A CPU's ring of pages of another order, made before any ring changes. */
struct lft_rb_order_plan {
	unsigned long *slots;
	struct lft_rb_page **pages;	/* nr of them, then the reader page */
	unsigned int nr;
};

static void lft_rb_order_plan_free(struct lft_rb_order_plan *pl)
{
	unsigned int i;

	if (pl->pages)
		for (i = 0; i <= pl->nr; i++) {
			lft_rb_page_free(pl->pages[i]);
			cond_resched();
		}
	kvfree(pl->pages);
	kvfree(pl->slots);
	pl->pages = NULL;
	pl->slots = NULL;
}

static int lft_rb_order_plan(struct lft_rb_cpu *cb, unsigned int order,
			     struct lft_rb_order_plan *pl, bool user)
{
	unsigned long nr;
	unsigned int i;

	/* About the bytes it held: as many, in pages of the new size. */
	nr = lft_rb_size_to_pages((unsigned long)cb->nr_pages * cb->data_size,
				  lft_rb_order_data(order));
	if (!lft_rb_pages_available(nr, nr << order))
		return -ENOMEM;
	pl->nr = nr;
	pl->slots = kvzalloc_node(array_size(nr, sizeof(*pl->slots)),
				  LFT_RB_GFP, cpu_to_node(cb->cpu));
	pl->pages = kvcalloc(nr + 1, sizeof(*pl->pages), LFT_RB_GFP);
	if (!pl->slots || !pl->pages)
		goto fail;
	for (i = 0; i <= nr; i++) {
		pl->pages[i] = lft_rb_page_alloc(cb->cpu, order);
		if (!pl->pages[i] || lft_rb_alloc_stop(user))
			goto fail;
		cond_resched();
	}
	return 0;
fail:
	lft_rb_order_plan_free(pl);
	return -ENOMEM;
}

/* Give a CPU's ring the planned pages (its writers paused meanwhile). */
static void lft_rb_order_apply(struct lft_rb_cpu *cb, unsigned int order,
			       struct lft_rb_order_plan *pl)
{
	struct lft_rb_page *old_reader;
	unsigned long *old_slots, flags;
	unsigned int i, old_nr;

	lft_rb_quiesce(cb);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	old_nr = cb->nr_pages;
	old_slots = cb->slots;
	old_reader = cb->reader;
	for (i = 0; i < pl->nr; i++) {
		pl->pages[i]->idx = i;
		pl->slots[i] = (unsigned long)pl->pages[i];
	}
	cb->slots = pl->slots;
	cb->nr_pages = pl->nr;
	cb->reader = pl->pages[pl->nr];
	cb->order = order;
	cb->data_size = lft_rb_order_data(order);
	/* What the old pages held is gone, as in the kernel's ring buffer. */
	lft_rb_cpu_start(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	lft_rb_unquiesce(cb);

	kvfree(pl->pages);
	pl->pages = NULL;
	pl->slots = NULL;
	for (i = 0; i < old_nr; i++) {
		lft_rb_page_free(LFT_RB_SLOT_PAGE(old_slots[i]));
		cond_resched();
	}
	lft_rb_page_free(old_reader);
	kvfree(old_slots);
}

/**
 * lft_rb_set_order() - change the size of the buffer's pages
 * @rb: the buffer
 * @order: pages of 2^@order system pages, 0..LFT_RB_MAX_ORDER
 *
 * Every CPU's ring gets new pages holding about the bytes it held (in as
 * many pages of the new size, at least 2), and its events are dropped, as
 * the kernel's ring buffer does when its sub-buffer size changes. Safe
 * while writers write (each CPU's are paused meanwhile, and counted as
 * dropped); all the memory is had before any ring changes. Read pages of
 * the old size (lft_rb_alloc_read_page()) are replaced as they are used.
 * Sleeps.
 *
 * Return: 0, -EINVAL for a bad @order, -EBUSY while an iterator walks a
 * ring, -ENOMEM (nothing changed).
 */
int lft_rb_set_order(struct lft_rb *rb, unsigned int order)
{
	struct lft_rb_order_plan *plans;
	int c, ret = 0;
	bool user;

	if (order > LFT_RB_MAX_ORDER)
		return -EINVAL;
	plans = kcalloc(nr_cpu_ids, sizeof(*plans), GFP_KERNEL);
	if (!plans)
		return -ENOMEM;
	mutex_lock(&rb->resize_lock);
	if (order == rb->order)
		goto out;
	for_each_possible_cpu(c)
		if (atomic_read(&lft_rb_cpu_buf(rb, c)->iters))
			ret = -EBUSY;
	if (ret)
		goto out;
	user = lft_rb_alloc_begin();
	for_each_possible_cpu(c) {
		ret = lft_rb_order_plan(lft_rb_cpu_buf(rb, c), order, &plans[c],
					user);
		if (ret)
			break;
	}
	lft_rb_alloc_end(user);
	for_each_possible_cpu(c) {
		if (!plans[c].slots)
			continue;
		if (ret)
			lft_rb_order_plan_free(&plans[c]);
		else
			lft_rb_order_apply(lft_rb_cpu_buf(rb, c), order,
					   &plans[c]);
	}
	if (!ret)
		WRITE_ONCE(rb->order, order);
out:
	mutex_unlock(&rb->resize_lock);
	kfree(plans);
	return ret;
}
LFT_TEST_EXPORT(lft_rb_set_order);

/**
 * lft_rb_order() - the order of the buffer's pages
 * @rb: the buffer
 *
 * Return: 0..LFT_RB_MAX_ORDER: pages of PAGE_SIZE << order bytes.
 */
unsigned int lft_rb_order(struct lft_rb *rb)
{
	return READ_ONCE(rb->order);
}
LFT_TEST_EXPORT(lft_rb_order);

/**
 * lft_rb_max_payload() - the largest payload a record of the buffer holds
 * @rb: the buffer
 *
 * Return: what lft_rb_reserve() takes at the buffer's page size.
 */
unsigned int lft_rb_max_payload(struct lft_rb *rb)
{
	return lft_rb_order_data(lft_rb_order(rb)) - 16;
}
LFT_TEST_EXPORT(lft_rb_max_payload);

/**
 * lft_rb_reset_cpu() - empty one CPU's ring and zero its counters
 * @rb: the buffer
 * @cpu: a possible CPU
 *
 * Safe while writers write (they are paused for it). Sleeps.
 */
void lft_rb_reset_cpu(struct lft_rb *rb, int cpu)
{
	struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, cpu);
	unsigned long flags;
	unsigned int i;

	mutex_lock(&rb->resize_lock);
	lft_rb_quiesce(cb);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	for (i = 0; i < cb->nr_pages; i++) {
		lft_rb_page_reset(LFT_RB_SLOT_PAGE(cb->slots[i]), i);
		cb->slots[i] &= ~LFT_RB_SLOT_TAIL;
	}
	lft_rb_cpu_start(cb);
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	lft_rb_unquiesce(cb);
	mutex_unlock(&rb->resize_lock);
}

/**
 * lft_rb_reset() - empty every CPU's ring and zero the counters
 * @rb: the buffer
 */
void lft_rb_reset(struct lft_rb *rb)
{
	int cpu;

	for_each_possible_cpu(cpu)
		lft_rb_reset_cpu(rb, cpu);
}
LFT_TEST_EXPORT(lft_rb_reset);

/**
 * lft_rb_record_off() - refuse new events (they count as dropped)
 * @rb: the buffer
 */
void lft_rb_record_off(struct lft_rb *rb)
{
	set_bit(LFT_RB_GATE_OFF, &rb->gate);
}
LFT_TEST_EXPORT(lft_rb_record_off);

/**
 * lft_rb_record_on() - accept new events again
 * @rb: the buffer
 */
void lft_rb_record_on(struct lft_rb *rb)
{
	clear_bit(LFT_RB_GATE_OFF, &rb->gate);
}
LFT_TEST_EXPORT(lft_rb_record_on);

/**
 * lft_rb_set_overwrite() - choose overwrite or producer-consumer mode
 * @rb: the buffer
 * @overwrite: true to overwrite the oldest events when full
 */
void lft_rb_set_overwrite(struct lft_rb *rb, bool overwrite)
{
	WRITE_ONCE(rb->overwrite, overwrite);
}

/**
 * lft_rb_set_abs_ts() - give every event an absolute time stamp record
 * @rb: the buffer
 * @abs: true for absolute stamps (timestamp_mode "absolute")
 */
void lft_rb_set_abs_ts(struct lft_rb *rb, bool abs)
{
	assign_bit(LFT_RB_GATE_ABS, &rb->gate, abs);
}
LFT_TEST_EXPORT(lft_rb_set_abs_ts);

/**
 * lft_rb_set_clock() - change the clock events are stamped with
 * @rb: the buffer
 * @clock: the clock
 *
 * Times of different clocks do not mix, so the buffer is reset. Sleeps.
 *
 * Return: 0, -EINVAL for an unknown clock, or -ENOMEM.
 */
int lft_rb_set_clock(struct lft_rb *rb, enum lft_rb_clock clock)
{
	struct lft_rb_cpu **held;
	int cpu;

	if ((unsigned int)clock >= LFT_RB_NR_CLOCKS)
		return -EINVAL;
	/*
	 * The rings stopped are the rings started again: a latency tracer
	 * may swap a CPU's ring into another buffer meanwhile (until it is
	 * stopped, then lft_rb_swap_cpu() refuses), and looking the ring up
	 * twice would stop one and start another, leaving one stopped for
	 * good.
	 */
	held = kcalloc(nr_cpu_ids, sizeof(*held), GFP_KERNEL);
	if (!held)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		held[cpu] = lft_rb_cpu_buf(rb, cpu);
		lft_rb_quiesce(held[cpu]);
	}
	rb->clock_id = clock;
	WRITE_ONCE(rb->clock, lft_rb_clock_fn(clock));
	for_each_possible_cpu(cpu)
		lft_rb_unquiesce(held[cpu]);
	kfree(held);
	lft_rb_reset(rb);
	return 0;
}
LFT_TEST_EXPORT(lft_rb_set_clock);

/**
 * lft_rb_get_clock() - the clock events are stamped with
 * @rb: the buffer
 *
 * Return: the clock id.
 */
enum lft_rb_clock lft_rb_get_clock(struct lft_rb *rb)
{
	return rb->clock_id;
}
LFT_TEST_EXPORT(lft_rb_get_clock);

/**
 * lft_rb_now() - the buffer's clock, now
 * @rb: the buffer
 *
 * Return: the time in the units events are stamped with.
 */
u64 lft_rb_now(struct lft_rb *rb)
{
	return READ_ONCE(rb->clock)();
}
LFT_TEST_EXPORT(lft_rb_now);

/**
 * lft_rb_stats() - a CPU's counters
 * @rb: the buffer
 * @cpu: a possible CPU
 * @s: filled in
 */
void lft_rb_stats(struct lft_rb *rb, int cpu, struct lft_rb_stats *s)
{
	struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, cpu);
	unsigned long flags, entries, bytes;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	entries = local_read(&cb->entries);
	bytes = local_read(&cb->bytes);
	s->overrun = local_read(&cb->overrun);
	s->commit_overrun = local_read(&cb->commit_overrun);
	s->dropped = local_read(&cb->dropped);
	s->read = cb->read;
	s->entries = entries - s->overrun - s->read;
	s->bytes = bytes - local_read(&cb->overrun_bytes) - cb->read_bytes;
	s->written = entries + s->dropped + s->commit_overrun;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	s->oldest_ts = lft_rb_oldest_ts(rb, cpu);
	s->now_ts = lft_rb_now(rb);
}
LFT_TEST_EXPORT(lft_rb_stats);

/**
 * lft_rb_swap_cpu() - exchange one CPU's ring between two buffers
 * @a: a buffer
 * @b: a buffer of the same size on that CPU
 * @cpu: the CPU
 *
 * O(1): the rings trade places. Must run on @cpu with interrupts off (as
 * the latency tracers do), or while no writer can write to either.
 *
 * Return: 0, -EINVAL when the rings differ in size or page size, -EBUSY
 * when a writer on @cpu is in the middle of an event or either ring's
 * writers are stopped.
 */
int lft_rb_swap_cpu(struct lft_rb *a, struct lft_rb *b, int cpu)
{
	struct lft_rb_cpu *ca = lft_rb_cpu_buf(a, cpu);
	struct lft_rb_cpu *cb = lft_rb_cpu_buf(b, cpu);

	if (ca->nr_pages != cb->nr_pages || ca->order != cb->order)
		return -EINVAL;
	/*
	 * Not a ring whose writers are stopped (a resize, reset or clock
	 * change holds it): it would move under the one who stopped it.
	 */
	if (atomic_read(&ca->record_disabled) ||
	    atomic_read(&cb->record_disabled))
		return -EBUSY;
	if (local_read(&ca->committing) || local_read(&cb->committing))
		return -EBUSY;
	WRITE_ONCE(*per_cpu_ptr(a->cpus, cpu), cb);
	WRITE_ONCE(*per_cpu_ptr(b->cpus, cpu), ca);
	ca->rb = b;
	cb->rb = a;
	return 0;
}
LFT_TEST_EXPORT(lft_rb_swap_cpu);
