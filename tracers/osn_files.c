// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise/ directory, as Debian's 6.1 has it: at the top level only
 * (instances running osnoise or timerlat share it, as the kernel's), its
 * values the family's one configuration:
 *
 *   period_us, runtime_us        the osnoise workload runs runtime_us of
 *                                each period_us (runtime <= period, each
 *                                file refuses a value that breaks it)
 *   stop_tracing_us              tracing stops when one noise (osnoise) or
 *                                an irq latency (timerlat) exceeds it
 *   stop_tracing_total_us        ... when a sample's noise or a thread
 *                                latency does (0: never, both)
 *   timerlat_period_us           timerlat's period, 100 us to 1 s
 *   print_stack                  timerlat: the irq's stack when the thread
 *                                latency reaches it (0: never)
 *   cpus                         where the workload runs (a CPU list)
 *   options                      DEFAULTS, OSNOISE_WORKLOAD, PANIC_ON_STOP,
 *                                OSNOISE_PREEMPT_DISABLE,
 *                                OSNOISE_IRQ_DISABLE; NO_X clears X
 *   per_cpu/cpuN/timerlat_fd     6.12 only (upstream since 6.6): timerlat's
 *                                user-space workload (timerlat_ufd.c)
 *
 * The number files read as the kernel's (decimal, one line) and take
 * what kstrtoull() takes of the first 66 bytes: EINVAL otherwise, or
 * for a value outside the file's bounds.
 */
#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "core/fs.h"
#include "tracers/osnoise.h"

struct lft_osn_config lft_osn_cfg;

#define LFT_OSN_MODE		0640
/* kstrtoull_from_user() reads this much of a write (sign, 64 digits, newline). */
#define LFT_OSN_NUM_MAX		66
#define LFT_OSN_TL_MIN		100ULL
#define LFT_OSN_TL_MAX		1000000ULL

static const char *const lft_osn_opt_names[LFT_OSN_NR_OPTS] = {
	"DEFAULTS", "OSNOISE_WORKLOAD", "PANIC_ON_STOP",
	"OSNOISE_PREEMPT_DISABLE", "OSNOISE_IRQ_DISABLE",
};

/* A number file: its value, and the values bounding it (NULL: none). */
struct lft_osn_num {
	u64 *val;
	const u64 *min, *max;
};

static const u64 lft_osn_tl_min = LFT_OSN_TL_MIN;
static const u64 lft_osn_tl_max = LFT_OSN_TL_MAX;

enum {
	LFT_OSN_PERIOD, LFT_OSN_RUNTIME, LFT_OSN_STOP, LFT_OSN_STOP_TOTAL,
	LFT_OSN_TL_PERIOD, LFT_OSN_STACK_AT, LFT_OSN_NR_NUMS
};

static const struct lft_osn_num lft_osn_nums[LFT_OSN_NR_NUMS] = {
	[LFT_OSN_PERIOD] = { &lft_osn_cfg.period_us, &lft_osn_cfg.runtime_us },
	[LFT_OSN_RUNTIME] = { &lft_osn_cfg.runtime_us, NULL,
			      &lft_osn_cfg.period_us },
	[LFT_OSN_STOP] = { &lft_osn_cfg.stop_us },
	[LFT_OSN_STOP_TOTAL] = { &lft_osn_cfg.stop_total_us },
	[LFT_OSN_TL_PERIOD] = { &lft_osn_cfg.timerlat_period_us,
				&lft_osn_tl_min, &lft_osn_tl_max },
	[LFT_OSN_STACK_AT] = { &lft_osn_cfg.print_stack },
};

/* The files are the top level's; each names its number in priv. */
static void lft_osn_num_show(const struct lft_osn_num *n, struct seq_buf *s)
{
	seq_buf_printf(s, "%llu\n", READ_ONCE(*n->val));
}

static int lft_osn_num_store(const struct lft_osn_num *n, char *buf)
{
	u64 v;
	int ret = kstrtoull(buf, 10, &v);

	if (ret)
		return ret;
	if ((n->min && v < *n->min) || (n->max && v > *n->max))
		return -EINVAL;
	WRITE_ONCE(*n->val, v);
	return 0;
}

#define LFT_OSN_NUM_FILE(nm, idx)					\
	static void lft_osn_show_##nm(struct lft_file_ref *ref,		\
				      struct seq_buf *s)		\
	{								\
		lft_osn_num_show(&lft_osn_nums[idx], s);		\
	}								\
	static int lft_osn_store_##nm(struct lft_file_ref *ref,	\
				      char *buf, size_t cnt)		\
	{								\
		return lft_osn_num_store(&lft_osn_nums[idx], buf);	\
	}

LFT_OSN_NUM_FILE(period, LFT_OSN_PERIOD)
LFT_OSN_NUM_FILE(runtime, LFT_OSN_RUNTIME)
LFT_OSN_NUM_FILE(stop, LFT_OSN_STOP)
LFT_OSN_NUM_FILE(stop_total, LFT_OSN_STOP_TOTAL)
LFT_OSN_NUM_FILE(tl_period, LFT_OSN_TL_PERIOD)
LFT_OSN_NUM_FILE(stack_at, LFT_OSN_STACK_AT)

static void lft_osn_show_cpus(struct lft_file_ref *ref, struct seq_buf *s)
{
	seq_buf_printf(s, "%*pbl\n", cpumask_pr_args(&lft_osn_cfg.cpus));
}

static void lft_osn_set_cpus(void *arg)
{
	cpumask_copy(&lft_osn_cfg.cpus, arg);
}

static int lft_osn_store_cpus(struct lft_file_ref *ref, char *buf,
			      size_t cnt)
{
	cpumask_var_t mask;
	int ret;

	if (!zalloc_cpumask_var(&mask, GFP_KERNEL))
		return -ENOMEM;
	ret = cpulist_parse(buf, mask);
	if (!ret)
		lft_osn_restart(lft_osn_set_cpus, mask);
	free_cpumask_var(mask);
	return ret;
}

/* Each option as "NAME " or "NO_NAME ", then a newline, as the kernel's. */
static void lft_osn_show_options(struct lft_file_ref *ref, struct seq_buf *s)
{
	unsigned long opts = READ_ONCE(lft_osn_cfg.options);
	int i;

	for (i = 0; i < LFT_OSN_NR_OPTS; i++) {
		bool on = i == LFT_OSN_DEFAULTS ?
			  opts == LFT_OSN_DEFAULT_OPTS : opts & BIT(i);

		seq_buf_printf(s, "%s%s ", on ? "" : "NO_",
			       lft_osn_opt_names[i]);
	}
	seq_buf_printf(s, "\n");
}

struct lft_osn_opt_change {
	int opt;
	bool on;
	int ret;
};

static void lft_osn_set_option(void *arg)
{
	struct lft_osn_opt_change *c = arg;
	unsigned long opts = lft_osn_cfg.options;

	if (c->opt == LFT_OSN_DEFAULTS) {
		if (c->on)
			opts = LFT_OSN_DEFAULT_OPTS;
		else
			c->ret = -EINVAL;
	} else if (c->on) {
		opts |= BIT(c->opt);
	} else {
		opts &= ~BIT(c->opt);
	}
	WRITE_ONCE(lft_osn_cfg.options, opts);
}

/* "NAME" sets, "NO_NAME" clears; the workload restarts around it. */
static int lft_osn_store_options(struct lft_file_ref *ref, char *buf,
				 size_t cnt)
{
	struct lft_osn_opt_change c = { .on = true };
	char *name = buf;

	if (!strncmp(buf, "NO_", 3)) {
		c.on = false;
		name += 3;
	}
	c.opt = match_string(lft_osn_opt_names, LFT_OSN_NR_OPTS,
			     strstrip(name));
	if (c.opt < 0)
		return -EINVAL;
	/* As the kernel's, even NO_DEFAULTS (refused) restarts it. */
	lft_osn_restart(lft_osn_set_option, &c);
	return c.ret;
}

#define LFT_OSN_NUM_ATTR(file, nm)					\
	{ file, LFT_OSN_MODE, lft_osn_show_##nm, lft_osn_store_##nm,	\
	  LFT_OSN_NUM_MAX, .truncate = true }

static const struct lft_attr lft_osn_attrs[] = {
	LFT_OSN_NUM_ATTR("period_us", period),
	LFT_OSN_NUM_ATTR("runtime_us", runtime),
	LFT_OSN_NUM_ATTR("stop_tracing_us", stop),
	LFT_OSN_NUM_ATTR("stop_tracing_total_us", stop_total),
	{ "cpus", LFT_OSN_MODE, lft_osn_show_cpus, lft_osn_store_cpus, 255 },
	{ "options", LFT_OSN_MODE, lft_osn_show_options,
	  lft_osn_store_options, 255 },
	LFT_OSN_NUM_ATTR("timerlat_period_us", tl_period),
	LFT_OSN_NUM_ATTR("print_stack", stack_at),
};

/**
 * lft_osn_files_create() - the osnoise/ directory, in the top level
 * @ref: the top level's file reference (lft_lock held)
 *
 * Return: 0 or a negative errno.
 */
int lft_osn_files_create(struct lft_file_ref *ref)
{
	struct dentry *dir = lft_fs_create_dir("osnoise", ref->tr->dir);

	int ret;

	if (IS_ERR(dir))
		return PTR_ERR(dir);
	ret = lft_create_attrs(ref, dir, lft_osn_attrs,
			       ARRAY_SIZE(lft_osn_attrs));
	if (!ret && LFT_TIMERLAT_UFD)
		ret = lft_tl_ufd_create(ref, dir);
	return ret;
}

/**
 * lft_osn_config_init() - osnoise/ as the kernel starts it: 1 s of each
 *	1 s, timerlat every 1 ms, every CPU, no thresholds
 */
void lft_osn_config_init(void)
{
	lft_osn_cfg.period_us = USEC_PER_SEC;
	lft_osn_cfg.runtime_us = USEC_PER_SEC;
	lft_osn_cfg.stop_us = 0;
	lft_osn_cfg.stop_total_us = 0;
	lft_osn_cfg.timerlat_period_us = 1000;
	lft_osn_cfg.print_stack = 0;
	lft_osn_cfg.options = LFT_OSN_DEFAULT_OPTS;
	cpumask_copy(&lft_osn_cfg.cpus, cpu_all_mask);
}
