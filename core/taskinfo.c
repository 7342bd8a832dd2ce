// SPDX-License-Identifier: GPL-2.0
/*
 * Task information for output: which comm (saved_cmdlines) and which tgid
 * (saved_tgids) a pid had. As in the kernel, tasks are not looked up when
 * an entry is written (that would cost every writer a lock): a CPU that
 * committed an entry raises a flag, and the next context switch on that
 * CPU records both tasks involved. The sched_switch probe is installed
 * only while something wants the information (lft_taskinfo_start()).
 */
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/tracepoint.h>
#include <linux/vmalloc.h>

#include "compat/ksyms.h"
#include "core/trace.h"

DEFINE_PER_CPU(bool, lft_taskinfo_save);
static struct tracepoint *lft_switch_tp;
static int lft_cmd_ref, lft_tgid_ref;	/* under lft_lock */
static bool lft_probe_on;
static int *lft_tgid_map;		/* pid -> tgid, PID_MAX_DEFAULT */

static void lft_save_tgid(struct task_struct *tsk)
{
	int *map = READ_ONCE(lft_tgid_map);

	if (map && tsk->pid > 0 && tsk->pid < PID_MAX_DEFAULT)
		WRITE_ONCE(map[tsk->pid], tsk->tgid);
}

static void lft_switch_probe(void *data, bool preempt,
			     struct task_struct *prev,
			     struct task_struct *next,
			     unsigned int prev_state)
{
	bool done = true;

	if (!this_cpu_read(lft_taskinfo_save))
		return;
	/*
	 * Two CPUs switching at once contend for the comm table; the loser
	 * keeps its flag and records at its next switch, or a task that ran
	 * only briefly (a kworker) would print as <...>. A dying task has no
	 * next switch: its comm is recorded now, waiting for the table (its
	 * exec'd comm was lost so: record.tc saw the comm from before exec).
	 */
	if (READ_ONCE(lft_cmd_ref))
		done = lft_cmdline_record(prev, prev_state & TASK_DEAD) &&
		       lft_cmdline_record(next, false);
	if (done)
		this_cpu_write(lft_taskinfo_save, false);
	if (READ_ONCE(lft_tgid_ref)) {
		lft_save_tgid(prev);
		lft_save_tgid(next);
	}
}

/* Install or remove the probe to match the references. */
static int lft_taskinfo_update(void)
{
	bool want = lft_cmd_ref || lft_tgid_ref;
	int ret = 0;

	if (want == lft_probe_on)
		return 0;
	if (!lft_switch_tp)
		lft_switch_tp = lft_tp_find("sched_switch");
	if (!lft_switch_tp)
		return -ENOENT;
	if (want)
		ret = tracepoint_probe_register(lft_switch_tp,
						lft_switch_probe, NULL);
	else
		tracepoint_probe_unregister(lft_switch_tp, lft_switch_probe,
					    NULL);
	if (!ret)
		lft_probe_on = want;
	return ret;
}

/**
 * lft_taskinfo_start() - start recording comms and/or tgids
 * @what: LFT_TI_CMDLINE and/or LFT_TI_TGID
 *
 * Called with lft_lock held; balanced by lft_taskinfo_stop().
 *
 * Return: 0 or a negative errno (nothing started).
 */
int lft_taskinfo_start(unsigned int what)
{
	int ret;

	lockdep_assert_held(&lft_lock);
	if ((what & LFT_TI_TGID) && !lft_tgid_map) {
		int *map = vzalloc(array_size(PID_MAX_DEFAULT, sizeof(int)));

		if (!map)
			return -ENOMEM;
		WRITE_ONCE(lft_tgid_map, map);
	}
	lft_cmd_ref += !!(what & LFT_TI_CMDLINE);
	lft_tgid_ref += !!(what & LFT_TI_TGID);
	ret = lft_taskinfo_update();
	if (ret) {
		lft_cmd_ref -= !!(what & LFT_TI_CMDLINE);
		lft_tgid_ref -= !!(what & LFT_TI_TGID);
	}
	return ret;
}

/**
 * lft_taskinfo_note_now() - an entry was committed: its task's comm now
 *
 * For writers of a few records a period (a latency tracer's samples),
 * which then need no sched_switch probe, whose cost every context switch
 * would pay; as lft_taskinfo_note() besides, for tgids. Any context but
 * NMI.
 */
void lft_taskinfo_note_now(void)
{
	if (!lft_cmdline_record(current, false))
		this_cpu_write(lft_taskinfo_save, true);
	else if (READ_ONCE(lft_tgid_ref))
		this_cpu_write(lft_taskinfo_save, true);
}

/**
 * lft_taskinfo_stop() - undo one lft_taskinfo_start()
 * @what: what was passed to it
 */
void lft_taskinfo_stop(unsigned int what)
{
	lockdep_assert_held(&lft_lock);
	lft_cmd_ref -= !!(what & LFT_TI_CMDLINE);
	lft_tgid_ref -= !!(what & LFT_TI_TGID);
	lft_taskinfo_update();
}

/* The tgid recorded for @pid, 0 when unknown. */
int lft_tgid_find(int pid)
{
	int *map = READ_ONCE(lft_tgid_map);

	if (!map || pid <= 0 || pid >= PID_MAX_DEFAULT)
		return 0;
	return READ_ONCE(map[pid]);
}

/* saved_tgids: "pid tgid" for every pid a tgid was recorded for. */
void lft_tgid_show(struct seq_buf *s)
{
	int *map = READ_ONCE(lft_tgid_map);
	int pid, tgid;

	if (!map)
		return;
	for (pid = 1; pid < PID_MAX_DEFAULT; pid++) {
		tgid = READ_ONCE(map[pid]);
		if (tgid)
			seq_buf_printf(s, "%d %d\n", pid, tgid);
	}
}

/* At unload, after every user has stopped. */
void lft_taskinfo_exit(void)
{
	if (lft_probe_on) {
		tracepoint_probe_unregister(lft_switch_tp, lft_switch_probe,
					    NULL);
		lft_probe_on = false;
	}
	tracepoint_synchronize_unregister();
	vfree(lft_tgid_map);
	lft_tgid_map = NULL;
}
