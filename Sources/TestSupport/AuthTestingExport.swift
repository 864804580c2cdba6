// Everything the testing product offers is test support here too (TestWorld, TestClock, CountingBackend...).
@_exported import AuthTesting
