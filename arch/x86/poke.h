/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lftrace's own batch patcher for 5-byte fentry sites (arch/x86/poke.c):
 * the int3 protocol with one text write per run of nearby sites.
 */
#ifndef LFT_ARCH_X86_POKE_H
#define LFT_ARCH_X86_POKE_H

#include <linux/types.h>

#define LFT_POKE_LEN	5	/* CALL_INSN_SIZE: a call or a 5-byte NOP */

/**
 * struct lft_poke - one site of a batch and the instruction it gets
 * @ip: the site's address
 * @insn: the new instruction: a call (0xe8, rel32) or a 5-byte NOP
 */
struct lft_poke {
	unsigned long ip;
	u8 insn[LFT_POKE_LEN];
};

int lft_poke_init(void);
void lft_poke_exit(void);
void lft_poke_lock(void);
void lft_poke_unlock(void);
bool lft_poke_usable(unsigned long ip);
void lft_poke_apply(struct lft_poke *v, unsigned int n);
unsigned long lft_poke_int3_hits(void);
unsigned long lft_poke_writes(void);

#endif /* LFT_ARCH_X86_POKE_H */
