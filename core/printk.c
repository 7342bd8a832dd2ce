// SPDX-License-Identifier: GPL-2.0
/*
 * The API of include/lftrace.h: lftrace_printk() and lftrace_puts() write
 * into the top-level buffer from any context; lftrace_dump() prints it to
 * the console (for oops and panic paths).
 *
 * lftrace_printk() stores the format's address and the arguments in binary
 * (vbin_printf), as trace_printk() does, and the text is made when read.
 * The format lives in the calling module, which may be gone by then: it is
 * used only while it is still inside a live module, checked
 * with preemption off (module memory is freed only after an RCU-sched
 * grace period).
 */
#include <linux/irq_work.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/nmi.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "core/ksyms.h"
#include "core/trace.h"
#include "include/lftrace.h"

/* One binary-printf buffer per context level a CPU can nest in. */
#define LFT_NEST 4
struct lft_printk_bufs {
	u32 buf[LFT_NEST][LFT_TRACE_BUF_SIZE / sizeof(u32)];
	int level;
};

static DEFINE_PER_CPU(struct lft_printk_bufs, lft_printk_bufs);

/*
 * As with trace_printk() users in the kernel, the first use starts the
 * recording of comms at context switches, so the lines name their tasks.
 * The first call may be in any context: the start is deferred to a work.
 */
static bool lft_printk_used;

static void lft_printk_comm_work(struct work_struct *work)
{
	mutex_lock(&lft_lock);
	if (!lft_printk_used) {
		lft_printk_used = !lft_taskinfo_start(LFT_TI_CMDLINE);
		if (!lft_printk_used)
			pr_warn("lftrace: cannot record comms for lftrace_printk()\n");
	}
	mutex_unlock(&lft_lock);
}

static DECLARE_WORK(lft_printk_work, lft_printk_comm_work);

static void lft_printk_comm_irq(struct irq_work *w)
{
	schedule_work(&lft_printk_work);
}

static struct irq_work lft_printk_irq_work =
	IRQ_WORK_INIT(lft_printk_comm_irq);
static atomic_t lft_printk_first = ATOMIC_INIT(0);

static bool lft_printk_allowed(void)
{
	if (!((READ_ONCE(lft_top.flags) & LFT_OPT_PRINTK) &&
	      lft_array_writable(&lft_top) && lft_top.rb))
		return false;
	if (unlikely(!atomic_read(&lft_printk_first)) &&
	    !atomic_xchg(&lft_printk_first, 1))
		irq_work_queue(&lft_printk_irq_work);
	return true;
}

/* At unload: no deferred start may run after this. */
void lft_printk_exit(void)
{
	atomic_set(&lft_printk_first, 1);
	irq_work_sync(&lft_printk_irq_work);
	cancel_work_sync(&lft_printk_work);
	mutex_lock(&lft_lock);
	if (lft_printk_used)
		lft_taskinfo_stop(LFT_TI_CMDLINE);
	lft_printk_used = false;
	mutex_unlock(&lft_lock);
}

/**
 * __lftrace_printk() - what lftrace_printk() calls
 * @ip: the caller's address
 * @fmt: the format
 *
 * Return: the number of bytes stored, 0 when nothing was written.
 */
int __lftrace_printk(unsigned long ip, const char *fmt, ...)
{
	struct lft_printk_bufs *b;
	struct lft_bprint_entry *entry;
	struct lft_rb *rb;
	struct lft_rb_res res;
	struct lft_entry ctx;
	unsigned int len = 0;
	va_list ap;
	int n;

	if (unlikely(!lft_printk_allowed()))
		return 0;
	lft_gen_ctx(&ctx, LFT_TRACE_BPRINT);
	preempt_disable_notrace();
	b = this_cpu_ptr(&lft_printk_bufs);
	if (b->level >= LFT_NEST)
		goto out;
	n = b->level++;
	barrier();
	va_start(ap, fmt);
	len = vbin_printf(b->buf[n], ARRAY_SIZE(b->buf[n]), fmt, ap);
	va_end(ap);
	if (len > ARRAY_SIZE(b->buf[n]))
		len = 0;
	else
		len *= sizeof(u32);
	rb = READ_ONCE(lft_top.rb);
	entry = len ? lft_rb_reserve(rb, sizeof(*entry) + len, &res) : NULL;
	if (entry) {
		entry->ent = ctx;
		entry->ip = ip;
		entry->fmt = fmt;
		memcpy(entry->buf, b->buf[n], len);
		lft_commit(&lft_top, rb, &res, &ctx, 0);
	} else {
		len = 0;
	}
	barrier();
	b->level--;
out:
	preempt_enable_notrace();
	return len;
}
EXPORT_SYMBOL_GPL(__lftrace_printk);

/**
 * __lftrace_puts() - what lftrace_puts() calls
 * @ip: the caller's address
 * @str: the text
 *
 * Return: the number of characters stored, 0 when nothing was written.
 */
int __lftrace_puts(unsigned long ip, const char *str)
{
	size_t len = strnlen(str, LFT_TRACE_BUF_SIZE);
	struct lft_print_entry *entry;
	struct lft_rb_res res;
	struct lft_entry ctx;
	struct lft_rb *rb;

	if (unlikely(!lft_printk_allowed()))
		return 0;
	lft_gen_ctx(&ctx, LFT_TRACE_PRINT);
	rb = READ_ONCE(lft_top.rb);
	entry = lft_rb_reserve(rb, sizeof(*entry) + len + 2, &res);
	if (!entry)
		return 0;
	entry->ent = ctx;
	entry->ip = ip;
	memcpy(entry->buf, str, len);
	if (!len || entry->buf[len - 1] != '\n')
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
	lft_commit(&lft_top, rb, &res, &ctx, 0);
	return len;
}
EXPORT_SYMBOL_GPL(__lftrace_puts);

/**
 * lftrace_on() - turn tracing on (tracing_on = 1)
 */
void lftrace_on(void)
{
	if (lft_top.rb)
		lft_array_set_on(&lft_top, true);
}
EXPORT_SYMBOL_GPL(lftrace_on);

/**
 * lftrace_off() - turn tracing off (tracing_on = 0), keeping the buffer
 */
void lftrace_off(void)
{
	if (lft_top.rb)
		lft_array_set_on(&lft_top, false);
}
EXPORT_SYMBOL_GPL(lftrace_off);

/**
 * lftrace_is_on() - is tracing on?
 *
 * Return: the value of tracing_on.
 */
bool lftrace_is_on(void)
{
	return lft_array_on(&lft_top);
}
EXPORT_SYMBOL_GPL(lftrace_is_on);

/*
 * Print a TRACE_BPRINT body, if its format is still there: in a module
 * that has not been freed.
 */
void lft_print_bprint(struct seq_buf *s, const struct lft_bprint_entry *b,
		      unsigned int len)
{
	unsigned long fmt = (unsigned long)b->fmt;
	char *text;

	preempt_disable();
	/* Only modules call lftrace_printk(): the format is in one. */
	if (!lft_ks.is_module_address(fmt)) {
		preempt_enable();
		seq_buf_printf(s, "<format of an unloaded module>\n");
		return;
	}
	text = s->buffer + s->len;
	if (s->len < s->size) {
		int n = bstr_printf(text, s->size - s->len, b->fmt, b->buf);

		seq_buf_commit(s, min_t(int, n, s->size - s->len - 1));
		if (n >= s->size - s->len)
			seq_buf_set_overflow(s);
	}
	preempt_enable();
}

/* ---------------------------------------------------------------- dump */

static atomic_t lft_dumping;
static char lft_dump_line[PAGE_SIZE];
static u8 lft_dump_data[LFT_RB_MAX_PAYLOAD];

/**
 * lftrace_dump() - print the buffer to the console, consuming it
 * @mode: LFTRACE_DUMP_ALL or LFTRACE_DUMP_ORIG (this CPU only)
 *
 * Turns tracing off first (so the dump ends), like ftrace_dump(). Meant
 * for oops and panic paths; one dump runs at a time, others return at once.
 */
void lftrace_dump(enum lftrace_dump_mode mode)
{
	struct lft_print_iter it = { .tr = &lft_top,
				     .time_start = lft_top.time_start };
	struct lft_rb_entry e;
	struct seq_buf s;
	int cpu = raw_smp_processor_id(), ret;
	unsigned long n = 0;

	if (!lft_top.rb || atomic_cmpxchg(&lft_dumping, 0, 1))
		return;
	lftrace_off();
	pr_emerg("Dumping lftrace buffer:\n");
	for (;; n++) {
		ret = mode == LFTRACE_DUMP_ORIG ?
		      lft_rb_consume(lft_top.rb, cpu, lft_dump_data,
				     sizeof(lft_dump_data), &e) :
		      lft_rb_consume_merged(lft_top.rb, cpu_possible_mask,
					    lft_dump_data,
					    sizeof(lft_dump_data), &e);
		if (ret < 0)
			break;
		/* As ftrace_dump(): the rule opens the first line only. */
		if (!n)
			pr_emerg("---------------------------------\n");
		seq_buf_init(&s, lft_dump_line, sizeof(lft_dump_line) - 1);
		if (e.lost)
			lft_print_lost(&s, &e);
		lft_print_entry(&it, &s, &e, lft_dump_data);
		lft_dump_line[seq_buf_used(&s)] = '\0';
		pr_emerg("%s", lft_dump_line);
		touch_nmi_watchdog();
	}
	/* "ftrace buffer empty" within it, for what greps the kernel's. */
	if (!n)
		pr_emerg("   (lftrace buffer empty)\n");
	else
		pr_emerg("---------------------------------\n");
	atomic_set(&lft_dumping, 0);
}
EXPORT_SYMBOL_GPL(lftrace_dump);
