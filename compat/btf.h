/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's BTF, for what lftrace reads of structures private to the
 * kernel and for checking tracepoint prototypes (compat/btf.c). Without
 * vmlinux BTF every lookup fails and callers leave the feature out.
 */
#ifndef LFT_COMPAT_BTF_H
#define LFT_COMPAT_BTF_H

#include <linux/types.h>

int lft_btf_member(const char *sname, const char *member, u16 kind,
		   u32 *size);
const char *lft_btf_tp_proto(const char *tp, const char *proto,
			     bool *checked);
void lft_btf_param_type(const char *param, size_t len, char *out, size_t n);

#endif /* LFT_COMPAT_BTF_H */
