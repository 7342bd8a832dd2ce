// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rb non-consuming iterator (what the "trace" file reads).
 *
 * It walks the reader page from the consumer's position, then the ring
 * pages in seq order up to the commit, reading them in place. A ring page
 * may be overwritten under it: every record is copied out and then the
 * page's seq is checked again; a changed seq means the copy may be torn, so
 * the iterator skips ahead to the oldest page still there and reports that
 * events were lost (how many, it cannot know). Pages overwritten before the
 * walk reached them are not lost to it once nothing was returned yet: the
 * walk starts at the oldest event kept, as the kernel's does. Consumers may
 * run at the same time; the iterator then moves forward to where they are.
 *
 * The walk ends with the page the writer was on when it started. Without
 * that bound a walk slower than the writer never ends: with every function
 * traced, formatting one line records more than one line's worth, so a
 * reader of "trace" chasing the commit would read forever.
 */
#include <linux/kernel.h>
#include <linux/slab.h>

#include "include/lft_test_export.h"
#include "ringbuf/internal.h"

struct lft_rb_iter {
	struct lft_rb *rb;
	int cpu;
	struct lft_rb_cpu *cb;
	struct lft_rb_page *page;
	u64 seq;		/* the page's seq when we got to it */
	bool on_reader;		/* page is (was) the consumer's reader page */
	unsigned int pos;
	u64 ts;			/* running time before pos */
	bool lost;		/* skipped overwritten pages mid-walk */
	bool started;		/* returned an event already */
	bool done;		/* past end_seq: nothing more to return */
	u64 end_seq;		/* the writer's page when the walk started */
};

static void lft_rb_iter_to_reader(struct lft_rb_iter *it)
{
	struct lft_rb_cpu *cb = it->cb;

	it->page = cb->reader;
	it->seq = cb->reader->seq;
	it->on_reader = true;
	it->pos = cb->rpos;
	it->ts = cb->rts;
}

/* Go to the ring page holding @want, or the oldest one after it. */
static bool lft_rb_iter_to_ring(struct lft_rb_iter *it, u64 want)
{
	struct lft_rb_cpu *cb = it->cb;
	struct lft_rb_page *q;
	unsigned int x;
	int loops, ret;
	u64 got;

	if (READ_ONCE(cb->tail) == cb->reader)
		return false;	/* the ring holds nothing unread */
	for (loops = 0; loops < 100; loops++) {
		got = want;
		ret = lft_rb_locate(cb, &got, &x);
		if (ret == -ENOENT)
			return false;
		if (ret)
			continue;
		if (got > it->end_seq) {
			it->done = true;	/* the end of the walk */
			return false;
		}
		q = LFT_RB_SLOT_PAGE(READ_ONCE(cb->slots[x]));
		if (READ_ONCE(q->seq) != got)
			continue;
		if (got != want && it->started)
			it->lost = true;
		it->page = q;
		it->seq = got;
		it->on_reader = false;
		it->pos = 0;
		return true;
	}
	return false;
}

/* Is the iterator's page still what it was? Resynchronize if not. */
static bool lft_rb_iter_valid(struct lft_rb_iter *it)
{
	struct lft_rb_cpu *cb = it->cb;

	if (it->on_reader) {
		if (cb->reader != it->page) {
			/* Consumed and recycled: continue where reading is. */
			lft_rb_iter_to_reader(it);
			return false;
		}
		if (it->pos < cb->rpos) {
			it->pos = cb->rpos;
			it->ts = cb->rts;
		}
		return true;
	}
	if (READ_ONCE(it->page->seq) == it->seq)
		return true;
	if (cb->reader == it->page || cb->reader_seq > it->seq)
		lft_rb_iter_to_reader(it);	/* the consumer took it */
	else if (!lft_rb_iter_to_ring(it, it->seq + 1) && !it->done)
		lft_rb_iter_to_reader(it);
	return false;
}

/**
 * lft_rb_iter_start() - start a non-consuming walk over one CPU's events
 * @rb: the buffer
 * @cpu: a possible CPU
 * @gfp: allocation flags
 *
 * Return: the iterator, or NULL (bad @cpu or no memory).
 */
struct lft_rb_iter *lft_rb_iter_start(struct lft_rb *rb, int cpu, gfp_t gfp)
{
	struct lft_rb_iter *it;
	unsigned long flags;

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return NULL;
	it = kzalloc(sizeof(*it), gfp);
	if (!it)
		return NULL;
	it->rb = rb;
	it->cpu = cpu;
	it->cb = lft_rb_cpu_buf(rb, cpu);
	raw_spin_lock_irqsave(&it->cb->reader_lock, flags);
	/* Its pages stay: a resize would free them (it says -EBUSY now). */
	atomic_inc(&it->cb->iters);
	lft_rb_iter_to_reader(it);
	it->end_seq = READ_ONCE(it->cb->commit_seq);
	raw_spin_unlock_irqrestore(&it->cb->reader_lock, flags);
	return it;
}
LFT_TEST_EXPORT(lft_rb_iter_start);

/**
 * lft_rb_iter_next() - copy out the next event and step past it
 * @it: the iterator
 * @buf: where to copy the payload (may be NULL)
 * @size: room in @buf; longer payloads are truncated
 * @e: filled with the event's time, length, CPU and events lost before it
 *
 * Return: bytes copied, or -EAGAIN at the end. Events written after the
 * walk started are returned only as far as they are on the page the writer
 * was on then (the walk's bound); until then, a later call finds them.
 */
int lft_rb_iter_next(struct lft_rb_iter *it, void *buf, size_t size,
		     struct lft_rb_entry *e)
{
	struct lft_rb_cpu *cb = it->cb;
	struct lft_rb_decoded d;
	unsigned long flags, commit;
	int loops, ret = -EAGAIN;
	size_t n;
	u64 ts;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	for (loops = 0; loops < 1000 && !it->done; loops++) {
		u64 cseq = READ_ONCE(cb->commit_seq);

		if (!lft_rb_iter_valid(it))
			continue;
		/* Pairs with the writer's smp_wmb() before commit. */
		smp_rmb();
		commit = local_read(&it->page->data->commit);
		if (it->pos < commit) {
			if (!it->pos)
				it->ts = it->page->data->time_stamp;
			if (lft_rb_decode(it->page->data->data + it->pos,
					  commit - it->pos, &d)) {
				if (lft_rb_iter_valid(it))
					it->pos = commit;	/* corrupt */
				continue;
			}
			ts = lft_rb_apply_time(it->ts, &d);
			n = 0;
			if (d.type <= LFT_RB_TYPE_DATA_MAX) {
				n = min_t(size_t, size, d.len);
				if (buf)
					memcpy(buf, d.payload, n);
			}
			/* The copy must be done before seq is checked again. */
			smp_rmb();
			if (!lft_rb_iter_valid(it))
				continue;	/* overwritten while copied */
			it->ts = ts;
			it->pos += d.size;
			if (d.type > LFT_RB_TYPE_DATA_MAX)
				continue;
			e->ts = ts;
			e->len = d.len;
			e->cpu = it->cpu;
			e->lost = it->lost ? LFT_RB_LOST_UNKNOWN : 0;
			it->lost = false;
			it->started = true;
			ret = n;
			break;
		}
		/* End of this page: go on only if the writer is done with it. */
		if (it->page->seq >= cseq)
			break;
		if (!lft_rb_iter_to_ring(it, it->on_reader ? cb->reader_seq :
					 it->seq + 1))
			break;
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ret;
}
LFT_TEST_EXPORT(lft_rb_iter_next);

/**
 * lft_rb_iter_finish() - end a walk
 * @it: the iterator, or NULL
 */
void lft_rb_iter_finish(struct lft_rb_iter *it)
{
	if (!it)
		return;
	atomic_dec(&it->cb->iters);
	kfree(it);
}
LFT_TEST_EXPORT(lft_rb_iter_finish);
