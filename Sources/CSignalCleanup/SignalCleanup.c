#include "CSignalCleanup.h"

#include <stdatomic.h>

// Sequentially consistent (C11's default), which `SignalCleanup` relies
// on: of a handler that records the signal and then reads the count, and
// a thread that lowers the count and then reads the signal, at least one
// sees the other's write.
static atomic_long making = 0;
static atomic_int ending = 0;

long signal_cleanup_add_making(long delta) { return atomic_fetch_add(&making, delta) + delta; }

int signal_cleanup_ending(void) { return atomic_load(&ending); }

void signal_cleanup_set_ending(int signal_number) { atomic_store(&ending, signal_number); }
