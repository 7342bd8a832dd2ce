# SPDX-License-Identifier: GPL-2.0
# A kernel booted with debugfs=off: lftrace's tree is at its own mount,
# /sys/kernel/lftrace, and works; there is no debugfs entry; unload and a
# second load are clean.
. "$(dirname "$0")/lib.sh"

vm_run '
T=/sys/kernel/lftrace
ls /sys/kernel/debug/ >/dev/null 2>&1 && [ -n "$(ls /sys/kernel/debug)" ] && echo "debugfs has entries"
[ -e /sys/kernel/debug/lftrace ] && echo "debug/lftrace exists"
echo vfs_read > $T/set_ftrace_filter && echo function > $T/current_tracer
cat /proc/version > /dev/null
echo "vfs_read lines: $(grep -c " vfs_read <-" $T/trace)"
echo nop > $T/current_tracer
mkdir $T/instances/i && echo hi > $T/instances/i/trace_marker &&
	grep -q "tracing_mark_write: hi" $T/instances/i/trace && rmdir $T/instances/i && echo "instance: ok"
rmmod lftrace && echo "rmmod: ok"
[ -e $T ] && echo "$T left behind"
insmod /lftrace/lftrace.ko && [ -e $T/trace ] && echo "reload: ok"' --append debugfs=off
expect_rc 0
expect_out '^vfs_read lines: [1-9]'
expect_out '^instance: ok$'
expect_out '^rmmod: ok$'
expect_out '^reload: ok$'
echo "$out" | grep -E 'debugfs has entries|debug/lftrace exists|left behind' && fail "output:" "$out"
exit 0
