// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rb consuming readers: per CPU, merged across CPUs, and whole pages.
 *
 * A reader owns one page outside the ring (cb->reader) and reads only that
 * page. When it is used up, the reader swaps it for the oldest unread page
 * of the ring with one cmpxchg on that page's slot (see write.c), so the
 * writer never waits for a reader. The oldest unread page is found from the
 * tail page's sequence number:
 *
 *   tail seq T at slot t, N slots, next wanted seq R (cb->reader_seq):
 *     oldest kept = max(R, T - (N - 1)),  its slot = t - (T - oldest)
 *
 * Pages with seq between R and T - (N - 1) were overwritten; the writer
 * counted them as overrun, and the reader reports the difference as lost
 * events with the next event it returns. The reader may take the tail page
 * itself; the writer keeps filling it, and the reader reads up to its
 * commit. A page is finished only once the commit has moved past it.
 *
 * The writer leaves a slot's word as it found it after refilling the page,
 * so a swap that only compared the word could take a page refilled since
 * it was looked at (ABA), skipping unread pages the writer counts as
 * overrun later. The reader first marks the word (TAKING), then checks the
 * page; the writer's claim clears the mark, so the swap, which needs the
 * mark, takes exactly the page checked (see lft_rb_take_page()).
 *
 * Readers of one CPU serialize on cb->reader_lock (a raw spinlock with
 * interrupts off, so a dump from any context can read too).
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sched.h>

#include "include/lft_test_export.h"
#include "ringbuf/internal.h"

static bool lft_rb_is_data(const struct lft_rb_decoded *d)
{
	return d->type <= LFT_RB_TYPE_DATA_MAX;
}

/**
 * lft_rb_locate() - the ring slot of the page with a given seq
 * @cb: the CPU's buffer
 * @want: in: the seq wanted; out: raised to the oldest seq the ring still
 *	holds, if it was older
 * @slot: out: the slot where that page should be
 *
 * Works from one consistent look at the tail page (its seq and slot). The
 * caller checks the slot's page really has *@want: the writer may have
 * moved on since.
 *
 * Return: 0, -EAGAIN when the tail moved while looking, -ENOENT when
 * *@want is past the tail.
 */
int lft_rb_locate(struct lft_rb_cpu *cb, u64 *want, unsigned int *slot)
{
	unsigned int nr = cb->nr_pages, x;
	struct lft_rb_page *t;
	u64 seqt, oldest;

	t = READ_ONCE(cb->tail);
	/* Pairs with the writer's smp_wmb() before publishing tail. */
	smp_rmb();
	seqt = READ_ONCE(t->seq);
	x = READ_ONCE(t->idx);
	/* seq and idx must be read before checking tail did not move. */
	smp_rmb();
	if (READ_ONCE(cb->tail) != t)
		return -EAGAIN;
	if (*want > seqt)
		return -ENOENT;
	oldest = seqt >= nr ? seqt - (nr - 1) : 1;
	if (*want < oldest)
		*want = oldest;
	*slot = (x + nr - (unsigned int)(seqt - *want)) % nr;
	return 0;
}

/* Swap the oldest unread ring page in as the reader page. */
static bool lft_rb_take_page(struct lft_rb_cpu *cb)
{
	struct lft_rb_page *q, *s, *t;
	unsigned long w, ov;
	unsigned int x;
	u64 target;
	int loops, ret;

	for (loops = 0; loops < 1000; loops++) {
		if (loops)
			cpu_relax();
		target = cb->reader_seq;
		ret = lft_rb_locate(cb, &target, &x);
		if (ret == -ENOENT)
			return false;
		if (ret)
			continue;
		w = READ_ONCE(cb->slots[x]);
		q = LFT_RB_SLOT_PAGE(w);
		/*
		 * Mark the word, then check q: checked before, q could have
		 * been refilled with the word coming back to what we saw (a
		 * stalled reader: a vCPU descheduled under TCG is enough);
		 * from the mark on, a claim clears it and the swap fails.
		 */
		if (cmpxchg(&cb->slots[x], w, w | LFT_RB_SLOT_TAKING) != w)
			continue;
		t = READ_ONCE(cb->tail);
		/* Pairs with the writer's smp_wmb(): q's seq before tail. */
		smp_rmb();
		/* Overwritten meanwhile, or the writer is mid-move onto it. */
		if (READ_ONCE(q->seq) != target ||
		    ((w & LFT_RB_SLOT_TAIL) && q != t)) {
			lft_rb_slot_update(&cb->slots[x], q,
					   LFT_RB_SLOT_TAKING, NULL);
			continue;
		}
		s = cb->reader;
		lft_rb_page_reset(s, x);
		if (!lft_rb_slot_update(&cb->slots[x], q, LFT_RB_SLOT_TAKING, s))
			continue;	/* the writer claimed q first */
		cb->reader = q;
		cb->rpos = 0;
		cb->reader_seq = target + 1;
		ov = local_read(&cb->overrun);
		cb->lost += ov - cb->overrun_seen;
		cb->overrun_seen = ov;
		return true;
	}
	return false;
}

/*
 * The next data record on this CPU, without consuming it. Skips stamp and
 * padding records (consuming those), swapping pages as needed. Returns the
 * payload inside the reader page, valid until the reader lock is dropped
 * (the record starts at cb->rpos: lft_rb_consumed() finds its size from
 * there); NULL when there is nothing to read yet.
 */
static void *lft_rb_next_take(struct lft_rb_cpu *cb, struct lft_rb_entry *e,
			      bool take)
{
	struct lft_rb_decoded d;
	struct lft_rb_page *p;
	unsigned long commit;
	u64 cseq;

	for (;;) {
		p = cb->reader;
		cseq = READ_ONCE(cb->commit_seq);
		/* A page below commit_seq has its final commit: read it after. */
		smp_rmb();
		commit = local_read(&p->data->commit);
		/* Pairs with the writer's smp_wmb() before publishing commit. */
		smp_rmb();
		while (cb->rpos < commit) {
			if (!cb->rpos)
				cb->rts = p->data->time_stamp;
			if (lft_rb_decode(p->data->data + cb->rpos,
					  commit - cb->rpos, &d)) {
				cb->rpos = commit;	/* corrupt: skip it */
				break;
			}
			if (lft_rb_is_data(&d)) {
				e->ts = lft_rb_apply_time(cb->rts, &d);
				e->len = d.len;
				e->cpu = cb->cpu;
				e->lost = cb->lost;
				return d.payload;
			}
			cb->rts = lft_rb_apply_time(cb->rts, &d);
			if (d.type != LFT_RB_TYPE_PADDING)
				cb->read_bytes += d.size;
			cb->rpos += d.size;
		}
		if (p->seq >= cseq)
			return NULL;	/* the writer may still add to it */
		if (!take || !lft_rb_take_page(cb))
			return NULL;
	}
}

/*
 * The common case of lft_rb_next(), inline: a data record (its length in
 * its header's type, or in the word after a type 0 header) that is not
 * the reader page's first (that one takes the page's time). NULL for
 * anything else: lft_rb_next_take() sees to it, in the same order.
 */
static __always_inline void *lft_rb_next_short(struct lft_rb_cpu *cb,
					       struct lft_rb_entry *e)
{
	struct lft_rb_data *data = cb->reader->data;
	unsigned int rpos = cb->rpos, len, rsize;
	const u32 *w = (const u32 *)(data->data + rpos);
	unsigned long commit;

	commit = local_read(&data->commit);
	/* Pairs with the writer's smp_wmb() before publishing commit. */
	smp_rmb();
	/* A data record takes at least 8 bytes. */
	if (!rpos || rpos + 8 > commit)
		return NULL;
	rsize = lft_rb_data_size(w, commit - rpos, &len);
	if (!rsize)
		return NULL;
	e->ts = cb->rts + (w[0] >> 5);
	e->len = len;
	e->cpu = cb->cpu;
	e->lost = cb->lost;
	return (void *)w + rsize - len;
}

static __always_inline void *lft_rb_next(struct lft_rb_cpu *cb,
					 struct lft_rb_entry *e)
{
	void *payload = lft_rb_next_short(cb, e);

	return payload ?: lft_rb_next_take(cb, e, true);
}

/**
 * lft_rb_oldest_ts() - the time of the oldest unread event of one CPU
 * @rb: the buffer
 * @cpu: a possible CPU
 *
 * For statistics: unlike a peek, it never swaps a page in (that would take
 * the page the writer is filling out of the ring, so that overwriting
 * skips it). When the reader page is used up, the oldest ring page's base
 * time stands for its first event, as in the kernel's statistics.
 *
 * Return: the time, or 0 when the CPU's buffer is empty.
 */
u64 lft_rb_oldest_ts(struct lft_rb *rb, int cpu)
{
	struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, cpu);
	struct lft_rb_entry e;
	struct lft_rb_page *q;
	unsigned long flags;
	unsigned int x;
	u64 target, ts = 0;

	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	if (lft_rb_next_take(cb, &e, false)) {
		ts = e.ts;
	} else {
		target = cb->reader_seq;
		if (!lft_rb_locate(cb, &target, &x)) {
			q = LFT_RB_SLOT_PAGE(READ_ONCE(cb->slots[x]));
			if (READ_ONCE(q->seq) == target &&
			    local_read(&q->data->commit))
				ts = READ_ONCE(q->data->time_stamp);
		}
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return ts;
}

/*
 * Consume the record lft_rb_next() returned @payload of: it starts at
 * cb->rpos and ends with the payload, whose header is 4 or 8 bytes. The
 * size is found so rather than returned, which would take a variable's
 * address (and a stack canary check on every read).
 */
static void lft_rb_consumed(struct lft_rb_cpu *cb, struct lft_rb_entry *e,
			    void *payload)
{
	unsigned int size = payload - (void *)(cb->reader->data->data +
					       cb->rpos) + e->len;

	cb->rts = e->ts;
	cb->rpos += size;
	cb->read++;
	cb->read_bytes += size;
	cb->lost = 0;
}

static inline bool lft_rb_cpu_ok(int cpu)
{
	return cpu >= 0 && cpu < nr_cpu_ids && cpu_possible(cpu);
}

/* Copy out the next event of one CPU, and consume it if asked to. */
static int lft_rb_take(struct lft_rb *rb, int cpu, void *buf, size_t size,
		       struct lft_rb_entry *e, bool consume)
{
	struct lft_rb_cpu *cb;
	unsigned long flags;
	size_t n = 0;
	void *data;

	if (!lft_rb_cpu_ok(cpu))
		return -EINVAL;
	cb = lft_rb_cpu_buf(rb, cpu);
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	data = lft_rb_next(cb, e);
	if (data) {
		n = min_t(size_t, size, e->len);
		if (buf)
			memcpy(buf, data, n);
		if (consume)
			lft_rb_consumed(cb, e, data);
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return data ? n : -EAGAIN;
}

/**
 * lft_rb_peek() - look at the next event of one CPU without consuming it
 * @rb: the buffer
 * @cpu: which CPU's buffer
 * @e: filled with the event's time, length, CPU and lost count
 *
 * Return: 0, -EAGAIN when there is no event, -EINVAL for a bad @cpu.
 */
int lft_rb_peek(struct lft_rb *rb, int cpu, struct lft_rb_entry *e)
{
	int ret = lft_rb_take(rb, cpu, NULL, 0, e, false);

	return ret < 0 ? ret : 0;
}

/**
 * lft_rb_peek_data() - copy out the next event of one CPU, not consuming it
 * @rb: the buffer
 * @cpu: which CPU's buffer
 * @buf: where to copy the payload
 * @size: room in @buf; a longer payload is truncated
 * @e: filled with the event's time, length, CPU and lost count
 *
 * Return: the number of bytes copied, -EAGAIN when there is no event,
 * -EINVAL for a bad @cpu.
 */
int lft_rb_peek_data(struct lft_rb *rb, int cpu, void *buf, size_t size,
		     struct lft_rb_entry *e)
{
	return lft_rb_take(rb, cpu, buf, size, e, false);
}

/**
 * lft_rb_consume() - read and remove the next event of one CPU
 * @rb: the buffer
 * @cpu: which CPU's buffer
 * @buf: where to copy the payload (may be NULL to discard it)
 * @size: room in @buf; a longer payload is truncated
 * @e: filled with the event's time, length, CPU and lost count
 *
 * Return: the number of bytes copied, -EAGAIN when there is no event,
 * -EINVAL for a bad @cpu.
 */
int lft_rb_consume(struct lft_rb *rb, int cpu, void *buf, size_t size,
		   struct lft_rb_entry *e)
{
	return lft_rb_take(rb, cpu, buf, size, e, true);
}
LFT_TEST_EXPORT(lft_rb_consume);

/**
 * lft_rb_consume_merged() - consume the oldest event among several CPUs
 * @rb: the buffer
 * @cpus: the CPUs to consider
 * @buf: where to copy the payload
 * @size: room in @buf
 * @e: filled in; e->cpu tells which CPU it came from
 *
 * Events of different CPUs are ordered by time stamp, which is meaningful
 * across CPUs as far as the buffer's clock is (exactly so with "global").
 *
 * Return: bytes copied, or -EAGAIN when every CPU is empty.
 */
int lft_rb_consume_merged(struct lft_rb *rb, const struct cpumask *cpus,
			  void *buf, size_t size, struct lft_rb_entry *e)
{
	struct lft_rb_entry cur;
	int cpu, best, ret;
	u64 best_ts = 0;

	do {
		best = -1;
		for_each_cpu_and(cpu, cpus, cpu_possible_mask) {
			if (lft_rb_peek(rb, cpu, &cur))
				continue;
			if (best < 0 || cur.ts < best_ts) {
				best = cpu;
				best_ts = cur.ts;
			}
		}
		if (best < 0)
			return -EAGAIN;
		ret = lft_rb_consume(rb, best, buf, size, e);
		/* Another reader may have emptied it meanwhile: look again. */
	} while (ret == -EAGAIN);
	return ret;
}
LFT_TEST_EXPORT(lft_rb_consume_merged);

/**
 * lft_rb_empty_cpu() - is there nothing to read on a CPU?
 * @rb: the buffer
 * @cpu: the CPU
 *
 * Return: true when lft_rb_consume() would find nothing.
 */
bool lft_rb_empty_cpu(struct lft_rb *rb, int cpu)
{
	struct lft_rb_entry e;

	return lft_rb_peek(rb, cpu, &e) != 0;
}
LFT_TEST_EXPORT(lft_rb_empty_cpu);

/**
 * lft_rb_empty() - is there nothing to read on any CPU?
 * @rb: the buffer
 *
 * Return: true when every CPU's buffer is empty.
 */
bool lft_rb_empty(struct lft_rb *rb)
{
	int cpu;

	for_each_possible_cpu(cpu)
		if (!lft_rb_empty_cpu(rb, cpu))
			return false;
	return true;
}

/**
 * lft_rb_alloc_read_page() - a page for lft_rb_read_page()
 * @rb: the buffer it will read: a page of its page size
 *
 * Return: a zeroed page (PAGE_SIZE << lft_rb_order() bytes), or NULL.
 */
void *lft_rb_alloc_read_page(struct lft_rb *rb)
{
	return lft_rb_data_alloc(NUMA_NO_NODE, lft_rb_order(rb));
}
LFT_TEST_EXPORT(lft_rb_alloc_read_page);

/**
 * lft_rb_free_read_page() - free a page from lft_rb_alloc_read_page()
 * @page: the page (or one lft_rb_read_page() gave back), or NULL
 */
void lft_rb_free_read_page(void *page)
{
	lft_rb_data_free(page);
}
LFT_TEST_EXPORT(lft_rb_free_read_page);

/* The order of a read page (compound when above 0). */
static unsigned int lft_rb_page_order(void *page)
{
	return compound_order(virt_to_page(page));
}

/* Copy the unread records of the reader page into @dst (a data page). */
static void lft_rb_copy_out(struct lft_rb_cpu *cb, struct lft_rb_data *dst,
			    unsigned long commit)
{
	struct lft_rb_page *p = cb->reader;
	unsigned long out = 0;
	struct lft_rb_decoded d;

	if (!cb->rpos)
		cb->rts = p->data->time_stamp;
	/* The first record keeps its delta, relative to the page's time. */
	dst->time_stamp = cb->rts;
	while (cb->rpos < commit) {
		if (lft_rb_decode(p->data->data + cb->rpos, commit - cb->rpos,
				  &d))
			break;
		if (d.type == LFT_RB_TYPE_PADDING && !d.delta)
			break;
		memcpy(dst->data + out, p->data->data + cb->rpos, d.size);
		out += d.size;
		cb->rts = lft_rb_apply_time(cb->rts, &d);
		if (lft_rb_is_data(&d))
			cb->read++;
		if (d.type != LFT_RB_TYPE_PADDING)
			cb->read_bytes += d.size;
		cb->rpos += d.size;
	}
	cb->rpos = commit;
	local_set(&dst->commit, out);
}

/* Both page reads; @full refuses the page the writer is on. */
static int lft_rb_read_page_mode(struct lft_rb *rb, int cpu, void **page,
				 bool full)
{
	struct lft_rb_data *dst = *page;
	unsigned long flags, commit, lost;
	struct lft_rb_entry e;
	struct lft_rb_cpu *cb;
	struct lft_rb_page *p;
	unsigned int size;
	int ret;

	if (!lft_rb_cpu_ok(cpu))
		return -EINVAL;
	cb = lft_rb_cpu_buf(rb, cpu);
	/* A page of another size (the buffer's changed): one of this size. */
	if (lft_rb_page_order(dst) != READ_ONCE(cb->order)) {
		void *np = lft_rb_data_alloc(NUMA_NO_NODE, READ_ONCE(cb->order));

		if (!np)
			return -ENOMEM;
		lft_rb_data_free(dst);
		*page = np;
		dst = np;
	}
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	/* Changed again meanwhile: nothing read, the caller comes back. */
	if (lft_rb_page_order(dst) != cb->order ||
	    !lft_rb_next(cb, &e)) {
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		return -EAGAIN;
	}
	p = cb->reader;
	/*
	 * The writer is still on this page: a caller wanting whole pages gets
	 * nothing yet (the records stay, for it or a plain read to take).
	 */
	if (full && p->seq >= READ_ONCE(cb->commit_seq)) {
		raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
		return -EAGAIN;
	}
	commit = local_read(&p->data->commit);
	lost = cb->lost;
	cb->lost = 0;
	if (!cb->rpos && p->seq < READ_ONCE(cb->commit_seq)) {
		/* Finished and untouched: hand the page itself over. */
		*page = p->data;
		p->data = dst;
		local_set(&dst->commit, 0);
		dst->time_stamp = 0;
		cb->read += local_read(&p->entries);
		cb->read_bytes += local_read(&p->bytes);
		cb->rpos = 0;
		dst = *page;
	} else {
		/* Its header and data: the bytes after them are zeroed below. */
		lft_rb_copy_out(cb, dst, commit);
	}
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);

	commit = local_read(&dst->commit);
	ret = commit;
	size = lft_rb_order_data(lft_rb_page_order(dst));
	memset(dst->data + commit, 0, size - commit);
	if (lost) {
		commit |= LFT_RB_MISSED_EVENTS;
		if (ret + sizeof(long) <= size) {
			memcpy(dst->data + ret, &lost, sizeof(long));
			commit |= LFT_RB_MISSED_STORED;
		}
		local_set(&dst->commit, commit);
	}
	return ret;
}

/**
 * lft_rb_read_page() - consume a whole page of records, in the page ABI
 * @rb: the buffer
 * @cpu: which CPU's buffer
 * @page: in: a page from lft_rb_alloc_read_page(); out: a page holding the
 *	records (possibly a different page: the caller owns whatever is
 *	returned and gives it back the same way)
 *
 * A finished page that was not read from is handed over by swapping pages,
 * without copying; otherwise the unread records are copied out. Either way
 * the result is a page as the kernel's trace_pipe_raw returns it: commit
 * holds the data length, OR-ed with LFT_RB_MISSED_EVENTS (and
 * LFT_RB_MISSED_STORED, with the count stored as an unsigned long right
 * after the data) when events were lost before it; bytes past the data are
 * zero.
 *
 * A page of another size than the buffer's pages (which lft_rb_set_order()
 * changed) is first freed and replaced by one of the right size.
 *
 * Return: the data length (without flags), or -EAGAIN when there is
 * nothing to read, -EINVAL for a bad @cpu, -ENOMEM.
 */
int lft_rb_read_page(struct lft_rb *rb, int cpu, void **page)
{
	return lft_rb_read_page_mode(rb, cpu, page, false);
}
LFT_TEST_EXPORT(lft_rb_read_page);

/**
 * lft_rb_read_full_page() - lft_rb_read_page(), finished pages only
 * @rb: the buffer
 * @cpu: which CPU's buffer
 * @page: as for lft_rb_read_page()
 *
 * For splice, which moves whole pages: while the only unread records are on
 * the page the writer is filling, nothing is taken (the kernel's splice asks
 * its ring buffer for full pages the same way; what is left at the end is
 * for read() to take). The rest of a partly read page counts as finished
 * once the writer has left it.
 *
 * Return: as lft_rb_read_page(); -EAGAIN also while the writer is on the
 * only page with unread records.
 */
int lft_rb_read_full_page(struct lft_rb *rb, int cpu, void **page)
{
	return lft_rb_read_page_mode(rb, cpu, page, true);
}
LFT_TEST_EXPORT(lft_rb_read_full_page);

/* Set up an empty reader side; the caller provides cb->reader. */
void lft_rb_reader_init(struct lft_rb_cpu *cb)
{
	cb->rpos = 0;
	cb->rts = 0;
	cb->reader_seq = 1;
	cb->read = 0;
	cb->read_bytes = 0;
	cb->overrun_seen = 0;
	cb->lost = 0;
}

/* irq_work: the writer asked for a wake-up (never done from NMI). */
void lft_rb_irq_work(struct irq_work *work)
{
	struct lft_rb_cpu *cb = container_of(work, struct lft_rb_cpu, work);

	wake_up_all(&cb->rb->waitq);
}

/* The lazy irq_work: a waiter's records are all on the writer's page. */
void lft_rb_irq_work_lazy(struct irq_work *work)
{
	struct lft_rb_cpu *cb = container_of(work, struct lft_rb_cpu,
					     lazy_work);

	wake_up_all(&cb->rb->waitq);
}

/*
 * Is @percent of a CPU's ring filled, as the kernel's watermark? Records to
 * read, the writer off the page being read, and the pages filled but
 * unread (that one among them while it holds some) with the writer's
 * counted (at 100 a reader still wakes); so a ring of 2 pages at 50 wakes
 * as soon as the writer has left the page being read.
 */
static bool lft_rb_full_hit(struct lft_rb *rb, int cpu, struct lft_rb_cpu *cb,
			    int percent)
{
	unsigned long flags;
	u64 seqt, unread;
	bool busy;

	if (lft_rb_empty_cpu(rb, cpu))
		return false;
	raw_spin_lock_irqsave(&cb->reader_lock, flags);
	busy = READ_ONCE(cb->commit_page) == cb->reader;
	seqt = READ_ONCE(READ_ONCE(cb->tail)->seq);
	unread = seqt >= cb->reader_seq ? seqt - cb->reader_seq : 0;
	if (cb->rpos < local_read(&cb->reader->data->commit))
		unread++;
	raw_spin_unlock_irqrestore(&cb->reader_lock, flags);
	return !busy && (unread + 1) * 100 >= (u64)percent * cb->nr_pages;
}

static bool lft_rb_ready(struct lft_rb *rb, int cpu, int percent)
{
	int c;

	for_each_possible_cpu(c) {
		struct lft_rb_cpu *cb = lft_rb_cpu_buf(rb, c);

		if (cpu != LFT_RB_ALL_CPUS && c != cpu)
			continue;
		if (!percent) {
			/* The writer wakes at once when it leaves this page. */
			WRITE_ONCE(cb->wait_seq, READ_ONCE(cb->page_seq));
			WRITE_ONCE(cb->waiters, true);
			/* Flag before looking, or a commit between is missed. */
			smp_mb();
			if (!lft_rb_empty_cpu(rb, c))
				return true;
		} else {
			WRITE_ONCE(cb->full_percent, percent);
			/* As above: announce the waiter, then look. */
			smp_mb();
			if (lft_rb_full_hit(rb, c, cb, percent))
				return true;
		}
	}
	return false;
}

/**
 * lft_rb_wait() - sleep until there is something to read
 * @rb: the buffer
 * @cpu: a CPU, or LFT_RB_ALL_CPUS
 * @percent: 0 to wake on any event (at the next tick while the events are
 *	all on the page being written: see lft_rb_wake()); else wait
 *	until that percentage of a CPU's pages is filled (buffer_percent)
 *
 * Return: 0 when data is there, -EINTR on a signal or lft_rb_wake_all().
 */
int lft_rb_wait(struct lft_rb *rb, int cpu, int percent)
{
	int gen = atomic_read(&rb->wake_gen);
	int ret;

	ret = wait_event_interruptible(rb->waitq,
				       lft_rb_ready(rb, cpu, percent) ||
				       atomic_read(&rb->wake_gen) != gen);
	if (ret)
		return ret;
	return atomic_read(&rb->wake_gen) != gen ? -EINTR : 0;
}
LFT_TEST_EXPORT(lft_rb_wait);

/**
 * lft_rb_poll() - poll support for readers
 * @rb: the buffer
 * @cpu: a CPU, or LFT_RB_ALL_CPUS
 * @filp: the file polled
 * @pt: the poll table
 * @percent: as for lft_rb_wait()
 *
 * Return: EPOLLIN | EPOLLRDNORM when readable, else 0.
 */
__poll_t lft_rb_poll(struct lft_rb *rb, int cpu, struct file *filp,
		     poll_table *pt, int percent)
{
	poll_wait(filp, &rb->waitq, pt);
	return lft_rb_ready(rb, cpu, percent) ? EPOLLIN | EPOLLRDNORM : 0;
}

/**
 * lft_rb_wake_all() - wake every waiter, making lft_rb_wait() return -EINTR
 * @rb: the buffer
 *
 * For teardown (readers blocked on the buffer leave before it goes away)
 * and for callers that end waits another way: waiters on every CPU of the
 * buffer return, and those whose reason to wait still holds wait again.
 */
void lft_rb_wake_all(struct lft_rb *rb)
{
	atomic_inc(&rb->wake_gen);
	wake_up_all(&rb->waitq);
}
LFT_TEST_EXPORT(lft_rb_wake_all);

/**
 * lft_rb_wake_all_deferred() - lft_rb_wake_all() through irq_work
 * @rb: the buffer
 *
 * For callers that may hold scheduler locks (a latency tracer swapping
 * buffers inside sched_switch): waking a task there could deadlock on its
 * runqueue's lock. Preemption must be off.
 */
void lft_rb_wake_all_deferred(struct lft_rb *rb)
{
	atomic_inc(&rb->wake_gen);
	irq_work_queue(&lft_rb_cpu_buf(rb, smp_processor_id())->work);
}
