#include "workedcomputation.h"
