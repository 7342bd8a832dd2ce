# SPDX-License-Identifier: GPL-2.0
# ftrace's boot options as lftrace.* on the kernel command line take effect
# when /init loads lftrace (ftrace=function traces from the start);
# ftrace_dump_on_oops dumps the buffer on a panic.
. "$(dirname "$0")/lib.sh"
T=/sys/kernel/lftrace
P=/sys/module/lftrace/parameters

vm_run "cat $T/current_tracer $T/buffer_size_kb $T/trace_clock \
$T/options/irq-info $T/options/markers $P/ftrace_dump_on_oops" \
	--append "lftrace.ftrace=nop lftrace.trace_buf_size=64K lftrace.trace_clock=global lftrace.trace_options=noirq-info,nomarkers lftrace.ftrace_dump_on_oops"
expect_rc 0
want="nop
67
local [global] counter uptime perf mono mono_raw boot tai x86-tsc
0
0
1"
[ "$out" = "$want" ] || fail "settings not in effect:" "$out"

# Tracing starts at load: a function traced from the command line.
vm_run "cat $T/current_tracer $T/set_ftrace_filter; cat /proc/version >/dev/null; \
grep -c ': vfs_read <-' $T/trace" \
	--append "lftrace.ftrace=function lftrace.ftrace_filter=vfs_read"
expect_rc 0
first=$(echo "$out" | head -n 2)
[ "$first" = "function
vfs_read" ] || fail "ftrace=function: current_tracer and filter:" "$out"
[ "$(echo "$out" | sed -n 3p)" -gt 0 ] 2>/dev/null ||
	fail "ftrace=function: no vfs_read line in trace:" "$out"

vm_run "echo before the crash > $T/trace_marker; echo c > /proc/sysrq-trigger" \
	--append "lftrace.ftrace_dump_on_oops=orig_cpu"
expect_rc 125
expect_out 'Dumping lftrace buffer'
expect_out 'tracing_mark_write: before the crash'
