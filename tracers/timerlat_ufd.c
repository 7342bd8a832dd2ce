// SPDX-License-Identifier: GPL-2.0
/*
 * timerlat's user-space workload, as upstream has it since 6.6 (rtla 6.10
 * and later use it by default; lftrace gives it where the kernel is 6.12
 * or later, compat/behave.h, and 6.1's file set elsewhere):
 * osnoise/per_cpu/cpuN/timerlat_fd. With timerlat running and
 * NO_OSNOISE_WORKLOAD (no timerlat/N threads then), a task pinned to CPU
 * N opens the file (EINVAL otherwise; EBUSY if a workload has it; EPERM
 * if the task may run elsewhere) and each read() is one activation:
 *
 *   read() returns from user space: a record of context "user-ret", how
 *   late the task got back from its work; it arms the timer and sleeps;
 *   the timer's irq records its own latency and wakes the task; then a
 *   record of context "thread", and read() returns 0.
 *
 * A task that moves to another CPU stops tracing ("... due to exception"),
 * its next read fails (EINVAL). Stopping the tracer kills the tasks
 * (SIGKILL), as the kernel's does; the file's release frees its CPU.
 */
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>

#include "core/fs.h"
#include "tracers/osnoise.h"

#define LFT_TL_URET	2	/* the record's context: back from user space */

/* The file's CPU: its reference's. */
static long lft_tl_ufd_cpu(struct inode *inode)
{
	return ((struct lft_file_ref *)inode->i_private)->cpu;
}

static int lft_tl_ufd_open(struct inode *inode, struct file *file)
{
	long cpu = lft_tl_ufd_cpu(inode);
	struct lft_osn_cpu *c;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	mutex_lock(&lft_lock);
	if (!lft_osn_user_workload()) {
		ret = -EINVAL;
		goto out;
	}
	migrate_disable();
	c = this_cpu_ptr(&lft_osn_cpu);
	if (c->pid)
		ret = -EBUSY;
	else if (current->nr_cpus_allowed > 1 || cpu != smp_processor_id())
		ret = -EPERM;
	if (!ret) {
		file->private_data = (void *)cpu;
		get_task_struct(current);
		c->uthread = current;
		c->task = current;
		c->pid = current->pid;
		c->uthread_migrate = false;
		lft_tl_timer_init(c);
	}
	migrate_enable();
out:
	mutex_unlock(&lft_lock);
	if (ret)
		lft_release(inode, file);
	return ret;
}

/* One activation: see the top of the file. */
static ssize_t lft_tl_ufd_read(struct file *file, char __user *ubuf,
			       size_t count, loff_t *ppos)
{
	long cpu = (long)file->private_data;
	u64 stop_total = READ_ONCE(lft_osn_cfg.stop_total_us);
	struct lft_osn_cpu *c;
	s64 diff;

	migrate_disable();
	c = this_cpu_ptr(&lft_osn_cpu);
	if (cpu != smp_processor_id()) {
		per_cpu_ptr(&lft_osn_cpu, cpu)->uthread_migrate = true;
		lft_osn_stop_tracing();
		migrate_enable();
		return -EINVAL;
	}
	if (c->uthread_migrate || !c->uthread) {
		migrate_enable();
		return -EINVAL;
	}
	/* The reader sleeps: any task of the opener's on the CPU may read. */
	c->task = current;
	if (likely(READ_ONCE(c->sampling))) {
		diff = ktime_to_ns(hrtimer_cb_get_time(&c->timer)) -
		       c->abs_period;
		/* Not the timer's wakeup (a signal): nothing to record. */
		if (diff < 0)
			goto out;
		lft_osn_write_timerlat(c->count, LFT_TL_URET, diff);
		lft_osn_new_max(diff);
		c->tracing_thread = false;
		if (stop_total && div_u64(diff, NSEC_PER_USEC) >= stop_total)
			lft_osn_stop_tracing();
	} else {
		/* The first read: the periods count from now. */
		c->tracing_thread = false;
		c->abs_period = ktime_to_ns(hrtimer_cb_get_time(&c->timer));
		WRITE_ONCE(c->sampling, true);
	}
	if (lft_tl_wait(c, true))
		goto out_cancel;
	diff = ktime_to_ns(hrtimer_cb_get_time(&c->timer)) - c->abs_period;
	if (diff < 0)
		goto out_cancel;
	lft_osn_write_timerlat(c->count, 1, diff);
	if (stop_total && div_u64(diff, NSEC_PER_USEC) >= stop_total) {
		lft_tl_dump_stack(c, div_u64(diff, NSEC_PER_USEC));
		lft_osn_new_max(diff);
		lft_osn_stop_tracing();
	}
out:
	migrate_enable();
	return 0;
out_cancel:
	/* A signal, not the timer, ended the wait: it must not wake us later. */
	hrtimer_cancel(&c->timer);
	migrate_enable();
	return 0;
}

static int lft_tl_ufd_release(struct inode *inode, struct file *file)
{
	struct lft_osn_cpu *c = per_cpu_ptr(&lft_osn_cpu,
					    lft_tl_ufd_cpu(inode));

	mutex_lock(&lft_lock);
	if (c->uthread) {
		hrtimer_cancel(&c->timer);
		WRITE_ONCE(c->sampling, false);
		c->pid = 0;
		c->task = NULL;
		c->tracing_thread = false;
		c->uthread_migrate = false;
		put_task_struct(c->uthread);
		c->uthread = NULL;
	}
	mutex_unlock(&lft_lock);
	return lft_release(inode, file);
}

static const struct file_operations lft_tl_ufd_fops = {
	.owner = THIS_MODULE,
	.open = lft_tl_ufd_open,
	.read = lft_tl_ufd_read,
	.release = lft_tl_ufd_release,
	.llseek = generic_file_llseek,
};

/**
 * lft_tl_ufd_kill() - the tracer stops: a user workload dies with it
 * @c: the CPU's state (lft_lock held)
 *
 * As the kernel's: SIGKILL ends its read and the task; the file's release
 * frees the CPU's state.
 */
void lft_tl_ufd_kill(struct lft_osn_cpu *c)
{
	if (c->uthread)
		send_sig(SIGKILL, c->uthread, 1);
}

/**
 * lft_tl_ufd_create() - osnoise/per_cpu/cpuN/timerlat_fd, for each
 *	possible CPU
 * @ref: the top level's file reference
 * @osnoise: the osnoise/ directory
 *
 * Return: 0 or a negative errno.
 */
int lft_tl_ufd_create(struct lft_file_ref *ref, struct dentry *osnoise)
{
	struct dentry *per_cpu = lft_fs_create_dir("per_cpu", osnoise);
	char name[16];
	int cpu;

	if (IS_ERR(per_cpu))
		return PTR_ERR(per_cpu);
	for_each_possible_cpu(cpu) {
		struct lft_file_ref *cref = lft_file_ref(ref->tr, cpu);
		struct dentry *d;

		if (!cref)
			return -ENOMEM;
		snprintf(name, sizeof(name), "cpu%d", cpu);
		d = lft_fs_create_dir(name, per_cpu);
		if (IS_ERR(d))
			return PTR_ERR(d);
		d = lft_fs_create_file("timerlat_fd", 0440, d, cref,
				       &lft_tl_ufd_fops);
		if (IS_ERR(d))
			return PTR_ERR(d);
	}
	return 0;
}
