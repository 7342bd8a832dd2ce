/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What lftrace exports for its tests alone: the KUnit suites (kunit/) and
 * the test and benchmark modules (qemu-test/), which import the namespace
 * LFTRACE_INTERNAL. Only a checkout builds them; Kbuild sets LFT_TESTS
 * there, and a copy without them (DKMS's) exports none of these symbols:
 * its lftrace.ko offers other modules lftrace.h's API and nothing else.
 * Here, below every folder, so that each may mark its functions.
 */
#ifndef LFT_TEST_EXPORT_H
#define LFT_TEST_EXPORT_H

#include <linux/export.h>

#ifdef LFT_TESTS
#define LFT_TEST_EXPORT(sym)	EXPORT_SYMBOL_NS_GPL(sym, LFTRACE_INTERNAL)
#else
#define LFT_TEST_EXPORT(sym)
#endif

#endif /* LFT_TEST_EXPORT_H */
