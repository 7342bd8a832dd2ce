// SPDX-License-Identifier: GPL-2.0
/*
 * traceoff_on_warning: like the kernel's boot option, a WARN() turns
 * tracing off so that the trace ends where things went wrong. The kernel
 * calls its hook from __warn(); a module cannot, so a kprobe on __warn
 * does the same, installed only when the option is given.
 */
#define pr_fmt(fmt) "lftrace: " fmt

#include <linux/kprobes.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

#include "core/trace.h"
#include "include/lftrace.h"

static bool lft_off_on_warning;

/* Bare, or any value but "0" and "off", turns it on, as the kernel's. */
static int lft_warn_param_set(const char *val, const struct kernel_param *kp)
{
	lft_off_on_warning = !val || (strcmp(val, "0") && strcmp(val, "off"));
	return 0;
}

static const struct kernel_param_ops lft_warn_param_ops = {
	.flags = KERNEL_PARAM_OPS_FL_NOARG,
	.set = lft_warn_param_set,
	.get = param_get_bool,
};
module_param_cb(traceoff_on_warning, &lft_warn_param_ops,
		&lft_off_on_warning, 0444);
MODULE_PARM_DESC(traceoff_on_warning, "turn tracing off at the first WARN() (as traceoff_on_warning)");

/*
 * The symbol is named as the kernel's function (its name is what the
 * trace's last line shows); the C name differs because ftrace.h declares
 * the kernel's.
 */
static int lft_warn_hit(struct kprobe *kp, struct pt_regs *regs)
	__asm__("disable_trace_on_warning");
static int lft_warn_hit(struct kprobe *kp, struct pt_regs *regs)
{
	if (lft_array_on(&lft_top)) {
		__lftrace_puts(_THIS_IP_, "Disabling tracing due to warning\n");
		lft_array_set_on(&lft_top, false);
	}
	return 0;
}

static struct kprobe lft_warn_kp = {
	.symbol_name = "__warn",
	.pre_handler = lft_warn_hit,
};

static bool lft_warn_registered;

/**
 * lft_warn_init() - install the __warn probe if traceoff_on_warning is set
 *
 * Return: 0 or the kprobe's error.
 */
int lft_warn_init(void)
{
	int ret;

	if (!lft_off_on_warning)
		return 0;
	ret = register_kprobe(&lft_warn_kp);
	if (ret) {
		pr_err("traceoff_on_warning: cannot probe __warn: %d\n", ret);
		return ret;
	}
	lft_warn_registered = true;
	return 0;
}

void lft_warn_exit(void)
{
	if (lft_warn_registered)
		unregister_kprobe(&lft_warn_kp);
	lft_warn_registered = false;
}
