# SPDX-License-Identifier: GPL-2.0
# Sourced before every e2e test (busybox ash). Tests run in an empty
# folder with lftrace freshly loaded under its default name.

T=/sys/kernel/lftrace

# The latency-format flags of the running kernel, as regex pieces: five
# columns (irqs-off, need-resched, hardirq/softirq, preempt-depth,
# migrate-disable); 6.1-rt adds need-resched-lazy after need-resched and
# the lazy preempt depth after preempt-depth. LZ and PZ are those two
# (empty elsewhere), XF two dots for them, BARS the legend's bars.
LZ= PZ= XF= BARS='|||||'
if uname -v | grep -q PREEMPT_RT; then
	LZ='[.L]' PZ='[.0-9a-f]' XF='..' BARS='|||||||'
fi
FLAGS="[.dDb][.nNp]$LZ[.hHsSzZ][.0-9a-f]$PZ[.0-9a-f]"

# fail REASON...: the test failed; prints why.
fail() {
	echo "$*"
	exit 1
}

# unsupported REASON...: this kernel or configuration cannot run the test.
unsupported() {
	echo "$*"
	exit 2
}

# skip REASON...: the test chose not to run.
skip() {
	echo "$*"
	exit 3
}

# expect_eq WHAT GOT WANT: fail unless GOT = WANT.
expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
}

# no_own_events: stdin's event lines ("sys:event", or "sys/event/..."
# paths) without lftrace's own events of its own tracers: osnoise:* are
# fed by lftrace's osnoise and timerlat (docs/latency.md), not by the
# kernel's, and take ids of their own; where the kernel has events of
# that name (the RT kernel), osnoise.tc compares their formats.
no_own_events() {
	grep -v -E '^(osnoise:|osnoise/)'
}

# kernel_names KL TL: the trace lines of TL (one file per tree, the same
# shape), each line that KL lacks but has with its task as "<...>" printed
# as KL has it. The kernel prints "<...>" for a pid whose name its
# saved_cmdlines lost (128 slots, taken over as tasks come and go), where
# lftrace's tree still has the name; every other field must still match.
kernel_names() {
	awk '
	function anon(s) {
		if (!match(s, /-[0-9]+ +\[[0-9]+\] /))
			return ""
		return "<...>" substr(s, RSTART)
	}
	FNR == NR {
		k[$0] = 1
		if ($0 ~ /^ *<\.\.\.>-/ && anon($0) != "")
			ka[anon($0)] = $0
		next
	}
	{
		a = ($0 in k) ? "" : anon($0)
		print (a != "" && (a in ka)) ? ka[a] : $0
	}' "$1" "$2"
}

# mnt_type DIR: the filesystem type of the mount on top at DIR, as this
# process's namespace has it (lftracefs where lftrace-run bound the tree;
# both trees' statfs magic is tracefs').
mnt_type() {
	awk -v d="$1" '$2 == d { t = $3 } END { print t }' /proc/self/mounts
}

# lft_locked_down: is the kernel in lockdown (integrity or more)? Then no
# unsigned module loads (harness/lockdown_integrity.sh runs tests so).
lft_locked_down() {
	grep -q -v '\[none\]' /sys/kernel/security/lockdown 2>/dev/null
}

# kernel_at_least MAJOR.MINOR: is the running kernel that one or later?
# (For what only the kernel's behaviour can say; tests compare with the
# kernel's own tree wherever they can.)
kernel_at_least() {
	awk -v want="$1" -v have="$(uname -r)" 'BEGIN {
		split(want, w, "."); split(have, h, /[.-]/)
		exit !(h[1] > w[1] || (h[1] == w[1] && h[2] + 0 >= w[2]))
	}'
}

# fentry_off FUNC: the offset of FUNC's fentry call: 4 after the ENDBR of
# IBT kernels (sealed or not), else 0. Kernels that have
# available_filter_functions_addrs (6.5+) say where their fentry sites are.
# (A kprobe on FUNC may land elsewhere: kprobe_off.)
fentry_off() {
	local f=/sys/kernel/tracing/available_filter_functions_addrs site sym
	[ -e /sys/kernel/tracing/trace ] || mount -t tracefs nodev /sys/kernel/tracing 2>/dev/null
	[ -e $f ] || { echo 0; return; }
	site=$(awk -v fn="$1" '$2 == fn { print $1; exit }' $f)
	sym=$(awk -v fn="$1" '$3 == fn { print $1; exit }' /proc/kallsyms)
	[ -n "$site" ] && [ -n "$sym" ] || { echo 0; return; }
	# The low 32 bits: ash's arithmetic is signed 64-bit.
	echo $((0x${site#????????} - 0x${sym#????????}))
}

# kprobe_off FUNC: where a kprobe on FUNC lands, as the kernel's kprobes
# place it (and print it): past an ENDBR (4 on IBT kernels), at 0 where
# there is none (on 6.1, or where IBT sealed it into a NOP). Asked of the
# kernel: a probe defined in its tree, its place in debugfs' kprobes/list.
kprobe_off() {
	local K=/sys/kernel/tracing l
	[ -e $K/trace ] || mount -t tracefs nodev $K 2>/dev/null
	if ! echo "p:lftoff/at $1" >> $K/kprobe_events 2>/dev/null; then
		echo 0
		return
	fi
	l=$(grep -o " $1+0x[0-9a-f]*" /sys/kernel/debug/kprobes/list | head -n 1)
	echo '-:lftoff/at' >> $K/kprobe_events
	echo $((${l##*+}))
}

# kmalloc_name: the seeds' __kmalloc, as the running kernel names it
# (memory-allocation profiling renamed it __kmalloc_noprof).
kmalloc_name() {
	if grep -q ' __kmalloc_noprof$' /proc/kallsyms 2>/dev/null; then
		echo __kmalloc_noprof
	else
		echo __kmalloc
	fi
}

# testmod: load lft_testmod afresh (a failed test may have left it loaded).
testmod() {
	rmmod lft_testmod 2>/dev/null
	insmod /lftrace/kmod/lft_testmod.ko || fail "insmod lft_testmod failed"
}
