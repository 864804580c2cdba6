"""Compares the failures in pytest's JUnit reports with a list of expected failures.

Usage: official_suites_compare.py EXPECTED REPORT.xml...

EXPECTED has one test id per line (`<report name>::<pytest class path>::<test name>`), then a short
reason after whitespace; blank lines and lines starting with # are ignored. It prints pass/fail
counts per report, every failure that is not listed (exit 1) and every listed test that passed
("now passes: remove it from the list"; not an error).
"""
import os
import sys
import xml.etree.ElementTree as ElementTree


def read_expected(path):
    expected = {}
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            test_id, _, reason = line.partition(" ")
            expected[test_id] = reason.strip()
    return expected


def read_report(path):
    """Returns {test id: outcome} with outcome one of passed, failed, skipped."""
    suite = os.path.splitext(os.path.basename(path))[0]
    outcomes = {}
    for case in ElementTree.parse(path).getroot().iter("testcase"):
        test_id = f"{suite}::{case.get('classname')}::{case.get('name')}"
        if case.find("failure") is not None or case.find("error") is not None:
            outcomes[test_id] = "failed"
        elif case.find("skipped") is not None:
            outcomes[test_id] = "skipped"
        else:
            outcomes[test_id] = "passed"
    return suite, outcomes


def main(expected_path, report_paths):
    expected = read_expected(expected_path)
    unexpected = []
    for path in report_paths:
        suite, outcomes = read_report(path)
        counts = {kind: sum(1 for o in outcomes.values() if o == kind) for kind in ("passed", "failed", "skipped")}
        print(f"{suite}: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped "
              f"of {len(outcomes)}")
        for test_id, outcome in sorted(outcomes.items()):
            if outcome == "failed" and test_id not in expected:
                unexpected.append(test_id)
            elif outcome == "passed" and test_id in expected:
                print(f"now passes: remove it from the list: {test_id}")
    for test_id in unexpected:
        print(f"unexpected failure: {test_id}")
    return 1 if unexpected else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2:]))
