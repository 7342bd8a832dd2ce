/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lft_rb internals shared by the files of ringbuf/. See ringbuf/write.c for
 * the design.
 */
#ifndef LFT_RINGBUF_INTERNAL_H
#define LFT_RINGBUF_INTERNAL_H

#include <linux/irq_work.h>
#include <linux/percpu.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <asm/local.h>
#include <asm/local64.h>

#include "ringbuf/ringbuf.h"

/* The kernel's page ABI: this is what trace_pipe_raw hands out. */
struct lft_rb_data {
	u64 time_stamp;
	local_t commit;
	unsigned char data[];
};

/*
 * A ring slot holds a page pointer, OR-ed with LFT_RB_SLOT_TAIL while the
 * writer has claimed the page as (or is making it) its tail page, and with
 * LFT_RB_SLOT_TAKING while a reader (holding the reader lock) has checked
 * the page and is about to swap it out. Pages are at least 8-byte aligned.
 */
#define LFT_RB_SLOT_TAIL	1UL
#define LFT_RB_SLOT_TAKING	2UL
#define LFT_RB_SLOT_FLAGS	(LFT_RB_SLOT_TAIL | LFT_RB_SLOT_TAKING)
#define LFT_RB_SLOT_PAGE(w)	((struct lft_rb_page *)((w) & ~LFT_RB_SLOT_FLAGS))

/*
 * While @slot holds @p with @flag set, replace its word: by @with, or when
 * @with is NULL by the word without @flag (keeping the other side's flag:
 * the writer and a reader each change only their own). False when the slot
 * stopped holding @p with @flag first.
 */
static inline bool lft_rb_slot_update(unsigned long *slot,
				      struct lft_rb_page *p,
				      unsigned long flag,
				      struct lft_rb_page *with)
{
	unsigned long w = READ_ONCE(*slot), old;

	while (LFT_RB_SLOT_PAGE(w) == p && (w & flag)) {
		old = cmpxchg(slot, w, with ? (unsigned long)with : w & ~flag);
		if (old == w)
			return true;
		w = old;
	}
	return false;
}

/* write_stamp values with this bit set mean "unknown: use a full stamp". */
#define LFT_RB_STAMP_DIRTY	(1ULL << 63)

struct lft_rb_page {
	local_t write;			/* reservation offset; > DATA_SIZE when full */
	local_t entries;		/* data events reserved on this page */
	local_t bytes;			/* their total length, headers included */
	u64 seq;			/* fill order on this CPU; 0 = empty */
	struct lft_rb_page *wnext;	/* the page the writer moved to next */
	unsigned int idx;		/* ring slot it was last placed in */
	struct lft_rb_data *data;
};

struct lft_rb_cpu {
	struct lft_rb *rb;
	int cpu;
	unsigned int nr_pages;
	unsigned int data_size;		/* of its pages: changed while quiesced */
	unsigned int order;
	unsigned long *slots;		/* nr_pages slots forming the ring */

	/* Writer side: changed only from this CPU (any context). */
	struct lft_rb_page *tail;
	struct lft_rb_page *commit_page;
	u64 commit_seq;			/* seq of commit_page, for readers */
	u64 page_seq;			/* last seq given to a page */
	local_t committing;		/* writers in progress (nesting depth) */
	local_t commits;		/* reservations started, ever */
	local_t moving;			/* a tail move is in progress */
	local64_t write_stamp;		/* time of the last event, or DIRTY */
	local_t dirty_gen;
	local_t entries;		/* events reserved */
	local_t bytes;			/* their bytes */
	local_t overrun;
	local_t overrun_bytes;
	local_t commit_overrun;
	local_t dropped;
	atomic_t record_disabled;
	bool wake_pending;		/* a page filled since the last wake-up */

	/* Reader side: under reader_lock. */
	raw_spinlock_t reader_lock;
	struct lft_rb_page *reader;	/* page being read, outside the ring */
	unsigned int rpos;		/* read offset in it */
	u64 rts;			/* time of the last event read from it */
	u64 reader_seq;			/* seq of the next ring page to read */
	unsigned long read;		/* events consumed */
	unsigned long read_bytes;
	unsigned long overrun_seen;	/* overrun already reported as lost */
	unsigned long lost;		/* lost events to report with the next */
	atomic_t iters;			/* iterators on it: no resize meanwhile */

	/* Wake-ups: waiters set these; the writer queues irq_work. */
	bool waiters;
	u64 wait_seq;			/* page_seq when the waiter last looked */
	int full_percent;		/* 0: no full waiter */
	struct irq_work work;
	struct irq_work lazy_work;	/* the same wake-up, at the next tick */
};

/* lft_rb.gate: recording off (lft_rb_record_off()), absolute stamps. */
#define LFT_RB_GATE_OFF		0
#define LFT_RB_GATE_ABS		1

struct lft_rb {
	/* Per CPU: a writer finds its own in one %gs-relative load. */
	struct lft_rb_cpu * __percpu *cpus;
	bool overwrite;
	enum lft_rb_clock clock_id;
	u64 (*clock)(void);
	/*
	 * LFT_RB_GATE_* bits. Any set sends a writer off the fast path:
	 * one test there covers both (with the CPU's record_disabled).
	 */
	unsigned long gate;
	struct mutex resize_lock;
	wait_queue_head_t waitq;
	atomic_t wake_gen;		/* bumped by lft_rb_wake_all() */
	unsigned int order;		/* its pages' (lft_rb_set_order()) */
};

/* The data bytes of a page of 2^@order system pages. */
static inline unsigned int lft_rb_order_data(unsigned int order)
{
	return (PAGE_SIZE << order) - LFT_RB_PAGE_HDR;
}

/*
 * Bytes a data record with a payload of @len (1..LFT_RB_MAX_PAYLOAD)
 * occupies: header plus payload rounded up to 4 bytes; like the kernel, a
 * 12-byte record grows to 16 so that any record could later become a time
 * extend (8 bytes) plus a minimal padding record (8 bytes).
 */
static inline unsigned int lft_rb_event_size(unsigned int len)
{
	unsigned int size;

	if (likely(len <= LFT_RB_TYPE_DATA_MAX * 4))
		size = 4 + ALIGN(len, 4);
	else
		size = 8 + ALIGN(len, 4);
	return size == 12 ? 16 : size;
}

/*
 * The bytes the data record at @w occupies (type_len 0..28), with its
 * payload length in *len; 0 when it is not a data record or does not fit
 * in the @avail bytes left of the page's committed data (a corrupt page).
 * Inline: both lft_rb_decode() and the reader's fast path use it. The
 * sums are in 64 bits, so that a corrupt length cannot wrap around.
 */
static __always_inline unsigned int lft_rb_data_size(const u32 *w,
						     unsigned long avail,
						     unsigned int *len)
{
	unsigned int type = w[0] & 31;
	unsigned long hdr = 4, n = type * 4;

	if (type > LFT_RB_TYPE_DATA_MAX)
		return 0;
	if (!type) {
		/* the length is in the next word, payload + 4 */
		if (avail < 8 || w[1] < 4 || (w[1] & 3))
			return 0;
		n = w[1] - 4;
		hdr = 8;
	}
	if (hdr + n > avail)
		return 0;
	*len = n;
	return hdr + n;
}

/* event.c: decoding of records in a data page */
struct lft_rb_decoded {
	unsigned int type;		/* type_len */
	unsigned int size;		/* bytes this record occupies */
	u32 delta;			/* header time_delta */
	u64 stamp;			/* extend delta or absolute stamp */
	void *payload;			/* data records only */
	unsigned int len;		/* payload length */
};
int lft_rb_decode(const unsigned char *p, unsigned int avail,
		  struct lft_rb_decoded *d);
u64 lft_rb_apply_time(u64 now, const struct lft_rb_decoded *d);

/* clock.c */
u64 (*lft_rb_clock_fn(enum lft_rb_clock clock))(void);

/* read.c, used by alloc.c and iter.c */
int lft_rb_locate(struct lft_rb_cpu *cb, u64 *want, unsigned int *slot);
void lft_rb_reader_init(struct lft_rb_cpu *cb);
void lft_rb_irq_work(struct irq_work *work);
void lft_rb_irq_work_lazy(struct irq_work *work);

/* alloc.c */
struct lft_rb_page *lft_rb_page_alloc(int cpu, unsigned int order);
void *lft_rb_data_alloc(int node, unsigned int order);
void lft_rb_data_free(void *data);
void lft_rb_page_free(struct lft_rb_page *p);
void lft_rb_page_reset(struct lft_rb_page *p, unsigned int idx);

static inline struct lft_rb_cpu *lft_rb_cpu_buf(struct lft_rb *rb, int cpu)
{
	return READ_ONCE(*per_cpu_ptr(rb->cpus, cpu));
}

/* This CPU's (preemption off). A swap changes it with writers quiet. */
static __always_inline struct lft_rb_cpu *lft_rb_this_cpu_buf(struct lft_rb *rb)
{
	return this_cpu_read(*rb->cpus);
}

#endif /* LFT_RINGBUF_INTERNAL_H */
