#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest side of qemu-test/run-tests: runs e2e tests (paths under
# /lftrace/tests) and "kunit", each against a freshly loaded lftrace, and
# "ftracetest[:DIR,...]" (guest/ftracetest.sh) and prints one line per
# result for the host to count:
#   RUN name | PASS name | FAIL name: reason | SKIP name: reason |
#   UNSUPPORTED name: reason | KTAP line (KUnit output) |
#   REBOOT reason (the rest of the items want a new boot)
# A test is a busybox-ash file run with tests/lib.sh sourced; it prints
# nothing and exits 0 on pass, prints a reason and exits 1 on failure, and
# exits 2 (unsupported) or 3 (skip) with a reason.
. /lftrace/guest/lib.sh

# Kernel messages from boot, and what kmemleak finds of boot's objects,
# are not any test's doing.
dmesg -c >/dev/null
lft_kmemleak >/dev/null
ktree_note_boot

indent() { sed 's/^/    /'; }

# Run after each item: unload, and blame the item for a failed unload or
# for any error the kernel logged meanwhile.
finish_item() { # name
	reasons=
	if lft_loaded && ! rmmod lftrace 2>/tmp/rmmod.err; then
		reasons="rmmod lftrace failed: $(cat /tmp/rmmod.err)"
		# Blamed on this item; the next starts clean all the same.
		lft_unload 2>/dev/null
	fi
	if ! bad=$(lft_log_errors); then
		reasons="$reasons${reasons:+
}kernel log: $bad"
	fi
	if ! bad=$(lft_kmemleak); then
		reasons="$reasons${reasons:+
}kmemleak: $bad"
	fi
	[ -z "$reasons" ]
}

test_timeout() { # file: "# timeout: N" in the test's header, else 120
	t=$(sed -n 's/^# timeout: *\([0-9][0-9]*\)$/\1/p' "$1" | head -n 1)
	echo "${t:-120}"
}

run_test() { # name (path relative to /lftrace/tests)
	name=$1
	file=$LFT_DIR/tests/$name
	echo "RUN $name"
	rm -rf /tmp/t && mkdir /tmp/t
	lft_unload 2>/dev/null
	# The kernel's tree first: a test killed at its limit may have left
	# a trigger there on a helper module's event, and that module's
	# unload with it warned in the kernel (6.12: tracepoint.c:639).
	ktree_reset 2>/dev/null
	# Helper modules a failed test left loaded (the next would find them).
	for m in $LFT_DIR/kmod/*.ko; do
		m=${m##*/}
		grep -q "^${m%.ko} " /proc/modules && rmmod "${m%.ko}" 2>/dev/null
	done
	if ! err=$(lft_load 2>&1); then
		echo "FAIL $name: cannot load lftrace: $err"
		finish_item "$name"
		return
	fi
	# The test runs in its own session (setsid: its pid is the session's
	# and process group's id) with its output in a file, not a pipe:
	# when it times out, background processes it started (a load
	# generator, a reader) would hold a pipe open and this shell would
	# wait on them forever. Whatever of it is left is killed after.
	(cd /tmp/t && exec timeout -s KILL "$(test_timeout "$file")" \
		setsid sh -c 'echo $$ >/tmp/test.pid; . /lftrace/tests/lib.sh && . "$1"' \
		sh "$file") >/tmp/test.out 2>&1 </dev/null
	rc=$?
	[ -s /tmp/test.pid ] && kill -KILL -- -"$(cat /tmp/test.pid)" 2>/dev/null
	rm -f /tmp/test.pid
	out=$(cat /tmp/test.out)
	if ! finish_item "$name"; then
		echo "FAIL $name: $(echo "$reasons" | head -n 1)"
		{ echo "$reasons" | tail -n +2; [ -n "$out" ] && echo "$out"; } | indent
		return
	fi
	case $rc in
	0)
		if [ -n "$out" ]; then
			echo "FAIL $name: printed output although it passed:"
			echo "$out" | indent
		else
			echo "PASS $name"
		fi
		;;
	1)
		echo "FAIL $name: $(echo "$out" | head -n 1)"
		echo "$out" | tail -n +2 | indent
		;;
	2) echo "UNSUPPORTED $name: $out" ;;
	3) echo "SKIP $name: $out" ;;
	137) echo "FAIL $name: timed out after $(test_timeout "$file")s${out:+: $out}" ;;
	*) echo "FAIL $name: exit status $rc${out:+: $out}" ;;
	esac
}

# KUnit: lftrace_kunit.ko's suites run while it loads (6.1); their KTAP is
# in /sys/kernel/debug/kunit/<suite>/results.
run_kunit() {
	echo "RUN kunit"
	lft_unload 2>/dev/null
	if [ ! -e $LFT_DIR/lftrace_kunit.ko ]; then
		echo "UNSUPPORTED kunit: lftrace_kunit.ko was not built (kernel without KUnit)"
		return
	fi
	if ! err=$(lft_load 2>&1); then
		echo "FAIL kunit: cannot load lftrace: $err"
		finish_item kunit
		return
	fi
	# KTAP from the kernel log: the debugfs results files of 6.1 keep
	# only the first few hundred bytes of a suite's log.
	pre=$(dmesg -c)
	if ! err=$(insmod $LFT_DIR/lftrace_kunit.ko 2>&1); then
		echo "FAIL kunit: insmod lftrace_kunit.ko: $err"
	fi
	log=$(dmesg -c)
	echo "$log" | sed -n 's/^\[[ 0-9.]*\] //; s/^/KTAP /p'
	# Give the error scan in finish_item what the test run logged.
	printf '%s\n%s\n' "$pre" "$log" | grep -E "$LFT_BAD_LOG" >/tmp/kunit.bad
	grep -q '^lftrace_kunit ' /proc/modules && rmmod lftrace_kunit
	if ! finish_item kunit || [ -s /tmp/kunit.bad ]; then
		[ -s /tmp/kunit.bad ] && reasons="kernel log: $(cat /tmp/kunit.bad)
$reasons"
		echo "FAIL kunit: $(echo "$reasons" | head -n 1)"
		echo "$reasons" | tail -n +2 | indent
	fi
	echo "DONE kunit"
}

. /lftrace/guest/ftracetest.sh

item_limit() { # item: its limit in seconds, as run-tests has it
	case $1 in
	kunit) echo 300 ;;
	ftracetest*) echo 3300 ;;
	*) test_timeout "$LFT_DIR/tests/$1" ;;
	esac
}

# A hang's evidence, before the host gives up on the guest (its limit plus
# 90 s, 300 s on sanitize): an item still going 30 s past its limit has a task stuck where
# the kill at the limit cannot reach it. Print the tasks asleep in the
# kernel (D) and those in lftrace's code, with their stacks, as details of
# the failure the host reports.
stuck_report() { # seconds
	sleep "$1"
	echo "    still running ${1}s after it began; tasks in D state or in lftrace:"
	for d in /proc/[0-9]*; do
		st=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' $d/status 2>/dev/null)
		stack=$(cat $d/stack 2>/dev/null)
		[ "$st" = D ] || case $stack in *lft_*) ;; *) continue ;; esac
		echo "    ${d#/proc/} $(cat $d/comm 2>/dev/null) $st: $(tr '\0' ' ' < $d/cmdline 2>/dev/null)"
		echo "$stack" | sed 's/^/        /'
	done
}

# The host counts an item's age in guest seconds (run-tests' watch_boot):
# the guest's uptime every 15 of them, and before each item.
beat() { echo "BEAT $(cut -d. -f1 /proc/uptime)"; }
(while sleep 15; do beat; done) &

# Each item's wall time (load, test, unload, log scan) follows it as
# "TIME item seconds": the host lists the slowest, to see where the CI
# budget goes.
for item in "$@"; do
	t0=$(date +%s)
	beat
	stuck_report $(($(item_limit "$item") + 30)) &
	stuck=$!
	case $item in
	kunit) run_kunit ;;
	ftracetest) FTT_ITEM=$item run_ftracetest ;;
	ftracetest-newer) run_newer_ftracetest ;;
	ftracetest:*) FTT_ITEM=$item run_ftracetest $(echo "${item#ftracetest:}" | tr , ' ') ;;
	*) run_test "$item" ;;
	esac
	kill $stuck 2>/dev/null
	wait $stuck 2>/dev/null
	echo "TIME $item $(($(date +%s) - t0))"
	# An item that left lftrace unloadable (a task stuck in it) has had
	# its failure; the items after it start in a new boot, not in a
	# cascade of "cannot load lftrace".
	if lft_loaded; then
		echo "REBOOT lftrace cannot be unloaded after $item"
		exit 0
	fi
done
