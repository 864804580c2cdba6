"""A pytest plugin for Scripts/official-suites.sh: pytest-depends and pytest-rerunfailures together.

supabase-py's auth tests order themselves with pytest-depends, which records each test's setup,
call and teardown once and stops the whole session (INTERNALERROR "Received multiple results for
step setup") when a test reports a step twice, which is what a rerun by pytest-rerunfailures does
(the script reruns a test whose request timed out). Here a setup report starts a new attempt: the
attempt before it is forgotten, so the dependencies see the last attempt's outcome, as the run's
report does. It changes nothing else.
"""
from pytest_depends.main import TestResult

_register = TestResult.register_result


def _register_attempt(self, result):
    if result.when == "setup":
        self.results.clear()
    _register(self, result)


TestResult.register_result = _register_attempt
