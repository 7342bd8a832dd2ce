# SPDX-License-Identifier: GPL-2.0
# vm passes arguments through, prints the script's output and returns its
# exit status; lftrace is loaded unless --no-load.
. "$(dirname "$0")/lib.sh"

vm_run 'printf "<%s>" "$@"; echo; test -d /sys/kernel/lftrace && echo loaded; exit $1' -- 7 "a b" ""
expect_rc 7
expect_out '^<7><a b><>$'
expect_out '^loaded$'

vm_run 'grep -q "^lftrace " /proc/modules && echo loaded; exit 0' --no-load
expect_rc 0
echo "$out" | grep -q loaded && fail "--no-load still loaded lftrace"
exit 0
