"""The search's own cost in the compiled build: what an ISMCTS iteration spends outside the game.

    valgrind --tool=callgrind --callgrind-out-file=cg.out .venv/bin/python bench/instruction_count.py frogriders search --players 2 --iterations 300
    .venv/bin/python bench/search_own_cost.py cg.out

From a callgrind profile of a fixed search (``bench/instruction_count.py GAME search``: the same
work every run, so instruction counts compare exactly before and after a change), the
instructions of ``Search.run`` and the shares of them that are the search's own: its functions'
own code (``ai/ismcts.py``), the runtime helpers they call directly (dict, list, attribute and
number operations, allocation), the utilities, and ``State.chance`` (a chance event's generator,
called by the rules) with the Mersenne Twister seeding in it. The rest is the game's (rules and
policy, through the calls the search makes); garbage collection is counted where it is
triggered, so it lands in both.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys

# calls from the search into the game go through these (their cost is the game's)
# (final_utilities: the game's outcome() and then the utilities of its numbers)
GAME_CALLS = ("PyObject_Vectorcall", "PyObject_Vectorcall'2", "PyObject_VectorcallMethod",
              "CPyDef_utility___final_utilities")


def is_game_call(callee: str) -> bool:
    """A call into the game: through the generic calls above, or a compiled method of a ``State``
    called directly (the search's forward model: ``CPyDef_<game module>___...``)."""
    return callee in GAME_CALLS or (callee.startswith("CPyDef_") and not callee.startswith("CPyDef_ismcts___")
                                    and not callee.startswith("CPyDef_utility___"))


LINE = re.compile(r"\s*([\d,]+) \([^)]*\)\s+(\*|>)?\s*\S*?:(\S+?)(?: \(([\d,]+)x\))? \[")
PLAIN = re.compile(r"\s*([\d,]+) \([^)]*\)\s+\S*?:(\S+)( \[|$)")


def annotate(path: str, *options: str) -> str:
    return subprocess.run(["callgrind_annotate", "--threshold=100", *options, path],
                          capture_output=True, text=True, check=True).stdout


def split(path: str) -> None:
    own: dict[str, int] = {}
    for line in annotate(path).splitlines():
        m = PLAIN.match(line)
        if m:
            own[m.group(2)] = own.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    inclusive: dict[str, int] = {}
    for line in annotate(path, "--inclusive=yes").splitlines():
        m = PLAIN.match(line)
        if m:
            inclusive.setdefault(m.group(2), int(m.group(1).replace(",", "")))
    callees: dict[str, list[tuple[str, int]]] = {}
    caller = None
    for line in annotate(path, "--tree=calling", "--inclusive=yes").splitlines():
        m = LINE.match(line)
        if not m:
            caller = None if not line.strip() else caller
            continue
        if m.group(2) == "*":
            caller = m.group(3)
        elif m.group(2) == ">" and caller:
            callees.setdefault(caller, []).append((m.group(3), int(m.group(1).replace(",", ""))))
    search = [f for f in inclusive if f.startswith("CPyDef_ismcts___") and "glue" not in f and "top_level" not in f]
    code = sum(own.get(f, 0) for f in search)
    helpers = sum(cost for f in search for callee, cost in callees.get(f, [])
                  if not callee.startswith("CPyDef_ismcts___") and not is_game_call(callee))
    total = inclusive["CPyDef_ismcts___Search___run"]

    def share(n: int) -> str:
        return f"{100 * n / total:.1f} %"

    print(f"Search.run: {total:,} instructions; the search's own code {share(code)}, the helpers it calls "
          f"{share(helpers)}, utilities {share(inclusive.get('CPyDef_utility___outcome_utilities', 0))}; "
          f"State.chance {share(inclusive.get('CPyDef_state___State___chance', 0))} "
          f"(Mersenne Twister seeding {share(inclusive.get('random_seed', 0))})")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", help="a callgrind profile of bench/instruction_count.py GAME search")
    split(ap.parse_args(argv).file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
