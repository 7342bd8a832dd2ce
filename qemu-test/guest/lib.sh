# SPDX-License-Identifier: GPL-2.0
# Shared by the guest's /init and the e2e suite runner (busybox ash).

LFT_DIR=/lftrace
PATH=$LFT_DIR/bin:/bin:/sbin:/usr/bin:/usr/sbin
export PATH

# Kernel log lines that fail whatever produced them.
LFT_BAD_LOG='BUG:|WARNING:|Oops|general protection|soft lockup|hung task|blocked for more than|RCU stall|detected stall|ftrace failed|KASAN|UBSAN|Kernel panic'

# lftrace.* words of the kernel command line become insmod parameters, as
# modprobe does for a module loaded after boot.
lft_cmdline_params() {
	for w in $(cat /proc/cmdline); do
		case $w in lftrace.*) echo "${w#lftrace.}" ;; esac
	done
}

lft_loaded() {
	grep -q '^lftrace ' /proc/modules
}

# lft_load [PARAM=VALUE...]: insmod lftrace.ko with the command line's
# parameters plus the given ones.
lft_load() {
	insmod $LFT_DIR/lftrace.ko $(lft_cmdline_params) "$@"
}

lft_unload() {
	! lft_loaded || rmmod lftrace
}

# Print (and clear) kernel log lines that indicate a problem; status 0 when
# there were none.
lft_log_errors() {
	! dmesg -c | grep -E "$LFT_BAD_LOG"
}
