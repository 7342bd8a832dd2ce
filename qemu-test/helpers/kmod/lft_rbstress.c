// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rbstress: drives lftrace's ring buffer from a test, through files in
 * /sys/kernel/debug/lft_rbstress/.
 *
 *   run       write N: for N seconds, every online CPU writes from a
 *             kthread (task), a tasklet (softirq) and an hrtimer (hardirq)
 *             while a reader consumes across CPUs; then drain and check
 *   result    the last run's counts and verdict ("ok=1" when the
 *             accounting written == read + overrun + dropped +
 *             commit_overrun + remaining holds exactly on every CPU, every
 *             payload is intact, sequence numbers only go up and times
 *             never go back on a CPU)
 *   kbuf      write anything: fill a fresh buffer on one CPU with events of
 *             many sizes, a long gap (time extend), nested writes
 *             (absolute stamps) and an overflow (missed events)
 *   kbuf_expected   those events as lftrace's iterator decodes them:
 *             "ts len first-bytes" per line
 *   kbuf_pages      the same events as raw data pages (trace_pipe_raw)
 */
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/irq_work.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "ringbuf/ringbuf.h"

#define NSRC 3			/* task, softirq, hardirq */
#define MAXLEN 200

struct payload {
	u8 src;
	u8 cpu;
	u16 len;
	u32 seq;
	u8 bytes[];
};

struct scpu {
	struct task_struct *writer;
	struct hrtimer timer;
	struct tasklet_struct tasklet;
	unsigned long attempts[NSRC];
	u32 seq[NSRC];
	/* reader side */
	unsigned long consumed;
	u32 last_seq[NSRC];
	bool seen[NSRC];
	u64 last_ts;
};

static struct lft_rb *rb;
static struct scpu *sc;
static bool stopping;
static struct task_struct *reader;
static unsigned long pattern_errors, seq_errors, ts_errors, wakeups;
static char *result;
static DEFINE_MUTEX(lock);

static unsigned int plen(u32 seq)
{
	return sizeof(struct payload) + (seq * 37) % MAXLEN;
}

static void write_one(int src)
{
	int cpu = smp_processor_id();
	struct scpu *s = &sc[cpu];
	u32 seq = s->seq[src]++;
	unsigned int len = plen(seq), i;
	struct lft_rb_res res;
	struct payload *p;

	s->attempts[src]++;
	p = lft_rb_reserve(rb, len, &res);
	if (!p)
		return;
	p->src = src;
	p->cpu = cpu;
	p->len = len;
	p->seq = seq;
	for (i = 0; i < len - sizeof(*p); i++)
		p->bytes[i] = (u8)(seq + i);
	lft_rb_commit(&res);
}

static int writer_fn(void *arg)
{
	unsigned long n = 0;

	while (!kthread_should_stop()) {
		preempt_disable();
		write_one(0);
		preempt_enable();
		if (!(++n & 63))
			cond_resched();
	}
	return 0;
}

static void tasklet_fn(struct tasklet_struct *t)
{
	write_one(1);
}

static enum hrtimer_restart timer_fn(struct hrtimer *t)
{
	struct scpu *s = container_of(t, struct scpu, timer);

	write_one(2);
	if (READ_ONCE(stopping))
		return HRTIMER_NORESTART;
	tasklet_schedule(&s->tasklet);
	hrtimer_forward_now(t, ns_to_ktime(100 * NSEC_PER_USEC));
	return HRTIMER_RESTART;
}

static void start_timer(void *arg)
{
	struct scpu *s = arg;

	hrtimer_start(&s->timer, ns_to_ktime(NSEC_PER_MSEC),
		      HRTIMER_MODE_REL_PINNED_HARD);
}

static void check(const struct payload *p, const struct lft_rb_entry *e)
{
	struct scpu *s;
	unsigned int i;

	if (e->len < sizeof(*p) || p->cpu != e->cpu || p->src >= NSRC ||
	    p->len > e->len || p->len != plen(p->seq)) {
		pattern_errors++;
		return;
	}
	for (i = 0; i < p->len - sizeof(*p); i++)
		if (p->bytes[i] != (u8)(p->seq + i)) {
			pattern_errors++;
			return;
		}
	s = &sc[e->cpu];
	if (s->seen[p->src] && p->seq <= s->last_seq[p->src])
		seq_errors++;
	s->seen[p->src] = true;
	s->last_seq[p->src] = p->seq;
	if (e->ts < s->last_ts)
		ts_errors++;
	s->last_ts = e->ts;
	s->consumed++;
}

static int consume_all(void *buf)
{
	struct lft_rb_entry e;
	int n = 0;

	while (lft_rb_consume_merged(rb, cpu_possible_mask, buf,
				     sizeof(struct payload) + MAXLEN, &e) >= 0) {
		check(buf, &e);
		n++;
	}
	return n;
}

static int reader_fn(void *buf)
{
	while (!kthread_should_stop()) {
		if (consume_all(buf))
			continue;
		if (!lft_rb_wait(rb, LFT_RB_ALL_CPUS, 0))
			wakeups++;
	}
	return 0;
}

static int stress(unsigned int secs)
{
	unsigned long att, all_att = 0, all_read = 0, len = 0;
	struct lft_rb_stats st;
	bool ok = true;
	void *buf;
	int cpu, i;

	buf = kmalloc(sizeof(struct payload) + MAXLEN, GFP_KERNEL);
	sc = kcalloc(nr_cpu_ids, sizeof(*sc), GFP_KERNEL);
	rb = lft_rb_alloc(16 * LFT_RB_DATA_SIZE, true);
	result = kzalloc(PAGE_SIZE, GFP_KERNEL);
	if (!buf || !sc || !rb || !result)
		goto nomem;
	stopping = false;
	pattern_errors = seq_errors = ts_errors = wakeups = 0;

	reader = kthread_run(reader_fn, buf, "lft_rbs_reader");
	for_each_online_cpu(cpu) {
		struct scpu *s = &sc[cpu];

		tasklet_setup(&s->tasklet, tasklet_fn);
		hrtimer_init(&s->timer, CLOCK_MONOTONIC,
			     HRTIMER_MODE_REL_PINNED_HARD);
		s->timer.function = timer_fn;
		s->writer = kthread_create_on_cpu(writer_fn, NULL, cpu,
						  "lft_rbs_w/%u");
		if (!IS_ERR(s->writer))
			wake_up_process(s->writer);
		else
			s->writer = NULL;
	}
	/* A pinned timer fires where it was started: start each there. */
	for_each_online_cpu(cpu)
		smp_call_function_single(cpu, start_timer, &sc[cpu], 1);

	msleep(secs * MSEC_PER_SEC);

	WRITE_ONCE(stopping, true);
	for_each_online_cpu(cpu) {
		hrtimer_cancel(&sc[cpu].timer);
		tasklet_kill(&sc[cpu].tasklet);
		if (sc[cpu].writer)
			kthread_stop(sc[cpu].writer);
	}
	if (!IS_ERR(reader)) {
		lft_rb_wake_all(rb);
		kthread_stop(reader);
	}
	consume_all(buf);

	for_each_online_cpu(cpu) {
		struct scpu *s = &sc[cpu];

		lft_rb_stats(rb, cpu, &st);
		for (i = 0, att = 0; i < NSRC; i++) {
			att += s->attempts[i];
			if (!s->attempts[i])
				ok = false;
		}
		if (st.written != att || st.read != s->consumed ||
		    att != st.read + st.overrun + st.dropped +
			   st.commit_overrun + st.entries || st.entries)
			ok = false;
		len += scnprintf(result + len, PAGE_SIZE - len,
				 "cpu%d attempts=%lu task=%lu softirq=%lu hardirq=%lu written=%lu read=%lu overrun=%lu dropped=%lu commit_overrun=%lu remaining=%lu\n",
				 cpu, att, s->attempts[0], s->attempts[1],
				 s->attempts[2], st.written, st.read,
				 st.overrun, st.dropped, st.commit_overrun,
				 st.entries);
		all_att += att;
		all_read += s->consumed;
	}
	if (pattern_errors || seq_errors || ts_errors || !all_read ||
	    IS_ERR(reader))
		ok = false;
	scnprintf(result + len, PAGE_SIZE - len,
		  "attempts=%lu consumed=%lu pattern_errors=%lu seq_errors=%lu ts_errors=%lu wakeups=%lu\nok=%d\n",
		  all_att, all_read, pattern_errors, seq_errors, ts_errors,
		  wakeups, ok);
	lft_rb_free(rb);
	rb = NULL;
	kfree(sc);
	kfree(buf);
	return 0;
nomem:
	lft_rb_free(rb);
	rb = NULL;
	kfree(sc);
	kfree(buf);
	return -ENOMEM;
}

static ssize_t run_write(struct file *f, const char __user *ubuf, size_t n,
			 loff_t *pos)
{
	unsigned int secs;
	int ret;

	ret = kstrtouint_from_user(ubuf, n, 0, &secs);
	if (ret)
		return ret;
	if (!secs || secs > 600)
		return -EINVAL;
	mutex_lock(&lock);
	kfree(result);
	result = NULL;
	ret = stress(secs);
	mutex_unlock(&lock);
	return ret ? ret : n;
}

static ssize_t result_read(struct file *f, char __user *ubuf, size_t n,
			   loff_t *pos)
{
	ssize_t ret;

	mutex_lock(&lock);
	ret = result ? simple_read_from_buffer(ubuf, n, pos, result,
					       strlen(result)) : -ENODATA;
	mutex_unlock(&lock);
	return ret;
}

/* ------------------------------------------------------------ kbuf */

static struct lft_rb *kb;
static void *kb_pages;		/* vmalloc'ed copies of the read pages */
static unsigned int kb_npages;
static char *kb_expected;
static struct irq_work kb_work;
static int kb_cpu;

static u8 kb_buf[LFT_RB_MAX_PAYLOAD], kb_nbuf[300];

static void kb_write_buf(u8 *buf, unsigned int len, unsigned int seed)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		buf[i] = (u8)(seed + i * 3);
	lft_rb_write(kb, buf, len);
}

static void kb_write(unsigned int len, unsigned int seed)
{
	kb_write_buf(kb_buf, len, seed);
}

/* irq_work: runs inside the task's reservation, with its own buffer. */
static void kb_nested(struct irq_work *w)
{
	kb_write_buf(kb_nbuf, 24, 0xee);
	kb_write_buf(kb_nbuf, 300, 0xef);
}

static int kb_fill(void)
{
	struct lft_rb_res res;
	struct lft_rb_iter *it;
	struct lft_rb_entry e;
	unsigned int len, i, out = 0;
	size_t cap = 256 * 64;
	u8 first[8];
	void *page, *p;
	int ret, spin;

	kb = lft_rb_alloc(8 * LFT_RB_DATA_SIZE, true);
	kb_expected = vzalloc(cap);
	kb_pages = vzalloc(64 * PAGE_SIZE);
	page = kb ? lft_rb_alloc_read_page(kb) : NULL;
	if (!kb || !kb_expected || !kb_pages || !page) {
		lft_rb_free_read_page(page);
		return -ENOMEM;
	}
	init_irq_work(&kb_work, kb_nested);
	kb_cpu = raw_smp_processor_id();
	set_cpus_allowed_ptr(current, cpumask_of(kb_cpu));
	/* Overflow first, so the first page read reports missed events. */
	for (i = 0; i < 400; i++)
		kb_write(100, i);
	for (len = 1; len <= 260; len += 7)
		kb_write(len, len);
	msleep(200);			/* a delta beyond 27 bits */
	kb_write(16, 0x55);
	/* Nested writers inside a reservation: absolute time stamps. */
	p = lft_rb_reserve(kb, 40, &res);
	if (p) {
		irq_work_queue(&kb_work);
		for (spin = 0; spin < 100000; spin++)
			cpu_relax();
		memset(p, 0x77, 40);
		lft_rb_commit(&res);
	}
	irq_work_sync(&kb_work);
	kb_write(LFT_RB_MAX_PAYLOAD, 0x33);
	kb_write(8, 0x99);

	it = lft_rb_iter_start(kb, kb_cpu, GFP_KERNEL);
	if (!it)
		return -ENOMEM;
	while (lft_rb_iter_next(it, first, sizeof(first), &e) >= 0 &&
	       out + 64 < cap)
		out += scnprintf(kb_expected + out, cap - out,
				 "%llu %u %*phN\n", e.ts, e.len,
				 (int)min_t(unsigned int, e.len, 8), first);
	lft_rb_iter_finish(it);

	kb_npages = 0;
	while (kb_npages < 64 &&
	       (ret = lft_rb_read_page(kb, kb_cpu, &page)) >= 0) {
		memcpy(kb_pages + kb_npages * PAGE_SIZE, page, PAGE_SIZE);
		kb_npages++;
	}
	lft_rb_free_read_page(page);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
	return 0;
}

static void kb_free(void)
{
	lft_rb_free(kb);
	kb = NULL;
	vfree(kb_pages);
	kb_pages = NULL;
	vfree(kb_expected);
	kb_expected = NULL;
	kb_npages = 0;
}

static ssize_t kbuf_write(struct file *f, const char __user *ubuf, size_t n,
			  loff_t *pos)
{
	int ret;

	mutex_lock(&lock);
	kb_free();
	ret = kb_fill();
	mutex_unlock(&lock);
	return ret ? ret : n;
}

static ssize_t kbuf_expected_read(struct file *f, char __user *ubuf,
				  size_t n, loff_t *pos)
{
	ssize_t ret = -ENODATA;

	mutex_lock(&lock);
	if (kb_expected)
		ret = simple_read_from_buffer(ubuf, n, pos, kb_expected,
					      strlen(kb_expected));
	mutex_unlock(&lock);
	return ret;
}

static ssize_t kbuf_pages_read(struct file *f, char __user *ubuf, size_t n,
			       loff_t *pos)
{
	ssize_t ret = -ENODATA;

	mutex_lock(&lock);
	if (kb_pages)
		ret = simple_read_from_buffer(ubuf, n, pos, kb_pages,
					      kb_npages * PAGE_SIZE);
	mutex_unlock(&lock);
	return ret;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE, .write = run_write, .llseek = noop_llseek,
};

static const struct file_operations result_fops = {
	.owner = THIS_MODULE, .read = result_read, .llseek = noop_llseek,
};

static const struct file_operations kbuf_fops = {
	.owner = THIS_MODULE, .write = kbuf_write, .llseek = noop_llseek,
};

static const struct file_operations kbuf_expected_fops = {
	.owner = THIS_MODULE, .read = kbuf_expected_read,
	.llseek = noop_llseek,
};

static const struct file_operations kbuf_pages_fops = {
	.owner = THIS_MODULE, .read = kbuf_pages_read, .llseek = noop_llseek,
};

static struct dentry *dir;

static int __init lft_rbstress_init(void)
{
	dir = debugfs_create_dir("lft_rbstress", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	debugfs_create_file("run", 0200, dir, NULL, &run_fops);
	debugfs_create_file("result", 0400, dir, NULL, &result_fops);
	debugfs_create_file("kbuf", 0200, dir, NULL, &kbuf_fops);
	debugfs_create_file("kbuf_expected", 0400, dir, NULL,
			    &kbuf_expected_fops);
	debugfs_create_file("kbuf_pages", 0400, dir, NULL, &kbuf_pages_fops);
	return 0;
}

static void __exit lft_rbstress_exit(void)
{
	debugfs_remove(dir);
	kb_free();
	kfree(result);
}

module_init(lft_rbstress_init);
module_exit(lft_rbstress_exit);

MODULE_LICENSE("GPL");
/* lftrace's internal interfaces, for tests and benchmarks only. */
MODULE_IMPORT_NS(LFTRACE_INTERNAL);
MODULE_DESCRIPTION("lftrace ring buffer stress and page-format test helper");
