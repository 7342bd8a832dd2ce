# SPDX-License-Identifier: GPL-2.0
# Shared by osnoise.tc and timerlat.tc (sourced; not a test itself). Each
# check runs on a tree: the kernel's own (K), where the kernel has the
# tracer (debian-rt: the oracle, in the same boot), then lftrace's (T).
. /lftrace/tests/latency/lat.sh

# KO: the kernel's tree when it has the osnoise family, else empty.
KO=
has_tracer $K osnoise && has_tracer $K timerlat && KO=$K

# trees: the trees to check, the kernel's first.
trees() {
	echo $KO $T
}

# top DIR: the top level of DIR's tree (osnoise/ is there only).
top() {
	case $1 in
	$T*) echo $T ;;
	*) echo $K ;;
	esac
}

# osn_reset TOP: osnoise/ back to the kernel's defaults.
osn_reset() {
	o=$1/osnoise
	echo DEFAULTS > $o/options
	echo 1000000 > $o/period_us
	echo 1000000 > $o/runtime_us
	echo 0 > $o/stop_tracing_us
	echo 0 > $o/stop_tracing_total_us
	echo 1000 > $o/timerlat_period_us
	echo 0 > $o/print_stack
	cat /sys/devices/system/cpu/possible > $o/cpus
	echo 0 > $1/tracing_thresh
}

# osn_events DIR 0|1: the osnoise:* events off or on in DIR.
osn_events() {
	echo $2 > $1/events/osnoise/enable || fail "$1: events/osnoise/enable"
}

# wait_lines DIR REGEX N: until DIR's trace has N lines matching REGEX
# (a hang detector far above need; the test's timeout is the real limit).
wait_lines() {
	i=0
	while [ "$(grep -cE "$2" $1/trace)" -lt $3 ]; do
		i=$((i + 1))
		[ $i -le 600 ] || fail "$1 $(cat $1/current_tracer): fewer than $3 lines like '$2' in 600 polls: $(tail -n 5 $1/trace)"
		usleep 100000
	done
}

# shape: trace lines with the task, the numbers and the spacing masked.
shape() {
	sed -E 's/^ *[^ ]+-[0-9]+ +\[[0-9]{3}\] /TASK [CPU] /;
		s/[0-9]+/N/g; s/ +/ /g'
}

# no_threads PREFIX: no task's comm starts with PREFIX (e.g. "osnoise/").
no_threads() {
	for c in /proc/[0-9]*/comm; do
		case "$(cat $c 2>/dev/null)" in
		$1*) return 1 ;;
		esac
	done
	return 0
}

# count_threads PREFIX: how many tasks' comms start with PREFIX.
count_threads() {
	n=0
	for c in /proc/[0-9]*/comm; do
		case "$(cat $c 2>/dev/null)" in
		$1*) n=$((n + 1)) ;;
		esac
	done
	echo $n
}

# stop_line FILE: FILE (the trace of $d, a tree's array) has the stop
# threshold's print line. The kernel writes it through trace_printk's
# buffers, which Debian's kernels allocate only once something uses
# trace_printk: there it usually writes none, so only lftrace's is held
# to it.
stop_line() {
	case $d in
	$T*) grep -Eq ': stop tracing hit on cpu [0-9]+$' $1 ;;
	*) return 0 ;;
	esac
}
