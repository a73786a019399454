// The storage tests' runner: every TEST_CASE in this folder becomes one ctest test.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>
