"""The fields of each DuloreJutunkMove kind, in order: the items of the engine's move tuples after
the kind. Generated from proto/boardbot/v1/dulore_jutunk.proto by scripts/gen_proto.py (do not edit;
tests/test_stubs.py fails when it is stale)."""

MOVE_FIELDS = {
    "harvest": ("vineyard",),
    "fulfil": ("card", "end"),
    "keep": ("red", "yellow"),
    "press": ("red", "yellow"),
    "age": ("colour", "space"),
    "take_order": ("slot",),
    "draw": ("count",),
    "farmer": ("vineyard", "bonus"),
    "honour": ("row", "bonus"),
    "project_space": ("space",),
    "discard_grapes": ("red", "yellow"),
    "discard_bottle": ("colour",),
    "pass_bottle": ("colour",),
    "skip": (),
}
