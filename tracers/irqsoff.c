// SPDX-License-Identifier: GPL-2.0
/*
 * irqsoff, preemptoff and preemptirqsoff: the longest section with
 * interrupts off, preemption off, or either, with where it started and
 * ended and (function-trace) the functions run inside it.
 *
 * Exact where the kernel has the irq_disable/irq_enable and
 * preempt_disable/preempt_enable tracepoints (kernels built with
 * TRACE_IRQFLAGS/TRACE_PREEMPT_TOGGLE): sections are timed from those
 * transitions, as the kernel's own tracers time them, and the idle loop's
 * cpu_idle events stop and restart the clock, as the kernel's
 * stop/start_critical_timings() do. Kernels without those tracepoints
 * (Debian's) get the sampled mode of irqsoff_sampled.c instead, which
 * says so in the header.
 */
#include <linux/irqflags.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/preempt.h>
#include <linux/spinlock.h>
#include <linux/tracepoint.h>
#include <trace/events/power.h>

#include "compat/ksyms.h"
#include "tracers/latency.h"

/* Sampled mode even where the tracepoints exist: to measure it against exact. */
static bool irqsoff_sampled;
module_param(irqsoff_sampled, bool, 0444);
MODULE_PARM_DESC(irqsoff_sampled, "irqsoff, preemptoff, preemptirqsoff: sample even where the kernel has irq/preempt tracepoints");

static struct lft_array *lft_irqs_tr;	/* the array it runs in */
static unsigned int lft_irqs_type;	/* LFT_LAT_IRQS / LFT_LAT_PREEMPT */
static bool lft_irqs_on;		/* probes may act */
static bool lft_irqs_sampled;		/* no tracepoints: irqsoff_sampled.c */

/* Per CPU: the section being timed. */
struct lft_irqs_cpu {
	bool tracing;			/* a section is open */
	int busy;			/* the probes' recursion guard */
	u64 start;
	unsigned long crit_start;
	unsigned long seq;		/* lft_irqs_seq when it opened */
};

static DEFINE_PER_CPU(struct lft_irqs_cpu, lft_irqs_cpu);
/* Bumped by each new max: a section that opened before it lost. */
static unsigned long lft_irqs_seq;
static DEFINE_RAW_SPINLOCK(lft_irqs_max_lock);

enum {
	LFT_IRQS_OFF, LFT_IRQS_ON, LFT_PREEMPT_OFF, LFT_PREEMPT_ON,
	LFT_IRQS_IDLE, LFT_IRQS_NR
};
static struct tracepoint *lft_irqs_tp[LFT_IRQS_NR];
static const char *const lft_irqs_tp_names[LFT_IRQS_NR] = {
	"irq_disable", "irq_enable", "preempt_disable", "preempt_enable",
	"cpu_idle",
};

/*
 * The probes run inside the tracepoint's own preempt_disable_notrace():
 * the traced code's count is one less than preempt_count() shows.
 */
static unsigned int lft_irqs_pc(void)
{
	return preempt_count() - 1;
}

static bool lft_preempt_trace(unsigned int pc)
{
	return (lft_irqs_type & LFT_LAT_PREEMPT) && pc;
}

static bool lft_irq_trace(void)
{
	return (lft_irqs_type & LFT_LAT_IRQS) && irqs_disabled();
}

static void lft_irqs_start(unsigned long ip, unsigned long parent_ip)
{
	struct lft_array *tr = READ_ONCE(lft_irqs_tr);
	struct lft_irqs_cpu *c = this_cpu_ptr(&lft_irqs_cpu);
	struct lft_entry ctx;

	if (!READ_ONCE(lft_irqs_on) || !tr || !lft_array_writable(tr))
		return;
	if (c->tracing || c->busy)
		return;
	c->busy++;
	c->seq = READ_ONCE(lft_irqs_seq);
	c->start = lft_rb_now(READ_ONCE(tr->rb));
	c->crit_start = parent_ip ? : ip;
	lft_gen_ctx_dec(&ctx, 0);
	lft_lat_fn(tr, ip, parent_ip, &ctx);
	c->tracing = true;
	c->busy--;
}

/* The section ended: report it if it is the longest (or over thresh). */
static void lft_irqs_check(struct lft_array *tr, struct lft_irqs_cpu *c,
			   unsigned long ret_ip, unsigned long end,
			   const struct lft_entry *ctx)
{
	u64 now = lft_rb_now(READ_ONCE(tr->rb));
	u64 delta = now - c->start;
	unsigned long flags;

	if (!lft_lat_report(tr, delta))
		goto out;
	raw_spin_lock_irqsave(&lft_irqs_max_lock, flags);
	/* Another CPU may have reported a longer one meanwhile. */
	if (!lft_lat_report(tr, delta))
		goto out_unlock;
	lft_lat_fn(tr, ret_ip, end, ctx);
	lft_lat_stack(tr, ctx, 0);
	if (c->seq != lft_irqs_seq)
		goto out_unlock;
	if (!READ_ONCE(tr->stop_count)) {
		WRITE_ONCE(tr->max_latency, delta);
		lft_lat_update(tr, current, raw_smp_processor_id(), true,
			       c->start, c->crit_start, end);
	}
	lft_irqs_seq++;
out_unlock:
	raw_spin_unlock_irqrestore(&lft_irqs_max_lock, flags);
out:
	c->seq = READ_ONCE(lft_irqs_seq);
	c->start = lft_rb_now(READ_ONCE(tr->rb));
	lft_lat_fn(tr, ret_ip, end, ctx);
}

static void lft_irqs_stop(unsigned long ip, unsigned long parent_ip,
			  unsigned long ret_ip)
{
	struct lft_array *tr = READ_ONCE(lft_irqs_tr);
	struct lft_irqs_cpu *c = this_cpu_ptr(&lft_irqs_cpu);
	struct lft_entry ctx;

	if (!c->tracing)
		return;
	c->tracing = false;
	if (!READ_ONCE(lft_irqs_on) || !tr || !c->crit_start || c->busy)
		return;
	c->busy++;
	lft_gen_ctx_dec(&ctx, 0);
	lft_lat_fn(tr, ip, parent_ip, &ctx);
	lft_irqs_check(tr, c, ret_ip, parent_ip ? : ip, &ctx);
	c->crit_start = 0;
	c->busy--;
}

static void lft_irqs_off_probe(void *data, unsigned long ip,
			       unsigned long parent_ip)
{
	if (!lft_preempt_trace(lft_irqs_pc()) && lft_irq_trace())
		lft_irqs_start(ip, parent_ip);
}

static void lft_irqs_on_probe(void *data, unsigned long ip,
			      unsigned long parent_ip)
{
	if (!lft_preempt_trace(lft_irqs_pc()) && lft_irq_trace())
		lft_irqs_stop(ip, parent_ip, _RET_IP_);
}

static void lft_preempt_off_probe(void *data, unsigned long ip,
				  unsigned long parent_ip)
{
	if (lft_preempt_trace(lft_irqs_pc()) && !lft_irq_trace())
		lft_irqs_start(ip, parent_ip);
}

static void lft_preempt_on_probe(void *data, unsigned long ip,
				 unsigned long parent_ip)
{
	if (lft_preempt_trace(lft_irqs_pc()) && !lft_irq_trace())
		lft_irqs_stop(ip, parent_ip, _RET_IP_);
}

/* The idle loop: halting is not a section (stop/start_critical_timings). */
static void lft_irqs_idle_probe(void *data, unsigned int state,
				unsigned int cpu)
{
	if (!lft_preempt_trace(lft_irqs_pc()) && !lft_irq_trace())
		return;
	if (state == PWR_EVENT_EXIT)
		lft_irqs_start(_RET_IP_, 0);
	else
		lft_irqs_stop(_RET_IP_, 0, _RET_IP_);
}

static void *const lft_irqs_probes[LFT_IRQS_NR] = {
	lft_irqs_off_probe, lft_irqs_on_probe, lft_preempt_off_probe,
	lft_preempt_on_probe, lft_irqs_idle_probe,
};

/*
 * The functions holding the tracepoints: what they call around the probes
 * (the rcuidle machinery: ct_irq_enter_irqson, srcu) is not the traced
 * code's, and the kernel's tracers, called directly, never see it.
 */
static void *const *const lft_irqs_hosts[] = {
	&lft_ks.trace_hardirqs_on, &lft_ks.trace_hardirqs_off,
	&lft_ks.trace_hardirqs_on_prepare, &lft_ks.trace_hardirqs_off_finish,
	&lft_ks.trace_preempt_on, &lft_ks.trace_preempt_off,
};

static struct { unsigned long start, end; } lft_irqs_host[ARRAY_SIZE(lft_irqs_hosts)];

/* A function's extent, from sprint_symbol()'s "name+0x0/0xSIZE". */
static void lft_irqs_find_hosts(void)
{
	char buf[KSYM_SYMBOL_LEN];
	unsigned long size;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(lft_irqs_hosts); i++) {
		unsigned long a = (unsigned long)*lft_irqs_hosts[i];
		char *slash;

		if (!a)
			continue;
		sprint_symbol(buf, a);
		slash = strrchr(buf, '/');
		if (!slash || kstrtoul(slash + 1, 0, &size))
			continue;
		lft_irqs_host[i].start = a;
		lft_irqs_host[i].end = a + size;
	}
}

/* function-trace: the functions run inside this CPU's open section. */
static bool lft_irqs_fn_gate(struct lft_array *tr, unsigned long ip,
			     unsigned long parent_ip)
{
	struct lft_irqs_cpu *c = this_cpu_ptr(&lft_irqs_cpu);
	size_t i;

	if (!c->tracing || c->busy)
		return false;
	for (i = 0; i < ARRAY_SIZE(lft_irqs_host); i++)
		if (parent_ip >= lft_irqs_host[i].start &&
		    parent_ip < lft_irqs_host[i].end)
			return false;
	return true;
}

/*
 * The tracepoints a tracer needs: only its own kind's, as enabling the
 * other kind's would run the rcuidle machinery (which toggles interrupts
 * itself) inside every transition of the kind timed.
 */
static bool lft_irqs_wanted(int i)
{
	if (!lft_irqs_tp[i])
		return false;
	if (i == LFT_IRQS_OFF || i == LFT_IRQS_ON)
		return lft_irqs_type & LFT_LAT_IRQS;
	if (i == LFT_PREEMPT_OFF || i == LFT_PREEMPT_ON)
		return lft_irqs_type & LFT_LAT_PREEMPT;
	return true;
}

static void lft_irqs_unregister(int n)
{
	while (n--)
		if (lft_irqs_wanted(n))
			tracepoint_probe_unregister(lft_irqs_tp[n],
						    lft_irqs_probes[n], NULL);
}

static int lft_irqs_register(void)
{
	int i, ret = 0;

	for (i = 0; i < LFT_IRQS_NR && !ret; i++)
		if (lft_irqs_wanted(i))
			ret = tracepoint_probe_register(lft_irqs_tp[i],
							lft_irqs_probes[i],
							NULL);
	if (ret)
		lft_irqs_unregister(i - 1);
	return ret;
}

static void lft_irqs_clear_cpus(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct lft_irqs_cpu *c = per_cpu_ptr(&lft_irqs_cpu, cpu);

		c->tracing = false;
		c->crit_start = 0;
	}
}

static int lft_irqs_start_tracer(struct lft_array *tr, unsigned int type)
{
	int ret;

	if (lft_irqs_tr)
		return -EBUSY;
	ret = lft_lat_begin(tr, true);
	if (ret)
		return ret;
	lft_irqs_type = type;
	lft_irqs_clear_cpus();
	WRITE_ONCE(lft_irqs_tr, tr);
	ret = lft_taskinfo_start(LFT_TI_CMDLINE);
	if (ret)
		goto fail;
	/* Without function-trace the sections are still timed: no error. */
	if (!lft_irqs_sampled)
		lft_lat_hooks_start(tr, lft_irqs_fn_gate);
	ret = lft_irqs_sampled ? lft_sampled_start(tr, type) :
	      lft_irqs_register();
	if (ret)
		goto fail_fn;
	/* The per-CPU state is clear before a probe may see "on". */
	smp_wmb();
	WRITE_ONCE(lft_irqs_on, true);
	return 0;
fail_fn:
	lft_lat_hooks_stop(tr);
	lft_taskinfo_stop(LFT_TI_CMDLINE);
fail:
	WRITE_ONCE(lft_irqs_tr, NULL);
	lft_lat_end(tr);
	return ret;
}

static void lft_irqs_stop_tracer(struct lft_array *tr)
{
	WRITE_ONCE(lft_irqs_on, false);
	if (lft_irqs_sampled) {
		lft_sampled_stop();
	} else {
		lft_irqs_unregister(LFT_IRQS_NR);
		tracepoint_synchronize_unregister();
	}
	lft_lat_hooks_stop(tr);
	lft_taskinfo_stop(LFT_TI_CMDLINE);
	WRITE_ONCE(lft_irqs_tr, NULL);
	lft_lat_end(tr);
}

/*
 * display-graph changed while it runs: as the kernel, the hooks restart
 * for the new kind of record and a fresh window begins (the live buffer
 * and tracing_max_latency cleared), so that no window mixes both kinds.
 */
static void lft_irqs_display_graph(struct lft_array *tr)
{
	WRITE_ONCE(lft_irqs_on, false);
	if (lft_irqs_sampled) {
		lft_sampled_stop();
	} else {
		/* The probes run with preemption off: none runs after this. */
		synchronize_rcu();
		lft_lat_hooks_stop(tr);
	}
	lft_irqs_clear_cpus();
	WRITE_ONCE(tr->max_latency, 0);
	lft_array_clear(tr, LFT_RB_ALL_CPUS);
	if (lft_irqs_sampled) {
		if (lft_sampled_start(tr, lft_irqs_type))
			return;
	} else {
		lft_lat_hooks_start(tr, lft_irqs_fn_gate);
	}
	/* The per-CPU state is clear before a probe may see "on". */
	smp_wmb();
	WRITE_ONCE(lft_irqs_on, true);
}

/* function-trace (exact mode only traces functions), display-graph. */
static void lft_irqs_option(struct lft_array *tr, unsigned long bit, bool on)
{
	if (bit == LFT_OPT_FUNC_TRACE && !lft_irqs_sampled)
		lft_lat_fn_switch(tr, lft_irqs_fn_gate, on);
	else if (bit == LFT_OPT_DISPLAY_GRAPH)
		lft_irqs_display_graph(tr);
}

static void lft_irqs_note(struct lft_array *tr, struct seq_buf *s)
{
	if (lft_irqs_sampled)
		lft_sampled_note(tr, s);
}

static int lft_irqsoff_start(struct lft_array *tr)
{
	return lft_irqs_start_tracer(tr, LFT_LAT_IRQS);
}

static int lft_preemptoff_start(struct lft_array *tr)
{
	return lft_irqs_start_tracer(tr, LFT_LAT_PREEMPT);
}

static int lft_preemptirqsoff_start(struct lft_array *tr)
{
	return lft_irqs_start_tracer(tr, LFT_LAT_IRQS | LFT_LAT_PREEMPT);
}

#define LFT_IRQS_TRACER(nm, start)					\
	{ .name = nm, .init = start, .reset = lft_irqs_stop_tracer,	\
	  .option_changed = lft_irqs_option, .lat_note = lft_irqs_note,	\
	  .print_entry = lft_lat_print_entry,				\
	  .print_header = lft_lat_print_header,				\
	  .print_max = true, .allow_instances = true }

static struct lft_tracer lft_irqs_tracers[] = {
	LFT_IRQS_TRACER("irqsoff", lft_irqsoff_start),
	LFT_IRQS_TRACER("preemptoff", lft_preemptoff_start),
	LFT_IRQS_TRACER("preemptirqsoff", lft_preemptirqsoff_start),
};

/**
 * lft_irqsoff_init() - register the irqsoff family
 *
 * Exact mode when the kernel has the irq and preempt tracepoints, the
 * sampled mode otherwise (logged once).
 *
 * Return: 0 or the registry's error.
 */
int lft_irqsoff_init(void)
{
	int i, ret;

	for (i = 0; i < LFT_IRQS_NR; i++)
		lft_irqs_tp[i] = lft_tp_find(lft_irqs_tp_names[i]);
	lft_irqs_sampled = irqsoff_sampled || !lft_irqs_tp[LFT_IRQS_OFF] ||
			   !lft_irqs_tp[LFT_IRQS_ON] ||
			   !lft_irqs_tp[LFT_PREEMPT_OFF] ||
			   !lft_irqs_tp[LFT_PREEMPT_ON];
	if (!lft_irqs_sampled)
		lft_irqs_find_hosts();
	if (irqsoff_sampled)
		pr_info("lftrace: irqsoff_sampled: irqsoff, preemptoff and preemptirqsoff are sampled\n");
	else if (lft_irqs_sampled)
		pr_info("lftrace: no irq/preempt tracepoints in this kernel: irqsoff, preemptoff and preemptirqsoff are sampled\n");
	for (i = 0; i < ARRAY_SIZE(lft_irqs_tracers); i++) {
		ret = lft_tracer_register(&lft_irqs_tracers[i]);
		if (ret)
			return ret;
	}
	return 0;
}
