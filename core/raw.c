// SPDX-License-Identifier: GPL-2.0
/*
 * per_cpu/cpuN/trace_pipe_raw: the ring buffer's data pages, consumed, as
 * trace-cmd records them. read() hands out a page (a read shorter than a
 * page gets the rest next time); splice() moves whole pages into a pipe,
 * without copying them again. Both block while the CPU's buffer is empty
 * (splice until buffer_percent of it is filled), or fail with EAGAIN when
 * asked not to block; poll() says readable as a blocking splice would
 * return (buffer_percent).
 *
 * As the kernel's, splice takes finished pages only: the page the writer is
 * filling stays for read() (trace-cmd's flush at the end). A splice that
 * had to wait returns 0 when tracing was switched off meanwhile, or when
 * ioctl(fd, 0) or a close of the file (its flush) woke it: that is how
 * trace-cmd stops its recorders.
 *
 * per_cpu/cpuN/snapshot_raw is the same over the snapshot buffer (which
 * only a snapshot fills, so a blocking read waits for one); it reads as
 * empty (EOF) while no snapshot buffer is allocated.
 *
 * An open file holds a module reference, so lftrace cannot be unloaded
 * under it.
 */
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pipe_fs_i.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/splice.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "compat/kapi.h"
#include "core/trace.h"

struct lft_raw {
	struct lft_array *tr;
	int cpu;
	bool snapshot;		/* snapshot_raw */
	struct mutex lock;
	void *page;		/* the last page read, or a spare */
	size_t off;		/* how much of it read() has given out */
	size_t len;		/* its size (the buffer's sub-buffer size) */
	unsigned int wakes;	/* ioctl(0) and flush calls: they end waits */
};

static const struct file_operations lft_snap_raw_fops;

static int lft_raw_open(struct inode *inode, struct file *file)
{
	struct lft_file_ref *ref = inode->i_private;
	struct lft_raw *r;
	int ret = lft_open_check(inode, file);

	if (ret)
		return ret;
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r) {
		lft_release(inode, file);
		return -ENOMEM;
	}
	r->tr = ref->tr;
	r->cpu = ref->cpu;
	r->snapshot = file->f_op == &lft_snap_raw_fops;
	r->off = 0;		/* nothing left over */
	r->len = 0;
	mutex_init(&r->lock);
	r->page = lft_rb_alloc_read_page(READ_ONCE(r->tr->rb));
	if (!r->page) {
		kfree(r);
		lft_release(inode, file);
		return -ENOMEM;
	}
	file->private_data = r;
	return nonseekable_open(inode, file);
}

static int lft_raw_release(struct inode *inode, struct file *file)
{
	struct lft_raw *r = file->private_data;

	lft_rb_free_read_page(r->page);
	kfree(r);
	return lft_release(inode, file);
}

/* The buffer read: the array's, or its snapshot (may be NULL). */
static struct lft_rb *lft_raw_rb(struct lft_raw *r)
{
	return r->snapshot ? READ_ONCE(r->tr->snap) : READ_ONCE(r->tr->rb);
}

/* Wait for data; 0 to retry, or the errno (or 0-byte EOF: 1) to return. */
static int lft_raw_wait(struct lft_raw *r, bool nonblock, int percent)
{
	struct lft_rb *rb;
	int ret;

	if (nonblock)
		return -EAGAIN;
	if (!r->snapshot)
		return lft_array_wait(r->tr, r->cpu, percent);
	rb = lft_raw_rb(r);
	if (!rb)
		return 1;
	ret = lft_rb_wait(rb, r->cpu, percent);
	if (READ_ONCE(r->tr->dying))
		return -ENODEV;
	return ret && signal_pending(current) ? -ERESTARTSYS : 0;
}

/*
 * One page of the buffer into *page (@full: a finished page only); negative
 * when there is none.
 */
static int lft_raw_take(struct lft_raw *r, void **page, bool full)
{
	struct lft_rb *rb = lft_raw_rb(r);

	if (!rb)
		return -EAGAIN;
	return full ? lft_rb_read_full_page(rb, r->cpu, page) :
		      lft_rb_read_page(rb, r->cpu, page);
}

static ssize_t lft_raw_read(struct file *file, char __user *ubuf, size_t cnt,
			    loff_t *ppos)
{
	struct lft_raw *r = file->private_data;
	ssize_t ret;
	size_t n;

	if (!cnt)
		return 0;
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	while (r->off >= r->len) {
		ret = lft_raw_take(r, &r->page, false);
		if (ret >= 0) {
			r->off = 0;
			r->len = page_size(virt_to_page(r->page));
			break;
		}
		mutex_unlock(&r->lock);
		ret = lft_raw_wait(r, file->f_flags & O_NONBLOCK, 0);
		if (ret)
			return ret > 0 ? 0 : ret;
		if (mutex_lock_interruptible(&r->lock))
			return -ERESTARTSYS;
	}
	n = min(cnt, r->len - r->off);
	if (copy_to_user(ubuf, r->page + r->off, n)) {
		ret = -EFAULT;
	} else {
		r->off += n;
		ret = n;
	}
	mutex_unlock(&r->lock);
	return ret;
}

/* A page given to a pipe: freed when the pipe is done with it. */
static void lft_raw_buf_release(struct pipe_inode_info *pipe,
				struct pipe_buffer *buf)
{
	put_page(buf->page);
}

static const struct pipe_buf_operations lft_raw_buf_ops = {
	.release = lft_raw_buf_release,
	.get = generic_pipe_buf_get,
};

/*
 * How full a splice waits for the buffer to be: buffer_percent (a snapshot:
 * any record). Where a splice waits again after a wake-up (6.1), at least
 * one page: a wait for any record would return at once for the writer's
 * page, which splice does not take, and spin.
 */
static int lft_raw_splice_percent(struct lft_raw *r)
{
	int percent = r->snapshot ? 0 : READ_ONCE(r->tr->buffer_percent);

	return LFT_SPLICE_WAKE_ONCE ? percent : max(1, percent);
}

static ssize_t lft_raw_splice_read(struct file *file, loff_t *ppos,
				   struct pipe_inode_info *pipe, size_t len,
				   unsigned int flags)
{
	struct lft_raw *r = file->private_data;
	bool nonblock = (file->f_flags & O_NONBLOCK) ||
			(flags & SPLICE_F_NONBLOCK);
	struct pipe_buffer buf;
	ssize_t ret = 0, done = 0;
	/* The main buffer's page size is its snapshot's too. */
	struct lft_rb *rb = READ_ONCE(r->tr->rb);
	size_t psize = PAGE_SIZE << lft_rb_order(rb), got;
	unsigned int wakes;
	bool woken = false;
	void *page;

	/* Whole sub-buffers, as the kernel's. */
	if (len & (psize - 1)) {
		if (len < psize)
			return -EINVAL;
		len &= ~(psize - 1);
	}
again:
	if (mutex_lock_interruptible(&r->lock))
		return -ERESTARTSYS;
	while (len >= psize) {
		page = lft_rb_alloc_read_page(rb);
		if (!page) {
			ret = -ENOMEM;
			break;
		}
		if (lft_raw_take(r, &page, true) < 0) {
			lft_rb_free_read_page(page);
			break;
		}
		got = page_size(virt_to_page(page));
		buf = (struct pipe_buffer) {
			.page = virt_to_page(page),
			.len = got,
			.ops = &lft_raw_buf_ops,
		};
		ret = add_to_pipe(pipe, &buf);	/* releases the page on error */
		if (ret < 0)
			break;
		done += got;
		len -= min(len, got);
		ret = 0;
	}
	mutex_unlock(&r->lock);
	if (done)
		return done;
	if (ret)
		return ret;
	if (woken)
		return 0;
	wakes = READ_ONCE(r->wakes);
	ret = lft_raw_wait(r, nonblock, lft_raw_splice_percent(r));
	if (ret)
		return ret > 0 ? 0 : ret;
	/* Stopped, or told to wake: the caller reads the rest with read(). */
	if (!lft_array_on(r->tr) || READ_ONCE(r->wakes) != wakes)
		return 0;
	woken = LFT_SPLICE_WAKE_ONCE;
	goto again;
}

/* Wake this file's waiters, as the kernel's ioctl(fd, 0) and close do. */
static void lft_raw_wake(struct lft_raw *r)
{
	struct lft_rb *rb = lft_raw_rb(r);

	WRITE_ONCE(r->wakes, r->wakes + 1);
	if (rb)
		lft_rb_wake_all(rb);
}

static long lft_raw_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	if (cmd)
		return -ENOIOCTLCMD;
	lft_raw_wake(file->private_data);
	return 0;
}

static int lft_raw_flush(struct file *file, fl_owner_t id)
{
	lft_raw_wake(file->private_data);
	return 0;
}

static __poll_t lft_raw_poll(struct file *file, poll_table *pt)
{
	struct lft_raw *r = file->private_data;
	struct lft_rb *rb = lft_raw_rb(r);

	if (r->off < r->len || (READ_ONCE(r->tr->flags) & LFT_OPT_BLOCK) ||
	    !rb)
		return EPOLLIN | EPOLLRDNORM;
	/*
	 * Readable once buffer_percent is filled, as the kernel's: trace-cmd
	 * selects before each splice, and must sleep until a page is ready.
	 */
	return lft_rb_poll(rb, r->cpu, file, pt,
			   READ_ONCE(r->tr->buffer_percent));
}

static const struct file_operations lft_raw_fops = {
	.owner = THIS_MODULE,
	.open = lft_raw_open,
	.read = lft_raw_read,
	.splice_read = lft_raw_splice_read,
	.poll = lft_raw_poll,
	.unlocked_ioctl = lft_raw_ioctl,
	.flush = lft_raw_flush,
	.release = lft_raw_release,
	.llseek = LFT_NO_LLSEEK,
};

static const struct file_operations lft_snap_raw_fops = {
	.owner = THIS_MODULE,
	.open = lft_raw_open,
	.read = lft_raw_read,
	.splice_read = lft_raw_splice_read,
	.poll = lft_raw_poll,
	.unlocked_ioctl = lft_raw_ioctl,
	.flush = lft_raw_flush,
	.release = lft_raw_release,
	.llseek = LFT_NO_LLSEEK,
};

void lft_raw_create(struct dentry *dir, struct lft_file_ref *ref)
{
	lft_fs_create_file("trace_pipe_raw", 0440, dir, ref,
			   &lft_raw_fops);
	lft_fs_create_file("snapshot_raw", 0440, dir, ref,
			   &lft_snap_raw_fops);
}
