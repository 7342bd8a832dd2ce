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
#include <linux/utsname.h>

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

/*
 * Entries held and written. A CPU whose oldest entries the reader skips
 * (older than a max trace's start) counts only what it shows, as the
 * kernel does.
 */
static void lft_total_entries(struct lft_print_iter *it, struct lft_rb *rb,
			      int cpu, unsigned long *entries,
			      unsigned long *written)
{
	struct lft_rb_stats st;
	unsigned long skip;
	int c;

	*entries = *written = 0;
	for_each_possible_cpu(c) {
		if (cpu != LFT_RB_ALL_CPUS && c != cpu)
			continue;
		lft_rb_stats(rb, c, &st);
		skip = it->skipped ? min(it->skipped[c], st.entries) : 0;
		*entries += st.entries - skip;
		*written += st.entries - skip + (skip ? 0 : st.overrun);
	}
}

/* The default (function) header's entry count and column legend. */
static void lft_print_func_header(struct lft_print_iter *it,
				  struct lft_rb *rb, struct seq_buf *s, int cpu)
{
	struct lft_array *tr = it->tr;
	static const char space[] = "            ";
	bool tgid = tr->flags & LFT_OPT_RECORD_TGID;
	int prec = tgid ? 12 : 2;
	unsigned long entries, written;

	lft_total_entries(it, rb, cpu, &entries, &written);
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
#ifdef LFT_HAVE_PREEMPT_LAZY
	seq_buf_printf(s, "#                            %.*s  _-------=> irqs-off/BH-disabled\n"
		       "#                            %.*s / _------=> need-resched\n"
		       "#                            %.*s| / _-----=> need-resched-lazy\n"
		       "#                            %.*s|| / _----=> hardirq/softirq\n"
		       "#                            %.*s||| / _---=> preempt-depth\n"
		       "#                            %.*s|||| / _--=> preempt-lazy-depth\n"
		       "#                            %.*s||||| / _-=> migrate-disable\n"
		       "#                            %.*s|||||| /     delay\n",
		       prec, space, prec, space, prec, space, prec, space,
		       prec, space, prec, space, prec, space, prec, space);
	seq_buf_printf(s, "#           TASK-PID  %.*s CPU#  |||||||  TIMESTAMP  FUNCTION\n",
		       prec, "     TGID   ");
	seq_buf_printf(s, "#              | |    %.*s   |   |||||||      |         |\n",
		       prec, "       |    ");
#else
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
#endif
}

/**
 * lft_print_flags() - the context characters of latency-format lines (five;
 *	seven on PREEMPT_RT 6.1: need-resched-lazy and the lazy depth)
 * @s: where to print
 * @ent: the entry's header
 */
void lft_print_flags(struct seq_buf *s, const struct lft_entry *ent)
{
	unsigned int f = ent->flags;
	bool nmi = f & LFT_FLAG_NMI, hard = f & LFT_FLAG_HARDIRQ;
	bool soft = f & LFT_FLAG_SOFTIRQ, bh = f & LFT_FLAG_BH_OFF;
	bool off = f & LFT_FLAG_IRQS_OFF;
	char c1, c2, c3;

	c1 = off && bh ? 'D' : off ? 'd' : bh ? 'b' : '.';
	if (f & LFT_FLAG_NEED_RESCHED)
		c2 = (f & LFT_FLAG_PREEMPT_RESCHED) ? 'N' : 'n';
	else
		c2 = (f & LFT_FLAG_PREEMPT_RESCHED) ? 'p' : '.';
	c3 = nmi && hard ? 'Z' : nmi ? 'z' : hard && soft ? 'H' :
	     hard ? 'h' : soft ? 's' : '.';
	seq_buf_printf(s, "%c", c1);
	seq_buf_printf(s, "%c", c2);
	if (LFT_FLAG_NEED_RESCHED_LAZY)
		seq_buf_printf(s, "%c",
			       (f & LFT_FLAG_NEED_RESCHED_LAZY) ? 'L' : '.');
	seq_buf_printf(s, "%c", c3);
	if (ent->preempt_count & 0xf)
		seq_buf_printf(s, "%x", ent->preempt_count & 0xf);
	else
		seq_buf_printf(s, "%c", '.');
#ifdef LFT_HAVE_PREEMPT_LAZY
	if (ent->preempt_lazy_count)
		seq_buf_printf(s, "%x", ent->preempt_lazy_count);
	else
		seq_buf_printf(s, "%c", '.');
#endif
	if (ent->preempt_count >> 4)
		seq_buf_printf(s, "%x", ent->preempt_count >> 4);
	else
		seq_buf_printf(s, "%c", '.');
}

/* The kernel's names for the preemption models, as the latency header shows. */
static const char *lft_preempt_model(void)
{
	return preempt_model_none() ? "server" :
	       preempt_model_voluntary() ? "desktop" :
	       preempt_model_full() ? "preempt" :
	       preempt_model_rt() ? "preempt_rt" : "unknown";
}

/**
 * lft_print_lat_top() - the latency header down to the task's lines
 * @it: the reader
 * @rb: the buffer shown
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 *
 * Return: false, having printed nothing, when the buffer is empty (the
 * kernel prints no latency header then).
 */
bool lft_print_lat_top(struct lft_print_iter *it, struct lft_rb *rb,
		       struct seq_buf *s, int cpu)
{
	struct lft_array *tr = it->tr;
	/*
	 * The max data describe the snapshot buffer only: the live buffer's
	 * header names no task, and its CPU is where the function tracer was
	 * last started, as the kernel keeps them per buffer.
	 */
	static const struct lft_lat_info live;
	const struct lft_lat_info *l = rb == READ_ONCE(tr->snap) ? &tr->lat : &live;
	int lcpu = l == &live ? READ_ONCE(tr->trace_cpu) : l->cpu;
	unsigned long entries, written;
	unsigned long sym = tr->flags & (LFT_OPT_SYM_OFFSET | LFT_OPT_SYM_ADDR);

	lft_total_entries(it, rb, cpu, &entries, &written);
	if (!entries)
		return false;
	seq_buf_printf(s, "# %s latency trace v1.1.5 on %s\n", tr->tracer->name,
		       utsname()->release);
	seq_buf_printf(s, "# --------------------------------------------------------------------\n");
	seq_buf_printf(s, "# latency: %lu us, #%lu/%lu, CPU#%d | (M:%s VP:%d, KP:%d, SP:%d HP:%d #P:%d)\n",
		       l->latency_ns / NSEC_PER_USEC, entries, written, lcpu,
		       lft_preempt_model(), 0, 0, 0, 0, num_online_cpus());
	seq_buf_printf(s, "#    -----------------\n");
	seq_buf_printf(s, "#    | task: %.16s-%d (uid:%d nice:%ld policy:%ld rt_prio:%ld)\n",
		       l->comm, l->pid, l->uid, l->nice, l->policy,
		       l->rt_priority);
	seq_buf_printf(s, "#    -----------------\n");
	if (tr->tracer->lat_note)
		tr->tracer->lat_note(tr, s);
	if (l->critical_start) {
		seq_buf_printf(s, "#  => started at: ");
		lft_print_sym(s, l->critical_start, sym);
		seq_buf_printf(s, "\n#  => ended at:   ");
		lft_print_sym(s, l->critical_end, sym);
		seq_buf_printf(s, "\n#\n");
	}
	seq_buf_printf(s, "#\n");
	return true;
}

/* The header of latency-format output (only when there are entries). */
static void lft_print_lat_header(struct lft_print_iter *it,
				 struct lft_rb *rb, struct seq_buf *s, int cpu)
{
	/* The legend's lines end in spaces (to their widths), as the kernel's. */
	static const struct {
		const char *text;
		int width;
	} legend[] = {
#ifdef LFT_HAVE_PREEMPT_LAZY
		{ "#                    _--------=> CPU#", 49 },
		{ "#                   / _-------=> irqs-off/BH-disabled", 53 },
		{ "#                  | / _------=> need-resched", 49 },
		{ "#                  || / _-----=> need-resched-lazy", 50 },
		{ "#                  ||| / _----=> hardirq/softirq", 49 },
		{ "#                  |||| / _---=> preempt-depth", 49 },
		{ "#                  ||||| / _--=> preempt-lazy-depth", 51 },
		{ "#                  |||||| / _-=> migrate-disable", 49 },
		{ "#                  ||||||| /     delay", 49 },
		{ "#  cmd     pid     |||||||| time  |   caller", 49 },
		{ "#     \\   /        ||||||||  \\    |    /", 47 },
#else
		{ "#                    _------=> CPU#", 47 },
		{ "#                   / _-----=> irqs-off/BH-disabled", 51 },
		{ "#                  | / _----=> need-resched", 47 },
		{ "#                  || / _---=> hardirq/softirq", 47 },
		{ "#                  ||| / _--=> preempt-depth", 47 },
		{ "#                  |||| / _-=> migrate-disable", 47 },
		{ "#                  ||||| /     delay", 47 },
		{ "#  cmd     pid     |||||| time  |   caller", 47 },
		{ "#     \\   /        ||||||  \\    |    /", 45 },
#endif
	};
	size_t i;

	if (!lft_print_lat_top(it, rb, s, cpu))
		return;
	if (it->tr->flags & LFT_OPT_VERBOSE)
		return;
	for (i = 0; i < ARRAY_SIZE(legend); i++)
		seq_buf_printf(s, "%-*s\n", legend[i].width, legend[i].text);
}

/**
 * lft_print_header() - the header "trace" starts with
 * @it: the reader
 * @rb: the buffer shown (the array's, or its snapshot)
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 */
void lft_print_header(struct lft_print_iter *it, struct lft_rb *rb,
		      struct seq_buf *s, int cpu)
{
	struct lft_array *tr = it->tr;

	seq_buf_printf(s, "# tracer: %s\n#\n", tr->tracer->name);
	if (tr->tracer->print_header)
		tr->tracer->print_header(it, rb, s, cpu);
	else
		lft_print_default_header(it, rb, s, cpu);
}

/**
 * lft_print_default_header() - the column header of the default format
 * @it: the reader
 * @rb: the buffer shown
 * @s: where to print
 * @cpu: the CPU of a per-CPU file, or LFT_RB_ALL_CPUS
 *
 * For tracers with a header of their own only some of the time (the
 * latency tracers' display-graph).
 */
void lft_print_default_header(struct lft_print_iter *it, struct lft_rb *rb,
			      struct seq_buf *s, int cpu)
{
	struct lft_array *tr = it->tr;

	if (!(tr->flags & LFT_OPT_CONTEXT_INFO))
		return;
	if (it->lat)
		lft_print_lat_header(it, rb, s, cpu);
	else if (!(tr->flags & LFT_OPT_VERBOSE))
		lft_print_func_header(it, rb, s, cpu);
}

/* Latency marks: how long until the next entry, strictly greater than. */
static char lft_lat_mark(u64 delta_ns)
{
	static const struct {
		u64 ns;
		char c;
	} marks[] = {
		{ 1000000000ULL, '$' }, { 100000000ULL, '@' },
		{ 10000000ULL, '*' }, { 1000000ULL, '#' },
		{ 100000ULL, '!' }, { 10000ULL, '+' },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(marks); i++)
		if (delta_ns > marks[i].ns)
			return marks[i].c;
	return ' ';
}

static void lft_print_lat_context(struct lft_print_iter *it,
				  struct seq_buf *s,
				  const struct lft_rb_entry *e,
				  const struct lft_entry *ent)
{
	struct lft_array *tr = it->tr;
	bool verbose = tr->flags & LFT_OPT_VERBOSE;
	bool in_ns = lft_time_in_ns(lft_rb_get_clock(tr->rb));
	u64 abs = e->ts - it->time_start, rel = it->next_ts - e->ts;
	char comm[TASK_COMM_LEN];

	lft_cmdline_find(ent->pid, comm);
	if (verbose) {
		seq_buf_printf(s, "%16s %7d %3d %d %08x %08lx ", comm, ent->pid,
			       e->cpu, ent->flags, ent->preempt_count & 0xf,
			       it->idx);
	} else {
		seq_buf_printf(s, "%8.8s-%-7d %3d", comm, ent->pid, e->cpu);
		lft_print_flags(s, ent);
	}
	if (in_ns) {
		abs = div_u64(abs, NSEC_PER_USEC);
		rel = div_u64(rel, NSEC_PER_USEC);
	}
	if (verbose && in_ns) {
		u32 abs_us, rel_us;
		u64 abs_ms = div_u64_rem(abs, USEC_PER_MSEC, &abs_us);
		u64 rel_ms = div_u64_rem(rel, USEC_PER_MSEC, &rel_us);

		seq_buf_printf(s, "[%08llx] %lld.%03ums (+%lld.%03ums): ",
			       div_u64(e->ts, NSEC_PER_USEC), abs_ms, abs_us,
			       rel_ms, rel_us);
	} else if (verbose) {
		seq_buf_printf(s, "[%016llx] %lld (+%lld): ", e->ts, abs, rel);
	} else if (in_ns) {
		seq_buf_printf(s, " %4lldus%c: ", abs,
			       lft_lat_mark(rel * NSEC_PER_USEC));
	} else {
		seq_buf_printf(s, " %4lld: ", abs);
	}
}

/**
 * lft_print_context() - the "comm-pid [cpu] flags time: " prefix
 * @it: the reader
 * @s: where to print
 * @e: the ring buffer's view of the entry
 * @ent: its header
 */
void lft_print_context(struct lft_print_iter *it, struct seq_buf *s,
		       const struct lft_rb_entry *e, const struct lft_entry *ent)
{
	struct lft_array *tr = it->tr;
	char comm[TASK_COMM_LEN];

	if (it->lat) {
		lft_print_lat_context(it, s, e, ent);
		return;
	}
	lft_cmdline_find(ent->pid, comm);
	seq_buf_printf(s, "%16s-%-7d ", comm, ent->pid);
	if (tr->flags & LFT_OPT_RECORD_TGID) {
		int tgid = lft_tgid_find(ent->pid);

		if (tgid)
			seq_buf_printf(s, "(%7d) ", tgid);
		else
			seq_buf_printf(s, "(-------) ");
	}
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

/**
 * lft_print_sym() - a code address as the kernel's output shows it
 * @s: where to print
 * @ip: the address
 * @flags: the array's options (sym-offset, sym-addr)
 *
 * "name", or with sym-offset "name+0xoff/0xsize [module]", then with
 * sym-addr " <address>". lftrace's own functions (those standing in for
 * kernel ones, like tracing_mark_write) print without " [lftrace]": the
 * kernel's are built in.
 */
void lft_print_sym(struct seq_buf *s, unsigned long ip, unsigned long flags)
{
	bool offset = flags & LFT_OPT_SYM_OFFSET;
	char sym[KSYM_SYMBOL_LEN];
	char *mod;

	if (!ip) {
		seq_buf_printf(s, "0");
		return;
	}
	if (offset)
		sprint_symbol(sym, ip);
	else
		sprint_symbol_no_offset(sym, ip);
	if (!strncmp(sym, "0x", 2)) {
		snprintf(sym, sizeof(sym), "0x%08lx", ip);
	} else if (!offset || within_module(ip, THIS_MODULE)) {
		mod = strstr(sym, " [");
		if (mod)
			*mod = '\0';
	}
	seq_buf_printf(s, "%s", sym);
	if (flags & LFT_OPT_SYM_ADDR)
		seq_buf_printf(s, " <%016lx>", ip);
}

/* annotate: the first entry of a CPU, in a trace whose buffer overran. */
static void lft_print_annotation(struct lft_print_iter *it, struct seq_buf *s,
				 int cpu)
{
	if (!it->annotate || !(it->tr->flags & LFT_OPT_ANNOTATE) ||
	    !it->started || test_and_set_bit(cpu, it->started))
		return;
	if (it->idx > 1)
		seq_buf_printf(s, "##### CPU %u buffer started ####\n", cpu);
}

/* printk-msg-only: just the message of a printk or marker entry. */
static bool lft_print_msg_only(struct lft_print_iter *it, struct seq_buf *s,
			       const struct lft_rb_entry *e, const void *data)
{
	const struct lft_entry *ent = data;
	unsigned long f = it->tr->flags;

	if (!(f & LFT_OPT_PRINTK) || !(f & LFT_OPT_PRINTK_MSGONLY))
		return false;
	if (ent->type == LFT_TRACE_PRINT &&
	    e->len >= sizeof(struct lft_print_entry)) {
		const struct lft_print_entry *p = data;

		seq_buf_printf(s, "%.*s", (int)(e->len - sizeof(*p)), p->buf);
		return true;
	}
	if (ent->type == LFT_TRACE_BPRINT &&
	    e->len >= sizeof(struct lft_bprint_entry)) {
		lft_print_bprint(s, data, e->len);
		return true;
	}
	return false;
}

/**
 * lft_print_entry() - print one entry as a line of "trace"
 * @it: the reader
 * @s: where to print
 * @e: what the ring buffer said of it (time, CPU, length)
 * @data: the entry
 */
void lft_print_entry(struct lft_print_iter *it, struct seq_buf *s,
		     const struct lft_rb_entry *e, const void *data)
{
	struct lft_array *tr = it->tr;
	const struct lft_entry *ent = data;

	if (e->len < sizeof(*ent)) {
		seq_buf_printf(s, "%s", "[CORRUPT ENTRY]\n");
		return;
	}
	if (tr->tracer->print_entry && tr->tracer->print_entry(it, s, e, data))
		return;
	if (lft_print_msg_only(it, s, e, data) || lft_render_alt(it, s, e, data))
		return;
	lft_print_annotation(it, s, e->cpu);
	if (tr->flags & LFT_OPT_CONTEXT_INFO)
		lft_print_context(it, s, e, ent);
	if (!lft_print_body(it, s, e, data))
		seq_buf_printf(s, "Unknown type %d\n", ent->type);
}

/**
 * lft_print_body() - an entry's line after the context prefix
 * @it: the reader
 * @s: where to print
 * @e: the ring buffer's view of the entry
 * @data: the entry
 *
 * Also what function_graph's printer puts in a comment (the kernel's
 * event->funcs->trace).
 *
 * Return: false, having printed nothing, for a type it does not know or an
 * entry too short for its type.
 */
bool lft_print_body(struct lft_print_iter *it, struct seq_buf *s,
		    const struct lft_rb_entry *e, const void *data)
{
	struct lft_array *tr = it->tr;
	const struct lft_entry *ent = data;
	const struct lft_entry_desc *d;

	if (e->len < sizeof(*ent))
		return false;
	d = lft_entry_desc(ent->type, e->len);
	if (d && d->print)
		return d->print(it, s, e, data);
	/* Another part's records (an event's), or a tracer's own. */
	if (lft_subsys_print(tr, s, data, e->len))
		return true;
	if (tr->tracer->print_line &&
	    tr->tracer->print_line(tr, s, ent, e->len))
		return true;
	return false;
}

/**
 * lft_print_duration() - a duration as function_graph and the profiler
 *	show it: microseconds, then as many nanosecond digits as keep the
 *	number within 7 digits, " us ", padded to the column's width
 * @s: where to print
 * @ns: the duration
 */
void lft_print_duration(struct seq_buf *s, u64 ns)
{
	u32 rem;
	u64 us = div_u64_rem(ns, NSEC_PER_USEC, &rem);
	char num[24], frac[8];
	int len = scnprintf(num, sizeof(num), "%llu", us);

	seq_buf_printf(s, "%s", num);
	if (len < 7) {
		/* Truncated, not rounded, to fit. */
		scnprintf(frac, min_t(int, sizeof(frac), 8 - len), "%03u", rem);
		seq_buf_printf(s, ".%s", frac);
		len += strlen(frac) + 1;
	}
	seq_buf_printf(s, " us %*s", max(8 - len, 0), "");
}

/**
 * lft_print_raw_data() - a trace_marker_raw entry: "# id buf:" and hex bytes
 * @s: where to print
 * @r: the entry
 * @len: its length
 */
void lft_print_raw_data(struct seq_buf *s, const struct lft_raw_entry *r,
			unsigned int len)
{
	unsigned int i;

	seq_buf_printf(s, "# %x buf:", r->id);
	for (i = 0; i < len - sizeof(*r); i++)
		seq_buf_printf(s, " %02x", (unsigned char)r->buf[i]);
	seq_buf_printf(s, "\n");
}

/**
 * lft_print_lost() - the line the kernel prints before lost events
 * @s: where to print
 * @e: the first event after the loss
 */
void lft_print_lost(struct seq_buf *s, const struct lft_rb_entry *e)
{
	if (e->lost == LFT_RB_LOST_UNKNOWN)
		seq_buf_printf(s, "CPU:%d [LOST EVENTS]\n", e->cpu);
	else
		seq_buf_printf(s, "CPU:%d [LOST %lu EVENTS]\n", e->cpu, e->lost);
}
