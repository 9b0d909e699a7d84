// SQLITE_TRANSIENT and SQLITE_STATIC are macro casts Swift cannot import; expose them as functions.
#ifndef DICTATION_STATION_CSQLITE3_SHIM_H
#define DICTATION_STATION_CSQLITE3_SHIM_H
#include <sqlite3.h>

static inline sqlite3_destructor_type ds_sqlite_transient(void) { return SQLITE_TRANSIENT; }
static inline sqlite3_destructor_type ds_sqlite_static(void) { return SQLITE_STATIC; }
#endif
