// gettext is part of glibc (libintl), but Swift's Glibc module does not export <libintl.h>.
#ifndef DICTATION_STATION_CGETTEXT_SHIM_H
#define DICTATION_STATION_CGETTEXT_SHIM_H
#include <libintl.h>
#include <locale.h>
#endif
