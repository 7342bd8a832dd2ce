// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker: text written by user space, stored as a TRACE_PRINT entry
 * and shown as "tracing_mark_write: text". Like the kernel, the entry's ip
 * is an address inside the function named tracing_mark_write, which is
 * what the output prints with %ps (tools grep for that name).
 *
 * copy_trace_marker (upstream's option since 6.16, on every kernel here):
 * what is written into the top level's trace_marker or trace_marker_raw
 * goes into every array that has the option set; the top level has it by
 * default, and with none set such a write fails with ENODEV. An
 * instance's own files write into that instance only.
 */
#include <linux/fs.h>
#include <linux/rculist.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "core/trace.h"

#define LFT_FAULTED "<faulted>"

/* The arrays with copy_trace_marker: RCU readers, changed under lft_lock. */
static LIST_HEAD(lft_marker_copies);

/**
 * lft_marker_copy_set() - copy_trace_marker set or cleared on an array
 * @tr: the array (lft_lock held)
 * @on: its new value
 */
void lft_marker_copy_set(struct lft_array *tr, bool on)
{
	if (on && list_empty(&tr->marker_copy)) {
		list_add_tail_rcu(&tr->marker_copy, &lft_marker_copies);
	} else if (!on && !list_empty(&tr->marker_copy)) {
		list_del_rcu(&tr->marker_copy);
		/* No writer is on it before it is empty (or added again). */
		synchronize_rcu();
		INIT_LIST_HEAD(&tr->marker_copy);
	}
}

/**
 * lft_marker_array_gone() - an array is being freed
 * @tr: the array (lft_lock held); no marker write copies into it on return
 */
void lft_marker_array_gone(struct lft_array *tr)
{
	lft_marker_copy_set(tr, false);
}

/*
 * Reserve a marker entry of @size bytes and fill its header; NULL with
 * *err set when nothing is recorded (-EBADF: "as if the file was not open
 * for writing", as the kernel says).
 */
static void *lft_marker_reserve(struct lft_array *tr, u16 type,
				unsigned int size, struct lft_rb_res *res,
				ssize_t *err)
{
	*err = -EBADF;
	if (!lft_array_writable(tr))
		return NULL;
	return lft_trace_reserve(READ_ONCE(tr->rb), type, size, 0, res);
}

/*
 * One array's record of a trace_marker write (@cnt bytes already cut to
 * what a record holds). Inlined: the record's ip must be inside
 * tracing_mark_write().
 */
static __always_inline ssize_t lft_mark_one(struct lft_array *tr,
					    const char __user *ubuf,
					    size_t cnt)
{
	unsigned int post, max = lft_rb_max_payload(READ_ONCE(tr->rb));
	struct lft_print_entry *entry;
	struct lft_rb_res res;
	ssize_t written;

	/* What one record (of this array's sub-buffers) holds, less "\n\0". */
	if (sizeof(*entry) + cnt + 2 > max)
		cnt = max - sizeof(*entry) - 2;
	/* Room for the text, "\n\0", and "<faulted>" if the copy fails. */
	entry = lft_marker_reserve(tr, LFT_TRACE_PRINT, sizeof(*entry) +
				   max_t(size_t, cnt, sizeof(LFT_FAULTED)) + 2,
				   &res, &written);
	if (!entry)
		return written;
	entry->ip = _THIS_IP_;
	/* Preemption is off here: the copy must not fault pages in. */
	if (copy_from_user_nofault(entry->buf, ubuf, cnt)) {
		memcpy(entry->buf, LFT_FAULTED, sizeof(LFT_FAULTED) - 1);
		cnt = sizeof(LFT_FAULTED) - 1;
		written = -EFAULT;
	} else {
		written = cnt;
	}
	/*
	 * Triggers on the record (events/ftrace/print's, as 6.1's): on the
	 * text as written (no newline added yet); more after the commit.
	 */
	entry->buf[cnt] = '\0';
	post = lft_subsys_marker(tr, entry, sizeof(*entry) + cnt + 1);
	if (!cnt || entry->buf[cnt - 1] != '\n')
		entry->buf[cnt++] = '\n';
	entry->buf[cnt] = '\0';
	lft_rb_commit(&res);
	if (post) {
		/* Keeps the triggers, as during the reservation. */
		preempt_disable_notrace();
		lft_subsys_marker_post(tr, post);
		preempt_enable_notrace();
	}
	lft_taskinfo_note();
	return written;
}

/* Named as the kernel's: its address symbolizes in every marker line. */
static ssize_t tracing_mark_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct lft_file_ref *ref = file->f_inode->i_private;
	ssize_t written = -ENODEV;
	struct lft_array *tr;

	if (!(READ_ONCE(ref->tr->flags) & LFT_OPT_MARKERS))
		return -EINVAL;
	if (cnt > LFT_MARKER_MAX)
		cnt = LFT_MARKER_MAX;
	if (ref->tr->name)
		return lft_mark_one(ref->tr, ubuf, cnt);
	/* The top level's: into every array with copy_trace_marker. */
	rcu_read_lock();
	list_for_each_entry_rcu(tr, &lft_marker_copies, marker_copy) {
		written = lft_mark_one(tr, ubuf, cnt);
		if (written < 0)
			break;
	}
	rcu_read_unlock();
	return written;
}

/*
 * trace_marker_raw: binary records, a 4-byte id then data (at most 3 KiB
 * accepted, 1 KiB kept), shown as "# id buf:" and the bytes in hex.
 */
static ssize_t lft_mark_raw_one(struct lft_array *tr, const char __user *ubuf,
				size_t cnt)
{
	struct lft_raw_entry *entry;
	struct lft_rb_res res;
	unsigned int size, min;
	ssize_t written;

	if (LFT_RAW_WHOLE && offsetof(struct lft_raw_entry, id) + cnt >
	    lft_rb_max_payload(READ_ONCE(tr->rb)))
		return -EINVAL;
	/* Room for the id and "<faulted>" if the copy fails, as the kernel. */
	min = sizeof(unsigned int) + sizeof(LFT_FAULTED) - 1 + sizeof(int);
	size = offsetof(struct lft_raw_entry, id) + max_t(size_t, cnt, min);
	entry = lft_marker_reserve(tr, LFT_TRACE_RAW_DATA, size, &res,
				   &written);
	if (!entry)
		return written;
	/* Bytes up to the 4-byte boundary are shown too: make them zero. */
	memset(&entry->id, 0, ALIGN(size, 4) - sizeof(entry->ent));
	if (copy_from_user_nofault(&entry->id, ubuf, cnt)) {
		entry->id = -1;
		memcpy(entry->buf, LFT_FAULTED, sizeof(LFT_FAULTED) - 1);
		written = -EFAULT;
	} else {
		written = cnt;
	}
	lft_rb_commit(&res);
	lft_taskinfo_note();
	return written;
}

static ssize_t lft_mark_raw_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct lft_file_ref *ref = file->f_inode->i_private;
	ssize_t written = -ENODEV;
	struct lft_array *tr;

	if (!(READ_ONCE(ref->tr->flags) & LFT_OPT_MARKERS))
		return -EINVAL;
	if (cnt < sizeof(unsigned int))
		return -EINVAL;
	if (LFT_RAW_WHOLE) {
		/* The array's own sub-buffer size decides (each copy's). */
		if (offsetof(struct lft_raw_entry, id) + cnt >
		    (PAGE_SIZE << LFT_RB_MAX_ORDER))
			return -EINVAL;
	} else {
		if (cnt > LFT_RAW_MAX)
			return -EINVAL;
		if (cnt > LFT_TRACE_BUF_SIZE)
			cnt = LFT_TRACE_BUF_SIZE;
	}
	if (ref->tr->name)
		return lft_mark_raw_one(ref->tr, ubuf, cnt);
	rcu_read_lock();
	list_for_each_entry_rcu(tr, &lft_marker_copies, marker_copy) {
		written = lft_mark_raw_one(tr, ubuf, cnt);
		if (written < 0)
			break;
	}
	rcu_read_unlock();
	return written;
}

static const struct file_operations lft_mark_raw_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.release = lft_release,
	.write = lft_mark_raw_write,
	.llseek = LFT_NO_LLSEEK,
};

static const struct file_operations lft_marker_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.release = lft_release,
	.write = tracing_mark_write,
	.llseek = LFT_NO_LLSEEK,
};

int lft_marker_create(struct lft_array *tr, struct lft_file_ref *ref)
{
	/*
	 * The top level's default puts it on the list (at load, lft_lock
	 * free); an instance starts without the option.
	 */
	if (!tr->name) {
		mutex_lock(&lft_lock);
		lft_marker_copy_set(tr, tr->flags & LFT_OPT_COPY_MARKER);
		mutex_unlock(&lft_lock);
	}
	lft_fs_create_file("trace_marker", 0220, tr->dir, ref,
			   &lft_marker_fops);
	lft_fs_create_file("trace_marker_raw", 0220, tr->dir, ref,
			   &lft_mark_raw_fops);
	return 0;
}
