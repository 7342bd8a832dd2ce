// SPDX-License-Identifier: GPL-2.0
/*
 * The small text files of a trace array: each has a show function that
 * prints its whole content, and a store function that parses one write.
 * Modes are those of tracefs: 0640 read-write, 0440 read-only.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "core/trace.h"

#define LFT_MODE_WRITE	0640
#define LFT_MODE_READ	0440

/*
 * What the tree's files point at (i_private) lives until unload: a list of
 * allocations freed together once the tree is gone.
 */
static LIST_HEAD(lft_kept);

struct lft_kept_node {
	struct list_head list;
	char data[];
};

void *lft_kzalloc_kept(size_t size)
{
	struct lft_kept_node *n = kzalloc(sizeof(*n) + size, GFP_KERNEL);

	if (!n)
		return NULL;
	list_add(&n->list, &lft_kept);
	return n->data;
}

/* The (array, cpu) pair a file's i_private points at. */
struct lft_file_ref *lft_file_ref(struct lft_array *tr, int cpu)
{
	struct lft_file_ref *ref = lft_kzalloc_kept(sizeof(*ref));

	if (ref) {
		ref->tr = tr;
		ref->cpu = cpu;
	}
	return ref;
}

void lft_file_refs_free(void)
{
	struct lft_kept_node *n, *tmp;

	list_for_each_entry_safe(n, tmp, &lft_kept, list) {
		list_del(&n->list);
		kfree(n);
	}
}

/* ---------------------------------------------------------------- I/O */

struct lft_attr_file {
	struct lft_array *tr;		/* first: see lft_open_check() */
	const struct lft_attr *attr;
	struct lft_file_ref *ref;
};

/*
 * The text a reader sees is made once, when it reads from offset 0, and
 * then served in as many reads as it takes, so that a table read in
 * pieces is consistent.
 */
struct lft_attr_text {
	struct mutex lock;
	size_t len;
	size_t size;		/* of buf */
	char *buf;
};

/*
 * Files that can go while lftrace stays (a dynamic event's) count their
 * opens: they are removed only when none is open, and once retired no open
 * gets through. The check comes before anything that takes lft_lock, so an
 * open racing with a removal done under lft_lock fails instead of waiting
 * for it (debugfs' removal waits for opens in progress).
 */
static DEFINE_SPINLOCK(lft_ref_lock);

/**
 * lft_file_ref_retire() - let a ref's attr files be removed, or not
 * @ref: the files' ref
 * @gone: true to retire it (fails while any is open); false to undo
 *
 * Return: true when done.
 */
bool lft_file_ref_retire(struct lft_file_ref *ref, bool gone)
{
	bool ok;

	spin_lock(&lft_ref_lock);
	ok = !gone || !ref->opens;
	if (ok)
		ref->gone = gone;
	spin_unlock(&lft_ref_lock);
	return ok;
}

static int lft_ref_open(struct lft_file_ref *ref, int delta)
{
	int ret = 0;

	spin_lock(&lft_ref_lock);
	if (delta > 0 && ref->gone)
		ret = -ENODEV;
	else
		ref->opens += delta;
	spin_unlock(&lft_ref_lock);
	return ret;
}

static int lft_attr_open(struct inode *inode, struct file *file)
{
	struct lft_attr_file *af = inode->i_private;
	struct lft_attr_text *t;
	int ret = lft_ref_open(af->ref, 1);

	if (ret)
		return ret;
	ret = lft_open_check(inode, file);
	if (ret) {
		lft_ref_open(af->ref, -1);
		return ret;
	}
	if (af->attr->trunc && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC)) {
		mutex_lock(&lft_lock);
		af->attr->trunc(af->ref);
		mutex_unlock(&lft_lock);
	}
	if (!(file->f_mode & FMODE_READ))
		return 0;
	t = kzalloc(sizeof(*t), GFP_KERNEL);
	if (!t) {
		lft_release(inode, file);
		lft_ref_open(af->ref, -1);
		return -ENOMEM;
	}
	mutex_init(&t->lock);
	file->private_data = t;
	return 0;
}

static int lft_attr_release(struct inode *inode, struct file *file)
{
	struct lft_attr_file *af = inode->i_private;
	struct lft_attr_text *t = file->private_data;

	if (t) {
		kvfree(t->buf);
		kfree(t);
	}
	lft_release(inode, file);
	lft_ref_open(af->ref, -1);
	return 0;
}

static ssize_t lft_attr_read(struct file *file, char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct lft_attr_file *af = file->f_inode->i_private;
	struct lft_attr_text *t = file->private_data;
	const struct lft_attr *a = af->attr;
	size_t max = a->big ? SZ_1M : PAGE_SIZE;
	struct seq_buf s;
	ssize_t ret;

	if (!a->show)
		return -EINVAL;
	mutex_lock(&t->lock);
	/*
	 * A page first, more only when the text overflows it: scripts
	 * read every event's small format or trigger file in a row, and a
	 * megabyte from vmalloc per open made that many times slower.
	 */
	while (!t->buf || !*ppos) {
		if (!t->buf) {
			t->size = t->size ? min(t->size * 16, max) : PAGE_SIZE;
			t->buf = kvmalloc(t->size, GFP_KERNEL);
		}
		if (!t->buf) {
			mutex_unlock(&t->lock);
			return -ENOMEM;
		}
		seq_buf_init(&s, t->buf, t->size);
		mutex_lock(&lft_lock);
		a->show(af->ref, &s);
		mutex_unlock(&lft_lock);
		t->len = seq_buf_used(&s);
		if (!seq_buf_has_overflowed(&s) || t->size >= max)
			break;
		kvfree(t->buf);
		t->buf = NULL;
	}
	ret = simple_read_from_buffer(ubuf, cnt, ppos, t->buf, t->len);
	mutex_unlock(&t->lock);
	return ret;
}

static ssize_t lft_attr_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct lft_attr_file *af = file->f_inode->i_private;
	const struct lft_attr *a = af->attr;
	size_t len = cnt;
	char *buf;
	int ret;

	if (!a->store)
		return -EINVAL;
	if (len > a->max) {
		if (!a->truncate)
			return -EINVAL;
		len = a->max;
	}
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&lft_lock);
	ret = a->store(af->ref, buf, len);
	mutex_unlock(&lft_lock);
	kfree(buf);
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static const struct file_operations lft_attr_fops = {
	.owner = THIS_MODULE,
	.open = lft_attr_open,
	.release = lft_attr_release,
	.read = lft_attr_read,
	.write = lft_attr_write,
	.llseek = default_llseek,
};

/* ---------------------------------------------------------------- files */

static void lft_show_tracers(struct lft_file_ref *ref, struct seq_buf *s)
{
	mutex_unlock(&lft_lock);		/* it takes the lock itself */
	lft_tracers_show(ref->tr, s);
	mutex_lock(&lft_lock);
}

static void lft_show_current_tracer(struct lft_file_ref *ref,
				    struct seq_buf *s)
{
	seq_buf_printf(s, "%s\n", ref->tr->tracer->name);
}

static int lft_store_current_tracer(struct lft_file_ref *ref, char *buf,
				    size_t cnt)
{
	return lft_tracer_set(ref->tr, strim(buf));
}

static void lft_show_tracing_on(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%d\n", lft_array_on(ref->tr));
}

static int lft_store_tracing_on(struct lft_file_ref *ref, char *buf,
				size_t cnt)
{
	struct lft_tracer *t = ref->tr->tracer;
	unsigned long val;
	int ret = kstrtoul(buf, 10, &val);

	if (ret)
		return ret;
	/* A change starts or stops the tracer's own work, as the kernel's. */
	if (!!val == lft_array_on(ref->tr))
		return 0;
	lft_array_set_on(ref->tr, val);
	if (val && t->start)
		t->start(ref->tr);
	else if (!val && t->stop)
		t->stop(ref->tr);
	/*
	 * Readers blocked waiting for whole pages (trace-cmd's splice) go
	 * and finish: nothing more is coming.
	 */
	if (!val)
		lft_rb_wake_all(ref->tr->rb);
	return 0;
}

static void lft_show_clock(struct lft_file_ref *ref, struct seq_buf *s)
{
	enum lft_rb_clock cur = lft_rb_get_clock(ref->tr->rb);
	int c;

	for (c = 0; c < LFT_RB_NR_CLOCKS; c++)
		seq_buf_printf(s, c == cur ? "%s[%s]" : "%s%s", c ? " " : "",
			       lft_rb_clock_name(c));
	seq_buf_printf(s, "%c", '\n');
}

static int lft_store_clock(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	int c = lft_rb_clock_parse(strim(buf));

	return c < 0 ? c : lft_array_set_clock(ref->tr, c);
}

static void lft_show_size(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_array *tr = ref->tr;
	unsigned long size = 0;
	bool same = true;
	int cpu;

	if (ref->cpu != LFT_RB_ALL_CPUS) {
		seq_buf_printf(s, "%lu\n", tr->cpu_size[ref->cpu] >> 10);
		return;
	}
	for_each_possible_cpu(cpu) {
		if (size && tr->cpu_size[cpu] != size)
			same = false;
		size = tr->cpu_size[cpu];
	}
	if (!same)
		seq_buf_printf(s, "%s", "X\n");
	else if (!tr->expanded)
		seq_buf_printf(s, "%lu (expanded: %lu)\n", size >> 10,
			       lft_buf_size >> 10);
	else
		seq_buf_printf(s, "%lu\n", size >> 10);
}

static int lft_store_size(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	unsigned long kb;
	int ret = kstrtoul(buf, 10, &kb);

	if (ret)
		return ret;
	/*
	 * As 6.1: zero is refused; the size in bytes wraps as the kernel's
	 * does (a size near ULONG_MAX becomes the minimum), and what the
	 * machine cannot have is ENOMEM. So is any other failure (a reader
	 * walking the buffer: EBUSY inside) on 6.1; later kernels pass the
	 * errno on.
	 */
	if (!kb)
		return -EINVAL;
	ret = lft_array_resize(ref->tr, kb << 10, ref->cpu);
	return ret && !LFT_RESIZE_ERRNO ? -ENOMEM : ret;
}

/* buffer_subbuf_size_kb (6.8): the ring buffer's sub-buffer size, in KB. */
static void lft_show_subbuf(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%lu\n",
		       (PAGE_SIZE << lft_rb_order(READ_ONCE(ref->tr->rb))) >> 10);
}

/*
 * As the kernel: KB rounded up to a power of two of pages, 1 to 128
 * pages (0 and anything larger: EINVAL), in its types (a value that
 * wraps in bytes counts as what it wraps to).
 */
static int lft_store_subbuf(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	unsigned long val;
	int ret = kstrtoul(buf, 10, &val);
	int pages, order;

	if (ret)
		return ret;
	val *= 1024;
	pages = DIV_ROUND_UP(val, PAGE_SIZE);
	order = fls(pages - 1);
	if (order < 0 || order > LFT_RB_MAX_ORDER)
		return -EINVAL;
	return lft_array_set_subbuf(ref->tr, order);
}

static void lft_show_total_size(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_array *tr = ref->tr;
	unsigned long size = 0, full = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		size += tr->cpu_size[cpu] >> 10;
		full += lft_buf_size >> 10;
	}
	if (!tr->expanded)
		seq_buf_printf(s, "%lu (expanded: %lu)\n", size, full);
	else
		seq_buf_printf(s, "%lu\n", size);
}

static void lft_show_stats(struct lft_file_ref *ref, struct seq_buf *s)
{
	struct lft_rb_stats st;
	bool ns = lft_time_in_ns(lft_rb_get_clock(ref->tr->rb));
	u64 t[2];
	u32 rem;
	int i;

	lft_rb_stats(ref->tr->rb, ref->cpu, &st);
	seq_buf_printf(s, "entries: %lu\noverrun: %lu\ncommit overrun: %lu\nbytes: %lu\n",
		       st.entries, st.overrun, st.commit_overrun, st.bytes);
	t[0] = st.oldest_ts;
	t[1] = st.now_ts;
	for (i = 0; i < 2; i++) {
		const char *what = i ? "now ts" : "oldest event ts";

		if (!ns) {
			seq_buf_printf(s, "%s: %llu\n", what, t[i]);
			continue;
		}
		t[i] = lft_ns_split(t[i], &rem);
		seq_buf_printf(s, "%s: %5llu.%06u\n", what, t[i], rem);
	}
	seq_buf_printf(s, "dropped events: %lu\nread events: %lu\n",
		       st.dropped, st.read);
}

static void lft_show_options(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_options_show(ref->tr, s);
}

static int lft_store_options(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	return lft_option_parse(ref->tr, strim(buf));
}

static void lft_show_percent(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%d\n", ref->tr->buffer_percent);
}

static int lft_store_percent(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	unsigned long val;
	int ret = kstrtoul(buf, 10, &val);

	if (ret)
		return ret;
	if (val > 100)
		return -EINVAL;
	/* 6.1 makes 0 a 1; 6.12 keeps it (a splice then wakes on any record). */
	WRITE_ONCE(ref->tr->buffer_percent,
		   val || LFT_SPLICE_WAKE_ONCE ? val : 1);
	return 0;
}

static void lft_show_cpumask(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%*pb\n", cpumask_pr_args(ref->tr->cpumask));
}

static int lft_store_cpumask(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	cpumask_var_t mask;
	int ret;

	if (!alloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpumask_parse(buf, mask);
	if (!ret)
		cpumask_copy(ref->tr->cpumask, mask);
	free_cpumask_var(mask);
	return ret;
}

static void lft_show_cmdlines(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_cmdline_show(s);
}

static void lft_show_cmdlines_size(struct lft_file_ref *ref,
				   struct seq_buf *s)
{
	seq_buf_printf(s, "%u\n", lft_cmdline_size());
}

static int lft_store_cmdlines_size(struct lft_file_ref *ref, char *buf,
				   size_t cnt)
{
	unsigned int n;
	int ret = kstrtouint(buf, 10, &n);

	return ret ? ret : lft_cmdline_resize(n);
}

/* tracing_thresh and tracing_max_latency: ns kept, microseconds shown. */
unsigned long lft_tracing_thresh;

static int lft_store_usecs(char *buf, unsigned long *ns)
{
	unsigned long val;
	int ret = kstrtoul(buf, 10, &val);

	if (ret)
		return ret;
	/* Unchecked, as the kernel's: a huge value wraps around. */
	*ns = val * NSEC_PER_USEC;
	return 0;
}

static void lft_show_thresh(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%lu\n", lft_tracing_thresh / NSEC_PER_USEC);
}

static int lft_store_thresh(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	return lft_store_usecs(buf, &lft_tracing_thresh);
}

static void lft_show_max_lat(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%lu\n", ref->tr->max_latency / NSEC_PER_USEC);
}

static int lft_store_max_lat(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	return lft_store_usecs(buf, &ref->tr->max_latency);
}

static void lft_show_printk_formats(struct lft_file_ref *ref,
				    struct seq_buf *s)
{
	lft_printk_formats_show(s);
}

static void lft_show_tgids(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_tgid_show(s);
}

static void lft_show_ts_mode(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "[delta] absolute\n");
}

static const struct lft_attr lft_top_attrs[] = {
	{ "available_tracers", LFT_MODE_READ, lft_show_tracers },
	{ "current_tracer", LFT_MODE_WRITE, lft_show_current_tracer,
	  lft_store_current_tracer, 100, true },
	{ "tracing_on", LFT_MODE_WRITE, lft_show_tracing_on,
	  lft_store_tracing_on, 64 },
	{ "trace_clock", LFT_MODE_WRITE, lft_show_clock, lft_store_clock, 63 },
	{ "buffer_size_kb", LFT_MODE_WRITE, lft_show_size, lft_store_size, 64 },
	{ "buffer_total_size_kb", LFT_MODE_READ, lft_show_total_size },
	{ "buffer_subbuf_size_kb", LFT_MODE_WRITE, lft_show_subbuf,
	  lft_store_subbuf, 64 },
	{ "trace_options", LFT_MODE_WRITE, lft_show_options, lft_store_options,
	  63 },
	{ "buffer_percent", LFT_MODE_WRITE, lft_show_percent,
	  lft_store_percent, 64 },
	{ "timestamp_mode", LFT_MODE_READ, lft_show_ts_mode },
	{ "tracing_cpumask", LFT_MODE_WRITE, lft_show_cpumask,
	  lft_store_cpumask, PAGE_SIZE - 1 },
	{ "tracing_max_latency", LFT_MODE_WRITE, lft_show_max_lat,
	  lft_store_max_lat, 63 },
};

/* Files of the top level only. */
static const struct lft_attr lft_global_attrs[] = {
	{ "saved_cmdlines", LFT_MODE_READ, lft_show_cmdlines, .big = true },
	{ "saved_tgids", LFT_MODE_READ, lft_show_tgids, .big = true },
	{ "printk_formats", LFT_MODE_READ, lft_show_printk_formats,
	  .big = true },
	{ "tracing_thresh", LFT_MODE_WRITE, lft_show_thresh, lft_store_thresh,
	  63 },
	{ "saved_cmdlines_size", LFT_MODE_WRITE, lft_show_cmdlines_size,
	  lft_store_cmdlines_size, 64 },
};

static const struct lft_attr lft_cpu_attrs[] = {
	{ "buffer_size_kb", LFT_MODE_WRITE, lft_show_size, lft_store_size, 64 },
	{ "stats", LFT_MODE_READ, lft_show_stats },
};

static void lft_attrs_fill(struct lft_attr_file *af, struct lft_file_ref *ref,
			   struct dentry *dir, const struct lft_attr *attrs,
			   size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		af[i].tr = ref->tr;
		af[i].attr = &attrs[i];
		af[i].ref = ref;
		lft_fs_create_file(attrs[i].name, attrs[i].mode, dir, &af[i],
				   &lft_attr_fops);
	}
}

/**
 * lft_create_attrs() - create files of the show/store kind in a directory
 * @ref: what the files' callbacks get
 * @dir: the directory
 * @attrs: the files
 * @n: how many
 *
 * Return: 0 or -ENOMEM.
 */
int lft_create_attrs(struct lft_file_ref *ref, struct dentry *dir,
		     const struct lft_attr *attrs, size_t n)
{
	struct lft_attr_file *af = lft_kzalloc_kept(n * sizeof(*af));

	if (!af)
		return -ENOMEM;
	lft_attrs_fill(af, ref, dir, attrs, n);
	return 0;
}

/**
 * lft_create_attrs_owned() - lft_create_attrs() for files that can go
 * @ref: what the files' callbacks get
 * @dir: the directory
 * @attrs: the files
 * @n: how many
 *
 * The caller frees the returned memory with kfree() once @dir is removed
 * (after lft_file_ref_retire() on @ref succeeded).
 *
 * Return: the files' memory, or NULL.
 */
void *lft_create_attrs_owned(struct lft_file_ref *ref, struct dentry *dir,
			     const struct lft_attr *attrs, size_t n)
{
	struct lft_attr_file *af = kcalloc(n, sizeof(*af), GFP_KERNEL);

	if (af)
		lft_attrs_fill(af, ref, dir, attrs, n);
	return af;
}

/*
 * free_buffer: any write is accepted; closing the file shrinks the buffer
 * to its minimum (and turns tracing off with disable_on_free), so that a
 * process can hold it open and free the memory when it dies.
 */
static ssize_t lft_free_write(struct file *file, const char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	return cnt;
}

static int lft_free_release(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;

	mutex_lock(&lft_lock);
	if (ref->tr->flags & LFT_OPT_DISABLE_ON_FREE)
		lft_array_set_on(ref->tr, false);
	lft_array_resize(ref->tr, 0, LFT_RB_ALL_CPUS);
	mutex_unlock(&lft_lock);
	return lft_release(inode, file);
}

static const struct file_operations lft_free_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.write = lft_free_write,
	.release = lft_free_release,
	.llseek = noop_llseek,
};

/* ---------------------------------------------------------------- tree */

int lft_files_create(struct lft_array *tr)
{
	struct lft_file_ref *ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	struct dentry *pc;
	char name[16];
	int ret, cpu;

	if (!ref)
		return -ENOMEM;
	ret = lft_create_attrs(ref, tr->dir, lft_top_attrs,
			       ARRAY_SIZE(lft_top_attrs));
	if (ret)
		return ret;
	lft_fs_create_file("trace", LFT_MODE_WRITE, tr->dir, ref,
			   &lft_trace_fops);
	lft_fs_create_file("trace_pipe", LFT_MODE_READ, tr->dir, ref,
			   &lft_pipe_fops);
	lft_fs_create_file("free_buffer", 0200, tr->dir, ref, &lft_free_fops);
	lft_fs_create_file("snapshot", LFT_MODE_WRITE, tr->dir, ref,
			   &lft_snapshot_fops);
	lft_err_log_create(tr, ref);
	if (!tr->name) {
		lft_readme_create(tr);
		ret = lft_instances_create(tr->dir);
		if (ret)
			return ret;
		ret = lft_create_attrs(ref, tr->dir, lft_global_attrs,
				       ARRAY_SIZE(lft_global_attrs));
		if (ret)
			return ret;
	}
	ret = lft_marker_create(tr, ref);
	if (!ret)
		ret = lft_options_create(tr);
	if (!ret)
		ret = lft_tracers_array_init(tr);
	if (!ret)
		ret = lft_subsys_array_init(tr, ref);
	if (ret)
		return ret;

	pc = lft_fs_create_dir("per_cpu", tr->dir);
	for_each_possible_cpu(cpu) {
		struct dentry *d;

		ref = lft_file_ref(tr, cpu);
		if (!ref)
			return -ENOMEM;
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = lft_fs_create_dir(name, pc);
		ret = lft_create_attrs(ref, d, lft_cpu_attrs,
				       ARRAY_SIZE(lft_cpu_attrs));
		if (ret)
			return ret;
		lft_fs_create_file("trace", LFT_MODE_WRITE, d, ref,
				   &lft_trace_fops);
		lft_fs_create_file("trace_pipe", LFT_MODE_READ, d, ref,
				   &lft_pipe_fops);
		lft_raw_create(d, ref);
		lft_fs_create_file("snapshot", LFT_MODE_WRITE, d, ref,
				   &lft_snapshot_fops);
	}
	return 0;
}
