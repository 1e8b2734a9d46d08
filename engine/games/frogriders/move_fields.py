"""The fields of each FrogridersMove kind, in order: the items of the engine's move tuples after
the kind. Generated from proto/boardbot/v1/frogriders.proto by scripts/gen_proto.py (do not edit;
tests/test_stubs.py fails when it is stale)."""

MOVE_FIELDS = {
    "keep_set_card": ("card",),
    "leap": ("from_cell", "over_cell", "to_cell", "collect_leaper"),
    "return_unit": ("colour",),
    "end_turn": (),
    "take_unit": ("colour",),
    "take_privilege": ("slot",),
}
