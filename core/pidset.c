// SPDX-License-Identifier: GPL-2.0
/*
 * Pid filter files (set_ftrace_pid, set_ftrace_notrace_pid, and later
 * set_event_pid): a set of pids, one bit per possible pid so that a tracer
 * checks the current task in O(1) from any context, replaced (never
 * changed in place, but for fork/exit following) and freed after an
 * RCU-tasks-rude grace period.
 *
 * As in the kernel: a write lists pids separated by spaces (all of them
 * are added, or none when one is bad), ">>" adds to the set, opening with
 * O_TRUNC ("echo > file") empties it, and a read lists the pids; with
 * none, the function tracer's files say "no pid" and the events' files
 * nothing (trace-cmd stat lists a set only when its file is not empty).
 */
#include <linux/bitmap.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/threads.h>
#include <linux/vmalloc.h>

#include "compat/kapi.h"
#include "core/trace.h"

#define LFT_PID_BITS	PID_MAX_LIMIT

struct lft_pidset {
	struct rcu_head rcu;
	unsigned long bits[BITS_TO_LONGS(LFT_PID_BITS)];
};

/* Is @pid in the set? Any context; a NULL set holds nothing. */
bool lft_pidset_has(struct lft_pidset *s, pid_t pid)
{
	return s && pid >= 0 && pid < LFT_PID_BITS && test_bit(pid, s->bits);
}

/* Add or remove one pid in place (fork and exit following). */
void lft_pidset_change(struct lft_pidset *s, pid_t pid, bool on)
{
	if (!s || pid < 0 || pid >= LFT_PID_BITS)
		return;
	if (on)
		set_bit(pid, s->bits);
	else
		clear_bit(pid, s->bits);
}

static void lft_pidset_free_rcu(struct rcu_head *rcu)
{
	vfree(container_of(rcu, struct lft_pidset, rcu));
}

/* Replace *@slot (lft_lock held); the old set is freed later. */
static void lft_pidset_publish(struct lft_pidset __rcu **slot,
			       struct lft_pidset *s)
{
	struct lft_pidset *old;

	old = rcu_dereference_protected(*slot, lockdep_is_held(&lft_lock));
	rcu_assign_pointer(*slot, s);
	if (old)
		lft_call_rude(&old->rcu, lft_pidset_free_rcu);
}

/* At unload, once nothing can look at it. */
void lft_pidset_free(struct lft_pidset __rcu **slot)
{
	vfree(rcu_dereference_raw(*slot));
	RCU_INIT_POINTER(*slot, NULL);
}

struct lft_pid_file {
	struct lft_array *tr;		/* first: see lft_open_check() */
	struct lft_pidset __rcu **slot;
	void (*changed)(struct lft_array *tr);
	bool no_pid_line;		/* "no pid" when empty */
};

static int lft_pid_show(struct seq_file *m, void *v)
{
	struct lft_pid_file *pf = m->private;
	struct lft_pidset *s;
	unsigned long pid;
	bool any = false;

	mutex_lock(&lft_lock);
	s = rcu_dereference_protected(*pf->slot, lockdep_is_held(&lft_lock));
	if (s) {
		for_each_set_bit(pid, s->bits, LFT_PID_BITS) {
			seq_printf(m, "%lu\n", pid);
			any = true;
		}
	}
	if (!any && pf->no_pid_line)
		seq_puts(m, "no pid\n");
	mutex_unlock(&lft_lock);
	return 0;
}

static int lft_pid_open(struct inode *inode, struct file *file)
{
	struct lft_pid_file *pf = inode->i_private;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC)) {
		mutex_lock(&lft_lock);
		lft_pidset_publish(pf->slot, NULL);
		if (pf->changed)
			pf->changed(pf->tr);
		mutex_unlock(&lft_lock);
	}
	ret = single_open(file, lft_pid_show, pf);
	if (ret)
		lft_release(inode, file);
	return ret;
}

static ssize_t lft_pid_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	struct lft_pid_file *pf = file_inode(file)->i_private;
	struct lft_pidset *s, *cur;
	struct lft_parser parser;
	unsigned long val;
	ssize_t read = 0, ret = 0;
	bool any = false;
	loff_t pos;

	if (!cnt)
		return 0;
	if (lft_parser_init(&parser, 32))
		return -ENOMEM;
	s = vzalloc(sizeof(*s));
	if (!s) {
		lft_parser_free(&parser);
		return -ENOMEM;
	}
	mutex_lock(&lft_lock);
	cur = rcu_dereference_protected(*pf->slot, lockdep_is_held(&lft_lock));
	if (cur) {
		bitmap_copy(s->bits, cur->bits, LFT_PID_BITS);
		any = !bitmap_empty(s->bits, LFT_PID_BITS);
	}
	while (cnt > 0) {
		pos = 0;
		ret = lft_parser_get(&parser, ubuf, cnt, &pos);
		if (ret < 0)
			break;
		read += ret;
		ubuf += ret;
		cnt -= ret;
		if (!parser.idx)
			break;
		ret = -EINVAL;
		if (kstrtoul(parser.buf, 0, &val) || val >= LFT_PID_BITS)
			break;
		set_bit(val, s->bits);
		any = true;
		lft_parser_clear(&parser);
		ret = 0;
	}
	if (ret >= 0) {
		lft_pidset_publish(pf->slot, any ? s : NULL);
		if (!any)
			vfree(s);
		if (pf->changed)
			pf->changed(pf->tr);
	} else {
		vfree(s);
	}
	mutex_unlock(&lft_lock);
	lft_parser_free(&parser);
	if (ret < 0)
		return ret;
	*ppos += read;
	return read;
}

static int lft_pid_release(struct inode *inode, struct file *file)
{
	single_release(inode, file);
	return lft_release(inode, file);
}

static const struct file_operations lft_pid_fops = {
	.owner = THIS_MODULE,
	.open = lft_pid_open,
	.read = seq_read,
	.write = lft_pid_write,
	.release = lft_pid_release,
	.llseek = seq_lseek,
};

/**
 * lft_pid_file_create() - a pid filter file
 * @name: its name
 * @tr: the array it belongs to
 * @slot: the set it edits
 * @changed: called (lft_lock held) after each change, or NULL
 *
 * Return: 0 or -ENOMEM.
 */
int lft_pid_file_create(const char *name, struct lft_array *tr,
			struct lft_pidset __rcu **slot,
			void (*changed)(struct lft_array *tr))
{
	struct lft_pid_file *pf = lft_kzalloc_kept(sizeof(*pf));

	if (!pf)
		return -ENOMEM;
	pf->tr = tr;
	pf->slot = slot;
	pf->changed = changed;
	/* set_ftrace_pid and set_ftrace_notrace_pid, not set_event_*pid. */
	pf->no_pid_line = !strncmp(name, "set_ftrace_", 11);
	lft_fs_create_file(name, 0640, tr->dir, pf, &lft_pid_fops);
	return 0;
}
