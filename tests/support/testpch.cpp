// The host of the tests' precompiled header (tests/CMakeLists.txt): it compiles testpch.h and nothing else.
