// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rb write path.
 *
 * Design
 * ======
 * Each CPU has a ring of N page slots plus one reader page outside it:
 *
 *   slots:  [0]    [1]    [2]    [3]    [4]   ...  [N-1]
 *            |      |      |      |      |           |
 *           pgA    pgB    pgC    pgD    pgE         pgZ       reader: pgR
 *          seq 7  seq 8  seq 9  seq 5  seq 6       (empty)    (being read)
 *                         ^tail                ^ oldest unread = seq 5
 *
 * A page is a struct lft_rb_page pointing at a 4 KiB data page in the
 * kernel's ABI: u64 time_stamp, local_t commit, then records (event.c).
 * Every time the writer moves onto a page it gives it the next sequence
 * number, so "which page is oldest" is arithmetic on the tail's seq, not a
 * shared head pointer.
 *
 * Writers (this file) run only on their own CPU, with preemption off, and
 * may nest: task -> softirq -> hardirq -> NMI. A reservation is a
 * local_add_return() on the tail page's write offset; whoever's record
 * starts inside the page and ends past it pads the rest of the page, and
 * some writer then moves the tail to the next slot:
 *
 *          write offset after each local_add_return()
 *   page:  |rec|rec|rec|rec|rec|...|rec|pad...|            (4080 bytes)
 *                                      ^ straddler pads from here
 *
 * Moving the tail claims the next slot by cmpxchg'ing its word from "page"
 * to "page | TAIL". Readers take pages out of the ring by marking the same
 * word "page | TAKING", then cmpxchg'ing it to "their empty page"; a claim
 * clears the mark, so a slot is either claimed by the writer or taken by
 * the reader, never both (read.c). If the slot still holds
 * unread data (seq != 0), overwrite mode counts its entries as overrun;
 * producer-consumer mode drops the new event instead. Only one tail move
 * runs at a time per CPU (cb->moving); a nested writer that finds a move in
 * progress below it drops its event rather than wait.
 *
 * Commits become visible in reservation order: "committing" counts writers
 * in progress on this CPU, and only the outermost one publishes
 * data->commit on the pages from commit_page up to the tail. Pages are
 * linked in the order the writer used them (wnext), since the reader may
 * have swapped the ring slot a page came from.
 *
 * Time stamps: a record's time is its predecessor's plus time_delta. Each
 * writer remembers write_stamp, the time of the last record. A writer that
 * is nested, or that sees write_stamp marked DIRTY by a nested writer, does
 * not know its predecessor's time and writes an absolute TIME_STAMP record
 * first. A writer interrupted between reading the write offset and
 * reserving uses delta 0 (its predecessor's time), stamp or not. Deltas over 27 bits get
 * a TIME_EXTEND record. The first record on a page has delta 0 and sets the
 * page's time_stamp.
 */
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/preempt.h>
#include <linux/sched/clock.h>
#include <linux/string.h>

#include "include/lft_test_export.h"
#include "ringbuf/internal.h"

enum lft_rb_stamp { LFT_RB_NO_STAMP, LFT_RB_EXTEND, LFT_RB_ABSOLUTE };

/* Retpolines make indirect calls dear: call the default directly. */
static __always_inline u64 lft_rb_clock_read(struct lft_rb *rb)
{
	return likely(rb->clock_id == LFT_RB_CLOCK_LOCAL) ? sched_clock() :
	       rb->clock();
}

static void lft_rb_write_stamp(u32 *hdr, unsigned int type, u64 val)
{
	hdr[0] = type | (u32)((val & LFT_RB_TS_MASK) << 5);
	hdr[1] = (u32)(val >> LFT_RB_TS_SHIFT);
}

/* Fill [start, data size) of a page with one padding record. */
static void lft_rb_pad(struct lft_rb_cpu *cb, struct lft_rb_page *p,
		       unsigned long start)
{
	u32 *hdr = (u32 *)(p->data->data + start);
	unsigned long left = cb->data_size - start;

	if (left < 8) {
		hdr[0] = LFT_RB_TYPE_PADDING;	/* delta 0: rest unused */
		return;
	}
	hdr[0] = LFT_RB_TYPE_PADDING | (1 << 5);
	hdr[1] = left - 4;
}

/*
 * Move the tail off @p (which a reservation overflowed). Returns -EAGAIN
 * when the caller should retry its reservation on the (new) tail, or
 * -ENOSPC when the event was dropped and counted.
 */
static int lft_rb_move_tail(struct lft_rb_cpu *cb, struct lft_rb_page *p)
{
	struct lft_rb_page *q;
	unsigned long w;
	unsigned int x;

	if (local_cmpxchg(&cb->moving, 0, 1) != 0) {
		/* We interrupted a move in progress: it cannot finish first. */
		local_inc(&cb->dropped);
		return -ENOSPC;
	}
	if (READ_ONCE(cb->tail) != p) {
		/* A nested writer already moved it. */
		local_set(&cb->moving, 0);
		return -EAGAIN;
	}

	x = p->idx + 1 == cb->nr_pages ? 0 : p->idx + 1;
	for (;;) {
		w = READ_ONCE(cb->slots[x]);
		q = LFT_RB_SLOT_PAGE(w);
		if (q->seq && q->seq >= READ_ONCE(cb->commit_seq)) {
			/* Wrapped onto records still being committed. */
			local_inc(&cb->commit_overrun);
			local_set(&cb->moving, 0);
			return -ENOSPC;
		}
		if (q->seq && !READ_ONCE(cb->rb->overwrite)) {
			local_inc(&cb->dropped);
			local_set(&cb->moving, 0);
			return -ENOSPC;
		}
		/*
		 * Fails only if a reader swapped the page out meanwhile. A
		 * reader's mark (about to take it) is cleared: the writer
		 * never waits for a reader, and the reader then looks again.
		 */
		if (cmpxchg(&cb->slots[x], w,
			    (w & ~LFT_RB_SLOT_TAKING) | LFT_RB_SLOT_TAIL) == w)
			break;
	}

	if (q->seq) {
		local_add(local_read(&q->entries), &cb->overrun);
		local_add(local_read(&q->bytes), &cb->overrun_bytes);
	}
	local_set(&q->write, 0);
	local_set(&q->entries, 0);
	local_set(&q->bytes, 0);
	local_set(&q->data->commit, 0);
	q->idx = x;
	q->wnext = NULL;
	q->seq = ++cb->page_seq;
	p->wnext = q;
	/* Readers find q through tail: its fields must be visible first. */
	smp_wmb();
	WRITE_ONCE(cb->tail, q);
	/* Does nothing if the reader took p out of the ring. */
	lft_rb_slot_update(&cb->slots[p->idx], p, LFT_RB_SLOT_TAIL, NULL);
	cb->wake_pending = true;
	local_set(&cb->moving, 0);
	return -EAGAIN;
}

/* Publish data->commit up to the tail. Outermost writer only. */
static void lft_rb_advance_commit(struct lft_rb_cpu *cb)
{
	struct lft_rb_page *cp = cb->commit_page;
	struct lft_rb_page *t;
	unsigned long w;

	for (;;) {
		t = READ_ONCE(cb->tail);
		w = local_read(&cp->write);
		if (w > cb->data_size)
			w = cb->data_size;
		/* Records before commit must be visible before it is. */
		smp_wmb();
		local_set(&cp->data->commit, w);
		if (cp == t)
			break;
		/*
		 * cp was left behind by a tail move, so it is complete. Its
		 * final commit must be visible before commit_seq says so.
		 */
		cp = cp->wnext;
		/* Pairs with the reader's smp_rmb() after reading commit_seq. */
		smp_wmb();
		WRITE_ONCE(cb->commit_seq, cp->seq);
		WRITE_ONCE(cb->commit_page, cp);
	}
}

/*
 * End a writer's commit; true when it was the outermost (committing is 0
 * again: a writer that interrupted it has finished too).
 */
static __always_inline bool lft_rb_end_commit(struct lft_rb_cpu *cb)
{
	unsigned long commits;
	bool outer;

again:
	commits = local_read(&cb->commits);
	barrier();
	outer = local_read(&cb->committing) == 1;
	if (outer)
		lft_rb_advance_commit(cb);
	local_dec(&cb->committing);
	barrier();
	/* An interrupt reserved after our last look: publish it too. */
	if (unlikely(local_read(&cb->commits) != commits) &&
	    !local_read(&cb->committing)) {
		local_inc(&cb->committing);
		goto again;
	}
	return outer;
}

/*
 * A reader waiting for any record whose records are all on the page being
 * written is woken at the next tick (lazy irq_work; at once where the tick
 * is stopped), not at each record: a reader woken per record reads a page
 * of a few records each time, and at a few hundred thousand records a
 * second it never sleeps: the scheduler then treats it as busy, lets the
 * writer run a full slice (two ticks at times) before it, and the ring
 * overflows meanwhile. Woken once the writer has left the page it was on
 * when it looked (a page to hand over whole), or a tick later, it sleeps in
 * between and preempts the writer when woken. Out of line: a commit only
 * comes here when someone waits.
 */
static noinline void lft_rb_wake(struct lft_rb_cpu *cb)
{
	if (READ_ONCE(cb->waiters)) {
		if (cb->page_seq != READ_ONCE(cb->wait_seq)) {
			WRITE_ONCE(cb->waiters, false);
			irq_work_queue(&cb->work);
		} else if (!irq_work_is_pending(&cb->lazy_work)) {
			irq_work_queue(&cb->lazy_work);
		}
	}
	if (READ_ONCE(cb->full_percent) && cb->wake_pending) {
		cb->wake_pending = false;
		irq_work_queue(&cb->work);
	}
}

/*
 * The outermost writer's commit: wake readers that wait. Inline, the two
 * tests every commit makes (most buffers have no full waiter: its test
 * before wake_pending's).
 */
static __always_inline void lft_rb_maybe_wake(struct lft_rb_cpu *cb)
{
	if (unlikely(READ_ONCE(cb->waiters) ||
		     (READ_ONCE(cb->full_percent) && cb->wake_pending)))
		lft_rb_wake(cb);
}

/*
 * Both paths' end: the data record's header at @hdr (@size bytes with it,
 * @total with a stamp before it), the counts, and the reservation.
 * Returns where the payload goes.
 */
static __always_inline u32 *lft_rb_fill(struct lft_rb_cpu *cb,
					struct lft_rb_page *p, u32 *hdr,
					unsigned int size, unsigned int total,
					u64 delta, unsigned int len,
					struct lft_rb_res *res)
{
	/* As lft_rb_event_size() decided (the same test: made once). */
	if (likely(len <= LFT_RB_TYPE_DATA_MAX * 4)) {
		hdr[0] = ((size - 4) >> 2) | (u32)(delta << 5);
		hdr += 1;
	} else {
		hdr[0] = (u32)(delta << 5);
		hdr[1] = size - 4;
		hdr += 2;
	}
	local_inc(&p->entries);
	local_add(total, &p->bytes);
	local_inc(&cb->entries);
	local_add(total, &cb->bytes);
	res->cb = cb;
	res->page = p;
	res->len = len;
	res->data = hdr;
	return hdr;
}

/*
 * The general reservation, for every case: nested writers, absolute or
 * extended stamps, long headers, tail moves and their retries. The caller
 * has disabled preemption and counted itself in committing and commits.
 * @p (not NULL), @w0, @ws and @ts: what the fast path read, in this
 * path's order, for the first attempt: the clock is read once per attempt
 * (the "counter" clock counts reads).
 */
static noinline void *lft_rb_reserve_slow(struct lft_rb *rb,
					  struct lft_rb_cpu *cb,
					  unsigned int len,
					  struct lft_rb_res *res,
					  struct lft_rb_page *p,
					  unsigned long w0, u64 ws, u64 ts)
{
	unsigned long start, end;
	unsigned int size, total, tries = 0;
	enum lft_rb_stamp stamp;
	u64 delta = 0;
	bool nested;
	u32 *hdr;

	size = lft_rb_event_size(len);
	nested = local_read(&cb->committing) > 1;
	if (p)
		goto read;

again:
	p = READ_ONCE(cb->tail);
	w0 = local_read(&p->write);
	ws = local64_read(&cb->write_stamp);
	barrier();
	ts = lft_rb_clock_read(rb);
read:
	/*
	 * A clock gone back (an outermost writer's reading older than the
	 * last record's clean stamp) is taken as that stamp: the record, a
	 * page's time and write_stamp never go back.
	 */
	if (!nested && ts < ws && !(ws & LFT_RB_STAMP_DIRTY))
		ts = ws;

	if (test_bit(LFT_RB_GATE_ABS, &rb->gate) || nested ||
	    (ws & LFT_RB_STAMP_DIRTY)) {
		stamp = LFT_RB_ABSOLUTE;
	} else {
		delta = ts > ws ? ts - ws : 0;
		stamp = delta > LFT_RB_TS_MASK ? LFT_RB_EXTEND : LFT_RB_NO_STAMP;
	}
	total = size + (stamp != LFT_RB_NO_STAMP ? 8 : 0);

	end = local_add_return(total, &p->write);
	start = end - total;
	if (unlikely(end > cb->data_size)) {
		if (start < cb->data_size)
			lft_rb_pad(cb, p, start);
		if (lft_rb_move_tail(cb, p) == -EAGAIN) {
			if (++tries < 1000)
				goto again;
			local_inc(&cb->dropped);
		}
		lft_rb_end_commit(cb);
		preempt_enable_notrace();
		return NULL;
	}

	hdr = (u32 *)(p->data->data + start);
	if (start == 0) {
		/* First on the page: the page carries the time. */
		p->data->time_stamp = ts;
		delta = 0;
	} else if (start != w0) {
		/*
		 * Interrupted between reading the clock and reserving: the
		 * records before ours may be later than our clock reading
		 * (even an absolute stamp would go back). Take the
		 * predecessor's time: delta 0.
		 */
		delta = 0;
		ts = 0;
		if (stamp == LFT_RB_ABSOLUTE)
			stamp = LFT_RB_EXTEND;
	} else if (stamp == LFT_RB_ABSOLUTE) {
		delta = 0;
	}
	if (stamp != LFT_RB_NO_STAMP) {
		if (stamp == LFT_RB_ABSOLUTE && start)
			lft_rb_write_stamp(hdr, LFT_RB_TYPE_TIME_STAMP, ts);
		else
			lft_rb_write_stamp(hdr, LFT_RB_TYPE_TIME_EXTEND, delta);
		hdr += 2;
		delta = 0;
	}

	hdr = lft_rb_fill(cb, p, hdr, size, total, delta, len, res);
	if (nested)
		local64_set(&cb->write_stamp, LFT_RB_STAMP_DIRTY |
			    local_inc_return(&cb->dirty_gen));
	else if (ts)
		local64_cmpxchg(&cb->write_stamp, ws, ts);
	return hdr;
}

/*
 * The page's tail overflowed under the fast path's record: pad it and
 * move the tail as the general path would; true when the general path
 * should now try again on the new tail (else the event was dropped,
 * counted, and its commit ended).
 */
static noinline bool lft_rb_fast_overflow(struct lft_rb_cpu *cb,
					  struct lft_rb_page *p,
					  unsigned long start)
{
	if (start < cb->data_size)
		lft_rb_pad(cb, p, start);
	if (lft_rb_move_tail(cb, p) == -EAGAIN)
		return true;
	lft_rb_end_commit(cb);
	preempt_enable_notrace();
	return false;
}

/*
 * A payload past what the smallest page holds: the CPU's pages may hold
 * it (lft_rb_set_order()); their size is fixed while preemption is off
 * and the ring's writers are not paused. The general path writes it.
 */
static noinline void *lft_rb_reserve_big(struct lft_rb *rb, unsigned int len,
					 struct lft_rb_res *res)
{
	struct lft_rb_cpu *cb;

	if (!len)
		return NULL;
	preempt_disable_notrace();
	cb = lft_rb_this_cpu_buf(rb);
	if (test_bit(LFT_RB_GATE_OFF, &rb->gate) ||
	    atomic_read(&cb->record_disabled)) {
		local_inc(&cb->dropped);
		preempt_enable_notrace();
		return NULL;
	}
	if (len > cb->data_size - 16) {
		preempt_enable_notrace();
		return NULL;
	}
	local_inc(&cb->committing);
	local_inc(&cb->commits);
	return lft_rb_reserve_slow(rb, cb, len, res, NULL, 0, 0, 0);
}

/*
 * Both entry points: @clock and @now are a reading the caller made (a
 * clock id of LFT_RB_NR_CLOCKS: none), used if the buffer stamps with
 * that clock.
 */
static __always_inline void *lft_rb_reserve_common(struct lft_rb *rb,
						   unsigned int len,
						   struct lft_rb_res *res,
						   enum lft_rb_clock clock,
						   u64 now)
{
	unsigned long start, end, w0;
	struct lft_rb_cpu *cb;
	struct lft_rb_page *p;
	unsigned int size;
	u64 ts, ws, delta;
	bool given;	/* @now is a reading of this buffer's clock */
	u32 *hdr;

	if (unlikely(!len || len > LFT_RB_MAX_PAYLOAD))
		return lft_rb_reserve_big(rb, len, res);

	preempt_disable_notrace();
	cb = lft_rb_this_cpu_buf(rb);
	/* Recording off (buffer or CPU) or absolute stamps: one test. */
	if (unlikely(READ_ONCE(rb->gate) | atomic_read(&cb->record_disabled))) {
		if (test_bit(LFT_RB_GATE_OFF, &rb->gate) ||
		    atomic_read(&cb->record_disabled)) {
			local_inc(&cb->dropped);
			preempt_enable_notrace();
			return NULL;
		}
		local_inc(&cb->committing);
		local_inc(&cb->commits);
		return lft_rb_reserve_slow(rb, cb, len, res, NULL, 0, 0, 0);
	}
	local_inc(&cb->committing);
	local_inc(&cb->commits);
	if (unlikely(local_read(&cb->committing) > 1))
		return lft_rb_reserve_slow(rb, cb, len, res, NULL, 0, 0, 0);

	p = READ_ONCE(cb->tail);
	w0 = local_read(&p->write);
	barrier();
	/*
	 * The clock after w0 (a record that comes after the reading is
	 * after w0: start != w0 below), ws after the clock: one value fewer
	 * kept across the call (the general path reads ws first; a record
	 * between the reading and ws makes start != w0 there too). A
	 * caller's reading was made before w0: see below.
	 */
	given = clock != LFT_RB_NR_CLOCKS && rb->clock_id == clock;
	ts = given ? now : lft_rb_clock_read(rb);
	barrier();
	ws = local64_read(&cb->write_stamp);
	size = lft_rb_event_size(len);
	/*
	 * A dirty stamp has bit 63 set: ts < ws, as for a clock gone back;
	 * and ts < ws wraps delta far above the mask: one test for all.
	 */
	delta = ts - ws;
	if (unlikely(delta > LFT_RB_TS_MASK)) {
		/*
		 * The caller's reading, older than the last record's time or
		 * than what a nested writer may have written (a dirty stamp,
		 * but the reset's, before any record): the general path
		 * reads the clock again, after the tail, in its own order
		 * (an absolute stamp from the reading could go back).
		 */
		if (given && ts < ws && ws != LFT_RB_STAMP_DIRTY)
			return lft_rb_reserve_slow(rb, cb, len, res, NULL, 0, 0,
						   0);
		return lft_rb_reserve_slow(rb, cb, len, res, p, w0, ws, ts);
	}

	end = local_add_return(size, &p->write);
	start = end - size;
	if (unlikely(end > cb->data_size)) {
		if (lft_rb_fast_overflow(cb, p, start))
			return lft_rb_reserve_slow(rb, cb, len, res, NULL, 0, 0,
						   0);
		return NULL;
	}
	hdr = (u32 *)(p->data->data + start);
	if (unlikely(start == 0)) {
		/* First on the page: the page carries the time. */
		p->data->time_stamp = ts;
		delta = 0;
	} else if (unlikely(start != w0)) {
		/* Interrupted before reserving: the predecessor's time. */
		delta = 0;
		ts = 0;
	}
	hdr = lft_rb_fill(cb, p, hdr, size, size, delta, len, res);
	if (ts)
		local64_cmpxchg(&cb->write_stamp, ws, ts);
	return hdr;
}

/**
 * lft_rb_reserve() - reserve space for an event on this CPU
 * @rb: the buffer
 * @len: payload length in bytes, 1..lft_rb_max_payload()
 * @res: filled in for lft_rb_commit()
 *
 * Callable from any context, NMI included. Preemption stays disabled until
 * lft_rb_commit(), which must follow on the same CPU with no sleeping in
 * between. A failed reservation is counted (dropped, commit_overrun) except
 * for an invalid @len.
 *
 * The common case (an outermost writer, the time within a delta of the
 * last event's, room on the tail page) is one attempt with nothing kept
 * on the stack; anything else goes to the general path before anything
 * is reserved.
 *
 * Return: where to write the payload, or NULL.
 */
void *lft_rb_reserve(struct lft_rb *rb, unsigned int len,
		     struct lft_rb_res *res)
{
	return lft_rb_reserve_common(rb, len, res, LFT_RB_NR_CLOCKS, 0);
}
LFT_TEST_EXPORT(lft_rb_reserve);

/**
 * lft_rb_reserve_at() - lft_rb_reserve() with a clock reading at hand
 * @rb: the buffer
 * @len: payload length in bytes, 1..lft_rb_max_payload()
 * @res: filled in for lft_rb_commit()
 * @clock: the clock @now was read from
 * @now: read just before, on this CPU, with preemption off
 *
 * A writer that needs the time for itself too (a function call's start)
 * reads the clock once: the event is stamped @now if the buffer stamps
 * with @clock, else with a reading of its own clock.
 *
 * Return: as lft_rb_reserve().
 */
void *lft_rb_reserve_at(struct lft_rb *rb, unsigned int len,
			struct lft_rb_res *res, enum lft_rb_clock clock,
			u64 now)
{
	return lft_rb_reserve_common(rb, len, res, clock, now);
}
LFT_TEST_EXPORT(lft_rb_reserve_at);

/**
 * lft_rb_commit() - make a reserved event visible to readers
 * @res: what lft_rb_reserve() filled in
 *
 * Readers see events in reservation order, once every event reserved
 * before them on that CPU is committed too. Wakes waiting readers through
 * irq_work (never directly, so this is NMI-safe), at most once per wait:
 * at once when the writer has left the page it was on when the reader
 * looked, else at the next tick.
 */
void lft_rb_commit(struct lft_rb_res *res)
{
	/* Read once: the barriers in between would read res->cb again. */
	struct lft_rb_cpu *cb = res->cb;

	/* A nested writer leaves the wake-up to the one it interrupted. */
	if (lft_rb_end_commit(cb))
		lft_rb_maybe_wake(cb);
	preempt_enable_notrace();
}
LFT_TEST_EXPORT(lft_rb_commit);

/*
 * The words writers' ways off their fast path, out of line. Each holds
 * one level of preemption for the general reservation, whose failures
 * give it back, and keeps it when it returns a record (the caller then
 * gives it back after the commit). The caller of lft_rb_words_slow()
 * counted itself in committing and commits; @p is NULL or what the fast
 * path read, as for lft_rb_reserve_slow(). The general path's own
 * reservation is not needed: the commit takes the CPU's buffer only.
 */
static noinline u32 *lft_rb_words_slow(struct lft_rb *rb,
				       struct lft_rb_cpu *cb, unsigned int len,
				       struct lft_rb_page *p, unsigned long w0,
				       u64 ws, u64 ts)
{
	struct lft_rb_res res;

	preempt_disable_notrace();
	return lft_rb_reserve_slow(rb, cb, len, &res, p, w0, ws, ts);
}

/* Recording off or absolute stamps (the gate's bits, record_disabled). */
static noinline u32 *lft_rb_words_gated(struct lft_rb *rb,
					struct lft_rb_cpu *cb,
					unsigned int len)
{
	if (test_bit(LFT_RB_GATE_OFF, &rb->gate) ||
	    atomic_read(&cb->record_disabled)) {
		local_inc(&cb->dropped);
		return NULL;
	}
	local_inc(&cb->committing);
	local_inc(&cb->commits);
	return lft_rb_words_slow(rb, cb, len, NULL, 0, 0, 0);
}

/* A tail page overflowed: pad, move, and reserve again (or NULL). */
static noinline u32 *lft_rb_words_overflow(struct lft_rb *rb,
					   struct lft_rb_cpu *cb,
					   unsigned int len,
					   struct lft_rb_page *p,
					   unsigned long start)
{
	struct lft_rb_res res;

	preempt_disable_notrace();
	if (!lft_rb_fast_overflow(cb, p, start))
		return NULL;
	return lft_rb_reserve_slow(rb, cb, len, &res, NULL, 0, 0, 0);
}

/* A clock other than "local": the reservation's own fast path reads it. */
static noinline u32 *lft_rb_words_clocked(struct lft_rb *rb,
					  unsigned int len)
{
	struct lft_rb_res res;

	return lft_rb_reserve_common(rb, len, &res, LFT_RB_NR_CLOCKS, 0);
}

/* The words into a reserved record at @hdr, then its commit. */
static __always_inline void lft_rb_words_put(struct lft_rb_cpu *cb,
					     u32 *hdr, unsigned int n, u64 a,
					     u64 b, u64 c, u64 d)
{
	/* 4-byte aligned (after the 4-byte header): plain moves on x86. */
	memcpy(hdr, &a, 8);
	memcpy(hdr + 2, &b, 8);
	memcpy(hdr + 4, &c, 8);
	if (n > 3)
		memcpy(hdr + 6, &d, 8);
	if (lft_rb_end_commit(cb))
		lft_rb_maybe_wake(cb);
}

/*
 * A payload of @n (3 or 4) 64-bit words, given in registers, with
 * preemption off: the reservation's fast path, the words and the commit
 * in one call, the sizes known when compiled. The clock ("local": a
 * direct call) is read first, as a caller's reading for
 * lft_rb_reserve_at() is: fewer values kept across the call. Every
 * other case goes to the general path before anything is reserved.
 */
static __always_inline int lft_rb_write_words(struct lft_rb *rb,
					      unsigned int n, u64 a, u64 b,
					      u64 c, u64 d)
{
	const unsigned int len = n * sizeof(u64);
	const unsigned int size = lft_rb_event_size(len);
	unsigned long start, end, w0;
	struct lft_rb_cpu *cb;
	struct lft_rb_page *p;
	u64 ts, ws, delta;
	u32 *hdr;

	BUILD_BUG_ON(n * sizeof(u64) > LFT_RB_TYPE_DATA_MAX * 4);
	lockdep_assert_preemption_disabled();
	if (unlikely(rb->clock_id != LFT_RB_CLOCK_LOCAL)) {
		hdr = lft_rb_words_clocked(rb, len);
		goto slow;
	}
	ts = sched_clock();
	barrier();
	cb = lft_rb_this_cpu_buf(rb);
	if (unlikely(READ_ONCE(rb->gate) | atomic_read(&cb->record_disabled))) {
		hdr = lft_rb_words_gated(rb, cb, len);
		goto slow;
	}
	local_inc(&cb->committing);
	local_inc(&cb->commits);
	if (unlikely(local_read(&cb->committing) > 1)) {
		hdr = lft_rb_words_slow(rb, cb, len, NULL, 0, 0, 0);
		goto slow;
	}
	p = READ_ONCE(cb->tail);
	w0 = local_read(&p->write);
	barrier();
	ws = local64_read(&cb->write_stamp);
	delta = ts - ws;
	if (unlikely(delta > LFT_RB_TS_MASK)) {
		/* As lft_rb_reserve_common() for a reading made before w0. */
		if (ts < ws && ws != LFT_RB_STAMP_DIRTY)
			hdr = lft_rb_words_slow(rb, cb, len, NULL, 0, 0, 0);
		else
			hdr = lft_rb_words_slow(rb, cb, len, p, w0, ws, ts);
		goto slow;
	}
	end = local_add_return(size, &p->write);
	start = end - size;
	if (unlikely(end > cb->data_size)) {
		hdr = lft_rb_words_overflow(rb, cb, len, p, start);
		goto slow;
	}
	hdr = (u32 *)(p->data->data + start);
	if (unlikely(start == 0)) {
		/* First on the page: the page carries the time. */
		p->data->time_stamp = ts;
		delta = 0;
		local64_cmpxchg(&cb->write_stamp, ws, ts);
	} else if (unlikely(start != w0)) {
		/* Interrupted before reserving: the predecessor's time. */
		delta = 0;
	} else {
		local64_cmpxchg(&cb->write_stamp, ws, ts);
	}
	hdr[0] = ((size - 4) >> 2) | (u32)(delta << 5);
	local_inc(&p->entries);
	local_add(size, &p->bytes);
	local_inc(&cb->entries);
	local_add(size, &cb->bytes);
	lft_rb_words_put(cb, hdr + 1, n, a, b, c, d);
	return 0;
slow:
	/* NULL: dropped and counted, the commit ended. */
	if (unlikely(!hdr))
		return -EBUSY;
	/*
	 * The ring reserved in: a swap (lft_rb_swap_cpu()) cannot come
	 * between a writer's reservation and its commit.
	 */
	lft_rb_words_put(lft_rb_this_cpu_buf(rb), hdr, n, a, b, c, d);
	preempt_enable_notrace();
	return 0;
}

/**
 * lft_rb_write3() - write a payload of three 64-bit words on this CPU
 * @rb: the buffer
 * @a: the payload's first word
 * @b: its second
 * @c: its third
 *
 * lft_rb_reserve(), the copy and lft_rb_commit() in one call, for
 * writers of small fixed-size records (the payload's words in
 * registers, no reservation kept): the same contract, any context, but
 * the caller keeps preemption off (a hook that has it off already saves
 * the reservation's own level).
 *
 * Return: 0, or -EBUSY when the event was dropped (and counted).
 */
int lft_rb_write3(struct lft_rb *rb, u64 a, u64 b, u64 c)
{
	return lft_rb_write_words(rb, 3, a, b, c, 0);
}
LFT_TEST_EXPORT(lft_rb_write3);

/**
 * lft_rb_write4() - write a payload of four 64-bit words on this CPU
 * @rb: the buffer
 * @a: the payload's first word
 * @b: its second
 * @c: its third
 * @d: its fourth
 *
 * As lft_rb_write3(), preemption off.
 *
 * Return: 0, or -EBUSY when the event was dropped (and counted).
 */
int lft_rb_write4(struct lft_rb *rb, u64 a, u64 b, u64 c, u64 d)
{
	return lft_rb_write_words(rb, 4, a, b, c, d);
}
LFT_TEST_EXPORT(lft_rb_write4);

/**
 * lft_rb_discard() - drop a reserved event instead of committing it
 * @res: what lft_rb_reserve() filled in
 *
 * The event becomes padding that readers skip (its time delta kept, so
 * the events after it keep their times) and leaves the counts; then it is
 * committed as lft_rb_commit() would.
 */
void lft_rb_discard(struct lft_rb_res *res)
{
	unsigned int size = lft_rb_event_size(res->len);
	u32 *hdr = (u32 *)res->data - (size - 4 <= LFT_RB_TYPE_DATA_MAX * 4 ?
				       1 : 2);
	u32 delta = hdr[0] >> 5;

	/* A zero delta would read as "the rest of the page is empty". */
	hdr[0] = LFT_RB_TYPE_PADDING | (delta ? delta : 1) << 5;
	hdr[1] = size - 4;
	local_dec(&res->page->entries);
	local_sub(size, &res->page->bytes);
	local_dec(&res->cb->entries);
	local_sub(size, &res->cb->bytes);
	lft_rb_commit(res);
}
LFT_TEST_EXPORT(lft_rb_discard);

/**
 * lft_rb_write() - copy a payload into the buffer of this CPU
 * @rb: the buffer
 * @data: payload
 * @len: its length, 1..lft_rb_max_payload()
 *
 * Return: 0, -EINVAL for a bad @len, -EBUSY when the event was dropped.
 */
int lft_rb_write(struct lft_rb *rb, const void *data, unsigned int len)
{
	struct lft_rb_res res;
	void *p;

	if (!len || len > lft_rb_max_payload(rb))
		return -EINVAL;
	p = lft_rb_reserve(rb, len, &res);
	if (!p)
		return -EBUSY;
	memcpy(p, data, len);
	lft_rb_commit(&res);
	return 0;
}
LFT_TEST_EXPORT(lft_rb_write);
