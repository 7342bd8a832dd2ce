// SPDX-License-Identifier: GPL-2.0
/*
 * Interrupt events (events/irq/, events/irq_vectors/): records laid out,
 * described and printed as 6.1's.
 */
#include <linux/interrupt.h>
#include <linux/string.h>

#include "events/event.h"

struct lft_irq_entry_rec {
	struct lft_entry ent;
	int irq;
	u32 name;		/* __data_loc */
	char data[];
};

struct lft_irq_exit_rec {
	struct lft_entry ent;
	int irq;
	int ret;
};

/* softirq_raise, softirq_entry, softirq_exit */
struct lft_softirq_rec {
	struct lft_entry ent;
	unsigned int vec;
};

/* local_timer_entry, local_timer_exit */
struct lft_vector_rec {
	struct lft_entry ent;
	int vector;
};

static const struct lft_ev_field lft_irq_entry_fields[] = {
	F(struct lft_irq_entry_rec, "int", irq, 1),
	F(struct lft_irq_entry_rec, "__data_loc char[]", name, 1),
};

static const struct lft_ev_field lft_irq_exit_fields[] = {
	F(struct lft_irq_exit_rec, "int", irq, 1),
	F(struct lft_irq_exit_rec, "int", ret, 1),
};

static const struct lft_ev_field lft_softirq_fields[] = {
	F(struct lft_softirq_rec, "unsigned int", vec, 0),
};

static const struct lft_ev_field lft_vector_fields[] = {
	F(struct lft_vector_rec, "int", vector, 1),
};

static void lft_irq_entry_print(struct seq_buf *s, const void *data,
				unsigned int len)
{
	const struct lft_irq_entry_rec *r = data;

	seq_buf_printf(s, "irq=%d name=%s", r->irq,
		       lft_ev_str(data, len, r->name));
}

static void lft_irq_exit_print(struct seq_buf *s, const void *data,
			       unsigned int len)
{
	const struct lft_irq_exit_rec *r = data;

	seq_buf_printf(s, "irq=%d ret=%s", r->irq,
		       r->ret ? "handled" : "unhandled");
}

static void lft_softirq_print(struct seq_buf *s, const void *data,
			      unsigned int len)
{
	static const char *const names[] = {
		"HI", "TIMER", "NET_TX", "NET_RX", "BLOCK", "IRQ_POLL",
		"TASKLET", "SCHED", "HRTIMER", "RCU",
	};
	const struct lft_softirq_rec *r = data;

	seq_buf_printf(s, "vec=%u [action=", r->vec);
	if (r->vec < ARRAY_SIZE(names))
		seq_buf_printf(s, "%s]", names[r->vec]);
	else
		seq_buf_printf(s, "0x%x]", r->vec);
}

static void lft_vector_print(struct seq_buf *s, const void *data,
			     unsigned int len)
{
	const struct lft_vector_rec *r = data;

	seq_buf_printf(s, "vector=%d", r->vector);
}

static void lft_irq_entry_probe(void *data, int irq,
				struct irqaction *action)
{
	const char *name = action->name ? action->name : "(null)";
	size_t len = strlen(name) + 1;

	lft_ev_emit(data, struct lft_irq_entry_rec, len,
		r->irq = irq;
		r->name = lft_ev_loc(sizeof(*r), len);
		memcpy(r->data, name, len));
}

static void lft_irq_exit_probe(void *data, int irq, struct irqaction *action,
			       int ret)
{
	lft_ev_emit(data, struct lft_irq_exit_rec, 0,
		r->irq = irq;
		r->ret = ret);
}

static void lft_softirq_probe(void *data, unsigned int vec)
{
	lft_ev_emit(data, struct lft_softirq_rec, 0, r->vec = vec);
}

static void lft_vector_probe(void *data, int vector)
{
	lft_ev_emit(data, struct lft_vector_rec, 0, r->vector = vector);
}

#define LFT_SOFTIRQ_FMT "\"vec=%u [action=%s]\", REC->vec, __print_symbolic(REC->vec, { 0, \"HI\" }, { 1, \"TIMER\" }, { 2, \"NET_TX\" }, { 3, \"NET_RX\" }, { 4, \"BLOCK\" }, { 5, \"IRQ_POLL\" }, { 6, \"TASKLET\" }, { 7, \"SCHED\" }, { 8, \"HRTIMER\" }, { 9, \"RCU\" })"

LFT_EVENT("irq", irq_handler_entry, lft_irq_entry_probe,
	  lft_irq_entry_fields,
	  "\"irq=%d name=%s\", REC->irq, __get_str(name)",
	  lft_irq_entry_print);
LFT_EVENT("irq", irq_handler_exit, lft_irq_exit_probe, lft_irq_exit_fields,
	  "\"irq=%d ret=%s\", REC->irq, REC->ret ? \"handled\" : \"unhandled\"",
	  lft_irq_exit_print);
LFT_EVENT("irq", softirq_raise, lft_softirq_probe, lft_softirq_fields,
	  LFT_SOFTIRQ_FMT, lft_softirq_print);
LFT_EVENT("irq", softirq_entry, lft_softirq_probe, lft_softirq_fields,
	  LFT_SOFTIRQ_FMT, lft_softirq_print);
LFT_EVENT("irq", softirq_exit, lft_softirq_probe, lft_softirq_fields,
	  LFT_SOFTIRQ_FMT, lft_softirq_print);
LFT_EVENT("irq_vectors", local_timer_entry, lft_vector_probe,
	  lft_vector_fields, "\"vector=%d\", REC->vector", lft_vector_print);
LFT_EVENT("irq_vectors", local_timer_exit, lft_vector_probe,
	  lft_vector_fields, "\"vector=%d\", REC->vector", lft_vector_print);

/* Each system's events together (one directory each). */
struct lft_event *const lft_irq_events[] = {
	&lft_ev_irq_handler_entry, &lft_ev_irq_handler_exit,
	&lft_ev_softirq_raise, &lft_ev_softirq_entry, &lft_ev_softirq_exit,
	&lft_ev_local_timer_entry, &lft_ev_local_timer_exit,
};
const unsigned int lft_irq_nevents = ARRAY_SIZE(lft_irq_events);
