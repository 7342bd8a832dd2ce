/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module events (events/module/) and the work items' events
 * (events/workqueue/), described for events/generate.h: the records,
 * format files and lines of 6.1. One table, lft_module_table, holds
 * both, in this order.
 */
LFT_TRACE_EVENT("module", module_load,
	LFT_PROTO(struct module *mod),
	LFT_ARGS(mod),
	LFT_FIELDS(
		lft_field(unsigned int, taints)
		lft_string(name, mod->name)
	),
	LFT_ASSIGN(
		__entry->taints = mod->taints;
		lft_assign_str(name, mod->name);
	),
	/* The taints a module can bring, in the kernel's order. */
	LFT_PRINTK("%s %s", __get_str(name),
		   __print_flags(__entry->taints, "",
				 { (1UL << TAINT_PROPRIETARY_MODULE), "P" },
				 { (1UL << TAINT_OOT_MODULE), "O" },
				 { (1UL << TAINT_FORCED_MODULE), "F" },
				 { (1UL << TAINT_CRAP), "C" },
				 { (1UL << TAINT_UNSIGNED_MODULE), "E" }))
)

LFT_TRACE_EVENT("module", module_free,
	LFT_PROTO(struct module *mod),
	LFT_ARGS(mod),
	LFT_FIELDS(
		lft_string(name, mod->name)
	),
	LFT_ASSIGN(
		lft_assign_str(name, mod->name);
	),
	LFT_PRINTK("%s", __get_str(name))
)

/*
 * struct pool_workqueue is private to the workqueue code: its members are
 * read at the offsets lft_wq_setup() found in the kernel's BTF
 * (compat/members.h).
 */
LFT_EVENT_CLASS(workqueue_queue_work,
	LFT_PROTO(int req_cpu, struct pool_workqueue *pwq,
		  struct work_struct *work),
	LFT_ARGS(req_cpu, pwq, work),
	LFT_FIELDS(
		lft_field(void *, work)
		lft_field(void *, function)
		lft_string(workqueue, lft_wq_name(pwq))
		lft_field(int, req_cpu)
		lft_field(int, cpu)
	),
	LFT_ASSIGN(
		__entry->work = work;
		__entry->function = work->func;
		lft_assign_str(workqueue, lft_wq_name(pwq));
		__entry->req_cpu = req_cpu;
		__entry->cpu = lft_wq_cpu(pwq);
	),
	LFT_PRINTK("work struct=%p function=%ps workqueue=%s req_cpu=%d cpu=%d",
		   __entry->work, __entry->function, __get_str(workqueue),
		   __entry->req_cpu, __entry->cpu)
)

LFT_DEFINE_EVENT_CHECKED(workqueue_queue_work, "workqueue",
			 workqueue_queue_work, lft_wq_setup)

LFT_TRACE_EVENT("workqueue", workqueue_activate_work,
	LFT_PROTO(struct work_struct *work),
	LFT_ARGS(work),
	LFT_FIELDS(
		lft_field(void *, work)
	),
	LFT_ASSIGN(
		__entry->work = work;
	),
	LFT_PRINTK("work struct %p", __entry->work)
)

LFT_TRACE_EVENT("workqueue", workqueue_execute_start,
	LFT_PROTO(struct work_struct *work),
	LFT_ARGS(work),
	LFT_FIELDS(
		lft_field(void *, work)
		lft_field(void *, function)
	),
	LFT_ASSIGN(
		__entry->work = work;
		__entry->function = work->func;
	),
	LFT_PRINTK("work struct %p: function %ps", __entry->work,
		   __entry->function)
)

LFT_TRACE_EVENT("workqueue", workqueue_execute_end,
	LFT_PROTO(struct work_struct *work, work_func_t function),
	LFT_ARGS(work, function),
	LFT_FIELDS(
		lft_field(void *, work)
		lft_field(void *, function)
	),
	LFT_ASSIGN(
		__entry->work = work;
		__entry->function = function;
	),
	LFT_PRINTK("work struct %p: function %ps", __entry->work,
		   __entry->function)
)
