# SPDX-License-Identifier: GPL-2.0
# Shared by the guest's /init and the e2e suite runner (busybox ash).

LFT_DIR=/lftrace
PATH=$LFT_DIR/bin:/bin:/sbin:/usr/bin:/usr/sbin
export PATH

# Kernel log lines that fail whatever produced them.
# The sanitize kernel's checkers report as BUG: (KASAN, sleeping in atomic)
# and WARNING: (lockdep, suspicious RCU usage, list corruption), UBSAN and
# ODEBUG lines; kmemleak only when asked (lft_kmemleak). Lockdep's one
# report without either word is the non-static key; the bare word would
# match its boot banner ("RCU lockdep checking is enabled").
LFT_BAD_LOG='BUG:|WARNING:|Oops|general protection|soft lockup|hung task|blocked for more than|RCU stall|detected stall|ftrace failed|KASAN|UBSAN|ODEBUG|INFO: trying to register non-static key|Kernel panic'

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
	lft_loaded || return 0
	# Modules built on lftrace that a failed test left loaded go first.
	for m in $(awk '$1 == "lftrace" { gsub(",", " ", $4); print $4 }' /proc/modules); do
		[ "$m" = - ] || rmmod "$m"
	done
	rmmod lftrace
}

# Print (and clear) kernel log lines that indicate a problem; status 0 when
# there were none. One report is the kernel's own and not an error here: a
# soft lockup whose stuck CPU is in the kernel's ftrace_replace_code() with
# no lftrace frame. On x86 that loop patches every site of a tracer
# enabled on all functions without rescheduling (6.1's
# arch/x86/kernel/ftrace.c), about 10 s under TCG and past the 20 s
# watchdog on a loaded host (CI: perf-tools' funcgraph on the kernel's
# tree). lftrace's patcher yields every 256 sites, so a stall of its own
# still fails. RCU's self-detected stall of the same CPU in the same loop
# (CI: 259 s into perf-tools' funcgraph, beside the soft lockup) is the
# same report by another watchdog, as is the stall another CPU reports
# for it ("detected stalls on CPUs/tasks", with the stuck CPU's NMI
# backtrace: truly parallel vCPUs, stress/parallel.tc). The report is
# printed to the console (stderr) instead.
lft_log_errors() {
	! dmesg -c | awk -v bad="$LFT_BAD_LOG" '
		function flush() {
			own = kern && !ours
			if (own)
				printf "kernel ftrace'"'"'s own stall, not an error: %s\n", blk[1] > "/dev/stderr"
			for (i = own ? 2 : 1; i <= n; i++)
				if (blk[i] ~ bad)
					print blk[i]
			n = 0
		}
		/soft lockup - CPU|self-detected stall on CPU|detected stalls on CPUs\/tasks/ {
			if (n) flush(); n = 1; blk[1] = $0; kern = ours = 0; next
		}
		n { blk[++n] = $0 }
		n && /ftrace_replace_code/ { kern = 1 }
		n && /\[lftrace\]|lft_/ { ours = 1 }
		n && /<\/TASK>/ { flush(); next }
		!n && $0 ~ bad
		END { if (n) flush() }' | grep .
}

# On a kernel with kmemleak (the sanitize kernel): scan now and print the
# objects found unreferenced since the last call whose allocation went
# through lftrace or another module; the rest is the kernel's own business.
# Only the backtrace counts (a hex dump may hold any text). A module's
# frame is named with its module in brackets, or is a bare address once
# the module (or its init text) is gone: kernel text always has a name.
# Status 0 when there were none. kmemleak reports only objects at least
# 5 s old: a leak made just before a scan is blamed on the next item. The
# first call only forgets what boot left.
LFT_KMEMLEAK=/sys/kernel/debug/kmemleak
lft_kmemleak() {
	[ -w $LFT_KMEMLEAK ] || return 0
	echo scan > $LFT_KMEMLEAK
	found=$(awk '/^unreferenced object/ { if (blk != "" && ours) print blk; blk = $0; ours = 0; bt = 0; next }
		{ blk = blk "\n" $0 }
		/^  backtrace:/ { bt = 1; next }
		bt && /lftrace|lft_|\] 0x[0-9a-f]+$|\[[A-Za-z0-9_]+\]$/ { ours = 1 }
		END { if (blk != "" && ours) print blk }' $LFT_KMEMLEAK)
	echo clear > $LFT_KMEMLEAK
	[ -z "$found" ] || { printf '%b\n' "$found" | head -n 30; return 1; }
}

# The clock the kernel's tree chose at boot (global where sched_clock is
# unstable, as on the kunit kernel) and its options, for ktree_reset;
# before any test.
ktree_note_boot() {
	grep -q ' /sys/kernel/tracing tracefs ' /proc/mounts ||
		mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	sed -n 's/.*\[\(.*\)\].*/\1/p' /sys/kernel/tracing/trace_clock \
		> /tmp/kclock.boot 2>/dev/null
	cat /sys/kernel/tracing/trace_options > /tmp/kopts.boot 2>/dev/null
}

# trigger_wipe FILE: every trigger of an event's trigger FILE removed, as
# that tree takes them back: a hist trigger by its line as shown with "!"
# before it, less what 6.1 does not take back as shown (the state suffix,
# a sort key's field modifier; cpu, shown as common_cpu, tried as each of
# its names); any other by its command (!traceon, !enable_event:S:E).
trigger_wipe() {
	for cpu in common_cpu cpu CPU; do
		grep '^hist' $1 | sed -E -e 's/ \[[a-z]*\]$//' -e ':a' \
			-e 's/(:sort=[^: ]*)\.(hex|sym-offset|sym|execname|syscall|log2|usecs|percent|graph|buckets=[0-9]+)/\1/' \
			-e 'ta' -e "s/common_cpu/$cpu/g" > /tmp/wipe.$$
		while IFS= read -r c; do
			printf '!%s\n' "$c" >> $1
		done < /tmp/wipe.$$
	done 2>/dev/null
	sed -n -E -e '/^hist/d' \
		-e 's/^((enable|disable)_(event|hist):[^:]+:[^: ]+|[a-z_]+).*/!\1/p' $1 |
		while read -r c; do echo "$c" >> $1; done 2>/dev/null
	rm -f /tmp/wipe.$$
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
	# Two passes: a trigger whose variables another refers to goes only
	# after it. Hist triggers were once left (only "!hist" was tried): in
	# CI one kept a kprobe of hist_fuzz.tc enabled, and three later tests
	# that compare with the kernel's tree failed.
	for pass in 1 2; do
		files=$(grep -l -v '^#' $k/events/*/*/trigger 2>/dev/null)
		[ -n "$files" ] || break
		for f in $files; do
			trigger_wipe $f
		done
	done
	for f in $(grep -L -x none $k/events/*/*/filter 2>/dev/null); do
		echo 0 > $f
	done
	for f in $k/events/*/filter; do
		echo 0 > $f
	done
	echo 0 > $k/events/enable
	for f in set_event_pid set_event_notrace_pid set_ftrace_pid kprobe_events \
		uprobe_events synthetic_events dynamic_events; do
		[ -e $k/$f ] && echo > $k/$f
	done
	# Every option as at boot: perf ftrace, for one, leaves irq-info,
	# sleep-time and funcgraph-irqs off when it resets what it set, and
	# the next comparison with lftrace's tree then fails.
	if [ -s /tmp/kopts.boot ]; then
		while read -r o; do
			echo "$o" > $k/trace_options
		done < /tmp/kopts.boot 2>/dev/null
	fi
	# A test that failed halfway leaves the size it tried (8 KB, say).
	echo 1 > $k/options/overwrite
	grep -q 1408 $k/buffer_size_kb || echo 1408 > $k/buffer_size_kb
	# ftracetest leaves the clock it tried last (global, on 6.12): back
	# to the one the kernel chose at boot (ktree_note_boot).
	[ -s /tmp/kclock.boot ] && cat /tmp/kclock.boot > $k/trace_clock
	# A latency run (ftracetest's, on a kernel with those tracers) leaves
	# its maximum behind.
	for f in tracing_max_latency tracing_thresh; do
		[ -e $k/$f ] && echo 0 > $k/$f
	done
	echo 1 > $k/tracing_on
	echo > $k/trace
	echo > $k/error_log
}
