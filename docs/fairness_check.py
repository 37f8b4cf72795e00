#!/usr/bin/env python3
"""Check a Card Club game's deals on your own machine, with Python 3 alone.

Every shuffle of a game comes from its secret seed. While the game is played its
table shows a commitment, SHA-256 of the text ``salt:seed``; once the game is over
it shows the seed and salt, and its "Verify this deal" page offers the game's draws
as a file (deals-CODE.json). This script recomputes the commitment and every draw
with its own copy of the shuffle (described in docs/fairness.md):

    python3 fairness_check.py deals-CODE.json --commitment COMMITMENT-YOU-SAW

checks the file's commitment (and the one you saw) and every shuffle in it, printing
each order; it exits with 0 only if everything agrees.

    python3 fairness_check.py --seed SEED --salt SALT --commitment COMMITMENT \\
        --stream 1 --deck spanish-40

checks the commitment and prints one shuffle: ``--deck`` names a new deck
(``spanish-40``: the Spanish 40 cards; ``french-52``: the French 52; ``french-54``,
``french-54x2``, ``french-54x3``: one to three French decks with their two jokers each),
or ``--cards "Ao 2o ..."`` lists the cards to shuffle in their order before the shuffle.
"""

import argparse
import hashlib
import json
import sys

SPANISH = [rank + suit for suit in "ocsb" for rank in ["A", "2", "3", "4", "5", "6", "7", "J", "N", "K"]]
FRENCH = [rank + suit for suit in "shdc" for rank in ["2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A"]]
DECKS = {
    "spanish-40": SPANISH,
    "french-52": FRENCH,
    "french-54": FRENCH + ["XR", "XB"],
    **{f"french-54x{n}": (FRENCH + ["XR", "XB"]) * n for n in (2, 3)},
}


def commitment(seed: str, salt: str) -> str:
    """SHA-256 of the UTF-8 text salt:seed, in lowercase hex."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


class BitStream:
    """The random bits of one stream of a seed: BLAKE2b-512 blocks keyed by
    BLAKE2b-256("seed:stream"), block i the hash of i as 8 bytes little-endian, each
    byte read from its least significant bit up."""

    def __init__(self, seed: str, stream: int):
        self.key = hashlib.blake2b(f"{seed}:{stream}".encode(), digest_size=32).digest()
        self.buffer = b""
        self.position = 0  # bits read so far
        self.blocks = 0

    def bit(self) -> int:
        if self.position == 8 * len(self.buffer):
            block = hashlib.blake2b(self.blocks.to_bytes(8, "little"), key=self.key, digest_size=64).digest()
            self.buffer += block
            self.blocks += 1
        byte = self.buffer[self.position // 8]
        bit = (byte >> (self.position % 8)) & 1
        self.position += 1
        return bit

    def number(self, k: int) -> int:
        """The next k bits, the first one read the least significant."""
        return sum(self.bit() << t for t in range(k))

    def below(self, n: int) -> int:
        """A number from 0 to n - 1: draw n.bit_length() bits until the number is below n."""
        k = n.bit_length()
        drawn = self.number(k)
        while drawn >= n:
            drawn = self.number(k)
        return drawn


def shuffle(items: list, seed: str, stream: int) -> list:
    """Fisher-Yates from the end: for i from len - 1 down to 1, swap item i with item below(i + 1)."""
    order = list(items)
    bits = BitStream(seed, stream)
    for i in range(len(order) - 1, 0, -1):
        j = bits.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def text(items: list) -> str:
    return " ".join(str(item) for item in items)


def check_commitment(seed: str, salt: str, expected: dict[str, str]) -> bool:
    """The commitment recomputed, against each ``expected`` value given (by whom)."""
    computed = commitment(seed, salt)
    wrong = {who: value for who, value in expected.items() if value and value.strip().lower() != computed}
    print(f"Commitment: sha256(salt:seed) = {computed}  {'MISMATCH' if wrong else 'OK'}")
    for who, value in wrong.items():
        print(f"  {who}: {value}")
    return not wrong


def check_draw(number: int, draw: dict, seed: str) -> bool:
    """One draw of the file, recomputed from the seed and its stream."""
    stream = draw["stream"]
    if "shuffle" in draw:
        order = shuffle(draw["shuffle"], seed, stream)
        ok = order == draw["order"]
        print(f"Draw {number}, stream {stream}, shuffle of {len(order)}: {'OK' if ok else 'MISMATCH'}")
        print(f"  {text(order)}")
        if not ok:
            print(f"  the file says: {text(draw['order'])}")
        return ok
    computed = BitStream(seed, stream).below(draw["below"])
    ok = computed == draw["drawn"]
    print(f"Draw {number}, stream {stream}, a number below {draw['below']}: {computed}  "
          f"{'OK' if ok else 'MISMATCH: the file says ' + str(draw['drawn'])}")
    return ok


def check_file(path: str, seen_commitment: str) -> bool:
    with open(path, encoding="utf-8") as file:
        record = json.load(file)
    seed, salt = record["seed"], record["salt"]
    print(f"Game {record.get('game', '?')} in room {record.get('room', '?')}: seed {seed}, salt {salt}")
    ok = check_commitment(seed, salt, {"the file says": record["commitment"], "you saw": seen_commitment})
    for number, draw in enumerate(record["draws"], start=1):
        ok = check_draw(number, draw, seed) and ok
    streams = [draw["stream"] for draw in record["draws"]]
    if len(set(streams)) != len(streams):
        print("MISMATCH: a stream number is used twice.")
        ok = False
    print(f"All {len(streams)} draws and the commitment check out." if ok else "Something does NOT check out.")
    return ok


def check_by_hand(args) -> bool:
    ok = check_commitment(args.seed, args.salt, {"you saw": args.commitment})
    if args.stream is not None:
        cards = DECKS[args.deck] if args.deck else args.cards.split()
        print(f"Stream {args.stream}, shuffle of {len(cards)}, the first dealt first:")
        print(f"  {text(shuffle(cards, args.seed, args.stream))}")
    return ok


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Check a Card Club game's deals.")
    parser.add_argument("file", nargs="?", help="the game's draws, deals-CODE.json from its Verify page")
    parser.add_argument("--commitment", default="", help="the commitment the table showed")
    parser.add_argument("--seed", help="the game's seed (without a file)")
    parser.add_argument("--salt", help="the game's salt (without a file)")
    parser.add_argument("--stream", type=int, help="the shuffle's stream number (without a file)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--deck", choices=sorted(DECKS), help="shuffle a new deck")
    what.add_argument("--cards", help="shuffle these cards, in this order, separated by spaces")
    args = parser.parse_args(argv)
    if args.file:
        return 0 if check_file(args.file, args.commitment) else 1
    if not (args.seed and args.salt and args.commitment):
        parser.error("give the file of the game's draws, or --seed, --salt and --commitment")
    if args.stream is not None and not (args.deck or args.cards):
        parser.error("--stream needs --deck or --cards: what is shuffled")
    return 0 if check_by_hand(args) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
