# SPDX-License-Identifier: GPL-2.0
#
# The folders' order, from the bottom: ringbuf < compat < arch < core <
# tracers, events (include/, the public API, below all). Sourced by the
# checks that hold code to it: qemu-test/layers (includes) and
# qemu-test/calls (calls).

rank() { # folder: its floor, or nothing for folders outside the order
	case $1 in
	ringbuf) echo 1 ;;
	compat) echo 2 ;;
	arch) echo 3 ;;
	core) echo 4 ;;
	tracers | events) echo 5 ;;
	include) echo 0 ;;
	esac
}
