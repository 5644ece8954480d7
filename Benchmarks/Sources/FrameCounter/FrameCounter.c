#include "FrameCounter.h"
#include <execinfo.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int frame_counter_depth(void) {
    void *frames[512];
    return backtrace(frames, 512);
}

long frame_counter_heap_in_use(void) {
#if defined(__GLIBC__)
    struct mallinfo2 info = mallinfo2();
    // Blocks glibc maps rather than carves from the heap (large ones: a subject's list of 100,000
    // subscribers) are in hblkhd, not uordblks.
    return (long)(info.uordblks + info.hblkhd);
#else
    return 0;
#endif
}
