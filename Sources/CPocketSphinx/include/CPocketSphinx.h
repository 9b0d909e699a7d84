// pocketsphinx 0.8 (5prealpha) with sphinxbase. cmd_ln_init is variadic and not imported: build the
// configuration with cmd_ln_parse_r(NULL, ps_args(), argc, argv, 0) instead.
#ifndef DICTATION_STATION_CPOCKETSPHINX_SHIM_H
#define DICTATION_STATION_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h> // in /usr/include/pocketsphinx, which Package.swift adds to every target
#include <sphinxbase/err.h>
#include <sphinxbase/cmd_ln.h>
#include <stddef.h>

/// Loads the library (dlopen, once, on first use rather than at every start of the station): 1 when it
/// is there, else 0 with the dynamic loader's reason in `why`. The adapter calls it before anything else
/// of the library, to say in words what is missing; any function of the library also loads it.
int ds_sphinx_load(char *why, size_t size);
#endif
