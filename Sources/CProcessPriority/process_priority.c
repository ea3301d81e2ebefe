#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "process_priority.h"

int hs_set_idle_policy(pid_t tid) {
    struct sched_param param = {.sched_priority = 0};
    return sched_setscheduler(tid, SCHED_IDLE, &param);
}

int hs_confine_to_last_cpu(pid_t tid) {
    cpu_set_t allowed;
    CPU_ZERO(&allowed);
    if (sched_getaffinity(tid, sizeof allowed, &allowed) != 0) return -1;
    int last = -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &allowed)) last = cpu;
    }
    if (last < 0) {
        errno = EINVAL;
        return -1;
    }
    if (CPU_COUNT(&allowed) == 1) return last;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(last, &one);
    return sched_setaffinity(tid, sizeof one, &one) == 0 ? last : -1;
}

pid_t hs_current_thread(void) { return (pid_t)syscall(SYS_gettid); }
