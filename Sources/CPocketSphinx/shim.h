// pocketsphinx 0.8 (5prealpha) with sphinxbase. cmd_ln_init is variadic and not imported: build the
// configuration with cmd_ln_parse_r(NULL, ps_args(), argc, argv, 0) instead.
#ifndef DICTATION_STATION_CPOCKETSPHINX_SHIM_H
#define DICTATION_STATION_CPOCKETSPHINX_SHIM_H
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/cmd_ln.h>
#endif
