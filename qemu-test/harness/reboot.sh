# SPDX-License-Identifier: GPL-2.0
# An item that leaves lftrace unloadable (here a task outside the test's
# session holds a file of its tree open) fails, and the suite asks for a new
# boot instead of running the next item against a module it cannot reload.
. "$(dirname "$0")/lib.sh"

vm_run '
mkdir -p /lftrace/tests/harness
cat >/lftrace/tests/harness/busy.tc <<EOF
setsid sh -c "exec sleep 600 <\$T/trace_pipe" &
sleep 1
EOF
/lftrace/guest/run-suite.sh harness/busy.tc smoke/load.tc' --no-load
expect_out '^FAIL harness/busy.tc: rmmod lftrace failed'
expect_out '^REBOOT lftrace cannot be unloaded after harness/busy.tc$'
echo "$out" | grep -q '^RUN smoke/load.tc' && fail "the next item ran in the same boot:" "$out"
exit 0
