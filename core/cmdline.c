// SPDX-License-Identifier: GPL-2.0
/*
 * Saved command lines: the pid -> comm cache that lets output name a task
 * after it is gone (saved_cmdlines). Like the kernel, it holds the last
 * saved_cmdlines_size (128) tasks recorded, and tasks are recorded only at
 * certain points (a snapshot, and tracers that hook the scheduler); others
 * print "<...>".
 */
#include <linux/mm.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/threads.h>
#include <linux/vmalloc.h>

#include "core/trace.h"

#define LFT_NO_MAP	UINT_MAX

struct lft_slot {
	int pid;
	char comm[TASK_COMM_LEN];
};

static DEFINE_RAW_SPINLOCK(lft_cmd_lock);
static unsigned int *lft_pid_map;	/* pid % PID_MAX_DEFAULT -> slot */
static struct lft_slot *lft_slots;
static unsigned int lft_nr_slots, lft_next_slot;

/*
 * The kernel sizes its table to fill the pages it allocates for @n
 * entries (a pid map, then 20 bytes an entry), and reports that count in
 * saved_cmdlines_size: 128 asked gives 6552. Do the same arithmetic.
 */
static unsigned int lft_cmdline_rounded(unsigned int n)
{
	const size_t head = ALIGN(sizeof(unsigned int) * (PID_MAX_DEFAULT + 1),
				  sizeof(void *)) + sizeof(void *) + 2 * sizeof(int);
	const size_t each = TASK_COMM_LEN + sizeof(unsigned int);

	return ((PAGE_SIZE << get_order(head + n * each)) - head) / each;
}

/**
 * lft_cmdline_resize() - hold @n tasks (saved_cmdlines_size), forgetting all
 * @n: 1..PID_MAX_DEFAULT
 *
 * Return: 0, -EINVAL or -ENOMEM (nothing changed).
 */
int lft_cmdline_resize(unsigned int n)
{
	struct lft_slot *slots, *old;
	unsigned long flags;
	unsigned int i;

	if (!n || n > PID_MAX_DEFAULT)
		return -EINVAL;
	n = lft_cmdline_rounded(n);
	slots = vzalloc(array_size(n, sizeof(*slots)));
	if (!slots)
		return -ENOMEM;
	raw_spin_lock_irqsave(&lft_cmd_lock, flags);
	old = lft_slots;
	lft_slots = slots;
	lft_nr_slots = n;
	lft_next_slot = 0;
	for (i = 0; i < PID_MAX_DEFAULT; i++)
		lft_pid_map[i] = LFT_NO_MAP;
	raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
	vfree(old);
	return 0;
}

unsigned int lft_cmdline_size(void)
{
	return lft_nr_slots;
}

int lft_cmdline_init(void)
{
	int ret;

	lft_pid_map = vmalloc(array_size(PID_MAX_DEFAULT, sizeof(*lft_pid_map)));
	if (!lft_pid_map)
		return -ENOMEM;
	ret = lft_cmdline_resize(128);
	if (ret)
		lft_cmdline_exit();
	return ret;
}

void lft_cmdline_exit(void)
{
	vfree(lft_pid_map);
	lft_pid_map = NULL;
	vfree(lft_slots);
	lft_slots = NULL;
}

/* Store @tsk's comm in its pid's slot (lft_cmd_lock held). */
static void lft_cmdline_store(struct task_struct *tsk)
{
	unsigned int idx = tsk->pid & (PID_MAX_DEFAULT - 1);
	unsigned int slot = lft_pid_map[idx];

	if (slot == LFT_NO_MAP || lft_slots[slot].pid != tsk->pid) {
		slot = lft_next_slot;
		lft_next_slot = (lft_next_slot + 1) % lft_nr_slots;
		if (lft_slots[slot].pid)
			lft_pid_map[lft_slots[slot].pid &
				    (PID_MAX_DEFAULT - 1)] = LFT_NO_MAP;
		lft_slots[slot].pid = tsk->pid;
		lft_pid_map[idx] = slot;
	}
	lft_comm_copy(lft_slots[slot].comm, tsk);
}

/**
 * lft_cmdline_record() - remember a task's comm for output
 * @tsk: the task
 * @wait: wait for another CPU's recording rather than skip
 *
 * Any context but NMI with @wait. Skipping keeps a context switch from
 * spinning; @wait is for the last chance, an exiting task's final switch
 * (skipped, its exec'd comm was lost: the line printed the comm it had
 * before the exec).
 *
 * Return: false when skipped, so the caller can try again later.
 */
bool lft_cmdline_record(struct task_struct *tsk, bool wait)
{
	unsigned long flags;

	if (!tsk->pid || !lft_pid_map)
		return true;
	if (wait)
		raw_spin_lock_irqsave(&lft_cmd_lock, flags);
	else if (!raw_spin_trylock_irqsave(&lft_cmd_lock, flags))
		return false;
	lft_cmdline_store(tsk);
	raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
	return true;
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
	if (slot != LFT_NO_MAP && lft_slots[slot].pid == pid)
		strscpy(comm, lft_slots[slot].comm, TASK_COMM_LEN);
	raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
}

/* saved_cmdlines: "pid comm" per remembered task. */
void lft_cmdline_show(struct seq_buf *s)
{
	char comm[TASK_COMM_LEN];
	unsigned long flags;
	unsigned int i;
	int pid;

	for (i = 0; ; i++) {
		raw_spin_lock_irqsave(&lft_cmd_lock, flags);
		if (i >= lft_nr_slots) {
			raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
			break;
		}
		pid = lft_slots[i].pid;
		strscpy(comm, lft_slots[i].comm, sizeof(comm));
		raw_spin_unlock_irqrestore(&lft_cmd_lock, flags);
		if (pid)
			seq_buf_printf(s, "%d %s\n", pid, comm);
	}
}
