#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace qkv {

// The allocator of the arrays a model file holds (tens of millions of floats). New elements are
// left uninitialized, since the readers write every one, and on Linux an array of megabytes is
// placed on transparent huge pages: on the 2-core virtual machines we ship to, faulting in
// 200 MB page by page took 1.2 s, in 2 MiB pages 70 ms.
template<typename T>
struct BulkAllocator {
    using value_type = T;

    BulkAllocator() = default;
    template<typename U>
    BulkAllocator(const BulkAllocator<U> &) noexcept
    { }

    T *allocate(std::size_t n)
    {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (n * sizeof(T) >= hugeFrom) {
            const std::size_t bytes = (n * sizeof(T) + hugePage - 1) / hugePage * hugePage;
            void *p = std::aligned_alloc(hugePage, bytes);
            if (!p)
                throw std::bad_alloc();
            madvise(p, bytes, MADV_HUGEPAGE); // advice only: without it the pages are just smaller
            return static_cast<T *>(p);
        }
#endif
        return std::allocator<T>().allocate(n);
    }

    void deallocate(T *p, std::size_t n)
    {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
        if (n * sizeof(T) >= hugeFrom) {
            std::free(p);
            return;
        }
#endif
        std::allocator<T>().deallocate(p, n);
    }

    // Default-initialization: for floats, no zero fill.
    template<typename U>
    void construct(U *p) noexcept
    {
        ::new (static_cast<void *>(p)) U;
    }
    template<typename U, typename... Args>
    void construct(U *p, Args &&...args)
    {
        ::new (static_cast<void *>(p)) U(std::forward<Args>(args)...);
    }

    template<typename U>
    bool operator==(const BulkAllocator<U> &) const noexcept
    {
        return true;
    }

private:
    static constexpr std::size_t hugePage = std::size_t(2) << 20;
    static constexpr std::size_t hugeFrom = std::size_t(4) << 20;
};

} // namespace qkv
