#pragma once

// QKV_ASAN: this program runs under AddressSanitizer, whose allocator replaces glibc's and which
// reserves terabytes of address space. GCC says so with __SANITIZE_ADDRESS__, clang 14 only
// through __has_feature.
#if defined(__SANITIZE_ADDRESS__)
#define QKV_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define QKV_ASAN 1
#endif
#endif
