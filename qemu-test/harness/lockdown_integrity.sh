# SPDX-License-Identifier: GPL-2.0
# A kernel in integrity lockdown (what Secure Boot turns on): the kernel's
# tracefs works, and so does lftrace's tree, at each place it is mounted;
# then e2e tests that compare the two trees pass. Its own boot.
#
# Integrity lockdown refuses unsigned modules, and lftrace and its helper
# modules are unsigned here (on a Secure Boot machine DKMS signs them):
# they are loaded before the lockdown, and the tests run with insmod and
# rmmod as shell functions (busybox's applets ignore PATH) that leave a
# loaded module loaded: an insmod of it succeeds, an rmmod of it does
# nothing. What the tests check of the trees is unchanged; lftrace_run.tc
# skips its reload and trace_cmd.tc its lft_sample part, and the kprobe
# test is one without a helper module: helpers are driven through debugfs
# files, which integrity lockdown closes.
# kernels: debian
. "$(dirname "$0")/lib.sh"

tests="core/lftrace_run.tc core/trace_cmd.tc core/diff_kernel.tc events/kprobe_seeds.tc"
vm_run '
T=/sys/kernel/lftrace K=/sys/kernel/tracing
mount -t securityfs none /sys/kernel/security 2>/dev/null
mount -t tracefs nodev $K 2>/dev/null
if [ ! -w /sys/kernel/security/lockdown ]; then echo "no lockdown"; exit 0; fi
insmod /lftrace/kmod/lft_sample.ko || echo "cannot load lft_sample"
echo integrity > /sys/kernel/security/lockdown
echo "lockdown: $(cat /sys/kernel/security/lockdown)"
insmod /lftrace/kmod/lft_testmod.ko 2>/dev/null && echo "an unsigned module loaded"
for d in $K $T /sys/kernel/debug/lftrace; do
	echo sched_switch > $d/set_event &&
	echo function > $d/current_tracer &&
	cat /proc/version > /dev/null &&
	grep -q " sched_switch: " $d/trace &&
	echo nop > $d/current_tracer && echo > $d/set_event && echo "$d: works"
done
cat > /tmp/shim.sh << "SHIM"
loaded_mod() { m=${1##*/}; grep -q "^${m%.ko} " /proc/modules; }
insmod() { loaded_mod "$1" || command insmod "$@"; }
rmmod() { loaded_mod "$1" || command rmmod "$@"; }
SHIM
. /lftrace/guest/lib.sh
for t in '"$tests"'; do
	ktree_reset 2>/dev/null
	rm -rf /tmp/t && mkdir /tmp/t
	(cd /tmp/t && timeout -s KILL 600 sh -c ". /tmp/shim.sh && . /lftrace/tests/lib.sh && . /lftrace/tests/$t") > /tmp/t.out 2>&1
	rc=$?
	if [ $rc = 0 ] && [ ! -s /tmp/t.out ]; then
		echo "$t: pass"
	else
		echo "$t: rc $rc"; sed "s/^/    /" /tmp/t.out
	fi
done
rmmod lft_sample 2>/dev/null; true' --timeout 2400
expect_rc 0
case $out in *"no lockdown"*) exit 0 ;; esac
expect_out '^lockdown: none \[integrity\] confidentiality$'
echo "$out" | grep -q "an unsigned module loaded" && fail "lockdown let an unsigned module in:" "$out"
for d in /sys/kernel/tracing /sys/kernel/lftrace /sys/kernel/debug/lftrace; do
	expect_out "^$d: works$"
done
for t in $tests; do
	expect_out "^$t: pass$"
done
exit 0
