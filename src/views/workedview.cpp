#include "workedview.h"
