#!/usr/bin/env python3
"""How long a room's news takes to reach a member on the same server as the member who made it, and one on another.

Usage: event-latency.py PORT_A PORT_B [EVENTS]

ann (on the server at PORT_A) makes a room; near (same server) and far (the server at PORT_B) join it. Then, one at a
time, ann adds an item to the room's list ("ann added … to the list", told to every other member, kept for later when
no one can be told) and gets it ("ann got …", told only to members listening). For each piece of news: the time from
ann's request being sent until near, and far, read it. Prints one JSON line: medians and 90th percentiles in
milliseconds, for each kind of news and member, and far's median over near's.
"""
import json
import socket
import statistics
import sys
import threading
import time
import uuid


class Member:
    def __init__(self, port):
        # From 127.0.0.2: the servers take a PROXY header from 127.0.0.1, their balancer's address in bench-nodes.
        self.sock = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0))
        self.file = self.sock.makefile("rb")
        self.arrivals = {}
        self.replies = []
        self.lock = threading.Condition()
        self.greeting = self.read_text_reply()

    def read_text_reply(self):
        lines = []
        while True:
            line = self.file.readline().decode().rstrip("\n")
            if not line:
                return lines
            lines.append(line)

    def say(self, text):
        self.sock.sendall((text + "\n").encode())

    def text(self, text):
        self.say(text)
        return self.read_text_reply()

    def listen(self):
        """Reads JSON lines until the connection closes: events by the item they name, replies in order."""
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in self.file:
            now = time.monotonic()
            line = json.loads(raw)
            with self.lock:
                if "event" in line:
                    for word in line.get("text", "").split():
                        if word.startswith("item-"):
                            self.arrivals[(line["text"].split()[2], word)] = now
                else:
                    self.replies.append(line)
                self.lock.notify_all()

    def request(self, text):
        with self.lock:
            count = len(self.replies)
        self.say(json.dumps({"text": text}))
        with self.lock:
            if not self.lock.wait_for(lambda: len(self.replies) > count, timeout=60):
                sys.exit(f"no reply to {text!r}")
            reply = self.replies[count]
        if not reply.get("ok"):
            sys.exit(f"{text!r}: {reply}")
        return reply

    def arrival(self, verb, item):
        with self.lock:
            if not self.lock.wait_for(lambda: (verb, item) in self.arrivals, timeout=60):
                sys.exit(f"'{verb} {item}' never reached a member")
            return self.arrivals[(verb, item)]


def main():
    port_a, port_b = int(sys.argv[1]), int(sys.argv[2])
    events = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    tag = uuid.uuid4().hex[:6]
    names = {role: f"{role}{tag}" for role in ("ann", "near", "far")}
    members = {}
    for role, port in (("ann", port_a), ("near", port_a), ("far", port_b)):
        member = Member(port)
        reply = member.text(f"register {names[role]} correct-horse")
        if not member.greeting:
            sys.exit("the server said nothing on connecting")
        if not reply or not reply[0].startswith("✅"):
            sys.exit(f"register: {reply}")
        members[role] = member
    ann, near, far = members["ann"], members["near"], members["far"]
    for member in (ann, near, far):
        member.say("mode json")
        member.file.readline()  # its answer, the first JSON line
        member.listen()
    code = ann.request(f"room create Flat{tag}")["data"]["invite"]
    for member in (near, far):
        member.request(f"room join flat{tag} {code}")
        code = ann.request("room invite")["data"]["invite"]  # a code works once
    time.sleep(1)  # the joins' news, and who listens where, settled

    took = {(verb, who): [] for verb in ("added", "got") for who in ("near", "far")}
    for number in range(events):
        item = f"item-{number}"
        for verb, line in (("added", f"room add todo {item}"), ("got", f"room got {item}")):
            sent = time.monotonic()
            ann.request(line)
            for who, member in (("near", near), ("far", far)):
                took[(verb, who)].append((member.arrival(verb, item) - sent) * 1000)

    result = {"events": events}
    for (verb, who), values in took.items():
        values = sorted(values)
        result[f"{verb}_{who}_median_ms"] = round(statistics.median(values), 3)
        result[f"{verb}_{who}_p90_ms"] = round(values[int(len(values) * 0.9)], 3)
    for verb in ("added", "got"):
        result[f"{verb}_far_over_near"] = round(
            statistics.median(took[(verb, "far")]) / statistics.median(took[(verb, "near")]), 2)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
