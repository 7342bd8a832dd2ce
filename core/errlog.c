// SPDX-License-Identifier: GPL-2.0
/*
 * error_log: the last few parse errors of commands written to files of an
 * array (kprobe_events, filters, triggers), each with the command and a
 * caret under the offending position, as the kernel's:
 *
 *   [   12.345678] trace_kprobe: error: Invalid fetch argument
 *     Command: p:myprobe vfs_read $foo
 *                                 ^
 *
 * At most 8 per array, the oldest replaced first. Opening the file with
 * O_TRUNC ("echo > error_log") clears it; other writes are ignored.
 */
#include <linux/fs.h>
#include <linux/sched/clock.h>
#include <linux/seq_buf.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core/trace.h"

#define LFT_ERR_MAX		8
#define LFT_ERR_PREFIX		"  Command: "

struct lft_err {
	struct list_head list;
	u64 ts;
	u16 pos;
	char *text;		/* "<loc>: error: <err>" */
	char *cmd;
};

static DEFINE_MUTEX(lft_err_lock);

static void lft_err_free(struct lft_err *err)
{
	kfree(err->text);
	kfree(err->cmd);
	kfree(err);
}

/**
 * lft_err_log() - add an entry to an array's error_log
 * @tr: the array (NULL: the top level)
 * @loc: where the error was found, e.g. "trace_kprobe"
 * @cmd: the command as written
 * @err: the error's text
 * @pos: the offset in @cmd the caret points at
 *
 * Process context. Failing to allocate loses the entry, nothing else.
 */
void lft_err_log(struct lft_array *tr, const char *loc, const char *cmd,
		 const char *err, u16 pos)
{
	struct lft_err *e = kzalloc(sizeof(*e), GFP_KERNEL);

	if (!tr)
		tr = &lft_top;
	if (!e)
		return;
	e->text = kasprintf(GFP_KERNEL, "%s: error: %s", loc, err);
	e->cmd = kstrdup(cmd, GFP_KERNEL);
	if (!e->text || !e->cmd) {
		lft_err_free(e);
		return;
	}
	e->pos = pos;
	e->ts = local_clock();
	mutex_lock(&lft_err_lock);
	if (tr->n_errs == LFT_ERR_MAX) {
		struct lft_err *old = list_first_entry(&tr->errs, struct lft_err,
						       list);

		list_del(&old->list);
		lft_err_free(old);
		tr->n_errs--;
	}
	list_add_tail(&e->list, &tr->errs);
	tr->n_errs++;
	mutex_unlock(&lft_err_lock);
}

/**
 * lft_err_clear() - empty an array's error_log
 * @tr: the array
 */
void lft_err_clear(struct lft_array *tr)
{
	struct lft_err *e, *tmp;

	mutex_lock(&lft_err_lock);
	list_for_each_entry_safe(e, tmp, &tr->errs, list) {
		list_del(&e->list);
		lft_err_free(e);
	}
	tr->n_errs = 0;
	mutex_unlock(&lft_err_lock);
}

struct lft_err_text {
	size_t len;
	char buf[];
};

#define LFT_ERR_TEXT_MAX	(64 * 1024)

static int lft_err_open(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;
	struct lft_err_text *t;
	struct lft_err *e;
	struct seq_buf s;
	u32 rem;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC))
		lft_err_clear(ref->tr);
	if (!(file->f_mode & FMODE_READ))
		return 0;
	t = kvmalloc(sizeof(*t) + LFT_ERR_TEXT_MAX, GFP_KERNEL);
	if (!t) {
		lft_release(inode, file);
		return -ENOMEM;
	}
	seq_buf_init(&s, t->buf, LFT_ERR_TEXT_MAX);
	mutex_lock(&lft_err_lock);
	list_for_each_entry(e, &ref->tr->errs, list) {
		u64 sec = div_u64_rem(e->ts, NSEC_PER_SEC, &rem);

		seq_buf_printf(&s, "[%5llu.%06u] %s\n" LFT_ERR_PREFIX "%s\n%*s^\n",
			       sec, rem / 1000, e->text, e->cmd,
			       (int)(sizeof(LFT_ERR_PREFIX) - 1 + e->pos), "");
	}
	mutex_unlock(&lft_err_lock);
	t->len = seq_buf_used(&s);
	file->private_data = t;
	return 0;
}

static ssize_t lft_err_read(struct file *file, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct lft_err_text *t = file->private_data;

	return simple_read_from_buffer(ubuf, cnt, ppos, t->buf, t->len);
}

static ssize_t lft_err_write(struct file *file, const char __user *ubuf,
			     size_t cnt, loff_t *ppos)
{
	return cnt;
}

static int lft_err_release(struct inode *inode, struct file *file)
{
	kvfree(file->private_data);
	return lft_release(inode, file);
}

static const struct file_operations lft_err_fops = {
	.owner = THIS_MODULE,
	.open = lft_err_open,
	.read = lft_err_read,
	.write = lft_err_write,
	.release = lft_err_release,
	.llseek = default_llseek,
};

void lft_err_log_create(struct lft_array *tr, struct lft_file_ref *ref)
{
	lft_fs_create_file("error_log", 0640, tr->dir, ref, &lft_err_fops);
}
