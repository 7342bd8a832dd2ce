// SPDX-License-Identifier: GPL-2.0
/*
 * lftrace's own records: the renderers core/entries.h names for each type,
 * and the tables core/entry_gen.h makes from that description (fields,
 * print fmt, renderers of each type), which events/ftrace/ and the output
 * engine (output.c, render.c) read.
 */
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/sched.h>

#include "arch/x86/fentry.h"
#include "compat/behave.h"
#include "compat/btf.h"
#include "core/trace.h"

static unsigned long lft_sym_flags(struct lft_print_iter *it)
{
	return it->tr->flags & (LFT_OPT_SYM_OFFSET | LFT_OPT_SYM_ADDR);
}

static bool lft_out_fn(struct lft_print_iter *it, struct seq_buf *s,
		       const struct lft_rb_entry *e, const void *data)
{
	const struct lft_fn_entry *f = data;
	unsigned long sym = lft_sym_flags(it);

	lft_print_sym(s, f->ip, sym);
	/* func-args' layout (core/entries.h): the arguments, BTF-typed. */
	if (e->len >= sizeof(struct lft_fn_args_entry) +
		      LFT_FN_NARGS * sizeof(long))
		lft_btf_print_args(s, f->ip,
				   ((const struct lft_fn_args_entry *)data)->args,
				   LFT_FN_NARGS);
	/* No parent (0: the latency tracers' marks) prints none. */
	if ((it->tr->flags & LFT_OPT_PRINT_PARENT) && f->parent_ip) {
		seq_buf_printf(s, " <-");
		lft_print_sym(s, f->parent_ip, sym);
	}
	seq_buf_printf(s, "\n");
	return true;
}

static void lft_raw_fn(struct lft_print_iter *it, struct seq_buf *s,
		       const struct lft_rb_entry *e, const void *data)
{
	const struct lft_fn_entry *f = data;

	seq_buf_printf(s, "%lx %lx\n", f->ip, f->parent_ip);
}

/* Function entries have hex and binary forms: ip and parent. */
static void lft_hex_fn(struct seq_buf *s, const void *data)
{
	const struct lft_fn_entry *f = data;

	lft_put_hex(s, &f->ip, sizeof(f->ip));
	lft_put_hex(s, &f->parent_ip, sizeof(f->parent_ip));
}

static void lft_bin_fn(struct seq_buf *s, const void *data)
{
	const struct lft_fn_entry *f = data;

	lft_put_bytes(s, &f->ip, sizeof(f->ip));
	lft_put_bytes(s, &f->parent_ip, sizeof(f->parent_ip));
}

static bool lft_out_ctx(struct lft_print_iter *it, struct seq_buf *s,
			const struct lft_rb_entry *e, const void *data)
{
	const struct lft_ctx_entry *c = data;
	char comm[TASK_COMM_LEN];

	lft_cmdline_find(c->next_pid, comm);
	seq_buf_printf(s, " %7d:%3d:%c %s [%03d] %7d:%3d:%c %s\n",
		       c->prev_pid, c->prev_prio,
		       task_index_to_char(c->prev_state),
		       c->ent.type == LFT_TRACE_CTX ? "==>" : "  +",
		       c->next_cpu, c->next_pid, c->next_prio,
		       task_index_to_char(c->next_state), comm);
	return true;
}

static bool lft_out_stack(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e, const void *data)
{
	const struct lft_stack_entry *st = data;
	unsigned int i, n = (e->len - sizeof(*st)) / sizeof(long);

	seq_buf_printf(s, "<stack trace>\n");
	for (i = 0; i < n && st->caller[i] != ULONG_MAX; i++) {
		unsigned long ip = st->caller[i];

		seq_buf_printf(s, " => ");
		/* The trampoline, as the kernel shows its own (behave.h). */
		if (ip == LFT_STACK_TRAMP)
			seq_buf_printf(s, "[FTRACE TRAMPOLINE]");
		else if (ip >= (unsigned long)lft_fentry_tramp &&
			 ip < (unsigned long)lft_fentry_tramp_end)
			seq_buf_printf(s, "0x%lx", ip);
		else
			lft_print_sym(s, ip, lft_sym_flags(it));
		seq_buf_printf(s, "\n");
	}
	return true;
}

/* Stacks' raw form, as the kernel's: only the type. */
static void lft_raw_type(struct lft_print_iter *it, struct seq_buf *s,
			 const struct lft_rb_entry *e, const void *data)
{
	seq_buf_printf(s, "type: %d\n", ((const struct lft_entry *)data)->type);
}

/*
 * A user stack: addresses only (lftrace has no sym-userobj), in 6.1's
 * form, which puts a space before the address.
 */
static bool lft_out_ustack(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data)
{
	const struct lft_ustack_entry *st = data;
	unsigned int i;

	seq_buf_printf(s, "<user stack trace>\n");
	for (i = 0; i < LFT_USTACK_MAX && st->caller[i]; i++)
		seq_buf_printf(s, " =>  <%016lx>\n", st->caller[i]);
	return true;
}

static bool lft_out_print(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e, const void *data)
{
	const struct lft_print_entry *p = data;

	lft_print_sym(s, p->ip, lft_sym_flags(it));
	seq_buf_printf(s, ": %.*s", (int)(e->len - sizeof(*p)), p->buf);
	return true;
}

static void lft_raw_print(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e, const void *data)
{
	const struct lft_print_entry *p = data;

	seq_buf_printf(s, "# %lx %.*s", p->ip, (int)(e->len - sizeof(*p)),
		       p->buf);
}

static bool lft_out_bprint(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data)
{
	lft_print_sym(s, ((const struct lft_bprint_entry *)data)->ip,
		      lft_sym_flags(it));
	seq_buf_printf(s, ": ");
	lft_print_bprint(s, data, e->len);
	return true;
}

static void lft_raw_bprint(struct lft_print_iter *it, struct seq_buf *s,
			   const struct lft_rb_entry *e, const void *data)
{
	seq_buf_printf(s, ": %lx : ",
		       ((const struct lft_bprint_entry *)data)->ip);
	lft_print_bprint(s, data, e->len);
}

static bool lft_out_raw_data(struct lft_print_iter *it, struct seq_buf *s,
			     const struct lft_rb_entry *e, const void *data)
{
	lft_print_raw_data(s, data, e->len);
	return true;
}

static void lft_raw_raw_data(struct lft_print_iter *it, struct seq_buf *s,
			     const struct lft_rb_entry *e, const void *data)
{
	lft_print_raw_data(s, data, e->len);
}

/*
 * A hardware latency sample (tracers/hwlat.c). The time in NMIs only where
 * sched_clock() may be read in them, as the kernel prints it.
 */
static bool lft_out_hwlat(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e, const void *data)
{
	const struct lft_hwlat_entry *h = data;

	seq_buf_printf(s, "#%-5u inner/outer(us): %4llu/%-5llu ts:%lld.%09ld count:%d",
		       h->seqnum, h->duration, h->outer_duration,
		       (long long)h->tv_sec, h->tv_nsec, h->count);
	if (h->nmi_count) {
		if (!IS_ENABLED(CONFIG_GENERIC_SCHED_CLOCK))
			seq_buf_printf(s, " nmi-total:%llu", h->nmi_total_ts);
		seq_buf_printf(s, " nmi-count:%u", h->nmi_count);
	}
	seq_buf_printf(s, "\n");
	return true;
}

static void lft_raw_hwlat(struct lft_print_iter *it, struct seq_buf *s,
			  const struct lft_rb_entry *e, const void *data)
{
	const struct lft_hwlat_entry *h = data;

	seq_buf_printf(s, "%llu %lld %lld %09ld %u\n", h->duration,
		       h->outer_duration, (long long)h->tv_sec, h->tv_nsec,
		       h->seqnum);
}

/*
 * An osnoise sample: runtime and noise (us), the share of the runtime left
 * to the workload in percent with five decimals, the longest single noise
 * and the interference counters, in the kernel's columns.
 */
static bool lft_out_osnoise(struct lft_print_iter *it, struct seq_buf *s,
			    const struct lft_rb_entry *e, const void *data)
{
	const struct lft_osnoise_entry *o = data;
	u64 ratio = 0;
	u32 dec = 0;

	/* A zero runtime (a sample cut at its start) prints 0, not a fault. */
	if (o->runtime) {
		ratio = div64_u64((o->runtime - o->noise) * 10000000ULL,
				  o->runtime);
		dec = do_div(ratio, 100000);
	}
	seq_buf_printf(s, "%llu %10llu %3llu.%05u %7llu", o->runtime, o->noise,
		       ratio, dec, o->max_sample);
	seq_buf_printf(s, " %6u %6u %6u %6u %6u\n", o->hw_count, o->nmi_count,
		       o->irq_count, o->softirq_count, o->thread_count);
	return true;
}

static void lft_raw_osnoise(struct lft_print_iter *it, struct seq_buf *s,
			    const struct lft_rb_entry *e, const void *data)
{
	const struct lft_osnoise_entry *o = data;

	seq_buf_printf(s, "%lld %llu %llu %u %u %u %u %u\n", (s64)o->runtime,
		       o->noise, o->max_sample, o->hw_count, o->nmi_count,
		       o->irq_count, o->softirq_count, o->thread_count);
}

/* A timer's latency, in the irq handler (context 0) or the thread (1). */
static bool lft_out_timerlat(struct lft_print_iter *it, struct seq_buf *s,
			     const struct lft_rb_entry *e, const void *data)
{
	const struct lft_timerlat_entry *t = data;

	static const char *const ctx[] = { "irq", "thread", "user-ret" };
	const char *c = t->context ? "thread" : "irq";

	/* 6.12 names a user workload's return (compat/behave.h). */
	if (LFT_TIMERLAT_UFD && t->context >= 0 && t->context < ARRAY_SIZE(ctx))
		c = ctx[t->context];
	seq_buf_printf(s, "#%-5u context %6s timer_latency %9llu ns\n",
		       t->seqnum, c, t->timer_latency);
	return true;
}

static void lft_raw_timerlat(struct lft_print_iter *it, struct seq_buf *s,
			     const struct lft_rb_entry *e, const void *data)
{
	const struct lft_timerlat_entry *t = data;

	seq_buf_printf(s, "%u %d %llu\n", t->seqnum, t->context,
		       t->timer_latency);
}

#define LFT_ENTRY_TABLES
#include "core/entry_gen.h"

/* A member of the common header, named and typed as the kernel's formats. */
#define LFT_ENTRY_FIELD(type, member, name)				\
	{ type, name, offsetof(struct lft_entry, member),		\
	  sizeof_field(struct lft_entry, member),			\
	  is_signed_type(typeof_member(struct lft_entry, member)) }

/*
 * The kernel's struct trace_entry on each kernel: its members' C types
 * are the kernel's, their offsets and sizes those of our copy. The lazy
 * preemption count is PREEMPT_RT 6.1's (compat/conftest.sh).
 */
const struct lft_ev_field lft_entry_fields[] = {
	LFT_ENTRY_FIELD("unsigned short", type, "common_type"),
	LFT_ENTRY_FIELD("unsigned char", flags, "common_flags"),
	LFT_ENTRY_FIELD("unsigned char", preempt_count, "common_preempt_count"),
	LFT_ENTRY_FIELD("int", pid, "common_pid"),
#ifdef LFT_HAVE_PREEMPT_LAZY
	LFT_ENTRY_FIELD("unsigned char", preempt_lazy_count,
			"common_preempt_lazy_count"),
#endif
};
const unsigned int lft_entry_nfields = ARRAY_SIZE(lft_entry_fields);

/**
 * lft_entry_desc() - the description of one of lftrace's own record types
 * @type: a record's type
 * @len: the record's length
 *
 * Return: the description, or NULL for another type or a record too short
 * for its type (which no renderer sees).
 */
const struct lft_entry_desc *lft_entry_desc(int type, unsigned int len)
{
	unsigned int i;

	for (i = 0; i < lft_entry_ndescs; i++)
		if (lft_entry_descs[i].type == type)
			return len >= lft_entry_descs[i].min_len ?
			       &lft_entry_descs[i] : NULL;
	return NULL;
}
