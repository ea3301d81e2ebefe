#ifndef CSQLITE_SETUP_H
#define CSQLITE_SETUP_H

/// Turns off SQLite's memory statistics for the whole process, before any connection
/// opens. With them on (the default), every sqlite3_malloc and sqlite3_free takes one
/// process-wide mutex to keep the totals; readers on several cores queue on it
/// (BENCHMARKS.md, "Scaling with cores"). Nothing of ours reads those totals.
///
/// Returns SQLITE_OK, or SQLITE_MISUSE when SQLite was already initialized in this process
/// (the statistics then stay on; the caller may ignore it).
int hs_sqlite_disable_memory_statistics(void);

#endif
