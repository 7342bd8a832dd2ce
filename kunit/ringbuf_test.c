// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lftrace's ring buffer (ringbuf/).
 *
 * Pages are checked with a decoder written here from the page ABI, not with
 * the library's own, so that a shared misunderstanding cannot pass.
 */
#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "ringbuf/internal.h"

/* ------------------------------------------------------------ helpers */

struct rec {
	unsigned int type;
	unsigned int off;	/* offset in the data area */
	unsigned int len;	/* payload bytes (data records) */
	const u8 *payload;
	u64 ts;			/* running time after the record */
};

/* Decode a data page by the ABI; returns the number of records or -1. */
static int page_decode(const void *page, struct rec *out, int max)
{
	const u8 *data = (const u8 *)page + 16;
	unsigned long commit = *(const unsigned long *)((const u8 *)page + 8);
	u64 ts = *(const u64 *)page;
	unsigned int off = 0, size;
	int n = 0;

	commit &= LFT_RB_COMMIT_MASK;
	if (commit > PAGE_SIZE - 16)
		return -1;
	while (off < commit && n < max) {
		u32 h = *(const u32 *)(data + off);
		u32 a0 = off + 8 <= commit ? *(const u32 *)(data + off + 4) : 0;
		unsigned int type = h & 31, delta = h >> 5;
		struct rec *r = &out[n];

		r->type = type;
		r->off = off;
		r->len = 0;
		r->payload = NULL;
		if (type == 29) {
			if (!delta)
				break;
			size = a0 + 4;
		} else if (type == 30) {
			size = 8;
			ts += ((u64)a0 << 27) + delta;
		} else if (type == 31) {
			size = 8;
			ts = ((u64)a0 << 27) | delta;
		} else if (type == 0) {
			r->len = a0 - 4;
			r->payload = data + off + 8;
			size = 8 + r->len;
			ts += delta;
		} else {
			r->len = type * 4;
			r->payload = data + off + 4;
			size = 4 + r->len;
			ts += delta;
		}
		if (size < 4 || off + size > commit)
			return -1;
		r->ts = ts;
		off += size;
		n++;
	}
	return n;
}

/* The record size the kernel's rules give a payload of @len bytes. */
static unsigned int want_record(unsigned int len, unsigned int *type_len)
{
	unsigned int data = ALIGN(len, 4), rec;

	if (len <= 112) {
		rec = 4 + data;
		if (rec == 12)
			rec = 16;
		*type_len = (rec - 4) / 4;
	} else {
		rec = 8 + data;
		*type_len = 0;
	}
	return rec;
}

static void fill(u8 *p, unsigned int len, unsigned int seed)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		p[i] = (u8)(seed * 131 + i * 7 + 1);
}

static int pin_to(int cpu)
{
	return set_cpus_allowed_ptr(current, cpumask_of(cpu));
}

static struct lft_rb *rb_new(struct kunit *test, unsigned int pages,
			     bool overwrite)
{
	struct lft_rb *rb = lft_rb_alloc(pages * LFT_RB_DATA_SIZE, overwrite);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, rb);
	return rb;
}

/*
 * Drain one CPU, checking the u32 sequence numbers payloads start with:
 * each follows the last plus the events reported lost (exactly, unless
 * events may also have been dropped: then at least).
 */
static unsigned long drain_seq(struct kunit *test, struct lft_rb *rb, int cpu,
			       u32 *last, bool *seen, bool exact)
{
	struct lft_rb_entry e;
	unsigned long n = 0;
	u32 v;

	while (lft_rb_consume(rb, cpu, &v, sizeof(v), &e) >= 0) {
		if (*seen && exact)
			KUNIT_EXPECT_EQ(test, (u64)v, (u64)*last + 1 + e.lost);
		else if (*seen)
			KUNIT_EXPECT_GE(test, (u64)v, (u64)*last + 1 + e.lost);
		*seen = true;
		*last = v;
		n++;
	}
	return n;
}

static unsigned long drain(struct kunit *test, struct lft_rb *rb, int cpu,
			   u32 *last, bool *seen)
{
	return drain_seq(test, rb, cpu, last, seen, true);
}

/* written == read + overrun + dropped + commit_overrun + in buffer */
static void expect_accounting(struct kunit *test, struct lft_rb *rb, int cpu,
			      unsigned long attempts, unsigned long consumed)
{
	struct lft_rb_stats s;

	lft_rb_stats(rb, cpu, &s);
	KUNIT_EXPECT_EQ(test, s.written, attempts);
	KUNIT_EXPECT_EQ(test, s.read, consumed);
	KUNIT_EXPECT_EQ(test, attempts, s.read + s.overrun + s.dropped +
			s.commit_overrun + s.entries);
	KUNIT_EXPECT_EQ(test, s.entries, 0UL);
	KUNIT_EXPECT_EQ(test, s.bytes, 0UL);
}

/* ------------------------------------------------------------ tests */

/* Every payload size round-trips bit-exactly in the kernel's page format. */
static void rb_format_roundtrip(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, false);
	u8 *src = kunit_kzalloc(test, LFT_RB_MAX_PAYLOAD + 8, GFP_KERNEL);
	u8 *dst = kunit_kzalloc(test, LFT_RB_MAX_PAYLOAD + 8, GFP_KERNEL);
	struct rec *recs = kunit_kcalloc(test, 8, sizeof(*recs), GFP_KERNEL);
	void *page = lft_rb_alloc_read_page(rb);
	unsigned int len, tl, rec, i;
	struct lft_rb_entry e;
	int cpu, n, data;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();

	KUNIT_EXPECT_EQ(test, lft_rb_write(rb, src, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, lft_rb_write(rb, src, LFT_RB_MAX_PAYLOAD + 1),
			-EINVAL);

	for (len = 1; len <= LFT_RB_MAX_PAYLOAD; len++) {
		fill(src, len, len);
		if (lft_rb_write(rb, src, len)) {
			KUNIT_FAIL(test, "write of %u bytes failed", len);
			break;
		}
		n = lft_rb_read_page(rb, cpu, &page);
		KUNIT_ASSERT_GT_MSG(test, n, 0, "len %u", len);
		n = page_decode(page, recs, 8);
		KUNIT_ASSERT_GT_MSG(test, n, 0, "len %u: bad page", len);
		rec = want_record(len, &tl);
		for (i = 0, data = -1; i < n; i++) {
			if (recs[i].type <= 28) {
				KUNIT_EXPECT_EQ_MSG(test, data, -1, "len %u", len);
				data = i;
			} else {
				KUNIT_EXPECT_TRUE(test, recs[i].type == 30 ||
						  recs[i].type == 31);
			}
		}
		KUNIT_ASSERT_GE_MSG(test, data, 0, "len %u: no data", len);
		KUNIT_EXPECT_EQ_MSG(test, recs[data].type, tl, "len %u", len);
		KUNIT_EXPECT_EQ_MSG(test, recs[data].len + (tl ? 4 : 8), rec,
				    "len %u", len);
		KUNIT_EXPECT_EQ_MSG(test, recs[data].off + rec,
				    (unsigned int)(*(unsigned long *)(page + 8)),
				    "len %u", len);
		KUNIT_EXPECT_EQ_MSG(test, memcmp(recs[data].payload, src, len),
				    0, "len %u: payload differs", len);
		/* Same event through the consuming reader. */
		fill(src, len, len + 1);
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, src, len), 0);
		KUNIT_ASSERT_GE(test, lft_rb_consume(rb, cpu, dst, len, &e), 0);
		KUNIT_EXPECT_EQ(test, e.len, rec - (tl ? 4 : 8));
		KUNIT_EXPECT_EQ_MSG(test, memcmp(dst, src, len), 0, "len %u",
				    len);
	}
	expect_accounting(test, rb, cpu, 2UL * LFT_RB_MAX_PAYLOAD + 0,
			  2UL * LFT_RB_MAX_PAYLOAD);
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

/* Gaps over 2^27 ns get a time extend; absolute mode stamps every event. */
static void rb_time_stamps(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, false);
	struct rec *recs = kunit_kcalloc(test, 16, sizeof(*recs), GFP_KERNEL);
	void *page = lft_rb_alloc_read_page(rb);
	u64 t0, t1, got[3];
	int cpu, n, i, k, ext = 0, abs = 0;
	u32 v = 0;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();

	t0 = lft_rb_now(rb);
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
	/*
	 * A gap the 27-bit delta cannot hold, on the buffer's clock: under a
	 * loaded host a sleep's jiffies need not be as long on that clock.
	 */
	t1 = lft_rb_now(rb);
	do {
		msleep(200);
	} while (lft_rb_now(rb) - t1 < 200ULL * NSEC_PER_MSEC);
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
	t1 = lft_rb_now(rb);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	n = page_decode(page, recs, 16);
	KUNIT_ASSERT_GT(test, n, 0);
	for (i = 0, k = 0; i < n; i++) {
		if (recs[i].type == 30 && i > 1)
			ext++;
		if (recs[i].type <= 28 && k < 3)
			got[k++] = recs[i].ts;
	}
	KUNIT_ASSERT_EQ(test, k, 3);
	KUNIT_EXPECT_EQ(test, ext, 1);
	KUNIT_EXPECT_GE(test, got[0], t0);
	KUNIT_EXPECT_LE(test, got[0], got[1]);
	KUNIT_EXPECT_GE(test, got[2] - got[1], 200ULL * NSEC_PER_MSEC);
	KUNIT_EXPECT_LE(test, got[2], t1);

	lft_rb_set_abs_ts(rb, true);
	for (i = 0; i < 5; i++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
	t1 = lft_rb_now(rb);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	n = page_decode(page, recs, 16);
	for (i = 1; i < n; i++) {
		if (recs[i].type <= 28) {
			KUNIT_EXPECT_GE_MSG(test, recs[i - 1].type, 30U,
					    "record %d of %d", i, n);
			abs += recs[i - 1].type == 31;
			KUNIT_EXPECT_LE(test, recs[i].ts, t1);
			KUNIT_EXPECT_GE(test, recs[i].ts, got[2]);
		}
	}
	/*
	 * The page handed out starts at the first unread data record; the
	 * stamp before it became the page's time stamp.
	 */
	KUNIT_EXPECT_EQ(test, recs[0].type, 1U);
	KUNIT_EXPECT_GE(test, recs[0].ts, got[2]);
	KUNIT_EXPECT_EQ(test, abs, 4);
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

static void fill_small(struct kunit *test, bool overwrite)
{
	struct lft_rb *rb = rb_new(test, 3, overwrite);
	const unsigned long total = 2000;
	struct lft_rb_stats s;
	u32 buf[25], last = 0;
	unsigned long i, got;
	bool seen = false;
	int cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (i = 0; i < total; i++) {
		buf[0] = i;
		lft_rb_write(rb, buf, sizeof(buf));
	}
	lft_rb_stats(rb, cpu, &s);
	if (overwrite) {
		KUNIT_EXPECT_GT(test, s.overrun, 0UL);
		KUNIT_EXPECT_EQ(test, s.dropped, 0UL);
	} else {
		KUNIT_EXPECT_EQ(test, s.overrun, 0UL);
		KUNIT_EXPECT_GT(test, s.dropped, 0UL);
	}
	KUNIT_EXPECT_EQ(test, s.written, total);
	KUNIT_EXPECT_EQ(test, s.entries + s.overrun + s.dropped, total);

	got = drain(test, rb, cpu, &last, &seen);
	KUNIT_EXPECT_EQ(test, got, s.entries);
	/* Overwrite keeps the newest events, drop mode the oldest. */
	if (overwrite)
		KUNIT_EXPECT_EQ(test, (unsigned long)last, total - 1);
	else
		KUNIT_EXPECT_EQ(test, (unsigned long)last, got - 1);
	expect_accounting(test, rb, cpu, total, got);
	lft_rb_free(rb);
}

static void rb_overwrite_counts(struct kunit *test)
{
	fill_small(test, true);
}

/*
 * Statistics never disturb the reader: reading them while the writer fills
 * its first page must not take that page out of the ring (it would then
 * survive the overwriting that follows), and the oldest time they report
 * is that of the oldest event still there.
 */
static void rb_stats_leave_pages(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 2, true);
	const unsigned long total = 1000;
	struct lft_rb_stats s;
	struct lft_rb_entry e;
	u32 buf[25], v;
	unsigned long i;
	int cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	buf[0] = 0;
	lft_rb_write(rb, buf, sizeof(buf));
	lft_rb_stats(rb, cpu, &s);
	KUNIT_EXPECT_EQ(test, s.entries, 1UL);
	KUNIT_EXPECT_NE(test, s.oldest_ts, 0ULL);
	for (i = 1; i < total; i++) {
		buf[0] = i;
		lft_rb_write(rb, buf, sizeof(buf));
	}
	lft_rb_stats(rb, cpu, &s);
	/* Two pages hold at most 2 * 4080 / 104 events. */
	KUNIT_EXPECT_LE(test, s.entries, 2UL * LFT_RB_DATA_SIZE / 104);
	KUNIT_ASSERT_GE(test, lft_rb_consume(rb, cpu, &v, sizeof(v), &e), 0);
	KUNIT_EXPECT_EQ(test, (unsigned long)v + s.entries, total);
	KUNIT_EXPECT_LE(test, s.oldest_ts, e.ts);
	KUNIT_EXPECT_NE(test, s.oldest_ts, 0ULL);
	lft_rb_free(rb);
}

static void rb_drop_counts(struct kunit *test)
{
	fill_small(test, false);
}

/*
 * A discarded event (a small one and one with a length word) is skipped
 * by readers and counts nowhere; the event after it keeps its own time.
 */
static void rb_discard(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, false);
	static const unsigned int lens[] = { 8, 200 };
	struct lft_rb_stats st;
	struct lft_rb_entry e;
	struct lft_rb_res res;
	u32 v[64] = { 0 };
	u64 t0, t1;
	int cpu, i;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (i = 0; i < ARRAY_SIZE(lens); i++) {
		v[0] = 1;
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, v, 4), 0);
		KUNIT_ASSERT_NOT_NULL(test, lft_rb_reserve(rb, lens[i], &res));
		memset(res.data, 0xff, lens[i]);
		lft_rb_discard(&res);
		udelay(50);
		t0 = lft_rb_now(rb);
		v[0] = 3;
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, v, 4), 0);
		t1 = lft_rb_now(rb);
		lft_rb_stats(rb, cpu, &st);
		KUNIT_EXPECT_EQ(test, st.entries, 2UL);
		KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, v, 4, &e), 4);
		KUNIT_EXPECT_EQ(test, v[0], 1U);
		KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, v, 4, &e), 4);
		KUNIT_EXPECT_EQ(test, v[0], 3U);
		KUNIT_EXPECT_GE(test, e.ts, t0);
		KUNIT_EXPECT_LE(test, e.ts, t1);
		KUNIT_EXPECT_LT(test, lft_rb_consume(rb, cpu, v, 4, &e), 0);
	}
	lft_rb_free(rb);
}

/* A writer on one CPU, a reader on another, then resizes under it. */
struct writer_ctx {
	struct lft_rb *rb;
	unsigned long attempts;
	unsigned int len;
	bool stop;
};

static int writer_fn(void *arg)
{
	struct writer_ctx *w = arg;
	u32 buf[16] = { 0 };

	while (!READ_ONCE(w->stop)) {
		buf[0] = w->attempts++;
		lft_rb_write(w->rb, buf, w->len);
		if (!(w->attempts & 255))
			cond_resched();
	}
	return 0;
}

static void run_concurrent(struct kunit *test, bool resize)
{
	struct writer_ctx w = { .len = 40 };
	unsigned long consumed = 0, rounds = 0, end;
	static const unsigned int sizes[] = { 2, 9, 3, 16, 4 };
	struct task_struct *t;
	bool seen = false;
	u32 last = 0;
	int wcpu;

	if (num_online_cpus() < 2)
		kunit_skip(test, "needs two CPUs");
	wcpu = cpumask_next(raw_smp_processor_id(), cpu_online_mask);
	if (wcpu >= nr_cpu_ids)
		wcpu = cpumask_first(cpu_online_mask);
	w.rb = rb_new(test, 4, true);
	t = kthread_create(writer_fn, &w, "lft_rb_writer");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
	kthread_bind(t, wcpu);
	get_task_struct(t);
	wake_up_process(t);

	/* Until the writer has made 200000 attempts (bounded: 60 s). */
	end = jiffies + 60 * HZ;
	while (READ_ONCE(w.attempts) < 200000 && time_before(jiffies, end)) {
		consumed += drain_seq(test, w.rb, wcpu, &last, &seen, !resize);
		rounds++;
		if (resize && !(rounds % 50))
			KUNIT_EXPECT_EQ(test, lft_rb_resize(w.rb,
				sizes[(rounds / 50) % ARRAY_SIZE(sizes)] *
				LFT_RB_DATA_SIZE, (rounds / 50) & 1 ?
				LFT_RB_ALL_CPUS : wcpu), 0);
		cond_resched();
	}
	KUNIT_EXPECT_GE(test, READ_ONCE(w.attempts), 200000UL);
	WRITE_ONCE(w.stop, true);
	kthread_stop(t);
	put_task_struct(t);
	consumed += drain_seq(test, w.rb, wcpu, &last, &seen, !resize);
	KUNIT_EXPECT_GT(test, consumed, 0UL);
	expect_accounting(test, w.rb, wcpu, w.attempts, consumed);
	lft_rb_free(w.rb);
}

static void rb_reader_swap_concurrent(struct kunit *test)
{
	run_concurrent(test, false);
}

static void rb_resize_while_writing(struct kunit *test)
{
	run_concurrent(test, true);
}

/* Unread data stays readable across a grow and a shrink. */
static void rb_resize_keeps_data(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	unsigned long i, got, total = 0, consumed = 0;
	struct lft_rb_stats s;
	u32 buf[10], last = 0;
	bool seen = false;
	int cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	/* Wrap the ring (overrun), then grow it: all that was kept is read. */
	for (i = 0; i < 1000; i++, total++) {
		buf[0] = total;
		lft_rb_write(rb, buf, sizeof(buf));
	}
	/* (No reading before the resize: even stats peek, moving the reader.) */
	KUNIT_ASSERT_EQ(test, lft_rb_resize(rb, 16 * LFT_RB_DATA_SIZE, cpu), 0);
	lft_rb_stats(rb, cpu, &s);
	KUNIT_ASSERT_GT(test, s.overrun, 0UL);
	KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu), 16 * LFT_RB_DATA_SIZE);
	got = drain(test, rb, cpu, &last, &seen);
	KUNIT_EXPECT_EQ(test, got, s.entries);
	KUNIT_EXPECT_EQ(test, (unsigned long)last, total - 1);
	consumed += got;
	/* Fill 10 pages, shrink to 3: the newest 3 pages stay readable. */
	for (i = 0; i < 1000; i++, total++) {
		buf[0] = total;
		lft_rb_write(rb, buf, sizeof(buf));
	}
	KUNIT_ASSERT_EQ(test, lft_rb_resize(rb, 3 * LFT_RB_DATA_SIZE,
					    LFT_RB_ALL_CPUS), 0);
	lft_rb_stats(rb, cpu, &s);
	KUNIT_EXPECT_GT(test, s.entries, 0UL);
	KUNIT_EXPECT_LE(test, s.entries, 3UL * LFT_RB_DATA_SIZE / 44);
	got = drain(test, rb, cpu, &last, &seen);
	KUNIT_EXPECT_EQ(test, got, s.entries);
	KUNIT_EXPECT_EQ(test, (unsigned long)last, total - 1);
	consumed += got;
	expect_accounting(test, rb, cpu, total, consumed);
	lft_rb_free(rb);
}

/*
 * A size the machine cannot have fails at once with nothing changed, on
 * every CPU; a size whose rounding wraps (as the kernel's does) gets the
 * minimum of 2 pages.
 */
static void rb_resize_too_big(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	unsigned long huge = (si_mem_available() + 16) * LFT_RB_DATA_SIZE;
	u32 buf[10] = { 7 };
	int cpu;

	lft_rb_write(rb, buf, sizeof(buf));
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, huge, LFT_RB_ALL_CPUS),
			-ENOMEM);
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, ULONG_MAX / 2, 0), -ENOMEM);
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu),
				4 * LFT_RB_DATA_SIZE);
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, ULONG_MAX - 1023,
					    LFT_RB_ALL_CPUS), 0);
	for_each_possible_cpu(cpu)
		KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu),
				2 * LFT_RB_DATA_SIZE);
	lft_rb_free(rb);
}

/* Interrupt writers land inside a task writer's reservation. */
struct nest_ctx {
	struct irq_work work;
	struct lft_rb *rb;
	unsigned int count;	/* events the irq_work writes */
	bool ran;
};

static void nest_fn(struct irq_work *work)
{
	struct nest_ctx *n = container_of(work, struct nest_ctx, work);
	u32 buf[8] = { 0xbbbb0000 };
	unsigned int i;

	for (i = 0; i < n->count; i++) {
		buf[1] = i;
		lft_rb_write(n->rb, buf, sizeof(buf));
	}
	WRITE_ONCE(n->ran, true);
}

static void rb_nested_writes(struct kunit *test)
{
	struct nest_ctx *n = kunit_kzalloc(test, sizeof(*n), GFP_KERNEL);
	unsigned long attempts = 0, consumed = 0;
	struct lft_rb_entry e;
	struct lft_rb_res res;
	u32 *p, buf[8], outer = 0, inner = 0;
	u64 prev_ts = 0;
	int cpu, round, spin;

	KUNIT_ASSERT_NOT_NULL(test, n);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	n->rb = rb_new(test, 8, false);
	init_irq_work(&n->work, nest_fn);

	/* Nested writers of 1 event, then of 200 (several tail moves). */
	for (round = 0; round < 20; round++) {
		n->count = round < 10 ? 1 : 200;
		n->ran = false;
		p = lft_rb_reserve(n->rb, sizeof(buf), &res);
		KUNIT_ASSERT_NOT_NULL(test, p);
		irq_work_queue(&n->work);	/* self-IPI: runs right here */
		for (spin = 0; spin < 100000 && !READ_ONCE(n->ran); spin++)
			cpu_relax();
		p[0] = 0xaaaa0000;
		p[1] = round;
		lft_rb_commit(&res);
		KUNIT_ASSERT_TRUE_MSG(test, READ_ONCE(n->ran),
				      "irq_work did not interrupt the writer");
		attempts += 1 + n->count;

		/* The outer event comes first: it reserved first. */
		while (lft_rb_consume(n->rb, cpu, buf, sizeof(buf), &e) >= 0) {
			consumed++;
			KUNIT_EXPECT_GE(test, e.ts, prev_ts);
			prev_ts = e.ts;
			if (buf[0] == 0xaaaa0000) {
				KUNIT_EXPECT_EQ(test, buf[1], outer);
				KUNIT_EXPECT_EQ(test, inner, 0U);
				outer++;
			} else {
				KUNIT_EXPECT_EQ(test, buf[0], 0xbbbb0000);
				KUNIT_EXPECT_EQ(test, buf[1], inner);
				inner++;
			}
		}
		KUNIT_EXPECT_EQ(test, outer, (u32)round + 1);
		KUNIT_EXPECT_EQ(test, inner, n->count);
		inner = 0;
	}
	irq_work_sync(&n->work);
	expect_accounting(test, n->rb, cpu, attempts, consumed);
	lft_rb_free(n->rb);
}

/* The iterator sees what the consumer will, without consuming it. */
static void rb_iterator(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	struct lft_rb_iter *it;
	struct lft_rb_entry e, c;
	u32 v, w;
	int cpu, i, n = 0;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (v = 0; v < 500; v++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, sizeof(v)), 0);
	/* Consume a few first: the iterator starts where the reader is. */
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_GE(test, lft_rb_consume(rb, cpu, &v, 4, &e), 0);
	it = lft_rb_iter_start(rb, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	while (lft_rb_iter_next(it, &w, sizeof(w), &e) >= 0) {
		KUNIT_ASSERT_GE(test, lft_rb_consume(rb, cpu, &v, 4, &c), 0);
		KUNIT_EXPECT_EQ(test, w, v);
		KUNIT_EXPECT_EQ(test, e.ts, c.ts);
		n++;
	}
	lft_rb_iter_finish(it);
	KUNIT_EXPECT_EQ(test, n, 497);
	KUNIT_EXPECT_TRUE(test, lft_rb_empty_cpu(rb, cpu));
	lft_rb_free(rb);
}

/*
 * A ring walked by an iterator keeps its pages: resizing it (or all rings)
 * is -EBUSY and changes nothing, the other CPUs' rings still resize, and
 * once the walk ends the ring resizes again.
 */
static void rb_iterator_blocks_resize(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	unsigned long size = 4 * LFT_RB_DATA_SIZE;
	struct lft_rb_iter *it;
	int cpu = 0, other;

	it = lft_rb_iter_start(rb, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, 8 * LFT_RB_DATA_SIZE, cpu),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, 2 * LFT_RB_DATA_SIZE,
					    LFT_RB_ALL_CPUS), -EBUSY);
	for_each_possible_cpu(other)
		KUNIT_EXPECT_EQ(test, lft_rb_size(rb, other), size);
	other = cpumask_next(cpu, cpu_possible_mask);
	if (other < nr_cpu_ids) {
		KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, 8 * LFT_RB_DATA_SIZE,
						    other), 0);
		KUNIT_EXPECT_EQ(test, lft_rb_size(rb, other),
				8 * LFT_RB_DATA_SIZE);
	}
	lft_rb_iter_finish(it);
	KUNIT_EXPECT_EQ(test, lft_rb_resize(rb, 8 * LFT_RB_DATA_SIZE, cpu), 0);
	KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu), 8 * LFT_RB_DATA_SIZE);
	lft_rb_free(rb);
}

/* Whole pages: zero-copy hand-over, and the missed-events flags. */
/*
 * The iterator starts at the oldest event kept without reporting losses
 * (as the kernel's); pages overwritten under it mid-walk are reported as
 * lost events of unknown number.
 */
static void rb_iterator_lost(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	struct lft_rb_iter *it;
	struct lft_rb_entry e;
	u32 v, w, first;
	int cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (v = 0; v < 3000; v++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, sizeof(v)), 0);
	it = lft_rb_iter_start(rb, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	KUNIT_ASSERT_GE(test, lft_rb_iter_next(it, &first, sizeof(first), &e), 0);
	KUNIT_EXPECT_EQ(test, e.lost, 0UL);
	KUNIT_EXPECT_GT(test, first, 0U);
	/* About a page and a half: the page under the iterator goes. */
	for (; v < 3700; v++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, sizeof(v)), 0);
	KUNIT_ASSERT_GE(test, lft_rb_iter_next(it, &w, sizeof(w), &e), 0);
	KUNIT_EXPECT_EQ(test, e.lost, LFT_RB_LOST_UNKNOWN);
	KUNIT_EXPECT_GT(test, w, first + 1);
	lft_rb_iter_finish(it);
	/* The consumer counts exactly what it missed. */
	KUNIT_ASSERT_GE(test, lft_rb_consume(rb, cpu, &v, sizeof(v), &e), 0);
	KUNIT_EXPECT_EQ(test, e.lost, (unsigned long)v);
	lft_rb_free(rb);
}

/*
 * A walk ends even when the writer keeps pace with it (as with every
 * function traced, where reading records at least as much as it reads):
 * it stops with the page the writer was on when it started.
 */
static void rb_iterator_bounded(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	struct lft_rb_iter *it;
	struct lft_rb_entry e;
	u32 v, w, max = 0;
	int cpu, steps = 0;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (v = 0; v < 1000; v++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, sizeof(v)), 0);
	it = lft_rb_iter_start(rb, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	while (steps < 100000 && lft_rb_iter_next(it, &w, sizeof(w), &e) >= 0) {
		steps++;
		max = max(max, w);
		lft_rb_write(rb, &v, sizeof(v));
		v++;
	}
	lft_rb_iter_finish(it);
	KUNIT_EXPECT_LT(test, steps, 100000);
	/* At most the rest of the writer's page (8-byte events) after it. */
	KUNIT_EXPECT_LT(test, max, 1000U + LFT_RB_DATA_SIZE / 8);
	KUNIT_EXPECT_GE(test, max, 999U);
	lft_rb_free(rb);
}

static void rb_read_page_missed(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 2, true);
	void *page = lft_rb_alloc_read_page(rb), *orig = page;
	struct lft_rb_stats s;
	unsigned long commit;
	u32 buf[60] = { 0 };
	int cpu, i;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	for (i = 0; i < 200; i++)
		lft_rb_write(rb, buf, sizeof(buf));
	lft_rb_stats(rb, cpu, &s);
	KUNIT_ASSERT_GT(test, s.overrun, 0UL);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	KUNIT_EXPECT_PTR_NE(test, page, orig);	/* handed over, not copied */
	commit = *(unsigned long *)(page + 8);
	KUNIT_EXPECT_TRUE(test, commit & LFT_RB_MISSED_EVENTS);
	/* The count is stored only where the page has room for it. */
	if ((commit & LFT_RB_COMMIT_MASK) + sizeof(long) <= LFT_RB_DATA_SIZE) {
		KUNIT_EXPECT_TRUE(test, commit & LFT_RB_MISSED_STORED);
		KUNIT_EXPECT_EQ(test, *(unsigned long *)(page + 16 +
				(commit & LFT_RB_COMMIT_MASK)), s.overrun);
	} else {
		KUNIT_EXPECT_FALSE(test, commit & LFT_RB_MISSED_STORED);
	}
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

/*
 * Full pages only (splice): nothing while the writer is on the only page
 * with records, which a plain page read then takes; a finished page whole;
 * the rest of a partly read page once the writer has left it.
 */
/* The data records in a page (stamps and padding left out). */
static int page_data_count(struct kunit *test, const void *page)
{
	struct rec *recs = kunit_kcalloc(test, 64, sizeof(*recs), GFP_KERNEL);
	int i, n, k = 0;

	KUNIT_ASSERT_NOT_NULL(test, recs);
	n = page_decode(page, recs, 64);
	for (i = 0; i < n; i++)
		k += recs[i].type <= 28;
	return k;
}

static void rb_read_full_page(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, false);
	void *page = lft_rb_alloc_read_page(rb);
	u32 buf[60] = { 0 };
	int cpu, i, n, per;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	KUNIT_EXPECT_EQ(test, lft_rb_read_full_page(rb, cpu, &page), -EAGAIN);
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_EQ(test, lft_rb_read_full_page(rb, cpu, &page), -EAGAIN);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	KUNIT_EXPECT_EQ(test, page_data_count(test, page), 3);

	/*
	 * A page's worth and two more: the writer leaves the page read from
	 * (its rest is finished) for the next, which it is still on.
	 */
	per = LFT_RB_DATA_SIZE / (sizeof(buf) + 4);
	for (i = 0; i < per + 2; i++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, buf, sizeof(buf)), 0);
	KUNIT_ASSERT_GT(test, lft_rb_read_full_page(rb, cpu, &page), 0);
	n = page_data_count(test, page);
	KUNIT_EXPECT_GT(test, n, 0);
	KUNIT_EXPECT_EQ(test, lft_rb_read_full_page(rb, cpu, &page), -EAGAIN);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	KUNIT_EXPECT_EQ(test, n + page_data_count(test, page), per + 2);
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

/*
 * Sub-buffers of 2^order pages: refusals, the events dropped, about the
 * same bytes in pages of the new size, records only the new size holds,
 * a read page of the old size replaced, resizes in the new pages.
 */
static void rb_subbuf_order(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 8, true);
	unsigned int data1 = 2 * PAGE_SIZE - LFT_RB_PAGE_HDR, big = data1 - 16;
	u8 *src = kunit_kzalloc(test, big + 1, GFP_KERNEL);
	u8 *dst = kunit_kzalloc(test, big, GFP_KERNEL);
	void *page = lft_rb_alloc_read_page(rb);
	unsigned long size = 8 * LFT_RB_DATA_SIZE;
	struct lft_rb_iter *it;
	struct lft_rb_entry e;
	unsigned int i;
	int cpu;

	KUNIT_ASSERT_NOT_NULL(test, src);
	KUNIT_ASSERT_NOT_NULL(test, dst);
	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	KUNIT_EXPECT_EQ(test, lft_rb_order(rb), 0U);
	KUNIT_EXPECT_EQ(test, lft_rb_max_payload(rb), LFT_RB_MAX_PAYLOAD);
	KUNIT_EXPECT_EQ(test, lft_rb_write(rb, src, LFT_RB_MAX_PAYLOAD + 1),
			-EINVAL);
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, src, 8), 0);
	KUNIT_EXPECT_EQ(test, lft_rb_set_order(rb, LFT_RB_MAX_ORDER + 1),
			-EINVAL);
	it = lft_rb_iter_start(rb, cpu, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, it);
	KUNIT_EXPECT_EQ(test, lft_rb_set_order(rb, 1), -EBUSY);
	lft_rb_iter_finish(it);
	KUNIT_EXPECT_EQ(test, lft_rb_order(rb), 0U);
	KUNIT_EXPECT_FALSE(test, lft_rb_empty_cpu(rb, cpu));
	KUNIT_ASSERT_EQ(test, lft_rb_set_order(rb, 1), 0);
	KUNIT_EXPECT_TRUE(test, lft_rb_empty_cpu(rb, cpu));
	KUNIT_EXPECT_EQ(test, lft_rb_order(rb), 1U);
	KUNIT_EXPECT_EQ(test, lft_rb_max_payload(rb), big);
	KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu),
			DIV_ROUND_UP(size, data1) * data1);
	for (i = 0; i < big; i++)
		src[i] = i * 7;
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, src, big), 0);
	KUNIT_EXPECT_EQ(test, lft_rb_write(rb, src, big + 1), -EINVAL);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, dst, big, &e), (int)big);
	KUNIT_EXPECT_EQ(test, memcmp(src, dst, big), 0);
	/* Many records, over several pages, all read back. */
	for (i = 0; i < 40; i++)
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &i, sizeof(i)), 0);
	KUNIT_EXPECT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	KUNIT_EXPECT_EQ(test, page_size(virt_to_page(page)), 2 * PAGE_SIZE);
	KUNIT_ASSERT_EQ(test, lft_rb_resize(rb, 10 * data1, LFT_RB_ALL_CPUS),
			0);
	KUNIT_EXPECT_EQ(test, lft_rb_size(rb, cpu), 10UL * data1);
	KUNIT_ASSERT_EQ(test, lft_rb_set_order(rb, 0), 0);
	KUNIT_EXPECT_EQ(test, lft_rb_max_payload(rb), LFT_RB_MAX_PAYLOAD);
	KUNIT_ASSERT_EQ(test, lft_rb_write(rb, src, 8), 0);
	KUNIT_EXPECT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	KUNIT_EXPECT_EQ(test, page_size(virt_to_page(page)), PAGE_SIZE);
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

/* Per-CPU swap with a second buffer of the same shape. */
static void rb_swap_cpu(struct kunit *test)
{
	struct lft_rb *a = rb_new(test, 4, true), *b = rb_new(test, 4, true);
	struct lft_rb *c = rb_new(test, 5, true);
	struct lft_rb_entry e;
	unsigned long flags;
	u32 v = 42;
	int cpu, ret;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, lft_rb_write(a, &v, 4), 0);
	local_irq_save(flags);
	ret = lft_rb_swap_cpu(a, b, cpu);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, ret, 0);
	KUNIT_EXPECT_TRUE(test, lft_rb_empty_cpu(a, cpu));
	v = 0;
	KUNIT_EXPECT_EQ(test, lft_rb_consume(b, cpu, &v, 4, &e), 4);
	KUNIT_EXPECT_EQ(test, v, 42U);
	KUNIT_EXPECT_EQ(test, lft_rb_swap_cpu(a, c, cpu), -EINVAL);
	lft_rb_free(a);
	lft_rb_free(b);
	lft_rb_free(c);
}

/*
 * Waiters wake on data (percent 0: at once past the writer's page, else at
 * the next tick), at a fill level, and on wake_all.
 */
struct wait_ctx {
	struct lft_rb *rb;
	int cpu;
	int percent;
	int ret;
	struct completion done;
};

static int waiter_fn(void *arg)
{
	struct wait_ctx *w = arg;

	w->ret = lft_rb_wait(w->rb, w->cpu, w->percent);
	complete(&w->done);
	return 0;
}

static void start_waiter(struct kunit *test, struct wait_ctx *w, int percent)
{
	struct task_struct *t;

	w->percent = percent;
	w->ret = 1;
	init_completion(&w->done);
	t = kthread_run(waiter_fn, w, "lft_rb_waiter");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t);
}

static void rb_wakeups(struct kunit *test)
{
	struct wait_ctx *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);
	bool lazy, now, moved;
	struct lft_rb_entry e;
	struct lft_rb_cpu *cb;
	u32 buf[60] = { 0 };
	unsigned long flags;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, w);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	w->cpu = raw_smp_processor_id();
	w->rb = rb_new(test, 8, true);

	/* Any event wakes a percent-0 waiter (through irq_work). */
	start_waiter(test, w, 0);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, completion_done(&w->done));
	KUNIT_ASSERT_EQ(test, lft_rb_write(w->rb, buf, 8), 0);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&w->done, 10 * HZ));
	KUNIT_EXPECT_EQ(test, w->ret, 0);
	while (lft_rb_consume(w->rb, w->cpu, NULL, 0, &e) >= 0)
		;

	/*
	 * Records on the page the writer was on when the waiter looked
	 * leave it to the next tick (the lazy irq_work); once the writer has
	 * left that page, the next commit wakes it at once. Interrupts off,
	 * so that neither irq_work runs before it is looked at.
	 */
	cb = lft_rb_cpu_buf(w->rb, w->cpu);
	start_waiter(test, w, 0);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, completion_done(&w->done));
	local_irq_save(flags);
	lft_rb_write(w->rb, buf, 8);
	lazy = irq_work_is_pending(&cb->lazy_work);
	now = irq_work_is_pending(&cb->work);
	for (i = 0; i < 20; i++)	/* 248 bytes each: past the page */
		lft_rb_write(w->rb, buf, sizeof(buf));
	moved = irq_work_is_pending(&cb->work);
	local_irq_restore(flags);
	KUNIT_EXPECT_TRUE(test, lazy);
	KUNIT_EXPECT_FALSE(test, now);
	KUNIT_EXPECT_TRUE(test, moved);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&w->done, 10 * HZ));
	KUNIT_EXPECT_EQ(test, w->ret, 0);
	while (lft_rb_consume(w->rb, w->cpu, NULL, 0, &e) >= 0)
		;

	/* 50%: one event is not enough, half the pages are. */
	start_waiter(test, w, 50);
	KUNIT_ASSERT_EQ(test, lft_rb_write(w->rb, buf, 8), 0);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, completion_done(&w->done));
	for (i = 0; i < 100; i++)	/* 248 bytes each: > 4 of 8 pages */
		lft_rb_write(w->rb, buf, sizeof(buf));
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&w->done, 10 * HZ));
	KUNIT_EXPECT_EQ(test, w->ret, 0);

	/* Teardown wakes a waiter that would otherwise sleep on. */
	lft_rb_reset(w->rb);
	start_waiter(test, w, 0);
	msleep(50);
	lft_rb_wake_all(w->rb);
	KUNIT_EXPECT_TRUE(test, wait_for_completion_timeout(&w->done, 10 * HZ));
	KUNIT_EXPECT_EQ(test, w->ret, -EINTR);
	lft_rb_free(w->rb);
}

/* Every clock has its trace_clock name, stamps events, and resets. */
static void rb_clocks(struct kunit *test)
{
	static const char * const names[] = { "local", "global", "counter",
		"uptime", "perf", "mono", "mono_raw", "boot", "tai", "x86-tsc" };
	struct lft_rb *rb = rb_new(test, 4, true);
	struct lft_rb_entry e;
	u64 before, after;
	u32 v = 1;
	int c, cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(names), (size_t)LFT_RB_NR_CLOCKS);
	KUNIT_EXPECT_NULL(test, lft_rb_clock_name(LFT_RB_NR_CLOCKS));
	KUNIT_EXPECT_EQ(test, lft_rb_set_clock(rb, LFT_RB_NR_CLOCKS), -EINVAL);
	for (c = 0; c < LFT_RB_NR_CLOCKS; c++) {
		KUNIT_EXPECT_STREQ(test, lft_rb_clock_name(c), names[c]);
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
		KUNIT_ASSERT_EQ(test, lft_rb_set_clock(rb, c), 0);
		KUNIT_EXPECT_EQ(test, lft_rb_get_clock(rb), (enum lft_rb_clock)c);
		KUNIT_EXPECT_TRUE_MSG(test, lft_rb_empty_cpu(rb, cpu),
				      "%s: not reset", names[c]);
		before = lft_rb_now(rb);
		KUNIT_ASSERT_EQ(test, lft_rb_write(rb, &v, 4), 0);
		after = lft_rb_now(rb);
		KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, &v, 4, &e), 4);
		KUNIT_EXPECT_GE_MSG(test, e.ts, before, "%s", names[c]);
		KUNIT_EXPECT_LE_MSG(test, e.ts, after, "%s", names[c]);
		if (c == LFT_RB_CLOCK_COUNTER)
			KUNIT_EXPECT_EQ(test, after, before + 2);
	}
	lft_rb_free(rb);
}

/* Reserve one 4-byte event stamped from @now (@clock's), commit it. */
static void rb_write_at(struct kunit *test, struct lft_rb *rb,
			enum lft_rb_clock clock, u64 now, u32 v)
{
	struct lft_rb_res res;
	u32 *p;

	preempt_disable();
	p = lft_rb_reserve_at(rb, 4, &res, clock, now);
	if (p) {
		*p = v;
		lft_rb_commit(&res);
	}
	preempt_enable();
	KUNIT_ASSERT_NOT_NULL(test, p);
}

/*
 * lft_rb_reserve_at(): a reading of the buffer's own clock is the event's
 * time exactly (one far ahead too: an extended stamp), and a reading of
 * another clock is not used.
 */
static void rb_reserve_at(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 4, true);
	struct lft_rb_entry e;
	u64 now, before, after;
	u32 v;
	int cpu;

	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();
	now = lft_rb_now(rb);
	rb_write_at(test, rb, LFT_RB_CLOCK_LOCAL, now, 1);
	rb_write_at(test, rb, LFT_RB_CLOCK_LOCAL, now + 7, 2);
	rb_write_at(test, rb, LFT_RB_CLOCK_LOCAL, now + 10 * NSEC_PER_SEC, 3);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, &v, 4, &e), 4);
	KUNIT_EXPECT_EQ(test, v, 1U);
	KUNIT_EXPECT_EQ(test, e.ts, now);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, &v, 4, &e), 4);
	KUNIT_EXPECT_EQ(test, e.ts, now + 7);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, &v, 4, &e), 4);
	KUNIT_EXPECT_EQ(test, v, 3U);
	KUNIT_EXPECT_EQ(test, e.ts, now + 10 * NSEC_PER_SEC);

	KUNIT_ASSERT_EQ(test, lft_rb_set_clock(rb, LFT_RB_CLOCK_COUNTER), 0);
	before = lft_rb_now(rb);
	rb_write_at(test, rb, LFT_RB_CLOCK_LOCAL, 12345, 4);
	after = lft_rb_now(rb);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, &v, 4, &e), 4);
	KUNIT_EXPECT_EQ(test, e.ts, before + 1);
	KUNIT_EXPECT_EQ(test, after, before + 2);
	lft_rb_free(rb);
}

/* One lft_rb_write3() (@four: write4()) of words from @seed, timed. */
static int rb_words(struct lft_rb *rb, bool four, u64 seed, u64 *t0, u64 *t1)
{
	int ret;

	preempt_disable();
	*t0 = lft_rb_now(rb);
	if (four)
		ret = lft_rb_write4(rb, seed, seed + 1, seed + 2, seed + 3);
	else
		ret = lft_rb_write3(rb, seed, seed + 1, seed + 2);
	*t1 = lft_rb_now(rb);
	preempt_enable();
	return ret;
}

/*
 * lft_rb_write3() and write4(): the page holds the records the kernel's
 * rules give 24 and 32 bytes (decoded here), and the readers get the
 * words back in order with their times, across page moves; with another
 * clock, through the general path; dropped and counted when off.
 */
static void rb_write_words(struct kunit *test)
{
	struct lft_rb *rb = rb_new(test, 16, false);
	struct rec *recs = kunit_kcalloc(test, 8, sizeof(*recs), GFP_KERNEL);
	u64 *t0 = kunit_kcalloc(test, 1000, sizeof(u64), GFP_KERNEL);
	u64 *t1 = kunit_kcalloc(test, 1000, sizeof(u64), GFP_KERNEL);
	void *page = lft_rb_alloc_read_page(rb);
	unsigned int i, tl, rec;
	struct lft_rb_stats st;
	struct lft_rb_entry e;
	u64 w[4], last = 0;
	int cpu, n;

	KUNIT_ASSERT_NOT_NULL(test, page);
	KUNIT_ASSERT_NOT_NULL(test, t0);
	KUNIT_ASSERT_NOT_NULL(test, t1);
	KUNIT_ASSERT_EQ(test, pin_to(raw_smp_processor_id()), 0);
	cpu = raw_smp_processor_id();

	/* The records on the page, by the ABI. */
	KUNIT_ASSERT_EQ(test, rb_words(rb, false, 10, &t0[0], &t1[0]), 0);
	KUNIT_ASSERT_EQ(test, rb_words(rb, true, 20, &t0[1], &t1[1]), 0);
	KUNIT_ASSERT_GT(test, lft_rb_read_page(rb, cpu, &page), 0);
	n = page_decode(page, recs, 8);
	KUNIT_ASSERT_EQ(test, n, 2);
	for (i = 0; i < 2; i++) {
		rec = want_record(i ? 32 : 24, &tl);
		KUNIT_EXPECT_EQ(test, recs[i].type, tl);
		KUNIT_EXPECT_EQ(test, recs[i].len + 4, rec);
		memcpy(w, recs[i].payload, recs[i].len);
		KUNIT_EXPECT_EQ(test, w[0], i ? 20ULL : 10ULL);
		KUNIT_EXPECT_EQ(test, w[2], w[0] + 2);
		KUNIT_EXPECT_GE(test, recs[i].ts, t0[i]);
		KUNIT_EXPECT_LE(test, recs[i].ts, t1[i]);
	}
	KUNIT_EXPECT_EQ(test, w[3], 23ULL);

	/* Many, across pages, through the consuming reader. */
	for (i = 0; i < 1000; i++)
		KUNIT_ASSERT_EQ(test, rb_words(rb, i & 1, i * 4, &t0[i],
					       &t1[i]), 0);
	for (i = 0; i < 1000; i++) {
		memset(w, 0, sizeof(w));
		n = lft_rb_consume(rb, cpu, w, sizeof(w), &e);
		KUNIT_ASSERT_EQ_MSG(test, n, (i & 1) ? 32 : 24, "record %u", i);
		KUNIT_EXPECT_EQ_MSG(test, w[0], i * 4ULL, "record %u", i);
		KUNIT_EXPECT_EQ(test, w[1], i * 4ULL + 1);
		KUNIT_EXPECT_EQ(test, w[2], i * 4ULL + 2);
		KUNIT_EXPECT_EQ(test, w[3], (i & 1) ? i * 4ULL + 3 : 0);
		KUNIT_EXPECT_GE_MSG(test, e.ts, t0[i], "record %u", i);
		KUNIT_EXPECT_LE_MSG(test, e.ts, t1[i], "record %u", i);
		KUNIT_EXPECT_GE(test, e.ts, last);
		last = e.ts;
	}
	KUNIT_EXPECT_LT(test, lft_rb_consume(rb, cpu, w, sizeof(w), &e), 0);

	/* Another clock: one reading per record, as lft_rb_write()'s. */
	KUNIT_ASSERT_EQ(test, lft_rb_set_clock(rb, LFT_RB_CLOCK_COUNTER), 0);
	KUNIT_ASSERT_EQ(test, rb_words(rb, false, 1, &t0[0], &t1[0]), 0);
	KUNIT_ASSERT_EQ(test, lft_rb_consume(rb, cpu, w, sizeof(w), &e), 24);
	KUNIT_EXPECT_EQ(test, e.ts, t0[0] + 1);
	KUNIT_EXPECT_EQ(test, t1[0], t0[0] + 2);
	KUNIT_ASSERT_EQ(test, lft_rb_set_clock(rb, LFT_RB_CLOCK_LOCAL), 0);

	/* Recording off: refused and counted. */
	lft_rb_stats(rb, cpu, &st);
	n = st.dropped;
	lft_rb_record_off(rb);
	KUNIT_EXPECT_EQ(test, rb_words(rb, true, 1, &t0[0], &t1[0]), -EBUSY);
	lft_rb_record_on(rb);
	lft_rb_stats(rb, cpu, &st);
	KUNIT_EXPECT_EQ(test, st.dropped, n + 1UL);
	KUNIT_EXPECT_LT(test, lft_rb_consume(rb, cpu, w, sizeof(w), &e), 0);
	lft_rb_free_read_page(page);
	lft_rb_free(rb);
}

static struct kunit_case lft_rb_cases[] = {
	KUNIT_CASE(rb_format_roundtrip),
	KUNIT_CASE(rb_time_stamps),
	KUNIT_CASE(rb_overwrite_counts),
	KUNIT_CASE(rb_drop_counts),
	KUNIT_CASE(rb_discard),
	KUNIT_CASE(rb_stats_leave_pages),
	KUNIT_CASE(rb_reader_swap_concurrent),
	KUNIT_CASE(rb_resize_while_writing),
	KUNIT_CASE(rb_resize_keeps_data),
	KUNIT_CASE(rb_resize_too_big),
	KUNIT_CASE(rb_nested_writes),
	KUNIT_CASE(rb_iterator),
	KUNIT_CASE(rb_iterator_lost),
	KUNIT_CASE(rb_iterator_bounded),
	KUNIT_CASE(rb_iterator_blocks_resize),
	KUNIT_CASE(rb_read_page_missed),
	KUNIT_CASE(rb_read_full_page),
	KUNIT_CASE(rb_subbuf_order),
	KUNIT_CASE(rb_swap_cpu),
	KUNIT_CASE(rb_wakeups),
	KUNIT_CASE(rb_clocks),
	KUNIT_CASE(rb_reserve_at),
	KUNIT_CASE(rb_write_words),
	{}
};

static struct kunit_suite lft_rb_suite = {
	.name = "lftrace_ringbuf",
	.test_cases = lft_rb_cases,
};

kunit_test_suites(&lft_rb_suite);
