#ifndef PROCESS_PRIORITY_H
#define PROCESS_PRIORITY_H

#include <sys/types.h>

/// Puts thread `tid` (0: the caller) under SCHED_IDLE, the policy the scheduler runs only
/// when nothing else wants the CPU and preempts at once for any other thread that wakes
/// (nice 19 alone lets the running import finish its time slice first). Glibc declares
/// SCHED_IDLE only for _GNU_SOURCE, which Swift's Glibc module does not define.
///
/// Returns 0, or -1 with errno set.
int hs_set_idle_policy(pid_t tid);

/// Confines thread `tid` (0: the caller) to the last CPU of the set it may run on, so the
/// other CPUs never run it. Returns that CPU, or -1 with errno set; a set of one CPU is
/// left as it is.
int hs_confine_to_last_cpu(pid_t tid);

/// The calling thread's id, as /proc/self/task names it (gettid).
pid_t hs_current_thread(void);

#endif
