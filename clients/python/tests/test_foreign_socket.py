"""The client refuses a socket another user owns: a fake daemon run by the user nobody is never talked to."""

import os
import shutil
import subprocess
import tempfile
import time

import pytest

from navd_client import Client, ForeignSocket

NOBODY = 65534

FAKE = """
import socket, sys, time
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.bind(sys.argv[1]); s.listen(1)
time.sleep(30)
"""


def test_refuses_a_socket_another_user_owns():
    assert os.getuid() == 0, "this suite runs as root, so it can act as a second user with setpriv"
    base = tempfile.mkdtemp(prefix="navd-foreign-")
    try:
        os.chmod(base, 0o711)
        theirs = os.path.join(base, "theirs")
        os.mkdir(theirs, 0o700)
        os.chown(theirs, NOBODY, NOBODY)
        path = os.path.join(theirs, "navd.sock")
        fake = subprocess.Popen(["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                                 "/usr/bin/python3", "-c", FAKE, path])
        try:
            deadline = time.monotonic() + 10
            while not os.path.exists(path) and time.monotonic() < deadline:
                time.sleep(0.05)
            assert os.path.exists(path), "the fake daemon did not start"
            with pytest.raises(ForeignSocket, match=f"belongs to uid {NOBODY}, not to you"):
                Client.connect(path)
        finally:
            fake.kill()
            fake.wait()
    finally:
        shutil.rmtree(base, ignore_errors=True)


def test_refuses_a_directory_another_user_owns_even_with_its_own_socket():
    base = tempfile.mkdtemp(prefix="navd-foreign-")
    try:
        theirs = os.path.join(base, "theirs")
        os.mkdir(theirs, 0o755)
        path = os.path.join(theirs, "navd.sock")
        import socket
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(path)
        listener.listen(1)
        os.chown(theirs, NOBODY, NOBODY)
        try:
            with pytest.raises(ForeignSocket, match=f"its directory {theirs} belongs to uid {NOBODY}"):
                Client.connect(path)
        finally:
            listener.close()
    finally:
        shutil.rmtree(base, ignore_errors=True)
