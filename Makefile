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
#   make bench-scale    how both trees' costs grow: instances, kprobes,
#                       filter size, enabling every site, buffer memory
#   make bench-latency  osnoise, timerlat, hwlat: the noise floor and the
#                       cost, against the RT kernel's own tracers
#   make bench-peers    one event's cost against the kernel's ftrace, LTTng,
#                       perf and bpftrace (Debian's, fetched, not installed)
#   make bench-loss     recording without loss: a rate sweep on 2 CPUs,
#                       trace-cmd and a trace_pipe_raw reader, both trees
#   make bench-memory   the memory per CPU a buffer_size_kb takes, both trees
#   make dkms-install   register, build and install lftrace with DKMS (root)
#   make dkms-remove    take it out of DKMS and /usr/src again (root)
#   make clean

# lftrace's version: modinfo's "version", DKMS's PACKAGE_VERSION (dkms.conf
# and Kbuild read it from this line).
LFTRACE_VERSION := 0.1

# The running kernel's headers when it has them, else the default test
# kernel's (Debian's stock kernel, resolved by qemu-test/kernels).
RUNNING_KDIR := /lib/modules/$(shell uname -r)/build
KDIR ?= $(if $(wildcard $(RUNNING_KDIR)),$(RUNNING_KDIR),$(shell $(CURDIR)/qemu-test/kernels kdir debian 2>/dev/null))

.PHONY: all modules clean deps test test-all check bench-ringbuf bench-function \
	bench-graph bench-events bench-scale bench-latency bench-peers bench-loss bench-memory dkms-source dkms-install dkms-remove

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

bench-scale:
	qemu-test/bench/scale/run

bench-latency:
	qemu-test/bench/latency/run

bench-peers:
	qemu-test/bench/peers/run

bench-loss:
	qemu-test/bench/peers/loss

bench-memory:
	qemu-test/bench/memory/run

# DKMS keeps a copy of the sources in /usr/src/PACKAGE-VERSION and rebuilds
# it for every kernel installed later. The copy is what a module build
# needs: no git history, no test harness or KUnit suites, no build output.
DKMS_SRC ?= /usr/src/lftrace-$(LFTRACE_VERSION)
DKMS_MOD := lftrace/$(LFTRACE_VERSION)
# The kernel to build for at install time (dkms's -k); default: the running one.
DKMS_KERNEL ?=
DKMS_K := $(if $(DKMS_KERNEL),-k $(DKMS_KERNEL))

dkms-source:
	rm -rf $(DKMS_SRC)
	mkdir -p $(DKMS_SRC)
	rsync -a --exclude .git --exclude .ci --exclude /qemu-test --exclude /kunit \
		--exclude '*.o' --exclude '*.ko' --exclude '*.mod' --exclude '*.mod.c' \
		--exclude '*.a' --exclude '.*.cmd' --exclude '.*.d' --exclude Module.symvers \
		--exclude modules.order --exclude .tmp_versions --exclude .cache.mk \
		$(CURDIR)/ $(DKMS_SRC)/

# A second install of the same version replaces the first.
dkms-install:
	@if dkms status $(DKMS_MOD) | grep -q .; then dkms remove $(DKMS_MOD) --all; fi
	$(MAKE) --no-print-directory dkms-source
	dkms add $(DKMS_MOD)
	dkms build $(DKMS_MOD) $(DKMS_K)
	dkms install $(DKMS_MOD) $(DKMS_K)

dkms-remove:
	@if dkms status $(DKMS_MOD) | grep -q .; then dkms remove $(DKMS_MOD) --all; fi
	rm -rf $(DKMS_SRC)
