// SPDX-License-Identifier: GPL-2.0
/*
 * ftrace's boot options, as module parameters of the same names and
 * syntax: "insmod lftrace.ko ftrace=nop trace_buf_size=10M", or
 * "lftrace.trace_clock=global" on the kernel command line when lftrace is
 * loaded from an initramfs. They apply at load; a value lftrace does not
 * know fails the load with a message naming it.
 *
 *   ftrace=TRACER              the tracer to start with
 *   trace_buf_size=SIZE        buffer bytes per CPU (K/M/G suffixes)
 *   trace_clock=CLOCK          the clock
 *   trace_options=OPT[,OPT]    options, "noOPT" to clear
 *   alloc_snapshot             allocate the snapshot buffer at load
 *   ftrace_dump_on_oops[=orig_cpu]  dump the buffer to the console on an
 *                              oops or panic (all CPUs, or the one that
 *                              oopsed); "0" turns it off
 *   tracing_thresh=USECS       the initial tracing_thresh
 *   traceoff_on_warning        (warn.c) a WARN() turns tracing off
 *
 * The subsystems' own options (function filters, the stack tracer, events
 * to enable, ...) are theirs: tracers/fn_subsys.c, events/subsys.c. They
 * apply before and after ftrace='s tracer starts.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/kdebug.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "core/trace.h"
#include "include/lftrace.h"

static char *ftrace;
module_param(ftrace, charp, 0444);
MODULE_PARM_DESC(ftrace, "tracer to start with (as ftrace=)");

static char *trace_buf_size;
module_param(trace_buf_size, charp, 0444);
MODULE_PARM_DESC(trace_buf_size, "buffer size per CPU, e.g. 10M (as trace_buf_size=)");

static char *trace_clock;
module_param(trace_clock, charp, 0444);
MODULE_PARM_DESC(trace_clock, "trace clock (as trace_clock=)");

static char *trace_options;
module_param(trace_options, charp, 0444);
MODULE_PARM_DESC(trace_options, "comma-separated options (as trace_options=)");

static bool alloc_snapshot;
module_param(alloc_snapshot, bool, 0444);
MODULE_PARM_DESC(alloc_snapshot, "allocate the snapshot buffer at load (as alloc_snapshot)");

static unsigned long tracing_thresh;
module_param(tracing_thresh, ulong, 0444);
MODULE_PARM_DESC(tracing_thresh, "initial tracing_thresh in microseconds (as tracing_thresh=)");

/* -1: off; else an lftrace_dump_mode. Given bare, it means all CPUs. */
static int lft_dump_on_oops = -1;

static int lft_dump_on_oops_set(const char *val, const struct kernel_param *kp)
{
	if (!val || !*val || !strcmp(val, "1"))
		lft_dump_on_oops = LFTRACE_DUMP_ALL;
	else if (!strcmp(val, "orig_cpu") || !strcmp(val, "2"))
		lft_dump_on_oops = LFTRACE_DUMP_ORIG;
	else if (!strcmp(val, "0"))
		lft_dump_on_oops = -1;
	else
		return -EINVAL;
	return 0;
}

static int lft_dump_on_oops_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%s\n", lft_dump_on_oops < 0 ? "0" :
			  lft_dump_on_oops == LFTRACE_DUMP_ORIG ? "orig_cpu" :
			  "1");
}

static const struct kernel_param_ops lft_dump_on_oops_ops = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = lft_dump_on_oops_set,
	.get = lft_dump_on_oops_get,
};
module_param_cb(ftrace_dump_on_oops, &lft_dump_on_oops_ops, NULL, 0644);
MODULE_PARM_DESC(ftrace_dump_on_oops, "dump the buffer on an oops: 1 (all CPUs) or orig_cpu");

/* The per-CPU size a buffer expands to (trace_buf_size=). */
unsigned long lft_buf_size = LFT_DEFAULT_BUF_SIZE;

static int lft_dump_notify(struct notifier_block *nb, unsigned long ev,
			   void *data)
{
	int mode = READ_ONCE(lft_dump_on_oops);

	if (mode >= 0)
		lftrace_dump(mode);
	return NOTIFY_OK;
}

static struct notifier_block lft_die_nb = {
	.notifier_call = lft_dump_notify,
};

static int lft_die_notify(struct notifier_block *nb, unsigned long ev,
			  void *data)
{
	return ev == DIE_OOPS ? lft_dump_notify(nb, ev, data) : NOTIFY_OK;
}

static struct notifier_block lft_oops_nb = {
	.notifier_call = lft_die_notify,
};

/* Parse the size before the buffer exists: it is its expanded size. */
int lft_params_early(void)
{
	unsigned long long size;
	char *end;

	if (!trace_buf_size)
		return 0;
	size = memparse(trace_buf_size, &end);
	if (end == trace_buf_size || *end || !size || size > (1ULL << 40)) {
		pr_err("invalid trace_buf_size '%s'\n", trace_buf_size);
		return -EINVAL;
	}
	lft_buf_size = size;
	return 0;
}

/* Apply the rest once the top-level array exists. lft_lock held. */
int lft_params_apply(void)
{
	char *opts, *p, *o;
	int ret, c;

	if (tracing_thresh > ULONG_MAX / NSEC_PER_USEC) {
		pr_err("invalid tracing_thresh %lu\n", tracing_thresh);
		return -EINVAL;
	}
	lft_tracing_thresh = tracing_thresh * NSEC_PER_USEC;
	if (trace_clock) {
		c = lft_rb_clock_parse(trace_clock);
		if (c < 0) {
			pr_err("unknown trace_clock '%s'\n", trace_clock);
			return c;
		}
		lft_array_set_clock(&lft_top, c);
	}
	if (trace_options) {
		opts = kstrdup(trace_options, GFP_KERNEL);
		if (!opts)
			return -ENOMEM;
		p = opts;
		while ((o = strsep(&p, ","))) {
			if (!*o)
				continue;
			if (lft_option_parse(&lft_top, strim(o))) {
				pr_err("unknown trace option '%s'\n", o);
				kfree(opts);
				return -EINVAL;
			}
		}
		kfree(opts);
	}
	if (alloc_snapshot) {
		ret = lft_array_expand(&lft_top);
		if (!ret)
			ret = lft_snapshot_alloc(&lft_top);
		if (ret) {
			pr_err("cannot allocate the snapshot buffer: %d\n", ret);
			return ret;
		}
	}
	/* Function filters and the like, then the tracer, then events. */
	ret = lft_subsys_boot(LFT_BOOT_BEFORE_TRACER);
	if (ret)
		return ret;
	if (ftrace) {
		ret = lft_tracer_set(&lft_top, ftrace);
		if (ret) {
			pr_err("cannot start tracer '%s': %d\n", ftrace, ret);
			return ret;
		}
	}
	ret = lft_subsys_boot(LFT_BOOT_AFTER_TRACER);
	if (ret)
		return ret;
	ret = lft_warn_init();
	if (ret)
		return ret;
	register_die_notifier(&lft_oops_nb);
	atomic_notifier_chain_register(&panic_notifier_list, &lft_die_nb);
	return 0;
}

void lft_params_exit(void)
{
	lft_warn_exit();
	atomic_notifier_chain_unregister(&panic_notifier_list, &lft_die_nb);
	unregister_die_notifier(&lft_oops_nb);
}
