# SPDX-License-Identifier: GPL-2.0
# Shared by the latency tests (sourced; not a test itself). Each test runs
# its checks as a function of a tree: the kernel's own (K), where the kernel
# has the tracer (the kunit kernel), to prove the checks, then lftrace's.

K=/sys/kernel/tracing
[ -e $K/trace ] || mount -t tracefs nodev $K 2>/dev/null
L=/sys/kernel/debug/lft_latency

# has_tracer DIR TRACER: DIR lists TRACER in available_tracers.
has_tracer() {
	[ -e $1/available_tracers ] && grep -qw "$2" $1/available_tracers
}

# use_tracer DIR TRACER: make TRACER current in DIR, or fail.
use_tracer() {
	has_tracer $1 $2 || fail "$1: '$2' not in available_tracers: $(cat $1/available_tracers 2>&1)"
	echo $2 > $1/current_tracer || fail "$1: echo $2 > current_tracer failed"
	expect_eq "$1: current_tracer" "$(cat $1/current_tracer)" $2
}

# function_trace DIR 0|1: set options/function-trace where the tree has it.
# Off, only the latency tracers' own records are written: under TCG, every
# function traced makes the rest of the kernel's critical sections long
# enough to compete with the sections the tests make.
function_trace() {
	[ -e $1/options/function-trace ] || return 0
	echo $2 > $1/options/function-trace || fail "$1: options/function-trace"
}

# rt_quiet: on PREEMPT_RT, the kernel's threaded timers, interrupts and RCU
# run as SCHED_FIFO kthreads (ktimers/N, irq/N-*, rcuc/N, rcu_preempt):
# their own wakeups compete with the test's task for the wakeup tracers'
# maximum, in the kernel's tree as in ours. Make them SCHED_OTHER until the
# test exits (the stopper threads, priority 99, are left alone).
rt_quiet() {
	uname -v | grep -q PREEMPT_RT || return 0
	rm -f rt_saved
	for s in /proc/[0-9]*/stat; do
		# comm has no spaces for these: fields 41 and 40 are the
		# policy and rt_priority.
		awk '$4 == 2 && ($41 == 1 || $41 == 2) && $40 < 99 { print $1, $41, $40 }' $s 2>/dev/null
	done > rt_saved
	while read -r p pol prio; do
		lft-chrt -p $p -o 2>/dev/null
	done < rt_saved
	trap rt_restore EXIT
}

# rt_restore: give rt_quiet's kthreads their policies back.
rt_restore() {
	[ -e rt_saved ] || return 0
	while read -r p pol prio; do
		lft-chrt -p $p $([ $pol = 1 ] && echo -f || echo -r) $prio 2>/dev/null
	done < rt_saved
	rm -f rt_saved
}

# lat_module: load lft_latency afresh.
lat_module() {
	rmmod lft_latency 2>/dev/null
	insmod /lftrace/kmod/lft_latency.ko || fail "insmod lft_latency failed"
}

# latency_line: the regular expression of the header's latency line.
LAT_LINE='^# latency: [0-9]+ us, #[0-9]+/[0-9]+, CPU#[0-9]+ \| \(M:[a-z_]+ VP:0, KP:0, SP:0 HP:0 #P:[0-9]+\)$'

# Under TCG the host's load can stretch a section (the guest's clock runs
# while QEMU does not, or the other vCPU holds the host thread): a measure
# above the bound is retried (15 attempts), one below it fails at once, as
# no delay can shorten a section.

# section DIR FILE N LINES: a section of N us through $L/FILE; its measure
# in $lat, the first LINES lines of the trace in ./hdr.
section() {
	echo $(($3 / 2)) > $1/tracing_max_latency
	echo $3 > $L/$2 || fail "echo $3 > $L/$2 failed"
	lat=$(cat $1/tracing_max_latency)
	head -n $4 $1/trace > hdr
}

# measure DIR TRACER FILE FUNC N: one section of N us through $L/FILE.
measure() {
	i=0
	while [ $i -lt 15 ]; do
		i=$((i + 1))
		section $1 $3 $5 12
		grep -qx "#  => started at: $4" hdr || continue
		grep -qx "#  => ended at:   $4" hdr || fail "$1 $2 $5 us: $(cat hdr)"
		[ "$lat" -ge $5 ] || fail "$1 $2: a $5 us section measured $lat us"
		[ "$lat" -le $(($5 * 11 / 10)) ] || continue
		expect_eq "$1 $2 $5 us: first line" "$(head -n 1 hdr)" "# tracer: $2"
		grep -Eq "$LAT_LINE" hdr || fail "$1 $2 $5 us: no latency line: $(cat hdr)"
		grep -q "^# latency: $lat us, " hdr ||
			fail "$1 $2 $5 us: max latency $lat, trace says $(grep '^# latency' hdr)"
		return 0
	done
	fail "$1 $2: a $5 us section in $4 never made the max latency within 10% (last: $lat us): $(cat hdr)"
}

# sampled DIR TRACER FILE FUNC N: lftrace's sampled mode (kernels without the
# irq/preempt tracepoints) on one section of N us: the header says "sampled",
# names the section's function and states an interval that holds N, with 10%
# slack for TCG's timers ("at least" L, "less than"/"at most" M: $lower and
# $upper); the latency reported is L for irqsoff (a tick late by L), M for
# preemptoff (the ticks around the section); L is more than N/2 (ticks every
# 100 us, stretched under TCG, still see most of a section).
sampled() {
	i=0
	while [ $i -lt 15 ]; do
		i=$((i + 1))
		section $1 $3 $5 16
		case $3 in
		irqsoff) grep -qx "#  => ended at:   $4" hdr || continue ;;
		*) grep -qx "#  => first seen: $4" hdr || continue ;;
		esac
		grep -q "^#  sampled (no " hdr ||
			fail "$2 $5 us: the header does not say it is sampled: $(cat hdr)"
		grep -q "^#  => started at" hdr &&
			fail "$2 $5 us: a sampled header claims where it started: $(cat hdr)"
		upper=$(sed -nE 's/.* (less than|at most) ([0-9]+) us.*/\2/p' hdr)
		lower=$(sed -nE 's/.* at least ([0-9]+) us.*/\1/p' hdr)
		[ -n "$upper" ] && [ -n "$lower" ] ||
			fail "$2 $5 us: no bounds in $(cat hdr)"
		reported=$lower
		[ $3 = irqsoff ] || reported=$upper
		[ "$lat" = "$reported" ] ||
			fail "$2 $5 us: max latency $lat, not the bound $reported: $(cat hdr)"
		# An upper bound under the section is wrong at once; a lower
		# bound far under it (ticks the host delayed, under TCG) or over
		# it (a longer section elsewhere), or an upper bound more than
		# two ticks over it (a late tick), is retried.
		[ "$upper" -ge $(($5 * 9 / 10)) ] ||
			fail "$2: a $5 us section sampled as $lower..$upper us"
		[ "$lower" -gt $(($5 / 2)) ] && [ "$lower" -le $(($5 * 11 / 10)) ] &&
			[ "$upper" -le $(($5 * 11 / 10 + 200)) ] || continue
		grep -q "^# latency: $lat us, " hdr ||
			fail "$2 $5 us: max latency $lat, trace says $(grep '^# latency' hdr)"
		return 0
	done
	fail "$2: a $5 us section in $4 never made the max latency within 10% (last: $lat us): $(cat hdr)"
}
