#ifndef CLIBPQ_SHIM_H
#define CLIBPQ_SHIM_H

// libpq, PostgreSQL's client library: the clinic store's one way to its server.
#include <libpq-fe.h>

#endif
