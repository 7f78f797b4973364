// The two counters `SignalCleanup` (Sources/pencilc) shares with its
// signal handler, as C11 atomics: lock-free, so safe in a handler, and
// compiled into the binary (Swift's own atomics, in the Synchronization
// module, would load one more shared library at every start).
#ifndef C_SIGNAL_CLEANUP_H
#define C_SIGNAL_CLEANUP_H

#include <stdbool.h>

/// A thread is about to make a temporary file and remember it: false when
/// the handler has begun ending the process (then it must make none).
bool signal_cleanup_begin_making(void);

/// The file made since `signal_cleanup_begin_making` is remembered.
void signal_cleanup_end_making(void);

/// In the handler: no thread starts making a file from now on, and this
/// returns when none is between making one and remembering it.
void signal_cleanup_wait_for_makers(void);

#endif
