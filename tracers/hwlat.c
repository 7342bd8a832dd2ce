// SPDX-License-Identifier: GPL-2.0
/*
 * hwlat: the hardware latency detector, with 6.1's files and records, for
 * kernels built without CONFIG_HWLAT_TRACER (Debian's stock ones). A
 * kthread spends "width" microseconds of every "window" reading the clock
 * in a tight loop with interrupts off: nothing of Linux can run there, so
 * a gap between two readings (inner: within a pair, outer: between pairs)
 * is time the CPU was taken away (SMIs, a hypervisor, an NMI). A sample
 * whose largest gap exceeds tracing_thresh (10 us while it is 0, as the
 * kernel) becomes an ftrace/hwlat record.
 *
 * NMIs: the kernel's NMI entry calls its hwlat tracer directly, which a
 * module cannot be. Here an NMI handler of our own, first on the NMI_LOCAL
 * chain while the tracer runs (it handles nothing), counts the NMIs that
 * reach the handler chain on the sampled CPU, and stamps the time; the
 * loop's next reading closes it, so nmi-total is from the first handler
 * to the loop's return (the entry code before the handlers is not in it).
 *
 * Modes, as the kernel's: "none" (one thread, hwlatd, on the online CPUs
 * of tracing_cpumask, placed by the scheduler), "round-robin" (one thread
 * moved to the next such CPU each window; moving it by hand drops to
 * none) and "per-cpu" (hwlatd/N on each, following CPU hotplug).
 *
 * One array runs it at a time (EBUSY elsewhere), in instances too; the
 * threads run while tracing_on is 1. tracing_max_latency gets the largest
 * gap in microseconds stored as the kernel's tracer stores it, in the
 * nanosecond field the file divides by 1000 (so a 2,500 us gap reads 2).
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/kthread.h>
#include <linux/sched/clock.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <asm/nmi.h>

#include "core/trace.h"

#define LFT_HW_WINDOW_US	1000000ULL	/* defaults, the kernel's */
#define LFT_HW_WIDTH_US		500000ULL
#define LFT_HW_THRESH_NS	(10 * NSEC_PER_USEC)

enum { LFT_HW_NONE, LFT_HW_RR, LFT_HW_PER_CPU, LFT_HW_NR_MODES };
static const char *const lft_hw_mode_names[LFT_HW_NR_MODES] = {
	"none", "round-robin", "per-cpu",
};

/* A CPU's sampling state: the NMI handler and the loop share it. */
struct lft_hw_cpu {
	struct task_struct *thread;	/* per-cpu mode's (cpus lock) */
	struct work_struct online;	/* start it when the CPU comes up */
	unsigned int cpu;		/* which CPU this is */
	bool sampling;			/* the loop runs here: count NMIs */
	u64 nmi_start;			/* an NMI's stamp, until the loop's */
	u64 nmi_total;			/* ns in NMIs in this sample */
	unsigned int nmi_count;
};

static DEFINE_PER_CPU(struct lft_hw_cpu, lft_hw_cpu);

/* width and window (us), as a pair: the store checks one against the other. */
static DEFINE_SPINLOCK(lft_hw_lock);
static u64 lft_hw_window = LFT_HW_WINDOW_US;
static u64 lft_hw_width = LFT_HW_WIDTH_US;

/* lft_lock: */
static struct lft_array *lft_hw_tr;	/* the array it runs in */
static bool lft_hw_running;		/* threads started */
static bool lft_hw_run_single;		/* ... one thread, not per CPU */
static struct task_struct *lft_hw_thread;
static unsigned long lft_hw_saved_thresh;
static unsigned long lft_hw_last_thresh = LFT_HW_THRESH_NS;
static int lft_hw_cpuhp = -1;

/* Read by the thread; round-robin may drop it to none. */
static int lft_hw_mode = LFT_HW_RR;
static atomic64_t lft_hw_seq;
/* The round-robin thread's affinity, its own to compare and set. */
static struct cpumask lft_hw_rr_mask;

static DECLARE_WAIT_QUEUE_HEAD(lft_hw_wq);

static int lft_hw_nmi(unsigned int type, struct pt_regs *regs)
{
	struct lft_hw_cpu *c = this_cpu_ptr(&lft_hw_cpu);

	if (READ_ONCE(c->sampling)) {
		c->nmi_count++;
		WRITE_ONCE(c->nmi_start, sched_clock() ? : 1);
	}
	return NMI_DONE;
}

/* Close an NMI the handler stamped, at @now (interrupts off). */
static void lft_hw_nmi_close(struct lft_hw_cpu *c, u64 now)
{
	/* xchg: another NMI may stamp it between our read and write. */
	u64 from = xchg(&c->nmi_start, 0);

	if (from && now > from)
		c->nmi_total += now - from;
}

/* A print record in @tr, as the kernel's tracer reports a broken clock. */
static void lft_hw_note(struct lft_array *tr, const char *msg)
{
	unsigned int len = strlen(msg);
	struct lft_print_entry *p;
	struct lft_rb_res res;

	if (!lft_array_writable(tr))
		return;
	p = lft_trace_reserve(READ_ONCE(tr->rb), LFT_TRACE_PRINT,
			      sizeof(*p) + len + 1, 0, &res);
	if (!p)
		return;
	p->ip = _THIS_IP_;
	memcpy(p->buf, msg, len + 1);
	lft_rb_commit(&res);
	lft_taskinfo_note();
}

/* The sample's record, and the max (interrupts still off). */
static void lft_hw_record(struct lft_array *tr, struct lft_hw_cpu *c,
			  u64 inner, u64 outer, unsigned int count,
			  const struct timespec64 *ts)
{
	struct lft_hwlat_entry *h;
	struct lft_rb_res res;
	u64 seq = atomic64_inc_return(&lft_hw_seq);
	u64 us = max(inner, outer) / NSEC_PER_USEC;

	/* Microseconds in the ns field: the kernel's tracer does so. */
	if (us > READ_ONCE(tr->max_latency))
		WRITE_ONCE(tr->max_latency, us);
	if (!lft_array_writable(tr))
		return;
	h = lft_trace_reserve(READ_ONCE(tr->rb), LFT_TRACE_HWLAT, sizeof(*h),
			      0, &res);
	if (!h)
		return;
	h->duration = inner / NSEC_PER_USEC;
	h->outer_duration = outer / NSEC_PER_USEC;
	h->nmi_total_ts = c->nmi_total / NSEC_PER_USEC;
	h->tv_sec = ts->tv_sec;
	h->tv_nsec = ts->tv_nsec;
	h->nmi_count = c->nmi_count;
	h->seqnum = seq;
	h->count = count;
	lft_rb_commit(&res);
	lft_taskinfo_note();
}

/*
 * One sample of @width_us, interrupts off. Gaps are compared in whole
 * microseconds, as the kernel's: one counts when its microseconds exceed
 * tracing_thresh's. The loop ends early only when the thread is stopped.
 */
static void lft_hw_sample(struct lft_array *tr, u64 width_us)
{
	struct lft_hw_cpu *c = this_cpu_ptr(&lft_hw_cpu);
	u64 thresh_us = READ_ONCE(lft_tracing_thresh) / NSEC_PER_USEC;
	u64 over = (thresh_us + 1) * NSEC_PER_USEC;
	u64 end = width_us < div_u64(U64_MAX, NSEC_PER_USEC) - 1 ?
		  (width_us + 1) * NSEC_PER_USEC : U64_MAX;
	u64 start, t1, t2, last = 0, in, out = 0, inner = 0, outer = 0;
	struct timespec64 ts = {};
	unsigned int count = 0, n = 0;

	c->nmi_total = 0;
	c->nmi_count = 0;
	WRITE_ONCE(c->nmi_start, 0);
	/* The counts are reset before the handler may add to them. */
	barrier();
	WRITE_ONCE(c->sampling, true);
	start = sched_clock();
	do {
		t1 = sched_clock();
		t2 = sched_clock();
		if (unlikely(READ_ONCE(c->nmi_start)))
			lft_hw_nmi_close(c, t2);
		if (unlikely(t2 < t1 || t1 < last))
			goto backwards;
		if (last) {
			out = t1 - last;
			outer = max(outer, out);
		}
		last = t2;
		in = t2 - t1;
		inner = max(inner, in);
		if (unlikely(in >= over || out >= over) && !count++)
			ktime_get_real_ts64(&ts);
		if (unlikely(!(++n & 0xfff)) && kthread_should_stop())
			goto stopped;
	} while (t2 - start < end);
	WRITE_ONCE(c->sampling, false);
	barrier();
	if (READ_ONCE(c->nmi_start))
		lft_hw_nmi_close(c, sched_clock());
	if (inner >= over || outer >= over)
		lft_hw_record(tr, c, inner, outer, count, &ts);
	return;
backwards:
	lft_hw_note(tr, "hwlat_detector: time running backwards\n");
stopped:
	WRITE_ONCE(c->sampling, false);
}

/* Round-robin: on to the next CPU of tracing_cpumask (cpus lock taken). */
static void lft_hw_next_cpu(struct lft_array *tr)
{
	struct cpumask *m = &lft_hw_rr_mask;
	unsigned int cpu;

	if (!cpumask_equal(m, current->cpus_ptr))
		goto none;
	cpus_read_lock();
	cpumask_and(m, cpu_online_mask, tr->cpumask);
	cpu = cpumask_next(raw_smp_processor_id(), m);
	if (cpu >= nr_cpu_ids)
		cpu = cpumask_first(m);
	cpus_read_unlock();
	if (cpu >= nr_cpu_ids)
		goto none;
	cpumask_copy(m, cpumask_of(cpu));
	set_cpus_allowed_ptr(current, m);
	return;
none:
	WRITE_ONCE(lft_hw_mode, LFT_HW_NONE);
	pr_info("lftrace: hwlat: cpumask changed while in round-robin mode, switching to mode none\n");
}

static int lft_hw_thread_fn(void *data)
{
	struct lft_array *tr = data;
	u64 width, gap;

	while (!kthread_should_stop()) {
		if (READ_ONCE(lft_hw_mode) == LFT_HW_RR)
			lft_hw_next_cpu(tr);
		spin_lock(&lft_hw_lock);
		width = lft_hw_width;
		gap = lft_hw_window - width;
		spin_unlock(&lft_hw_lock);
		local_irq_disable();
		lft_hw_sample(tr, width);
		local_irq_enable();
		/* The rest of the window in ms, 1 at least, as the kernel's. */
		gap = max_t(u64, div_u64(gap, USEC_PER_MSEC), 1);
		gap = min_t(u64, gap, UINT_MAX);
		wait_event_interruptible_timeout(lft_hw_wq, kthread_should_stop(),
						 msecs_to_jiffies((unsigned int)gap) + 1);
	}
	return 0;
}

/* Per-cpu mode: hwlatd/@cpu (cpus lock held). */
static int lft_hw_start_cpu(struct lft_array *tr, unsigned int cpu)
{
	struct lft_hw_cpu *c = per_cpu_ptr(&lft_hw_cpu, cpu);
	struct task_struct *t;

	if (c->thread)
		return 0;
	t = kthread_create_on_cpu(lft_hw_thread_fn, tr, cpu, "hwlatd/%u");
	if (IS_ERR(t))
		return PTR_ERR(t);
	c->thread = t;
	wake_up_process(t);
	return 0;
}

static int lft_hw_start_single(struct lft_array *tr)
{
	struct cpumask *m = &lft_hw_rr_mask;
	struct task_struct *t;

	t = kthread_create(lft_hw_thread_fn, tr, "hwlatd");
	if (IS_ERR(t))
		return PTR_ERR(t);
	cpus_read_lock();
	cpumask_and(m, cpu_online_mask, tr->cpumask);
	if (READ_ONCE(lft_hw_mode) == LFT_HW_RR && !cpumask_empty(m))
		cpumask_copy(m, cpumask_of(cpumask_first(m)));
	/* No online CPU traced: it runs anywhere, and records nothing. */
	if (!cpumask_empty(m))
		set_cpus_allowed_ptr(t, m);
	cpus_read_unlock();
	lft_hw_thread = t;
	wake_up_process(t);
	return 0;
}

static void lft_hw_stop_threads(void);

/* Start sampling in @tr (lft_lock held). */
static void lft_hw_start_threads(struct lft_array *tr)
{
	unsigned int cpu;
	int ret = 0;

	if (lft_hw_running)
		return;
	lft_hw_running = true;
	lft_hw_run_single = READ_ONCE(lft_hw_mode) != LFT_HW_PER_CPU;
	if (lft_hw_run_single) {
		ret = lft_hw_start_single(tr);
	} else {
		cpus_read_lock();
		for_each_cpu_and(cpu, cpu_online_mask, tr->cpumask) {
			ret = lft_hw_start_cpu(tr, cpu);
			if (ret)
				break;
		}
		cpus_read_unlock();
	}
	if (ret) {
		pr_err("lftrace: hwlat: cannot start the sampling thread (%d)\n",
		       ret);
		lft_hw_stop_threads();
	}
}

/* Stop sampling (lft_lock held); no sample runs once this returns. */
static void lft_hw_stop_threads(void)
{
	unsigned int cpu;

	if (!lft_hw_running)
		return;
	/*
	 * Not under the cpus lock: the round-robin thread takes it, and a
	 * hotplug writer waiting would make it wait for us.
	 */
	if (lft_hw_thread)
		kthread_stop(lft_hw_thread);
	lft_hw_thread = NULL;
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		struct lft_hw_cpu *c = per_cpu_ptr(&lft_hw_cpu, cpu);

		if (c->thread)
			kthread_stop(c->thread);
		c->thread = NULL;
	}
	cpus_read_unlock();
	lft_hw_running = false;
}

/* A CPU came up: per-cpu mode starts its thread, from a work (lft_lock). */
static void lft_hw_online_work(struct work_struct *w)
{
	unsigned int cpu = container_of(w, struct lft_hw_cpu, online)->cpu;
	struct lft_array *tr;

	mutex_lock(&lft_lock);
	cpus_read_lock();
	tr = lft_hw_tr;
	if (tr && lft_hw_running && !lft_hw_run_single && cpu_online(cpu) &&
	    cpumask_test_cpu(cpu, tr->cpumask) &&
	    lft_hw_start_cpu(tr, cpu))
		pr_err("lftrace: hwlat: cannot start hwlatd/%u\n", cpu);
	cpus_read_unlock();
	mutex_unlock(&lft_lock);
}

static int lft_hw_cpu_up(unsigned int cpu)
{
	schedule_work_on(cpu, &per_cpu_ptr(&lft_hw_cpu, cpu)->online);
	return 0;
}

/* The CPU goes down (cpus write-locked): its thread goes first. */
static int lft_hw_cpu_down(unsigned int cpu)
{
	struct lft_hw_cpu *c = per_cpu_ptr(&lft_hw_cpu, cpu);

	if (c->thread)
		kthread_stop(c->thread);
	c->thread = NULL;
	return 0;
}

/* tracing_on: the threads run while it is 1, as the kernel's. */
static void lft_hw_tracer_start(struct lft_array *tr)
{
	lft_hw_start_threads(tr);
}

static void lft_hw_tracer_stop(struct lft_array *tr)
{
	lft_hw_stop_threads();
}

static int lft_hw_init(struct lft_array *tr)
{
	if (lft_hw_tr)
		return -EBUSY;
	lft_hw_tr = tr;
	atomic64_set(&lft_hw_seq, 0);
	tr->max_latency = 0;
	/* tracing_thresh 0 means the last one hwlat ran with (10 us first). */
	lft_hw_saved_thresh = lft_tracing_thresh;
	if (!lft_tracing_thresh)
		lft_tracing_thresh = lft_hw_last_thresh;
	/* Without the handler the samples still come, with no NMI counts. */
	if (register_nmi_handler(NMI_LOCAL, lft_hw_nmi, NMI_FLAG_FIRST,
				 "lftrace_hwlat"))
		pr_info("lftrace: hwlat: no NMI handler: NMIs not counted\n");
	if (lft_array_on(tr))
		lft_hw_start_threads(tr);
	return 0;
}

static void lft_hw_reset(struct lft_array *tr)
{
	lft_hw_stop_threads();
	unregister_nmi_handler(NMI_LOCAL, "lftrace_hwlat");
	lft_hw_last_thresh = lft_tracing_thresh;
	lft_tracing_thresh = lft_hw_saved_thresh;
	lft_hw_tr = NULL;
}

static struct lft_tracer lft_hwlat_tracer = {
	.name = "hwlat",
	.init = lft_hw_init,
	.reset = lft_hw_reset,
	.start = lft_hw_tracer_start,
	.stop = lft_hw_tracer_stop,
	.allow_instances = true,
};

/* ------------------------------------------------------ hwlat_detector/ */

static void lft_hw_show_u64(struct seq_buf *s, const u64 *v)
{
	seq_buf_printf(s, "%llu\n", *v);
}

static void lft_hw_show_width(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_hw_show_u64(s, &lft_hw_width);
}

static void lft_hw_show_window(struct lft_file_ref *ref, struct seq_buf *s)
{
	lft_hw_show_u64(s, &lft_hw_window);
}

/* width <= window, checked against the other under their lock. */
static int lft_hw_store_pair(char *buf, bool width)
{
	u64 v;
	int ret = kstrtoull(buf, 10, &v);

	if (ret)
		return ret;
	spin_lock(&lft_hw_lock);
	if (width ? v > lft_hw_window : v < lft_hw_width)
		ret = -EINVAL;
	else if (width)
		lft_hw_width = v;
	else
		lft_hw_window = v;
	spin_unlock(&lft_hw_lock);
	return ret;
}

static int lft_hw_store_width(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	return lft_hw_store_pair(buf, true);
}

static int lft_hw_store_window(struct lft_file_ref *ref, char *buf,
			       size_t cnt)
{
	return lft_hw_store_pair(buf, false);
}

static void lft_hw_show_mode(struct lft_file_ref *ref, struct seq_buf *s)
{
	int i, cur = READ_ONCE(lft_hw_mode);

	for (i = 0; i < LFT_HW_NR_MODES; i++)
		seq_buf_printf(s, i == cur ? "%s[%s]" : "%s%s", i ? " " : "",
			       lft_hw_mode_names[i]);
	seq_buf_printf(s, "\n");
}

/* A new mode restarts running threads in it (even when the word is bad). */
static int lft_hw_store_mode(struct lft_file_ref *ref, char *buf, size_t cnt)
{
	const char *word = strim(buf);
	bool run = lft_hw_running;
	int i, ret = -EINVAL;

	lft_hw_stop_threads();
	for (i = 0; i < LFT_HW_NR_MODES; i++) {
		if (!strcmp(word, lft_hw_mode_names[i])) {
			WRITE_ONCE(lft_hw_mode, i);
			ret = 0;
		}
	}
	if (run && lft_hw_tr)
		lft_hw_start_threads(lft_hw_tr);
	return ret;
}

/*
 * The kernel's limits: width and window parse up to 66 characters (more
 * are cut, as kstrtoull_from_user() does), mode takes 63.
 */
static const struct lft_attr lft_hw_attrs[] = {
	{ "window", 0640, lft_hw_show_window, lft_hw_store_window, 66, true },
	{ "width", 0640, lft_hw_show_width, lft_hw_store_width, 66, true },
	{ "mode", 0640, lft_hw_show_mode, lft_hw_store_mode, 63 },
};

/* hwlat_detector/, in the top level only, as the kernel's. */
static int lft_hw_array_init(struct lft_array *tr, struct lft_file_ref *ref)
{
	struct dentry *dir;

	if (tr->name)
		return 0;
	dir = lft_fs_create_dir("hwlat_detector", tr->dir);
	if (IS_ERR_OR_NULL(dir))
		return -ENOMEM;
	return lft_create_attrs(ref, dir, lft_hw_attrs,
				ARRAY_SIZE(lft_hw_attrs));
}

static void lft_hw_exit(void)
{
	int cpu;

	if (lft_hw_cpuhp >= 0)
		cpuhp_remove_state_nocalls(lft_hw_cpuhp);
	lft_hw_cpuhp = -1;
	for_each_possible_cpu(cpu)
		cancel_work_sync(&per_cpu_ptr(&lft_hw_cpu, cpu)->online);
}

static int lft_hw_subsys_init(void)
{
	int cpu, ret;

	for_each_possible_cpu(cpu) {
		struct lft_hw_cpu *c = per_cpu_ptr(&lft_hw_cpu, cpu);

		INIT_WORK(&c->online, lft_hw_online_work);
		c->cpu = cpu;
	}
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"lftrace/hwlat:online", lft_hw_cpu_up,
					lft_hw_cpu_down);
	if (ret < 0)
		return ret;
	lft_hw_cpuhp = ret;
	ret = lft_tracer_register(&lft_hwlat_tracer);
	/* Not set up, so not exited: undo here. */
	if (ret)
		lft_hw_exit();
	return ret;
}

struct lft_subsys lft_hwlat_subsys = {
	.name = "hwlat",
	.init = lft_hw_subsys_init,
	.exit = lft_hw_exit,
	.array_init = lft_hw_array_init,
};
