// The counters `SignalCleanup` (Sources/pencilc) shares with its signal
// handler, as C11 atomics: lock-free, so safe in a handler, and compiled
// into the binary (Swift's own atomics, in the Synchronization module,
// would load one more shared library at every start).
#ifndef C_SIGNAL_CLEANUP_H
#define C_SIGNAL_CLEANUP_H

/// Adds `delta` to the count of threads between making a temporary file
/// and remembering it; returns the new count.
long signal_cleanup_add_making(long delta);

/// The signal that is ending the process, or 0.
int signal_cleanup_ending(void);

/// Records the signal that is ending the process.
void signal_cleanup_set_ending(int signal_number);

#endif
