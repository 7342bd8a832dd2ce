// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for lftrace's resolver of non-exported kernel symbols.
 */
#include <kunit/test.h>
#include <linux/fs.h>
#include <linux/kallsyms.h>
#include <linux/module.h>

#include "compat/ksyms.h"

/*
 * Every symbol lftrace resolved at load is the start of that symbol; an
 * optional one may be missing, and a section's bound is only an address.
 */
static void lft_ksyms_table_resolved(struct kunit *test)
{
	char *buf = kunit_kzalloc(test, KSYM_SYMBOL_LEN, GFP_KERNEL);
	char *want = kunit_kzalloc(test, KSYM_NAME_LEN + 8, GFP_KERNEL);
	const struct lft_ksym *t;
	size_t i, n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, want);
	t = lft_ksyms_table(&n);
	KUNIT_ASSERT_GT(test, n, 0);
	for (i = 0; i < n; i++) {
		unsigned long addr = (unsigned long)*t[i].slot;

		KUNIT_EXPECT_EQ_MSG(test, addr, lft_ksym_lookup(t[i].name),
				    "%s", t[i].name);
		if (t[i].flags & LFT_KSYM_OPTIONAL && !addr)
			continue;
		KUNIT_EXPECT_NE_MSG(test, addr, 0UL, "%s", t[i].name);
		if (t[i].flags & LFT_KSYM_BOUND)
			continue;
		sprint_symbol(buf, addr);
		snprintf(want, KSYM_NAME_LEN + 8, "%s+0x0/", t[i].name);
		KUNIT_EXPECT_TRUE_MSG(test, !strncmp(buf, want, strlen(want)),
				      "%s resolved to %s", t[i].name, buf);
	}
}

/* A looked-up address agrees with the linker's for an exported symbol. */
static void lft_ksyms_matches_linker(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lft_ksym_lookup("kernel_read"),
			(unsigned long)&kernel_read);
	KUNIT_EXPECT_EQ(test, lft_ksym_lookup("sprint_symbol"),
			(unsigned long)&sprint_symbol);
}

static void lft_ksyms_rejects_bogus(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lft_ksym_lookup("lft_no_such_symbol_x9"), 0UL);
	KUNIT_EXPECT_EQ(test, lft_ksym_lookup(""), 0UL);
	KUNIT_EXPECT_EQ(test, lft_ksym_lookup(NULL), 0UL);
}

/* One missing entry fails the whole table and leaves every slot alone. */
static void lft_ksyms_resolve_all_or_nothing(struct kunit *test)
{
	void *good = (void *)1UL, *bad = (void *)2UL;
	const struct lft_ksym table[] = {
		{ "kernel_read", &good },
		{ "lft_no_such_symbol_x9", &bad },
	};

	KUNIT_EXPECT_EQ(test, lft_ksyms_resolve(table, 2), -ENOENT);
	KUNIT_EXPECT_PTR_EQ(test, good, (void *)1UL);
	KUNIT_EXPECT_PTR_EQ(test, bad, (void *)2UL);

	KUNIT_EXPECT_EQ(test, lft_ksyms_resolve(table, 1), 0);
	KUNIT_EXPECT_PTR_EQ(test, good, (void *)&kernel_read);
}

/* A missing optional entry fails nothing and leaves its slot NULL. */
static void lft_ksyms_resolve_optional(struct kunit *test)
{
	void *good = (void *)1UL, *opt = (void *)2UL, *bad = (void *)3UL;
	const struct lft_ksym table[] = {
		{ "kernel_read", &good },
		{ "lft_no_such_symbol_x9", &opt, LFT_KSYM_OPTIONAL },
		{ "lft_no_such_symbol_x9", &bad },
	};

	KUNIT_EXPECT_EQ(test, lft_ksyms_resolve(table, 3), -ENOENT);
	KUNIT_EXPECT_PTR_EQ(test, opt, (void *)2UL);

	KUNIT_EXPECT_EQ(test, lft_ksyms_resolve(table, 2), 0);
	KUNIT_EXPECT_PTR_EQ(test, good, (void *)&kernel_read);
	KUNIT_EXPECT_NULL(test, opt);
}

static struct kunit_case lft_ksyms_cases[] = {
	KUNIT_CASE(lft_ksyms_table_resolved),
	KUNIT_CASE(lft_ksyms_matches_linker),
	KUNIT_CASE(lft_ksyms_rejects_bogus),
	KUNIT_CASE(lft_ksyms_resolve_all_or_nothing),
	KUNIT_CASE(lft_ksyms_resolve_optional),
	{}
};

static struct kunit_suite lft_ksyms_suite = {
	.name = "lftrace_ksyms",
	.test_cases = lft_ksyms_cases,
};

kunit_test_suites(&lft_ksyms_suite);

MODULE_LICENSE("GPL");
/* lftrace's internal interfaces, for tests and benchmarks only. */
MODULE_IMPORT_NS(LFTRACE_INTERNAL);
MODULE_DESCRIPTION("KUnit tests for lftrace");
