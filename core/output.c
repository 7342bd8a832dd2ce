// SPDX-License-Identifier: GPL-2.0
/*
 * The output engine: the header of "trace" and the text of each entry,
 * laid out exactly as the kernel's default (non-latency) format. Tracers
 * print only the body of their entries (lft_tracer.print_line).
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "core/trace.h"

/* Clocks whose values are ns, printed as seconds.microseconds. */
bool lft_time_in_ns(enum lft_rb_clock clock)
{
	return clock != LFT_RB_CLOCK_COUNTER && clock != LFT_RB_CLOCK_UPTIME &&
	       clock != LFT_RB_CLOCK_X86_TSC;
}

/* ns as the kernel prints them: seconds, and microseconds rounded. */
u64 lft_ns_split(u64 ns, u32 *usec)
{
	return div_u64_rem(div_u64(ns + 500, 1000), USEC_PER_SEC, usec);
}

static void lft_total_entries(struct lft_rb *rb, int cpu,
			      unsigned long *entries, unsigned long *written)
{
	struct lft_rb_stats st;
	int c;

	*entries = *written = 0;
	for_each_possible_cpu(c) {
		if (cpu != LFT_RB_ALL_CPUS && c != cpu)
			continue;
		lft_rb_stats(rb, c, &st);
		*entries += st.entries;
		*written += st.entries + st.overrun;
	}
}

/**
 * lft_print_header() - the header "trace" starts with
 * @tr: the array
 * @rb: the buffer shown (the array's, or its snapshot)
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 */
void lft_print_header(struct lft_array *tr, struct lft_rb *rb,
		      struct seq_buf *s, int cpu)
{
	static const char space[] = "            ";
	bool tgid = tr->flags & LFT_OPT_RECORD_TGID;
	int prec = tgid ? 12 : 2;
	unsigned long entries, written;

	seq_buf_printf(s, "# tracer: %s\n#\n", tr->tracer->name);
	if (!(tr->flags & LFT_OPT_CONTEXT_INFO))
		return;
	lft_total_entries(rb, cpu, &entries, &written);
	seq_buf_printf(s, "# entries-in-buffer/entries-written: %lu/%lu   #P:%d\n#\n",
		       entries, written, num_online_cpus());
	if (!(tr->flags & LFT_OPT_IRQ_INFO)) {
		seq_buf_printf(s, "#           TASK-PID    %s CPU#     TIMESTAMP  FUNCTION\n",
			       tgid ? "   TGID   " : "");
		seq_buf_printf(s, "#              | |      %s   |         |         |\n",
			       tgid ? "     |    " : "");
		return;
	}
	/* The record-tgid column widens the legend by ten characters. */
	seq_buf_printf(s, "#                            %.*s  _-----=> irqs-off/BH-disabled\n"
		       "#                            %.*s / _----=> need-resched\n"
		       "#                            %.*s| / _---=> hardirq/softirq\n"
		       "#                            %.*s|| / _--=> preempt-depth\n"
		       "#                            %.*s||| / _-=> migrate-disable\n"
		       "#                            %.*s|||| /     delay\n",
		       prec, space, prec, space, prec, space, prec, space,
		       prec, space, prec, space);
	seq_buf_printf(s, "#           TASK-PID  %.*s CPU#  |||||  TIMESTAMP  FUNCTION\n",
		       prec, "     TGID   ");
	seq_buf_printf(s, "#              | |    %.*s   |   |||||     |         |\n",
		       prec, "       |    ");
}

static void lft_print_flags(struct seq_buf *s, const struct lft_entry *ent)
{
	unsigned int f = ent->flags;
	bool nmi = f & LFT_FLAG_NMI, hard = f & LFT_FLAG_HARDIRQ;
	bool soft = f & LFT_FLAG_SOFTIRQ, bh = f & LFT_FLAG_BH_OFF;
	bool off = f & LFT_FLAG_IRQS_OFF;
	char c1, c2, c3;

	c1 = off && bh ? 'D' : off ? 'd' : bh ? 'b' : '.';
	switch (f & (LFT_FLAG_NEED_RESCHED | LFT_FLAG_PREEMPT_RESCHED)) {
	case LFT_FLAG_NEED_RESCHED | LFT_FLAG_PREEMPT_RESCHED:
		c2 = 'N';
		break;
	case LFT_FLAG_NEED_RESCHED:
		c2 = 'n';
		break;
	case LFT_FLAG_PREEMPT_RESCHED:
		c2 = 'p';
		break;
	default:
		c2 = '.';
	}
	c3 = nmi && hard ? 'Z' : nmi ? 'z' : hard && soft ? 'H' :
	     hard ? 'h' : soft ? 's' : '.';
	seq_buf_printf(s, "%c%c%c", c1, c2, c3);
	if (ent->preempt_count & 0xf)
		seq_buf_printf(s, "%x", ent->preempt_count & 0xf);
	else
		seq_buf_printf(s, "%c", '.');
	if (ent->preempt_count >> 4)
		seq_buf_printf(s, "%x", ent->preempt_count >> 4);
	else
		seq_buf_printf(s, "%c", '.');
}

static void lft_print_context(struct lft_array *tr, struct seq_buf *s,
			      const struct lft_rb_entry *e,
			      const struct lft_entry *ent)
{
	char comm[TASK_COMM_LEN];

	lft_cmdline_find(ent->pid, comm);
	seq_buf_printf(s, "%16s-%-7d ", comm, ent->pid);
	/* No tgids are recorded yet (tracers will): shown as unknown. */
	if (tr->flags & LFT_OPT_RECORD_TGID)
		seq_buf_printf(s, "(-------) ");
	seq_buf_printf(s, "[%03d] ", e->cpu);
	if (tr->flags & LFT_OPT_IRQ_INFO)
		lft_print_flags(s, ent);
	if (lft_time_in_ns(lft_rb_get_clock(tr->rb))) {
		u32 usec;
		u64 sec = lft_ns_split(e->ts, &usec);

		seq_buf_printf(s, " %5llu.%06u: ", sec, usec);
	} else {
		seq_buf_printf(s, " %12llu: ", e->ts);
	}
}

/*
 * A symbol as %ps prints it, except that lftrace's own functions (those
 * standing in for kernel ones, like tracing_mark_write) print without the
 * " [lftrace]" a module symbol gets: the kernel's are built in.
 */
static void lft_print_sym(struct seq_buf *s, unsigned long ip)
{
	char sym[KSYM_SYMBOL_LEN];
	char *mod;

	snprintf(sym, sizeof(sym), "%ps", (void *)ip);
	if (within_module(ip, THIS_MODULE)) {
		mod = strstr(sym, " [");
		if (mod)
			*mod = '\0';
	}
	seq_buf_printf(s, "%s", sym);
}

/**
 * lft_print_entry() - print one entry as a line of "trace"
 * @tr: the array it came from
 * @s: where to print
 * @e: what the ring buffer said of it (time, CPU, length)
 * @data: the entry
 */
void lft_print_entry(struct lft_array *tr, struct seq_buf *s,
		     const struct lft_rb_entry *e, const void *data)
{
	const struct lft_entry *ent = data;

	if (e->len < sizeof(*ent)) {
		seq_buf_printf(s, "%s", "[CORRUPT ENTRY]\n");
		return;
	}
	if ((tr->flags & LFT_OPT_PRINTK) && (tr->flags & LFT_OPT_PRINTK_MSGONLY)) {
		const struct lft_print_entry *p = data;

		if (ent->type == LFT_TRACE_PRINT && e->len >= sizeof(*p)) {
			seq_buf_printf(s, "%.*s", (int)(e->len - sizeof(*p)),
				       p->buf);
			return;
		}
		if (ent->type == LFT_TRACE_BPRINT &&
		    e->len >= sizeof(struct lft_bprint_entry)) {
			lft_print_bprint(s, data, e->len);
			return;
		}
	}
	if (tr->flags & LFT_OPT_CONTEXT_INFO)
		lft_print_context(tr, s, e, ent);
	switch (ent->type) {
	case LFT_TRACE_PRINT: {
		const struct lft_print_entry *p = data;
		unsigned int max = e->len - sizeof(*p);

		if (e->len < sizeof(*p))
			break;
		lft_print_sym(s, p->ip);
		seq_buf_printf(s, ": %.*s", max, p->buf);
		return;
	}
	case LFT_TRACE_RAW_DATA: {
		const struct lft_raw_entry *r = data;
		unsigned int i;

		if (e->len < sizeof(*r))
			break;
		seq_buf_printf(s, "# %x buf:", r->id);
		for (i = 0; i < e->len - sizeof(*r); i++)
			seq_buf_printf(s, " %02x", (unsigned char)r->buf[i]);
		seq_buf_printf(s, "\n");
		return;
	}
	case LFT_TRACE_BPRINT:
		if (e->len < sizeof(struct lft_bprint_entry))
			break;
		lft_print_sym(s, ((const struct lft_bprint_entry *)data)->ip);
		seq_buf_printf(s, ": ");
		lft_print_bprint(s, data, e->len);
		return;
	default:
		if (tr->tracer->print_line &&
		    tr->tracer->print_line(tr, s, ent, e->len))
			return;
	}
	seq_buf_printf(s, "Unknown type %d\n", ent->type);
}

/**
 * lft_print_lost() - the line the kernel prints before lost events
 * @s: where to print
 * @e: the first event after the loss
 */
void lft_print_lost(struct seq_buf *s, const struct lft_rb_entry *e)
{
	seq_buf_printf(s, "CPU:%d [LOST %lu EVENTS]\n", e->cpu, e->lost);
}
