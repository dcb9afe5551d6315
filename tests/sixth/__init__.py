"""A sixth game that no test names: the proof that the shared suites find a new game through the
registry alone (tests/test_registry_proof.py).  Load `tests.sixth.plugin` into pytest to register it."""
