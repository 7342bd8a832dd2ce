# SPDX-License-Identifier: GPL-2.0
# Sourced before every e2e test (busybox ash). Tests run in an empty
# folder with lftrace freshly loaded under its default name.

T=/sys/kernel/debug/lftrace

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

# testmod: load lft_testmod afresh (a failed test may have left it loaded).
testmod() {
	rmmod lft_testmod 2>/dev/null
	insmod /lftrace/kmod/lft_testmod.ko || fail "insmod lft_testmod failed"
}
