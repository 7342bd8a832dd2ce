// SPDX-License-Identifier: GPL-2.0
/*
 * lft_rbbench: cost per event of lftrace's ring buffer against the kernel's
 * (its exported ring_buffer_* API, as ring_buffer_benchmark drives it), in
 * the same boot, with the same payload sizes.
 *
 *   echo N > /sys/kernel/debug/lft_rbbench/run    N events per measurement
 *   cat /sys/kernel/debug/lft_rbbench/result      the table
 *
 * For each size and mode, kernel and lftrace runs alternate, 5 rounds; the
 * median "ns" per event is reported. Under QEMU's -icount shift=0 a guest
 * ns is one instruction, so the numbers are instructions per event.
 * "producer" writes alone; "reader" writes while a kthread consumes on
 * another CPU or, with one CPU, the writer itself consumes every event
 * after each 1024 it writes: then the cost includes reading. (A kthread
 * sharing the one CPU would measure the scheduler's fair share: it spins
 * on the empty buffer for as long as the writer writes.) Both readers take
 * each payload out (lftrace's consume copies it; the kernel's gives a
 * pointer, copied here).
 *
 * The writers fill each payload with memset(), the same in both; under
 * -icount each byte of its "rep stosb" counts as an instruction. The same
 * loop with the fill alone (into a buffer of the module's) is measured too,
 * and the last column compares the two ring buffers without it.
 */
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include "ringbuf/ringbuf.h"

#define ROUNDS 5
#define BUF_SIZE (1024 * 1024)

static const unsigned int sizes[] = { 8, 16, 32, 64, 128 };
static struct trace_buffer *kbuf;
static struct lft_rb *lbuf;
static unsigned long accounting_errors;
static char *result;
static DEFINE_MUTEX(lock);
static int wcpu;
static bool drain_inline;	/* "reader" with one CPU: see above */

/* Consume one event of @wcpu's buffer into @buf; false when empty. */
static bool consume_one(bool lft, u8 *buf, size_t size)
{
	void *(*copy)(void *dst, const void *src, size_t n) = memcpy;
	struct ring_buffer_event *ev;
	struct lft_rb_entry e;
	unsigned long lost;
	u64 ts;

	if (lft)
		return lft_rb_consume(lbuf, wcpu, buf, size, &e) >= 0;
	ev = ring_buffer_consume(kbuf, wcpu, &ts, &lost);
	if (!ev)
		return false;
	/*
	 * The kernel's memcpy(), as lft_rb_consume() copies, called through
	 * a pointer the compiler cannot see: inlined, the copy would be
	 * another loop (under -icount "rep movsb" counts a byte an
	 * instruction), and a copy nothing reads would be dropped.
	 */
	OPTIMIZER_HIDE_VAR(copy);
	copy(buf, ring_buffer_event_data(ev),
	     min_t(unsigned int, ring_buffer_event_length(ev), size));
	return true;
}

/* Every 1024 events: the inline reader's turn, and a reschedule point. */
static void writer_pause(bool lft)
{
	u8 buf[128];

	if (drain_inline)
		while (consume_one(lft, buf, sizeof(buf)))
			;
	cond_resched();
}

static u64 run_kernel(unsigned int len, unsigned long n)
{
	struct ring_buffer_event *ev;
	unsigned long i;
	u64 t0 = ktime_get_ns();

	for (i = 0; i < n; i++) {
		ev = ring_buffer_lock_reserve(kbuf, len);
		if (!ev)
			continue;
		memset(ring_buffer_event_data(ev), 0x5a, len);
#ifdef LFT_HAVE_RB_COMMIT_BUFFER_ONLY
		ring_buffer_unlock_commit(kbuf);
#else
		ring_buffer_unlock_commit(kbuf, ev);
#endif
		if (!(i & 1023))
			writer_pause(false);
	}
	return ktime_get_ns() - t0;
}

static u8 fill_buf[128];

/* The writers' loop, with the payload's fill and no ring buffer. */
static u64 run_fill(unsigned int len, unsigned long n)
{
	unsigned long i;
	u64 t0 = ktime_get_ns();

	for (i = 0; i < n; i++) {
		memset(fill_buf, 0x5a, len);
		/* Each fill is made: nothing here reads it. */
		barrier();
		if (!(i & 1023))
			cond_resched();
	}
	return ktime_get_ns() - t0;
}

static u64 run_lftrace(unsigned int len, unsigned long n)
{
	struct lft_rb_res res;
	unsigned long i;
	void *p;
	u64 t0 = ktime_get_ns();

	for (i = 0; i < n; i++) {
		p = lft_rb_reserve(lbuf, len, &res);
		if (!p)
			continue;
		memset(p, 0x5a, len);
		lft_rb_commit(&res);
		if (!(i & 1023))
			writer_pause(true);
	}
	return ktime_get_ns() - t0;
}

static int reader_fn(void *arg)
{
	bool lft = (long)arg;
	u8 buf[128];

	while (!kthread_should_stop())
		if (!consume_one(lft, buf, sizeof(buf)))
			cond_resched();
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* One measurement: per-event cost in 1/1000 ns. */
static u64 measure(bool lft, bool with_reader, unsigned int len,
		   unsigned long n)
{
	struct task_struct *r = NULL;
	struct lft_rb_stats st;
	int rcpu;
	u64 t;

	ring_buffer_reset(kbuf);
	lft_rb_reset(lbuf);
	drain_inline = with_reader && num_online_cpus() == 1;
	if (with_reader && !drain_inline) {
		r = kthread_create(reader_fn, (void *)(long)lft, "lft_rbb_r");
		if (IS_ERR(r))
			return 0;
		rcpu = cpumask_next(wcpu, cpu_online_mask);
		kthread_bind(r, rcpu < nr_cpu_ids ? rcpu : wcpu);
		wake_up_process(r);
	}
	t = lft ? run_lftrace(len, n) : run_kernel(len, n);
	if (r)
		kthread_stop(r);
	if (lft) {
		lft_rb_stats(lbuf, wcpu, &st);
		if (st.written != n || st.written != st.read + st.overrun +
		    st.dropped + st.commit_overrun + st.entries)
			accounting_errors++;
	}
	return t * 1000 / n;
}

/* The fill alone: per-event cost in 1/1000 ns, as measure()'s. */
static u64 measure_fill(unsigned int len, unsigned long n)
{
	return run_fill(len, n) * 1000 / n;
}

/* Medians of the kernel's (@k), lftrace's (returned) and the fill's (@f). */
static u64 median(bool with_reader, unsigned int len, unsigned long n,
		  u64 *k, u64 *f)
{
	u64 a[ROUNDS], b[ROUNDS], c[ROUNDS];
	int i;

	for (i = 0; i < ROUNDS; i++) {
		a[i] = measure(false, with_reader, len, n);
		b[i] = measure(true, with_reader, len, n);
		c[i] = measure_fill(len, n);
	}
	sort(a, ROUNDS, sizeof(u64), cmp_u64, NULL);
	sort(b, ROUNDS, sizeof(u64), cmp_u64, NULL);
	sort(c, ROUNDS, sizeof(u64), cmp_u64, NULL);
	*k = a[ROUNDS / 2];
	*f = c[ROUNDS / 2];
	return b[ROUNDS / 2];
}

/* "12.34": @x in 1/1000 units, two decimals. */
static int put_milli(char *p, size_t cap, u64 x)
{
	return scnprintf(p, cap, " %llu.%02llu |", x / 1000, x % 1000 / 10);
}

/* "0.49": @l / @k, two decimals. */
static int put_ratio(char *p, size_t cap, u64 l, u64 k)
{
	if (!k)
		return scnprintf(p, cap, " - |");
	return scnprintf(p, cap, " %llu.%02llu |", l * 100 / k / 100,
			 l * 100 / k % 100);
}

static int bench(unsigned long n)
{
	size_t len = 0, cap = PAGE_SIZE;
	int m, i;
	u64 k, l, f;

	kbuf = ring_buffer_alloc(BUF_SIZE, RB_FL_OVERWRITE);
	lbuf = lft_rb_alloc(BUF_SIZE, true);
	result = kzalloc(cap, GFP_KERNEL);
	if (!kbuf || !lbuf || !result)
		goto out;
	accounting_errors = 0;
	wcpu = raw_smp_processor_id();
	set_cpus_allowed_ptr(current, cpumask_of(wcpu));
	len += scnprintf(result + len, cap - len,
			 "| mode | payload B | kernel ns/event | lftrace ns/event | lftrace/kernel | the fill alone | lftrace/kernel less the fill |\n|---|---|---|---|---|---|---|\n");
	for (m = 0; m < 2; m++) {
		for (i = 0; i < ARRAY_SIZE(sizes); i++) {
			l = median(m, sizes[i], n, &k, &f);
			len += scnprintf(result + len, cap - len, "| %s | %u |",
					 m ? "reader" : "producer", sizes[i]);
			len += put_milli(result + len, cap - len, k);
			len += put_milli(result + len, cap - len, l);
			len += put_ratio(result + len, cap - len, l, k);
			len += put_milli(result + len, cap - len, f);
			len += put_ratio(result + len, cap - len,
					 l > f ? l - f : 0, k > f ? k - f : 0);
			len += scnprintf(result + len, cap - len, "\n");
		}
	}
	scnprintf(result + len, cap - len,
		  "events per measurement: %lu, rounds: %d (median), cpus: %u, accounting errors: %lu\n",
		  n, ROUNDS, num_online_cpus(), accounting_errors);
	set_cpus_allowed_ptr(current, cpu_possible_mask);
out:
	if (kbuf)
		ring_buffer_free(kbuf);
	lft_rb_free(lbuf);
	kbuf = NULL;
	lbuf = NULL;
	return result ? 0 : -ENOMEM;
}

static ssize_t run_write(struct file *f, const char __user *ubuf, size_t cnt,
			 loff_t *pos)
{
	unsigned long n;
	int ret;

	ret = kstrtoul_from_user(ubuf, cnt, 0, &n);
	if (ret)
		return ret;
	if (n < 1000 || n > 100000000)
		return -EINVAL;
	mutex_lock(&lock);
	kfree(result);
	result = NULL;
	ret = bench(n);
	mutex_unlock(&lock);
	return ret ? ret : cnt;
}

static ssize_t result_read(struct file *f, char __user *ubuf, size_t cnt,
			   loff_t *pos)
{
	ssize_t ret = -ENODATA;

	mutex_lock(&lock);
	if (result)
		ret = simple_read_from_buffer(ubuf, cnt, pos, result,
					      strlen(result));
	mutex_unlock(&lock);
	return ret;
}

static const struct file_operations run_fops = {
	.owner = THIS_MODULE, .write = run_write, .llseek = noop_llseek,
};

static const struct file_operations result_fops = {
	.owner = THIS_MODULE, .read = result_read, .llseek = noop_llseek,
};

static struct dentry *dir;

static int __init lft_rbbench_init(void)
{
	dir = debugfs_create_dir("lft_rbbench", NULL);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	debugfs_create_file("run", 0200, dir, NULL, &run_fops);
	debugfs_create_file("result", 0400, dir, NULL, &result_fops);
	return 0;
}

static void __exit lft_rbbench_exit(void)
{
	debugfs_remove(dir);
	kfree(result);
}

module_init(lft_rbbench_init);
module_exit(lft_rbbench_exit);

MODULE_LICENSE("GPL");
/* lftrace's internal interfaces, for tests and benchmarks only. */
MODULE_IMPORT_NS(LFTRACE_INTERNAL);
MODULE_DESCRIPTION("lftrace ring buffer benchmark against the kernel's");
