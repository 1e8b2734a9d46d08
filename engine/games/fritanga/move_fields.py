"""The fields of each FritangaMove kind, in order: the items of the engine's move tuples after
the kind. Generated from proto/boardbot/v1/fritanga.proto by scripts/gen_proto.py (do not edit;
tests/test_stubs.py fails when it is stale)."""

MOVE_FIELDS = {
    "play": ("card",),
    "end_play": (),
    "move": ("cell",),
    "choose_card": ("cell",),
    "choose_space": ("cell",),
    "choose_seat": ("seat",),
    "choose_direction": ("direction",),
    "skill": ("skill",),
    "react": ("card",),
    "decline": (),
}
