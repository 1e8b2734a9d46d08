"""The fields of each CzechPubMove kind, in order: the items of the engine's move tuples after
the kind. Generated from proto/boardbot/v1/czech_pub.proto by scripts/gen_proto.py (do not edit;
tests/test_stubs.py fails when it is stale)."""

MOVE_FIELDS = {
    "play": ("card", "target", "shot"),
    "discard": ("card",),
    "done": (),
    "react": ("card", "slot", "give"),
    "decline": (),
    "dodge": ("to_seat",),
    "pay": ("discard",),
}
