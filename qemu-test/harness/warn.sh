# SPDX-License-Identifier: GPL-2.0
# A kernel WARN during the script fails the run even if the script passed.
. "$(dirname "$0")/lib.sh"

vm_run 'insmod /lftrace/kmod/lft_testmod.ko &&
echo 1 > /sys/kernel/debug/lft_testmod/warn && rmmod lft_testmod'
expect_rc 1
expect_out 'kernel log shows errors'
expect_out 'WARNING: .*lft_testmod'
