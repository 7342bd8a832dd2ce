/* SPDX-License-Identifier: GPL-2.0 */
/* Event filters (filter.c): compiled at write time, matched by probes. */
#ifndef LFT_EVENTS_FILTER_H
#define LFT_EVENTS_FILTER_H

#include <linux/types.h>

struct lft_array;
struct lft_event;
struct lft_filter;

int lft_filter_compile(struct lft_array *tr, const struct lft_event *ev,
		       const char *str, bool report, struct lft_filter **out);
struct lft_filter *lft_filter_failed(struct lft_array *tr, const char *str);
const char *lft_filter_text(const struct lft_filter *flt);
bool lft_filter_active(const struct lft_filter *flt);
bool lft_filter_match(const struct lft_filter *flt, const void *rec,
		      unsigned int len);
void lft_filter_free(struct lft_filter *flt);

#endif /* LFT_EVENTS_FILTER_H */
