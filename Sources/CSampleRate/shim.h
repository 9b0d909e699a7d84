// libsamplerate (Secret Rabbit Code): converts any sample rate to the decoder's 16 kHz.
#ifndef DICTATION_STATION_CSAMPLERATE_SHIM_H
#define DICTATION_STATION_CSAMPLERATE_SHIM_H
#include <samplerate.h>
#endif
