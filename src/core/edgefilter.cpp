#include "edgefilter.h"
