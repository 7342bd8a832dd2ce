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

# lat_module: load lft_latency afresh.
lat_module() {
	rmmod lft_latency 2>/dev/null
	insmod /lftrace/kmod/lft_latency.ko || fail "insmod lft_latency failed"
}

# latency_line: the regular expression of the header's latency line.
LAT_LINE='^# latency: [0-9]+ us, #[0-9]+/[0-9]+, CPU#[0-9]+ \| \(M:[a-z_]+ VP:0, KP:0, SP:0 HP:0 #P:[0-9]+\)$'
