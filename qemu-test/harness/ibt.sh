# SPDX-License-Identifier: GPL-2.0
# kernels: debian-6.12
# stage: own
# Indirect branch tracking enforced (Bochs' tigerlake CPU model: QEMU has
# no CET): every way lftrace enters kernel code or is entered from it, in
# one boot, then a negative control. A call through a pointer to a
# function without an ENDBR at its target is a control protection fault
# there, so each step below is one more kind of call that has to land on
# an ENDBR: the trampolines called from patched sites and their returns,
# handlers called by tracepoints, kprobes, uprobes and perf, file
# operations, work items and timers, module notifiers, and the calls
# lftrace makes into the kernel's private functions (lft_kcall()).
#
# The negative control is last: lft_testmod's "endbr" calls a function
# past its ENDBR, which must fault ("Missing ENDBR", a BUG: the kernel
# panics and the guest ends without a status). So the script checks the
# kernel log and unloads lftrace itself before it. Debian's kernel is
# the one that turns IBT on (X86_KERNEL_IBT=y, 6.12).
# Bochs is slow (the boot alone is about a minute of host time): the
# steps are small, and the function tracer's all-functions step traces
# one command.
. "$(dirname "$0")/lib.sh"

command -v bochs >/dev/null || fail "no bochs: make deps installs it"
vm_run '
T=/sys/kernel/lftrace K=/sys/kernel/tracing
M=/sys/kernel/debug/lft_testmod S=/sys/kernel/debug/lft_sample
mount -t tracefs nodev $K 2>/dev/null
. /lftrace/guest/lib.sh
grep -qw ibt /proc/cpuinfo && echo "cpu: ibt"
dmesg | grep -q "CET detected: Indirect Branch Tracking enabled" && echo "kernel: ibt enforced"
# The boot log: Bochs CPU model warns of its topology and XSAVE at boot
# (../shared/notes/bochs-cet.md); anything else bad is ours to see.
dmesg -c | grep -E "$LFT_BAD_LOG|Missing ENDBR|control protection" |
	grep -vE "topology|XSAVE|xstate|fpu" | sed "s/^/boot log: /"
step() { # NAME CONDITION...
	n=$1
	shift
	if "$@"; then echo "$n: ok"; else echo "$n: FAIL"; fi
}
count() { # PATTERN: lines of the trace that match
	grep -c "$1" $T/trace
}
timing() { # STEP: the guest time so far, to see which steps cost most
	echo "time $1 $(cut -d" " -f1 /proc/uptime)"
}
insmod /lftrace/kmod/lft_testmod.ko || echo "insmod lft_testmod failed"
insmod /lftrace/kmod/lft_sample.ko || echo "insmod lft_sample failed"

# The function tracer: a filter, then every function (and a module
# unloaded and loaded again while every function is traced). Switching
# tracers empties the buffer: each step reads it before.
echo "lft_testmod_*" > $T/set_ftrace_filter
echo function > $T/current_tracer
echo 3 > $M/call
step function_filter [ "$(count "lft_testmod_inner <-lft_testmod_outer")" = 6 ]
echo nop > $T/current_tracer
echo > $T/set_ftrace_filter
echo 8192 > $T/buffer_size_kb
echo function > $T/current_tracer
echo 3 > $M/call
echo 0 > $T/tracing_on
step function_all [ "$(count "lft_testmod_inner <-lft_testmod_outer")" = 6 ]
echo > $T/trace
echo 1 > $T/tracing_on
rmmod lft_testmod && insmod /lftrace/kmod/lft_testmod.ko
echo 3 > $M/call
echo 0 > $T/tracing_on
step function_module [ "$(count "lft_testmod_inner <-lft_testmod_outer")" = 6 ]
echo 1 > $T/tracing_on
echo nop > $T/current_tracer
echo 1408 > $T/buffer_size_kb
timing function

# function_graph: a graph function, then every function.
echo lft_testmod_outer > $T/set_graph_function
echo function_graph > $T/current_tracer
echo 2 > $M/call
step graph_filter [ "$(count "lft_testmod_inner.*();")" = 4 ]
echo nop > $T/current_tracer
echo > $T/set_graph_function
echo function_graph > $T/current_tracer
echo 2 > $M/call
echo 0 > $T/tracing_on
step graph_all grep -q "lft_testmod_outer.*() {" $T/trace
echo 1 > $T/tracing_on
echo nop > $T/current_tracer
timing graph

# Probe events: a kprobe with fetch arguments, a kretprobe, an eprobe on
# lftrace s own sched_switch, a uprobe.
echo > $T/trace
echo "p:kp lft_testmod_inner x=%di:s32" > $T/kprobe_events
echo "r:kr lft_testmod_inner ret=\$retval:s32" >> $T/kprobe_events
echo "e:ep sched/sched_switch prev=\$prev_pid" >> $T/dynamic_events
U=$(command -v lft-uprobe) O=$($U off)
echo "p:up $U:$O" > $T/uprobe_events
for e in kprobes/enable eprobes/enable uprobes/enable; do echo 1 > $T/events/$e; done
echo 2 > $M/call
$U run 2 > /dev/null
sleep 1
for e in kprobes/enable eprobes/enable uprobes/enable; do echo 0 > $T/events/$e; done
step kprobe [ "$(count " kp: (lft_testmod_inner")" = 4 ]
step kretprobe [ "$(count " kr: (lft_testmod_outer")" = 4 ]
step eprobe grep -q " ep: (sched.sched_switch)" $T/trace
step uprobe grep -q " up: (" $T/trace
echo > $T/uprobe_events
echo > $T/dynamic_events
timing probes

# Events: lftrace s own probe (sched_switch, a syscall), one served
# through perf (rcu_utilization), hist with a synthetic event.
echo > $T/trace
echo 1 > $T/events/sched/sched_switch/enable
echo 1 > $T/events/syscalls/sys_enter_getppid/enable
echo 1 > $T/events/rcu/rcu_utilization/enable
sleep 1
$U run 1 > /dev/null
cat /proc/self/stat > /dev/null
echo 0 > $T/events/enable
step event_own grep -q " sched_switch: " $T/trace
step event_perf grep -q " rcu_utilization: " $T/trace
echo "wl u64 lat; pid_t pid" > $T/synthetic_events
echo "hist:keys=pid:ts0=common_timestamp.usecs" > $T/events/sched/sched_waking/trigger
echo "hist:keys=next_pid:lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).trace(wl,\$lat,next_pid)" > $T/events/sched/sched_switch/trigger
echo 1 > $T/events/synthetic/wl/enable
sleep 1
echo 0 > $T/events/synthetic/wl/enable
step hist grep -q "^{ next_pid:" $T/events/sched/sched_switch/hist
step synthetic grep -q " wl: " $T/trace
echo "!hist:keys=next_pid:lat=common_timestamp.usecs-\$ts0:onmatch(sched.sched_waking).trace(wl,\$lat,next_pid)" > $T/events/sched/sched_switch/trigger
echo "!hist:keys=pid:ts0=common_timestamp.usecs" > $T/events/sched/sched_waking/trigger
echo "!wl" >> $T/synthetic_events
timing events

# The latency tracers: wakeup_rt on an RT task a timer wakes, irqsoff
# (sampled: this kernel has no irq tracepoints) on a 2 ms section of
# lft_latency.ko; the stack tracer, the profiler, lftrace_printk().
echo 0 > $T/tracing_max_latency
echo wakeup_rt > $T/current_tracer
for i in 1 2 3; do lft-chrt -f 50 usleep 1000; done
step wakeup_rt [ "$(cat $T/tracing_max_latency)" -gt 0 ]
echo nop > $T/current_tracer
insmod /lftrace/kmod/lft_latency.ko
echo 0 > $T/tracing_max_latency
echo irqsoff > $T/current_tracer
echo 2000 > /sys/kernel/debug/lft_latency/irqsoff
step irqsoff [ "$(cat $T/tracing_max_latency)" -ge 1000 ]
echo nop > $T/current_tracer
rmmod lft_latency
timing latency
echo 0 > $T/stack_max_size
echo 1 > $T/stack_tracer_enabled
(echo forked) > /dev/null
echo 0 > $T/stack_tracer_enabled
step stack_tracer grep -q " 0)" $T/stack_trace
echo "lft_testmod_*" > $T/set_ftrace_filter
echo 1 > $T/function_profile_enabled
echo 3 > $M/call
echo 0 > $T/function_profile_enabled
echo > $T/set_ftrace_filter
step profiler grep -q "lft_testmod_inner  *6 " $T/trace_stat/function0
echo > $T/trace
echo 1 > $S/printk
step printk grep -q "lft_sample" $T/trace
timing others

# rmmod under load: the function tracer on the VFS and a kprobe there,
# hit by a loop of reads while lftrace unloads. (The unload takes 5 s of
# a QEMU guest idle, 15 s beside a loop that never sleeps: minutes here.)
rmmod lft_sample
(while :; do cat /proc/version > /dev/null; usleep 20000; done) &
echo "vfs_*" > $T/set_ftrace_filter
echo function > $T/current_tracer
echo "p:kp vfs_read" > $T/kprobe_events
echo 1 > $T/events/kprobes/enable
echo 1 > $T/events/sched/enable
sleep 1
step rmmod_busy rmmod lftrace
kill $!
timing rmmod
bad=$(lft_log_errors) || echo "log: $bad"
echo "endbr: calling"
echo 1 > $M/endbr
echo "endbr: returned"
' --emulator bochs --timeout 3000 --append "indirect_target_selection=off"
[ "$rc" = 125 ] || fail "the negative control did not end the guest (vm rc $rc):" "$out"
for s in function_filter function_all function_module graph_filter graph_all kprobe kretprobe eprobe uprobe \
	event_own event_perf hist synthetic wakeup_rt irqsoff stack_tracer profiler printk rmmod_busy; do
	expect_out "^$s: ok$"
done
expect_out "^cpu: ibt$"
expect_out "^kernel: ibt enforced$"
expect_out "^endbr: calling$"
echo "$out" | grep -qE "^(boot log|log): " && fail "bad lines in the kernel log:" "$out"
echo "$out" | grep -q "^endbr: returned$" && fail "the negative control returned:" "$out"
expect_out "Missing ENDBR: lft_testmod_inner"
