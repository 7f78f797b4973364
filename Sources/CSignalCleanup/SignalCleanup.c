#include "CSignalCleanup.h"

#include <stdatomic.h>

// Sequentially consistent (C11's default): a maker either sees `ending`
// and makes nothing, or the handler sees it counted in `making` and waits.
static atomic_long making = 0;
static atomic_bool ending = false;

bool signal_cleanup_begin_making(void) {
  atomic_fetch_add(&making, 1);
  if (atomic_load(&ending)) {
    atomic_fetch_sub(&making, 1);
    return false;
  }
  return true;
}

void signal_cleanup_end_making(void) { atomic_fetch_sub(&making, 1); }

void signal_cleanup_wait_for_makers(void) {
  atomic_store(&ending, true);
  while (atomic_load(&making) > 0) {
  }
}
