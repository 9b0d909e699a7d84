#ifndef DICTATION_STATION_CCRYPTO_SHIM_H
#define DICTATION_STATION_CCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
