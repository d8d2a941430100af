#include <hb.h>
#include <hb-ot.h>
#include <fribidi/fribidi.h>
