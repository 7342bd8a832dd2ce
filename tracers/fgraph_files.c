// SPDX-License-Identifier: GPL-2.0
/*
 * What the graph hooks (tracers/fgraph.c) share over the arrays they
 * record into: max_graph_depth, set_graph_function and set_graph_notrace,
 * files of the top level only, as upstream's (6.12 has no instance
 * copies); and sleep time (the sched_switch probe that leaves a task's
 * time switched out of the frames of the arrays with sleep-time off), for
 * them and the profiler.
 */
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/sched/clock.h>
#include <linux/tracepoint.h>

#include "arch/x86/fret.h"
#include "compat/ksyms.h"

#include "core/trace.h"
#include "tracers/fgraph.h"
#include "tracers/fn_filter.h"

struct lft_fn_filter lft_fgraph_filter;		/* set_graph_function */
struct lft_fn_filter lft_fgraph_notrace;	/* set_graph_notrace */
unsigned int lft_fgraph_max_depth;		/* 0: no limit */
static bool lft_graph_files;			/* the filters were set up */

/* ---------------------------------------------------------- sleep time */

static struct tracepoint *lft_graph_switch_tp;
static int lft_graph_sleep_users;		/* lft_lock */

static void lft_graph_switch(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next, unsigned int prev_state)
{
	if (!lft_fgraph_sleep_any_left_out())
		return;
	lft_fret_sched_switch(prev, next, sched_clock(),
			      lft_fgraph_sleep_left_out);
}

/**
 * lft_fgraph_sleep_start() - honour sleep-time for hooked frames
 *
 * For the graph hooks and the profiler, between lft_fret_start() and
 * lft_fret_stop(); called with lft_lock held.
 *
 * Return: 0 or a negative errno.
 */
int lft_fgraph_sleep_start(void)
{
	int ret;

	if (lft_graph_sleep_users++)
		return 0;
	if (!lft_graph_switch_tp)
		lft_graph_switch_tp = lft_tp_find("sched_switch");
	ret = lft_graph_switch_tp ?
	      tracepoint_probe_register(lft_graph_switch_tp, lft_graph_switch,
					NULL) : -ENOENT;
	if (ret)
		lft_graph_sleep_users--;
	return ret;
}

/**
 * lft_fgraph_sleep_stop() - balance lft_fgraph_sleep_start()
 *
 * The probe may still run until the caller's lft_fret_stop() returns.
 */
void lft_fgraph_sleep_stop(void)
{
	if (!--lft_graph_sleep_users)
		tracepoint_probe_unregister(lft_graph_switch_tp,
					    lft_graph_switch, NULL);
}

/* ------------------------------------------------------------- files */

static ssize_t lft_graph_depth_read(struct file *file, char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	char buf[16];
	int n = scnprintf(buf, sizeof(buf), "%u\n",
			  READ_ONCE(lft_fgraph_max_depth));

	return simple_read_from_buffer(ubuf, cnt, ppos, buf, n);
}

static ssize_t lft_graph_depth_write(struct file *file,
				     const char __user *ubuf, size_t cnt,
				     loff_t *ppos)
{
	unsigned int val;
	int ret = kstrtouint_from_user(ubuf, cnt, 10, &val);

	if (ret)
		return ret;
	WRITE_ONCE(lft_fgraph_max_depth, val);
	*ppos += cnt;
	return cnt;
}

static const struct file_operations lft_graph_depth_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_graph_depth_read,
	.write = lft_graph_depth_write,
	.release = lft_release,
	.llseek = default_llseek,
};

/**
 * lft_fgraph_files_create() - max_graph_depth, set_graph_function and
 *	set_graph_notrace
 * @tr: the top level (lft_lock held): the hooks are one for all arrays
 *
 * Return: 0 or -ENOMEM (lft_fgraph_files_free() cleans up).
 */
int lft_fgraph_files_create(struct lft_array *tr)
{
	struct lft_file_ref *ref;
	int ret;

	ref = lft_file_ref(tr, LFT_RB_ALL_CPUS);
	if (!ref)
		return -ENOMEM;
	lft_fn_filter_init(&lft_fgraph_filter, "set_graph_function");
	lft_fn_filter_init(&lft_fgraph_notrace, "set_graph_notrace");
	lft_fgraph_notrace.exclude = true;
	lft_graph_files = true;
	lft_fs_create_file("max_graph_depth", 0640, tr->dir, ref,
			   &lft_graph_depth_fops);
	ret = lft_fn_filter_create(&lft_fgraph_filter, tr->dir, tr);
	if (!ret)
		ret = lft_fn_filter_create(&lft_fgraph_notrace, tr->dir, tr);
	return ret;
}

/* Undo lft_fgraph_files_create() (lft_lock held). */
void lft_fgraph_files_free(void)
{
	/* Nothing to free when a failed load never got to the files. */
	if (!lft_graph_files)
		return;
	lft_fn_filter_free(&lft_fgraph_filter);
	lft_fn_filter_free(&lft_fgraph_notrace);
	lft_graph_files = false;
}
