/*--------------------------------------------------------------------*/
/*--- hotgrind: the guest registers the call tracking reads,       ---*/
/*--- for each architecture.                             ht_arch.h ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* The guest registers and conventions the activations (ht_callstack.c)
   and the IR that feeds them (ht_callstack_ir.c) both rely on, for amd64,
   x86, arm64 and arm: whether a return moves SP past its entry value, and
   the integer return-value register.  Where the return address and the
   first arguments are at a function's entry is IR, in ht_callstack_ir.c
   (return_address_at_entry, argument_at_entry, link_register). */

#ifndef HT_ARCH_H
#define HT_ARCH_H

#include "pub_tool_basics.h"
#include "libvex_guest_amd64.h"
#include "libvex_guest_x86.h"
#include "libvex_guest_arm64.h"
#include "libvex_guest_arm.h"

/* The architecture-specific rules, with return_address_at_entry():
   whether a return leaves SP above its value at entry.  x86's ret pops the
   return address, so a function has returned only when SP is strictly
   above the entry SP: a frameless recursive function's inner return lands
   on the same return address with SP equal to the outer entry SP, and the
   outer call is still running.  arm's and arm64's return leaves SP equal
   to its entry value. */
#if defined(VGA_amd64) || defined(VGA_x86)
#  define RETURN_POPS_SP True
#else
#  define RETURN_POPS_SP False
#endif

/* The integer return-value register's offset in the guest state. */
#if defined(VGA_amd64)
#  define RETURN_VALUE_OFFSET offsetof(VexGuestAMD64State, guest_RAX)
#elif defined(VGA_x86)
#  define RETURN_VALUE_OFFSET offsetof(VexGuestX86State, guest_EAX)
#elif defined(VGA_arm64)
#  define RETURN_VALUE_OFFSET offsetof(VexGuestARM64State, guest_X0)
#elif defined(VGA_arm)
#  define RETURN_VALUE_OFFSET offsetof(VexGuestARMState, guest_R0)
#else
#  error "hotgrind: no return-value rule for this architecture"
#endif

#endif   /* HT_ARCH_H */
