// libsndfile 1.2 (Debian 12): reads WAV, FLAC, Ogg/Vorbis/Opus and MP3 (through mpg123).
#ifndef DICTATION_STATION_CSNDFILE_SHIM_H
#define DICTATION_STATION_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
