# SPDX-License-Identifier: GPL-2.0
# A kernel locked down for confidentiality refuses tracefs (LOCKDOWN_TRACEFS)
# and lftrace's tree alike, at every place it is mounted: reading a
# read-only file fails with EPERM, and so does a write. Its own boot:
# lockdown stays for the rest of a boot. Kernels without the lockdown LSM
# pass unchecked.
. "$(dirname "$0")/lib.sh"

vm_run '
K=/sys/kernel/tracing
mount -t securityfs none /sys/kernel/security 2>/dev/null
mount -t tracefs nodev $K 2>/dev/null
if [ ! -w /sys/kernel/security/lockdown ]; then echo "no lockdown"; exit 0; fi
cat /sys/kernel/lftrace/available_tracers >/dev/null && echo "before: readable"
echo confidentiality > /sys/kernel/security/lockdown || echo "cannot lock down"
for d in $K /sys/kernel/lftrace /sys/kernel/debug/lftrace; do
	if cat $d/available_tracers >/dev/null 2>err; then
		echo "$d: readable"
	else
		echo "$d: $(cat err)"
	fi
	if echo function 2>err >$d/current_tracer; then
		echo "$d: writable"
	else
		echo "$d: write: $(cat err)"
	fi
done'
expect_rc 0
case $out in *"no lockdown"*) exit 0 ;; esac
expect_out '^before: readable$'
for d in /sys/kernel/tracing /sys/kernel/lftrace /sys/kernel/debug/lftrace; do
	expect_out "^$d: .*Operation not permitted"
	expect_out "^$d: write: .*Operation not permitted"
done
