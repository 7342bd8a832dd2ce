# SPDX-License-Identifier: GPL-2.0
# Shared by the guest's /init and the e2e suite runner (busybox ash).

LFT_DIR=/lftrace
PATH=$LFT_DIR/bin:/bin:/sbin:/usr/bin:/usr/sbin
export PATH

# Kernel log lines that fail whatever produced them.
LFT_BAD_LOG='BUG:|WARNING:|Oops|general protection|soft lockup|hung task|blocked for more than|RCU stall|detected stall|ftrace failed|KASAN|UBSAN|Kernel panic'

# lftrace.* words of the kernel command line become insmod parameters, as
# modprobe does for a module loaded after boot.
lft_cmdline_params() {
	for w in $(cat /proc/cmdline); do
		case $w in lftrace.*) echo "${w#lftrace.}" ;; esac
	done
}

lft_loaded() {
	grep -q '^lftrace ' /proc/modules
}

# lft_load [PARAM=VALUE...]: insmod lftrace.ko with the command line's
# parameters plus the given ones.
lft_load() {
	insmod $LFT_DIR/lftrace.ko $(lft_cmdline_params) "$@"
}

lft_unload() {
	! lft_loaded || rmmod lftrace
}

# Print (and clear) kernel log lines that indicate a problem; status 0 when
# there were none.
lft_log_errors() {
	! dmesg -c | grep -E "$LFT_BAD_LOG"
}

# The kernel's own tree (when a test mounted it) back to its boot state as
# far as tests change it, so that one test's leftovers there (events on,
# triggers, filters, pid lists, tracers) cannot change the next one's
# comparison. Function commands are left: tests remove their own.
ktree_reset() {
	k=/sys/kernel/tracing
	[ -e $k/trace ] || return 0
	echo nop > $k/current_tracer
	echo > $k/set_ftrace_filter
	echo 0 > $k/events/enable
	for f in $(grep -l -v '^#' $k/events/*/*/trigger 2>/dev/null); do
		sed -n -E 's/^((enable|disable)_(event|hist):[^:]+:[^: ]+|[a-z_]+).*/!\1/p' $f |
			while read -r c; do echo "$c" >> $f; done
	done
	for f in $(grep -L -x none $k/events/*/*/filter 2>/dev/null); do
		echo 0 > $f
	done
	for f in $k/events/*/filter; do
		echo 0 > $f
	done
	echo 0 > $k/events/enable
	for f in set_event_pid set_event_notrace_pid set_ftrace_pid kprobe_events; do
		[ -e $k/$f ] && echo > $k/$f
	done
	for o in event-fork stacktrace; do
		echo 0 > $k/options/$o
	done
	echo 1 > $k/tracing_on
	echo > $k/trace
	echo > $k/error_log
}
