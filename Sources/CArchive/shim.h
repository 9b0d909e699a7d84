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

#endif
