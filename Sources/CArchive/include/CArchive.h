#ifndef DICTATION_STATION_CARCHIVE_SHIM_H
#define DICTATION_STATION_CARCHIVE_SHIM_H

#include <archive.h>
#include <archive_entry.h>

// The AE_IF* file types are cast macros, which Swift does not import.
static inline int ds_archive_entry_is_directory(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFDIR;
}
static inline int ds_archive_entry_is_regular(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFREG;
}
static inline int ds_archive_entry_is_symlink(struct archive_entry *entry) {
    return archive_entry_filetype(entry) == AE_IFLNK;
}

#include <stddef.h>

/// Loads the library (dlopen, once, on first use rather than at every start of the station): 1 when it
/// is there, else 0 with the dynamic loader's reason in `why`. The adapter calls it before anything else
/// of the library, to say in words what is missing; any function of the library also loads it.
int ds_archive_load(char *why, size_t size);
#endif
