// SPDX-License-Identifier: GPL-2.0
/*
 * trace_marker: text written by user space, stored as a TRACE_PRINT entry
 * and shown as "tracing_mark_write: text". Like the kernel, the entry's ip
 * is an address inside the function named tracing_mark_write, which is
 * what the output prints with %ps (tools grep for that name).
 */
#include <linux/fs.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "core/trace.h"

#define LFT_FAULTED "<faulted>"

/*
 * Reserve a marker entry of @size bytes and fill its header; NULL with
 * *err set when markers are off (-EINVAL) or nothing is recorded (-EBADF:
 * "as if the file was not open for writing", as the kernel says).
 */
static void *lft_marker_reserve(struct lft_array *tr, u16 type,
				unsigned int size, struct lft_rb_res *res,
				ssize_t *err)
{
	*err = -EINVAL;
	if (!(READ_ONCE(tr->flags) & LFT_OPT_MARKERS))
		return NULL;
	*err = -EBADF;
	if (!lft_array_writable(tr))
		return NULL;
	return lft_trace_reserve(READ_ONCE(tr->rb), type, size, 0, res);
}

/* Named as the kernel's: its address symbolizes in every marker line. */
static ssize_t tracing_mark_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct lft_file_ref *ref = file->f_inode->i_private;
	struct lft_print_entry *entry;
	unsigned int post;
	struct lft_rb_res res;
	ssize_t written;

	if (cnt > LFT_MARKER_MAX)
		cnt = LFT_MARKER_MAX;
	/* What one record holds, besides the entry and "\n\0". */
	if (sizeof(*entry) + cnt + 2 > LFT_RB_MAX_PAYLOAD)
		cnt = LFT_RB_MAX_PAYLOAD - sizeof(*entry) - 2;
	/* Room for the text, "\n\0", and "<faulted>" if the copy fails. */
	entry = lft_marker_reserve(ref->tr, LFT_TRACE_PRINT, sizeof(*entry) +
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
	post = lft_subsys_marker(ref->tr, entry, sizeof(*entry) + cnt + 1);
	if (!cnt || entry->buf[cnt - 1] != '\n')
		entry->buf[cnt++] = '\n';
	entry->buf[cnt] = '\0';
	lft_rb_commit(&res);
	if (post) {
		/* Keeps the triggers, as during the reservation. */
		preempt_disable_notrace();
		lft_subsys_marker_post(ref->tr, post);
		preempt_enable_notrace();
	}
	lft_taskinfo_note();
	return written;
}

/*
 * trace_marker_raw: binary records, a 4-byte id then data (at most 3 KiB
 * accepted, 1 KiB kept), shown as "# id buf:" and the bytes in hex.
 */
static ssize_t lft_mark_raw_write(struct file *file, const char __user *ubuf,
				  size_t cnt, loff_t *ppos)
{
	struct lft_file_ref *ref = file->f_inode->i_private;
	struct lft_raw_entry *entry;
	struct lft_rb_res res;
	unsigned int size, min;
	ssize_t written;

	if (!(READ_ONCE(ref->tr->flags) & LFT_OPT_MARKERS))
		return -EINVAL;
	if (cnt < sizeof(unsigned int))
		return -EINVAL;
	if (LFT_RAW_WHOLE) {
		if (offsetof(struct lft_raw_entry, id) + cnt > LFT_RB_MAX_PAYLOAD)
			return -EINVAL;
	} else {
		if (cnt > LFT_RAW_MAX)
			return -EINVAL;
		if (cnt > LFT_TRACE_BUF_SIZE)
			cnt = LFT_TRACE_BUF_SIZE;
	}
	/* Room for the id and "<faulted>" if the copy fails, as the kernel. */
	min = sizeof(unsigned int) + sizeof(LFT_FAULTED) - 1 + sizeof(int);
	size = offsetof(struct lft_raw_entry, id) + max_t(size_t, cnt, min);
	entry = lft_marker_reserve(ref->tr, LFT_TRACE_RAW_DATA, size, &res,
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
	lft_fs_create_file("trace_marker", 0220, tr->dir, ref,
			   &lft_marker_fops);
	lft_fs_create_file("trace_marker_raw", 0220, tr->dir, ref,
			   &lft_mark_raw_fops);
	return 0;
}
