# SPDX-License-Identifier: GPL-2.0
# kernels: debian-6.12
# Call depth tracking (retbleed=stuff on a Skylake guest CPU: the kernel
# counts calls and returns to refill the return stack buffer before it
# underflows): lftrace loads, and a traced call's calls and returns
# balance in the count as they do under the kernel's own function tracer
# (lft_testmod's depth file), and function_graph traces. Its own boot:
# the mitigation is chosen at boot.
. "$(dirname "$0")/lib.sh"

# function_graph's returns, hooked through the kernel's rethook (as its
# kretprobes are), end in a RET of the kernel's own: more returns counted
# than calls, so the count underflows early and the buffer is refilled
# more often (the safe way). Only its lines are checked.
export LFTRACE_VM_CPU=Skylake-Client
vm_run '
T=/sys/kernel/lftrace K=/sys/kernel/tracing
mount -t tracefs nodev $K 2>/dev/null
echo "retbleed: $(cat /sys/devices/system/cpu/vulnerabilities/retbleed)"
insmod /lftrace/kmod/lft_testmod.ko || exit 1
D=/sys/kernel/debug/lft_testmod/depth
[ -e $D ] || { echo "no depth file"; exit 0; }
m() { # LABEL
	echo 100 > $D
	set -- $(cat $D) "$1"
	if [ "$1" = "$2" ]; then echo "$3: balanced"; else echo "$3: $1 -> $2"; fi
}
m untraced
for d in $K $T; do
	echo "lft_testmod_outer lft_testmod_inner" > $d/set_ftrace_filter
	echo function > $d/current_tracer
	echo > $d/trace
	m "$d function"
	echo "$d function lines: $(grep -c " lft_testmod_outer <-" $d/trace)"
	echo nop > $d/current_tracer
	echo > $d/set_ftrace_filter
done
echo lft_testmod_outer > $T/set_graph_function
echo function_graph > $T/current_tracer
echo 100 > /sys/kernel/debug/lft_testmod/call
echo "$T function_graph lines: $(grep -c "lft_testmod_inner.*();" $T/trace)"
echo nop > $T/current_tracer
rmmod lft_testmod' --append "retbleed=stuff"
expect_rc 0
expect_out '^retbleed: Mitigation: Stuffing$'
expect_out '^untraced: balanced$'
expect_out '^/sys/kernel/tracing function: balanced$'
expect_out '^/sys/kernel/tracing function lines: [1-9][0-9][0-9]$'
expect_out '^/sys/kernel/lftrace function: balanced$'
expect_out '^/sys/kernel/lftrace function lines: [1-9][0-9][0-9]$'
expect_out '^/sys/kernel/lftrace function_graph lines: [1-9][0-9][0-9]$'
