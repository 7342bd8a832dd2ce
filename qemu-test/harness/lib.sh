# SPDX-License-Identifier: GPL-2.0
# Sourced by the harness tests (host side). $VM is qemu-test/vm and $KERNEL
# the kernel under test; a test prints nothing on pass, a reason on failure.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
	echo "$*"
	exit 1
}

# vm_run SCRIPT-TEXT [VM-OPTIONS...] [-- ARGS...]: run a guest script;
# sets $rc and $out (stdout and stderr of qemu-test/vm).
vm_run() {
	local text=$1
	shift
	local opts=() args=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do opts+=("$1"); shift; done
	[ $# -gt 0 ] && shift && args=("$@")
	printf '%s\n' "$text" >"$work/script"
	out=$("$VM" --kernel "$KERNEL" "${opts[@]+"${opts[@]}"}" -- "$work/script" \
		"${args[@]+"${args[@]}"}" 2>&1)
	rc=$?
}

expect_rc() {
	[ "$rc" = "$1" ] || fail "vm exited $rc, want $1; output:" "$out"
}

expect_out() { # grep -E pattern the output must match
	echo "$out" | grep -qE "$1" || fail "output lacks /$1/:" "$out"
}
