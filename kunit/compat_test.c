// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the layout checks of lftrace's copies of private kernel
 * structures (compat/ftrace.c, through compat/btf.c). Without kernel BTF
 * only the load-time check's "nothing to check" can be seen: the others
 * are skipped.
 */
#include <kunit/test.h>
#include <linux/module.h>

#include "compat/btf.h"
#include "compat/ftrace.h"

/* The check lftrace's init runs passes on the running kernel. */
static void lft_compat_ftrace_layout(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, lft_ftrace_check_layout(), 0);
}

/* Where BTF says count lies is where our copy has it. */
static void lft_compat_member_at(struct kunit *test)
{
	u32 off, size;
	int ret = lft_btf_member_at("ftrace_hash", "count", &off, &size);

	if (ret == -EOPNOTSUPP)
		kunit_skip(test, "no kernel BTF");
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, off, offsetof(struct lft_ftrace_hash, count));
	KUNIT_EXPECT_EQ(test, size, sizeof_field(struct lft_ftrace_hash, count));
	KUNIT_EXPECT_EQ(test, lft_btf_member_at("ftrace_hash", "lft_none",
						&off, &size), -ENOENT);
	KUNIT_EXPECT_EQ(test, lft_btf_member_at("lft_no_such_struct", "count",
						&off, &size), -ENOENT);
}

/* A copy with a member at the wrong offset, or size, or absent, fails. */
static void lft_compat_detects_wrong_layout(struct kunit *test)
{
	const struct lft_btf_field right[] = {
		LFT_BTF_FIELD(struct lft_ftrace_hash, count),
		LFT_BTF_FIELD(struct lft_ftrace_hash, flags),
	};
	struct lft_btf_field wrong[ARRAY_SIZE(right)];
	int ret = lft_btf_check_layout("ftrace_hash", right, ARRAY_SIZE(right));

	if (ret == -EOPNOTSUPP)
		kunit_skip(test, "no kernel BTF");
	KUNIT_EXPECT_EQ(test, ret, 0);

	memcpy(wrong, right, sizeof(wrong));
	wrong[1].offset += sizeof(long);
	KUNIT_EXPECT_EQ(test, lft_btf_check_layout("ftrace_hash", wrong,
						   ARRAY_SIZE(wrong)), -EINVAL);

	memcpy(wrong, right, sizeof(wrong));
	wrong[0].size = sizeof(u32);
	KUNIT_EXPECT_EQ(test, lft_btf_check_layout("ftrace_hash", wrong,
						   ARRAY_SIZE(wrong)), -EINVAL);

	memcpy(wrong, right, sizeof(wrong));
	wrong[1].member = "lft_none";
	KUNIT_EXPECT_EQ(test, lft_btf_check_layout("ftrace_hash", wrong,
						   ARRAY_SIZE(wrong)), -ENOENT);
}

static struct kunit_case lft_compat_cases[] = {
	KUNIT_CASE(lft_compat_ftrace_layout),
	KUNIT_CASE(lft_compat_member_at),
	KUNIT_CASE(lft_compat_detects_wrong_layout),
	{}
};

static struct kunit_suite lft_compat_suite = {
	.name = "lftrace_compat",
	.test_cases = lft_compat_cases,
};

kunit_test_suites(&lft_compat_suite);
