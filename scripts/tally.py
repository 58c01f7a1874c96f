"""The count that navd's checking scripts keep: each check passes or fails with a line saying what failed,
and the run closes with 'N passed, N failed' and exit status 1 on any failure."""

import sys


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print(f"FAIL: {what}")

    def close(self, label):
        """Prints the closing line and exits: 0 when every check passed."""
        print(f"{label}: {self.passed} passed, {self.failed} failed")
        sys.exit(1 if self.failed else 0)
