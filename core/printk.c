// SPDX-License-Identifier: GPL-2.0
/*
 * The API of include/lftrace.h: lftrace_printk() and lftrace_puts() write
 * into the top-level buffer from any context, or into the instance whose
 * trace_printk_dest is set (6.12's option: one array has it at a time);
 * lftrace_dump() prints the top level's to the console (for oops and
 * panic paths).
 *
 * lftrace_printk() stores the format's address and the arguments in binary
 * (vbin_printf), as trace_printk() does, and the text is made when read.
 * The format lives in the calling module, which may be gone by then: it is
 * used only while it is still inside a live module, checked
 * with preemption off (module memory is freed only after an RCU-sched
 * grace period).
 *
 * printk_formats lists the formats such records can point at, as the
 * kernel's does for trace_printk(), so that tools reading the binary
 * records (trace-cmd) can decode them: every format lftrace_printk() was
 * called with, noted at the call, until its module goes.
 */
#include <linux/hash.h>
#include <linux/irq_work.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/nmi.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "compat/ksyms.h"
#include "core/trace.h"
#include "include/lftrace.h"

/* One binary-printf buffer per context level a CPU can nest in. */
#define LFT_NEST 4
struct lft_printk_bufs {
	u32 buf[LFT_NEST][LFT_TRACE_BUF_SIZE / sizeof(u32)];
	int level;
};

/*
 * Allocated at load, not DEFINE_PER_CPU: a module's static per-CPU data
 * comes out of the kernel's 8 KB reserve for all modules, and 4 KB here
 * kept LTTng's modules (1 KB) from loading beside lftrace.
 */
static struct lft_printk_bufs __percpu *lft_printk_bufs;

/* ------------------------------------------------------ printk_formats */

/*
 * The formats seen: an open-addressed set of addresses that calls add to
 * from any context, NMI included, without a lock (a slot goes from 0 to
 * an address once, by cmpxchg, and never changes after). A module's
 * formats leave when it goes: the set is rebuilt without them and
 * swapped in under RCU. A full set lists no more formats (logged once).
 */
#define LFT_FMT_BITS	12
#define LFT_FMT_SLOTS	(1U << LFT_FMT_BITS)

struct lft_fmt_set {
	unsigned long slot[LFT_FMT_SLOTS];
};

static struct lft_fmt_set __rcu *lft_fmts;
static DEFINE_MUTEX(lft_fmt_mutex);	/* rebuilds */

/* Add @addr to @set. Any context. Return: false when the set is full. */
static bool lft_fmt_add(struct lft_fmt_set *set, unsigned long addr)
{
	unsigned int h = hash_long(addr, LFT_FMT_BITS), i;

	for (i = 0; i < LFT_FMT_SLOTS; i++) {
		unsigned long *slot = &set->slot[(h + i) & (LFT_FMT_SLOTS - 1)];
		unsigned long cur = READ_ONCE(*slot);

		if (!cur)
			cur = cmpxchg(slot, 0, addr);
		if (!cur || cur == addr)
			return true;
	}
	return false;
}

/* A call with @fmt: list it. Preemption off. */
static void lft_fmt_note(const char *fmt)
{
	struct lft_fmt_set *set = rcu_dereference_sched(lft_fmts);

	if (set && !lft_fmt_add(set, (unsigned long)fmt))
		pr_info_once("lftrace: printk_formats is full, new formats are not listed\n");
}

/* Copy @from's addresses into @to, but those inside @mod (if any). */
static void lft_fmt_copy(struct lft_fmt_set *to, struct lft_fmt_set *from,
			 struct module *mod)
{
	unsigned int i;

	for (i = 0; i < LFT_FMT_SLOTS; i++) {
		unsigned long a = READ_ONCE(from->slot[i]);

		if (a && !(mod && within_module(a, mod)))
			lft_fmt_add(to, a);
	}
}

/* A module goes: its formats leave the set. */
static int lft_fmt_module(struct notifier_block *nb, unsigned long state,
			  void *data)
{
	struct lft_fmt_set *old, *set;
	struct module *mod = data;

	if (state != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	set = kzalloc(sizeof(*set), GFP_KERNEL);
	mutex_lock(&lft_fmt_mutex);
	old = rcu_dereference_protected(lft_fmts,
					lockdep_is_held(&lft_fmt_mutex));
	if (!set || !old) {
		/* Without memory the old set stays; listing checks modules. */
		mutex_unlock(&lft_fmt_mutex);
		kfree(set);
		return NOTIFY_DONE;
	}
	lft_fmt_copy(set, old, mod);
	rcu_assign_pointer(lft_fmts, set);
	synchronize_rcu();
	/* What calls added to the old set meanwhile. */
	lft_fmt_copy(set, old, mod);
	mutex_unlock(&lft_fmt_mutex);
	kfree(old);
	return NOTIFY_DONE;
}

static struct notifier_block lft_fmt_module_nb = {
	.notifier_call = lft_fmt_module,
};

static int lft_fmt_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * Print @str as the kernel's printk_formats quotes a format (seq_buf_puts
 * and seq_buf_putc are not exported: "%s" and "%c").
 */
static void lft_fmt_quote(struct seq_buf *s, const char *str)
{
	for (; *str; str++) {
		switch (*str) {
		case '\n':
			seq_buf_printf(s, "%s", "\\n");
			break;
		case '\t':
			seq_buf_printf(s, "%s", "\\t");
			break;
		case '"':
			seq_buf_printf(s, "%s", "\\\"");
			break;
		default:
			/* A backslash too is printed as it is, as 6.1 does. */
			seq_buf_printf(s, "%c", *str);
		}
	}
}

/**
 * lft_printk_formats_show() - the text of printk_formats
 * @s: where to print
 *
 * One line per format of a live module that lftrace_printk() was called
 * with, by address: 0xADDRESS : "FORMAT" (tabs, newlines and quotes
 * escaped).
 */
void lft_printk_formats_show(struct seq_buf *s)
{
	struct lft_fmt_set *set;
	unsigned long *addrs;
	unsigned int i, n = 0;

	addrs = kmalloc_array(LFT_FMT_SLOTS, sizeof(*addrs), GFP_KERNEL);
	if (!addrs)
		return;
	rcu_read_lock();
	set = rcu_dereference(lft_fmts);
	for (i = 0; set && i < LFT_FMT_SLOTS; i++) {
		unsigned long a = READ_ONCE(set->slot[i]);

		if (a)
			addrs[n++] = a;
	}
	rcu_read_unlock();
	sort(addrs, n, sizeof(*addrs), lft_fmt_cmp, NULL);
	for (i = 0; i < n; i++) {
		/* A module is freed only after a grace period. */
		preempt_disable();
		if (lft_kcall(is_module_address)(addrs[i])) {
			seq_buf_printf(s, "0x%lx : \"", addrs[i]);
			lft_fmt_quote(s, (const char *)addrs[i]);
			seq_buf_printf(s, "%s", "\"\n");
		}
		preempt_enable();
	}
	kfree(addrs);
}

/* At load, before any lftrace_printk(). */
int lft_printk_init(void)
{
	struct lft_fmt_set *set;
	int ret;

	lft_printk_bufs = alloc_percpu(struct lft_printk_bufs);
	set = kzalloc(sizeof(*set), GFP_KERNEL);
	if (!set || !lft_printk_bufs) {
		ret = -ENOMEM;
		goto out;
	}
	rcu_assign_pointer(lft_fmts, set);
	ret = register_module_notifier(&lft_fmt_module_nb);
	if (!ret)
		return 0;
	RCU_INIT_POINTER(lft_fmts, NULL);
out:
	kfree(set);
	free_percpu(lft_printk_bufs);
	lft_printk_bufs = NULL;
	return ret;
}

static void lft_fmt_exit(void)
{
	struct lft_fmt_set *set;

	unregister_module_notifier(&lft_fmt_module_nb);
	mutex_lock(&lft_fmt_mutex);
	set = rcu_dereference_protected(lft_fmts,
					lockdep_is_held(&lft_fmt_mutex));
	RCU_INIT_POINTER(lft_fmts, NULL);
	mutex_unlock(&lft_fmt_mutex);
	synchronize_rcu();
	kfree(set);
}

/* ------------------------------------------------------------ calls */

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

/*
 * Where lftrace_printk() writes: READ_ONCE with preemption off; an
 * instance going away puts the top level back and waits a grace period.
 */
static struct lft_array *lft_printk_tr = &lft_top;

/**
 * lft_printk_dest_set() - trace_printk_dest set or cleared on an array
 * @tr: the array (lft_lock held), whose flag changes after this
 * @on: set: @tr becomes the destination, the previous one's flag goes;
 *	cleared (on the destination, an instance): the top level again
 */
void lft_printk_dest_set(struct lft_array *tr, bool on)
{
	struct lft_array *old = lft_printk_tr;

	if (on) {
		if (old != tr)
			WRITE_ONCE(old->flags, old->flags & ~LFT_OPT_PRINTK_DEST);
		WRITE_ONCE(lft_printk_tr, tr);
	} else if (old == tr) {
		WRITE_ONCE(lft_top.flags, lft_top.flags | LFT_OPT_PRINTK_DEST);
		WRITE_ONCE(lft_printk_tr, &lft_top);
	}
}

/**
 * lft_printk_dest_refused() - would clearing trace_printk_dest be refused?
 * @tr: the array (lft_lock held)
 * @on: the value written
 *
 * The top level cannot clear it while it is the destination: only
 * another array's setting it takes it away, as in the kernel.
 *
 * Return: true to refuse (-EINVAL).
 */
bool lft_printk_dest_refused(struct lft_array *tr, bool on)
{
	return !on && (tr->flags & LFT_OPT_PRINTK_DEST) &&
	       lft_printk_tr == &lft_top;
}

/**
 * lft_printk_array_gone() - an array is being freed
 * @tr: the array (lft_lock held); the destination goes back to the top
 *	level, and no lftrace_printk() still writes into @tr on return
 */
void lft_printk_array_gone(struct lft_array *tr)
{
	if (tr == &lft_top || lft_printk_tr != tr)
		return;
	lft_printk_dest_set(tr, false);
	synchronize_rcu();
}

/* The top level's trace_printk option rules, as the kernel's global one. */
static bool lft_printk_allowed(struct lft_array *tr)
{
	if (!((READ_ONCE(lft_top.flags) & LFT_OPT_PRINTK) &&
	      lft_array_writable(tr) && READ_ONCE(tr->rb)))
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
	/* Its grace period also waits out callers (preemption off). */
	lft_fmt_exit();
	free_percpu(lft_printk_bufs);
	lft_printk_bufs = NULL;
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
	struct lft_array *tr;
	unsigned int len = 0;
	va_list ap;
	int n;

	preempt_disable_notrace();
	tr = READ_ONCE(lft_printk_tr);
	if (unlikely(!lft_printk_allowed(tr)))
		goto out;
	b = this_cpu_ptr(lft_printk_bufs);
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
	rb = READ_ONCE(tr->rb);
	/* The caller's context: below this function's own preempt_disable. */
	entry = len ? lft_trace_reserve(rb, LFT_TRACE_BPRINT,
					sizeof(*entry) + len, 1, &res) : NULL;
	if (entry) {
		ctx = entry->ent;
		/* Listed before the record exists: a reader can decode it. */
		lft_fmt_note(fmt);
		entry->ip = ip;
		entry->fmt = fmt;
		memcpy(entry->buf, b->buf[n], len);
		lft_commit(tr, rb, &res, &ctx, 0);
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
	struct lft_array *tr;
	struct lft_rb_res res;
	struct lft_entry ctx;
	struct lft_rb *rb;

	preempt_disable_notrace();
	tr = READ_ONCE(lft_printk_tr);
	if (unlikely(!lft_printk_allowed(tr)))
		goto out;
	rb = READ_ONCE(tr->rb);
	entry = lft_trace_reserve(rb, LFT_TRACE_PRINT, sizeof(*entry) + len + 2,
				  1, &res);
	if (!entry) {
		len = 0;
		goto out;
	}
	ctx = entry->ent;
	entry->ip = ip;
	memcpy(entry->buf, str, len);
	if (!len || entry->buf[len - 1] != '\n')
		entry->buf[len++] = '\n';
	entry->buf[len] = '\0';
	lft_commit(tr, rb, &res, &ctx, 0);
out:
	preempt_enable_notrace();
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
	if (!lft_kcall(is_module_address)(fmt)) {
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
