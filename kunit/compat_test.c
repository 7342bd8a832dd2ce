// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the layout checks of lftrace's copies of private kernel
 * structures (compat/ftrace.c, through compat/btf.c), and for the reading
 * of the kernel's registered events (compat/events.c). Without kernel BTF
 * only the load-time check's "nothing to check" can be seen: the BTF cases
 * are skipped.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/trace_events.h>

#include "compat/btf.h"
#include "compat/events.h"
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

struct lft_compat_ev {
	const char *sys, *name;
	struct trace_event_call *call;
	unsigned int n;
};

static int lft_compat_find_ev(struct trace_event_call *call, void *data)
{
	struct lft_compat_ev *e = data;

	e->n++;
	if (!e->call && !strcmp(call->class->system, e->sys) &&
	    !strcmp(trace_event_name(call), e->name))
		e->call = call;
	return 0;
}

struct lft_compat_fields {
	struct kunit *test;
	unsigned int i;
	int end;
};

/* sched_switch's fields, in its format file's order. */
static int lft_compat_check_field(const struct lft_kev_field *f, void *data)
{
	static const char *const names[] = {
		"prev_comm", "prev_pid", "prev_prio", "prev_state",
		"next_comm", "next_pid", "next_prio",
	};
	struct lft_compat_fields *c = data;
	struct kunit *test = c->test;

	KUNIT_ASSERT_LT(test, c->i, ARRAY_SIZE(names));
	KUNIT_EXPECT_STREQ(test, f->name, names[c->i]);
	/* One after the other, from the end of the common header. */
	KUNIT_EXPECT_GE(test, f->offset, c->end);
	KUNIT_EXPECT_GT(test, f->size, 0);
	c->end = f->offset + f->size;
	if (!c->i) {
		KUNIT_EXPECT_EQ(test, f->offset, (int)sizeof(struct trace_entry));
		KUNIT_EXPECT_EQ(test, f->len, TASK_COMM_LEN);
		KUNIT_EXPECT_EQ(test, f->size, TASK_COMM_LEN);
		/* "char[16]", or "char[TASK_COMM_LEN]" (the len says 16). */
		KUNIT_EXPECT_TRUE(test, str_has_prefix(f->type, "char["));
	}
	if (c->i == 1) {
		KUNIT_EXPECT_STREQ(test, f->type, "pid_t");
		KUNIT_EXPECT_EQ(test, f->is_signed, 1);
	}
	c->i++;
	return 0;
}

/*
 * The kernel's event list is read (compat/events.c): sched_switch is on
 * it, with its fields as its format file lists them.
 */
static void lft_compat_events(struct kunit *test)
{
	struct lft_compat_ev e = { .sys = "sched", .name = "sched_switch" };
	struct lft_compat_fields c = { .test = test };
	int ret = lft_kev_for_each(lft_compat_find_ev, &e);

	if (ret == -EOPNOTSUPP)
		kunit_skip(test, "the kernel's events cannot be read here");
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_GT(test, e.n, 100U);
	KUNIT_ASSERT_NOT_NULL(test, e.call);
	KUNIT_EXPECT_EQ(test, lft_kev_fields(e.call, lft_compat_check_field,
					     &c), 0);
	KUNIT_EXPECT_EQ(test, c.i, 7U);
}

static struct kunit_case lft_compat_cases[] = {
	KUNIT_CASE(lft_compat_events),
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
