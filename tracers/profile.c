// SPDX-License-Identifier: GPL-2.0
/*
 * The function profiler: function_profile_enabled and trace_stat/functionN
 * (Debian's kernel is built without the kernel's own).
 *
 * While enabled, every function set_ftrace_filter selects (all, when it is
 * empty) is counted on the CPU it runs on, and its return is hooked
 * (arch/x86/fret.c) to add its duration to its record on the CPU it
 * returns on: children included unless graph-time is off, time switched
 * out included unless sleep-time is off (function_graph's options, as in
 * the kernel). Each CPU has its own open-addressing table, written only
 * by that CPU with interrupts off; readers copy it out and sort it by time,
 * as the kernel's stat files list it. Enabling again starts from zero; the
 * data stays readable after disabling.
 */
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/log2.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/vmalloc.h>

#include "arch/x86/fentry.h"
#include "arch/x86/fret.h"
#include "core/trace.h"
#include "tracers/fgraph.h"
#include "tracers/fn_array.h"
#include "tracers/fn_hook.h"
#include "tracers/profile.h"

/* Frames hooked at once over all tasks (sleeping ones keep theirs). */
#define LFT_PROF_NODES		32768

struct lft_prof_rec {
	unsigned long ip;
	unsigned long counter;
	u64 time;
	u64 time_sq;
};

struct lft_prof_cpu {
	struct lft_prof_rec *recs;
	unsigned long mask;		/* slots - 1, a power of two less one */
};

static struct lft_prof_cpu *lft_prof_cpus;	/* [nr_cpu_ids], kept once made */
static bool lft_prof_enabled;			/* lft_lock */
static bool lft_prof_on;			/* READ_ONCE in the hooks */

static struct lft_prof_rec *lft_prof_find(struct lft_prof_cpu *pc,
					  unsigned long ip, bool add)
{
	unsigned long i = hash_long(ip, ilog2(pc->mask + 1)), n;

	for (n = 0; n <= pc->mask; n++, i = (i + 1) & pc->mask) {
		struct lft_prof_rec *r = &pc->recs[i];

		if (r->ip == ip)
			return r;
		if (!r->ip) {
			if (add)
				WRITE_ONCE(r->ip, ip);
			return add ? r : NULL;
		}
	}
	return NULL;	/* full: more functions than the table was sized for */
}

static void lft_prof_ret(unsigned long func, int depth, u64 calltime,
			 struct pt_regs *regs)
{
	s64 d = sched_clock() - calltime;
	struct lft_prof_rec *r;
	unsigned long flags;

	/* Returned on another CPU, whose clock may be a little behind. */
	if (d < 0)
		d = 0;
	if (!(READ_ONCE(lft_top.flags) & LFT_OPT_GRAPH_TIME)) {
		u64 children = lft_fret_child_time(lft_prof_ret, d);

		d = d > children ? d - children : 0;
	}
	local_irq_save(flags);
	r = lft_prof_find(&lft_prof_cpus[smp_processor_id()], func, false);
	if (r) {
		r->time += d;
		r->time_sq += (u64)d * d;
	}
	local_irq_restore(flags);
}

/* The hook's entry point for profiled functions (preemption off). */
static void lft_profile_hit(unsigned long ip, unsigned long parent_ip,
		     struct pt_regs *regs)
{
	struct lft_prof_rec *r;
	unsigned long flags;

	/* An NMI could land inside this CPU's table update. */
	if (!READ_ONCE(lft_prof_on) || in_nmi())
		return;
	local_irq_save(flags);
	r = lft_prof_find(&lft_prof_cpus[smp_processor_id()], ip, true);
	if (r)
		r->counter++;
	local_irq_restore(flags);
	if (r)
		lft_fret_hook(regs, ip, sched_clock(), lft_prof_ret);
}

static struct lft_fentry_ops lft_prof_fentry = {
	.hit = lft_profile_hit,
	.order = 40,
};

static bool lft_prof_want(unsigned long ip, void *data)
{
	return lft_fn_top_wants(ip);
}

/* Tables for every CPU, sized for every traceable function. */
static int lft_prof_alloc(void)
{
	unsigned long slots = roundup_pow_of_two(max(2 * lft_sites_count(),
						     1024UL));
	int cpu;

	lft_prof_cpus = kcalloc(nr_cpu_ids, sizeof(*lft_prof_cpus),
				GFP_KERNEL);
	if (!lft_prof_cpus)
		return -ENOMEM;
	for_each_possible_cpu(cpu) {
		struct lft_prof_cpu *pc = &lft_prof_cpus[cpu];

		pc->recs = vzalloc(array_size(slots, sizeof(*pc->recs)));
		if (!pc->recs)
			return -ENOMEM;	/* lft_profile_free() cleans up */
		pc->mask = slots - 1;
	}
	return 0;
}

/* Start or stop profiling (lft_lock held). */
static int lft_prof_set(bool on)
{
	int cpu, ret;

	if (!on) {
		WRITE_ONCE(lft_prof_on, false);
		lft_fentry_update(&lft_prof_fentry, NULL, NULL);
		lft_fgraph_sleep_stop();
		lft_fret_stop();
		lft_prof_enabled = false;
		return 0;
	}
	if (!lft_prof_cpus) {
		ret = lft_prof_alloc();
		if (ret)
			return ret;
	}
	/* Not hooked now: nobody writes the tables. */
	for_each_possible_cpu(cpu) {
		struct lft_prof_cpu *pc = &lft_prof_cpus[cpu];

		memset(pc->recs, 0, (pc->mask + 1) * sizeof(*pc->recs));
	}
	ret = lft_fret_start(LFT_PROF_NODES);
	if (ret)
		return ret;
	ret = lft_fgraph_sleep_start();
	if (ret) {
		lft_fret_stop();
		return ret;
	}
	WRITE_ONCE(lft_prof_on, true);
	ret = lft_fentry_update(&lft_prof_fentry, lft_prof_want, NULL);
	if (ret) {
		WRITE_ONCE(lft_prof_on, false);
		lft_fentry_update(&lft_prof_fentry, NULL, NULL);
		lft_fgraph_sleep_stop();
		lft_fret_stop();
		return ret;
	}
	lft_prof_enabled = true;
	return 0;
}

/* The top level's set_ftrace_filter/notrace changed (lft_lock held). */
static int lft_profile_filter_changed(struct lft_array *tr)
{
	if (tr->name || !lft_prof_enabled)
		return 0;
	return lft_fentry_update(&lft_prof_fentry, lft_prof_want, NULL);
}

static ssize_t lft_prof_en_read(struct file *file, char __user *ubuf,
				size_t cnt, loff_t *ppos)
{
	char buf[4];
	int n = scnprintf(buf, sizeof(buf), "%d\n", READ_ONCE(lft_prof_enabled));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t lft_prof_en_write(struct file *file, const char __user *ubuf,
				 size_t cnt, loff_t *ppos)
{
	return lft_write_switch(ubuf, cnt, ppos, &lft_prof_enabled,
				lft_prof_set);
}

static const struct file_operations lft_prof_en_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_prof_en_read,
	.write = lft_prof_en_write,
	.release = lft_release,
	.llseek = default_llseek,
};

/* ------------------------------------------------------ trace_stat files */

struct lft_prof_view {
	unsigned long n;
	struct lft_prof_rec r[];
};

static int lft_prof_cmp(const void *a, const void *b)
{
	const struct lft_prof_rec *x = a, *y = b;

	/* Longest total time first, as the kernel's stat files sort. */
	return x->time < y->time ? 1 : x->time > y->time ? -1 : 0;
}

/* A sorted copy of one CPU's records, taken at open. */
static struct lft_prof_view *lft_prof_view(int cpu)
{
	struct lft_prof_cpu *pc;
	struct lft_prof_view *v;
	unsigned long i, n = 0;

	mutex_lock(&lft_lock);
	pc = lft_prof_cpus ? &lft_prof_cpus[cpu] : NULL;
	for (i = 0; pc && i <= pc->mask; i++)
		n += READ_ONCE(pc->recs[i].counter) != 0;
	v = kvmalloc(struct_size(v, r, n), GFP_KERNEL);
	if (v) {
		v->n = 0;
		for (i = 0; pc && i <= pc->mask && v->n < n; i++)
			if (READ_ONCE(pc->recs[i].counter))
				v->r[v->n++] = pc->recs[i];
		sort(v->r, v->n, sizeof(v->r[0]), lft_prof_cmp, NULL);
	}
	mutex_unlock(&lft_lock);
	return v;
}

static void *lft_prof_start(struct seq_file *m, loff_t *pos)
{
	struct lft_prof_view *v = m->private;

	/* Position 0 is the header, then one per record. */
	return *pos <= v->n ? (void *)(uintptr_t)(*pos + 1) : NULL;
}

static void *lft_prof_next(struct seq_file *m, void *p, loff_t *pos)
{
	++*pos;
	return lft_prof_start(m, pos);
}

static void lft_prof_stop(struct seq_file *m, void *p)
{
}

static void lft_prof_duration(struct seq_file *m, u64 ns)
{
	char buf[32];
	struct seq_buf s;

	seq_buf_init(&s, buf, sizeof(buf));
	lft_print_duration(&s, ns);
	seq_write(m, buf, seq_buf_used(&s));
}

static int lft_prof_show(struct seq_file *m, void *p)
{
	struct lft_prof_view *v = m->private;
	unsigned long idx = (uintptr_t)p - 1;
	char name[KSYM_SYMBOL_LEN];
	const struct lft_prof_rec *r;
	u64 avg, var = 0, denom;

	if (!idx) {
		seq_puts(m, "  Function                               Hit    Time            Avg             s^2\n"
			    "  --------                               ---    ----            ---             ---\n");
		return 0;
	}
	r = &v->r[idx - 1];
	avg = div64_ul(r->time, r->counter);
	if (lft_tracing_thresh && avg < lft_tracing_thresh)
		return 0;
	sprint_symbol_no_offset(name, r->ip);
	/* The module, if any, is not part of the name here. */
	strreplace(name, ' ', '\0');
	seq_printf(m, "  %-30.30s  %10lu    ", name, r->counter);
	/* Sample variance in us^2, as the kernel computes it. */
	denom = (u64)r->counter * (r->counter - 1) * 1000;
	if (denom)
		var = div64_u64(r->counter * r->time_sq - r->time * r->time,
				denom);
	lft_prof_duration(m, r->time);
	seq_puts(m, "    ");
	lft_prof_duration(m, avg);
	seq_puts(m, "    ");
	lft_prof_duration(m, var);
	seq_putc(m, '\n');
	return 0;
}

static const struct seq_operations lft_prof_seq_ops = {
	.start = lft_prof_start,
	.next = lft_prof_next,
	.stop = lft_prof_stop,
	.show = lft_prof_show,
};

static int lft_prof_open(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;
	struct lft_prof_view *v;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	v = lft_prof_view(ref->cpu);
	ret = v ? seq_open(file, &lft_prof_seq_ops) : -ENOMEM;
	if (ret) {
		kvfree(v);
		lft_release(inode, file);
		return ret;
	}
	((struct seq_file *)file->private_data)->private = v;
	return 0;
}

static int lft_prof_release(struct inode *inode, struct file *file)
{
	kvfree(((struct seq_file *)file->private_data)->private);
	seq_release(inode, file);
	return lft_release(inode, file);
}

static const struct file_operations lft_prof_stat_fops = {
	.owner = THIS_MODULE,
	.open = lft_prof_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.release = lft_prof_release,
};

/* function_profile_enabled, trace_stat/functionN: the top level's only. */
static int lft_profile_create(struct lft_array *tr)
{
	struct lft_file_ref *ref;
	struct dentry *dir;
	char name[24];
	int cpu;

	if (tr->name)
		return 0;
	ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	if (!ref)
		return -ENOMEM;
	lft_fs_create_file("function_profile_enabled", 0640, tr->dir, ref,
			   &lft_prof_en_fops);
	dir = lft_fs_create_dir("trace_stat", tr->dir);
	for_each_possible_cpu(cpu) {
		ref = lft_file_ref(tr, cpu);
		if (!ref)
			return -ENOMEM;
		snprintf(name, sizeof(name), "function%d", cpu);
		lft_fs_create_file(name, 0440, dir, ref, &lft_prof_stat_fops);
	}
	return 0;
}

static struct lft_fn_user lft_prof_fn_user = {
	.array_init = lft_profile_create,
	.filter_changed = lft_profile_filter_changed,
};

/* At load: it follows the top level's function state. */
void lft_profile_init(void)
{
	lft_fn_user_register(&lft_prof_fn_user);
}

/* At unload, before the hook goes (lft_lock not held). */
void lft_profile_stop(void)
{
	mutex_lock(&lft_lock);
	if (lft_prof_enabled)
		lft_prof_set(false);
	mutex_unlock(&lft_lock);
}

/* At unload, once nothing is hooked. */
void lft_profile_free(void)
{
	int cpu;

	if (!lft_prof_cpus)
		return;
	for_each_possible_cpu(cpu)
		vfree(lft_prof_cpus[cpu].recs);
	kfree(lft_prof_cpus);
	lft_prof_cpus = NULL;
}
