// SPDX-License-Identifier: GPL-2.0
/*
 * "trace" and "trace_pipe" (top level and per CPU): text readers over the
 * ring buffer. Both turn entries into lines one at a time and copy as many
 * whole or partial lines as the read asks for; a line cut by the end of a
 * read is finished by the next one.
 *
 *   trace       non-consuming: the header, then every CPU's events merged
 *               by time. Opening it with O_TRUNC clears the buffer.
 *   trace_pipe  consuming, without a header; blocks while empty (EAGAIN
 *               with O_NONBLOCK), supports poll, ends (EOF) once tracing
 *               is off and what was there has been read.
 */
#include <linux/bitmap.h>
#include <linux/fs.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/trace_seq.h>
#include <linux/uaccess.h>

#include "compat/kapi.h"
#include "core/trace.h"

/*
 * The longest line: what the kernel's trace_seq holds, 8 KiB less its
 * other fields from 6.12 (a whole 4 KiB marker fits), a page before.
 */
#ifdef TRACE_SEQ_BUFFER_SIZE
#define LFT_LINE_MAX TRACE_SEQ_BUFFER_SIZE
#else
#define LFT_LINE_MAX PAGE_SIZE
#endif

/*
 * Consuming readers look at an event, format it, then consume it: two
 * readers of the same CPU must not interleave those steps (both would
 * show one event and consume two). The kernel's trace_pipe readers take
 * a per-CPU access lock for the same reason; readers of all the arrays
 * share this one, held only while formatting, never while waiting.
 */
static DEFINE_MUTEX(lft_consume_lock);

struct lft_pending {		/* an iterator's next event, read ahead */
	bool have;
	struct lft_rb_entry e;
	void *data;
};

struct lft_reader {
	struct lft_array *tr;
	struct lft_rb *rb;		/* non-consuming: the buffer walked */
	int cpu;
	bool consume;
	bool snapshot;			/* the snapshot file */
	bool paused;			/* paused recording (pause-on-trace) */
	struct mutex lock;		/* one read at a time per open file */
	char *line;
	size_t len, off;		/* text not yet copied out */
	/*
	 * Consuming: the event being formatted (cur_*) is still in the
	 * buffer until the line goes out or the printer looks past it;
	 * held: r->line is that event's, not yet consumed (no room in the
	 * last read).
	 */
	bool cur_in_rb, held;
	int cur_cpu;
	u64 cur_ts;
	bool header_done;
	bool seen;			/* something was read already */
	void *data;			/* consuming read scratch */
	void *ahead;			/* consuming: the peeked entry */
	unsigned int max;		/* room in them: a record of the buffer */
	struct lft_rb_iter **it;	/* non-consuming: per CPU */
	struct lft_pending *pend;
	struct lft_print_iter pi;	/* what the output engine needs */
};

static void lft_reader_free(struct lft_reader *r)
{
	int cpu;

	if (!r)
		return;
	if (r->it) {
		for_each_possible_cpu(cpu) {
			lft_rb_iter_finish(r->it[cpu]);
			kvfree(r->pend[cpu].data);
		}
	}
	kfree(r->it);
	kfree(r->pend);
	bitmap_free(r->pi.started);
	kfree(r->pi.skipped);
	kfree(r->pi.priv);
	kvfree(r->ahead);
	kvfree(r->data);
	kfree(r->line);
	kfree(r);
}

/* annotate applies to a trace whose buffer lost old entries. */
static bool lft_reader_overran(struct lft_rb *rb)
{
	struct lft_rb_stats st;
	int cpu;

	for_each_possible_cpu(cpu) {
		lft_rb_stats(rb, cpu, &st);
		if (st.overrun)
			return true;
	}
	return false;
}

static const void *lft_reader_peek(struct lft_print_iter *pi, int cpu,
				   struct lft_rb_entry *e);
static void lft_reader_skip(struct lft_print_iter *pi, int cpu);

/*
 * A latency tracer's max trace starts where its latency did: on each CPU,
 * step past the entries older than that (a swap brought them along), and
 * count them for the header, as the kernel's iterator does.
 */
static int lft_reader_skip_old(struct lft_reader *r)
{
	struct lft_pending *p;
	int cpu;

	r->pi.skipped = kcalloc(nr_cpu_ids, sizeof(long), GFP_KERNEL);
	if (!r->pi.skipped)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		if (!r->it[cpu])
			continue;
		p = &r->pend[cpu];
		while (lft_rb_iter_next(r->it[cpu], p->data, r->max,
					&p->e) >= 0) {
			if (p->e.ts >= r->pi.time_start) {
				p->have = true;
				break;
			}
			r->pi.skipped[cpu]++;
		}
	}
	return 0;
}

static struct lft_reader *lft_reader_new(struct lft_file_ref *ref,
					 bool consume, struct lft_rb *rb)
{
	struct lft_reader *r = kzalloc(sizeof(*r), GFP_KERNEL);
	int cpu;

	if (!r)
		return NULL;
	r->tr = ref->tr;
	r->cpu = ref->cpu;
	r->consume = consume;
	r->rb = rb;
	/* Records as large as the buffer's sub-buffers hold. */
	r->max = lft_rb_max_payload(rb ?: READ_ONCE(ref->tr->rb));
	mutex_init(&r->lock);
	/* Like the kernel, the line format is chosen when the file opens. */
	r->pi.tr = r->tr;
	r->pi.lat = READ_ONCE(r->tr->flags) & LFT_OPT_LATENCY_FMT;
	r->pi.time_start = r->tr->time_start;
	r->pi.peek = lft_reader_peek;
	r->pi.skip = lft_reader_skip;
	r->pi.owner = r;
	r->line = kmalloc(LFT_LINE_MAX, GFP_KERNEL);
	if (!r->line)
		goto fail;
	r->data = kvmalloc(r->max, GFP_KERNEL);
	if (!r->data)
		goto fail;
	/* Numbered as the kernel's iterators: a pipe's first entry is 1. */
	r->pi.idx = consume ? 0 : ULONG_MAX;
	if (consume) {
		r->ahead = kvmalloc(r->max, GFP_KERNEL);
		if (!r->ahead)
			goto fail;
		return r;
	}
	if (rb && lft_reader_overran(rb)) {
		r->pi.annotate = true;
		r->pi.started = bitmap_zalloc(nr_cpu_ids, GFP_KERNEL);
		if (!r->pi.started)
			goto fail;
	}
	r->it = kcalloc(nr_cpu_ids, sizeof(*r->it), GFP_KERNEL);
	r->pend = kcalloc(nr_cpu_ids, sizeof(*r->pend), GFP_KERNEL);
	if (!r->it || !r->pend)
		goto fail;
	for_each_possible_cpu(cpu) {
		if ((r->cpu != LFT_RB_ALL_CPUS && cpu != r->cpu) || !rb)
			continue;
		r->it[cpu] = lft_rb_iter_start(r->rb, cpu, GFP_KERNEL);
		r->pend[cpu].data = kvmalloc(r->max, GFP_KERNEL);
		if (!r->it[cpu] || !r->pend[cpu].data)
			goto fail;
	}
	if (rb && rb == r->tr->snap && r->tr->tracer->print_max) {
		r->pi.time_start = r->tr->max_time_start;
		if (lft_reader_skip_old(r))
			goto fail;
	}
	return r;
fail:
	lft_reader_free(r);
	return NULL;
}

/* Non-consuming: read ahead on every CPU; the oldest pending event. */
static struct lft_pending *lft_reader_oldest(struct lft_reader *r)
{
	struct lft_pending *best = NULL, *p;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (!r->it[cpu])
			continue;
		p = &r->pend[cpu];
		if (!p->have)
			p->have = lft_rb_iter_next(r->it[cpu], p->data,
						   r->max,
						   &p->e) >= 0;
		if (p->have && (!best || p->e.ts < best->e.ts))
			best = p;
	}
	return best;
}

/*
 * The time of the event after the one just taken, for latency-format
 * marks; the taken event's own time when there is none.
 */
static u64 lft_reader_next_ts(struct lft_reader *r, u64 ts)
{
	struct lft_rb *rb = READ_ONCE(r->tr->rb);
	struct lft_rb_entry e;
	struct lft_pending *p;
	u64 next = U64_MAX;
	int cpu;

	if (!r->consume) {
		/* The taken event's data stays valid: copy it out first. */
		p = lft_reader_oldest(r);
		return p ? p->e.ts : ts;
	}
	for_each_possible_cpu(cpu) {
		if (r->cpu != LFT_RB_ALL_CPUS && cpu != r->cpu)
			continue;
		if (!lft_rb_peek(rb, cpu, &e) && e.ts < next)
			next = e.ts;
	}
	return next == U64_MAX ? ts : next;
}

/* The next entry of @cpu: the read-ahead, or a copy of the buffer's. */
static const void *lft_reader_peek(struct lft_print_iter *pi, int cpu,
				   struct lft_rb_entry *e)
{
	struct lft_reader *r = pi->owner;
	struct lft_pending *p;

	if (r->consume && r->cur_in_rb) {
		/* The printer looks past the current event: it goes now. */
		lft_rb_consume(READ_ONCE(r->tr->rb), r->cur_cpu, NULL, 0, e);
		r->cur_in_rb = false;
	}
	if (r->consume)
		return lft_rb_peek_data(READ_ONCE(r->tr->rb), cpu, r->ahead,
					r->max, e) < 0 ?
		       NULL : r->ahead;
	if (!r->it[cpu])
		return NULL;
	p = &r->pend[cpu];
	if (!p->have)
		p->have = lft_rb_iter_next(r->it[cpu], p->data,
					   r->max, &p->e) >= 0;
	if (!p->have)
		return NULL;
	*e = p->e;
	return p->data;
}

/* Step past the entry lft_reader_peek() returned. */
static void lft_reader_skip(struct lft_print_iter *pi, int cpu)
{
	struct lft_reader *r = pi->owner;
	struct lft_rb_entry e;

	if (r->consume)
		lft_rb_consume(READ_ONCE(r->tr->rb), cpu, NULL, 0, &e);
	else
		r->pend[cpu].have = false;
}

/* Non-consuming: the oldest read-ahead event across the CPUs. */
static int lft_reader_iter_next(struct lft_reader *r, struct lft_rb_entry *e,
				void **data)
{
	struct lft_pending *best = lft_reader_oldest(r);

	if (!best)
		return -EAGAIN;
	best->have = false;
	*e = best->e;
	/* The next read-ahead on this CPU reuses the buffer: swap it out. */
	swap(r->data, best->data);
	*data = r->data;
	return 0;
}

/*
 * Consuming: which CPU holds the next event to show (the oldest of all for
 * the top-level trace_pipe); -1 when none has one.
 */
static int lft_reader_next_cpu(struct lft_reader *r, struct lft_rb *rb)
{
	struct lft_rb_entry cur;
	int cpu, best = -1;
	u64 best_ts = 0;

	if (r->cpu != LFT_RB_ALL_CPUS)
		return lft_rb_peek(rb, r->cpu, &cur) ? -1 : r->cpu;
	for_each_possible_cpu(cpu) {
		if (lft_rb_peek(rb, cpu, &cur))
			continue;
		if (best < 0 || cur.ts < best_ts) {
			best = cpu;
			best_ts = cur.ts;
		}
	}
	return best;
}

/*
 * Format the next line into r->line; -EAGAIN when there is none now. A
 * consuming reader formats the next event before consuming it and leaves
 * it in the buffer when its line is longer than @room: as the kernel's
 * trace_pipe, a read returns whole lines, and an event never goes with
 * the part of a line no read returned (a reader that closes after one
 * read would lose it).
 */
static int lft_reader_fill(struct lft_reader *r, size_t room)
{
	struct lft_rb *rb = NULL;
	struct lft_rb_entry e;
	struct seq_buf s;
	void *data;
	int ret, cpu = 0;

	seq_buf_init(&s, r->line, LFT_LINE_MAX);
	if (!r->consume && !r->header_done) {
		r->header_done = true;
		if (r->snapshot && !lft_snapshot_has_data(r->tr, r->rb, r->cpu))
			lft_snapshot_help(r->tr, &s, r->cpu);
		else
			lft_print_header(&r->pi, r->rb, &s, r->cpu);
	} else {
		if (r->consume) {
			data = r->data;
			rb = READ_ONCE(r->tr->rb);
			cpu = lft_reader_next_cpu(r, rb);
			ret = cpu < 0 ? -EAGAIN :
			      lft_rb_peek_data(rb, cpu, data, r->max,
					       &e);
			r->cur_in_rb = ret >= 0;
			r->cur_cpu = cpu;
			r->cur_ts = e.ts;
		} else {
			ret = lft_reader_iter_next(r, &e, &data);
		}
		if (ret < 0)
			return -EAGAIN;
		r->pi.idx++;
		if (r->pi.lat)
			r->pi.next_ts = lft_reader_next_ts(r, e.ts);
		if (e.lost)
			lft_print_lost(&s, &e);
		lft_print_entry(&r->pi, &s, &e, data);
	}
	if (seq_buf_has_overflowed(&s)) {
		seq_buf_init(&s, r->line, LFT_LINE_MAX);
		seq_buf_printf(&s, "%s", "[LINE TOO BIG]\n");
	}
	r->len = seq_buf_used(&s);
	r->off = 0;
	if (r->cur_in_rb) {
		r->cur_in_rb = false;
		if (r->len > room) {
			r->held = true;
			return -ENOSPC;
		}
		lft_rb_consume(rb, cpu, NULL, 0, &e);
	}
	return 0;
}

/*
 * A held line is sent now: its event goes first, if it is still the next
 * one of its CPU (an overwriting writer may have taken it; then the line
 * is dropped and the next one formatted).
 */
static void lft_reader_release_held(struct lft_reader *r)
{
	struct lft_rb *rb = READ_ONCE(r->tr->rb);
	struct lft_rb_entry e;

	r->held = false;
	if (lft_rb_peek(rb, r->cur_cpu, &e) || e.ts != r->cur_ts)
		r->len = r->off = 0;
	else
		lft_rb_consume(rb, r->cur_cpu, NULL, 0, &e);
}

/*
 * A consuming reader's room, grown when the buffer's sub-buffers grew
 * since it opened (non-consuming readers keep them from changing).
 */
static int lft_reader_room(struct lft_reader *r)
{
	unsigned int max = lft_rb_max_payload(READ_ONCE(r->tr->rb));
	void *data, *ahead;

	if (!r->consume || max <= r->max || r->held)
		return 0;
	data = kvmalloc(max, GFP_KERNEL);
	ahead = kvmalloc(max, GFP_KERNEL);
	if (!data || !ahead) {
		kvfree(data);
		kvfree(ahead);
		return -ENOMEM;
	}
	kvfree(r->data);
	kvfree(r->ahead);
	r->data = data;
	r->ahead = ahead;
	r->max = max;
	return 0;
}

static ssize_t lft_reader_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	struct lft_reader *r = file->private_data;
	size_t done = 0, n;
	ssize_t ret = 0;

	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	ret = lft_reader_room(r);
	if (ret) {
		mutex_unlock(&r->lock);
		return ret;
	}
	while (done < cnt) {
		if (r->held) {
			mutex_lock(&lft_consume_lock);
			lft_reader_release_held(r);
			mutex_unlock(&lft_consume_lock);
		}
		if (r->off < r->len) {
			n = min(cnt - done, r->len - r->off);
			if (copy_to_user(ubuf + done, r->line + r->off, n)) {
				ret = -EFAULT;
				break;
			}
			r->off += n;
			done += n;
			continue;
		}
		/* The first line goes even if longer than the read. */
		if (r->consume)
			mutex_lock(&lft_consume_lock);
		ret = lft_reader_fill(r, done ? cnt - done : SIZE_MAX);
		if (r->consume)
			mutex_unlock(&lft_consume_lock);
		if (!ret)
			continue;
		ret = 0;
		if (r->held)
			break;
		/* Nothing more for now (or no room for the next line). */
		if (done || !r->consume)
			break;
		if (!lft_array_on(r->tr) && r->seen)
			break;			/* EOF once tracing is off */
		if (file->f_flags & O_NONBLOCK) {
			ret = -EAGAIN;
			break;
		}
		mutex_unlock(&r->lock);
		ret = lft_array_wait(r->tr, r->cpu, 0);
		if (ret)
			return ret;
		if (mutex_lock_interruptible(&r->lock))
			return -ERESTARTSYS;
	}
	if (done)
		r->seen = true;
	mutex_unlock(&r->lock);
	if (done)
		*ppos += done;
	return done ? done : ret;
}

static int lft_trace_open(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;
	struct lft_reader *r;
	int ret = lft_open_check(inode, file);
	bool pause;

	if (ret)
		return ret;
	/* "echo > trace": truncating clears the buffer. */
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		lft_array_clear_shown(ref->tr, ref->cpu);
	if (!(file->f_mode & FMODE_READ))
		return 0;
	/* pause-on-trace: stop recording while the buffer is read. */
	pause = READ_ONCE(ref->tr->flags) & LFT_OPT_PAUSE_ON_TRACE;
	if (pause)
		lft_array_pause(ref->tr, true);
	mutex_lock(&lft_lock);
	/* A latency tracer's trace is its max trace, as print_max says. */
	r = lft_reader_new(ref, false, ref->tr->tracer->print_max ?
			   ref->tr->snap : ref->tr->rb);
	if (r)
		ref->tr->iter_readers++;
	mutex_unlock(&lft_lock);
	if (!r) {
		if (pause)
			lft_array_pause(ref->tr, false);
		lft_release(inode, file);
		return -ENOMEM;
	}
	r->paused = pause;
	file->private_data = r;
	return 0;
}

/*
 * snapshot: writes take, free or clear the snapshot (snapshot.c); reads
 * show it like "trace", or a help text while it is empty or freed.
 */
static int lft_snapshot_open(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;
	struct lft_reader *r;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	if (!(file->f_mode & FMODE_READ))
		return 0;
	mutex_lock(&lft_lock);
	r = lft_reader_new(ref, false, ref->tr->snap);
	if (r) {
		r->snapshot = true;
		if (r->rb)
			ref->tr->iter_readers++;
	}
	mutex_unlock(&lft_lock);
	if (!r) {
		lft_release(inode, file);
		return -ENOMEM;
	}
	file->private_data = r;
	return 0;
}

static int lft_snapshot_release(struct inode *inode, struct file *file)
{
	struct lft_reader *r = file->private_data;

	if (!(file->f_mode & FMODE_READ))
		return lft_release(inode, file);
	mutex_lock(&lft_lock);
	if (r->rb)
		r->tr->iter_readers--;
	mutex_unlock(&lft_lock);
	lft_reader_free(r);
	return lft_release(inode, file);
}

static int lft_pipe_open(struct inode *inode, struct file *file)
{
	struct lft_reader *r;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	r = lft_reader_new(inode->i_private, true, NULL);
	if (!r) {
		lft_release(inode, file);
		return -ENOMEM;
	}
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int lft_reader_release(struct inode *inode, struct file *file)
{
	struct lft_reader *r = file->private_data;

	if (!(file->f_mode & FMODE_READ))
		return lft_release(inode, file);
	if (!r->consume) {
		mutex_lock(&lft_lock);
		r->tr->iter_readers--;
		mutex_unlock(&lft_lock);
	}
	if (r->paused)
		lft_array_pause(r->tr, false);
	lft_reader_free(r);
	return lft_release(inode, file);
}

/* Writes to "trace" are accepted and ignored, as the kernel does. */
static ssize_t lft_trace_write(struct file *file, const char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	return cnt;
}

static __poll_t lft_pipe_poll(struct file *file, poll_table *pt)
{
	struct lft_reader *r = file->private_data;

	/* With "block" set, poll never waits, as in the kernel. */
	if (r->off < r->len || (READ_ONCE(r->tr->flags) & LFT_OPT_BLOCK))
		return EPOLLIN | EPOLLRDNORM;
	return lft_rb_poll(READ_ONCE(r->tr->rb), r->cpu, file, pt, 0);
}

const struct file_operations lft_trace_fops = {
	.owner = THIS_MODULE,
	.open = lft_trace_open,
	.read = lft_reader_read,
	.write = lft_trace_write,
	.release = lft_reader_release,
	.llseek = noop_llseek,
};

const struct file_operations lft_snapshot_fops = {
	.owner = THIS_MODULE,
	.open = lft_snapshot_open,
	.read = lft_reader_read,
	.write = lft_snapshot_write,
	.release = lft_snapshot_release,
	.llseek = noop_llseek,
};

const struct file_operations lft_pipe_fops = {
	.owner = THIS_MODULE,
	.open = lft_pipe_open,
	.read = lft_reader_read,
	.poll = lft_pipe_poll,
	.release = lft_reader_release,
	.llseek = LFT_NO_LLSEEK,
};
