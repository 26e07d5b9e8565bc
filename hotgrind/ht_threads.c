/*--------------------------------------------------------------------*/
/*--- hotgrind: what the threads did.                ht_threads.c ---*/
/*--------------------------------------------------------------------*/
/*
   This file is part of hotgrind.  GPL-2.0-or-later; see ht_include.h.
*/

/* Threads are numbered in creation order (1 = main) and keep their
   number after Valgrind reuses their slot.  Each gets its costs from the
   per-thread clock of ht_callstack.c, its parent from the core's thread
   creation event, and its name from prctl(PR_SET_NAME) (which
   pthread_setname_np uses for the calling thread) or from
   pthread_setname_np on another thread.

   With --thread-events=yes the pthread functions are observed at entry
   and return, like the allocator (no preload library, nothing wrapped),
   and every event is stamped with the number of instructions executed so
   far: Valgrind runs one thread at a time, so that clock orders the
   events and does not depend on the machine.  A lock "waited" when the
   thread asked the kernel to wait on a futex inside the call. */

#include "pub_tool_basics.h"
#include "pub_tool_debuginfo.h"
#include "pub_tool_hashtable.h"
#include "pub_tool_libcassert.h"
#include "pub_tool_libcbase.h"
#include "pub_tool_libcprint.h"
#include "pub_tool_libcproc.h"
#include "pub_tool_mallocfree.h"
#include "pub_tool_threadstate.h"
#include "pub_tool_tooliface.h"
#include "pub_tool_vki.h"
#include "pub_tool_vkiscnums.h"
#include "pub_tool_xarray.h"

#include "ht_include.h"


/*------------------------------------------------------------*/
/*--- Which functions are pthread functions                ---*/
/*------------------------------------------------------------*/

/* glibc's names; a name may also carry the "__" glibc puts on internal
   aliases of pthread functions. */
static const HT_Known known_pthread[] = {
   { "pthread_create", HT_Obs_ThreadCreate },
   { "pthread_join", HT_Obs_ThreadJoin },
   { "pthread_mutex_lock", HT_Obs_MutexLock },
   { "pthread_mutex_trylock", HT_Obs_MutexLock },
   { "pthread_mutex_timedlock", HT_Obs_MutexLock },
   { "pthread_mutex_clocklock", HT_Obs_MutexLock },
   { "pthread_mutex_unlock", HT_Obs_MutexUnlock },
   { "pthread_cond_wait", HT_Obs_CondWait },
   { "pthread_cond_timedwait", HT_Obs_CondWait },
   { "pthread_cond_clockwait", HT_Obs_CondWait },
   { "pthread_cond_signal", HT_Obs_CondSignal },
   { "pthread_cond_broadcast", HT_Obs_CondBroadcast },
   { "pthread_setname_np", HT_Obs_SetName },
   { "pthread_self", HT_Obs_Self },
   { NULL, HT_Obs_None }
};

HT_Observed HT_(pthread_kind)(const HChar* name)
{
   HT_Observed k = HT_(known_kind)(known_pthread, name);
   if (k == HT_Obs_None && VG_(strncmp)(name, "__", 2) == 0)
      k = HT_(known_kind)(known_pthread, name + 2);
   /* Creation, naming and handles feed the thread table; the rest only
      the event log. */
   if (k == HT_Obs_ThreadCreate || k == HT_Obs_SetName || k == HT_Obs_Self
       || (k != HT_Obs_None && HT_(clo).thread_events))
      return k;
   return HT_Obs_None;
}

static XArray*   records;                   /* HT_Thread*, [id - 1] */
/* Indexed by Valgrind thread id ([VG_N_THREADS]): */
static UInt*     record_of;    /* -> our thread id, 0 none */
static UInt*     last_child;   /* the id its last clone created */
static Bool*     waited;       /* made a futex wait since asked */

/* pthread_t values (from pthread_create) -> thread id. */
typedef struct _Handle {
   struct _Handle* next;
   UWord           key;
   UInt            id;
} Handle;
static VgHashTable* handles;

/* Mutexes and condition variables by address, numbered by first use. */
typedef struct _Sync {
   struct _Sync* next;
   UWord         key;
   UInt          id;
} Sync;
static VgHashTable* mutex_ids;
static VgHashTable* cond_ids;
static XArray*      mutexes;                /* HT_Mutex, [id - 1] */
static UInt         n_conds;
static XArray*      events;                 /* HT_Event */

static HT_Thread* new_record(UInt parent)
{
   HT_Thread* t = VG_(calloc)("hotgrind.thread", 1, sizeof(HT_Thread));
   t->id = (UInt)VG_(sizeXA)(records) + 1;
   t->parent = parent;
   VG_(addToXA)(records, &t);
   return t;
}

void HT_(threads_init)(void)
{
   records = VG_(newXA)(VG_(malloc), "hotgrind.threads", VG_(free),
                        sizeof(HT_Thread*));
   record_of  = VG_(calloc)("hotgrind.record_of", VG_N_THREADS, sizeof(UInt));
   last_child = VG_(calloc)("hotgrind.last_child", VG_N_THREADS, sizeof(UInt));
   waited     = VG_(calloc)("hotgrind.waited", VG_N_THREADS, sizeof(Bool));
   handles = VG_(HT_construct)("hotgrind.handles");
   mutex_ids = VG_(HT_construct)("hotgrind.mutex_ids");
   cond_ids = VG_(HT_construct)("hotgrind.cond_ids");
   mutexes = VG_(newXA)(VG_(malloc), "hotgrind.mutexes", VG_(free),
                        sizeof(HT_Mutex));
   events = VG_(newXA)(VG_(malloc), "hotgrind.events", VG_(free),
                       sizeof(HT_Event));
   record_of[1] = new_record(0)->id;
}

UInt HT_(n_threads)(void) { return (UInt)VG_(sizeXA)(records); }

HT_Thread* HT_(thread_by_id)(UInt id)
{
   tl_assert(id >= 1 && id <= HT_(n_threads)());
   return *(HT_Thread**)VG_(indexXA)(records, id - 1);
}

HT_Thread* HT_(thread_of)(ThreadId tid)
{
   tl_assert(HT_VALID_TID(tid));
   return record_of[tid] ? HT_(thread_by_id)(record_of[tid]) : NULL;
}

static void add_event(ThreadId tid, HT_EventKind kind, UInt a, UInt b,
                      Bool w)
{
   HT_Event e;
   if (!HT_(clo).thread_events || HT_(program_state) == HT_Ended) return;
   e.ir = HT_(clock_ir)();
   e.thread = record_of[tid];
   e.kind = kind;
   e.a = a;
   e.b = b;
   e.waited = w;
   VG_(addToXA)(events, &e);
}

/*------------------------------------------------------------*/
/*--- Creation, exit, names                                ---*/
/*------------------------------------------------------------*/

static void final_costs(ThreadId tid, HT_Thread* t)
{
   if (t->ended) return;
   HT_(thread_clock)(tid, &t->costs);
   t->sync_ir = HT_(thread_sync_ir)(tid);
   t->ended = True;
}

/* Handles: glibc's pthread_t of a thread, which the program passes to
   join and setname.  A joined thread's handle is reused by the next
   thread, so a handle is registered when its thread is created (before
   the child can run: glibc stores it before the clone) and dropped when
   the thread is joined. */
static void register_handle(UWord handle, UInt id)
{
   Handle* h = VG_(HT_lookup)(handles, handle);
   if (!h) {
      h = VG_(malloc)("hotgrind.handle", sizeof(Handle));
      h->key = handle;
      VG_(HT_add_node)(handles, h);
   }
   h->id = id;
}

static void thread_created(ThreadId parent, ThreadId child)
{
   HT_Thread* t;
   /* The core announces the main thread too, with no parent; it is
      already thread 1. */
   if (parent == VG_INVALID_THREADID) return;
   tl_assert(HT_VALID_TID(parent) && HT_VALID_TID(child));
   HT_(thread_clock_reset)(child);
   t = new_record(record_of[parent]);
   record_of[child] = t->id;
   last_child[parent] = t->id;
   waited[child] = False;
   {
      UWord args[3], handle;
      if (HT_(pthread_create_args)(parent, args)
          && HT_(read_client)(args[0], &handle, sizeof handle, False))
         register_handle(handle, t->id);
   }
   add_event(parent, HT_Ev_Create, t->id, 0, False);
}

static void thread_ended(ThreadId tid)
{
   HT_Thread* t = HT_(thread_of)(tid);
   HT_(thread_exit)(tid);      /* closes its activations and zones */
   if (!t) return;
   if (HT_(program_state) == HT_Running) {
      t->exited = True;
      add_event(tid, HT_Ev_Exit, 0, 0, False);
   }
   final_costs(tid, t);
   record_of[tid] = 0;
}

/* Threads alive now were still running when the program ended. */
void HT_(threads_program_end)(void)
{
   ThreadId tid;
   for (tid = 1; tid < VG_N_THREADS; tid++)
      if (record_of[tid])
         final_costs(tid, HT_(thread_of)(tid));
}

/* A thread name from client memory (at most 15 bytes are kept, as the
   kernel keeps). */
static void set_name(HT_Thread* t, Addr p)
{
   HChar buf[16];
   if (!t || p == 0 || !HT_(read_client)(p, buf, sizeof buf, True)) return;
   if (t->name) VG_(free)(t->name);
   t->name = VG_(strdup)("hotgrind.thread.name", buf);
}

static UInt thread_for_handle(UWord handle)
{
   Handle* h = VG_(HT_lookup)(handles, handle);
   return h ? h->id : 0;
}

/*------------------------------------------------------------*/
/*--- System calls                                         ---*/
/*------------------------------------------------------------*/

/* Linux 5.14's; Valgrind 3.19's vki headers predate it. */
#define HT_FUTEX_LOCK_PI2 13

static Bool is_futex_wait(UWord op)
{
   /* The operation without the private and clock flags (the bits from
      VKI_FUTEX_PRIVATE_FLAG up). */
   switch (op & (VKI_FUTEX_PRIVATE_FLAG - 1)) {
      case VKI_FUTEX_WAIT:
      case VKI_FUTEX_LOCK_PI:
      case VKI_FUTEX_WAIT_BITSET:
      case VKI_FUTEX_WAIT_REQUEUE_PI:
      case HT_FUTEX_LOCK_PI2:
         return True;
      default:
         return False;
   }
}

/*------------------------------------------------------------*/
/*--- How the program ended                                ---*/
/*------------------------------------------------------------*/

/* The core gives the tool's fini no exit status (it passes 0) and tells
   it nothing of a fatal signal, so both are read from the system calls:
   exit_group, or exit by the last thread, gives the status; a program
   that reached the end without either was killed by a signal.  Which
   one is known only when the program sent it to itself (abort, raise)
   with nothing after: a signal that was not fatal is followed by another
   system call, or by its handler. */
static Bool exit_called;
static Bool exec_pending;    /* the report was written for an execve */
static UInt exit_status;
static Int  self_signal;     /* sent to itself by the last system call */

HT_ExitKind HT_(how_ended)(UInt* status_or_signal)
{
   if (exit_called) {
      *status_or_signal = exit_status;
      return HT_Exit_Status;
   }
   if (exec_pending) {
      *status_or_signal = 0;
      return HT_Exit_Exec;
   }
   *status_or_signal = (UInt)self_signal;
   return self_signal > 0 ? HT_Exit_Signal : HT_Exit_SignalUnknown;
}

static void signal_delivered(ThreadId tid, Int sig, Bool alt_stack)
{
   self_signal = 0;            /* it went to a handler: not fatal */
}

static UInt live_threads(void)
{
   ThreadId tid;
   UInt     n = 0;
   for (tid = 1; tid < VG_N_THREADS; tid++)
      if (record_of[tid]) n++;
   return n;
}

static void note_exit_syscalls(ThreadId tid, UInt sysno, UWord* args, UInt n)
{
   self_signal = 0;
   if (n < 1) return;
   if (sysno == __NR_exit_group || (sysno == __NR_exit && live_threads() <= 1)) {
      if (!exit_called) {
         exit_called = True;
         exit_status = (UInt)(args[0] & 0xff);
      }
   } else if (sysno == __NR_kill && n >= 2
              && ((Int)args[0] == 0 || (Int)args[0] == VG_(getpid)())) {
      /* getpid is a system call of its own: only for the calls that
         name a process, not before every system call the client makes. */
      self_signal = (Int)args[1];
   } else if (sysno == __NR_tgkill && n >= 3
              && (Int)args[0] == VG_(getpid)()) {
      self_signal = (Int)args[2];
   } else if (sysno == __NR_tkill && n >= 2) {
      self_signal = (Int)args[1];    /* a thread of this process */
   } else if ((sysno == __NR_execve || sysno == __NR_execveat)
              && HT_(program_state) != HT_Ended) {
      HChar path[4096];
      Bool  have_path = sysno == __NR_execve
         && HT_(read_client)(args[0], path, sizeof path, True);
      exec_pending = True;
      if (!HT_(before_exec)(have_path ? path : NULL))
         exec_pending = False;
   }
}

static void pre_syscall(ThreadId tid, UInt sysno, UWord* args, UInt n)
{
   note_exit_syscalls(tid, sysno, args, n);
   if (sysno == __NR_futex && n >= 2 && is_futex_wait(args[1])) {
      waited[tid] = True;
   } else if (sysno == __NR_exit_group) {
      /* The caller ends the program; every other live thread is cut
         short. */
      HT_Thread* t = HT_(thread_of)(tid);
      if (t && HT_(program_state) == HT_Running) {
         t->exited = True;
         add_event(tid, HT_Ev_Exit, 0, 0, False);
      }
      if (HT_(program_state) == HT_Running)
         HT_(program_state) = HT_Exiting;
   }
}

static void post_syscall(ThreadId tid, UInt sysno, UWord* args, UInt n,
                         SysRes res)
{
   HT_(inputs_post_syscall)(tid, sysno, args, n, res);
   if ((sysno == __NR_execve || sysno == __NR_execveat) && exec_pending) {
      exec_pending = False;        /* still here: it failed */
      HT_(exec_failed)();
   }
   if (sysno == __NR_prctl && n >= 2 && args[0] == VKI_PR_SET_NAME
       && !sr_isError(res))
      set_name(HT_(thread_of)(tid), args[1]);
}

Bool HT_(thread_waited)(ThreadId tid)             { return waited[tid]; }
void HT_(thread_waited_set)(ThreadId tid, Bool w) { waited[tid] = w; }

/*------------------------------------------------------------*/
/*--- pthread functions                                    ---*/
/*------------------------------------------------------------*/

static UInt sync_id(VgHashTable* table, UWord addr, Bool is_mutex)
{
   Sync* s = VG_(HT_lookup)(table, addr);
   if (s) return s->id;
   s = VG_(malloc)("hotgrind.sync", sizeof(Sync));
   s->key = addr;
   if (is_mutex) {
      HT_Mutex     m;
      const HChar* sym;
      PtrdiffT     off;
      VG_(memset)(&m, 0, sizeof m);
      m.id = (UInt)VG_(sizeXA)(mutexes) + 1;
      /* A global or static mutex is named by its symbol. */
      if (VG_(get_datasym_and_offset)(VG_(current_DiEpoch)(), addr, &sym,
                                      &off)) {
         HChar buf[300];
         if (off == 0) VG_(snprintf)(buf, sizeof buf, "%s", sym);
         else VG_(snprintf)(buf, sizeof buf, "%s+%lld", sym, (Long)off);
         m.name = VG_(strdup)("hotgrind.mutex.name", buf);
      }
      VG_(addToXA)(mutexes, &m);
      s->id = m.id;
   } else {
      s->id = ++n_conds;
   }
   VG_(HT_add_node)(table, s);
   return s->id;
}

static HT_Mutex* mutex_of(UWord addr)
{
   UInt id = sync_id(mutex_ids, addr, True);
   return VG_(indexXA)(mutexes, id - 1);
}

void HT_(pthread_entered)(ThreadId tid, HT_Observed kind, const UWord args[3])
{
   switch (kind) {
      case HT_Obs_MutexUnlock:
         add_event(tid, HT_Ev_Unlock, mutex_of(args[0])->id, 0, False);
         break;
      case HT_Obs_CondSignal:
         add_event(tid, HT_Ev_CondSignal, sync_id(cond_ids, args[0], False),
                   0, False);
         break;
      case HT_Obs_CondBroadcast:
         add_event(tid, HT_Ev_CondBroadcast,
                   sync_id(cond_ids, args[0], False), 0, False);
         break;
      default:
         break;
   }
}

void HT_(pthread_returned)(ThreadId tid, HT_Observed kind,
                           const UWord args[3], UWord result, Bool w)
{
   /* pthread functions return an int: 0 for success. */
   Bool ok = (UInt)result == 0;
   switch (kind) {
      case HT_Obs_ThreadCreate: {
         /* Normally registered at the clone already. */
         UWord handle;
         if (ok && last_child[tid]
             && HT_(read_client)(args[0], &handle, sizeof handle, False)
             && thread_for_handle(handle) == 0
             && HT_(thread_by_id)(last_child[tid])->exited == False)
            register_handle(handle, last_child[tid]);
         break;
      }
      case HT_Obs_Self:
         /* The only way a program learns the main thread's handle. */
         if (record_of[tid] && thread_for_handle(result) == 0)
            register_handle(result, record_of[tid]);
         break;
      case HT_Obs_ThreadJoin:
         /* A handle never seen (a thread created before hotgrind could
            see it) has no id to log. */
         if (ok && thread_for_handle(args[0]) != 0) {
            add_event(tid, HT_Ev_Join, thread_for_handle(args[0]), 0, False);
            VG_(free)(VG_(HT_remove)(handles, args[0]));
         }
         break;
      case HT_Obs_SetName:
         if (ok) {
            UInt id = thread_for_handle(args[0]);
            if (id) set_name(HT_(thread_by_id)(id), args[1]);
         }
         break;
      case HT_Obs_MutexLock:
         if (ok) {
            HT_Mutex* m = mutex_of(args[0]);
            m->acquisitions++;
            if (w) m->contended++;
            add_event(tid, HT_Ev_Lock, m->id, 0, w);
         }
         break;
      case HT_Obs_CondWait:
         /* Returns holding the mutex again, also on a timeout. */
         add_event(tid, HT_Ev_CondWait, sync_id(cond_ids, args[0], False),
                   mutex_of(args[1])->id, w);
         break;
      default:
         break;
   }
}

/*------------------------------------------------------------*/
/*--- For the report                                       ---*/
/*------------------------------------------------------------*/

UInt HT_(n_events)(void) { return (UInt)VG_(sizeXA)(events); }

const HT_Event* HT_(event)(UInt i)
{
   tl_assert(i < HT_(n_events)());
   return VG_(indexXA)(events, i);
}

UInt HT_(n_mutexes)(void) { return (UInt)VG_(sizeXA)(mutexes); }

const HT_Mutex* HT_(mutex_by_id)(UInt id)
{
   tl_assert(id >= 1 && id <= HT_(n_mutexes)());
   return VG_(indexXA)(mutexes, id - 1);
}

void HT_(threads_register)(void)
{
   VG_(track_pre_thread_ll_create)(thread_created);
   VG_(track_pre_thread_ll_exit)(thread_ended);
   VG_(needs_syscall_wrapper)(pre_syscall, post_syscall);
   VG_(track_pre_deliver_signal)(signal_delivered);
}
