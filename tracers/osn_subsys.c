// SPDX-License-Identifier: GPL-2.0
/*
 * The osnoise family (osnoise, timerlat) as one of lftrace's subsystems
 * (core/subsys.c), and its composition root: the tracers register at load
 * where the kernel has the tracepoints they need, and the top level gets
 * the family's osnoise/ directory.
 */
#include "tracers/osnoise.h"

static bool lft_osn_on;

static int lft_osn_subsys_init(void)
{
	int ret;

	lft_osn_config_init();
	if (!lft_osn_find_tps())
		return 0;
	ret = lft_osn_hotplug_init();
	if (!ret)
		ret = lft_osnoise_register();
	if (!ret)
		ret = lft_timerlat_register();
	lft_osn_on = !ret;
	return ret;
}

/* The tracers were reset with the arrays: nothing runs. */
static void lft_osn_subsys_exit(void)
{
	lft_osn_hotplug_exit();
}

/* As the kernel's: one osnoise/ directory, the top level's. */
static int lft_osn_array_init(struct lft_array *tr, struct lft_file_ref *ref)
{
	if (tr->name || !lft_osn_on)
		return 0;
	return lft_osn_files_create(ref);
}

struct lft_subsys lft_osnoise_subsys = {
	.name = "osnoise",
	.init = lft_osn_subsys_init,
	.exit = lft_osn_subsys_exit,
	.array_init = lft_osn_array_init,
};
