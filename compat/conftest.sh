#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
#   compat/conftest.sh SRCTREE
#
# Prints the -D flags that say which spelling of each kernel API that
# changed between the kernels lftrace builds for the headers in SRCTREE
# have; Kbuild adds them to every file's flags and compat/kapi.h picks one
# spelling per difference. A feature is looked for in the headers, never
# inferred from a version number (distributions backport).
h=$1/include

has() { # FILE REGEX
	grep -q -E "$2" "$h/$1" 2>/dev/null
}

# The asynchronous RCU-tasks-rude API (gone in 6.10).
has linux/rcupdate.h 'void call_rcu_tasks_rude\(' &&
	echo -DLFT_HAVE_CALL_RCU_TASKS_RUDE
# no_llseek (gone in 6.12: a NULL llseek says the same).
has linux/fs.h 'define no_llseek' && echo -DLFT_HAVE_NO_LLSEEK
# inode_operations' mkdir takes a struct mnt_idmap (6.3).
has linux/fs.h '\(\*mkdir\) \(struct mnt_idmap \*' && echo -DLFT_HAVE_MNT_IDMAP
# <linux/unaligned.h> (6.12), was <asm/unaligned.h>.
[ -e "$h/linux/unaligned.h" ] && echo -DLFT_HAVE_LINUX_UNALIGNED_H
# kvrealloc() with the old size (before 6.11).
has linux/slab.h 'kvrealloc\(const void \*p, size_t oldsize' &&
	echo -DLFT_HAVE_KVREALLOC_OLDSIZE
# rethook nodes added one by one, handlers without the return address
# (before rethook moved onto objpool, 6.7).
has linux/rethook.h 'rethook_add_node\(' && echo -DLFT_HAVE_RETHOOK_ADD_NODE
# A TRACE_EVENT's __assign_str() takes the field only (6.10; test modules).
has trace/stages/stage6_event_callback.h 'define __assign_str\(dst\)' &&
	echo -DLFT_HAVE_ASSIGN_STR_DST
# ftrace records keep a history in their flags (6.4): TOUCHED once any
# ftrace_ops used the site, MODIFIED once something patched it.
has linux/ftrace.h 'FTRACE_FL_TOUCHED' && echo -DLFT_HAVE_FTRACE_FL_TOUCHED
# The call-depth accounting the kernel's own trampolines do (6.2), for ours
# (arch/x86/tramp.S), which a patched site enters by a call of our making.
grep -q -E '^\.macro CALL_DEPTH_ACCOUNT' \
	"$1/arch/x86/include/asm/nospec-branch.h" 2>/dev/null &&
	echo -DLFT_HAVE_CALL_DEPTH_ACCOUNT
# PREEMPT_RT 6.1's lazy preemption: a count in every entry's header, a
# need-resched-lazy flag, two more flag columns.
has linux/trace_events.h 'unsigned char[[:space:]]+preempt_lazy_count;' &&
	echo -DLFT_HAVE_PREEMPT_LAZY
# ring_buffer_unlock_commit() without the event (6.3; the ring benchmark).
has linux/ring_buffer.h 'int ring_buffer_unlock_commit\(struct trace_buffer \*buffer\);' &&
	echo -DLFT_HAVE_RB_COMMIT_BUFFER_ONLY
# uprobe_register() returns the uprobe, unregistered by it in two steps
# (6.12); before, by inode and offset, in one.
has linux/uprobes.h 'struct uprobe \*uprobe_register\(' &&
	echo -DLFT_HAVE_UPROBE_HANDLE
# A new inode's times set in one call (6.7: the fields became accessors).
has linux/fs.h 'simple_inode_init_ts\(' && echo -DLFT_HAVE_SIMPLE_INODE_INIT_TS
exit 0
