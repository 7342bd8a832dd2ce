// SPDX-License-Identifier: GPL-2.0
/*
 * Saved command lines: the pid -> comm cache that lets output name a task
 * after it is gone (saved_cmdlines). Like the kernel, it holds the last
 * 128 tasks recorded, and tasks are recorded only at certain points (a
 * snapshot, and tracers that hook the scheduler); others print "<...>".
 */
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/vmalloc.h>

#include "core/trace.h"

#define LFT_CMDLINES	128
#define LFT_NO_MAP	UINT_MAX

static DEFINE_RAW_SPINLOCK(lft_cmd_lock);
static unsigned int *lft_pid_map;	/* pid % PID_MAX_DEFAULT -> slot */
static int lft_slot_pid[LFT_CMDLINES];
static char lft_slot_comm[LFT_CMDLINES][TASK_COMM_LEN];
static unsigned int lft_next_slot;

int lft_cmdline_init(void)
{
	unsigned int i;

	lft_pid_map = vmalloc(array_size(PID_MAX_DEFAULT, sizeof(*lft_pid_map)));
	if (!lft_pid_map)
		return -ENOMEM;
	for (i = 0; i < PID_MAX_DEFAULT; i++)
		lft_pid_map[i] = LFT_NO_MAP;
	return 0;
}

void lft_cmdline_exit(void)
{
	vfree(lft_pid_map);
	lft_pid_map = NULL;
}

/**
 * lft_cmdline_record() - remember a task's comm for output
 * @tsk: the task
 *
 * Any context; skipped (not waited for) when another CPU is recording.
 */
void lft_cmdline_record(struct task_struct *tsk)
{
	unsigned long flags;
	unsigned int idx, slot;

	if (!tsk->pid || !lft_pid_map)
		return;
	if (!raw_spin_trylock_irqsave(&lft_cmd_lock, flags))
		return;
	idx = tsk->pid & (PID_MAX_DEFAULT - 1);
	slot = lft_pid_map[idx];
	if (slot == LFT_NO_MAP || lft_slot_pid[slot] != tsk->pid) {
		slot = lft_next_slot;
		lft_next_slot = (lft_next_slot + 1) % LFT_CMDLINES;
		if (lft_slot_pid[slot])
			lft_pid_map[lft_slot_pid[slot] &
				    (PID_MAX_DEFAULT - 1)] = LFT_NO_MAP;
		lft_slot_pid[slot] = tsk->pid;
		lft_pid_map[idx] = slot;
	}
	get_task_comm(lft_slot_comm[slot], tsk);
	raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
}

/* The comm output shows for a pid, copied into @comm (TASK_COMM_LEN). */
void lft_cmdline_find(int pid, char *comm)
{
	unsigned long flags;
	unsigned int slot;

	if (!pid) {
		strscpy(comm, "<idle>", TASK_COMM_LEN);
		return;
	}
	strscpy(comm, "<...>", TASK_COMM_LEN);
	if (pid < 0 || pid >= PID_MAX_DEFAULT || !lft_pid_map)
		return;
	raw_spin_lock_irqsave(&lft_cmd_lock, flags);
	slot = lft_pid_map[pid];
	if (slot != LFT_NO_MAP && lft_slot_pid[slot] == pid)
		strscpy(comm, lft_slot_comm[slot], TASK_COMM_LEN);
	raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
}

/* saved_cmdlines: "pid comm" per remembered task. */
void lft_cmdline_show(struct seq_buf *s)
{
	char comm[TASK_COMM_LEN];
	unsigned long flags;
	unsigned int i;
	int pid;

	for (i = 0; i < LFT_CMDLINES; i++) {
		raw_spin_lock_irqsave(&lft_cmd_lock, flags);
		pid = lft_slot_pid[i];
		strscpy(comm, lft_slot_comm[i], sizeof(comm));
		raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
		if (pid)
			seq_buf_printf(s, "%d %s\n", pid, comm);
	}
}
