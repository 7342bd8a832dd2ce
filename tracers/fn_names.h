/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An index of the fentry sites by function name, for the filter edits that
 * name many functions one word at a time (a script's list of names,
 * trace-cmd -l f1 -l f2 ...): without it each word looks up the name of
 * every site (some 38,000 kallsyms lookups), so 10,000 names took hours
 * under TCG.
 */
#ifndef LFT_TRACERS_FN_NAMES_H
#define LFT_TRACERS_FN_NAMES_H

struct lft_fn_names;

struct lft_fn_names *lft_fn_names_build(void);
bool lft_fn_names_stale(const struct lft_fn_names *x);
long lft_fn_names_find(const struct lft_fn_names *x, const char *name,
		       unsigned long *ips, unsigned long max);
void lft_fn_names_free(struct lft_fn_names *x);

#endif /* LFT_TRACERS_FN_NAMES_H */
