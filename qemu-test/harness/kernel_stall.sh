# SPDX-License-Identifier: GPL-2.0
# A soft lockup (or RCU's self-detected stall) in the kernel's own
# ftrace_replace_code() (the kernel's tree enabling a tracer on every
# function: no rescheduling on x86) is noted, not an error; the same report through an lftrace frame fails the
# run. The reports are written to /dev/kmsg as the watchdog prints them.
# The check is the guest scripts', not the kernel's: one kernel is enough.
# kernels: debian
. "$(dirname "$0")/lib.sh"

stall() { # FRAME [FIRST]: a soft lockup report (or FIRST) whose stuck CPU is in FRAME
	echo "for l in '${2:-watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [sh:101]}' \
'Call Trace:' ' <TASK>' ' text_poke_bp_batch+0x17f/0x300' \
' ftrace_replace_code+0x13f/0x190' ' $1' ' vfs_write+0xc7/0x3f0' ' </TASK>'; do
	echo \"\$l\" > /dev/kmsg
done"
}

vm_run "$(stall 'ftrace_modify_all_code+0xf9/0x160')"
expect_rc 0
expect_out "kernel ftrace's own stall, not an error: .*soft lockup"

# RCU's report of the same stall.
vm_run "$(stall 'ftrace_modify_all_code+0xf9/0x160' 'rcu: INFO: rcu_preempt self-detected stall on CPU')"
expect_rc 0
expect_out "kernel ftrace's own stall, not an error: .*self-detected stall"

vm_run "$(stall 'lft_patch_sites+0x10/0x20 [lftrace]')"
expect_rc 1
expect_out 'kernel log shows errors'
expect_out 'soft lockup - CPU#1'
exit 0
