# SPDX-License-Identifier: GPL-2.0
#
# User entry points. Kbuild reads ./Kbuild, not this file.
#
#   make            build lftrace.ko against KDIR
#   make deps       install build/test dependencies and cache the test kernels
#   make test       build + KUnit + e2e tests on both test kernels
#   make check      checkpatch and sparse on our sources, zero warnings
#   make bench-ringbuf  lftrace's ring buffer against the kernel's, in QEMU
#   make bench-function lftrace's function tracer against the kernel's
#   make bench-graph    lftrace's function_graph against the kernel's
#   make bench-events   lftrace's sched_switch event against the kernel's
#   make clean

# The running kernel's headers when it has them, else the default test
# kernel's (Debian's stock kernel, resolved by qemu-test/kernels).
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
KDIR ?= $(if $(wildcard $(RUNNING_KDIR)),$(RUNNING_KDIR),$(shell $(CURDIR)/qemu-test/kernels kdir debian 2>/dev/null))

.PHONY: all modules clean deps test test-all check bench-ringbuf bench-function \
	bench-graph bench-events

all: modules

modules:
	@test -n "$(KDIR)" || { echo "no kernel headers: set KDIR or run 'make deps'" >&2; exit 1; }
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

clean:
	@test -z "$(KDIR)" || $(MAKE) -C $(KDIR) M=$(CURDIR) clean

deps:
	qemu-test/deps

test:
	qemu-test/run-tests

test-all:
	qemu-test/run-tests --all

check:
	qemu-test/check

bench-ringbuf:
	qemu-test/bench/ringbuf/run

bench-function:
	qemu-test/bench/function/run

bench-graph:
	qemu-test/bench/function/run --tracer function_graph

bench-events:
	qemu-test/bench/events/run
