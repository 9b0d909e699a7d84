// libsndfile 1.2 (Debian 12): reads WAV, FLAC, Ogg/Vorbis/Opus and MP3 (through mpg123).
#ifndef DICTATION_STATION_CSNDFILE_SHIM_H
#define DICTATION_STATION_CSNDFILE_SHIM_H
#include <sndfile.h>
#include <stddef.h>

/// Loads the library (dlopen, once, on first use rather than at every start of the station): 1 when it
/// is there, else 0 with the dynamic loader's reason in `why`. The adapter calls it before anything else
/// of the library, to say in words what is missing; any function of the library also loads it.
int ds_sndfile_load(char *why, size_t size);
#endif
