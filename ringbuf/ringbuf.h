/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lft_rb: lftrace's lockless per-CPU ring buffer.
 *
 * A library that knows nothing of tracing: it stores opaque payloads with a
 * timestamp, one buffer per CPU, in the kernel's ring-buffer data-page format
 * (so that whole pages can be handed to tools that read trace_pipe_raw).
 * Writers run on their own CPU, from any context including NMI, and never
 * wait for anything. Readers take a per-CPU lock among themselves only.
 * The design, with diagrams, is at the top of ringbuf/write.c.
 */
#ifndef LFT_RINGBUF_H
#define LFT_RINGBUF_H

#include <linux/cpumask.h>
#include <linux/poll.h>
#include <linux/types.h>

/*
 * Data page (a sub-buffer): u64 time_stamp; local_t commit; then the
 * events. A buffer's pages are 2^order system pages (lft_rb_set_order(),
 * order 0..LFT_RB_MAX_ORDER); these sizes are order 0's, the smallest,
 * which every buffer holds.
 */
#define LFT_RB_PAGE_HDR		16
#define LFT_RB_DATA_SIZE	(PAGE_SIZE - LFT_RB_PAGE_HDR)
/* Largest payload: leaves room for the long header and one time stamp. */
#define LFT_RB_MAX_PAYLOAD	(LFT_RB_DATA_SIZE - 16)
#define LFT_RB_MAX_ORDER	7

/* Event types (the 5-bit type_len of the 32-bit event header). */
#define LFT_RB_TYPE_DATA_MAX	28
#define LFT_RB_TYPE_PADDING	29
#define LFT_RB_TYPE_TIME_EXTEND	30
#define LFT_RB_TYPE_TIME_STAMP	31
#define LFT_RB_TS_SHIFT		27
#define LFT_RB_TS_MASK		((1ULL << LFT_RB_TS_SHIFT) - 1)

/* Flags OR-ed into a read page's commit word when events were lost. */
#define LFT_RB_MISSED_EVENTS	(1UL << 31)
#define LFT_RB_MISSED_STORED	(1UL << 30)
#define LFT_RB_COMMIT_MASK	(LFT_RB_MISSED_STORED - 1)

#define LFT_RB_ALL_CPUS		(-1)

enum lft_rb_clock {
	LFT_RB_CLOCK_LOCAL,
	LFT_RB_CLOCK_GLOBAL,
	LFT_RB_CLOCK_COUNTER,
	LFT_RB_CLOCK_UPTIME,
	LFT_RB_CLOCK_PERF,
	LFT_RB_CLOCK_MONO,
	LFT_RB_CLOCK_MONO_RAW,
	LFT_RB_CLOCK_BOOT,
	LFT_RB_CLOCK_TAI,
	LFT_RB_CLOCK_X86_TSC,
	LFT_RB_NR_CLOCKS,
};

/*
 * A reservation disables preemption once (one level of preempt_count())
 * until its commit or discard: a writer that shows the preemption depth
 * of the code it records can take it after reserving.
 */
#define LFT_RB_RESERVE_PREEMPT	1

struct lft_rb;
struct lft_rb_cpu;
struct lft_rb_page;

/**
 * struct lft_rb_res - a reservation, between lft_rb_reserve() and commit
 * @cb: the per-CPU buffer written to
 * @page: the page holding the event
 * @data: where the caller writes its payload
 * @len: the payload's length as reserved
 */
struct lft_rb_res {
	struct lft_rb_cpu *cb;
	struct lft_rb_page *page;
	void *data;
	unsigned int len;
};

/**
 * struct lft_rb_entry - what a reader learns about one event
 * @ts: its time stamp, in the buffer's clock units
 * @len: payload length in bytes (a multiple of 4; may exceed what was written)
 * @cpu: the CPU whose buffer held it
 * @lost: events lost (overwritten) on that CPU just before this one; the
 *	iterator cannot count them and says LFT_RB_LOST_UNKNOWN when events
 *	were overwritten under it during the walk (those gone before it
 *	started are not lost to it: it starts at the oldest event kept)
 */
#define LFT_RB_LOST_UNKNOWN	ULONG_MAX

struct lft_rb_entry {
	u64 ts;
	unsigned int len;
	int cpu;
	unsigned long lost;
};

/**
 * struct lft_rb_stats - per-CPU counters (per_cpu/cpuN/stats)
 * @entries: events now in the buffer, unread
 * @overrun: events lost because the writer overwrote them
 * @commit_overrun: events dropped because the writer wrapped onto a page
 *	still being committed (interrupt storms)
 * @bytes: payload bytes of the unread events
 * @oldest_ts: time stamp of the oldest unread event (0 if none)
 * @now_ts: the buffer's clock now
 * @dropped: events refused: buffer full without overwrite, recording off,
 *	or a nested writer hitting a page move in progress
 * @read: events consumed by readers
 * @written: every write attempt: the sum of entries, overrun,
 *	commit_overrun, dropped and read
 */
struct lft_rb_stats {
	unsigned long entries;
	unsigned long overrun;
	unsigned long commit_overrun;
	unsigned long bytes;
	u64 oldest_ts;
	u64 now_ts;
	unsigned long dropped;
	unsigned long read;
	unsigned long written;
};

struct lft_rb *lft_rb_alloc(unsigned long size, bool overwrite);
void lft_rb_free(struct lft_rb *rb);
int lft_rb_resize(struct lft_rb *rb, unsigned long size, int cpu);
unsigned long lft_rb_size(struct lft_rb *rb, int cpu);
int lft_rb_set_order(struct lft_rb *rb, unsigned int order);
unsigned int lft_rb_order(struct lft_rb *rb);
unsigned int lft_rb_max_payload(struct lft_rb *rb);
void lft_rb_reset_cpu(struct lft_rb *rb, int cpu);
void lft_rb_reset(struct lft_rb *rb);

void lft_rb_record_on(struct lft_rb *rb);
void lft_rb_record_off(struct lft_rb *rb);
void lft_rb_set_overwrite(struct lft_rb *rb, bool overwrite);
void lft_rb_set_abs_ts(struct lft_rb *rb, bool abs);

int lft_rb_set_clock(struct lft_rb *rb, enum lft_rb_clock clock);
enum lft_rb_clock lft_rb_get_clock(struct lft_rb *rb);
const char *lft_rb_clock_name(enum lft_rb_clock clock);
int lft_rb_clock_parse(const char *name);
u64 lft_rb_now(struct lft_rb *rb);

void *lft_rb_reserve(struct lft_rb *rb, unsigned int len,
		     struct lft_rb_res *res);
void *lft_rb_reserve_at(struct lft_rb *rb, unsigned int len,
			struct lft_rb_res *res, enum lft_rb_clock clock,
			u64 now);
void lft_rb_commit(struct lft_rb_res *res);
void lft_rb_discard(struct lft_rb_res *res);
int lft_rb_write(struct lft_rb *rb, const void *data, unsigned int len);
int lft_rb_write3(struct lft_rb *rb, u64 a, u64 b, u64 c);
int lft_rb_write4(struct lft_rb *rb, u64 a, u64 b, u64 c, u64 d);

int lft_rb_peek(struct lft_rb *rb, int cpu, struct lft_rb_entry *e);
int lft_rb_peek_data(struct lft_rb *rb, int cpu, void *buf, size_t size,
		     struct lft_rb_entry *e);
u64 lft_rb_oldest_ts(struct lft_rb *rb, int cpu);
int lft_rb_consume(struct lft_rb *rb, int cpu, void *buf, size_t size,
		   struct lft_rb_entry *e);
int lft_rb_consume_merged(struct lft_rb *rb, const struct cpumask *cpus,
			  void *buf, size_t size, struct lft_rb_entry *e);
bool lft_rb_empty_cpu(struct lft_rb *rb, int cpu);
bool lft_rb_empty(struct lft_rb *rb);

void *lft_rb_alloc_read_page(struct lft_rb *rb);
void lft_rb_free_read_page(void *page);
int lft_rb_read_page(struct lft_rb *rb, int cpu, void **page);
int lft_rb_read_full_page(struct lft_rb *rb, int cpu, void **page);

struct lft_rb_iter;
struct lft_rb_iter *lft_rb_iter_start(struct lft_rb *rb, int cpu, gfp_t gfp);
int lft_rb_iter_next(struct lft_rb_iter *it, void *buf, size_t size,
		     struct lft_rb_entry *e);
void lft_rb_iter_finish(struct lft_rb_iter *it);

void lft_rb_stats(struct lft_rb *rb, int cpu, struct lft_rb_stats *s);

int lft_rb_swap_cpu(struct lft_rb *a, struct lft_rb *b, int cpu);

int lft_rb_wait(struct lft_rb *rb, int cpu, int percent);
__poll_t lft_rb_poll(struct lft_rb *rb, int cpu, struct file *filp,
		     poll_table *pt, int percent);
void lft_rb_wake_all(struct lft_rb *rb);
void lft_rb_wake_all_deferred(struct lft_rb *rb);

#endif /* LFT_RINGBUF_H */
