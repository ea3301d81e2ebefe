"""Measures how wide the terminal it runs in draws each string: prints it at the start
of a line, asks for the cursor position (DSR, CSI 6n) and records the column the
terminal answers. The strings come as a JSON array; the widths go out one per line.

    python3 measure_widths.py CORPUS.json OUT.txt
"""
import json
import os
import sys
import termios
import tty

corpus = json.load(open(sys.argv[1], encoding="utf-8"))
fd = os.open("/dev/tty", os.O_RDWR)
saved = termios.tcgetattr(fd)
tty.setraw(fd)
widths = []
try:
    for text in corpus:
        os.write(fd, b"\r\x1b[2K" + text.encode("utf-8") + b"\x1b[6n")
        reply = b""
        while not reply.endswith(b"R"):
            reply += os.read(fd, 64)
        column = int(reply[reply.rindex(b";") + 1 : -1])
        widths.append(column - 1)
finally:
    termios.tcsetattr(fd, termios.TCSADRAIN, saved)
with open(sys.argv[2] + ".part", "w") as out:
    out.write("\n".join(str(w) for w in widths) + "\n")
os.rename(sys.argv[2] + ".part", sys.argv[2])
print("MEASURED", len(widths))
