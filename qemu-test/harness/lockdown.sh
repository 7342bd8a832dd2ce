# SPDX-License-Identifier: GPL-2.0
# A kernel locked down for confidentiality refuses tracefs (LOCKDOWN_TRACEFS)
# and lftrace's tree alike: reading a read-only file (which debugfs itself
# would still allow) fails with EPERM in both. Its own boot: lockdown stays
# for the rest of a boot. Kernels without the lockdown LSM pass unchecked.
. "$(dirname "$0")/lib.sh"

vm_run '
T=/sys/kernel/debug/lftrace K=/sys/kernel/tracing
mount -t securityfs none /sys/kernel/security 2>/dev/null
mount -t tracefs nodev $K 2>/dev/null
if [ ! -w /sys/kernel/security/lockdown ]; then echo "no lockdown"; exit 0; fi
cat $T/available_tracers >/dev/null && echo "before: readable"
echo confidentiality > /sys/kernel/security/lockdown || echo "cannot lock down"
for d in $K $T; do
	if cat $d/available_tracers >/dev/null 2>err; then
		echo "$d: readable"
	else
		echo "$d: $(cat err)"
	fi
done'
expect_rc 0
case $out in *"no lockdown"*) exit 0 ;; esac
expect_out '^before: readable$'
expect_out '^/sys/kernel/tracing: .*Operation not permitted'
expect_out '^/sys/kernel/debug/lftrace: .*Operation not permitted'
