/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The osnoise family (osnoise and timerlat tracers), as 6.1's: what its
 * files share. osn_core.c holds the per-CPU measurement (interference
 * seen through tracepoints), the arrays the family writes to and the
 * workload threads; osn_files.c the osnoise/ directory; osnoise.c and
 * timerlat.c the two workloads and tracers; osn_subsys.c the root.
 */
#ifndef LFT_TRACERS_OSNOISE_H
#define LFT_TRACERS_OSNOISE_H

#include <linux/cpumask.h>
#include <linux/hrtimer.h>
#include <linux/sched/clock.h>
#include <linux/types.h>
#include <asm/local.h>

#include "compat/behave.h"
#include "core/trace.h"

/* osnoise/options bits (the kernel's order: the file lists them so). */
enum lft_osn_opt {
	LFT_OSN_DEFAULTS,
	LFT_OSN_WORKLOAD,
	LFT_OSN_PANIC_ON_STOP,
	LFT_OSN_PREEMPT_DISABLE,
	LFT_OSN_IRQ_DISABLE,
	LFT_OSN_NR_OPTS
};

#define LFT_OSN_DEFAULT_OPTS	BIT(LFT_OSN_WORKLOAD)

/*
 * The osnoise/ files' values (all arrays share them, as the kernel's one
 * directory): written under lft_lock, read by the workloads with
 * READ_ONCE().
 */
struct lft_osn_config {
	u64 period_us;
	u64 runtime_us;
	u64 stop_us;		/* stop_tracing_us: one noise or irq latency */
	u64 stop_total_us;	/* stop_tracing_total_us: a sample, a thread */
	u64 timerlat_period_us;
	u64 print_stack;	/* timerlat: stack if the latency reaches it */
	unsigned long options;
	struct cpumask cpus;
};

extern struct lft_osn_config lft_osn_cfg;

/* One kind of interference being timed on a CPU. */
struct lft_osn_win {
	u64 count;
	u64 arrival;		/* when it began, for the event */
	u64 start;		/* the same, pushed on by what preempted it */
};

#define LFT_OSN_STACK	64

/* A CPU's measurement state. */
struct lft_osn_cpu {
	struct task_struct *kthread;	/* its osnoise/N or timerlat/N */
	struct task_struct *uthread;	/* a user workload (timerlat_fd) */
	struct task_struct *task;	/* whom timerlat's timer wakes */
	bool uthread_migrate;		/* the user workload left the CPU */
	bool sampling;		/* the workload measures: interference counts */
	pid_t pid;		/* the workload's thread */
	struct lft_osn_win nmi, irq, softirq, thread;
	local_t int_counter;	/* interference seen, for safe time reads */
	/* timerlat */
	struct hrtimer timer;
	u64 abs_period;
	bool tracing_thread;	/* the irq fired: thread noise counts */
	unsigned int count;
	unsigned int nr_stack;
	unsigned long stack[LFT_OSN_STACK];
};

DECLARE_PER_CPU(struct lft_osn_cpu, lft_osn_cpu);

/* An array running osnoise or timerlat: lft_osn_insts (RCU, lft_lock). */
struct lft_osn_inst {
	struct list_head list;
	struct lft_array *tr;
};

extern struct list_head lft_osn_insts;

/* The trace clock "local": the kernel's tracers time with it. */
static __always_inline u64 lft_osn_now(void)
{
	u64 t;

	preempt_disable_notrace();
	t = sched_clock();
	preempt_enable_notrace();
	return t;
}

/* The time, re-read if an interference came between (their counter). */
static __always_inline u64 lft_osn_safe_time(struct lft_osn_cpu *c, u64 *t)
{
	u64 n;

	do {
		n = local_read(&c->int_counter);
		barrier();
		*t = lft_osn_now();
		barrier();
	} while (n != local_read(&c->int_counter));
	return n;
}

/* osn_core.c */
int lft_osn_attach(struct lft_array *tr, bool timerlat);
void lft_osn_detach(struct lft_array *tr);
void lft_osn_restart(void (*change)(void *arg), void *arg);
bool lft_osn_find_tps(void);
bool lft_osn_user_workload(void);
int lft_osn_hotplug_init(void);
void lft_osn_hotplug_exit(void);

/* osn_rec.c */
void lft_osn_write_osnoise(u64 noise, u64 runtime, u64 max_sample,
			   unsigned int hw, const struct lft_osn_win *base,
			   const struct lft_osn_cpu *c);
void lft_osn_write_timerlat(unsigned int seq, int context, u64 latency);
void lft_osn_write_stack(const struct lft_osn_cpu *c);
void lft_osn_stop_tracing(void);
void lft_osn_stop_why(const char *why);
extern bool lft_osn_tainted;
void lft_osn_taint(const char *msg);
void lft_osn_new_max(u64 latency);

/* osnoise.c, timerlat.c: the workloads and their tracers */
int lft_osnoise_main(void *arg);
int lft_timerlat_main(void *arg);
void lft_tl_timer_init(struct lft_osn_cpu *c);
int lft_tl_wait(struct lft_osn_cpu *c, bool user);
void lft_tl_dump_stack(struct lft_osn_cpu *c, u64 us);

/* timerlat_ufd.c: the user-space workload (osnoise/per_cpu/cpuN/timerlat_fd) */
int lft_tl_ufd_create(struct lft_file_ref *ref, struct dentry *osnoise);
void lft_tl_ufd_kill(struct lft_osn_cpu *c);
int lft_osnoise_register(void);
int lft_timerlat_register(void);

/* osn_files.c */
int lft_osn_files_create(struct lft_file_ref *ref);
void lft_osn_config_init(void);

#endif /* LFT_TRACERS_OSNOISE_H */
