#ifndef CFA_CATOMICS_H
#define CFA_CATOMICS_H

// An `int` that a signal handler and the threads of docgen share, for the few values a handler
// reads or writes (the signal received, the pipe it wakes a thread with).
//
// Why C: Swift's own `Atomic` (Synchronization, SE-0410) needs macOS 15, and docgen runs on the
// book's macOS 14. A lock cannot be used instead: a handler that waits for a lock the thread it
// interrupted holds never returns, and signal-safety(7) lists no lock among the functions a
// handler may call. C11 allows a handler to use exactly these objects: a lock-free atomic
// (C11 7.14.1.1, paragraph 5; N1570), which `ATOMIC_INT_LOCK_FREE == 2` promises an `atomic_int`
// always is. The operations are `static inline`, compiled into each module that calls them:
// the processor's atomic instructions, no lock, no allocation, no call into a library.

#include <stdatomic.h>
#include <stdbool.h>

_Static_assert(ATOMIC_INT_LOCK_FREE == 2, "an atomic_int must be lock-free for a signal handler to use it");

/// The storage: Swift cannot name an `_Atomic` field, so it only ever holds a pointer to one.
typedef struct {
    atomic_int value;
} CAtomicInt;

static inline void CAtomicIntInitialize(CAtomicInt *atomic, int value) {
    atomic_init(&atomic->value, value);
}

/// The value, and everything written before the store that wrote it.
static inline int CAtomicIntLoad(CAtomicInt *atomic) {
    return atomic_load_explicit(&atomic->value, memory_order_acquire);
}

static inline void CAtomicIntStore(CAtomicInt *atomic, int value) {
    atomic_store_explicit(&atomic->value, value, memory_order_release);
}

/// Sets `desired` if the value is `expected`; whether it did.
static inline bool CAtomicIntReplace(CAtomicInt *atomic, int expected, int desired) {
    return atomic_compare_exchange_strong_explicit(&atomic->value, &expected, desired, memory_order_acq_rel, memory_order_acquire);
}

#endif
