/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's own records, each described once, as the kernel's
 * trace_entries.h describes its internal entries: the record's struct, its
 * fields as events/ftrace/<name>/format lists them, its print fmt, and the
 * functions that render it (core/entries.c). core/entry_gen.h reads this
 * description, once for the structs (core/trace.h) and once for the tables
 * (core/entries.c), so that a record, its format file and its lines cannot
 * disagree.
 *
 *	LFT_ENTRY(name, type, struct, id, fields, fmt, out)
 *		name: its directory in events/ftrace/; type: its type number
 *		(the kernel's, which trace-cmd knows it by); id: whether its
 *		directory has an "id" file (as 6.1 gives function and print)
 *	LFT_ENTRY_PACKED(...): the same, a __packed struct (where the
 *		kernel's is)
 *	LFT_ENTRY_DUP(name, type, base, struct, id, fmt, out)
 *		another type with the record (@struct) of entry @base
 *	LFT_E_FIELDS(lft_e_field(type, name) ...), with
 *		lft_e_array(type, name, n)	a fixed array
 *		lft_e_flex(type, name, n)	a flexible array whose format
 *						says n elements (the kernel's)
 *		lft_e_dyn(type, name)		a flexible array, "name[]"
 *	LFT_ENTRY_ALT(name, type, struct, opt, fields, fmt)
 *		the layout upstream's newest kernel gives type @type (a
 *		__packed @struct), which lftrace writes while option @opt is
 *		on in the array: its format file then shows this one
 *		(events/ftrace.c); records of both layouts tell apart by
 *		length. Off, the record and format are the running kernel's.
 *	LFT_E_OUT(print, raw, hex, bin): core/entries.c's renderers; NULL where
 *		there is none (a type another part prints, like the function
 *		graph tracer's; raw without one prints "TYPE ?", hex and bin
 *		"type: TYPE", as the kernel)
 *
 * Deliberately not include-guarded: read once per product.
 */
#ifndef LFT_E_STACK_FMT
/* Both stacks' print fmt: eight callers, as the kernel's. */
#define LFT_E_STACK_FMT \
	"\"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\\t=> %ps\\n\" \"\\t=> %ps\\n\\t=> %ps\\n\", (void *)REC->caller[0], (void *)REC->caller[1], (void *)REC->caller[2], (void *)REC->caller[3], (void *)REC->caller[4], (void *)REC->caller[5], (void *)REC->caller[6], (void *)REC->caller[7]"
#endif

LFT_ENTRY(function, LFT_TRACE_FN, lft_fn_entry, true,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, ip)
		lft_e_field(unsigned long, parent_ip)
	),
	"\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip",
	LFT_E_OUT(lft_out_fn, lft_raw_fn, lft_hex_fn, lft_bin_fn))

LFT_ENTRY(context_switch, LFT_TRACE_CTX, lft_ctx_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned int, prev_pid)
		lft_e_field(unsigned int, next_pid)
		lft_e_field(unsigned int, next_cpu)
		lft_e_field(unsigned char, prev_prio)
		lft_e_field(unsigned char, prev_state)
		lft_e_field(unsigned char, next_prio)
		lft_e_field(unsigned char, next_state)
	),
	"\"%u:%u:%u  ==> %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
	LFT_E_OUT(lft_out_ctx, NULL, NULL, NULL))

LFT_ENTRY_DUP(wakeup, LFT_TRACE_WAKE, context_switch, lft_ctx_entry, false,
	"\"%u:%u:%u  ==+ %u:%u:%u [%03u]\", REC->prev_pid, REC->prev_prio, REC->prev_state, REC->next_pid, REC->next_prio, REC->next_state, REC->next_cpu",
	LFT_E_OUT(lft_out_ctx, NULL, NULL, NULL))

LFT_ENTRY(kernel_stack, LFT_TRACE_STACK, lft_stack_entry, false,
	LFT_E_FIELDS(
		lft_e_field(int, size)
		lft_e_flex(unsigned long, caller, 8)
	),
	LFT_E_STACK_FMT,
	LFT_E_OUT(lft_out_stack, lft_raw_type, NULL, NULL))

LFT_ENTRY(print, LFT_TRACE_PRINT, lft_print_entry, true,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, ip)
		lft_e_dyn(char, buf)
	),
	"\"%ps: %s\", (void *)REC->ip, REC->buf",
	LFT_E_OUT(lft_out_print, lft_raw_print, NULL, NULL))

LFT_ENTRY(bprint, LFT_TRACE_BPRINT, lft_bprint_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, ip)
		lft_e_field(const char *, fmt)
		lft_e_dyn(u32, buf)
	),
	"\"%ps: %s\", (void *)REC->ip, REC->fmt",
	LFT_E_OUT(lft_out_bprint, lft_raw_bprint, NULL, NULL))

LFT_ENTRY_PACKED(funcgraph_exit, LFT_TRACE_GRAPH_RET, lft_graph_ret_entry,
	false,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, func)
		lft_e_field(int, depth)
		lft_e_field(unsigned int, overrun)
		lft_e_field(unsigned long long, calltime)
		lft_e_field(unsigned long long, rettime)
	),
	"\"<-- %ps (%d) (start: %llx  end: %llx) over: %d\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth",
	LFT_E_OUT(NULL, NULL, NULL, NULL))

LFT_ENTRY_PACKED(funcgraph_entry, LFT_TRACE_GRAPH_ENT, lft_graph_ent_entry,
	false,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, func)
		lft_e_field(int, depth)
	),
	"\"--> %ps (%d)\", (void *)REC->func, REC->depth",
	LFT_E_OUT(NULL, NULL, NULL, NULL))

/*
 * funcgraph-retaddr's entry (6.13's, with 6.19's args: args[0] is the
 * return address, funcgraph-args' six follow). Upstream numbers it 12,
 * which these kernels give user_stack: it takes 9, the branch tracer's,
 * which a module can never write. lftrace's addition on every kernel.
 */
LFT_ENTRY_PACKED(fgraph_retaddr_entry, LFT_TRACE_GRAPH_RETADDR,
	lft_graph_retaddr_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, func)
		lft_e_field(unsigned int, depth)
		lft_e_dyn(unsigned long, args)
	),
	"\"--> %ps (%u) <- %ps\", (void *)REC->func, REC->depth, (void *)REC->args[0]",
	LFT_E_OUT(NULL, NULL, NULL, NULL))

LFT_ENTRY(user_stack, LFT_TRACE_USER_STACK, lft_ustack_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned int, tgid)
		lft_e_array(unsigned long, caller, LFT_USTACK_MAX)
	),
	LFT_E_STACK_FMT,
	LFT_E_OUT(lft_out_ustack, lft_raw_type, NULL, NULL))

/* The kernel's struct timespec64 member, flat: its format names tv_sec. */
LFT_ENTRY(hwlat, LFT_TRACE_HWLAT, lft_hwlat_entry, false,
	LFT_E_FIELDS(
		lft_e_field(u64, duration)
		lft_e_field(u64, outer_duration)
		lft_e_field(u64, nmi_total_ts)
		lft_e_field(s64, tv_sec)
		lft_e_field(long, tv_nsec)
		lft_e_field(unsigned int, nmi_count)
		lft_e_field(unsigned int, seqnum)
		lft_e_field(unsigned int, count)
	),
	"\"cnt:%u\\tts:%010llu.%010lu\\tinner:%llu\\touter:%llu\\tcount:%d\\tnmi-ts:%llu\\tnmi-count:%u\\n\", REC->seqnum, REC->tv_sec, REC->tv_nsec, REC->duration, REC->outer_duration, REC->count, REC->nmi_total_ts, REC->nmi_count",
	LFT_E_OUT(lft_out_hwlat, lft_raw_hwlat, NULL, NULL))

LFT_ENTRY(osnoise, LFT_TRACE_OSNOISE, lft_osnoise_entry, false,
	LFT_E_FIELDS(
		lft_e_field(u64, noise)
		lft_e_field(u64, runtime)
		lft_e_field(u64, max_sample)
		lft_e_field(unsigned int, hw_count)
		lft_e_field(unsigned int, nmi_count)
		lft_e_field(unsigned int, irq_count)
		lft_e_field(unsigned int, softirq_count)
		lft_e_field(unsigned int, thread_count)
	),
	"\"noise:%llu\\tmax_sample:%llu\\thw:%u\\tnmi:%u\\tirq:%u\\tsoftirq:%u\\tthread:%u\\n\", REC->noise, REC->max_sample, REC->hw_count, REC->nmi_count, REC->irq_count, REC->softirq_count, REC->thread_count",
	LFT_E_OUT(lft_out_osnoise, lft_raw_osnoise, NULL, NULL))

LFT_ENTRY(timerlat, LFT_TRACE_TIMERLAT, lft_timerlat_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned int, seqnum)
		lft_e_field(int, context)
		lft_e_field(u64, timer_latency)
	),
	"\"seq:%u\\tcontext:%d\\ttimer_latency:%llu\\n\", REC->seqnum, REC->context, REC->timer_latency",
	LFT_E_OUT(lft_out_timerlat, lft_raw_timerlat, NULL, NULL))

LFT_ENTRY(raw_data, LFT_TRACE_RAW_DATA, lft_raw_entry, false,
	LFT_E_FIELDS(
		lft_e_field(unsigned int, id)
		lft_e_dyn(char, buf)
	),
	"\"id:%04x %08x\", REC->id, (int)REC->buf[0]",
	LFT_E_OUT(lft_out_raw_data, lft_raw_raw_data, NULL, NULL))

/*
 * The layouts of upstream's newest kernel, for its options these kernels
 * lack (funcgraph-retval 6.5, func-args and funcgraph-args 6.15).
 */
LFT_ENTRY_ALT(function, LFT_TRACE_FN, lft_fn_args_entry, LFT_OPT_FUNC_ARGS,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, ip)
		lft_e_field(unsigned long, parent_ip)
		lft_e_dyn(unsigned long, args)
	),
	"\" %ps <-- %ps\", (void *)REC->ip, (void *)REC->parent_ip")

LFT_ENTRY_ALT(funcgraph_entry, LFT_TRACE_GRAPH_ENT, lft_graph_args_entry,
	LFT_OPT_GRAPH_ARGS,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, func)
		lft_e_field(unsigned int, depth)
		lft_e_dyn(unsigned long, args)
	),
	"\"--> %ps (%u)\", (void *)REC->func, REC->depth")

LFT_ENTRY_ALT(funcgraph_exit, LFT_TRACE_GRAPH_RET, lft_graph_retv_entry,
	LFT_OPT_GRAPH_RETVAL,
	LFT_E_FIELDS(
		lft_e_field(unsigned long, func)
		lft_e_field(unsigned long, retval)
		lft_e_field(int, depth)
		lft_e_field(unsigned int, overrun)
		lft_e_field(unsigned long long, calltime)
		lft_e_field(unsigned long long, rettime)
	),
	"\"<-- %ps (%d) (start: %llx  end: %llx) over: %d retval: %lx\", (void *)REC->func, REC->depth, REC->calltime, REC->rettime, REC->depth, REC->retval")
