// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise family's measurement, as 6.1's: each CPU's workload thread
 * (osnoise/N or timerlat/N) runs while the interference it suffers is
 * timed through the tracepoints a module can attach to:
 *
 *   irq        irq:irq_handler_entry/exit and the x86 vector events
 *              (irq_vectors:local_timer_*, reschedule_*, call_function_*,
 *              irq_work_*, ...: each one this kernel has)
 *   softirq    irq:softirq_entry/exit (not on PREEMPT_RT, where softirqs
 *              run in threads and count as thread noise, as the kernel's)
 *   thread     sched:sched_switch: any other task that runs
 *   nmi        nmi:nmi_handler, fired after each NMI handler with its
 *              duration: NMIs are counted and timed per handler, from its
 *              start (the NMI's own entry and exit are not seen)
 *
 * Each window's start is pushed on by what preempts it (an irq inside a
 * softirq, an NMI inside an irq), so each noise is its own net time; a
 * counter of interferences, read around each clock read, makes the reads
 * safe against an interference that lands between. A gap the workload
 * sees with no interference counted is "hw" noise: what no tracepoint
 * shows (a hypervisor, SMIs, the host descheduling a guest's vCPU, and
 * NMIs on kernels without nmi_handler).
 *
 * The arrays running a tracer of the family share one workload (the
 * kernel's instances list); every record goes to each of them.
 */
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/interrupt.h>
#include <linux/kthread.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stacktrace.h>
#include <linux/tracepoint.h>
#include <linux/workqueue.h>

#include "compat/ksyms.h"
#include "core/own_tp.h"
#include "tracers/osnoise.h"

DEFINE_PER_CPU(struct lft_osn_cpu, lft_osn_cpu);

LIST_HEAD(lft_osn_insts);		/* lft_lock; RCU for the writers */
static bool lft_osn_tl;			/* the workload is timerlat's */
static bool lft_osn_hooked;		/* probes registered, threads up */

/* --------------------------------------------------------- interference */

/* @c's windows under way are pushed on by @d ns of a higher context. */
static inline void lft_osn_push(struct lft_osn_win *w, u64 d)
{
	if (w->start)
		w->start += d;
}

/* The net length of window @w (closed), safe against interference. */
static s64 lft_osn_close(struct lft_osn_cpu *c, struct lft_osn_win *w)
{
	u64 n, now;
	s64 d;

	do {
		n = local_read(&c->int_counter);
		barrier();
		now = lft_osn_now();
		d = now - w->start;
		barrier();
	} while (n != local_read(&c->int_counter));
	/* Discounted more than it lasted: a race the kernel's also reports. */
	if (d < 0)
		lft_osn_taint("Negative duration!\n");
	w->start = 0;
	return d;
}

static void lft_osn_open(struct lft_osn_cpu *c, struct lft_osn_win *w)
{
	w->arrival = lft_osn_now();
	lft_osn_safe_time(c, &w->start);
	w->count++;
	local_inc(&c->int_counter);
}

static void lft_osn_irq_enter(void)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);

	if (READ_ONCE(c->sampling))
		lft_osn_open(c, &c->irq);
}

static void lft_osn_irq_leave(int vector, const char *desc)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);
	s64 d;

	if (!READ_ONCE(c->sampling) || !c->irq.start)
		return;
	d = lft_osn_close(c, &c->irq);
	trace_lft_osnoise_irq_noise(vector, desc, c->irq.arrival, d);
	c->irq.arrival = 0;
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		lft_osn_push(&c->softirq, d);
	lft_osn_push(&c->thread, d);
}

static void lft_osn_irq_entry_probe(void *data, int irq,
				    struct irqaction *action)
{
	lft_osn_irq_enter();
}

static void lft_osn_irq_exit_probe(void *data, int irq,
				   struct irqaction *action, int ret)
{
	lft_osn_irq_leave(irq, action->name);
}

/* The x86 vectors' events: their data is the name the kernel gives. */
static void lft_osn_vec_entry_probe(void *data, int vector)
{
	lft_osn_irq_enter();
}

static void lft_osn_vec_exit_probe(void *data, int vector)
{
	lft_osn_irq_leave(vector, data);
}

static void lft_osn_softirq_entry_probe(void *data, unsigned int vec)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);

	if (READ_ONCE(c->sampling))
		lft_osn_open(c, &c->softirq);
}

static void lft_osn_softirq_exit_probe(void *data, unsigned int vec)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);
	s64 d;

	if (!READ_ONCE(c->sampling) || !c->softirq.start)
		return;
	/* timerlat: only once its irq ran (it set the window's start). */
	if (READ_ONCE(lft_osn_tl) && !c->tracing_thread) {
		c->softirq.arrival = 0;
		c->softirq.start = 0;
		return;
	}
	d = lft_osn_close(c, &c->softirq);
	trace_lft_osnoise_softirq_noise(vec, c->softirq.arrival, d);
	lft_osn_push(&c->thread, d);
	c->softirq.arrival = 0;
}

/*
 * An NMI handler ran for @delta ns: it began that long ago. Counted as an
 * NMI each, and its time taken out of the windows it interrupted.
 */
static void lft_osn_nmi_probe(void *data, void *handler, s64 delta, int handled)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);
	u64 now;

	if (!READ_ONCE(c->sampling) || delta < 0)
		return;
	local_inc(&c->int_counter);
	c->nmi.count++;
	now = lft_osn_now();
	trace_lft_osnoise_nmi_noise(now - delta, delta);
	lft_osn_push(&c->irq, delta);
	if (!IS_ENABLED(CONFIG_PREEMPT_RT))
		lft_osn_push(&c->softirq, delta);
	lft_osn_push(&c->thread, delta);
}

/* A task other than the workload runs (with OSNOISE_WORKLOAD, any task). */
static void lft_osn_switch_probe(void *data, bool preempt,
				 struct task_struct *prev,
				 struct task_struct *next,
				 unsigned int prev_state)
{
	struct lft_osn_cpu *c = this_cpu_ptr(&lft_osn_cpu);
	bool workload = READ_ONCE(lft_osn_cfg.options) &
			BIT(LFT_OSN_WORKLOAD);

	if (!READ_ONCE(c->sampling))
		return;
	if ((prev->pid != c->pid || !workload) && c->thread.start) {
		if (READ_ONCE(lft_osn_tl) && !c->tracing_thread) {
			c->thread.start = 0;
			c->thread.arrival = 0;
		} else {
			s64 d = lft_osn_close(c, &c->thread);

			trace_lft_osnoise_thread_noise(prev, c->thread.arrival,
						       d);
			c->thread.arrival = 0;
		}
	}
	if (next->pid != c->pid || !workload)
		lft_osn_open(c, &c->thread);
}

/* A user workload (timerlat_fd) must stay on its CPU: leaving stops it. */
static void lft_osn_migrate_probe(void *data, struct task_struct *p,
				  int dest_cpu)
{
	int cpu = task_cpu(p);
	struct lft_osn_cpu *c = per_cpu_ptr(&lft_osn_cpu, cpu);

	if (!READ_ONCE(c->uthread) || READ_ONCE(c->pid) != p->pid ||
	    dest_cpu == cpu)
		return;
	WRITE_ONCE(c->uthread_migrate, true);
	lft_osn_stop_why("timerlat user-thread migrated");
}

/* The tracepoints and their probes; the vectors' data is their name. */
struct lft_osn_tp {
	const char *name;
	void *probe;
	const char *desc;
	bool needed;		/* the family is left out without it */
	bool rt_too;		/* also on PREEMPT_RT */
	struct tracepoint *tp;
	bool on;
};

static struct lft_osn_tp lft_osn_tps[] = {
	{ "irq_handler_entry", lft_osn_irq_entry_probe, NULL, true, true },
	{ "irq_handler_exit", lft_osn_irq_exit_probe, NULL, true, true },
	{ "local_timer_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "local_timer_exit", lft_osn_vec_exit_probe, "local_timer", false, true },
	{ "thermal_apic_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "thermal_apic_exit", lft_osn_vec_exit_probe, "thermal_apic", false, true },
	{ "deferred_error_apic_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "deferred_error_apic_exit", lft_osn_vec_exit_probe, "deferred_error", false, true },
	{ "threshold_apic_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "threshold_apic_exit", lft_osn_vec_exit_probe, "threshold_apic", false, true },
	{ "call_function_single_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "call_function_single_exit", lft_osn_vec_exit_probe, "call_function_single", false, true },
	{ "call_function_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "call_function_exit", lft_osn_vec_exit_probe, "call_function", false, true },
	{ "reschedule_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "reschedule_exit", lft_osn_vec_exit_probe, "reschedule", false, true },
	{ "irq_work_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "irq_work_exit", lft_osn_vec_exit_probe, "irq_work", false, true },
	{ "x86_platform_ipi_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "x86_platform_ipi_exit", lft_osn_vec_exit_probe, "x86_platform_ipi", false, true },
	{ "error_apic_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "error_apic_exit", lft_osn_vec_exit_probe, "error_apic", false, true },
	{ "spurious_apic_entry", lft_osn_vec_entry_probe, NULL, false, true },
	{ "spurious_apic_exit", lft_osn_vec_exit_probe, "spurious_apic", false, true },
	{ "softirq_entry", lft_osn_softirq_entry_probe, NULL, true, false },
	{ "softirq_exit", lft_osn_softirq_exit_probe, NULL, true, false },
	{ "sched_switch", lft_osn_switch_probe, NULL, true, true },
	{ "nmi_handler", lft_osn_nmi_probe, NULL, false, true },
	{ "sched_migrate_task", lft_osn_migrate_probe, NULL, false, true },
};

static void lft_osn_unhook(void)
{
	int i;

	for (i = ARRAY_SIZE(lft_osn_tps) - 1; i >= 0; i--) {
		struct lft_osn_tp *t = &lft_osn_tps[i];

		if (t->on)
			tracepoint_probe_unregister(t->tp, t->probe,
						    (void *)t->desc);
		t->on = false;
	}
	tracepoint_synchronize_unregister();
}

static int lft_osn_hook(void)
{
	int i, ret;

	for (i = 0; i < ARRAY_SIZE(lft_osn_tps); i++) {
		struct lft_osn_tp *t = &lft_osn_tps[i];

		if (!t->tp || (IS_ENABLED(CONFIG_PREEMPT_RT) && !t->rt_too))
			continue;
		ret = tracepoint_probe_register(t->tp, t->probe,
						(void *)t->desc);
		if (ret) {
			lft_osn_unhook();
			return ret;
		}
		t->on = true;
	}
	return 0;
}

/* ------------------------------------------------------------ workload */

/**
 * lft_osn_user_workload() - is timerlat running for user workloads?
 *
 * Return: true while timerlat runs with NO_OSNOISE_WORKLOAD (lft_lock
 * held): where the kernel has the interface, no thread of its own then.
 */
bool lft_osn_user_workload(void)
{
	return lft_osn_tl && !(lft_osn_cfg.options & BIT(LFT_OSN_WORKLOAD));
}

/* @cpu's workload (cpus_read_lock held, or @cpu coming up). */
static int lft_osn_start_cpu(unsigned int cpu)
{
	bool workload = lft_osn_cfg.options & BIT(LFT_OSN_WORKLOAD);
	struct lft_osn_cpu *c = per_cpu_ptr(&lft_osn_cpu, cpu);
	struct task_struct *t;

	if (!lft_osn_tl && !workload) {
		/* NO_OSNOISE_WORKLOAD: whatever runs is measured. */
		WRITE_ONCE(c->sampling, true);
		return 0;
	}
	t = kthread_create_on_cpu(lft_osn_tl ? lft_timerlat_main :
				  lft_osnoise_main, NULL, cpu,
				  lft_osn_tl ? "timerlat/%u" : "osnoise/%u");
	if (IS_ERR(t)) {
		pr_err("lftrace: osnoise: could not start sampling thread\n");
		return PTR_ERR(t);
	}
	get_task_struct(t);
	c->kthread = t;
	wake_up_process(t);
	return 0;
}

/*
 * @cpu's workload stops (cpus_read_lock held, or @cpu going down); a user
 * workload is killed with @kill_user (lft_lock held: not from hotplug,
 * where the task, moved off the CPU, stops tracing itself).
 */
static void lft_osn_stop_cpu(unsigned int cpu, bool kill_user)
{
	struct lft_osn_cpu *c = per_cpu_ptr(&lft_osn_cpu, cpu);

	if (c->kthread) {
		kthread_stop(c->kthread);
		put_task_struct(c->kthread);
		c->kthread = NULL;
	}
	if (kill_user)
		lft_tl_ufd_kill(c);
	WRITE_ONCE(c->sampling, false);
}

static void lft_osn_stop_threads(void)
{
	int cpu;

	cpus_read_lock();
	for_each_possible_cpu(cpu)
		lft_osn_stop_cpu(cpu, true);
	cpus_read_unlock();
	/* No probe still looks at the windows the next start resets. */
	synchronize_rcu();
}

static int lft_osn_start_threads(void)
{
	int cpu, ret = 0;

	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		struct lft_osn_cpu *c = per_cpu_ptr(&lft_osn_cpu, cpu);

		/* sampling is off: the probes leave the rest alone. */
		c->kthread = NULL;
		/* A user workload killed at the last stop still holds it. */
		if (!c->uthread)
			c->pid = 0;
		memset(&c->nmi, 0, sizeof(c->nmi));
		memset(&c->irq, 0, sizeof(c->irq));
		memset(&c->softirq, 0, sizeof(c->softirq));
		memset(&c->thread, 0, sizeof(c->thread));
		local_set(&c->int_counter, 0);
		c->tracing_thread = false;
		c->count = 0;
	}
	/* 6.12: timerlat without its threads waits for user workloads. */
	if (LFT_TIMERLAT_UFD && lft_osn_user_workload())
		goto out;
	for_each_cpu_and(cpu, cpu_online_mask, &lft_osn_cfg.cpus) {
		ret = lft_osn_start_cpu(cpu);
		if (ret)
			break;
	}
out:
	cpus_read_unlock();
	if (ret)
		lft_osn_stop_threads();
	return ret;
}

/**
 * lft_osn_restart() - change the workload's settings with it stopped
 * @change: makes the change (lft_lock held)
 * @arg: its argument
 *
 * As the kernel's cpus and options files: the threads stop, the change is
 * made, and they start again (if they ran).
 */
void lft_osn_restart(void (*change)(void *arg), void *arg)
{
	bool running = lft_osn_hooked;

	if (running)
		lft_osn_stop_threads();
	change(arg);
	if (running && lft_osn_start_threads())
		pr_err("lftrace: osnoise: the workload did not restart\n");
}

/* The array's membership of the family, if it has one (lft_lock held). */
static struct lft_osn_inst *lft_osn_find(struct lft_array *tr)
{
	struct lft_osn_inst *i;

	list_for_each_entry(i, &lft_osn_insts, list)
		if (i->tr == tr)
			return i;
	return NULL;
}

/**
 * lft_osn_attach() - an array starts a tracer of the family
 * @tr: the array (lft_lock held)
 * @timerlat: timerlat (else osnoise)
 *
 * The first array starts the probes and the workload; the others join it.
 * An array already in the family stays as it is (tracing_on 1 again).
 *
 * Return: 0, -EBUSY while the other tracer of the family runs elsewhere,
 * or the error of starting.
 */
int lft_osn_attach(struct lft_array *tr, bool timerlat)
{
	struct lft_osn_inst *i;
	int ret;

	if (lft_osn_find(tr))
		return 0;
	if (!list_empty(&lft_osn_insts) && lft_osn_tl != timerlat)
		return -EBUSY;
	i = kzalloc(sizeof(*i), GFP_KERNEL);
	if (!i)
		return -ENOMEM;
	i->tr = tr;
	WRITE_ONCE(tr->max_latency, 0);
	if (list_empty(&lft_osn_insts)) {
		/*
		 * No sched_switch probe for comms: the records' writers note
		 * theirs (lft_taskinfo_note_now()).
		 */
		WRITE_ONCE(lft_osn_tl, timerlat);
		ret = lft_osn_hook();
		if (!ret) {
			ret = lft_osn_start_threads();
			if (ret)
				lft_osn_unhook();
		}
		if (ret) {
			WRITE_ONCE(lft_osn_tl, false);
			goto fail;
		}
		lft_osn_hooked = true;
	}
	list_add_tail_rcu(&i->list, &lft_osn_insts);
	return 0;
fail:
	kfree(i);
	return ret;
}

/**
 * lft_osn_detach() - an array's tracer of the family stops
 * @tr: the array (lft_lock held)
 *
 * The last one stops the workload and the probes.
 */
void lft_osn_detach(struct lft_array *tr)
{
	struct lft_osn_inst *i = lft_osn_find(tr);

	if (!i)
		return;
	list_del_rcu(&i->list);
	synchronize_rcu();
	kfree(i);
	if (!list_empty(&lft_osn_insts))
		return;
	lft_osn_stop_threads();
	lft_osn_unhook();
	lft_osn_hooked = false;
	WRITE_ONCE(lft_osn_tl, false);
}

/**
 * lft_osn_find_tps() - the tracepoints the family uses, at load
 *
 * Return: false (with a log line) when one it cannot do without is missing.
 */
bool lft_osn_find_tps(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(lft_osn_tps); i++) {
		struct lft_osn_tp *t = &lft_osn_tps[i];

		t->tp = lft_tp_find(t->name);
		if (!t->tp && t->needed &&
		    (t->rt_too || !IS_ENABLED(CONFIG_PREEMPT_RT))) {
			pr_info("lftrace: no %s tracepoint: no osnoise or timerlat tracer\n",
				t->name);
			return false;
		}
	}
	return true;
}

/*
 * CPU hotplug, as the kernel's: a CPU that comes online while the
 * workload runs gets its thread (from a work item on it: lft_lock cannot
 * be taken in the hotplug callback, which cpus_read_lock() holders wait
 * for), one that goes offline loses it.
 */
static enum cpuhp_state lft_osn_hp_state;

static void lft_osn_online_work(struct work_struct *work)
{
	unsigned int cpu = smp_processor_id();

	mutex_lock(&lft_lock);
	cpus_read_lock();
	if (lft_osn_hooked && cpu_online(cpu) &&
	    cpumask_test_cpu(cpu, &lft_osn_cfg.cpus) &&
	    !(LFT_TIMERLAT_UFD && lft_osn_user_workload()) &&
	    !per_cpu(lft_osn_cpu, cpu).kthread)
		lft_osn_start_cpu(cpu);
	cpus_read_unlock();
	mutex_unlock(&lft_lock);
}

static DEFINE_PER_CPU(struct work_struct, lft_osn_hp_work);

static int lft_osn_cpu_online(unsigned int cpu)
{
	schedule_work_on(cpu, per_cpu_ptr(&lft_osn_hp_work, cpu));
	return 0;
}

static int lft_osn_cpu_offline(unsigned int cpu)
{
	lft_osn_stop_cpu(cpu, false);
	return 0;
}

/**
 * lft_osn_hotplug_init() - follow CPUs coming and going (at load)
 *
 * Return: 0 or the hotplug state's error.
 */
int lft_osn_hotplug_init(void)
{
	int cpu, ret;

	for_each_possible_cpu(cpu)
		INIT_WORK(per_cpu_ptr(&lft_osn_hp_work, cpu),
			  lft_osn_online_work);
	ret = cpuhp_setup_state_nocalls(CPUHP_AP_ONLINE_DYN,
					"lftrace/osnoise:online",
					lft_osn_cpu_online,
					lft_osn_cpu_offline);
	if (ret < 0)
		return ret;
	lft_osn_hp_state = ret;
	return 0;
}

/**
 * lft_osn_hotplug_exit() - undo lft_osn_hotplug_init() (at unload, the
 *	tracers stopped)
 */
void lft_osn_hotplug_exit(void)
{
	int cpu;

	if (!lft_osn_hp_state)
		return;
	cpuhp_remove_state_nocalls(lft_osn_hp_state);
	lft_osn_hp_state = 0;
	for_each_possible_cpu(cpu)
		cancel_work_sync(per_cpu_ptr(&lft_osn_hp_work, cpu));
}
