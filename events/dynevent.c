// SPDX-License-Identifier: GPL-2.0
/*
 * Dynamic events: one list of every kind's entries, and the files that
 * list and define them (dynamic_events for every kind, each kind's own
 * file for its kind alone), with 6.1's rules:
 * - a definition is offered to each kind in turn until one does not
 *   answer -ECANCELED ("not mine"); when none takes it, -EINVAL;
 * - "-:[GROUP/]EVENT [ARGS]" (or "!" before a definition) removes every
 *   entry it names, -ENOENT when none;
 * - opening for writing with O_TRUNC removes every entry, or none when
 *   one is busy (-EBUSY);
 * - after both, the buffer of each array in which a removed event had
 *   been enabled is emptied (lft_events_removed());
 * - writes are taken a line at a time, '#' starts a comment, and lines
 *   before a bad one stay done.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/fs.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "core/trace.h"
#include "events/dynevent.h"
#include "events/event.h"

#define LFT_DYNEV_WRITE_BUF	4096	/* a line is at most 4094 bytes */

static LIST_HEAD(lft_dynev_kinds);
static LIST_HEAD(lft_dynev_list);

/**
 * lft_dynev_register() - add a kind of dynamic event
 * @ops: its operations, tried after the kinds registered before
 */
void lft_dynev_register(struct lft_dynev_ops *ops)
{
	list_add_tail(&ops->list, &lft_dynev_kinds);
}

/**
 * lft_dynev_exit() - at unload: every kind frees its entries, newest kind
 *	first, and leaves the registry
 */
void lft_dynev_exit(void)
{
	struct lft_dynev_ops *ops, *tmp;

	list_for_each_entry_safe_reverse(ops, tmp, &lft_dynev_kinds, list) {
		ops->exit();
		list_del(&ops->list);
	}
}

/**
 * lft_dynev_add() - list a new entry, after every older one
 * @d: the entry, embedded in the kind's object
 * @ops: its kind
 */
void lft_dynev_add(struct lft_dynev *d, const struct lft_dynev_ops *ops)
{
	d->ops = ops;
	list_add_tail(&d->list, &lft_dynev_list);
}

/**
 * lft_dynev_del() - unlist an entry
 * @d: as added
 */
void lft_dynev_del(struct lft_dynev *d)
{
	list_del_init(&d->list);
}

/* "-:[GROUP/]EVENT [ARGS]", or "!" before a definition. */
static int lft_dynev_delete(const char *line, const struct lft_dynev_ops *only)
{
	char *group = NULL, *event, *p;
	struct lft_dynev *d, *tmp;
	int argc, ret = -ENOENT;
	char **argv;

	argv = argv_split(GFP_KERNEL, line, &argc);
	if (!argv)
		return -ENOMEM;
	if (!argc) {
		ret = -EINVAL;
		goto out;
	}
	if (argv[0][0] == '-') {
		if (argv[0][1] != ':') {
			ret = -EINVAL;
			goto out;
		}
		event = &argv[0][2];
	} else {
		event = strchr(argv[0], ':');
		if (!event) {
			ret = -EINVAL;
			goto out;
		}
		event++;
	}
	p = strchr(event, '/');
	if (p) {
		group = event;
		*p = '\0';
		event = p + 1;
	}
	if (!group && !*event) {
		ret = -EINVAL;
		goto out;
	}
	list_for_each_entry_safe(d, tmp, &lft_dynev_list, list) {
		if ((only && d->ops != only) ||
		    !d->ops->match(group, event, argc - 1, argv + 1, d))
			continue;
		ret = d->ops->remove(d);
		if (ret)
			break;
	}
	lft_events_removed();
out:
	argv_free(argv);
	return ret;
}

/**
 * lft_dynev_run() - run one line written to a dynamic events file
 * @line: the line, comment removed
 * @only: the file's kind, or NULL for dynamic_events
 *
 * Return: 0 or a negative errno; a failed line changes nothing.
 */
int lft_dynev_run(const char *line, const struct lft_dynev_ops *only)
{
	struct lft_dynev_ops *ops;
	int ret = -ECANCELED;

	if (only && only->run)
		return only->run(line);
	line = skip_spaces(line);
	if (!*line)
		return 0;
	if (line[0] == '-' || (!only && line[0] == '!'))
		return lft_dynev_delete(line, only);
	if (only) {
		ret = only->create(line);
	} else {
		list_for_each_entry(ops, &lft_dynev_kinds, list) {
			ret = ops->create(line);
			if (ret != -ECANCELED)
				break;
		}
	}
	return ret == -ECANCELED ? -EINVAL : ret;
}

/**
 * lft_dynev_clear() - remove every entry (of a kind), or none if one is busy
 * @only: the kind, or NULL for all
 *
 * Return: 0, -EBUSY, or a removal's errno.
 */
int lft_dynev_clear(const struct lft_dynev_ops *only)
{
	struct lft_dynev *d, *tmp;
	int ret = 0;

	list_for_each_entry(d, &lft_dynev_list, list) {
		if ((!only || d->ops == only) && d->ops->busy(d)) {
			ret = -EBUSY;
			goto out;
		}
	}
	list_for_each_entry_safe(d, tmp, &lft_dynev_list, list) {
		if (only && d->ops != only)
			continue;
		ret = d->ops->remove(d);
		if (ret)
			break;
	}
out:
	lft_events_removed();
	return ret;
}

/**
 * lft_dynev_show() - list the entries (of a kind), oldest first
 * @s: where
 * @only: the kind, or NULL for all
 */
void lft_dynev_show(struct seq_buf *s, const struct lft_dynev_ops *only)
{
	struct lft_dynev *d;

	list_for_each_entry(d, &lft_dynev_list, list) {
		if (only && d->ops != only)
			continue;
		if (only && only->own_show)
			only->own_show(s, d);
		else
			d->ops->show(s, d);
	}
}

/**
 * lft_dynev_write() - a write to a dynamic events file, line by line
 * @ubuf: the user's bytes
 * @cnt: how many
 * @only: the file's kind, or NULL for dynamic_events
 *
 * Takes lft_lock for each line.
 *
 * Return: @cnt, or the first failing line's errno (the lines before it
 * done).
 */
int lft_dynev_write(const char __user *ubuf, size_t cnt,
		    const struct lft_dynev_ops *only)
{
	char *kbuf = kmalloc(LFT_DYNEV_WRITE_BUF, GFP_KERNEL);
	size_t done = 0, size;
	char *buf, *nl;
	int ret = 0;

	if (!kbuf)
		return -ENOMEM;
	while (done < cnt && !ret) {
		size = min_t(size_t, cnt - done, LFT_DYNEV_WRITE_BUF - 1);
		if (copy_from_user(kbuf, ubuf + done, size)) {
			ret = -EFAULT;
			break;
		}
		kbuf[size] = '\0';
		buf = kbuf;
		while (done < cnt) {
			nl = strchr(buf, '\n');
			if (nl) {
				*nl = '\0';
				size = nl - buf + 1;
			} else {
				size = strlen(buf);
				if (done + size < cnt) {
					if (buf != kbuf)
						break;	/* read the rest */
					pr_warn("Line length is too long: Should be less than %d\n",
						LFT_DYNEV_WRITE_BUF - 2);
					ret = -EINVAL;
					break;
				}
			}
			done += size;
			nl = strchr(buf, '#');
			if (nl)
				*nl = '\0';
			mutex_lock(&lft_lock);
			ret = lft_dynev_run(buf, only);
			mutex_unlock(&lft_lock);
			if (ret)
				break;
			buf += size;
		}
	}
	kfree(kbuf);
	return ret ? ret : done;
}

/* ---------------------------------------------------------- files */

/* What a dynamic events file's inode points at (first: the array). */
struct lft_dynev_file {
	struct lft_array *tr;
	const struct lft_dynev_ops *only;
	void (*show)(struct seq_buf *s);
};

struct lft_dynev_text {
	char *buf;
	size_t len;
};

/* The file's whole text, made at open under lft_lock. */
static int lft_dynev_text(struct file *file, const struct lft_dynev_file *df)
{
	struct lft_dynev_text *t = kzalloc(sizeof(*t), GFP_KERNEL);
	size_t size = PAGE_SIZE;
	struct seq_buf s;

	if (!t)
		return -ENOMEM;
	for (;;) {
		t->buf = kvmalloc(size, GFP_KERNEL);
		if (!t->buf) {
			kfree(t);
			return -ENOMEM;
		}
		seq_buf_init(&s, t->buf, size);
		mutex_lock(&lft_lock);
		if (df->show)
			df->show(&s);
		else
			lft_dynev_show(&s, df->only);
		mutex_unlock(&lft_lock);
		if (!seq_buf_has_overflowed(&s))
			break;
		kvfree(t->buf);
		size *= 4;
	}
	t->len = seq_buf_used(&s);
	file->private_data = t;
	return 0;
}

static int lft_dynev_open(struct inode *inode, struct file *file)
{
	const struct lft_dynev_file *df = inode->i_private;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	if (!df->show && (file->f_mode & FMODE_WRITE) &&
	    (file->f_flags & O_TRUNC)) {
		mutex_lock(&lft_lock);
		ret = lft_dynev_clear(df->only);
		mutex_unlock(&lft_lock);
	}
	if (!ret && (file->f_mode & FMODE_READ))
		ret = lft_dynev_text(file, df);
	if (ret)
		lft_release(inode, file);
	return ret;
}

static ssize_t lft_dynev_read(struct file *file, char __user *ubuf,
			      size_t cnt, loff_t *ppos)
{
	struct lft_dynev_text *t = file->private_data;

	return t ? simple_read_from_buffer(ubuf, cnt, ppos, t->buf, t->len) : 0;
}

static ssize_t lft_dynev_file_write(struct file *file, const char __user *ubuf,
				    size_t cnt, loff_t *ppos)
{
	const struct lft_dynev_file *df = file->f_inode->i_private;

	if (df->show)
		return -EINVAL;
	return lft_dynev_write(ubuf, cnt, df->only);
}

static int lft_dynev_release(struct inode *inode, struct file *file)
{
	struct lft_dynev_text *t = file->private_data;

	if (t) {
		kvfree(t->buf);
		kfree(t);
	}
	return lft_release(inode, file);
}

static const struct file_operations lft_dynev_fops = {
	.owner = THIS_MODULE,
	.open = lft_dynev_open,
	.read = lft_dynev_read,
	.write = lft_dynev_file_write,
	.release = lft_dynev_release,
	.llseek = default_llseek,
};

/**
 * lft_dynev_file() - create a dynamic events file at an array's top
 * @tr: the array (the top level: 6.1 has these files there only)
 * @name: the file's name
 * @mode: its mode
 * @only: the kind it lists and defines, or NULL for every kind
 * @show: NULL for the list; else a read-only file showing this text
 *	(kprobe_profile, ...)
 *
 * Return: 0 or -ENOMEM.
 */
int lft_dynev_file(struct lft_array *tr, const char *name, umode_t mode,
		   const struct lft_dynev_ops *only,
		   void (*show)(struct seq_buf *s))
{
	struct lft_dynev_file *df = lft_kzalloc_kept(sizeof(*df));

	if (!df)
		return -ENOMEM;
	df->tr = tr;
	df->only = only;
	df->show = show;
	lft_fs_create_file(name, mode, tr->dir, df, &lft_dynev_fops);
	return 0;
}

/**
 * lft_dynev_files_create() - dynamic_events and each kind's files
 * @tr: the top-level array
 *
 * Return: 0 or -ENOMEM.
 */
int lft_dynev_files_create(struct lft_array *tr)
{
	struct lft_dynev_ops *ops;
	int ret = lft_dynev_file(tr, "dynamic_events", 0640, NULL, NULL);

	list_for_each_entry(ops, &lft_dynev_kinds, list)
		if (!ret && ops->files)
			ret = ops->files(tr);
	return ret;
}
