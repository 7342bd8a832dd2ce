// SPDX-License-Identifier: GPL-2.0
/*
 * The events as one of lftrace's subsystems (core/subsys.c), and the
 * composition root of events/: it hands the registry (events/core.c) the
 * static events' tables and starts the kinds of dynamic events and
 * triggers. What core calls back for the events (load and unload, each
 * array's events/ tree, the record-cmd and record-tgid options,
 * trace_marker's triggers, printing their records), and their boot options:
 *
 *   kprobe_event=DEF[;DEF]     kprobe events defined and enabled at load,
 *                              ',' in place of spaces (events/kprobe.c)
 *   trace_event=EV[,EV]        events enabled at load, each word as if
 *                              written to set_event ("sys:ev", "sys:*",
 *                              "ev", "sys:", ...); after kprobe_event=, so
 *                              its events may be named
 *   tp_printk                  every event record is also printed to the
 *                              kernel log (events/core.c); writable in
 *                              /sys/module/lftrace/parameters/, as the
 *                              kernel's sysctl kernel.tracepoint_printk
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core/trace.h"
#include "events/event.h"
#include "events/dynevent.h"
#include "events/generic.h"
#include "events/kprobe.h"
#include "events/synth.h"

static char *kprobe_event;
module_param(kprobe_event, charp, 0444);
MODULE_PARM_DESC(kprobe_event, "kprobe events to define and enable, ';'-separated, ',' for spaces (as kprobe_event=)");

static char *trace_event;
module_param(trace_event, charp, 0444);
MODULE_PARM_DESC(trace_event, "events to enable, comma-separated, in set_event's syntax (as trace_event=)");

/* The static events, in the order the events/ tree lists them. */
LFT_EV_TABLE(lft_sched);
LFT_EV_TABLE(lft_irq);
LFT_EV_TABLE(lft_signal);
LFT_EV_TABLE(lft_timer);
LFT_EV_TABLE(lft_syscalls);
LFT_EV_TABLE(lft_kmem);
LFT_EV_TABLE(lft_vmscan);
LFT_EV_TABLE(lft_module);
LFT_EV_TABLE(lft_net);
LFT_EV_TABLE(lft_block);
LFT_EV_TABLE(lft_osnoise);

static const struct lft_ev_table *const lft_ev_tables[] = {
	&lft_sched_table, &lft_irq_table, &lft_signal_table, &lft_timer_table,
	&lft_syscalls_table, &lft_kmem_table, &lft_vmscan_table,
	&lft_module_table, &lft_net_table, &lft_block_table,
	&lft_osnoise_table,
};

/* Read by every event's commit (events/core.c). */
bool lft_tp_printk;
module_param_named(tp_printk, lft_tp_printk, bool, 0644);
MODULE_PARM_DESC(tp_printk, "also print each event record to the kernel log (as tp_printk)");

/* trace_event=: each word as set_event takes it; one matching nothing fails. */
static int lft_ev_boot_events(const char *list)
{
	char *copy, *p, *w, *colon;
	int ret = 0;

	copy = kstrdup(list, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	p = copy;
	while (!ret && (w = strsep(&p, ","))) {
		w = strim(w);
		if (!*w)
			continue;
		/* lft_ev_set_word() cuts the word at its ':'; put it back. */
		colon = strchr(w, ':');
		ret = lft_ev_set_word(&lft_top, w);
		if (colon)
			*colon = ':';
		if (ret == -EINVAL)
			pr_err("trace_event: unknown event '%s'\n", w);
		else if (ret)
			pr_err("trace_event: cannot enable '%s': %d\n", w, ret);
	}
	kfree(copy);
	return ret;
}

/* After the tracer of ftrace= started, as the kernel enables them. */
static int lft_ev_boot(enum lft_boot_stage stage)
{
	int ret = 0;

	if (stage != LFT_BOOT_AFTER_TRACER)
		return 0;
	if (kprobe_event)
		ret = lft_kp_boot(kprobe_event);
	if (!ret && trace_event)
		ret = lft_ev_boot_events(trace_event);
	return ret;
}

static int lft_ev_subsys_init(void)
{
	int ret = lft_events_init(lft_ev_tables, ARRAY_SIZE(lft_ev_tables));

	if (ret)
		return ret;
	/* The kinds of dynamic events, in the order a definition tries them. */
	lft_kp_init();
	lft_synth_init();
	lft_ep_init();
	lft_up_init();
	lft_fp_init();
	/* A kind of trigger, listed after the built-in commands. */
	lft_hist_trig_init();
	/* After lftrace's own: a kernel event they have is not mirrored. */
	ret = lft_gev_init();
	if (!ret)
		ret = lft_ev_cmds_init();
	if (ret) {
		lft_gev_stop();
		lft_events_exit();
		lft_gev_exit();
	}
	return ret;
}

/* No module's events come or go once the arrays start going. */
static void lft_ev_subsys_stop(void)
{
	lft_gev_stop();
}

static void lft_ev_subsys_exit(void)
{
	lft_ev_cmds_exit();
	lft_gev_stop();
	lft_events_exit();
	lft_gev_exit();
}

/* The top level also gets dynamic_events and each kind's files. */
static int lft_ev_array_init(struct lft_array *tr, struct lft_file_ref *ref)
{
	int ret = lft_events_array_init(tr);

	if (!ret && !tr->name)
		ret = lft_dynev_files_create(tr);
	return ret;
}

/* record-cmd and record-tgid: the enabled events follow. */
static void lft_ev_option_changed(struct lft_array *tr, unsigned long bit,
				  bool on)
{
	if (bit == LFT_OPT_RECORD_CMD || bit == LFT_OPT_RECORD_TGID)
		lft_ev_taskinfo_option(tr);
}

/* events/ftrace/print's triggers, on trace_marker's record. */
static unsigned int lft_ev_marker_pre(struct lft_array *tr, const void *rec,
				      unsigned int len)
{
	struct lft_ev_file *f = lft_ev_marker(tr);

	return f ? lft_ev_trigger(f, rec, len) : 0;
}

static void lft_ev_marker_post(struct lft_array *tr, unsigned int post)
{
	struct lft_ev_array *ea = READ_ONCE(tr->events);
	struct lft_ev_file *f = ea ? READ_ONCE(ea->marker) : NULL;

	if (f)
		lft_ev_trigger_post(f, post, NULL);
}

static bool lft_ev_print_rec(struct lft_array *tr, struct seq_buf *s,
			     const void *rec, unsigned int len)
{
	return lft_event_print(s, rec, len, tr->flags & LFT_OPT_HASH_PTR);
}

struct lft_subsys lft_events_subsys = {
	.name = "events",
	.init = lft_ev_subsys_init,
	.stop = lft_ev_subsys_stop,
	.exit = lft_ev_subsys_exit,
	.boot = lft_ev_boot,
	.array_init = lft_ev_array_init,
	.array_free = lft_events_array_free,
	.option_changed = lft_ev_option_changed,
	.marker = lft_ev_marker_pre,
	.marker_post = lft_ev_marker_post,
	.print = lft_ev_print_rec,
};
