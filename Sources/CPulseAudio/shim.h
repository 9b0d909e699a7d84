// libpulse's asynchronous API: the threaded mainloop, contexts, streams and introspection.
#ifndef DICTATION_STATION_CPULSEAUDIO_SHIM_H
#define DICTATION_STATION_CPULSEAUDIO_SHIM_H
#include <pulse/pulseaudio.h>

/// PA_STREAM_EVENT_REQUEST_CORK and _UNCORK are string macros; Swift sees them as functions here.
static inline const char *ds_pa_event_request_cork(void) { return PA_STREAM_EVENT_REQUEST_CORK; }
static inline const char *ds_pa_event_request_uncork(void) { return PA_STREAM_EVENT_REQUEST_UNCORK; }
#endif
