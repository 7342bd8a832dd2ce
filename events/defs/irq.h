/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Interrupt events (events/irq/, events/irq_vectors/), described for
 * events/generate.h: the records, format files and lines of 6.1.
 */
LFT_TRACE_EVENT("irq", irq_handler_entry,
	LFT_PROTO(int irq, struct irqaction *action),
	LFT_ARGS(irq, action),
	LFT_FIELDS(
		lft_field(int, irq)
		lft_string(name, action->name)
	),
	LFT_ASSIGN(
		__entry->irq = irq;
		lft_assign_str(name, action->name);
	),
	LFT_PRINTK("irq=%d name=%s", __entry->irq, __get_str(name))
)

LFT_TRACE_EVENT("irq", irq_handler_exit,
	LFT_PROTO(int irq, struct irqaction *action, int ret),
	LFT_ARGS(irq, action, ret),
	LFT_FIELDS(
		lft_field(int, irq)
		lft_field(int, ret)
	),
	LFT_ASSIGN(
		__entry->irq = irq;
		__entry->ret = ret;
	),
	LFT_PRINTK("irq=%d ret=%s",
		   __entry->irq, __entry->ret ? "handled" : "unhandled")
)

LFT_EVENT_CLASS(softirq,
	LFT_PROTO(unsigned int vec_nr),
	LFT_ARGS(vec_nr),
	LFT_FIELDS(
		lft_field(unsigned int, vec)
	),
	LFT_ASSIGN(
		__entry->vec = vec_nr;
	),
	LFT_PRINTK("vec=%u [action=%s]", __entry->vec,
		   __print_symbolic(__entry->vec, { 0, "HI" }, { 1, "TIMER" },
				    { 2, "NET_TX" }, { 3, "NET_RX" },
				    { 4, "BLOCK" }, { 5, "IRQ_POLL" },
				    { 6, "TASKLET" }, { 7, "SCHED" },
				    { 8, "HRTIMER" }, { 9, "RCU" }))
)

LFT_DEFINE_EVENT(softirq, "irq", softirq_raise)
LFT_DEFINE_EVENT(softirq, "irq", softirq_entry)
LFT_DEFINE_EVENT(softirq, "irq", softirq_exit)

LFT_EVENT_CLASS(x86_irq_vector,
	LFT_PROTO(int vector),
	LFT_ARGS(vector),
	LFT_FIELDS(
		lft_field(int, vector)
	),
	LFT_ASSIGN(
		__entry->vector = vector;
	),
	LFT_PRINTK("vector=%d", __entry->vector)
)

LFT_DEFINE_EVENT(x86_irq_vector, "irq_vectors", local_timer_entry)
LFT_DEFINE_EVENT(x86_irq_vector, "irq_vectors", local_timer_exit)
/*
 * The kernel's own refuses sampling perf counters, through which
 * events/generic.c serves every event lftrace generates no probe for.
 */
LFT_DEFINE_EVENT(x86_irq_vector, "irq_vectors", irq_work_exit)
