// libpulse's asynchronous API: the threaded mainloop, contexts, streams and introspection.
#ifndef DICTATION_STATION_CPULSEAUDIO_SHIM_H
#define DICTATION_STATION_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>

/// PA_STREAM_EVENT_REQUEST_CORK and _UNCORK are string macros; Swift sees them as functions here.
static inline const char *ds_pa_event_request_cork(void) { return PA_STREAM_EVENT_REQUEST_CORK; }
static inline const char *ds_pa_event_request_uncork(void) { return PA_STREAM_EVENT_REQUEST_UNCORK; }
#include <stddef.h>

/// Loads the library (dlopen, once, on first use rather than at every start of the station): 1 when it
/// is there, else 0 with the dynamic loader's reason in `why`. The adapter calls it before anything else
/// of the library, to say in words what is missing; any function of the library also loads it.
int ds_pulse_load(char *why, size_t size);
#endif
