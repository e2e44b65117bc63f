#pragma once
// The C interface to LAPACK; the include path comes from `pkg-config lapacke`.
#include <lapacke.h>
