/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernels' tracefs files do differently where no header can say
 * so: behaviour that changed between 6.1 and 6.12, with nothing to test at
 * build time but the version. This is the one place that reads it. The
 * kernels between those two have not been checked: each threshold is the
 * first kernel seen with the newer behaviour.
 */
#ifndef LFT_COMPAT_BEHAVE_H
#define LFT_COMPAT_BEHAVE_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
/*
 * trace_marker keeps up to 4 KiB of a write, cut to what one record
 * holds; trace_marker_raw takes what one record holds, whole (EINVAL
 * beyond). A failed buffer_size_kb write passes the ring buffer's errno
 * on (EBUSY while a reader walks the buffer).
 */
#define LFT_MARKER_MAX		4096
#define LFT_RAW_WHOLE		1
#define LFT_RESIZE_ERRNO	1
/*
 * Probe events: a maxactive on an entry probe has this text, $comm or an
 * immediate string with another type is an error logged (6.1 refuses it
 * with no log line), and too many arguments are an error.
 */
#define LFT_PB_MAXACT_TEXT	"Maxactive is only for function exit"
#define LFT_PB_COMM_TYPE_LOGGED	1
/* More than 128 arguments: E2BIG (6.1 drops the ones past 128). */
#define LFT_PB_ARGS_E2BIG	1
/* A kretprobe's $argN and parameters by name: values saved at entry. */
#define LFT_PB_RET_ENTRY_ARGS	1
/* The :%pd and :%pD types (a dentry's, a file's name) of kprobes. */
#define LFT_PB_DENTRY_ARGS	1
/*
 * An eprobe's $NAME that is no field of its event is BAD_VAR at the '$'
 * (6.1: BAD_ATTACH_ARG at the argument); a uprobe's $argN is
 * NOFENTRY_ARGS (6.1: BAD_VAR).
 */
#define LFT_EP_FIELD_BAD_VAR	1
#define LFT_UP_ARG_NOFENTRY	1
/*
 * A function stack (func_stack_trace) records the tracer's trampoline as
 * INT_MAX, shown "[FTRACE TRAMPOLINE]"; 6.1 keeps its address, which has
 * no symbol and shows as a number.
 */
#define LFT_STACK_TRAMP_MARK	1
/*
 * A hist trigger's stack key is named common_stacktrace (printed so in
 * the trigger and the hist file; "stacktrace" and "STACKTRACE" still
 * make one). 6.1 knows only "stacktrace".
 */
#define LFT_HIST_STACK_NAME	"common_stacktrace"
#define LFT_HIST_STACK_ALIASES	1
/*
 * A synthetic event's stack (from a hist variable "st=common_stacktrace")
 * is the variable's words: its count of entries, then the entries, up to
 * the first 0 (that 0 left out); its lines skip the count.
 */
#define LFT_SYNTH_STACK_COUNTED	1
/* A variable of another event is named "sys.event.$var" (6.1: "$sys.event.var"). */
#define LFT_HIST_REF_SYS_DOLLAR	1
/* "hitcount" is a field of every event (1 a hit): a key, an operand. */
#define LFT_HIST_HITCOUNT_FIELD	1
/*
 * A trigger's "if" filter that does not parse is logged as a filter
 * file's is ("event filter parse error").
 */
#define LFT_TRIG_FILTER_LOGGED	true
/*
 * timerlat's user-space workload (osnoise/per_cpu/cpuN/timerlat_fd, since
 * 6.6) and its records' third context, "user-ret".
 */
#define LFT_TIMERLAT_UFD	1
/* An event filter's FIELD.function == NAME|ADDR (6.3), "Function not found". */
#define LFT_FLT_FUNCTION	1
/* A probe argument's type "char" (after 6.1): a byte shown as 'c'. */
#define LFT_PB_CHAR_TYPE	1
#define LFT_PB_TYPES_TEXT	"x8/16/32/64, char, string, symbol,"
/*
 * buffer_percent keeps a 0 (6.1 makes it 1). A splice of trace_pipe_raw
 * that had to wait looks once more when woken and returns 0 if there is
 * still no whole page (6.1 waits again).
 */
#define LFT_SPLICE_WAKE_ONCE	1
/*
 * A uprobe takes neither "symstr" nor "symbol" (6.1 takes both there).
 * What a probe argument's parse finds wrong after its fetch (symstr's
 * BAD_SYMSTRING, an array's BAD_STRING) has its caret at the type
 * counted from the innermost +OFFS(...) fetch (6.1: from the argument).
 */
#define LFT_UP_NO_SYMBOL	1
#define LFT_PB_CARET_INNER	1
/*
 * A tracer's own options (function_graph's funcgraph-*, sleep-time and
 * graph-time, the function tracer's func_stack_trace and func-args) are
 * the tracer's, one value for every array: writing an instance's file
 * changes the top level's and every other instance's. Upstream's 6.19
 * made them each array's own, which 6.1 (whose instances run neither
 * tracer in the kernel) follows, but for graph-time (the profiler's, one
 * value for all on every kernel: core/options.c).
 */
#define LFT_TRACER_OPTS_SHARED	1
#else
/*
 * 6.1: trace_marker keeps 1 KiB of a write; trace_marker_raw takes up to
 * 3 KiB and keeps 1 KiB; every failed resize says ENOMEM.
 */
#define LFT_MARKER_MAX		1024
#define LFT_RAW_WHOLE		0
#define LFT_RESIZE_ERRNO	0
#define LFT_PB_MAXACT_TEXT	"Maxactive is not for kprobe"
#define LFT_PB_COMM_TYPE_LOGGED	0
#define LFT_PB_ARGS_E2BIG	0
#define LFT_PB_RET_ENTRY_ARGS	0
#define LFT_PB_DENTRY_ARGS	0
#define LFT_EP_FIELD_BAD_VAR	0
#define LFT_UP_ARG_NOFENTRY	0
#define LFT_STACK_TRAMP_MARK	0
#define LFT_HIST_STACK_NAME	"stacktrace"
#define LFT_HIST_STACK_ALIASES	0
#define LFT_SYNTH_STACK_COUNTED	0
#define LFT_HIST_REF_SYS_DOLLAR	0
#define LFT_HIST_HITCOUNT_FIELD	0
#define LFT_TRIG_FILTER_LOGGED	false
#define LFT_TIMERLAT_UFD	0
#define LFT_FLT_FUNCTION	0
#define LFT_PB_CHAR_TYPE	0
#define LFT_PB_TYPES_TEXT	"x8/16/32/64, string, symbol,"
#define LFT_SPLICE_WAKE_ONCE	0
#define LFT_UP_NO_SYMBOL	0
#define LFT_PB_CARET_INNER	0
#define LFT_TRACER_OPTS_SHARED	0
#endif

#endif /* LFT_COMPAT_BEHAVE_H */
