# SPDX-License-Identifier: GPL-2.0
# Sourced by run-suite.sh: the kernel's ftracetest (/lftrace/ftracetest, see
# qemu-test/ftracetest/prepare) against the kernel's own tree and then
# against lftrace's, in this boot, and one result line per test case:
#   PASS|FAIL|SKIP|UNSUPPORTED ftracetest:<dir>/<test>.tc[ (instance)]: kernel K, lftrace L
# A case fails when it passes on the kernel's tree but not on ours, when it
# tests a feature lftrace has (it is not UNSUPPORTED here) and does not
# pass, and when lftrace lacks a feature that is not listed as not built
# yet in qemu-test/ftracetest/unsupported.

FTT_DIR=/lftrace/ftracetest
FTT_OUT=/tmp/ftt

# ftt_run label [cases...]: run ftracetest, unmodified, on the kernel's
# tree (label kernel) or through lftrace-run on lftrace's (label lftrace),
# then print "N result path" for each case it ran ("path (instance)" for
# its instance runs).
ftt_run() {
	label=$1 run=
	shift
	[ "$label" != kernel ] && run=lftrace-run
	rm -rf "$FTT_OUT/$label"
	mkdir -p "$FTT_OUT/$label"
	# Bounded: a tree that hangs a case must not take the other's turn.
	# In a session of its own: at the limit its test's processes (which
	# hold the tree's files open) go with it, once they have been shown.
	timeout -s KILL "${FTT_LIMIT:-1500}" \
		setsid sh -c 'echo $$ >/tmp/ftt.pid; exec "$@"' sh \
		$run "$FTT_DIR/ftracetest" -k -l "$FTT_OUT/$label/logs" "$@" \
		>"$FTT_OUT/$label/out" 2>&1 </dev/null
	rc=$?
	# Killed at the limit: what it was doing, and who is blocked on what.
	[ $rc = 137 ] && {
		echo "the case running at the limit: $(ls -t "$FTT_OUT/$label/logs" | head -n 1)"
		tail -n 5 "$(ls -td "$FTT_OUT/$label/logs"/* | head -n 1)"
		dmesg -c >/dev/null
		echo w >/proc/sysrq-trigger
		echo l >/proc/sysrq-trigger
		dmesg | grep -v '^\[ *[0-9.]*\] *\(R[0-9A-Z]*\|Code\):' | tail -n 120
	} >"$FTT_OUT/$label/hung" 2>&1
	[ -s /tmp/ftt.pid ] && kill -KILL -- -"$(cat /tmp/ftt.pid)" 2>/dev/null
	rm -f /tmp/ftt.pid
	sed -n 's/^\[\([0-9]*\)\].*\[\([A-Z]*\)\]$/\1 \2/p' "$FTT_OUT/$label/out" |
		while read -r n res; do
			log=$(ls "$FTT_OUT/$label/logs/$n"-*-log.* 2>/dev/null | head -n 1)
			# "execute[ (instance) ]: /path/test.d/dir/name.tc"
			first=$(head -n 1 "$log" 2>/dev/null)
			path=${first##*/test.d/}
			case $first in *"(instance)"*) path="$path (instance)" ;; esac
			echo "$n $res $path"
		done
}

# Features lftrace has that Debian's kernel lacks: their cases must pass
# on our tree whatever the kernel's tree says.
ftt_ours() {
	case $1 in
	tracer/wakeup*.tc* | preemptirq/*.tc* | ftrace/func_profile*.tc*) return 0 ;;
	esac
	return 1
}

# ftt_lists NAME: the list NAME for every kernel and NAME.SERIES for the
# running one (6.12's cases: qemu-test/ftracetest/NAME.6.12), those there.
ftt_lists() {
	for f in "/lftrace/ftracetest.$1" \
		"/lftrace/ftracetest.$1.$(uname -r | cut -d. -f1,2)"; do
		[ -f "$f" ] && echo "$f"
	done
}

# ftt_lookup NAME path: the reason the list NAME gives for the case.
ftt_lookup() {
	l=$(ftt_lists "$1")
	[ -n "$l" ] || return 1
	# shellcheck disable=SC2086 # the files, one a word
	awk -F '\t' -v p="${2% (instance)}" '$1 == p { print $2; f = 1 } END { exit !f }' $l
}

# ftt_not_built path: the reason, when the case needs what lftrace has not
# built yet (qemu-test/ftracetest/unsupported, "path<TAB>reason").
ftt_not_built() { ftt_lookup unsupported "$1"; }

# ftt_differs path: the reason, when the case cannot pass on a tree not
# made by the kernel's tracefs code (qemu-test/ftracetest/differs).
ftt_differs() { ftt_lookup differs "$1"; }

# ftt_skipped: the cases neither tree runs on this kernel, and why
# (qemu-test/ftracetest/skip.SERIES: the kernel's own tree hangs in them).
ftt_skipped() {
	l=$(ftt_lists skip)
	[ -n "$l" ] || return 0
	# shellcheck disable=SC2086 # the files, one a word
	grep -hv '^#' $l
}

ftt_verdict() { # path kernel-result lftrace-result
	p=$1 k=$2 l=$3
	why="kernel $k, lftrace $l"
	if [ "$l" = PASS ]; then
		echo "PASS ftracetest:$p: $why"
	elif d=$(ftt_differs "$p"); then
		echo "SKIP ftracetest:$p: $why: $d"
	elif nb=$(ftt_not_built "$p") &&
		{ [ "$l" = UNSUPPORTED ] || [ "$l" = FAIL ]; }; then
		# Listed as needing what is not built yet: its requires may
		# all be there (hist triggers, synthetic events) while the
		# part it exercises (onmatch().trace) is not.
		echo "UNSUPPORTED ftracetest:$p: $why ($nb)"
	elif [ "$k" = PASS ]; then
		echo "FAIL ftracetest:$p: $why"
	elif [ "$l" = UNSUPPORTED ] && [ "$k" = UNSUPPORTED ]; then
		echo "UNSUPPORTED ftracetest:$p: $why"
	elif ftt_ours "$p" || [ "$k" = UNSUPPORTED ]; then
		echo "FAIL ftracetest:$p: $why (a feature lftrace has)"
	elif [ "$l" = UNSUPPORTED ]; then
		echo "FAIL ftracetest:$p: $why (lftrace lacks it, and it is not listed as not built)"
	elif [ "$l" = "$k" ]; then
		echo "SKIP ftracetest:$p: $why (the same on the kernel's tree)"
	else
		echo "FAIL ftracetest:$p: $why"
	fi
}

# run_ftracetest [DIR...]: the whole suite, or the named test.d folders.
run_ftracetest() {
	echo "RUN ${FTT_ITEM:-ftracetest}"
	cases=
	for d in "$@"; do cases="$cases $FTT_DIR/test.d/$d"; done
	# Cases skipped on this kernel: the folders (or the whole suite)
	# given as their other cases, one by one.
	skipped=$(ftt_skipped)
	if [ -n "$skipped" ]; then
		all=
		for d in ${cases:-$FTT_DIR/test.d}; do
			case $d in
			*.tc) all="$all $d" ;;
			*) all="$all $(find "$d" -name '*.tc' | sort | tr '\n' ' ')" ;;
			esac
		done
		cases=
		for c in $all; do
			echo "$skipped" | cut -f1 | grep -qx "${c#"$FTT_DIR"/test.d/}" ||
				cases="$cases $c"
		done
	fi
	# preemptirq/irqsoff_tracer.tc modprobes the delay module by name.
	m=/lib/modules/$(uname -r)
	mkdir -p "$m/extra"
	cp "$LFT_DIR/kmod/preemptirq_delay_test.ko" "$m/extra/" 2>/dev/null
	depmod 2>/dev/null

	lft_unload 2>/dev/null
	grep -q ' /sys/kernel/tracing tracefs ' /proc/mounts ||
		mount -t tracefs nodev /sys/kernel/tracing
	# make test (FTT_KERNEL_RESULTS): the whole suite compared with the
	# kernel's tree's results recorded on this kernel (make test-all
	# runs both trees), if there are any: half the time.
	recorded=/lftrace/ftracetest.kernel-results/$(uname -r)
	if [ -n "${FTT_KERNEL_RESULTS:-}" ] && [ -z "$cases" ] && [ -f "$recorded" ]; then
		awk -F '\t' '!/^#/ { print NR, $1, $2 }' "$recorded" >"$FTT_OUT.kernel"
		# The item's limit was for two trees: ours alone outran 1,500 s
		# under a loaded host (CI-like run: at case 87 of 117).
		FTT_LIMIT=${FTT_LIMIT:-3000}
	else
		ftt_run kernel $cases >"$FTT_OUT.kernel"
	fi
	# Whatever a failed case left on in the kernel's ftrace would keep
	# those functions from lftrace.
	ktree_reset 2>/dev/null
	echo 0 >/proc/sys/kernel/stack_tracer_enabled 2>/dev/null
	dmesg -c >/dev/null # the kernel's tree's own doing

	if ! err=$(lft_load 2>&1); then
		echo "FAIL ftracetest: cannot load lftrace: $err"
		echo "DONE ${FTT_ITEM:-ftracetest}"
		return
	fi
	ftt_run lftrace $cases >"$FTT_OUT.lftrace"

	# One line per case either tree ran, in the kernel's order.
	cut -d' ' -f3- "$FTT_OUT.kernel" "$FTT_OUT.lftrace" | awk '!s[$0]++' |
		while IFS= read -r p; do
			k=$(awk -v p="$p" '{ n = $1; r = $2; $1 = $2 = ""; sub(/^  /, "") } $0 == p { print r }' "$FTT_OUT.kernel")
			l=$(awk -v p="$p" '{ n = $1; r = $2; $1 = $2 = ""; sub(/^  /, "") } $0 == p { print r }' "$FTT_OUT.lftrace")
			ftt_verdict "$p" "${k:-NORESULT}" "${l:-NORESULT}"
		done
	# The cases asked for that were skipped on this kernel.
	[ -n "$skipped" ] && echo "$skipped" | while IFS='	' read -r p why; do
		asked=$(($# == 0))
		for d in "$@"; do
			case $p in "$d" | "$d"/*) asked=1 ;; esac
		done
		[ $asked = 1 ] && echo "SKIP ftracetest:$p: not run on this kernel: $why"
	done
	for t in kernel lftrace; do
		[ -s "$FTT_OUT/$t/hung" ] || continue
		echo "FAIL ftracetest: the $t tree's run hit the ${FTT_LIMIT:-1500} s limit"
		sed 's/^/    /' "$FTT_OUT/$t/hung"
	done
	if ! finish_item ftracetest; then
		echo "FAIL ftracetest: $(echo "$reasons" | head -n 1)"
		echo "$reasons" | tail -n +2 | indent
	fi
	echo "DONE ${FTT_ITEM:-ftracetest}"
}

# ftt_newer_why path: what qemu-test/ftracetest/newer says the case tests.
ftt_newer_why() {
	awk -F '\t' -v p="${1% (instance)}" '$1 == p { print $2 }' /lftrace/ftracetest.newer
}

# run_newer_ftracetest: a newer kernel's cases (6.12's suite, in
# /lftrace/ftracetest-newer) for what lftrace adds to this kernel, the
# ones qemu-test/ftracetest/newer lists, on lftrace's tree alone (the
# kernel's lacks what they test): each must pass.
run_newer_ftracetest() {
	item=ftracetest-newer
	echo "RUN $item"
	dir=/lftrace/ftracetest-newer
	list=/lftrace/ftracetest.newer
	if ! [ -x "$dir/ftracetest" ] || ! [ -f "$list" ]; then
		echo "FAIL $item: no newer suite in the guest (qemu-test/vm)"
		echo "DONE $item"
		return
	fi
	cases=$(grep -v '^#' "$list" | cut -f1 | sed "s|^|$dir/test.d/|" | tr '\n' ' ')
	lft_unload 2>/dev/null
	ktree_reset 2>/dev/null
	dmesg -c >/dev/null
	if ! err=$(lft_load 2>&1); then
		echo "FAIL $item: cannot load lftrace: $err"
		echo "DONE $item"
		return
	fi
	old=$FTT_DIR
	FTT_DIR=$dir
	# shellcheck disable=SC2086 # the cases, one a word
	ftt_run newer $cases >"$FTT_OUT.newer"
	FTT_DIR=$old
	while read -r n r p; do
		if [ "$r" = PASS ]; then
			echo "PASS $item:$p"
			continue
		fi
		echo "FAIL $item:$p: lftrace $r ($(ftt_newer_why "$p"))"
		# Its log's end: the step that failed.
		tail -n 12 "$(ls "$FTT_OUT/newer/logs/$n"-*-log.* | head -n 1)" | indent
	done <"$FTT_OUT.newer"
	grep -v '^#' "$list" | cut -f1 | while read -r p; do
		awk -v p="$p" '$3 == p { f = 1 } END { exit !f }' "$FTT_OUT.newer" ||
			echo "FAIL $item:$p: lftrace NORESULT ($(ftt_newer_why "$p"))"
	done
	if [ -s "$FTT_OUT/newer/hung" ]; then
		echo "FAIL $item: the run hit the ${FTT_LIMIT:-1500} s limit"
		sed 's/^/    /' "$FTT_OUT/newer/hung"
	fi
	if ! finish_item "$item"; then
		echo "FAIL $item: $(echo "$reasons" | head -n 1)"
		echo "$reasons" | tail -n +2 | indent
	fi
	echo "DONE $item"
}
