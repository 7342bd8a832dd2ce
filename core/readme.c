// SPDX-License-Identifier: GPL-2.0
/*
 * The README file of the tree: what every file does and takes, in
 * lftrace's own words. A test checks that every file of the tree is named
 * here, so add a line with each new file.
 */
#include <linux/fs.h>
#include <linux/stringify.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "compat/behave.h"
#include "core/trace.h"

/* In parts: a C string literal longer than 8 KiB upsets sparse. */
static const char *const lft_readme[] = {
"lftrace: ftrace as a loadable module. This tree works like tracefs.\n"
"\n"
"Files (a read shows the current value; \"echo VALUE > file\" sets it):\n"
"  README\t\t\t- this text\n"
"  available_tracers\t\t- the tracers current_tracer accepts\n"
"  current_tracer\t\t- the tracer in use; setting one grows the buffer to full size\n"
"  tracing_on\t\t\t- 1 records, 0 stops recording (the buffer is kept)\n"
"  trace\t\t\t\t- the buffer as text, with a header; \"echo > trace\" clears it\n"
"  trace_pipe\t\t\t- the buffer as text, consumed as read; blocks while empty\n"
"  trace_marker\t\t\t- text written here is recorded (up to "
	__stringify(LFT_MARKER_MAX) " bytes a write)\n"
#if LFT_RAW_WHOLE
"  trace_marker_raw\t\t- binary records: a 4-byte id, then data (what one record holds)\n"
#else
"  trace_marker_raw\t\t- binary records: a 4-byte id, then data (up to 3 KiB, 1 KiB kept)\n"
#endif
"  trace_clock\t\t\t- the clock of the time stamps, e.g. echo global > trace_clock\n"
"  timestamp_mode\t\t- [delta] absolute: how times are stored\n"
"  trace_options\t\t\t- the options below; echo noOPTION or OPTION > trace_options\n"
"  options/\t\t\t- one file per option, 0 or 1\n"
"      sym-offset\t\t- symbols as name+0xoffset/0xsize [module]\n"
"      sym-addr\t\t\t- symbols followed by <address>\n"
"      verbose\t\t\t- latency-format lines in long form; no column header\n"
"      raw\t\t\t- lines as numbers: pid cpu time, then the entry's raw form\n"
"      hex\t\t\t- pid, cpu and time as hex fields\n"
"      bin\t\t\t- pid, cpu and time as raw bytes\n"
"      block\t\t\t- poll on trace_pipe never waits\n"
"      trace_printk\t\t- lftrace_printk() from other modules is recorded\n"
"      annotate\t\t\t- when the buffer overran, mark where each CPU's data starts\n"
"      userstacktrace\t\t- a user stack entry (addresses) after each event line\n"
"      printk-msg-only\t\t- only the text of printk and marker lines\n"
"      context-info\t\t- the task-pid [cpu] flags time: prefix\n"
"      latency-format\t\t- latency header; lines with times relative to the start\n"
"      record-cmd\t\t- enabled events record the comms of their tasks\n"
"      record-tgid\t\t- a TGID column; enabled events record their tasks' tgids\n"
"      overwrite\t\t\t- when full, overwrite the oldest (else drop the newest)\n"
"      disable_on_free\t\t- closing free_buffer also stops tracing\n"
"      irq-info\t\t\t- the five flag characters (irqs-off, need-resched, ...)\n"
"      markers\t\t\t- trace_marker accepts writes\n"
"      trace_printk_dest\t\t- lftrace_printk() writes into this array (one has it: setting\n"
"\t\t\t\t  it takes it from the other; the top level cannot clear it)\n"
"      copy_trace_marker\t\t- writes into the top level's trace_marker and trace_marker_raw\n"
"\t\t\t\t  go into this array too (top level: set, its own buffer;\n"
"\t\t\t\t  none set: ENODEV)\n"
"      pause-on-trace\t\t- recording stops while trace is open for reading\n"
"      stacktrace\t\t- a kernel stack entry after each event or printk line\n"
"  buffer_size_kb\t\t- buffer size per CPU in KB; \"N (expanded: M)\" until first grown\n"
"  buffer_total_size_kb\t\t- all CPUs' buffers together, in KB\n"
"  buffer_subbuf_size_kb\t\t- the ring buffer's sub-buffer (page) size in KB, 4 to 512,\n"
"\t\t\t\t  rounded up to a power of two of pages; a change empties the buffer\n"
"  buffer_percent\t\t- how full (1-100) a CPU buffer gets before trace_pipe_raw wakes a splice reader\n"
"  free_buffer\t\t\t- closing this file after a write shrinks the buffer to its minimum\n"
"  tracing_cpumask\t\t- hex mask of the CPUs that record, e.g. echo 3 > tracing_cpumask\n"
"  snapshot\t\t\t- echo 1: take a snapshot (swap buffers), 0: free it, 2: clear it;\n"
"\t\t\t\t  read: the snapshot, as trace shows the buffer\n"
"  saved_cmdlines\t\t- \"pid comm\" of the tasks whose names the output can show\n"
"  saved_cmdlines_size\t\t- how many tasks saved_cmdlines holds (writing it forgets them all)\n"
"  saved_tgids\t\t\t- \"pid tgid\" of the tasks whose tgids were recorded\n"
"  printk_formats\t\t- \"0xADDRESS : \\\"FORMAT\\\"\" of each lftrace_printk() format, to decode\n"
"\t\t\t\t  its binary records (trace-cmd)\n"
"  tracing_thresh\t\t- microseconds; latency tracers report every latency above it;\n"
"\t\t\t\t  function_graph records only returns that took at least this long\n"
"  tracing_max_latency\t\t- microseconds: the largest latency seen; echo 0 resets it\n"
"  error_log\t\t\t- the last 8 command errors, with a caret under the bad part;\n"
"\t\t\t\t  \"echo > error_log\" clears it\n"
"  instances/\t\t\t- mkdir instances/NAME: a trace array of its own, with these\n"
"\t\t\t\t  files (not README, saved_cmdlines, trace_printk options); rmdir\n"
"\t\t\t\t  removes it (EBUSY while one of its files is open)\n"
"\n",
"Latency tracers (wakeup, wakeup_rt, wakeup_dl, irqsoff, preemptoff,\n"
"preemptirqsoff): trace shows the max trace with its latency header;\n"
"options/function-trace adds the functions run inside the window. Without the\n"
"kernel's irq/preempt tracepoints the irqsoff family is sampled every 100 us and\n"
"its header gives the bound (irqsoff_sampled=1 at load samples everywhere).\n"
"options/display-graph records and shows the window as function_graph does\n"
"(columns: time since the window began, CPU, task, flags, duration); changing\n"
"it while one runs starts a fresh window.\n"
"\n"
"osnoise and timerlat (one of the two at a time, in any arrays): osnoise runs\n"
"osnoise/N on each CPU, reading the clock; each gap of at least tracing_thresh\n"
"(5 us when 0) is noise, classified as irq, softirq, thread or nmi by what ran,\n"
"or hw when nothing did; a record per sample. timerlat runs timerlat/N\n"
"(SCHED_FIFO 95) woken by a timer each period: the irq's and the thread's\n"
"latency. The osnoise:* events say what each noise was. Their settings, shared:\n"
"  osnoise/\t\t\t- at the top level only:\n"
"  osnoise/cpus\t\t\t- the CPUs the workload runs on (a list, e.g. 0-1,3)\n"
"  osnoise/period_us\t\t- osnoise samples runtime_us of every period_us (>= runtime_us)\n"
"  osnoise/runtime_us\t\t- (<= period_us)\n"
"  osnoise/stop_tracing_us\t- one noise, or an irq latency, above it stops tracing (0: never)\n"
"  osnoise/stop_tracing_total_us\t- a sample's noise, or a thread latency, above it stops tracing\n"
"  osnoise/timerlat_period_us\t- timerlat's period, 100 to 1000000\n"
"  osnoise/print_stack\t\t- timerlat: the irq's stack when a thread latency reaches it (0: never)\n"
"  osnoise/options\t\t- DEFAULTS, OSNOISE_WORKLOAD, PANIC_ON_STOP, OSNOISE_PREEMPT_DISABLE,\n"
"\t\t\t\t  OSNOISE_IRQ_DISABLE; echo NAME sets one, NO_NAME clears it\n"
#if LFT_TIMERLAT_UFD
"  osnoise/per_cpu/cpuN/timerlat_fd - timerlat with NO_OSNOISE_WORKLOAD: a task pinned\n"
"\t\t\t\t  to CPU N opens it and each read() is one activation\n"
#endif
"\n"
"hwlat: a thread reads the clock with interrupts off for width of every window;\n"
"a gap over tracing_thresh (10 us when 0) is time the CPU was taken away:\n"
"  hwlat_detector/\t\t- at the top level only:\n"
"  hwlat_detector/window\t\t- microseconds of each period (>= width)\n"
"  hwlat_detector/width\t\t- microseconds of each window spent sampling (<= window)\n"
"  hwlat_detector/mode\t\t- none, round-robin or per-cpu: where the threads run\n"
"\n",
"Function tracer (echo function > current_tracer):\n"
"  available_filter_functions\t- every function it can trace, \"name\" or \"name [module]\"\n"
"  enabled_functions\t\t- the functions lftrace has patched now, with their users\n"
"  set_ftrace_filter\t\t- trace only these: names, globs (vfs_*, *lock*, x*y), N (the Nth\n"
"\t\t\t\t  available function), !name removes, FUNC:mod:MODULE (also for a\n"
"\t\t\t\t  module loaded later); >> adds; echo > clears (all functions)\n"
"\t\t\t\t  accepts: a full name or a glob-matching-pattern\n"
"\t\t\t\t  commands: FUNC:traceon[:N] FUNC:traceoff[:N] FUNC:stacktrace[:N]\n"
"\t\t\t\t  FUNC:snapshot[:N] FUNC:dump FUNC:cpudump; !FUNC:CMD removes\n"
"  set_ftrace_notrace\t\t- never trace these (same syntax, no commands)\n"
"  set_ftrace_pid\t\t- trace only these pids (echo > clears; >> adds)\n"
"  set_ftrace_notrace_pid\t- never trace these pids\n"
"  options/print-parent\t\t- lines end in \" <-caller\"\n"
"  options/func_stack_trace\t- a stack after each traced function\n"
"  options/function-fork\t\t- children of set_ftrace_pid tasks join the pid sets\n"
"\n"
"Stack tracer (the deepest kernel stack seen at a function's entry):\n"
"  stack_tracer_enabled\t\t- 1 starts it, 0 stops it\n"
"  stack_max_size\t\t- the deepest stack, in bytes; echo 0 resets it\n"
"  stack_trace\t\t\t- that stack: depth, frame size and function per frame\n"
"  stack_trace_filter\t\t- the functions it checks (set_ftrace_filter's syntax)\n"
"\n"
"Function graph tracer (echo function_graph > current_tracer; top level only):\n"
"\t\t\t\t  entries and returns of the functions set_ftrace_filter selects,\n"
"\t\t\t\t  as a call graph with durations; honours set_ftrace_pid\n"
"  set_graph_function\t\t- graph only calls under these (set_ftrace_filter's syntax)\n"
"  set_graph_notrace\t\t- do not graph these, nor anything they call\n"
"  max_graph_depth\t\t- graph no deeper than this (0: no limit)\n"
"  options/funcgraph-cpu\t\t- the CPU column (on)\n"
"  options/funcgraph-overhead\t- + ! # * @ $ marks on long durations (on)\n"
"  options/funcgraph-duration\t- the duration column (on)\n"
"  options/funcgraph-irqs\t- calls made in hardirq context (on)\n"
"  options/funcgraph-proc\t- the comm-pid column\n"
"  options/funcgraph-abstime\t- the entry's time column\n"
"  options/funcgraph-tail\t- closing braces name their function\n"
"  options/funcgraph-overrun\t- \"(Overruns: N)\": calls not graphed for want of\n"
"\t\t\t\t  a return node, over all tasks\n"
"  options/sleep-time\t\t- durations include time switched out (on; also the profiler)\n"
"  options/graph-time\t\t- the profiler's times include children (on)\n"
"\n"
"Events (static events on the kernel's tracepoints; per instance too):\n"
"  available_events\t\t- every event, as SYSTEM:EVENT\n"
"  set_event\t\t\t- the enabled ones; write SYSTEM:EVENT, SYSTEM:*, *:EVENT,\n"
"\t\t\t\t  SYSTEM or EVENT, !NAME disables; echo > set_event clears\n"
"  events/enable\t\t\t- all events: 0, 1, or X when some are on (write 0 or 1)\n"
"  events/header_page\t\t- the layout of a ring-buffer page, for trace-cmd\n"
"  events/header_event\t\t- the layout of an event's header, for trace-cmd\n"
"  events/SYSTEM/enable\t\t- as events/enable, for one system\n"
"  events/SYSTEM/EVENT/enable\t- 0 or 1\n"
"  events/SYSTEM/EVENT/id\t- the record type (common_type): the kernel's id\n"
"\t\t\t\t  for its events, one it gives no event for lftrace's own\n"
"  events/SYSTEM/EVENT/format\t- the record's fields and print format, as tracefs\n"
"  events/SYSTEM/EVENT/filter\t- keep only records that match, e.g.\n"
"\t\t\t\t  'next_comm ~ \"sh*\" && (prev_pid == 1 || !(prev_prio < 100))'\n"
"\t\t\t\t  operators: == != < <= > >= & (numbers), == != ~ (strings,\n"
"\t\t\t\t  quoted; ~ is a glob), && || ! ( ); fields from the format,\n"
"\t\t\t\t  common_* too, CPU and COMM; 0 clears; errors go to error_log\n"
"  events/SYSTEM/filter\t\t- a filter for each event of the system that has its fields\n"
"  events/SYSTEM/EVENT/trigger\t- CMD[:N] [if FILTER], !CMD removes; CMD is one of\n"
"\t\t\t\t  traceon, traceoff, snapshot, stacktrace,\n"
"\t\t\t\t  enable_event:SYSTEM:EVENT, disable_event:SYSTEM:EVENT,\n"
"\t\t\t\t  enable_hist:SYSTEM:EVENT, disable_hist:SYSTEM:EVENT,\n"
"\t\t\t\t  hist:keys=F[,F...][:vals=F...][:sort=F...][:size=N]\n"
#if LFT_HIST_STACK_ALIASES
"\t\t\t\t  (a key can be any field, or the special string 'common_stacktrace')\n"
#endif
"\t\t\t\t  [:<var1>=<field|var_ref|numeric_literal>[,<var2>=...]]\n"
"\t\t\t\t  [:name=NAME][:clock=CLOCK][:pause|:cont|:clear]\n"
"\t\t\t\t  (F: a field, .hex .sym .sym-offset .execname .syscall\n"
"\t\t\t\t  .log2 .buckets=N .usecs .percent .graph, common_timestamp,\n"
"\t\t\t\t  common_cpu, a numeric literal, $VAR or SYS.EVENT.$VAR, or\n"
"\t\t\t\t  + - * / of these, -(...); a variable is read in another\n"
"\t\t\t\t  event's trigger by key)\n"
"\t\t\t\t  [:<handler>.<action>]: handlers onmatch(matching.event)\n"
"\t\t\t\t  - invoke on addition or update, onmax(var) - invoke if\n"
"\t\t\t\t  var exceeds the entry's max, onchange(var) - invoke\n"
"\t\t\t\t  action if var changes; actions\n"
"\t\t\t\t  trace(<synthetic_event>,param list) - generate synthetic\n"
"\t\t\t\t  event (or <synthetic_event>(param list); a param is $var,\n"
"\t\t\t\t  SYS.EVENT.$var, a field, or SYS.EVENT.field of another\n"
"\t\t\t\t  event, which gets a histogram with synthetic_field=field),\n"
"\t\t\t\t  save(field,...) - save current event fields,\n"
"\t\t\t\t  snapshot() - snapshot the trace buffer\n"
"  events/SYSTEM/EVENT/hist\t- each hist trigger's histogram, as tracefs prints it\n"
"  set_event_pid\t\t\t- record events only for these pids (>> adds, echo > clears)\n"
"  set_event_notrace_pid\t\t- never record events for these pids\n"
"  options/event-fork\t\t- children of listed tasks join the event pid lists\n"
"  options/hash-ptr\t\t- event lines show pointers hashed as the kernel's %p does\n"
"\t\t\t\t  (default 1, as 6.1); 0 shows them as they are\n"
"\n",
"Dynamic events: kprobe, uprobe, event probe and synthetic events (top level\n"
"only; each event gets events/GROUP/EVENT/ in every array):\n"
"  kprobe_events\t\t- Create/append/remove/show kprobe events; a read lists each probe\n"
"  uprobe_events\t\t- Create/remove/show uprobe events (user-space places)\n"
"  dynamic_events\t\t- every kind's definitions and list, in the order defined\n"
"\t  accepts: event-definitions (one definition per line)\n"
"\t   Format: p[:[<group>/][<event>]] <place> [<args>]\n"
"\t           r[maxactive][:[<group>/][<event>]] <place> [<args>]\n"
"\t           e[:[<group>/][<event>]] <attached-group>.<attached-event> [<args>] [if <filter>]\n"
"\t           s:[synthetic/]<event> <field> [<field>]\n"
"\t           -:[<group>/][<event>] [<place> [<args>]]\n"
"\t    place: [<module>:]<symbol>[+<offset>]|<memaddr>\n"
"place (kretprobe): [<module>:]<symbol>[+<offset>]%return|<memaddr>\n"
"   place (uprobe): <path>:<offset>[%return][(ref_ctr_offset)]\n"
"\t     args: <name>=fetcharg[:type]\n"
"\t fetcharg: (%<register>|$<efield>), @<address>, @<symbol>[+|-<offset>],\n"
"\t           $stack<index>, $stack, $retval, $comm, $arg<N>,\n"
#ifdef CONFIG_PROBE_EVENTS_BTF_ARGS
/*
 * Tools (ftracetest) read "<argname>" as "BTF arguments are there", and
 * "<argname>[->field..." as "with members": those are not done yet.
 */
"\t           <argname> (a parameter's name in BTF),\n"
#endif
"\t           +|-[u]<offset>(<fetcharg>), \\imm-value, \\\"imm-string\"\n"
"\t     type: s8/16/32/64, u8/16/32/64, " LFT_PB_TYPES_TEXT "\n"
"\t           b<bit-width>@<bit-offset>/<container-size>, ustring,\n"
"\t           <type>\\[<array-size>\\]\n"
"\t   efield: an eprobe's $<efield> is a field of <attached-group>.<attached-event>\n"
"\t           (no registers); the eprobe records once per record of that event\n"
"\t           (in the same array) that passes <filter>; default group eprobes\n"
"\t  default names: p_SYMBOL_OFFSET, r_SYMBOL_0, group kprobes; # starts a comment;\n"
"\t  >> adds; echo > kprobe_events removes them all (EBUSY while one is enabled)\n"
"\t  an existing event with the same args (names, types) at another place gets one\n"
"\t  more probe; -:EVENT <place> [<args>] removes just that probe\n"
"  kprobe_profile\t\t- per probe: its event's name, hits and missed hits\n"
"  uprobe_profile\t\t- per uprobe: its file, its event's name and hits\n"
"\t  uprobes: memory is the task's; @+<offset> is an offset in the probed file;\n"
"\t  default names p_<file>_0x<offset>, group uprobes; placed while enabled\n"
"  synthetic_events\t\t- Create/remove/show synthetic events (events/synthetic/EVENT/),\n"
"\t\t\t\t  which hist actions generate\n"
"\t  Write into this file to define/undefine new synthetic events.\n"
#if LFT_HIST_STACK_ALIASES
"\t     example: echo 'myevent u64 lat; char name[]; long[] stack' >> synthetic_events\n"
#else
"\t     example: echo 'myevent u64 lat; char name[]' >> synthetic_events\n"
#endif
"\t    field: <stype> <name>;\n"
"\t    stype: u8/u16/u32/u64, s8/s16/s32/s64, pid_t, gfp_t, bool,\n"
"\t           [unsigned] char/int/long, char[N] (N <= 256), char[] (a string),\n"
"\t           unsigned long[] (a stack)\n"
"\t  !<event> removes one (EBUSY while enabled or named by a hist action);\n"
"\t  echo > synthetic_events removes them all; -:[synthetic/]<event> in dynamic_events\n"
"\n"
"Function profiler (the functions set_ftrace_filter selects):\n"
"  function_profile_enabled\t- 1 starts it from zero, 0 stops it (the data stays)\n"
"  trace_stat/functionN\t\t- per CPU: hits, total, average and s^2 of the time\n"
"\t\t\t\t  from entry to return, longest total first\n"
"\n"
"  per_cpu/cpuN/\t\t\t- one CPU's buffer:\n"
"      trace, trace_pipe\t\t- as above, for this CPU only\n"
"      trace_pipe_raw\t\t- its data pages in the binary ring-buffer format (read or splice)\n"
"      snapshot\t\t\t- this CPU's part of the snapshot (echo 2 clears it)\n"
"      snapshot_raw\t\t- the snapshot's data pages, as trace_pipe_raw\n"
"      buffer_size_kb\t\t- its size in KB\n"
"      stats\t\t\t- entries, overrun, commit overrun, bytes, oldest event ts, now ts,\n"
"\t\t\t\t  dropped events, read events\n"
"\n"
"Module parameters (insmod lftrace.ko NAME=VALUE, or lftrace.NAME=VALUE on\n"
"the kernel command line), as ftrace's boot options:\n"
"  ftrace=TRACER  trace_buf_size=SIZE  trace_clock=CLOCK\n"
"  ftrace_filter=FUNC[,FUNC...]  ftrace_notrace=FUNC[,FUNC...]\n"
"  ftrace_graph_filter=FUNC[,FUNC...]  ftrace_graph_notrace=FUNC[,FUNC...]\n"
"  ftrace_graph_max_depth=N  stacktrace=1  stacktrace_filter=FUNC[,FUNC...]\n"
"  trace_options=OPT[,noOPT...]  alloc_snapshot=1  ftrace_dump_on_oops[=orig_cpu]\n"
"  tracing_thresh=USECS  traceoff_on_warning[=0|1] (a WARN() stops tracing)\n"
"  kprobe_event=DEF[;DEF...] (kprobe events defined and enabled at load, ',' for spaces)\n"
"  trace_event=EV[,EV...] (events enabled at load, each as written to set_event)\n"
"  tp_printk=1 (each event record also printed to the kernel log)\n"
"  debugfs_dir=NAME (this directory's name)\n",
};

static ssize_t lft_readme_read(struct file *file, char __user *ubuf,
			       size_t cnt, loff_t *ppos)
{
	loff_t base = 0;
	size_t i, len, n;

	for (i = 0; i < ARRAY_SIZE(lft_readme); i++, base += len) {
		len = strlen(lft_readme[i]);
		if (*ppos >= base + len)
			continue;
		n = min_t(size_t, cnt, base + len - *ppos);
		if (copy_to_user(ubuf, lft_readme[i] + (*ppos - base), n))
			return -EFAULT;
		*ppos += n;
		return n;
	}
	return 0;
}

static const struct file_operations lft_readme_fops = {
	.owner = THIS_MODULE,
	.open = lft_open_check,
	.read = lft_readme_read,
	.llseek = default_llseek,
};

void lft_readme_create(struct lft_array *tr)
{
	lft_fs_create_file("README", 0440, tr->dir, NULL, &lft_readme_fops);
}
