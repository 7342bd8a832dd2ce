# SPDX-License-Identifier: GPL-2.0
# A guest that panics or never finishes makes vm fail with a clear message.
. "$(dirname "$0")/lib.sh"

vm_run 'echo c > /proc/sysrq-trigger'
expect_rc 125
expect_out 'crashed'
expect_out 'sysrq'

vm_run 'sleep 600' --timeout 25
expect_rc 124
expect_out 'timeout'
