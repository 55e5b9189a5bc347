# SPDX-License-Identifier: Apache-2.0
# pty-keys.py: runs a command on a new pseudo-terminal, types keys into it
# and says how it ended, for the interactive editor's tests.
#   python3 pty-keys.py [-o SCREEN] KEYS... -- COMMAND [ARG...]
# Each KEYS is written at once (Python escapes: '\r', '\x1b[B'), after the
# output went quiet; "!TERM" sends SIGTERM instead.  Prints "exit N" (or
# "signal N") and "termios same" or "termios changed" (the terminal's modes
# before the command against after it: stty -g's view).
import os, select, signal, subprocess, sys, termios, time, fcntl

args = sys.argv[1:]
screen = None
if args[:1] == ["-o"]:
    screen, args = args[1], args[2:]
sep = args.index("--")
keys, cmd = args[:sep], args[sep + 1:]

master, slave = os.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, b"\x18\x00\x50\x00\x00\x00\x00\x00")  # 24x80
before = termios.tcgetattr(slave)


def ctty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


child = subprocess.Popen(cmd, stdin=slave, stdout=slave, stderr=slave, preexec_fn=ctty,
                         close_fds=True)
got = bytearray()


def drain(quiet=0.15, most=5.0):
    """Reads until the output is quiet for `quiet` seconds."""
    end = time.time() + most
    while time.time() < end:
        r, _, _ = select.select([master], [], [], quiet)
        if not r:
            return
        try:
            data = os.read(master, 65536)
        except OSError:
            return
        if not data:
            return
        got.extend(data)


drain(0.3)
for k in keys:
    if k == "!TERM":
        child.send_signal(signal.SIGTERM)
    else:
        os.write(master, k.encode().decode("unicode_escape").encode("latin-1"))
    drain()
end = time.time() + 10
while child.poll() is None and time.time() < end:
    drain(0.1, 0.5)
if child.poll() is None:
    child.kill()
drain(0.05, 0.5)
after = termios.tcgetattr(slave)
if screen:
    with open(screen, "wb") as f:
        f.write(got)
rc = child.wait()
print("exit %d" % rc if rc >= 0 else "signal %d" % -rc)
print("termios same" if before == after else "termios changed")
