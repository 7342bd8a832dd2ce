# SPDX-License-Identifier: GPL-2.0
# lftrace.traceoff_on_warning: a WARN() turns tracing off and the trace
# ends with the kernel's line for it. (The WARN itself fails the run, as
# any WARN does: the status is 1, and the script's output is checked.)
. "$(dirname "$0")/lib.sh"
T=/sys/kernel/lftrace

run_warn() { # APPEND
	vm_run "insmod /lftrace/kmod/lft_testmod.ko &&
echo before > $T/trace_marker && echo 1 > /sys/kernel/debug/lft_testmod/warn;
echo after > $T/trace_marker; rmmod lft_testmod;
echo on=\$(cat $T/tracing_on) thresh=\$(cat $T/tracing_thresh); cat $T/trace" --append "$1"
}

run_warn "lftrace.traceoff_on_warning lftrace.tracing_thresh=150"
expect_rc 1
expect_out 'WARNING: .*lft_testmod'
expect_out '^on=0 thresh=150$'
expect_out 'tracing_mark_write: before$'
expect_out ': disable_trace_on_warning: Disabling tracing due to warning$'
echo "$out" | grep -q 'tracing_mark_write: after' &&
	fail "recorded after the warning:" "$out"

# Off (=0): the warning changes nothing.
run_warn "lftrace.traceoff_on_warning=0"
expect_rc 1
expect_out '^on=1 thresh=0$'
expect_out 'tracing_mark_write: after$'
echo "$out" | grep -q 'Disabling tracing' && fail "disabled while off:" "$out"
exit 0
