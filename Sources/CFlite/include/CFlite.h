// flite 2.2 (Debian flite1-dev): only the CMU lexicon (cmudict-derived, with letter-to-sound rules for
// words it lacks), used to give the decoder a pronunciation of a word. No pkg-config file ships.
#ifndef DICTATION_STATION_CFLITE_SHIM_H
#define DICTATION_STATION_CFLITE_SHIM_H
#include <flite/cst_lexicon.h>
#include <flite/cst_val.h>

// Declared in flite's cmulex sources but in no installed header: the US English CMU lexicon (a
// process-wide static, made once).
cst_lexicon *cmu_lex_init(void);
#include <stddef.h>

/// Loads the library (dlopen, once, on first use rather than at every start of the station): 1 when it
/// is there, else 0 with the dynamic loader's reason in `why`. The adapter calls it before anything else
/// of the library, to say in words what is missing; any function of the library also loads it.
int ds_flite_load(char *why, size_t size);
#endif
