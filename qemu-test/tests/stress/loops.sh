# SPDX-License-Identifier: GPL-2.0
# The loops of stress/stress.tc (not a test itself: run-tests only runs
# *.tc files). Usage: sh loops.sh NAME STATEDIR
#
# Runs one loop, NAME, over one family of lftrace's files until STATEDIR/stop
# exists, always finishing the iteration in progress (and at least one), then
# writes its iteration count to STATEDIR/count.NAME. Errors from the writes
# are expected (bad values, EBUSY, files of a removed instance): only what
# the kernel does about them matters, and stress.tc checks that.
T=/sys/kernel/lftrace
name=$1
D=$2
set -f # words such as sched* are values here, never file names

# pick WORD...: P = one of the words, at random.
pick() {
	shift $((RANDOM % $#))
	P=$1
}

# w FILE VALUE: write VALUE (and a newline) to FILE, ignoring a refusal.
w() {
	echo "$2" 2>/dev/null > "$1"
}

# wa FILE VALUE: the same, appending.
wa() {
	echo "$2" 2>/dev/null >> "$1"
}

stopping() {
	[ -e "$D/stop" ]
}

cpus=$(ls $T/per_cpu)
tracers=$(cat $T/available_tracers)
clocks=$(sed 's/[][]//g' $T/trace_clock)
options=$(ls $T/options)
events=$(grep -v '^stress:' $T/available_events)

it_buffer_size_kb() {
	pick 1 4 7 64 100 512 1408 2048 4096
	w $T/buffer_size_kb $P
	pick $cpus
	c=$P
	pick 1 4 8 300 1408 3000
	w $T/per_cpu/$c/buffer_size_kb $P
	cat $T/buffer_size_kb $T/buffer_total_size_kb $T/per_cpu/$c/buffer_size_kb > /dev/null
}

# One tracer an iteration, round the list of available_tracers.
next_tracer=1
it_current_tracer() {
	set -- $tracers
	shift $((next_tracer % $#))
	next_tracer=$((next_tracer + 1))
	w $T/current_tracer $1
	cat $T/current_tracer > /dev/null
}

it_set_event() {
	pick 'sched:*' '!sched:*' '' 'sched:sched_switch' 'irq:*' '*:*' '!*:*' \
		'sched' 'timer:*' rand rand
	[ "$P" = rand ] && pick $events
	w $T/set_event "$P"
	pick $events
	wa $T/set_event "$P"
	cat $T/set_event > /dev/null
	pick 0 1
	w $T/events/sched/enable $P
	pick '' 'sched:*' '!sched:sched_wakeup'
	wa $T/set_event "$P"
}

# Mostly a filter of a few functions, so that the tracers, the profiler
# and the stack tracer of the other loops patch and trace a few hundred
# sites; one iteration in eight, every function (some 37k sites) for a
# moment.
it_set_ftrace_filter() {
	cat $T/set_ftrace_filter > /dev/null
	pick 'sched*' 'vfs_read' 'vfs_*' '*_read' 'do_sys_openat2' '*spin_lock*' \
		'schedule:traceoff:5' 'schedule:traceon' 'vfs_read:stacktrace:3' \
		'ksys_read:traceoff' 'do_sys_openat2:snapshot:1' 'vfs_write:traceon:2' \
		'*_write:stacktrace' ':mod:lftrace' 'nosuch_function_xyz'
	e=$P
	wa $T/set_ftrace_filter "$e"
	cat $T/set_ftrace_filter $T/enabled_functions > /dev/null
	wa $T/set_ftrace_filter "!$e"
	pick 'schedule:traceoff' 'vfs_read:stacktrace' '*:traceon' 'sched*'
	wa $T/set_ftrace_filter "!$P"
	pick 1 2 3 4 5 6 7 8
	case $P in
	1) [ -n "${STRESS_FEW_SITES:-}" ] || w $T/set_ftrace_filter '' ;;
	2) wa $T/set_ftrace_notrace 'vfs_*' ;;
	3) w $T/set_ftrace_notrace '' ;;
	esac
	pick 'vfs_*' 'ksys_*' '*_read' 'schedule'
	w $T/set_ftrace_filter "$P"
	# The commands on top would turn tracing off for the other loops.
	w $T/tracing_on 1
}

it_set_ftrace_pid() {
	pids=$(ls /proc 2>/dev/null | grep '^[0-9]')
	pick $pids
	w $T/set_ftrace_pid $P
	pick $pids
	wa $T/set_ftrace_pid $P
	wa $T/set_ftrace_pid $$
	pick $pids
	w $T/set_ftrace_notrace_pid $P
	pick $pids
	w $T/set_event_pid $P
	pick 0 1
	w $T/options/function-fork $P
	w $T/options/event-fork $P
	cat $T/set_ftrace_pid $T/set_event_pid > /dev/null
	w $T/set_ftrace_pid ''
	w $T/set_ftrace_notrace_pid ''
	w $T/set_event_pid ''
}

it_stack_tracer() {
	w $T/stack_tracer_enabled 1
	# Mostly a few functions (as set_ftrace_filter, above).
	pick '' 'vfs_*' 'schedule' 'ksys_*' '*_read' 'do_sys_*' 'vfs_read'
	[ -z "$P" ] && [ -n "${STRESS_FEW_SITES:-}" ] && P='vfs_*'
	w $T/stack_trace_filter "$P"
	cat $T/stack_trace $T/stack_max_size > /dev/null
	w $T/stack_max_size 0
	w $T/stack_tracer_enabled 0
	cat $T/stack_trace > /dev/null
}

it_trace() {
	cat $T/trace > /dev/null
	pick $cpus
	cat $T/per_cpu/$P/trace > /dev/null
	w $T/trace ''
	w $T/per_cpu/$P/trace ''
}

next_clock=0
it_trace_clock() {
	set -- $clocks
	shift $((next_clock % $#))
	next_clock=$((next_clock + 1))
	w $T/trace_clock $1
	cat $T/trace_clock > /dev/null
}

it_options() {
	pick $options
	o=$P
	pick 0 1
	w $T/options/$o $P
	pick $options
	pick "$P" "no$P"
	w $T/trace_options $P
	cat $T/trace_options > /dev/null
	# Kept on, or the tracers and markers of the other loops record
	# nothing.
	for o in function-trace markers overwrite; do
		w $T/options/$o 1
	done
}

it_trace_pipe() {
	pick $cpus
	cat $T/trace_pipe > /dev/null &
	r1=$!
	cat $T/per_cpu/$P/trace_pipe > /dev/null &
	r2=$!
	cat $T/per_cpu/$P/trace_pipe_raw > /dev/null &
	r3=$!
	pick 0.05 0.1 0.3
	sleep $P
	kill $r1 $r2 $r3 2>/dev/null
	wait $r1 $r2 $r3 2>/dev/null
}

it_function_profile() {
	w $T/function_profile_enabled 1
	cat $T/trace_stat/* > /dev/null 2>&1
	w $T/function_profile_enabled 0
	cat $T/trace_stat/* > /dev/null 2>&1
}

it_tracing_cpumask() {
	pick 1 2 3 0 ff
	w $T/tracing_cpumask $P
	cat $T/tracing_cpumask > /dev/null
	w $T/tracing_cpumask 3
}

it_tracing_max_latency() {
	pick 0 1 100 99999 4294967295
	w $T/tracing_max_latency $P
	pick 0 0 10 1000
	w $T/tracing_thresh $P
	cat $T/tracing_max_latency $T/tracing_thresh > /dev/null
}

it_tracing_on() {
	w $T/tracing_on 0
	cat $T/tracing_on > /dev/null
	w $T/tracing_on 1
}

# Instances come and go while inst_writer works inside them.
it_instance_dirs() {
	mkdir $T/instances/s$((RANDOM % 3)) 2>/dev/null
	rmdir $T/instances/s$((RANDOM % 3)) 2>/dev/null
}

it_instance_writer() {
	for i in $(ls $T/instances 2>/dev/null); do
		I=$T/instances/$i
		w $I/set_event 'sched:*'
		pick 0 1
		w $I/events/enable $P
		cat $I/trace > /dev/null 2>&1
		# An instance's filter starts empty: every function.
		[ -n "${STRESS_FEW_SITES:-}" ] && wa $I/set_ftrace_filter 'vfs_*'
		pick $(cat $I/available_tracers 2>/dev/null) nop
		w $I/current_tracer $P
		w $I/trace_marker "instance $i"
		pick 1 0 2
		w $I/snapshot $P
		pick 7 100 1408
		w $I/buffer_size_kb $P
		cat $I/trace_pipe > /dev/null 2>&1 &
		r=$!
		sleep 0.05
		kill $r 2>/dev/null
		wait $r 2>/dev/null
		w $I/current_tracer nop
		w $I/set_event ''
	done
	sleep 0.01
}

# Probes removed while enabled must be refused (EBUSY), not pulled.
it_kprobe_events() {
	wa $T/kprobe_events 'p:stress/kp1 vfs_read count=%dx'
	wa $T/kprobe_events 'r:stress/kr1 vfs_read $retval'
	pick 'p:stress/kp2 do_sys_openat2' 'p:stress/kp2 schedule' \
		'r:stress/kp2 ksys_write ret=$retval:s32'
	wa $T/kprobe_events "$P"
	w $T/events/stress/kp1/enable 1
	w $T/events/stress/enable 1
	cat $T/kprobe_profile > /dev/null
	wa $T/kprobe_events '-:stress/kp1'
	w $T/kprobe_events ''
	pick 0 1
	[ $P = 1 ] && w $T/events/stress/enable 0
	wa $T/kprobe_events '-:stress/kp2'
	w $T/events/stress/enable 0
	wa $T/kprobe_events '-:stress/kr1'
	w $T/kprobe_events ''
}

it_snapshot() {
	w $T/snapshot 1
	cat $T/snapshot > /dev/null
	w $T/snapshot 2
	pick $cpus
	w $T/per_cpu/$P/snapshot 1
	cat $T/per_cpu/$P/snapshot > /dev/null
	w $T/per_cpu/$P/snapshot 2
	pick 0 1
	w $T/snapshot $P
}

it_trace_marker() {
	w $T/trace_marker "stress $name $n"
	# A raw marker: a 4-byte id, then data.
	printf '\001\000\000\000stress' 2>/dev/null > $T/trace_marker_raw
}

# Garbage into every writable file, one file an iteration, in a random
# order (instances' files too); every payload into it. The tally goes to
# STATEDIR/garbage: writes accepted, writes refused, files done, passes
# over the whole list.
acc=0 rej=0 files=0 passes=0 gfiles=
g() { # FILE PAYLOAD
	if [ -n "$append" ]; then
		printf '%s' "$2" 2>/dev/null >> "$1"
	else
		printf '%s' "$2" 2>/dev/null > "$1"
	fi
	if [ $? = 0 ]; then
		acc=$((acc + 1))
	else
		rej=$((rej + 1))
	fi
}

[ "$name" = garbage ] && echo "0 0 0 0" > $D/garbage
long8k=$(printf '%8192s' x | tr ' ' a)
long64k=$(printf '%65536s' y)

it_garbage() {
	if [ -z "$gfiles" ]; then
		gfiles=$(find $T -type f -perm -200 | shuf)
		passes=$((passes + 1))
	fi
	set -- $gfiles
	f=$1
	shift
	gfiles=$*
	# Gone with its instance since the list was made: nothing to count.
	[ -e $f ] || return
	# Narrowing a bug down only: STRESS_AVOID=instance_files.
	case "$STRESS_AVOID:$f" in *instance_files*:*/instances/*) return ;; esac
	files=$((files + 1))
	# STRESS_FEW_SITES: a function filter opened for writing without
	# O_APPEND is cleared (every function), so append to those.
	append=
	case "${STRESS_FEW_SITES:-}:$f" in
	1:*/set_ftrace_filter | 1:*/stack_trace_filter) append=1 ;;
	esac
	head -c 64 /dev/urandom > $D/rand
	if [ -n "$append" ]; then
		cat $D/rand 2>/dev/null >> $f
	else
		cat $D/rand 2>/dev/null > $f
	fi
	if [ $? = 0 ]; then
		acc=$((acc + 1))
	else
		rej=$((rej + 1))
	fi
	# Opened and truncated, nothing written. "true", not ":": ash leaves
	# the shell when a redirection of a special builtin fails, and the
	# file may have gone with its instance since the test above.
	if [ -z "$append" ]; then
		if true 2>/dev/null > $f; then
			acc=$((acc + 1))
		else
			rej=$((rej + 1))
		fi
	fi
	# One of each kind a file, the huge number and the long line taking
	# turns: files covered count for more than payloads (each write
	# waits for the others' locks).
	pick 99999999999999999999999 18446744073709551615 4294967296
	# Narrowing a bug down only: STRESS_AVOID=huge_size keeps huge
	# numbers out of the buffer sizes.
	case "$STRESS_AVOID:$f" in *huge_size*:*buffer_size_kb) P=1 ;; esac
	huge=$P
	pick "$long8k" "$long64k"
	for v in $huge -9223372036854775809 '
' "$P" '%s%s%n'; do
		g $f "$v"
	done
	echo "$acc $rej $files $passes" > $D/garbage
}

case $name in
trace_marker.*) it=it_trace_marker ;;
*) it=it_$name ;;
esac
n=0
while :; do
	$it
	n=$((n + 1))
	stopping && break
done
echo $n > $D/count.$name
